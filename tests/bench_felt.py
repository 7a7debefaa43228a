"""How fast a tap on the card table shows: ``python -m tests.bench_felt``; prints figures.

The heaviest table: Samba, four players in two sides, each side with many melds and a canasta
(about 110 cards on the table), a hand of 14 cards at the bottom (a game the simple computers
played from a fixed seed). Kartu Sama's table beside it.

Server side, headless: the real shell on a page that computes and encodes each patch a real
page would send (no client); a tap through ``DevicePlay.tap`` end to end: a Samba card selected
(nothing saved), a Samba discard and a Kartu Sama card played (saved; taken back between
samples, untimed). Then where the time goes: the presenter's scene, the layout, ``Felt.show``,
the screen, the page's patch. Bar: 10 ms a tap (CPU, median).

Browser side: the same games saved in a data folder, opened in Chromium against the web mode;
each tap timed in the page, from the press to the accessibility tree showing the new state
(a mutation observer on it: no polling). The floor: a bare Flet page (one button that changes
one text) measured in the same run. Bars: a median of 100 ms, a p90 of 150 ms, and at most
twice the bare page's median. Skipped, in one line, without Chromium or Playwright
(``--server``: the server side only)."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack

from app.device import GameDoc, new_key
from app.play import DOUBLE, DevicePlay, new_doc
from app.presenters.base import View
from app.shell import Shell
from app.storage import Store
from models import computers
from models.games import samba_melds as rules
from models.games.samba import Observation
from models.registry import GAMES
from tests.browser import CHROMIUM_ARGS, PHONE, STILL, Server, chromium, free_port, load
from tests.fakes import FakePage
from views.common import card_text
from views.felt_layout import layout
from views.felt_screen import frame

SERVER_BAR = 10.0  # ms of CPU, median per tap
BROWSER_BAR = (100.0, 150.0)  # ms: median, p90
SAMPLES = 60
SEATS = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
KINDS = ["person", "simple", "strong", "simple"]
HEAD = f"  {'ms':<38}{'median':>8}{'p90':>8}{'cpu':>8}{'n':>6}"
SAMBA_SEED = 373  # a deal where both sides have melded much when Ana has 14 cards to meld


# -- the tables -----------------------------------------------------------------------------
def _doc(game: str, seed: int, actions: list[int], movers: list[int]) -> dict[str, object]:
    doc = new_doc(game, SEATS, KINDS, {}, casual=True, pace=0)
    doc.seed, doc.actions, doc.movers = seed, actions, movers
    return doc.to_dict()


def samba_doc(first: int = SAMBA_SEED) -> dict[str, Any]:
    """A Samba game saved where Ana (seat 0) melds with 14 or 15 cards in hand and each side
    has at least three melds, one of them a canasta (the first such seed from ``first``)."""
    chooser = computers.chooser("samba", "simple")
    for seed in range(first, first + 1000):
        state = GAMES["samba"].new_game(4, seed, {})
        rng = random.Random(seed)
        actions: list[int] = []
        movers: list[int] = []
        while not state.is_over and not state.results:
            obs = state.observation(0)
            if state.current_player == 0 and obs.phase == "meld" and _heavy(obs):
                return _doc("samba", seed, actions, movers)
            movers.append(state.current_player)
            action = chooser(state, rng)
            state.apply(action)
            actions.append(action)
    raise RuntimeError("no crowded Samba table found")


def _heavy(obs: Observation) -> bool:
    def ok(melds: tuple[tuple[int, ...], ...]) -> bool:
        kinds = [rules.meld_kind(m) for m in melds if rules.meld_kind(m) != "red_three"]
        return len(kinds) >= 3 and any("canasta" in k or k == "samba" for k in kinds)

    return len(obs.hand) in (14, 15) and all(ok(side) for side in obs.melds)


def kartu_doc(seed: int = 1) -> dict[str, Any]:
    """A Kartu Sama game saved at Ana's turn after a few rounds of the table (random moves)."""
    state = GAMES["kartu_sama"].new_game(4, seed, {})
    rng = random.Random(seed)
    actions: list[int] = []
    movers: list[int] = []
    while len(actions) < 12 or state.current_player != 0 or not _plays(state):
        movers.append(state.current_player)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return _doc("kartu_sama", seed, actions, movers)


def _plays(state: Any) -> bool:
    """Whether the player may play a card of the hand (not only draw)."""
    return any(state.action_words(a).code == "play" for a in state.legal_actions())


# -- server side ------------------------------------------------------------------------------
class PatchPage(FakePage):
    """A page without a client whose ``update`` does what Flet's does before sending: the
    patch of the screens since the last update (or of the controls named), encoded; its
    session takes the table's patch (views/patch.py) as a connection would, encoded; ``sent``
    counts the bytes since the last tap."""

    def __init__(self) -> None:
        super().__init__()
        self.root = ft.Column()
        self.views = self.root.controls
        self.encode = configure_encode_object_for_msgpack(BaseControl)
        msgpack.packb(self.root, default=self.encode)  # the first page sent: all of it
        self.sent = 0
        self.width, self.height = PHONE["width"], PHONE["height"]
        self.session = SimpleNamespace(connection=self, index={})

    def send_message(self, message: Message) -> None:
        self.sent += len(msgpack.packb([message.action, message.body], default=self.encode))

    def navigate(self, route: str) -> None:
        self.route = route
        self.shell.routed()

    def update(self, *controls: Any) -> None:
        for control in controls or (self.root,):
            patch, _added, _removed = ObjectPatch.from_diff(control, control,
                                                            control_cls=BaseControl)
            self.sent += len(msgpack.packb(patch.to_message(), default=self.encode))


def open_play(root: Path, doc: dict[str, Any]) -> tuple[DevicePlay, PatchPage]:
    page = PatchPage()
    shell = Shell(page, Store(root))  # type: ignore[arg-type]
    page.shell = shell
    shell.start_play(GameDoc.from_dict(doc))
    assert shell.play is not None
    return shell.play, page


Times = tuple[list[float], list[float]]  # wall and CPU milliseconds of each call


def timed(fn: Callable[[], Any], between: Callable[[], Any] | None = None,
          n: int = SAMPLES) -> Times:
    """Milliseconds each of ``n`` calls of ``fn`` took, wall and CPU (``between`` runs
    untimed after each). The CPU time is what the tap costs; the wall time also counts the
    other work of a busy machine."""
    wall, cpu = [], []
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        if between is not None:
            between()
    return wall, cpu


def p90(ms: list[float]) -> float:
    return statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]


def row(name: str, times: Times, bar: float | None = None) -> None:
    wall, cpu = times
    median = statistics.median(cpu)
    flag = "" if bar is None else ("  under the bar" if median <= bar else "  OVER the bar")
    print(f"  {name:<38}{statistics.median(wall):>8.2f}{p90(wall):>8.2f}{median:>8.2f}"
          f"{len(wall):>6}{flag}")


def lit_card(play: DevicePlay) -> str:
    """The tap of a lit card of the hand that selects (not a move): a Samba selection."""
    seat = play.scene.seat if play.scene else 0
    look = play.looks.get(seat, View())
    for face in play.scene.hand if play.scene else ():
        answer = play.presenter.answer(play.state, seat, face.tap, look)
        if face.lit and not answer.actions and answer.action is None \
                and answer.chosen is not None:
            return face.tap
    raise RuntimeError("no card to select")


def move_card(play: DevicePlay) -> str:
    """The tap of a card of the hand that is a move."""
    seat = play.scene.seat if play.scene else 0
    look = play.looks.get(seat, View())
    for face in play.scene.hand if play.scene else ():
        if play.presenter.answer(play.state, seat, face.tap, look).action is not None:
            return face.tap
    raise RuntimeError("no card to play")


def parts(play: DevicePlay, page: PatchPage) -> None:
    """Where a redraw's time goes: each part of it alone, on the table as it is."""
    seat = play.looking()
    look = play.looks.get(seat, View())
    presenter, seating = play.presenter, play.seating()
    scene = presenter.scene(play.state, seat, seating, look)
    size = frame(PHONE["width"], PHONE["height"], len(scene.buttons)).table
    row("presenter scene", timed(lambda: presenter.scene(play.state, seat, seating, look)))
    row("layout (sizes chosen)", timed(lambda: layout(scene, *size)))
    row("Felt.show (same scene)", timed(lambda: play.felt.show(
        scene, *size, on_tap=lambda _k, _w: None, t=play.t, order=look.order,
        speed=play.speed())))
    row("DevicePlay.view (scene, show, screen)", timed(play.view))
    row("page patch, nothing changed", timed(page.update))


def tapper(play: DevicePlay, key: str, seat: int) -> Callable[[], None]:
    """A tap on ``key``, each a new tap (not the second half of a double tap)."""
    clock = [0.0]
    play.clock = lambda: clock[0]

    def tap() -> None:
        clock[0] += 1.0
        play.tap(key, seat, play.game.version)

    return tap


def serve_samba(root: Path) -> None:
    play, page = open_play(root / "samba", samba_doc())
    seat, state = 0, play.state
    obs = state.observation(0)
    melds = [len([m for m in side if rules.meld_kind(m) != "red_three"]) for side in obs.melds]
    cards = [sum(len(m) for m in side) for side in obs.melds]
    print(f"Samba, 4 players: hand {len(obs.hand)} cards, melds {melds[0]} + {melds[1]} "
          f"({cards[0]} + {cards[1]} cards), {len(obs.legal)} moves open")
    print(HEAD)
    key = lit_card(play)
    tap = tapper(play, key, seat)
    page.sent = 0
    row("tap: select / unselect a card", timed(tap), SERVER_BAR)
    print(f"    (sent: {page.sent / SAMPLES:.0f} bytes a tap)")
    tapper(play, "b:finish", seat)()  # done melding: the discard is next
    assert play.state.observation(0).phase == "discard"
    card = move_card(play)
    version = play.game.version
    tap = tapper(play, card, seat)

    def discard() -> None:
        tap()
        assert play.game.version == version + 1

    page.sent = 0
    row("tap: discard (saved)", timed(discard, lambda: play.undo(version + 1), n=30),
        SERVER_BAR)
    print(f"    (sent, the discard and its undo: {page.sent / 30:.0f} bytes)")
    parts(play, page)


def serve_kartu(root: Path) -> None:
    play, page = open_play(root / "kartu", kartu_doc())
    print(f"Kartu Sama, 4 players: hand {len(play.state.observation(0).hand)} cards")
    print(HEAD)
    version = play.game.version
    tap = tapper(play, move_card(play), 0)

    def played() -> None:
        tap()
        assert play.game.version == version + 1

    row("tap: play a card (saved)", timed(played, lambda: play.undo(version + 1), n=30),
        SERVER_BAR)
    parts(play, page)


def server() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        serve_samba(Path(tmp))
        serve_kartu(Path(tmp))


# -- browser side ------------------------------------------------------------------------------
# In the page: when the last press began, and when the accessibility tree first showed what
# the test waits for (``__mejaWant``: a button's name, and whether it must be there or gone).
WATCH = """(() => {
  window.__meja = {down: 0, seen: 0, want: null};
  document.addEventListener('pointerdown', () => {
    window.__meja.down = performance.now(); window.__meja.seen = 0; }, true);
  // the buttons by name, and every line of text (a plain text has no role of its own)
  const names = () => Array.from(
    document.querySelectorAll('flt-semantics-host [role=button], flt-semantics-host [role=text]'),
    e => (e.getAttribute('aria-label') || e.innerText || '').trim()).concat(
    (document.querySelector('flt-semantics-host')?.innerText || '').split('\\n')
      .map(l => l.trim()));
  window.__mejaNames = names;
  window.__mejaWatch = () => new MutationObserver(() => {
    const m = window.__meja;
    if (!m.want || m.seen || !m.down) return;
    const [name, there] = m.want;
    if (names().some(n => n === name || n.startsWith(name + ',')) === there) {
      m.seen = performance.now();
    }
  }).observe(document.querySelector('flt-semantics-host'),
             {subtree: true, childList: true, characterData: true, attributes: true});
})();"""

BARE = '''import sys
import flet as ft

def main(page: ft.Page) -> None:
    count = ft.Text("Taps: 0")
    def tap(_e):
        count.value = f"Taps: {int(count.value.split()[-1]) + 1}"
    page.add(ft.Button("Tap", on_click=tap), count)

ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
'''


def _watched(page: Any) -> None:
    page.add_init_script(WATCH)


def _tap(page: Any, locator: Any, want: tuple[str, bool]) -> float:
    """Tap ``locator`` once the page is still; the ms from the press to ``want`` shown."""
    page.wait_for_function(STILL, polling="raf")
    page.evaluate("(w) => { window.__meja.want = w; window.__meja.seen = 0; }", list(want))
    locator.click(position={"x": 8, "y": 14})
    try:
        page.wait_for_function("window.__meja.seen > 0", timeout=15_000)
    except Exception:
        names = [n for n in page.evaluate("window.__mejaNames()") if n]
        raise AssertionError(f"{want} not seen; the page shows {names[-20:]}") from None
    return float(page.evaluate("window.__meja.seen - window.__meja.down"))


def _report(name: str, times: list[float], bare: float | None) -> None:
    median = statistics.median(times)
    flags = []
    if bare is None:
        flags.append("the floor")
    else:
        ok = median <= BROWSER_BAR[0] and p90(times) <= BROWSER_BAR[1] and median <= 2 * bare
        flags.append("under the bars" if ok else "OVER a bar")
        flags.append(f"{median / bare:.1f} x the bare page")
    print(f"  {name:<38}{median:>8.0f}{p90(times):>8.0f}{max(times):>8.0f}{len(times):>6}  "
          + ", ".join(flags))


def bare_page(chrome: Any, taps: int) -> float:
    """The framework's floor: a page with one button that changes one text."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bare.py"
        script.write_text(BARE)
        port = free_port()
        proc = subprocess.Popen([sys.executable, str(script), str(port)],
                                env={**os.environ, "FLET_FORCE_WEB_SERVER": "1"},
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            page = chrome.new_page(viewport=PHONE)
            _watched(page)
            load(page, f"http://127.0.0.1:{port}/")
            button = page.get_by_role("button", name="Tap")
            button.wait_for(timeout=60_000)
            page.evaluate("window.__mejaWatch()")
            times = [_tap(page, button, (f"Taps: {i}", True)) for i in range(1, taps + 1)]
            page.close()
        finally:
            proc.terminate()
    _report("bare page: one text changes", times, None)
    return statistics.median(times)


def _open(chrome: Any, server: Server) -> Any:
    page = chrome.new_page(viewport=PHONE)
    _watched(page)
    load(page, server.url)
    page.get_by_role("button", name="Ana, Computer 1", exact=False).first.click(timeout=60_000)
    page.get_by_role("button", name="Last moves").wait_for(timeout=60_000)
    page.evaluate("window.__mejaWatch()")
    return page


def samba_taps(chrome: Any, data: Path, taps: int, bare: float) -> None:
    server = Server(data).start()
    try:
        page = _open(chrome, server)
        card = _card_named(data)
        lit, chosen = f"{card}, can be tapped now", f"{card}, selected"
        times = []
        for i in range(taps):
            was, now = (lit, chosen) if i % 2 == 0 else (chosen, lit)
            button = page.get_by_role("button", name=was, exact=True).first
            # a person's pace, not a wait for the app: the same card tapped again sooner is
            # the second half of a double tap (one tap)
            page.wait_for_timeout(DOUBLE * 1000 + 50)
            times.append(_tap(page, button, (now, True)))
        _report("Samba: select / unselect a card", times, bare)
        page.close()
    finally:
        server.stop()


def kartu_taps(chrome: Any, data: Path, taps: int, bare: float) -> None:
    server = Server(data).start()
    try:
        page = _open(chrome, server)
        times = []
        for _ in range(taps):
            page.wait_for_function(STILL, polling="raf")
            names = page.evaluate("window.__mejaNames()")
            lit = next(n for n in names if n.endswith(", can be tapped now")
                       and n[0] in "AJQK123456789")
            held = int(next(n for n in names if n.startswith("You, ")).split()[1])
            # the card played shows as one's seat holding one card less (a card's own name
            # may be there twice: two packs)
            page.evaluate("(w) => { window.__meja.want = w; window.__meja.seen = 0; }",
                          [f"You, {held - 1} cards", True])
            page.get_by_role("button", name=lit, exact=True).first.click(
                position={"x": 8, "y": 14})
            page.wait_for_function("window.__meja.seen > 0", timeout=15_000)
            times.append(float(page.evaluate("window.__meja.seen - window.__meja.down")))
            # the computers play on; once it is Ana's turn again, her move is taken back
            page.wait_for_function(
                "() => window.__mejaNames().some(n => n.startsWith('Your turn'))",
                timeout=30_000)
            page.wait_for_function(STILL, polling="raf")
            page.get_by_role("button", name="Undo my move").click()
            page.wait_for_function(
                "(n) => window.__mejaNames().some(x => x.startsWith(n))",
                arg=f"You, {held} cards,", timeout=15_000)
        _report("Kartu Sama: play a card (saved)", times, bare)
        page.close()
    finally:
        server.stop()


def _card_named(data: Path) -> str:
    """The card of the saved Samba game that a tap selects, as the table names it."""
    store = Store(data)
    key = str(store.settings()["current_play"])
    with tempfile.TemporaryDirectory() as tmp:
        doc = store.load_game(key)
        assert doc is not None
        play, _ = open_play(Path(tmp), doc)
        tap = lit_card(play)
    return card_text(tap[2:].split(".")[0])[0]


def _saved(data: Path, doc: dict[str, Any], speed: str) -> None:
    store = Store(data)
    key = new_key()
    store.save_game(key, doc)
    store.save_settings({"current_play": key, "plays": [key], "speed": speed})


def browser(taps: int = 20) -> None:
    """The bare page, then Kartu Sama and the crowded Samba table, cards at the normal
    speed; each tap from the press to its new state in the accessibility tree."""
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser: skipped (Playwright is not installed)")
        return
    if path is None:
        print("browser: skipped (no Chromium)")
        return
    print(f"Browser, {taps} taps each, from the press to the new state in the accessibility "
          "tree:")
    print(f"  {'ms':<38}{'median':>8}{'p90':>8}{'max':>8}{'n':>6}")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        chrome = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            bare = bare_page(chrome, taps)
            kartu = Path(tmp) / "kartu"
            _saved(kartu, kartu_doc(), "normal")
            kartu_taps(chrome, kartu, taps, bare)
            samba = Path(tmp) / "samba"
            _saved(samba, samba_doc(), "normal")
            samba_taps(chrome, samba, taps, bare)
        finally:
            chrome.close()


def main(argv: list[str]) -> int:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    server()
    if "--server" not in argv:  # the server side only
        browser()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
