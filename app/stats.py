"""The players screen's controller: each game's statistics and figures, and the players to
open one by one (``views/stats.py``; a player's sheet: :mod:`app.person`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import flet as ft

from app import records
from app.games import ENTRIES
from app.i18n import Translator, game_title
from app.person import PersonSheet
from models.people import PALETTE
from models.registry import GAMES, first
from views.stats import GameFigures, stats_view

if TYPE_CHECKING:
    from app.window import Window


class StatsScreen:
    """The players screen, on the game picked."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.game = first()
        self.sheet = PersonSheet(shell)

    def view(self) -> ft.View:
        shell, t, game = self.shell, self.shell.t, self.game
        people = records.people(shell.store)
        return stats_view(
            t,
            games=[(k, game_title(t, k)) for k in ENTRIES],
            game=game,
            rows=records.player_stats(shell.store, game),
            lower_is_better=GAMES[game].lower_is_better,
            on_game=self._pick,
            on_back=lambda: shell.go("/"),
            people=[(n, PALETTE[people.colour(n)]) for n in shell.store.players()
                    if not people.is_gone(n)],
            on_person=self.sheet.open,
            figures=worded(t, records.game_figures(shell.store, game)),
        )

    def _pick(self, game: str) -> None:
        self.game = game
        self.shell.refresh()


def worded(t: Translator, figures: GameFigures) -> GameFigures:
    """``figures`` with their words: the game's note and each figure's name (``stats.fig.<key>``),
    a game without them showing the keys themselves."""
    note = f"stats.figures_note.{figures.game}"
    return dataclasses.replace(
        figures, note=t(note) if t.has(note) else "",
        names=tuple(t(f"stats.fig.{k}") if t.has(f"stats.fig.{k}") else k for k in figures.keys))
