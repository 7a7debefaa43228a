"""Sums: the table (play at a real table) and the engine (play on the device) agree at every
step of random engine games, each engine action recorded as the event a person taps.

The table does not hold play up for a counter: it settles an attack at once and leaves the
owner a window to counter. While the engine waits for the owner's answer, the table is
compared with the engine as it is once the owner lets the attack go."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from models.cards import card
from models.errors import SetupError
from models.games import sums
from models.games.sums import COUNTERING, DRAW, LET, STOP, TAKE, TARGET, Sums
from models.match import Event, Match, Play
from models.tables.sums import (
    COUNTER,
    Counter,
    DrawPile,
    FaceUp,
    Let,
    Remove,
    Stop,
    SumsTable,
    TakeBack,
)

options_st = st.fixed_dictionaries(
    {
        "packs": st.sampled_from([0, 0, 1, 2]),
        "piles": st.integers(2, 4),
        "hand_size": st.sampled_from([0, 0, 1, 2, 4, 6]),
    }
).flatmap(
    lambda base: st.sampled_from(
        [base, {**base, "take_back": True}, {**base, "draw_or_play": True}]
    )
)


def event_of(state: Sums, action: int) -> Event:
    """The event a person records at the table for the engine's ``action``."""
    p = state.current_player
    if action < TAKE:
        return Counter(p, card(action)) if state.phase == COUNTERING else Play(p, card(action))
    if action < DRAW:
        return TakeBack(p, card(action - TAKE))
    if action < LET:
        return DrawPile(p, action - DRAW)
    if action == LET:
        return Let(p)
    if action == STOP:
        return Stop(p)
    owner, code = divmod(action - TARGET, 52)
    return Remove(p, owner, card(code))


def agree(state: Sums, t: SumsTable) -> None:
    assert t.over == state.is_over
    assert (t.phase, t.turn, t.final) == (state.phase, state.turn, state.final)
    assert t.current == state.current or t.over
    assert t.hands == [len(h) for h in state.hands]
    assert t.piles == [len(p) for p in state.piles]
    assert t.in_play == state.in_play and t.captured == state.captured
    assert t.removals == state.removals and t.skips == state.skips
    assert t.scores() == state.scores
    assert [(a.attacker, a.played, a.owner, a.target) for a in t.chain] == state.chain
    assert t.winners == state.winners


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    options=options_st,
    choices=st.integers(0, 10**6),
)
def test_the_table_agrees_with_the_engine_at_every_step(
    players: int, seed: int, options: dict[str, Any], choices: int
) -> None:
    try:
        state = sums.new_game(players, seed, options)
    except SetupError:
        reject()
    rng = random.Random(choices)
    m = Match.new([f"P{i}" for i in range(players)], "sums", options)
    t = m.table
    assert isinstance(t, SumsTable)
    for seat in range(players):
        m.record(FaceUp(seat, card(state.in_play[seat][0])))
    agree(state, t)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        event = event_of(state, action)
        if isinstance(event, Play) and t.window is not None and t.window.attack.owner == t.current:
            m.record(Let(t.current))  # the app says "no counter" before the owner's own card
        if action != LET or t.phase == COUNTER:
            m.record(event)
        elif rng.random() < 0.2:  # "no counter" said while play goes on changes nothing
            m.record(Let(state.current_player))
        state.apply(action)
        # The table cannot see the hands: it asks for a counter (at once when settling would
        # end the game) whenever an unseen card could counter, the engine only when the
        # owner holds one. That owner says "no counter".
        if t.phase == COUNTER and state.phase != COUNTERING:
            a = t.attack
            assert a is not None and (a.attacker, a.owner, a.target) == state.removals[-1]
            m.record(Let(t.current))
        if state.phase == COUNTERING and t.phase != COUNTER:
            a = t.counterable  # the window is open, on the engine's attack
            assert a is not None and t.window is not None
            assert (a.attacker, a.played, a.owner, a.target) == state.chain[-1]
            assert card(state.choices[0]) in [x.played for x in t.counters()]
            settled = state.clone()
            settled.apply(LET)
            agree(settled, t)
        else:
            assert t.window is None or (t.window.attack.attacker, t.window.attack.owner,
                                        t.window.attack.target) == state.removals[-1]
            agree(state, t)
    assert t.winners == state.winners and t.standings()[0].seats == tuple(state.winners)
