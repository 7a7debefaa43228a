"""The table: who deals, who plays, the draw pile, and one big button per thing that can happen
on a turn. Undo is always visible. The controller decides the texts and what is possible."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.common import (
    Handler,
    Tr,
    big_button,
    card_chip,
    drawn,
    message,
    screen,
    seat_mark,
)


@dataclass(frozen=True)
class Seat:
    name: str
    cards: int | None  # tracked hand size
    dealer: bool
    current: bool
    total: str  # "23 pts" or "2 wins"
    note: str = ""  # "owes 3", "out"
    colour: str = ""  # the player's colour (#RRGGBB), "" for none


@dataclass(frozen=True)
class Action:
    """A big button: what happened at the table."""

    key: str
    label: str
    enabled: bool = True
    primary: bool = True
    danger: bool = False
    small: bool = False  # a less common event: a smaller button under the big ones
    opens: bool = False  # opens a screen (or asks): no change of the match, never stale


@dataclass(frozen=True)
class TableData:
    route: str
    title: str
    prompt: str  # "Bea to play"
    detail: str  # "Ana owes 3 more cards" / ""
    seats: tuple[Seat, ...]
    pile: int  # cards in the draw pile
    top: str | None  # the top discard, when recorded
    warning: str  # "The draw pile has 1 card: drawing ends the round"
    actions: tuple[Action, ...]
    undo: str  # "Undo: Bea drew 2" or "" when there is nothing to undo
    version: int = 0  # of the match's state the screen is drawn from (views.common.drawn)
    held: str = ""  # the button just tapped, held a moment (app.tables.base.Referee._button)


def live(action: Action, held: str) -> bool:
    """Whether ``action``'s button takes a tap: enabled, and not the one just tapped."""
    return action.enabled and action.key != held


def version(drawn_at: int, action: Action) -> int | None:
    """The version an action's button is drawn with: none for one that only opens a screen."""
    return None if action.opens else drawn_at


def _seat(i: int, s: Seat, t: Tr) -> ft.Control:
    marks = []
    if s.dealer:
        marks.append(ft.Container(ft.Text("D", size=12, weight=ft.FontWeight.BOLD,
                                          color=ft.Colors.ON_TERTIARY),
                                  bgcolor=ft.Colors.TERTIARY, width=22, height=22,
                                  alignment=ft.Alignment.CENTER,
                                  border_radius=ft.BorderRadius.all(11), tooltip=t("table.dealer")))
    count: list[ft.Control] = [] if s.cards is None else [
        ft.Icon(ft.Icons.STYLE, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(str(s.cards), size=16, key=f"count-{i}", width=28),
    ]
    return ft.Container(
        ft.Row(
            [
                seat_mark(s.colour, s.current, index=i),
                ft.Text(s.name, size=18, weight=ft.FontWeight.BOLD if s.current else None,
                        expand=True),
                *marks,
                ft.Text(s.note, size=14, color=ft.Colors.ERROR, key=f"note-{i}"),
                *count,
                ft.Text(s.total, size=14, width=72, text_align=ft.TextAlign.END,
                        color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=8,
        ),
        key=f"seat-{i}",
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if s.current else None,
    )


def table_view(
    t: Tr,
    data: TableData,
    *,
    on_action: Callable[[str], None],
    on_undo: Handler,
    on_scores: Handler,
    on_back: Handler,
    extra: Sequence[ft.Control] = (),
    side: Sequence[ft.Control] = (),
) -> ft.View:
    """The table; ``side`` (the standings) beside it on a wide screen."""
    pile = ft.Row(
        [
            ft.Column([ft.Text(t("table.pile"), size=13), ft.Text(str(data.pile), size=30,
                       weight=ft.FontWeight.BOLD, key="pile")],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            *([ft.Column([ft.Text(t("table.top"), size=13),
                          card_chip(data.top, size=24, key="top")],
                         spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)]
              if data.top else []),
        ],
        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
    )
    head = ft.Column(
        [ft.Text(data.prompt, size=24, weight=ft.FontWeight.BOLD, key="prompt"),
         *([ft.Text(data.detail, size=17, key="detail")]
           if data.detail else [])],
        spacing=2,
    )
    controls: list[ft.Control] = [head, pile,
                                  ft.Column([_seat(i, s, t) for i, s in enumerate(data.seats)],
                                            spacing=2)]
    if data.warning:
        controls.append(ft.Container(message(data.warning, key="warning"),
                                     bgcolor=ft.Colors.TERTIARY_CONTAINER,
                                     padding=ft.Padding.all(10),
                                     border_radius=ft.BorderRadius.all(10)))
    controls.extend(extra)
    buttons: list[ft.Control] = [
        drawn(big_button(a.label, partial(on_action, a.key) if live(a, data.held) else None,
                         key=f"act-{a.key}", primary=a.primary, danger=a.danger),
              version(data.version, a))
        for a in data.actions if not a.small
    ]
    smalls: list[ft.Control] = [
        drawn(ft.OutlinedButton(a.label, key=f"act-{a.key}", height=48,
                                disabled=not live(a, data.held),
                                on_click=lambda _e, k=a.key: on_action(k)),
              version(data.version, a))
        for a in data.actions if a.small
    ]
    if smalls:
        buttons.append(ft.Row(smalls, wrap=True, spacing=8, run_spacing=8))
    bottom = ft.Column(
        [
            *buttons,
            ft.Row([
                drawn(ft.OutlinedButton(data.undo or t("table.nothing_to_undo"),
                                        icon=ft.Icons.UNDO, key="undo",
                                        on_click=lambda _e: on_undo(),
                                        disabled=not data.undo or data.held == "undo",
                                        height=48, expand=True),
                      data.version),
                ft.OutlinedButton(t("table.scores"), icon=ft.Icons.LEADERBOARD, key="scores",
                                  on_click=lambda _e: on_scores(), height=48),
            ], spacing=8),
        ],
        spacing=8,
    )
    return screen(data.route, data.title, controls, on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, side=side)
