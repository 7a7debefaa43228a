"""Each game's own figures on the Players screen, counted per seat of a match played at the
table from its events (one module per game): what a figure is called (``stats.fig.<key>``,
the first key being what the others are out of) and how a match's seats did."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from models.match import Event, Setup

Counts = dict[str, int]


@dataclass(frozen=True)
class Figures:
    """A game's figures: their keys, in the order shown (an ``_avg`` key is the average of
    ``<name>_sum`` over ``<name>``), and the tally of each seat of a match."""

    keys: tuple[str, ...]
    tallies: Callable[[Setup, Sequence[Event]], list[Counts]]
