"""A window's table open to guest phones: opens and closes the door (one guest server per
process, listening only while a table is open), keeps the door in the settings so that guests
find their seats after a restart, and runs the guests' requests on the event loop of the
window that is the phones' host, where the table's screen runs its taps: one writer.

Each browser tab is a window of its own: the phones' host is the latest window to show the
open table (:meth:`Guests.claim`), and while it is away (its tab closed) any other window
showing that table takes the phones at once."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from app.guests.door import Door
from app.guests.seats import Seats
from app.guests.server import RUN_WAIT, GuestServer
from app.share.live import lan_address
from models.errors import MejaError

if TYPE_CHECKING:
    from app.window import Window

T = TypeVar("T")
_server: GuestServer | None = None
_lock = threading.Lock()
_windows: weakref.WeakSet[Guests] = weakref.WeakSet()  # every window of this process
_host: Guests | None = None  # the window the phones' table is on


def server() -> GuestServer | None:
    """The guest server of this process, while a table is open to guests."""
    return _server


def guest_host() -> str:
    """The address guests reach: this device on the local network (``MEJA_GUEST_HOST``
    overrides it, e.g. 127.0.0.1 for tests)."""
    return os.environ.get("MEJA_GUEST_HOST") or lan_address()


class Guests:
    """The guest phones of ``shell``'s open table."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.moved = False  # the port of last time was taken: the links changed
        _windows.add(self)

    # -- what the screens ask -----------------------------------------------------------------
    @property
    def server(self) -> GuestServer | None:
        return _server

    def door(self, key: str) -> Door | None:
        """The door of ``key`` when it is the open table."""
        found = _server
        return found.door if found is not None and found.door.key == key else None

    def seated(self, key: str) -> frozenset[int]:
        door = self.door(key)
        return door.seated() if door is not None else frozenset()

    # -- changes ------------------------------------------------------------------------------
    def open(self, key: str, seats: list[tuple[int, str]]) -> GuestServer:
        """Open ``key``'s table to guests (the door of last time when it is this table's:
        its links still hold). Another table open before is closed."""
        global _server, _host
        saved = Door.from_dict(self.shell.settings.get("guests"))
        door = saved if saved is not None and saved.key == key else Door.open(key, seats)
        with _lock:
            _host = self
            if _server is not None and _server.door.key == key:
                return _server
            if _server is not None:
                _server.stop()
                _server = None
            host = guest_host()
            try:
                made = GuestServer(door, host, door.port, _run, _seats, _save)
                self.moved = False
            except OSError:  # the port of last time is taken: any free one
                made = GuestServer(door, host, 0, _run, _seats, _save)
                self.moved = bool(door.port)
            _server = made.start()
        self.save(door)
        return made

    def close(self) -> None:
        """Close the table to guests: the server stops listening, every link is void."""
        global _server
        with _lock:
            if _server is not None:
                _server.stop()
                _server = None
        self._save_settings(drop=["guests"])

    def resume(self) -> None:
        """After a restart: the table open before opens again, with the same links."""
        door = Door.from_dict(self.shell.settings.get("guests"))
        if door is not None and _server is None:
            self.open(door.key, [(t.seat, t.name) for t in door.tickets])
            if self.moved:  # the phones' links changed: the host shows the new codes
                self.shell.toast(self.shell.t("guests.moved"))

    def claim(self) -> None:
        """This window shows the open table now (it came to its screen, or its tab is back):
        it becomes the phones' host, and they are shown its table at once."""
        global _host
        found = _server
        if found is None or _host is self or not self.shows(found.door.key):
            return
        if self.seats() is not None:
            _host = self
            found.publish()

    def shows(self, key: str) -> bool:
        """Whether this window is at the table ``key`` (its screen, or one of its own)."""
        page = getattr(self.shell, "page", None)
        route = [p for p in (getattr(page, "route", "") or "").split("/") if p]
        return route[1:2] == [key]

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        """This window's running event loop; None when its client is gone (a browser tab
        closed leaves its window behind for a while, with no connection) or it never had one."""
        session = getattr(getattr(self.shell, "page", None), "session", None)
        loop = getattr(getattr(session, "connection", None), "loop", None)
        return loop if isinstance(loop, asyncio.AbstractEventLoop) and loop.is_running() else None

    @property
    def connected(self) -> bool:
        """Whether this window's client is there, its loop running."""
        return self.loop is not None

    def change(self, door: Door) -> None:
        """The host changed the door (a seat freed, a phone let in, the table locked)."""
        found = _server
        if found is not None and found.door.key == door.key:
            found.set_door(door)

    def publish(self, key: str) -> None:
        """``key``'s table changed: its guests are shown it."""
        found = _server
        if found is not None and found.door.key == key:
            found.publish()

    def reopen(self, key: str) -> None:
        """The match ``key`` changed in another window: when it is the open table, its
        guests are shown it from the match as saved."""
        if self.door(key) is not None:
            with contextlib.suppress(MejaError):
                self.shell.referees.get(key)
            self.publish(key)

    # -- for the server (on this window's loop) ------------------------------------------------
    def seats(self) -> Seats | None:
        """The open table's seats, when its screen is open here (else its guests wait)."""
        found = _server
        if found is None:
            return None
        key = found.door.key
        play = self.shell.play
        if key.startswith("play-"):
            if play is not None and play.key == key:
                from app.guests.play_seats import PlaySeats
                from app.play import DevicePlay

                return PlaySeats(play) if isinstance(play, DevicePlay) else None
            return None
        current = self.shell.referees.current
        if current is not None and current.match_id == key:
            from app.guests.match_seats import MatchSeats

            return MatchSeats(current)
        return None

    def save(self, door: Door) -> None:
        """Keep the door (and its port) with the settings; redraw the host's screen."""
        found = _server
        port = found.address[1] if found is not None and found.door.key == door.key else 0
        self._save_settings({"guests": {**door.to_dict(), "port": port or door.port}})
        awake = getattr(self.shell, "keep_awake", None)
        if awake is not None and door.seated():
            awake(True)  # a phone host stays on while guests are seated
        self.shell.refresh()

    def _save_settings(self, values: dict[str, object] | None = None,
                       drop: tuple[str, ...] | list[str] = ()) -> None:
        # a door not saved still works; it is only not found again after a restart
        with contextlib.suppress(OSError):
            self.shell.settings.change(values, drop)

    def run(self, call: Callable[[], T]) -> T:
        """Run ``call`` on this window's event loop and wait for its result."""

        async def on_loop() -> T:
            return call()

        loop = self.loop
        if loop is None:
            raise LookupError("this window's client is gone")
        if _on(loop):
            return call()
        return asyncio.run_coroutine_threadsafe(on_loop(), loop).result(timeout=RUN_WAIT)


def _hosts() -> list[Guests]:
    """The windows that may host the phones, the host first, then the others; only those whose
    client is there."""
    others = [w for w in list(_windows) if w is not _host]
    return [w for w in ([_host] if _host is not None else []) + others if w.connected]


def _run(call: Callable[[], T]) -> T:
    """Run ``call`` on the event loop of the phones' host (any window there: the call finds
    the table's window with :func:`_seats`)."""
    hosts = _hosts()
    if not hosts:
        raise LookupError("no window is open")
    return hosts[0].run(call)


def _seats() -> Seats | None:
    """On a window's loop: the open table's seats, from the phones' host; while it is away
    (or shows the table no more), from another window that shows it, which becomes the host."""
    global _host
    found = _server
    for window in _hosts():
        if window is not _host and (found is None or not window.shows(found.door.key)):
            continue
        seats = window.seats()
        if seats is not None:
            _host = window
            return seats
    return None


def _save(door: Door) -> None:
    """The door changed: the host keeps it and redraws (the phones' host even while its
    client is away: the door is kept all the same)."""
    hosts = _hosts() or ([_host] if _host is not None else [])
    if hosts:
        hosts[0].save(door)


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
