"""Engine speed: random self-play per game, microseconds per move (best of several runs, so
a busy machine disturbs it less). Run with ``python -m tests.bench_engines``; prints figures."""

from __future__ import annotations

import sys
import time

from models.simulate import simulate

# (game, players, games per run, options, bar in microseconds per move)
CASES = [
    ("kartu_sama", 4, 2000, None, 3.0),
    ("forty_one", 4, 2000, None, 3.0),
    ("sums", 2, 2000, None, 5.0),
    ("samba", 4, 200, {"hands": 1}, 20.0),
]


def main(runs: int = 5) -> int:
    print(f"{'game':<12}{'players':>8}{'us/move':>10}{'cpu us':>9}{'games/s':>10}{'bar':>6}")
    worst = 0
    for game, players, games, options, bar in CASES:
        best, best_cpu, rate = float("inf"), float("inf"), 0.0
        for run in range(runs):
            cpu = time.process_time()
            report = simulate(game, players, games, seed=run * games, options=options)
            cpu_us = (time.process_time() - cpu) / max(1, report["moves"]) * 1e6
            best = min(best, report["us_per_move"])
            best_cpu = min(best_cpu, cpu_us)
            rate = max(rate, report["games_per_s"])
        flag = "" if best <= bar else "  over the bar"
        worst = worst or int(best > bar)
        print(f"{game:<12}{players:>8}{best:>10.2f}{best_cpu:>9.2f}{rate:>10.0f}{bar:>6.0f}{flag}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
