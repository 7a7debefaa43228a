"""How fast a tap on the card table shows: ``python -m tests.bench_felt``; prints figures.

The heaviest table: Samba, four players in two sides, each side with many melds and a canasta,
a hand of 14 cards at the bottom (a game the simple computers played from a fixed seed).

Server side, headless: the real shell on a page that computes and encodes the patch a real
page would send (no client), a tap through ``DevicePlay.tap`` end to end: a card selected (the
selection changes, nothing is saved), and a discard (saved; taken back between samples,
untimed). Then where the time goes: the presenter's scene, the layout, ``Felt.show``, the
page's patch. Kartu Sama's table for comparison. Bar: a median under 20 ms a tap.

Browser side: the same game saved in a data folder, opened in Chromium against the web mode;
a card of the hand tapped again and again (selected, unselected), each timed from the click to
the accessibility tree showing the card's new state (the click's own checks included), then
split in the page's own times: from the press to the server's answer, to the end of the frame
that drew it, to the new state in the tree (a node of the table that is no button while its
cards travel: the tree shows the state once they arrived). Bar: a median under 150 ms.
Skipped, in one line, without Chromium or Playwright (``--server``: the server side only)."""

from __future__ import annotations

import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from app.play import DevicePlay, new_doc, new_key
from app.presenters.base import View
from app.shell import Shell
from app.storage import Store
from models import computers
from models.games import GAMES
from models.games import samba_melds as rules
from tests.browser import CHROMIUM_ARGS, PHONE, STILL, Server, chromium, load
from tests.fakes import FakePage
from views.common import card_text
from views.felt import SPEEDS, layout, table_size

SERVER_BAR = 20.0  # ms, median per tap
BROWSER_BAR = 150.0
SAMPLES = 60
SEATS = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
KINDS = ["person", "simple", "strong", "simple"]
BIG = ("pure_canasta", "mixed_canasta", "samba")
HEAD = f"  {'ms':<34}{'median':>8}{'p90':>8}{'cpu':>8}{'n':>6}"
SAMBA_SEED = 373  # a deal where both sides have melded much when Ana has 14 cards to meld


# -- the tables -----------------------------------------------------------------------------
def _doc(game: str, seed: int, actions: list[int], movers: list[int]) -> dict[str, Any]:
    doc = new_doc(game, SEATS, KINDS, {}, casual=True, pace=0)
    doc.update(seed=seed, actions=actions, movers=movers)
    return doc


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
            if state.current_player == 0 and obs["phase"] == "meld" and _heavy(obs):
                return _doc("samba", seed, actions, movers)
            movers.append(state.current_player)
            action = chooser(state, rng)
            state.apply(action)
            actions.append(action)
    raise RuntimeError("no heavy Samba table found")


def _heavy(obs: dict[str, Any]) -> bool:
    def ok(melds: list[list[int]]) -> bool:
        kinds = [rules.meld_kind(m) for m in melds]
        return sum(k != "red_three" for k in kinds) >= 3 and any(k in BIG for k in kinds)

    lit = sum(1 for _ in obs["legal"])
    return 14 <= len(obs["hand"]) <= 15 and lit >= 10 and all(ok(m) for m in obs["melds"])


def kartu_doc(seed: int = 1) -> dict[str, Any]:
    """A Kartu Sama game saved at Ana's turn after a few rounds of the table (random moves)."""
    state = GAMES["kartu_sama"].new_game(4, seed, {})
    rng = random.Random(seed)
    actions: list[int] = []
    movers: list[int] = []
    while len(actions) < 12 or state.current_player != 0:
        movers.append(state.current_player)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return _doc("kartu_sama", seed, actions, movers)


# -- server side ------------------------------------------------------------------------------
class PatchPage(FakePage):
    """A page without a client whose ``update`` does what Flet's does before sending: the
    patch of the screens since the last update, encoded (``sent``: its bytes)."""

    def __init__(self) -> None:
        super().__init__()
        self.root = ft.Column()
        self.views = self.root.controls
        self.encode = configure_encode_object_for_msgpack(BaseControl)
        msgpack.packb(self.root, default=self.encode)  # the first page sent: all of it
        self.sent = 0

    def navigate(self, route: str) -> None:
        self.route = route
        self.shell.routed()

    def update(self) -> None:
        patch, _added, _removed = ObjectPatch.from_diff(self.root, self.root,
                                                        control_cls=BaseControl)
        self.sent = len(msgpack.packb(patch.to_message(), default=self.encode))


def open_play(root: Path, doc: dict[str, Any]) -> tuple[DevicePlay, PatchPage]:
    page = PatchPage()
    shell = Shell(page, Store(root))  # type: ignore[arg-type]
    page.shell = shell
    shell.start_play(doc)
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
    median = statistics.median(wall)
    flag = "" if bar is None else ("  under the bar" if median < bar else "  OVER the bar")
    print(f"  {name:<34}{median:>8.2f}{p90(wall):>8.2f}{statistics.median(cpu):>8.2f}"
          f"{len(wall):>6}{flag}")


def lit_card(play: DevicePlay) -> str:
    """The tap of a lit card of the hand that selects (not a move): a Samba selection."""
    seat = play.scene.seat if play.scene else 0
    look = play.looks.get(seat, View())
    for face in play.scene.hand if play.scene else ():
        answer = play.presenter.answer(play.state, seat, face.tap, look)
        if face.lit and answer.action is None and answer.chosen is not None:
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
    width, height, _ = table_size(400, 850, len(scene.buttons))
    row("presenter scene", timed(lambda: presenter.scene(play.state, seat, seating, look)))
    row("layout", timed(lambda: layout(scene, width, height)))
    row("Felt.show (same scene)", timed(lambda: play.felt.show(
        scene, width, height, on_tap=lambda _k: None, t=play.t, order=look.order,
        speed=play.speed())))
    row("DevicePlay.view (scene, show, screen)", timed(play.view))
    row("page patch, nothing changed", timed(page.update))


def serve_samba(root: Path) -> None:
    play, page = open_play(root / "samba", samba_doc())
    seat, state = 0, play.state
    obs = state.observation(0)
    melds = [len([m for m in side if rules.meld_kind(m) != "red_three"]) for side in obs["melds"]]
    cards = [sum(len(m) for m in side) for side in obs["melds"]]
    print(f"Samba, 4 players: hand {len(obs['hand'])} cards, melds {melds[0]} + {melds[1]} "
          f"({cards[0]} + {cards[1]} cards), {len(obs['legal'])} moves open")
    print(HEAD)
    key = lit_card(play)
    sizes: list[int] = []

    def select() -> None:
        play.tap(key, seat, play.game.version)
        sizes.append(page.sent)

    row("tap: select / unselect a card", timed(select), SERVER_BAR)
    print(f"    (patch sent: {statistics.median(sizes):.0f} bytes)")
    play.tap("b:finish", seat, play.game.version)  # done melding: the discard is next
    assert play.state.observation(0)["phase"] == "discard"
    card = move_card(play)
    version = play.game.version

    def discard() -> None:
        play.tap(card, seat, version)
        assert play.game.version == version + 1
        sizes.append(page.sent)

    sizes.clear()
    row("tap: discard (saved)", timed(discard, lambda: play.undo(version + 1), n=30),
        SERVER_BAR)
    print(f"    (patch sent: {statistics.median(sizes):.0f} bytes)")
    parts(play, page)


def serve_kartu(root: Path) -> None:
    play, page = open_play(root / "kartu", kartu_doc())
    print(f"Kartu Sama, 4 players: hand {len(play.state.observation(0)['hand'])} cards")
    print(HEAD)
    version = play.game.version
    card = move_card(play)

    def tap() -> None:
        play.tap(card, 0, version)
        assert play.game.version == version + 1

    row("tap: play a card (saved)", timed(tap, lambda: play.undo(version + 1), n=30),
        SERVER_BAR)
    parts(play, page)


def server() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        serve_samba(Path(tmp))
        serve_kartu(Path(tmp))


# -- browser side ------------------------------------------------------------------------------
# whether the card named ``lit`` shows selected (Flutter marks a selected node aria-current)
CHOSEN = """([lit, want]) => {
  const cards = Array.from(document.querySelectorAll('flt-semantics-host flt-semantics'))
    .filter(e => e.childElementCount === 0 && e.innerText.trim() === lit);
  const done = cards.length > 0
    && cards.some(e => e.getAttribute('aria-current') === 'true') === want;
  if (done) window.__mejaSeen = performance.now();
  return done;
}"""
# when the last press began, each message from the server (page times, ms) and each frame
WIRE = """(() => {
  window.__mejaIn = [];
  window.__mejaFrames = [];
  document.addEventListener('pointerdown', () => { window.__mejaDown = performance.now(); },
                            true);
  const frame = (t) => {
    window.__mejaFrames.push(t);
    if (window.__mejaFrames.length > 400) window.__mejaFrames.splice(0, 200);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const Real = WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Real(...args);
    ws.addEventListener('message', (m) => window.__mejaIn.push(
      [performance.now(), m.data.byteLength || m.data.size || m.data.length || 0]));
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, Real);
})();"""
# after the last press: the server's first answer, its size, the end of the frame that drew
# it (the next frame's start), and the new state in the accessibility tree
SPLIT = """() => {
  const down = window.__mejaDown;
  const [answer, size] = window.__mejaIn.find(([t]) => t >= down) || [NaN, 0];
  const drawn = window.__mejaFrames.filter(t => t > answer)[1] ?? NaN;
  return [answer - down, size, drawn - down, window.__mejaSeen - down];
}"""


def browser(taps: int = 30) -> None:
    """The heavy Samba table in Chromium against the web mode: a card of the hand tapped
    ``taps`` times, each timed from the click to its new state in the accessibility tree;
    with the cards travelling at the normal speed, then at none."""
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser: skipped (Playwright is not installed)")
        return
    if path is None:
        print("browser: skipped (no Chromium)")
        return
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        data = Path(tmp) / "data"
        card = _saved(data, samba_doc())
        server = Server(data).start()
        chrome = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            for speed in ("normal", "instant"):
                store = Store(data)
                store.save_settings({**store.settings(), "speed": speed})
                page = chrome.new_page(viewport=PHONE)  # type: ignore[arg-type]
                page.add_init_script(WIRE)
                load(page, server.url)  # a new session: it reads the speed
                page.get_by_role("button", name=re.compile("Ana, Computer 1")).first.click(
                    timeout=60_000)
                print(f"Browser, the same Samba table, {card} tapped (selected, unselected...),"
                      f" cards at the {speed} speed ({SPEEDS[speed]} ms):")
                _taps(page, f"{card}, can be tapped now", taps)  # chosen or not: tappable
                page.close()
        finally:
            chrome.close()
            server.stop()


def _taps(page: Any, lit: str, taps: int) -> None:
    """Tap the card named ``lit`` ``taps`` times, each once the cards of the last arrived."""
    card = page.locator("flt-semantics-host [role=button]").filter(has_text=lit).first
    card.wait_for(timeout=30_000)
    page.wait_for_function(STILL, polling="raf")
    times: list[float] = []
    split: list[list[float]] = []
    dropped = 0
    for i in range(taps):
        want = i % 2 == 0  # selected after the even taps, unselected after the odd
        start = time.perf_counter()
        card.click(position={"x": 10, "y": 16})  # the corner an overlapped card shows
        try:
            page.wait_for_function(CHOSEN, arg=[lit, want], timeout=5_000)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: the tap was dropped
            dropped += 1
            card.click(position={"x": 10, "y": 16})
            page.wait_for_function(CHOSEN, arg=[lit, want], timeout=15_000)
        else:
            times.append((time.perf_counter() - start) * 1000)
            split.append(page.evaluate(SPLIT))
        page.wait_for_function(STILL, polling="raf")  # the cards arrived: taps count again
    print(f"  {'ms':<34}{'median':>8}{'p90':>8}{'':>8}{'n':>6}")
    median = statistics.median(times)
    flag = "  under the bar" if median < BROWSER_BAR else "  OVER the bar"
    print(f"  {'click -> new state seen':<34}{median:>8.0f}{p90(times):>8.0f}{'':>8}"
          f"{len(times):>6}{flag}")
    for name, k in (("press -> the server's answer", 0), ("press -> answer drawn", 2),
                    ("press -> new state shown", 3)):
        ms = [x[k] for x in split]
        print(f"  {name:<34}{statistics.median(ms):>8.0f}{p90(ms):>8.0f}{'':>8}{len(ms):>6}")
    print(f"    (the answer: {statistics.median([x[1] for x in split]):.0f} bytes; "
          f"{dropped} taps dropped while the table was busy, tapped again, not counted)")


def _saved(data: Path, doc: dict[str, Any]) -> str:
    """Save ``doc`` as the one game on the device in ``data``; the card to tap, as named."""
    store = Store(data)
    key = new_key()
    store.save_game(key, doc)
    store.save_settings({"current_play": key, "plays": [key]})
    with tempfile.TemporaryDirectory() as tmp:
        play, _ = open_play(Path(tmp), dict(doc, actions=list(doc["actions"])))
        tap = lit_card(play)
    return card_text(tap[2:].split(".")[0])[0]


def main(argv: list[str]) -> int:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    server()
    if "--server" not in argv:  # the server side only
        browser()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
