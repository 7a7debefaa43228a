"""Kartu Sama properties under random legal play with random options and seeds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from models.errors import IllegalAction
from models.games import kartu_sama as ks
from models.games.kartu_sama import DRAW, PASS, KartuSama

MAX_MOVES = 50_000  # far beyond any real match: reaching it means the game does not end
BOUNDED = settings(max_examples=60, deadline=None)


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    """Players, seed and random options of a set-up the pack can deal."""
    players = draw(st.integers(2, 6))
    options: dict[str, Any] = {
        "jokers": draw(st.booleans()),
        "short_pack": draw(st.booleans()),
        "packs": draw(st.integers(1, 3)),
        "hand_size": draw(st.integers(1, 10)),
        "may_draw": draw(st.booleans()),
        "play_after_draw": draw(st.booleans()),
        "reshuffle": draw(st.booleans()),
        "joker_follow": draw(st.sampled_from(ks.JOKER_FOLLOWS)),
        "dealer": draw(st.sampled_from(ks.DEALERS)),
        "mode": draw(st.sampled_from(ks.MODES)),
        "target": draw(st.integers(1, 120)),
        "rounds": draw(st.integers(0, 3)),
        "wins": draw(st.integers(1, 3)),
        "first_dealer": draw(st.integers(0, players - 1)),
    }
    o = ks.Options(**options)
    assume(len(o.cards()) >= o.hand_size * players + 1)
    return players, draw(st.integers(0, 2**32)), options


def snapshot(state: KartuSama) -> tuple[object, ...]:
    """Every slot of the state, lists frozen, for equality checks."""

    def freeze(value: object) -> object:
        if isinstance(value, list):
            return tuple(freeze(v) for v in value)
        return value

    return tuple(freeze(getattr(state, name)) for name in KartuSama.__slots__)


def cards_on_table(state: KartuSama) -> Counter[int]:
    return Counter(state.pile + state.discard + [c for h in state.hands for c in h])


def expected_round_end(state: KartuSama, action: int) -> list[list[int]]:
    """The hands at the end of the round, worked out from the state before ``action``."""
    hands = [h[:] for h in state.hands]
    seat = state.current
    if action == DRAW:  # the round ends on a draw only when the drawer takes everything left
        hands[seat] += state.pile
        if state.options.reshuffle:
            hands[seat] += state.discard[:-1]
    elif action != PASS:
        hands[seat].remove(action)
    return hands


@BOUNDED
@given(games(), st.randoms(use_true_random=False))
def test_random_play_keeps_every_invariant(
    game: tuple[int, int, dict[str, Any]], rng: random.Random
) -> None:
    players, seed, options = game
    state = ks.new_game(players, seed, options)
    pack = Counter(state.options.cards())
    totals = [0] * players
    wins = [0] * players
    moves = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal == [a for a in range(55) if state.is_legal(a)]
        assert not state.is_legal(-1) and not state.is_legal(55)
        assert legal and len(set(legal)) == len(legal)
        assert 0 <= state.current_player < players
        action = rng.choice(legal)
        rounds = len(state.results)
        hands = expected_round_end(state, action)
        state.apply(action)
        moves += 1
        assert moves < MAX_MOVES
        assert cards_on_table(state) == pack
        assert all(h == sorted(h) for h in state.hands)
        if len(state.results) > rounds:  # the action ended a round: recount it
            result = state.results[-1]
            points = tuple(ks.hand_points(h) for h in hands)
            assert result.points == points
            assert result.end == ("pile" if action == DRAW else "out")
            best = ks.rank_round({str(s): h for s, h in enumerate(hands)})[0]
            assert result.winners == tuple(int(s) for s in best)
            for s in range(players):
                totals[s] += points[s]
            for s in result.winners:
                wins[s] += 1
            assert state.totals == totals
            assert state.wins == wins
    assert state.current_player == -1
    assert state.legal_actions() == []
    assert state.actions and len(state.actions) == moves
    assert sum(r.moves for r in state.results) == moves
    o = state.options
    if o.mode == "victory":
        assert max(wins) >= o.wins
        before = [w - (s in state.results[-1].winners) for s, w in enumerate(wins)]
        assert max(before) < o.wins  # it ended in the first round that reached it
        assert state.winners == [s for s in range(players) if wins[s] == max(wins)]
        assert state.scores == wins
    else:
        if o.rounds:
            assert len(state.results) == o.rounds
        else:
            assert max(totals) >= o.target
            before = [t - p for t, p in zip(totals, state.results[-1].points, strict=True)]
            assert max(before) < o.target  # it ended in the first round that reached it
        assert state.winners == [s for s in range(players) if totals[s] == min(totals)]
        assert state.scores == totals


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False), st.floats(0, 1))
def test_replay_and_clone(
    game: tuple[int, int, dict[str, Any]], rng: random.Random, cut: float
) -> None:
    players, seed, options = game
    state = ks.new_game(players, seed, options)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    log = state.actions
    again = ks.RULES.replay(players, seed, options, log)
    assert isinstance(again, KartuSama)
    assert snapshot(again) == snapshot(state)
    assert again.results == state.results and again.winners == state.winners

    middle = ks.RULES.replay(players, seed, options, log[: int(len(log) * cut)])
    assert isinstance(middle, KartuSama)
    frozen = snapshot(middle)
    copy = middle.clone()
    assert snapshot(copy) == frozen
    while not copy.is_over:  # the copy plays on, the original does not move
        copy.apply(rng.choice(copy.legal_actions()))
    assert snapshot(middle) == frozen
    for action in log[len(middle.actions) :]:  # and the original can still finish its game
        middle.apply(action)
    assert snapshot(middle) == snapshot(state)


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_change_nothing(
    game: tuple[int, int, dict[str, Any]], rng: random.Random
) -> None:
    players, seed, options = game
    state = ks.new_game(players, seed, options)
    steps = 0
    while not state.is_over and steps < 400:
        legal = set(state.legal_actions())
        illegal = [a for a in range(-2, 57) if a not in legal]
        before = snapshot(state)
        for action in rng.sample(illegal, min(5, len(illegal))):
            try:
                state.apply(action)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{action} was applied")
            assert snapshot(state) == before
        state.apply(rng.choice(sorted(legal)))
        steps += 1
    if state.is_over:
        before = snapshot(state)
        for action in range(55):
            try:
                state.apply(action)
            except IllegalAction as error:
                assert str(error) == "ks_over()"
            assert snapshot(state) == before
