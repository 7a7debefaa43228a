"""A search tree over the next moves: single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, 2012).

Each iteration deals the hidden cards again (the game's :class:`~models.bots.base.Plan`
sampler, so the other seats' play still says where they are), then walks down one tree
shared by every deal: at each node the player to act picks, by UCB, among the moves that
this deal allows, a move counted as available each time a deal offers it. A new move (the
rule of thumb's favourite first) ends the walk; the round is played on by the Quick player,
and every node on the way is credited with the end's value for the seat that chose it. The
seat's move is the root's most visited. The tree reaches ``depth`` plies at most: beyond a
few plies each deal's cards differ too much to share nodes.
"""

from __future__ import annotations

import math
import random

from models.bots.base import Plan, Playbook, S, best, playout


class Node:
    """A move in the tree: who made it, and the iterations that went through it (``visits``),
    offered it once it was in the tree (``offered``) and the value they brought the mover
    (``total``)."""

    __slots__ = ("children", "move", "offered", "parent", "total", "visits", "who")

    def __init__(self, parent: Node | None, move: int, who: int) -> None:
        self.parent, self.move, self.who = parent, move, who
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.offered = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def pick(node: Node, moves: list[int], c: float) -> Node:
    """The child of ``node`` among ``moves`` (all tried) with the highest upper bound."""
    top, choice = -math.inf, node.children[moves[0]]
    for move in moves:
        child = node.children[move]
        bound = child.mean + c * math.sqrt(math.log(max(1, child.offered)) / child.visits)
        if bound > top:
            top, choice = bound, child
    return choice


def grow(book: Playbook[S], plan: Plan[S], state: S, rng: random.Random, iterations: int,
         c: float, depth: int) -> Node:
    """The tree of ``iterations`` walks from ``state``, for its player to act."""
    seat, rounds = state.current_player, len(state.results)
    root = Node(None, -1, seat)
    for _ in range(iterations):
        world = plan.sample(state, seat, rng)
        node = root
        for _ply in range(depth):
            if world.is_over or len(world.results) > rounds:
                break
            moves = world.legal_actions()
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.offered += 1
            new = [m for m in moves if m not in node.children]
            if new:
                move = new[0] if len(new) == 1 else best(book, world, new)
                node.children[move] = Node(node, move, world.current_player)
                world.apply(move)
                node = node.children[move]
                break
            node = pick(node, moves, c)
            world.apply(node.move)
        end = playout(book, world, seat, rounds, plan.horizon)
        values: dict[int, float] = {seat: end}
        while node.parent is not None:
            if node.who not in values:
                values[node.who] = book.value(world, node.who, rounds)
            node.visits += 1
            node.total += values[node.who]
            node = node.parent
        root.visits += 1
    return root
