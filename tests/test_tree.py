"""The search tree (ISMCTS) of the Kartu Sama and 41 Experts with two players: every iteration
goes through one of the seat's legal moves, each of them is tried before any is tried twice,
the most visited is the choice, the same seed grows the same tree, and the cards its seat
cannot see change nothing. With more players the Expert compares its candidates flat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from models import computers
from models.bots.tree import Node, grow
from tests.test_expert import at_choice

TREES = ["kartu_sama", "forty_one"]  # the games whose Expert grows a tree with two players


def tree(game: str, seed: int, moves: int, iterations: int) -> tuple[Any, Node] | None:
    """A state of ``game`` at a choice, and its tree (None: the game ended first)."""
    book = computers.book(game)
    plan = book.expert
    assert plan is not None and plan.explore > 0
    state = at_choice(game, seed, moves, players=2)
    if state is None:
        return None
    return state, grow(book, plan, state.clone(), random.Random(seed), iterations,
                       plan.explore, plan.depth)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(TREES), seed=st.integers(0, 5_000), moves=st.integers(0, 30),
       iterations=st.integers(1, 60))
def test_every_iteration_goes_through_one_legal_move_of_the_seat(
        game: str, seed: int, moves: int, iterations: int) -> None:
    grown = tree(game, seed, moves, iterations)
    assume(grown is not None)
    assert grown is not None
    state, root = grown
    legal = state.legal_actions()
    assert root.visits == iterations
    assert set(root.children) <= set(legal)
    assert sum(child.visits for child in root.children.values()) == iterations
    assert len(root.children) == min(len(legal), iterations)  # each tried before one twice
    assert all(child.who == state.current_player for child in root.children.values())


@pytest.mark.parametrize("game", TREES)
def test_the_choice_is_the_most_visited_and_the_same_seed_grows_the_same_tree(game: str) -> None:
    expert = computers.expert(game, 200)
    for seed in range(3):
        state = at_choice(game, seed, 6 + seed, players=2)
        assert state is not None
        verdict = expert.weigh(state, random.Random(seed))
        assert verdict.grown and verdict.playouts == 200
        visits = [t.deals for t in verdict.tried]
        assert visits == sorted(visits, reverse=True) and sum(visits) == 200
        assert verdict.ahead == visits[0] / 200
        assert expert.weigh(state.clone(), random.Random(seed)) == verdict
        assert expert(state, random.Random(seed)) == verdict.action


@pytest.mark.parametrize("game", TREES)
def test_the_tree_cannot_see_hidden_cards_and_more_players_are_searched_flat(game: str) -> None:
    expert = computers.expert(game, 120)
    plan = expert.plan
    checked = 0
    for seed in range(6):
        state = at_choice(game, seed, 3 + 2 * seed, players=2)
        if state is None:
            continue
        seat = state.current_player
        other = plan.sample(state, seat, random.Random(100 + seed))
        assert other.observation(seat) == state.observation(seat)
        assert other.hands[1 - seat] != state.hands[1 - seat]
        assert expert.weigh(state, random.Random(seed)) == expert.weigh(other, random.Random(seed))
        checked += 1
    assert checked >= 3
    four = at_choice(game, 1, 8, players=4)
    assert four is not None and not expert.weigh(four, random.Random(1)).grown
