"""A game played on the device, as a service: the one path by which it changes (a person's
move, a computer's move, undo, the next round). Each change is checked once (by the engine),
saved, and answered with an :class:`Outcome`; nothing here draws or knows of Flet.

Every change names the version it was asked from: a move or an undo the game's move count
(``len(doc["actions"])``) when the screen or the computer player saw it, the next round the
count of summaries closed (``seen``). A change asked from an older version changes nothing
(a double tap, a tap on a screen already replaced, a computer's choice for a past state).

A game is saved as (game, options, seed, seats, actions) after every change and replays
exactly; ``seen`` counts the rounds whose summary was closed, ``movers`` the seat of each
move, ``enders`` the seat whose move closed each round, ``log`` the last moves in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from app.storage import Stale
from models.errors import IllegalAction, MejaError
from models.games import GAMES
from models.games.base import ActionWords, State

LOG_LINES = 20


class GameStore(Protocol):
    """What a device game needs of storage (app.storage.Store has it)."""

    def save_game(self, key: str, doc: Mapping[str, object], at: int | None = None) -> None: ...
    def load_game(self, key: str) -> dict[str, Any] | None: ...
    def create_match(self, setup: Mapping[str, object]) -> str: ...
    def update_summary(self, match_id: str, summary: Mapping[str, object]) -> None: ...


@dataclass(frozen=True)
class Outcome:
    """What a change did: ``changed`` once it is saved; else ``error`` says why when there is
    something to tell (a refused move, a write that failed), none for a stale request.
    ``finished``: this change ended the game (its record is in the history). ``reloaded``:
    another window had changed the game first; it is now as that one saved it."""

    changed: bool
    error: MejaError | OSError | None = None
    finished: bool = False
    reloaded: bool = False


STALE = Outcome(False)


def plain_line(names: list[str], seat: int, words: ActionWords, state: State,
               action: int) -> str:
    """A log line without a translator: the seat's name and the move in the notation."""
    return f"{names[seat]}: {state.action_str(action)}"


# (names, seat, words of the move, state before it, action) -> the log line
LogLine = Callable[[list[str], int, ActionWords, State, int], str]


class DeviceGame:
    """One game on the device under ``key`` in ``store``, from its saved ``doc``."""

    def __init__(self, store: GameStore, key: str, doc: dict[str, Any],
                 line: LogLine = plain_line) -> None:
        self.store = store
        self.key = key
        self.doc = doc
        self.line = line
        self.game = GAMES[doc["game"]]
        self.names: list[str] = [s["name"] for s in doc["seats"]]
        self.kinds: list[str] = [s["kind"] for s in doc["seats"]]
        self.state: State = self._replay()
        # a game saved before summaries were shown: its rounds so far count as seen, and
        # who ended them is not known
        doc.setdefault("seen", len(self.state.results))
        doc.setdefault("enders", [-1] * len(self.state.results))
        doc.setdefault("movers", [])
        doc.setdefault("log", [])

    def _replay(self) -> State:
        d = self.doc
        return self.game.replay(len(d["seats"]), d["seed"], d["options"], d["actions"])

    # -- what the game is waiting for ---------------------------------------------------------
    @property
    def version(self) -> int:
        """The move count: what a move or an undo names."""
        return len(self.doc["actions"])

    @property
    def seen(self) -> int:
        """The summaries closed: what the next round names."""
        return int(self.doc["seen"])

    @property
    def pending(self) -> bool:
        """Whether a round has ended whose summary is not closed yet (play waits)."""
        return len(self.state.results) > self.seen

    def waiting_for(self) -> int:
        """The seat to move now, -1 when no one may (the game is over or on a summary)."""
        if self.state.is_over or self.pending:
            return -1
        return self.state.current_player

    def computer_turn(self) -> int:
        """The computer seat to move now, -1 when it is no computer's turn."""
        seat = self.waiting_for()
        return seat if seat >= 0 and self.kinds[seat] != "person" else -1

    def person_turn(self) -> int:
        """The person's seat to move now, -1 when it is no person's turn."""
        seat = self.waiting_for()
        return seat if seat >= 0 and self.kinds[seat] == "person" else -1

    def last_person_move(self) -> int | None:
        """The index of the last move a person made (what undo takes back), None if none."""
        movers = self.doc["movers"]
        return next((i for i in range(len(movers) - 1, -1, -1)
                     if self.kinds[movers[i]] == "person"), None)

    # -- changes ----------------------------------------------------------------------------
    def move(self, action: int, version: int) -> Outcome:
        """A person's move, tapped on the screen of ``version``."""
        if version != self.version or self.person_turn() < 0:
            return STALE
        return self._apply(action)

    def computer_move(self, action: int, version: int) -> Outcome:
        """A computer player's move, chosen on the state of ``version``."""
        if version != self.version or self.computer_turn() < 0:
            return STALE
        return self._apply(action)

    def undo(self, version: int) -> Outcome:
        """Take back the last move of a person and the computer moves after it."""
        index = self.last_person_move()
        if version != self.version or index is None or self.state.is_over:
            return STALE
        before = _snapshot(self.doc)
        d = self.doc
        d["actions"] = d["actions"][:index]
        d["movers"] = d["movers"][:index]
        d["log"] = d["log"][:max(0, len(d["log"]) - 1)]
        self.state = self._replay()
        rounds = len(self.state.results)
        d["enders"] = d["enders"][:rounds]
        d["seen"] = min(int(d["seen"]), rounds)
        return self._save(before)

    def next_round(self, seen: int) -> Outcome:
        """Close the summary shown with ``seen`` summaries closed: the next round starts (or
        the final result shows)."""
        if seen != self.seen or not self.pending:
            return STALE
        before = _snapshot(self.doc)
        self.doc["seen"] = len(self.state.results)
        return self._save(before)

    def _apply(self, action: int) -> Outcome:
        state, d = self.state, self.doc
        if not state.is_legal(action):
            return Outcome(False, _refusal(state, action))
        seat = state.current_player
        before = _snapshot(d)
        line = self.line(self.names, seat, state.action_words(action), state, action)
        rounds = len(state.results)
        state.apply(action)
        d["actions"].append(action)
        d["movers"].append(seat)
        # the seat whose move closed the round (41's instant 41 may close one more at the deal)
        d["enders"].extend([seat] * (len(state.results) - rounds))
        d["log"].append(line)
        del d["log"][:-LOG_LINES]
        return self._save(before)

    def _save(self, before: dict[str, Any]) -> Outcome:
        """Save the change as the next revision of the one it was made on. A write that fails
        puts the game back as it was; a game another window saved meanwhile (a second tab)
        is taken as that one saved it, and this change is dropped: nothing is written over."""
        rev = int(before.get("rev", 0))
        self.doc["rev"] = rev + 1
        finished = self.state.is_over and not self.doc.get("match")
        try:
            if finished:  # recorded once: not by a window whose copy is behind
                saved = self.store.load_game(self.key)
                if saved is not None and int(saved.get("rev", 0)) != rev:
                    raise Stale(self.key)
                self._record_result()
            self.store.save_game(self.key, self.doc, at=rev)
        except Stale:
            return self._reload(before)
        except OSError as error:
            self._restore(before)
            return Outcome(False, error)
        return Outcome(True, finished=finished)

    def _restore(self, doc: dict[str, Any]) -> None:
        self.doc.clear()
        self.doc.update(doc)
        self.state = self._replay()

    def _reload(self, before: dict[str, Any]) -> Outcome:
        """The game as another window saved it (as it was here, if it is gone or unreadable)."""
        try:
            saved = self.store.load_game(self.key)
        except (OSError, ValueError):
            saved = None
        self._restore(saved if saved is not None else before)
        return Outcome(False, reloaded=True)

    def _record_result(self) -> None:
        """A finished game joins the history and the statistics, once."""
        state = self.state
        setup = {"game": self.doc["game"], "players": self.names, "kinds": self.kinds,
                 "options": self.doc["options"], "play": self.key}
        match_id = self.store.create_match(setup)
        self.store.update_summary(match_id, {
            "status": "finished", "round": len(state.results), "play": self.key,
            "kinds": list(self.kinds),  # the statistics count the people's seats only
            "totals": list(state.scores), "winners": [self.names[s] for s in state.winners],
            "rounds": [list(r.points) for r in state.results],
        })
        self.doc["match"] = match_id


def _snapshot(doc: dict[str, Any]) -> dict[str, Any]:
    """The doc as it is now (its lists copied: a change appends to them or replaces them)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in doc.items()}


def _refusal(state: State, action: int) -> MejaError:
    """Why the engine refuses ``action`` (tried on a copy)."""
    try:
        state.clone().apply(action)
    except MejaError as error:
        return error
    return IllegalAction("move_illegal", move=str(action))
