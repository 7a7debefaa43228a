"""The app shell in a real Chromium: a damaged data file is kept aside and reported, the theme
and the language switch, and the page follows the browser's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import Server, named, open_app, see, shot

pytestmark = pytest.mark.browser


def test_damaged_file_is_reported_and_kept(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "players.json").write_text("{ this is not json", encoding="utf-8")
    server = Server(data).start()
    try:
        page = open_app(browser, server.url)
        see(page, "players.json could not be read")
        shot(page, "13-home-damaged-file")
        kept = [p.name for p in data.iterdir() if p.name.startswith("players.json.damaged-")]
        assert len(kept) == 1
        assert (data / kept[0]).read_text(encoding="utf-8") == "{ this is not json"
        page.get_by_role("button", name="OK").click()  # seen: the notice goes away
        page.get_by_role("button", name="OK").wait_for(state="detached")
        page.get_by_role("button", name="New match").wait_for()
    finally:
        server.stop()


def test_dark_theme_and_french(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "data").start()
    try:
        page = open_app(browser, server.url)
        page.get_by_role("button", name="Settings").click()
        page.get_by_role("radio", name="Dark").click()
        page.get_by_role("radio", name="Français").click()
        see(page, "Réglages")
        named(page, "Retour").click()
        see(page, "Nouvelle partie")
        shot(page, "14-home-dark-fr")
    finally:
        server.stop()
