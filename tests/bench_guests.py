"""Guest phones on loopback: ``python -m tests.bench_guests``; prints figures as JSON.

A game of Kartu Sama on the device with 8 guest phones: 6 seats held by phones and 2 table
screens (the watch link), each its own event stream in another process (so that the host's
memory is the host's alone). Moves are made by turns by a guest (POST ``act``, as a phone's
tap) and by the host (a tap through the host's own path, then the push), and each is timed
from the tap to the moment the last of the 8 phones has it. Also: the host's memory per
connected phone (Python allocations, and resident memory), and the size of the guest page.
Bars: a median under 250 ms from a tap to every screen; under 200 KB a phone; page < 50 KB."""

from __future__ import annotations

import functools
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

from app.guests import server as guests
from app.guests.door import Door, device_hash
from app.guests.play import PlaySeats
from app.guests.server import GuestServer
from app.i18n import Translator
from app.play import DevicePlay, new_doc
from tests.test_play_summary import Shell

PHONES = 8
SEATS = 6
MOVES = 40

# one phone: opens the stream with its cookies, prints "<monotonic ns> <n>" for each message
PHONE = r"""
import http.client, json, sys, time
host, port, cookie = sys.argv[1], int(sys.argv[2]), sys.argv[3]
c = http.client.HTTPConnection(host, port, timeout=120)
c.request("GET", "/stream", headers={"Host": f"{host}:{port}", "Cookie": cookie})
r = c.getresponse()
data = ""
while True:
    line = r.fp.readline()
    if not line:
        break
    line = line.decode().rstrip("\n")
    if line.startswith("data: "):
        data = line[6:]
    elif line == "" and data:
        print(time.monotonic_ns(), json.loads(data).get("n", -1), flush=True)
        data = ""
"""


def rss() -> int:
    """This process's resident memory, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def page_size() -> int:
    return sum(len(guests.static(n)) for n in ("guest.html", "guest.css", "guest.js"))


def main() -> None:
    root = Path(tempfile.mkdtemp())
    shell = Shell(root)
    names = [f"P{i}" for i in range(SEATS)]
    doc = new_doc("kartu_sama", names, ["person"] * SEATS, {"target": 10_000}, casual=False,
                  pace=0)
    play = DevicePlay(shell, "play-bench", doc)  # type: ignore[arg-type]
    shell.play = play
    loop = threading.Lock()  # the host's event loop: one caller at a time

    def run(call: Any) -> Any:
        with loop:
            return call()

    seats = PlaySeats(play)
    door = Door.open(play.key, seats.seats())
    keys = {t.seat: f"key-{t.seat}" for t in door.tickets}
    for t in door.tickets:
        door, _ = door.join(t, device_hash(keys[t.seat]))
    server = GuestServer(door, "127.0.0.1", 0, run, lambda: seats).start()

    class Hub:
        def seated(self, _key: str) -> frozenset[int]:
            return server.door.seated()

        def publish(self, _key: str) -> None:
            server.publish()

    shell.guests = Hub()  # type: ignore[attr-defined]
    host, port = server.address
    cookies = [f"mt={t.token}; md={keys[t.seat]}" for t in door.tickets]
    cookies += [f"mw={door.watch}"] * (PHONES - SEATS)

    tracemalloc.start()
    before, rss_before = tracemalloc.get_traced_memory()[0], rss()
    phones = [subprocess.Popen([sys.executable, "-c", PHONE, host, str(port), c],
                               stdout=subprocess.PIPE, text=True) for c in cookies]
    arrived: list[dict[int, int]] = [{} for _ in phones]  # per phone: n -> first arrival

    def listen(i: int) -> None:
        out = phones[i].stdout
        assert out is not None
        for line in out:
            parts = line.split()
            if len(parts) == 2:  # (a line cut short as the phone is closed is no message)
                arrived[i].setdefault(int(parts[1]), int(parts[0]))

    readers = [threading.Thread(target=listen, args=(i,), daemon=True) for i in range(PHONES)]
    for r in readers:
        r.start()
    deadline = time.monotonic() + 30
    while not all(0 in a or play.game.version in a for a in arrived):
        if time.monotonic() > deadline:
            raise SystemExit("the phones did not connect")
        time.sleep(0.01)
    held, rss_held = tracemalloc.get_traced_memory()[0], rss()
    tracemalloc.stop()

    times: dict[str, list[float]] = {"guest": [], "host": []}
    t = Translator("en")
    for move in range(MOVES):
        game = play.game
        if game.pending:
            run(functools.partial(play.next_round, game.seen))
            continue
        seat = game.person_turn()
        scene = seats.payload(seat, t)["play"]["scene"]
        taps = ([f["tap"] for f in scene["hand"] if f["lit"]]
                + [p["tap"] for p in scene["piles"] if p["lit"]]
                + [b["tap"] for b in scene["buttons"]])
        version = game.version
        who = "guest" if move % 2 else "host"
        start = time.monotonic_ns()
        if who == "guest":
            reply = server.act(seat, {"n": version, "tap": taps[0]})
        else:
            reply = run(functools.partial(play.press, taps[0], seat, version))
        if not reply.ok:
            continue
        target = play.game.version
        deadline = time.monotonic() + 10
        while not all(target in a for a in arrived):
            if time.monotonic() > deadline:
                break
            time.sleep(0.0005)
        if all(target in a for a in arrived):
            last = max(a[target] for a in arrived)
            times[who].append((last - start) / 1e6)
    for p in phones:
        p.terminate()
    server.stop()
    both = times["guest"] + times["host"]
    print(json.dumps({
        "phones": PHONES, "moves_timed": len(both),
        "tap_to_every_phone_ms": {
            "median": round(statistics.median(both), 1),
            "p90": round(sorted(both)[int(len(both) * 0.9)], 1),
            "guest_tap_median": round(statistics.median(times["guest"]), 1),
            "host_tap_median": round(statistics.median(times["host"]), 1),
            "bar": 250},
        "host_memory_per_phone_kb": {
            "python": round((held - before) / PHONES / 1024, 1),
            "resident": round((rss_held - rss_before) / PHONES / 1024, 1),
            "bar": 200},
        "page_bytes": {"total": page_size(), "bar": 50_000},
    }, indent=1))


if __name__ == "__main__":
    main()
