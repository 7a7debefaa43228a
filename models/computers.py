"""Computer players for every game (their playbooks: :mod:`models.bots`), at two levels:
``"simple"`` (a fast rule of thumb) and ``"strong"`` (determinized Monte Carlo over the
engine's clone, using only what its seat sees), plus ``"random"``. ``chooser(game, name)``
gives a function ``(state, rng) -> action``; ``explain(game, state, action)`` gives the
one-line reason for the hint button.

Run a chooser off the UI thread: the strong player takes up to a few tenths of a second.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from models.bots.base import Playbook, best
from models.bots.hint import Hint
from models.bots.search import Search
from models.errors import MejaError
from models.games.base import State
from models.registry import GAMES

Chooser = Callable[[State, random.Random], int]
NAMES = ("random", "simple", "strong")


def random_player(state: State, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def book(game: str) -> Playbook:
    """The playbook of ``game``, named by its registry entry."""
    if game not in GAMES:
        raise MejaError("no_game", game=game, games=", ".join(sorted(GAMES)))
    return GAMES[game].bot


def simple(game: str) -> Chooser:
    """The rule-of-thumb player of ``game``."""
    playbook = book(game)

    def choose(state: State, rng: random.Random) -> int:
        return best(playbook, state, state.legal_actions())

    return choose


def strong(game: str, worlds: int | None = None, cap: float | None = 0.2) -> Chooser:
    """The searching player of ``game``: ``worlds`` sampled deals (default: the game's own
    number), stopping after ``cap`` seconds (None: no time cap, so the choice depends on
    nothing but the rng)."""
    return Search(book(game), worlds, cap)


def chooser(game: str, name: str) -> Chooser:
    """The player called ``name`` (``"random"``, ``"simple"`` or ``"strong"``) for ``game``."""
    playbook = book(game)
    if name == "random":
        return random_player
    if name == "simple":
        return simple(game)
    if name == "strong":
        return Search(playbook)
    raise MejaError("no_bot", name=name, names=", ".join(NAMES))


def explain(game: str, state: State, action: int) -> Hint:
    """Why ``action`` is a good move for the player to act, in one line (the hint button)."""
    legal = state.legal_actions()
    if action not in legal:
        raise MejaError("move_illegal", move=state.action_str(action))
    if len(legal) == 1:
        return Hint("only")
    return book(game).why(state, action)


__all__ = ["NAMES", "Chooser", "Hint", "book", "chooser", "explain", "random_player", "simple",
           "strong"]
