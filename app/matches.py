"""The changes of a match at the table, between its screens and the models: one call a change
(start it, record an event, undo, correct or delete a round, close a round, keep the hand
being entered, abandon or delete it); a game's own events (41 reopening a finished match)
are recorded like any other. Each call
checks once (the match's own ``why_not``), saves (with the version the writer knows), brings the
history's summary up to date when due, tells the other windows, and returns an
:class:`Outcome` that the screen's controller shows. No Flet here: tests call it headless.

A change carries the version of the state it was asked from (the match's event count, as the
screen showed it): one asked from another version (the second tap of a double tap, a tap on a
screen drawn before the match changed) is refused silently and changes nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Generic, TypedDict, TypeVar

from app.storage import Stale, Store
from models.match import Close, Drop, Event, Match, Reason, Revise, Setup, Start
from models.people import People
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


def create(store: Store, setup: Setup) -> str:
    """Start a match at the table (``setup`` checked when it was made); its id. The players'
    names and colours are kept first (a full disk stops there: no match is made, and a name
    or a colour kept is only a suggestion); the match, its set-up and first summary, is one
    atomic write of its file (its history entry is mended from that file if the index write
    is lost); then it is the match in progress."""
    players = list(setup.players)
    known = People.from_doc(store.people())
    settled = known.with_seat_colours(players)
    if settled != known:
        store.save_people(settled.to_doc())
    store.remember_players(players)
    doc = setup.to_dict()
    mode = getattr(setup.options, "mode", None)  # the game type, where the game has them
    summary: Summary = {"status": "playing", "round": 1, "mode": mode,
                        "totals": [0] * len(players), "winners": [], "rounds": []}
    match_id = store.create_match(doc, summary=summary)
    with suppress(OSError):  # the match is whole; its next summary saved says it again
        store.set_current_match(match_id)
    return match_id


def abandon(store: Store, match_id: str) -> None:
    """Leave an unfinished match at the table: it goes off the home screen and stays in the
    history, marked abandoned, its rounds still in the statistics (it is not a finished
    match). Recording a round in it later brings it back (the summary is rewritten)."""
    summary = store.load_match(match_id)["summary"]
    store.update_summary(match_id, {**summary, "abandoned": True})
    if store.current_match_id() == match_id:
        store.set_current_match(None)


def delete(store: Store, match_id: str) -> None:
    """Forget a match: its file and its history entry."""
    store.delete_match(match_id)


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

    def keep_draft(self, draft: Mapping[str, object] | None) -> None:
        """Keep what is being entered and not yet recorded (a hand half tapped; None: nothing),
        to find it again after a restart (OSError, LookupError or ValueError if not saved)."""
        self.store.save_draft(self.match_id, draft)

    def mend_summary(self, stored: Mapping[str, object]) -> None:
        """Save the summary that a failed write left behind ``stored`` (what the history has),
        keeping what the history adds (where an imported match came from)."""
        self.store.update_summary(self.match_id, {**stored, **self.summary(self.match)})

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

