"""Play many complete games, on every core, and report speed and the statistics a rule
designer wants, each with its 95% interval; or compare a variant with the base game, game by
game on the same seeds.

``python -m models.simulate GAME --players N --games G --seed S [--bots NAME,...]
[--option k=v] [--compare k=v] [--workers N] [--margin POINTS] [--json]``. Without
``--bots`` every seat plays uniformly random legal actions. ``--compare`` plays the same
seeds again with those options on top, and reports both runs and each figure's difference.
Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence

from models.errors import MejaError
from models.games import GAMES
from models.report import (
    MARGIN,
    NICE,
    Bin,
    Comparison,
    Report,
    bin_width,
    compare,
    histogram,
    histogram_of,
    report,
    spans,
)
from models.tally import Spec, Tally, choosers, play

Progress = Callable[[int], None]  # told the games done so far; may raise to stop


def cores() -> int:
    """How many worker processes this device can run: its cores, or 1 where processes cannot
    be made (Android has no ``sem_open``, so ``multiprocessing.synchronize`` fails)."""
    try:
        import multiprocessing.synchronize  # noqa: F401
        from concurrent.futures import ProcessPoolExecutor  # noqa: F401
    except ImportError:
        return 1
    return os.cpu_count() or 1


def check(spec: Spec) -> None:
    """Refuse a set-up the engine or the players refuse, before any worker starts."""
    GAMES[spec.game].new_game(spec.players, spec.seed, dict(spec.options))
    choosers(spec)


PILOT = 0.5  # seconds of games played here before deciding whether processes pay
WORTH = 2.0  # seconds the rest must be expected to take for processes to pay off


def run(spec: Spec, games: int, workers: int = 1, progress: Progress | None = None,
        method: str | None = None) -> tuple[Tally, int]:
    """Play ``games`` games of ``spec`` on up to ``workers`` processes (``method``: how they
    start, e.g. ``"spawn"``); the tally, the same whatever the number of workers, and the
    workers used. The first games are played here for :data:`PILOT` seconds: the rest goes to
    processes only when it would take more than :data:`WORTH` seconds here (starting them
    costs about a second), and is played here where processes fail to start."""
    check(spec)
    began = time.perf_counter()
    tally = play(spec, 0, games, progress, until=began + PILOT if workers > 1 else None)
    rest = games - tally.games
    if not rest:
        return tally, 1
    expected = (time.perf_counter() - began) / tally.games * rest
    if expected > WORTH and rest >= 2 * workers:
        def told(done: int) -> None:
            if progress:
                progress(tally.games + done)

        try:
            tally.merge(_parallel(spec, tally.games, rest, workers, told, method))
            return tally, workers
        except _NoWorkers:
            pass
    played = tally.games

    def after(done: int) -> None:
        if progress:
            progress(played + done)

    tally.merge(play(spec, played, rest, after))
    return tally, 1


class _NoWorkers(Exception):
    """The worker processes could not start or died."""


def _parallel(spec: Spec, first: int, games: int, workers: int, progress: Progress | None,
              method: str | None) -> Tally:
    """Games ``first`` to ``first + games - 1`` in chunks on ``workers`` processes, merged in
    order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(5000, math.ceil(games / (workers * 8))))  # chunks: steady progress
    end = first + games
    chunks = [(s, min(size, end - s)) for s in range(first, end, size)]
    try:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))
    except (ImportError, OSError, NotImplementedError, ValueError) as error:
        raise _NoWorkers from error
    parts: dict[int, Tally] = {}
    done = 0
    try:
        futures = {pool.submit(play, spec, s, n): s for s, n in chunks}
        for future in as_completed(futures):
            part = parts[futures[future]] = future.result()
            done += part.games
            if progress:
                progress(done)
    except (BrokenProcessPool, OSError) as error:
        pool.shutdown(wait=False, cancel_futures=True)
        raise _NoWorkers from error
    except BaseException:  # stopped: the chunks under way finish in the background
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    total = Tally(spec.players)
    for start in sorted(parts):
        total.merge(parts[start])
    return total


def simulate(game: str, players: int, games: int, seed: int = 0,
             options: Mapping[str, object] | None = None, kinds: Sequence[str] = (),
             workers: int = 1, progress: Progress | None = None,
             method: str | None = None, margin: float = MARGIN) -> Report:
    """Play ``games`` complete games and report speed and every figure with its interval
    (``kinds``: each seat's player, ``random`` everywhere when empty; ``margin``: the games
    each rate needs are for that margin)."""
    spec = Spec(game, players, dict(options or {}), tuple(kinds), seed)
    start = time.perf_counter()
    tally, used = run(spec, games, workers, progress, method)
    return report(spec, tally, time.perf_counter() - start, used, margin)


def simulate_pair(base: Spec, variant: Spec, games: int, workers: int = 1,
                  progress: Progress | None = None, method: str | None = None,
                  margin: float = MARGIN) -> Comparison:
    """``base`` and ``variant`` played with the same seeds (so the same deals where the
    options allow), and each figure's difference, game by game (it narrows the noise); their
    histograms binned alike."""
    check(base)
    check(variant)
    played = []
    for k, spec in enumerate((base, variant)):
        def told(done: int, k: int = k) -> None:
            if progress:
                progress(k * games + done)

        start = time.perf_counter()
        tally, used = run(spec, games, workers, told, method)
        played.append((spec, tally, time.perf_counter() - start, used))
    span = spans(*(tally for _, tally, _, _ in played))
    a, b = (report(spec, tally, seconds, used, margin, span)
            for spec, tally, seconds, used in played)
    return compare(a, b, (played[0][1].per_game, played[1][1].per_game))


def to_dict(result: Report | Comparison) -> dict[str, object]:
    """A report or a comparison as plain JSON data."""
    return dataclasses.asdict(result)


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


def _options(items: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for item in items:
        key, _, value = item.partition("=")
        options[key.strip()] = _option_value(value.strip())
    return options


class _Meter:
    """Progress on stderr: a line rewritten in a terminal, else a line every tenth."""

    def __init__(self, total: int) -> None:
        self.total, self.shown, self.last = total, 0, 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        if self.tty:
            if now - self.last > 0.2 or done == self.total:
                self.last = now
                end = "\n" if done == self.total else ""
                print(f"\r{done}/{self.total} games", end=end, file=sys.stderr, flush=True)
        elif (tenth := done * 10 // max(1, self.total)) > self.shown:
            self.shown = tenth
            print(f"{done}/{self.total} games", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m models.simulate", description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant: these options on top, played with the same seeds")
    parser.add_argument("--bots", default="", help="comma-separated bot names, one per seat")
    parser.add_argument("--workers", type=int, default=0, help="processes (default: all cores)")
    parser.add_argument("--margin", type=float, default=MARGIN * 100,
                        help="points: the games each rate needs are for this margin (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    options = _options(args.option)
    kinds = tuple(n.strip() for n in args.bots.split(",")) if args.bots else ()
    workers = args.workers or cores()
    base = Spec(args.game, args.players, options, kinds, args.seed)
    result: Report | Comparison
    try:
        if args.compare:
            variant = dataclasses.replace(base, options={**options, **_options(args.compare)})
            result = simulate_pair(base, variant, args.games, workers, _Meter(2 * args.games),
                                   margin=args.margin / 100)
        else:
            result = simulate(args.game, args.players, args.games, args.seed, options, kinds,
                              workers, _Meter(args.games), margin=args.margin / 100)
    except MejaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    data = to_dict(result)
    if args.json:
        print(json.dumps(data))
    else:
        for key, value in data.items():
            print(f"{key:>24}: {value}")
    return 0


__all__ = ["NICE", "Bin", "Comparison", "Report", "Spec", "bin_width", "cores", "histogram",
           "histogram_of", "main", "run", "simulate", "simulate_pair", "to_dict"]

if __name__ == "__main__":
    sys.exit(main())
