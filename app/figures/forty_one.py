"""41's own figures: hands stopped, hands held at 41, hands won and the score they were won
with."""

from __future__ import annotations

from collections.abc import Sequence

from app.figures import Figures
from models.match import Event, Setup
from models.tables.forty_one import FortyOneTable

KEYS = ("hands", "stops", "fortyones", "won", "won_avg")


def tallies(setup: Setup, events: Sequence[Event]) -> list[dict[str, int]]:
    """Each seat's figures over the closed hands (deleted ones left out)."""
    table = FortyOneTable(setup)
    for e in events:
        table.apply(e)
    seats = [{**dict.fromkeys(KEYS[:-1], 0), "won_sum": 0} for _ in setup.players]
    for d in table.history:
        for seat, points in enumerate(d.points):
            seats[seat]["hands"] += 1
            seats[seat]["fortyones"] += points == 41
        if d.how == "stop" and d.ender >= 0:
            seats[d.ender]["stops"] += 1
        if d.winner >= 0:
            seats[d.winner]["won"] += 1
            seats[d.winner]["won_sum"] += d.points[d.winner]
    return seats


FIGURES = Figures(KEYS, tallies)
