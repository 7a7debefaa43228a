"""QR codes as pictures: drawing a code's text, and reading the codes in a picture (an image
file, or a camera frame).

Two decoders give the same answers behind :func:`read_image`: zxing-cpp where it is installed
(desktops), pyzbar where it is not (phones: Flet's phone builds have pyzbar with its libzbar,
and no zxing-cpp). A picture is measured before it is decoded: one too large is refused, and
a large photo is decoded at a reduced size, as a code needs no more.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from functools import lru_cache

import qrcode
from PIL import Image, UnidentifiedImageError
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_ALPHA_NUM, QRData

MAX_PIXELS = 50_000_000  # a 50-megapixel photo is the largest phones take
READ_SIDE = 2400  # decoded at most this wide or high: a code filling a third is 8 px a module
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP", "TIFF")

Decoder = Callable[[Image.Image], list[str]]


def qr(text: str) -> qrcode.QRCode:  # type: ignore[type-arg]
    """The QR code of ``text``: error correction M, alphanumeric mode for Meja codes."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=8, border=4)
    alnum = text.upper() == text and all(c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
                                         for c in text)
    # The stub types MODE_ALPHA_NUM as a plain int where QRData asks for its literal value.
    code.add_data(QRData(text, mode=MODE_ALPHA_NUM) if alnum else text)  # type: ignore[call-overload]
    code.make(fit=True)
    return code


def qr_png(text: str) -> bytes:
    return qr_picture(text)[0]


@lru_cache(maxsize=16)
def qr_picture(text: str) -> tuple[bytes, int]:
    """The QR code of ``text`` as a PNG, and its version (its density: 1 to 40). Kept for the
    last few texts: a tap on the sharing screen draws it again without encoding anew."""
    code = qr(text)
    buf = io.BytesIO()
    code.make_image().save(buf, format="PNG")
    return buf.getvalue(), int(code.version)


class PictureError(ValueError):
    """A picture that is not read: ``code`` says why ("too_large", "not_image", "no_reader")."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def zxing(image: Image.Image) -> list[str]:
    import zxingcpp

    # The binding turns a BarcodeFormat into the BarcodeFormats it asks for; its stub omits that.
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)  # type: ignore[arg-type]
    return [r.text for r in found if r.text]


def zbar(image: Image.Image) -> list[str]:
    from pyzbar import pyzbar

    found = pyzbar.decode(image, symbols=[pyzbar.ZBarSymbol.QRCODE])
    return [r.data.decode("utf-8", "replace") for r in found if r.data]


def available() -> dict[str, Decoder]:
    """The decoders this device can load, best first (zxing-cpp reads damaged codes better)."""
    found: dict[str, Decoder] = {}
    try:
        import zxingcpp  # noqa: F401
        found["zxing"] = zxing
    except ImportError:
        pass
    try:
        from pyzbar import pyzbar  # noqa: F401 - loads libzbar: ImportError when it is absent
        found["zbar"] = zbar
    except (ImportError, OSError):
        pass
    return found


def decoder() -> Decoder | None:
    """The decoder :func:`read_image` uses (None: this device cannot read codes)."""
    return next(iter(available().values()), None)


def open_picture(data: bytes) -> Image.Image:
    """The picture in ``data``, grey and at most READ_SIDE a side; PictureError when it is not
    a picture or has more than MAX_PIXELS (measured from its header, before decoding)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
            if image.width * image.height > MAX_PIXELS:
                raise PictureError("too_large")
            image.draft("L", (READ_SIDE, READ_SIDE))  # JPEG: decoded at 1/2, 1/4 or 1/8
            image.load()
    except PictureError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PictureError("too_large") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
        raise PictureError("not_image") from None
    grey = image.convert("L")
    if max(grey.size) > READ_SIDE:
        grey.thumbnail((READ_SIDE, READ_SIDE))
    return grey


def read_image(data: bytes, decode: Decoder | None = None) -> list[str]:
    """The texts of the QR codes in a picture (none when it holds none); PictureError for a
    file that is not a picture or is too large, or on a device with no decoder."""
    decode = decode or decoder()
    if decode is None:
        raise PictureError("no_reader")
    return decode(open_picture(data))


def meja_texts(texts: list[str]) -> list[str]:
    """The Meja codes among the texts of QR codes read (one may be any other QR code)."""
    return [x for x in texts if x.upper().startswith("MEJA")]
