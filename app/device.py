"""A game played on the device, as a service: the one path by which it changes (a person's
move, a computer's move, undo, the next round). Each change is checked once (by the engine),
saved, and answered with an :class:`Outcome`; nothing here draws or knows of Flet.

Every change names the version it was asked from: a move or an undo the game's move count
(``len(doc.actions)``) when the screen or the computer player saw it, the next round the
count of summaries closed (``seen``). A change asked from an older version changes nothing
(a double tap, a tap on a screen already replaced, a computer's choice for a past state).

A game is saved as (game, options, seed, seats, actions) after every change and replays
exactly (a :class:`GameDoc`, kept as a plain dict of the same names); ``seen`` counts the
rounds whose summary was closed, ``movers`` the seat of each move, ``enders`` the seat whose
move closed each round, ``redo`` the moves taken back that may be made again. The last moves
are not saved as words: they are the replay's (:attr:`moves`), worded when they are shown, in
the reader's language."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from app.preferences import Settings
from app.storage import Stale, Store
from models.errors import IllegalAction, MejaError
from models.games.base import ActionWords, State
from models.registry import GAMES

LOG_LINES = 20
T = TypeVar("T")


@dataclass(frozen=True)
class Seat:
    """A seat of a game on the device: the ``name`` it plays under, its ``kind`` (``person``,
    or a computer player's level) and whether its person plays with ``help`` (the legal cards
    lit, hints)."""

    name: str
    kind: str
    help: bool = True

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "help": self.help}


@dataclass(frozen=True)
class Undone:
    """Moves an undo took back, which redo may make again: the actions and each one's
    seat."""

    actions: tuple[int, ...]
    movers: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        return {"actions": list(self.actions), "movers": list(self.movers)}


@dataclass
class GameDoc:
    """A game on the device as it is saved: the ``game``'s key, its ``options`` (the
    overrides of its defaults), ``seed``, ``seats`` and ``actions`` (the game replays from
    them), the seat of each move (``movers``), the seat whose move closed each round
    (``enders``, -1: not known), the round summaries closed (``seen``), the moves taken back
    that may be made again (``redo``, the latest last), whether moves may be undone
    (``casual``), the seconds a computer's move stays on screen (``pace``), the revision
    saved (``rev``: each save is the next) and, once it is over, its ``match`` in the
    history. It is saved as :meth:`to_dict`, and a dict saved by any version is read by
    :meth:`from_dict`."""

    game: str
    options: dict[str, object]
    seed: int
    seats: tuple[Seat, ...]
    actions: list[int] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    enders: list[int] = field(default_factory=list)
    seen: int = 0
    redo: list[Undone] = field(default_factory=list)
    casual: bool = False
    pace: float = 1
    rev: int = 0
    match: str = ""

    def to_dict(self) -> dict[str, object]:
        """The game as saved (JSON): these fields by name, ``match`` once there is one."""
        out: dict[str, object] = {
            "game": self.game, "options": dict(self.options), "seed": self.seed,
            "seats": [s.to_dict() for s in self.seats], "actions": list(self.actions),
            "movers": list(self.movers), "enders": list(self.enders), "seen": self.seen,
            "redo": [u.to_dict() for u in self.redo], "casual": self.casual,
            "pace": self.pace, "rev": self.rev}
        if self.match:
            out["match"] = self.match
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GameDoc:
        """The game saved as ``data`` (a ValueError if it is not one). A game saved before
        summaries were shown counts its rounds so far as seen, who ended them not known; a
        seat saved before seats chose their help has it; the words of the log saved by
        games before the log was the replay's are dropped."""
        game, options, seed = data.get("game"), data.get("options") or {}, data.get("seed")
        raw_seats = data.get("seats")
        if not (isinstance(game, str) and isinstance(options, Mapping)
                and isinstance(seed, int) and isinstance(raw_seats, list)):
            raise ValueError("not a game on the device")
        seats = tuple(Seat(_of(s, "name", str), _of(s, "kind", str),
                           bool(_dict(s).get("help", True))) for s in raw_seats)
        redo = [Undone(tuple(_ints(_dict(u).get("actions"))),
                       tuple(_ints(_dict(u).get("movers")))) for u in _list(data.get("redo", []))]
        doc = cls(game, {str(k): v for k, v in options.items()}, seed, seats,
                  _ints(data.get("actions")), movers=_ints(data.get("movers", [])), redo=redo,
                  casual=bool(data.get("casual")), pace=_pace(data.get("pace", 1)),
                  rev=_number(data.get("rev", 0)), match=str(data.get("match") or ""))
        if "seen" in data and "enders" in data:
            doc.seen, doc.enders = _number(data["seen"]), _ints(data["enders"])
        else:  # saved before summaries were shown
            rounds = len(doc.replay().results)
            doc.seen = _number(data["seen"]) if "seen" in data else rounds
            doc.enders = _ints(data["enders"]) if "enders" in data else [-1] * rounds
        return doc

    def replay(self) -> State:
        """The game from its seed and its moves."""
        return GAMES[self.game].replay(len(self.seats), self.seed, self.options, self.actions)

    def copy(self) -> GameDoc:
        """The doc as it is now (its lists copied: a change appends to them or replaces
        them)."""
        return replace(self, actions=list(self.actions), movers=list(self.movers),
                       enders=list(self.enders), redo=list(self.redo))


def _dict(value: object) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"not a dict: {value!r}")
    return value


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"not a list: {value!r}")
    return value


def _of(item: object, key: str, kind: type[T]) -> T:
    value = _dict(item).get(key)
    if not isinstance(value, kind):
        raise ValueError(f"{key}: {value!r}")
    return value


def _pace(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    return value


def _number(value: object) -> int:
    return int(_pace(value))


def _ints(value: object) -> list[int]:
    return [_number(v) for v in _list(value)]


@dataclass(frozen=True)
class Moved:
    """One move of the game as the log tells it: who, the move's words (read on the state
    before it), and the round it was made in (counted from 0)."""

    seat: int
    words: ActionWords
    round: int


class GameStore(Protocol):
    """What a device game needs of storage (app.storage.Store has it)."""

    def save_game(self, key: str, doc: Mapping[str, object], at: int | None = None) -> None: ...
    def load_game(self, key: str) -> Mapping[str, object] | None: ...
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


def new_key() -> str:
    return f"play-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def start(store: Store, settings: Settings, doc: GameDoc) -> str:
    """Save a new game on the device (``doc``: ``app.play.new_doc``), remember its people's
    names, and offer it first to resume; its key. All or nothing: a write that fails raises
    its OSError, and the game saved before it is deleted again."""
    key = new_key()
    store.save_game(key, doc.to_dict())
    try:
        store.remember_players([s.name for s in doc.seats if s.kind == "person"])
        settings.change({"current_play": key,
                         "plays": [key, *(k for k in settings.plays() if k != key)]})
    except OSError:
        with suppress(OSError):
            store.delete_game(key)
        raise
    return key


def forget(settings: Settings, key: str) -> None:
    """The game under ``key`` is no longer offered to resume (OSError if not saved)."""
    if key in settings.get("plays", []) or settings.get("current_play") == key:
        settings.change({"plays": [k for k in settings.get("plays", []) if k != key]},
                        drop=["current_play"] if settings.get("current_play") == key else [])


def drop(store: Store, settings: Settings, key: str) -> None:
    """Delete a game left unfinished on the device (it is in no history yet), and its place
    in the settings."""
    store.delete_game(key)
    forget(settings, key)


class DeviceGame:
    """One game on the device under ``key`` in ``store``, from its saved ``doc``."""

    def __init__(self, store: GameStore, key: str, doc: GameDoc) -> None:
        self.store = store
        self.key = key
        self.doc = doc
        self.game = GAMES[doc.game]
        self.moves: list[Moved] = []
        self.names: list[str] = [s.name for s in doc.seats]
        self.kinds: list[str] = [s.kind for s in doc.seats]
        self.state: State = self._replay()

    def _replay(self) -> State:
        """The game from its seed and moves (the last moves' words read on the way)."""
        d = self.doc
        state = self.game.new_game(len(d.seats), d.seed, d.options)
        self.moves = []
        for action in d.actions:
            self._apply_one(state, action)
        return state

    def _apply_one(self, state: State, action: int) -> None:
        """Apply ``action`` to ``state``, its words kept for the log."""
        self.moves.append(Moved(state.current_player, state.action_words(action),
                                len(state.results)))
        state.apply(action)

    # -- what the game is waiting for ---------------------------------------------------------
    @property
    def version(self) -> int:
        """The move count: what a move or an undo names."""
        return len(self.doc.actions)

    @property
    def seen(self) -> int:
        """The summaries closed: what the next round names."""
        return self.doc.seen

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
        movers = self.doc.movers
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
        """Take back the last move of a person and the computer moves after it (they may be
        made again: :meth:`redo`)."""
        index = self.last_person_move()
        if version != self.version or index is None or self.state.is_over:
            return STALE
        before = self.doc.copy()
        d = self.doc
        d.redo = [*d.redo, Undone(tuple(d.actions[index:]), tuple(d.movers[index:]))]
        d.actions = d.actions[:index]
        d.movers = d.movers[:index]
        self.state = self._replay()
        rounds = len(self.state.results)
        d.enders = d.enders[:rounds]
        d.seen = min(d.seen, rounds)
        return self._save(before)

    @property
    def can_redo(self) -> bool:
        return bool(self.doc.redo) and not self.pending and not self.state.is_over

    def redo(self, version: int) -> Outcome:
        """Make again the moves the last undo took back (the game is where it was then)."""
        if version != self.version or not self.can_redo:
            return STALE
        before = self.doc.copy()
        d = self.doc
        again = d.redo[-1]
        state = self.state
        rounds = len(state.results)
        try:
            for action, seat in zip(again.actions, again.movers, strict=True):
                if state.current_player != seat or not state.is_legal(action):
                    raise IllegalAction("move_illegal", move=state.action_str(action))
                self._apply_one(state, action)
                d.actions.append(action)
                d.movers.append(seat)
                d.enders.extend([seat] * (len(state.results) - rounds))
                rounds = len(state.results)
        except MejaError as error:
            self._restore(before)
            return Outcome(False, error)
        d.redo = d.redo[:-1]
        return self._save(before)

    def next_round(self, seen: int) -> Outcome:
        """Close the summary shown with ``seen`` summaries closed: the next round starts (or
        the final result shows)."""
        if seen != self.seen or not self.pending:
            return STALE
        before = self.doc.copy()
        self.doc.seen = len(self.state.results)
        return self._save(before)

    def _apply(self, action: int) -> Outcome:
        state, d = self.state, self.doc
        why = state.why_illegal(action)
        if why is not None:
            return Outcome(False, why)
        seat = state.current_player
        before = d.copy()
        rounds = len(state.results)
        self._apply_one(state, action)
        d.actions.append(action)
        d.movers.append(seat)
        # the seat whose move closed the round (41's instant 41 may close one more at the deal)
        d.enders.extend([seat] * (len(state.results) - rounds))
        if self.kinds[seat] == "person":
            d.redo = []  # a new move: what was taken back is gone
        return self._save(before)

    def apply_all(self, actions: list[int], version: int) -> Outcome:
        """A person's move made of several of the engine's (Samba's Meld lays a meld and adds
        the rest of the cards selected, one by one): all saved at once, or none."""
        if version != self.version or self.person_turn() < 0 or not actions:
            return STALE
        before = self.doc.copy()
        state, d = self.state, self.doc
        seat = state.current_player
        for action in actions:
            why = state.why_illegal(action)
            if why is None and state.current_player != seat:  # the move is another seat's
                why = IllegalAction("move_illegal", move=str(action))
            if why is not None:
                self._restore(before)
                return Outcome(False, why)
            rounds = len(state.results)
            self._apply_one(state, action)
            d.actions.append(action)
            d.movers.append(seat)
            d.enders.extend([seat] * (len(state.results) - rounds))
        d.redo = []
        return self._save(before)

    def _save(self, before: GameDoc) -> Outcome:
        """Save the change as the next revision of the one it was made on. A write that fails
        puts the game back as it was; a game another window saved meanwhile (a second tab)
        is taken as that one saved it, and this change is dropped: nothing is written over."""
        rev = before.rev
        self.doc.rev = rev + 1
        finished = self.state.is_over and not self.doc.match
        try:
            if finished:  # recorded once: not by a window whose copy is behind
                saved = self.store.load_game(self.key)
                if saved is not None and saved.get("rev", 0) != rev:
                    raise Stale(self.key)
                self._record_result()
            self.store.save_game(self.key, self.doc.to_dict(), at=rev)
        except Stale:
            return self._reload(before)
        except OSError as error:
            self._restore(before)
            return Outcome(False, error)
        return Outcome(True, finished=finished)

    def _restore(self, doc: GameDoc) -> None:
        self.doc = doc
        self.state = self._replay()

    def _reload(self, before: GameDoc) -> Outcome:
        """The game as another window saved it (as it was here, if it is gone or unreadable)."""
        try:
            saved = self.store.load_game(self.key)
            doc = GameDoc.from_dict(saved) if saved is not None else before
        except (OSError, ValueError):
            doc = before
        self._restore(doc)
        return Outcome(False, reloaded=True)

    def _record_result(self) -> None:
        """A finished game joins the history and the statistics, once."""
        state = self.state
        setup = {"game": self.doc.game, "players": self.names, "kinds": self.kinds,
                 "options": self.doc.options, "play": self.key}
        match_id = self.store.create_match(setup)
        self.store.update_summary(match_id, {
            "status": "finished", "round": len(state.results), "play": self.key,
            "kinds": list(self.kinds),  # the statistics count the people's seats only
            "totals": list(state.scores), "winners": [self.names[s] for s in state.winners],
            "rounds": [list(r.points) for r in state.results],
        })
        self.doc.match = match_id
