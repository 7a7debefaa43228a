"""Play many complete games and report speed and the statistics a rule designer wants.

``python -m models.simulate GAME --players N --games G --seed S [--bots NAME] [--option k=v]
[--json]``. Without ``--bots`` every seat plays uniformly random legal actions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from models.errors import MejaError
from models.games.base import State
from models.registry import GAMES

Chooser = Callable[[State, random.Random], int]


def random_player(state: State, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


@dataclass(frozen=True)
class Bin:
    """Whole values from ``low`` to ``high`` (both included) and how many fell there."""

    low: int
    high: int
    count: int


NICE = (1, 2, 5)  # bin widths: 1, 2, 5, 10, 20, 50... (labels people read at a glance)


def bin_width(span: int, most: int) -> int:
    """The smallest round width (1, 2, 5, 10, 20...) that covers ``span`` whole values in at
    most ``most`` bins."""
    scale = 1
    while True:
        for nice in NICE:
            if span <= nice * scale * most:
                return nice * scale
        scale *= 10


def histogram(values: Sequence[float], most: int = 12) -> tuple[Bin, ...]:
    """``values`` counted in at most ``most`` bins of one round width, from the bin of the
    lowest value to the bin of the highest; every value in exactly one bin (a value is
    counted by its whole part)."""
    if not values:
        return ()
    whole = [math.floor(v) for v in values]
    low, high = min(whole), max(whole)
    width = bin_width(high - low + 1, most)
    start = low // width * width
    counts = [0] * ((high - start) // width + 1)
    for v in whole:
        counts[(v - start) // width] += 1
    return tuple(Bin(start + i * width, start + (i + 1) * width - 1, c)
                 for i, c in enumerate(counts))


def _bins(values: Sequence[float]) -> list[list[int]]:
    """A histogram as JSON: ``[low, high, count]`` per bin."""
    return [[b.low, b.high, b.count] for b in histogram(values)]


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"min": 0, "mean": 0, "median": 0, "max": 0, "stdev": 0}
    return {
        "min": min(values),
        "mean": round(statistics.fmean(values), 3),
        "median": statistics.median(values),
        "max": max(values),
        "stdev": round(statistics.pstdev(values), 3),
    }


def simulate(
    game: str,
    players: int,
    games: int,
    seed: int = 0,
    options: object = None,
    choosers: Sequence[Chooser] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` complete games and return speed figures and statistics as a dict."""
    entry = GAMES[game]
    seats: list[Chooser] = list(choosers) if choosers else [random_player] * players
    if len(seats) != players:
        raise MejaError("seats_players", players=players, seats=len(seats))
    rng = random.Random(seed)
    moves = 0
    round_moves: list[int] = []
    round_points: list[int] = []
    rounds_per_game: list[int] = []
    ends: Counter[str] = Counter()
    round_wins = [0.0] * players
    first_wins, first_rounds = 0.0, 0
    match_wins = [0.0] * players
    all_random = all(c is random_player for c in seats)
    start = time.perf_counter()
    for g in range(games):
        state = entry.new_game(players, seed + g, options)
        if all_random:  # the bare loop: this is what us_per_move measures
            choice, legal, apply = rng.choice, state.legal_actions, state.apply
            while not state.is_over:
                apply(choice(legal()))
                moves += 1
        else:
            while not state.is_over:
                state.apply(seats[state.current_player](state, rng))
                moves += 1
        for result in state.results:
            round_moves.append(result.moves)
            round_points.extend(result.points)
            ends[result.end] += 1
            for seat in result.winners:
                round_wins[seat] += 1 / len(result.winners)
            if result.first >= 0:
                first_rounds += 1
                if result.first in result.winners:
                    first_wins += 1 / len(result.winners)
        rounds_per_game.append(len(state.results))
        for seat in state.winners:
            match_wins[seat] += 1 / len(state.winners)
        if progress:
            progress(g + 1)
    seconds = time.perf_counter() - start
    rounds = max(1, len(round_moves))
    return {
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "moves": moves,
        "seconds": round(seconds, 4),
        "us_per_move": round(seconds / max(1, moves) * 1e6, 3),
        "games_per_s": round(games / seconds, 1) if seconds else 0.0,
        "rounds": len(round_moves),
        "rounds_per_game": _spread(rounds_per_game),
        "round_length": _spread(round_moves),
        "points": _spread(round_points),
        # distributions: [low, high, count] per bin (see histogram)
        "histograms": {
            "rounds_per_game": _bins(rounds_per_game),
            "round_length": _bins(round_moves),
            "points": _bins(round_points),
        },
        "end_conditions": {k: round(v / rounds, 4) for k, v in sorted(ends.items())},
        "round_win_rate_by_seat": [round(w / rounds, 4) for w in round_wins],
        "match_win_rate_by_seat": [round(w / max(1, games), 4) for w in match_wins],
        # how much more often the player who plays first wins a round than an even share
        "first_player_advantage": round(first_wins / first_rounds - 1 / players, 4)
        if first_rounds
        else None,
    }


def _option_value(text: str) -> object:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m models.simulate", description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--bots", default="", help="comma-separated bot names, one per seat")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    options: dict[str, object] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key.strip()] = _option_value(value.strip())
    choosers: list[Chooser] | None = None
    try:
        if args.bots:
            from models import computers

            names = [n.strip() for n in args.bots.split(",")]
            choosers = [computers.chooser(args.game, name) for name in names]
        report = simulate(args.game, args.players, args.games, args.seed, options, choosers)
    except MejaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>24}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
