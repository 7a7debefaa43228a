"""Engine speed: random self-play per game, microseconds per move (best of several runs, so
a busy machine disturbs it less). Run with ``python -m tests.bench_engines``; prints figures,
then Kartu Sama against OpenSpiel's C++ crazy_eights driven from Python the same way (the
``bench`` extra installs open_spiel where it has wheels)."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from models.registry import GAMES
from models.simulate import simulate

# (game, players, games per run, options, bar in microseconds per move)
CASES = [
    ("kartu_sama", 4, 2000, None, 3.0),
    ("forty_one", 4, 2000, None, 3.0),
    ("sums", 2, 2000, None, 5.0),
    ("samba", 4, 200, {"hands": 1}, 20.0),
]


def best_of(runs: int, game: str, players: int, games: int, options: Any) -> tuple[float, ...]:
    """Best wall and CPU microseconds per move over ``runs`` runs, and the best games/s."""
    best, best_cpu, rate = float("inf"), float("inf"), 0.0
    for run in range(runs):
        cpu = time.process_time()
        report = simulate(game, players, games, seed=run * games, options=options)
        cpu_us = (time.process_time() - cpu) / max(1, report.moves) * 1e6
        best = min(best, report.us_per_move)
        best_cpu = min(best_cpu, cpu_us)
        rate = max(rate, report.games_per_s)
    return best, best_cpu, rate


def kartu_sama(players: int, games: int, seed: int) -> float:
    """Microseconds per move of Kartu Sama in the loop :func:`crazy_eights` times (the one
    :func:`models.simulate.simulate` times): a new match, its methods looked up once, then
    uniformly random legal moves to its end."""
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    start = time.process_time()
    for g in range(games):
        state = GAMES["kartu_sama"].new_game(players, seed + g)
        legal, apply = state.legal_actions, state.apply
        while not state.is_over:
            apply(choice(legal()))
            moves += 1
    return (time.process_time() - start) / max(1, moves) * 1e6


def crazy_eights(pyspiel: Any, players: int, games: int, seed: int) -> float:
    """Microseconds per player move of OpenSpiel's crazy_eights: a new game, its methods
    looked up once, then uniformly random legal moves to the end (the deal's chance outcomes
    are timed, not counted as moves)."""
    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        over, chance, legal, apply = (
            state.is_terminal, state.is_chance_node, state.legal_actions, state.apply_action
        )
        while not over():
            if chance():
                apply(choice(state.chance_outcomes())[0])
            else:
                apply(choice(legal()))
                moves += 1
    return (time.process_time() - start) / max(1, moves) * 1e6


def versus_open_spiel(runs: int, players: int = 4, games: int = 2000) -> None:
    """Kartu Sama and crazy_eights in the same loop, best of ``runs`` each, interleaved in one
    run; CPU time, so the other work on a busy machine counts for neither."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("open_spiel not installed: ratio skipped")
        return
    ours, theirs = float("inf"), float("inf")
    for run in range(runs):
        ours = min(ours, kartu_sama(players, games, seed=run * games))
        theirs = min(theirs, crazy_eights(pyspiel, players, games, seed=run))
    print(f"kartu_sama {ours:.2f} cpu us/move, open_spiel crazy_eights {theirs:.2f} cpu us/move, "
          f"{players} players: ratio {ours / theirs:.2f}")


def main(runs: int = 5) -> int:
    print(f"{'game':<12}{'players':>8}{'us/move':>10}{'cpu us':>9}{'games/s':>10}{'bar':>6}")
    worst = 0
    for game, players, games, options, bar in CASES:
        best, best_cpu, rate = best_of(runs, game, players, games, options)
        flag = "" if best <= bar else "  over the bar"
        worst = worst or int(best > bar)
        print(f"{game:<12}{players:>8}{best:>10.2f}{best_cpu:>9.2f}{rate:>10.0f}{bar:>6.0f}{flag}")
    versus_open_spiel(runs)
    replay_figure(runs)
    return worst


def replay_figure(runs: int) -> None:
    """A match at the table is derived again from its events at every load: the CPU time of
    replaying one of 300 events (Kartu Sama, three players)."""
    from tests.test_match import long_match

    match = long_match()
    best = min(_replay_once(match) for _ in range(runs))
    print(f"match replay, {len(match.events)} events: {best * 1000:.2f} cpu ms")


def _replay_once(match: Any, times: int = 20) -> float:
    start = time.process_time()
    for _ in range(times):
        match.replay()
    return (time.process_time() - start) / times


if __name__ == "__main__":
    sys.exit(main())
