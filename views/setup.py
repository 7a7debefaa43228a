"""New match: the game, the players in seating order, the first dealer, the game type and every
house option with a one-line explanation. The app validates; this screen shows the reason."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import cast

import flet as ft

from views.common import (
    Handler,
    Tr,
    big_button,
    choices,
    dot,
    drawn,
    icon_button,
    message,
    named_switch,
    panes,
    screen,
    section,
    tap,
)


@dataclass(frozen=True)
class OptionRow:
    """One option as shown: key, kind, current value, bounds, texts."""

    key: str
    kind: str  # "bool", "int", "choice"
    value: object
    label: str
    help: str
    low: int = 0
    high: int = 0
    step: int = 1
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    zero: str = ""  # the word for 0 when it is not a count ("Auto", "Off"); "": a number
    typed: str | None = None  # what the number field holds when it is not the value
    problem: str = ""  # why the typed number is refused


@dataclass(frozen=True)
class SetupData:
    games: tuple[tuple[str, str], ...]  # (key, title)
    game: str
    modes: tuple[tuple[str, str], ...]  # (key, label)
    mode: str
    players: tuple[str, ...]
    known: tuple[str, ...]  # remembered names not yet seated
    dealer: int  # seat index of the first dealer
    options: tuple[OptionRow, ...]
    error: str = ""
    notes: tuple[str, ...] = ()  # e.g. the teams the seating makes
    kinds: tuple[str, ...] = ()  # playing on the device: a computer seat's level in words, ""
    helps: tuple[bool | None, ...] = ()  # a person's help on the device (None: a computer)
    computers: bool = False  # a "+ Computer" button (playing on the device)
    full: bool = False  # as many seats as the game takes
    route: str = "/new"
    title: str = ""
    start_label: str = ""
    name: str = ""  # the name typed and not seated (refused: ``name_error`` says why)
    name_error: str = ""
    warning: str = ""  # the match can start, but something will go badly (a tiny draw pile)
    colours: tuple[str, ...] = ()  # each seat's colour (#RRGGBB), "" for none


def _stepper(
    row: OptionRow, on_option: Callable[[str, object], None], t: Tr,
    on_typed: Callable[[str, str], None] | None,
) -> ft.Control:
    """- and + around the number: a field to type it in where the screen takes typing."""
    value = int(row.value)  # type: ignore[call-overload]
    shown: ft.Control
    if on_typed is None:
        shown = ft.Text(row.zero if row.zero and value == 0 else str(value),
                        key=f"opt-{row.key}-value", size=20, width=72,
                        text_align=ft.TextAlign.CENTER)
    else:
        text = row.typed if row.typed is not None else (
            row.zero if row.zero and value == 0 else str(value))
        shown = ft.TextField(  # its label names it for screen readers too
            value=text, key=f"opt-{row.key}-value", width=92, text_size=18, dense=True,
            label=row.label, label_style=ft.TextStyle(size=13),
            text_align=ft.TextAlign.CENTER, keyboard_type=ft.KeyboardType.NUMBER,
            border_color=ft.Colors.ERROR if row.problem else None,
            on_change=lambda e: on_typed(row.key, e.control.value or ""),
        )
    return ft.Row(
        [
            icon_button(
                ft.Icons.REMOVE, t("setup.less", what=row.label), key=f"opt-{row.key}-minus",
                disabled=value <= row.low, icon_size=28,
                on_click=lambda _e: on_option(row.key, max(row.low, value - row.step)),
            ),
            shown,
            icon_button(
                ft.Icons.ADD, t("setup.more", what=row.label), key=f"opt-{row.key}-plus",
                disabled=value >= row.high, icon_size=28,
                on_click=lambda _e: on_option(row.key, min(row.high, value + row.step)),
            ),
        ],
        spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def option_control(
    row: OptionRow, on_option: Callable[[str, object], None], t: Tr,
    on_typed: Callable[[str, str], None] | None = None,
) -> ft.Control:
    """The control of one option with its label and its one-line explanation (and, under a
    refused number, why)."""
    texts = ft.Column(
        [ft.Text(row.label, size=16, weight=ft.FontWeight.W_500),
         ft.Text(row.help, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
         *([message(row.problem, key=f"opt-{row.key}-problem", error=True)]
           if row.problem else [])],
        spacing=2, expand=True,
    )
    if row.kind == "bool":
        switch = ft.Switch(
            value=bool(row.value), key=f"opt-{row.key}",
            on_change=lambda e: on_option(row.key, bool(e.control.value)),
        )
        return ft.Row([texts, named_switch(switch, row.label)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if row.kind == "int":
        return ft.Row([texts, _stepper(row, on_option, t, on_typed)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
    buttons = ft.SegmentedButton(
        segments=[ft.Segment(value=v, label=ft.Text(label)) for v, label in row.choices],
        selected=[str(row.value)], key=f"opt-{row.key}",
        on_change=lambda e: on_option(row.key, list(e.control.selected)[0]),
    )
    return ft.Column([texts, buttons], spacing=6)


def setup_view(
    t: Tr,
    data: SetupData,
    *,
    on_game: Callable[[str], None],
    on_mode: Callable[[str], None],
    on_add: Callable[[str], None],
    on_remove: Callable[[int], None],
    on_move: Callable[[int, int], None],
    on_dealer: Callable[[int], None],
    on_random_dealer: Handler,
    on_option: Callable[[str, object], None],
    on_start: Handler,
    on_back: Handler,
    on_level: Callable[[int], None] | None = None,
    on_help: Callable[[int], None] | None = None,
    on_computer: Callable[[int], None] | None = None,
    on_typed: Callable[[str, str], None] | None = None,
    on_name: Callable[[str], None] | None = None,
    on_seat: Handler | None = None,
) -> ft.View:
    """``on_name`` hears each change of the name field, ``on_seat`` seats the name typed ("+"
    or Enter); ``on_add`` seats a remembered name. Without them (a view alone), "+" seats
    ``data.name``. On the device, ``on_computer`` adds a computer seat (told the count of
    seats the button was drawn with), ``on_level`` changes a computer's level and
    ``on_help`` a person's help."""
    typed = on_name or (lambda _text: None)
    seat = on_seat or (lambda: on_add(data.name))

    async def submit(e: ft.Event[ft.TextField]) -> None:
        # Enter seats the name as "+" does, and the field stays ready for the next one
        # (Flutter takes the focus away from a field on Enter).
        typed(e.control.value or "")
        seat()
        await cast("Callable[[], Awaitable[None]]", e.control.focus)()  # untyped in Flet

    name_field = ft.TextField(
        label=t("setup.new_player"), key="name", expand=True, value=data.name,
        error=data.name_error or None, on_submit=submit,
        on_change=lambda e: typed(e.control.value or ""),
        capitalization=ft.TextCapitalization.WORDS,
    )
    seats: list[ft.Control] = []
    n = len(data.players)
    for i, name in enumerate(data.players):
        seats.append(
            ft.Row(
                [
                    # not a Radio: a radio group merges its rows' labels into one, and the
                    # buttons beside each name would lose theirs for a screen reader
                    icon_button(
                        ft.Icons.RADIO_BUTTON_CHECKED if i == data.dealer
                        else ft.Icons.RADIO_BUTTON_UNCHECKED,
                        t("setup.dealer_name", name=name),
                        key=f"dealer-{i}", selected=i == data.dealer,
                        icon_color=ft.Colors.PRIMARY if i == data.dealer else None,
                        on_click=tap(partial(on_dealer, i))),
                    # on the device a computer's level or a person's help goes under the
                    # name: both keep room
                    ft.Column([
                        ft.Row([dot(data.colours[i] if i < len(data.colours) else "",
                                    key=f"colour-{i}"),
                                ft.Text(f"{i + 1}. {name}", size=17, key=f"seat-{i}",
                                        expand=True)],
                               spacing=8),
                        *_chips(t, data, i, name, on_level, on_help),
                    ], spacing=0, expand=True),
                    icon_button(ft.Icons.ARROW_UPWARD, t("setup.move_up_name", name=name),
                                key=f"up-{i}", disabled=i == 0,
                                on_click=tap(partial(on_move, i, -1))),
                    icon_button(ft.Icons.ARROW_DOWNWARD, t("setup.move_down_name", name=name),
                                key=f"down-{i}", disabled=i == n - 1,
                                on_click=tap(partial(on_move, i, 1))),
                    icon_button(ft.Icons.CLOSE, t("setup.remove_name", name=name),
                                key=f"remove-{i}", on_click=tap(partial(on_remove, i))),
                ],
                spacing=0,
            )
        )
    dealer_group = ft.Column(seats, spacing=0, key="dealer")
    known = ft.Row(
        [ft.Chip(label=ft.Text(name), key=f"known-{name}", leading=ft.Icon(ft.Icons.PERSON_ADD),
                 on_click=lambda _e, name=name: on_add(name)) for name in data.known],
        wrap=True, spacing=6, run_spacing=6,
    )
    players = section(
        t("setup.players", n=n),
        ft.Text(t("setup.seating_help"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        dealer_group,
        ft.Row([name_field, icon_button(ft.Icons.ADD_CIRCLE, t("setup.add"), key="add",
                                        icon_size=36, on_click=tap(seat))]),
        # drawn with the count of seats: the second tap of a double tap adds nothing
        *([drawn(ft.OutlinedButton(t("play.add_computer"), icon=ft.Icons.SMART_TOY_OUTLINED,
                                   key="add-computer", disabled=data.full,
                                   on_click=tap(partial(on_computer, n))), n)]
          if data.computers and on_computer is not None else []),
        *[ft.Text(note, key=f"setup-note-{i}", size=15, weight=ft.FontWeight.W_500)
          for i, note in enumerate(data.notes)],
        *([ft.Text(t("play.kind_help"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
          if data.computers else []),
        known,
        ft.TextButton(t("setup.random_dealer"), icon=ft.Icons.CASINO, key="random-dealer",
                      on_click=tap(on_random_dealer), disabled=n < 2),
    )
    game = section(
        t("setup.game"),
        choices(data.games, data.game, on_game, key="game"),
    )
    controls: list[ft.Control] = [game, players]
    rules: list[ft.Control] = []  # beside the players on a wide screen
    if data.modes:
        rules.append(section(
            t("setup.mode"),
            ft.SegmentedButton(
                segments=[ft.Segment(value=k, label=ft.Text(label)) for k, label in data.modes],
                selected=[data.mode], key="mode",
                on_change=lambda e: on_mode(list(e.control.selected)[0]),
            ),
        ))
    rules.append(section(t("setup.options"),
                         *[option_control(row, on_option, t, on_typed) for row in data.options]))
    bottom = ft.Column(
        [message(data.error, key="error", error=True)] if data.error
        else [_warning(data.warning)] if data.warning else [], spacing=6
    )
    bottom.controls.append(
        big_button(data.start_label or t("setup.start"), on_start, key="start",
                   icon=ft.Icons.PLAY_ARROW, disabled=bool(data.error))
    )
    return screen(data.route, data.title or t("setup.title"), [panes(controls, rules)],
                  on_back=on_back, back_label=t("common.back"), bottom=bottom, split=6)


def _chips(
    t: Tr, data: SetupData, i: int, name: str, on_level: Callable[[int], None] | None,
    on_help: Callable[[int], None] | None,
) -> list[ft.Control]:
    """Under a seat's name on the device: a computer's level, or a person's help, each
    changed by a tap."""
    level = data.kinds[i] if i < len(data.kinds) else ""
    helped = data.helps[i] if i < len(data.helps) else None
    if level and on_level is not None:
        return [ft.TextButton(level, icon=ft.Icons.SMART_TOY_OUTLINED, key=f"kind-{i}",
                              tooltip=t("play.level_name", name=name),
                              on_click=tap(partial(on_level, i)))]
    if helped is not None and on_help is not None:
        return [ft.TextButton(t("play.help_on") if helped else t("play.help_off"),
                              icon=ft.Icons.LIGHTBULB if helped else ft.Icons.LIGHTBULB_OUTLINE,
                              key=f"help-{i}", tooltip=t("play.help_name", name=name),
                              on_click=tap(partial(on_help, i)))]
    return []


def _warning(text: str) -> ft.Control:
    """A caution above the Start button: the match may start, but the player should know."""
    return ft.Row(
        [ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=ft.Colors.TERTIARY),
         ft.Text(text, key="warning", size=15, weight=ft.FontWeight.W_500, expand=True)],
        spacing=8, vertical_alignment=ft.CrossAxisAlignment.START,
    )
