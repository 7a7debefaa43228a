"""Samba: meld validation, scoring, and every rule of docs/rules.md played through the engine."""

from __future__ import annotations

import pytest

from models.cards import parse_cards
from models.errors import IllegalAction, MejaError, SetupError
from models.games import samba
from models.games.samba_melds import (
    InvalidMeld,
    group_problem,
    is_canasta,
    is_group,
    is_pure,
    is_samba,
    is_sequence,
    meld_kind,
    score_breakdown,
    sequence_problem,
)
from tests.english import english, refused


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# -- card values and the first-meld minimum ---------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("JK", 50), ("AS", 20), ("2H", 20), ("KD", 10), ("8C", 10), ("10S", 10), ("7H", 5),
     ("4D", 5), ("3S", 5), ("3C", 5), ("3H", 0), ("3D", 0)],
)
def test_card_values(card: str, value: int) -> None:
    assert samba.card_value(cards(card)[0]) == value


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-1, 15), (-5000, 15), (0, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120),
     (6999, 120), (7000, 150), (12000, 150)],
)
def test_initial_meld_minimum(score: int, minimum: int) -> None:
    assert samba.initial_meld_minimum(score) == minimum


def test_initial_meld_minimum_top_option() -> None:
    assert samba.initial_meld_minimum(7000, top=160) == 160
    assert samba.initial_meld_minimum(6999, top=160) == 120


# -- meld validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["5H 5S 5D", "5H 5H 5H", "KS KH 2C", "KS KH KD KC JK 2D", "AS AS AH AD 2S 2H", "3S 3C 3S",
     "QS QS QS QH QD QC QC QC"],
)
def test_valid_groups(text: str) -> None:
    assert is_group(cards(text))


@pytest.mark.parametrize(
    ("text", "reason"),
    [("5H 5S", "at least 3"), ("5H 5S 6D", "same rank"), ("5H 2S JK", "twice as many"),
     ("5H 5S 5D 5C 5C 5H 2S 2H JK", "at most 2 wild"), ("2S 2H JK", "only wild"),
     ("3H 3D 3H", "red 3s"), ("3S 3C 2H", "black 3s takes no wild"), ("3S 3C 3H", "red 3s")],
)
def test_invalid_groups(text: str, reason: str) -> None:
    assert not is_group(cards(text))
    with pytest.raises(InvalidMeld) as caught:
        meld_kind(cards(text))
    assert caught.value.code == group_problem(cards(text))
    assert reason in english(caught.value)


@pytest.mark.parametrize("text", ["4H 5H 6H", "QS KS AS", "10D JD QD KD AD 9D 8D", "7C 6C 5C 4C"])
def test_valid_sequences(text: str) -> None:
    assert is_sequence(cards(text))


@pytest.mark.parametrize(
    ("text", "reason"),
    [("4H 5H", "3 to 7"), ("4H 5H 6H 7H 8H 9H 10H JH", "3 to 7"), ("4H 5H 6S", "one suit"),
     ("4H 5H 7H", "without a gap"), ("3H 4H 5H", "from 4 up"), ("KS AS 2S", "wild"),
     ("4H 5H 2H", "wild"), ("4H 5H JK", "wild"), ("4H 5H 5H 6H", "same card twice")],
)
def test_invalid_sequences(text: str, reason: str) -> None:
    assert not is_sequence(cards(text))
    assert reason in english(InvalidMeld(sequence_problem(cards(text)), cards=text))
    with pytest.raises(InvalidMeld):
        meld_kind(cards(text))


def test_canasta_samba_pure_mixed() -> None:
    pure = cards("9S 9S 9H 9H 9D 9C 9C")
    mixed = cards("9S 9S 9H 9H 9D 2C JK")
    run = cards("8H 9H 10H JH QH KH AH")
    assert is_canasta(pure) and is_pure(pure) and meld_kind(pure) == "pure_canasta"
    assert is_canasta(mixed) and not is_pure(mixed) and meld_kind(mixed) == "mixed_canasta"
    assert is_samba(run) and meld_kind(run) == "samba" and not is_canasta(run)
    assert meld_kind(cards("8H 9H 10H")) == "sequence"
    assert meld_kind(cards("8H 8H 8S")) == "group"
    assert meld_kind(cards("3D")) == "red_three"
    assert not is_canasta(pure[:6])
    assert is_canasta(pure + cards("9D 9D"))


# -- scoring ------------------------------------------------------------------------------

SAMBA_RUN = "4S 5S 6S 7S 8S 9S 10S"  # 50 in card values
PURE = "KH KH KH KS KS KD KC"  # 70
MIXED = "AH AH AS AD AC 2S JK"  # 100 + 20 + 50 = 170


def test_side_score_out_with_two_canastas_and_red_threes() -> None:
    melds = [cards(SAMBA_RUN), cards(PURE), cards("3H"), cards("3D")]
    b = score_breakdown(melds, [[], cards("5H QS")], went_out=True)
    assert b.melded == 50 + 70
    assert b.in_hand == -15
    assert b.sambas == 1500 and b.pure_canastas == 500 and b.mixed_canastas == 0
    assert b.going_out == 200
    assert b.red_threes == 200
    assert b.red_three_in_hand == 0
    assert b.total == 50 + 70 - 15 + 1500 + 500 + 200 + 200
    assert samba.side_score(melds, [[], cards("5H QS")], True) == b.total
    assert ("going_out", 200) in b.lines() and all(points for _, points in b.lines())


def test_side_score_without_going_out_and_red_threes_negative() -> None:
    melds = [cards(MIXED), cards("7C 7C 7D"), cards("3H")]
    b = score_breakdown(melds, [cards("JK 3S"), cards("4D")], went_out=False)
    assert b.melded == 170 + 15
    assert b.in_hand == -(50 + 5 + 5)
    assert b.mixed_canastas == 300 and b.pure_canastas == 0 and b.sambas == 0
    assert b.going_out == 0
    assert b.red_threes == -100  # one canasta is not enough
    assert b.total == 170 + 15 - 60 + 300 - 100


def test_two_sambas_and_a_canasta_and_a_samba_allow_red_three_bonus() -> None:
    two_sambas = [cards(SAMBA_RUN), cards("8D 9D 10D JD QD KD AD"), cards("3H")]
    assert score_breakdown(two_sambas, [], False).red_threes == 100
    assert score_breakdown(two_sambas, [], False).sambas == 3000
    mix = [cards(SAMBA_RUN), cards(MIXED), cards("3H"), cards("3H"), cards("3D")]
    assert score_breakdown(mix, [], False).red_threes == 300


def test_all_six_red_threes() -> None:
    reds = [cards("3H")] * 3 + [cards("3D")] * 3
    assert score_breakdown(reds + [cards(PURE), cards(MIXED)], [], False).red_threes == 1000
    assert score_breakdown(reds + [cards(PURE)], [], False).red_threes == -1000
    assert score_breakdown(reds[:5] + [cards(PURE)], [], False).red_threes == -500


def test_red_three_left_in_hand_is_750_once_per_player() -> None:
    hands = [cards("3H 3D 3H KS"), cards("3D"), cards("9C")]
    b = score_breakdown([cards("5H 5H 5S")], hands, False)
    assert b.red_three_in_hand == -1500  # two players hold red 3s, however many
    assert b.in_hand == -(10 + 10)  # a red 3 has no card value
    assert b.total == 15 - 20 - 1500


def test_a_samba_scores_only_its_bonus_and_cards_and_long_canasta_only_card_values() -> None:
    long = cards("KH KH KH KS KS KD KC KC KD")
    b = score_breakdown([long], [], False)
    assert b.pure_canastas == 500 and b.melded == 90


def test_side_score_negative_total() -> None:
    assert samba.side_score([cards("3D")], [cards("JK JK AS")], False) == -100 - 120


def test_side_score_refuses_an_invalid_meld() -> None:
    with refused(MejaError, match="same rank"):
        samba.side_score([cards("5H 5D 6H")], [], False)


# -- the engine -----------------------------------------------------------------------------


def rig(
    hands: dict[int, str], pile: str = "", stock: str = "9C 9C 9C 9C", players: int = 4,
    totals: tuple[int, ...] = (), options: object = None,
) -> samba.Samba:
    """A game at the start of seat 0's turn with the given cards (stock: last = top)."""
    st = samba.new_game(players, 0, options)
    for seat in range(players):
        st.hands[seat] = cards(hands.get(seat, "4C 6D 8S 10H QC"))
        st.cnt[seat] = [st.hands[seat].count(c) for c in range(53)]
    st.pile, st.stock = cards(pile), cards(stock)
    for side, total in enumerate(totals):
        st.side_totals[side] = total
    st.current = 0
    st._start_turn()
    return st


def legal(st: samba.Samba) -> list[str]:
    return [st.action_str(a) for a in st.legal_actions()]


def play(st: samba.Samba, *words: str) -> None:
    """Apply the legal actions printed as ``words``, one after another."""
    for word in words:
        found = [a for a in st.legal_actions() if st.action_str(a) == word]
        assert found, f"{word!r} is not legal; legal: {legal(st)}"
        st.apply(found[0])


def test_setup_deal_and_sides() -> None:
    for players, size in ((2, 15), (3, 15), (4, 15), (5, 15), (6, 13)):
        st = samba.new_game(players, 3)
        assert [len(h) for h in st.hands] == [size] * players
        assert len(st.pile) == 1 and len(st.stock) == 162 - size * players - 1
    assert samba.sides_of(4) == [0, 1, 0, 1] and samba.new_game(4).partner == [2, 3, 0, 1]
    assert samba.sides_of(6) == [0, 1, 2, 0, 1, 2] and samba.new_game(6).partner[1] == 4
    assert samba.sides_of(5) == [0, 1, 2, 3, 4] and samba.new_game(5).partner == [-1] * 5
    assert samba.new_game(3).current_player == 1  # left of the dealer (seat 0)


def test_deal_is_one_card_at_a_time_from_the_shuffled_pack() -> None:
    import random

    from models.cards import samba_pack

    deck = [int(c) for c in samba_pack()]
    random.Random("samba/5/0").shuffle(deck)
    st = samba.new_game(4, 5)
    assert st.hands[1][:2] == [deck[-1], deck[-5]] and st.hands[0][0] == deck[-4]
    assert st.pile == [deck[-61]] and st.stock == deck[:-61]


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_refused(players: int) -> None:
    with refused(SetupError, match="2 to 6 players"):
        samba.new_game(players)


@pytest.mark.parametrize(
    "options",
    [{"top_minimum": 155}, {"hands": -1}, {"target": 0}, {"first_dealer": 4}, {"colour": 1}],
)
def test_bad_options_refused(options: dict[str, int]) -> None:
    with pytest.raises(SetupError):
        samba.new_game(4, 0, options)


def test_draw_takes_the_top_two_of_the_stock() -> None:
    st = rig({0: "4H 9D"}, pile="KC", stock="5S 6S 7S")
    play(st, "draw")
    assert sorted(st.hands[0]) == sorted(cards("4H 9D 6S 7S")) and st.stock == cards("5S")


def test_take_pile_with_two_naturals_takes_the_whole_pile() -> None:
    st = rig({0: "KS KH 4D 5D JK"}, pile="7C 8C 2S KD")
    assert st.is_legal(samba.TAKE_GROUP + samba.PAIRS.index((0, 1)))
    assert "take the pile with S and H naturals" in legal(st)
    play(st, "take the pile with S and H naturals")
    assert st.melds(0) == [cards("KS KH KD")]
    assert sorted(st.hands[0]) == sorted(cards("4D 5D JK 7C 8C 2S"))
    assert st.pile == [] and st.observation(0).counted == 30


def test_pile_needs_two_naturals_not_a_wild() -> None:
    st = rig({0: "KS JK 2C 4D 5D"}, pile="KD")
    assert legal(st) == ["draw"]


@pytest.mark.parametrize("top", ["3S", "3H", "2D", "JK"])
def test_pile_blocked_by_a_three_or_a_wild(top: str) -> None:
    st = rig({0: "3S 3C 3H 3H 2S 2S JK JK 7D"}, pile=f"KD {top}")
    assert legal(st) == ["draw"]


def opened_side(extra: str = "", pile: str = "", **kw: object) -> samba.Samba:
    """Seat 0 melds 8H 9H 10H + KS KD KC (60 points) and is in its next draw phase."""
    st = rig({0: "8H 9H 10H KS KC KD 9S 9S " + extra}, stock="QC QC QC QC", pile=pile, **kw)
    play(st, "draw", "meld 8H 9H 10H", "meld KS KD KC", "done melding")
    assert st.opened[0]
    st.current = 0
    st._start_turn()
    return st


def test_take_pile_onto_a_melded_sequence() -> None:
    st = opened_side(pile="7H")
    assert "take the pile onto sequence 1" in legal(st)
    play(st, "take the pile onto sequence 1")
    assert st.melds(0)[1] == cards("7H 8H 9H 10H")
    st = opened_side(pile="AH")  # not adjacent
    assert legal(st) == ["draw"]


def test_first_meld_minimum_50_cancel_and_count() -> None:
    st = rig({0: "4H 5H 6H 7S 7C 7D 9S"}, stock="8C 8C")
    play(st, "draw", "meld 4H 5H 6H")
    assert st.observation(0).counted == 15
    assert not st.is_legal(samba.FINISH)
    with refused(IllegalAction, match="counts 15, below the 50"):
        st.apply(samba.FINISH)
    play(st, "meld 7S 7D 7C")  # 30: still short
    assert not st.is_legal(samba.FINISH)
    play(st, "take the melds back")
    assert st.melds(0) == [] and len(st.hands[0]) == 9
    assert legal(st) == ["done melding"]  # nothing else may be melded this turn
    play(st, "done melding")
    assert not st.opened[0]


def test_first_meld_several_melds_add_up() -> None:
    st = rig({0: "8H 9H 10H 7S 7C 7D 9S 4C"}, stock="8C 8C")
    play(st, "draw", "meld 8H 9H 10H", "meld 7S 7D 7C")  # 30 + 15 = 45
    assert not st.is_legal(samba.FINISH)
    st = rig({0: "8H 9H 10H 7S 7C 7D 9S 4C"}, stock="JH 8C")
    play(st, "draw", "meld 8H 9H 10H", "meld 7S 7D 7C", "add JH to sequence 1")
    assert st.is_legal(samba.FINISH)
    play(st, "done melding")
    assert st.opened[0]


@pytest.mark.parametrize(
    ("total", "top", "need"), [(-10, 150, 15), (1500, 150, 90), (3000, 150, 120),
                               (7000, 150, 150), (7000, 160, 160)],
)
def test_first_meld_minimum_by_score(total: int, top: int, need: int) -> None:
    st = rig({0: "9S 9C 9D 9H"}, stock="5C 5C", totals=(total, 0),
             options={"top_minimum": top})
    assert st.observation(0).minimum == need
    play(st, "draw", "meld 9S 9H 9D")  # 30
    assert st.is_legal(samba.FINISH) == (need <= 30)


def test_taken_pile_top_counts_the_rest_does_not() -> None:
    st = rig({0: "KS KH AH 9C 5D 6S"}, pile="AC AC KD")
    play(st, "take the pile with S and H naturals")
    assert st.observation(0).counted == 30
    play(st, "meld AH AC AC")
    assert st.observation(0).counted == 50  # only the own ace counts
    assert st.is_legal(samba.FINISH)


def test_cancel_after_taking_the_pile_returns_it() -> None:
    st = rig({0: "8S 8H 5D 9C"}, pile="4C 8D", stock="QC QD")
    play(st, "take the pile with S and H naturals")
    assert st.observation(0).counted == 30 and not st.is_legal(samba.FINISH)
    play(st, "take the melds back")
    assert st.pile == cards("4C 8D") and sorted(st.hands[0]) == sorted(cards("8S 8H 5D 9C"))
    assert legal(st) == ["draw"]  # the pile may not be taken again this turn


def test_group_wild_limits() -> None:
    st = opened_side("JK 2S KH JK")
    play(st, "draw", "add JK to the Ks")  # 3 naturals, 1 wild
    assert "add 2S to the Ks" not in legal(st)  # 3 naturals cannot carry 2 wilds
    play(st, "add KH to the Ks", "add 2S to the Ks")  # 4 naturals, 2 wilds
    play(st, "meld QC QC JK")
    assert "add JK to the Ks" not in legal(st)
    kings = st.groups[0][12]
    assert kings is not None and samba.is_group(kings) and len(kings) == 6


def test_red_threes_melded_one_by_one_even_before_the_first_meld() -> None:
    st = rig({0: "3H 3D 3H 5C 9S"}, stock="7C 8D")
    assert "meld 3H" not in legal(st)  # not before drawing
    play(st, "draw", "meld 3H", "meld 3D", "meld 3H")
    assert st.melds(0) == [cards("3H"), cards("3D"), cards("3H")]
    assert not any(a.startswith("add 3") for a in legal(st))
    play(st, "done melding")
    assert not st.opened[0]


def with_canastas(st: samba.Samba, side: int = 0) -> samba.Samba:
    st.groups[side][12] = cards("KS KS KH KH KD KC KC")
    st.groups[side][11] = cards("QS QS QH QH QD QC JK")
    st.big[side], st.nmelds[side], st.opened[side] = 2, 2, True
    return st


def test_going_out_by_melding_the_last_card() -> None:
    st = with_canastas(rig({0: "KH KD"}, stock="KS KC", options={"hands": 1}))
    play(st, "draw", "add KH to the Ks", "add KD to the Ks", "add KS to the Ks",
         "add KC to the Ks")
    assert st.is_over and st.results[0].end == "out"
    assert st.breakdowns[0][0].going_out == 200 and st.breakdowns[0][1].going_out == 0
    assert st.results[0].points[0] == st.breakdowns[0][0].total == st.results[0].points[2]


def test_going_out_by_discarding_the_last_card() -> None:
    st = with_canastas(rig({0: "KH 9C"}, stock="KS KD", options={"hands": 1}))
    play(st, "draw", "add KH to the Ks", "add KS to the Ks", "add KD to the Ks",
         "done melding", "discard 9C")
    assert st.is_over and st.results[0].end == "out"


def test_going_out_needs_two_canastas_or_sambas() -> None:
    st = with_canastas(rig({0: "KH 9C"}, stock="KS KD"))
    st.big[0] = 1
    play(st, "draw", "add KH to the Ks", "add KS to the Ks")
    assert "add KD to the Ks" not in legal(st)  # the discard would then go out
    play(st, "done melding")
    assert sorted(legal(st)) == ["discard 9C", "discard KD"]  # two cards: neither goes out


def test_black_threes_only_when_going_out() -> None:
    st = with_canastas(rig({0: "3S 3C 3S"}, stock="3C 9D", options={"hands": 1}))
    play(st, "draw", "meld the black 3s", "done melding", "discard 9D")
    assert st.is_over and st.breakdowns[0][0].melded == 70 + 110 + 20
    st = with_canastas(rig({0: "3S 3C 3S 5D"}, stock="3C 9D"))
    play(st, "draw")
    assert "meld the black 3s" not in legal(st)  # two cards would be left
    st = rig({0: "3S 3C 3S"}, stock="3C 9D")
    play(st, "draw")
    assert "meld the black 3s" not in legal(st)  # no canastas: cannot go out


def test_sequences_samba_closes_ace_high_no_threes() -> None:
    st = rig({0: "3H 4H 5H 6H 7H 8H 9H 10H 9S"}, stock="QS QS")
    play(st, "draw")
    starts = [w for w in legal(st) if w.startswith("meld") and len(w.split()) == 4]
    assert starts == ["meld 4H 5H 6H", "meld 5H 6H 7H", "meld 6H 7H 8H", "meld 7H 8H 9H",
                      "meld 8H 9H 10H"]
    play(st, "meld 5H 6H 7H", "add 4H to sequence 1", "add 8H to sequence 1",
         "add 9H to sequence 1", "add 10H to sequence 1")
    assert not any(w.startswith("add 3H") for w in legal(st))
    st = opened_side("JH QH KH AH 7H")
    play(st, "draw", "add JH to sequence 1", "add QH to sequence 1", "add KH to sequence 1",
         "add AH to sequence 1")
    assert samba.is_samba(st.melds(0)[1]) and st.big[0] == 1
    assert "add 7H to sequence 1" not in legal(st)  # a samba is closed


def test_ask_partner_no_forbids_going_out() -> None:
    st = with_canastas(rig({0: "KH 9C"}, stock="KS KD"))
    play(st, "draw", "ask partner: may I go out?")
    assert st.current_player == 2 and legal(st) == ["yes, go out", "no, do not go out"]
    play(st, "no, do not go out")
    assert st.current_player == 0
    play(st, "add KH to the Ks", "add KS to the Ks")
    assert "add KD to the Ks" not in legal(st) and "ask partner: may I go out?" not in legal(st)


def test_ask_partner_yes_binds_to_go_out() -> None:
    st = with_canastas(rig({0: "KH 9C"}, stock="KS KD", options={"hands": 1}))
    play(st, "draw", "ask partner: may I go out?", "yes, go out")
    assert "done melding" not in legal(st)  # Ks can still be melded
    play(st, "add KH to the Ks", "add KS to the Ks", "add KD to the Ks", "done melding",
         "discard 9C")
    assert st.is_over and st.results[0].end == "out"


def test_no_partner_to_ask_with_three_players() -> None:
    st = with_canastas(rig({0: "KH 9C"}, stock="KS KD", players=3))
    play(st, "draw")
    assert "ask partner: may I go out?" not in legal(st)


def test_stock_empty_take_the_pile_or_stop() -> None:
    st = rig({0: "KS KH 5C 6D"}, pile="KD", stock="", options={"hands": 1})
    assert legal(st) == ["stop (the stock is empty)", "take the pile with S and H naturals"]
    play(st, "stop (the stock is empty)")
    assert st.is_over and st.results[0].end == "stock"
    assert all(b.going_out == 0 for b in st.breakdowns[0])


def test_stock_empty_and_pile_blocked_ends_the_hand() -> None:
    st = rig({}, pile="3S", stock="", totals=(100, 0), options={"hands": 1})
    assert st.is_over and st.results[0].end == "stock"
    assert st.results[0].points == (-80, -80, -80, -80)


def test_a_tie_after_the_fixed_hands_plays_another_hand() -> None:
    st = rig({}, pile="3S", stock="", options={"hands": 1})  # both sides -80
    assert not st.is_over and st.hand_no == 1 and st.dealer == 1 and st.current == 2


def test_game_to_target_highest_wins_tie_plays_on() -> None:
    st = rig({}, stock="", totals=(10500, 200))
    assert st.is_over and st.totals == [10420, 120, 10420, 120] and st.winners == [0, 2]
    st = rig({}, stock="", totals=(10500, 10500))
    assert not st.is_over and st.hand_no == 1 and len(st.results) == 1
    assert st.dealer == 1 and len(st.hands[2]) == 15
    st = rig({}, stock="", totals=(100, 0), options={"hands": 1})
    assert st.is_over and st.winners == [0, 2]
    st = rig({}, stock="", totals=(9100, 0), options={"target": 9000})
    assert st.is_over


def test_observation_hides_the_partner_hand() -> None:
    st = samba.new_game(4, 2)
    seen = st.observation(0)
    assert list(seen.hand) == st.hands[0] and seen.partner == 2
    assert seen.hand_sizes == (15,) * 4 and seen.legal == ()
    assert str(tuple(st.hands[2])) not in str(seen)
    assert list(st.observation(1).legal) == st.legal_actions()


def test_clone_is_independent_and_replay_is_exact() -> None:
    st = samba.new_game(4, 9)
    copy = st.clone()
    copy.apply(copy.legal_actions()[0])
    assert st.actions == [] and st.phase == samba.DRAW_PHASE and len(st.stock) == 101
    again = samba.RULES.replay(4, 9, None, copy.actions)
    assert again.hands == copy.hands and again.stock == copy.stock


def test_illegal_action_raises_with_a_clear_message() -> None:
    st = samba.new_game(4, 1)
    with refused(IllegalAction, match="draw from the stock or take the pile"):
        st.apply(samba.FINISH)
    with refused(IllegalAction, match="not a Samba action"):
        st.apply(samba.NUM_ACTIONS)


def test_registered() -> None:
    from models.registry import GAMES

    assert GAMES["samba"].factory is samba.Samba and GAMES["samba"].max_players == 6
