"""Inviting players: a QR code and a short code per seat for each player's phone, who sits
where, a second phone asking for a seat, and the table screen's watch link."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from views.common import (
    Handler,
    Tr,
    big_button,
    dot,
    message,
    screen,
    section,
    small_button,
    tiles,
)
from views.share import qr_image


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


@dataclass(frozen=True)
class InviteData:
    route: str
    title: str
    address: str  # where to type a code: http://192.168.1.5:8765
    seats: tuple[SeatInvite, ...]
    watch_png: bytes
    locked: bool
    note: str = ""  # the address changed since last time, or ""


def seat_card(t: Tr, s: SeatInvite, on_free: Callable[[int, str], None],
              on_allow: Callable[[int, str], None],
              on_refuse: Callable[[int, str], None]) -> ft.Control:
    status = t("guests.seated") if s.seated else t("guests.free")
    rows: list[ft.Control] = [
        ft.Row([dot(s.colour, size=16), ft.Text(s.name, size=20, weight=ft.FontWeight.BOLD,
                                                 expand=True),
                ft.Icon(ft.Icons.CHECK_CIRCLE if s.seated else ft.Icons.PHONE_ANDROID,
                        color=ft.Colors.GREEN if s.seated else ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(status, key=f"status-{s.seat}")]),
    ]
    if s.asking:
        rows += [
            message(t("guests.asking", name=s.name), key=f"asking-{s.seat}"),
            ft.Row([small_button(t("guests.allow"), lambda: on_allow(s.seat, s.stamp),
                                 key=f"allow-{s.seat}", icon=ft.Icons.CHECK),
                    small_button(t("guests.refuse"), lambda: on_refuse(s.seat, s.stamp),
                                 key=f"refuse-{s.seat}", icon=ft.Icons.CLOSE)], wrap=True),
        ]
    if s.seated:
        rows.append(small_button(t("guests.free_seat"), lambda: on_free(s.seat, s.stamp),
                                 key=f"free-{s.seat}", icon=ft.Icons.LOGOUT))
    else:
        rows += [
            qr_image(s.png, key=f"qr-{s.seat}", label=t("guests.qr", name=s.name), width=200),
            ft.Text(s.code, size=28, weight=ft.FontWeight.BOLD, key=f"code-{s.seat}",
                    text_align=ft.TextAlign.CENTER),
        ]
    return ft.Container(ft.Column(rows, spacing=8,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        padding=12, border_radius=12, key=f"seat-{s.seat}",
                        border=ft.Border.all(2, s.colour or ft.Colors.OUTLINE))


def invite_view(
    t: Tr,
    data: InviteData,
    *,
    on_free: Callable[[int, str], None],
    on_allow: Callable[[int, str], None],
    on_refuse: Callable[[int, str], None],
    on_lock: Callable[[bool], None],
    on_close: Handler,
    on_back: Handler,
) -> ft.View:
    """The table open to guests: each seat's code, who is seated, the watch link."""
    controls: list[ft.Control] = []
    if data.note:
        controls.append(message(data.note, key="guests-note", error=True))
    controls += [
        ft.Text(t("guests.help"), size=16, key="guests-help"),
        ft.Text(t("guests.address", address=data.address), size=15, key="guests-address"),
        tiles([seat_card(t, s, on_free, on_allow, on_refuse) for s in data.seats], key="seats"),
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
                  back_label=t("common.back"))
