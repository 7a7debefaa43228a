"""Sharing matches: QR codes of a stored match, importing one from a code, CSV and JSON
exports, and the read-only live scoreboard served on the local network.

The codec itself is :mod:`models.share`. A match imported here is kept like any other, with
``summary["imported"] = {"from": <the sender's match id>, "digest": ..., "created": ...}``;
the sender's id, with the same game and players, is what makes a second import of the same
match find the first. Nothing derived is taken from a code: the summary is worked out again
from the events.
"""

from __future__ import annotations

import asyncio
import csv
import hmac
import html
import io
import json
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import flet as ft
import flet_camera as fc
import qrcode
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_ALPHA_NUM, QRData

from app.games import ENTRIES
from app.i18n import Translator, names, say
from app.qrimage import PictureError, read_image
from app.storage import NotFound, Store
from models.errors import MejaError
from models.match import Match, Setup
from models.share import LIMIT, Reader, Shared, ShareError, encode, read_shared, shared_doc
from views.share import (
    ImportData,
    ScanData,
    ShareData,
    import_view,
    live_section,
    scan_view,
    share_view,
)

if TYPE_CHECKING:
    from app.shell import Shell

# -- a stored match as codes and files ----------------------------------------------------


def created_of(match_id: str) -> str:
    """The creation stamp a match id carries (``YYYYMMDD-HHMMSS-...``)."""
    d = match_id
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[9:11]}:{d[11:13]}:{d[13:15]}Z"


def share_doc(store: Store, match_id: str) -> dict[str, Any]:
    """The dict a code carries for a stored match (an imported one keeps its origin)."""
    doc = store.load_match(match_id)
    match = Match.from_dict({"version": 1, "setup": _setup(doc["setup"]), "events": doc["events"]})
    summary = dict(doc["summary"] or {})
    mark = summary.get("imported") or {}
    origin = mark.get("from") or match_id
    return shared_doc(origin, mark.get("created") or created_of(match_id), match, summary)


def _setup(setup: dict[str, Any]) -> dict[str, Any]:
    return {k: setup[k] for k in ("game", "players", "options")}


def codes(store: Store, match_id: str, limit: int = LIMIT) -> list[str]:
    """The texts of the QR codes of a stored match (numbered parts when it is large)."""
    return encode(share_doc(store, match_id), limit)


def qr(text: str) -> qrcode.QRCode:  # type: ignore[type-arg]
    """The QR code of ``text``: error correction M, alphanumeric mode for Meja codes."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=8, border=4)
    alnum = text.upper() == text and all(c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
                                         for c in text)
    # The stub types MODE_ALPHA_NUM as a plain int where QRData asks for its literal value.
    code.add_data(QRData(text, mode=MODE_ALPHA_NUM) if alnum else text)  # type: ignore[call-overload]
    code.make(fit=True)
    return code


def qr_png(text: str) -> bytes:
    buf = io.BytesIO()
    qr(text).make_image().save(buf, format="PNG")
    return buf.getvalue()


def meja_texts(texts: list[str]) -> list[str]:
    """The Meja codes among the texts of QR codes read (one may be any other QR code)."""
    return [x for x in texts if x.upper().startswith("MEJA")]


def secure(url: str) -> bool:
    """Whether a browser lets a page at ``url`` use the camera: https, or this device."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return parts.scheme == "https" or host in ("localhost", "127.0.0.1", "::1") or (
        host.endswith(".localhost"))


CAMERA_TROUBLES = {  # what the platforms' camera errors mean for the person holding it
    "cameranotfound": "share.camera_none",
    "cameraaccessdenied": "share.camera_denied",
    "cameraaccessdeniedwithoutprompt": "share.camera_denied",
    "cameraaccessrestricted": "share.camera_denied",
    "camerapermission": "share.camera_denied",
    "cameranotsupported": "share.camera_unsupported",
    "camerasecurity": "share.camera_unsupported",
    "cameranotreadable": "share.camera_busy",
}


def camera_trouble(error: str) -> str | None:
    """The text key that explains a camera error (``CameraException(<code>, ...)``), if
    its code is one a person can do something about."""
    found = re.search(r"CameraException\((\w+)", error) or re.search(r"(\w+Error)\b", error)
    if found is None:
        return None
    code = found.group(1).lower()
    if code in ("notallowederror", "permissiondeniederror"):
        return "share.camera_denied"
    return CAMERA_TROUBLES.get(code)


FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet evaluates a cell that starts so


def cell(value: object) -> object:
    """A CSV cell no spreadsheet evaluates: text starting like a formula gets an apostrophe
    (numbers stay numbers)."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA) else value


def csv_text(store: Store, match_id: str) -> str:
    """Points per round and the totals, one column per player, for a spreadsheet."""
    doc = store.load_match(match_id)
    players = list(doc["setup"]["players"])
    summary = doc["summary"] or {}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    rows = [["round", *players],
            *([number, *points] for number, points in enumerate(summary.get("rounds") or [], 1)),
            ["total", *(summary.get("totals") or [])]]
    if summary.get("winners"):
        rows.append(["winners", *summary["winners"]])
    w.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


def json_text(store: Store, match_id: str) -> str:
    """The whole match (set-up, every event, summary) as readable JSON."""
    return json.dumps(share_doc(store, match_id), ensure_ascii=False, indent=1)


# -- import -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    """What an import did: ``"new"``, ``"updated"`` (a newer state of a match imported
    before), ``"same"`` (already here, nothing changed) or ``"own"`` (this device's match)."""

    status: str
    match_id: str


def find_copy(store: Store, origin: str, setup: Setup) -> tuple[str, dict[str, Any]] | None:
    """The stored match that is ``origin`` or was imported from it, with the same game and
    players (a code reusing an id for another match is another match)."""
    for entry in store.list_matches():
        mark = (entry.get("summary") or {}).get("imported") or {}
        if (entry["id"] == origin or mark.get("from") == origin) and entry.get(
                "game") == setup.game and entry.get("players") == list(setup.players):
            return entry["id"], mark
    return None


def summary_of(match: Match) -> dict[str, Any]:
    """The history summary of a match, worked out from its events by its game's referee."""
    return ENTRIES[match.setup.game].summary(match)


def import_shared(store: Store, shared: Shared) -> Imported:
    """Keep a match read from a code; every check was made before the first write, and the
    match file is written once (set-up, events and summary together)."""
    mark = {"from": shared.origin, "digest": shared.digest, "created": shared.created}
    summary = {**summary_of(shared.match), "imported": mark}
    events = [e.to_dict() for e in shared.match.events]
    found = find_copy(store, shared.origin, shared.match.setup)
    if found is not None:
        match_id, old = found
        if not old:
            return Imported("own", match_id)
        if old.get("digest") == shared.digest:
            return Imported("same", match_id)
        store.replace_events(match_id, events, summary)
        return Imported("updated", match_id)
    match_id = store.create_match(shared.match.setup.to_dict(), events, summary)
    return Imported("new", match_id)


def import_value(store: Store, value: Any) -> Imported:
    """Check a decoded code and keep its match; ShareError (nothing written) if refused."""
    return import_shared(store, read_shared(value))


def is_imported(store: Store, match_id: str) -> bool:
    try:
        return bool((store.load_match(match_id)["summary"] or {}).get("imported"))
    except (NotFound, ValueError):
        return False


# -- the live scoreboard ------------------------------------------------------------------


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

    def process_request(self, request: Any, client_address: Any) -> None:
        self.slots.acquire()  # the accept loop waits here while every thread is busy
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


class LiveServer:
    """A read-only scoreboard on ``http://<host>:<port>/<token>/``: an HTML page that polls
    ``data`` (JSON). Without the token every request is refused (403); nothing changes data:
    only GET and HEAD are answered."""

    def __init__(self, snapshot: Callable[[], dict[str, Any]], texts: Callable[[], dict[str,
                 str]], host: str, port: int = 0, token: str | None = None) -> None:
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

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return  # the app's console is not a web log

            def _send(self, status: int, body: bytes, kind: str, head: bool = False) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.send_header("Referrer-Policy", "no-referrer")
                self.send_header("X-Content-Type-Options", "nosniff")
                self.send_header("Content-Security-Policy", "default-src 'none'; script-src "
                                 "'self'; connect-src 'self'; style-src 'unsafe-inline'; "
                                 "frame-ancestors 'none'")
                self.send_header("X-Frame-Options", "DENY")
                self.end_headers()
                if not head:
                    self.wfile.write(body)

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


def start_live(snapshot: Callable[[], dict[str, Any]], texts: Callable[[], dict[str, str]],
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


def scoreboard(store: Store, t: Any) -> dict[str, Any]:
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
    elif rounds:
        headline = t("score.after_word", round=len(rounds), **words)
    else:
        headline = t("score.none")
    return {**base, "round_label": heading(words["word"]),
            "game": t(f"game.{game}") if t.has(f"game.{game}") else game,
            "headline": headline, "players": players, "rounds": rounds,
            "totals": summary.get("totals") or [0] * len(players)}


# -- the screens: share, import, and the live scoreboard setting ---------------------------

SCAN = "/import/camera"
PAUSE = 0.2  # seconds between two looks; reading a frame takes 2-12 ms
# 480p on phones (720x480), 640x480 in browsers: a code held close is 4+ px a module.
RESOLUTION = fc.ResolutionPreset.MEDIUM


class Sharing:
    """The shell's sharing screens and taps (one per window or browser session)."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.picker = ft.FilePicker()  # services: created once, kept referenced
        self.clipboard = ft.Clipboard()
        self.reader = Reader()
        self.error = ""
        self.pasted = ""
        self.live_error = ""
        self.shown: tuple[str, list[str]] | None = None  # (match id, its code texts)
        self.part = 0
        self.imported: dict[str, bool] = {}
        self.camera: fc.Camera | None = None  # while a scan owns it
        self.scanning = 0  # the number of the scan running; any other one stops
        self.scan_error = ""  # why the camera could not be used, until "Try again"
        self.seen: set[str] = set()  # the codes the camera read already, frame after frame
        self.frame = b""  # the newest frame of the camera's image stream

    @property
    def t(self) -> Any:
        return self.shell.t

    @property
    def store(self) -> Store:
        return self.shell.store

    def _run(self, task: Callable[[], Awaitable[None]]) -> Callable[[], None]:
        def run() -> None:
            self.shell.page.run_task(task)

        return run

    # -- a match's screens ------------------------------------------------------------------
    def match_screen(self, match_id: str, sub: str, referee: Callable[[str], Any]) -> ft.View:
        """The screen of ``/match/<id>/<sub>``: the share screen, or the referee's screen with
        a Share button on the scoreboard. An imported match only shows its scoreboard: the
        device it came from referees it."""
        if sub == "share":
            return self._share_view(match_id)
        if match_id not in self.imported:
            self.imported[match_id] = is_imported(self.store, match_id)
        imported = self.imported[match_id]
        ref = referee(match_id)
        ref.read_only = imported
        view = ref.view("score" if imported else sub)
        if (view.route or "").endswith("/score") and view.appbar is not None:
            view.appbar.actions = [*(view.appbar.actions or []), ft.TextButton(
                self.t("share.button"), icon=ft.Icons.QR_CODE_2, key="share",
                on_click=lambda _e: self.open_share(match_id))]
        return view

    def open_share(self, match_id: str) -> None:
        self.shown, self.part = None, 0
        self.shell.go(f"/match/{match_id}/share")

    def _share_view(self, match_id: str) -> ft.View:
        if self.shown is None or self.shown[0] != match_id:
            try:
                self.shown = (match_id, codes(self.store, match_id))
            except (NotFound, ValueError) as error:
                raise MejaError(self.t("match.missing")) from error
            self.part = 0
        texts = self.shown[1]
        self.part %= len(texts)
        text = texts[self.part]

        def step(by: int) -> Callable[[], None]:
            def go() -> None:
                self.part = (self.part + by) % len(texts)
                self.shell.refresh()
            return go

        many = len(texts) > 1
        data = ShareData(
            route=f"/match/{match_id}/share", png=qr_png(text),
            part=self.t("share.part", i=self.part + 1, n=len(texts)) if many else "",
            size=self.t("share.size", chars=len(text), version=qr(text).version),
            parts=len(texts),
        )

        async def copy() -> None:
            await self.clipboard.set("\n".join(texts))
            self.shell.toast(self.t("share.copied"))

        def save(kind: str) -> Callable[[], Awaitable[None]]:
            async def run() -> None:
                body = csv_text(self.store, match_id) if kind == "csv" else json_text(
                    self.store, match_id)
                try:
                    path = await self.picker.save_file(
                        file_name=f"meja-{match_id}.{kind}", src_bytes=body.encode("utf-8"))
                except Exception as error:  # noqa: BLE001 - the platform says why
                    self.shell.toast(self.t("share.save_failed", error=error))
                    return
                if path or self.shell.page.web:
                    self.shell.toast(self.t("share.saved"))
            return run

        return share_view(
            self.t, data, on_previous=step(-1) if many else None,
            on_next=step(1) if many else None, on_copy=self._run(copy),
            on_csv=self._run(save("csv")), on_json=self._run(save("json")),
            on_back=lambda: self.shell.go(f"/match/{match_id}/score"),
        )

    # -- import -----------------------------------------------------------------------------
    def _progress(self) -> str:
        reader = self.reader
        if reader.parts and not reader.done:
            return self.t("share.progress", read=len(reader.parts), total=reader.total,
                          missing=", ".join(map(str, reader.missing)))
        return ""

    def import_view(self) -> ft.View:
        camera = self.has_camera()
        note = self.t("share.camera_insecure") if self.shell.page.web and not camera else ""
        return import_view(self.t, ImportData(progress=self._progress(), error=self.error,
                                              text=self.pasted, note=note,
                                              pasted=self._pasted()),
                           on_camera=self.open_camera if camera else None,
                           on_image=self._run(self._pick_image), on_text=self._typed,
                           on_paste=lambda: self.read(self.pasted),
                           on_back=self._leave_import)

    def _leave_import(self) -> None:
        self.reader, self.error, self.pasted = Reader(), "", ""
        self.scanning += 1
        self.shell.go("/")

    async def _pick_image(self) -> None:
        files = await self.picker.pick_files(file_type=ft.FilePickerFileType.IMAGE,
                                             with_data=True)
        if not files:
            return
        f = files[0]
        data = f.bytes if f.bytes is not None else (Path(f.path).read_bytes() if f.path else b"")
        try:
            found = meja_texts(await asyncio.to_thread(read_image, data))
        except PictureError as error:
            self.error = self.t(f"share.picture_{error.code}")
            return self.shell.refresh()
        if not found:
            self.error = self.t("share.no_code")
            return self.shell.refresh()
        return self._read("\n".join(found))

    # -- the camera -------------------------------------------------------------------------
    def has_camera(self) -> bool:
        """Whether the platform offers a camera to Meja (browsers on a secure page, Android
        and iOS; Flet's desktop window has none)."""
        page = self.shell.page
        if page.web:
            return secure(page.url or "")
        return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)

    def open_camera(self) -> None:
        self.scan_error = ""
        self.shell.go(SCAN)

    def scan_view(self) -> ft.View:
        """The camera's preview while it looks for codes (a scan starts with the screen)."""
        if not self.has_camera():  # Flet's desktop window: its camera control fails
            self.scan_error = self.t("share.camera_none")
        if self.camera is None and not self.scan_error:
            self.camera = fc.Camera(preview_enabled=True, expand=True, key="camera",
                                    on_stream_image=self._on_frame)
            self.scanning += 1
            self.seen.clear()
            self.shell.page.run_task(self._scan, self.scanning, self.camera)
        data = ScanData(progress=self._progress(), error=self.error, failure=self.scan_error)
        return scan_view(self.t, data, camera=self.camera, on_retry=self.open_camera,
                         on_back=self._leave_scan)

    def _leave_scan(self) -> None:
        self.scanning += 1
        self.camera, self.scan_error = None, ""
        self.shell.go("/import")

    async def _scan(self, run: int, camera: fc.Camera) -> None:
        """Read the Meja codes the camera sees, until every part of a match is read (then it
        is imported) or the screen is left. Frames come from the camera's image stream where
        the platform has one (phones), else from a picture taken every moment (browsers)."""

        def on() -> bool:
            return run == self.scanning and self.shell.page.route == SCAN

        streaming = False
        try:
            await asyncio.sleep(0.3)  # the preview is built before it is asked anything
            try:  # the browser or the phone may first ask the person: a long wait
                cameras = await asyncio.wait_for(camera.get_available_cameras(), 120)
                if not cameras:
                    raise LookupError("no camera")
                back = [c for c in cameras if c.lens_direction == fc.CameraLensDirection.BACK]
                await asyncio.wait_for(camera.initialize(
                    (back or cameras)[0], RESOLUTION, enable_audio=False), 60)
                streaming = await asyncio.wait_for(camera.supports_image_streaming(), 15)
                if streaming:
                    await asyncio.wait_for(camera.start_image_stream(), 15)
            except Exception as error:  # noqa: BLE001 - the platform says why
                if on():
                    self._scan_failed(error)
                return
            last = b""
            while on():
                try:
                    if streaming:
                        picture = self.frame
                    else:
                        picture = await asyncio.wait_for(camera.take_picture(), 15)
                except Exception as error:  # noqa: BLE001
                    if on():
                        self._scan_failed(error)
                    return
                if picture and picture is not last:
                    last = picture
                    self._look(await asyncio.to_thread(self._codes_in, picture))
                await asyncio.sleep(PAUSE)
        finally:
            if streaming:
                with suppress(Exception):
                    await camera.stop_image_stream()
            if run == self.scanning:
                self.camera, self.frame = None, b""

    def _on_frame(self, e: fc.CameraImageEvent) -> None:
        """Keep the newest frame of the stream: the scan reads one each moment, the rest go."""
        self.frame = e.bytes

    @staticmethod
    def _codes_in(picture: bytes) -> list[str]:
        try:
            return meja_texts(read_image(picture))
        except PictureError:  # a frame the platform garbled: the next one will do
            return []

    def _look(self, found: list[str]) -> None:
        fresh = [x for x in found if x not in self.seen]
        if fresh and self.shell.page.route == SCAN:
            self.seen.update(fresh)
            self._read("\n".join(fresh))
            if self.error and not self.reader.parts:  # a whole refused: read anew
                self.seen.clear()

    def _scan_failed(self, error: BaseException) -> None:
        text = str(error) or type(error).__name__
        key = "share.camera_none" if isinstance(error, LookupError) else camera_trouble(text)
        self.scan_error = self.t(key or "share.camera_failed", error=text)
        self.shell.refresh()

    def _pasted(self) -> str:
        """What the app holds of the text field, said under it: a person sees the paste
        arrived before tapping Import."""
        if not self.pasted.strip():
            return ""
        found = meja_texts(self.pasted.split())
        if not found:
            return self.t("share.pasted_none")
        return self.t.plural("share.pasted", len(found), chars=len(self.pasted.strip()))

    def _typed(self, text: str) -> None:
        self.pasted = text
        self.shell.refresh()

    def read(self, text: str) -> None:
        """Read pasted text: one code's text, or several, one a line."""
        self.pasted = text
        self._read(text)

    def _read(self, text: str) -> None:
        """Read a code's text (or several); import the match once every part is in."""
        self.error = ""
        try:
            self.reader.add(text)
            if not self.reader.done:
                return self.shell.refresh()
            value, self.reader = self.reader.value, Reader()
            result = import_value(self.store, value)
        except ShareError as error:
            self.error = say(self.t, error.reason.code, error.reason.params)
            return self.shell.refresh()
        self.imported[result.match_id] = result.status != "own"
        self.pasted = ""
        self.shell.referee = None  # a match brought up to date is read again
        self.shell.announce(result.match_id)
        self.shell.toast(self.t(f"share.{result.status}"))
        return self.shell.go(f"/match/{result.match_id}/score")

    # -- the live scoreboard ----------------------------------------------------------------
    def resume_live(self) -> None:
        """Serve the live scoreboard again if the setting is on (after a restart)."""
        settings = self.shell.settings
        if settings.get("live") and live() is None:
            self._start_live(settings.get("live_token") or secrets.token_urlsafe(18),
                             int(settings.get("live_port") or 0))

    def _start_live(self, token: str, port: int) -> None:
        t = Translator(self.t.language)
        store = self.store
        try:
            server = start_live(
                lambda: scoreboard(store, t),
                lambda: {"lang": t.language, "title": t("share.live_title"),
                         "note": t("share.live_note")},
                token, port)
        except OSError as error:
            self.live_error = self.t("share.live_failed", error=error)
            return
        self.live_error = ""
        self.shell.settings.update(live=True, live_token=server.token,
                                   live_port=server.httpd.server_address[1])
        self.store.save_settings(self.shell.settings)

    def toggle_live(self, on: bool) -> None:
        if on:
            self._start_live(secrets.token_urlsafe(18), 0)  # a new token each time
        else:
            stop_live()
            self.shell.settings["live"] = False
            self.store.save_settings(self.shell.settings)
        self.shell.refresh()

    def live_section(self) -> ft.Control:
        server = live()
        return live_section(self.t, on=server is not None, url=server.url if server else "",
                            png=qr_png(server.url) if server else None, error=self.live_error,
                            on_toggle=self.toggle_live)
