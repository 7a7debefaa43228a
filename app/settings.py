"""The settings screen's controller: language, theme, the card table's pace and haptics, with
the back-up's and the live scoreboard's sections (``views/settings.py``). Each change goes
through the settings service (:mod:`app.preferences`); one that cannot be saved is said, and
the screen shows the settings as they are on disk."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import LANGUAGES, not_saved
from views.settings import play_section, settings_view

if TYPE_CHECKING:
    from app.backup_taps import BackupTaps
    from app.window import Window

STYLE = ("language", "theme")  # settings that change every screen of the stack
THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
               "dark": ft.ThemeMode.DARK}


class SettingsScreen:
    """The settings screen, drawn from the settings as saved; ``live`` draws the live
    scoreboard's section (the sharing screens')."""

    def __init__(self, shell: Window, live: Callable[[], ft.Control]) -> None:
        self.shell = shell
        self.live = live

    @functools.cached_property
    def backups(self) -> BackupTaps:
        """Back up and restore, loaded when first shown."""
        from app.backup_taps import BackupTaps

        return BackupTaps(self.shell)

    def view(self) -> ft.View:
        shell, t, values = self.shell, self.shell.t, self.shell.settings
        return settings_view(
            t,
            play=play_section(t, speed=str(values.get("speed", "normal")),
                              haptics=bool(values.get("haptics", True)),
                              reduced=shell.hardware.reduce_motion,
                              on_speed=lambda value: self.change("speed", value),
                              on_haptics=lambda on: self.change("haptics", on)),
            language=values.get("language", "system"),
            languages=LANGUAGES,
            theme=values.get("theme", "system"),
            data_dir=str(shell.store.root),
            on_language=lambda value: self.change("language", value),
            on_theme=lambda value: self.change("theme", value),
            on_back=lambda: shell.go("/"),
            backup=self.backups.section(),
            extra=[self.live()],
        )

    def change(self, key: str, value: object) -> None:
        """Save one setting, then show it; a write that fails is said, and every screen
        shows the settings as they are on disk."""
        shell = self.shell
        try:
            shell.settings.change({key: value})
        except OSError as error:
            shell.restyle()
            shell.render()
            shell.toast(shell.t("settings.not_saved", why=not_saved(shell.t, error)))
            return
        if key in STYLE:
            shell.restyle()
            shell.render()
        else:
            shell.refresh()
