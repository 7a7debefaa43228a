"""The 41 engine and table follow one set of rules: random engine matches, with their options
varied, are recorded at the table as a person would (a turn once its discard is made; the
engine knows every card, so the hands are known when a hand ends), and at every step both
agree on whose turn it is, the stock, the dealer and the first player, each hand's scores and
order, the tallies, totals and the winners."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from models.cards import card
from models.games.forty_one import DRAW, END, STOP, TAKE, FortyOne, Options, is_41
from models.match import Close, Event, Hand, Match, Start
from models.tables.forty_one import (
    DrawStock,
    Finish,
    FortyOneTable,
    Show41,
    StockOut,
    Stop,
    TakeDiscard,
)
from tests.test_forty_one_props import Setup, games

AGREE = settings(max_examples=150, deadline=None)


def agree(state: FortyOne, table: FortyOneTable, drawn: bool) -> None:
    """Both sides say the same of the hand in play (``drawn``: the player to act took the top
    of the stock, a turn the table records once the discard is made) and of the match."""
    assert table.wins == state.wins
    assert table.losses == state.losses
    assert table.totals == state.totals
    if state.over:
        assert table.over
        assert table.winners == state.winners
        return
    d = table.deal
    assert d is not None
    assert table.turn == state.current
    assert table.dealer == state.dealer
    assert table.first == state.first
    assert d.stock == len(state.stock) + drawn


def ender_at_deal(state: FortyOne, hand: int) -> int:
    """Who shows 41 right after the deal: the first holder in turn order from the first
    player (the engine checks every seat in that order)."""
    first, n = state.results[hand].first, state.players
    shown = state.shown[hand]
    return next(s for s in ((first + i) % n for i in range(n)) if is_41(list(shown[s])))


def close_hands(match: Match, state: FortyOne, done: int, actor: int) -> int:
    """Record every hand the engine ended since ``done`` (a 41 after a deal may end the next
    hand at once), and start the next; the number of hands now recorded."""
    for hand in range(done, len(state.results)):
        end = state.results[hand].end
        if end == "stop":
            match.record(Stop(actor))
        elif end == "stock":
            match.record(StockOut(actor))
        elif match.table.deal.moves:
            match.record(Show41(actor))  # 41 after the discard just made
        else:
            match.record(Show41(ender_at_deal(state, hand)))
        for seat, cards in enumerate(state.shown[hand]):
            match.record(Hand(seat, [card(c) for c in cards]))
        match.record(Close())
        closed = match.table.deals[-1]
        assert closed.points == state.results[hand].points
        assert closed.order == state.rankings[hand]
        if hand + 1 < state.options.hands:
            match.record(Start())
    if state.over:
        match.record(Finish())
    return len(state.results)


@AGREE
@given(games())
def test_table_agrees_with_engine(game: Setup) -> None:
    play_both(game)


# Random play rarely holds 41: matches where someone does, right after a deal or a discard.
SHOWS = [(5, 3013), (5, 3146), (3, 3522), (8, 146), (2, 161), (5, 248)]


@pytest.mark.parametrize(("players", "seed"), SHOWS)
def test_shown_41_agrees(players: int, seed: int) -> None:
    options = Options(hands=3, instant_41=True)
    state = FortyOne(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    assert "41" in [r.end for r in state.results]
    play_both((players, seed, {"hands": 3, "instant_41": True}, seed))


def play_both(game: Setup) -> None:
    """Play one random engine match and record it at the table, comparing at every step."""
    players, seed, options, choices = game
    state = FortyOne(players, seed, Options(**options))  # type: ignore[arg-type]
    match = Match.new([f"P{i}" for i in range(players)], "forty_one", options)
    match.record(Start())
    done = close_hands(match, state, 0, -1)
    rng = random.Random(choices)
    took: Event | None = None
    moves = 0
    while not state.over and moves < 5000:
        agree(state, match.table, isinstance(took, DrawStock))
        seat = state.current
        action = rng.choice(state.legal_actions())
        state.apply(action)
        moves += 1
        if action == DRAW:
            took = DrawStock(seat)
        elif action == TAKE:
            took = TakeDiscard(seat)
        elif action not in (STOP, END):
            assert took is not None
            match.record(took)
            took = None
        done = close_hands(match, state, done, seat)
    agree(state, match.table, False)
