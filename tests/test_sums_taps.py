"""Taps per game of Sums at the table, before and after the counter stopped holding play up.

Seeded random games on the engine are refereed through the table, every engine move
recorded as the taps a person makes. Before, the table asked the owner after every attack a
counter was possible on (from the cards seen): one tap, "no counter" or the counter card.
Now play goes on: a counter takes two taps (the owner's "counters" button, then the card),
and only an attack whose settling would end the game is still asked at once (one tap).
``pytest -s`` prints the figures."""

from __future__ import annotations

import random
import statistics

from models.cards import card
from models.games import sums
from models.games.sums import COUNTERING
from models.match import Match, Play
from models.tables.sums import COUNTER, Counter, FaceUp, Let, SumsTable
from tests.test_agree_sums import event_of


def taps(players: int, seed: int) -> tuple[int, int]:
    """(taps before, taps now) of one seeded game of ``players``."""
    state = sums.new_game(players, seed)
    rng = random.Random(seed)
    m = Match.new([f"P{i}" for i in range(players)], "sums")
    t = m.table
    assert isinstance(t, SumsTable)
    for seat in range(players):
        m.record(FaceUp(seat, card(state.in_play[seat][0])))
    before = now = players  # the deal's face-up cards
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        event = event_of(state, action)
        recorded = True
        if state.phase == COUNTERING:
            before += 1  # the old question's answer
            if t.phase == COUNTER:  # asked at once now too
                m.record(event)
                now += 1
            elif isinstance(event, Counter):
                m.record(event)
                now += 2  # "Bea counters", then the card
            else:
                recorded = False  # play goes on: nothing to tap
        else:
            if t.phase == COUNTER:  # asked at once, and the owner has no counter
                m.record(Let(t.current))
                before, now = before + 1, now + 1
            if isinstance(event, Play) and t.counter_play(event):
                m.record(Let(t.current))  # the app records it with the owner's own card
            m.record(event)
            before, now = before + 1, now + 1
        state.apply(action)
        if recorded and t.window is not None and state.phase != COUNTERING:
            before += 1  # the owner, who holds no counter, was asked and said "no counter"
    return before, now


def test_a_game_takes_fewer_taps_now() -> None:
    lines = []
    for players in (2, 3, 4):
        games = [taps(players, seed) for seed in range(40)]
        before = statistics.mean(b for b, _ in games)
        now = statistics.mean(n for _, n in games)
        lines.append(f"{players} players: {before:.1f} taps a game before, {now:.1f} now "
                     f"({before - now:.1f} fewer)")
        assert now < before - 5
    print("\nSums taps per game (40 seeded games each):\n  " + "\n  ".join(lines))
