"""Playing Kartu Sama on the device in a real Chromium: a person against a computer player, to
the end, with a server restart in the middle that the game survives exactly."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import Server, load, open_app, press, see, seen, shot

pytestmark = pytest.mark.browser

CARD = re.compile(r"^(10|[2-9AJQK])[♠♥♦♣]$|^JK★$")
OTHER_MOVES = (re.compile(r"^Draw \d+ cards?$"), re.compile(r"^Keep the cards drawn$"))


def my_move(page: Any) -> None:
    """Play the first playable card, else draw (or keep what was drawn)."""
    for button in page.get_by_role("button").all():
        name = (button.get_attribute("aria-label") or button.inner_text() or "").strip()
        if CARD.match(name):
            button.click()
            return
    for name in OTHER_MOVES:
        target = page.get_by_role("button", name=name)
        if target.count():
            target.first.click()
            return
    raise AssertionError("no move offered on the person's turn")


def play_until(page: Any, moves: int) -> bool:
    """Make up to ``moves`` of the person's moves; True when the game is over."""
    for _ in range(moves):
        deadline = time.monotonic() + 30
        while not (seen(page, "Your turn, Ana") or seen(page, "Game over")):
            assert time.monotonic() < deadline, "the computer player never answered"
            time.sleep(0.1)
        if seen(page, "Game over"):
            return True
        before = page.evaluate("document.querySelector('flt-semantics-host').innerText")
        my_move(page)
        page.wait_for_function(
            "(b) => document.querySelector('flt-semantics-host').innerText !== b", arg=before,
            timeout=15_000)
    return seen(page, "Game over")


def test_person_against_computer_to_the_end(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = Server(data).start()
    page = open_app(browser, server.url)
    try:
        page.get_by_role("button", name="Play on this device").click()
        field = page.get_by_role("textbox", name="Add a player")
        for name in ("Ana", "Cid"):
            field.click()
            field.fill(name)
            field.press("Enter")
            see(page, f"{name}")
        page.get_by_role("button", name="Person").nth(1).click()  # Cid: a computer player
        see(page, "Computer (quick)")
        press(page, "Fixed rounds: more")  # one round
        press(page, "Computer pace: less")  # no wait between moves
        shot(page, "20-play-setup")
        page.get_by_role("button", name="Start the game").click()
        see(page, "Kartu Sama on this device")
        assert not play_until(page, 4)
        shot(page, "21-play-turn")
        before = page.evaluate("document.querySelector('flt-semantics-host').innerText")

        server.kill()  # the game is saved after every move
        server = Server(data, port=server.port).start()
        load(page, server.url)
        see(page, "Not finished yet")  # home lists it with the matches at the table
        page.get_by_role("button", name=re.compile("Kartu Sama on this device")).click()
        see(page, "Your turn, Ana")
        after = page.evaluate("document.querySelector('flt-semantics-host').innerText")
        assert _cards(after) == _cards(before)

        assert play_until(page, 200)
        see(page, "Game over")
        shot(page, "22-play-over")
        page.get_by_label("Back", exact=True).click()
        page.get_by_role("button", name="History").click()
        see(page, "Kartu Sama")
    except Exception:
        shot(page, "failure-play")
        raise
    finally:
        server.stop()


def _cards(text: str) -> list[str]:
    """The cards shown under "Your cards"."""
    part = text.split("Your cards", 1)[-1].split("Last moves", 1)[0]
    return [w for w in part.split() if CARD.match(w)]
