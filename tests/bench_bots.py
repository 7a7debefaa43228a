"""Computer players: win rates and the strong player's thinking time. Run with
``python -m tests.bench_bots [--quick]``; prints, per game, the simple player's share of wins
against random play, the strong player's against the simple one (each deal played twice,
seats swapped; ties count half; +- one standard error), and the strong player's median and
worst decision time (only the decisions it searches; bar: 0.5 s)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from models import bots
from models.games import GAMES

# (game, players, options, deals simple-vs-random, deals strong-vs-simple)
CASES: list[tuple[str, int, Any, int, int]] = [
    ("kartu_sama", 4, {"rounds": 1}, 300, 20),
    ("forty_one", 2, None, 300, 30),
    ("samba", 2, {"hands": 1}, 40, 5),
    ("sums", 2, None, 300, 25),
]
BAR = 0.5


def match(
    game: str, players: int, options: Any, a: bots.Chooser, b: bots.Chooser, deals: int,
    seed: int, timed: Callable[[float], None] | None = None,
) -> tuple[float, float]:
    """A's share of the wins (seats alternate A, B, A...: an even number of seats, so an even
    share is 0.5; each deal is played again with the seats swapped) and its standard error
    over the deals."""
    shares = []
    searched = bots.BOOKS[game].searched
    for deal in range(deals):
        won = 0.0
        for flip in (0, 1):
            state = GAMES[game].new_game(players, seed + deal, options)
            seats = [a if (s + flip) % 2 == 0 else b for s in range(players)]
            rng = random.Random(seed + deal)
            while not state.is_over:
                choose = seats[state.current_player]
                if timed and choose is a and searched(state) and len(state.legal_actions()) > 1:
                    start = time.perf_counter()
                    action = choose(state, rng)
                    timed(time.perf_counter() - start)
                else:
                    action = choose(state, rng)
                state.apply(action)
            winners = state.winners
            won += sum(1 for s in winners if seats[s] is a) / len(winners)
        shares.append(won / 2)
    mean = statistics.fmean(shares)
    error = statistics.stdev(shares) / len(shares) ** 0.5 if len(shares) > 1 else 0.0
    return mean, error


def main(argv: list[str] | None = None) -> int:
    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    print(f"{'game':<12}{'seats':>6}{'simple/random':>18}{'strong/simple':>18}"
          f"{'median s':>10}{'worst s':>9}{'decisions':>10}")
    over = 0
    for game, players, options, easy, hard in CASES:
        if quick:
            easy, hard = max(4, easy // 10), max(2, hard // 5)
        simple = bots.chooser(game, "simple")
        s_rate, s_err = match(game, players, options, simple, bots.random_player, easy, 0)
        times: list[float] = []
        strong = bots.chooser(game, "strong")
        h_rate, h_err = match(game, players, options, strong, simple, hard, 10_000,
                              times.append)
        median, worst = statistics.median(times), max(times)
        over |= worst > BAR
        print(f"{game:<12}{players:>6}{s_rate:>11.3f} +-{s_err:.3f}{h_rate:>11.3f} +-{h_err:.3f}"
              f"{median:>10.3f}{worst:>9.3f}{len(times):>10}")
    print(f"(share of wins of the first-named player; an even share is 0.500; bar {BAR} s)")
    return int(over)


if __name__ == "__main__":
    sys.exit(main())
