"""The live scoreboard server under a crowd: bounded threads, silent connections dropped, the
scoreboard worked out once however many poll it, and no framing by another site."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from app.share import live


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> Iterator[live.LiveServer]:
    """A live server with 4 threads and a half-second idle limit, counting its snapshots."""
    monkeypatch.setattr(live, "THREADS", 4)
    monkeypatch.setattr(live, "IDLE", 0.5)
    calls: list[float] = []

    def snapshot() -> dict[str, object]:
        calls.append(time.monotonic())
        return {"title": "Round 3", "rounds": [[1, 2]], "calls": len(calls)}

    server = live.LiveServer(snapshot, lambda: {"lang": "en", "title": "t", "note": "n"},
                             "127.0.0.1").start()
    server.calls = calls  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        server.stop()


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.status, dict(response.headers), response.read()


def test_no_site_may_frame_the_scoreboard(small: live.LiveServer) -> None:
    for path in ("", "data", "live.js"):
        status, headers, _ = get(small.url + path)
        assert status == 200
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Frame-Options"] == "DENY"


def test_silent_connections_neither_pile_up_threads_nor_block_a_reader(
        small: live.LiveServer) -> None:
    before = threading.active_count()
    host, port = small.httpd.server_address[:2]
    silent = [socket.create_connection((str(host), port)) for _ in range(40)]
    try:
        status, _, body = get(small.url + "data")  # answered once the silent ones are dropped
        assert status == 200 and b"Round 3" in body
        assert threading.active_count() <= before + 4
        for s in silent:  # the server hung up on every one of them
            s.settimeout(10)
            assert s.recv(1) == b""
    finally:
        for s in silent:
            s.close()


def test_a_crowd_polling_works_the_scoreboard_out_once_a_second(
        small: live.LiveServer) -> None:
    results: list[int] = []

    def poll() -> None:
        results.append(get(small.url + "data")[0])

    started = time.monotonic()
    crowd = [threading.Thread(target=poll) for _ in range(60)]
    for t in crowd:
        t.start()
    for t in crowd:
        t.join()
    took = time.monotonic() - started
    assert results == [200] * 60
    calls = small.calls  # type: ignore[attr-defined]
    assert len(calls) <= 1 + took / live.FRESH + 1
