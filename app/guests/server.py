"""The guest server: HTTP/1.1 on the standard library's asyncio (``app.guests.wire``, on a
thread of its own), a small page of our own, Server-Sent Events to push each seat its view,
POST to act.

Routes: ``/j/<token>`` (a seat's link) and ``/w/<token>`` (the table screen's link) set
cookies and send the phone on to ``/``, so the token leaves the address bar; ``/`` is the page
(the room screen for the table screen's link: ``app.guests.room``),
``/stream`` its events, ``POST /act`` a move or a hand, ``POST /join`` takes the seat of the
link, ``POST /code`` finds a seat by its short code. Every request must name this server's own
address in Host (DNS rebinding), every POST this server as its Origin and carry JSON; no GET
changes anything. Connections (per address and in all), streams, bodies, JSON depth and idle
time are bounded; an event stream is held per seat: a seated phone always gets its stream
back (its oldest gives way), phones not seated share a few.

The host's state is read and changed on the host's event loop only (``run``): a guest's
action goes through the same service call as a tap there, one writer, acknowledged once it
is saved. Each change is pushed numbered ``<version>.<serial>``; a phone that reconnects
(``Last-Event-ID``) gets the newest view unless it has it already."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from importlib.resources import files
from pathlib import Path
from typing import ParamSpec, Protocol, TypeVar

from app.guests import wire
from app.guests.door import ASKING, LOCKED, SEATED, Door, device_hash, same, token
from app.guests.seats import AWAY, OLD, REFUSED, Reply, Seats
from app.guests.wire import Answer, Refused, Request
from app.i18n import Translator, system_language

T = TypeVar("T")
P = ParamSpec("P")

BODY = 4096  # the largest body a guest may post
DEPTH = 4  # the deepest JSON a guest may post (the page's bodies are 2 deep)
SEAT_STREAMS = 2  # event streams a seat holds (two tabs), and its link's phones not seated:
# a third replaces the oldest
WATCH_STREAMS = 4  # the table screens' streams: a fifth replaces the oldest
STRANGER_STREAMS = 8  # streams of phones with no link that opens anything: 503 beyond
HOST_CALLS = 4  # guests' calls waiting on the host's event loop at once (threads)
BACKLOG = 256  # connections the system holds before they are accepted
BEAT = 15.0  # seconds between two keep-alive comments on a quiet stream
RETRY = 1000  # ms a phone waits before it connects again (a host restarting, Wi-Fi lost)
CODES = 20  # short codes tried per minute from one address (a guess is 1 in 10^9)
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
    "room.css": "text/css; charset=utf-8",
    "room.js": "text/javascript; charset=utf-8",
    "font.ttf": "font/ttf",
}
# door states a phone is told, with the words the page shows for them
DOOR_WORDS = ("connecting", "asking", "join", "take_seat", "code", "code_wrong", "unseated",
              "locked", "closed", "away", "watching", "bad")

class Run(Protocol):
    """Runs a function on the host's event loop and returns its result."""

    def __call__(self, call: Callable[[], T], /) -> T: ...


@functools.lru_cache(maxsize=16)
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


log = logging.getLogger(__name__)


def guest_json(raw: bytes) -> dict[str, object] | None:
    """A guest's body as a JSON object, or None: not UTF-8 or not JSON, not an object, nested
    deeper than :data:`DEPTH`, or holding text that is not text (a lone surrogate)."""
    try:
        value = json.loads(raw.decode("utf-8") or "{}")
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    todo: list[tuple[object, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            if depth > DEPTH:
                return None
            todo += [(k, depth) for k in item] + [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list):
            if depth > DEPTH:
                return None
            todo += [(v, depth + 1) for v in item]
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return None
    return value


def text(status: int, words: str) -> Answer:
    return Answer(status, words.encode(), headers=HEADERS)


def as_json(status: int, body: Mapping[str, object], cookies: tuple[str, ...] = ()) -> Answer:
    return Answer(status, json.dumps(body, ensure_ascii=False).encode(),
                  "application/json; charset=utf-8", HEADERS,
                  tuple(("Set-Cookie", c) for c in cookies))


def gone_to(cookies: tuple[str, ...]) -> Answer:
    """To the page, with ``cookies`` set: the token leaves the address bar."""
    return Answer(303, b"", headers=HEADERS,
                  more=(("Location", "/"), *(("Set-Cookie", c) for c in cookies)))


def cookies_of(request: Request) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(request.header("Cookie", 2048))
    except CookieError:
        return {}
    return {k: v.value[:64] for k, v in jar.items() if k in ("mt", "md", "mw")}


def language(request: Request) -> str:
    header = request.header("Accept-Language")
    return system_language([p.split(";")[0].strip() for p in header.split(",")] + ["en"])


def new_device(cookies: dict[str, str]) -> tuple[str, ...]:
    """A device key for a phone that has none yet."""
    return () if cookies.get("md") else (f"md={token()}; {COOKIE}",)


@dataclass(eq=False)
class Stream:
    """One open event stream: its task, the slot it holds ("seat:<n>", "link:<n>", "watch"
    or "stranger"), and ``ended``, set when its slot is given to a newer one. The stream ends
    on it at its next wait: a cancel of its task alone can be lost (Python 3.11's
    ``wait_for`` swallows a cancel that comes as the write it waits on is done)."""

    task: asyncio.Task[object]
    slot: str = ""
    ended: asyncio.Event = field(default_factory=asyncio.Event)


def slot_of(state: str, seat: int) -> str:
    """Whose slots a phone's stream takes: its seat's (seated), its seat link's (a phone with
    the link, not seated: about to take the seat, asking for it, locked out), the table
    screens', or the strangers' (no link that opens anything)."""
    if state == SEATED:
        return f"seat:{seat}"
    if state == "watching":
        return "watch"
    return f"link:{seat}" if seat >= 0 else "stranger"


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
        self.tries: dict[str, list[float]] = {}  # per address: times of short codes tried
        # on the server's own loop only:
        self.gate = wire.Gate()
        self.slots: dict[str, list[Stream]] = {}
        self.tasks: set[asyncio.Task[object]] = set()
        self.tick = asyncio.Event()  # set (and replaced) at each push
        self.halt = asyncio.Event()
        self.sock = socket.create_server((host, port), backlog=BACKLOG)
        self.loop = asyncio.new_event_loop()
        self.pool = ThreadPoolExecutor(HOST_CALLS, thread_name_prefix="meja-guest-call")
        self.thread = threading.Thread(target=self._serve, daemon=True, name="meja-guests")

    # -- the server ---------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        host, port = self.sock.getsockname()[:2]
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
        """Stop listening: every stream is told the table closed, every connection ends."""
        with self.cond:
            self.closing = True
            self.cond.notify_all()
        if self.thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop has just ended
                self.loop.call_soon_threadsafe(self.halt.set)
            self.thread.join(timeout=5)
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.sock.close()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    async def _main(self) -> None:
        server = await asyncio.start_server(self._connection, sock=self.sock, limit=wire.HEAD)
        await self.halt.wait()
        server.close()
        self._wake()
        streams = [s.task for held in self.slots.values() for s in held]
        if streams:  # each says the table closed
            await asyncio.wait(streams, timeout=1)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def _wake(self) -> None:
        """On the server's loop: every stream looks at the table again."""
        self.tick.set()
        self.tick = asyncio.Event()

    def _poke(self) -> None:
        """From any thread: the streams look at the table again."""
        with contextlib.suppress(RuntimeError):  # not started, or stopped
            self.loop.call_soon_threadsafe(self._wake)

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
        self._poke()

    def set_door(self, door: Door) -> None:
        """The host changed the door (a seat freed, a second phone let in, the table locked)."""
        self.door = door
        self.on_door(door)
        self.publish()

    def _build(self, seats: Seats | None, seat: int, lang: str,
               serial: int) -> tuple[str, bytes] | None:
        if seats is None:
            return None
        t = Translator(lang)
        payload = seats.room(t) if seat < 0 else seats.payload(seat, t)
        own = payload.get("words")
        payload["words"] = {**self.words(lang), **(own if isinstance(own, dict) else {})}
        payload.setdefault("door", SEATED if seat >= 0 else "watching")
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
        return f"{payload.get('n', 0)}.{serial}", data

    # -- on a guest's thread (or the server's loop, where nothing waits) ------------------------
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

    def known(self, state: str, seat: int, lang: str) -> tuple[str, bytes] | None:
        """The message for a phone in ``state`` at ``seat`` when the host need not be asked
        (the door's state, or a view made already); None: it must be (:meth:`view`)."""
        if self.closing:
            state = "closed"
        if state in (SEATED, "watching"):
            with self.cond:
                return self.views.get((seat, lang))
        return self._door_message(state, seat, lang)

    def view(self, state: str, seat: int, lang: str) -> tuple[str, bytes]:
        """The message for a phone in ``state`` at ``seat``: its seat's view when it may see
        one, else the door's state and words (may wait on the host's loop)."""
        made = self.known(state, seat, lang)
        if made is not None:
            return made
        try:
            made = self.run(lambda: self._build(self.provider(), seat, lang, self.serial))
        except Exception:  # noqa: BLE001 - the host's loop is gone: it is away
            made = None
        if made is None:
            return self._door_message("away", seat, lang)
        with self.cond:
            return self.views.setdefault((seat, lang), made)

    def _door_message(self, state: str, seat: int, lang: str) -> tuple[str, bytes]:
        ticket = self.door.ticket(seat)
        body: dict[str, object] = {"door": state, "seat": seat, "lang": lang,
                                "name": ticket.name if ticket else "",
                                "words": self.words(lang)}
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        return f"{state}.{seat}.{self.serial}", data

    def act(self, seat: int, body: Mapping[str, object], lang: str = "en") -> Reply:
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

    def code(self, value: str, address: str = "") -> str | None:
        """The token of the seat whose short code is ``value`` (None: no such code, or too
        many tried this minute from ``address``: one guesser blocks only itself)."""
        now = time.monotonic()
        with self.cond:
            for peer in [p for p, times in self.tries.items() if now - times[-1] >= 60]:
                del self.tries[peer]
            mine = [t for t in self.tries.get(address, []) if now - t < 60] + [now]
            self.tries[address] = mine
            if len(mine) > CODES:
                return None
        ticket = self.door.by_code(value)
        return ticket.token if ticket else None

    def _on_loop(self, call: Callable[[], Reply]) -> Reply:
        try:
            return self.run(call)
        except Exception:  # noqa: BLE001 - the host's loop is gone or too slow: it is away
            return Reply(False, status=AWAY)

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

    def hosts(self) -> set[str]:
        """The Host headers this server answers to: its own address and port (a name that
        resolves to it is refused: DNS rebinding)."""
        host, port = self.address
        names = {f"{host}:{port}"}
        if host.startswith("127."):
            names.add(f"localhost:{port}")
        return names

    # -- HTTP, on the server's loop -------------------------------------------------------------
    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        """One connection: its requests answered in turn, until it closes, idles past the
        deadline, or an answer had to close it. Refused at once when its address (or the
        server) holds too many."""
        peer = str((writer.get_extra_info("peername") or ("",))[0])
        if self.closing or not self.gate.enter(peer):
            writer.transport.abort()
            return
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(task)
        answered = False  # the last thing done was an answer: close it gently
        try:
            while not self.closing:
                try:
                    request = await wire.read_request(reader, peer)
                except Refused as refused:
                    answered = True
                    await wire.send(writer, wire.encode(text(refused.status, "Bad request"),
                                                        close=True))
                    return
                if request is None:
                    return
                answered = True
                if not await self._answer(request, reader, writer):
                    return
                answered = False
        except (OSError, EOFError, asyncio.CancelledError):
            answered = False  # timed out, the phone went away (Wi-Fi lost, a tab closed), its
            # stream gave way to a newer one, or the server stops
        except Exception:  # a fault of ours: logged, the connection closed, the server on
            log.exception("guest request failed")
        finally:
            try:
                if answered and not self.closing:
                    with contextlib.suppress(asyncio.CancelledError):
                        await wire.linger(reader, writer)
            finally:
                writer.transport.abort()
                self.gate.leave(peer)
                self.tasks.discard(task)

    async def _answer(self, request: Request, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> bool:
        """Answer ``request``; whether the connection may carry another (never when a body
        was left unread)."""
        head = request.method == "HEAD"
        if request.header("Host") not in self.hosts():
            answer = text(421, "Wrong host")
        elif request.method in ("GET", "HEAD"):
            if request.path == "/stream" and not head and not request.unread:
                await self._stream(request, reader, writer)
                return False
            answer = self._get(request)
        elif request.method == "POST":
            answer = await self._post(request, reader)
        else:
            answer = text(405, "Not allowed")
        close = request.close or request.unread or self.closing
        await wire.send(writer, wire.encode(answer, close, head))
        return not close

    def _get(self, request: Request) -> Answer:
        path = request.path
        cookies = cookies_of(request)
        if path.startswith("/j/") or path.startswith("/w/"):
            value = path[3:][:64]
            door = self.door
            if path.startswith("/j/") and door.by_token(value) is not None:
                return gone_to((f"mt={value}; {COOKIE}", f"mw=; {GONE}", *new_device(cookies)))
            if path.startswith("/w/") and same(door.watch, value):
                return gone_to((f"mw={value}; {COOKIE}",))
            return gone_to(())  # an old link: the page says what to do
        if path == "/":  # the table screen's link opens the room screen, a seat's the phone's
            page = "room.html" if self.who(cookies)[0] == "watching" else "guest.html"
            return Answer(200, static(page), "text/html; charset=utf-8", HEADERS)
        if path[1:] in STATIC:
            try:
                body = static(path[1:])
            except OSError:  # a build without the card font: the phone's own fonts
                return text(404, "Not found")
            return Answer(200, body, STATIC[path[1:]],
                          {**HEADERS, "Cache-Control": "private, max-age=3600"})
        return text(404, "Not found")

    async def _post(self, request: Request, reader: asyncio.StreamReader) -> Answer:
        """A guest's action: from this origin, JSON of a bounded size and depth (the body is
        read only once all else is right: refused before, the connection closes)."""
        origin = request.header("Origin")
        if origin not in {f"http://{h}" for h in self.hosts()}:
            return text(403, "Wrong origin")
        if request.header("Content-Type").split(";")[0].strip() != "application/json":
            return text(415, "JSON only")
        if request.length is None:
            return text(411, "Length required")
        if request.length > BODY:
            return text(413, "Too large")
        body = guest_json(await wire.read_body(reader, request))
        if body is None:
            return text(400, "Not JSON")
        cookies = cookies_of(request)
        lang = language(request)
        words = self.words(lang)
        if request.path == "/act":
            state, seat = self.who(cookies)
            if state != SEATED:
                return as_json(403, {"ok": False, "why": words.get(state, "")})
            return self._reply(await self._call(self.act, seat, body, lang), words)
        if request.path == "/join":
            return self._reply(await self._call(self.join, cookies), words)
        if request.path == "/code":
            value = body.get("code")
            found = self.code(value, request.peer) if isinstance(value, str) and len(
                value) <= 16 else None
            if found is None:
                return as_json(422, {"ok": False, "why": words["code_wrong"]})
            return as_json(200, {"ok": True}, cookies=(
                f"mt={found}; {COOKIE}", f"mw=; {GONE}", *new_device(cookies)))
        return text(404, "Not found")

    async def _call(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn`` on one of a few threads (it waits on the host's loop), the server's loop
        free meanwhile."""
        return await self.loop.run_in_executor(self.pool, functools.partial(fn, *args, **kwargs))

    @staticmethod
    def _reply(reply: Reply, words: dict[str, str]) -> Answer:
        why = reply.why
        if reply.status == AWAY and not why:
            why = words["away"]
        elif reply.why in (ASKING, LOCKED):
            why = words[reply.why]
        status = 200 if reply.ok else (reply.status if reply.status != 200 else OLD)
        return as_json(status, {"ok": reply.ok, "why": why})

    # -- event streams ------------------------------------------------------------------------
    def _hold(self, stream: Stream, slot: str) -> bool:
        """Give ``stream`` a place in ``slot``: a seat's or the table screens' oldest stream
        gives way; the strangers' pool is full at :data:`STRANGER_STREAMS` (False)."""
        self._release(stream)
        held = self.slots.setdefault(slot, [])
        most = (WATCH_STREAMS if slot == "watch" else
                STRANGER_STREAMS if slot == "stranger" else SEAT_STREAMS)
        if len(held) >= most:
            if slot == "stranger":
                return False
            oldest = held.pop(0)
            oldest.ended.set()
            oldest.task.cancel()
        held.append(stream)
        stream.slot = slot
        return True

    def _release(self, stream: Stream) -> None:
        held = self.slots.get(stream.slot, [])
        if stream in held:
            held.remove(stream)
        if not held:
            self.slots.pop(stream.slot, None)
        stream.slot = ""

    async def _stream(self, request: Request, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        """The phone's event stream: its view now and at each change, a comment when quiet.
        The phone's place is looked at again at each push (a seat taken, freed); the stream
        ends (its slot free) as soon as the phone closes it."""
        cookies, lang = cookies_of(request), language(request)
        task = asyncio.current_task()
        assert task is not None
        stream = Stream(task)
        if not self._hold(stream, slot_of(*self.who(cookies))):
            await wire.send(writer, wire.encode(text(503, "Too many connections"), close=True))
            return
        last = request.header("Last-Event-ID", 64)
        key: tuple[int, str] | None = None
        gone = asyncio.ensure_future(reader.read(1))  # the phone closed (or spoke): it ends
        try:
            await wire.send(writer, wire.stream_head(HEADERS.items())
                            + b"retry: %d\n\n" % RETRY)  # a lost phone comes back soon
            while True:
                tick = self.tick
                state, seat = self.who(cookies)
                if slot_of(state, seat) != stream.slot and not self._hold(
                        stream, slot_of(state, seat)):
                    return
                if key != (seat, lang) or state not in (SEATED, "watching"):
                    if key is not None:
                        self.unstream(key)
                        key = None
                    if state in (SEATED, "watching"):
                        key = self.stream(state, seat, lang)
                made = self.known(state, seat, lang)
                ident, data = made if made is not None else await self._call(
                    self.view, state, seat, lang)
                if ident != last:
                    await wire.send(writer, b"id: " + ident.encode() + b"\ndata: " + data
                                    + b"\n\n")
                    last = ident
                if self.closing or stream.ended.is_set():
                    return
                changed = asyncio.ensure_future(tick.wait())
                ended = asyncio.ensure_future(stream.ended.wait())
                done, _ = await asyncio.wait({changed, gone, ended}, timeout=BEAT,
                                             return_when=asyncio.FIRST_COMPLETED)
                changed.cancel()
                ended.cancel()
                if gone in done or ended in done:
                    return
                if changed not in done:
                    await wire.send(writer, b": beat\n\n")
        finally:
            gone.cancel()
            if gone.done() and not gone.cancelled():
                gone.exception()  # a reset connection: seen
            self._release(stream)
            if key is not None:
                self.unstream(key)
