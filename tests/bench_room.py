"""The room screen's figures (``python -m tests.bench_room``): the size of its page, of the
message pushed at each move (as the guest server sends it, the page's words included), and the
time the host takes to make it, in a long game of each kind (every round's summary kept) with a
person and three computers playing at random. Bars: page < 25 KB; a message's median < 8 KB;
making one, median < 10 ms on this machine."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from app.guests import server as guests
from app.guests.play_seats import PlaySeats
from app.i18n import Translator
from app.play import DevicePlay, new_doc
from tests.test_play_summary import Shell

OPTIONS = {"kartu_sama": {"rounds": 8}, "forty_one": {"hands": 8}, "samba": {"hands": 3},
           "sums": {}}


def game(key: str, root: Path, seed: int) -> DevicePlay:
    shell = Shell(root / key)
    doc = new_doc(key, ["Ana", "Bea", "Cid", "Dan"], ["person", "simple", "simple", "simple"],
                  OPTIONS[key], casual=False, pace=0)
    doc.seed = seed
    play = DevicePlay(shell, f"play-{key}", doc)  # type: ignore[arg-type]
    shell.play = play
    return play


def main() -> None:
    root = Path(tempfile.mkdtemp())
    words = guests.Words()
    page = sum(len(guests.static(n)) for n in ("room.html", "room.css", "room.js"))
    figures: dict[str, object] = {"page_bytes": {"total": page, "bar": 25_000}}
    t = Translator("en")
    for key in OPTIONS:
        play = game(key, root, 11)
        seats = PlaySeats(play)
        rng = random.Random(11)
        sizes: list[int] = []
        times: list[float] = []
        while not play.state.is_over:
            if play.pending:
                play.game.next_round(play.game.seen)
            else:
                action = rng.choice(play.state.legal_actions())
                move = play.game.move if play.game.person_turn() >= 0 else (
                    play.game.computer_move)
                move(action, play.game.version)
            start = time.perf_counter()
            message = seats.room(t)
            times.append((time.perf_counter() - start) * 1000)
            message["words"] = {**words("en"), **message["words"]}  # as the server sends it
            sizes.append(len(json.dumps(message, ensure_ascii=False, separators=(",", ":"))))
        figures[key] = {
            "moves": play.game.version, "rounds": len(play.state.results),
            "message_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
            "make_ms": {"median": round(statistics.median(times), 2),
                        "p95": round(sorted(times)[int(len(times) * 0.95)], 2),
                        "max": round(max(times), 2)},
        }
    figures["bars"] = {"message_median_bytes": 8_000, "make_median_ms": 10}
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
