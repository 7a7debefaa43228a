"""The strong player: determinized Monte Carlo. It samples full deals consistent with what its
seat sees (the playbook's ``determinize``), tries each candidate action in every sampled deal,
plays the rest of the round (up to a horizon) by the rule of thumb, and keeps the action of
the best average value. The same deals and rollout seeds serve every candidate, so the
comparison is fair; everything is drawn from the caller's ``rng``, so it is deterministic."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Generic

from models.bots.base import Playbook, S, best


def rollout(
    book: Playbook[S], state: S, seat: int, rounds: int, rng: random.Random,
    deadline: float | None = None,
) -> float | None:
    """Play on by the rule of thumb (with a few random moves) until the round after ``rounds``
    results ends or ``book.horizon`` moves are made; return ``seat``'s value (None: the
    ``perf_counter`` ``deadline`` passed first)."""
    epsilon = book.epsilon
    for move in range(book.horizon):
        if state.is_over or len(state.results) > rounds:
            break
        if deadline is not None and not move % 16 and time.perf_counter() > deadline:
            return None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        elif epsilon and rng.random() < epsilon:
            state.apply(rng.choice(legal))
        else:
            state.apply(best(book, state, legal))
    return book.value(state, seat, rounds)


@dataclass(frozen=True)
class Search(Generic[S]):
    """A strong chooser for one game. ``cap``: seconds after which the search stops, even in
    the middle of a rollout, keeping only the deals fully played (none: the rule of thumb
    decides); None: always ``book.worlds`` deals, so the choice depends on nothing but
    ``rng``."""

    book: Playbook[S]
    worlds: int | None = None
    cap: float | None = 0.2

    def evaluate(self, state: S, rng: random.Random) -> tuple[list[int], list[list[float]]]:
        """The candidate actions (the rule of thumb's choice first) and their value in each
        sampled deal."""
        book = self.book
        legal = state.legal_actions()
        order = sorted(range(len(legal)), key=lambda i: -book.score(state, legal[i]))
        candidates = [legal[i] for i in order[: book.width]]
        seat, rounds = state.current_player, len(state.results)
        values: list[list[float]] = [[] for _ in candidates]
        deadline = None if self.cap is None else time.perf_counter() + self.cap
        for world_no in range(self.worlds or book.worlds):
            world = book.determinize(state, seat, rng)
            seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                sim = world.clone()
                sim.apply(action)
                value = rollout(book, sim, seat, rounds, random.Random(seed), deadline)
                if value is None:
                    if not world_no:  # not one whole deal in time: the rule of thumb
                        return candidates[:1], [[0.0]]
                    return candidates, [v[:world_no] for v in values]  # whole deals only
                values[i].append(value)
        return candidates, values

    def __call__(self, state: S, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1 or not self.book.searched(state):
            return best(self.book, state, legal)
        candidates, values = self.evaluate(state, rng)
        return candidates[pick(values, self.book.margin)]


def pick(values: list[list[float]], z: float = 1.0) -> int:
    """The candidate whose average gain over the first (the rule of thumb's choice), deal by
    deal, is highest and above ``z`` standard errors; 0 when none is clearly better."""
    base = values[0]
    n = len(base)
    choice, top = 0, 0.0
    for i in range(1, len(values)):
        gains = [v - b for v, b in zip(values[i], base, strict=True)]
        mean = sum(gains) / n
        spread = sum((g - mean) ** 2 for g in gains) / max(1, n - 1)
        if mean > top and mean > z * (spread / n) ** 0.5:
            choice, top = i, mean
    return choice
