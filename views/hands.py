"""Round end: tap the cards left in each player's hand on a grid of ranks x suits (and jokers),
or type the player's round points instead. With several packs a card can be tapped up to the
number of copies; a second control removes.

The hand entry fits a phone (400x850) without a scroll: the players' tabs wrap (four a row,
names cut short), each suit takes two rows of seven cards, and "next player" moves on. A hand
whose size differs from what the table counted is said in words on its tab and under the name,
never ticked."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import (
    BREAKPOINTS,
    CARD_FONT,
    TOUCH,
    Handler,
    Tr,
    big_button,
    card_text,
    dot,
    drawn,
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
    typed: int | None = None  # the round points typed instead of the cards
    colour: str = ""  # the player's colour (#RRGGBB), "" for none

    @property
    def off(self) -> bool:
        """The cards entered are not as many as the table counted (typed points: no cards)."""
        return (self.expected is not None and self.typed is None and not self.out
                and len(self.cards) != self.expected)


@dataclass(frozen=True)
class HandEntryData:
    route: str
    title: str
    players: tuple[PlayerHand, ...]
    current: int  # the player whose hand the grid edits
    copies: Mapping[str, int]  # how many of each card the packs hold ("AS": 1, "JK": 2 ...)
    error: str = ""
    warning: str = ""
    next: int | None = None  # the next player whose hand is to enter, if any
    typing: bool = False  # the current player's points are typed, not tapped
    can_type: bool = False  # the game takes typed points
    points: str = ""  # the text of the points field, as typed (or the points recorded)
    version: int = 0  # of the match's state the screen is drawn from (views.common.drawn)


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
    selected: Sequence[str], copies: Mapping[str, int], on_card: Callable[[str], None],
    version: int | None = None,
) -> ft.Control:
    """Ranks down, suits across; only the cards the packs hold; jokers in a last row. A wide
    screen puts two ranks a row, so that the whole grid shows without scrolling. With a
    ``version``, each card's tap changes the match (views.common.drawn)."""
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
    if version is not None:
        cells = [drawn(c, version) for c in cells]
    return ft.ResponsiveRow(cells, breakpoints=dict(BREAKPOINTS), spacing=6, run_spacing=6,
                            key="grid")


ROW = 7  # cards a row in the compact grid: each suit takes two rows (13 ranks)


def grid_cards(copies: Mapping[str, int]) -> tuple[str, ...]:
    """The cards the packs hold in the hand-entry grid's order: suit after suit (S H D C),
    each from the ace down to 2, then the joker."""
    cards = tuple(r + s for s in "SHDC" for r in GRID_RANKS if copies.get(r + s))
    return cards + (("JK",) if copies.get("JK") else ())


def _compact_cell(card: str, count: int, copies: int,
                  on_card: Callable[[str], None]) -> ft.Control:
    label, color = card_text(card)
    chosen = count > 0
    text = label if count < 2 else f"{label}×{count}"
    return ft.Container(
        ft.Text(text, size=17 if len(text) <= 3 else 14, font_family=CARD_FONT,
                color=ft.Colors.ON_PRIMARY if chosen else color, no_wrap=True),
        key=f"card-{card}", alignment=ft.Alignment.CENTER, height=48, expand=True,
        border_radius=ft.BorderRadius.all(8),
        border=ft.Border.all(2 if chosen else 1,
                             ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE),
        bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE,
        on_click=lambda _e: on_card(card), ink=True,
    )


def compact_grid(
    selected: Sequence[str], copies: Mapping[str, int], on_card: Callable[[str], None]
) -> ft.Control:
    """The hand-entry grid: one suit after another, two rows of seven ranks each (A to 8,
    7 to 2), the jokers in the last free place; only the cards the packs hold. 8 rows of
    48 px: the whole grid fits a phone with the hand above it."""
    counts: dict[str, int] = {}
    for c in selected:
        counts[c] = counts.get(c, 0) + 1
    order = grid_cards(copies)
    rows: list[list[ft.Control]] = []
    for suit in "SHDC":
        cards = [c for c in order if c != "JK" and c[-1] == suit]
        rows += [[_compact_cell(c, counts.get(c, 0), copies[c], on_card) for c in cards[i:i + ROW]]
                 for i in range(0, len(cards), ROW)]
    if copies.get("JK"):
        joker = _compact_cell("JK", counts.get("JK", 0), copies["JK"], on_card)
        if rows and len(rows[-1]) < ROW:
            rows[-1].append(joker)
        else:
            rows.append([joker])
    for row in rows:
        row += [ft.Container(height=48, expand=True) for _ in range(ROW - len(row))]
    return ft.Column([ft.Row(r, spacing=4) for r in rows], spacing=4, key="grid")


# of 12 columns: four tabs a row on a phone, three in a wide pane
TAB_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, ft.Number] = {"xs": 3, "wide": 4}


def _tab_status(p: PlayerHand, t: Tr) -> tuple[str, ft.IconData, str]:
    """A tab's second line, its icon and their colour: out, typed points, entered against
    counted (never ticked when they differ), or the points so far."""
    if p.out:
        return t("hands.out"), ft.Icons.CHECK_CIRCLE, ft.Colors.PRIMARY
    if p.typed is not None:
        icon = ft.Icons.EDIT if p.done else ft.Icons.RADIO_BUTTON_UNCHECKED
        return t.plural("hands.points", p.typed), icon, ft.Colors.PRIMARY
    if p.off and (p.done or p.cards):
        return (t("hands.tab_off", entered=len(p.cards), expected=p.expected),
                ft.Icons.WARNING_AMBER, ft.Colors.ERROR)
    if p.expected is not None:
        text = t("hands.tab_count", entered=len(p.cards), expected=p.expected)
    else:
        text = t.plural("hands.points", p.points)
    done = p.done and bool(p.cards)
    return (text, ft.Icons.CHECK_CIRCLE if done else ft.Icons.RADIO_BUTTON_UNCHECKED,
            ft.Colors.PRIMARY if done else ft.Colors.OUTLINE)


def _player_tab(i: int, p: PlayerHand, current: bool, t: Tr,
                on_player: Callable[[int], None]) -> ft.Control:
    status, icon, colour = _tab_status(p, t)
    return ft.Container(
        ft.Row(
            # the player's colour beside the name, the status icon beside the status: the
            # name keeps the tab's whole width
            [ft.Column([dot(p.colour, key=f"colour-{i}", size=10),
                        ft.Icon(icon, size=16, color=colour, key=f"status-{i}")],
                       spacing=4, tight=True,
                       horizontal_alignment=ft.CrossAxisAlignment.CENTER),
             ft.Column(
                 [ft.Text(p.name, weight=ft.FontWeight.BOLD, size=14, no_wrap=True,
                          max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                  ft.Text(status, size=12, key=f"points-{i}", no_wrap=True,
                          color=ft.Colors.ERROR if colour == ft.Colors.ERROR else None)],
                 spacing=0, expand=True, alignment=ft.MainAxisAlignment.CENTER)],
            spacing=4,
        ),
        key=f"player-{i}", col=TAB_COLUMNS, height=48,
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
        border_radius=ft.BorderRadius.all(10),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if current else None,
        border=ft.Border.all(2 if current else 1,
                             ft.Colors.ERROR if colour == ft.Colors.ERROR else
                             ft.Colors.SECONDARY if current else ft.Colors.OUTLINE_VARIANT),
        on_click=lambda _e: on_player(i), ink=True, tooltip=p.name,
    )


def _typed_entry(t: Tr, p: PlayerHand, data: HandEntryData, on_points: Handler,
                 on_typing: Callable[[str], None]) -> list[ft.Control]:
    """A numeric field for the current player's round points: what is typed reaches the
    controller as it is typed; Enter or the button saves it."""

    def submit(e: ft.Event[ft.TextField]) -> None:
        on_typing(str(e.control.value or ""))
        on_points()

    field = ft.TextField(
        label=t("hands.points_for", name=p.name), value=data.points, key="points-field",
        keyboard_type=ft.KeyboardType.NUMBER, autofocus=True,
        on_change=lambda e: on_typing(str(e.control.value or "")), on_submit=submit,
        text_size=24, hint_text=t("hands.points_hint"),
    )
    return [
        field,
        ft.Text(t("hands.typed_note"), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        drawn(ft.FilledButton(t("hands.save_points"), icon=ft.Icons.CHECK, key="save-points",
                              height=48, on_click=lambda _e: on_points()), data.version),
    ]


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
    on_next: Handler | None = None,
    on_type: Handler | None = None,
    on_points: Handler | None = None,
    on_typing: Callable[[str], None] | None = None,
) -> ft.View:
    p = data.players[data.current]
    tabs = ft.ResponsiveRow(
        [_player_tab(i, q, i == data.current, t, on_player) for i, q in enumerate(data.players)],
        breakpoints=dict(BREAKPOINTS), spacing=6, run_spacing=6, key="tabs",
    )
    typing = data.typing and data.can_type and on_points is not None and on_typing is not None
    owner: list[ft.Control] = [
        dot(p.colour, key="owner-colour"),
        ft.Text(t("hands.for", name=p.name), size=18, weight=ft.FontWeight.BOLD,
                key="hand-owner", expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
    ]
    if data.can_type and on_type is not None and not p.out:
        owner.append(ft.OutlinedButton(
            t("hands.use_cards" if typing else "hands.type_points"),
            icon=ft.Icons.STYLE if typing else ft.Icons.DIALPAD, key="type",
            on_click=lambda _e: on_type(), height=48))
    expected = "" if p.expected is None or typing else t("hands.expected", n=p.expected)
    off = p.off and not typing and (p.done or bool(p.cards))  # an untouched hand is no alarm
    header: list[ft.Control] = [
        ft.Row(owner, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if off:  # one line, in place of the summary: with 8 players the grid needs its height
        header.append(ft.Row(
            [ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR, size=18),
             ft.Text(t("hands.off", entered=len(p.cards), expected=p.expected,
                       points=p.points),
                     color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD, key="off", expand=True)],
            spacing=6))
    else:
        header.append(ft.Text((t("hands.typed_summary") if typing else p.summary) + expected,
                              key="hand-summary"))
    if not typing:
        header.append(ft.Row([ft.Text(" ".join(card_text(c)[0] for c in p.cards) or "—",
                                      size=18, key="hand-cards", expand=True,
                                      font_family=CARD_FONT)]))
    controls: list[ft.Control] = [tabs, ft.Column(header, spacing=2)]
    entry: list[ft.Control] = []  # beside the hand on a wide screen
    buttons: list[ft.Control] = []
    if p.out:
        controls.append(ft.Text(t("hands.went_out", name=p.name), key="out-note"))
    elif typing:
        assert on_points is not None and on_typing is not None
        entry += _typed_entry(t, p, data, on_points, on_typing)
    else:
        entry.append(compact_grid(p.cards, data.copies, on_card))
        buttons += [
            ft.OutlinedButton(t("hands.undo_card"), icon=ft.Icons.BACKSPACE, key="undo-card",
                              on_click=lambda _e: on_undo_card(), disabled=not p.cards, height=48),
            ft.OutlinedButton(t("hands.clear"), icon=ft.Icons.CLEAR_ALL, key="clear",
                              on_click=lambda _e: on_clear(), disabled=not p.cards, height=48),
        ]
    last: list[ft.Control] = []  # beside "Close the round"
    if on_next is not None and data.next is not None:
        last.append(drawn(ft.FilledTonalButton(
            t("hands.next"), icon=ft.Icons.ARROW_FORWARD, key="next", height=TOUCH + 8,
            on_click=lambda _e: on_next(), tooltip=data.players[data.next].name, expand=2),
            f"{data.version}.{data.current}"))  # moving on changes no version: the player does
    # Pinned under the scrolling part, whatever the number of players: the hand's buttons,
    # what to look at again, and closing the round.
    bottom = ft.Column(spacing=6)
    if data.warning:
        bottom.controls.append(message(data.warning, key="warning"))
    if data.error:
        bottom.controls.append(message(data.error, key="error", error=True))
    close = drawn(big_button(t("hands.save"), on_save, key="save", icon=ft.Icons.DONE_ALL),
                  data.version)
    close.expand = 3
    rows: list[ft.Control] = [ft.Row(buttons, spacing=6, run_spacing=6, wrap=True)] if buttons \
        else []
    rows.append(ft.Row([*last, close], spacing=6))
    bottom.controls.append(ft.Column(rows, spacing=6,
                                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return screen(data.route, data.title, [panes(controls, entry, split=5)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=5)
