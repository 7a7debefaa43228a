"""Playing on the device: the public table everyone sees, the hand of the seat to play with its
legal cards tappable, other moves as buttons; a cover screen between people (pass and play);
a summary between rounds and at the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from views.common import (
    CARD_FONT,
    RED,
    Handler,
    Tr,
    big_button,
    card_text,
    dot,
    message,
    panes,
    screen,
    section,
)


def suit_colour(card: str) -> str | None:
    """A card's colour on these screens: red suits in the theme's red, which keeps its
    contrast on a dark background too (a light red there), black ones in the text colour."""
    colour = card_text(card)[1]
    return ft.Colors.ERROR if colour == RED else colour


@dataclass(frozen=True)
class Move:
    """A legal move: ``action`` code, a ``label`` for a button, or the ``card`` it plays."""

    action: int
    label: str
    card: str = ""


@dataclass(frozen=True)
class PlayData:
    route: str
    title: str
    prompt: str  # "Your turn, Ana" / "Cid is thinking…"
    table: tuple[tuple[str, str], ...]  # public facts: (label, value)
    top: str  # the card on top, if the game has one
    hand: tuple[str, ...]  # the cards of the seat shown (empty while covered or a bot plays)
    moves: tuple[Move, ...]  # what the person may do now (empty when it is not their turn)
    log: tuple[str, ...]  # the last moves, newest last
    hint: str
    can_undo: bool
    over: bool
    result: tuple[str, ...] = ()
    colour: str = ""  # the colour of the seat to play (#RRGGBB), "" for none
    # the game's move count: the hand and the buttons are new controls at each one, so a
    # tap on a screen already replaced names a control that is gone (and changes nothing)
    version: int = 0


@dataclass(frozen=True)
class SeatLine:
    """One player in a round's summary: the cards held as it ended (in the notation, ``QD``),
    what else counted (``detail``), the round's points and the total (or wins) after it."""

    name: str
    cards: tuple[str, ...]
    detail: str
    points: str
    total: str
    won: bool
    computer: bool = False
    colour: str = ""  # the seat's colour (#RRGGBB; grey for a computer), "" for none


@dataclass(frozen=True)
class Summary:
    """Between two rounds, or at the end: how the round ended, each player's line, why the
    winners won, and what the button does next."""

    route: str
    title: str
    heading: str  # "End of round 2"
    how: str  # "Ana played their last card."
    lines: tuple[SeatLine, ...]
    why: tuple[str, ...]  # the round's winners and why; the match's at the end
    points_label: str
    total_label: str
    over: bool
    next_label: str  # "Next round" / "See the final result"
    verdict: tuple[str, ...] = ()  # at the end: the game's winners, and why


def _hand(
    cards: Sequence[str], playable: dict[str, int], on_move: Callable[[int], None],
    version: int = 0,
) -> ft.Control:
    chips: list[ft.Control] = []
    for i, c in enumerate(cards):
        label, color = card_text(c)[0], suit_colour(c)
        action = playable.get(c)
        # a playable card is framed, not filled: its suit keeps its colour (red stays red)
        chips.append(ft.Container(
            ft.Text(label, size=20, font_family=CARD_FONT, color=color,
                    weight=ft.FontWeight.BOLD if action is not None else None),
            key=f"hand-{i}-{c}",
            width=62, height=56, alignment=ft.Alignment.CENTER,
            border_radius=ft.BorderRadius.all(10),
            border=ft.Border.all(4 if action is not None else 1,
                                 ft.Colors.PRIMARY if action is not None else ft.Colors.OUTLINE),
            bgcolor=ft.Colors.SURFACE,
            opacity=1.0 if action is not None or not playable else 0.55,
            on_click=(lambda _e, a=action: on_move(a)) if action is not None else None,
            ink=action is not None,
        ))
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6, key=f"hand@{version}")


def play_view(
    t: Tr,
    data: PlayData,
    *,
    on_move: Callable[[int], None],
    on_hint: Handler | None,
    on_undo: Handler | None,
    on_back: Handler,
    on_again: Handler | None = None,
) -> ft.View:
    facts = ft.Column(
        # the value has the wider share and wraps: a side's melds can be long
        [ft.Row([ft.Text(k, size=14, color=ft.Colors.ON_SURFACE_VARIANT, expand=2),
                 ft.Text(v, size=15, weight=ft.FontWeight.W_500, font_family=CARD_FONT,
                         key=f"fact-{i}", expand=3, text_align=ft.TextAlign.RIGHT)],
                vertical_alignment=ft.CrossAxisAlignment.START)
         for i, (k, v) in enumerate(data.table)],
        spacing=2,
    )
    controls: list[ft.Control] = [
        ft.Row([*([dot(data.colour, key="colour")] if data.colour else []),
                ft.Text(data.prompt, size=22, weight=ft.FontWeight.BOLD, key="prompt",
                        expand=True)], spacing=8),
        section(t("play.table"), facts),
    ]
    card_moves = {m.card: m.action for m in data.moves if m.card}
    if data.hand:
        controls.append(section(t("play.hand"),
                                _hand(data.hand, card_moves, on_move, data.version)))
    if data.hint:
        controls.append(message(data.hint, key="hint"))
    record: list[ft.Control] = []  # beside the table and the hand on a wide screen
    if data.result:
        record.append(section(t("play.result"),
                              *[ft.Text(line, key=f"result-{i}")
                                for i, line in enumerate(data.result)]))
    if data.log:
        record.append(section(t("play.log"), *[ft.Text(line, size=13, font_family=CARD_FONT)
                                               for line in data.log[-6:]]))
    bottom = ft.Column(spacing=8)
    buttons = [m for m in data.moves if not m.card]
    for m in buttons:
        button = big_button(m.label, partial(on_move, m.action),
                            key=f"move-{m.action}@{data.version}", primary=len(buttons) == 1)
        style = getattr(button, "style", None)
        if style is not None and style.text_style is not None:
            # a move that names a card ("Take the discard: K♦"): the suit signs come from the
            # card font, the rest keeps the buttons' font
            style.text_style.font_family_fallback = [CARD_FONT]
        bottom.controls.append(button)
    row: list[ft.Control] = []
    if on_hint is not None and not data.over:
        row.append(ft.OutlinedButton(t("play.hint"), icon=ft.Icons.LIGHTBULB, key="hint-button",
                                     on_click=lambda _e: on_hint(), height=48))
    if on_undo is not None and not data.over:
        row.append(ft.OutlinedButton(t("play.undo"), icon=ft.Icons.UNDO, key="undo",
                                     on_click=lambda _e: on_undo(), height=48,
                                     disabled=not data.can_undo))
    if row:
        bottom.controls.append(ft.Row(row, spacing=8, key=f"tools@{data.version}"))
    if data.over and on_again is not None:
        bottom.controls.append(big_button(t("play.again"), on_again, key="again",
                                          icon=ft.Icons.REPLAY))
    return screen(data.route, data.title, [panes(controls, record, split=7)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=7)


def cover_view(t: Tr, route: str, title: str, name: str, on_ready: Handler,
               on_back: Handler, colour: str = "") -> ft.View:
    """Between two people: the hand is hidden until the next player taps; their colour
    (``colour``) beside their name."""
    return screen(
        route, title,
        [ft.Container(height=80),
         ft.Icon(ft.Icons.SWAP_HORIZ, size=64, color=ft.Colors.PRIMARY),
         ft.Row([dot(colour, key="pass-colour", size=20),
                 ft.Text(t("play.pass_to", name=name), size=26, weight=ft.FontWeight.BOLD,
                         text_align=ft.TextAlign.CENTER, key="pass-to")],
                alignment=ft.MainAxisAlignment.CENTER, spacing=10, wrap=True),
         ft.Text(t("play.pass_help"), size=15, text_align=ft.TextAlign.CENTER)],
        on_back=on_back, back_label=t("common.back"),
        bottom=ft.Column([big_button(t("play.ready", name=name), on_ready, key="ready",
                                     icon=ft.Icons.VISIBILITY)]),
    )


def _seat_card(line: SeatLine, index: int, points_label: str, total_label: str) -> ft.Control:
    spans = [ft.TextSpan(card_text(c)[0] + " ", ft.TextStyle(color=suit_colour(c)))
             for c in line.cards]
    cards = [ft.Text(spans=spans, size=17, font_family=CARD_FONT, key=f"sum-cards-{index}")
             ] if spans else []
    name = ft.Row([
        ft.Icon(ft.Icons.EMOJI_EVENTS if line.won else
                (ft.Icons.SMART_TOY if line.computer else ft.Icons.PERSON),
                color=ft.Colors.PRIMARY if line.won else ft.Colors.ON_SURFACE_VARIANT, size=22),
        dot(line.colour, key=f"colour-{index}"),
        ft.Text(line.name, size=17, weight=ft.FontWeight.BOLD, expand=True,
                overflow=ft.TextOverflow.ELLIPSIS, max_lines=1),
        ft.Column([ft.Text(points_label, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                   ft.Text(line.points, size=17, key=f"sum-points-{index}")],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END),
        ft.Column([ft.Text(total_label, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                   ft.Text(line.total, size=17, weight=ft.FontWeight.BOLD,
                           key=f"sum-total-{index}")],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END),
    ], spacing=10)
    detail = [ft.Text(line.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT)] \
        if line.detail else []
    return ft.Container(
        ft.Column([name, *cards, *detail], spacing=4),
        key=f"sum-line-{index}", padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10),
        border=ft.Border.all(2 if line.won else 1,
                             ft.Colors.PRIMARY if line.won else ft.Colors.OUTLINE_VARIANT),
    )


def summary_view(t: Tr, data: Summary, *, on_next: Handler, on_back: Handler) -> ft.View:
    """The round just ended (or the game): how it ended, what each player held, the points
    and totals, why the winners won; one button goes on."""
    head: list[ft.Control] = [
        ft.Text(data.heading, size=24, weight=ft.FontWeight.BOLD, key="summary"),
        ft.Text(data.how, size=16, key="summary-how"),
    ]
    head += [ft.Text(w, size=15, weight=ft.FontWeight.W_500, key=f"summary-why-{i}")
             for i, w in enumerate(data.why)]
    if data.verdict:
        head.append(ft.Container(
            ft.Column([ft.Text(data.verdict[0], size=22, weight=ft.FontWeight.BOLD,
                               color=ft.Colors.ON_PRIMARY_CONTAINER, key="verdict-0"),
                       *[ft.Text(v, size=15, color=ft.Colors.ON_PRIMARY_CONTAINER,
                                 key=f"verdict-{i}")
                         for i, v in enumerate(data.verdict[1:], start=1)]], spacing=4),
            bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=ft.BorderRadius.all(12),
            padding=ft.Padding.all(12), key="verdict"))
    lines = [_seat_card(line, i, data.points_label, data.total_label)
             for i, line in enumerate(data.lines)]
    bottom = ft.Column([big_button(data.next_label, on_next, key="summary-next",
                                   icon=ft.Icons.FLAG if data.over else ft.Icons.ARROW_FORWARD)])
    return screen(data.route, data.title, [panes(head, lines, split=5)], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=5)
