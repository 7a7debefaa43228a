"""The guest server over plain HTTP: what a seat's link, a phone's cookie, a foreign Host, a
cross-origin POST and the table screen's link may and may not do; streams carry a seat's
own view only, numbered, and resume; bodies and streams are bounded."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from http.cookies import SimpleCookie
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.guests import server as guests
from app.guests.door import Door
from app.guests.seats import REFUSED, STALE, Reply
from app.guests.server import GuestServer


class Table:
    """A table whose seats each hold a secret; an action moves it on one version."""

    def __init__(self) -> None:
        self.version = 0
        self.acts: list[tuple[int, dict[str, Any]]] = []

    def seats(self) -> list[tuple[int, str]]:
        return [(0, "Ana"), (1, "Bea")]

    def room(self, t: Any) -> dict[str, Any]:
        return {"n": self.version, "lang": t.language, "seat": -1, "room": "public"}

    def payload(self, seat: int, t: Any) -> dict[str, Any]:
        mine = f"secret-of-seat-{seat}" if seat >= 0 else "public"
        return {"n": self.version, "lang": t.language, "seat": seat, "play": {"hand": mine}}

    def act(self, seat: int, body: dict[str, Any], t: Any = None) -> Reply:
        if body.get("n") != self.version:
            return STALE
        if body.get("tap") != "ok":
            return Reply(False, "no such move", REFUSED)
        self.version += 1
        self.acts.append((seat, body))
        return Reply(True)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Any:
    yield from serving(monkeypatch)


def serving(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[GuestServer, Table]]:
    """A server of a :class:`Table` on loopback, stopped after the test."""
    monkeypatch.setattr(guests, "static", lambda name: f"<!doctype html><p>{name}</p>".encode())
    table = Table()
    door = Door.open("play-x", table.seats())
    lock = threading.Lock()

    def run(call: Any) -> Any:  # the host's loop: one caller at a time
        with lock:
            return call()

    server = GuestServer(door, "127.0.0.1", 0, run, lambda: table).start()
    yield server, table
    server.stop()


class Phone:
    """A phone's browser: keeps its cookies, names the server's address as its Host."""

    def __init__(self, server: GuestServer, host: str | None = None,
                 source: str = "127.0.0.1") -> None:
        self.server = server
        self.source = source  # the phone's own address
        self.cookies: dict[str, str] = {}
        self.host = host or f"127.0.0.1:{server.address[1]}"

    def _conn(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(*self.server.address, timeout=5,
                                          source_address=(self.source, 0))

    def _keep(self, response: http.client.HTTPResponse) -> None:
        for header in response.headers.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        h = {"Host": self.host}
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return {**h, **(extra or {})}

    def get(self, path: str, **extra: str) -> tuple[int, dict[str, str], bytes]:
        conn = self._conn()
        conn.request("GET", path, headers=self.headers(extra))
        r = conn.getresponse()
        body = r.read()
        self._keep(r)
        conn.close()
        return r.status, dict(r.headers), body

    def post(self, path: str, body: Any, origin: str | None = "",
             kind: str = "application/json", raw: bytes | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else json.dumps(body).encode()
        extra = {"Content-Type": kind}
        if origin is not None:
            extra["Origin"] = origin or f"http://{self.host}"
        conn = self._conn()
        conn.request("POST", path, body=data, headers=self.headers(extra))
        r = conn.getresponse()
        text = r.read()
        self._keep(r)
        conn.close()
        try:
            return r.status, json.loads(text)
        except ValueError:
            return r.status, text.decode()

    def first_event(self, last: str = "") -> tuple[str, dict[str, Any]]:
        """The first message of the stream (its id, its data)."""
        conn = self._conn()
        conn.request("GET", "/stream", headers=self.headers(
            {"Last-Event-ID": last} if last else None))
        r = conn.getresponse()
        assert r.status == 200
        assert r.headers["Content-Type"].startswith("text/event-stream")
        ident, data = "", ""
        while True:
            line = r.fp.readline().decode().rstrip("\n")
            if line.startswith("id: "):
                ident = line[4:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and data:
                conn.close()
                return ident, json.loads(data)

    def seat(self, token: str) -> None:
        status, headers, _ = self.get(f"/j/{token}")
        assert status == 303 and headers["Location"] == "/"


def test_a_seat_link_sets_private_cookies_and_leaves_the_address_bar(served: Any) -> None:
    server, _table = served
    phone = Phone(server)
    status, headers, _ = phone.get(f"/j/{server.door.tickets[0].token}")
    assert status == 303 and headers["Location"] == "/"
    cookies = [v for k, v in _all(phone, f"/j/{server.door.tickets[0].token}")]
    assert cookies and all("HttpOnly" in c and "SameSite=Strict" in c for c in cookies)
    assert set(phone.cookies) >= {"mt", "md"}
    assert not server.door.seated()  # a GET takes no seat


def _all(phone: Phone, path: str) -> list[tuple[str, str]]:
    conn = phone._conn()
    conn.request("GET", path, headers={"Host": phone.host})
    r = conn.getresponse()
    r.read()
    conn.close()
    return [("Set-Cookie", v) for v in r.headers.get_all("Set-Cookie") or []]


def test_a_wrong_token_opens_nothing(served: Any) -> None:
    server, _table = served
    phone = Phone(server)
    status, _headers, _ = phone.get("/j/not-a-token")
    assert status == 303 and "mt" not in phone.cookies
    phone.cookies = {"mt": "forged", "md": "mine"}
    assert phone.post("/join", {})[0] == 422
    assert phone.first_event()[1]["door"] == "unseated"
    assert phone.post("/act", {"n": 0, "tap": "ok"})[0] == 403
    assert not server.door.seated()


def test_a_foreign_host_is_refused(served: Any) -> None:
    server, _table = served
    phone = Phone(server, host=f"evil.example:{server.address[1]}")
    assert phone.get("/")[0] == 421
    assert phone.get(f"/j/{server.door.tickets[0].token}")[0] == 421
    assert phone.post("/join", {})[0] == 421


def test_posts_need_this_origin_and_json(served: Any) -> None:
    server, table = served
    phone = Phone(server)
    phone.seat(server.door.tickets[0].token)
    assert phone.post("/join", {}, origin=None)[0] == 403
    assert phone.post("/join", {}, origin="http://evil.example")[0] == 403
    assert phone.post("/join", {}, kind="text/plain")[0] == 415
    assert not server.door.seated()
    status, reply = phone.post("/join", {})
    assert status == 200 and reply["ok"]
    assert server.door.seated() == {0}
    assert phone.post("/act", {"n": 0, "tap": "ok"}, origin="http://evil.example")[0] == 403
    assert table.version == 0


def test_a_seated_phone_acts_and_sees_its_own_seat_only(served: Any) -> None:
    server, table = served
    ana, bea = Phone(server), Phone(server)
    ana.seat(server.door.tickets[0].token)
    bea.seat(server.door.tickets[1].token)
    assert ana.post("/join", {})[0] == 200 and bea.post("/join", {})[0] == 200
    ident, data = ana.first_event()
    assert data["play"]["hand"] == "secret-of-seat-0"
    assert "secret-of-seat-1" not in json.dumps(data)
    assert ident.startswith("0.")
    assert ana.post("/act", {"n": 0, "tap": "ok"}) == (200, {"ok": True, "why": ""})
    assert table.acts == [(0, {"n": 0, "tap": "ok"})]
    # the second tap of a double tap names the old version: nothing happens
    assert ana.post("/act", {"n": 0, "tap": "ok"})[0] == 409
    status, reply = ana.post("/act", {"n": 1, "tap": "nope"})
    assert status == 422 and reply["why"] == "no such move"
    _ident, seen = bea.first_event()
    assert seen["n"] == 1 and "secret-of-seat-0" not in json.dumps(seen)


def test_a_phone_that_reconnects_resumes_from_what_it_saw(served: Any) -> None:
    server, table = served
    ana = Phone(server)
    ana.seat(server.door.tickets[0].token)
    ana.post("/join", {})
    first, _ = ana.first_event()
    ana.post("/act", {"n": 0, "tap": "ok"})
    newer, data = ana.first_event(last=first)
    assert newer != first and data["n"] == 1


def test_the_watch_link_sees_the_public_table_and_never_acts(served: Any) -> None:
    server, table = served
    screen = Phone(server)
    assert screen.get("/")[2] == b"<!doctype html><p>guest.html</p>"
    status, _h, _ = screen.get(f"/w/{server.door.watch}")
    assert status == 303 and "mw" in screen.cookies
    assert screen.get("/")[2] == b"<!doctype html><p>room.html</p>"  # the room screen
    _ident, data = screen.first_event()
    assert data["room"] == "public" and data["door"] == "watching" and "play" not in data
    assert screen.post("/act", {"n": 0, "tap": "ok"})[0] == 403
    assert screen.post("/join", {})[0] == 422
    assert table.version == 0 and not server.door.seated()
    screen.get(f"/j/{server.door.tickets[0].token}")  # a seat's link: the phone's page again
    assert screen.get("/")[2] == b"<!doctype html><p>guest.html</p>"


def test_a_second_phone_needs_the_hosts_yes(served: Any) -> None:
    server, table = served
    first, second = Phone(server), Phone(server)
    token = server.door.tickets[0].token
    first.seat(token)
    first.post("/join", {})
    second.seat(token)
    status, reply = second.post("/join", {})
    assert status == 409 and not reply["ok"]
    assert second.first_event()[1]["door"] == "asking"
    assert second.post("/act", {"n": 0, "tap": "ok"})[0] == 403
    server.set_door(server.door.allow(0))
    assert second.post("/act", {"n": 0, "tap": "ok"})[0] == 200
    assert first.post("/act", {"n": 1, "tap": "ok"})[0] == 403
    assert table.version == 1


def test_a_freed_seat_voids_its_link(served: Any) -> None:
    server, _table = served
    ana = Phone(server)
    old = server.door.tickets[0].token
    ana.seat(old)
    ana.post("/join", {})
    server.set_door(server.door.unseat(0))
    assert ana.first_event()[1]["door"] == "unseated"
    assert ana.post("/act", {"n": 0, "tap": "ok"})[0] == 403
    other = Phone(server)
    other.get(f"/j/{old}")
    assert "mt" not in other.cookies


def test_a_locked_table_takes_no_new_phone(served: Any) -> None:
    server, _table = served
    server.set_door(server.door.lock(True))
    phone = Phone(server)
    phone.seat(server.door.tickets[1].token)
    assert phone.post("/join", {})[0] == 409
    assert phone.first_event()[1]["door"] == "locked"
    assert not server.door.seated()


def test_a_short_code_finds_the_seat_and_guessing_is_bounded(served: Any) -> None:
    server, _table = served
    phone = Phone(server)
    status, reply = phone.post("/code", {"code": "nope"})
    assert status == 422 and reply["why"]
    code = server.door.tickets[1].code
    assert phone.post("/code", {"code": f"{code[:3]} {code[3:]}".lower()})[0] == 200
    assert phone.post("/join", {})[0] == 200
    assert server.door.seated() == {1}
    guesser = Phone(server)
    for _ in range(guests.CODES):
        guesser.post("/code", {"code": "AAAAAA"})
    assert guesser.post("/code", {"code": server.door.tickets[0].code})[0] == 422


def test_every_answer_carries_the_page_guards(served: Any) -> None:
    server, _table = served
    _status, headers, _ = Phone(server).get("/")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"


def test_bodies_are_bounded_and_must_be_objects(served: Any) -> None:
    server, table = served
    phone = Phone(server)
    phone.seat(server.door.tickets[0].token)
    phone.post("/join", {})
    assert phone.post("/act", None, raw=b"x" * (guests.BODY + 1))[0] == 413
    assert phone.post("/act", None, raw=b"{not json")[0] == 400
    assert phone.post("/act", [1, 2])[0] == 400
    assert phone.post("/act", None, raw=b"\xff\xfe")[0] == 400
    assert table.version == 0


def test_no_get_changes_anything(served: Any) -> None:
    server, table = served
    phone = Phone(server)
    phone.seat(server.door.tickets[0].token)
    before = server.door
    for path in ("/", "/act", "/join", "/code", "/stream?x=1", "/j/", "/w/x"):
        if path.startswith("/stream"):
            phone.first_event()
        else:
            phone.get(path)
    assert server.door == before and table.version == 0
    conn = phone._conn()
    conn.request("PUT", "/act", body=b"{}", headers=phone.headers())
    assert conn.getresponse().status == 405


@settings(max_examples=60, deadline=None)
@given(body=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12))
def test_hostile_bodies_never_move_the_table(body: Any) -> None:
    table = Table()
    server = GuestServer(Door.open("play-x", table.seats()), "127.0.0.1", 0, lambda c: c(),
                         lambda: table).start()
    try:
        phone = Phone(server)
        phone.seat(server.door.tickets[0].token)
        phone.post("/join", {})
        status, _reply = phone.post("/act", body)
        assert status in (200, 400, 409, 422)
        if status == 200:  # only the one good move moves it
            assert body == {"n": 0, "tap": "ok"} or (
                isinstance(body, dict) and body.get("n") == 0 and body.get("tap") == "ok")
        else:
            assert table.version == 0
    finally:
        server.stop()


def open_stream(phone: Phone) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    conn = phone._conn()
    conn.request("GET", "/stream", headers=phone.headers())
    return conn, conn.getresponse()


Held = list[tuple[http.client.HTTPConnection, http.client.HTTPResponse]]


def seated_streams(server: GuestServer, n: int) -> tuple[Phone, Held]:
    """A phone seated at the first seat, with ``n`` event streams open (each counted)."""
    phone = Phone(server)
    phone.seat(server.door.tickets[0].token)
    phone.post("/join", {})
    held = []
    for _ in range(n):
        conn, response = open_stream(phone)
        assert response.status == 200
        response.fp.readline()  # its first message is on its way: the stream is counted
        held.append((conn, response))
    return phone, held


def test_a_seat_always_gets_its_stream_back_and_strangers_share_a_few(served: Any) -> None:
    server, _table = served
    # one more than a seat holds: the oldest goes
    phone, held = seated_streams(server, guests.SEAT_STREAMS + 1)
    oldest = held[0][1]
    while oldest.fp.readline():  # the oldest stream ends (read until the server closes it)
        pass
    strangers = []
    for i in range(guests.STRANGER_STREAMS + 2):
        stranger = Phone(server)
        stranger.cookies = {"mt": f"made-up-{i}", "md": f"device-{i}"}
        conn, response = open_stream(stranger)
        strangers.append(response.status)
        if response.status == 503:  # refused: the connection is not kept
            assert response.headers["Connection"] == "close"
            response.read()
            assert conn.sock is None or conn.sock.recv(1) == b""
        else:
            held.append((conn, response))
    assert strangers.count(200) == guests.STRANGER_STREAMS and strangers.count(503) == 2
    conn, response = open_stream(phone)  # the seat's own phone: back at once
    assert response.status == 200
    assert phone.post("/act", {"n": 0, "tap": "ok"})[0] == 200
    for c, _r in [*held, (conn, response)]:
        c.close()


class Deaf:
    """A task whose cancel is lost, as Python 3.11's ``wait_for`` can lose one."""

    def cancel(self) -> bool:
        return False


def test_a_stream_that_gives_way_ends_even_when_its_cancel_is_lost(served: Any) -> None:
    server, _table = served
    phone, held = seated_streams(server, guests.SEAT_STREAMS)
    swapped = threading.Event()

    def deafen() -> None:  # on the server's loop, which owns its streams
        for streams in server.slots.values():
            streams[0].task = Deaf()
        swapped.set()

    server.loop.call_soon_threadsafe(deafen)
    assert swapped.wait(5)
    conn, response = open_stream(phone)  # one more than the seat holds: the oldest goes
    assert response.status == 200
    held.append((conn, response))
    while held[0][1].fp.readline():  # it ends, though its task was never cancelled
        pass
    for c, _r in held:
        c.close()


def test_a_build_without_the_card_font_serves_the_page_without_it(
        served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    server, _table = served

    def missing(name: str) -> bytes:
        raise FileNotFoundError(name)

    monkeypatch.setattr(guests, "static", missing)
    status, _headers, _ = Phone(server).get("/font.ttf")
    assert status == 404
