"""Home in a real Chromium: two matches started, both listed on home, the first continued."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import Server, add_players, open_app, see, shot

pytestmark = pytest.mark.browser


def start(page: Any, names: tuple[str, ...]) -> None:
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, names)
    page.get_by_role("button", name="Start the match", exact=True).click()
    see(page, f"{names[0]} deals")
    page.get_by_label("Back", exact=True).click()
    page.get_by_role("button", name="New match", exact=True).wait_for()


def test_every_unfinished_match_is_on_home(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "data").start()
    try:
        page = open_app(browser, server.url)
        page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
        start(page, ("Ana", "Bea"))
        start(page, ("Cid", "Dan", "Eva"))
        see(page, "Not finished yet")
        first = page.get_by_role("button", name=re.compile("Ana, Bea"))
        latest = page.get_by_role("button", name=re.compile("Cid, Dan, Eva"))
        assert latest.bounding_box()["y"] < first.bounding_box()["y"]  # most recent first
        shot(page, "home-unfinished-phone")
        page.set_viewport_size({"width": 1280, "height": 800})
        see(page, "Not finished yet")
        shot(page, "home-unfinished-desktop")
        page.set_viewport_size({"width": 400, "height": 850})
        first.click()
        see(page, "Ana deals")
    finally:
        server.stop()
