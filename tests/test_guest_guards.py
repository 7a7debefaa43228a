"""The guest server under attack from the local network (from loopback, other addresses
127.0.0.x standing for other machines): a body left unread is never run as a request, bad
JSON or text gets a 400 and no traceback, slow and idle connections are cut at their deadline
and bounded per address, and meanwhile the page and a seated phone's taps are answered within
a second; strangers' streams never take a seat's; one guesser of short codes blocks only
itself. Every socket has a deadline; nothing sleeps for a fixed time."""

from __future__ import annotations

import http.client
import json
import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from app.guests import server as guests
from app.guests import wire
from app.guests.server import GuestServer
from tests.test_guest_server import Phone, serving

WAIT = 5.0  # the most any socket of these tests waits


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Any:
    yield from serving(monkeypatch)


def raw(server: GuestServer, source: str = "127.0.0.1") -> socket.socket:
    """A connection to the server from ``source`` (another machine on the network)."""
    sock = socket.create_connection(server.address, timeout=WAIT, source_address=(source, 0))
    return sock


def head(server: GuestServer, method: str, path: str, body: bytes = b"",
         **headers: str) -> bytes:
    host = f"127.0.0.1:{server.address[1]}"
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}",
             *(f"{k.replace('_', '-')}: {v}" for k, v in headers.items())]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def answers(sock: socket.socket) -> list[int]:
    """The statuses of every answer on ``sock`` until the server closes it."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return [int(line.split()[1]) for line in data.split(b"\r\n") if line.startswith(b"HTTP/1.")]


def seated(server: GuestServer, source: str = "127.0.0.1") -> Phone:
    phone = Phone(server, source=source)
    phone.seat(server.door.tickets[0].token)
    assert phone.post("/join", {})[0] == 200
    return phone


# -- a body is never read as a request ---------------------------------------------------------
@pytest.mark.parametrize("refused", ["origin", "type", "large", "length", "get"])
def test_a_body_left_unread_is_never_run_as_a_request(served: Any, refused: str) -> None:
    server, _table = served
    origin = f"http://127.0.0.1:{server.address[1]}"
    # what a cross-site page could send as text/plain: a request to /code of its own
    code = json.dumps({"code": server.door.tickets[0].code}).encode()
    inner = head(server, "POST", "/code", code, Origin=origin, Content_Type="application/json")
    kind, method = "application/json", "POST"
    if refused == "origin":
        origin = "http://evil.example"
    elif refused == "type":
        kind = "text/plain"
    elif refused == "large":
        inner += b" " * guests.BODY
    elif refused == "get":
        method = "GET"
    sock = raw(server)
    if refused == "length":  # no length: the rest of the connection is no request either
        data = (f"POST /act HTTP/1.1\r\nHost: 127.0.0.1:{server.address[1]}\r\nOrigin: "
                f"{origin}\r\nContent-Type: application/json\r\n\r\n").encode() + inner
    else:
        data = head(server, method, "/act" if method == "POST" else "/", inner,
                    Content_Type=kind, Origin=origin)
    sock.sendall(data)
    statuses = answers(sock)
    sock.close()
    assert statuses == [{"origin": 403, "type": 415, "large": 413, "length": 411,
                         "get": 200}[refused]]  # one answer: the body ran as nothing


def test_a_phone_keeps_its_connection_when_its_body_was_read(served: Any) -> None:
    server, table = served
    phone = seated(server)
    conn = phone._conn()
    for n in range(3):  # three taps on one kept-alive connection
        body = json.dumps({"n": n, "tap": "ok"})
        conn.request("POST", "/act", body=body, headers=phone.headers(
            {"Content-Type": "application/json", "Origin": f"http://{phone.host}"}))
        response = conn.getresponse()
        assert response.status == 200 and response.headers["Connection"] is None
        response.read()
    conn.close()
    assert table.version == 3


# -- bodies that are not JSON a guest sends -------------------------------------------------------
@pytest.mark.parametrize("path,body", [
    ("/act", b"[" * 2000 + b"]" * 2000),
    ("/act", b'{"n": 0, "tap": ' + b"[" * 5 + b"]" * 5 + b"}"),
    ("/code", b'{"code": "\\ud800"}'),
    ("/act", b'{"n": 0, "points": "\\udfff"}'),
    ("/act", b'{"n": 0, "hand": ["Q\\ud83d"]}'),
    ("/act", b'{"\\ud800": 1}'),
    ("/act", b'{"n": 0, "tap": "\xff"}'),
])
def test_deep_json_and_broken_text_get_a_400_and_no_traceback(
        served: Any, caplog: pytest.LogCaptureFixture, path: str, body: bytes) -> None:
    server, table = served
    phone = seated(server)
    with caplog.at_level(logging.DEBUG):
        status, reply = phone.post(path, None, raw=body)
    assert status == 400 and reply == "Not JSON"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert table.version == 0 and phone.post("/act", {"n": 0, "tap": "ok"})[0] == 200


def test_json_as_deep_as_allowed_is_read() -> None:
    deep: Any = 1
    for _ in range(guests.DEPTH - 1):
        deep = [deep]
    assert guests.guest_json(json.dumps({"x": deep}).encode()) == {"x": deep}
    assert guests.guest_json(json.dumps({"x": [deep]}).encode()) is None


# -- deadlines and limits ------------------------------------------------------------------------
def closed_within(sock: socket.socket, most: float, drip: bytes = b"") -> float:
    """Seconds until the server closes ``sock`` (sending ``drip`` one byte at a time while it
    waits, as a slow client does); fails past ``most``."""
    start = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - start < most:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            if drip:
                sock.send(drip[:1])
                drip = drip[1:] or drip
        except ConnectionResetError:
            return time.monotonic() - start
    raise AssertionError(f"still open after {most} s")


def test_headers_have_a_deadline_however_slowly_they_drip(
        served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    server, _table = served
    monkeypatch.setattr(wire, "IDLE", 1.0)
    slow = raw(server)
    idle = raw(server)
    assert closed_within(slow, 4.0, drip=b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 200) >= 0.9
    assert closed_within(idle, 4.0) < 4.0
    slow.close()
    idle.close()


def test_each_address_has_a_connection_limit(served: Any) -> None:
    server, _table = served
    crowd = [raw(server, "127.0.0.2") for _ in range(wire.PER_ADDRESS + 4)]
    refused = [s for s in crowd if closed_or_open(s)]
    assert len(refused) == 4  # the ones past the limit are closed at once
    phone = seated(server, "127.0.0.3")
    assert phone.post("/act", {"n": 0, "tap": "ok"})[0] == 200
    for s in crowd:
        s.close()


def closed_or_open(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (it is refused): asked with a request, a refused
    connection answers nothing."""
    sock.settimeout(WAIT)
    try:
        sock.sendall(b"HEAD /x HTTP/1.1\r\nHost: h\r\n\r\n")
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True


@pytest.fixture
def crowd(served: Any) -> Iterator[list[socket.socket]]:
    """40 slow clients and 200 idle connections from 15 other machines (16 each: none over
    the limit of an address), all open."""
    server, _table = served
    socks = []
    for i in range(240):
        sock = raw(server, f"127.0.0.{10 + i // wire.PER_ADDRESS}")
        if i < 40:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: ")  # a request begun, never ended
        socks.append(sock)
    yield socks
    for sock in socks:
        sock.close()


def test_the_page_and_a_seated_phones_taps_are_answered_within_a_second_under_a_crowd(
        served: Any, crowd: list[socket.socket]) -> None:
    server, table = served
    phone = seated(server)
    for sock in crowd[:40]:
        sock.sendall(b"1")  # the slow ones drip on
    for n in range(3):
        start = time.monotonic()
        assert phone.get("/")[0] == 200
        assert phone.post("/act", {"n": n, "tap": "ok"})[0] == 200
        _ident, data = phone.first_event()
        assert data["n"] == n + 1
        assert time.monotonic() - start < 1.0
    assert table.version == 3
    assert server.gate.open.total() - server.gate.open["127.0.0.1"] == 240  # all still there


def test_strangers_streams_never_take_a_seats(served: Any) -> None:
    server, _table = served
    phone = seated(server)
    held = []
    refused = 0
    for i in range(40):
        stranger = Phone(server, source=f"127.0.0.{20 + i // 10}")
        stranger.cookies = {"mt": f"made-up-{i}", "md": f"device-{i}"}
        conn = stranger._conn()
        conn.request("GET", "/stream", headers=stranger.headers())
        response = conn.getresponse()
        if response.status == 503:
            refused += 1
            response.read()
            conn.close()
        else:
            held.append(response)  # (its socket: the connection gave it to the response)
    assert len(held) == guests.STRANGER_STREAMS and refused == 40 - guests.STRANGER_STREAMS
    joining = Phone(server)  # a phone with Bea's link, not seated yet: it sees the door
    joining.seat(server.door.tickets[1].token)
    assert joining.first_event()[1]["door"] == "join"
    start = time.monotonic()
    _ident, data = phone.first_event()
    assert data["seat"] == 0 and phone.post("/act", {"n": 0, "tap": "ok"})[0] == 200
    assert time.monotonic() - start < 1.0
    for response in held:
        response.close()
    deadline = time.monotonic() + WAIT  # the strangers left: their slots are free at once
    while server.slots.get("stranger"):  # (polled: nothing on the table changes to wait on)
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_one_guesser_of_short_codes_blocks_only_itself(served: Any) -> None:
    server, _table = served
    guesser = Phone(server, source="127.0.0.2")
    for _ in range(guests.CODES):
        assert guesser.post("/code", {"code": "AAAAAA"})[0] == 422
    right = {"code": server.door.tickets[0].code}
    assert guesser.post("/code", right)[0] == 422  # its budget is spent: even a right code
    phone = Phone(server, source="127.0.0.3")
    assert phone.post("/code", right)[0] == 200 and phone.post("/join", {})[0] == 200
    assert server.door.seated() == {0}


def test_http_client_sees_no_difference(served: Any) -> None:
    """HTTP/1.0 and a HEAD get whole answers; a request the server cannot read gets a 400."""
    server, _table = served
    sock = raw(server)
    sock.sendall(f"GET / HTTP/1.0\r\nHost: 127.0.0.1:{server.address[1]}\r\n\r\n".encode())
    assert answers(sock) == [200]
    sock = raw(server)
    sock.sendall(b"NOT A REQUEST\r\n\r\n")
    assert answers(sock) == [400]
    conn = http.client.HTTPConnection(*server.address, timeout=WAIT)
    conn.request("HEAD", "/", headers={"Host": f"127.0.0.1:{server.address[1]}"})
    response = conn.getresponse()
    assert response.status == 200 and int(response.headers["Content-Length"]) > 0
    conn.close()
