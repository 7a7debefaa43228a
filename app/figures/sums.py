"""Sums' own figures: opponents' cards removed, own cards lost, counters played."""

from __future__ import annotations

from collections.abc import Sequence

from app.figures import Figures
from models.match import Event, Setup
from models.tables.sums import Counter, SumsTable

KEYS = ("games", "removed", "lost", "counters")


def tallies(setup: Setup, events: Sequence[Event]) -> list[dict[str, int]]:
    """Each seat's figures: the removals that stand once the counters are settled."""
    table = SumsTable(setup)
    seats = [{**dict.fromkeys(KEYS, 0), "games": 1} for _ in setup.players]
    for e in events:
        if isinstance(e, Counter):
            seats[e.player]["counters"] += 1
        table.apply(e)
    for remover, owner, _card in table.removals:
        seats[remover]["removed"] += 1
        seats[owner]["lost"] += 1
    return seats


FIGURES = Figures(KEYS, tallies)
