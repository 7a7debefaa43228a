"""Samba screens: the table during a hand (each side's total, first-meld minimum, canastas and
sambas, whether it may go out) and the end-of-hand entry of each side's result, by counts or
card by card, with the score it makes as it is entered."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.common import (
    TARGET,
    Handler,
    Tr,
    big_button,
    dot,
    drawn,
    icon_button,
    message,
    named_text,
    panes,
    screen,
    section,
)
from views.hands import card_grid
from views.table import Action, live, version


@dataclass(frozen=True)
class SideLine:
    """One side on the table screen."""

    name: str  # "Ana & Cid"
    total: str  # "1 385 pts"
    minimum: str  # "First meld: 90"
    melds: str  # "1 canasta · 0 sambas" ("" between hands)
    going_out: str  # "May go out" / "Needs 1 more canasta or samba" ("" between hands)
    may_out: bool
    dealer: bool
    colours: tuple[str, ...] = ()  # each member's colour (#RRGGBB), "" for none


@dataclass(frozen=True)
class SambaTableData:
    route: str
    title: str
    prompt: str  # "Hand 2 · Bea dealt"
    detail: str
    sides: tuple[SideLine, ...]
    playing: bool  # the hand is under way: the + canasta / + samba buttons show
    canasta: str  # "+ Canasta"
    samba: str  # "+ Samba"
    actions: tuple[Action, ...]
    undo: str  # "Undo: …" or ""
    version: int = 0  # of the match's state the screen is drawn from (views.common.drawn)
    held: str = ""  # the button just tapped, held a moment (app.tables.base.Referee._button)


def _side_card(i: int, s: SideLine, data: SambaTableData, t: Tr,
               on_big: Callable[[str, int], None]) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Row([*([ft.Row([dot(c, key=f"colour-{i}-{j}") for j, c in enumerate(s.colours)],
                          spacing=2, tight=True)] if s.colours else []),
                ft.Text(s.name, size=19, weight=ft.FontWeight.BOLD, expand=True),
                *([ft.Icon(ft.Icons.STYLE, size=18, tooltip=t("table.dealer"))]
                  if s.dealer else []),
                ft.Text(s.total, size=18, weight=ft.FontWeight.W_600, key=f"side-total-{i}")]),
        ft.Text(s.minimum, size=15, key=f"side-min-{i}"),
    ]
    if s.melds:
        lines.append(ft.Text(s.melds, size=15, key=f"side-melds-{i}"))
    if s.going_out:
        lines.append(ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE if s.may_out else ft.Icons.BLOCK, size=18,
                    color=ft.Colors.PRIMARY if s.may_out else ft.Colors.OUTLINE),
            ft.Text(s.going_out, size=15, key=f"side-out-{i}", expand=True,  # wraps
                    weight=ft.FontWeight.W_600 if s.may_out else None),
        ], spacing=6))
    if data.playing:
        lines.append(ft.Row([
            drawn(ft.OutlinedButton(named_text(data.canasta, f"{s.name}: {data.canasta}"),
                                    key=f"canasta-{i}", height=48, expand=True,
                                    disabled=data.held == f"canasta-{i}",
                                    on_click=lambda _e: on_big("canasta", i)), data.version),
            drawn(ft.OutlinedButton(named_text(data.samba, f"{s.name}: {data.samba}"),
                                    key=f"samba-{i}", height=48, expand=True,
                                    disabled=data.held == f"samba-{i}",
                                    on_click=lambda _e: on_big("samba", i)), data.version),
        ], spacing=8))
    return ft.Card(ft.Container(ft.Column(lines, spacing=6), padding=ft.Padding.all(12)),
                   key=f"side-{i}", semantic_container=False)


def samba_table_view(
    t: Tr,
    data: SambaTableData,
    *,
    on_action: Callable[[str], None],
    on_big: Callable[[str, int], None],
    on_undo: Handler,
    on_scores: Handler,
    on_back: Handler,
    side: Sequence[ft.Control] = (),
) -> ft.View:
    """The sides during a hand; ``side`` (the standings) beside them on a wide screen."""
    head = ft.Column(
        [ft.Text(data.prompt, size=24, weight=ft.FontWeight.BOLD, key="prompt"),
         *([ft.Text(data.detail, size=16, key="detail")] if data.detail else [])],
        spacing=2,
    )
    controls: list[ft.Control] = [head, *[_side_card(i, s, data, t, on_big)
                                          for i, s in enumerate(data.sides)]]
    bottom = ft.Column(
        [
            *[drawn(big_button(a.label, partial(on_action, a.key) if live(a, data.held) else None,
                               key=f"act-{a.key}", primary=a.primary), version(data.version, a))
              for a in data.actions],
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


# -- the end-of-hand entry --------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """A number entered by taps: ``key`` goes back to the controller with the change."""

    key: str
    label: str
    value: int
    high: int


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    selected: bool
    done: bool = False  # entered already: a check mark
    colours: tuple[str, ...] = ()  # the players' colours (#RRGGBB): a side's two, a player's one


@dataclass(frozen=True)
class EntryData:
    route: str
    title: str
    sides: tuple[Choice, ...]  # the side tabs
    endings: tuple[Choice, ...]  # who went out: a player each, and "the stock ran out"
    ending_title: str
    mode: str  # "counts" or "cards"
    modes: tuple[tuple[str, str], ...]  # (key, label)
    groups: tuple[tuple[str, tuple[Count, ...]], ...]  # titled groups of counts
    targets: tuple[Choice, ...] = ()  # card by card: "Melded", "Ana's hand"...
    cards: tuple[str, ...] = ()  # the cards of the selected target
    cards_line: str = ""  # "12 cards · 95 points"
    copies: Mapping[str, int] | None = None
    score: tuple[str, ...] = ()  # the side's score part by part as entered
    score_total: str = ""
    hint: str = ""  # "Tapped during the hand: 2 canastas and sambas"
    phones: str = ""  # "From their phones: Ana, Cid" (their parts of the side shown)
    error: str = ""
    warning: str = ""
    close: str = "Close the hand"
    version: int = 0  # of the match's state the screen is drawn from (views.common.drawn)


def _stepper(c: Count, t: Tr, on_count: Callable[[str, int], None]) -> ft.Control:
    def step(delta: int) -> Callable[[object], None] | None:
        if not 0 <= c.value + delta <= c.high:
            delta = max(-c.value, min(c.high - c.value, delta))
        if delta == 0:
            return None
        return lambda _e: on_count(c.key, delta)

    five = ft.ButtonStyle(padding=ft.Padding.all(0),
                          text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600))
    return ft.Row(
        [
            ft.Text(c.label, size=15, expand=True),
            ft.TextButton(named_text("−5", t("samba.entry.less5", what=c.label)),
                          key=f"count-{c.key}-minus5", on_click=step(-5), style=five,
                          width=TARGET, height=TARGET, disabled=c.value == 0),
            icon_button(ft.Icons.REMOVE, t("setup.less", what=c.label),
                        key=f"count-{c.key}-minus", on_click=step(-1), disabled=c.value == 0),
            ft.Text(str(c.value), size=20, width=36, text_align=ft.TextAlign.CENTER,
                    key=f"count-{c.key}", weight=ft.FontWeight.BOLD),
            icon_button(ft.Icons.ADD, t("setup.more", what=c.label),
                        key=f"count-{c.key}-plus", on_click=step(1), disabled=c.value >= c.high),
            ft.TextButton(named_text("+5", t("samba.entry.more5", what=c.label)),
                          key=f"count-{c.key}-plus5", on_click=step(5), style=five,
                          width=TARGET, height=TARGET, disabled=c.value >= c.high),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _chips(choices: Sequence[Choice], prefix: str,
           on_pick: Callable[[str], None], version: int | None = None) -> ft.Control:
    return ft.Row(
        [drawn(ft.Chip(label=ft.Row([*(dot(colour, key=f"{prefix}-colour-{c.key}-{j}")
                                 for j, colour in enumerate(c.colours)), ft.Text(c.label)],
                               spacing=4, tight=True) if c.colours else ft.Text(c.label),
                 selected=c.selected, key=f"{prefix}-{c.key}",
                 leading=ft.Icon(ft.Icons.TASK_ALT, size=18) if c.done and not c.selected
                 else None,
                 on_select=lambda _e, k=c.key: on_pick(k)), version) for c in choices],
        wrap=True, spacing=6, run_spacing=6,
    )


def entry_view(
    t: Tr,
    data: EntryData,
    *,
    on_side: Callable[[str], None],
    on_ending: Callable[[str], None],
    on_mode: Callable[[str], None],
    on_count: Callable[[str, int], None],
    on_target: Callable[[str], None],
    on_card: Callable[[str], None],
    on_undo_card: Handler,
    on_clear: Handler,
    on_close: Handler,
    on_back: Handler,
) -> ft.View:
    controls: list[ft.Control] = [
        section(data.ending_title, _chips(data.endings, "ending", on_ending, data.version),
                key="endings"),
        _chips(data.sides, "side", on_side),
        *([ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID, size=18),
                   ft.Text(data.phones, size=14, key="phones", expand=True)], spacing=6)]
          if data.phones else []),
        ft.SegmentedButton(
            segments=[ft.Segment(value=k, label=ft.Text(label)) for k, label in data.modes],
            selected=[data.mode], key="mode",
            on_change=lambda e: on_mode(list(e.control.selected)[0]),
        ),
    ]
    if data.hint:
        controls.append(ft.Text(data.hint, size=14, key="hint",
                                color=ft.Colors.ON_SURFACE_VARIANT))
    entry: list[ft.Control] = []  # beside the choices on a wide screen
    if data.mode == "cards":
        controls.append(_chips(data.targets, "target", on_target))
        controls.append(ft.Text(data.cards_line, key="cards-line", size=15))
        entry.append(card_grid(data.cards, data.copies or {}, on_card))
        entry.append(ft.Row([
            ft.OutlinedButton(t("hands.undo_card"), icon=ft.Icons.BACKSPACE, key="undo-card",
                              on_click=lambda _e: on_undo_card(), disabled=not data.cards,
                              height=48),
            ft.OutlinedButton(t("hands.clear"), icon=ft.Icons.CLEAR_ALL, key="clear",
                              on_click=lambda _e: on_clear(), disabled=not data.cards,
                              height=48),
        ], spacing=8))
    for i, (title, counts) in enumerate(data.groups):
        entry.append(section(title, *[_stepper(c, t, on_count) for c in counts],
                             key=f"group-{i}"))
    entry.append(section(
        t("samba.entry.parts"),
        *[ft.Text(line, size=15, key=f"score-line-{i}") for i, line in enumerate(data.score)],
        key="score",
    ))
    bottom = ft.Column(spacing=6)
    bottom.controls.append(ft.Text(data.score_total, size=18, weight=ft.FontWeight.BOLD,
                                   key="score-total"))  # pinned: seen while tapping
    if data.warning:
        bottom.controls.append(message(data.warning, key="warning"))
    if data.error:
        bottom.controls.append(message(data.error, key="error", error=True))
    bottom.controls.append(drawn(big_button(data.close, on_close, key="close",
                                            icon=ft.Icons.DONE_ALL), data.version))
    return screen(data.route, data.title, [panes(controls, entry, split=5)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=5)


def hand_details(title: str, lines: Sequence[str], key: str) -> ft.Control:
    """One hand's breakdown for every side, for the scoreboard."""
    return section(title, *[ft.Text(line, size=14) for line in lines], key=key)
