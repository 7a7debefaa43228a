"""A match at a real table: the set-up, the log of what happened, and the state derived from it.

People hold real cards; the app records events (a round started, Ana played a card, Bea
drew 2...). A :class:`Match` is ``(setup, events)``: everything shown (whose turn, the
dealer, the draw pile, totals, standings) is derived by replaying the events through the
game's table (:mod:`models.tables`). ``can(event)`` and
``record(event)`` share one check; ``undo()`` removes the last event. Events, reasons and
the whole match turn into plain JSON-able dicts and back.

Explanations (why a player ranks where they do, why a draw ends the round, why an event is
refused) are :class:`Reason` values: a code and its parameters, which the app translates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from models.cards import JOKER_CODE, Card, CardError, card, format_cards, parse_card
from models.errors import IllegalAction, MejaError, SetupError, call
from models.games import GAMES
from models.games.base import options_dict
from models.names import clean_name

VERSION = 1

# -- reasons ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """Why something is so: a ``code`` and its parameters (names, numbers, cards in the
    notation, lists of names). The app says it in the reader's language from its catalogs;
    ``str()`` gives the code and parameters, ``not_turn(player='Ana', turn='Bea')``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def call(self) -> str:
        """The code and parameters as a call: ``not_turn(player='Ana', turn='Bea')``."""
        return call(self.code, self.params)

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}`` with JSON-able values."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        return self.call()


class Refused(IllegalAction):
    """An event the table cannot take now; ``reason`` says why (``str()``: the reason)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.code, **reason.params)
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (Refused, (self.reason,))


@dataclass(frozen=True)
class Place:
    """One place of a ranking: ``rank`` (1 = best), the seats sharing it, and why."""

    rank: int
    seats: tuple[int, ...]
    reason: Reason


# -- events -------------------------------------------------------------------------------

EVENTS: dict[str, type[Event]] = {}


def _int(name: str, value: object, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise MejaError("event_int", field=name, low=low, value=repr(value))
    return value


def _card(value: object) -> Card:
    if isinstance(value, str):
        return parse_card(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= JOKER_CODE:
        return card(value)
    raise CardError("card_value", value=repr(value))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at the table. Subclasses are small frozen dataclasses whose
    fields are seats and counts (``int``), an optional ``card`` and a hand ``cards``."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls) -> None:
        # No super() call: the slots dataclass is a rebuilt class, and object's hook is empty.
        if cls.kind:
            EVENTS[cls.kind] = cls

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "card":
                if value is not None:
                    object.__setattr__(self, "card", _card(value))
            elif f.name == "cards":
                if not isinstance(value, list | tuple):
                    raise MejaError("event_cards", value=repr(value))
                object.__setattr__(self, "cards", tuple(_card(c) for c in value))
            elif f.name == "dealer":
                if value is not None:
                    _int(f.name, value)
            elif f.name == "points":  # a round's points may be negative (41)
                _int(f.name, value, low=-(1 << 31))
            else:
                _int(f.name, value)

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able dict: ``{"kind": ..., field: value}``; cards in the notation."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "card":
                value = None if value is None else str(value)
            elif f.name == "cards":
                value = [str(c) for c in value]
            out[f.name] = value
        return out

    @staticmethod
    def from_dict(data: object) -> Event:
        """The event of a dict made by :meth:`to_dict`; anything else raises MejaError."""
        if not isinstance(data, Mapping):
            raise MejaError("event_shape", got=type(data).__name__)
        kind = data.get("kind")
        cls = EVENTS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise MejaError("event_kind", kind=repr(kind), kinds=", ".join(EVENTS))
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = sorted(set(data) - set(fields) - {"kind"})
        if extra:
            raise MejaError("event_extra", kind=kind, fields=", ".join(map(repr, extra)))
        values: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in data:
                if f.default is dataclasses.MISSING:
                    raise MejaError("event_missing", kind=kind, field=name)
                continue
            value = data[name]
            if name == "card" and value is not None and not isinstance(value, str):
                raise MejaError("card_value", value=repr(value))
            if name == "cards" and (
                not isinstance(value, list) or not all(isinstance(c, str) for c in value)
            ):
                raise MejaError("event_cards", value=repr(value))
            values[name] = value
        return cls(**values)

    def __str__(self) -> str:
        parts = [self.kind]
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "cards":
                parts.append(format_cards(value) or "-")
            elif value is not None:
                parts.append(f"{f.name}={value}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Start(Event):
    """A round starts. ``dealer``: the seat that dealt (None: whoever the rules say);
    ``card``: the card turned up, if the table enters it."""

    kind = "start"
    dealer: int | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``player`` played a card (``card`` if it is entered; the app checks it)."""

    kind = "play"
    player: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Out(Event):
    """``player`` played their last card (whatever the count the table kept)."""

    kind = "out"
    player: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Hand(Event):
    """The cards ``player`` holds at the end of the round (recording again replaces them)."""

    kind = "hand"
    player: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Points(Event):
    """``player``'s round points as typed instead of their cards (the cards are not known, so
    nothing checks them against the pack); recording a :class:`Hand` for the player replaces
    them, and recording points replaces a hand."""

    kind = "points"
    player: int
    points: int


@dataclass(frozen=True, slots=True)
class Close(Event):
    """The round is closed: its hands are scored."""

    kind = "close"


@dataclass(frozen=True, slots=True)
class Revise(Event):
    """Correction: the closed round ``round`` (0 = the first) is entered again: its entry
    events (hands, results, points) go to it until a ``Close`` closes it again."""

    kind = "revise"
    round: int


@dataclass(frozen=True, slots=True)
class Drop(Event):
    """Correction: the closed round ``round`` (0 = the first) is deleted: its points no longer
    count; the dealers stay as they were."""

    kind = "drop"
    round: int


# -- set-up and match ---------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Who plays (names in seating order, clockwise), which game, with which options
    (``None``, a dict of overrides, or the game's options dataclass). Names are kept as
    :func:`models.names.clean_name` writes them: two that look the same are the same."""

    players: tuple[str, ...]
    game: str = "kartu_sama"
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

    def to_dict(self) -> dict[str, Any]:
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


class Table(Protocol):
    """The state a game derives from the events (one class per game)."""

    def __init__(self, setup: Setup) -> None: ...
    def check(self, event: Event) -> Reason | None: ...
    def apply(self, event: Event) -> None: ...
    def legal_events(self) -> list[Event]: ...


def table_type(game: str) -> type[Table]:
    """The derivation of ``game`` at a real table, named by its registry entry."""
    if game not in GAMES:
        raise SetupError("setup_unknown_game", game=game, games=", ".join(sorted(GAMES)))
    load = GAMES[game].table
    if load is None:
        raise SetupError("setup_no_table", game=game)
    table: type[Table] = load()
    return table


class Match:
    """A match at a real table: its set-up, its events, and the table they derive."""

    __slots__ = ("setup", "events", "_table")

    def __init__(self, setup: Setup, events: Iterable[Event] = ()) -> None:
        self.setup = setup
        self.events: list[Event] = []
        self._table = table_type(setup.game)(setup)
        for event in events:
            self.record(event)

    @classmethod
    def new(cls, players: Sequence[str], game: str = "kartu_sama", options: object = None) -> Match:
        """A match with no event yet."""
        return cls(Setup(tuple(players), game, options))

    @property
    def table(self) -> Any:
        """The live derived state (the game's table class); read it, do not change it."""
        return self._table

    def why_not(self, event: Event) -> Reason | None:
        """Why ``event`` cannot be recorded now, or None if it can."""
        return self._table.check(event)

    def can(self, event: Event) -> bool:
        """Whether ``event`` may be recorded now (the check :meth:`record` makes)."""
        return self._table.check(event) is None

    def record(self, event: Event) -> None:
        """Record ``event``; raise :class:`Refused` (with its reason) if it cannot be."""
        if not isinstance(event, Event) or not event.kind:
            raise MejaError("event_type", got=type(event).__name__)
        reason = self._table.check(event)
        if reason is not None:
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

    def replay(self) -> Any:
        """A fresh table derived from the events (they were checked when recorded)."""
        table = table_type(self.setup.game)(self.setup)
        for event in self.events:
            table.apply(event)
        return table

    def legal_events(self) -> list[Event]:
        """The events a table screen offers now (cards unspecified, corrections left out),
        each passing :meth:`can`."""
        return self._table.legal_events()

    def to_dict(self) -> dict[str, Any]:
        """The match as a plain JSON-able dict (set-up and events)."""
        return {
            "version": VERSION,
            "setup": self.setup.to_dict(),
            "events": [e.to_dict() for e in self.events],
        }

    @staticmethod
    def from_dict(data: object) -> Match:
        """The match of a dict made by :meth:`to_dict`, every event checked again."""
        if not isinstance(data, Mapping) or data.get("version") != VERSION:
            raise MejaError("match_version", version=VERSION)
        events = data.get("events")
        if not isinstance(events, list):
            raise MejaError("match_events")
        setup = Setup.from_dict(data.get("setup"))
        table_type(setup.game)  # a game's table module registers the game's own events
        return Match(setup, [Event.from_dict(e) for e in events])
