"""Driving the real app in a real Chromium: a web server on a free loopback port, Playwright on
the system browser, and the few Flutter-specific moves (see docs/flet.md, Browser tests)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "screenshots"
PHONE = {"width": 400, "height": 850}
WIDE = {"width": 1280, "height": 800}
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def fake_camera(video: Path) -> list[str]:
    """Chromium's arguments for a camera that films ``video`` (see :func:`camera_video`),
    its permission granted without asking."""
    return ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}"]


def camera_video(pictures: list[bytes], path: Path, seconds: float = 2.0) -> Path:
    """A looping Y4M video showing each picture (PNG bytes) in turn for ``seconds``, as a
    phone held over another phone's screen would film it."""
    from PIL import Image

    w, h, fps = 640, 480, 5
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for png in pictures:
            side = h - 40
            frame = Image.new("RGB", (w, h), (70, 90, 70))  # a table around the screen
            frame.paste(Image.open(io.BytesIO(png)).convert("RGB").resize((side, side)),
                        ((w - side) // 2, 20))
            y, cb, cr = frame.convert("YCbCr").split()
            planes = y.tobytes() + cb.resize((w // 2, h // 2)).tobytes() + cr.resize(
                (w // 2, h // 2)).tobytes()
            for _ in range(round(seconds * fps)):
                f.write(b"FRAME\n" + planes)
    return path


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m app --web`` on a data folder of the test's: a process forked from this
    worker's fork server where there is one (tests/forks.py), else a subprocess."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | BaseProcess | None = None
        self.log = data_dir.parent / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def running(self) -> bool:
        proc = self.proc
        if isinstance(proc, subprocess.Popen):
            return proc.poll() is None
        return proc is not None and proc.is_alive()

    def start(self) -> Server:
        from tests.forks import forks, serve

        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "MEJA_DATA_DIR": str(self.data_dir),
               "LANG": "en_US.UTF-8"}
        argv = ["--web", "--port", str(self.port)]
        context = forks()
        if context is not None:
            self.proc = context.Process(target=serve, args=(argv, env, str(self.log), str(ROOT)),
                                        name=f"app-{self.port}")
            self.proc.start()
        else:
            with open(self.log, "ab") as log:
                self.proc = subprocess.Popen([sys.executable, "-m", "app", *argv], cwd=ROOT,
                                             env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not self.running:
                raise RuntimeError(f"the app stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url, timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the app did not start serving within 60 s")

    def kill(self) -> None:
        """Stop the way a crash would: no clean shutdown."""
        if self.running and self.proc is not None:
            self.proc.kill()
            self._wait()

    def stop(self) -> None:
        if self.running and self.proc is not None:
            self.proc.terminate()
            if not self._wait():
                self.proc.kill()
                self._wait()

    def _wait(self) -> bool:
        """Wait (up to 10 s) for the server to end; whether it did."""
        proc = self.proc
        if isinstance(proc, subprocess.Popen):
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        elif proc is not None:
            proc.join(10)
        return not self.running


def saved_match(data: Path) -> Any:
    """The one match saved in the data folder ``data``, replayed from its events (a
    :class:`models.match.Match`): what the app stored, whatever its screens showed."""
    from app.storage import Store
    from models.match import Match

    store = Store(data)
    (entry,) = store.list_matches()
    doc = store.load_match(entry["id"])
    return Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})


PAGES: list[Any] = []  # pages opened by the running test; closed after it (tests/conftest.py)


def open_app(browser: Any, url: str, **options: Any) -> Any:
    """A phone-sized page on the app, with Flutter's accessibility tree switched on
    (``options``: Playwright's for a new page)."""
    page = browser.new_page(**{"viewport": PHONE, **options})
    PAGES.append(page)
    load(page, url)
    return page


class Web:
    """A browser test's app in web mode (the ``web`` fixture): :meth:`open` starts its server on
    ``data`` (the test's own folder) at the first page; the servers stop and the pages close
    after the test, and a test that failed leaves a picture of each page it had open."""

    def __init__(self, browser: Any, data: Path) -> None:
        self.browser = browser
        self.data = data
        self.servers: list[Server] = []
        self.browsers: list[Any] = []

    @property
    def server(self) -> Server:
        """The server started last (started now if none was)."""
        return self.servers[-1] if self.servers else self.serve()

    def serve(self, data: Path | None = None, port: int | None = None) -> Server:
        """A server on ``data`` (the test's folder unless told), on ``port`` (a free one)."""
        server = Server(data or self.data, port).start()
        self.servers.append(server)
        return server

    def instant(self) -> None:
        """Cards do not travel (the setting a person can choose): for a test whose subject is
        not the cards' travel, a whole game in a fraction of the time. Before :meth:`open`."""
        from app.storage import Store

        store = Store(self.data)
        store.save_settings({**store.settings(), "speed": "instant"})

    def restart(self) -> Server:
        """The server dies as in a crash, and a new one serves its data on its port."""
        old = self.server
        old.kill()
        return self.serve(old.data_dir, old.port)

    def launch(self, *args: str) -> Any:
        """A Chromium of its own, with more ``args`` (a camera: :func:`fake_camera`)."""
        browser = self.browser.browser_type.launch(executable_path=chromium(),
                                                   args=[*CHROMIUM_ARGS, *args])
        self.browsers.append(browser)
        return browser

    def open(self, path: str = "", browser: Any = None, **options: Any) -> Any:
        """A phone-sized page on ``path`` of the server (see :func:`open_app`)."""
        return open_app(browser or self.browser, self.server.url + path, **options)

    def close(self, failed: str | None) -> None:
        """Stop the servers and browsers; first, if the test ``failed`` (its name), save each
        open page."""
        try:
            for i, page in enumerate(PAGES if failed else []):
                with contextlib.suppress(Exception):
                    page.screenshot(path=str(shot_path(f"failure-{failed}-{i}")))
        finally:
            for browser in self.browsers:
                browser.close()
            for server in self.servers:
                server.stop()


# Counts, in the page, the times Flet told the server a new window size: it lays the screen out
# for a new width only then (about 100 ms after the resize, debounced), not at the resize; and
# the messages the server sent (a tap was answered once one more came); and the taps the page
# told the server of (a finger that met a control with a tap: a tap on the bare felt tells
# nothing). Guarded: a page loaded twice keeps one count.
SIZES = """(() => {
  if (WebSocket.prototype.__meja) return;
  WebSocket.prototype.__meja = true;
  window.__mejaSized = 0;
  window.__mejaHeard = 0;
  window.__mejaClicks = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!this.__mejaHeard) {
      this.__mejaHeard = true;
      this.addEventListener('message', () => window.__mejaHeard++);
    }
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data;
    const text = typeof bytes === 'string' ? '' : new TextDecoder('latin1').decode(bytes);
    if (text.includes('width')) window.__mejaSized++;
    if (text.includes('click')) window.__mejaClicks++;
    return send.call(this, data);
  };
})();"""

# True once ``what`` (the accessible boxes, and more) has stayed the same for 5 frames in a
# row, polled every frame; ``slot`` keeps the count between polls
_STEADY = """() => {{
  const host = document.querySelector('flt-semantics-host');
  const now = {what}(host ? Array.from(host.querySelectorAll('flt-semantics'), e => {{
    const r = e.getBoundingClientRect();
    return `${{r.x}},${{r.y}},${{r.width}},${{r.height}}`;
  }}).join(';') : '');
  const q = window.{slot} || (window.{slot} = {{last: null, frames: 0}});
  q.frames = now === q.last ? q.frames + 1 : 0;
  q.last = now;
  if (q.frames < 5) return false;
  window.{slot} = null;
  return true;
}}"""

# the accessible boxes stood still for 5 frames (the cards arrived)
STILL = _STEADY.format(what="", slot="__mejaStill")

# and no message came from the server meanwhile: a move is sent in parts (the screen, then
# the table), and a screen read between two parts shows the new line over the old table
QUIET = _STEADY.format(what="window.__mejaHeard + '|' + ", slot="__mejaQuiet")


def resize(page: Any, size: dict[str, int]) -> None:
    """Set the window's size and wait until the screen is laid out for it. Until Flet has
    told the server the new size the old layout stays, squeezed into the new window, and a
    tap aimed at it lands where a control was (CI once tapped Home for Next round)."""
    if page.viewport_size == size:
        return
    sized = page.evaluate("window.__mejaSized")
    page.set_viewport_size(size)
    page.wait_for_function("(n) => window.__mejaSized > n", arg=sized)
    page.wait_for_function(STILL, polling="raf")


def load(page: Any, url: str) -> None:
    page.add_init_script(SIZES)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")


SEEN = """(text) => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return false;
  if (host.innerText.includes(text)) return true;
  return Array.from(host.querySelectorAll('[aria-label]'))
    .some(e => e.getAttribute('aria-label').includes(text));
}"""


def see(page: Any, text: str, timeout: float = 15_000) -> None:
    """Wait until ``text`` shows anywhere in the accessibility tree (a label or a text).
    Flutter merges some texts into their container's label, so this looks at both."""
    page.wait_for_function(SEEN, arg=text, timeout=timeout)


LINE = """(text) => {
  const host = document.querySelector('flt-semantics-host');
  return !!host && host.innerText.split('\\n').some(line => line.trim() === text);
}"""


def dealing(page: Any, name: str, timeout: float = 15_000) -> None:
    """Wait for the table with ``name`` dealing: "Ana deals" as a line of its own. Seen
    anywhere, the set-up's "Ana deals first" (the dealer's button) and the scoreboard's
    "Ana deals next." would pass before the table is there (a Back then landed on set-up)."""
    page.wait_for_function(LINE, arg=f"{name} deals", timeout=timeout)


FOCUSED_HOLDS = """v => { const e = document.activeElement;
  return !!e && 'value' in e && (v === null || e.value === v); }"""


def fill(page: Any, label: str, text: str, shown: str = "", ack: str = "",
         submit: bool = False, then: str = "") -> None:
    """Replace what the text field named ``label`` holds (``shown``) with ``text`` (and press
    Enter if ``submit``, or tap the button named ``then``: "Add", "Rename"), until the app
    shows ``ack`` (its word that the text arrived).
    Flutter copies a field's text into its editing element once the field has focus, and a
    fill that lands before that is overwritten: the fill waits for it, and is made again if
    the app never hears of it."""
    field = page.get_by_role("textbox", name=label)
    for attempt in range(3):
        try:
            field.click()  # a tap dropped while the page redraws gives no focus: tap again
            page.wait_for_function(FOCUSED_HOLDS, arg=shown if attempt == 0 else None,
                                   timeout=10_000 if attempt < 2 else 30_000)
            if attempt:  # the same text again is no change to Flutter: empty it first
                field.fill("")
            field.fill(text)
            if submit or then:
                page.wait_for_function(FOCUSED_HOLDS, arg=text, timeout=5_000)
            if submit:
                field.press("Enter")
            elif then:  # an icon button named by its tooltip, or a button by its words
                named(page, then).click()
                page.mouse.move(1, 1)  # a hovering mouse's tooltip would cover other buttons
            if ack:
                see(page, ack, timeout=10_000)
            return
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: fill again
            if attempt == 2:
                raise


def add_players(page: Any, names: Sequence[str], first: int = 1, plus: bool = False) -> None:
    """Type each name on the new-match screen, Enter after each (or a tap on "+", ``plus``),
    and see it seated (the first at seat ``first``)."""
    for i, name in enumerate(names, start=first):
        fill(page, "Add a player", name, submit=not plus, then="Add" if plus else "",
             ack=f"{i}. {name}")


def add_computers(page: Any, count: int, first: int = 2) -> None:
    """Tap "+ Computer" ``count`` times on the play set-up, each seat seen before the next tap
    (the first at seat ``first``, named "Computer 1")."""
    for n in range(1, count + 1):
        page.get_by_role("button", name="+ Computer").click()
        see(page, f"{first + n - 1}. Computer {n}")


def holds(page: Any, label: str, value: str, timeout: float = 15_000) -> Any:
    """Wait until the text field named ``label`` holds ``value`` (a set-up number). Flutter
    copies a field's text into the page only while the field has the focus: it is focused,
    and returned."""
    field = page.get_by_role("textbox", name=label)
    if not page.evaluate("(l) => document.activeElement?.getAttribute('aria-label') === l",
                         label):
        into_view(page, field).click()  # not twice: a tap on a focused field may land anew
    page.wait_for_function(FOCUSED_HOLDS, arg=value, timeout=timeout)
    return field


def into_view(page: Any, found: Any, bottom: float = 700) -> Any:
    """Scroll the screen (a wheel over its middle) until ``found`` (a locator) lies between
    the app bar and the pinned buttons, and return it: a tap is then where it is drawn."""
    page.mouse.move(200, 400)
    last = None
    for _ in range(20):
        box = found.bounding_box()
        if box is not None and box["y"] > 60 and box["y"] + box["height"] < bottom:
            return found
        if box is not None and box == last:  # the screen scrolls no further: as far as it goes
            return found
        last = box
        page.mouse.wheel(0, 200 if box is None or box["y"] >= bottom else -200)
        page.wait_for_timeout(0)  # let the frame draw (the next check awaits the box)
    raise AssertionError(f"{found} never came into view")


def enabled(found: Any, timeout: float = 15_000) -> Any:
    """``found`` once it takes a tap: a referee's button just tapped is held a moment
    (app.tables.base.Referee._button), as long as a double click."""
    from playwright.sync_api import expect

    expect(found).to_be_enabled(timeout=timeout)
    return found


def named(page: Any, name: str | re.Pattern[str]) -> Any:
    """The control named ``name`` (an icon button: its icon's label; a control with a label
    of its own): what a screen reader says of it."""
    exact = isinstance(name, str)
    return page.get_by_role("button", name=name, exact=exact).or_(
        page.get_by_label(name, exact=exact)).first


def press(page: Any, label: str) -> None:
    """Tap the icon button named ``label``, then move the pointer away so that its tooltip
    (shown while a mouse hovers, never on a phone) does not cover other buttons."""
    named(page, label).click()
    page.mouse.move(1, 1)


def back(page: Any, to: str) -> None:
    """Tap Back and wait for ``to`` (a text of the screen below): a second Back tapped before
    the first screen is gone would land on it again."""
    named(page, "Back").click()
    see(page, to)


def gone(page: Any, text: str, timeout: float = 15_000) -> None:
    """Wait until ``text`` shows nowhere (neither a text nor a label)."""
    page.wait_for_function(f"(text) => !({SEEN})(text)", arg=text, timeout=timeout)


def seen(page: Any, text: str) -> bool:
    return bool(page.evaluate(SEEN, text))


# Resolves after two frames: the first runs the frame callbacks, the second comes once that
# frame has been put on screen.
DRAWN = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def drawn(page: Any, timeout: float = 15_000) -> None:
    """Two frames drawn (the page's picture then follows its tree). Waited with a timeout: a
    page that stops drawing fails the test, where ``evaluate`` would wait forever."""
    page.wait_for_function(f"() => ({DRAWN})().then(() => true)", timeout=timeout)

WRITTEN: dict[str, str] = {}  # screenshot name -> the test that saved it


def shot_path(name: str) -> Path:
    """tests/screenshots/<name>.png, a name one test only saves (two tests running side by
    side never write one file)."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
    owner = WRITTEN.setdefault(name, test)
    assert owner == test, f"{name}.png is saved by {owner} and {test}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


def shot(page: Any, name: str, seconds: float = 3) -> Path:
    """Save a screenshot under tests/screenshots/ once the screen is still: its accessible
    boxes (STILL), then its pixels, two screenshots frames apart the same. A fading dialog or
    a card on its way moves no box, and Flutter draws the frame after its tree: neither the
    tree nor a fixed wait says the picture is whole. A screen that never stops (a progress
    bar) is taken as it is after ``seconds``."""
    page.wait_for_function(STILL, polling="raf")
    path = shot_path(name)
    last = page.screenshot()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        drawn(page)
        now = page.screenshot()
        if now == last:
            break
        last = now
    path.write_bytes(last)
    return path


def unfinished(page: Any, words: str) -> Any:
    """Home's card of an unfinished match whose name holds ``words`` ("Ana, Bea, Cid"), not
    its "More for ..." menu beside it, which names the match too."""
    return page.get_by_role("button", name=re.compile("^(?!Show menu|More for).*"
                                                      + re.escape(words)))
