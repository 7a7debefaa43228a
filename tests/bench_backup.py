"""Backup benchmark: the whole history to one file and back, with real fsyncs.

``python -m tests.bench_backup [--matches 1000] [--dir DIR] [--json]`` fills a data folder
with real matches of the four games (evenings of Kartu Sama and 41 with every turn tapped,
Samba by counts, whole games of Sums), then measures: making the backup (reading every match
and compressing), its size, restoring it into an empty data folder (every match checked by
replaying its events, one atomic write each), and restoring it again (every match already
there).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app import backup
from app.storage import Store
from tests.test_share import GAMES_WITH_TABLES, MAKERS


def fill(store: Store, n: int, seed: int = 1) -> int:
    """``n`` matches, cycling through 40 distinct real ones; returns their events in all."""
    rng = random.Random(seed)
    made = [(g, MAKERS[g][0](rng)) for g in GAMES_WITH_TABLES for _ in range(10)]
    events = 0
    for i in range(n):
        game, m = made[i % len(made)]
        store.create_match(m.setup.to_dict(), [e.to_dict() for e in m.events],
                           MAKERS[game][1](m))
        events += len(m.events)
    return events


def run(n: int, root: Path) -> dict[str, Any]:
    old, new = Store(root / "old"), Store(root / "new")
    events = fill(old, n)
    t = time.perf_counter()
    raw = backup.backup(old)
    made = time.perf_counter() - t
    t = time.perf_counter()
    first = backup.restore(new, backup.read(raw))
    restored = time.perf_counter() - t
    t = time.perf_counter()
    second = backup.restore(new, backup.read(raw))
    again = time.perf_counter() - t
    assert (first.added, second.kept) == (n, n), (first, second)
    return {"matches": n, "events": events, "backup_s": round(made, 2),
            "file_kb": round(len(raw) / 1024), "json_kb": round(
                len(backup._inflate(raw)) / 1024),
            "restore_s": round(restored, 2), "restore_again_s": round(again, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--dir", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        result = run(args.matches, Path(folder))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['matches']} matches ({result['events']} events): backup "
              f"{result['backup_s']} s, file {result['file_kb']} KB "
              f"({result['json_kb']} KB of JSON); restore into an empty folder "
              f"{result['restore_s']} s, again (all already there) "
              f"{result['restore_again_s']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
