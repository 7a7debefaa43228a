"""Each game's own figures for the rule lab, read from a finished game, against a move-by-move
replay that watches the engine (and a hand-checked action log)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from models.games import kartu_sama, sums
from models.games.base import RoundResult
from models.registry import GAMES

JK, DRAW = 52, kartu_sama.DRAW


def random_game(game: str, players: int, seed: int, options: object = None) -> object:
    state = GAMES[game].new_game(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_kartu_sama_debts_on_a_hand_checked_log() -> None:
    """Three players. Round 1: a joker, three cards paid; a joker, one card, then a draw (its
    debt failed); a joker, a joker (stacked: 3 + 2 owed), five cards. Round 2: a joker, one
    card and the hand is empty (the round ends: neither paid nor failed)."""
    actions = [JK, 1, 2, 3, 5, DRAW, JK, 6, DRAW, 7, JK, JK, 8, 9, 10, 11, 12, 4, JK, 13]
    results = [RoundResult((0, 1, 2), 18, "out", (0,), 1), RoundResult((0, 5, 5), 2, "out",
                                                                        (0,), 2)]
    state = SimpleNamespace(actions=actions, players=3, results=results, one_card=4)
    assert kartu_sama.KartuSama.figures(state) == {  # type: ignore[arg-type]
        "jokers": 5, "debts_paid": 2, "debts_failed": 1, "one_card": 4, "pile_ends": 0}


def watched_kartu_sama(seed: int, options: dict[str, object]) -> tuple[object, dict[str, int]]:
    """A random game, its debts and one-card draws counted from the engine before each move."""
    state = kartu_sama.new_game(3, seed, options)
    rng = random.Random(seed)
    seen = {"jokers": 0, "debts_paid": 0, "debts_failed": 0, "one_card": 0, "pile_ends": 0}
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        debt, held = state.debt, len(state.hands[state.current])
        rounds = len(state.results)
        state.apply(action)
        seen["jokers"] += action == JK
        if action == DRAW:
            seen["debts_failed"] += debt > 0
            seen["one_card"] += not debt and held == 1
        elif action < JK and debt == 1:
            seen["debts_paid"] += 1
        if len(state.results) > rounds:
            seen["pile_ends"] += state.results[-1].end == "pile"
    return state, seen


def test_kartu_sama_figures_match_a_watched_replay() -> None:
    totals: dict[str, int] = {}
    for seed in range(25):
        for options in ({"jokers": True}, {"jokers": True, "packs": 2, "play_after_draw": True},
                        {}):
            state, seen = watched_kartu_sama(seed, options)
            assert state.figures() == seen, (seed, options)  # type: ignore[attr-defined]
            for key, value in seen.items():
                totals[key] = totals.get(key, 0) + value
    assert min(totals.values()) > 50  # every figure was seen often


def test_forty_one_figures() -> None:
    state = random_game("forty_one", 4, 3, {"hands": 30, "instant_41": True})
    got = state.figures()  # type: ignore[attr-defined]
    ends = [r.end for r in state.results]  # type: ignore[attr-defined]
    assert got["stops"] == ends.count("stop") and got["stock_ends"] == ends.count("stock")
    assert got["fortyones"] >= ends.count("41")  # a 41 at once wins with 41
    assert got["stops"] + got["stock_ends"] + ends.count("41") == 30


def test_samba_figures_are_plausible() -> None:
    for seed in range(3):
        state = random_game("samba", 4, seed, {"hands": 1})
        got = state.figures()  # type: ignore[attr-defined]
        assert got["hands"] == 1
        assert 0 <= got["red_threes"] <= 6
        if state.results[0].end == "out":  # type: ignore[attr-defined]
            assert got["canastas"] + got["sambas"] >= 2  # going out needs two


def test_sums_counters_match_a_watched_replay() -> None:
    seen = 0
    for seed in range(20):
        state = sums.new_game(2, seed)
        rng = random.Random(seed)
        counters = 0
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            counters += state.phase == sums.COUNTERING and action < sums.TAKE
            state.apply(action)
        got = state.figures()
        assert got["counters"] == counters
        seen += counters
        assert got["removals"] == sum(map(len, state.captured))
        assert got["moves"] == len(state.actions)
    assert seen > 50
