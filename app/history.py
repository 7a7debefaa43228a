"""The history screen's controller: every match kept, to open or delete (``views/history.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app import matches, records
from app.confirm import ask
from views.history import history_view

if TYPE_CHECKING:
    from app.window import Window


class HistoryScreen:
    """The history, drawn from the store's index."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell

    def view(self) -> ft.View:
        shell = self.shell
        return history_view(
            shell.t, records.history_lines(shell.store, shell.t),
            on_open=shell.go,
            on_delete=lambda match_id: confirm_delete(shell, match_id),
            on_back=lambda: shell.go("/"),
        )


def confirm_delete(shell: Window, match_id: str) -> None:
    """Delete a match, from History or home (asked first); one already gone asks nothing."""
    line = next((x for x in records.history_lines(shell.store, shell.t) if x.id == match_id),
                None)
    if line is None:
        return

    def delete() -> None:
        matches.delete(shell.store, match_id)
        shell.forget(match_id)
        shell.announce(match_id)

    ask(shell, shell.t("history.confirm_title"),
              shell.t("history.confirm_text", title=line.title, players=line.players),
              shell.t("common.delete"), delete)
