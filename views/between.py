"""Playing on the device, around the card table (views/felt.py): a cover screen between people
(pass and play), a summary between rounds and at the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from views.common import (
    Handler,
    Tr,
    big_button,
    card_text,
    dot,
    screen,
)
from views.felt import card_face
from views.felt_data import Face

SUM_CARD = (40, 56)  # a held card's face on the summary: its corner reads at 12 px
FLAT = 7  # cards a hand shows side by side; more overlap, each one's corner showing
TURNED = 700  # from this window width (a phone turned) the summary's lines sit beside its head


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
class RoundSummary:
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


def cover_view(t: Tr, route: str, title: str, name: str, on_ready: Handler,
               on_back: Handler, colour: str = "", on_invite: Handler | None = None) -> ft.View:
    """Between two people: the hand is hidden until the next player taps; their colour
    (``colour``) beside their name. Or the players take the game to their own phones."""
    invite: list[ft.Control] = [
        ft.TextButton(t("guests.invite"), icon=ft.Icons.PHONELINK_RING, key="invite",
                      on_click=lambda _e: on_invite())] if on_invite is not None else []
    return screen(
        route, title,
        [ft.Container(height=80),
         ft.Icon(ft.Icons.SWAP_HORIZ, size=64, color=ft.Colors.PRIMARY),
         ft.Row([dot(colour, key="pass-colour", size=20),
                 ft.Text(t("play.pass_to", name=name), size=26, weight=ft.FontWeight.BOLD,
                         text_align=ft.TextAlign.CENTER, key="pass-to")],
                alignment=ft.MainAxisAlignment.CENTER, spacing=10, wrap=True),
         ft.Text(t("play.pass_help"), size=15, text_align=ft.TextAlign.CENTER),
         ft.Row(invite, alignment=ft.MainAxisAlignment.CENTER)],
        on_back=on_back, back_label=t("common.back"),
        bottom=ft.Column([big_button(t("play.ready", name=name), on_ready, key="ready",
                                     icon=ft.Icons.VISIBILITY)]),
    )


def hand_row(cards: tuple[str, ...], key: str) -> ft.Row:
    """A hand as small card faces in a row that wraps: side by side up to ``FLAT``, past it
    overlapping (twelve a row on a phone), each named for the screen reader."""
    w = SUM_CARD[0]
    faces: list[ft.Control] = [
        ft.Semantics(content=card_face(Face(id=f"{key}-{n}", code=c), SUM_CARD),
                     label=card_text(c)[0], exclude_semantics=True)
        for n, c in enumerate(cards)]
    return ft.Row(faces, wrap=True, spacing=4 if len(cards) <= FLAT else -round(w * 0.3),
                  run_spacing=6, key=key)


def _seat_card(line: SeatLine, index: int, points_label: str, total_label: str) -> ft.Control:
    cards = [hand_row(line.cards, f"sum-cards-{index}")] if line.cards else []
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


def summary_view(t: Tr, data: RoundSummary, *, on_next: Handler, on_back: Handler) -> ft.View:
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
    # side by side from a turned phone's width on: its few rows keep the lines in view
    body = ft.ResponsiveRow(
        [ft.Column(head, spacing=12, col={"xs": 12, "turned": 5},
                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
         ft.Column(lines, spacing=12, col={"xs": 12, "turned": 7},
                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
        breakpoints={"xs": 0, "turned": TURNED}, spacing={"xs": 12, "turned": 24},
        run_spacing=12)
    return screen(data.route, data.title, [body], on_back=on_back,
                  back_label=t("common.back"), bottom=bottom, split=5)
