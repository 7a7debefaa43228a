"""What a game gives its computer players: a rule of thumb, its reasons, a value for search,
and how its Expert samples the hidden cards."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from models.bots.hint import Hint
from models.games.base import State

S = TypeVar("S", bound=State)  # the engine state of the game a playbook plays


@dataclass(frozen=True)
class Plan(Generic[S]):
    """How the Expert (:mod:`models.bots.expert`) plays one game: ``sample(state, seat, rng)``
    a full state consistent with what ``seat`` has seen, the hidden cards placed where the
    other seats' play says they are; ``playouts`` a decision; at most ``width`` candidate
    actions; playouts of at most ``horizon`` moves; ``searched(state)``: whether a decision
    is searched (the others follow the rule of thumb); the first choice stays unless
    another's gain is above ``margin`` standard errors. ``order(state, legal)``: the legal
    actions in the Expert's order, its first choice first (None: the rule of thumb's).
    ``explore``: when above 0, in a game of at most ``seats`` players the playouts grow a
    search tree (:mod:`models.bots.tree`) ``depth`` plies deep with this exploration constant,
    instead of comparing the candidates flat (``width`` and ``margin`` then unused)."""

    sample: Callable[[S, int, random.Random], S]
    playouts: int
    width: int
    horizon: int
    searched: Callable[[S], bool]
    margin: float = 0.5
    order: Callable[[S, list[int]], list[int]] | None = None
    explore: float = 0.0
    depth: int = 6
    seats: int = 2


@dataclass(frozen=True)
class Playbook(Generic[S]):
    """One game's knowledge for the bots.

    ``score(state, action)``: how good the rule of thumb finds a legal action of the player to
    act (higher is better), from that player's own view only. ``why(state, action)``: the hint.
    ``value(state, seat, rounds)``: how well ``seat`` stands, once the round after the first
    ``rounds`` results has ended or the rollout stopped early. ``determinize(state, seat,
    rng)``: a full state consistent with what ``seat`` sees. ``searched(state)``: whether
    the strong player searches this decision (small decisions follow the rule of thumb).
    ``worlds`` sampled deals, at most ``width`` candidate actions, rollouts of at most
    ``horizon`` moves, a share ``epsilon`` of rollout moves random (for variety); the search
    leaves the rule of thumb only for a gain above ``margin`` standard errors. ``expert``:
    how the Expert plays the game. ``unnamed``: the codes of its hints whose words do not
    name the move (the hint button names it first).
    """

    score: Callable[[S, int], float]
    why: Callable[[S, int], Hint]
    value: Callable[[S, int, int], float]
    determinize: Callable[[S, int, random.Random], S]
    searched: Callable[[S], bool]
    worlds: int
    width: int
    horizon: int
    epsilon: float = 0.1
    margin: float = 1.0
    expert: Plan[S] | None = None
    unnamed: frozenset[str] = frozenset()


def best(book: Playbook[S], state: S, legal: list[int]) -> int:
    """The rule of thumb's choice: the highest score, the first in legal order on a tie."""
    score = book.score
    top, choice = float("-inf"), legal[0]
    for action in legal:
        s = score(state, action)
        if s > top:
            top, choice = s, action
    return choice


def playout(book: Playbook[S], state: S, seat: int, rounds: int, horizon: int) -> float:
    """Play on by the rule of thumb until the round after ``rounds`` results ends or
    ``horizon`` moves are made; ``seat``'s value then."""
    for _ in range(horizon):
        if state.is_over or len(state.results) > rounds:
            break
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else best(book, state, legal))
    return book.value(state, seat, rounds)
