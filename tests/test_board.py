"""Scoreboards for 2 to 8 players with long names, the stats table, the charts' axes and the
rule lab's screen, built without a page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import flet_charts as fch
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import Translator
from app.lab import scrolling
from views.charts import (
    PALETTE,
    SERIES,
    Series,
    bars_chart,
    rates_chart,
    spread_chart,
    ticks,
    totals_chart,
    whole,
)
from views.common import find
from views.grid import PHONE, WIDE_PANE
from views.lab import RESULTS, Figure, Histogram, LabData, LabHandlers, Rates, Topic, lab_view
from views.scoreboard import (
    CELL,
    HEAD,
    MARKED,
    NUMBER,
    SHORT,
    ScoreData,
    Standing,
    scoreboard_view,
)
from views.setup import OptionRow
from views.stats import PlayerStats, stats_view

t = Translator("en")
LONG = ("Maria-Fernanda Gonçalves", "Bartholomew Okonkwo-Sami", "Christabel Wijayakusuma",
        "Dominique Laurent-Duval", "Evangelina Sutrisnowati", "Fitzgerald Abernathy-Koh",
        "Giovannantonio Mastrangel", "Hendrikus van der Waalsk")
COLOURS = ("#43A047", "#1E88E5", "#FB8C00", "#8E24AA", "#E53935", "#00897B", "#6D4C41",
           "#D81B60")


def walk(control: Any) -> list[Any]:
    """Every control under ``control``, itself first."""
    out = [control]
    for name in ("controls", "content", "leading", "title", "subtitle"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            if isinstance(c, ft.Control):
                out += walk(c)
    return out


def lines_of(text: str, width: float, size: float) -> int:
    """How many lines ``text`` takes in ``width`` px at ``size`` px, breaking at spaces and
    after hyphens (an average bold glyph is taken as 0.6 of the size: wide for these
    names)."""
    per_line = int(width // (size * 0.6))
    words = text.replace("-", "- ").split(" ")
    lines, used = 1, 0
    for word in words:
        need = len(word) + (1 if used else 0)
        if used and used + need > per_line:
            lines, used = lines + 1, 0
        while len(word) > per_line:  # a word longer than a line breaks inside
            lines, word = lines + 1, word[per_line:]
        used += len(word) + (1 if used else 0)
    return lines


def board(players: int, *, marks: tuple[str, ...] = (), on_round: Any = None,
          names: tuple[str, ...] = ()) -> ft.View:
    names = names or LONG[:players]
    rounds = tuple(tuple(f"{(r + 1) * (s + 2)}{' ★' if s == r else ''}" for s in range(players))
                   for r in range(3))
    data = ScoreData(
        route="/match/m/score", title="Scores", headline="After round 3", names=names,
        rounds=rounds, totals=tuple(t.plural("table.points", 6 * (s + 2))
                                    for s in range(players)),
        places=tuple(Standing(i + 1, n, "12 points",
                           f"{n}: fewest points, then fewer cards in the last round")
                     for i, n in enumerate(names)),
        round_notes=tuple(f"{n} held 3 cards: 12 points" for n in names),
        series=tuple(tuple((r + 1) * (s + 2) for r in range(3)) for s in range(players)),
        next_dealer="", finished=False, playing=False, colours=COLOURS[:players],
        round_marks=marks,
    )
    return scoreboard_view(t, data, on_continue=print, on_rematch=None, on_home=print,
                           on_back=print, on_round=on_round)


@pytest.mark.parametrize("players", range(2, 9))
def test_every_long_name_shows_whole_at_the_head_of_its_column(players: int) -> None:
    view = board(players)
    for i, name in enumerate(LONG[:players]):
        shown = find(view, f"name-{i}")
        assert shown.value == name
        assert shown.max_lines is None and shown.no_wrap is not True  # wraps, never cut
        # three lines at most in the column's width fit in the names' row
        assert lines_of(name, CELL - 8, shown.size) <= 3
        assert 3 * shown.size * 1.35 + 8 <= HEAD


@pytest.mark.parametrize("players", range(2, 9))
def test_the_round_numbers_stay_while_the_points_slide(players: int) -> None:
    view = board(players)
    first, slide = find(view, "score-table-first"), find(view, "score-table-slide")
    assert slide.scroll == ft.ScrollMode.ALWAYS  # a scroll bar drawn whenever it can scroll
    frozen = walk(first)
    assert all(find(first, f"round-{r}") is not None for r in range(3))
    assert any(getattr(c, "value", None) == "Total" for c in frozen)
    assert all(find(first, f"total-{i}") is None for i in range(players))
    assert all(find(slide, f"total-{i}") is not None for i in range(players))
    assert len(first.controls) == len(slide.controls[0].controls)  # rows level on both sides
    hint = find(view, "score-table-more")
    width = NUMBER + players * CELL
    assert hint.col["xs"] == (0 if width <= PHONE else 12)
    assert hint.col["wide"] == (0 if width <= WIDE_PANE else 12)
    assert hint.controls[1].value == f"Slide sideways to see all {players} players"


def test_two_players_fit_a_phone_and_six_show_the_hint() -> None:
    assert find(board(2), "score-table-more").col["xs"] == 0
    assert find(board(3), "score-table-more").col["xs"] == 0
    assert find(board(6), "score-table-more").col == {"xs": 12, "wide": 12}


def test_four_short_names_fit_a_phone_marks_and_all_and_five_slide() -> None:
    four = ("Ana", "Bea", "Cid", "Dominik")
    assert NUMBER + 4 * SHORT <= PHONE and MARKED + 4 * SHORT <= PHONE
    assert find(board(4, names=four), "score-table-more").col["xs"] == 0
    marked = board(4, names=four, marks=("corrected", "", ""))
    assert find(marked, "score-table-more").col["xs"] == 0
    five = (*four, "Eko")
    assert find(board(5, names=five), "score-table-more").col["xs"] == 12


def test_a_round_row_opens_the_round_and_shows_its_mark() -> None:
    opened: list[int] = []
    view = board(4, marks=("", "corrected", ""), on_round=opened.append)
    find(view, "round-1").on_click(None)
    assert opened == [1]
    assert "corrected" in [getattr(c, "value", None) for c in walk(find(view, "round-1"))]


def test_each_place_is_one_line_and_its_whole_reason_on_a_tap() -> None:
    view = board(6)
    for i, name in enumerate(LONG[:6]):
        place = find(view, f"place-{i}")
        assert isinstance(place, ft.ExpansionTile)
        assert place.subtitle.max_lines == 1
        assert place.title.value.startswith(name)
        assert place.leading.controls[0].controls[0].bgcolor == COLOURS[i]
        assert find(place.controls[0], f"reason-{i}").value.endswith("in the last round")


def test_the_last_round_is_one_line_under_the_places() -> None:
    view = board(6)
    shown = walk(view)
    last, places = find(view, "last-round"), find(view, "place-5")
    assert shown.index(places) < shown.index(last) < shown.index(find(view, "score-table"))
    assert last.subtitle.max_lines == 1 and not last.expanded
    assert find(last.controls[0], "round-note-5").value.startswith(LONG[5])


def test_the_chart_draws_each_player_in_their_colour_with_a_legend() -> None:
    chart = totals_chart(("Ana", "Bea", "Cid"), ((3, 9), (5, 5), (0, 40)), key="c",
                         colours=("#111111", "", "#333333"))
    line = find(chart, "c")
    assert [d.color for d in line.data_series] == ["#111111", PALETTE[1], "#333333"]
    labels = [a.value for a in line.left_axis.labels]
    assert labels == [0, 10, 20, 30, 40] and line.max_y == 40
    assert [c.controls[1].value for c in find(chart, "legend").controls] == ["Ana", "Bea", "Cid"]


def test_a_long_match_labels_at_most_nine_rounds() -> None:
    chart = totals_chart(("Ana",), (tuple(range(30)),), key="c")
    assert len(find(chart, "c").bottom_axis.labels) <= 9


@given(st.integers(-2000, 2000), st.integers(0, 5000), st.integers(2, 8))
def test_axis_ticks_are_few_even_round_and_cover_the_values(low: int, span: int,
                                                             most: int) -> None:
    marks = ticks(low, low + span, most)
    assert marks[0] <= low and marks[-1] >= low + span
    assert 2 <= len(marks) <= most + 2
    gaps = {b - a for a, b in zip(marks, marks[1:], strict=False)}
    assert len(gaps) == 1
    gap = gaps.pop()
    assert str(gap)[0] in "125" and set(str(gap)[1:]) <= {"0"}
    assert all(m % gap == 0 for m in marks)


def test_whole_numbers_have_no_decimal_point() -> None:
    assert (whole(12.0), whole(12), whole(10.5), whole(-3.0)) == ("12", "12", "10.5", "\u22123")
    bars = bars_chart(("Ana", "Bea"), (50.0, 12.5), key="b", top=100, unit="%")
    values = [c.value for c in walk(bars) if isinstance(c, ft.Text)]
    assert values == ["Ana", "50%", "Bea", "12.5%"]


def test_the_stats_keep_the_names_while_the_figures_slide() -> None:
    rows = [PlayerStats(n, 4, 2, 0, 0.5, 8, 12.0, 0, 40, COLOURS[i])
            for i, n in enumerate(LONG[:6])]
    view = stats_view(t, games=[("kartu_sama", "Kartu Sama")], game="kartu_sama", rows=rows,
                      lower_is_better=True, on_game=print, on_back=print)
    first, slide = find(view, "stats-table-first"), find(view, "stats-table-slide")
    assert find(first, "name-5") is not None and find(slide, "name-5") is None
    assert find(slide, "wins-0").value == "2 (50%)"
    assert find(slide, "average-0").value == "12"  # not 12.0
    assert find(view, "stats-table-more").col["xs"] == 12  # the last column is off a phone
    assert find(view, "stats-table-more").controls[1].value == t("stats.slide")


def test_each_seats_rate_is_a_bar_per_run_with_its_interval() -> None:
    """Solid to the interval's low end, pale over the interval, a dark line at the figure; the
    dashed lines at an even share (25%: four seats) and its multiples."""
    base = Series("Usual rules", (20.0, 30.0, 25.0, 25.0), (16.0, 26.0, 21.0, 21.0),
                  (24.0, 34.0, 29.0, 29.0))
    variant = Series("These rules", (22.0, 28.0, 24.0, 26.0), (18.0, 24.0, 20.0, 22.0),
                     (26.0, 32.0, 28.0, 30.0))
    view = rates_chart(("1", "2", "3", "4"), (base, variant), key="r", even=25.0, axis="Seat")
    chart = find(view, "r")
    assert isinstance(chart, fch.BarChart) and len(chart.groups) == 4
    rods = chart.groups[1].rods
    assert [r.stack_items[0].color for r in rods] == list(SERIES)
    assert all(r.color == ft.Colors.TRANSPARENT for r in rods)  # only its parts are painted
    solid, pale, mark = rods[0].stack_items
    assert (solid.from_y, solid.to_y) == (0, 26.0) and (pale.from_y, pale.to_y) == (26.0, 34.0)
    assert mark.from_y < 30.0 < mark.to_y and rods[0].to_y == 34.0
    assert chart.horizontal_grid_lines.interval == 25.0 and chart.max_y == 50.0
    labels = [a.label.value for a in chart.left_axis.labels]
    assert labels == ["0%", "25%", "50%"]
    assert [a.label.value for a in chart.bottom_axis.labels] == ["1", "2", "3", "4"]
    said = [c.value for c in walk(view) if isinstance(c, ft.Text)]
    assert "Usual rules" in said and "These rules" in said  # the legend


def test_distributions_are_drawn_over_each_other_on_the_same_bins() -> None:
    edges = ((0, 9), (10, 19), (20, 29), (30, 39))
    runs = (Series("Usual rules", (10.0, 40.0, 30.0, 20.0)),
            Series("These rules", (25.0, 45.0, 20.0, 10.0)))
    chart = find(spread_chart(edges, runs, key="h", unit=" %"), "h")
    assert isinstance(chart, fch.LineChart) and len(chart.data_series) == 2
    outline = chart.data_series[1]
    assert outline.step_direction == 0.0 and outline.color == SERIES[1]
    points = [(p.x, p.y) for p in outline.points]
    assert points == [(0, 0), (0, 25.0), (10, 45.0), (20, 20.0), (30, 10.0), (40, 10.0),
                      (40, 0)]  # a step per bin, closed at both ends
    assert (chart.min_x, chart.max_x, chart.max_y) == (0, 40, 60)
    assert [a.label.value for a in chart.left_axis.labels] == ["0 %", "20 %", "40 %", "60 %"]
    assert [a.value for a in chart.bottom_axis.labels] == [0, 10, 20, 30, 40]
    assert find(spread_chart((), runs, key="e"), "e") is not None  # no values: empty


def lab_data(**changes: Any) -> LabData:
    base: dict[str, Any] = dict(
        games=(("samba", "Samba"),), game="samba", options=(),
        players=OptionRow("players", "int", 4, "Seats at the table", "", 2, 6),
        kinds=("random",) * 4, levels=(("random", "Random"), ("simple", "Quick")),
        running=False, progress=0.0, status="",
    )
    return LabData(**(base | changes))


def lab(data: LabData) -> ft.View:
    return lab_view(t, data, LabHandlers(
        on_game=print, on_option=print, on_kind=print, on_every=print, on_run=print,
        on_compare=print, on_keep=print, on_stop=print, on_back=print, on_csv=print,
        on_png=print))


def test_the_lab_shows_its_progress_pinned_and_run_disabled_while_it_runs() -> None:
    view = lab(lab_data(running=True, progress=0.25, status="Playing game 50 of 200…"))
    assert find(view, "lab-progress").value == 0.25
    assert find(view, "lab-status").value == "Playing game 50 of 200…"
    assert find(view, "lab-run").disabled and find(view, "lab-stop") is not None
    body = scrolling(view)
    assert body is not None and find(body, "lab-progress") is None  # pinned, always in view


def test_the_lab_shows_distributions_under_its_results_heading() -> None:
    view = lab(lab_data(results="Results", summary=("200 games",),
                        groups=(Topic("Who wins", (Figure("round_win_rate_by_seat.0",
                                                          "Seat 1 wins a round",
                                                          "50.0% (± 7.0)"),)),),
                        rates=Rates("Who wins a match", "Each seat's share…", ("1", "2"),
                                    "Seat", 50.0, (Series("These rules", (60.0, 40.0),
                                                          (50.0, 30.0), (70.0, 50.0)),)),
                        histograms=(Histogram("Rounds per game", "The share of matches…",
                                              ((1, 1), (2, 2)),
                                              (Series("These rules", (75.0, 25.0)),)),)))
    results = scrolling(view).controls[-1]
    assert results.key == RESULTS
    assert find(results, "lab-histogram-0") is not None and find(results, "lab-group-0")
    order = [c.key for c in results.controls]
    assert order.index("lab-rates-section") < order.index("lab-group-0")  # shapes first
    assert isinstance(find(results, "lab-rates"), fch.BarChart)
    assert find(results, "lab-value-round_win_rate_by_seat.0").value == "50.0% (± 7.0)"
    assert not find(view, "lab-run").disabled
    assert find(lab_data_view_idle(), "lab-progress") is None


def lab_data_view_idle() -> ft.View:
    return lab(lab_data())


def test_a_tied_place_shows_the_colour_of_each_player_in_it() -> None:
    data = ScoreData(
        route="/match/m/score", title="Scores", headline="After round 1",
        names=("Ana", "Bea", "Cid"), rounds=(("3", "3", "0 ★"),), totals=("3", "3", "0"),
        places=(Standing(1, "Cid", "0", ""), Standing(2, "Ana and Bea", "3", "tied")),
        round_notes=(), series=((3,), (3,), (0,)), next_dealer="", finished=False,
        playing=False, colours=("#111111", "#222222", "#333333"))
    view = scoreboard_view(t, data, on_continue=None, on_rematch=None, on_home=print,
                           on_back=print)
    dots = find(view, "place-1").leading.controls[0].controls
    assert [d.bgcolor for d in dots] == ["#111111", "#222222"]


def test_the_lab_says_off_where_a_zero_is_no_count(tmp_path: Path) -> None:
    from app.lab import Lab
    from tests.fakes import FakeShell

    lab = Lab(FakeShell(tmp_path))  # type: ignore[arg-type]
    lab.game = "samba"
    rows = {r.key: r for r in lab.data().options}
    assert (rows["hands"].value, rows["hands"].zero) == (0, "Off")  # not "Fixed hands 0"
    assert rows["target"].zero == ""  # a plain count
    assert find(lab.view(), "opt-hands-value").value == "Off"
