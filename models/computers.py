"""Computer players for every game (their playbooks: :mod:`models.bots`), at three levels:
``"simple"`` (a fast rule of thumb), ``"strong"`` (determinized Monte Carlo over the
engine's clone, using only what its seat sees, within a time cap) and ``"expert"`` (sampled
deals with inference of the hidden cards, a fixed number of playouts: see
:mod:`models.bots.expert`), plus ``"random"``. ``chooser(game, name)`` gives a function
``(state, rng) -> action``; ``explain(game, state, action)`` gives the one-line reason for
the hint button.

Run a chooser off the UI thread: the strong and expert players take a few tenths of a second.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from models.bots.base import Playbook, best
from models.bots.expert import HINT, Expert
from models.bots.hint import Hint
from models.bots.search import Search
from models.errors import MejaError
from models.games.base import State
from models.registry import GAMES

Chooser = Callable[[State, random.Random], int]
NAMES = ("random", "simple", "strong", "expert")


def random_player(state: State, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def book(game: str) -> Playbook[State]:
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


def expert(game: str, playouts: int | None = None, light: bool = False) -> Expert[State]:
    """The Expert of ``game``: ``playouts`` a decision (default: the game's own number), a
    quarter of them on a phone (``light``)."""
    return Expert(book(game), playouts, light)


def chooser(game: str, name: str, light: bool = False) -> Chooser:
    """The player called ``name`` (one of :data:`NAMES`) for ``game``; ``light``: on a phone
    (the Expert plays fewer playouts)."""
    playbook = book(game)
    if name == "random":
        return random_player
    if name == "simple":
        return simple(game)
    if name == "strong":
        return Search(playbook)
    if name == "expert":
        return Expert(playbook, light=light)
    raise MejaError("no_bot", name=name, names=", ".join(NAMES))


def advise(game: str, state: State, rng: random.Random) -> tuple[int, Hint]:
    """The Expert's move for the player to act and why, for the hint button: a search with
    a :data:`~models.bots.expert.HINT` th of the playouts (so a hint takes at most half a
    second), its reason the rule of thumb's (:func:`explain`) and, for a searched decision,
    what the search found (``searched``: the deals played out, and the share of them in
    which the move did at least as well as the next best)."""
    expert = Expert(book(game))
    expert = Expert(expert.book, max(1, expert.budget // HINT))
    legal = state.legal_actions()
    if len(legal) == 1 or not expert.plan.searched(state):
        action = best(expert.book, state, legal)
        return action, explain(game, state, action)
    verdict = expert.weigh(state, rng)
    return verdict.action, verdict.hint(explain(game, state, verdict.action))


def explain(game: str, state: State, action: int) -> Hint:
    """Why ``action`` is a good move for the player to act, in one line (the hint button)."""
    legal = state.legal_actions()
    if action not in legal:
        raise MejaError("move_illegal", move=state.action_str(action))
    if len(legal) == 1:
        return Hint("only")
    return book(game).why(state, action)


__all__ = ["NAMES", "Chooser", "Hint", "advise", "book", "chooser", "expert", "explain",
           "random_player", "simple", "strong"]
