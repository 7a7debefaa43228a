"""The rule lab: a game, its options and its seats; run many games by computer; what came
out as bars (by seat, by how rounds end) and distributions (histograms)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.charts import bars_chart, histogram_chart
from views.common import Handler, Tr, big_button, choices, screen, section
from views.setup import OptionRow, option_control


@dataclass(frozen=True)
class Chart:
    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    top: float | None = None


@dataclass(frozen=True)
class Histogram:
    """A distribution: ``(low, high, count)`` per bin, and a line on what it counts."""

    title: str
    note: str
    bins: tuple[tuple[int, int, int], ...]


# where the screen scrolls once a run is done (flet builds its keys by a decorator mypy
# does not see through)
RESULTS = ft.ScrollKey("lab-results")  # type: ignore[call-arg]


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
    histograms: tuple[Histogram, ...] = ()
    results: str = ""  # the results' title, once there are results


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
    on_results: Handler | None = None,
) -> ft.View:
    controls: list[ft.Control] = [
        ft.Text(t("lab.help"), size=14),
        choices(data.games, data.game, on_game, key="lab-game"),
        section(t("setup.options"), *[option_control(r, on_option, t) for r in data.options]),
        section(t("lab.seats"), ft.Row(
            [ft.OutlinedButton(f"{t('lab.seat', n=i + 1)}: {kind}", key=f"lab-seat-{i}",
                               on_click=lambda _e, i=i: on_seat(i), height=48)
             for i, kind in enumerate(data.seats)],
            wrap=True, spacing=6, run_spacing=6,
        )),
    ]
    if data.error:
        controls.append(ft.Text(data.error, color=ft.Colors.ERROR, key="lab-error"))
    if data.results:
        controls.append(_results(data, on_results))
    bottom = ft.Column(spacing=8)
    if data.running:
        bottom.controls += [
            ft.ProgressBar(value=data.progress, key="lab-progress", height=8,
                           border_radius=ft.BorderRadius.all(4)),
            ft.Text(data.status, key="lab-status", size=15),
        ]
    run = big_button(t("lab.run"), None if data.running or data.error else on_run,
                     key="lab-run", icon=ft.Icons.SCIENCE)
    if data.running:
        run.expand = 2
        stop = big_button(t("lab.stop"), on_stop, key="lab-stop", danger=True,
                          icon=ft.Icons.STOP)
        stop.expand = 1
        bottom.controls.append(ft.Row([run, stop], spacing=8))
    else:
        bottom.controls.append(run)
    return screen("/lab", t("lab.title"), controls, on_back=on_back,
                  back_label=t("common.back"), bottom=bottom)


def _results(data: LabData, on_laid_out: Handler | None = None) -> ft.Control:
    """The figures, the notes, the bars and the histograms, under one heading the screen
    scrolls to (``on_laid_out``: told once the device has laid them out, when it can)."""
    parts: list[ft.Control] = [ft.Text(data.results, size=20, weight=ft.FontWeight.BOLD)]
    if data.figures:
        parts.append(ft.Text(data.figures, key="lab-figures", weight=ft.FontWeight.W_500))
    parts += [ft.Text(note) for note in data.notes]
    parts += [section(chart.title, bars_chart(chart.labels, chart.values, key=f"lab-chart-{i}",
                                              top=chart.top, unit="%" if chart.top == 100
                                              else ""))
              for i, chart in enumerate(data.charts)]
    parts += [section(h.title, ft.Text(h.note, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                      histogram_chart(h.bins, key=f"lab-histogram-{i}"))
              for i, h in enumerate(data.histograms)]
    return ft.Column(parts, spacing=12, key=RESULTS,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                     on_size_change=None if on_laid_out is None else lambda _e: on_laid_out())


def percent(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(v * 100, 1) for v in values)
