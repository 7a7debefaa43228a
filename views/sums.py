"""Sums at the table: every player's face-up cards and removed cards, the community piles, what
a card just placed may take and why, the counter question, and the card grid that enters each
card as it is placed. Also the per-player breakdown under the scoreboard."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.common import (
    CARD_FONT,
    Handler,
    Tr,
    big_button,
    card_chip,
    card_text,
    drawn,
    icon_button,
    screen,
    seat_mark,
    section,
)
from views.hands import card_grid
from views.table import Action, live, version


@dataclass(frozen=True)
class SumsSeat:
    name: str
    current: bool
    hand: int  # cards in hand
    score: str  # "4 pts"
    cards: tuple[str, ...]  # face-up cards, in the notation
    removed: str  # "2 removed"
    colour: str = ""  # the player's colour (#RRGGBB), "" for none


@dataclass(frozen=True)
class Tile:
    """A tile to tap: a card the player may take, with why; or a card that counters
    (``card``, shown big), with its sum."""

    key: str
    label: str
    card: str = ""


@dataclass(frozen=True)
class SumsTableData:
    route: str
    title: str
    prompt: str  # "Bea: counter?"
    help: str  # "Tap the card Ana placed."
    notes: tuple[str, ...]  # reasons, with card signs
    piles: tuple[tuple[str, int], ...]  # ("Pile 1", 20)
    draw: bool  # the piles are tapped: which one the player drew from
    seats: tuple[SumsSeat, ...]
    choices: tuple[Tile, ...]
    grid: Mapping[str, int] | None  # the cards that may be entered now, or None
    actions: tuple[Action, ...]
    undo: str
    version: int = 0  # of the match's state the screen is drawn from (views.common.drawn)
    held: str = ""  # the button just tapped, held a moment (app.tables.base.Referee._button)


def card_line(text: str, *, key: str, size: int = 15, bold: bool = False) -> ft.Text:
    """A line that may name cards (``7♥``): in the font that has the suit signs."""
    return ft.Text(text, key=key, size=size, font_family=CARD_FONT,
                   weight=ft.FontWeight.W_600 if bold else ft.FontWeight.NORMAL)


def _seat(i: int, s: SumsSeat, t: Tr) -> ft.Control:
    head = ft.Row(
        [
            seat_mark(s.colour, s.current, index=i),
            ft.Text(s.name, size=18, weight=ft.FontWeight.BOLD if s.current else None,
                    expand=True),
            ft.Icon(ft.Icons.STYLE, size=16, color=ft.Colors.ON_SURFACE_VARIANT,
                    tooltip=t("sums.in_hand")),
            ft.Text(str(s.hand), size=16, key=f"hand-{i}", width=28),
            ft.Text(s.score, size=14, width=64, text_align=ft.TextAlign.END, key=f"score-{i}",
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=8,
    )
    cards = ft.Row(
        [*(card_chip(c, size=17) for c in s.cards),
         ft.Text(s.removed, size=13, color=ft.Colors.ON_SURFACE_VARIANT, key=f"removed-{i}")],
        wrap=True, spacing=6, run_spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return ft.Container(
        ft.Column([head, cards], spacing=6),
        key=f"seat-{i}",
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if s.current else None,
    )


def _choice(c: Tile, on_action: Callable[[str], None], wide: bool = False,
            version: int = 0, held: str = "") -> ft.Control:
    label = card_line(c.label, key=f"label-{c.key}", size=16, bold=not c.card)
    content: ft.Control = label
    if c.card:
        label.color = ft.Colors.ON_SURFACE_VARIANT
        content = ft.Row([card_chip(c.card, size=22), label], spacing=10, wrap=True,
                         vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return drawn(ft.Container(
        content,
        key=c.key,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10 if c.card else 14),
        border_radius=ft.BorderRadius.all(14),
        border=ft.Border.all(2, ft.Colors.PRIMARY),
        bgcolor=ft.Colors.SURFACE,
        on_click=lambda _e: on_action(c.key),
        disabled=c.key == held,
        ink=True,
        col={"xs": 12 if wide else 6, "sm": 6, "md": 4},
    ), version)


def _choices(items: Sequence[Tile], on_action: Callable[[str], None],
             version: int = 0, held: str = "") -> list[ft.Control]:
    """The tiles: cards that counter two abreast on a phone (one or two: a line each), the
    rest one under the other."""
    tiles = [_choice(c, on_action, wide=len(items) <= 2, version=version, held=held)
             for c in items]
    if items and all(c.card for c in items):
        return [ft.ResponsiveRow(tiles, spacing=8, run_spacing=8, key="counters")]
    return tiles


def _piles(data: SumsTableData, on_action: Callable[[str], None]) -> ft.Control:
    """The community piles and their sizes; tiles to tap when a player draws."""
    per_row = min(len(data.piles), 4)
    tiles: list[ft.Control] = []
    for i, (name, n) in enumerate(data.piles):
        live = data.draw and n > 0 and data.held != f"draw-{i}"
        tiles.append(drawn(ft.Container(
            ft.Column([ft.Text(name, size=13),
                       ft.Text(str(n), size=26, weight=ft.FontWeight.BOLD, key=f"pile-size-{i}")],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            key=f"pile-{i}", col={"xs": 12 // per_row}, height=68 if data.draw else None,
            alignment=ft.Alignment.CENTER,
            border_radius=ft.BorderRadius.all(12),
            border=ft.Border.all(2, ft.Colors.PRIMARY) if live else None,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if live else None,
            on_click=(lambda _e, k=f"draw-{i}": on_action(k)) if live else None,
            ink=live,
        ), data.version))
    return ft.ResponsiveRow(tiles, spacing=8, run_spacing=8, key="piles")


def _small(a: Action, on_action: Callable[[str], None], data: SumsTableData) -> ft.Control:
    return drawn(ft.OutlinedButton(
        content=ft.Text(a.label, font_family=CARD_FONT), key=f"act-{a.key}", height=48,
        disabled=not live(a, data.held), on_click=lambda _e: on_action(a.key),
    ), version(data.version, a))


def sums_table_view(
    t: Tr,
    data: SumsTableData,
    *,
    on_action: Callable[[str], None],
    on_card: Callable[[str], None],
    on_undo: Handler,
    on_scores: Handler,
    on_back: Handler,
    side: Sequence[ft.Control] = (),
) -> ft.View:
    """The table; ``side`` (the standings) beside it on a wide screen."""
    controls: list[ft.Control] = [
        ft.Text(data.prompt, size=24, weight=ft.FontWeight.BOLD, key="prompt",
                font_family=CARD_FONT),  # it may name a card: "Bea counters Ana's 7♥"
    ]
    if data.notes:
        controls.append(ft.Container(
            ft.Column([card_line(n, key=f"note-{i}") for i, n in enumerate(data.notes)],
                      spacing=4),
            bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=ft.Padding.all(10),
            border_radius=ft.BorderRadius.all(10), key="notes",
        ))
    # above the fold: the tap awaited
    controls.extend(_choices(data.choices, on_action, data.version, data.held))
    help_line = ft.Text(data.help, size=16, key="help")
    if data.draw and data.help:
        controls.append(help_line)
    controls.append(_piles(data, on_action))
    controls.append(ft.Column([_seat(i, s, t) for i, s in enumerate(data.seats)], spacing=2))
    if data.help and not data.draw:
        controls.append(help_line)
    if data.grid is not None:
        controls.append(card_grid((), data.grid, on_card, version=data.version))
    smalls = [_small(a, on_action, data) for a in data.actions if a.small]
    if smalls:
        controls.append(ft.Row(smalls, wrap=True, spacing=8, run_spacing=8))
    bottom = ft.Column(
        [
            *(drawn(big_button(a.label, partial(on_action, a.key) if live(a, data.held) else None,
                               key=f"act-{a.key}", primary=a.primary, danger=a.danger),
                    version(data.version, a))
              for a in data.actions if not a.small),
            drawn(ft.OutlinedButton(
                content=ft.Text(data.undo or t("table.nothing_to_undo"), font_family=CARD_FONT,
                                no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                icon=ft.Icons.UNDO, key="undo", on_click=lambda _e: on_undo(),
                disabled=not data.undo or data.held == "undo", height=48), data.version),
        ],
        spacing=8,
    )
    scores = icon_button(ft.Icons.LEADERBOARD, t("table.scores"), key="scores",
                         on_click=lambda _e: on_scores())
    return screen(data.route, data.title, controls, on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, actions=[scores],
                  side=side)


@dataclass(frozen=True)
class PlayerScore:
    """One player's cards at the end (or so far) and how they score."""

    name: str
    in_play: tuple[str, ...]
    removed: tuple[str, ...]
    line: str  # "3 in play + 2 removed = 5 points"
    winner: bool


def breakdown_sections(t: Tr, players: Sequence[PlayerScore]) -> list[ft.Control]:
    """A section per player: cards in play, cards removed, the score in words."""

    def cards(label: str, items: tuple[str, ...], key: str) -> ft.Control:
        chips = [card_chip(c, size=16) for c in items] or [ft.Text(t("sums.score.none"))]
        return ft.Row([ft.Text(label, size=14, width=80), *chips], wrap=True, spacing=6,
                      run_spacing=6, key=key)

    return [
        section(
            t("sums.score.winner", name=p.name) if p.winner else p.name,
            cards(t("sums.score.in_play"), p.in_play, f"in-play-{i}"),
            cards(t("sums.score.removed"), p.removed, f"removed-{i}"),
            ft.Text(p.line, key=f"breakdown-{i}", weight=ft.FontWeight.W_600),
            key=f"player-{i}",
        )
        for i, p in enumerate(players)
    ]


def symbols(text: str) -> str:
    """A card in the notation as people read it: ``7H`` -> ``7♥``."""
    return card_text(text)[0]
