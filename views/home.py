"""The home screen: continue the match in progress, start one, and the ways to everything else."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import Handler, Tr, big_button, message, panes, screen, section


@dataclass(frozen=True)
class Resume:
    """The match in progress, as the home screen shows it."""

    title: str  # e.g. "Kartu Sama · round 3"
    players: str  # e.g. "Ana, Bea, Cid"


def home_view(
    t: Tr,
    *,
    resume: Resume | None,
    problems: Sequence[str],
    play: tuple[str, str] | None = None,
    on_dismiss: Callable[[int], None],
    on_resume: Handler,
    on_new: Handler,
    on_play: Handler,
    on_lab: Handler,
    on_play_resume: Handler,
    on_history: Handler,
    on_players: Handler,
    on_rules: Handler,
    on_settings: Handler,
    on_import: Handler | None = None,
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
    if resume is not None:
        controls.append(
            section(
                t("home.in_progress"),
                ft.Text(resume.title, size=18, key="resume-title"),
                ft.Text(resume.players, key="resume-players"),
                big_button(t("home.continue"), on_resume, key="resume", icon=ft.Icons.PLAY_ARROW),
                key="resume-card",
            )
        )
    if play is not None:
        controls.append(
            section(
                t("home.play_in_progress"),
                ft.Text(play[0], size=18, key="play-title"),
                ft.Text(play[1], key="play-players"),
                big_button(t("home.continue"), on_play_resume, key="play-resume",
                           icon=ft.Icons.PLAY_ARROW),
                key="play-card",
            )
        )
    actions = [
        big_button(t("home.new"), on_new, key="new", icon=ft.Icons.ADD,
                   primary=resume is None and play is None),
        big_button(t("home.play"), on_play, key="play", icon=ft.Icons.SPORTS_ESPORTS,
                   primary=False),
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
    return screen("/", "Meja", controls, split=6)
