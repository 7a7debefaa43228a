"""Playing on the device with a real event loop: one person taps (through the screen's own
controls, as a tap does) while the computer players' runner plays the three other seats, whole
games of the four games. Nothing is lost or doubled: one computer thinks at a time, each move
is applied to the state it was chosen on, a double tap or a tap on a screen already replaced
changes nothing, leaving the game stops the computers, and nothing fails in the loop."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app import runner
from app.play import DevicePlay, new_doc
from app.presenters.base import View
from app.shell import Shell
from app.storage import Store
from tests.fakes import FakePage, run_alone
from views.common import find
from views.felt import CardBox
from views.home import Unfinished

GAMES = [("kartu_sama", {"rounds": 2}), ("forty_one", {"hands": 2}), ("samba", {"hands": 2}),
         ("sums", {})]  # Sums is one round; 4 players is within its 2 to 8
SEATS = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
KINDS = ["person", "simple", "strong", "simple"]


class LoopPage(FakePage):
    """A page whose navigation is a route change, as Flet's is (the shell hears it)."""

    def navigate(self, route: str) -> None:
        self.route = route
        self.shell.routed()


class Choosers:
    """The computer players, counted: how many think at once (at most), and each choice with
    the moves of the state it was made on."""

    def __init__(self, slow: float = 0.0) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.most = 0
        self.chosen: set[tuple[tuple[int, ...], int]] = set()
        self.slow = slow
        self.pick = runner.chooser_for  # the real players (before the test replaces them)

    def __call__(self, game: str, kind: str) -> Callable[[Any, random.Random], int]:
        real = self.pick(game, kind)

        def choose(state: Any, rng: random.Random) -> int:
            seen = tuple(state.actions)
            with self.lock:
                self.now += 1
                self.most = max(self.most, self.now)
            try:
                time.sleep(self.slow * random.random())  # the taps land while it thinks
                action = real(state, rng)
            finally:
                with self.lock:
                    self.now -= 1
            self.chosen.add((seen, action))
            return action

        return choose


def shell_on(root: Path) -> tuple[Shell, LoopPage]:
    page = LoopPage()
    shell = Shell(page, Store(root))  # type: ignore[arg-type]
    page.shell = shell
    return shell, page


def moves(play: DevicePlay, view: Any) -> list[Callable[[Any], None]]:
    """What a person can tap for a move on the card table drawn now, as the handlers of its
    controls (once the cards have arrived, as a person waits for them): its cards, piles,
    melds and buttons whose tap the game's presenter answers with a move, in that order
    (none while the hand is covered)."""
    scene = play.scene
    if find(view, "felt") is None or scene is None:
        return []
    faces = [*scene.hand, *(f for p in scene.piles for f in p.top),
             *(f for side in scene.sides for g in side.groups for f in g.cards),
             *(f for c in scene.chairs for g in c.groups for f in g.cards)]
    taps = [*((f.tap, f"card-{f.id}") for f in faces if f.tap),
            *((p.tap, f"hit-pile:{p.key}") for p in scene.piles if p.tap),
            *((g.tap, f"hit-group:{g.key}") for side in scene.sides for g in side.groups
              if g.tap),
            *((g.tap, f"chip-{g.key}") for side in scene.sides for g in side.groups if g.tap),
            *((b.tap, f"button-{b.tap}") for b in scene.buttons)]
    seat, look = scene.seat, play.looks.get(scene.seat, View())
    out = []
    for tap, key in taps:
        control = find(view, key)
        if isinstance(control, CardBox) or (control is not None
                                            and str(control.key).startswith("hit-")):
            control = control.content  # a card's tap layer, the area over a pile or a meld
        answer = play.presenter.answer(play.state, seat, tap, look)
        move = answer.action is not None or bool(answer.actions)
        if control is not None and getattr(control, "on_click", None) is not None and move:
            out.append(control.on_click)
    return out


FAILURES: list[dict[str, Any]] = []  # what the running loop reported


async def until(check: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert not FAILURES, FAILURES
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.001)


def watch_loop() -> list[dict[str, Any]]:
    """Everything the loop reports (a task that failed, an exception in a callback)."""
    FAILURES.clear()
    asyncio.get_running_loop().set_exception_handler(lambda _loop, ctx: FAILURES.append(ctx))
    return FAILURES


async def play_whole_game(root: Path, game: str, options: dict[str, Any],
                          choosers: Choosers) -> dict[str, Any]:
    failures = watch_loop()
    shell, page = shell_on(root)
    shell.start_play(new_doc(game, SEATS, KINDS, options, casual=True, pace=0))
    play = shell.play
    assert play is not None and page.route == play.route
    old: list[Any] = []  # move controls of screens already replaced
    person_moves = 0
    # a person's pace: a second between two moves, none between the halves of a double tap
    # (two moves of one turn on one card id, a red 3 then the other that takes its id, made
    # within DOUBLE are one double tap, as the app means them to be)
    now = [0.0]
    play.clock = lambda: now[0]
    while not play.state.is_over or play.pending:
        await until(lambda: play.pending or play.game.person_turn() >= 0
                    or (play.state.is_over and not play.pending))
        view = page.views[-1]
        if play.pending:
            seen = play.game.seen
            button = find(view, "summary-next")
            button.on_click(None)
            button.on_click(None)  # a double tap closes one summary
            assert play.game.seen == seen + 1
            continue
        if play.state.is_over:
            break
        version = play.game.version
        for stale in old:  # a tap on a screen already replaced changes nothing
            stale(None)
        assert play.game.version == version
        shown = moves(play, view)
        assert shown, "no move offered on the person's turn"
        now[0] += 1
        shown[0](None)
        shown[0](None)  # a double tap: one move
        assert play.game.version == version + 1
        assert play.game.doc.movers[-1] == 0
        person_moves += 1
        old = shown[:3]
    await until(lambda: not play.runner.running)
    assert person_moves > 0
    assert not failures, failures
    saved = shell.store.load_game(play.key)
    assert saved is not None
    return saved


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_whole_games_with_three_computers_lose_and_double_nothing(
        game: str, options: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    choosers = Choosers(slow=0.002)
    monkeypatch.setattr(runner, "chooser_for", choosers)
    caplog.set_level(logging.WARNING)
    doc = run_alone(play_whole_game(tmp_path, game, options, choosers))
    actions, movers = doc["actions"], doc["movers"]
    assert len(movers) == len(actions)
    computers = [i for i, seat in enumerate(movers) if KINDS[seat] != "person"]
    assert computers and choosers.most == 1
    for i in computers:  # each computer move was chosen on the state it was applied to
        assert (tuple(actions[:i]), actions[i]) in choosers.chosen, i
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    # the game saved replays to its end, its record in the history once
    from models.registry import GAMES as ENGINES

    state = ENGINES[game].replay(4, doc["seed"], doc["options"], actions)
    assert state.is_over and doc["match"] and doc["seen"] == len(state.results)


class Gate:
    """A computer player that thinks until the test lets it (``go``)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.thinking = threading.Event()

    def __call__(self, game: str, kind: str) -> Callable[[Any, random.Random], int]:
        def choose(state: Any, rng: random.Random) -> int:
            self.thinking.set()
            self.go.wait(10)
            return int(state.legal_actions()[0])

        return choose


def computers_first() -> dict[str, Any]:
    """A game whose first move is a computer's."""
    return new_doc("sums", ["Computer 1", "Ana"], ["simple", "person"], {}, casual=True, pace=0)


async def left_while_thinking(root: Path, leave: Callable[[Shell, DevicePlay], None]) -> None:
    failures = watch_loop()
    shell, page = shell_on(root)
    gate = runner.chooser_for
    assert isinstance(gate, Gate)
    doc = computers_first()
    shell.start_play(doc)
    play = shell.play
    assert play is not None
    start = play.game.computer_turn()
    assert start >= 0 and play.runner.running
    await until(gate.thinking.is_set)
    leave(shell, play)
    await until(lambda: not play.runner.running, 5)
    gate.go.set()
    await play.runner.idle()  # the thought has ended: its move is not applied
    assert play.game.version == 0 and play.doc.actions == []
    assert not failures, failures


def home(shell: Shell, play: DevicePlay) -> None:
    shell.go("/")


def another_game(shell: Shell, play: DevicePlay) -> None:
    shell.start_play(new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {},
                             casual=True, pace=0))


def deleted(shell: Shell, play: DevicePlay) -> None:
    shell.home.confirm_remove(Unfinished(play.route, "", "", "", key=play.key, on_device=True))
    confirm = shell.page.dialogs[-1].actions[-1]
    confirm.on_click(None)
    assert shell.play is None and shell.store.load_game(play.key) is None


def tab_closed(shell: Shell, play: DevicePlay) -> None:
    shell.away()  # what the page says when its tab closes


@pytest.mark.parametrize("leave", [home, another_game, deleted, tab_closed])
def test_leaving_the_game_stops_its_computers(leave: Callable[[Shell, DevicePlay], None],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "chooser_for", Gate())
    run_alone(left_while_thinking(tmp_path, leave))


async def back_and_forth(root: Path) -> None:
    """Leaving and coming back: the computers play again, from where the game was."""
    failures = watch_loop()
    shell, page = shell_on(root)
    doc = computers_first()
    shell.start_play(doc)
    play = shell.play
    assert play is not None
    route = play.route
    shell.go("/")
    assert not play.runner.running
    await play.runner.idle()
    assert play.game.version == 0  # away, the game waits
    shell.go(route)
    assert play.runner.running
    await until(lambda: play.game.person_turn() >= 0, 10)
    assert play.game.version > 0 and not failures


def test_coming_back_to_the_game_starts_its_computers(tmp_path: Path) -> None:
    run_alone(back_and_forth(tmp_path))


def test_drawing_the_screen_starts_no_computer(tmp_path: Path) -> None:
    """Drawing the game's screen (again and again) changes nothing: no task, no move."""
    async def draw() -> None:
        shell, page = shell_on(tmp_path)
        store = shell.store
        store.save_game("play-x", computers_first().to_dict())
        shell.play = None
        page.route = "/play/play-x"
        for _ in range(3):
            shell.render()  # drawn, not routed: nothing starts
            shell.refresh()
        play = shell.play
        assert play is not None and not play.runner.running
        await play.runner.idle()
        assert play.doc.actions == []

    run_alone(draw())


def test_a_double_tap_on_a_move_plays_it_once(tmp_path: Path) -> None:
    """Two taps on one move button (or card) of one screen: one move. The second tap's screen
    is gone: its version is not the game's any more."""
    async def tap() -> None:
        shell, page = shell_on(tmp_path)
        shell.start_play(new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {},
                                 casual=True, pace=0))
        play = shell.play
        assert play is not None
        play.shown = play.state.current_player
        shell.refresh()
        button = moves(play, page.views[-1])[-1]
        button(None)
        button(None)
        assert play.game.version == 1 and len(play.doc.movers) == 1
        # the screen drawn after it has new handlers for the moves (a stale tap names none)
        assert all(h is not button for h in moves(play, page.views[-1]))

    run_alone(tap())


def test_an_undo_while_a_computer_thinks_discards_its_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(runner, "chooser_for", gate)

    async def undo() -> None:
        failures = watch_loop()
        shell, page = shell_on(tmp_path)
        doc = new_doc("sums", ["Ana", "Computer 1"], ["person", "simple"], {}, casual=True,
                      pace=0)
        shell.start_play(doc)
        play = shell.play
        assert play is not None and play.game.person_turn() == 0
        while play.game.person_turn() == 0:  # Ana's turn, to its end
            moves(play, page.views[-1])[0](None)
        await until(gate.thinking.is_set)
        version = play.game.version
        play.undo(version)  # taken back while the computer thinks about the move
        assert play.game.version == version - 1
        gate.go.set()
        await play.runner.idle()  # the thought has ended: its choice is dropped
        assert play.game.version == version - 1 and play.game.person_turn() == 0
        assert not failures, failures

    run_alone(undo())


def test_after_a_summary_the_next_person_is_asked_for_first(tmp_path: Path) -> None:
    """Pass and play: the screen drawn when a summary closes hides every hand until the next
    player says they hold the device (drawn after the tap has changed who is shown)."""
    async def two() -> None:
        shell, page = shell_on(tmp_path)
        shell.start_play(new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"],
                                 {"rounds": 2}, casual=True, pace=0))
        play = shell.play
        assert play is not None
        while not play.pending:
            if find(page.views[-1], "ready") is not None:
                find(page.views[-1], "ready").on_click(None)
            moves(play, page.views[-1])[0](None)
        find(page.views[-1], "summary-next").on_click(None)
        assert find(page.views[-1], "pass-to") is not None
        assert not moves(play, page.views[-1]) and find(page.views[-1], "felt") is None

    run_alone(two())


def test_a_tab_connected_again_plays_on(tmp_path: Path) -> None:
    async def again() -> None:
        failures = watch_loop()
        shell, page = shell_on(tmp_path)
        shell.start_play(computers_first())
        play = shell.play
        assert play is not None and play.runner.running
        shell.away()  # the tab closed (page.on_disconnect): no one to play for
        assert not play.runner.running
        await play.runner.idle()
        assert play.game.version == 0
        shell.back()  # connected again (page.on_connect)
        assert play.runner.running
        await until(lambda: play.game.person_turn() >= 0, 10)
        assert not failures

    run_alone(again())



@pytest.mark.parametrize("pace", [0.0, 0.5])
def test_a_computer_thinks_once_the_move_before_it_is_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pace: float) -> None:
    """A thought takes the interpreter from the thread that sends the screen: after a
    person's move the computer waits a moment (within its pace, if any) so that the move
    shows first."""
    began: list[float] = []
    chooser = runner.chooser_for

    def pick(game: str, kind: str) -> Callable[[Any, random.Random], int]:
        real = chooser(game, kind)

        def choose(state: Any, rng: random.Random) -> int:
            began.append(time.monotonic())
            return real(state, rng)

        return choose

    monkeypatch.setattr(runner, "chooser_for", pick)

    async def play_one() -> None:
        shell, page = shell_on(tmp_path)
        shell.start_play(new_doc("sums", ["Ana", "Computer 1"], ["person", "simple"], {},
                                 casual=True, pace=pace))
        play = shell.play
        assert play is not None and play.game.person_turn() == 0
        while play.game.person_turn() == 0:
            moved = time.monotonic()
            moves(play, page.views[-1])[0](None)
        await until(lambda: bool(began))
        assert began[0] - moved >= runner.SETTLE
        play.runner.stop()
        await play.runner.idle()

    run_alone(play_one())
