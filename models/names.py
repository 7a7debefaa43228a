"""Player names as Meja keeps them: one written form for what looks the same.

A name is put in NFC (an "é" typed as e + accent equals the one typed at once); control and
format characters are removed (zero-width spaces, bidi overrides, NUL), but the joiner and
the tags inside an emoji are kept; runs of spaces become one; and it is cut at
:data:`MAX_NAME` characters as people see them (grapheme clusters), so an emoji, a flag or
a letter with its accents is never split.

Python has no grapheme segmentation of its own; :func:`graphemes` follows the rules of
Unicode's UAX #29 that matter for names (combining marks, spacing marks, variation
selectors, emoji modifiers, zero-width joiner sequences, tag sequences, flag pairs), which
is enough to never cut inside what a player typed as one character.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

MAX_NAME = 24  # characters as people see them

ZWJ = "\u200d"
_TAGS = range(0xE0020, 0xE0080)  # the tags of a subdivision flag (England...)
_MODIFIERS = range(0x1F3FB, 0x1F400)  # skin tones
_FLAGS = range(0x1F1E6, 0x1F200)  # regional indicators: two make a flag


def _kept(c: str) -> bool:
    kind = unicodedata.category(c)
    if kind in ("Cc", "Cs"):
        return False
    if kind == "Cf":  # format characters: invisible, look-alikes, bidi overrides
        return c == ZWJ or ord(c) in _TAGS
    return True


def _extends(c: str) -> bool:
    """Whether ``c`` belongs to the character before it."""
    return (
        unicodedata.category(c) in ("Mn", "Me", "Mc")
        or c == ZWJ
        or ord(c) in _MODIFIERS
        or ord(c) in _TAGS
    )


def graphemes(text: str) -> Iterator[str]:
    """The characters of ``text`` as people see them (grapheme clusters)."""
    cluster = ""
    flags = 0  # regional indicators in the cluster
    for c in text:
        joined = cluster.endswith(ZWJ) and not unicodedata.category(c).startswith("Z")
        pair = ord(c) in _FLAGS and flags == 1
        if cluster and (_extends(c) or joined or pair):
            cluster += c
            flags += pair
            continue
        if cluster:
            yield cluster
        cluster, flags = c, int(ord(c) in _FLAGS)
    if cluster:
        yield cluster


def clean_name(name: str, most: int = MAX_NAME) -> str:
    """``name`` as Meja keeps it (see the module): NFC, no invisible characters, single
    spaces, at most ``most`` characters as people see them. May be empty."""
    text = "".join(c for c in unicodedata.normalize("NFC", name) if _kept(c))
    text = " ".join(text.split()).strip(ZWJ)
    cut = "".join(g for _, g in zip(range(most), graphemes(text), strict=False))
    return cut.strip()
