"""The rules screen's controller: each game's rules as Meja plays them, with the house options
of the match in progress (``views/rules.py``; the documents are in ``app/rules/``, whence
this module's name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app import records
from app.games import ENTRIES
from app.i18n import game_title
from models.registry import first
from views.rules import rules_view

if TYPE_CHECKING:
    from app.window import Window


class RulesScreen:
    """The rules of the game picked."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.game = first()

    def view(self) -> ft.View:
        shell, t, game = self.shell, self.shell.t, self.game
        return rules_view(
            t,
            games=[(k, game_title(t, k)) for k in ENTRIES],
            game=game,
            text=rules_text(game, t.language),
            in_force=records.options_in_force(shell.store, game, t),
            on_game=self._pick,
            on_back=lambda: shell.go("/"),
        )

    def _pick(self, game: str) -> None:
        self.game = game
        self.shell.refresh()


def rules_text(game: str, language: str) -> str:
    """The rules document of ``game`` in ``language`` (English when not translated)."""
    entry = ENTRIES[game]
    return entry.rules_document(language) or entry.rules_document("en")
