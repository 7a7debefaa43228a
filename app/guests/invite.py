"""The "Invite players" screen of a table (a game on the device, or a match at the table): it
opens the table to guests when it is first shown by a tap (never by drawing it), and each of
its taps names what it was drawn with (a seat's link, the seat shown), so a double tap changes
nothing twice.

The seat shown on a phone is this controller's state: the table's screens open the invite at
a seat, Previous and Next turn to the seat beside it, and the screen is drawn from it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app.share.pictures import qr_png
from views.guests import InviteData, SeatInvite, invite_view

if TYPE_CHECKING:
    from app.guests.door import Door
    from app.guests.hub import Guests
    from app.window import Window


def spaced(code: str) -> str:
    """A short code as read aloud: ``ABC DEF``."""
    return f"{code[:3]} {code[3:]}"


class Invite:
    """The invite screen of the open table, and the seat it shows on a phone."""

    def __init__(self, shell: Window, guests: Guests) -> None:
        self.shell = shell
        self.guests = guests
        self.shown: dict[str, int] = {}  # the seat shown, by table

    def open(self, key: str, seats: list[tuple[int, str]], back: str,
             seat: int | None = None) -> None:
        """Open the table to guests (a tap on "Invite players") and show its codes, at
        ``seat`` when one is named."""
        try:
            self.guests.open(key, seats)
        except OSError as error:
            self.shell.toast(self.shell.t("guests.failed", error=error))
            return
        if seat is not None:
            self.shown[key] = seat
        self.shell.go(f"{back}/guests")

    def seat(self, key: str, door: Door) -> int:
        """The seat shown: the one chosen last, while the door has it; else the first."""
        chosen = self.shown.get(key)
        if chosen is not None and door.ticket(chosen) is not None:
            return chosen
        return door.tickets[0].seat if door.tickets else 0

    def view(self, key: str, back: str, colours: tuple[str, ...]) -> ft.View:
        t = self.shell.t
        server = self.guests.server
        door = self.guests.door(key)
        title = t("guests.title")
        if server is None or door is None:  # closed meanwhile (another window): say so
            return invite_view(t, InviteData(f"{back}/guests", title, "", (), b"", False,
                                             t("guests.closed_here")),
                               on_show=_none, on_free=_none, on_allow=_none, on_refuse=_none,
                               on_lock=lambda _on: None, on_close=lambda: self.shell.go(back),
                               on_back=lambda: self.shell.go(back))
        seats = tuple(
            SeatInvite(tk.seat, tk.name, colours[tk.seat] if tk.seat < len(colours) else "",
                       spaced(tk.code), qr_png(server.link(tk.seat)), bool(tk.device),
                       bool(tk.asking), tk.token)
            for tk in door.tickets)
        note = t("guests.moved") if self.guests.moved else ""
        page = getattr(self.shell, "page", None)
        size = (float(getattr(page, "width", None) or 400),
                float(getattr(page, "height", None) or 850))
        data = InviteData(f"{back}/guests", title, server.base, seats,
                          qr_png(server.watch_link), door.locked, note, self.seat(key, door),
                          size)
        return invite_view(
            t, data,
            on_show=lambda at, to: self._show(key, at, to),
            on_free=lambda seat, stamp: self._change(key, seat, stamp, "unseat"),
            on_allow=lambda seat, stamp: self._change(key, seat, stamp, "allow"),
            on_refuse=lambda seat, stamp: self._change(key, seat, stamp, "refuse"),
            on_lock=lambda on: self._lock(key, on),
            on_close=lambda: self._close(back), on_back=lambda: self.shell.go(back))

    def _show(self, key: str, at: int, to: int) -> None:
        """Turn from the seat ``at`` (the one the tap was drawn on) to ``to``."""
        door = self.guests.door(key)
        if door is None or self.seat(key, door) != at or door.ticket(to) is None:
            return  # drawn on another seat: the second tap of a double tap
        self.shown[key] = to
        self.shell.refresh()

    def _change(self, key: str, seat: int, stamp: str, what: str) -> None:
        door = self.guests.door(key)
        ticket = door.ticket(seat) if door is not None else None
        if door is None or ticket is None or ticket.token != stamp:
            return  # drawn for a link that is gone: a double tap
        if what == "unseat" and ticket.device:
            self.guests.change(door.unseat(seat))
        elif what == "allow" and ticket.asking:
            self.guests.change(door.allow(seat))
        elif what == "refuse" and ticket.asking:
            self.guests.change(door.refuse(seat))

    def _lock(self, key: str, on: bool) -> None:
        door = self.guests.door(key)
        if door is not None and door.locked != on:
            self.guests.change(door.lock(on))

    def _close(self, back: str) -> None:
        self.guests.close()
        self.shell.go(back)


def _none(_seat: int, _other: object) -> None:
    return None
