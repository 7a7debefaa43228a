"""Two browser tabs on one match, in a real Chromium against one web server: a tap in either
tab shows in the other without a touch, and neither writes over the other's events (the match
opens after a restart with every tap in order). Screenshots: tests/screenshots/tabs-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.storage import Store
from tests.browser import Web, add_players, dealing, see, shot

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def test_a_tap_in_one_tab_shows_in_the_other(web: Web) -> None:
    _two_tabs(web, web.open())
    store = Store(web.data)
    (entry,) = store.list_matches()
    kinds = [e["kind"] for e in store.load_match(entry["id"])["events"]]
    assert kinds == ["start", "play", "play", "draw"]


def _two_tabs(web: Web, first: Any) -> None:
    first.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(first, "New match")
    add_players(first, ("Ana", "Bea", "Cid"))
    tap(first, "Start the match")
    dealing(first, "Ana")

    second = web.open()
    second.get_by_role("button", name=re.compile("Last played")).click()  # home: unfinished
    dealing(second, "Ana")

    tap(first, "Start round 1")  # in the first tab: the second follows by itself
    see(second, "Bea to play")
    tap(second, "Played a card")  # and the other way round
    see(first, "Cid to play")
    tap(first, "Played a card")
    see(second, "Ana to play")
    tap(second, "Could not play: draw 2")
    see(first, "Bea to play")
    shot(first, "tabs-01-first")
    shot(second, "tabs-02-second")
