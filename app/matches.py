"""The changes of a match at the table, between its screens and the models: one call a change
(record an event, undo, correct or delete a round, close a round); a game's own events
(41 reopening a finished match) are recorded like any other. Each call
checks once (the match's own ``why_not``), saves (with the version the writer knows), brings the
history's summary up to date when due, tells the other windows, and returns an
:class:`Outcome` that the screen's controller shows. No Flet here: tests call it headless.

A change carries the version of the state it was asked from (the match's event count, as the
screen showed it): one asked from another version (the second tap of a double tap, a tap on a
screen drawn before the match changed) is refused silently and changes nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypedDict, TypeVar

from app.storage import Stale, Store
from models.match import Close, Drop, Event, Match, Reason, Revise, Start
from models.tables.base import MatchState

T = TypeVar("T", bound=MatchState)

DONE = "done"
REFUSED = "refused"  # the rules say no: ``reason``
NOT_SAVED = "not_saved"  # the write failed (a full device, a read-only folder): ``error``
STALE = "stale"  # another window changed the match first: reload it
OLD = "old"  # asked from a version that is no longer the current one: nothing to say


class Summary(TypedDict):
    """What the history shows of a match, worked out from its events by its game's referee
    (and saved beside them): ``"playing"`` or ``"finished"``, the round in play, the game type
    (None: the game has one), each player's total and the points of each round, and the
    winners' names once it is over."""

    status: str
    round: int
    mode: str | None
    totals: list[int]
    winners: list[str]
    rounds: list[list[int]]


@dataclass(frozen=True)
class Outcome:
    """What became of a change. ``summary_error``: the change is saved, the history's summary
    is not (tried again at the next change)."""

    status: str
    event: Event | None = None
    reason: Reason | None = None
    error: OSError | None = None
    summary_error: OSError | None = None

    @property
    def done(self) -> bool:
        return self.status == DONE


def milestone(event: Event) -> bool:
    """Whether ``event`` changes the summary (asked while it is the last event); a game
    whose own events do too says so (``Ledger(changes=...)``)."""
    return isinstance(event, Close | Start | Revise | Drop)


class Ledger(Generic[T]):
    """One match at the table as saved: its changes, one call each."""

    def __init__(self, store: Store, match_id: str, match: Match[T],
                 summary: Callable[[Match[T]], Summary],
                 announce: Callable[[str], None] = lambda _id: None,
                 changes: Callable[[Event], bool] = milestone) -> None:
        self.store = store
        self.match_id = match_id
        self.match = match
        self.summary = summary
        self.announce = announce
        self.changes = changes  # whether an event changes the summary (asked while it is last)
        self.summary_due = False  # a summary that could not be saved: at the next change
        self._lock = threading.Lock()  # one change at a time, even from two threads
        self._legal: tuple[Match[T] | None, int, list[Event]] = (None, -1, [])

    @property
    def version(self) -> int:
        """The version of the match's state: its event count."""
        return len(self.match.events)

    def current(self, at: int | None) -> bool:
        """Whether a tap drawn from version ``at`` (None: now) may change the match: a tap
        that makes several changes asks once, before the first."""
        return at is None or at == self.version

    def legal(self) -> list[Event]:
        """The events the table screen offers now: one pass of the rules a version."""
        match, version, events = self._legal
        if match is not self.match or version != self.version:
            events = self.match.legal_events()
            self._legal = (self.match, self.version, events)
        return events

    # -- the changes --------------------------------------------------------------------------
    def record(self, event: Event, at: int) -> Outcome:
        """Check ``event`` once, save it, then record it."""
        with self._lock:
            if at != self.version:
                return Outcome(OLD, event)
            reason = self.match.why_not(event)
            if reason is not None:
                return Outcome(REFUSED, event, reason=reason)
            try:
                self.store.append_event(self.match_id, event.to_dict(), at=at)
            except Stale:
                return Outcome(STALE, event)
            except OSError as error:
                return Outcome(NOT_SAVED, event, error=error)
            self.match.apply(event)  # just checked: no second check
            return self._after(self.changes(event), event)

    def undo(self, at: int) -> Outcome:
        """Take back the last event."""
        with self._lock:
            if at != self.version or not self.match.events:
                return Outcome(OLD)
            changes = self.changes(self.match.events[-1])
            try:
                self.store.pop_event(self.match_id, at=at)
            except Stale:
                return Outcome(STALE)
            except OSError as error:
                return Outcome(NOT_SAVED, error=error)
            return self._after(changes, self.match.undo())

    def revise(self, k: int, at: int) -> Outcome:
        """Open round ``k`` again, to correct it."""
        return self.record(Revise(k), at)

    def drop(self, k: int, at: int) -> Outcome:
        """Delete round ``k``."""
        return self.record(Drop(k), at)

    def close(self, at: int) -> Outcome:
        """Close the round whose hands are all in."""
        return self.record(Close(), at)

    # -- after a change -------------------------------------------------------------------------
    def _after(self, changes: bool, event: Event) -> Outcome:
        error = self.save_summary() if changes or self.summary_due else None
        self.announce(self.match_id)
        return Outcome(DONE, event, summary_error=error)

    def save_summary(self) -> OSError | None:
        """Save the summary (and whether the match is the one in progress). One that cannot
        be saved is tried at the next change: the history is behind, the match is whole."""
        over = self.match.table.phase == "over"
        try:
            self.store.update_summary(self.match_id, self.summary(self.match))
            if over and self.store.current_match_id() == self.match_id:
                self.store.set_current_match(None)
            elif not over:
                self.store.set_current_match(self.match_id)
        except OSError as error:
            self.summary_due = True
            return error
        self.summary_due = False
        return None

