"""The games, one entry each: ``GAMES[key]`` is a :class:`Game`, naming the game's engine
(its :class:`~models.games.base.Rules`), its table at a real table (``models.tables.<game>``)
and its computer player's playbook (``models.bots.<game>``). The event kinds of every table
are registered here, so a saved match is read without importing a table first.

This is the one place that imports the built-in games' modules; they import none of it. A
built-in game is its modules and one line here (and one in ``app.games``); a game brought
from elsewhere is added whole by ``app.games.add`` (which calls :func:`add`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Generic, TypeVar

from models.bots import forty_one as forty_one_bot
from models.bots import kartu_sama as kartu_sama_bot
from models.bots import samba as samba_bot
from models.bots import sums as sums_bot
from models.bots.base import Playbook
from models.events import SHARED, Event, register, unregister
from models.games import forty_one, kartu_sama, samba, sums
from models.games.base import Rules, State
from models.tables import forty_one as forty_one_table
from models.tables import kartu_sama as kartu_sama_table
from models.tables import samba as samba_table
from models.tables import sums as sums_table
from models.tables.base import MatchState

StateT = TypeVar("StateT", bound=State, covariant=True)
TableT = TypeVar("TableT", bound=MatchState, covariant=True)
S = TypeVar("S", bound=State)
T = TypeVar("T", bound=MatchState)


@dataclass(frozen=True)
class Game(Rules[StateT], Generic[StateT, TableT]):
    """A game's entry: its engine's :class:`~models.games.base.Rules`, the class deriving a
    match's state from its events at a real table (``table``), the computer player's
    ``bot``, and the event kinds of its own that its table takes (``events``)."""

    table: type[TableT] = field(kw_only=True)
    bot: Playbook[StateT] = field(kw_only=True)
    events: tuple[type[Event], ...] = field(kw_only=True, default=())


def entry(rules: Rules[S], table: type[T], bot: Playbook[S],
          events: tuple[type[Event], ...] = ()) -> Game[S, T]:
    """The entry of the game whose engine says ``rules``."""
    said = {f.name: getattr(rules, f.name) for f in fields(Rules)}
    return Game(**said, table=table, bot=bot, events=events)


GAMES: dict[str, Game[State, MatchState]] = {}


def add(game: Game[State, MatchState]) -> None:
    """Register ``game`` and its event kinds. A key or a kind already taken is a programming
    error (ValueError), and registers nothing."""
    if game.key in GAMES:
        raise ValueError(f"key={game.key!r}")
    try:
        register(*game.events)
    except ValueError:
        unregister(*game.events)
        raise
    GAMES[game.key] = game


def remove(key: str) -> None:
    """Take the game ``key`` out of the registry, and its event kinds."""
    game = GAMES.pop(key, None)
    if game is not None:
        unregister(*game.events)


def first() -> str:
    """The first game registered: the one a set-up names when it names none."""
    return next(iter(GAMES))


register(*SHARED)
for _game in (
    entry(kartu_sama.RULES, kartu_sama_table.KartuSamaTable, kartu_sama_bot.BOOK,
          kartu_sama_table.EVENTS),
    entry(forty_one.RULES, forty_one_table.FortyOneTable, forty_one_bot.BOOK,
          forty_one_table.EVENTS),
    entry(sums.RULES, sums_table.SumsTable, sums_bot.BOOK, sums_table.EVENTS),
    entry(samba.RULES, samba_table.SambaTable, samba_bot.BOOK, samba_table.EVENTS),
):
    add(_game)
# The games registered here, which any process has once it imports the registry (a game added
# later is handed to a worker process: models.simulate).
BUILT_IN = frozenset(GAMES)


__all__ = ["BUILT_IN", "GAMES", "Game", "add", "entry", "first", "remove"]
