"""The Expert: sampled worlds with inference, compared by sequential halving.

For a decision it samples full deals consistent with everything its seat has seen, the
hidden cards placed where the other seats' play says they are (the game's
:class:`~models.bots.base.Plan`: a seat that drew because it could not follow holds no card
that follows, a card seen taken stays with its taker...). Every candidate action is tried in
the same deals, and the round is played out by the game's Quick player; sequential halving
keeps the better half of the candidates after each share of the playouts, so that the last
ones are compared on the most deals. Where the game's plan has an exploration constant, the
same playouts grow a search tree over the next moves instead (:mod:`models.bots.tree`), in a
game of at most the plan's ``seats`` players. Its effort is a number of playouts, not a time:
with a seeded ``rng`` the same state gets the same choice on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Generic

from models.bots.base import Plan, Playbook, S, best, playout
from models.bots.hint import Hint
from models.bots.tree import grow

PHONE = 4  # a phone plays a quarter of the playouts
HINT = 3  # a hint, a third: it must come within half a second


@dataclass(frozen=True, slots=True)
class Tried:
    """One candidate action and its mean value over the ``deals`` it was played in."""

    action: int
    mean: float
    deals: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found: the candidates from best to worst (the choice first), the
    playouts made, and the share (0..1) of the deals both were played in where the choice did
    at least as well as the runner-up; for a tree (``grown``), the share of the playouts that
    went through the choice."""

    tried: tuple[Tried, ...]
    playouts: int
    ahead: float
    grown: bool = False

    @property
    def action(self) -> int:
        return self.tried[0].action

    def hint(self, why: Hint) -> Hint:
        """The Expert's hint: ``why``, the chosen move's reason, and what the search found:
        the deals it was played out in, and the share (in %) of them in which it did at least
        as well as the runner-up; for a tree, all the deals, and the share that went its way."""
        deals = self.playouts if self.grown else self.tried[0].deals
        params = {"why": why, "deals": deals, "share": round(100 * self.ahead)}
        return Hint("grown" if self.grown else "searched", params)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def clear(a: list[float], b: list[float], z: float) -> bool:
    """Whether ``a`` beats ``b`` (played on the same deals) by more than ``z`` standard errors
    of their difference, deal by deal."""
    gains = [x - y for x, y in zip(a, b, strict=True)]
    n = len(gains)
    m = sum(gains) / n
    spread = sum((g - m) ** 2 for g in gains) / max(1, n - 1)
    return m > 0 and m > z * (spread / n) ** 0.5


@dataclass(frozen=True)
class Expert(Generic[S]):
    """The Expert of one game (its playbook ``book``, which has a :class:`Plan`):
    ``playouts`` a decision (the plan's when None), divided by :data:`PHONE` on a phone
    (``light``)."""

    book: Playbook[S]
    playouts: int | None = None
    light: bool = False

    @property
    def plan(self) -> Plan[S]:
        plan = self.book.expert
        assert plan is not None  # every game has one
        return plan

    @property
    def budget(self) -> int:
        """The playouts a searched decision gets."""
        n = self.playouts or self.plan.playouts
        return max(1, n // PHONE) if self.light else n

    def candidates(self, state: S) -> list[int]:
        """The actions worth trying: the legal ones in the plan's order (the rule of thumb's
        unless the plan has its own), at most the plan's ``width``."""
        legal = state.legal_actions()
        if self.plan.order is not None:
            return self.plan.order(state, legal)[: self.plan.width]
        score = self.book.score
        order = sorted(range(len(legal)), key=lambda i: -score(state, legal[i]))
        return [legal[i] for i in order[: self.plan.width]]

    def weigh(self, state: S, rng: random.Random) -> Verdict:
        """Sequential halving: each step shares ``budget / steps`` playouts among the
        candidates left, all of them on the same sampled deals, then keeps the better half
        by their mean over every deal they were played in (a tie keeps the candidates'
        order), the first candidate (the rule of thumb's choice, or the plan's) kept to the
        end. It stays the choice unless the best one's gain over it, deal by deal, is above
        the plan's ``margin`` standard errors: the playouts are noisy, and a search should
        not leave a sound move by chance. A plan with an ``explore`` constant grows a tree in a
        game of few enough players."""
        book, plan = self.book, self.plan
        if plan.explore and state.players <= plan.seats:
            return self.tree(state, rng)
        alive = self.candidates(state)
        if len(alive) == 1:
            return Verdict((Tried(alive[0], 0.0, 0),), 0, 1.0)
        thumb = alive[0]
        seat, rounds = state.current_player, len(state.results)
        steps = math.ceil(math.log2(len(alive)))
        values: dict[int, list[float]] = {a: [] for a in alive}
        out: list[int] = []  # dropped, the last dropped first
        made = 0
        for step in range(steps):
            worlds = max(1, self.budget // (steps * len(alive)))
            for _ in range(worlds):
                world = plan.sample(state, seat, rng)
                for action in alive:
                    sim = world.clone()
                    sim.apply(action)
                    values[action].append(playout(book, sim, seat, rounds, plan.horizon))
            made += worlds * len(alive)
            alive.sort(key=lambda a: -mean(values[a]))
            if step < steps - 1:
                keep = math.ceil(len(alive) / 2)
                if thumb in alive[keep:]:  # the first choice stays to the end
                    alive.remove(thumb)
                    alive.insert(keep - 1, thumb)
                out = alive[keep:] + out
                del alive[keep:]
        if alive[0] != thumb and not clear(values[alive[0]], values[thumb], plan.margin):
            alive.remove(thumb)
            alive.insert(0, thumb)
        choice, rival = values[alive[0]], values[alive[1]]
        ahead = sum(a >= b for a, b in zip(choice, rival, strict=True)) / len(choice)
        tried = tuple(Tried(a, mean(values[a]), len(values[a])) for a in alive + out)
        return Verdict(tried, made, ahead)

    def tree(self, state: S, rng: random.Random) -> Verdict:
        """The tree's verdict: the root's moves by their visits, the most visited first."""
        plan = self.plan
        root = grow(self.book, plan, state, rng, self.budget, plan.explore, plan.depth)
        kids = sorted(root.children.values(), key=lambda n: (-n.visits, -n.mean))
        tried = tuple(Tried(n.move, n.mean, n.visits) for n in kids)
        return Verdict(tried, root.visits, kids[0].visits / root.visits, grown=True)

    def __call__(self, state: S, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1 or not self.plan.searched(state):
            return best(self.book, state, legal)
        return self.weigh(state, rng).action
