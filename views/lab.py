"""The rule lab: a game, its options and its players (each seat's computer level); run many games
by computer, or the same games under the usual rules and these, and read what came out: each
seat's win rate with its interval and the distributions as charts (both runs over each other
when comparing), every figure with its margin of error in words, and the differences that stand
out of the noise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from views.charts import Series, rates_chart, spread_chart
from views.common import TOUCH, Handler, Tr, big_button, choices, screen, section
from views.setup import OptionRow, option_control


@dataclass(frozen=True)
class Histogram:
    """A distribution, one run or two over the same bins: each bin's lowest and highest value,
    each run's share of the count in each bin (%), and a line on what it counts."""

    title: str
    note: str
    edges: tuple[tuple[int, int], ...]
    series: tuple[Series, ...]


@dataclass(frozen=True)
class Rates:
    """Each seat's win rate (%) with its 95% interval, one run or two side by side; ``even``:
    an even share, where the chart's lines are drawn."""

    title: str
    note: str
    seats: tuple[str, ...]  # the bars' labels
    axis: str  # what the labels are ("Seat")
    even: float
    series: tuple[Series, ...]


@dataclass(frozen=True)
class Figure:
    """One figure in words: this run's value with its margin (the variant's when comparing);
    comparing, the base's value too, and the verdict: the difference with its margin, its
    p-value and whether it stands out of the noise."""

    key: str
    label: str
    value: str
    base: str = ""
    verdict: str = ""
    stands_out: bool = False


@dataclass(frozen=True)
class Topic:
    title: str
    figures: tuple[Figure, ...]


# where the screen scrolls once a run is done (flet builds its keys by a decorator mypy
# does not see through)
RESULTS = ft.ScrollKey("lab-results")  # type: ignore[call-arg]


@dataclass(frozen=True)
class LabData:
    games: tuple[tuple[str, str], ...]
    game: str
    options: tuple[OptionRow, ...]  # the game's options, then the games to play
    players: OptionRow  # how many players
    kinds: tuple[str, ...]  # each seat's computer level
    levels: tuple[tuple[str, str], ...]  # (level, its word)
    running: bool
    progress: float  # 0..1
    status: str
    error: str = ""
    note: str = ""  # a word on the levels chosen (strong computers are slow)
    compare: str = ""  # the compare button's label ("": nothing to compare with)
    compare_note: str = ""  # why there is nothing to compare with, or with what
    keep: str = ""  # the "keep these rules as the base" button's label ("": none)
    results: str = ""  # the results' title, once there are results
    summary: tuple[str, ...] = ()  # sentences: speed, who starts, games needed
    columns: tuple[str, str] = ("", "")  # comparing: the base's and the variant's names
    groups: tuple[Topic, ...] = ()
    rates: Rates | None = None
    histograms: tuple[Histogram, ...] = ()
    unit: str = "%"  # what follows a percentage on an axis ("%", " %")


@dataclass(frozen=True)
class LabHandlers:
    on_game: Callable[[str], None]
    on_option: Callable[[str, object], None]
    on_kind: Callable[[int, str], None]
    on_every: Callable[[str], None]
    on_run: Handler
    on_compare: Handler
    on_keep: Handler
    on_stop: Handler
    on_back: Handler
    on_csv: Handler
    on_png: Handler
    on_results: Handler | None = None


def lab_view(t: Tr, data: LabData, h: LabHandlers) -> ft.View:
    controls: list[ft.Control] = [
        ft.Text(t("lab.help"), size=14),
        choices(data.games, data.game, h.on_game, key="lab-game"),
        section(t("setup.options"), *[option_control(r, h.on_option, t) for r in data.options]),
        _players(t, data, h),
    ]
    for control in controls[1:]:  # a run plays the rules it was started with
        control.disabled = data.running
    if data.error:
        controls.append(ft.Text(data.error, color=ft.Colors.ERROR, key="lab-error"))
    if data.results:
        controls.append(_results(t, data, h))
    return screen("/lab", t("lab.title"), controls, on_back=h.on_back,
                  back_label=t("common.back"), bottom=_bottom(t, data, h))


def _levels(data: LabData, selected: str, on: Callable[[str], None], key: str) -> ft.Control:
    """The computer levels, one tap each (the one selected, if any, lit)."""
    def chosen(e: ft.Event[ft.SegmentedButton]) -> None:
        if e.control.selected:
            on(list(e.control.selected)[0])

    return ft.SegmentedButton(
        segments=[ft.Segment(value=k, label=ft.Text(word, size=14)) for k, word in data.levels],
        selected=[selected] if selected else [], allow_empty_selection=True, key=key,
        show_selected_icon=False, on_change=chosen,
    )


def _seat(h: LabHandlers, seat: int) -> Callable[[str], None]:
    return lambda kind: h.on_kind(seat, kind)


def _players(t: Tr, data: LabData, h: LabHandlers) -> ft.Control:
    """How many players, then each seat's computer level (one tap), and every seat at once."""
    every = data.kinds[0] if len(set(data.kinds)) == 1 else ""
    rows: list[ft.Control] = [
        option_control(data.players, h.on_option, t),
        ft.Text(t("lab.levels"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([ft.Text(t("lab.every"), width=72, weight=ft.FontWeight.W_600),
                _levels(data, every, h.on_every, "lab-every")],
               wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *[ft.Row([ft.Text(t("lab.seat", n=i + 1), width=72),
                  _levels(data, kind, _seat(h, i), f"lab-seat-{i}")],
                 wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
          for i, kind in enumerate(data.kinds)],
    ]
    if data.note:
        rows.append(ft.Text(data.note, size=13, key="lab-note"))
    return section(t("lab.players"), *rows, key="lab-players")


def _bottom(t: Tr, data: LabData, h: LabHandlers) -> ft.Control:
    bottom = ft.Column(spacing=8)
    if data.running:
        bottom.controls += [
            ft.ProgressBar(value=data.progress, key="lab-progress", height=8,
                           border_radius=ft.BorderRadius.all(4)),
            ft.Text(data.status, key="lab-status", size=15),
        ]
        run = big_button(t("lab.run"), None, key="lab-run", icon=ft.Icons.SCIENCE)
        run.expand = 2
        stop = big_button(t("lab.stop"), h.on_stop, key="lab-stop", danger=True,
                          icon=ft.Icons.STOP)
        stop.expand = 1
        bottom.controls.append(ft.Row([run, stop], spacing=8))
        return bottom
    if data.compare_note:
        bottom.controls.append(ft.Text(data.compare_note, size=13, key="lab-compare-note"))
    run = big_button(t("lab.run"), None if data.error else h.on_run, key="lab-run",
                     icon=ft.Icons.SCIENCE)
    run.expand = 1
    compare = big_button(data.compare or t("lab.compare"),
                         None if data.error or not data.compare else h.on_compare,
                         key="lab-compare", icon=ft.Icons.COMPARE_ARROWS, primary=False)
    compare.expand = 1
    bottom.controls.append(ft.Row([run, compare], spacing=8))
    return bottom


def _figure(t: Tr, f: Figure, columns: tuple[str, str]) -> ft.Control:
    """A figure: its words, then its value; comparing, both values and the difference, marked
    when it stands out of the noise."""
    lines: list[ft.Control] = [ft.Text(f.label, size=14)]
    if not f.verdict:
        lines.append(ft.Text(f.value, size=16, weight=ft.FontWeight.W_600,
                             key=f"lab-value-{f.key}"))
    else:
        lines += [
            ft.Text(t("lab.side", side=columns[0], value=f.base), size=14),
            ft.Text(t("lab.side", side=columns[1], value=f.value), size=14,
                    weight=ft.FontWeight.W_600),
            ft.Text(f.verdict, size=14, key=f"lab-diff-{f.key}",
                    weight=ft.FontWeight.BOLD if f.stands_out else None,
                    color=ft.Colors.PRIMARY if f.stands_out else ft.Colors.ON_SURFACE_VARIANT),
        ]
    return ft.Container(ft.Column(lines, spacing=2), padding=ft.Padding.symmetric(vertical=4))


def _note(text: str) -> ft.Control:
    return ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT)


def _charts(data: LabData) -> list[ft.Control]:
    """Who wins, then the distributions: the shapes first, the figures in words after."""
    parts: list[ft.Control] = []
    if data.rates is not None:
        r = data.rates
        parts.append(section(r.title, _note(r.note),
                             rates_chart(r.seats, r.series, key="lab-rates", even=r.even,
                                         axis=r.axis, unit=data.unit), key="lab-rates-section"))
    parts += [section(hist.title, _note(hist.note),
                      spread_chart(hist.edges, hist.series, key=f"lab-histogram-{i}",
                                   unit=data.unit))
              for i, hist in enumerate(data.histograms)]
    return parts


def _results(t: Tr, data: LabData, h: LabHandlers) -> ft.Control:
    """The sentences, the charts, the figures by group, the exports, under one heading the
    screen scrolls to (``on_results``: told once the device has laid them out)."""
    parts: list[ft.Control] = [ft.Text(data.results, size=20, weight=ft.FontWeight.BOLD)]
    parts += [ft.Text(s, key=f"lab-summary-{i}", size=15) for i, s in enumerate(data.summary)]
    parts += _charts(data)
    parts += [section(g.title, *[_figure(t, f, data.columns) for f in g.figures],
                      key=f"lab-group-{i}")
              for i, g in enumerate(data.groups)]
    saves: list[ft.Control] = [
        ft.OutlinedButton(t("lab.csv"), icon=ft.Icons.TABLE_CHART, key="lab-csv",
                          on_click=lambda _e: h.on_csv(), height=TOUCH, expand=True),
        ft.OutlinedButton(t("lab.png"), icon=ft.Icons.IMAGE, key="lab-png",
                          on_click=lambda _e: h.on_png(), height=TOUCH, expand=True)]
    parts.append(ft.Row(saves, spacing=8))
    if data.keep:
        parts.append(ft.TextButton(data.keep, key="lab-keep", on_click=lambda _e: h.on_keep(),
                                   height=TOUCH))
    on_laid_out = h.on_results
    return ft.Column(parts, spacing=12, key=RESULTS,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                     on_size_change=None if on_laid_out is None else lambda _e: on_laid_out())
