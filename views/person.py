"""The sheet of one player, opened from the players screen: rename, one person with another
spelling, colour, leave the list."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from views.common import Handler, Tr, icon_button


def person_sheet(
    t: Tr,
    *,
    name: str,
    colour: int,
    palette: Sequence[str],
    others: Sequence[str],
    typed: str,
    on_type: Callable[[str], None],
    on_rename: Handler,
    on_merge: Callable[[str], None],
    on_colour: Callable[[int], None],
    on_delete: Handler,
) -> ft.Control:
    """What can be changed about one player: the name, one person with another spelling, the
    colour, or leaving the list. The name field shows ``typed`` and tells ``on_type`` each
    change; Rename and Enter both rename to what was typed."""

    def submit(e: ft.Event[ft.TextField]) -> None:
        on_type(str(e.control.value or ""))
        on_rename()

    field = ft.TextField(value=typed, label=t("people.name"), key="person-field",
                         on_change=lambda e: on_type(str(e.control.value or "")),
                         on_submit=submit)
    swatches: list[ft.Control] = [
        icon_button(
            ft.Icons.CHECK if i == colour else ft.Icons.CIRCLE, t("people.colour", n=i + 1),
            key=f"colour-{i}", icon_color=c, width=48, height=48,
            selected=i == colour, on_click=lambda _e, i=i: on_colour(i))
        for i, c in enumerate(palette)
    ]
    parts: list[ft.Control] = [
        field,
        ft.FilledButton(t("people.rename"), key="person-rename", height=48,
                        on_click=lambda _e: on_rename()),
        ft.Text(t("people.colour_title"), weight=ft.FontWeight.BOLD),
        ft.Row(swatches, wrap=True, spacing=0),
    ]
    if others:
        parts.append(ft.Text(t("people.merge_title", name=name), weight=ft.FontWeight.BOLD))
        parts.append(ft.Row([
            ft.OutlinedButton(other, key=f"merge-{i}", height=48,
                              on_click=lambda _e, o=other: on_merge(o))
            for i, other in enumerate(others)
        ], wrap=True))
    parts.append(ft.TextButton(t("people.delete", name=name), key="person-delete",
                               icon=ft.Icons.DELETE_OUTLINE, height=48,
                               on_click=lambda _e: on_delete()))
    return ft.Column(parts, tight=True, scroll=ft.ScrollMode.AUTO, spacing=10, width=360)
