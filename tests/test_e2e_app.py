"""The app shell in a real Chromium: a damaged data file is kept aside and reported, the theme
and the language switch, and the page follows the browser's language."""

from __future__ import annotations

import pytest
from PIL import Image, ImageStat

from app.storage import Store
from tests.browser import Web, named, see, shot

pytestmark = pytest.mark.browser


def test_damaged_file_is_reported_and_kept(web: Web) -> None:
    data = web.data
    data.mkdir()
    (data / "players.json").write_text("{ this is not json", encoding="utf-8")
    page = web.open()
    see(page, "players.json could not be read")
    shot(page, "13-home-damaged-file")
    kept = [p.name for p in data.iterdir() if p.name.startswith("players.json.damaged-")]
    assert len(kept) == 1
    assert (data / kept[0]).read_text(encoding="utf-8") == "{ this is not json"
    page.get_by_role("button", name="OK").click()  # seen: the notice goes away
    page.get_by_role("button", name="OK").wait_for(state="detached")
    page.get_by_role("button", name="New match").wait_for()


def test_dark_theme_and_french(web: Web) -> None:
    page = web.open()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="Dark").click()
    # the screen is drawn again in the dark: a tap on the one it replaces would change nothing
    page.get_by_role("radio", name="Dark", checked=True).wait_for()
    page.get_by_role("radio", name="Français").click()
    see(page, "Réglages")
    named(page, "Retour").click()
    see(page, "Nouvelle partie")
    path = shot(page, "14-home-dark-fr")
    settings = Store(web.data).settings()
    assert (settings["theme"], settings["language"]) == ("dark", "fr")  # kept for next time
    assert ImageStat.Stat(Image.open(path).convert("L")).median[0] < 80  # drawn dark
