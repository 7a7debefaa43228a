"""The computer players of one game on the device: one task plays their turns, one move at a
time, at the game's pace (``doc.pace`` seconds a move). It is started after a change (a
person's move, the next round, the game opened, an undo), never by drawing a screen, and
stopped when people leave the game. A computer thinks in a thread (the screen stays
responsive) on a copy of the game; its move is applied only if the game is still at the
version it thought about (:meth:`DeviceGame.computer_move`)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from app.device import DeviceGame, Outcome
from models.bots.hint import Hint
from models.games.base import State

SETTLE = 0.06  # seconds a computer waits before it thinks (see Runner._run)

# (game, kind) -> a chooser: (state copy, random source) -> action
Pick = Callable[[str, str], Callable[[State, random.Random], int]]


def chooser_for(game: str, kind: str) -> Callable[[State, random.Random], int]:
    """The computer player ``kind`` of ``game``; on a phone the Expert plays fewer playouts
    (the same choice on every phone, within the time a phone has)."""
    from app.embedding import is_embedded  # Flet's: the service itself runs without it
    from models import computers

    return computers.chooser(game, kind, light=is_embedded())


def advice(game: str, state: State, rng: random.Random) -> tuple[int, Hint]:
    """The hint for the player to act: the Expert's move and why, within half a second;
    a phone, too slow for it, gets the strong player's move (a fifth of a second)."""
    from app.embedding import is_embedded
    from models import computers

    if is_embedded():
        action = computers.chooser(game, "strong")(state.clone(), rng)
        return action, computers.explain(game, state, action)
    return computers.advise(game, state, rng)


class Runner:
    """Plays the computer seats of ``game``; ``on_change`` hears each move's outcome."""

    def __init__(self, game: DeviceGame, on_change: Callable[[Outcome], None],
                 choose: Pick | None = None) -> None:
        self.game = game
        self.on_change = on_change
        self.choose = choose or chooser_for
        self._task: asyncio.Task[None] | None = None
        self._thought: asyncio.Future[int] | None = None  # the thread thinking, if any

    @property
    def running(self) -> bool:
        """Whether the computers play (a task is on, not told to stop)."""
        task = self._task
        return task is not None and not task.done() and not task.cancelling()

    def start(self) -> bool:
        """After a change: the computers play if it is their turn (True). A task running
        already is replaced (what it thinks about may be gone: an undo). Outside an event
        loop (screens drawn in a test) nothing runs."""
        self.stop()
        if self.game.computer_turn() < 0:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._task = loop.create_task(self._run(self._task))
        self._task.add_done_callback(self._ended)
        return True

    def stop(self) -> None:
        """People left the game: no computer moves any more (the game waits, saved)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def idle(self) -> None:
        """Wait until no computer plays or thinks: the task has ended (or was stopped), and a
        thought it left behind in its thread has ended too (its move dropped)."""
        while busy := [f for f in (self._task, self._thought) if f is not None and not f.done()]:
            await asyncio.wait(busy)

    async def _run(self, previous: asyncio.Task[None] | None) -> None:
        if previous is not None and not previous.done():
            await asyncio.wait([previous])  # cancelled: it ends at its next step
        game = self.game
        settle = SETTLE  # after a person's move (the start) whatever the pace
        while True:
            if self._thought is not None and not self._thought.done():
                await asyncio.wait([self._thought])  # one computer thinks at a time
            seat = game.computer_turn()
            if seat < 0:
                return
            version, doc = game.version, game.doc
            start = time.monotonic()
            pace = float(doc.pace)
            # the screen of the move just made is sent first: a thought takes the interpreter
            # from the thread that sends it (within the pace: nothing is slower; between
            # computers' moves at no pace at all, none)
            await asyncio.sleep(settle)
            settle = min(SETTLE, pace)
            rng = random.Random(doc.seed * 7919 + version)
            chooser = self.choose(doc.game, game.kinds[seat])
            self._thought = asyncio.ensure_future(
                asyncio.to_thread(chooser, game.state.clone(), rng))
            action = await asyncio.shield(self._thought)
            await asyncio.sleep(max(0.0, pace - (time.monotonic() - start)))
            outcome = game.computer_move(action, version)
            if outcome.changed or outcome.error is not None or outcome.reloaded:
                self.on_change(outcome)
            if outcome.error is not None:
                return  # refused or not saved (said): the next change starts again

    def _ended(self, task: asyncio.Task[None]) -> None:
        if task.cancelled() or task.exception() is None:
            return
        task.get_loop().call_exception_handler(
            {"message": "A computer player stopped", "exception": task.exception(), "task": task})
