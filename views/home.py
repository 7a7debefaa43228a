"""The home screen: continue any unfinished match, start one, and the ways to everything else."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import (
    Handler,
    Tonal,
    Tr,
    big_button,
    message,
    named_icon,
    panes,
    screen,
    section,
)


@dataclass(frozen=True)
class Unfinished:
    """An unfinished match (at the table or on this device), as the home screen shows it."""

    route: str  # where a tap continues it
    title: str  # e.g. "Kartu Sama · round 3"
    players: str  # e.g. "Ana, Bea, Cid"
    when: str  # e.g. "Last played 2026-11-24 09:30"
    key: str = ""  # the match id, or the key of the game saved on this device
    on_device: bool = False  # a game on the device (deleted), not a match at a table


def home_view(
    t: Tr,
    *,
    unfinished: Sequence[Unfinished],
    problems: Sequence[str],
    on_dismiss: Callable[[int], None],
    on_open: Callable[[str], None],
    on_new: Handler,
    on_play: Handler,
    on_lab: Handler,
    on_history: Handler,
    on_players: Handler,
    on_rules: Handler,
    on_settings: Handler,
    on_import: Handler | None = None,
    on_abandon: Callable[[Unfinished], None] | None = None,
    on_delete: Callable[[Unfinished], None] | None = None,
) -> ft.View:
    controls: list[ft.Control] = [
        ft.Text(t("home.tagline"), size=16, key="tagline"),
    ]
    for i, problem in enumerate(problems):
        controls.append(
            ft.Container(
                ft.Column([
                    message(problem, key=f"problem-{i}", error=True),
                    ft.Row([ft.TextButton(t("common.ok"), key=f"dismiss-{i}",
                                          on_click=lambda _e, i=i: on_dismiss(i))],
                           alignment=ft.MainAxisAlignment.END),
                ], spacing=4),
                bgcolor=ft.Colors.ERROR_CONTAINER, padding=ft.Padding.all(12),
                border_radius=ft.BorderRadius.all(10),
            )
        )
    if unfinished:
        controls.append(section(
            t("home.unfinished"),
            *[_resume_card(t, i, r, on_open, on_abandon, on_delete)
              for i, r in enumerate(unfinished)],
            key="unfinished",
        ))
    # Starting a match or a game stays pinned under the list: on the first screen whatever
    # the number of unfinished matches (nine pushed "New match" below it).
    start = ft.Column([
        big_button(t("home.new"), on_new, key="new", icon=ft.Icons.ADD,
                   primary=not unfinished),
        big_button(t("home.play"), on_play, key="play", icon=ft.Icons.SPORTS_ESPORTS,
                   primary=False),
    ], spacing=8)
    actions = [
        big_button(t("home.history"), on_history, key="history", icon=ft.Icons.HISTORY,
                   primary=False),
        *([big_button(t("share.import"), on_import, key="import", icon=ft.Icons.QR_CODE_SCANNER,
                      primary=False)] if on_import else []),
        big_button(t("home.players"), on_players, key="players", icon=ft.Icons.PEOPLE,
                   primary=False),
        big_button(t("home.rules"), on_rules, key="rules", icon=ft.Icons.MENU_BOOK,
                   primary=False),
        big_button(t("home.lab"), on_lab, key="lab", icon=ft.Icons.SCIENCE, primary=False),
        big_button(t("home.settings"), on_settings, key="settings", icon=ft.Icons.SETTINGS,
                   primary=False),
    ]
    half = (len(actions) + 1) // 2  # two columns of actions on a wide screen
    controls.append(panes(actions[:half], actions[half:], key="actions"))
    return screen("/", "Meja", controls, split=6, bottom=start)


def _resume_card(t: Tr, i: int, resume: Unfinished, on_open: Callable[[str], None],
                 on_abandon: Callable[[Unfinished], None] | None,
                 on_delete: Callable[[Unfinished], None] | None) -> ft.Control:
    """One unfinished match: the whole card is the button that continues it; a menu beside
    it abandons a match at the table (History keeps it) or deletes it (each confirmed)."""
    card = Tonal(
        content=ft.Row([
            ft.Column([
                ft.Text(resume.title, size=17, weight=ft.FontWeight.W_600,
                        key=f"resume-title-{i}"),
                ft.Text(resume.players, key=f"resume-players-{i}"),
                ft.Text(resume.when, size=13, key=f"resume-when-{i}"),
            ], spacing=2, expand=True),
            ft.Icon(ft.Icons.PLAY_ARROW),
        ]),
        key=f"resume-{i}", tooltip=t("home.continue"),
        on_click=lambda _e: on_open(resume.route),
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                             shape=ft.RoundedRectangleBorder(radius=14)),
        expand=True,
    )
    items = []
    if on_abandon is not None and not resume.on_device:
        items.append(ft.PopupMenuItem(t("home.abandon"), icon=ft.Icons.FLAG_OUTLINED,
                                      key=f"abandon-{i}", on_click=lambda _e: on_abandon(resume)))
    if on_delete is not None:
        items.append(ft.PopupMenuItem(t("common.delete"), icon=ft.Icons.DELETE_OUTLINE,
                                      key=f"delete-{i}", on_click=lambda _e: on_delete(resume)))
    if not items:
        return card
    name = t("home.more", title=resume.title, players=resume.players)
    more = ft.PopupMenuButton(items=items, icon=named_icon(ft.Icons.MORE_VERT, name),
                              key=f"more-{i}", width=48, height=48)
    return ft.Row([card, more], spacing=4)
