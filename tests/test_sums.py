"""Sums: every rule and option of docs/rules.md (Sums), on arranged tables and dealt games."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from models.cards import parse_cards
from models.errors import IllegalAction, SetupError
from models.games import sums
from models.games.sums import (
    DRAW,
    LET,
    STOP,
    TAKE,
    TARGET,
    Capture,
    Options,
    Sums,
    capture,
    final_score,
    removable,
)
from models.registry import GAMES
from tests.english import refused


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def one(text: str) -> int:
    return cards(text)[0]


def table(
    hands: list[str],
    in_play: list[str],
    piles: tuple[str, ...] = ("2C 3C 4C", "5C 6C 7C"),
    options: object = None,
    seat: int = 0,
) -> Sums:
    """A game with arranged hands, cards in play and piles (a pile's top is its last card),
    ``seat`` to start its turn."""
    state = sums.new_game(len(hands), 0, options)
    n = len(hands)
    state.hands = [sorted(cards(h)) for h in hands]
    state.in_play = [[] for _ in range(n)]
    state.counts = [[0] * 52 for _ in range(n)]
    state.masks = [[0, 0] for _ in range(n)]
    for s, text in enumerate(in_play):
        for c in cards(text):
            state._put(s, c)
    state.piles = [cards(p) for p in piles]
    state._draws = list(range(DRAW, DRAW + len(piles)))
    state._start_turn(seat)
    return state


def target(seat: int, text: str) -> int:
    return TARGET + seat * 52 + one(text)


def play(state: Sums, *moves: str | int) -> None:
    """Apply moves written as a card (``"7H"``), ``"d0"`` (draw pile 0), or a code."""
    for move in moves:
        if isinstance(move, int):
            state.apply(move)
        elif move.startswith("d"):
            state.apply(DRAW + int(move[1:]))
        else:
            state.apply(one(move))


# -- set-up ---------------------------------------------------------------------------------


def test_options_defaults_follow_the_rules() -> None:
    o = Options()
    assert (o.packs, o.piles, o.hand_size, o.take_back, o.draw_or_play) == (0, 2, 0, False, False)
    assert [o.pack_count(n) for n in (2, 3, 4, 5, 8)] == [1, 1, 1, 2, 2]
    assert [o.hand(n) for n in (2, 3, 4, 5)] == [5, 5, 3, 5]
    assert Options(packs=2).hand(4) == 5  # 3 cards only with four players on one pack


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"piles": 1}, "from 2 to 8 community piles"),
        ({"piles": 9}, "from 2 to 8 community piles"),
        ({"packs": 5}, "from 1 to 4 packs"),
        ({"packs": -1}, "from 1 to 4 packs"),
        ({"hand_size": -1}, "cannot be negative"),
        ({"take_back": True, "draw_or_play": True}, "cannot be combined"),
        ({"colour": True}, "Unknown option 'colour'"),
        ({"piles": "two"}, "whole number"),
    ],
)
def test_bad_options_are_refused_in_words(options: dict[str, object], words: str) -> None:
    with refused(SetupError, match=words):
        sums.new_game(2, 0, options)


@pytest.mark.parametrize("players", [1, 9])
def test_player_count_is_2_to_8(players: int) -> None:
    with refused(SetupError, match="Sums is played by 2 to 8 players"):
        sums.new_game(players)


def test_a_deal_the_pack_cannot_cover_is_refused() -> None:
    with refused(SetupError, match=r"8 players need 66 cards .* one 52-card pack has 52"):
        sums.new_game(8, 0, {"packs": 1, "hand_size": 7})
    sums.new_game(8, 0, {"packs": 1})  # 8 x 6 + 2 = 50 cards: tight but possible


@pytest.mark.parametrize(
    ("players", "options", "hand", "pack", "pile_sizes"),
    [
        (2, None, 5, 52, [20, 20]),
        (3, None, 5, 52, [17, 17]),
        (4, None, 3, 52, [18, 18]),
        (5, None, 5, 104, [37, 37]),
        (8, None, 5, 104, [28, 28]),
        (2, {"piles": 3}, 5, 52, [13, 13, 14]),
        (5, {"piles": 4}, 5, 104, [18, 18, 19, 19]),
        (2, {"packs": 2}, 5, 104, [46, 46]),
        (4, {"packs": 2}, 5, 104, [40, 40]),
        (3, {"hand_size": 4}, 4, 52, [18, 19]),
    ],
)
def test_deal(
    players: int, options: dict[str, int] | None, hand: int, pack: int, pile_sizes: list[int]
) -> None:
    state = sums.new_game(players, 3, options)
    assert [len(h) for h in state.hands] == [hand] * players
    assert [len(p) for p in state.in_play] == [1] * players
    assert sorted(len(p) for p in state.piles) == pile_sizes
    groups = (state.hands, state.in_play, state.piles)
    everything = [c for group in groups for p in group for c in p]
    assert len(everything) == pack
    assert Counter(everything) == Counter({c: pack // 52 for c in range(52)})
    assert state.current_player == 0
    assert state.legal_actions() == [DRAW + i for i in range(len(pile_sizes))]


def test_the_deal_is_a_function_of_the_seed() -> None:
    a, b, c = sums.new_game(3, 11), sums.new_game(3, 11), sums.new_game(3, 12)
    assert (a.hands, a.in_play, a.piles) == (b.hands, b.in_play, b.piles)
    assert (a.hands, a.piles) != (c.hands, c.piles)


def test_registered_and_replayable() -> None:
    game = GAMES["sums"]
    assert (game.key, game.title, game.min_players, game.max_players) == ("sums", "Sums", 2, 8)
    state = game.new_game(3, 5, {"piles": 3})
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    again = game.replay(3, 5, {"piles": 3}, state.actions)
    assert isinstance(again, Sums)
    assert (again.hands, again.in_play, again.piles, again.captured) == (
        state.hands, state.in_play, state.piles, state.captured
    )


# -- values, scores, the removal test ------------------------------------------------------


def test_values_and_scoring_values() -> None:
    assert [sums.card_value(c) for c in cards("AS 2H 10D JC QS KH")] == [1, 2, 10, 11, 12, 13]
    assert [sums.score_value(c) for c in cards("AS 2H 10D JC QS KH")] == [3, 1, 1, 2, 2, 3]
    assert final_score(cards("AS 5H JD"), cards("KC QH 9S")) == 3 + 1 + 2 + 3 + 2 + 1
    assert final_score([], []) == 0


def test_removable_by_sum_and_by_difference_either_way() -> None:
    assert removable(one("7H"), cards("5D"), cards("QD")) == cards("QD")  # 7 + 5
    assert removable(one("7H"), cards("5D"), cards("2H")) == cards("2H")  # 7 - 5
    assert removable(one("3H"), cards("9D"), cards("6D")) == cards("6D")  # 9 - 3
    assert removable(one("7H"), cards("5D"), cards("3D 4H 6D 8H JD")) == []


def test_removal_needs_the_colour_of_the_card_played() -> None:
    assert removable(one("7H"), cards("5S"), cards("QD 2H")) == []  # black helper
    assert removable(one("7H"), cards("5D"), cards("QS 2C")) == []  # black targets
    assert removable(one("7S"), cards("5C"), cards("QS 2C QD")) == cards("QS 2C")


def test_helpers_are_the_players_own_other_cards() -> None:
    assert removable(one("7H"), [], cards("7D")) == []  # no helper, no sum
    assert removable(one("6H"), cards("6D"), cards("QH")) == cards("QH")  # 6 + 6
    assert removable(one("6H"), cards("6H"), cards("QH")) == cards("QH")  # a twin from a 2nd pack


def test_an_ace_falls_only_to_a_queen_of_its_colour() -> None:
    assert removable(one("QH"), [], cards("AD")) == cards("AD")
    assert removable(one("QS"), [], cards("AD")) == []  # queen of the other colour
    assert removable(one("6H"), cards("5D 7H"), cards("AD")) == []  # 6 - 5 = 1 is not enough
    assert removable(one("QH"), cards("QD"), cards("AD KH")) == cards("AD")


def test_a_king_falls_only_to_a_two_of_its_colour() -> None:
    assert removable(one("2C"), [], cards("KS")) == cards("KS")
    assert removable(one("2H"), [], cards("KS")) == []
    assert removable(one("8S"), cards("5C"), cards("KS")) == []  # 8 + 5 = 13 is not enough
    assert removable(one("2C"), cards("5C"), cards("KS 3S 7C")) == cards("KS 3S 7C")


def test_removable_lists_each_card_once() -> None:
    assert removable(one("7H"), cards("5D"), cards("QD 2H QD")) == cards("QD 2H")


def test_explain_gives_the_helper_and_the_operation() -> None:
    reason = capture(one("7H"), cards("5D 3S"), one("QD"))
    assert reason == Capture(parse_cards("7H")[0], parse_cards("5D")[0], parse_cards("QD")[0], "+")
    assert str(reason) == "7H + 5D = 12: QD"
    low = capture(one("3H"), cards("9D"), one("6H"))
    assert low is not None and str(low) == "9D - 3H = 6: 6H"
    ace = capture(one("QC"), [], one("AS"))
    assert ace is not None and ace.helper is None and ace.op == "ace"
    assert str(ace) == "QC: AS"
    king = capture(one("2D"), [], one("KH"))
    assert king is not None and king.op == "king"
    assert capture(one("QS"), [], one("AD")) is None
    assert capture(one("7H"), cards("5S"), one("QD")) is None


# -- a turn -----------------------------------------------------------------------------------


def test_a_turn_is_draw_then_place() -> None:
    state = table(["3H 9S", "4S 8C"], ["10C", "JD"])
    assert state.legal_actions() == [DRAW, DRAW + 1]
    with refused(IllegalAction, match="Draw the top card of a community pile first"):
        play(state, "3H")
    play(state, "d1")  # the top of pile 1 is 7C
    assert state.hands[0] == sorted(cards("3H 9S 7C")) and state.piles[1] == cards("5C 6C")
    assert state.legal_actions() == sorted(cards("3H 9S 7C"))
    with refused(IllegalAction, match="drawn already"):
        play(state, "d0")
    with refused(IllegalAction, match="not in the player's hand"):
        play(state, "4S")
    play(state, "9S")
    assert state.in_play[0] == cards("10C 9S")
    assert state.current_player == 1 and state.legal_actions() == [DRAW, DRAW + 1]


def test_a_single_removable_card_is_taken_at_once() -> None:
    state = table(["7H 9S", "4S 8C"], ["5D", "QD 3S"])
    play(state, "d0", "7H")
    assert state.in_play == [cards("5D 7H"), cards("3S")]
    assert state.captured == [cards("QD"), []]
    assert state.removals == [(0, 1, one("QD"))]
    assert state.scores == [1 + 1 + 2, 1]
    assert state.current_player == 1


def test_several_candidates_the_player_picks_one() -> None:
    state = table(["7H 9S", "4S 8C", "5S 6S"], ["5D", "QD", "2H 9C"])
    play(state, "d0", "7H")
    assert state.legal_actions() == sorted([target(1, "QD"), target(2, "2H")])
    assert state.targets() == [(1, parse_cards("QD")[0]), (2, parse_cards("2H")[0])]
    assert state.current_player == 0
    with refused(IllegalAction, match="Choose which"):
        play(state, "9S")
    state.apply(target(2, "2H"))
    assert state.captured[0] == cards("2H")
    assert state.in_play[1] == cards("QD")  # only one card per play
    assert state.current_player == 1


def test_an_ace_is_not_taken_by_a_queen_of_the_other_colour() -> None:
    state = table(["QS QH", "4S 8C"], ["5D", "AD"])
    play(state, "d0", "QS")
    assert state.captured == [[], []] and state.in_play[1] == cards("AD")
    state = table(["QS QH", "4S 8C"], ["5D", "AD"])
    play(state, "d0", "QH")
    assert state.captured[0] == cards("AD")


def test_a_king_is_taken_by_a_two_of_its_colour() -> None:
    state = table(["2D 9S", "4S 8C"], ["10C", "KH"])
    play(state, "d0", "2D")
    assert state.captured[0] == cards("KH") and state.in_play[1] == []
    state = table(["2S 9S", "4S 8C"], ["10C", "KH"])
    play(state, "d0", "2S")
    assert state.captured == [[], []]


def test_a_card_played_never_takes_the_players_own_cards() -> None:
    state = table(["7H 9S", "4S 8C"], ["5D QD", "3S"])
    play(state, "d0", "7H")
    assert state.captured == [[], []] and state.in_play[0] == cards("5D QD 7H")


# -- counters ---------------------------------------------------------------------------------


def test_a_three_step_counter_chain_removes_only_the_last_attacked_card() -> None:
    # Ann (0) plays 7H: 7 + 5D = 12 attacks Bea's QD.
    state = table(["7H 2D 3H 9S", "5H 10H KS 8C"], ["5D", "QD"])
    play(state, "d0", "7H")
    assert state.attack == (0, one("7H"), 1, one("QD"))
    assert state.current_player == 1 and state.legal_actions() == [one("5H"), LET]
    play(state, "5H")  # Bea: 12 - 5 = 7 attacks Ann's 7H
    assert state.attack == (1, one("5H"), 0, one("7H"))
    assert state.current_player == 0 and state.legal_actions() == [one("2D"), LET]
    play(state, "2D")  # Ann: 7 - 2 = 5 attacks Bea's 5H
    assert state.legal_actions() == [one("10H"), LET]
    play(state, "10H")  # Bea: 12 - 10 = 2 attacks Ann's 2D
    assert state.current_player == 0 and state.legal_actions() == [one("3H"), LET]
    assert len(state.chain) == 4
    state.apply(LET)
    assert state.captured == [[], cards("2D")]
    assert state.in_play == [cards("5D 7H"), cards("QD 5H 10H")]
    assert state.chain == [] and state.attack is None
    # Turns so far: Ann's turn, then Bea, Ann, Bea countering: Ann plays next.
    assert state.current_player == 0 and state.legal_actions() == [DRAW, DRAW + 1]
    assert state.skips == [0, 0]


def test_letting_an_attack_go_removes_the_attacked_card() -> None:
    state = table(["7H 9S", "5H 8C"], ["5D", "QD"])
    play(state, "d0", "7H")
    with refused(IllegalAction, match="Counter the attack"):
        play(state, "8C")
    state.apply(LET)
    assert state.captured == [cards("QD"), []] and state.in_play[1] == []
    assert state.current_player == 1 and state.skips == [0, 0]


def test_a_counter_is_the_counterers_next_turn() -> None:
    # Three players: Ann (0) attacks Cid's (2) QD; Cid counters; Bea (1) plays next, then
    # Cid's turn is skipped (he played it as a counter), then Ann.
    state = table(["7H 9S", "4S 8C", "5H 8S"], ["5D", "10S", "QD"])
    play(state, "d0", "7H")
    assert state.current_player == 2
    play(state, "5H")
    assert state.captured == [[], [], cards("7H")]  # Ann holds no counter: settled at once
    assert state.current_player == 1 and state.skips == [0, 0, 1]
    play(state, "d0", "4S")
    assert state.current_player == 0 and state.skips == [0, 0, 0]


def test_no_counter_card_means_no_question() -> None:
    state = table(["7H 9S", "5S 8C"], ["5D", "QD"])  # 5S is the wrong colour
    play(state, "d0", "7H")
    assert state.captured == [cards("QD"), []] and state.current_player == 1


def test_the_counter_uses_the_ace_and_king_rules_too() -> None:
    # Bea attacks Ann's 9H with an ace (AH + 8D = 9); only a queen of that colour counters it.
    state = table(["QD QS 7H", "AH 3S"], ["9H", "8D"], seat=1)
    play(state, "d0", "AH")
    assert state.attack == (1, one("AH"), 0, one("9H"))
    assert state.legal_actions() == [one("QD"), LET]  # 7H: 7 + 9 = 16, 9 - 7 = 2: not 1
    play(state, "QD")
    assert state.captured == [cards("AH"), []]


# -- multi-pack -------------------------------------------------------------------------------


def test_identical_cards_from_two_packs() -> None:
    state = table(["7H 7H 9S", "4S 8C"], ["5D", "QD QD"], options={"packs": 2})
    play(state, "d0")
    assert state.legal_actions() == sorted(cards("7H 9S 4C"))  # each card once
    play(state, "7H")
    assert state.captured[0] == cards("QD")  # one of the two identical queens
    assert state.in_play[1] == cards("QD")
    assert state.hands[0] == sorted(cards("7H 9S 4C"))
    play(state, "d0", "8C", "d0", "7H")  # the other queen still falls to the other 7H
    assert state.captured[0] == cards("QD QD") and state.in_play[1] == cards("8C")


def test_a_helper_of_the_same_value_survives_the_removal_of_its_twin() -> None:
    state = table(["2C 9H", "7C 9S"], ["3S 4S", "5S 5C"])
    play(state, "d0", "2C")  # 2 + 3 = 5: 5S or 5C
    assert state.legal_actions() == [target(1, "5S"), target(1, "5C")]
    state.apply(target(1, "5S"))
    assert state.legal_actions() == [one("7C"), LET]  # 7 - 5 = 2 would counter
    state.apply(LET)
    assert state.in_play[1] == cards("5C")
    play(state, "d0", "9S")  # 9 - 5C = 4: Ann's 4S falls
    assert state.captured == [cards("5S"), cards("4S")]


# -- four players: hands of 3 ------------------------------------------------------------------


def test_four_players_on_one_pack_hold_three_cards() -> None:
    state = sums.new_game(4, 9)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    play(state, "d0")
    assert len(state.hands[0]) == 4
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 3


# -- the end ----------------------------------------------------------------------------------


def test_the_game_ends_when_a_pile_is_empty_at_the_start_of_a_turn() -> None:
    state = table(["3H 9S", "4S 8C"], ["10C", "JD"], piles=("2C", "5C 6C 7C"))
    play(state, "d0", "3H")  # pile 0 is now empty
    assert state.current_player == 1
    assert state.legal_actions() == [*sorted(cards("4S 8C")), STOP]
    with refused(IllegalAction, match="one last card or end the game"):
        play(state, "d1")
    state.apply(STOP)
    assert state.is_over and state.current_player == -1 and state.legal_actions() == []
    assert state.results[0].end == "pile" and state.results[0].points == (2, 2)


def test_the_last_card_may_remove() -> None:
    state = table(["3H", "7H 9S"], ["10C QD", "5D"], piles=("2C", "5C 6C 7C"))
    play(state, "d0", "3H")
    assert state.legal_actions() == [*sorted(cards("7H 9S")), STOP]
    play(state, "7H")
    assert state.is_over and state.captured[1] == cards("QD")
    assert state.scores == [1 + 1, 1 + 1 + 2] and state.winners == [1]


@pytest.mark.parametrize("players", [2, 3])
def test_the_last_card_removes_and_no_one_may_counter_it(players: int) -> None:
    # Bea holds 5H, which would counter 7H (QD - 5H = 7) anywhere else: not after the last card.
    hands = ["7H 9S", "5H 8C", "6S"][:players]
    up = ["5D", "QD", "2S"][:players]
    state = table(hands, up, piles=("", "5C"))
    assert state.legal_actions() == [*sorted(cards("7H 9S")), STOP]
    play(state, "7H")
    assert state.is_over and state.legal_actions() == [] and state.chain == []
    assert state.captured[:2] == [cards("QD"), []] and state.in_play[1] == []
    assert state.actions == [one("7H")]


@pytest.mark.parametrize("players", [2, 3])
def test_a_last_card_with_several_targets_removes_the_one_picked_and_stands(
    players: int
) -> None:
    hands = ["7H 9S", "5H 8C", "6S"][:players]
    up = ["5D", "QD 2D", "2S"][:players]  # 7H takes QD (7 + 5) or 2D (7 - 5); 5H counters both
    state = table(hands, up, piles=("", "5C"))
    play(state, "7H")
    assert state.legal_actions() == [target(1, "2D"), target(1, "QD")]
    state.apply(target(1, "2D"))
    assert state.is_over and state.captured[0] == cards("2D")


@pytest.mark.parametrize("players", [2, 3])
def test_a_counter_once_a_pile_is_empty_is_the_counterers_last_card(players: int) -> None:
    # Ann empties pile 0 and her 7H attacks Bea's QD; Bea counters with 5H (QD - 5H = 7), and
    # Ann's 10H (10H - 5D = 5) would take it back: the counter stands and the game is over.
    hands = ["7H 10H", "5H 8C", "6S"][:players]
    up = ["5D", "QD", "2S"][:players]
    state = table(hands, up, piles=("2C", "5C 6C"))
    play(state, "d0", "7H")
    assert state.piles[0] == [] and state.current_player == 1
    assert state.legal_actions() == [one("5H"), LET]
    play(state, "5H")
    assert state.is_over and state.chain == []
    assert state.captured[:2] == [[], cards("7H")]
    assert state.in_play[:2] == [cards("5D"), cards("QD 5H")]
    assert cards("10H")[0] in state.hands[0]


def test_a_counter_while_the_piles_hold_cards_may_be_countered_back() -> None:
    state = table(["7H 10H", "5H 8C"], ["5D", "QD"], piles=("2C 3C", "5C 6C"))
    play(state, "d0", "7H", "5H")
    assert not state.is_over and state.legal_actions() == [one("10H"), LET]


def test_letting_the_attack_go_once_a_pile_is_empty_leaves_one_last_card() -> None:
    state = table(["7H 10H", "5H 8C", "6S"], ["5D", "QD", "2S"], piles=("2C", "5C 6C"))
    play(state, "d0", "7H", LET)
    assert state.captured[0] == cards("QD") and state.current_player == 1
    assert state.legal_actions() == [*sorted(cards("5H 8C")), STOP]
    play(state, "8C")
    assert state.is_over


def test_an_empty_hand_when_a_pile_is_empty_ends_the_game() -> None:
    state = table(["", "4S"], ["10C", "JD"], piles=("", "5C"))
    assert state.is_over and state.results[0].moves == 0


def test_winner_highest_score_then_more_removed_then_shared() -> None:
    state = table(["9S", "9C"], ["2S 3S 4S", "AS QS"], piles=("", "5C"))
    state.captured[0] = cards("QD")
    state.apply(STOP)
    assert state.scores == [5, 5] and state.winners == [0]
    assert state.results[0].winners == (0,)
    state = table(["9S", "9C"], ["2S 3S", "4S 5S"], piles=("", "5C"))
    state.apply(STOP)
    assert state.winners == [0, 1]
    state = table(["9S", "9C"], ["KS", "4S 5S"], piles=("", "5C"))
    state.apply(STOP)
    assert state.winners == [0]


# -- variants ---------------------------------------------------------------------------------


def test_take_back_while_the_hand_holds_fewer_than_five() -> None:
    opts = {"take_back": True}
    state = table(["3H 9S 4D", "4S 8C 5S"], ["10C JD", "JH"], options=opts)
    play(state, "d0")  # 4 in hand
    takes = sorted([TAKE + one("10C"), TAKE + one("JD")])
    assert state.legal_actions() == [*sorted(cards("3H 9S 4D 4C")), *takes]
    state.apply(TAKE + one("JD"))
    assert state.hands[0] == sorted(cards("3H 9S 4D 4C JD")) and state.in_play[0] == cards("10C")
    assert state.current_player == 1 and state.captured == [[], []]
    state = table(["3H 9S 4D 5D", "4S"], ["10C", "JH"], options=opts)
    play(state, "d0")  # 5 in hand: no take back
    assert state.legal_actions() == sorted(cards("3H 9S 4D 5D 4C"))
    with refused(IllegalAction, match="fewer than 5"):
        state.apply(TAKE + one("10C"))


def test_take_back_is_off_by_default() -> None:
    state = table(["3H", "4S"], ["10C", "JH"])
    play(state, "d0")
    assert TAKE + one("10C") not in state.legal_actions()
    with refused(IllegalAction, match="not allowed"):
        state.apply(TAKE + one("10C"))


def test_draw_or_play() -> None:
    opts = {"draw_or_play": True}
    state = table(["7H 9S", "5S"], ["5D", "QD"], options=opts)
    assert state.legal_actions() == [*sorted(cards("7H 9S")), DRAW, DRAW + 1]
    play(state, "7H")  # a play without a draw, and it removes as usual
    assert state.captured[0] == cards("QD") and state.piles[0] == cards("2C 3C 4C")
    assert state.current_player == 1
    play(state, "d1")  # a draw ends the turn
    assert state.hands[1] == sorted(cards("5S 7C")) and state.current_player == 0
    state = table(["", "5S"], ["5D", "QD"], options=opts)
    assert state.legal_actions() == [DRAW, DRAW + 1]  # an empty hand must draw


# -- views --------------------------------------------------------------------------------------


def test_observation_shows_the_own_hand_only() -> None:
    state = sums.new_game(3, 4)
    obs = state.observation(1)
    assert list(obs.hand) == state.hands[1] and obs.hand_sizes == (5, 5, 5)
    assert [list(p) for p in obs.in_play] == state.in_play and obs.pile_sizes == (17, 17)
    assert list(obs.piles) == [p[-1] for p in state.piles]
    assert obs.legal == () and state.observation(0).legal == (DRAW, DRAW + 1)
    other = state.clone()
    other.hands[0], other.hands[2] = other.hands[2], other.hands[0]
    assert other.observation(1) == obs
    assert other.observation(0) != state.observation(0)


def test_action_str() -> None:
    state = sums.new_game(2)
    assert state.action_str(one("QH")) == "QH"
    assert state.action_str(DRAW) == "draw pile 1"
    assert state.action_str(TAKE + one("7D")) == "take back 7D"
    assert state.action_str(LET) == "let go" and state.action_str(STOP) == "stop"
    assert state.action_str(target(1, "QD")) == "remove QD of seat 1"


def test_clone_is_independent() -> None:
    state = table(["7H 9S", "5H 8C"], ["5D", "QD"])
    copy = state.clone()
    play(copy, "d0", "7H", LET)
    assert state.hands == [sorted(cards("7H 9S")), sorted(cards("5H 8C"))]
    assert state.in_play == [cards("5D"), cards("QD")] and state.captured == [[], []]
    assert state.piles[0] == cards("2C 3C 4C") and state.actions == []


def test_models_import_without_ui_or_storage() -> None:
    code = "import sys, models.games.sums; print('flet' in sys.modules, 'tinydb' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
