"""Playing cards: small immutable values, the table notation, and pack builders.

A card is an ``int`` code (so engines can index tables with it and compare it
cheaply) that prints in the notation of the rules: rank then suit, ``AS 10H QD
7C``, and ``JK`` for a joker. Codes: ``suit * 13 + rank - 1`` for the 52 suited
cards (suits in the order S H D C, ranks A=1 .. K=13) and 52 for a joker.
Every card is interned: ``Card.of(rank, suit)`` and ``parse_card`` return the
same object for the same card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import repeat, starmap

from models.errors import MejaError, SetupError

SUITS = "SHDC"
RED_SUITS = "HD"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = 52
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class CardError(MejaError):
    """A card or hand written in a notation that names no card."""


class Card(int):
    """One playing card; an interned ``int`` code that prints as ``AS``, ``10H`` or ``JK``."""

    __slots__ = ()

    @staticmethod
    def of(rank: int, suit: str) -> Card:
        """The card of ``rank`` (1 = ace .. 13 = king) and ``suit`` (one of S H D C)."""
        if not 1 <= rank <= 13 or suit not in SUITS or len(suit) != 1:
            raise CardError("card_rank_suit", rank=rank, suit=suit)
        return DECK[SUITS.index(suit) * 13 + rank - 1]

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_CODE

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king); 0 for a joker."""
        return 0 if int(self) == JOKER_CODE else int(self) % 13 + 1

    @property
    def suit(self) -> str:
        """One of ``S H D C``; empty for a joker."""
        return "" if int(self) == JOKER_CODE else SUITS[int(self) // 13]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS and not self.is_joker

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_from_code, (int(self),))


def _card_from_code(code: int) -> Card:
    return ALL_CARDS[code]


_TEXT = [RANKS[code % 13] + SUITS[code // 13] for code in range(52)] + ["JK"]
ALL_CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(53))
DECK: tuple[Card, ...] = ALL_CARDS[:52]
JOKER: Card = ALL_CARDS[JOKER_CODE]
_BY_TEXT = {text: ALL_CARDS[code] for code, text in enumerate(_TEXT)}


def parse_card(text: str) -> Card:
    """Read one card written as rank then suit (``AS``, ``10h``, ``JK``); case does not matter."""
    key = text.strip().upper()
    if len(key) == 2 and key[0] == "1" and key[1] in SUITS:
        key = "A" + key[1]  # "1S" is sometimes written for the ace; "10S" stays the ten
    card = _BY_TEXT.get(key)
    if card is None:
        raise CardError("card_text", text=text.strip())
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (``"AS 10H JK"``); an empty text is no cards."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(word) for word in words]


def format_cards(cards: Iterable[int]) -> str:
    """Print cards in the notation, separated by single spaces."""
    return " ".join(str(card(int(c))) for c in cards)


def card(code: int) -> Card:
    """The interned card of a code (0..52)."""
    if not 0 <= code <= JOKER_CODE:  # a negative index would silently give the joker
        raise CardError("card_code", value=code, most=JOKER_CODE)
    return ALL_CARDS[code]


def pack(*, short: bool = False, jokers: int = 0, packs: int = 1) -> list[Card]:
    """``packs`` copies of a 52-card pack (or of the 32-card pack, 7 to A, if ``short``),
    each with ``jokers`` jokers added."""
    if packs < 1:
        raise SetupError("setup_no_pack")
    if jokers < 0:
        raise SetupError("setup_jokers")
    one = [c for c in DECK if not short or c.rank == ACE or c.rank >= 7]
    one += [JOKER] * jokers
    return one * packs


def samba_pack() -> list[Card]:
    """The Samba stock: three 52-card packs and six jokers, 162 cards."""
    return pack(packs=3) + [JOKER] * 6


def check_within(cards: Iterable[int], available: Iterable[int]) -> None:
    """Raise a clear error if ``cards`` hold more copies of some card than ``available`` has."""
    have = Counter(int(c) for c in available)
    for code, count in sorted(Counter(int(c) for c in cards).items()):
        if count > have.get(code, 0):
            text = str(card(code))  # a code that names no card raises here
            copies = have.get(code, 0)
            if copies == 0:
                raise CardError("card_not_in_pack", card=text)
            raise CardError("card_copies" if copies > 1 else "card_once", card=text,
                            copies=copies, count=count)


def shuffle(cards: list[int], key: str) -> None:
    """Shuffle ``cards`` in place, the same way every time for the same ``key`` (a text such as
    ``"kartu_sama/7/0/0"``: game, seed, round...): they are put in :func:`shuffled_order`."""
    cards[:] = map(cards.__getitem__, shuffled_order(len(cards), key))


def shuffled_order(size: int, key: str) -> list[int]:
    """The positions ``0..size-1`` in the order :func:`shuffle` puts cards for ``key`` (for a
    pack in code order ``0..size-1``: the shuffled pack itself). Sorting by one random number
    per card is uniform and several times faster than ``random.shuffle``: a deal is on the hot
    path of simulation. Changing this changes every saved game's deal."""
    rng = random.Random(key).random
    ranks = list(starmap(rng, repeat((), size)))
    return sorted(range(size), key=ranks.__getitem__)


def random_shuffle(cards: list[int], key: str) -> None:
    """Shuffle ``cards`` in place exactly as ``random.Random(key).shuffle(cards)`` does (the
    deals of Sums and Samba, and so every saved game of theirs, depend on it), with that
    method's per-card calls written out: a deal is on the hot path of simulation."""
    getrandbits = random.Random(key).getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
