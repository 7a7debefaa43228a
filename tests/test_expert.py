"""The Expert: the same choice from the same seed, legal moves to the end, no peeking at the
cards its seat cannot see, sampled deals that agree with everything the table saw, and its
hint (its strength is measured by ``python -m tests.bench_bots``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.i18n import Translator, say
from models import computers
from models.bots.expert import PHONE, Expert
from models.bots.hint import Hint
from models.bots.samba import reads
from models.games.kartu_sama import FOLLOWS
from models.registry import GAMES
from tests.test_bots import ONE_ROUND, _multiset, play_to

GAMES_ = sorted(GAMES)
SEATS = {"kartu_sama": 4, "forty_one": 4, "samba": 2, "sums": 2}


def small(game: str, playouts: int = 24) -> Expert:
    """An Expert with few playouts: the same search, quick enough for a test."""
    return computers.expert(game, playouts)


def at_choice(game: str, seed: int, moves: int, players: int | None = None) -> Any:
    """A game at a decision the Expert searches (None when the game ended first)."""
    plan = computers.book(game).expert
    assert plan is not None
    state = play_to(game, players or SEATS[game], seed, moves)
    rng = random.Random(seed)
    while not state.is_over and not (len(state.legal_actions()) > 1 and plan.searched(state)):
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


@pytest.mark.parametrize("game", GAMES_)
def test_the_same_seed_gives_the_same_choice(game: str) -> None:
    expert = small(game)
    for seed in range(3):
        state = at_choice(game, seed, 5 + 7 * seed)
        if state is None:
            continue
        first = expert.weigh(state, random.Random(seed))
        again = expert.weigh(state.clone(), random.Random(seed))
        assert first == again
        assert first.action in state.legal_actions()
        assert expert(state, random.Random(seed)) == first.action


@pytest.mark.parametrize("game", GAMES_)
def test_the_expert_plays_legal_moves_to_the_end(game: str) -> None:
    expert = small(game, 8)
    simple = computers.chooser(game, "simple")
    state = GAMES[game].new_game(SEATS[game], 11, ONE_ROUND[game])
    rng = random.Random(11)
    moves = 0
    while not state.is_over and moves < 400:
        action = (expert if state.current_player == 0 else simple)(state, rng)
        assert state.is_legal(action)
        state.apply(action)
        moves += 1
    assert state.is_over or game == "samba"  # a Samba hand runs longer


@pytest.mark.parametrize("game", GAMES_)
def test_the_expert_cannot_see_hidden_cards(game: str) -> None:
    """Two states that differ only in the cards the Expert's seat cannot see (dealt again as
    the table's facts allow): the same observation, and the same search to the last value."""
    expert = small(game)
    plan = computers.book(game).expert
    assert plan is not None
    checked = 0
    for seed in range(5):
        state = at_choice(game, seed, 4 + 6 * seed)
        if state is None:
            continue
        seat = state.current_player
        other = plan.sample(state, seat, random.Random(100 + seed))
        assert other.observation(seat) == state.observation(seat)
        hidden = [s for s in range(state.players) if s != seat]
        assert any(Counter(other.hands[s]) != Counter(state.hands[s]) for s in hidden)
        assert expert.weigh(state, random.Random(seed)) == expert.weigh(other, random.Random(seed))
        checked += 1
    assert checked >= 3


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES_), seed=st.integers(0, 10_000), moves=st.integers(0, 60),
       players=st.integers(2, 4))
def test_sampled_deals_agree_with_what_the_table_saw(
    game: str, seed: int, moves: int, players: int
) -> None:
    """A sampled deal shows the Expert's seat exactly what it sees, holds every card once,
    keeps each hand's size, and keeps the facts the table saw: the cards seen going into a
    hand stay there (Sums, Samba); a seat that drew because it could not follow holds no
    more cards that follow than it drew since, wherever the unseen cards allow (Kartu
    Sama)."""
    state = play_to(game, players, seed, moves)
    if state.is_over:
        return
    seat = state.current_player
    plan = computers.book(game).expert
    assert plan is not None
    world = plan.sample(state, seat, random.Random(seed))
    assert world.observation(seat) == state.observation(seat)
    assert _multiset(game, world) == _multiset(game, state)
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    others = [s for s in range(state.players) if s != seat]
    if game == "sums":
        assert all(not Counter(state.seen[s]) - Counter(world.hands[s]) for s in others)
    if game == "samba":
        seen = reads(state).seen
        assert all(not Counter(seen[s]) - Counter(world.hands[s]) for s in others)
    if game == "kartu_sama":
        for s in others:
            drawn = 0
            for t, base, takes in reversed(state.misses):
                if t != s:
                    continue
                drawn += takes
                if base >= 0:
                    assert len([c for c in world.hands[s] if c in FOLLOWS[base]]) <= drawn


def test_a_forced_draw_is_kept_with_the_card_to_match() -> None:
    state = GAMES["kartu_sama"].new_game(3, 2, {"rounds": 1})
    rng = random.Random(2)
    while not state.misses:
        state.apply(rng.choice(state.legal_actions()))
    seat, base, takes = state.misses[0]
    assert base >= 0 and takes == 2
    assert not state.hands[seat] or len(state.hands[seat]) >= takes
    voluntary = GAMES["kartu_sama"].new_game(3, 2, {"rounds": 1, "may_draw": True})
    voluntary.apply(53)  # draw while a card could be played: it says nothing
    assert voluntary.misses == [(voluntary.misses[0][0], -1, 2)]


def test_a_phone_plays_a_quarter_of_the_playouts() -> None:
    assert Expert(computers.book("sums"), 400, light=True).budget == 400 // PHONE
    assert computers.chooser("sums", "expert", light=True) == Expert(
        computers.book("sums"), light=True)


@pytest.mark.parametrize("game", GAMES_)
def test_the_experts_hint_names_the_move_and_the_deals(game: str) -> None:
    state = at_choice(game, 3, 12)
    assert state is not None
    action, hint = computers.advise(game, state, random.Random(3))
    assert action in state.legal_actions()
    plan = computers.book(game).expert
    assert plan is not None
    assert hint.code == ("grown" if plan.explore and state.players <= plan.seats else "searched")
    why, deals, share = hint.params["why"], hint.params["deals"], hint.params["share"]
    assert isinstance(why, Hint) and why == computers.explain(game, state, action)
    assert deals > 0 and 0 <= share <= 100
    for language in ("en", "fr", "id"):
        text = say(Translator(language), hint.code, hint.params, prefix="hint")
        assert str(deals) in text and "{" not in text


def test_a_hint_without_a_choice_is_the_rule_of_thumbs() -> None:
    state = GAMES["kartu_sama"].new_game(2, 0, {"rounds": 1})
    rng = random.Random(0)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    action, hint = computers.advise("kartu_sama", state, rng)
    assert (action, hint) == (state.legal_actions()[0], Hint("only"))


def test_on_a_phone_the_expert_plays_fewer_playouts_and_hints_come_from_the_strong_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.runner import advice, chooser_for

    state = at_choice("sums", 3, 12)
    assert state is not None
    desktop = chooser_for("sums", "expert")
    assert isinstance(desktop, Expert) and not desktop.light
    _, hint = advice("sums", state, random.Random(3))
    assert hint.code == "searched"
    monkeypatch.setenv("FLET_PLATFORM", "android")  # what Flet's phone client sets
    phone = chooser_for("sums", "expert")
    assert isinstance(phone, Expert) and phone.budget == desktop.budget // PHONE
    action, hint = advice("sums", state, random.Random(3))
    assert hint == computers.explain("sums", state, action)
