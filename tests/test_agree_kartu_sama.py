"""The Kartu Sama engine and table follow one set of rules: random engine games, with their
options varied, are recorded at the table as a person would (the engine knows every card, so
the hands are known when a round ends), and at every step both agree on whose turn it is, the
hand counts, the draw and discard piles, the card to match, the joker debt, the draw due, the
dealer, the totals, the round wins and the winners."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings

from models.cards import card
from models.games.kartu_sama import DRAW, JOKER_CODE, PASS, KartuSama, Options
from models.match import Close, Event, Hand, Match, Out, Play, Start
from models.tables.kartu_sama import Draw as DrawEvent
from models.tables.kartu_sama import Fail, Joker, KartuSamaTable, Pay
from tests.test_kartu_sama_props import games

AGREE = settings(max_examples=200, deadline=None)


class Watched(KartuSama):
    """The engine, keeping the hands as they are when each round ends (before the next
    deal replaces them)."""

    __slots__ = ("ended",)

    def _end_round(self, end: str) -> None:
        self.ended.append([h[:] for h in self.hands])
        super()._end_round(end)


def watched(players: int, seed: int, options: dict[str, Any]) -> Watched:
    state = Watched.__new__(Watched)
    state.ended = []
    Watched.__init__(state, players, seed, Options(**options))
    return state


def events_of(state: Watched, action: int) -> list[Event]:
    """What a person records at the table for ``action`` of the player to act (apply it
    first: a draw's count is what was taken)."""
    seat = state.current
    if action == PASS:
        return []  # kept the cards just drawn: the table has already passed the turn
    if action == DRAW:
        return []  # recorded once applied, with the count taken
    hand = state.hands[seat]
    if len(hand) == 1:
        return [Out(seat, card(action))]
    if action == JOKER_CODE:
        return [Joker(seat)]
    if state.debt:
        return [Pay(seat, card(action))]
    return [Play(seat, card(action))]


def agree(state: Watched, table: KartuSamaTable) -> None:
    """Both sides say the same of the round in play and of the match."""
    assert table.over == state.over
    assert table.totals == state.totals
    assert table.wins == state.wins
    if state.over:
        assert table.winners == state.winners
        return
    r = table.round
    assert r is not None
    assert table.dealer == state.dealer
    assert r.counts == [len(h) for h in state.hands]
    assert r.pile == len(state.pile)
    assert r.discard == len(state.discard)
    assert r.base == state.base
    assert r.debt == state.debt
    if state.drawn:  # the drawer may still play a drawn card; the table passed the turn
        assert r.extra == state.current
        assert table.turn == (state.current + 1) % state.players
        return
    assert table.turn == state.current
    plan = table.must_draw()
    assert plan is not None
    assert (plan.count, plan.why) == state.draw_count()


def close_round(match: Match, state: Watched) -> None:
    """Record the hands of the round that just ended, close it, and compare its score."""
    hands = state.ended[-1]
    for seat in match.table.round.missing:
        match.record(Hand(seat, [card(c) for c in hands[seat]]))
    match.record(Close())
    closed = match.table.history[-1]
    result = state.results[-1]
    assert closed.points == result.points
    assert tuple(closed.winners) == result.winners


def start_round(match: Match, state: Watched) -> None:
    match.record(Start(card=card(state.discard[0])))


@AGREE
@given(games())
def test_table_agrees_with_engine(game: tuple[int, int, dict[str, Any]]) -> None:
    players, seed, options = game
    state = watched(players, seed, options)
    match = Match.new([f"P{i}" for i in range(players)], "kartu_sama", options)
    rng = random.Random(seed)
    start_round(match, state)
    agree(state, match.table)
    moves = 0
    while not state.over and moves < 3000:
        action = rng.choice(state.legal_actions())
        seat = state.current
        events = events_of(state, action)
        rounds = len(state.results)
        state.apply(action)
        moves += 1
        if action == DRAW:
            taken = state.last_draw[1] if state.last_draw else 0
            debt = match.table.round.debt
            events = [(Fail if debt else DrawEvent)(seat, taken)]
        for event in events:
            match.record(event)
        if len(state.results) > rounds:
            close_round(match, state)
            if not state.over:
                start_round(match, state)
        agree(state, match.table)
