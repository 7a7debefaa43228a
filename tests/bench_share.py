"""Share payload figures: for 4 players x 15 rounds of each game (Sums: one whole game), the
payload size (characters), how many codes, their QR version (error correction M), and the time to
import (read the codes, check every event, store). ``python -m tests.bench_share``."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from app import share as app_share
from app.storage import Store
from models.match import Close, Hand, Match, Start
from models.share import LIMIT, decode, encode
from tests.test_share import GAMES_WITH_TABLES, MAKERS, NAMES, stored


def simple_kartu_sama(rng: random.Random) -> Match:
    """Kartu Sama by the simple path: only the hands are entered (no turn tapped)."""
    m = Match.new(NAMES[:4], "kartu_sama", {"target": 1000, "rounds": 15})
    while m.table.phase != "over":
        m.record(Start())
        cards = rng.sample(list(m.table.cards), 4 * 5)
        for seat in range(4):
            m.record(Hand(seat, tuple(cards[5 * seat:5 * seat + 5])))
        m.record(Close())
    return m


def measure(name: str, m: Match, summary: dict[str, object]) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        sender = Store(Path(a))
        match_id = stored(sender, m, summary)
        texts = app_share.codes(sender, match_id)
        whole = encode(app_share.share_doc(sender, match_id), 10**6)[0]
        times = []
        for _ in range(5):
            receiver = Store(Path(b) / str(len(times)))
            start = time.perf_counter()
            app_share.import_value(receiver, decode(texts))
            times.append((time.perf_counter() - start) * 1000)
    return {
        "match": name, "events": len(m.events),
        "json_bytes": len(json.dumps(m.to_dict(), separators=(",", ":"))),
        "payload_chars": len(whole), "one_code_version": app_share.qr(whole).version,
        "codes": len(texts), "code_versions": [app_share.qr(t).version for t in texts],
        "import_ms": round(statistics.median(times), 1),
    }


def main() -> None:
    rows = []
    for game in GAMES_WITH_TABLES:
        make, summarize = MAKERS[game]
        m = make(random.Random(7))
        tapped = game in ("kartu_sama", "forty_one")
        rows.append(measure(f"{game}, every turn tapped" if tapped else game, m, summarize(m)))
    m = simple_kartu_sama(random.Random(7))
    rows.append(measure("kartu_sama, hands only", m, MAKERS["kartu_sama"][1](m)))
    print(f"one code holds at most {LIMIT} characters (QR version 25, error correction M)")
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
