"""What every game engine offers: a registry entry, options handling, results.

A game is a deterministic function of ``(options, seed, actions)``. Each engine
module defines an ``Options`` frozen dataclass (the defaults of docs/rules.md), a
state class with ``current_player``, ``legal_actions()``, ``why_illegal(action)`` (why an
action is refused, None when it may be taken: the one check, which ``apply(action)`` makes
and ``is_legal(action)`` answers), ``is_over``, ``clone()``, ``observation(seat)`` (what a
seat may see, a frozen dataclass of the engine's), ``action_str(action)`` (the action in the
notation, for logs and tests) and ``action_words(action)`` (the action as a code and its
facts, which the app says in the player's language), and its :class:`Rules` (``RULES``),
which ``models.registry.GAMES`` joins to its table and bot. The ``Options`` fields made with
:func:`option` carry their bounds and choices: the set-up screens are built from them.
The state classes build on :class:`Engine`; the ``determinize``
functions (a copy of the game for a search) deal the hidden cards with :func:`redeal`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from models.errors import IllegalAction, SetupError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

OptionsT = TypeVar("OptionsT")
T = TypeVar("T")


class State(Protocol):
    """The shape shared by every engine's state (python-chess style: small, replayable)."""

    players: int
    seed: int
    actions: list[int]

    @property
    def current_player(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def is_legal(self, action: int) -> bool: ...
    def why_illegal(self, action: int) -> IllegalAction | None: ...
    def apply(self, action: int) -> None: ...
    def clone(self) -> Self: ...
    def observation(self, seat: int) -> Observation: ...
    def action_str(self, action: int) -> str: ...
    def action_words(self, action: int) -> ActionWords: ...
    @property
    def results(self) -> list[RoundResult]: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def scores(self) -> list[int]: ...


class Observation(Protocol):
    """What every engine's observation of a seat says (each engine's own, a frozen dataclass
    named ``Observation`` in its module, says more): the seat, its hand, the size of every
    hand, the seat to act (-1: the game is over) and the seat's legal actions (none when it
    is not its turn)."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def legal(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class ActionWords:
    """An action as people say it, for the app to put in their language (the English of
    ``action_str`` stays for logs and tests): a ``code`` (``draw``, ``meld``, ``add_group``...,
    listed by each engine's ``WORD_CODES``) and the facts its words need, read for the state
    before the action. ``cards``: card codes (played, melded, taken, removed...); ``seat``:
    another player's seat (-1: none); ``n``: a number in the words, a pile or a sequence
    counted from 1 or a count of cards (0: none); ``rank``: a rank index 0..12, ace to king
    (-1: none); ``meld``: the cards of the meld the action goes onto."""

    code: str
    cards: tuple[int, ...] = ()
    seat: int = -1
    n: int = 0
    rank: int = -1
    meld: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round (hand) ended: points per seat as the game counts them, its length,
    what ended it (a short code like ``"out"`` or ``"pile"``), its winners, and the seat that
    played first in it (-1 when the game has no such seat)."""

    points: tuple[int, ...]
    moves: int
    end: str
    winners: tuple[int, ...]
    first: int = -1


StateT = TypeVar("StateT", bound=State, covariant=True)


@dataclass(frozen=True)
class Rules(Generic[StateT]):
    """What a game's engine says of itself: its key, its title, its player counts, its options
    type and a factory; ``stock``, the cards a state has left to draw (None: no draw pile),
    by which a set-up warns of a deal that leaves too few. The registry
    (:mod:`models.registry`) adds its table and bot."""

    key: str
    title: str
    min_players: int
    max_players: int
    options_type: type[DataclassInstance]
    factory: Callable[[int, int, Any], StateT]
    lower_is_better: bool = False
    notes: Mapping[str, str] = field(default_factory=dict)
    stock: Callable[[StateT], int] | None = None

    def options(self, options: object = None) -> DataclassInstance:
        """Options from ``None`` (the defaults), a dict of overrides, or the dataclass."""
        return make_options(self.options_type, options)

    def new_game(self, players: int, seed: int = 0, options: object = None) -> StateT:
        """A new game with ``players`` seats, shuffled by ``seed`` (``options``: None, a dict
        of overrides, or the options dataclass)."""
        return self.factory(players, seed, self.options(options))

    def replay(
        self, players: int, seed: int, options: object, actions: Sequence[int]
    ) -> StateT:
        """The state reached by playing ``actions`` from a new game (raises if one is illegal)."""
        state = self.new_game(players, seed, options)
        for action in actions:
            state.apply(action)
        return state

    def check_players(self, players: int) -> None:
        """Refuse a player count outside ``min_players..max_players`` with a clear reason."""
        if not self.min_players <= players <= self.max_players:
            raise SetupError("setup_players", game=self.title, low=self.min_players,
                             high=self.max_players, players=players)


def option(default: T, *, low: int | None = None, high: int | None = None, step: int = 1,
           choices: tuple[str, ...] = (), mode: str = "", needs: str = "",
           offered: bool = True, open_high: bool = False, zero: str = "") -> T:
    """An ``Options`` field and what a set-up may make of it: the bounds and ``step`` of a
    number, the ``choices`` of a word, the game type (``mode``) it applies to, the switch it
    ``needs`` (a bool option that must be on), and whether set-up screens ``offered`` it. The
    screens are built from these, and the engines check them with :func:`within`.
    ``open_high``: the engine takes any number from ``low`` up (a match read from a file may
    ask for more than a screen offers); ``high`` only ends the screen's range. ``zero``: what
    a 0 means, when it is not a count (``"auto"``: the rules choose; ``"off"``: no limit)."""
    meta = {"low": low, "high": high, "step": step, "choices": choices, "mode": mode,
            "needs": needs, "offered": offered, "open_high": open_high, "zero": zero}
    return field(default=default, metadata=meta)


def option_meta(options_type: type[Any], name: str) -> Mapping[str, Any]:
    """What :func:`option` says of field ``name`` of ``options_type`` (empty: a plain field)."""
    return _metas(options_type)[name]


_METAS: dict[type[Any], dict[str, Mapping[str, Any]]] = {}
_DEFAULTS: dict[type[Any], Any] = {}


def _metas(options_type: type[Any]) -> dict[str, Mapping[str, Any]]:
    """Each field's :func:`option` metadata by name (read once per options type: every new
    game checks its options with :func:`within`)."""
    metas = _METAS.get(options_type)
    if metas is None:
        fields = dataclasses.fields(options_type)
        metas = _METAS[options_type] = {f.name: f.metadata for f in fields}
    return metas


def _defaults(cls: type[OptionsT]) -> OptionsT:
    """The default options of ``cls``, built and checked once (they are frozen)."""
    options: OptionsT | None = _DEFAULTS.get(cls)
    if options is None:
        options = _DEFAULTS[cls] = cls()
    return options


def bounds(options: object, name: str) -> tuple[int, int]:
    """The lowest and highest value option ``name`` of ``options`` may take."""
    meta = option_meta(type(options), name)
    return meta["low"], meta["high"]


def within(options: object, name: str) -> bool:
    """Whether option ``name`` of ``options`` is one of its choices, or within its bounds
    (from ``low`` up when its ``high`` is open)."""
    meta = option_meta(type(options), name)
    value = getattr(options, name)
    if meta["choices"]:
        return value in meta["choices"]
    low, high = meta["low"], meta["high"]
    return ((low is None or value >= low)
            and (high is None or meta["open_high"] or value <= high))


class Engine(Generic[OptionsT]):
    """What the engines' states share: the record a game replays from (``options``,
    ``players``, ``seed``, ``actions``) and its ``results``; the seat to act and the end, read
    from ``current`` and ``over`` (an engine that keeps them otherwise overrides both); and
    :meth:`clone`. ``LISTS`` names the slots holding a list changed in place, ``NESTED`` those
    holding a list of such lists; the copy shares every other slot's value."""

    __slots__: tuple[str, ...] = ("options", "players", "seed", "actions", "results")
    LISTS: ClassVar[tuple[str, ...]] = ()
    NESTED: ClassVar[tuple[str, ...]] = ()
    _SHARED: ClassVar[tuple[str, ...]] = ()  # the other slots, worked out once per class
    current: int
    over: bool

    def __init__(self, players: int, seed: int, options: OptionsT) -> None:
        """A game not started yet: its options, seat count and seed, no action, no result."""
        self.options = options
        self.players = players
        self.seed = seed
        self.actions: list[int] = []
        self.results: list[RoundResult] = []

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        copied = {*cls.LISTS, *cls.NESTED}
        slots = [name for c in cls.__mro__ for name in c.__dict__.get("__slots__", ())]
        cls._SHARED = tuple(name for name in slots if name not in copied)

    @property
    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.over else self.current

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.over

    def clone(self) -> Self:
        """An independent copy, cheap enough for search (no deepcopy)."""
        cls = type(self)
        new = cls.__new__(cls)
        for name in cls._SHARED:
            setattr(new, name, getattr(self, name))
        for name in cls.LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in cls.NESTED:
            setattr(new, name, [inner[:] for inner in getattr(self, name)])
        return new


def redeal(unseen: list[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """The cards a seat cannot see, dealt again at random for a search (``determinize``):
    ``unseen`` is sorted (so only its multiset counts), shuffled by ``rng`` and cut into parts
    of ``sizes``, in order, and the rest, last."""
    unseen.sort()
    rng.shuffle(unseen)
    parts = []
    at = 0
    for size in sizes:
        parts.append(unseen[at : at + size])
        at += size
    parts.append(unseen[at:])
    return parts


def make_options(cls: type[OptionsT], options: object = None) -> OptionsT:
    """Build ``cls`` from ``None``, an instance or a dict; unknown or ill-typed keys are refused."""
    if options is None:
        return _defaults(cls)
    if isinstance(options, cls):
        return options
    if not isinstance(options, Mapping):
        raise SetupError("setup_options", kind=cls.__name__, got=type(options).__name__)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, object] = {}
    for key, value in options.items():
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise SetupError("setup_unknown_option", key=key, known=known)
        default = fields[key].default
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise SetupError("setup_option_bool", key=key, value=repr(value))
        elif isinstance(default, int) and (isinstance(value, bool) or not isinstance(value, int)):
            raise SetupError("setup_option_int", key=key, value=repr(value))
        elif isinstance(default, str) and not isinstance(value, str):
            raise SetupError("setup_option_word", key=key, value=repr(value))
        values[key] = value
    return cls(**values)


def options_dict(options: object) -> dict[str, object]:
    """The options as a plain dict (for saving and sharing)."""
    return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]
