"""Round end: tap the cards left in each player's hand on a grid of ranks x suits (and jokers).
With several packs a card can be tapped up to the number of copies; a second control removes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import (
    BREAKPOINTS,
    CARD_FONT,
    Handler,
    Tr,
    big_button,
    card_text,
    message,
    panes,
    screen,
)

GRID_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


@dataclass(frozen=True)
class PlayerHand:
    """One player's line on the hand-entry screen."""

    name: str
    cards: tuple[str, ...]
    points: int
    summary: str  # "3 cards · 17 points"
    expected: int | None  # the tracked hand size, when the table tracked turns
    done: bool  # recorded
    out: bool = False  # went out: nothing to enter


@dataclass(frozen=True)
class HandEntryData:
    route: str
    title: str
    players: tuple[PlayerHand, ...]
    current: int  # the player whose hand the grid edits
    copies: Mapping[str, int]  # how many of each card the packs hold ("AS": 1, "JK": 2 ...)
    error: str = ""
    warning: str = ""


def _cell(card: str, count: int, copies: int, on_card: Callable[[str], None]) -> ft.Control:
    label, color = card_text(card)
    chosen = count > 0
    text = label if copies <= 1 or not chosen else f"{label} ×{count}"
    return ft.Container(
        ft.Text(text, size=18, font_family=CARD_FONT,
                color=ft.Colors.ON_PRIMARY if chosen else color),
        key=f"card-{card}",
        alignment=ft.Alignment.CENTER,
        height=48,
        border_radius=ft.BorderRadius.all(10),
        border=ft.Border.all(2 if chosen else 1,
                             ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE),
        bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE,
        on_click=lambda _e: on_card(card),
        ink=True,
    )


def card_grid(
    selected: Sequence[str], copies: Mapping[str, int], on_card: Callable[[str], None]
) -> ft.Control:
    """Ranks down, suits across; only the cards the packs hold; jokers in a last row. A wide
    screen puts two ranks a row, so that the whole grid shows without scrolling."""
    counts: dict[str, int] = {}
    for c in selected:
        counts[c] = counts.get(c, 0) + 1
    cells: list[ft.Control] = []
    for rank in GRID_RANKS:
        if any(copies.get(rank + s) for s in "SHDC"):
            cells.extend(
                _cell(rank + suit, counts.get(rank + suit, 0), copies[rank + suit], on_card)
                if copies.get(rank + suit) else ft.Container(height=48)
                for suit in "SHDC"
            )
    for cell in cells:
        cell.col = {"xs": 3, "wide": 1.5}
    if copies.get("JK"):
        cells.append(_cell("JK", counts.get("JK", 0), copies["JK"], on_card))
    return ft.ResponsiveRow(cells, breakpoints=dict(BREAKPOINTS), spacing=6, run_spacing=6,
                            key="grid")


def _player_tab(i: int, p: PlayerHand, current: bool, t: Tr,
                on_player: Callable[[int], None]) -> ft.Control:
    status = t("hands.out") if p.out else t.plural("hands.points", p.points)
    return ft.Container(
        ft.Column(
            [ft.Text(p.name, weight=ft.FontWeight.BOLD, size=15),
             ft.Text(status, size=13, key=f"points-{i}"),
             ft.Icon(ft.Icons.CHECK_CIRCLE if p.done else ft.Icons.RADIO_BUTTON_UNCHECKED,
                     size=18, color=ft.Colors.PRIMARY if p.done else ft.Colors.OUTLINE)],
            spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        key=f"player-{i}",
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if current else None,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_click=lambda _e: on_player(i),
        ink=True,
    )


def hands_view(
    t: Tr,
    data: HandEntryData,
    *,
    on_player: Callable[[int], None],
    on_card: Callable[[str], None],
    on_undo_card: Handler,
    on_clear: Handler,
    on_save: Handler,
    on_back: Handler,
) -> ft.View:
    p = data.players[data.current]
    tabs = ft.Row(
        [_player_tab(i, q, i == data.current, t, on_player) for i, q in enumerate(data.players)],
        scroll=ft.ScrollMode.AUTO, spacing=6,
    )
    expected = "" if p.expected is None else t("hands.expected", n=p.expected)
    header = ft.Column(
        [
            ft.Text(t("hands.for", name=p.name), size=20, weight=ft.FontWeight.BOLD,
                    key="hand-owner"),
            ft.Text(p.summary + expected,
                    key="hand-summary"),
            ft.Row([ft.Text(" ".join(card_text(c)[0] for c in p.cards) or "—", size=18,
                            key="hand-cards", expand=True, font_family=CARD_FONT)]),
        ],
        spacing=4,
    )
    controls: list[ft.Control] = [tabs, header]
    entry: list[ft.Control] = []  # beside the hand on a wide screen
    if p.out:
        controls.append(ft.Text(t("hands.went_out", name=p.name), key="out-note"))
    else:
        entry.append(card_grid(p.cards, data.copies, on_card))
        entry.append(ft.Row([
            ft.OutlinedButton(t("hands.undo_card"), icon=ft.Icons.BACKSPACE, key="undo-card",
                              on_click=lambda _e: on_undo_card(), disabled=not p.cards, height=48),
            ft.OutlinedButton(t("hands.clear"), icon=ft.Icons.CLEAR_ALL, key="clear",
                              on_click=lambda _e: on_clear(), disabled=not p.cards, height=48),
        ], spacing=8))
    bottom = ft.Column(spacing=6)
    if data.warning:
        bottom.controls.append(message(data.warning, key="warning"))
    if data.error:
        bottom.controls.append(message(data.error, key="error", error=True))
    bottom.controls.append(big_button(t("hands.save"), on_save, key="save", icon=ft.Icons.DONE_ALL))
    return screen(data.route, data.title, [panes(controls, entry, split=5)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=5)

