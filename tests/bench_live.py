"""Live scoreboard under a crowd, on loopback: ``python -m tests.bench_live``.

200 clients poll ``data`` at once, 5 times each, as phones at a big table would; then the same
with 100 silent connections held open first (half-open clients). Prints latency percentiles
and errors as JSON."""

from __future__ import annotations

import json
import socket
import statistics
import threading
import time
import urllib.request

from app.share import live

CLIENTS = 200
POLLS = 5


def crowd(url: str) -> dict[str, object]:
    times: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    go = threading.Event()

    def client() -> None:
        go.wait()
        for _ in range(POLLS):
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(url + "data", timeout=30) as r:
                    r.read()
                took = time.perf_counter() - started
                with lock:
                    times.append(took)
            except OSError as error:
                with lock:
                    errors.append(type(error).__name__)

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for t in threads:
        t.start()
    started = time.perf_counter()
    go.set()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    times.sort()
    q = statistics.quantiles(times, n=100) if len(times) > 1 else times * 99
    return {"requests": CLIENTS * POLLS, "answered": len(times), "errors": len(errors),
            "p50_ms": round(q[49] * 1000, 1), "p99_ms": round(q[98] * 1000, 1),
            "max_ms": round(times[-1] * 1000, 1), "wall_s": round(wall, 2)}


def main() -> None:
    board = {"title": "Round 7", "rounds": [[i, i * 2, i * 3, i * 4] for i in range(15)],
             "players": ["Ana", "Bea", "Cid", "Dan"]}
    server = live.LiveServer(lambda: board, lambda: {"lang": "en", "title": "t",
                                                     "note": "n"}, "127.0.0.1").start()
    try:
        rows = {"crowd": crowd(server.url)}
        host, port = server.httpd.server_address[:2]
        silent = [socket.create_connection((str(host), port)) for _ in range(100)]
        try:
            rows["crowd_with_100_silent"] = crowd(server.url)
        finally:
            for s in silent:
                s.close()
        rows["settings"] = {"threads": live.THREADS, "idle_s": live.IDLE,
                            "backlog": live.BACKLOG, "threads_alive_after":
                            threading.active_count()}
    finally:
        server.stop()
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
