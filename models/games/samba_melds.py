"""Samba melds and hand scoring (docs/rules.md, Samba): card values, the first-meld minimum,
what makes a valid group or sequence, canastas and sambas, and the score of a side.

Cards are codes (see ``models.cards``). Everything here works on plain card lists, so
the engine, the app's hand entry and the scoring screen share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.cards import JOKER_CODE, format_cards
from models.errors import MejaError


class InvalidMeld(MejaError):
    """A card list that is not a Samba meld: ``cards`` in the notation, and the code says why."""


def _value(code: int) -> int:
    if code == JOKER_CODE:
        return 50
    rank = code % 13 + 1
    if rank in (1, 2):
        return 20
    if rank >= 8:
        return 10
    if rank >= 4:
        return 5
    return 0 if code in RED_THREES else 5


RED_THREES = (15, 28)  # 3H, 3D
BLACK_THREES = (2, 41)  # 3S, 3C
WILDS = (JOKER_CODE, 1, 14, 27, 40)  # JK 2S 2H 2D 2C
VALUE: tuple[int, ...] = tuple(_value(c) for c in range(53))
IS_WILD: tuple[bool, ...] = tuple(c in WILDS for c in range(53))
# Place of a card in a sequence: 4 -> 0 .. K -> 9, A -> 10; -1 for 2, 3 and the joker.
POS: tuple[int, ...] = tuple(
    [(10 if c % 13 == 0 else c % 13 - 3 if c % 13 >= 3 else -1) for c in range(52)] + [-1]
)
SAMBA_SIZE = CANASTA_SIZE = 7


def card_value(card: int) -> int:
    """Points of one card: joker 50, A and 2 20, K to 8 10, 7 to 4 5, black 3 5, red 3 0
    (a red three scores through its own bonus or penalty)."""
    return VALUE[card]


def initial_meld_minimum(side_score: int, top: int = 150) -> int:
    """Card values a side's first meld of a hand must reach, by the side's total so far:
    15 below zero, 50, 90 from 1500, 120 from 3000, ``top`` (150, or 160) from 7000."""
    if side_score < 0:
        return 15
    if side_score >= 7000:
        return top
    if side_score >= 3000:
        return 120
    if side_score >= 1500:
        return 90
    return 50


def group_problem(cards: Sequence[int]) -> str:
    """Why ``cards`` are not a valid group, as an error code (``""`` when they are one)."""
    if len(cards) < 3:
        return "meld_group_size"
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = len(cards) - len(naturals)
    if not naturals:
        return "meld_group_wild_only"
    ranks = {c % 13 for c in naturals}
    if len(ranks) > 1:
        return "meld_group_ranks"
    if any(c in RED_THREES for c in naturals):
        return "meld_group_red_three"
    if wilds > 2:
        return "meld_group_wilds"
    if len(naturals) < 2 * wilds:
        return "meld_group_ratio"
    if wilds and naturals[0] in BLACK_THREES:
        return "meld_group_black_wild"
    return ""


def sequence_problem(cards: Sequence[int]) -> str:
    """Why ``cards`` are not a valid sequence, as an error code (``""`` when they are one)."""
    if not 3 <= len(cards) <= SAMBA_SIZE:
        return "meld_seq_size"
    if any(IS_WILD[c] for c in cards):
        return "meld_seq_wild"
    if len({c // 13 for c in cards}) > 1:
        return "meld_seq_suits"
    places = sorted(POS[c] for c in cards)
    if places[0] < 0:
        return "meld_seq_low"
    if len(set(places)) != len(places):
        return "meld_seq_twice"
    if places[-1] - places[0] != len(places) - 1:
        return "meld_seq_gap"
    return ""


def is_group(cards: Sequence[int]) -> bool:
    """3+ cards of one rank (not 2, not red 3), at most 2 wilds, naturals >= twice the wilds."""
    return not group_problem(cards)


def is_sequence(cards: Sequence[int]) -> bool:
    """3 to 7 cards of one suit following each other from 4 up to the ace, no wild, no double."""
    return not sequence_problem(cards)


def is_pure(cards: Iterable[int]) -> bool:
    """No wild card in the meld."""
    return not any(IS_WILD[c] for c in cards)


def is_canasta(cards: Sequence[int]) -> bool:
    """A group of 7 or more cards."""
    return len(cards) >= CANASTA_SIZE and is_group(cards)


def is_samba(cards: Sequence[int]) -> bool:
    """A sequence of 7 cards (it is then closed)."""
    return len(cards) == SAMBA_SIZE and is_sequence(cards)


def meld_kind(cards: Sequence[int]) -> str:
    """``red_three``, ``group``, ``pure_canasta``, ``mixed_canasta``, ``sequence`` or
    ``samba``; raises :class:`InvalidMeld` with the reason when the cards are no meld."""
    if len(cards) == 1 and cards[0] in RED_THREES:
        return "red_three"
    ranks = [c % 13 for c in cards if not IS_WILD[c]]
    if len(set(ranks)) <= 1 or len(set(ranks)) < len(ranks):  # one rank, or a rank twice
        problem = group_problem(cards)
        if problem:
            raise InvalidMeld(problem, cards=format_cards(cards))
        if len(cards) < CANASTA_SIZE:
            return "group"
        return "pure_canasta" if is_pure(cards) else "mixed_canasta"
    problem = sequence_problem(cards)
    if problem:
        raise InvalidMeld(problem, cards=format_cards(cards))
    return "samba" if len(cards) == SAMBA_SIZE else "sequence"


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The parts of a side's hand score, each signed as it counts."""

    melded: int = 0  # card values of the melded cards
    in_hand: int = 0  # minus the card values left in the partners' hands
    sambas: int = 0  # +1500 each
    pure_canastas: int = 0  # +500 each
    mixed_canastas: int = 0  # +300 each
    going_out: int = 0  # +200
    red_threes: int = 0  # +/-100 each, +/-1000 for all six
    red_three_in_hand: int = 0  # -750 for each player still holding one

    @property
    def total(self) -> int:
        return (
            self.melded + self.in_hand + self.sambas + self.pure_canastas
            + self.mixed_canastas + self.going_out + self.red_threes + self.red_three_in_hand
        )

    def lines(self) -> list[tuple[str, int]]:
        """``(part, points)`` for each non-zero part, for a score sheet."""
        names = (
            ("melded", self.melded), ("in_hand", self.in_hand), ("sambas", self.sambas),
            ("pure_canastas", self.pure_canastas), ("mixed_canastas", self.mixed_canastas),
            ("going_out", self.going_out), ("red_threes", self.red_threes),
            ("red_three_in_hand", self.red_three_in_hand),
        )
        return [(name, points) for name, points in names if points]


def score_breakdown(
    melds: Iterable[Sequence[int]], hands: Iterable[Sequence[int]], went_out: bool
) -> Breakdown:
    """The hand score of one side, part by part. ``melds``: the side's melds as card lists
    (a red 3 is a 1-card meld); ``hands``: the cards left in each partner's hand;
    ``went_out``: whether a player of the side ended the hand by going out."""
    melded = sambas = pure = mixed = reds = 0
    for meld in melds:
        kind = meld_kind(meld)
        melded += sum(VALUE[c] for c in meld)
        if kind == "red_three":
            reds += 1
        elif kind == "samba":
            sambas += 1
        elif kind == "pure_canasta":
            pure += 1
        elif kind == "mixed_canasta":
            mixed += 1
    in_hand = penalty = 0
    for hand in hands:
        in_hand -= sum(VALUE[c] for c in hand)
        if any(c in RED_THREES for c in hand):
            penalty -= 750
    red = 1000 if reds == 6 else 100 * reds
    if sambas + pure + mixed < 2:
        red = -red
    return Breakdown(
        melded=melded,
        in_hand=in_hand,
        sambas=1500 * sambas,
        pure_canastas=500 * pure,
        mixed_canastas=300 * mixed,
        going_out=200 if went_out else 0,
        red_threes=red,
        red_three_in_hand=penalty,
    )


def side_score(
    melds: Iterable[Sequence[int]], hands: Iterable[Sequence[int]], went_out: bool
) -> int:
    """The hand score of one side (see :func:`score_breakdown`)."""
    return score_breakdown(melds, hands, went_out).total
