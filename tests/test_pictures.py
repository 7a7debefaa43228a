"""Reading QR codes from pictures: both decoders (zxing-cpp on desktops, pyzbar on phones) give
the same answers, and a picture is measured before it is decoded."""

from __future__ import annotations

import io
import os
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.i18n import Translator
from app.share import pictures
from app.share.screens import Sharing
from app.storage import Store
from tests.fakes import run_alone

DECODERS = {"zxing": pictures.zxing, "zbar": pictures.zbar}


@pytest.fixture(params=sorted(DECODERS))
def decode(request: pytest.FixtureRequest) -> pictures.Decoder:
    """Each decoder in turn; in CI both must load (pyzbar needs the system's libzbar)."""
    name = request.param
    if name not in pictures.available():
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the {name} decoder (zxing-cpp, pyzbar and libzbar0)")
        pytest.skip(f"the {name} decoder cannot load here")
    return DECODERS[name]


def png(picture: Image.Image) -> bytes:
    buf = io.BytesIO()
    picture.save(buf, format="PNG")
    return buf.getvalue()


def code_picture(text: str) -> Image.Image:
    return Image.open(io.BytesIO(pictures.qr_png(text))).convert("RGB")


TEXTS = [
    "MEJA1:1/2:ABCDEFGHIJ0123456789 $%*+-./:" * 3,  # a numbered part, alphanumeric
    "MEJA1:" + "".join(random.Random(3).choice("0123456789ABCDEF") for _ in range(900)),
    "https://example.org/not-meja",  # another QR code, in byte mode
]


@pytest.mark.parametrize("text", TEXTS)
def test_each_decoder_reads_what_the_app_draws(decode: pictures.Decoder, text: str) -> None:
    assert pictures.read_image(pictures.qr_png(text), decode) == [text]


def test_each_decoder_reads_every_code_in_a_photo(decode: pictures.Decoder) -> None:
    """Two codes side by side in a large JPEG of a table: decoded at a reduced size."""
    table = Image.new("RGB", (4000, 3000), (60, 90, 60))
    for i, text in enumerate(TEXTS[:2]):
        table.paste(code_picture(text).resize((1200, 1200)), (300 + i * 1900, 900))
    buf = io.BytesIO()
    table.save(buf, format="JPEG", quality=85)
    assert sorted(pictures.read_image(buf.getvalue(), decode)) == sorted(TEXTS[:2])
    assert max(pictures.open_picture(buf.getvalue()).size) <= pictures.READ_SIDE


def test_both_decoders_agree_on_a_picture_without_a_code(decode: pictures.Decoder) -> None:
    assert pictures.read_image(png(Image.new("RGB", (300, 200), "white")), decode) == []


def bomb(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height`` pixels of one colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))

    row = b"\x00" + b"\x00" * ((width + 7) // 8)
    rows = zlib.compressobj(9)
    body = b"".join(rows.compress(row) for _ in range(64)) + rows.flush()  # truncated: no matter
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0,
                                                                0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


@pytest.mark.parametrize("side", [16_000, 13_000, 7_100])
def test_a_picture_too_large_is_refused_before_it_is_decoded(side: int) -> None:
    data = bomb(side, side)
    assert len(data) < 70_000
    with pytest.raises(pictures.PictureError) as refused:
        pictures.open_picture(data)
    assert refused.value.code == "too_large"


@pytest.mark.parametrize("data", [b"not an image", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
                                  png(Image.new("RGB", (40, 40)))[:60]])
def test_a_file_that_is_not_a_picture_is_refused(data: bytes) -> None:
    with pytest.raises(pictures.PictureError) as refused:
        pictures.read_image(data, pictures.zxing)
    assert refused.value.code == "not_image"


def test_a_device_without_a_decoder_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pictures, "available", dict)
    with pytest.raises(pictures.PictureError) as refused:
        pictures.read_image(pictures.qr_png("MEJA1:X"))
    assert refused.value.code == "no_reader"


class PickShell:
    """What picking an image uses of the shell."""

    def __init__(self, root: Path, language: str) -> None:
        self.t = Translator(language)
        self.store = Store(root)
        self.refreshed = 0

    def refresh(self) -> None:
        self.refreshed += 1


class Picked:
    def __init__(self, data: bytes) -> None:
        self.bytes, self.path = data, None


@pytest.mark.parametrize(("data", "english", "french"), [
    (bomb(16_000, 16_000), "too large to read", "trop grande"),
    (b"GIF89a nonsense", "not a picture", "pas une image"),
    (png(Image.new("RGB", (60, 60), "white")), "No Meja code", "Aucun code Meja"),
])
def test_the_import_screen_says_why_a_picture_is_not_read(
        data: bytes, english: str, french: str, tmp_path: Path) -> None:
    for language, said in (("en", english), ("fr", french)):
        shell: Any = PickShell(tmp_path / language, language)
        screen = Sharing(shell)

        class Picker:
            async def pick_files(self, **_kw: Any) -> list[Picked]:
                return [Picked(data)]

        screen.picker = Picker()  # type: ignore[assignment]
        run_alone(screen._pick_image())
        assert said in screen.error and shell.refreshed == 1
        assert shell.store.list_matches() == []
