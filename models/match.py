"""A match at a real table: the set-up, the log of what happened, and the state derived from it.

People hold real cards; the app records events (a round started, Ana played a card, Bea
drew 2...: :mod:`models.events`). A :class:`Match` is ``(setup, events)``: everything shown
(whose turn, the dealer, the draw pile, totals, standings) is derived by replaying the events
through the game's table (:mod:`models.tables`, named by :mod:`models.registry`).
``can(event)`` and ``record(event)`` share one check; ``undo()`` removes the last event. The
whole match turns into a plain JSON-able dict and back. The events and reasons are
importable from here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from models.errors import MejaError, SetupError
from models.events import (
    EVENTS,
    Close,
    Drop,
    Event,
    Hand,
    Out,
    Place,
    Play,
    Points,
    Reason,
    Refused,
    Revise,
    Start,
)
from models.games.base import options_dict
from models.names import clean_name
from models.registry import GAMES, first
from models.tables.base import MatchState

VERSION = 1
TableT = TypeVar("TableT", bound=MatchState, covariant=True)
T = TypeVar("T", bound=MatchState)


@dataclass(frozen=True)
class Setup:
    """Who plays (names in seating order, clockwise), which game, with which options
    (``None``, a dict of overrides, or the game's options dataclass; the game by default:
    the first registered). Names are kept as :func:`models.names.clean_name` writes them: two
    that look the same are the same."""

    players: tuple[str, ...]
    game: str = field(default_factory=first)
    options: Any = None

    def __post_init__(self) -> None:
        entry = GAMES.get(self.game)
        if entry is None:
            raise SetupError("setup_unknown_game", game=str(self.game),
                             games=", ".join(sorted(GAMES)))
        if isinstance(self.players, str) or not all(isinstance(p, str) for p in self.players):
            raise SetupError("setup_player_list")
        entry.check_players(len(self.players))  # before any work on each name
        names = tuple(clean_name(p) for p in self.players)
        if not all(names):
            raise SetupError("setup_name_empty")
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise SetupError("setup_name_taken", name=name)
            seen.add(name.casefold())
        object.__setattr__(self, "players", names)
        object.__setattr__(self, "options", entry.options(self.options))

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "players": list(self.players),
            "options": options_dict(self.options),
        }

    @staticmethod
    def from_dict(data: object) -> Setup:
        """The set-up of a dict made by :meth:`to_dict`; anything else raises MejaError."""
        if not isinstance(data, Mapping) or set(data) != {"game", "players", "options"}:
            raise SetupError("setup_shape")
        players, game = data["players"], data["game"]
        if not isinstance(players, list) or not isinstance(game, str):
            raise SetupError("setup_fields")
        return Setup(tuple(players), game, data["options"])


def table_of(game: str) -> type[MatchState]:
    """The class deriving ``game``'s state at a real table, named by its registry entry."""
    if game not in GAMES:
        raise SetupError("setup_unknown_game", game=game, games=", ".join(sorted(GAMES)))
    return GAMES[game].table


class Match(Generic[TableT]):
    """A match at a real table: its set-up, its events, and the table they derive. The type
    of its table is the game's (``Match[KartuSamaTable]``): :meth:`of` says which, checked."""

    __slots__ = ("setup", "events", "_table")

    def __init__(self, setup: Setup, events: Iterable[Event] = (), saved: bool = False) -> None:
        self.setup = setup
        self.events: list[Event] = []
        self._table = self._new_table()
        for event in events:
            self.record(event, saved)

    @staticmethod
    def new(players: Sequence[str], game: str = "",
            options: object = None) -> Match[MatchState]:
        """A match with no event yet (``game``: the first registered, by default)."""
        return Match(Setup(tuple(players), game or first(), options))

    def _new_table(self) -> TableT:
        # the registry's table of this match's game, which is TableT (see ``of``)
        return cast(TableT, table_of(self.setup.game)(self.setup))

    def of(self, table: type[T]) -> Match[T]:
        """This match, typed by its table's class (``match.of(KartuSamaTable)``); a match
        of another game raises TypeError."""
        if not isinstance(self._table, table):
            raise TypeError(f"{self.setup.game}: {table.__name__}")
        return cast("Match[T]", self)

    @property
    def table(self) -> TableT:
        """The live derived state (the game's table class); read it, do not change it."""
        return self._table

    def why_not(self, event: Event) -> Reason | None:
        """Why ``event`` cannot be recorded now, or None if it can."""
        return self._table.check(event)

    def can(self, event: Event) -> bool:
        """Whether ``event`` may be recorded now (the check :meth:`record` makes)."""
        return self._table.check(event) is None

    def record(self, event: Event, saved: bool = False) -> None:
        """Record ``event``; raise :class:`Refused` (with its reason) if it cannot be. An
        event ``saved`` before a check of the table's ``LATER`` was added passes that check."""
        if not isinstance(event, Event) or not event.kind:
            raise MejaError("event_type", got=type(event).__name__)
        reason = self._table.check(event)
        if reason is not None and not (saved and reason.code in self._table.LATER):
            raise Refused(reason)
        self._table.apply(event)
        self.events.append(event)

    def apply(self, event: Event) -> None:
        """Record ``event`` that :meth:`why_not` has just passed, without checking it again
        (the app checks once, saves, then applies)."""
        self._table.apply(event)
        self.events.append(event)

    def undo(self) -> Event:
        """Remove the last event and return it; the table is again what it was before."""
        if not self.events:
            raise Refused(Reason("nothing_to_undo"))
        event = self.events.pop()
        self._table = self.replay()
        return event

    def replay(self) -> TableT:
        """A fresh table derived from the events (they were checked when recorded)."""
        table = self._new_table()
        for event in self.events:
            table.apply(event)
        return table

    def legal_events(self) -> list[Event]:
        """The events a table screen offers now (cards unspecified, corrections left out),
        each passing :meth:`can`."""
        return self._table.legal_events()

    def to_dict(self) -> dict[str, object]:
        """The match as a plain JSON-able dict (set-up and events)."""
        return {
            "version": VERSION,
            "setup": self.setup.to_dict(),
            "events": [e.to_dict() for e in self.events],
        }

    @staticmethod
    def from_dict(data: object) -> Match[MatchState]:
        """The match of a dict made by :meth:`to_dict`, every event checked again (by the
        checks it was saved under: see ``MatchState.LATER``)."""
        if not isinstance(data, Mapping) or data.get("version") != VERSION:
            raise MejaError("match_version", version=VERSION)
        events = data.get("events")
        if not isinstance(events, list):
            raise MejaError("match_events")
        setup = Setup.from_dict(data.get("setup"))
        return Match(setup, [Event.from_dict(e) for e in events], saved=True)


__all__ = [
    "EVENTS", "VERSION", "Close", "Drop", "Event", "Hand", "Match", "MatchState", "Out",
    "Place", "Play", "Points", "Reason", "Refused", "Revise", "Setup", "Start", "table_of",
]
