"""Cards: notation, parsing, pack builders, check_within, interning, pickling, colour."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.cards import (
    ACE,
    ALL_CARDS,
    DECK,
    JACK,
    JOKER,
    JOKER_CODE,
    KING,
    QUEEN,
    Card,
    CardError,
    card,
    check_within,
    format_cards,
    pack,
    parse_card,
    parse_cards,
    random_shuffle,
    samba_pack,
    shuffle,
    shuffled_order,
)
from models.errors import MejaError
from tests.english import english, refused

ALL_TEXT = [
    r + s
    for s in "SHDC"
    for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
] + ["JK"]


def test_codes_follow_suit_then_rank() -> None:
    assert [int(c) for c in ALL_CARDS] == list(range(53))
    assert Card.of(ACE, "S") == 0
    assert Card.of(KING, "S") == 12
    assert Card.of(ACE, "H") == 13
    assert Card.of(QUEEN, "D") == 2 * 13 + 11
    assert Card.of(JACK, "C") == 3 * 13 + 10
    assert JOKER == JOKER_CODE == 52


@pytest.mark.parametrize("code", range(53))
def test_notation_round_trip(code: int) -> None:
    c = card(code)
    text = str(c)
    assert text == ALL_TEXT[code]
    assert parse_card(text) is c
    assert parse_card(text.lower()) is c
    assert parse_cards(format_cards([c])) == [c]
    assert repr(c) == f"Card({text})"


def test_rank_and_suit() -> None:
    assert [(c.rank, c.suit) for c in parse_cards("AS 10H QD KC")] == [
        (1, "S"),
        (10, "H"),
        (12, "D"),
        (13, "C"),
    ]
    assert (JOKER.rank, JOKER.suit, JOKER.is_joker) == (0, "", True)
    assert not any(c.is_joker for c in DECK)


def test_whole_pack_round_trip() -> None:
    text = format_cards(ALL_CARDS)
    assert text == " ".join(ALL_TEXT)
    assert parse_cards(text) == list(ALL_CARDS)


def test_case_and_spacing_do_not_matter() -> None:
    assert parse_cards("as 10h Qd jK") == parse_cards("AS 10H QD JK")
    assert parse_cards("  AS,10H ,, JK  ") == parse_cards("AS 10H JK")
    assert parse_cards(["as", " 10h "]) == parse_cards("AS 10H")
    assert parse_cards("") == []
    assert parse_cards("   ") == []


def test_ten_versus_one() -> None:
    assert parse_card("10S").rank == 10
    assert parse_card("10s") == Card.of(10, "S")
    assert parse_card("1S") is Card.of(ACE, "S")  # "1" is sometimes written for the ace
    assert parse_card("1d") is Card.of(ACE, "D")
    for bad in ("1", "10", "1SS", "100S", "01S"):
        with pytest.raises(CardError):
            parse_card(bad)


@pytest.mark.parametrize("bad", ["X", "", "0H", "11H", "1J", "AX", "KK", "JKR", "S A", "10 H"])
def test_parse_errors_are_clear(bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert str(info.value) == f"card_text(text={bad.strip()!r})"
    message = english(info.value)
    assert f"'{bad.strip()}' is not a card" in message
    assert "rank then the suit" in message
    assert isinstance(info.value, MejaError)


def test_parse_cards_names_the_bad_word() -> None:
    with refused(CardError, match="'ZZ' is not a card"):
        parse_cards("AS ZZ 10H")


def test_card_of_refuses_impossible_cards() -> None:
    for rank, suit in ((0, "S"), (14, "H"), (1, "X"), (1, ""), (1, "SH")):
        with refused(CardError, match="No card has rank"):
            Card.of(rank, suit)


def test_card_by_code() -> None:
    assert card(0) is ALL_CARDS[0]
    assert card(52) is JOKER
    for bad in (-1, 53, 100):
        with refused(CardError, match="is not a card code"):
            card(bad)
    with pytest.raises(CardError):
        format_cards([-1])


def test_interning() -> None:
    assert Card.of(10, "H") is parse_card("10h") is card(22) is ALL_CARDS[22]
    assert parse_cards("AS AS")[0] is parse_cards("AS AS")[1]
    assert all(a is b for a, b in zip(pack(), pack(), strict=True))


def test_cards_are_ints_and_hashable() -> None:
    c = parse_card("7C")
    assert isinstance(c, int)
    assert c == 3 * 13 + 6
    assert {c: 1}[3 * 13 + 6] == 1
    assert sorted(parse_cards("KC AS JK 2S")) == parse_cards("AS 2S KC JK")


@pytest.mark.parametrize("code", [0, 22, 51, 52])
def test_pickling_and_copying_keep_interning(code: int) -> None:
    c = card(code)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(c, protocol)) is c
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps([c, c])) == [c, c]


def test_colour() -> None:
    assert all(c.is_red for c in parse_cards("AH 10H KD 2D"))
    assert not any(c.is_red for c in parse_cards("AS 10S KC 2C"))
    assert not JOKER.is_red
    assert sum(c.is_red for c in DECK) == 26


def test_full_pack() -> None:
    cards = pack()
    assert len(cards) == 52
    assert sorted(cards) == list(DECK)
    assert all(isinstance(c, Card) for c in cards)


def test_pack_with_jokers() -> None:
    cards = pack(jokers=2)
    assert len(cards) == 54
    assert Counter(cards)[JOKER] == 2
    assert set(cards) == set(ALL_CARDS)


def test_short_pack() -> None:
    cards = pack(short=True)
    assert len(cards) == 32
    assert {c.rank for c in cards} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert Counter(c.suit for c in cards) == {"S": 8, "H": 8, "D": 8, "C": 8}
    assert len(set(cards)) == 32


def test_short_pack_with_jokers() -> None:
    cards = pack(short=True, jokers=2)
    assert len(cards) == 34
    assert Counter(cards)[JOKER] == 2


@pytest.mark.parametrize("packs", [1, 2, 3, 5])
def test_several_packs(packs: int) -> None:
    cards = pack(packs=packs, jokers=2)
    assert len(cards) == 54 * packs
    assert set(Counter(cards).values()) == {packs, 2 * packs}
    assert Counter(cards)[JOKER] == 2 * packs
    assert all(Counter(cards)[c] == packs for c in DECK)
    assert len(pack(packs=packs, short=True)) == 32 * packs


def test_pack_refusals() -> None:
    with refused(MejaError, match="At least one pack"):
        pack(packs=0)
    with refused(MejaError, match="cannot be negative"):
        pack(jokers=-1)


def test_samba_pack() -> None:
    cards = samba_pack()
    assert len(cards) == 162
    count = Counter(cards)
    assert count[JOKER] == 6
    assert all(count[c] == 3 for c in DECK)


def test_pack_is_a_fresh_list() -> None:
    a = pack()
    a.pop()
    assert len(pack()) == 52


def test_check_within_accepts_what_the_pack_holds() -> None:
    """Every copy the pack holds is accepted; one more of any of them is refused."""
    for held, available in (("AS 10H JK JK", pack(jokers=2)), ("AS AS AS", pack(packs=3)),
                            ("", pack())):
        cards = parse_cards(held)
        check_within(cards, available)  # raises CardError when refused
        for extra in set(cards):
            with pytest.raises(CardError):
                check_within([*cards, extra], available)


def test_check_within_messages() -> None:
    with refused(CardError, match=r"^JK★ is not in the pack in use\.$"):
        check_within(parse_cards("AS JK"), pack())
    with refused(CardError, match=r"^2♠ is not in the pack in use\.$"):
        check_within(parse_cards("2S"), pack(short=True))
    with refused(CardError, match=r"^A♠ appears 2 times, but the pack holds only one\.$"):
        check_within(parse_cards("AS 10H AS"), pack())
    with refused(CardError, match=r"^The pack in use holds 2 × Q♦, not 3\.$"):
        check_within(parse_cards("QD QD QD"), pack(packs=2))
    with refused(CardError, match=r"^The pack in use holds 2 × JK★, not 3\.$"):
        check_within(parse_cards("JK JK JK"), pack(jokers=2))
    with refused(CardError, match=r"^-1 is not a card code"):
        check_within([-1], pack(jokers=2))


@settings(max_examples=200)
@given(st.text(max_size=30), st.integers(0, 170))
def test_random_shuffle_shuffles_as_random_does(key: str, size: int) -> None:
    cards, expected = list(range(size)), list(range(size))
    random.Random(key).shuffle(expected)
    random_shuffle(cards, key)
    assert cards == expected


def test_shuffle_puts_cards_in_the_shuffled_order() -> None:
    cards = [int(c) for c in pack(short=True)]
    shuffle(cards, "kartu_sama/3/1/0")
    order = shuffled_order(32, "kartu_sama/3/1/0")
    assert cards == [int(pack(short=True)[i]) for i in order]
    assert sorted(order) == list(range(32))
