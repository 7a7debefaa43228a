"""The invite screen, headless: opening it opens the table to phones on this device's address
(kept in the settings, so the same links work after a restart). On a phone it shows one seat at
a time, its QR code as large as the window allows, with Previous and Next; on a wide screen
every seat at once. The seat shown is the controller's state: the table's menu opens the invite
at a seat, and each tap acts on what it was drawn with: a double tap on Next turns one seat,
"Free the seat" frees it once, "Let it in" lets one phone in."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from app.guests import hub
from app.guests.door import Door, device_hash
from app.guests.hub import Guests
from app.guests.invite import Invite
from app.preferences import Settings
from tests.fakes import FakeShell, texts
from views.common import find
from views.guests import (
    ACTION,
    ASKING,
    BAR,
    CODE,
    EDGE,
    GAP,
    HEAD,
    NAV,
    PAD,
    WHERE,
    WHERE_SIDE,
    SeatInvite,
    invite_menu,
    shape,
)

NAMES = ("Ana", "Bea", "Cid", "Dan", "Eko", "Fia", "Gus", "Hal")
COLOURS = ("#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#888888",
           "#444444")
PHONES = ((400, 850), (360, 640), (850, 400))


class Shell(FakeShell):
    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.settings = Settings(self.store)
        self.play = None
        self.awake: list[bool] = []
        self.page = SimpleNamespace(width=400, height=850)
        self.refreshed = 0

    def keep_awake(self, on: bool) -> None:
        self.awake.append(on)

    def refresh(self) -> None:
        self.refreshed += 1


@pytest.fixture
def invited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    shell = Shell(tmp_path)
    guests = Guests(shell)  # type: ignore[arg-type]
    invite = Invite(shell, guests)  # type: ignore[arg-type]
    invite.open("play-x", [(0, "Ana"), (1, "Bea"), (3, "Dan")], "/play/play-x")
    yield shell, guests, invite
    guests.close()


def seat(guests: Guests, n: int, key: str) -> None:
    door = guests.door("play-x")
    assert door is not None
    guests.change(door.join(door.tickets[n], device_hash(key))[0])


def drawn(invite: Invite) -> ft.View:
    return invite.view("play-x", "/play/play-x", COLOURS)


def codes(guests: Guests) -> dict[str, str]:
    door = guests.door("play-x")
    assert door is not None
    return {t.name: f"{t.code[:3]} {t.code[3:]}" for t in door.tickets}


def shown(view: ft.View, guests: Guests) -> list[str]:
    """The names whose code the screen shows."""
    words = texts(view)
    return [name for name, code in codes(guests).items() if code in words]


def test_opening_it_opens_the_table_on_this_address_and_keeps_the_door(invited: Any) -> None:
    shell, _guests, invite = invited
    assert shell.route == "/play/play-x/guests"
    server = hub.server()
    assert server is not None and server.address[0] == "127.0.0.1"
    saved = Door.from_dict(shell.store.settings()["guests"])
    assert saved is not None and saved.key == "play-x"
    assert shell.settings["guests"]["port"] == server.address[1]
    words = texts(drawn(invite))
    assert f"http://127.0.0.1:{server.address[1]}" in words
    assert "1 of 3 · Free" in words


def test_a_phone_shows_one_seat_and_turns_with_previous_and_next(invited: Any) -> None:
    shell, guests, invite = invited
    view = drawn(invite)
    assert shown(view, guests) == ["Ana"]
    assert find(view, "previous").disabled and find(view, "pager") is not None
    assert find(view, "seats") is None  # no grid on a phone
    refreshed = shell.refreshed
    find(view, "next").on_click(None)
    assert shell.refreshed == refreshed + 1
    view = drawn(invite)
    assert shown(view, guests) == ["Bea"] and "2 of 3 · Free" in texts(view)
    find(view, "next").on_click(None)
    view = drawn(invite)
    assert shown(view, guests) == ["Dan"] and "3 of 3 · Free" in texts(view)
    assert find(view, "next").disabled  # the last seat
    find(view, "previous").on_click(None)
    assert shown(drawn(invite), guests) == ["Bea"]


def test_a_double_tap_on_next_turns_one_seat_and_a_stale_screen_changes_nothing(
        invited: Any) -> None:
    shell, guests, invite = invited
    view = drawn(invite)
    button = find(view, "next")
    assert button.key == "next@0"  # keyed with the seat: a redraw replaces it
    refreshed = shell.refreshed
    button.on_click(None)
    button.on_click(None)  # the second tap of a double tap: drawn on Ana's seat
    assert shown(drawn(invite), guests) == ["Bea"] and shell.refreshed == refreshed + 1
    assert find(view, "previous").on_click is None  # nothing before the first seat
    stale = drawn(invite)  # drawn on Bea's seat: its Next turns to Dan's
    find(drawn(invite), "previous").on_click(None)  # back to Ana's
    find(stale, "next").on_click(None)  # a tap on the screen drawn before: nothing
    assert shown(drawn(invite), guests) == ["Ana"]


def test_the_tables_menu_opens_the_invite_at_a_seat(invited: Any) -> None:
    shell, guests, invite = invited
    opened: list[int] = []
    menu = invite_menu(shell.t, [(0, "Ana"), (3, "Dan")], opened.append)
    assert isinstance(menu, ft.PopupMenuButton)
    assert [i.content for i in menu.items] == ["Ana's seat", "Dan's seat"]
    assert menu.icon.semantics_label == "Invite players"
    find(menu, "invite-3").on_click(None)
    assert opened == [3]
    shell.route = ""
    invite.open("play-x", [(0, "Ana"), (1, "Bea"), (3, "Dan")], "/play/play-x", 3)
    assert shell.route == "/play/play-x/guests"
    assert shown(drawn(invite), guests) == ["Dan"]


def test_a_wide_screen_shows_every_seat(invited: Any) -> None:
    shell, guests, invite = invited
    shell.page = SimpleNamespace(width=1280, height=800)
    view = drawn(invite)
    assert shown(view, guests) == ["Ana", "Bea", "Dan"]
    assert find(view, "seats") is not None and find(view, "next") is None
    shell.page = SimpleNamespace(width=850, height=400)  # a phone on its side: one seat
    assert shown(drawn(invite), guests) == ["Ana"]


def test_a_double_tap_on_free_the_seat_frees_it_once(invited: Any) -> None:
    shell, guests, invite = invited
    seat(guests, 0, "ana-phone")
    assert shell.awake[-1] is True  # a phone host stays on while guests are seated
    view = drawn(invite)
    assert "1 of 3 · Seated" in texts(view)
    button = find(view, "free-0")
    button.on_click(None)
    freed = guests.door("play-x")
    button.on_click(None)  # the second tap of a double tap: drawn for the old link
    assert guests.door("play-x") is freed and freed.seated() == frozenset()


def test_a_second_phone_waits_for_the_hosts_yes_whichever_seat_is_shown(invited: Any) -> None:
    _shell, guests, invite = invited
    seat(guests, 1, "bea-phone")
    seat(guests, 1, "another-phone")
    view = drawn(invite)  # Ana's seat shown: Bea's asking is shown over it
    assert shown(view, guests) == ["Ana"]
    assert "Another phone asks for Bea's seat." in texts(view)
    allow = find(view, "allow-1")
    allow.on_click(None)
    allow.on_click(None)
    door = guests.door("play-x")
    assert door.tickets[1].device == device_hash("another-phone") and not door.tickets[1].asking


def test_closing_it_stops_the_server_and_forgets_the_door(invited: Any) -> None:
    shell, _guests, invite = invited
    find(drawn(invite), "close-guests").on_click(None)
    assert hub.server() is None and "guests" not in shell.store.settings()
    assert shell.route == "/play/play-x"


def seats(n: int, seated: int = 0, asking: int = 0) -> tuple[SeatInvite, ...]:
    return tuple(SeatInvite(i, NAMES[i], COLOURS[i], "ABC DEF", b"", i < seated + asking,
                            i < asking, str(i)) for i in range(n))


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("state", ["free", "seated", "asking"])
def test_a_phones_seat_fits_its_window_with_its_code_as_large_as_fits(
        size: tuple[int, int], state: str) -> None:
    """The QR code, the name, the state, the code, the address, the seat's buttons and
    Previous and Next in the window's height (under the app bar) and width."""
    width, height = size
    table = seats(8, seated=int(state == "seated"), asking=int(state == "asking"))
    form = shape(width, height, table, 0)
    room = height - BAR - 2 * PAD
    own = {"free": 0, "seated": ACTION + GAP, "asking": ASKING + ACTION + 2 * GAP}[state]
    if form.mode == "one":
        words = HEAD + CODE + WHERE + NAV + 4 * GAP + own
        assert form.qr + words <= room and form.qr <= width - 2 * PAD
        assert form.qr == min(width - 2 * PAD, room - words)  # as large as fits
    else:
        assert (width, form.mode) == (850, "side")
        words = HEAD + CODE + WHERE_SIDE + NAV + 4 * GAP + own
        assert form.qr <= room - 4 and words <= room  # the words beside the code
        assert form.qr == room - 4
    assert form.qr >= 220


def test_a_wide_screen_shows_eight_seats_without_scrolling() -> None:
    form = shape(1280, 800, seats(8), 0)
    assert form.mode == "grid" and form.columns == 4
    rows = 2
    cell = form.qr + 2 * (PAD + EDGE) + HEAD + CODE + 2 * GAP
    assert rows * cell + (rows - 1) * 12 + WHERE_SIDE + 24 <= 800 - BAR - 2 * PAD
    assert form.columns * (form.qr + 2 * (PAD + EDGE)) + (form.columns - 1) * 12 <= 1120
    assert form.qr >= 190
    assert shape(1280, 800, seats(2), 0).qr == 320  # two seats: as large as allowed


def test_a_window_resized_draws_the_invite_again_for_its_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_routing import shell_at

    shell, page = shell_at(tmp_path)
    drawn_at: list[str] = []
    monkeypatch.setattr(shell, "refresh", lambda: drawn_at.append(page.route))
    for route in ("/match/m-1/guests", "/history", "/play/play-x/guests"):
        page.route = route
        shell.resized()
    assert drawn_at == ["/match/m-1/guests", "/play/play-x/guests"]
