"""Typed text in a real Chromium, added with the buttons people tap rather than Enter: names
seated with "+" one after another (on the new-match set-up and on the device's), a player
renamed with Rename, and one merged by typing another's name."""

from __future__ import annotations

import pytest

from tests.browser import Web, add_players, fill, named, see, seen

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid")


@pytest.mark.parametrize("start", ["New match", "Play on this device"])
def test_names_added_with_plus_are_all_seated(web: Web, start: str) -> None:
    """Every name after the first was lost ("Type a name first."): "+" read a field that was
    not the one on screen."""
    page = web.open()
    page.get_by_role("button", name=start).click()
    see(page, "Add a player")
    add_players(page, NAMES, plus=True)
    assert not seen(page, "Type a name first")
    for i, name in enumerate(NAMES, start=1):
        see(page, f"{i}. {name}")
    page.get_by_role("textbox", name="Add a player").click()
    page.wait_for_function("() => document.activeElement?.value === ''")  # emptied


def test_a_player_renamed_and_merged_by_typing_and_tapping(web: Web) -> None:
    from app import records
    from app.newmatch import NewMatchForm
    from app.storage import Store

    data = web.data
    store = Store(data)
    for players in (["Ana", "Bea", "Cid"], ["Annie", "Bea", "Cid"]):
        match_id = records.create_match(store, NewMatchForm(players=players))
        store.update_summary(match_id, {"status": "finished", "round": 1, "winners": [players[0]],
                                        "rounds": [[5, 9, 12]]})
    page = web.open()
    page.get_by_role("button", name="Players", exact=True).click()
    see(page, "People")
    named(page, "Change Bea").click()
    fill(page, "Name", "Beatrix", shown="Bea", then="Rename")
    named(page, "Change Beatrix").wait_for()
    named(page, "Change Annie").click()
    fill(page, "Name", "ana", shown="Annie", then="Rename")  # Ana's name: the same person
    see(page, "Annie and Ana become one person")
    page.get_by_role("button", name="Merge", exact=True).click()
    see(page, "2 (100%)")  # Ana's two wins, one of them as Annie
    people = records.people(Store(data))
    assert people.who("Bea") == "Beatrix" and people.who("Annie") == "Ana"
