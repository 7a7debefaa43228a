"""What happens at a real table, as plain values: the events a match records (a round
started, Ana played a card, Bea drew 2...) and the reasons a table gives (why a player ranks
where they do, why an event is refused). Events and reasons turn into plain JSON-able dicts
and back; an event's ``kind`` names its class in the saved dict.

The kinds shared by every game are defined here; each game's table (:mod:`models.tables`)
defines its own. Every kind is registered once, by name, in :data:`EVENTS`: the game registry
(:mod:`models.registry`) registers them all, so reading a saved event needs no table module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from models.cards import JOKER_CODE, Card, CardError, card, format_cards, parse_card
from models.errors import IllegalAction, MejaError, call

# -- reasons ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """Why something is so: a ``code`` and its parameters (names, numbers, cards in the
    notation, lists of names). The app says it in the reader's language from its catalogs;
    ``str()`` gives the code and parameters, ``not_turn(player='Ana', turn='Bea')``."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def call(self) -> str:
        """The code and parameters as a call: ``not_turn(player='Ana', turn='Bea')``."""
        return call(self.code, self.params)

    def to_dict(self) -> dict[str, object]:
        """``{"code": ..., "params": {...}}`` with JSON-able values."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        return self.call()


class Refused(IllegalAction):
    """An event the table cannot take now; ``reason`` says why (``str()``: the reason)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.code, **reason.params)
        self.reason = reason

    def __reduce__(self) -> tuple[object, ...]:
        return (Refused, (self.reason,))


@dataclass(frozen=True)
class Place:
    """One place of a ranking: ``rank`` (1 = best), the seats sharing it, and why."""

    rank: int
    seats: tuple[int, ...]
    reason: Reason


# -- events -------------------------------------------------------------------------------

EVENTS: dict[str, type[Event]] = {}  # every kind a saved match may hold, by name


def register(*kinds: type[Event]) -> None:
    """Make ``kinds`` readable by :meth:`Event.from_dict`; a name already taken by another
    class is a programming error."""
    for cls in kinds:
        if not cls.kind or EVENTS.setdefault(cls.kind, cls) is not cls:
            raise ValueError(f"{cls.__qualname__}.kind={cls.kind!r}")


def unregister(*kinds: type[Event]) -> None:
    """Forget ``kinds`` (a game taken out of the registry): a saved event of theirs is then
    refused as unknown."""
    for cls in kinds:
        if EVENTS.get(cls.kind) is cls:
            del EVENTS[cls.kind]


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

    def to_dict(self) -> dict[str, object]:
        """A plain JSON-able dict: ``{"kind": ..., field: value}``; cards in the notation."""
        out: dict[str, object] = {"kind": self.kind}
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
        values: dict[str, object] = {}
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


# the kinds every game's table takes
SHARED: tuple[type[Event], ...] = (Start, Play, Out, Hand, Points, Close, Revise, Drop)
