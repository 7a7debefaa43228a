"""What the presenters of the one-pack games share: a hand's order, cards in people's words,
the level of a computer seat, the chairs around the table, a pile's top cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from app.i18n import Translator, card_words
from app.presenters.base import Seating, identify
from models.cards import JOKER_CODE, format_cards
from views.felt_data import Chair, Face

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
    """A computer seat's level as its chair shows it, under its name ("Quick"); "" for a
    person."""
    key = f"felt.level.{kind}"
    return t(key) if kind != "person" and t.has(key) else ""


def score_words(t: Translator, score: int, wins: bool = False) -> str:
    """A seat's score in words: "12 points", or "2 round wins" where the game counts them."""
    if wins:
        return t.plural("unit.round_win", score)
    return t.plural("unit.point", score)


class Around(Protocol):
    """What the chairs around a one-pack game's table are drawn from (its engine's
    observation): every hand's size, the seat to act and the dealer."""

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def dealer(self) -> int: ...


def chairs(obs: Around, seating: Seating, scores: Sequence[int],
           notes: Sequence[str] = (), wins: bool = False) -> tuple[Chair, ...]:
    """Every seat as the table shows it, from an observation: the seat to act glowing, the
    dealer marked, its score in words (``wins``: a count of round wins), a computer's level
    (``notes``: a line under a seat, "" for none)."""
    return tuple(
        Chair(seat=s, name=seating.names[s], colour=seating.colours[s],
              score=score_words(seating.t, scores[s], wins),
              cards=n, active=s == obs.current, dealer=s == obs.dealer,
              level=level(seating.t, seating.kinds[s]),
              note=notes[s] if s < len(notes) else "")
        for s, n in enumerate(obs.hand_sizes)
    )


def faces(codes: Sequence[int], seen: Counter[str]) -> tuple[Face, ...]:
    """Cards shown face up (a pile's top), named after those ``seen`` before them."""
    return tuple(Face(id=i, code=notation(c))
                 for i, c in zip(identify([notation(c) for c in codes], seen), codes,
                                 strict=True))
