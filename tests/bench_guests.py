"""Guest phones on loopback: ``python -m tests.bench_guests``; prints figures as JSON.

A game of Kartu Sama on the device with 8 guest phones: 6 seats held by phones and 2 table
screens (the watch link), each its own event stream in another process (so that the host's
memory is the host's alone). Moves are made by turns by a guest (POST ``act``, as a phone's
tap) and by the host (a tap through the host's own path, then the push), and each is timed
from the tap to the moment the last of the 8 phones has it: on a quiet machine, then with both
cores kept busy by two other processes. Also: the host's memory per connected phone (Python
allocations, and resident memory), the size of the guest page, and how long a seated phone
waits for the answer to a tap (and for the page) while the server is under each attack the
guards are for (slow and idle connections, strangers' streams, a guesser of short codes,
bodies too deep). Bars: p95 <= 150 ms from a tap to every screen (quiet); under 200 KB a
phone; page < 50 KB; a tap answered within 1 s under every attack."""

from __future__ import annotations

import contextlib
import functools
import http.client
import json
import os
import socket
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
from app.guests.play_seats import PlaySeats
from app.guests.server import GuestServer
from app.i18n import Translator
from app.play import DevicePlay, new_doc
from tests.test_play_summary import Shell

PHONES = 8
SEATS = 6
MOVES = 40
TAPS = 20  # taps timed under each attack
BURN = "while True: pass"  # a process that keeps a core busy

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

    origin = f"http://{host}:{port}"

    def post(cookie: str, path: str, body: dict[str, Any]) -> int:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("POST", path, body=json.dumps(body), headers={
            "Host": f"{host}:{port}", "Origin": origin, "Cookie": cookie,
            "Content-Type": "application/json"})
        status = conn.getresponse().status
        conn.close()
        return status

    def moves() -> dict[str, list[float]]:
        """Moves by turns from a guest's phone (POST) and the host: ms until all 8 have it."""
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
                ok = post(cookies[seat], "/act", {"n": version, "tap": taps[0]}) == 200
            else:
                ok = run(functools.partial(play.press, taps[0], seat, version)).ok
            if not ok:
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
        return times

    quiet = moves()
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(os.cpu_count() or 2)]
    try:
        busy = moves()
    finally:
        for b in burners:
            b.terminate()
            b.wait()
    attacked = attacks(host, port, cookies[0], post)
    for p in phones:
        p.terminate()
    server.stop()
    both = quiet["guest"] + quiet["host"]
    loaded = busy["guest"] + busy["host"]
    print(json.dumps({
        "phones": PHONES, "moves_timed": len(both),
        "tap_to_every_phone_ms": {
            "quiet": {"median": round(statistics.median(both), 1), "p95": p95(both),
                      "guest_tap_median": round(statistics.median(quiet["guest"]), 1),
                      "host_tap_median": round(statistics.median(quiet["host"]), 1)},
            "both_cores_busy": {"median": round(statistics.median(loaded), 1),
                                "p95": p95(loaded), "moves_timed": len(loaded)},
            "bar_p95_quiet": 150},
        "host_memory_per_phone_kb": {
            "python": round((held - before) / PHONES / 1024, 1),
            "resident": round((rss_held - rss_before) / PHONES / 1024, 1),
            "bar": 200},
        "page_bytes": {"total": page_size(), "bar": 50_000},
        "seated_phone_under_attack_ms": {**attacked, "bar_max": 1000},
    }, indent=1))


def p95(values: list[float]) -> float:
    return round(sorted(values)[min(len(values) - 1, int(len(values) * 0.95))], 1)


def connect(host: str, port: int, source: str) -> socket.socket | None:
    try:
        return socket.create_connection((host, port), timeout=5, source_address=(source, 0))
    except OSError:
        return None


def attacks(host: str, port: int, cookie: str,
            post: Any) -> dict[str, dict[str, float]]:
    """A seated phone's taps (answered: an old table's, 409) and the page, timed while the
    server is under each attack; ms, median and most."""

    def timed() -> dict[str, float]:
        taps, pages = [], []
        for _ in range(TAPS):
            start = time.monotonic()
            assert post(cookie, "/act", {"n": -1, "tap": "x"}) == 409
            taps.append((time.monotonic() - start) * 1000)
            start = time.monotonic()
            conn = http.client.HTTPConnection(host, port, timeout=30)
            conn.request("GET", "/", headers={"Host": f"{host}:{port}"})
            assert conn.getresponse().status == 200
            conn.close()
            pages.append((time.monotonic() - start) * 1000)
        return {"tap_median": round(statistics.median(taps), 1), "tap_max": round(max(taps), 1),
                "page_max": round(max(pages), 1)}

    out = {"none": timed()}
    for name, spread in (("slow_40_idle_200_one_address", 1),
                         ("slow_40_idle_200_from_15_addresses", 15)):
        socks = [connect(host, port, f"127.0.0.{10 + i % spread}") for i in range(240)]
        for sock in socks[:40]:
            if sock is not None:
                with contextlib.suppress(OSError):  # refused: closed at once
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: ")
        out[name] = timed()
        for sock in socks:
            if sock is not None:
                sock.close()
    streams = []
    for i in range(200):
        conn = http.client.HTTPConnection(host, port, timeout=5,
                                          source_address=(f"127.0.0.{40 + i // 10}", 0))
        conn.request("GET", "/stream", headers={"Host": f"{host}:{port}",
                                                "Cookie": f"mt=made-up-{i}; md=d{i}"})
        response = conn.getresponse()
        if response.status == 200:
            streams.append(conn)
        else:
            conn.close()
    out["strangers_200_streams"] = {**timed(), "accepted": len(streams)}
    for conn in streams:
        conn.close()

    stop = threading.Event()

    def flood(path: str, body: bytes) -> None:
        while not stop.is_set():
            conn = http.client.HTTPConnection(host, port, timeout=5,
                                              source_address=("127.0.0.3", 0))
            conn.request("POST", path, body=body, headers={
                "Host": f"{host}:{port}", "Origin": f"http://{host}:{port}",
                "Content-Type": "application/json"})
            conn.getresponse().read()
            conn.close()

    for name, path, body in (("code_guesser", "/code", b'{"code": "AAAAAA"}'),
                             ("json_2000_deep", "/act", b"[" * 2000 + b"]" * 2000)):
        stop.clear()
        attacker = threading.Thread(target=flood, args=(path, body), daemon=True)
        attacker.start()
        out[name] = timed()
        stop.set()
        attacker.join()
    return out


if __name__ == "__main__":
    main()
