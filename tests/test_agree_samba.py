"""Samba: the table (play at a real table) and the engine (play on the device) agree on random
engine games, each hand recorded as a person does at the table: the canastas and sambas as they
are made, who went out or that the stock ran out, each side's counts, the close."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from models.games import samba
from models.games.samba import Samba, may_go_out
from models.games.samba_melds import meld_kind
from models.match import Close, Event, Match, Out, Start
from models.tables.samba import Canasta, SambaMade, SambaTable, StockOut, tally

MAX_HANDS = 3  # random play rarely reaches a target: the hands after these are not played

options_st = st.fixed_dictionaries(
    {
        "top_minimum": st.sampled_from([150, 160]),
        "first_dealer": st.integers(0, 3),
    }
).flatmap(
    lambda base: st.sampled_from(
        [{**base, "hands": 1}, {**base, "hands": 2}, {**base, "target": 1},
         {**base, "target": 300}]
    )
)


class Watched(Samba):
    """The engine, keeping each hand as it ends (its melds and the cards left in hand)."""

    __slots__ = ("ended",)

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.ended: list[tuple[int, list[list[list[int]]], list[list[list[int]]]]] = []
        super().__init__(players, seed, samba.RULES.options(options))

    def _end_hand(self, out: int) -> None:
        melds = [self.melds(side) for side in range(self.nsides)]
        hands = [[list(self.hands[s]) for s in range(self.players) if self.side[s] == side]
                 for side in range(self.nsides)]
        self.ended.append((out, melds, hands))
        super()._end_hand(out)


def made(melds: list[list[int]]) -> tuple[int, int]:
    """(canastas, sambas) among a side's melds."""
    kinds = [meld_kind(m) for m in melds]
    return kinds.count("pure_canasta") + kinds.count("mixed_canasta"), kinds.count("samba")


def tap(m: Match, tapped: list[tuple[int, int]], now: list[tuple[int, int]]) -> None:
    """The canastas and sambas made since the last taps, tapped."""
    for side, ((canastas, sambas), (c0, s0)) in enumerate(zip(now, tapped, strict=True)):
        events: list[Event] = [Canasta(side)] * (canastas - c0) + [SambaMade(side)] * (sambas - s0)
        for event in events:
            m.record(event)
        tapped[side] = (canastas, sambas)


def agree_between_hands(state: Samba, t: SambaTable) -> None:
    assert t.totals == state.side_totals
    assert t.over == state.is_over
    if state.is_over:
        assert sorted(p for s in t.winners for p in t.members[s]) == state.winners
    else:
        assert t.dealer == state.dealer
        assert [t.minimum(s) for s in range(t.sides)] == [
            samba.initial_meld_minimum(total, state.options.top_minimum)
            for total in state.side_totals
        ]


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([4, 6]), seed=st.integers(0, 10**6), options=options_st,
       choices=st.integers(0, 10**6))
def test_the_table_agrees_with_the_engine_hand_by_hand(
    players: int, seed: int, options: dict[str, Any], choices: int
) -> None:
    state = Watched(players, seed, options)
    rng = random.Random(choices)
    m = Match.new([f"P{i}" for i in range(players)], "samba", options)
    t = m.table
    assert isinstance(t, SambaTable) and t.sides == state.nsides
    agree_between_hands(state, t)
    m.record(Start())
    tapped = [(0, 0)] * state.nsides
    while not state.is_over and len(state.results) < MAX_HANDS:
        seat, hands = state.current, len(state.results)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.results) > hands:  # the hand ended: the next one is dealt already
            out, melds, held = state.ended[-1]
            tap(m, tapped, [made(ms) for ms in melds])
            assert [t.may_go_out(s) for s in range(t.sides)] == [
                may_go_out(sum(made(ms))) for ms in melds]
            m.record(Out(out) if out >= 0 else StockOut())
            for side in range(state.nsides):
                canastas = [meld_kind(ms) for ms in melds[side]]
                m.record(tally(side, [c for ms in melds[side] for c in ms], held[side],
                               pure=canastas.count("pure_canasta"),
                               mixed=canastas.count("mixed_canasta"),
                               sambas=canastas.count("samba")))
            m.record(Close())
            h = t.history[-1]
            assert h.points == tuple(b.total for b in state.breakdowns[-1])
            assert list(h.parts) == state.breakdowns[-1]
            agree_between_hands(state, t)
            tapped = [(0, 0)] * state.nsides
            if not state.is_over:
                m.record(Start())
        elif state.current != seat:  # a turn ended: what it made is on the table
            tap(m, tapped, [made(state.melds(s)) for s in range(state.nsides)])
            assert [t.may_go_out(s) for s in range(t.sides)] == [
                may_go_out(b) for b in state.big]
