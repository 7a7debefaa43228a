"""The main screens on a laptop (1280x800) and on a phone (400x850) in a real Chromium: home, a
new match, a Kartu Sama table with a round under way, the hand entry and the scoreboard. On the
laptop the panes sit side by side (the table beside its standings, the card grid beside the
hand); on the phone they stack, and the table has no standings beside it. Saves a screenshot
of every screen at both sizes (tests/screenshots/wide-*)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import SEEN, Web, add_players, dealing, press, see, shot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 400, "height": 850}


def button(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def tap(page: Any, name: str) -> None:
    button(page, name).click()


def box(page: Any, name: str, wait: bool = True) -> dict[str, float] | None:
    """Where the button or the text ``name`` shows; None when it is not on screen (waited for
    a few seconds unless ``wait`` is false)."""
    either = button(page, name).or_(page.get_by_text(name, exact=True))
    try:
        either.first.wait_for(timeout=5_000 if wait else 1)
    except Exception:  # noqa: BLE001 - not on screen
        return None
    found = button(page, name) if button(page, name).count() else either  # the card, not the text
    return found.first.bounding_box()


def gone(page: Any, text: str) -> None:
    """Wait until ``text`` is nowhere on screen (a screen left behind may take a moment)."""
    page.wait_for_function(f"(text) => !({SEEN})(text)", arg=text, timeout=15_000)


def beside(page: Any, left: str, right: str) -> bool:
    """Whether ``right`` shows to the right of ``left`` (two panes side by side)."""
    a, b = box(page, left), box(page, right)
    assert a is not None, f"{left!r} is not on screen"
    return b is not None and b["x"] >= a["x"] + a["width"]


def below(page: Any, top: str, under: str) -> bool:
    """Whether ``under`` shows under ``top`` or further down, out of sight (one column)."""
    a, b = box(page, top), box(page, under, wait=False)
    assert a is not None, f"{top!r} is not on screen"
    return b is None or b["y"] >= a["y"] + a["height"]


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_main_screens_use_the_width(web: Web, size: dict[str, int]) -> None:
    page = web.open(viewport=size)
    _walk(page, size["width"] >= 900, f"wide-{size['width']}x{size['height']}")


def _walk(page: Any, wide: bool, name: str) -> None:
    # Home: two columns of actions on the laptop, one on the phone.
    button(page, "New match").wait_for(timeout=60_000)
    see(page, "Settings")
    assert (beside if wide else below)(page, "New match", "Settings")
    shot(page, f"{name}-01-home")

    # New match: the players beside the house options.
    tap(page, "New match")
    add_players(page, ("Ana", "Bea", "Cid"))
    see(page, "Players (3)")
    assert (beside if wide else below)(page, "Players (3)", "House options")
    shot(page, f"{name}-02-new-match")

    # The table, a round under way: the standings beside it on the laptop only.
    tap(page, "Start the match")
    dealing(page, "Ana")
    tap(page, "Start round 1")
    see(page, "Bea to play")
    tap(page, "Played a card")
    see(page, "Cid to play")
    if wide:
        see(page, "Standings")
        assert beside(page, "Cid to play", "Standings")
        assert beside(page, "Played a card", "Standings")
    else:
        gone(page, "Standings")
    shot(page, f"{name}-03-table")

    # The hand entry: the card grid beside the hand on the laptop, under it on the phone.
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    tap(page, "A♠")
    see(page, "1 entered, 8 counted · 11 points")
    if wide:
        assert beside(page, "Ana's hand", "A♠")
        assert beside(page, "Ana's hand", "2♣")  # the whole grid shows
    else:
        assert below(page, "Ana's hand", "A♠")
    shot(page, f"{name}-04-hands")
    page.get_by_role("button", name="Bea").first.click()
    see(page, "Bea's hand")
    tap(page, "2♠")
    page.get_by_role("button", name="Cid").first.click()
    see(page, "Cid's hand")
    tap(page, "K♥")
    see(page, "1 entered, 8 counted · 1 point")
    tap(page, "Close the round")

    # The scoreboard: the places beside the rounds and the chart.
    see(page, "After round 1")
    see(page, "Standings")
    if wide:
        see(page, "Totals over the rounds")
        assert beside(page, "Standings", "Totals over the rounds")
    else:
        assert below(page, "Standings", "Totals over the rounds")
    shot(page, f"{name}-05-scoreboard")

    # The next round's table shows where the match stands beside it.
    tap(page, "Next round")
    dealing(page, "Bea")
    if wide:
        see(page, "After round 1")
        assert beside(page, "Bea deals", "After round 1")
    else:
        gone(page, "Standings")
    shot(page, f"{name}-06-table-next")
    press(page, "Back")
    see(page, "Not finished yet")
