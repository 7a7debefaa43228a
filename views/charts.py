"""Charts: running totals over the rounds, bars per player or seat, and histograms.

Every label has room of its own: the line chart's axes are labelled at round steps only (no
label on top of another), bars and histograms are laid out as rows of plain boxes whose texts
wrap instead of being cut."""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from models.simulate import bin_width
from views.common import dot

PALETTE = (
    ft.Colors.GREEN_700, ft.Colors.BLUE_700, ft.Colors.ORANGE_700, ft.Colors.PURPLE_700,
    ft.Colors.RED_700, ft.Colors.TEAL_700, ft.Colors.BROWN_600, ft.Colors.PINK_600,
)
HIST_HEIGHT = 140  # the tallest bar of a histogram, in logical pixels
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


def histogram_chart(bins: Sequence[tuple[int, int, int]], *, key: str, colour: str = "",
                    tip: str = "{values}: {count}") -> ft.Control:
    """A distribution: one bar per bin (``low``, ``high``, ``count``) standing on the values'
    axis, the highest count written at the top of the count axis, the bins' ends under the
    bars. ``tip`` says one bin in words (on hover or long press)."""
    if not bins:
        return ft.Container(key=key)

    def end(lo: int, hi: int) -> str:
        return str(lo) if lo == hi else f"{lo}–{hi}"

    most = max(c for _, _, c in bins) or 1
    fill = colour or PALETTE[1]
    bars: list[ft.Control] = [
        ft.Container(
            height=max(2, round(c / most * HIST_HEIGHT)) if c else 0, expand=1,
            bgcolor=fill, border_radius=ft.BorderRadius.only(top_left=3, top_right=3),
            tooltip=tip.format(values=end(lo, hi), count=c),
        )
        for lo, hi, c in bins
    ]
    first, middle, last = bins[0], bins[len(bins) // 2], bins[-1]
    under: list[ft.Control] = [ft.Text(end(first[0], first[1]), size=11)]
    if len(bins) >= 5:
        under.append(ft.Text(end(middle[0], middle[1]), size=11))
    if len(bins) > 1:
        under.append(ft.Text(end(last[0], last[1]), size=11))
    return ft.Column([
        ft.Row([
            ft.Column([_axis_text(most), _axis_text(0)], width=AXIS - 8, height=HIST_HEIGHT,
                      alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                      horizontal_alignment=ft.CrossAxisAlignment.END),
            ft.Container(
                ft.Row(bars, spacing=2, vertical_alignment=ft.CrossAxisAlignment.END,
                       height=HIST_HEIGHT),
                border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE),
                                      left=ft.BorderSide(1, ft.Colors.OUTLINE)),
                expand=True,
            ),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.END),
        ft.Container(ft.Row(under, alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                     padding=ft.Padding.only(left=AXIS)),
    ], spacing=4, key=key)
