"""Players: statistics per player and per game, with a chart."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.charts import bars_chart, whole
from views.common import Handler, Tr, choices, dot, panes, screen, section
from views.grid import Line, frozen_table

NAME = 132  # the frozen column of names: a 24-letter name in two lines
STATS_PANE = 600  # the table's pane on a laptop: 7 of 12 columns
WIDTHS = {"matches": 76, "wins": 112, "average": 76, "best": 64, "worst": 64}


@dataclass(frozen=True)
class PlayerStats:
    name: str
    matches: int
    wins: int  # matches won, ties included
    shared: int  # of which won together with someone else
    win_rate: float  # 0..1
    rounds: int
    average: float  # average round points
    best: int | None
    worst: int | None
    colour: str = ""  # the player's colour (#RRGGBB), shown as a dot beside the name


def stats_view(
    t: Tr,
    *,
    games: Sequence[tuple[str, str]],
    game: str,
    rows: Sequence[PlayerStats],
    lower_is_better: bool,
    on_game: Callable[[str], None],
    on_back: Handler,
    people: Sequence[tuple[str, str]] = (),
    on_person: Callable[[str], None] | None = None,
) -> ft.View:
    picker = choices(games, game, on_game, key="stats-game")
    controls: list[ft.Control] = [picker]
    if people and on_person is not None:
        controls.append(section(t("people.title"), *[
            ft.TextButton(content=name_cell(name, colour, key=f"person-name-{i}"),
                          key=f"person-{i}", tooltip=t("people.change", name=name),
                          height=48, on_click=lambda _e, n=name: on_person(n))
            for i, (name, colour) in enumerate(people)
        ], key="people"))
    if not rows:
        controls.append(ft.Text(t("stats.empty"), key="empty", size=16))
    else:
        chart = section(
            t("stats.win_rate"),
            bars_chart([r.name for r in rows], [round(r.win_rate * 100) for r in rows],
                       key="stats-chart", top=100, colours=[r.colour for r in rows], unit="%"),
        )
        columns = ("matches", "wins", "average", "best", "worst")
        lines = [
            Line(name_cell(r.name, r.colour, key=f"name-{i}", fill=True), [
                ft.Text(str(r.matches), key=f"matches-{i}"),
                ft.Text(_wins(t, r), key=f"wins-{i}", text_align=ft.TextAlign.CENTER),
                ft.Text(whole(round(r.average, 1)), key=f"average-{i}"),
                ft.Text("—" if r.best is None else str(r.best)),
                ft.Text("—" if r.worst is None else str(r.worst)),
            ])
            for i, r in enumerate(rows)
        ]
        table = frozen_table(
            ft.Text(t("stats.name"), weight=ft.FontWeight.BOLD),
            [ft.Text(t(f"stats.{c}"), weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
             for c in columns],
            lines, first=NAME, widths=[WIDTHS[c] for c in columns], head_height=48, row=56,
            hint=t("stats.slide"), key="stats-table", wide=STATS_PANE)
        controls.append(panes(  # the chart beside the table on a wide screen
            [chart],
            [table,
             ft.Text(t("stats.note" if lower_is_better else "stats.note_higher",
                       game=dict(games).get(game, game)), key="stats-note", size=12,
                     color=ft.Colors.ON_SURFACE_VARIANT)],
            split=5,
        ))
    return screen("/players", t("stats.title"), controls, on_back=on_back,
                  back_label=t("common.back"), split=5)


def _wins(t: Tr, row: PlayerStats) -> str:
    """``3 (75%)``, and how many of them were shared on a tie: ``3 (75%) · 1 shared``."""
    text = f"{row.wins} ({row.win_rate:.0%})"
    return f"{text} · {t.plural('stats.shared', row.shared)}" if row.shared else text


def name_cell(name: str, colour: str, *, key: str, fill: bool = False) -> ft.Control:
    """A name with its player's colour as a dot before it (the name says who it is)."""
    if fill:  # in a cell of fixed width: the name wraps onto a second line
        return ft.Row([dot(colour), ft.Text(name, expand=True)], spacing=8, key=key)
    return ft.Row([dot(colour), ft.Text(name)], spacing=8, key=key, tight=True)


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
        ft.IconButton(
            ft.Icons.CHECK if i == colour else ft.Icons.CIRCLE, key=f"colour-{i}",
            icon_color=c, tooltip=t("people.colour", n=i + 1), width=48, height=48,
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
