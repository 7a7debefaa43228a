"""Rules: the rules of a game as Meja plays them, with the house options in force."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from views.common import Handler, Tr, choices, screen, section


def rules_view(
    t: Tr,
    *,
    games: Sequence[tuple[str, str]],
    game: str,
    text: str,
    in_force: Sequence[str],
    on_game: Callable[[str], None],
    on_back: Handler,
) -> ft.View:
    controls: list[ft.Control] = []
    if len(games) > 1:
        controls.append(choices(games, game, on_game, key="rules-game"))
    if in_force:
        controls.append(section(t("rules.in_force"),
                                *[ft.Text(f"• {line}", key=f"force-{i}")
                                  for i, line in enumerate(in_force)], key="in-force"))
    controls.append(ft.Markdown(text, key="rules-text", selectable=True,
                                extension_set=ft.MarkdownExtensionSet.GITHUB_WEB))
    return screen("/rules", t("rules.title"), controls, on_back=on_back,
                  back_label=t("common.back"))
