"""The home screen's controller: the unfinished matches and games (resume, abandon, delete),
the damaged files found, and the way to every other screen (``views/home.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app import device, matches, records
from app.confirm import ask
from app.history import confirm_delete
from views.home import Unfinished, home_view

if TYPE_CHECKING:
    from app.window import Window


class HomeScreen:
    """Home, drawn from storage and the settings."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell

    def view(self) -> ft.View:
        shell, t = self.shell, self.shell.t
        return home_view(
            t, unfinished=records.unfinished_lines(shell.store, shell.settings.plays(), t),
            problems=[records.problem_text(p, t) for p in shell.store.problems],
            on_dismiss=self._dismiss,
            on_open=shell.go,
            on_new=shell.new_match,
            on_play=shell.new_play,
            on_lab=lambda: shell.go("/lab"),
            on_history=lambda: shell.go("/history"),
            on_players=lambda: shell.go("/players"),
            on_rules=lambda: shell.go("/rules"),
            on_settings=lambda: shell.go("/settings"),
            on_import=lambda: shell.go("/import"),
            on_abandon=self.confirm_abandon,
            on_delete=self.confirm_remove,
        )

    def confirm_abandon(self, resume: Unfinished) -> None:
        """Leave a match at the table unfinished: off home, kept in History (asked first)."""
        shell, match_id = self.shell, resume.key

        def abandon() -> None:
            matches.abandon(shell.store, match_id)
            shell.forget(match_id)
            shell.announce(match_id)  # other windows' home and history

        ask(shell, shell.t("home.abandon_title"),
                  shell.t("home.abandon_text", title=resume.title, players=resume.players),
                  shell.t("home.abandon"), abandon)

    def confirm_remove(self, resume: Unfinished) -> None:
        """Delete an unfinished match (as History does) or game on the device (asked first)."""
        shell = self.shell
        if not resume.on_device:
            return confirm_delete(shell, resume.key)
        key = resume.key

        def delete() -> None:
            device.drop(shell.store, shell.settings, key)
            if shell.play is not None and shell.play.key == key:
                shell.play.close()
                shell.play = None

        return ask(shell, shell.t("home.delete_play_title"),
                         shell.t("home.delete_play_text", title=resume.title,
                                 players=resume.players),
                         shell.t("common.delete"), delete)

    def _dismiss(self, index: int) -> None:
        problems = self.shell.store.problems
        if 0 <= index < len(problems):
            del problems[index]
        self.shell.render()
