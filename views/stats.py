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


@dataclass(frozen=True)
class PlayerFigures:
    """One player's own figures of a game (in the order of :attr:`GameFigures.keys`; None:
    an average of nothing)."""

    name: str
    colour: str
    matches: int  # matches at the table the figures come from
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class GameFigures:
    """A game's own figures per player, from its finished matches at the table."""

    game: str
    keys: tuple[str, ...]  # what each value is (``stats.fig.<key>``); the first: out of what
    rows: tuple[PlayerFigures, ...]
    matches: int
    # in words (None, (): said here by their keys): what the figures mean ("": nothing), and
    # each key's name
    note: str | None = None
    names: tuple[str, ...] = ()


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
    figures: GameFigures | None = None,
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
                ft.Text("—" if r.best is None else whole(r.best)),
                ft.Text("—" if r.worst is None else whole(r.worst)),
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
    if figures is not None and figures.rows:
        controls.append(figures_section(t, figures, dict(games).get(game, game)))
    return screen("/players", t("stats.title"), controls, on_back=on_back,
                  back_label=t("common.back"), split=5)


def _wins(t: Tr, row: PlayerStats) -> str:
    """``3 (75%)``, and how many of them were shared on a tie under it: ``1 shared``."""
    text = f"{row.wins} ({row.win_rate:.0%})"
    return f"{text}\n{t.plural('stats.shared', row.shared)}" if row.shared else text


def figures_section(t: Tr, figures: GameFigures, title: str) -> ft.Control:
    """Each player's own figures of the game, one block per player: the name, then each
    figure as a big number over its name, wrapping onto more lines on a narrow screen."""
    note = t(f"stats.figures_note.{figures.game}") if figures.note is None else figures.note
    blocks: list[ft.Control] = [
        ft.Text(t.plural("stats.figures_from", figures.matches), key="figures-from", size=14,
                color=ft.Colors.ON_SURFACE_VARIANT),
        *([ft.Text(note, size=14, key="figures-note", color=ft.Colors.ON_SURFACE_VARIANT)]
          if note else []),
    ]
    said = figures.names or tuple(t(f"stats.fig.{key}") for key in figures.keys)
    base, *keys = figures.keys  # the first: what the others are out of (rounds, hands...)
    for i, row in enumerate(figures.rows):
        out_of, *values = row.values
        pills = [
            _figure(name, "—" if value is None else whole(round(value, 1)), key=f"fig-{i}-{key}")
            for key, name, value in zip(keys, said[1:], values, strict=True)
        ]
        blocks.append(ft.Column([
            ft.Row([dot(row.colour),
                    ft.Text(row.name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(t("stats.out_of", what=said[0], n=whole(out_of or 0)),
                            size=14,
                            key=f"fig-{i}-{base}", color=ft.Colors.ON_SURFACE_VARIANT)],
                   spacing=8),
            ft.Row(pills, wrap=True, spacing=6, run_spacing=6),
        ], spacing=6, key=f"figures-{i}"))
    return section(t("stats.figures_title", game=title), *blocks, key="figures")


def _figure(label: str, value: str, *, key: str) -> ft.Control:
    """A number and what it counts, in a small box of its own (four in a row on a phone)."""
    return ft.Container(
        ft.Column([ft.Text(value, size=20, weight=ft.FontWeight.BOLD, key=key),
                   ft.Text(label, size=13, text_align=ft.TextAlign.CENTER)],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
        width=80, height=80, alignment=ft.Alignment.CENTER, border_radius=8,
        padding=ft.Padding.symmetric(vertical=4, horizontal=2),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def name_cell(name: str, colour: str, *, key: str, fill: bool = False) -> ft.Control:
    """A name with its player's colour as a dot before it (the name says who it is)."""
    if fill:  # in a cell of fixed width: the name wraps onto a second line
        return ft.Row([dot(colour), ft.Text(name, expand=True)], spacing=8, key=key)
    return ft.Row([dot(colour), ft.Text(name)], spacing=8, key=key, tight=True)
