"""What the tables share. Kartu Sama, 41 and Samba are played in rounds (41 and Samba call
them hands): :class:`RoundTable` keeps the rounds recorded so far, each being played, ended
(its hands to enter) or closed, takes each event through one check and one move by its type,
and says why an event comes at the wrong time. Every table ranks its players with
:func:`ranking`: equal players share a place.

A closed round can be corrected at any time, also once the match is over, by events of its
own (:class:`models.match.Revise`, :class:`models.match.Drop`): nothing recorded is rewritten.
While round ``k`` is revised, the table stands as if ``k`` were the last round and had just
ended: an event is taken by the game's own check and move for that moment (its hands, its
results, its points, then ``Close``), so a correction passes the checks of a round's end. Any
other event is refused until the round is closed again. The totals, places, the end of the
match and the next dealer are then derived again from the closed rounds. A deleted round
keeps its place and its dealer (the dealers stay as they were played); only its points go.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from models.cards import Card
from models.events import Close, Drop, Event, Reason, Revise


class Seated(Protocol):
    """A match's set-up as its table reads it: the players' names in seating order and the
    game's options (:class:`models.match.Setup` is one; it is written above the tables, since
    it checks a game against the registry, which names them)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> Any: ...


class MatchState(Protocol):
    """What a game derives from a match's events at a real table (one class per game,
    ``models.tables.<game>``): the check and the move of each event, the events a screen
    offers, and the phase (``"over"`` once the match has ended). ``LATER`` names the
    refusals of checks added after matches were saved without them: a saved match they
    refuse still opens (:meth:`models.match.Match.from_dict`); a new event is refused."""

    LATER: ClassVar[frozenset[str]]

    def __init__(self, setup: Seated) -> None: ...
    def check(self, event: Event) -> Reason | None: ...
    def apply(self, event: Event) -> None: ...
    def legal_events(self) -> list[Event]: ...
    @property
    def phase(self) -> str: ...

PLAY, ENDED, CLOSED = "play", "ended", "closed"

K = TypeVar("K", int, tuple[int, int])


def ranking(keys: Sequence[K], highest: bool = True) -> list[tuple[int, K, tuple[int, ...]]]:
    """The places by ``keys`` (one a seat or side), best first, as ``(rank, key, indexes)``:
    equal keys share a place and the next place counts them all (1, 1, 3)."""
    places = []
    rank = 1
    for key in sorted(set(keys), reverse=highest):
        indexes = tuple(i for i, k in enumerate(keys) if k == key)
        places.append((rank, key, indexes))
        rank += len(indexes)
    return places


@dataclass(frozen=True)
class Change:
    """A correction of a closed round: ``kind`` ``"corrected"`` or ``"deleted"``, and when:
    ``rounds`` rounds had been started, the last still ``playing`` or not, the match ``over``
    or not."""

    kind: str
    rounds: int
    playing: bool
    over: bool


class Record:
    """One round as recorded so far: who dealt, its phase, how it ended, then its points and
    the running totals after it; once closed, whether it was deleted and its corrections."""

    __slots__ = ("index", "dealer", "phase", "end", "points", "totals", "dropped", "changes")

    def __init__(self, index: int, dealer: int) -> None:
        self.index = index
        self.dealer = dealer
        self.phase = PLAY
        self.end: Reason | None = None
        self.points: tuple[int, ...] = ()
        self.totals: tuple[int, ...] = ()  # running totals after this round
        self.dropped = False
        self.changes: list[Change] = []

    @property
    def number(self) -> int:
        """1 for the first round."""
        return self.index + 1


class EnteredRecord(Record):
    """A round whose hands are entered at its end, one per seat: the cards (None: not yet),
    or the points typed instead (``typed``: seat -> points). A game's round keeps both."""

    __slots__ = ()
    hands: list[tuple[Card, ...] | None]
    typed: dict[int, int]


R = TypeVar("R", bound=Record)


class RoundTable(Generic[R]):
    """A table whose match is a run of rounds (see :class:`models.match.Match`). A game's
    table fills ``_checks`` and ``_moves``: the check and the move of each event type."""

    LATER: ClassVar[frozenset[str]] = frozenset()

    __slots__ = (
        "setup", "options", "names", "n", "rounds", "over", "winners", "end", "next_dealer",
        "revising", "_before", "_checks", "_moves",
    )

    # The class of the table's reasons, and its codes for an event at the wrong time: no
    # round open (CLOSED), a start while one is ("open"), play not ended yet (PLAY), play
    # ended (ENDED).
    reason: ClassVar[type[Reason]] = Reason
    WRONG_TIME: ClassVar[Mapping[str, str]] = {
        CLOSED: "no_round", "open": "round_open", ENDED: "round_ended",
    }
    # The code for an event while a round is corrected, and what the correction leaves as it
    # was (the next dealer, of the round in play).
    REVISING: ClassVar[str] = "revising"
    KEEP: ClassVar[tuple[str, ...]] = ("next_dealer",)

    _checks: dict[type[Event], Callable[[Any], Reason | None]]
    _moves: dict[type[Event], Callable[[Any], None]]

    def __init__(self, setup: Seated) -> None:
        self.setup = setup
        self.options = setup.options
        self.names = setup.players
        self.n = len(setup.players)
        self.rounds: list[R] = []
        self.over = False
        self.winners: list[int] = []
        self.end: Reason | None = None
        self.next_dealer: int = setup.options.first_dealer % self.n
        self.revising = -1  # the index of the closed round entered again, -1: none
        self._before: object = None  # what the revised round held when it was opened

    # -- what the table screen shows ------------------------------------------------------
    @property
    def round(self) -> R | None:
        """The current (or last) round, or the round being corrected; None before the
        first."""
        if self.revising >= 0:
            return self.rounds[self.revising]
        return self.rounds[-1] if self.rounds else None

    @property
    def phase(self) -> str:
        """``"idle"`` (no round yet), ``"play"``, ``"ended"`` (hands to enter, also those of a
        round being corrected), ``"closed"`` (between rounds) or ``"over"``."""
        if self.revising >= 0:
            return ENDED
        if self.over:
            return "over"
        return self.rounds[-1].phase if self.rounds else "idle"

    @property
    def dealer(self) -> int:
        """The dealer of the round in play, or of the next round between rounds."""
        r = self.round
        return r.dealer if r is not None and r.phase != CLOSED else self.next_dealer

    @property
    def history(self) -> list[R]:
        """The rounds that count, first first: closed (or being corrected), not deleted."""
        return [r for r in self.rounds
                if (r.phase == CLOSED or r.index == self.revising) and not r.dropped]

    @property
    def played(self) -> list[R]:
        """Every closed round, deleted ones too, first first: the scoreboard's rows."""
        return [r for r in self.rounds if r.phase == CLOSED or r.index == self.revising]

    # -- the one check ----------------------------------------------------------------------
    def check(self, event: Event) -> Reason | None:
        """Why ``event`` cannot be recorded now, or None if it can."""
        if isinstance(event, Revise | Drop):
            return self._check_change(event)
        if self.revising >= 0:
            with self._focus():
                why = self._check(event)
            wrong = set(self.WRONG_TIME.values()) | {"match_over"}
            if why is not None and why.code in wrong:
                return self._revising()
            return why
        return self._check(event)

    def _check(self, event: Event) -> Reason | None:
        check = self._checks.get(type(event))
        return self.reason("not_here", {"kind": event.kind}) if check is None else check(event)

    def apply(self, event: Event) -> None:
        """Record ``event`` (already checked)."""
        if isinstance(event, Revise):
            self._revise(event.round)
        elif isinstance(event, Drop):
            self._drop(event.round)
        elif self.revising >= 0:
            with self._focus():
                self._moves[type(event)](event)
            if isinstance(event, Close):
                self._revised()
        else:
            self._moves[type(event)](event)

    # -- corrections ------------------------------------------------------------------------
    def legal_events(self) -> list[Event]:
        """The events a table screen offers now (each game's own)."""
        raise NotImplementedError

    def _check_change(self, event: Revise | Drop) -> Reason | None:
        if self.revising >= 0:
            return self._revising()
        k = event.round
        if k >= len(self.rounds) or self.rounds[k].phase != CLOSED or self.rounds[k].dropped:
            return self.reason("no_such_round", {"number": k + 1})
        return None

    def _revising(self) -> Reason:
        return self.reason(self.REVISING, {"number": self.revising + 1})

    def _change(self, kind: str) -> Change:
        last = self.rounds[-1]
        playing = last.phase != CLOSED and last.index != self.revising
        return Change(kind, len(self.rounds), playing, self.over)

    def _revise(self, k: int) -> None:
        r = self.rounds[k]
        self.revising = k
        self._before = self._entered(r)
        r.phase = ENDED

    def _revised(self) -> None:
        """The revised round is closed again: it is scored again, and so is the match."""
        r = self.rounds[self.revising]
        r.phase = CLOSED
        change = self._change("corrected")
        self.revising = -1
        if self._entered(r) != self._before:
            r.changes.append(change)
        self._before = None
        self._derive()

    def _drop(self, k: int) -> None:
        r = self.rounds[k]
        r.changes.append(self._change("deleted"))
        r.dropped = True
        self._derive()

    @contextmanager
    def _focus(self) -> Iterator[None]:
        """The table as the game's own checks and moves see the revised round: the last
        round, just ended, of a match not over. What a move there derives for the whole
        match (the next dealer...) is put back: :meth:`_derive` derives it again."""
        rounds, over = self.rounds, self.over
        kept = {name: getattr(self, name) for name in self.KEEP}
        self.rounds, self.over = rounds[: self.revising + 1], False
        try:
            yield
        finally:
            self.rounds, self.over = rounds, over
            for name, value in kept.items():
                setattr(self, name, value)

    def _entered(self, r: R) -> object:
        """What was entered for a closed round (its hands, its results): a correction that
        changes it is marked on the round."""
        return r.points

    def _derive(self) -> None:
        """Totals, places, the end of the match and the next dealer, again from the rounds."""
        self._settle()

    def _settle(self) -> None:
        raise NotImplementedError

    def _seat(self, seat: int) -> Reason | None:
        return None if seat < self.n else self.reason("no_player", {"seat": seat})

    def _when(self, *phases: str) -> Reason | None:
        """Why an event that needs the last round in one of ``phases`` (CLOSED: none open)
        cannot come now: the match is over, or what the table waits for."""
        if self.over:
            return self.reason("match_over")
        phase = self.rounds[-1].phase if self.rounds else CLOSED
        if phase in phases:
            return None
        wrong = "open" if CLOSED in phases and phase != CLOSED else phase
        return self.reason(self.WRONG_TIME[wrong])
