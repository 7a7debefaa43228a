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

from app.share.codes import code_texts, import_shared, import_value, share_doc
from app.share.pictures import qr, qr_png, read_image
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
        texts = code_texts(sender, match_id)
        whole = encode(share_doc(sender, match_id), 10**6)[0]
        times = []
        for _ in range(5):
            receiver = Store(Path(b) / str(len(times)))
            start = time.perf_counter()
            import_value(receiver, decode(texts))
            times.append((time.perf_counter() - start) * 1000)
    return {
        "match": name, "events": len(m.events),
        "json_bytes": len(json.dumps(m.to_dict(), separators=(",", ":"))),
        "payload_chars": len(whole), "one_code_version": qr(whole).version,
        "codes": len(texts), "code_versions": [qr(t).version for t in texts],
        "import_ms": round(statistics.median(times), 1),
    }


def camera_reads(text: str) -> list[dict[str, object]]:
    """Time to find and read a code in a camera picture (JPEG, the code filling the height),
    and to find nothing in a picture without one: what each look of the scanner costs."""
    import io

    from PIL import Image

    rows = []
    png = qr_png(text)
    for w, h in ((640, 480), (1280, 720), (1920, 1080)):
        side = h - 40
        frame = Image.new("RGB", (w, h), (70, 90, 70))
        frame.paste(Image.open(io.BytesIO(png)).convert("RGB").resize((side, side)),
                    ((w - side) // 2, 20))
        pictures = []
        for image in (frame, Image.new("RGB", (w, h), (70, 90, 70))):
            buf = io.BytesIO()
            image.save(buf, "JPEG", quality=85)
            pictures.append(buf.getvalue())
        found, times, empty = [], [], []
        for _ in range(15):
            start = time.perf_counter()
            found = read_image(pictures[0])
            times.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            read_image(pictures[1])
            empty.append((time.perf_counter() - start) * 1000)
        rows.append({"camera_picture": f"{w}x{h}", "qr_version": qr(text).version,
                     "read": found == [text], "read_ms": round(statistics.median(times), 1),
                     "no_code_ms": round(statistics.median(empty), 1)})
    return rows


def worst_accepted() -> list[dict[str, object]]:
    """The largest codes an import still takes: the most players a game seats, each name at
    its longest (24 four-character emoji), and the most events a code may hold (Kartu Sama,
    20 players, one round's plays and draws up to MAX_EVENTS). Prints the import's time and
    its peak memory (tracemalloc), code size included."""
    import tracemalloc

    from models.names import MAX_NAME
    from models.registry import GAMES
    from models.share import MAX_EVENTS, read_shared

    n = GAMES["kartu_sama"].max_players
    names = [f"{i:02d}" + "🧑🏽‍🚀" * (MAX_NAME - 2) for i in range(n)]
    m = Match.new(names, "kartu_sama", {"packs": 4, "target": 10**6})
    rng = random.Random(5)
    while len(m.events) < MAX_EVENTS and m.table.phase != "over":
        legal = m.legal_events()
        turns = [e for e in legal if e.kind in ("play", "draw")]
        m.record(rng.choice(turns if turns and rng.random() < 0.95 else legal))
    doc = {"id": "20260101-200000-000000-abcd", "created": "2026-01-01T20:00:00Z",
           "match": m.to_dict(), "summary": {}}
    texts = encode(doc)
    times = []
    for traced in (False, False, True):  # the time untraced; the memory traced
        with tempfile.TemporaryDirectory() as folder:
            if traced:
                tracemalloc.start()
            start = time.perf_counter()
            import_shared(Store(Path(folder)), read_shared(decode(texts)))
            times.append(time.perf_counter() - start)
            peak = tracemalloc.get_traced_memory()[1] if traced else 0
            tracemalloc.stop()
    return [{"worst_accepted": f"{n} players, names of {MAX_NAME} emoji, "
             f"{len(m.events)} events", "codes": len(texts), "chars": sum(map(len, texts)),
             "import_s": round(min(times[:2]), 2), "peak_mb": round(peak / 2**20, 1)}]


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
    with tempfile.TemporaryDirectory() as a:
        sender = Store(Path(a))
        (text,) = code_texts(sender, stored(sender, m, MAKERS["kartu_sama"][1](m)))
    rows += camera_reads(text)
    rows += worst_accepted()
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
