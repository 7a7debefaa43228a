"""Computer players: win rates and the strong player's thinking time. Run with
``python -m tests.bench_bots [--quick] [--game GAME] [--deals N]`` (``--game``: that game
only; ``--deals``: N deals for each pairing instead of the defaults); prints, per game, the
simple player's share of wins against random play, the strong player's against the simple
one (each deal played twice, seats swapped; ties count half; +- one standard error), and the
strong player's median and worst decision time (only the decisions it searches; bar:
0.5 s)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from models import computers
from models.games import GAMES

# (game, options, (seats, deals) simple-vs-random, (seats, deals) strong-vs-simple). Two-seat
# Kartu Sama is mostly luck for a rule of thumb against random play, so that pairing uses four
# seats; the strong player's gain is measured head to head, where one choice weighs most. In
# 41 that gain is a few points of win share, so it takes a couple of hundred deals to show.
CASES: list[tuple[str, Any, tuple[int, int], tuple[int, int]]] = [
    ("kartu_sama", {"rounds": 1}, (4, 300), (2, 40)),
    ("forty_one", None, (2, 300), (2, 200)),
    ("samba", {"hands": 1}, (2, 40), (2, 40)),
    ("sums", None, (2, 300), (2, 25)),
]
BAR = 0.5


def match(
    game: str, players: int, options: Any, a: computers.Chooser, b: computers.Chooser, deals: int,
    seed: int, timed: Callable[[float], None] | None = None,
) -> tuple[float, float]:
    """A's share of the wins (seats alternate A, B, A...: an even number of seats, so an even
    share is 0.5; each deal is played again with the seats swapped) and its standard error
    over the deals."""
    shares = []
    searched = computers.book(game).searched
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
    parser = argparse.ArgumentParser(prog="python -m tests.bench_bots")
    parser.add_argument("--quick", action="store_true", help="a tenth of the deals")
    parser.add_argument("--game", choices=[case[0] for case in CASES], help="this game only")
    parser.add_argument("--deals", type=int, help="deals for each pairing")
    args = parser.parse_args(argv)
    print(f"{'game':<12}{'simple/random (seats)':>24}{'strong/simple (seats)':>24}"
          f"{'median s':>10}{'worst s':>9}{'decisions':>10}")
    over = 0
    for game, options, (n1, easy), (n2, hard) in CASES:
        if args.game and game != args.game:
            continue
        if args.deals:
            easy = hard = args.deals
        elif args.quick:
            easy, hard = max(4, easy // 10), max(2, hard // 5)
        simple = computers.chooser(game, "simple")
        s_rate, s_err = match(game, n1, options, simple, computers.random_player, easy, 0)
        times: list[float] = []
        strong = computers.chooser(game, "strong")
        h_rate, h_err = match(game, n2, options, strong, simple, hard, 10_000, times.append)
        median, worst = statistics.median(times), max(times)
        over |= worst > BAR
        print(f"{game:<12}{s_rate:>13.3f} +-{s_err:.3f} ({n1}){h_rate:>13.3f} +-{h_err:.3f} ({n2})"
              f"{median:>10.3f}{worst:>9.3f}{len(times):>10}")
    print(f"(share of wins of the first-named player; an even share is 0.500; bar {BAR} s)")
    return int(over)


if __name__ == "__main__":
    sys.exit(main())
