"""History: every match, finished or not, newest first; open one, or delete it (confirmed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import Handler, Tr, icon_button, screen, tiles


@dataclass(frozen=True)
class MatchLine:
    id: str
    title: str  # "Kartu Sama · 22 Nov 2026"
    players: str
    status: str  # "In progress · round 3" / "Bea won"
    finished: bool
    route: str = ""  # where opening it goes
    on_device: bool = False  # played on the device rather than refereed at a table


def history_view(
    t: Tr,
    lines: Sequence[MatchLine],
    *,
    on_open: Callable[[str], None],
    on_delete: Callable[[str], None],
    on_back: Handler,
) -> ft.View:
    controls: list[ft.Control] = []
    if not lines:
        controls.append(ft.Text(t("history.empty"), key="empty", size=16))
    for line in lines:
        controls.append(
            ft.Card(
                ft.ListTile(
                    leading=ft.Icon(
                        ft.Icons.SMARTPHONE if line.on_device else
                        ft.Icons.EMOJI_EVENTS if line.finished else ft.Icons.TIMELAPSE,
                        color=ft.Colors.PRIMARY),
                    title=ft.Text(line.title, weight=ft.FontWeight.W_600),
                    subtitle=ft.Text(f"{line.players}\n{line.status}"),
                    is_three_line=True,
                    trailing=icon_button(ft.Icons.DELETE_OUTLINE, t("history.delete"),
                                         key=f"delete-{line.id}",
                                         on_click=lambda _e, i=line.id: on_delete(i)),
                    on_click=lambda _e, r=line.route or line.id: on_open(r),
                    key=f"match-{line.id}",
                ),
                semantic_container=False,
            )
        )
    return screen("/history", t("history.title"), [tiles(controls)], on_back=on_back,
                  back_label=t("common.back"), split=6)
