"""Inviting players: a QR code and a short code per seat for each player's phone, who sits
where, a second phone asking for a seat, and the table screen's watch link.

On a phone the screen shows one seat at a time, its QR code as large as the window allows,
with Previous and Next (the phone is held up to each player in turn); on a wide screen every
seat side by side. Where things go is a pure function of the window's size (:func:`shape`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import (
    WIDE,
    Handler,
    Tr,
    big_button,
    dot,
    drawn,
    message,
    named_icon,
    screen,
    section,
    small_button,
)
from views.share import qr_image

BAR = 56  # the app bar
PAD = 12  # the screen's padding, each side
GAP = 8  # between the parts of a seat
GRID_GAP = 12  # between the seats of the grid
EDGE = 2  # a seat's border in the grid
NARROW = 640  # the screen's width on a phone held upright (common.MAX_WIDTH)
BROAD = 1120  # its width otherwise (common.SPREAD)
TALL = 560  # a window at least this high and WIDE wide shows every seat at once
# the parts of a seat beside its QR code, each as high as it is drawn at most
HEAD = 52  # its name over "2 of 8 · Free"
CODE = 42  # the short code
WHERE = 40  # the address where the code is typed (two lines on a phone)
WHERE_SIDE = 20  # one line beside the code, on a phone on its side
NAV = 64  # Previous and Next (common.big_button)
ACTION = 48  # Free the seat (common.small_button)
ASKING = 40  # "Another phone asks for Ana's seat." (two lines)
BESIDE = 300  # the column beside the QR code on a phone on its side
MIN_QR = 160  # the grid's codes are no smaller (the screen scrolls instead)
MAX_QR = 320  # nor larger: all of it must show on a laptop


@dataclass(frozen=True)
class SeatInvite:
    """One seat's way in, as the host sees it."""

    seat: int
    name: str
    colour: str
    code: str  # "ABC DEF"
    png: bytes  # the QR code of its link
    seated: bool  # a phone holds it
    asking: bool  # another phone asks for it
    stamp: str  # what a tap on this seat names (its link: a freed seat's is new)

    @property
    def extra(self) -> int:
        """The height its own buttons take under its code."""
        return (ASKING + GAP if self.asking else 0) + (ACTION + GAP if self.seated or
                                                        self.asking else 0)


@dataclass(frozen=True)
class InviteData:
    route: str
    title: str
    address: str  # where to type a code: http://192.168.1.5:8765
    seats: tuple[SeatInvite, ...]
    watch_png: bytes
    locked: bool
    note: str = ""  # the address changed since last time, or ""
    shown: int = 0  # the seat shown on a phone (its number)
    size: tuple[float, float] = (400.0, 850.0)  # the window's, in logical pixels


@dataclass(frozen=True)
class Shape:
    """How the seats are laid out: ``one`` seat at a time (a phone upright), ``side`` (one
    seat, its code beside its QR: a phone on its side) or ``grid`` (every seat, ``columns`` a
    row); the QR codes' side, in logical pixels."""

    mode: str
    qr: int
    columns: int = 1


def shape(width: float, height: float, seats: Sequence[SeatInvite], shown: int = -1) -> Shape:
    """Where the seats go in a window of ``width`` × ``height``: the QR code as large as it
    fits with the seat's name, state, code and buttons on one screen (no scrolling). On a
    phone, the seat ``shown``, and over it any other seat a second phone asks for."""
    room = height - BAR - 2 * PAD
    if width >= WIDE and height >= TALL and len(seats) > 1:
        extra = max((s.extra for s in seats), default=0)
        return _grid(min(width - 2 * PAD, BROAD), room, len(seats), extra)
    others = sum(s.extra + GAP for s in seats if s.asking and s.seat != shown)
    room -= others
    if width > height:
        across = min(width - 2 * PAD, BROAD) - BESIDE - GRID_GAP
        return Shape("side", int(max(0.0, min(room - 4, across))))
    own = sum(s.extra for s in seats if s.seat == shown)
    below = HEAD + CODE + WHERE + NAV + 4 * GAP + own
    return Shape("one", int(max(0.0, min(min(width - 2 * PAD, NARROW), room - below))))


def _grid(width: float, height: float, count: int, extra: int) -> Shape:
    """The columns that give the largest codes, all seats on screen when they fit."""
    height -= WHERE_SIDE + 2 * GRID_GAP  # the address over the grid
    best = Shape("grid", 0, 1)
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        cell_w = (width - GRID_GAP * (columns - 1)) / columns
        cell_h = (height - GRID_GAP * (rows - 1)) / rows
        qr = int(min(cell_w - 2 * PAD - 2 * EDGE,
                     cell_h - 2 * PAD - 2 * EDGE - HEAD - CODE - 2 * GAP - extra, MAX_QR))
        if qr > best.qr:
            best = Shape("grid", qr, columns)
    return Shape("grid", max(best.qr, MIN_QR), best.columns)


def status(t: Tr, s: SeatInvite) -> str:
    return t("guests.state_asking") if s.asking else t("guests.seated") if s.seated else t(
        "guests.free")


def _head(t: Tr, s: SeatInvite, line: str) -> ft.Control:
    """The seat's name, and under it its place among the seats and its state."""
    icon = (ft.Icons.NOTIFICATION_IMPORTANT if s.asking else ft.Icons.CHECK_CIRCLE if s.seated
            else ft.Icons.PHONE_ANDROID)
    return ft.Row([
        dot(s.colour, size=16),
        ft.Column([ft.Text(s.name, size=20, weight=ft.FontWeight.BOLD, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS, key=f"name-{s.seat}"),
                   ft.Text(line, size=14, key=f"status-{s.seat}")], spacing=0, expand=True),
        ft.Icon(icon, color=ft.Colors.ERROR if s.asking else ft.Colors.GREEN if s.seated
                else ft.Colors.ON_SURFACE_VARIANT),
    ], height=HEAD, spacing=10)


def _actions(t: Tr, s: SeatInvite, on_free: Callable[[int, str], None],
             on_allow: Callable[[int, str], None],
             on_refuse: Callable[[int, str], None]) -> list[ft.Control]:
    """What the host may do with the seat: let a second phone in (or not), free it."""
    rows: list[ft.Control] = []
    if s.asking:
        rows += [
            message(t("guests.asking", name=s.name), key=f"asking-{s.seat}"),
            ft.Row([small_button(t("guests.allow"), lambda: on_allow(s.seat, s.stamp),
                                 key=f"allow-{s.seat}", icon=ft.Icons.CHECK),
                    small_button(t("guests.refuse"), lambda: on_refuse(s.seat, s.stamp),
                                 key=f"refuse-{s.seat}", icon=ft.Icons.CLOSE)], wrap=True),
        ]
    elif s.seated:
        rows.append(small_button(t("guests.free_seat"), lambda: on_free(s.seat, s.stamp),
                                 key=f"free-{s.seat}", icon=ft.Icons.LOGOUT))
    return rows


def _qr(t: Tr, s: SeatInvite, side: int) -> ft.Control:
    return qr_image(s.png, key=f"qr-{s.seat}", label=t("guests.qr", name=s.name), width=side)


def _code(s: SeatInvite) -> ft.Control:
    return ft.Text(s.code, size=30, weight=ft.FontWeight.BOLD, key=f"code-{s.seat}",
                   text_align=ft.TextAlign.CENTER)


def seat_card(t: Tr, s: SeatInvite, side: int, on_free: Callable[[int, str], None],
              on_allow: Callable[[int, str], None],
              on_refuse: Callable[[int, str], None]) -> ft.Control:
    """A seat in the grid of a wide screen."""
    rows = [_head(t, s, status(t, s)), _qr(t, s, side), _code(s),
            *_actions(t, s, on_free, on_allow, on_refuse)]
    return ft.Container(ft.Column(rows, spacing=GAP,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        padding=PAD, border_radius=12, key=f"seat-{s.seat}",
                        border=ft.Border.all(EDGE, s.colour or ft.Colors.OUTLINE))


def pager(t: Tr, data: InviteData, form: Shape, on_show: Callable[[int, int], None],
          on_free: Callable[[int, str], None], on_allow: Callable[[int, str], None],
          on_refuse: Callable[[int, str], None]) -> ft.Control:
    """One seat, large, with Previous and Next: each names the seat it was drawn on, and is
    keyed with it (a redraw replaces it), so a double tap moves one seat."""
    seats = data.seats
    at = next((i for i, s in enumerate(seats) if s.seat == data.shown), 0)
    s = seats[at]
    asks = [ft.Column(_actions(t, o, on_free, on_allow, on_refuse), spacing=GAP)
            for o in seats if o.asking and o is not s]  # a phone asking is never missed
    line = " · ".join((t("guests.position", n=at + 1, count=len(seats)), status(t, s)))
    step = [big_button(t("guests.previous"),
                       (lambda: on_show(s.seat, seats[at - 1].seat)) if at > 0 else None,
                       key="previous", icon=ft.Icons.ARROW_BACK, primary=False),
            big_button(t("guests.next"),
                       (lambda: on_show(s.seat, seats[at + 1].seat)) if at + 1 < len(seats)
                       else None, key="next", icon=ft.Icons.ARROW_FORWARD)]
    for button in step:
        button.expand = True
        drawn(button, s.seat)
    words = [_head(t, s, line), _code(s),
             ft.Text(t("guests.address", address=data.address), size=14,
                     key=f"address-{s.seat}", text_align=ft.TextAlign.CENTER),
             *_actions(t, s, on_free, on_allow, on_refuse),
             ft.Row(step, spacing=GAP, key="steps")]
    if form.mode == "side":
        return ft.Column([*asks, ft.Row(
            [ft.Container(_qr(t, s, form.qr), width=form.qr),
             ft.Column(words, spacing=GAP, expand=True,
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
            spacing=GRID_GAP, vertical_alignment=ft.CrossAxisAlignment.START)],
            spacing=GAP, key="pager")
    words.insert(1, _qr(t, s, form.qr))
    return ft.Column([*asks, *words], spacing=GAP, key="pager",
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def grid(t: Tr, data: InviteData, form: Shape, on_free: Callable[[int, str], None],
         on_allow: Callable[[int, str], None],
         on_refuse: Callable[[int, str], None]) -> ft.Control:
    """Every seat, side by side."""
    width = form.qr + 2 * PAD + 2 * EDGE
    cards: list[ft.Control] = [
        ft.Container(seat_card(t, s, form.qr, on_free, on_allow, on_refuse), width=width)
        for s in data.seats]
    return ft.Row(cards, wrap=True, spacing=GRID_GAP, run_spacing=GRID_GAP, key="seats",
                  alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def invite_view(
    t: Tr,
    data: InviteData,
    *,
    on_show: Callable[[int, int], None],
    on_free: Callable[[int, str], None],
    on_allow: Callable[[int, str], None],
    on_refuse: Callable[[int, str], None],
    on_lock: Callable[[bool], None],
    on_close: Handler,
    on_back: Handler,
) -> ft.View:
    """The table open to guests: each seat's code (one at a time on a phone, ``on_show(from,
    to)`` turning to another seat), who is seated, the watch link."""
    form = shape(*data.size, data.seats, data.shown)
    controls: list[ft.Control] = []
    if not data.seats:
        controls.append(message(data.note, key="guests-note", error=True))
        return screen(data.route, data.title, controls, on_back=on_back,
                      back_label=t("common.back"))
    help_text = ft.Text(t("guests.help"), size=16, key="guests-help")
    if form.mode == "grid":
        controls += [ft.Text(t("guests.address", address=data.address), size=15,
                             key="guests-address"),
                     grid(t, data, form, on_free, on_allow, on_refuse), help_text]
    else:
        controls += [pager(t, data, form, on_show, on_free, on_allow, on_refuse), help_text]
    if data.note:
        controls.append(message(data.note, key="guests-note", error=True))
    controls += [
        ft.Switch(label=t("guests.lock"), value=data.locked, key="lock",
                  on_change=lambda e: on_lock(bool(e.control.value))),
        section(t("guests.watch_title"), ft.Text(t("guests.watch_help")),
                qr_image(data.watch_png, key="qr-watch", label=t("guests.watch_title"),
                         width=180), key="watch"),
        ft.Text(t("guests.plain_http"), size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                key="guests-http"),
        big_button(t("guests.close"), on_close, key="close-guests", icon=ft.Icons.DOOR_FRONT_DOOR,
                   primary=False),
    ]
    return screen(data.route, data.title, controls, on_back=on_back,
                  back_label=t("common.back"), split=None if form.mode == "one" else 12)


def invite_menu(t: Tr, seats: Sequence[tuple[int, str]], on_invite: Callable[[int], None],
                *, key: str = "invite") -> ft.Control:
    """The table's "Invite players": a menu of its people's seats, each opening the invite
    at that seat (the table opened to phones first if it is not)."""
    items = [ft.PopupMenuItem(t("guests.seat", name=name), key=f"invite-{seat}",
                              on_click=lambda _e, seat=seat: on_invite(seat))
             for seat, name in seats]
    return ft.PopupMenuButton(items=items, key=key, width=48, height=48,
                              icon=named_icon(ft.Icons.PHONELINK_RING, t("guests.invite")))


def take_back_asked(t: Tr, name: str, on_answer: Callable[[str], None]) -> ft.Control:
    """A phone asks the host to take back its player's move: Accept or Refuse."""
    fg = ft.Colors.ON_PRIMARY_CONTAINER
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.PHONE_ANDROID, size=18, color=fg),
        ft.Text(t("play.asks_undo", name=name), color=fg, expand=True, key="asks-undo",
                weight=ft.FontWeight.W_500),
        *(ft.TextButton(t(f"play.{key}"), key=f"answer-{key}", style=ft.ButtonStyle(color=fg),
                        on_click=lambda _e, k=key: on_answer(k)) for key in ("accept", "refuse")),
    ], spacing=6), bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=ft.BorderRadius.all(8),
        padding=ft.Padding.only(left=8), key="take-back-asked")
