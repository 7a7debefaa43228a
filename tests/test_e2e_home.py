"""Home in a real Chromium: two matches started, both listed on home, the first continued."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import (
    PHONE,
    STILL,
    WIDE,
    Web,
    add_players,
    dealing,
    fill,
    named,
    resize,
    see,
    seen,
    shot,
    unfinished,
)

pytestmark = pytest.mark.browser


def start(page: Any, names: tuple[str, ...]) -> None:
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, names)
    page.get_by_role("button", name="Start the match", exact=True).click()
    dealing(page, names[0])
    named(page, "Back").click()
    page.get_by_role("button", name="New match", exact=True).wait_for()


def test_every_unfinished_match_is_on_home(web: Web) -> None:
    from datetime import UTC, datetime

    from app import matches
    from app.newmatch import NewMatchForm
    from app.storage import Store

    # The earlier match stored an hour before; the later one started on the screen.
    earlier = Store(web.data, now=lambda: datetime(2026, 1, 1, 20, 0, tzinfo=UTC))
    matches.create(earlier, NewMatchForm(players=["Ana", "Bea"]).setup())
    page = web.open()
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    start(page, ("Cid", "Dan", "Eva"))
    see(page, "Not finished yet")
    first = unfinished(page, "Ana, Bea")
    latest = unfinished(page, "Cid, Dan, Eva")
    assert latest.bounding_box()["y"] < first.bounding_box()["y"]  # most recent first
    shot(page, "home-unfinished-phone")
    resize(page, WIDE)
    see(page, "Not finished yet")
    shot(page, "home-unfinished-desktop")
    resize(page, PHONE)
    first.click()
    dealing(page, "Ana")


def test_players_renamed_merged_removed_and_coloured(web: Web) -> None:
    from app import matches, records
    from app.newmatch import NewMatchForm
    from app.storage import Store

    data = web.data
    store = Store(data)
    for players, winner in ((["Ana", "Bea", "Cid"], "Ana"), (["Annie", "Bea", "Cid"], "Annie")):
        match_id = matches.create(store, NewMatchForm(players=players).setup())
        store.update_summary(match_id, {"status": "finished", "round": 1, "winners": [winner],
                                        "rounds": [[5, 9, 12]]})
    page = web.open()
    page.get_by_role("button", name="Players", exact=True).click()
    see(page, "People")
    named(page, "Change Annie").click()
    # a finger taps the dialog once it stands, not while it grows in (a loaded CI tapped
    # where "Ana" was to be and met nothing)
    page.wait_for_function(STILL, polling="raf")
    page.get_by_role("button", name="Ana", exact=True).click()  # the same person as Ana
    see(page, "Annie and Ana become one person")
    page.get_by_role("button", name="Merge", exact=True).click()
    see(page, "2 (100%)")  # Ana's two wins, one of them as Annie
    named(page, "Change Bea").click()
    fill(page, "Name", "Beatrix", shown="Bea")
    page.get_by_role("button", name="Rename", exact=True).click()
    named(page, "Change Beatrix").wait_for()
    named(page, "Change Cid").click()
    page.get_by_role("button", name="Remove Cid from the list").click()
    see(page, "Past matches keep the name")
    page.get_by_role("button", name="Delete", exact=True).click()
    named(page, "Change Cid").wait_for(state="detached")
    named(page, "Change Ana").click()
    named(page, "Colour 4").click()
    named(page, "Change Ana").wait_for()
    shot(page, "players-phone")
    resize(page, WIDE)
    see(page, "People")
    shot(page, "players-desktop")
    people = records.people(Store(data))
    assert people.who("Annie") == "Ana" and people.colour("Ana") == 3
    assert people.is_gone("Cid") and people.who("Bea") == "Beatrix"


def test_a_match_and_a_game_left_unfinished_are_removed_from_home(web: Web) -> None:
    from datetime import UTC, datetime

    from app import matches, records
    from app.newmatch import NewMatchForm
    from app.storage import Store

    data = web.data
    store = Store(data, now=lambda: datetime(2026, 11, 20, 18, 0, tzinfo=UTC))
    left = matches.create(store, NewMatchForm(players=["Ana", "Bea", "Cid"]).setup())
    for players, winners in ((["Ana", "Annie", "Bea"], ["Annie"]), (["Ana", "Bea"], ["Bea"])):
        done = matches.create(store, NewMatchForm(players=players).setup())
        store.update_summary(done, {"status": "finished", "round": 2, "winners": winners,
                                    "rounds": [[3] * len(players), [7] * len(players)]})
    seats = [{"name": "Dan", "kind": "person"}, {"name": "Computer 1", "kind": "simple"}]
    store.save_game("g1", {"game": "sums", "seats": seats})
    store.save_settings({"plays": ["g1"]})
    page = web.open()
    see(page, "Not finished yet", timeout=30_000)
    shot(page, "home-menu-phone")
    resize(page, WIDE)
    see(page, "Not finished yet")
    shot(page, "home-menu-desktop")
    resize(page, PHONE)
    named(page, re.compile("More for Kartu Sama")).click()
    page.get_by_role("menuitem", name="Abandon").click()
    see(page, "History keeps it, marked abandoned")
    shot(page, "home-abandon-asked")
    page.get_by_role("button", name="Abandon", exact=True).click()
    unfinished(page, "Ana, Bea, Cid").wait_for(state="detached")
    named(page, re.compile("More for Sums on this device")).click()
    page.get_by_role("menuitem", name="Delete").click()
    see(page, "will be gone for good")
    page.get_by_role("button", name="Cancel", exact=True).click()  # kept when cancelled
    named(page, re.compile("More for Sums on this device")).click()
    page.get_by_role("menuitem", name="Delete").click()
    see(page, "will be gone for good")
    page.get_by_role("button", name="Delete", exact=True).click()
    unfinished(page, "Dan, Computer 1").wait_for(state="detached")
    assert not seen(page, "Not finished yet")
    page.get_by_role("button", name="History", exact=True).click()
    see(page, "Abandoned · round 1")
    shot(page, "history-abandoned-phone")
    named(page, "Back").click()
    page.get_by_role("button", name="Players", exact=True).click()
    see(page, "People")
    shot(page, "stats-phone")
    resize(page, WIDE)
    see(page, "People")
    shot(page, "stats-desktop")
    resize(page, PHONE)
    named(page, "Change Annie").click()
    page.wait_for_function(STILL, polling="raf")  # the dialog stands
    page.get_by_role("button", name="Ana", exact=True).click()
    see(page, "they are two people")
    shot(page, "players-merge-refused")
    page.get_by_role("button", name="OK", exact=True).click()
    named(page, "Back").click()
    resize(page, WIDE)
    see(page, "New match")
    shot(page, "home-empty-desktop")
    after = Store(data)
    assert after.load_game("g1") is None and after.settings()["plays"] == []
    assert after.load_match(left)["summary"]["abandoned"] is True
    assert records.people(after).who("Annie") == "Annie"  # not merged
