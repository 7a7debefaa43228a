"""Sums: property tests over random legal play with random options and seeds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import example, given, reject, settings
from hypothesis import strategies as st

from models.cards import ACE, KING, QUEEN, parse_cards
from models.errors import IllegalAction, SetupError
from models.games import sums
from models.games.sums import (
    ACTIONS,
    CHOOSING,
    COUNTERING,
    DRAWING,
    EITHER,
    LAST,
    LET,
    PLACING,
    TAKE,
    Sums,
    capture,
    removable,
)

STARTS = (DRAWING, EITHER, LAST)  # the phases a turn starts in

BOUNDED = settings(max_examples=60, deadline=None)

options_st = st.fixed_dictionaries(
    {
        "packs": st.sampled_from([0, 0, 1, 2, 3]),
        "piles": st.integers(2, 5),
        "hand_size": st.sampled_from([0, 0, 1, 3, 6]),
    }
).flatmap(
    lambda base: st.sampled_from(
        [base, {**base, "take_back": True}, {**base, "draw_or_play": True}]
    )
)


def dealt(players: int, seed: int, options: dict[str, Any]) -> Sums:
    try:
        return sums.new_game(players, seed, options)
    except SetupError:
        reject()


def every_card(state: Sums) -> Counter[int]:
    groups = (state.hands, state.in_play, state.captured, state.piles)
    return Counter(c for group in groups for cards in group for c in cards)


def check_hidden(state: Sums, rng: random.Random) -> None:
    """Each seat's observation stays the same when the other hands are dealt differently."""
    for seat in range(state.players):
        other = state.clone()
        others = [s for s in range(state.players) if s != seat]
        pool = [c for s in others for c in other.hands[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(other.hands[s])
            other.hands[s], pool = sorted(pool[:size]), pool[size:]
        assert other.observation(seat) == state.observation(seat)
        assert list(state.observation(seat).hand) == state.hands[seat]


def expected_removals(state: Sums, seat: int, played: int) -> set[tuple[int, int]]:
    return {
        (other, int(v))
        for other in range(state.players)
        if other != seat
        for v in removable(played, state.in_play[seat], state.in_play[other])
    }


def check_play(before: Sums, state: Sums, played: int) -> None:
    """A turn's card took exactly what the public ``removable`` says it may take."""
    seat = before.current
    expected = expected_removals(before, seat, played)
    if len(expected) >= 2:
        assert state.phase == CHOOSING and set(state.targets()) == expected
    elif expected:
        (owner, target), = expected
        if state.chain:
            assert state.chain == [(seat, played, owner, target)]
        else:
            assert state.removals == [*before.removals, (seat, owner, target)]
    else:
        assert state.removals == before.removals and not state.chain


def check_counter_choices(state: Sums) -> None:
    attacker, attacking, owner, _ = state.chain[-1]
    hand = state.hands[owner]
    expected = sorted({c for c in hand if removable(c, state.in_play[owner], [attacking])})
    assert state.current == owner and state.legal_actions() == [*expected, LET]


def play_out(
    state: Sums, rng: random.Random, checks: bool = True, limit: int = 3000
) -> list[Sums]:
    """Random legal play to the end; returns a few clones taken on the way."""
    pack = every_card(state)
    snapshots: list[Sums] = []
    n = state.players
    turns = [0] * n  # turns started plus counters played, per seat
    turns[state.turn] += 1
    last_cards = 0
    after_empty = -1  # cards placed since a pile emptied, the emptying turn's own card aside
    while not state.is_over:
        legal = state.legal_actions()
        if checks:
            assert legal == [a for a in range(ACTIONS) if state.is_legal(a)]
            assert every_card(state) == pack
            assert state.current_player >= 0 and legal
            if state.phase == COUNTERING:
                check_counter_choices(state)
            if rng.random() < 0.1:
                check_hidden(state, rng)
            wrong = rng.randrange(ACTIONS)
            if wrong not in legal:
                before = list(state.actions)
                try:
                    state.apply(wrong)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{state.action_str(wrong)} was accepted")
                assert state.actions == before
        if rng.random() < 0.02:
            snapshots.append(state.clone())
        action = rng.choice(legal)
        before_state = state.clone() if checks and action < TAKE else None
        chain = list(state.chain)
        phase, seat, full = state.phase, state.current, all(state.piles)
        state.apply(action)
        if full and not all(state.piles):
            after_empty = 0
        elif after_empty >= 0 and action < TAKE and phase != PLACING:
            after_empty += 1
            assert after_empty == 1, "once a pile is empty, the next card is the last"
            assert state.is_over or state.phase == CHOOSING, "its removal stands, then the end"
        if phase == COUNTERING and action < TAKE:
            turns[seat] += 1
        if phase == LAST:
            last_cards += 1
            assert last_cards == 1, "only one last card"
        if state.phase in STARTS:
            turns[state.turn] += 1
            assert state.skips[state.turn] == 0, "a counter replaces the counterer's next turn"
        if not state.is_over:  # each counter stands for its player's next turn: fair rotation
            passes = [turns[s] - state.skips[s] for s in range(n)]
            assert passes == [(sum(passes) - s + n - 1) // n for s in range(n)]
        if before_state is not None and before_state.phase != COUNTERING:
            check_play(before_state, state, action)
        if action == LET:
            attacker, _, owner, target = chain[-1]
            assert state.removals[-1] == (attacker, owner, target)
        assert len(state.actions) <= limit, "the game does not end"
    assert every_card(state) == pack
    return snapshots


@BOUNDED
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    options=options_st,
    choices=st.integers(0, 10**6),
)
def test_random_play(players: int, seed: int, options: dict[str, Any], choices: int) -> None:
    state = dealt(players, seed, options)
    snapshots = play_out(state, random.Random(choices))
    assert state.is_over and state.legal_actions() == []
    assert not any(state.is_legal(a) for a in range(ACTIONS))
    # Scores are a recount of the table; the winners follow score then cards removed.
    scores = [sums.final_score(p, c) for p, c in zip(state.in_play, state.captured, strict=True)]
    assert state.scores == scores and list(state.results[0].points) == scores
    assert len(state.results) == 1 and state.results[0].moves == len(state.actions)
    keys = [(scores[s], len(state.captured[s])) for s in range(players)]
    assert state.winners == [s for s in range(players) if keys[s] == max(keys)]
    assert sum(len(c) for c in state.captured) == len(state.removals)
    # The game ended with an empty community pile.
    assert not all(state.piles)
    # Replaying the action log gives the same game.
    again = sums.RULES.replay(players, seed, options, state.actions)
    assert isinstance(again, Sums)
    for name in ("hands", "in_play", "captured", "piles", "removals", "results", "skips"):
        assert getattr(again, name) == getattr(state, name), name
    # A clone taken on the way is independent and replays the rest identically.
    for snap in snapshots:
        for action in state.actions[len(snap.actions) :]:
            snap.apply(action)
        assert (snap.in_play, snap.captured, snap.results) == (
            state.in_play, state.captured, state.results
        )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 8))
def test_seed_replays_exactly(seed: int, players: int) -> None:
    a, b = sums.new_game(players, seed), sums.new_game(players, seed)
    play_out(a, random.Random(seed), checks=False)
    for action in a.actions:
        b.apply(action)
    assert (a.in_play, a.captured, a.results) == (b.in_play, b.captured, b.results)


def brute_removable(played: int, own: list[int], opponent: list[int]) -> list[int]:
    """The removal rule of docs/rules.md written out card by card."""
    def colour(c: int) -> bool:
        return c // 13 in (1, 2)

    def value(c: int) -> int:
        return c % 13 + 1

    found: list[int] = []
    for v in opponent:
        if colour(v) != colour(played) or v in found:
            continue
        if value(v) == ACE:
            ok = value(played) == QUEEN
        elif value(v) == KING:
            ok = value(played) == 2
        else:
            ok = any(
                colour(q) == colour(played)
                and value(v) in (value(played) + value(q), abs(value(played) - value(q)))
                for q in own
            )
        if ok:
            found.append(v)
    return found


cards_st = st.lists(st.integers(0, 51), max_size=12)


def codes(played: str, own: str, opponent: str) -> tuple[int, list[int], list[int]]:
    return (
        int(parse_cards(played)[0]),
        [int(c) for c in parse_cards(own)],
        [int(c) for c in parse_cards(opponent)],
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 51), cards_st, cards_st)
@example(*codes("QH", "", "AH AD KC AS 6D"))
@example(*codes("2C", "8S", "KS KH KC 10C 6S"))
def test_removable_is_the_rule_and_explain_agrees(
    played: int, own: list[int], opponent: list[int]
) -> None:
    found = removable(played, own, opponent)
    assert [int(c) for c in found] == brute_removable(played, own, opponent)
    for v in set(opponent):
        reason = capture(played, own, v)
        assert (reason is not None) == (v in found)
        if reason is not None and reason.helper is not None:
            assert reason.helper in own and reason.target == v and reason.played == played
