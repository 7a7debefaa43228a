"""Samba's own figures: who went out, and the canastas (pure, mixed), sambas and red 3s of
each player's side, as each hand's result was entered (per side: each of its players gets
them)."""

from __future__ import annotations

from collections.abc import Sequence

from app.figures import Figures
from models.match import Event, Setup
from models.tables.samba import SambaTable

KEYS = ("hands", "went_out", "pure", "mixed", "sambas", "red_threes")


def tallies(setup: Setup, events: Sequence[Event]) -> list[dict[str, int]]:
    """Each seat's figures over the closed hands (deleted ones left out)."""
    table = SambaTable(setup)
    for e in events:
        table.apply(e)
    seats = [dict.fromkeys(KEYS, 0) for _ in setup.players]
    for h in table.history:
        for seat, tally in enumerate(seats):
            r = h.results[table.side_of[seat]]
            tally["hands"] += 1
            if r is not None:
                tally["pure"] += r.pure
                tally["mixed"] += r.mixed
                tally["sambas"] += r.sambas
                tally["red_threes"] += r.red_threes
        if h.out >= 0:
            seats[h.out]["went_out"] += 1
    return seats


FIGURES = Figures(KEYS, tallies)
