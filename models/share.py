"""A match as text for QR codes: compact, checked, split into numbered parts when large.

A shared match is a plain dict: the sending device's match ``id``, when it was ``created``,
the ``match`` itself (``Match.to_dict()``: set-up and every event, so the receiver derives
everything again) and its history ``summary``. It travels as:

1. a compact binary form of the dict (:func:`to_binary`): repeated strings and dict shapes are
   sent once and then referred to, small numbers take one byte, cards one byte;
2. compressed (raw deflate or raw LZMA, whichever is smaller, one method byte ahead);
3. followed by the first 4 bytes of its SHA-256 (the integrity check);
4. written in base45 (RFC 9285), whose 45 characters are QR's alphanumeric set;
5. behind the prefix ``MEJA1:`` (format version 1), or, split into ``n`` parts,
   ``MEJA1:<i>/<n>/<tag>:`` where ``tag`` names the whole payload so parts can be read in
   any order and parts of two matches are not mixed.

Reading is strict: anything that is not exactly such a payload raises :class:`ShareError`
with a reason (foreign, newer version, damaged, mixed parts, too large, not a valid match).
Everything is bounded before it is worked on: the text (:data:`MAX_TEXT`), the packed bytes
whatever the method (:data:`MAX_SIZE`), the depth, the players and the events; numbers are
finite; a reason never repeats more than a few words of what it refuses. The encoder refuses
(ValueError) what the decoder would refuse, so every code Meja makes can be read back.
"""

from __future__ import annotations

import hashlib
import lzma
import math
import re
import struct
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from models.cards import CardError, card, parse_card
from models.errors import MejaError, SetupError
from models.match import Match, MatchState, Reason, Refused

FORMAT = 1
PREFIX = f"MEJA{FORMAT}:"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
CHECK = 4  # bytes of SHA-256 appended
MAX_SIZE = 1 << 20  # largest packed match accepted (a decompression bomb stops here)
MAX_PARTS = 99
LIMIT = 1451  # characters of one code: QR version 25 at error correction M
MAX_TEXT = MAX_PARTS * LIMIT  # base45 characters of a whole payload
MAX_EVENTS = 5_000  # a long evening of Kartu Sama, every turn tapped, is under 2,000
MAX_PLAYERS = 20  # the most any game seats
MAX_INT = 1 << 63  # integers are within -MAX_INT..MAX_INT - 1
CLIP = 40  # characters of a refused value a reason repeats

_HEADER = re.compile(r"MEJA(\d+):")
_PART = re.compile(r"(\d{1,2})/(\d{1,2})/([0-9A-F]{6}):")
_B45 = {c: i for i, c in enumerate(ALPHABET)}


class ShareWhy(Reason):
    """A reason of the share codec (the app says ``reason.<code>``). A param may be a reason
    itself (``share_invalid``'s ``detail``: why the match is not valid)."""

    __slots__ = ()


class _SetupWhy(Reason):
    """A set-up refusal as a reason (the app says ``reason.<code>``)."""

    __slots__ = ()


class ShareError(MejaError):
    """A code that cannot be read; ``reason`` says why (``str()``: the code and params)."""

    def __init__(self, code: str, /, **params: object) -> None:
        self.reason = ShareWhy(code, {k: _clip(v) for k, v in params.items()})
        super().__init__(code, **self.reason.params)


def _clip(value: object) -> object:
    """A refused value as a reason may repeat it: a few words, a few items, never the
    300 KB a forged code put there."""
    if isinstance(value, str):
        return value if len(value) <= CLIP else value[:CLIP] + "…"
    if isinstance(value, list | tuple):
        items = [_clip(v) for v in value[:8]]
        return items + ["…"] if len(value) > 8 else items
    if isinstance(value, Reason):
        return type(value)(value.code, {k: _clip(v) for k, v in value.params.items()})
    return value


def _invalid(detail: str | Reason) -> ShareError:
    """``share_invalid`` with its detail: a reason of the models (a refused set-up or event,
    with its code and params), or one of the share codec's own details."""
    return ShareError("share_invalid",
                      detail=ShareWhy(detail) if isinstance(detail, str) else detail)


def _why_invalid(error: Exception) -> Reason:
    """Why :meth:`Match.from_dict` refused a match, as a reason the app can translate."""
    if isinstance(error, SetupError):
        return _SetupWhy(error.code, error.params)
    if isinstance(error, Refused):
        return error.reason
    if isinstance(error, ShareError):
        detail = error.reason.params["detail"]
        return detail if isinstance(detail, Reason) else ShareWhy("share_unreadable")
    return ShareWhy("share_unreadable")  # the shape of the match or of an event


# -- base45 -------------------------------------------------------------------------------


def b45encode(data: bytes) -> str:
    """RFC 9285: two bytes become three characters, a last lone byte two."""
    out: list[str] = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        c, n = n % 45, n // 45
        d, e = n % 45, n // 45
        out += (ALPHABET[c], ALPHABET[d], ALPHABET[e])
    if len(data) % 2:
        n = data[-1]
        out += (ALPHABET[n % 45], ALPHABET[n // 45])
    return "".join(out)


def b45decode(text: str) -> bytes:
    """The bytes of a base45 text; ValueError if it is not one."""
    try:
        values = [_B45[c] for c in text]
    except KeyError:
        raise ValueError("not base45") from None
    if len(values) % 3 == 1:
        raise ValueError("base45 length")
    out = bytearray()
    for i in range(0, len(values), 3):
        group = values[i:i + 3]
        n = sum(v * 45**k for k, v in enumerate(group))
        if len(group) == 3:
            if n > 0xFFFF:
                raise ValueError("base45 group")
            out += bytes((n >> 8, n & 0xFF))
        else:
            if n > 0xFF:
                raise ValueError("base45 group")
            out.append(n)
    return bytes(out)


# -- compact binary form of JSON-able values ----------------------------------------------
# One byte says what follows: 0x00-0x3F a whole number 0..63, 0x40-0x7F the n-th string seen,
# 0x80-0xBF a dict of the n-th shape (its keys) seen, else one of the tags below.
NONE, FALSE, TRUE, INT, STR, REF, SHAPE, NEW_SHAPE, LIST, CARD, CARDS, FLOAT = range(0xC0, 0xCC)
SMALL = 0x40
MAX_DEPTH = 32


def _varint(n: int, out: bytearray) -> None:
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _card_code(text: str) -> int | None:
    """The card code of ``text`` if it is a card written exactly as Meja writes it."""
    if not 2 <= len(text) <= 3:
        return None
    try:
        c = parse_card(text)
    except CardError:
        return None
    return int(c) if str(c) == text else None


class _Packer:
    def __init__(self) -> None:
        self.out = bytearray()
        self.strings: dict[str, int] = {}
        self.shapes: dict[tuple[str, ...], int] = {}

    def value(self, v: object, depth: int = 0) -> None:
        out = self.out
        if depth > MAX_DEPTH:
            raise ValueError("pack_depth")
        if v is None:
            out.append(NONE)
        elif v is True or v is False:
            out.append(TRUE if v else FALSE)
        elif isinstance(v, int):
            if not -MAX_INT <= v < MAX_INT:
                raise ValueError("pack_int_range")
            if 0 <= v < SMALL:
                out.append(v)
            else:
                out.append(INT)
                _varint(v * 2 if v >= 0 else -v * 2 - 1, out)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise ValueError("pack_not_finite")
            out.append(FLOAT)
            out += struct.pack("<d", v)
        elif isinstance(v, str):
            self.string(v)
        elif isinstance(v, list | tuple):
            codes = [_card_code(x) if isinstance(x, str) else None for x in v]
            if v and all(c is not None for c in codes):
                out.append(CARDS)
                _varint(len(v), out)
                out += bytes(c for c in codes if c is not None)
            else:
                out.append(LIST)
                _varint(len(v), out)
                for x in v:
                    self.value(x, depth + 1)
        elif isinstance(v, Mapping):
            keys = tuple(v)
            self.shape(keys)
            for k in keys:
                self.value(v[k], depth + 1)
        else:
            raise TypeError("pack_type", type(v).__name__)

    def shape(self, given: tuple[object, ...]) -> None:
        out = self.out
        keys = tuple(k for k in given if isinstance(k, str))
        if len(keys) != len(given):
            raise TypeError("pack_key_type")
        index = self.shapes.get(keys)
        if index is None:
            self.shapes[keys] = len(self.shapes)
            out.append(NEW_SHAPE)
            _varint(len(keys), out)
            for k in keys:
                self.string(k)
        elif index < SMALL:
            out.append(0x80 + index)
        else:
            out.append(SHAPE)
            _varint(index, out)

    def string(self, s: str) -> None:
        out = self.out
        code = _card_code(s)
        if code is not None:
            out += bytes((CARD, code))
            return
        index = self.strings.get(s)
        if index is None:
            self.strings[s] = len(self.strings)
            raw = s.encode("utf-8")
            out.append(STR)
            _varint(len(raw), out)
            out += raw
        elif index < SMALL:
            out.append(SMALL + index)
        else:
            out.append(REF)
            _varint(index, out)


class _Unpacker:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.strings: list[str] = []
        self.shapes: list[tuple[str, ...]] = []

    def byte(self) -> int:
        b = self.data[self.pos]  # IndexError at the end: damaged
        self.pos += 1
        return b

    def varint(self) -> int:
        n, shift = 0, 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 63:
                raise ValueError("varint")

    def count(self) -> int:
        """A length: never more than the bytes left (each item takes one at least)."""
        n = self.varint()
        if n > len(self.data) - self.pos:
            raise ValueError("length")
        return n

    def value(self, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            raise ValueError("too deep")
        b = self.byte()
        if b < SMALL:
            return b
        if b < 0x80:
            return self.strings[b - SMALL]
        if b == NONE:
            return None
        if b in (FALSE, TRUE):
            return b == TRUE
        if b == INT:
            n = self.varint()
            if n >= 2 * MAX_INT:
                raise ValueError("number")
            return n // 2 if n % 2 == 0 else -(n // 2) - 1
        if b == FLOAT:
            (x,) = struct.unpack_from("<d", self.data, self.pos)
            self.pos += 8
            if not math.isfinite(x):
                raise ValueError("unpack_not_finite")
            return x
        if b in (STR, REF, CARD):
            self.pos -= 1
            return self.string()
        if b == LIST:
            return [self.value(depth + 1) for _ in range(self.count())]
        if b == CARDS:
            return [str(card(self.byte())) for _ in range(self.count())]
        if b in (NEW_SHAPE, SHAPE) or 0x80 <= b < NONE:
            self.pos -= 1
            return self.dict(self.shape(), depth)
        raise ValueError("unknown tag")

    def shape(self) -> tuple[str, ...]:
        b = self.byte()
        if 0x80 <= b < NONE:
            return self.shapes[b - 0x80]
        if b == SHAPE:
            return self.shapes[self.varint()]
        if b != NEW_SHAPE:
            raise ValueError("unpack_shape")
        keys = tuple(self.string() for _ in range(self.count()))
        if len(set(keys)) != len(keys):
            raise ValueError("repeated key")
        self.shapes.append(keys)
        return keys

    def dict(self, keys: tuple[str, ...], depth: int) -> dict[str, object]:
        return {k: self.value(depth + 1) for k in keys}

    def string(self) -> str:
        b = self.byte()
        if SMALL <= b < 0x80:
            return self.strings[b - SMALL]
        if b == REF:
            return self.strings[self.varint()]
        if b == CARD:
            return str(card(self.byte()))
        if b != STR:
            raise ValueError("unpack_string")
        n = self.count()
        s = self.data[self.pos:self.pos + n].decode("utf-8")
        self.pos += n
        self.strings.append(s)
        return s


def to_binary(value: object) -> bytes:
    """The compact binary form of a JSON-able value (dict keys are strings); ValueError for
    what :func:`from_binary` would refuse (too deep, too large, a number not finite)."""
    packer = _Packer()
    packer.value(value)
    if len(packer.out) > MAX_SIZE:
        raise ValueError("pack_too_large")
    return bytes(packer.out)


def from_binary(data: bytes) -> object:
    """The value of :func:`to_binary`'s bytes; ValueError (or IndexError) if they are not that."""
    reader = _Unpacker(data)
    value = reader.value()
    if reader.pos != len(data):
        raise ValueError("trailing bytes")
    return value


# -- compression and the integrity check --------------------------------------------------
RAW, DEFLATE, LZMA = 0, 1, 2
# A dictionary as large as the data, no more (a packed match is at most MAX_SIZE): the same
# bytes as the preset's own 64 MiB, which takes about 700 MiB and 0.1 s to write a small match
# and 64 MiB to read one.
_LZMA_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME,
                  "dict_size": MAX_SIZE}]


def _deflate(data: bytes) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return c.compress(data) + c.flush()


def _lzma(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)


def seal(value: object) -> bytes:
    """Packed, compressed the smaller way, and checked: the bytes a payload carries."""
    raw = to_binary(value)
    best = min(((DEFLATE, _deflate(raw)), (LZMA, _lzma(raw)), (RAW, raw)),
               key=lambda m: len(m[1]))
    body = bytes((best[0],)) + best[1]
    return body + hashlib.sha256(body).digest()[:CHECK]


def unseal(blob: bytes) -> object:
    """The value sealed in ``blob``; ShareError("share_damaged") if anything is off,
    ShareError("share_too_large") past :data:`MAX_SIZE` unpacked."""
    body, check = blob[:-CHECK], blob[-CHECK:]
    if len(body) < 1 or hashlib.sha256(body).digest()[:CHECK] != check:
        raise ShareError("share_damaged")
    method, data = body[0], body[1:]
    try:
        if method == DEFLATE:
            d = zlib.decompressobj(-15)
            raw = d.decompress(data, MAX_SIZE + 1)
            whole, rest = d.eof, d.unused_data
        elif method == LZMA:
            x = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)
            raw = x.decompress(data, MAX_SIZE + 1)
            whole, rest = x.eof, x.unused_data
        elif method == RAW:
            raw, whole, rest = data, True, b""
        else:
            raise ValueError("method")
        if len(raw) > MAX_SIZE:
            raise ShareError("share_too_large")
        if not whole or rest:  # cut short, or bytes after the stream
            raise ValueError("stream")
        return from_binary(raw)
    except ShareError:
        raise
    except (ValueError, IndexError, KeyError, lzma.LZMAError, zlib.error, struct.error,
            RecursionError):
        raise ShareError("share_damaged") from None


# -- texts: one code, or numbered parts ---------------------------------------------------


def tag_of(blob: bytes) -> str:
    """Six characters naming a payload (in each of its parts)."""
    return hashlib.sha256(blob).hexdigest()[:6].upper()


def encode(value: object, limit: int = LIMIT) -> list[str]:
    """The texts of the QR codes holding ``value``: one, or numbered parts, each at most
    ``limit`` characters long (header included). ValueError for a value no reader would
    take (see :func:`to_binary`, :data:`MAX_TEXT`)."""
    blob = seal(value)
    data = b45encode(blob)
    if len(data) > MAX_TEXT:
        raise ValueError("pack_too_large")
    if len(PREFIX) + len(data) <= limit:
        return [PREFIX + data]
    tag = tag_of(blob)
    header = len(f"{PREFIX}99/99/{tag}:")
    size = limit - header
    if size < 6:
        raise MejaError("share_limit", limit=limit)
    count = -(-len(data) // size)
    size = -(-len(data) // count)  # parts of even size: each code as small as can be
    size += -size % 3  # whole base45 groups
    chunks = [data[i:i + size] for i in range(0, len(data), size)]
    if len(chunks) > MAX_PARTS:
        raise MejaError("share_too_many", count=len(chunks))
    return [f"{PREFIX}{i}/{len(chunks)}/{tag}:{c}" for i, c in enumerate(chunks, 1)]


def code_lines(text: str) -> list[str]:
    """The lines of a pasted text as they are read: each without the whitespace before it
    and its line end. A space is a base45 character, so one that ends a line stays."""
    return [x for x in (t.lstrip().rstrip("\r\t") for t in text.split("\n")) if x]


@dataclass
class Reader:
    """Collects the codes of one payload, in any order; :attr:`value` once complete."""

    total: int = 0
    tag: str = ""
    parts: dict[int, str] = field(default_factory=dict)
    value: object = None
    done: bool = False

    def add(self, text: str) -> None:
        """Read one code's text (or several, one a line); ShareError if one is refused
        (the parts read so far are kept)."""
        if len(text) > 2 * MAX_TEXT:  # the parts' headers and line ends are far less
            raise ShareError("share_too_large")
        lines = code_lines(text)
        if not lines:
            raise ShareError("share_empty")
        for line in lines:
            self._add(line)

    def _add(self, text: str) -> None:
        head = _HEADER.match(text.upper()[:12])
        if head is None:
            raise ShareError("share_foreign")
        version = int(head.group(1))
        if version > FORMAT:
            raise ShareError("share_future", version=version)
        if version != FORMAT:
            raise ShareError("share_foreign")
        rest = text[head.end():]
        part = _PART.match(rest)
        if part is None:
            self._finish(rest, None)
            return
        i, n, tag = int(part.group(1)), int(part.group(2)), part.group(3)
        if not 1 <= i <= n or n < 2:
            raise ShareError("share_damaged")
        if self.parts and (tag != self.tag or n != self.total):
            raise ShareError("share_mixed")
        self.total, self.tag = n, tag
        self.parts[i] = rest[part.end():]
        if len(self.parts) == n:
            self._finish("".join(self.parts[k] for k in range(1, n + 1)), tag)

    def _finish(self, data: str, tag: str | None) -> None:
        if len(data) > MAX_TEXT:
            self._drop(tag)
            raise ShareError("share_too_large")
        try:
            blob = b45decode(data)
        except ValueError:
            self._drop(tag)
            raise ShareError("share_damaged") from None
        if tag is not None and tag_of(blob) != tag:
            self._drop(tag)
            raise ShareError("share_damaged")
        try:
            self.value = unseal(blob)
        except ShareError:
            self._drop(tag)
            raise
        self.done = True

    def _drop(self, tag: str | None) -> None:
        if tag is not None:  # a damaged whole: start again from the first part read
            self.parts.clear()

    @property
    def missing(self) -> list[int]:
        """The numbers of the parts still to read."""
        return [i for i in range(1, self.total + 1) if i not in self.parts]


def decode(texts: Iterable[str]) -> object:
    """The value held by these codes (all the parts of one payload)."""
    reader = Reader()
    for text in texts:
        reader.add(text)
    if not reader.done:
        raise ShareError("share_damaged")
    return reader.value


# -- a shared match -----------------------------------------------------------------------
SUMMARY_KEYS = ("status", "round", "mode", "totals", "winners", "rounds")


@dataclass(frozen=True)
class Shared:
    """A match read from a code: the sender's ``origin`` id, its ``created`` stamp, the
    match (every event checked again) and the history summary."""

    origin: str
    created: str
    match: Match[MatchState]
    summary: dict[str, object]
    digest: str  # names this exact content: the same code read twice has the same digest


def shared_doc(origin: str, created: str, match: Match[MatchState],
               summary: Mapping[str, object]) -> dict[str, object]:
    """The dict a code carries for ``match``."""
    return {"id": origin, "created": created, "match": match.to_dict(),
            "summary": {k: summary[k] for k in SUMMARY_KEYS if k in summary}}


def _number(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) or (
        isinstance(x, float) and math.isfinite(x))


def _summary(data: object, players: tuple[str, ...]) -> dict[str, object]:
    bad = _invalid("share_summary")
    if not isinstance(data, dict) or not set(data) <= set(SUMMARY_KEYS):
        raise bad
    n = len(players)
    checks = {
        "status": lambda v: v in ("playing", "finished"),
        "round": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10_000,
        "mode": lambda v: v is None or isinstance(v, str),
        "totals": lambda v: isinstance(v, list) and len(v) <= n and all(map(_number, v)),
        "winners": lambda v: isinstance(v, list) and all(w in players for w in v),
        "rounds": lambda v: isinstance(v, list) and all(
            isinstance(r, list) and len(r) <= n and all(map(_number, r)) for r in v),
    }
    for key, value in data.items():
        if not checks[key](value):
            raise bad
    return dict(data)


def _bounded(match: object) -> None:
    """Refuse a match too large to be worth checking, before any work on it."""
    if not isinstance(match, dict):
        return  # Match.from_dict says why
    events, setup = match.get("events"), match.get("setup")
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise _invalid(ShareWhy("share_events", {"most": MAX_EVENTS}))
    players = setup.get("players") if isinstance(setup, dict) else None
    if isinstance(players, list) and len(players) > MAX_PLAYERS:
        raise _invalid(ShareWhy("share_players", {"most": MAX_PLAYERS}))


def read_shared(value: object) -> Shared:
    """The match a decoded code holds, checked: ShareError("share_invalid") otherwise, its
    ``detail`` a reason (the refused set-up or event's own, with its code and params)."""
    if not isinstance(value, dict) or set(value) != {"id", "created", "match", "summary"}:
        raise _invalid("share_not_shared")
    origin, created = value["id"], value["created"]
    if not isinstance(origin, str) or not 1 <= len(origin) <= 64 or not isinstance(
            created, str) or len(created) > 64:
        raise _invalid("share_unnamed")
    try:
        _bounded(value["match"])
        match = Match.from_dict(value["match"])
    except Exception as error:  # noqa: BLE001 - untrusted input must never crash the reader
        raise _invalid(_why_invalid(error)) from None
    summary = _summary(value["summary"], match.setup.players)
    digest = hashlib.sha256(to_binary(value)).hexdigest()[:16]
    return Shared(origin, created, match, summary, digest)
