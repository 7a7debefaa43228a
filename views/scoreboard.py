"""Round result and scoreboard: points per round, totals, places with the tie-break reason,
a chart of the totals, who deals next; at the end, the winners and a rematch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from views.charts import totals_chart
from views.common import CARD_FONT, Handler, Tr, big_button, panes, screen, section


@dataclass(frozen=True)
class Place:
    place: int  # 1 = first
    name: str
    total: str
    reason: str  # why this place ("tied on 10 points with Ana, more cards")


@dataclass(frozen=True)
class ScoreData:
    route: str
    title: str
    headline: str  # "Bea wins the match" / "After round 3"
    names: tuple[str, ...]
    rounds: tuple[tuple[str, ...], ...]  # per round: each seat's cell ("12", "12 ★")
    totals: tuple[str, ...]
    places: tuple[Place, ...]
    round_notes: tuple[str, ...]  # the last round's result in words
    series: tuple[tuple[int, ...], ...]  # per seat: running totals after each round
    next_dealer: str  # "Cid deals next" or ""
    finished: bool
    playing: bool  # a round is under way (the button goes back to the table)
    game: str = ""  # the game's key: its own word for a round ("hand" in 41 and Samba)
    colours: tuple[str, ...] = ()  # per seat: the player's colour (#RRGGBB), "" for none
    round_marks: tuple[str, ...] = ()  # per round: a short word ("corrected"), "" for none


def round_words(t: Tr, game: str) -> dict[str, str]:
    """What ``game`` calls one deal played and scored, in ``t``'s language: ``word`` and
    ``words`` ("hand", "hands"; "donne", "donnes"), the fields of the texts that speak of
    rounds. A game without its own word (or no game) says "round"."""

    def pick(key: str) -> str:
        if game:
            try:
                return t(f"{key}.{game}")
            except KeyError:
                pass
        return t(key)

    return {"word": pick("word.round"), "words": pick("word.rounds")}


def heading(text: str) -> str:
    """``text`` with a capital first letter (a text may begin with a game's word)."""
    return text[:1].upper() + text[1:]


def score_table(names: Sequence[str], rounds: Sequence[Sequence[str]],
                totals: Sequence[str], t: Tr, marks: Sequence[str] = (),
                on_round: Callable[[int], None] | None = None) -> ft.Control:
    """The points of each round and the totals; a round's row opens it (``on_round(index)``)
    when given, and shows its mark ("corrected") under its number."""

    def number(r: int) -> ft.Control:
        mark = marks[r] if r < len(marks) else ""
        if not mark:
            return ft.Text(str(r + 1))
        return ft.Column([ft.Text(str(r + 1)),
                          ft.Text(mark, size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)],
                         spacing=0, tight=True)

    def opener(r: int) -> Any:
        return None if on_round is None else (lambda _e: on_round(r))

    table = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text("#"))]
        + [ft.DataColumn(label=ft.Text(n, weight=ft.FontWeight.BOLD), numeric=True) for n in names],
        rows=[
            ft.DataRow(cells=[ft.DataCell(number(r))]
                       + [ft.DataCell(ft.Text(c, font_family=CARD_FONT)) for c in cells],
                       on_select_change=opener(r), key=f"round-{r}")
            for r, cells in enumerate(rounds)
        ]
        + [ft.DataRow(cells=[ft.DataCell(ft.Text(t("score.total"), weight=ft.FontWeight.BOLD))]
                      + [ft.DataCell(ft.Text(x, weight=ft.FontWeight.BOLD, key=f"total-{i}"))
                         for i, x in enumerate(totals)])],
        column_spacing=18, heading_row_height=40, data_row_min_height=48, data_row_max_height=56,
        show_checkbox_column=False, key="score-table",
    )
    return ft.Row([table], scroll=ft.ScrollMode.AUTO)


def _places(t: Tr, data: ScoreData) -> ft.Control:
    return section(
        t("score.places"),
        *[ft.Row([_dot(dict(zip(data.names, data.colours, strict=False)).get(p.name, "")),
                  ft.Text(f"{p.place}.", size=18, weight=ft.FontWeight.BOLD, width=32),
                  ft.Column([ft.Text(f"{p.name} · {p.total}", size=17, weight=ft.FontWeight.W_600),
                             *([ft.Text(p.reason, size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
                               if p.reason else [])], spacing=0, expand=True)],
                 key=f"place-{i}")
          for i, p in enumerate(data.places)],
    )


def _dot(colour: str) -> ft.Control:
    """The player's colour beside the place (the name beside it says who it is)."""
    return ft.Container(width=12, height=12, border_radius=ft.BorderRadius.all(6),
                        bgcolor=colour or ft.Colors.TRANSPARENT)


def _rounds(t: Tr, data: ScoreData,
            on_round: Callable[[int], None] | None = None) -> list[ft.Control]:
    """The points of each round and the chart of the totals (none before a round is played)."""
    if not data.rounds:
        return []
    words = round_words(t, data.game)
    return [section(heading(t("score.rounds", **words)),
                    score_table(data.names, data.rounds, data.totals, t, data.round_marks,
                                on_round)),
            section(heading(t("score.chart", **words)),
                    totals_chart(data.names, data.series, key="totals-chart"))]


def standings(t: Tr, data: ScoreData) -> list[ft.Control]:
    """The scoreboard in short: where the match stands, the places, the rounds and the chart;
    beside the table on a wide screen."""
    return [ft.Text(data.headline, size=20, weight=ft.FontWeight.BOLD, key="headline"),
            _places(t, data), *_rounds(t, data)]


def scoreboard_view(
    t: Tr,
    data: ScoreData,
    *,
    on_continue: Handler | None,
    on_rematch: Handler | None,
    on_home: Handler,
    on_back: Handler,
    extra: Sequence[ft.Control] = (),
    on_round: Callable[[int], None] | None = None,
) -> ft.View:
    """The places beside the rounds and the chart on a wide screen, one under the other on a
    phone."""
    words = round_words(t, data.game)
    first: list[ft.Control] = [
        ft.Text(data.headline, size=24, weight=ft.FontWeight.BOLD, key="headline"),
    ]
    if data.round_notes:
        first.append(section(heading(t("score.last_round", **words)),
                             *[ft.Text(n, key=f"round-note-{i}")
                               for i, n in enumerate(data.round_notes)]))
    first.append(_places(t, data))
    second = _rounds(t, data, on_round)
    if data.next_dealer:
        second.append(ft.Text(data.next_dealer, size=16, key="next-dealer"))
    second.extend(extra)
    bottom = ft.Column(spacing=8)
    if on_continue is not None:
        bottom.controls.append(big_button(
            t("score.back_to_table") if data.playing
            else heading(t("score.next_round", **words)), on_continue,
            key="continue", icon=ft.Icons.PLAY_ARROW))
    if on_rematch is not None:
        bottom.controls.append(big_button(t("score.rematch"), on_rematch, key="rematch",
                                          icon=ft.Icons.REPLAY))
    bottom.controls.append(big_button(t("score.home"), on_home, key="home", icon=ft.Icons.HOME,
                                      primary=False))
    return screen(data.route, data.title, [panes(first, second)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=6)
