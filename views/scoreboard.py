"""Round result and scoreboard: points per round, totals, places with the tie-break reason,
a chart of the totals, who deals next; at the end, the winners and a rematch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.charts import color, totals_chart
from views.common import CARD_FONT, Handler, Tr, big_button, dot, panes, screen, section
from views.grid import Line, frozen_table


@dataclass(frozen=True)
class Standing:
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
    places: tuple[Standing, ...]
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


NUMBER = 48  # the frozen column of round numbers
MARKED = 64  # the same when a round carries a mark ("corrected", one word a line)
CELL = 96  # a player's column: a 24-letter name in three lines at most, three on a phone
SHORT = 68  # the same when every name is short (8 letters at most): four fit on a phone
HEAD = 72  # the names' row


def score_table(names: Sequence[str], rounds: Sequence[Sequence[str]],
                totals: Sequence[str], t: Tr, marks: Sequence[str] = (),
                on_round: Callable[[int], None] | None = None,
                colours: Sequence[str] = ()) -> ft.Control:
    """The points of each round and the totals, the round numbers frozen at the left while
    the players' columns slide sideways when they do not all fit; a round's row opens it
    (``on_round(index)``) when given, and shows its mark ("corrected") under its number."""

    cell = SHORT if all(len(n) <= 8 for n in names) else CELL

    def number(r: int) -> ft.Control:
        mark = marks[r] if r < len(marks) else ""
        if not mark:
            return ft.Text(str(r + 1), size=15)
        return ft.Column([ft.Text(str(r + 1), size=15),
                          ft.Text(mark, size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT,
                                  text_align=ft.TextAlign.CENTER)],
                         spacing=0, tight=True,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def opener(r: int) -> Callable[[], None] | None:
        return None if on_round is None else (lambda: on_round(r))

    def name(i: int, text: str) -> ft.Control:
        return ft.Column([
            ft.Text(text, size=12, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER,
                    key=f"name-{i}"),
            ft.Container(height=4, width=cell - 24, bgcolor=color(i, colours),
                         border_radius=ft.BorderRadius.all(2)),
        ], spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.END)

    lines = [
        Line(number(r), [ft.Text(c, font_family=CARD_FONT, size=15) for c in cells],
             key=f"round-{r}", on_tap=opener(r))
        for r, cells in enumerate(rounds)
    ]
    lines.append(Line(ft.Text(t("score.total"), weight=ft.FontWeight.BOLD, size=13),
                      [ft.Text(x, weight=ft.FontWeight.BOLD, key=f"total-{i}", size=14,
                               text_align=ft.TextAlign.CENTER)
                       for i, x in enumerate(totals)], strong=True))
    return frozen_table(
        ft.Text("#", weight=ft.FontWeight.BOLD), [name(i, n) for i, n in enumerate(names)],
        lines, first=MARKED if any(marks) else NUMBER, widths=[cell] * len(names),
        head_height=HEAD,
        hint=t("score.slide", n=len(names)), key="score-table")


def _places(t: Tr, data: ScoreData) -> ft.Control:
    """One line per place: the colour, the place, the name and total, the reason cut to one
    line; a tap opens the whole reason."""
    colour = dict(zip(data.names, data.colours, strict=False))
    lines: list[ft.Control] = []
    for i, p in enumerate(data.places):
        # a tie names several players ("Ana and Bea"): a dot for each
        dots = [dot(colour[p.name])] if p.name in colour else [
            dot(c) for n, c in colour.items() if c and n in p.name] or [dot("")]
        lead = ft.Row([ft.Column(dots, spacing=2, tight=True),
                       ft.Text(f"{p.place}.", size=18, weight=ft.FontWeight.BOLD)],
                      spacing=8, tight=True, width=52)
        title = ft.Text(f"{p.name} · {p.total}", size=17, weight=ft.FontWeight.W_600)
        if not p.reason:
            lines.append(ft.ListTile(leading=lead, title=title, key=f"place-{i}",
                                     content_padding=ft.Padding.symmetric(horizontal=4)))
            continue
        lines.append(ft.ExpansionTile(
            leading=lead, title=title,
            subtitle=ft.Text(p.reason, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                             color=ft.Colors.ON_SURFACE_VARIANT),
            controls=[ft.Container(ft.Text(p.reason, size=14, key=f"reason-{i}"),
                                   padding=ft.Padding.only(left=60, right=8, bottom=8),
                                   alignment=ft.Alignment.CENTER_LEFT)],
            tile_padding=ft.Padding.symmetric(horizontal=4), key=f"place-{i}",
            shape=ft.RoundedRectangleBorder(radius=8),
            collapsed_shape=ft.RoundedRectangleBorder(radius=8),
        ))
    return section(t("score.places"), *lines)


def _last_round(t: Tr, data: ScoreData) -> list[ft.Control]:
    """The last round in one line (its first note: how it ended), all of it on a tap."""
    if not data.round_notes:
        return []
    words = round_words(t, data.game)
    return [ft.Card(ft.ExpansionTile(
        title=ft.Text(heading(t("score.last_round", **words)), size=16,
                      weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(data.round_notes[0], size=14, max_lines=1,
                         overflow=ft.TextOverflow.ELLIPSIS),
        controls=[ft.Container(
            ft.Column([ft.Text(n, key=f"round-note-{i}")
                       for i, n in enumerate(data.round_notes)], spacing=6),
            padding=ft.Padding.only(left=16, right=16, bottom=12),
            alignment=ft.Alignment.CENTER_LEFT)],
        key="last-round",
    ), semantic_container=False)]


def _rounds(t: Tr, data: ScoreData,
            on_round: Callable[[int], None] | None = None) -> list[ft.Control]:
    """The points of each round and the chart of the totals (none before a round is played)."""
    if not data.rounds:
        return []
    words = round_words(t, data.game)
    legend = [ft.Text(t("score.typed"), size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                      key="typed-legend")] if typed(data.rounds) else []
    return [section(heading(t("score.rounds", **words)),
                    score_table(data.names, data.rounds, data.totals, t, data.round_marks,
                                on_round, data.colours), *legend),
            section(heading(t("score.chart", **words)),
                    totals_chart(data.names, data.series, key="totals-chart",
                                 colours=data.colours, numbers=counted(data.rounds)))]


DELETED = "–"  # a deleted round's cells


def counted(rounds: Sequence[Sequence[str]]) -> list[int]:
    """The numbers of the rounds that count (not deleted), as their rows are numbered."""
    return [i for i, cells in enumerate(rounds, 1) if any(c != DELETED for c in cells)]


def deleted(rounds: Sequence[Sequence[str]]) -> bool:
    return any(cells and all(c == DELETED for c in cells) for cells in rounds)


def typed(rounds: Sequence[Sequence[str]]) -> bool:
    """Whether a cell holds typed points (marked ``*``)."""
    return any("*" in c for cells in rounds for c in cells)


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
    """The places (then the last round, in short) beside the rounds and the chart on a wide
    screen, one under the other on a phone."""
    words = round_words(t, data.game)
    first: list[ft.Control] = [
        ft.Text(data.headline, size=24, weight=ft.FontWeight.BOLD, key="headline"),
        _places(t, data), *_last_round(t, data),
    ]
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
