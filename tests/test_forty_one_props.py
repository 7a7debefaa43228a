"""41: properties of random legal play with random options and seeds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from models.errors import IllegalAction
from models.games import forty_one
from models.games.forty_one import ACTIONS, FortyOne, hand_key, hand_score, new_game

MAX_MOVES = 20_000  # random play ends long before (a hand rarely passes 250 moves)
Setup = tuple[int, int, dict[str, object], int]  # players, seed, options, choices seed


@st.composite
def games(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 8))
    options: dict[str, object] = {
        "first_dealer": draw(st.integers(0, players - 1)),
        "hands": draw(st.integers(1, 3)),
        "stop_threshold": draw(st.sampled_from([0, 0, 20, 30, 41])),
        "instant_41": draw(st.booleans()),
        "redraw": draw(st.booleans()),
        "running_score": draw(st.booleans()),
    }
    return players, draw(st.integers(0, 10**6)), options, draw(st.integers(0, 2**32))


def conserved(state: FortyOne) -> bool:
    cards = [c for h in state.hands for c in h] + state.stock + state.pile
    return sorted(cards) == list(range(52))


def hide_and_swap(state: FortyOne, seat: int, rng: random.Random) -> FortyOne:
    """A copy where every card ``seat`` cannot see (other hands, but the card just taken from
    the discard, and the stock) is dealt again at random."""
    copy = state.clone()
    keep = {state.taken} if state.taken >= 0 else set()
    others = [s for s in range(state.players) if s != seat]
    hidden = [c for s in others for c in copy.hands[s] if c not in keep] + copy.stock
    rng.shuffle(hidden)
    for s in others:
        kept = [c for c in copy.hands[s] if c in keep]
        size = len(copy.hands[s]) - len(kept)
        copy.hands[s] = sorted(kept + hidden[:size])
        del hidden[:size]
    copy.stock = hidden
    return copy


def play(
    players: int, seed: int, options: dict[str, object], rng: random.Random, check: bool = True
) -> FortyOne:
    state = new_game(players, seed, options)
    for _ in range(MAX_MOVES):
        if state.is_over:
            break
        legal = state.legal_actions()
        if check:
            assert conserved(state)
            assert legal == [a for a in range(ACTIONS) if state.is_legal(a)]
            assert all(len(h) == 4 for s, h in enumerate(state.hands) if s != state.current)
            illegal = rng.choice([a for a in range(-1, ACTIONS + 1) if a not in legal])
            try:
                state.apply(illegal)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{illegal} was applied though not legal")
        state.apply(rng.choice(legal))
    assert state.is_over, "random play did not end"
    assert conserved(state) and state.current_player == -1 and state.legal_actions() == []
    return state


@settings(max_examples=60, deadline=None)
@given(games())
def test_random_play_conserves_cards_and_ends(game: Setup) -> None:
    players, seed, options, choices = game
    play(players, seed, options, random.Random(choices))


@settings(max_examples=60, deadline=None)
@given(games())
def test_scores_equal_a_recount(game: Setup) -> None:
    players, seed, options, choices = game
    state = play(players, seed, options, random.Random(choices), check=False)
    assert len(state.results) == len(state.shown) == len(state.rankings) == options["hands"]
    totals, wins, losses = [0] * players, [0] * players, [0] * players
    for result, shown, order in zip(state.results, state.shown, state.rankings, strict=True):
        assert result.points == tuple(hand_score(h) for h in shown)
        assert sorted(order) == list(range(players))
        keys = [hand_key(shown[s]) for s in order]
        assert keys == sorted(keys, reverse=True)  # best first
        assert result.winners == (order[0],)
        assert result.end in ("stop", "stock", "41")
        if result.end == "41":
            assert options["instant_41"] and result.points[order[0]] == 41
        if result.end == "stop" and options["stop_threshold"]:
            assert max(result.points) >= options["stop_threshold"]  # type: ignore[operator]
        for seat, p in enumerate(result.points):
            totals[seat] += p
        wins[order[0]] += 1
        losses[order[-1]] += 1
    assert (state.totals, state.wins, state.losses) == (totals, wins, losses)
    assert state.scores == (totals if options["running_score"] else wins)
    assert state.winners and len(state.actions) == sum(r.moves for r in state.results)


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(0, 400))
def test_replay_and_clone_give_the_same_state(
    game: Setup, cut: int
) -> None:
    players, seed, options, choices = game
    rng = random.Random(choices)
    state = new_game(players, seed, options)
    copy = None
    while not state.is_over:
        if len(state.actions) == cut:
            copy = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    again = forty_one.RULES.replay(players, seed, options, state.actions)
    assert isinstance(again, FortyOne)
    for name in FortyOne.__slots__:
        assert getattr(again, name) == getattr(state, name), name
    if copy is not None:  # the clone was not changed by later play, and continues the same way
        assert len(copy.actions) == cut
        for action in state.actions[cut:]:
            copy.apply(action)
        assert copy.results == state.results and copy.hands == state.hands


@settings(max_examples=40, deadline=None)
@given(games(), st.integers(0, 300))
def test_observation_hides_other_hands(
    game: Setup, stop_at: int
) -> None:
    players, seed, options, choices = game
    rng = random.Random(choices)
    state = new_game(players, seed, options)
    while not state.is_over and len(state.actions) < stop_at:
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        seen = state.observation(seat)
        assert list(seen.hand) == state.hands[seat]
        assert seen == hide_and_swap(state, seat, rng).observation(seat)
