"""Play many complete games, on every core, and report speed and the statistics a rule
designer wants, each with its 95% interval; or compare a variant with the base game, game by
game on the same seeds.

``python -m models.simulate GAME --players N --games G --seed S [--bots NAME,...]
[--option k=v] [--compare k=v] [--workers N] [--margin POINTS] [--json]``: the command line.
Its report is worded in the reader's language, with the app's words, so the command is the
app's (``app/simulate.py``), found here by its entry point (``meja.simulate`` in
pyproject.toml): the models import no app.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from models.errors import MejaError
from models.registry import BUILT_IN, GAMES, add
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
    # a game added after the registry was imported (one kept elsewhere) is added to each
    # worker too: a new process knows the built-in games only
    added = None if spec.game in BUILT_IN else partial(add, GAMES[spec.game])
    try:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method),
                                   initializer=added)
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


def main(argv: Sequence[str] | None = None) -> int:
    """The command line the installed app registers (entry point group ``meja.simulate``)."""
    for entry in importlib.metadata.entry_points(group="meja.simulate"):
        return int(entry.load()(argv))
    raise MejaError("no_command", group="meja.simulate")


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["NICE", "Bin", "Comparison", "Report", "Spec", "bin_width", "cores", "histogram",
           "histogram_of", "main", "run", "simulate", "simulate_pair", "to_dict"]
