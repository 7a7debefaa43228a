"""41: every rule and option of docs/rules.md (41), and the worked examples it quotes."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest

from models.cards import parse_cards, shuffle
from models.errors import IllegalAction, SetupError
from models.games import forty_one
from models.games.forty_one import (
    ACTIONS,
    DRAW,
    END,
    STOP,
    TAKE,
    VALUE,
    Options,
    counted_suit,
    decider,
    hand_key,
    hand_score,
    new_game,
    rank_hands,
    rank_seats,
    signed_values,
)
from models.registry import GAMES
from tests.english import refused


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def rig(
    state: forty_one.FortyOne,
    hands: list[str],
    stock: str = "",
    pile: str = "",
    empty: bool = False,
) -> None:
    """Give each seat the cards written, put ``stock`` on top of the stock (the first drawn
    first) and ``pile`` as the discards (the top last). The other cards go under the stock,
    or under the discards when ``empty`` (no stock left). All 52 cards stay in play."""
    held = [sorted(cards(h)) for h in hands]
    top, discards = cards(stock), cards(pile)
    used = [c for h in held for c in h] + top + discards
    assert len(used) == len(set(used)), "a card is rigged twice"
    rest = [c for c in range(52) if c not in set(used)]
    state.hands = held
    state.stock = top[::-1] if empty else rest + top[::-1]
    state.pile = rest + discards if empty else discards


def legal_by_check(state: forty_one.FortyOne) -> list[int]:
    return [a for a in range(ACTIONS) if state.is_legal(a)]


# -- scoring ---------------------------------------------------------------------------------
def test_card_values() -> None:
    assert [VALUE[c] for c in cards("AS 2S 5H 9D 10C JS QH KD")] == [11, 2, 5, 9, 10, 10, 10, 10]


@pytest.mark.parametrize(
    ("hand", "score"),
    [
        ("KS 3S 9H 8H", 4),  # 9+8-10-3
        ("AC 2S 3H 5D", 1),  # 11-2-3-5 for the club
        ("10H 2H 7S 9D", -4),  # 10+2-9-7
        ("AH KH JH 10H", 41),  # the perfect hand
        ("KC 6C 5C 4C", 25),
        ("AS QS 10S 4D", 27),
        ("JH 10H 7H 6H", 33),
        ("AS KS 7S 5S", 33),
        ("JH 10H 7H 4C", 23),
        ("AS KS 8S 6D", 23),
        ("2S 3H 4D 5C", -4),
        ("", 0),
    ],
)
def test_hand_score_seed_examples(hand: str, score: int) -> None:
    assert hand_score(cards(hand)) == score


def test_counted_suit_and_signed_values() -> None:
    assert counted_suit(cards("AC 2S 3H 5D")) == "C"
    assert signed_values(cards("AC 2S 3H 5D")) == [-5, -3, -2, 11]
    assert counted_suit(cards("KS 3S 9H 8H")) == "H"
    assert signed_values(cards("KS 3S 9H 8H")) == [-10, -3, 8, 9]
    assert counted_suit([]) == "" and signed_values([]) == []


def test_equal_suits_count_the_one_with_the_better_worst_card() -> None:
    # spades (10) and hearts (6+4) both give -2; counting spades leaves -6 as the worst card,
    # counting hearts would leave -10.
    hand = cards("10S 6H 4H 2D")
    assert hand_score(hand) == -2
    assert counted_suit(hand) == "S"
    assert signed_values(hand) == [-6, -4, -2, 10]
    hand = cards("6S 4S 10H 2D")  # the same with the suits swapped: hearts counted
    assert counted_suit(hand) == "H" and signed_values(hand) == [-6, -4, -2, 10]


def test_a_hand_without_four_of_a_suit_beats_the_stopper() -> None:
    hands = {"stopper": cards("KC 6C 5C 4C"), "you": cards("AS QS 10S 4D")}
    assert rank_hands(hands) == [["you"], ["stopper"]]
    assert decider(hands["you"], hands["stopper"]) == ("score", 0)


def test_ties_are_broken_by_the_worst_card() -> None:
    a, b = cards("JH 10H 7H 6H"), cards("AS KS 7S 5S")
    assert rank_hands({"Ana": b, "Bea": a}) == [["Bea"], ["Ana"]]
    assert decider(a, b) == ("card", 0)
    assert signed_values(a)[0] == 6 and signed_values(b)[0] == 5


def test_negative_worst_cards_compare_as_signed_values() -> None:
    a, b = cards("JH 10H 7H 4C"), cards("AS KS 8S 6D")
    assert rank_hands({"b": b, "a": a}) == [["a"], ["b"]]
    assert decider(a, b) == ("card", 0)
    assert (signed_values(a)[0], signed_values(b)[0]) == (-4, -6)


def test_the_next_worst_card_decides_when_the_worst_are_equal() -> None:
    a, b = cards("KH QH 9H 5H"), cards("AS JS 8S 5S")  # 34 each: 5 = 5, then 9 > 8
    assert hand_score(a) == hand_score(b) == 34
    assert decider(a, b) == ("card", 1)
    assert hand_key(a) > hand_key(b)


def test_fully_equal_hands_are_grouped() -> None:
    hands = {"a": cards("AS KS QS 2D"), "b": cards("AH KH QH 2C"), "c": cards("2S 3S 4S 5S")}
    assert rank_hands(hands) == [["a", "b"], ["c"]]
    assert decider(hands["a"], hands["b"]) == ("tie", 0)


def test_rank_seats_breaks_full_ties_by_turn_order_from_the_ender() -> None:
    # seats 0 and 2 tie on 29 (-2 10 10 11), seats 1 and 3 on 5 (-3 -2 4 6)
    hands = [cards(h) for h in ("AS KS QS 2D", "2C 3C 4H 6H", "AH KH QH 2C", "2H 3H 4D 6D")]
    assert rank_seats(hands, ender=3) == [0, 2, 3, 1]  # turn order 3, 0, 1, 2
    assert rank_seats(hands, ender=1) == [2, 0, 1, 3]  # turn order 1, 2, 3, 0
    assert rank_seats(hands, ender=0) == [0, 2, 1, 3]
    assert rank_seats(hands, ender=2) == [2, 0, 3, 1]


# -- options and set-up ----------------------------------------------------------------------
def test_defaults_follow_the_rules() -> None:
    o = Options()
    assert (o.first_dealer, o.hands, o.stop_threshold) == (0, 1, 0)
    assert not (o.instant_41 or o.redraw or o.running_score)


def test_registered() -> None:
    assert GAMES["forty_one"].factory is forty_one.FortyOne
    state = GAMES["forty_one"].new_game(4, seed=3, options={"redraw": True})
    assert isinstance(state, forty_one.FortyOne) and state.options.redraw


@pytest.mark.parametrize("players", [1, 9, 0])
def test_player_count_refused(players: int) -> None:
    with refused(SetupError, match="2 to 8 players"):
        new_game(players)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"first_dealer": 4}, "first dealer"),
        ({"first_dealer": -1}, "first dealer"),
        ({"hands": 0}, "1 to 1000 hands"),
        ({"stop_threshold": 42}, "0 \\(no threshold\\) to 41"),
        ({"stop_threshold": -1}, "0 \\(no threshold\\) to 41"),
        ({"instant41": True}, "Unknown option"),
        ({"redraw": 1}, "yes or no"),
    ],
)
def test_bad_options_refused(options: dict[str, object], words: str) -> None:
    with refused(SetupError, match=words):
        new_game(4, options=options)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_deal_four_cards_one_at_a_time_from_the_dealers_left(players: int) -> None:
    for dealer in (0, players - 1):
        state = new_game(players, seed=11, options={"first_dealer": dealer})
        deck = list(range(52))
        shuffle(deck, "forty_one/11/0")
        for i in range(players):
            seat = (dealer + 1 + i) % players
            expected = [deck[-1 - i - k * players] for k in range(4)]
            assert state.hands[seat] == sorted(expected)
        assert len(state.stock) == 52 - 4 * players and state.pile == []
        assert state.stock == deck[: 52 - 4 * players]
        assert state.current_player == dealer  # the dealer plays first in the first hand


def test_shuffle_is_deterministic() -> None:
    assert new_game(4, seed=5).hands == new_game(4, seed=5).hands
    assert new_game(4, seed=5).hands != new_game(4, seed=6).hands


# -- turns -----------------------------------------------------------------------------------
def test_first_turn_draws_from_the_stock_only() -> None:
    state = new_game(4, seed=1)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC", "AS AH AD 2C"])
    assert state.legal_actions() == [DRAW]
    assert not state.is_legal(TAKE)
    with refused(IllegalAction, match="no discard"):
        state.apply(TAKE)


def test_draw_then_discard_any_card_even_the_drawn_one() -> None:
    state = new_game(4, seed=1)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC", "AS AH AD 2C"], stock="9S")
    with refused(IllegalAction, match="Draw from the stock or take the discard first"):
        state.apply(cards("2S")[0])
    state.apply(DRAW)
    assert state.hands[0] == sorted(cards("2S 3H 4D 5C 9S"))
    assert state.legal_actions() == sorted(cards("2S 3H 4D 5C 9S"))
    assert state.legal_actions() == legal_by_check(state)
    with refused(IllegalAction, match="Discard a card first"):
        state.apply(DRAW)
    state.apply(cards("9S")[0])  # a card drawn from the stock may be discarded at once
    assert state.pile == cards("9S") and state.current_player == 1  # clockwise
    assert state.legal_actions() == [DRAW, TAKE]


def test_taken_discard_may_not_be_discarded_again() -> None:
    state = new_game(4, seed=1)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC", "AS AH AD 2C"], stock="9S")
    state.apply(DRAW)
    state.apply(cards("2S")[0])
    state.apply(TAKE)
    two_spades = cards("2S")[0]
    assert state.hands[1] == sorted(cards("6S 7H 8D 9C 2S"))
    assert state.taken == two_spades
    assert not state.is_legal(two_spades)
    assert state.legal_actions() == cards("6S 7H 8D 9C")
    with refused(IllegalAction, match="just taken from the discard"):
        state.apply(two_spades)
    state.apply(cards("9C")[0])
    assert state.taken == -1 and state.pile == cards("9C")


def test_redraw_lets_the_taken_card_go_back() -> None:
    state = new_game(4, seed=1, options={"redraw": True})
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC", "AS AH AD 2C"], stock="9S")
    state.apply(DRAW)
    state.apply(cards("2S")[0])
    state.apply(TAKE)
    assert state.is_legal(cards("2S")[0])
    state.apply(cards("2S")[0])
    assert state.pile == cards("2S") and state.current_player == 2


def test_only_the_previous_discard_can_be_taken() -> None:
    state = new_game(3, seed=2)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC"], stock="9S 8S")
    for card in ("2S", "6S"):
        state.apply(DRAW)
        state.apply(cards(card)[0])
    state.apply(TAKE)
    assert cards("6S")[0] in state.hands[2] and cards("2S")[0] not in state.hands[2]
    assert state.pile == cards("2S")


# -- stopping --------------------------------------------------------------------------------
def test_stop_on_the_very_first_turn_ends_at_once() -> None:
    state = new_game(4, seed=3, options={"first_dealer": 2})
    rig(state, ["AS AH AD 2C", "6S 7H 8D 9C", "KC 6C 5C 4C", "3S QS 10S 4D"])
    assert state.legal_actions() == [DRAW, STOP]
    state.apply(STOP)
    assert state.is_over and state.current_player == -1 and state.legal_actions() == []
    result = state.results[0]
    assert result.end == "stop" and result.moves == 1
    assert result.points == tuple(hand_score(h) for h in state.hands)


def test_the_stopper_can_lose() -> None:
    state = new_game(2, seed=3)
    rig(state, ["KC 6C 5C 4C", "AS QS 10S 4D"])
    state.apply(STOP)
    assert state.results[0].points == (25, 27)
    assert state.results[0].winners == (1,) and state.winners == [1]
    assert state.rankings == [[1, 0]]


def test_no_stop_without_four_of_a_suit() -> None:
    state = new_game(2, seed=3)
    rig(state, ["KC 6C 5C 4D", "AS QS 10S 4H"])
    assert not state.is_legal(STOP)
    with refused(IllegalAction, match="four cards of one suit"):
        state.apply(STOP)


def test_a_flush_made_by_discarding_stops_only_next_turn() -> None:
    state = new_game(2, seed=3)
    rig(state, ["KC 6C 5C 4D", "AS QS 10S 4H"], stock="2C 7D 8D")
    state.apply(DRAW)
    assert not state.is_legal(STOP)  # holding five cards in the middle of the turn
    state.apply(cards("4D")[0])  # now KC 6C 5C 2C
    assert state.current_player == 1 and not state.is_legal(STOP)
    state.apply(DRAW)
    state.apply(cards("7D")[0])
    assert state.current_player == 0 and state.legal_actions() == [DRAW, TAKE, STOP]
    state.apply(STOP)
    assert state.results[0].points == (23, 27) and state.winners == [1]


def test_stop_threshold() -> None:
    state = new_game(2, seed=3, options={"stop_threshold": 26})
    rig(state, ["KC 6C 5C 4C", "AS QS 10S 4H"])
    assert state.legal_actions() == [DRAW]
    with refused(IllegalAction, match="at least 26"):
        state.apply(STOP)
    state = new_game(2, seed=3, options={"stop_threshold": 25})
    rig(state, ["KC 6C 5C 4C", "AS QS 10S 4H"])
    assert state.legal_actions() == [DRAW, STOP]


# -- the empty stock -------------------------------------------------------------------------
def test_empty_stock_take_or_end() -> None:
    state = new_game(3, seed=4)
    rig(state, ["3H 4D 5C 6D", "6S 7H 8D 9C", "10S JH QD KC"], pile="2S", empty=True)
    assert state.legal_actions() == [TAKE, END]
    assert not state.is_legal(DRAW)
    with refused(IllegalAction, match="stock is empty"):
        state.apply(DRAW)
    state.apply(TAKE)
    state.apply(cards("3H")[0])
    assert state.current_player == 1 and state.legal_actions() == [TAKE, END]
    state.apply(END)
    assert state.is_over and state.results[0].end == "stock" and state.results[0].moves == 3


def test_end_only_with_an_empty_stock() -> None:
    state = new_game(3, seed=4)
    assert not state.is_legal(END)
    with refused(IllegalAction, match="only once the stock is empty"):
        state.apply(END)


def test_full_ties_rank_from_the_player_who_ended_play() -> None:
    # seats 0 and 2 hold equal hands; seat 1 ends play: turn order 1, 2, 0 -> seat 2 wins.
    state = new_game(3, seed=4)
    rig(state, ["AS KS QS 2D", "2C 3C 4H 6H", "AH KH QH 2S"], pile="5D", empty=True)
    state.current = 1
    state.apply(END)
    assert state.rankings == [[2, 0, 1]] and state.winners == [2]
    state = new_game(3, seed=4)
    rig(state, ["AS KS QS 2D", "2C 3C 4H 6H", "AH KH QH 2S"], pile="5D", empty=True)
    state.current = 2  # seat 2 ends play: seat 2 still first
    state.apply(END)
    assert state.rankings[0][0] == 2
    state = new_game(3, seed=4)
    rig(state, ["AS KS QS 2D", "2C 3C 4H 6H", "AH KH QH 2S"], pile="5D", empty=True)
    state.apply(END)  # seat 0 ends play
    assert state.rankings == [[0, 2, 1]] and state.winners == [0]


# -- 41 at once ------------------------------------------------------------------------------
def test_instant_41_after_a_discard() -> None:
    for instant in (False, True):
        state = new_game(2, seed=3, options={"instant_41": instant})
        rig(state, ["AH KH JH 2C", "AS QS 10S 4H"], stock="10H")
        state.apply(DRAW)
        state.apply(cards("2C")[0])
        assert state.is_over is instant
        if instant:
            assert state.results[0].end == "41" and state.winners == [0]
            assert state.results[0].points == (41, 27)
        else:
            assert state.current_player == 1


def test_instant_41_at_the_deal() -> None:
    # seed 3684 deals AH 10H JH QH to seat 1 of 4 (seat 0 deals and plays first)
    plain = new_game(4, seed=3684)
    assert hand_score(plain.hands[1]) == 41 and not plain.is_over
    state = new_game(4, seed=3684, options={"instant_41": True})
    assert state.is_over and state.actions == []
    assert state.results[0].end == "41" and state.results[0].moves == 0
    assert state.winners == [1]


# -- matches ---------------------------------------------------------------------------------
def test_loser_deals_and_winner_plays_first_next_hand() -> None:
    state = new_game(3, seed=8, options={"hands": 2, "first_dealer": 1})
    assert state.dealer == 1 and state.current_player == 1
    rig(state, ["2S 3H 4D 2H", "KC 6C 5C 4C", "AS QS 10S 4H"])
    state.apply(STOP)  # seat 1 stops with 25; seat 2 wins with 27; seat 0 loses with -1
    assert not state.is_over and state.hand_no == 1
    assert state.rankings == [[2, 1, 0]]
    assert (state.wins, state.losses) == ([0, 0, 1], [1, 0, 0])
    assert state.dealer == 0 and state.first == 2 and state.current_player == 2
    assert all(len(h) == 4 for h in state.hands) and state.pile == []
    assert len(state.stock) == 52 - 12
    deck = list(range(52))
    shuffle(deck, "forty_one/8/1")
    assert state.hands[1] == sorted(deck[-1 - 3 * k] for k in range(4))  # seat 1 is dealt first


def test_tally_and_running_score() -> None:
    for running in (False, True):
        state = new_game(3, seed=8, options={"hands": 2, "running_score": running})
        rig(state, ["2S 3H 4D 2H", "KC 6C 5C 4C", "AS QS 10S 4H"])
        state.current = 1
        state.apply(STOP)
        rig(state, ["JC 6S 5S 4S", "2C 3H 4D 5D", "9H 8H 7H 6H"])
        state.current = 2
        state.apply(STOP)
        assert state.is_over and len(state.results) == 2
        assert state.totals == [-1 + 5, 25 + 4, 27 + 30]
        assert state.wins == [0, 0, 2] and state.losses == [1, 1, 0]
        assert state.scores == (state.totals if running else [0, 0, 2])
        assert state.winners == [2]


def test_tally_winner_ties_broken_by_fewer_losses_then_shared() -> None:
    state = new_game(3, options={"hands": 2})
    state.over = True
    state.wins, state.losses = [1, 1, 0], [0, 1, 1]
    assert state.winners == [0]
    state.losses = [1, 1, 0]
    assert state.winners == [0, 1]
    state.options = Options(hands=2, running_score=True)
    state.totals = [30, 30, -2]
    assert state.winners == [0, 1] and state.scores == [30, 30, -2]


# -- views, copies, replay -------------------------------------------------------------------
def test_action_str() -> None:
    state = new_game(2)
    assert [state.action_str(a) for a in (DRAW, TAKE, STOP, END)] == ["draw", "take", "stop", "end"]
    assert state.action_str(cards("QH")[0]) == "QH"
    assert state.action_str(cards("10C")[0]) == "10C"


def test_observation_shows_only_what_the_seat_may_see() -> None:
    state = new_game(3, seed=9)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC"], stock="9S")
    state.apply(DRAW)
    state.apply(cards("2S")[0])
    state.apply(TAKE)
    for seat in range(3):
        obs = state.observation(seat)
        assert list(obs.hand) == state.hands[seat]
        assert obs.hand_sizes == (4, 5, 4)
        assert obs.discards == () and obs.top is None and obs.stock == len(state.stock)
        assert obs.taken == cards("2S")[0]  # everyone saw it taken
        assert list(obs.legal) == (state.legal_actions() if seat == 1 else [])
        assert not hasattr(obs, "hands") and obs.last_shown is None
        with pytest.raises(dataclasses.FrozenInstanceError):  # a value: the state is untouched
            obs.hand = ()  # type: ignore[misc]
        assert isinstance(obs.hand, tuple) and len(state.hands[seat]) == obs.hand_sizes[seat]


def test_only_the_drawer_sees_the_card_just_drawn_from_the_stock() -> None:
    state = new_game(3, seed=9)
    rig(state, ["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC"], stock="9S")
    assert state.observation(0).drawn is None
    state.apply(DRAW)
    assert [state.observation(s).drawn for s in range(3)] == [cards("9S")[0], None, None]
    state.apply(cards("2S")[0])
    assert state.observation(0).drawn is None
    state.apply(TAKE)
    assert state.observation(1).drawn is None  # taken from the discard: "taken" says it


def test_clone_is_independent() -> None:
    state = new_game(4, seed=10)
    state.apply(DRAW)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(state.hands[0]) == 5 and len(copy.hands[0]) == 4
    assert state.actions == [DRAW] and copy.actions[:1] == [DRAW] and len(copy.actions) == 2
    assert state.pile == [] and len(copy.pile) == 1


def test_replay_gives_the_same_match() -> None:
    rng = random.Random(1)
    options = {"hands": 3, "running_score": True}
    state = new_game(5, seed=12, options=options)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    again = forty_one.RULES.replay(5, 12, options, state.actions)
    assert again.results == state.results and again.shown == state.shown
    assert again.totals == state.totals and again.hands == state.hands


def test_engine_is_pure_python() -> None:
    code = "import sys, models.games.forty_one; print(sorted({'flet', 'tinydb'} & {*sys.modules}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
