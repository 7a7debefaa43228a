"""How fast a tap on the card table shows: ``python -m tests.bench_felt``; prints figures.

The heaviest table: Samba, four players in two sides, each side with many melds and a canasta,
a hand of 14 cards at the bottom (a game the simple computers played from a fixed seed).

Server side, headless: the real shell on a page that computes and encodes the patch a real
page would send (no client), a tap through ``Play.tap`` end to end: a card selected (the
selection changes, nothing is saved), and a discard (saved; taken back between samples,
untimed). Then where the time goes: the presenter's scene, the layout, ``Felt.show``, the
page's patch. Kartu Sama's table for comparison. Bar: a median under 20 ms a tap.

Browser side: the same game saved in a data folder, opened in Chromium against the web mode;
a card of the hand tapped again and again (selected, unselected), each timed from the click to
the accessibility tree showing the card's new state. Bar: a median under 150 ms. Skipped, in
one line, without Chromium or Playwright."""

from __future__ import annotations

import random
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

from app.play import Play, new_doc
from app.presenters.base import View
from app.shell import Shell
from app.storage import Store
from models import bots
from models.games import GAMES
from models.games import samba_melds as rules
from tests.fakes import FakePage
from views.felt import layout, table_size

SERVER_BAR = 20.0  # ms, median per tap
BROWSER_BAR = 150.0
SAMPLES = 60
SEATS = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
KINDS = ["person", "simple", "strong", "simple"]
BIG = ("pure_canasta", "mixed_canasta", "samba")
SAMBA_SEED = 373  # a deal where both sides have melded much when Ana has 14 cards to meld


# -- the tables -----------------------------------------------------------------------------
def _doc(game: str, seed: int, actions: list[int], movers: list[int]) -> dict[str, Any]:
    doc = new_doc(game, SEATS, KINDS, {}, casual=True, pace=0)
    doc.update(seed=seed, actions=actions, movers=movers)
    return doc


def samba_doc(first: int = SAMBA_SEED) -> dict[str, Any]:
    """A Samba game saved where Ana (seat 0) melds with 14 or 15 cards in hand and each side
    has at least three melds, one of them a canasta (the first such seed from ``first``)."""
    chooser = bots.chooser("samba", "simple")
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


def open_play(root: Path, doc: dict[str, Any]) -> tuple[Play, PatchPage]:
    page = PatchPage()
    shell = Shell(page, Store(root))  # type: ignore[arg-type]
    page.shell = shell
    shell.start_play(doc)
    assert shell.play is not None
    return shell.play, page


def timed(fn: Callable[[], Any], between: Callable[[], Any] | None = None,
          n: int = SAMPLES) -> list[float]:
    """Milliseconds each of ``n`` calls of ``fn`` took (``between`` runs untimed after each)."""
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
        if between is not None:
            between()
    return out


def row(name: str, ms: list[float], bar: float | None = None, extra: str = "") -> None:
    median = statistics.median(ms)
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    flag = "" if bar is None else ("  under the bar" if median < bar else "  OVER the bar")
    print(f"  {name:<34}{median:>8.2f}{p90:>8.2f}{len(ms):>6}{extra}{flag}")


def lit_card(play: Play) -> str:
    """The tap of a lit card of the hand that selects (not a move): a Samba selection."""
    seat = play.scene.seat if play.scene else 0
    look = play.looks.get(seat, View())
    for face in play.scene.hand if play.scene else ():
        answer = play.presenter.answer(play.state, seat, face.tap, look)
        if face.lit and answer.action is None and answer.chosen is not None:
            return face.tap
    raise RuntimeError("no card to select")


def move_card(play: Play) -> str:
    """The tap of a card of the hand that is a move."""
    seat = play.scene.seat if play.scene else 0
    look = play.looks.get(seat, View())
    for face in play.scene.hand if play.scene else ():
        if play.presenter.answer(play.state, seat, face.tap, look).action is not None:
            return face.tap
    raise RuntimeError("no card to play")


def parts(play: Play, page: PatchPage) -> None:
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
    row("Play.view (scene, show, screen)", timed(play.view))
    row("page patch, nothing changed", timed(page.update))


def serve_samba(root: Path) -> None:
    play, page = open_play(root / "samba", samba_doc())
    seat, state = 0, play.state
    obs = state.observation(0)
    melds = [len([m for m in side if rules.meld_kind(m) != "red_three"]) for side in obs["melds"]]
    cards = [sum(len(m) for m in side) for side in obs["melds"]]
    print(f"Samba, 4 players: hand {len(obs['hand'])} cards, melds {melds[0]} + {melds[1]} "
          f"({cards[0]} + {cards[1]} cards), {len(obs['legal'])} moves open")
    print(f"  {'ms per tap':<34}{'median':>8}{'p90':>8}{'n':>6}")
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
    print(f"  {'ms per tap':<34}{'median':>8}{'p90':>8}{'n':>6}")
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


def main() -> int:
    server()
    return 0


if __name__ == "__main__":
    sys.exit(main())
