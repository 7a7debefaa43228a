"""Kartu Sama's own figures: who went out, jokers played, joker debts not paid, and draws
made while holding a single card (players + 1 drawn)."""

from __future__ import annotations

from collections.abc import Sequence

from app.figures import Figures
from models.match import Event, Setup
from models.tables.kartu_sama import Draw, Fail, Joker, KartuSamaTable

KEYS = ("rounds", "went_out", "jokers", "failed", "one_card")


def tallies(setup: Setup, events: Sequence[Event]) -> list[dict[str, int]]:
    """Each seat's figures over the events (checked when recorded, replayed here)."""
    table = KartuSamaTable(setup)
    seats = [dict.fromkeys(KEYS, 0) for _ in setup.players]
    for e in events:
        r = table.round
        if isinstance(e, Joker):
            seats[e.player]["jokers"] += 1
        elif isinstance(e, Fail):
            seats[e.player]["failed"] += 1
        elif (isinstance(e, Draw) and r is not None and r.tracked
              and r.counts[e.player] == 1):
            seats[e.player]["one_card"] += 1
        table.apply(e)
    for r in table.history:  # deleted rounds left out
        for tally in seats:
            tally["rounds"] += 1
        # who played their last card: tapped as it happened, or an empty hand entered
        out = [r.out] if r.out >= 0 else [s for s, h in enumerate(r.hands) if h == ()]
        for seat in out:
            seats[seat]["went_out"] += 1
    return seats


FIGURES = Figures(KEYS, tallies)
