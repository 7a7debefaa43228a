"""What the tables share. Kartu Sama, 41 and Samba are played in rounds (41 and Samba call
them hands): :class:`RoundTable` keeps the rounds recorded so far, each being played, ended
(its hands to enter) or closed, takes each event through one check and one move by its type,
and says why an event comes at the wrong time. Every table ranks its players with
:func:`ranking`: equal players share a place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from models.match import Event, Reason, Setup

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


class Record:
    """One round as recorded so far: who dealt, its phase, how it ended, then its points and
    the running totals after it."""

    __slots__ = ("index", "dealer", "phase", "end", "points", "totals")

    def __init__(self, index: int, dealer: int) -> None:
        self.index = index
        self.dealer = dealer
        self.phase = PLAY
        self.end: Reason | None = None
        self.points: tuple[int, ...] = ()
        self.totals: tuple[int, ...] = ()  # running totals after this round

    @property
    def number(self) -> int:
        """1 for the first round."""
        return self.index + 1


R = TypeVar("R", bound=Record)


class RoundTable(Generic[R]):
    """A table whose match is a run of rounds (see :class:`models.match.Match`). A game's
    table fills ``_checks`` and ``_moves``: the check and the move of each event type."""

    __slots__ = (
        "setup", "options", "names", "n", "rounds", "over", "winners", "end", "next_dealer",
        "_checks", "_moves",
    )

    # The class of the table's reasons, and its codes for an event at the wrong time: no
    # round open (CLOSED), a start while one is ("open"), play not ended yet (PLAY), play
    # ended (ENDED).
    reason: ClassVar[type[Reason]] = Reason
    WRONG_TIME: ClassVar[Mapping[str, str]] = {
        CLOSED: "no_round", "open": "round_open", ENDED: "round_ended",
    }

    _checks: dict[type[Event], Callable[[Any], Reason | None]]
    _moves: dict[type[Event], Callable[[Any], None]]

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.options = setup.options
        self.names = setup.players
        self.n = len(setup.players)
        self.rounds: list[R] = []
        self.over = False
        self.winners: list[int] = []
        self.end: Reason | None = None
        self.next_dealer: int = setup.options.first_dealer % self.n

    # -- what the table screen shows ------------------------------------------------------
    @property
    def round(self) -> R | None:
        """The current (or last) round; None before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def phase(self) -> str:
        """``"idle"`` (no round yet), ``"play"``, ``"ended"`` (hands to enter), ``"closed"``
        (between rounds) or ``"over"``."""
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
        """The closed rounds, first first."""
        return [r for r in self.rounds if r.phase == CLOSED]

    # -- the one check ----------------------------------------------------------------------
    def check(self, event: Event) -> Reason | None:
        """Why ``event`` cannot be recorded now, or None if it can."""
        check = self._checks.get(type(event))
        return self.reason("not_here", {"kind": event.kind}) if check is None else check(event)

    def apply(self, event: Event) -> None:
        """Record ``event`` (already checked)."""
        self._moves[type(event)](event)

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
