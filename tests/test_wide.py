"""Wide screens: the built screens read the way the client lays them out at a window width (a
phone, 400 px; a laptop, 1280 px). Two panes sit side by side from 900 px and stack below."""

from __future__ import annotations

from typing import Any

import flet as ft

from tests.test_views import t, table_data
from views.common import MAX_WIDTH, SPREAD, WIDE, children, find, panes, same_key, screen
from views.hands import HandEntryData, PlayerHand, card_grid, hands_view
from views.home import home_view
from views.scoreboard import ScoreData, Standing, scoreboard_view, standings
from views.table import table_view

PHONE, LAPTOP = 400, 1280
PACK = {r + s: 1 for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        for s in "SHDC"}


def spy(*_args: Any) -> None:
    """A callback that does nothing: these tests look at the layout only."""


def span(control: Any, row: ft.ResponsiveRow, width: int) -> float:
    """The columns ``control`` takes in ``row`` at a window ``width`` (as the client reads
    ``col``: the value of the widest breakpoint the window reaches)."""
    col = control.col
    if not isinstance(col, dict):
        return float(col)
    reached = [(row.breakpoints[name], value) for name, value in col.items()
               if row.breakpoints[name] <= width]
    return float(max(reached)[1]) if reached else 12.0


def lines(row: ft.ResponsiveRow, width: int) -> list[list[Any]]:
    """The children of ``row`` line by line at ``width``; a child of 0 columns is not shown."""
    out: list[list[Any]] = [[]]
    used = 0.0
    for c in row.controls:
        n = span(c, row, width)
        if n <= 0:
            continue
        if used + n > 12 and out[-1]:
            out.append([])
            used = 0.0
        out[-1].append(c)
        used += n
    return out


def holding(row: ft.ResponsiveRow, key: str) -> Any:
    """The child of ``row`` that holds the control keyed ``key``."""
    return next(c for c in row.controls if find(c, key) is not None)


def responsive(root: Any, key: str) -> ft.ResponsiveRow:
    """The innermost responsive row above the control keyed ``key``."""
    found: list[ft.ResponsiveRow] = []

    def walk(c: Any, above: ft.ResponsiveRow | None) -> bool:
        if same_key(getattr(c, "key", None), key):
            if above is not None:
                found.append(above)
            return True
        here = c if isinstance(c, ft.ResponsiveRow) else above
        return any(walk(x, here) for x in children(c))

    walk(root, None)
    assert found, f"no responsive row above {key}"
    return found[0]


def side_by_side(root: Any, a: str, b: str, width: int) -> bool:
    """Whether the controls keyed ``a`` and ``b`` show on one line at ``width``."""
    row = responsive(root, a)
    first, second = holding(row, a), holding(row, b)
    return any(first in line and second in line for line in lines(row, width))


def frame(view: ft.View) -> ft.Container:
    return view.controls[0].controls[0]


# -- the mechanism ----------------------------------------------------------------------------
def test_panes_stack_on_a_phone_and_sit_side_by_side_on_a_wide_screen() -> None:
    row = panes([ft.Text("a", key="a")], [ft.Text("b", key="b")], split=5)
    assert isinstance(row, ft.ResponsiveRow) and row.breakpoints["wide"] == WIDE
    assert [len(line) for line in lines(row, PHONE)] == [1, 1]
    assert [len(line) for line in lines(row, WIDE - 1)] == [1, 1]
    assert [len(line) for line in lines(row, WIDE)] == [2]
    assert [span(c, row, LAPTOP) for c in row.controls] == [5, 7]


def test_an_empty_pane_leaves_one_column() -> None:
    column = panes([ft.Text("a", key="a")], [])
    assert isinstance(column, ft.Column) and find(column, "a") is not None


def test_one_column_keeps_a_readable_width_and_two_panes_spread() -> None:
    single = screen("/x", "X", [ft.Text("a")])
    assert (frame(single).width, frame(single).expand_loose) == (MAX_WIDTH, True)
    double = screen("/x", "X", [ft.Text("a")], side=[ft.Text("b")])
    assert frame(double).width == SPREAD


def test_a_side_pane_shows_only_on_a_wide_screen() -> None:
    view = screen("/x", "X", [ft.Text("main", key="main")], side=[ft.Text("b", key="b")],
                  bottom=ft.Column([ft.Button("go", key="go")]))
    row = responsive(view, "b")
    assert [len(line) for line in lines(row, PHONE)] == [1]  # the side is not shown
    assert find(lines(row, PHONE)[0][0], "main") is not None
    assert side_by_side(view, "main", "b", LAPTOP) and side_by_side(view, "go", "b", LAPTOP)


def test_the_bottom_under_two_panes_lines_its_buttons_up_on_a_wide_screen() -> None:
    bottom = ft.Column([ft.Text("why", key="why"), ft.Button("a", key="a"),
                        ft.Button("b", key="b")], spacing=8)
    view = screen("/x", "X", [panes([ft.Text("1")], [ft.Text("2")])], bottom=bottom, split=6)
    row = responsive(view, "a")
    assert [len(line) for line in lines(row, PHONE)] == [1, 1, 1]  # the phone's column
    assert [len(line) for line in lines(row, LAPTOP)] == [1, 2]  # the text, then the buttons


# -- the screens ------------------------------------------------------------------------------
def score_data() -> ScoreData:
    return ScoreData(
        route="/match/m/score", title="Scores", headline="After round 1",
        names=("Ana", "Bea"), rounds=(("3", "0 ★"),), totals=("3 pts", "0 pts"),
        places=(Standing(1, "Bea", "0 pts", ""), Standing(2, "Ana", "3 pts", "")),
        round_notes=("Bea won",), series=((3,), (0,)), next_dealer="Bea deals next",
        finished=False, playing=False,
    )


def test_the_table_sits_beside_its_standings_on_a_wide_screen_only() -> None:
    data = table_data()
    view = table_view(t, data, on_action=spy, on_undo=spy, on_scores=spy,
                      on_back=spy, side=standings(t, score_data()))
    assert side_by_side(view, "prompt", "place-0", LAPTOP)
    assert side_by_side(view, "act-pay", "totals-chart", LAPTOP)
    row = responsive(view, "place-0")
    assert all(find(c, "place-0") is None for line in lines(row, PHONE) for c in line)
    alone = table_view(t, data, on_action=spy, on_undo=spy, on_scores=spy, on_back=spy)
    assert frame(alone).width == MAX_WIDTH


def test_the_card_grid_sits_beside_the_hand_on_a_wide_screen() -> None:
    data = HandEntryData(
        route="/match/m/hands", title="Hands",
        players=(PlayerHand("Ana", ("AS",), 11, "1 card", None, False),
                 PlayerHand("Bea", (), 0, "0 cards", None, False)),
        current=0, copies=PACK,
    )
    view = hands_view(t, data, on_player=spy, on_card=spy, on_undo_card=spy,
                      on_clear=spy, on_save=spy, on_back=spy)
    assert side_by_side(view, "hand-cards", "grid", LAPTOP)
    assert not side_by_side(view, "hand-cards", "grid", PHONE)
    panes_row, pinned = responsive(view, "grid"), responsive(view, "save")
    grid_pane = holding(panes_row, "grid")
    assert span(holding(pinned, "save"), pinned, LAPTOP) == span(grid_pane, panes_row, LAPTOP) == 7


def test_the_card_grid_puts_two_ranks_a_row_on_a_wide_screen() -> None:
    copies = {r + s: 1 for r in ("A", "K", "Q") for s in "SHDC"} | {"JK": 2}
    grid = card_grid([], copies, print)
    assert [len(line) for line in lines(grid, PHONE)] == [4, 4, 4, 1]
    assert [len(line) for line in lines(grid, LAPTOP)] == [8, 4, 1]


def test_the_scoreboard_puts_the_places_beside_the_chart_on_a_wide_screen() -> None:
    view = scoreboard_view(t, score_data(), on_continue=spy, on_rematch=None,
                           on_home=spy, on_back=spy)
    assert side_by_side(view, "place-0", "totals-chart", LAPTOP)
    assert not side_by_side(view, "place-0", "totals-chart", PHONE)


def test_home_shows_two_columns_of_actions_on_a_wide_screen() -> None:
    view = home_view(t, unfinished=[], problems=[], on_dismiss=spy, on_open=spy,
                     on_new=spy, on_play=spy, on_lab=spy,
                     on_history=spy, on_players=spy, on_rules=spy, on_settings=spy,
                     on_import=spy)
    assert side_by_side(view, "history", "settings", LAPTOP)
    assert not side_by_side(view, "history", "settings", PHONE)
    assert side_by_side(view, "new", "play", LAPTOP)  # pinned under the list, side by side
    assert not side_by_side(view, "new", "play", PHONE)


def test_the_stats_keep_the_names_on_a_phone_and_say_the_last_columns_slide() -> None:
    from views.grid import PHONE as ROOM
    from views.stats import NAME, STATS_PANE, WIDTHS, PlayerStats, stats_view

    rows = [PlayerStats(n, 4, 2, 1, 0.5, 8, 12.5, 0, 40) for n in ("Ana", "Bea", "Cid")]
    view = stats_view(t, games=[("kartu_sama", "Kartu Sama")], game="kartu_sama", rows=rows,
                      lower_is_better=True, on_game=spy, on_back=spy)
    hint = responsive(view, "stats-table-more")
    assert [len(line) for line in lines(hint, PHONE)] == [1]  # "slide" said on a phone
    assert lines(hint, LAPTOP) == [[]]  # all columns show beside the chart: nothing to say
    assert NAME + sum(WIDTHS.values()) > ROOM and NAME + sum(WIDTHS.values()) <= STATS_PANE
    slide = find(view, "stats-table-slide")
    assert slide.scroll == ft.ScrollMode.ALWAYS  # the scroll bar is drawn, not only on touch
    assert find(slide, "name-0") is None and find(find(view, "stats-table-first"), "name-2")
    assert side_by_side(view, "stats-chart", "stats-table", LAPTOP)
    assert not side_by_side(view, "stats-chart", "stats-table", PHONE)
