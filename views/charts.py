"""Charts: running totals over the rounds, bars per player or seat, and the rule lab's runs (a
rate per seat with its interval, and distributions over each other).

Every label has room of its own: the line charts' axes are labelled at round steps only (no
label on top of another), the players' bars are rows of plain boxes whose texts wrap instead
of being cut."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft
import flet_charts as fch

from models.simulate import bin_width
from views.common import dot

PALETTE = (
    ft.Colors.GREEN_700, ft.Colors.BLUE_700, ft.Colors.ORANGE_700, ft.Colors.PURPLE_700,
    ft.Colors.RED_700, ft.Colors.TEAL_700, ft.Colors.BROWN_600, ft.Colors.PINK_600,
)
AXIS = 44  # room for the numbers of a vertical axis


def color(i: int, colours: Sequence[str] = ()) -> str:
    """The ``i``-th player's colour: theirs when known, else one of the palette."""
    if i < len(colours) and colours[i]:
        return colours[i]
    return PALETTE[i % len(PALETTE)]


def legend(names: Sequence[str], colours: Sequence[str] = ()) -> ft.Control:
    """Who each colour is: a dot and the whole name, wrapping onto more lines as needed."""
    return ft.Row(
        [ft.Row([dot(color(i, colours), size=14), ft.Text(name, size=13)],
                spacing=4, tight=True, key=f"legend-{i}")
         for i, name in enumerate(names)],
        wrap=True, spacing=12, run_spacing=4, key="legend",
    )


def ticks(low: float, high: float, most: int = 5) -> tuple[int, ...]:
    """Round numbers from at or below ``low`` to at or above ``high``, at most ``most`` + 1 of
    them, one round step apart (0, 20, 40...): the labels of an axis."""
    gap = bin_width(math.ceil(max(1.0, high - low)), most)
    first = math.floor(low / gap) * gap
    last = math.ceil(high / gap) * gap
    if last == first:
        last = first + gap
    return tuple(range(first, last + 1, gap))


def ceiling(value: float) -> float:
    """``value`` rounded up to a round number (30, not 25.2)."""
    return float(ticks(0, value)[-1])


def _axis_text(value: int) -> ft.Text:
    return ft.Text(str(value), size=11, text_align=ft.TextAlign.RIGHT)


def totals_chart(names: Sequence[str], series: Sequence[Sequence[int]], *, key: str,
                 colours: Sequence[str] = (), numbers: Sequence[int] = ()) -> ft.Control:
    """Each player's running total after each round (round 0 = the start, at 0), a line in
    the player's colour, and a legend of the colours under it. ``numbers`` are the rounds'
    own numbers, as the scoreboard's rows have them (a deleted round keeps its number and
    has no point): 1, 2, 3... unless told."""
    rounds = max((len(s) for s in series), default=0)
    shown = [0, *numbers] if len(numbers) == rounds else list(range(rounds + 1))
    top = max((v for s in series for v in s), default=0)
    low = min((v for s in series for v in s), default=0)
    marks = ticks(min(0, low), max(10, top))
    every = max(1, math.ceil(rounds / 8))  # at most 9 round numbers under the chart
    data = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=0)]
            + [fch.LineChartDataPoint(x=r + 1, y=v) for r, v in enumerate(s)],
            color=color(i, colours), stroke_width=3, point=True,
        )
        for i, s in enumerate(series)
    ]
    chart = fch.LineChart(
        data_series=data,
        min_x=0, max_x=max(1, rounds), min_y=marks[0], max_y=marks[-1],
        left_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=m, label=_axis_text(m))
                                        for m in marks], label_size=AXIS),
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=r, label=ft.Text(str(shown[r]), size=11))
                    for r in range(0, rounds + 1, every)],
            label_size=24,
        ),
        top_axis=fch.ChartAxis(show_labels=False, label_size=0),
        right_axis=fch.ChartAxis(show_labels=False, label_size=0),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1,
                                                 interval=marks[1] - marks[0]),
        interactive=False,
        height=220,
        key=key,
    )
    # room above the chart: the top label is drawn half above the chart's edge
    return ft.Column([ft.Container(chart, padding=ft.Padding.only(top=10, right=12)),
                      legend(names, colours)], spacing=6)


def whole(value: float) -> str:
    """A number as people write it: ``12`` for a whole one, ``12.5`` otherwise, a true minus
    sign below zero (``−50``)."""
    text = str(int(value)) if float(value).is_integer() else f"{value:.1f}"
    return text.replace("-", "\u2212")


def bars_chart(
    labels: Sequence[str], values: Sequence[float], *, key: str, top: float | None = None,
    colours: Sequence[str] = (), unit: str = "",
) -> ft.Control:
    """One bar per label, across the width, its value written after it (``unit`` after the
    number, "%" say); ``top`` fixes the full width (100 for percentages). Each label is
    written whole above its bar."""
    top = top if top is not None else max((abs(v) for v in values), default=0)
    top = max(top, 1e-9)
    lines: list[ft.Control] = []
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        share = max(0, min(1000, round(abs(value) / top * 1000)))
        bar: list[ft.Control] = []
        if share:
            bar.append(ft.Container(height=16, expand=share, bgcolor=color(i, colours),
                                    border_radius=ft.BorderRadius.all(4)))
        if share < 1000:  # the rest of the track, faint: a 0 still shows its scale
            bar.append(ft.Container(height=16, expand=1000 - share,
                                    bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.ON_SURFACE),
                                    border_radius=ft.BorderRadius.all(4)))
        lines.append(ft.Column([
            ft.Text(label, size=13),
            ft.Row([ft.Row(bar, spacing=0, expand=True),
                    ft.Text(f"{whole(value)}{unit}", size=13, width=56,
                            text_align=ft.TextAlign.RIGHT, weight=ft.FontWeight.W_600)],
                   spacing=8),
        ], spacing=2, key=f"{key}-{i}"))
    return ft.Column(lines, spacing=8, key=key)


@dataclass(frozen=True)
class Series:
    """One run on a chart: its name, and a value per bar or bin; a bar's 95% interval
    (``lows``, ``highs``) where it has one."""

    name: str
    values: tuple[float, ...]
    lows: tuple[float, ...] = ()
    highs: tuple[float, ...] = ()


# the runs of a chart: the base (or a single run) blue, the variant orange; both read apart
# without colour vision and on light or dark ground, and the saved picture uses the same
SERIES = ("#1e88e5", "#ef6c00")
RUN_HEIGHT = 180  # a run chart's plot area, in logical pixels


def run_colour(i: int) -> str:
    return SERIES[i % len(SERIES)]


def percent_ticks(top: float, step: float) -> tuple[float, ...]:
    """0, ``step``, 2 ``step``... up to the first at or above ``top`` (at least two steps)."""
    count = max(2, math.ceil(top / step - 1e-9))
    return tuple(step * k for k in range(count + 1))


def rates_chart(labels: Sequence[str], series: Sequence[Series], *, key: str, even: float,
                axis: str, unit: str = "%") -> ft.Control:
    """Bars by label (a seat), one per run side by side: solid up to the interval's low end,
    pale over the interval, a dark line across at the figure. The dashed lines mark an
    ``even`` share and its multiples; ``axis`` names the labels under the bars."""
    highs = [h for s in series for h in (s.highs or s.values)]
    step = even
    marks = percent_ticks(max(highs, default=step), step)
    top = marks[-1]
    mark = top * 2.5 / RUN_HEIGHT  # the figure's line: 2.5 pixels thick
    width = max(6, min(22, 200 // max(1, len(labels) * len(series))))
    groups = []
    for i in range(len(labels)):
        rods = []
        for k, s in enumerate(series):
            colour = run_colour(k)
            value = s.values[i]
            low = s.lows[i] if s.lows else value
            high = s.highs[i] if s.highs else value
            rods.append(fch.BarChartRod(  # the rod itself unpainted: its parts say it all
                from_y=0, to_y=high, width=width, color=ft.Colors.TRANSPARENT, border_radius=0,
                stack_items=[
                    fch.BarChartRodStackItem(from_y=0, to_y=low, color=colour),
                    fch.BarChartRodStackItem(from_y=low, to_y=high,
                                             color=ft.Colors.with_opacity(0.35, colour)),
                    fch.BarChartRodStackItem(from_y=max(0, value - mark / 2),
                                             to_y=value + mark / 2, color=ft.Colors.ON_SURFACE),
                ]))
        groups.append(fch.BarChartGroup(x=i, rods=rods, spacing=3))
    chart = fch.BarChart(
        groups=groups, min_y=0, max_y=top, interactive=False,
        left_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=m, label=ft.Text(f"{m:.0f}{unit}", size=11))
            for m in marks], label_size=AXIS, label_spacing=step),
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=i, label=ft.Text(label, size=12))
                    for i, label in enumerate(labels)],
            label_size=22, title=ft.Text(axis, size=12), title_size=20),
        top_axis=fch.ChartAxis(show_labels=False, label_size=0),
        right_axis=fch.ChartAxis(show_labels=False, label_size=0),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE, width=1,
                                                 interval=step, dash_pattern=[4, 3]),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE)),
        height=RUN_HEIGHT + 42, key=key,
    )
    return ft.Column([ft.Container(chart, padding=ft.Padding.only(top=10, right=8)),
                      legend([s.name for s in series], SERIES)], spacing=6)


def spread_chart(edges: Sequence[tuple[int, int]], series: Sequence[Series], *, key: str,
                 unit: str = "%") -> ft.Control:
    """Distributions over the same bins (``edges``: each bin's lowest and highest value), one
    outline per run filled faintly, over each other: the runs' shapes compared at a glance."""
    if not edges:
        return ft.Container(key=key)
    start, end = edges[0][0], edges[-1][1] + 1
    top = max((v for s in series for v in s.values), default=1.0)
    marks = ticks(0, max(1.0, top), 4)
    data = []
    for k, s in enumerate(series):
        colour = run_colour(k)
        points = [fch.LineChartDataPoint(x=start, y=0)]
        points += [fch.LineChartDataPoint(x=lo, y=v) for (lo, _), v in zip(edges, s.values,
                                                                          strict=True)]
        points += [fch.LineChartDataPoint(x=end, y=s.values[-1]),
                   fch.LineChartDataPoint(x=end, y=0)]
        data.append(fch.LineChartData(
            points=points, color=colour, stroke_width=2.5, step_direction=0.0,
            below_line_bgcolor=ft.Colors.with_opacity(0.18, colour), point=False))
    under = [x for x in ticks(start, end, 5) if start <= x <= end]
    chart = fch.LineChart(
        data_series=data, min_x=start, max_x=end, min_y=0, max_y=marks[-1], interactive=False,
        left_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=m, label=ft.Text(f"{m}{unit}", size=11)) for m in marks],
            label_size=AXIS, label_spacing=marks[1] - marks[0]),
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=x, label=ft.Text(str(x), size=11)) for x in under],
            label_size=24, label_spacing=under[1] - under[0] if len(under) > 1 else None),
        top_axis=fch.ChartAxis(show_labels=False, label_size=0),
        right_axis=fch.ChartAxis(show_labels=False, label_size=0),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1,
                                                 interval=marks[1] - marks[0]),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE),
                              left=ft.BorderSide(1, ft.Colors.OUTLINE)),
        height=RUN_HEIGHT, key=key,
    )
    return ft.Column([ft.Container(chart, padding=ft.Padding.only(top=10, right=16)),
                      legend([s.name for s in series], SERIES)], spacing=6)
