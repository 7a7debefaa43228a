"""Settings: language, theme, and the backup of the whole history."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from views.common import Handler, Tr, big_button, message, screen, section

THEMES = ("system", "light", "dark")


def settings_view(
    t: Tr,
    *,
    language: str,
    languages: Mapping[str, str],
    theme: str,
    data_dir: str,
    on_language: Callable[[str], None],
    on_theme: Callable[[str], None],
    on_back: Handler,
    backup: ft.Control | None = None,
    extra: Sequence[ft.Control] = (),
    play: ft.Control | None = None,
) -> ft.View:
    lang_choices = {"system": t("settings.system"), **languages}
    language_picker = ft.RadioGroup(
        ft.Column([ft.Radio(value=k, label=v, key=f"lang-{k}") for k, v in lang_choices.items()]),
        value=language, key="language",
        on_change=lambda e: on_language(e.control.value),
    )
    theme_picker = ft.RadioGroup(
        ft.Column([ft.Radio(value=k, label=t(f"settings.theme.{k}"), key=f"theme-{k}")
                   for k in THEMES]),
        value=theme, key="theme",
        on_change=lambda e: on_theme(e.control.value),
    )
    return screen(
        "/settings",
        t("settings.title"),
        [
            section(t("settings.language"), language_picker),
            section(t("settings.theme"), theme_picker),
            *([play] if play is not None else []),
            *([backup] if backup is not None else []),
            section(t("settings.data"), ft.Text(data_dir, selectable=True, key="data-dir")),
            *extra,
        ],
        on_back=on_back,
        back_label=t("common.back"),
    )


SPEEDS = ("slow", "normal", "fast", "instant")


def play_section(t: Tr, *, speed: str, haptics: bool, reduced: bool,
                 on_speed: Callable[[str], None], on_haptics: Callable[[bool], None]
                 ) -> ft.Control:
    """Playing on the device: how fast cards travel, and a light vibration on a card
    played."""
    picker = ft.RadioGroup(
        ft.Column([ft.Radio(value=k, label=t(f"settings.speed.{k}"), key=f"speed-{k}")
                   for k in SPEEDS]),
        value=speed if speed in SPEEDS else "normal", key="speed",
        on_change=lambda e: on_speed(e.control.value))
    rows: list[ft.Control] = [ft.Text(t("settings.speed"), weight=ft.FontWeight.W_500), picker]
    if reduced:
        rows.append(ft.Text(t("settings.speed.reduced"), key="speed-reduced",
                            color=ft.Colors.ON_SURFACE_VARIANT))
    rows.append(ft.Switch(label=t("settings.haptics"), value=haptics, key="haptics",
                          on_change=lambda e: on_haptics(bool(e.control.value))))
    return section(t("settings.play"), *rows, key="play-section")


def backup_section(
    t: Tr,
    *,
    busy: bool,
    note: str,
    progress: str = "",
    error: str,
    on_backup: Handler,
    on_restore: Handler,
) -> ft.Control:
    """Back up every match to one file, restore from one; what the last one did below."""
    rows: list[ft.Control] = [
        ft.Text(t("backup.help"), key="backup-help", color=ft.Colors.ON_SURFACE_VARIANT),
        big_button(t("backup.make"), None if busy else on_backup, key="backup",
                   icon=ft.Icons.SAVE_ALT),
        big_button(t("backup.restore"), None if busy else on_restore, key="restore",
                   icon=ft.Icons.RESTORE, primary=False),
    ]
    if busy:
        rows.append(ft.Row([ft.ProgressRing(width=20, height=20),
                            ft.Text(progress or t("backup.working"))], key="backup-busy"))
    if note:
        rows.append(message(note, key="backup-note"))
    if error:
        rows.append(message(error, key="backup-error", error=True))
    return section(t("settings.backup"), *rows, key="backup-section")
