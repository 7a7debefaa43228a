"""What the presenters of the one-pack games share: a hand's order, cards in people's words,
the level of a computer seat."""

from __future__ import annotations

from collections.abc import Iterable

from app.i18n import Translator, card_words
from models.cards import JOKER_CODE, format_cards

SUIT_ORDER = (0, 1, 3, 2)  # spades, hearts, clubs, diamonds: the colours alternate


def _rank(code: int) -> int:
    """2 low to the ace high; a joker above all."""
    return 14 if code == JOKER_CODE else (code % 13 - 1) % 13


def _suit(code: int) -> int:
    return 4 if code == JOKER_CODE else SUIT_ORDER[code // 13]


def ordered(codes: Iterable[int], order: str) -> list[int]:
    """The cards as a hand is held: by suit then rank (``suit``), or by rank then suit
    (``rank``); jokers last."""
    if order == "rank":
        return sorted(codes, key=lambda c: (_rank(c), _suit(c)))
    return sorted(codes, key=lambda c: (_suit(c), _rank(c)))


def notation(code: int) -> str:
    """A card code in the notation (``QH``)."""
    return format_cards([code])


def word(code: int) -> str:
    """A card as people read it (``Q♥``)."""
    return str(card_words(notation(code)))


def level(t: Translator, kind: str) -> str:
    """A computer seat's level as the chair shows it; "" for a person."""
    key = f"play.kind.{kind}"
    return t(key) if kind != "person" and t.has(key) else ""
