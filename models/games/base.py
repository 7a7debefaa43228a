"""What every game engine offers: a registry entry, options handling, results.

A game is a deterministic function of ``(options, seed, actions)``. Each engine
module defines an ``Options`` frozen dataclass (the defaults of RULES.md), a
state class with ``current_player``, ``legal_actions()``, ``apply(action)``,
``is_over``, ``clone()``, ``observation(seat)``, ``action_str(action)`` (the action in
the notation, for logs and tests) and ``action_words(action)`` (the action as a code and its
facts, which the app says in the player's language), and a :class:`Game` entry registered in
``models.games.GAMES``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from models.errors import SetupError

OptionsT = TypeVar("OptionsT")


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
    def apply(self, action: int) -> None: ...
    def clone(self) -> State: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def action_str(self, action: int) -> str: ...
    def action_words(self, action: int) -> ActionWords: ...
    @property
    def results(self) -> list[RoundResult]: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def totals(self) -> list[int]: ...


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


@dataclass(frozen=True)
class Game:
    """A registry entry: the game's key, its title, its options type, and a factory."""

    key: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Any]
    factory: Callable[[int, int, Any], State]
    lower_is_better: bool = False
    notes: Mapping[str, str] = field(default_factory=dict)

    def options(self, options: object = None) -> Any:
        """Options from ``None`` (the defaults), a dict of overrides, or the dataclass."""
        return make_options(self.options_type, options)

    def new_game(self, players: int, seed: int = 0, options: object = None) -> State:
        """A new game with ``players`` seats, shuffled by ``seed``."""
        return self.factory(players, seed, self.options(options))

    def replay(
        self, players: int, seed: int, options: object, actions: Sequence[int]
    ) -> State:
        """The state reached by playing ``actions`` from a new game (raises if one is illegal)."""
        state = self.new_game(players, seed, options)
        for action in actions:
            state.apply(action)
        return state


def make_options(cls: type[OptionsT], options: object = None) -> OptionsT:
    """Build ``cls`` from ``None``, an instance or a dict; unknown or ill-typed keys are refused."""
    if options is None:
        return cls()
    if isinstance(options, cls):
        return options
    if not isinstance(options, Mapping):
        raise SetupError("setup_options", kind=cls.__name__, got=type(options).__name__)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
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


def options_dict(options: object) -> dict[str, Any]:
    """The options as a plain dict (for saving and sharing)."""
    return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]


def check_players(title: str, players: int, low: int, high: int) -> None:
    """Refuse a player count outside ``low..high`` with a clear reason."""
    if not low <= players <= high:
        raise SetupError("setup_players", game=title, low=low, high=high, players=players)
