"""Settings: language and theme."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from views.common import Handler, Tr, screen, section

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
    extra: Sequence[ft.Control] = (),
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
            section(t("settings.data"), ft.Text(data_dir, selectable=True, key="data-dir")),
            *extra,
        ],
        on_back=on_back,
        back_label=t("common.back"),
    )
