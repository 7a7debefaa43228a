"""The live scoreboard: a read-only page on the local network, served by a bounded HTTP server
from this device, that shows the match in progress to anyone at the table with its address."""

from __future__ import annotations

import hmac
import html
import json
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from app.i18n import Translator, game_title, names
from app.storage import NotFound, Store

Request = socket.socket | tuple[bytes, socket.socket]  # what a socketserver hands a handler

def lan_address() -> str:
    """This device's address on the local network (127.0.0.1 when it has none). No packet
    is sent: connecting a UDP socket only picks the outgoing interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # a documentation address, never reached
            address = str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return address if not address.startswith("0.") else "127.0.0.1"


PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<style>
body{{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f3f7f2;color:#111}}
h1{{font-size:1.3em;margin:0 0 4px}} #head{{font-size:1.6em;font-weight:700;margin:8px 0}}
table{{border-collapse:collapse;width:100%;font-size:1.1em;background:#fff}}
th,td{{border:1px solid #ccd;padding:6px 8px;text-align:right}} th:first-child,td:first-child
{{text-align:left}} tr.total td{{font-weight:700}} #note{{color:#555;margin-top:10px}}
</style></head>
<body><h1 id="game">{title}</h1><div id="head"></div><table id="board"></table>
<div id="note">{note}</div>
<script src="live.js"></script></body></html>
"""

SCRIPT = """'use strict';
let last = '';
function cell(tag, text) { const c = document.createElement(tag); c.textContent = text;
  return c; }
function row(cells, tag, cls) { const r = document.createElement('tr');
  if (cls) r.className = cls; cells.forEach(x => r.appendChild(cell(tag, String(x))));
  return r; }
function show(d) {
  document.getElementById('game').textContent = d.game;
  document.getElementById('head').textContent = d.headline;
  const t = document.getElementById('board'); t.replaceChildren();
  t.appendChild(row([d.round_label, ...d.players], 'th'));
  d.rounds.forEach((r, i) => t.appendChild(row([i + 1, ...r], 'td')));
  t.appendChild(row([d.total_label, ...d.totals], 'td', 'total'));
}
async function poll() {
  try {
    const r = await fetch('data', {cache: 'no-store'});
    if (r.ok) { const text = await r.text();
      if (text !== last) { last = text; show(JSON.parse(text)); } }
  } catch (e) { /* the table's device is away: try again */ }
  setTimeout(poll, 1500);
}
poll();
"""


GUARDS = {  # every answer's: not kept, not framed, no referrer, no script but its own
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; connect-src 'self'; "
                               "style-src 'unsafe-inline'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
}


def answer(handler: BaseHTTPRequestHandler, status: int, body: bytes, kind: str,
           headers: Mapping[str, str], head: bool = False,
           more: Sequence[tuple[str, str]] = ()) -> None:
    """Send one whole answer: its status, type, length, ``headers`` and ``more`` (headers
    that repeat, such as Set-Cookie), then ``body`` (not for a HEAD request)."""
    handler.send_response(status)
    handler.send_header("Content-Type", kind)
    handler.send_header("Content-Length", str(len(body)))
    for name, value in [*headers.items(), *more]:
        handler.send_header(name, value)
    handler.end_headers()
    if not head:
        handler.wfile.write(body)


IDLE = 2.0  # seconds a live-scoreboard connection may stay silent (a page asks at once;
# a poll cut off is made again by the next one)
THREADS = 32  # requests answered at once; more wait in the listen queue
BACKLOG = 256  # connections the system holds while every thread is busy
FRESH = 1.0  # seconds a worked-out scoreboard is served again


class BoundedServer(ThreadingHTTPServer):
    """A threading HTTP server with a bounded number of threads and a long listen queue: a
    crowd of phones (or a flood) waits in the queue instead of pinning a thread each."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.slots = threading.BoundedSemaphore(THREADS)
        super().__init__(address, handler)

    def process_request(self, request: Request, client_address: object) -> None:
        self.slots.acquire()  # the accept loop waits here while every thread is busy
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Request, client_address: object) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


class LiveServer:
    """A read-only scoreboard on ``http://<host>:<port>/<token>/``: an HTML page that polls
    ``data`` (JSON). Without the token every request is refused (403); nothing changes data:
    only GET and HEAD are answered."""

    def __init__(self, snapshot: Callable[[], Mapping[str, object]],
                 texts: Callable[[], dict[str, str]], host: str, port: int = 0,
                 token: str | None = None) -> None:
        self.snapshot = snapshot
        self.texts = texts
        self.token = token or secrets.token_urlsafe(18)
        self.httpd = BoundedServer((host, port), self._handler())
        self._cache: tuple[float, bytes] = (0.0, b"")
        self._cache_lock = threading.Lock()
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True,
                                       name="meja-live")

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/{self.token}/"

    def start(self) -> LiveServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def data(self) -> bytes:
        """The scoreboard as JSON, worked out at most once a second however many poll it."""
        with self._cache_lock:
            made, body = self._cache
            now = time.monotonic()
            if not body or now - made >= FRESH:
                body = json.dumps(self.snapshot(), ensure_ascii=False).encode()
                self._cache = (now, body)
            return body

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            server_version = "Meja"
            sys_version = ""
            timeout = IDLE  # a client silent this long is dropped: no half-open pile-up

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                return  # the app's console is not a web log

            def _send(self, status: int, body: bytes, kind: str, head: bool = False) -> None:
                answer(self, status, body, kind, GUARDS, head)

            def do_GET(self, head: bool = False) -> None:  # noqa: N802
                parts = self.path.split("?")[0].split("/")
                token = parts[1] if len(parts) > 1 else ""
                if not hmac.compare_digest(token.encode(), server.token.encode()):
                    return self._send(403, b"Forbidden", "text/plain; charset=utf-8", head)
                rest = "/".join(parts[2:])
                if len(parts) == 2:  # /<token> -> /<token>/ so relative links work
                    self.send_response(301)
                    self.send_header("Location", f"/{server.token}/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
                if rest == "":
                    words = server.texts()
                    page = PAGE.format(lang=html.escape(words["lang"]),
                                       title=html.escape(words["title"]),
                                       note=html.escape(words["note"]))
                    return self._send(200, page.encode(), "text/html; charset=utf-8", head)
                if rest == "live.js":
                    return self._send(200, SCRIPT.encode(), "text/javascript; charset=utf-8",
                                      head)
                if rest == "data":
                    return self._send(200, server.data(), "application/json; charset=utf-8",
                                      head)
                return self._send(404, b"Not found", "text/plain; charset=utf-8", head)

            def do_HEAD(self) -> None:  # noqa: N802
                self.do_GET(head=True)

            def _refuse(self) -> None:
                self._send(405, b"Read only", "text/plain; charset=utf-8")

            do_POST = do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

        return Handler


_live: LiveServer | None = None
_live_lock = threading.Lock()


def live() -> LiveServer | None:
    """The live scoreboard of this process, if it is on."""
    return _live


def start_live(snapshot: Callable[[], Mapping[str, object]], texts: Callable[[], dict[str, str]],
               token: str, port: int = 0, host: str | None = None) -> LiveServer:
    """Serve the live scoreboard (once per process: later calls return the running one)."""
    global _live
    with _live_lock:
        if _live is None:
            address = host or lan_address()
            try:
                server = LiveServer(snapshot, texts, address, port, token)
            except OSError:  # the port of last time is taken: any free one
                server = LiveServer(snapshot, texts, address, 0, token)
            _live = server.start()
        return _live


def stop_live() -> None:
    global _live
    with _live_lock:
        if _live is not None:
            _live.stop()
            _live = None


def scoreboard(store: Store, t: Translator) -> dict[str, object]:
    """What the live page shows: the match in progress (else the latest one), from its
    summary: players, points per round, totals, and a headline. Rounds are called what the
    game calls them (a hand in 41 and Samba)."""
    from views.scoreboard import heading, round_words

    match_id = store.current_match_id()
    if match_id is None:
        latest = store.list_matches(limit=1)
        match_id = latest[0]["id"] if latest else None
    base = {"round_label": heading(round_words(t, "")["word"]), "total_label": t("score.total")}
    if match_id is None:
        return {**base, "game": "Meja", "headline": t("share.live_none"), "players": [],
                "rounds": [], "totals": []}
    try:
        doc = store.load_match(match_id)
    except (NotFound, ValueError):
        return {**base, "game": "Meja", "headline": t("share.live_none"), "players": [],
                "rounds": [], "totals": []}
    summary = doc["summary"] or {}
    players = list(doc["setup"]["players"])
    rounds = summary.get("rounds") or []
    winners = summary.get("winners") or []
    game = str(doc["setup"].get("game", ""))
    words = round_words(t, game)
    if summary.get("status") == "finished" and winners:
        headline = t.plural("score.winner", len(winners), names=names(winners, t))
    elif rounds:  # the table's number of the last round: a deleted one keeps its number
        last = max(len(rounds), int(summary.get("round") or 0) - 1)
        headline = t("score.after_word", round=last, **words)
    else:
        headline = t("score.none")
    return {**base, "round_label": heading(words["word"]),
            "game": game_title(t, game),
            "headline": headline, "players": players, "rounds": rounds,
            "totals": summary.get("totals") or [0] * len(players)}
