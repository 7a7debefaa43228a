"""The invite screen, headless: opening it opens the table to phones on this device's address
(kept in the settings, so the same links work after a restart), each seat shows its code until
a phone takes it, and each tap acts on the seat's link it was drawn with: a double tap on
"Free the seat" frees it once, "Let it in" lets one phone in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.guests import hub
from app.guests.door import Door, device_hash
from app.guests.hub import Guests
from app.guests.invite import Invite
from app.preferences import Settings
from tests.fakes import FakeShell, texts
from views.common import find


class Shell(FakeShell):
    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.settings = Settings(self.store)
        self.play = None
        self.awake: list[bool] = []

    def keep_awake(self, on: bool) -> None:
        self.awake.append(on)


@pytest.fixture
def invited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    shell = Shell(tmp_path)
    guests = Guests(shell)  # type: ignore[arg-type]
    invite = Invite(shell, guests)  # type: ignore[arg-type]
    invite.open("play-x", [(0, "Ana"), (1, "Bea")], "/play/play-x")
    yield shell, guests, invite
    guests.close()


def seat(guests: Guests, n: int, key: str) -> None:
    door = guests.door("play-x")
    assert door is not None
    guests.change(door.join(door.tickets[n], device_hash(key))[0])


def test_opening_it_opens_the_table_on_this_address_and_keeps_the_door(invited: Any) -> None:
    shell, guests, invite = invited
    assert shell.route == "/play/play-x/guests"
    server = hub.server()
    assert server is not None and server.address[0] == "127.0.0.1"
    saved = Door.from_dict(shell.store.settings()["guests"])
    assert saved is not None and saved.key == "play-x"
    assert shell.settings["guests"]["port"] == server.address[1]
    view = invite.view("play-x", "/play/play-x", ("#ff0000", "#00ff00"))
    words = texts(view)
    for ticket in saved.tickets:
        assert f"{ticket.code[:3]} {ticket.code[3:]}" in words
    assert f"http://127.0.0.1:{server.address[1]}" in words


def test_a_double_tap_on_free_the_seat_frees_it_once(invited: Any) -> None:
    shell, guests, invite = invited
    seat(guests, 0, "ana-phone")
    assert shell.awake[-1] is True  # a phone host stays on while guests are seated
    view = invite.view("play-x", "/play/play-x", ("#ff0000", "#00ff00"))
    assert "Seated" in texts(view)
    button = find(view, "free-0")
    button.on_click(None)
    freed = guests.door("play-x")
    button.on_click(None)  # the second tap of a double tap: drawn for the old link
    assert guests.door("play-x") is freed and freed.seated() == frozenset()


def test_a_second_phone_waits_for_the_hosts_yes(invited: Any) -> None:
    _shell, guests, invite = invited
    seat(guests, 1, "bea-phone")
    seat(guests, 1, "another-phone")
    view = invite.view("play-x", "/play/play-x", ("#ff0000", "#00ff00"))
    assert "Another phone asks for Bea's seat." in texts(view)
    allow = find(view, "allow-1")
    allow.on_click(None)
    allow.on_click(None)
    door = guests.door("play-x")
    assert door.tickets[1].device == device_hash("another-phone") and not door.tickets[1].asking


def test_closing_it_stops_the_server_and_forgets_the_door(invited: Any) -> None:
    shell, guests, invite = invited
    view = invite.view("play-x", "/play/play-x", ("#ff0000", "#00ff00"))
    find(view, "close-guests").on_click(None)
    assert hub.server() is None and "guests" not in shell.store.settings()
    assert shell.route == "/play/play-x"
