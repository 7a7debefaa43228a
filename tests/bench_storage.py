"""Storage benchmark: the cost of a tap with a long history.

``python -m tests.bench_storage [--matches 10000] [--dir DIR] [--json]`` fills a data folder
with finished matches (4 players, 15 rounds, a few hundred events each), then measures with
real fsyncs: saving one event, undo, saving the draft of a hand being tapped, creating a
match, closing a round (summary update), opening the history on a fresh Store (all of it,
and its first 50 entries), loading one match. Bars (docs/architecture.md, Quality bars), on
the 95th percentile: saving one event or a draft under 20 ms and opening the history under
300 ms with 10,000 stored matches. Exits 1 when a bar is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from app import records
from app.i18n import Translator
from app.storage import AtomicStorage, Store

NAMES = ["Ana", "Budi", "Cici", "Dewi", "Eko", "Fajar", "Gita", "Hadi"]
CARDS = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
BARS = {"save_event": 20.0, "save_draft": 20.0, "open_history": 300.0}  # ms, 95th percentile


class Clock:
    """Fake time for the fill (matches spread over the past years), then real steps."""

    def __init__(self, start: datetime, step: timedelta) -> None:
        self.t, self.step = start, step

    def __call__(self) -> datetime:
        self.t += self.step
        return self.t


def match_events(rng: random.Random, players: list[str], rounds: int = 15) -> list[dict[str, Any]]:
    """A plausible Kartu Sama event list: rounds of plays and draws, hands, round closes."""
    events: list[dict[str, Any]] = []
    totals = [0] * len(players)
    for r in range(rounds):
        events.append({"kind": "round_started", "round": r + 1, "dealer": r % len(players),
                       "seed": rng.randrange(1 << 30)})
        for turn in range(rng.randrange(10, 26)):
            seat = turn % len(players)
            if rng.random() < 0.75:
                events.append({"kind": "play", "seat": seat, "card": rng.choice(CARDS)})
            else:
                events.append({"kind": "draw", "seat": seat, "n": rng.choice([1, 1, 1, 2, 4])})
        points = []
        for seat in range(len(players)):
            hand = rng.sample(CARDS, rng.randrange(0, 6))
            points.append(rng.randrange(0, 40) if hand else 0)
            events.append({"kind": "hand", "seat": seat, "cards": hand, "points": points[-1]})
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        events.append({"kind": "round_closed", "round": r + 1, "points": points,
                       "totals": totals})
    return events


def summary(players: list[str], events: list[dict[str, Any]]) -> dict[str, Any]:
    closes = [e for e in events if e["kind"] == "round_closed"]
    totals = closes[-1]["totals"] if closes else [0] * len(players)
    best = min(totals)
    return {"status": "over" if len(closes) >= 15 else "playing", "rounds": len(closes),
            "totals": totals, "winners": [p for p, t in zip(players, totals, strict=True)
                                          if t == best]}


@contextmanager
def no_fsync() -> Iterator[None]:
    """The fill writes through the real storage minus the disk flushes (measures keep them)."""
    fsync = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = fsync


def fill(root: Path, count: int, start: datetime, step: timedelta, seed: int = 1) -> float:
    """Write ``count`` finished matches, ``step`` apart, as match files in the Store's format
    (what create_match, replace_events and update_summary leave), one write each; then let a
    fresh Store index them all (its mending path). Returns the seconds that indexing took.

    Going through the API would rewrite each match three times and its month of the index
    twice: minutes for 10,000 matches, for the same files in the end.
    """
    rng = random.Random(seed)
    pool = [match_events(rng, rng.sample(NAMES, 4)) for _ in range(64)]
    Store(root)
    with no_fsync():
        for i in range(count):
            t = start + step * i
            match_id = f"{t:%Y%m%d-%H%M%S-%f}-{rng.getrandbits(16):04x}"
            players = rng.sample(NAMES, 4)
            events = rng.choice(pool)
            doc = {"id": match_id, "created": f"{t:%Y-%m-%dT%H:%M:%SZ}",
                   "updated": f"{t + timedelta(hours=1):%Y-%m-%dT%H:%M:%SZ}",
                   "setup": {"game": "kartu_sama", "players": players,
                             "options": {"target": 100}, "seed": rng.randrange(1 << 30)},
                   "summary": summary(players, events)}
            AtomicStorage(root / "matches" / f"{match_id}.json").write(
                {"match": {"1": doc}, "events": {str(n): e for n, e in enumerate(events, 1)}})
        begin = time.perf_counter()
        store = Store(root)
        indexed = len(store.list_matches())
        took = time.perf_counter() - begin
    if indexed != count or store.problems:
        raise SystemExit(f"the fill does not match the Store's format: {store.problems[:3]}")
    return took


def timed(n: int, action: Callable[[int], object]) -> dict[str, float]:
    """Median, 95th percentile and max milliseconds of ``action(i)`` over ``n`` runs."""
    times = []
    for i in range(n):
        start = time.perf_counter()
        action(i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"median_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[min(n - 1, round(0.95 * (n - 1)))], 2),
            "max_ms": round(times[-1], 2), "runs": n}


def bench(root: Path, count: int) -> dict[str, Any]:
    first, span = datetime(2022, 1, 1, tzinfo=UTC), timedelta(days=4 * 365)  # ~200 a month
    start = time.perf_counter()
    index_s = None
    if not (root / "matches").is_dir() or not any((root / "matches").glob("*.json")):
        index_s = fill(root, count, first, span / max(count, 1))
        if hasattr(os, "sync"):
            os.sync()  # flush the fill's pages now, not during the first measured fsync
    fill_s = time.perf_counter() - start
    clock = Clock(first + span, timedelta(seconds=1))

    store = Store(root, now=clock)
    history = store.list_matches()
    stored = len(history)
    full = next(e["id"] for e in history if e["summary"].get("status") == "over")  # a full one
    size = len(store.load_match(full)["events"])
    rng = random.Random(2)
    players = store.load_match(full)["setup"]["players"]
    extra = match_events(rng, players, rounds=3)

    res: dict[str, Any] = {"stored_matches": stored, "events_in_match": size}
    res["save_event"] = timed(200, lambda i: store.append_event(full, extra[i % len(extra)]))
    res["undo"] = timed(100, lambda i: store.pop_event(full))
    hand: list[str] = []

    def tap(i: int) -> None:  # a card tapped on the grid: the hand so far, as a draft
        if len(hand) == 8:
            hand.clear()
        hand.append(CARDS[i % len(CARDS)])
        store.save_draft(full, {"round": 16, "start": size, "seat": i // 8 % 4,
                                "hands": {str(i // 8 % 4): list(hand)}})

    res["save_draft"] = timed(300, tap)
    res["clear_draft"] = timed(1, lambda i: store.save_draft(full, None))
    res["close_round"] = timed(
        50, lambda i: store.update_summary(full, {"status": "playing", "rounds": i}))
    res["create_match"] = timed(
        20, lambda i: store.create_match({"game": "kartu_sama", "players": players}))
    res["open_history"] = timed(10, lambda i: Store(root).list_matches())
    t = Translator("en")
    res["open_home"] = timed(10, lambda i: records.unfinished_lines(Store(root), [], t))
    res["history_first_50"] = timed(10, lambda i: Store(root).list_matches(limit=50))
    res["load_match"] = timed(
        20, lambda i: Store(root).load_match(history[i * 97 % len(history)]["id"]))
    files = list((root / "matches").glob("*.json"))
    index = list((root / "index").glob("*.json"))
    res["match_file_kb"] = round(sum(p.stat().st_size for p in files[:500]) / 500 / 1024, 1)
    res["index_files"] = len(index)
    res["index_kb"] = round(sum(p.stat().st_size for p in index) / 1024, 1)
    res["largest_index_file_kb"] = round(max(p.stat().st_size for p in index) / 1024, 1)
    res["fill_seconds"] = round(fill_s, 1)
    res["index_all_from_match_files_s"] = index_s and round(index_s, 2)
    res["problems"] = len(store.problems)
    return res


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_storage", description=__doc__)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--dir", type=Path, help="data folder to fill or reuse (default: temp)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="meja-bench-") as tmp:
        res = bench(args.dir or Path(tmp), args.matches)
    res["bars_ms"] = BARS
    ok = all(res[k]["p95_ms"] < bar for k, bar in BARS.items())
    res["bars_met"] = ok
    if args.json:
        print(json.dumps(res))
    else:
        for key, value in res.items():
            print(f"{key:24} {value}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
