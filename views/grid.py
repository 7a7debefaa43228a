"""A table whose first column stays put while the others slide sideways.

A phone shows two or three columns of points beside the round numbers; with more players the
columns slide under a scroll bar that is always drawn, and a line above the table says that
there is more to see. Rows are laid out at fixed heights so the frozen column and the sliding
part stay level."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import BREAKPOINTS

ROW = 52  # a row's height: a number and a short word under it, a 48 px touch target
PHONE = 340  # the width a phone (400 px) leaves a table inside a screen's card
WIDE_PANE = 520  # the width a laptop's half pane leaves it (see views.common.panes)
BAR = 14  # room under the rows for the scroll bar (drawn over what is under it)


@dataclass(frozen=True)
class Line:
    """One row: its frozen cell, its other cells, what a tap on it does."""

    first: ft.Control
    cells: Sequence[ft.Control]
    key: str | None = None
    on_tap: Callable[[], None] | None = None
    strong: bool = False  # the totals' row: a rule above it


def fits(width: int, room: int) -> bool:
    """Whether a table ``width`` wide shows whole in ``room``."""
    return width <= room


def frozen_table(
    head: ft.Control,
    heads: Sequence[ft.Control],
    lines: Sequence[Line],
    *,
    first: int,
    widths: Sequence[int],
    head_height: int,
    hint: str,
    key: str,
    row: int = ROW,
    wide: int = WIDE_PANE,
) -> ft.Control:
    """``head`` over the frozen first column (``first`` wide), ``heads`` over the columns
    (``widths``), then ``lines``. The hint ("slide sideways") shows on the screens where the
    columns do not all fit: on a phone, or on a laptop (where the table has ``wide``) too when
    they are many."""
    width = first + sum(widths)

    def cell(content: ft.Control, w: int, h: int) -> ft.Control:
        return ft.Container(content, width=w, height=h, alignment=ft.Alignment.CENTER,
                            padding=ft.Padding.symmetric(horizontal=4))

    def band(line: Line) -> ft.Border | None:
        return ft.Border.only(top=ft.BorderSide(2 if line.strong else 1,
                                                ft.Colors.OUTLINE if line.strong
                                                else ft.Colors.OUTLINE_VARIANT))

    def tapper(line: Line) -> Callable[[ft.Event[ft.Container]], None] | None:
        tap = line.on_tap
        return None if tap is None else (lambda _e: tap())

    frozen: list[ft.Control] = [cell(head, first, head_height)]
    sliding: list[ft.Control] = [
        ft.Row([cell(h, w, head_height) for h, w in zip(heads, widths, strict=True)],
               spacing=0)
    ]
    for line in lines:
        frozen.append(ft.Container(cell(line.first, first, row), border=band(line),
                                   on_click=tapper(line), ink=line.on_tap is not None,
                                   key=line.key))
        sliding.append(ft.Container(
            ft.Row([cell(c, w, row) for c, w in zip(line.cells, widths, strict=True)],
                   spacing=0),
            border=band(line), on_click=tapper(line), ink=line.on_tap is not None))
    frozen.append(ft.Container(height=BAR))
    sliding.append(ft.Container(height=BAR))
    phone, laptop = fits(width, PHONE), fits(width, wide)
    note = ft.Row([ft.Icon(ft.Icons.SWIPE_LEFT, size=18, color=ft.Colors.PRIMARY),
                   ft.Text(hint, size=13, color=ft.Colors.PRIMARY, expand=True)],
                  spacing=6, key=f"{key}-more")
    note.col = {"xs": 0 if phone else 12, "wide": 0 if laptop else 12}
    table = ft.Row([
        ft.Column(frozen, spacing=0, key=f"{key}-first"),
        ft.Container(width=1, height=head_height + len(lines) * row,
                     bgcolor=ft.Colors.OUTLINE_VARIANT),
        ft.Row([ft.Column(sliding, spacing=0)], scroll=ft.ScrollMode.ALWAYS, expand=True,
               spacing=0, key=f"{key}-slide"),
    ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START, key=key)
    return ft.Column([ft.ResponsiveRow([note], breakpoints=dict(BREAKPOINTS)), table],
                     spacing=4)
