"""Charts: running totals over the rounds, and bars per player."""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft
import flet_charts as fch

PALETTE = (
    ft.Colors.GREEN_700, ft.Colors.BLUE_700, ft.Colors.ORANGE_700, ft.Colors.PURPLE_700,
    ft.Colors.RED_700, ft.Colors.TEAL_700, ft.Colors.BROWN_600, ft.Colors.PINK_600,
)


def color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def legend(names: Sequence[str]) -> ft.Control:
    return ft.Row(
        [ft.Row([ft.Container(width=14, height=14, bgcolor=color(i),
                              border_radius=ft.BorderRadius.all(7)), ft.Text(name, size=13)],
                spacing=4)
         for i, name in enumerate(names)],
        wrap=True, spacing=12,
    )


def ceiling(value: float) -> float:
    """``value`` rounded up to a round number (30, not 25.2: the axis labels one, not two
    labels on top of each other)."""
    step = 10 ** math.floor(math.log10(value)) / 2
    return math.ceil(value / step) * step


def totals_chart(names: Sequence[str], series: Sequence[Sequence[int]], *, key: str) -> ft.Control:
    """Each player's running total after each round (round 0 = the start, at 0)."""
    rounds = max((len(s) for s in series), default=0)
    top = max((v for s in series for v in s), default=0)
    low = min((v for s in series for v in s), default=0)
    data = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=0)]
            + [fch.LineChartDataPoint(x=r + 1, y=v) for r, v in enumerate(s)],
            color=color(i), stroke_width=3, point=True,
        )
        for i, s in enumerate(series)
    ]
    chart = fch.LineChart(
        data_series=data,
        min_x=0, max_x=max(1, rounds), min_y=min(0, low), max_y=ceiling(max(10, top) * 1.05),
        left_axis=fch.ChartAxis(label_size=40),
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=r, label=ft.Text(str(r), size=11))
                    for r in range(rounds + 1)],
            label_size=24,
        ),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False,
        height=220,
        key=key,
    )
    return ft.Column([chart, legend(names)], spacing=6)


def bars_chart(
    labels: Sequence[str], values: Sequence[float], *, key: str, top: float | None = None
) -> ft.Control:
    """One bar per label; ``top`` fixes the scale (100 for percentages)."""
    top = top if top is not None else max((abs(v) for v in values), default=0) * 1.15
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(x=i, rods=[fch.BarChartRod(to_y=v, width=22, color=color(i),
                                                        border_radius=ft.BorderRadius.all(4))])
            for i, v in enumerate(values)
        ],
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=i, label=ft.Text(label[:8], size=11))
                    for i, label in enumerate(labels)],
            label_size=28,
        ),
        left_axis=fch.ChartAxis(label_size=40),
        max_y=max(1.0, top),
        min_y=min(0.0, min(values, default=0) * 1.15),
        interactive=False,
        height=200,
        key=key,
    )
    return chart
