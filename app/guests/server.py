"""The guest server: the standard library's HTTP server (grown from the live scoreboard's),
a small page of our own, Server-Sent Events to push each seat its view, POST to act.

Routes: ``/j/<token>`` (a seat's link) and ``/w/<token>`` (the table screen's link) set
cookies and send the phone on to ``/``, so the token leaves the address bar; ``/`` is the page,
``/stream`` its events, ``POST /act`` a move or a hand, ``POST /join`` takes the seat of the
link, ``POST /code`` finds a seat by its short code. Every request must name this server's own
address in Host (DNS rebinding), every POST this server as its Origin and carry JSON; no GET
changes anything. Connections, streams, bodies and idle time are bounded.

The host's state is read and changed on the host's event loop only (``run``): a guest's
action goes through the same service call as a tap there, one writer, acknowledged once it
is saved. Each change is pushed numbered ``<version>.<serial>``; a phone that reconnects
(``Last-Event-ID``) gets the newest view unless it has it already."""

from __future__ import annotations

import functools
import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from app.guests.door import ASKING, LOCKED, SEATED, Door, device_hash, same, token
from app.guests.seats import AWAY, OLD, REFUSED, Reply, Seats
from app.i18n import Translator, system_language
from app.share.live import BoundedServer, answer

T = TypeVar("T")

BODY = 4096  # the largest body a guest may post
STREAMS = 24  # event streams open at once (8 phones, reconnecting, and table screens): fewer
# than the server's threads, so that a phone's tap always finds one
PER_PHONE = 3  # streams one phone may hold (two tabs and a reconnect)
IDLE = 10.0  # seconds a request may stay silent
BEAT = 15.0  # seconds between two keep-alive comments on a quiet stream
RETRY = 1000  # ms a phone waits before it connects again (a host restarting, Wi-Fi lost)
CODES = 20  # short codes tried per minute, from all phones together (a guess is 1 in 10^9)
RUN_WAIT = 10.0  # seconds a guest waits for the host's event loop
COOKIE = "Path=/; HttpOnly; SameSite=Strict; Max-Age=86400"
GONE = "Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; font-src 'self'; img-src 'self' data:; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
STATIC = {
    "guest.css": "text/css; charset=utf-8",
    "guest.js": "text/javascript; charset=utf-8",
    "font.ttf": "font/ttf",
}
# door states a phone is told, with the words the page shows for them
DOOR_WORDS = ("connecting", "asking", "join", "take_seat", "code", "code_wrong", "unseated",
              "locked", "closed", "away", "watching", "bad")

Run = Callable[[Callable[[], Any]], Any]


@functools.lru_cache(maxsize=8)
def static(name: str) -> bytes:
    """A file of the page (the card font is the app's own), read once."""
    if name == "font.ttf":
        return (Path(__file__).resolve().parents[2] / "assets" / "fonts" / "Cards.ttf").read_bytes()
    return files("app.guests").joinpath("static", name).read_bytes()


class Words:
    """The page's words per language, from the catalogs (made once per language)."""

    def __init__(self) -> None:
        self._made: dict[str, dict[str, str]] = {}

    def __call__(self, lang: str) -> dict[str, str]:
        if lang not in self._made:
            t = Translator(lang)
            self._made[lang] = {k: t(f"guest.{k}") for k in DOOR_WORDS + PAGE_WORDS}
        return self._made[lang]


# the guest page's own words (its cards, table, summary and hand entry)
PAGE_WORDS = ("waiting", "home", "failed", "dealer", "in_hand", "back", "card_name", "joker",
              "rank_A", "rank_J", "rank_Q", "rank_K", "suit_S", "suit_H", "suit_D", "suit_C",
              "lit", "chosen", "new", "sort_suit", "sort_rank", "points", "total", "won",
              "summary_wait", "entry_wait", "hand_count", "pick_hint", "remove", "send_hand",
              "hand_in", "points_n", "change", "type_points", "pick_cards", "your_points",
              "send_points", "bad_points", "out", "hand_entered", "code_go", "code_label")


class Quiet(BoundedServer):
    """The bounded server, silent when a phone drops its connection (Wi-Fi lost, a tab
    closed): that is no error of the host's."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            super().handle_error(request, client_address)


class GuestServer:
    """Serves one open table (``door``) to guest phones on ``host:port``."""

    def __init__(self, door: Door, host: str, port: int, run: Run,
                 provider: Callable[[], Seats | None],
                 on_door: Callable[[Door], None] = lambda _d: None) -> None:
        self.door = door
        self.run = run  # runs a function on the host's event loop, returns its result
        self.provider = provider  # on the loop: the table's seats, None when it is not open
        self.on_door = on_door  # on the loop: the door changed (save it, redraw the host)
        self.words = Words()
        self.cond = threading.Condition()
        self.serial = 0
        self.closing = False
        self.views: dict[tuple[int, str], tuple[str, bytes]] = {}  # (seat, lang) -> (id, data)
        self.listening: Counter[tuple[int, str]] = Counter()  # (seat, lang) of open streams
        self.phones: Counter[str] = Counter()  # open streams per device (all of them: total)
        self.tries: list[float] = []  # times of short codes tried
        self.httpd = Quiet((host, port), self._handler())
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.1,),
                                       daemon=True, name="meja-guests")

    # -- the server ---------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        host, port = self.httpd.server_address[:2]
        return str(host), int(port)

    @property
    def base(self) -> str:
        host, port = self.address
        return f"http://{host}:{port}"

    def link(self, seat: int) -> str:
        """The join link of ``seat`` (what its QR code holds)."""
        ticket = self.door.ticket(seat)
        return f"{self.base}/j/{ticket.token}" if ticket else self.base

    @property
    def watch_link(self) -> str:
        return f"{self.base}/w/{self.door.watch}"

    def start(self) -> GuestServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        with self.cond:
            self.closing = True
            self.cond.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- on the host's loop -------------------------------------------------------------------
    def publish(self) -> None:
        """The table changed: every seat listening gets its new view (on the host's loop)."""
        seats = self.provider()
        with self.cond:
            wanted = list(self.listening)
        built = {key: self._build(seats, *key, self.serial + 1) for key in wanted}
        with self.cond:
            self.serial += 1
            self.views = {k: v for k, v in built.items() if v is not None}
            self.cond.notify_all()

    def set_door(self, door: Door) -> None:
        """The host changed the door (a seat freed, a second phone let in, the table locked)."""
        self.door = door
        self.on_door(door)
        self.publish()

    def _build(self, seats: Seats | None, seat: int, lang: str,
               serial: int) -> tuple[str, bytes] | None:
        if seats is None:
            return None
        payload = seats.payload(seat, Translator(lang))
        own = payload.get("words")
        payload["words"] = {**self.words(lang), **(own if isinstance(own, dict) else {})}
        payload.setdefault("door", SEATED if seat >= 0 else "watching")
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
        return f"{payload.get('n', 0)}.{serial}", data

    # -- on a guest's thread ------------------------------------------------------------------
    def who(self, cookies: dict[str, str]) -> tuple[str, int]:
        """What the phone with ``cookies`` is at this door: (state, seat)."""
        door = self.door
        if same(door.watch, cookies.get("mw", "")):
            return "watching", -1
        mark, key = cookies.get("mt", ""), cookies.get("md", "")
        if not mark:
            return "code", -1
        ticket = door.by_token(mark)
        if ticket is None:
            return "unseated", -1  # the host freed the seat: its old link opens nothing
        device = device_hash(key) if key else ""
        if same(ticket.device, device):
            return SEATED, ticket.seat
        if same(ticket.asking, device):
            return ASKING, ticket.seat
        return (LOCKED if door.locked else "join"), ticket.seat

    def view(self, state: str, seat: int, lang: str) -> tuple[str, bytes]:
        """The message for a phone in ``state`` at ``seat``: its seat's view when it may see
        one, else the door's state and words."""
        if self.closing:
            state = "closed"
        if state in (SEATED, "watching"):
            key = (seat, lang)
            with self.cond:
                made = self.views.get(key)
            if made is None:
                try:
                    made = self.run(lambda: self._build(self.provider(), seat, lang,
                                                        self.serial))
                except Exception:  # noqa: BLE001 - the host's loop is gone: it is away
                    made = None
                if made is not None:
                    with self.cond:
                        self.views.setdefault(key, made)
            if made is not None:
                return made
            state = "away"
        ticket = self.door.ticket(seat)
        body: dict[str, Any] = {"door": state, "seat": seat, "lang": lang,
                                "name": ticket.name if ticket else "",
                                "words": self.words(lang)}
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        return f"{state}.{seat}.{self.serial}", data

    def act(self, seat: int, body: dict[str, Any], lang: str = "en") -> Reply:
        def call() -> Reply:
            seats = self.provider()
            if seats is None:
                return Reply(False, status=AWAY)
            reply = seats.act(seat, body, Translator(lang))
            if reply.ok:
                self.publish()
            return reply

        return self._on_loop(call)

    def join(self, cookies: dict[str, str]) -> Reply:
        """The phone takes its link's seat (or asks for it, when another phone has it)."""

        def call() -> Reply:
            door = self.door
            ticket = door.by_token(cookies.get("mt", ""))
            key = cookies.get("md", "")
            if ticket is None or not key:
                return Reply(False, status=REFUSED)
            door, state = door.join(ticket, device_hash(key))
            if door is not self.door:
                self.set_door(door)
            return Reply(state == SEATED, state if state != SEATED else "")

        return self._on_loop(call)

    def code(self, value: str) -> str | None:
        """The token of the seat whose short code is ``value`` (None: no such code, or too
        many tried this minute)."""
        now = time.monotonic()
        with self.cond:
            self.tries = [t for t in self.tries if now - t < 60] + [now]
            if len(self.tries) > CODES:
                return None
        ticket = self.door.by_code(value)
        return ticket.token if ticket else None

    def _on_loop(self, call: Callable[[], Reply]) -> Reply:
        try:
            return self.run(call)  # type: ignore[no-any-return]
        except Exception:  # noqa: BLE001 - the host's loop is gone or too slow: it is away
            return Reply(False, status=AWAY)

    def wait(self, seen: int) -> bool:
        """Wait until the table changes after push ``seen`` (False: nothing for a while)."""
        with self.cond:
            return self.cond.wait_for(lambda: self.serial != seen or self.closing,
                                      timeout=BEAT)

    def stream(self, state: str, seat: int, lang: str) -> tuple[int, str]:
        """Count an open stream in (its key)."""
        key = (seat, lang)
        with self.cond:
            if state in (SEATED, "watching"):
                self.listening[key] += 1
        return key

    def unstream(self, key: tuple[int, str]) -> None:
        with self.cond:
            if self.listening[key] > 0:
                self.listening[key] -= 1
            if self.listening[key] <= 0:
                del self.listening[key]

    # -- HTTP --------------------------------------------------------------------------------
    def hosts(self) -> set[str]:
        """The Host headers this server answers to: its own address and port (a name that
        resolves to it is refused: DNS rebinding)."""
        host, port = self.address
        names = {f"{host}:{port}"}
        if host.startswith("127."):
            names.add(f"localhost:{port}")
        return names

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            server_version = "Meja"
            sys_version = ""
            timeout = IDLE
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

            # -- answers --------------------------------------------------------------------
            def _send(self, status: int, body: bytes, kind: str, head: bool = False,
                      cookies: tuple[str, ...] = (), cache: bool = False) -> None:
                headers = {**HEADERS, "Cache-Control": "private, max-age=3600"} if cache \
                    else HEADERS
                answer(self, status, body, kind, headers, head,
                       [("Set-Cookie", c) for c in cookies])

            def _text(self, status: int, text: str) -> None:
                self._send(status, text.encode(), "text/plain; charset=utf-8")

            def _json(self, status: int, body: dict[str, Any],
                      cookies: tuple[str, ...] = ()) -> None:
                self._send(status, json.dumps(body, ensure_ascii=False).encode(),
                           "application/json; charset=utf-8", cookies=cookies)

            def _go(self, cookies: tuple[str, ...]) -> None:
                answer(self, 303, b"", "text/plain; charset=utf-8", HEADERS, more=[
                    ("Location", "/"), *(("Set-Cookie", c) for c in cookies)])

            # -- who is asking --------------------------------------------------------------
            def _cookies(self) -> dict[str, str]:
                jar = SimpleCookie()
                try:
                    jar.load(self.headers.get("Cookie", "")[:2048])
                except CookieError:
                    return {}
                return {k: v.value[:64] for k, v in jar.items() if k in ("mt", "md", "mw")}

            def _lang(self) -> str:
                header = self.headers.get("Accept-Language", "")[:200]
                return system_language([p.split(";")[0].strip() for p in header.split(",")]
                                       + ["en"])

            def _host_ok(self) -> bool:
                return self.headers.get("Host", "") in server.hosts()

            def _device(self, cookies: dict[str, str]) -> tuple[str, ...]:
                """A device key for a phone that has none yet."""
                if cookies.get("md"):
                    return ()
                return (f"md={token()}; {COOKIE}",)

            # -- GET ----------------------------------------------------------------------------
            def do_GET(self, head: bool = False) -> None:  # noqa: N802
                if not self._host_ok():
                    return self._text(421, "Wrong host")
                path = self.path.split("?")[0]
                cookies = self._cookies()
                if path.startswith("/j/") or path.startswith("/w/"):
                    value = path[3:][:64]
                    door = server.door
                    if path.startswith("/j/") and door.by_token(value) is not None:
                        return self._go((f"mt={value}; {COOKIE}", f"mw=; {GONE}",
                                         *self._device(cookies)))
                    if path.startswith("/w/") and same(door.watch, value):
                        return self._go((f"mw={value}; {COOKIE}",))
                    return self._go(())  # an old link: the page says what to do
                if path == "/":
                    return self._send(200, static("guest.html"), "text/html; charset=utf-8",
                                      head)
                if path[1:] in STATIC:
                    try:
                        body = static(path[1:])
                    except OSError:  # a build without the card font: the phone's own fonts
                        return self._text(404, "Not found")
                    return self._send(200, body, STATIC[path[1:]], head, cache=True)
                if path == "/stream" and not head:
                    return self._stream(cookies)
                return self._text(404, "Not found")

            def do_HEAD(self) -> None:  # noqa: N802
                self.do_GET(head=True)

            def _stream(self, cookies: dict[str, str]) -> None:
                lang = self._lang()
                device = cookies.get("md", "") or self.client_address[0]
                with server.cond:
                    full = (server.phones.total() >= STREAMS
                            or server.phones[device] >= PER_PHONE)
                    if not full:
                        server.phones[device] += 1
                if full:
                    return self._text(503, "Too many connections")
                try:
                    self._events(cookies, lang)
                finally:
                    with server.cond:
                        server.phones[device] -= 1
                        if server.phones[device] <= 0:
                            del server.phones[device]

            def _events(self, cookies: dict[str, str], lang: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream; charset=utf-8")
                for name, value in HEADERS.items():
                    self.send_header(name, value)
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                last = self.headers.get("Last-Event-ID", "")[:64]
                key: tuple[int, str] | None = None
                try:
                    self.wfile.write(b"retry: %d\n\n" % RETRY)  # a lost phone comes back soon
                    while True:
                        state, seat = server.who(cookies)
                        if key != (seat, lang) or state not in (SEATED, "watching"):
                            if key is not None:
                                server.unstream(key)
                                key = None
                            if state in (SEATED, "watching"):
                                key = server.stream(state, seat, lang)
                        with server.cond:
                            seen = server.serial
                        ident, data = server.view(state, seat, lang)
                        if ident != last:
                            self.wfile.write(b"id: " + ident.encode() + b"\ndata: " + data
                                             + b"\n\n")
                            self.wfile.flush()
                            last = ident
                        if server.closing:
                            return
                        moved = server.wait(seen)
                        if not moved:
                            self.wfile.write(b": beat\n\n")
                            self.wfile.flush()
                except OSError:
                    return  # the phone went away
                finally:
                    if key is not None:
                        server.unstream(key)

            # -- POST ----------------------------------------------------------------------------
            def do_POST(self) -> None:  # noqa: N802
                if not self._host_ok():
                    return self._text(421, "Wrong host")
                origin = self.headers.get("Origin", "")
                if origin not in {f"http://{h}" for h in server.hosts()}:
                    return self._text(403, "Wrong origin")
                if self.headers.get("Content-Type", "").split(";")[0].strip() != \
                        "application/json":
                    return self._text(415, "JSON only")
                try:
                    size = int(self.headers.get("Content-Length", ""))
                except ValueError:
                    return self._text(411, "Length required")
                if not 0 <= size <= BODY:
                    return self._text(413, "Too large")
                try:
                    body = json.loads(self.rfile.read(size) or b"{}")
                except (ValueError, UnicodeDecodeError):
                    return self._text(400, "Not JSON")
                if not isinstance(body, dict):
                    return self._text(400, "Not an object")
                cookies = self._cookies()
                words = server.words(self._lang())
                path = self.path.split("?")[0]
                if path == "/act":
                    state, seat = server.who(cookies)
                    if state != SEATED:
                        return self._json(403, {"ok": False, "why": words.get(state, "")})
                    return self._reply(server.act(seat, body, self._lang()), words)
                if path == "/join":
                    return self._reply(server.join(cookies), words)
                if path == "/code":
                    value = body.get("code")
                    if not isinstance(value, str) or len(value) > 16:
                        return self._json(422, {"ok": False, "why": words["code_wrong"]})
                    found = server.code(value)
                    if found is None:
                        return self._json(422, {"ok": False, "why": words["code_wrong"]})
                    return self._json(200, {"ok": True}, cookies=(
                        f"mt={found}; {COOKIE}", f"mw=; {GONE}",
                        *self._device(cookies)))
                return self._text(404, "Not found")

            def _reply(self, reply: Reply, words: dict[str, str]) -> None:
                why = reply.why
                if reply.status == AWAY and not why:
                    why = words["away"]
                elif reply.why in (ASKING, LOCKED):
                    why = words[reply.why]
                status = 200 if reply.ok else (reply.status if reply.status != 200 else OLD)
                self._json(status, {"ok": reply.ok, "why": why})

            def _refuse(self) -> None:
                self._text(405, "Not allowed")

            do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

        return Handler
