"""Inviting eight players' phones, in a real Chromium against the web mode. At a match of 41
at the table, the scoreboard's invite menu opens the invite at Cid's seat; on a phone (400x850)
one seat shows at a time, its QR code large and whole on the screen with Previous and Next;
Next and Previous turn one seat each, a hurried double tap on Next one seat only; on its side
(850x400) the same seat beside its code; on a wide screen (1280x800) every seat at once.
Pictures of the three in tests/screenshots/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from models.match import Match
from tests.browser import PHONE, STILL, WIDE, Web, named, resize, see, seen, shot
from tests.fakes import FakeShell
from tests.test_e2e_guests import door, invite

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid", "Dan", "Eko", "Fia", "Gus", "Hal")
SIDEWAYS = {"width": 850, "height": 400}


def spaced(code: str) -> str:
    return f"{code[:3]} {code[3:]}"


def tap(page: Any, name: str, double: bool = False) -> None:
    """Tap the button ``name`` once the screen stands still (a tap landing while Flutter
    redraws may be dropped by the client)."""
    page.wait_for_function(STILL, polling="raf")
    button = named(page, name)
    if double:
        button.dblclick()
    else:
        button.click()


def within(page: Any, found: Any, size: dict[str, int]) -> dict[str, float]:
    """``found``'s box, asserted whole in the window of ``size``."""
    box = found.bounding_box()
    assert box is not None, found
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 0.5, box
    assert box["y"] + box["height"] <= size["height"] + 0.5, box
    return box


def test_a_phone_shows_one_seat_at_a_time_and_a_wide_screen_every_seat(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    shell = FakeShell(web.data)
    match_id = shell.store.create_match(Match.new(NAMES, "forty_one").setup.to_dict())
    del shell
    host = web.open(f"match/{match_id}/score")
    invite(host, "Cid")
    see(host, "3 of 8 · Free")
    codes = {t["name"]: spaced(t["code"]) for t in door(web.data)["tickets"]}
    see(host, codes["Cid"])
    assert not any(seen(host, codes[n]) for n in NAMES if n != "Cid")  # one seat at a time
    qr = host.get_by_role("img", name="Code for Cid's seat")
    box = within(host, qr, PHONE)
    assert box["width"] >= 300  # as large as the phone allows: most of its width
    within(host, named(host, "Next"), PHONE)
    within(host, named(host, "Previous"), PHONE)
    shot(host, "86-invite-400x850")

    tap(host, "Next")
    see(host, "4 of 8 · Free")
    see(host, codes["Dan"])
    tap(host, "Previous")
    see(host, "3 of 8 · Free")
    tap(host, "Next", double=True)  # a hurried hand: one seat on
    see(host, "4 of 8 · Free")
    # Previous, tapped once Dan's seat shows, turns back to Cid's: had the second tap of the
    # double tap turned on to Eko's, it would show Dan's (or, tapped on Dan's screen while
    # Eko's was on its way, nothing at all)
    tap(host, "Previous")
    see(host, "3 of 8 · Free")
    assert not seen(host, "4 of 8") and not seen(host, "5 of 8")

    resize(host, SIDEWAYS)
    see(host, "3 of 8 · Free")
    within(host, host.get_by_role("img", name="Code for Cid's seat"), SIDEWAYS)
    within(host, named(host, "Next"), SIDEWAYS)
    shot(host, "87-invite-850x400")

    resize(host, WIDE)
    for name in NAMES:  # every seat, its code and its QR code
        see(host, codes[name])
        assert host.get_by_role("img", name=f"Code for {name}'s seat").count() == 1
    assert not seen(host, "3 of 8")
    assert host.get_by_role("button", name=re.compile("^Next")).count() == 0
    shot(host, "88-invite-1280x800")
