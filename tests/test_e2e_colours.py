"""Each player's colour on the screens of a game, in a real Chromium at phone size (400x850):
eight players of 24 characters on the Kartu Sama table and its hand entry, and six on the
set-up. Every name stays on screen beside its dot; the screenshots show how it reads."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import PHONE, Web, add_players, load, see, shot

pytestmark = pytest.mark.browser

LONG = tuple(f"{first} Wijayakusumaningrat"[:24] for first in (
    "Anastasia", "Bernadette", "Christophe", "Dominique", "Evangeline", "Friederike",
    "Guillaume", "Hildegarde"))


BOXES = """(text) => Array.from(document.querySelectorAll('flt-semantics-host *'))
  .filter(e => (e.getAttribute('aria-label') || '').includes(text)
               || Array.from(e.childNodes).some(n => n.nodeType === 3 && n.data.includes(text)))
  .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"""


def in_view(page: Any, name: str) -> None:
    """``name`` (its text, or the control whose label it is part of) lies within the phone's
    width."""
    boxes = page.evaluate(BOXES, name[:12])
    assert boxes, name
    assert all(left >= 0 and right <= PHONE["width"] for left, right in boxes), (name, boxes)


def test_colours_on_the_table_the_hand_entry_and_the_set_up(web: Web) -> None:
    from app import records
    from app.newmatch import NewMatchForm
    from app.storage import Store

    store = Store(web.data)
    records.create_match(store, NewMatchForm(players=list(LONG), options={"packs": 2}))
    for i, name in enumerate(LONG):
        records.set_colour(store, name, i)
    page = web.open()
    page.get_by_role("button", name=re.compile("Anastasia")).first.click(timeout=30_000)
    page.get_by_role("button", name="Start round 1", exact=True).click()
    see(page, "Played a card")
    for name in LONG:
        in_view(page, name)
    shot(page, "colours-table")
    page.get_by_role("button", name="Played a card", exact=True).click()
    page.get_by_role("button", name="Enter hands now", exact=True).click()
    see(page, f"{LONG[0]}'s hand")
    for name in LONG:
        box = page.get_by_role("button", name=re.compile(name[:9])).first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], name
    shot(page, "colours-hands")
    load(page, web.server.url)
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, LONG[:6])
    for name in LONG[:6]:
        in_view(page, name)
    shot(page, "colours-setup")
