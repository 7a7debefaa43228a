"""The rule lab: a game, its options and its seats; run many games by computer; charts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.charts import bars_chart
from views.common import Handler, Tr, big_button, choices, screen, section
from views.setup import OptionRow, option_control


@dataclass(frozen=True)
class Chart:
    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    top: float | None = None


@dataclass(frozen=True)
class LabData:
    games: tuple[tuple[str, str], ...]
    game: str
    seats: tuple[str, ...]  # each seat's player kind, in words
    options: tuple[OptionRow, ...]  # the game's options, then players and games to play
    running: bool
    progress: float  # 0..1
    status: str
    figures: str
    charts: tuple[Chart, ...]
    notes: tuple[str, ...]
    error: str = ""


def lab_view(
    t: Tr,
    data: LabData,
    *,
    on_game: Callable[[str], None],
    on_option: Callable[[str, object], None],
    on_seat: Callable[[int], None],
    on_run: Handler,
    on_stop: Handler,
    on_back: Handler,
) -> ft.View:
    controls: list[ft.Control] = [
        ft.Text(t("lab.help"), size=14),
        choices(data.games, data.game, on_game, key="lab-game"),
        section(t("setup.options"), *[option_control(r, on_option, t) for r in data.options]),
        section(t("lab.players"), ft.Row(
            [ft.OutlinedButton(f"{t('lab.seat', n=i + 1)}: {kind}", key=f"lab-seat-{i}",
                               on_click=lambda _e, i=i: on_seat(i), height=44)
             for i, kind in enumerate(data.seats)],
            wrap=True, spacing=6, run_spacing=6,
        )),
    ]
    if data.error:
        controls.append(ft.Text(data.error, color=ft.Colors.ERROR, key="lab-error"))
    if data.running or data.status:
        controls.append(ft.ProgressBar(value=data.progress, key="lab-progress"))
        controls.append(ft.Text(data.status, key="lab-status"))
    if data.figures:
        controls.append(ft.Text(data.figures, key="lab-figures", weight=ft.FontWeight.W_500))
    for note in data.notes:
        controls.append(ft.Text(note))
    for i, chart in enumerate(data.charts):
        controls.append(section(chart.title, bars_chart(chart.labels, chart.values,
                                                        key=f"lab-chart-{i}", top=chart.top)))
    bottom = ft.Column([
        big_button(t("lab.stop"), on_stop, key="lab-stop", danger=True, icon=ft.Icons.STOP)
        if data.running else
        big_button(t("lab.run"), on_run if not data.error else None, key="lab-run",
                   icon=ft.Icons.SCIENCE),
    ])
    return screen("/lab", t("lab.title"), controls, on_back=on_back,
                  back_label=t("common.back"), bottom=bottom)


def percent(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(v * 100, 1) for v in values)
