"""Browser tabs as the phones' host (web mode: each tab is a window of its own): a new tab on
the table open to phones takes them at once, and when the host's tab closes, another tab that
shows the table answers the phones' next tap; with none, a tap is told the host is away."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.guests import hub
from app.guests.door import device_hash
from app.guests.hub import Guests
from app.preferences import Settings
from app.referees import open_match
from models.match import Match, Points
from tests.fakes import FakeShell
from tests.test_guest_match import bea_out
from tests.test_guest_server import Phone


class Tab(FakeShell):
    """A browser tab's window on the match ``match_id``, its client connected to ``loop``."""

    def __init__(self, root: Path, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(root)
        self.settings = Settings(self.store)
        self.play = None
        self.page = SimpleNamespace(route="/", session=SimpleNamespace(
            connection=SimpleNamespace(loop=loop)))
        self.guests = Guests(self)  # type: ignore[arg-type]

    def show(self, match_id: str) -> Any:
        """The tab opens the match's screen (as the shell routes to it)."""
        referee = self.referees.get(match_id)
        self.page.route = f"/match/{match_id}"
        self.guests.claim()
        return referee

    def close_tab(self) -> None:
        self.page.session.connection = None


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The web server's event loop, which every tab's window runs on."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=5)
    loop.close()


def test_a_new_tab_on_the_table_takes_the_phones_at_once(
        tmp_path: Path, loop: asyncio.AbstractEventLoop,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    first = Tab(tmp_path, loop)
    strays = [Guests(FakeShell(tmp_path)) for _ in range(4)]  # type: ignore[arg-type]
    # windows with no client at all (as another test's leave behind): never the phones' host
    match_id = first.store.create_match(Match.new(("Ana", "Bea", "Cid", "Dan"),
                                                  "kartu_sama").setup.to_dict())
    bea_out(open_match(first, match_id))  # the round is over: hands are entered
    first.show(match_id)
    server = first.guests.open(match_id, [(s, n) for s, n in enumerate(("Ana", "Bea", "Cid",
                                                                        "Dan"))])
    try:
        door = server.door
        first.guests.change(door.join(door.tickets[0], device_hash("ana-phone"))[0])
        phone = Phone(server)
        phone.cookies = {"mt": door.tickets[0].token, "md": "ana-phone"}
        version = first.referees.get(match_id).version

        first.close_tab()  # the host's tab is gone, and no other shows the table
        status, reply = phone.post("/act", {"n": version, "points": 3})
        assert status == 503 and reply["why"]
        second = Tab(tmp_path, loop)  # a new tab on the same match: the phones' host at once
        second.show(match_id)
        assert phone.first_event()[1]["match"]["entry"]["done"] is False
        assert phone.post("/act", {"n": version, "points": 3}) == (200, {"ok": True, "why": ""})
        assert second.referees.get(match_id).match.events[-1] == Points(0, 3)

        third = Tab(tmp_path, loop)  # another tab shows it too; the host's tab closes
        third.show(match_id)
        fourth = Tab(tmp_path, loop)
        fourth.referees.get(match_id)
        fourth.page.route = "/"  # a tab elsewhere does not take the phones
        fourth.guests.claim()
        third.close_tab()
        status, reply = phone.post("/act", {"n": version + 1, "points": 4})
        assert (status, reply) == (200, {"ok": True, "why": ""})
        assert second.referees.get(match_id).match.events[-1] == Points(0, 4)
        assert not any(stray.connected for stray in strays)
    finally:
        first.guests.close()
    assert hub.server() is None
