"""The referee's tables in a real Chromium, each button double clicked: on every button of the
four games' tables it records one event (or undoes one) and never shows an error screen (a
double click on "Bea went out" once filled the screen with "Error running app"). Back
pressed at once after a tap that changes the screen lands on the screen below the one being
left, or stays on the one coming (Flutter drops a tap during a route's first frame), never
on another. Home keeps "New match" and "Play on this device" on the first screen with ten
unfinished matches. The accessibility tree has no unnamed switch or button on the set-up,
a table and the settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.storage import Store
from models.match import Match
from tests.browser import (
    PHONE,
    SEEN,
    STILL,
    WIDE,
    Server,
    add_players,
    load,
    named,
    open_app,
    resize,
    see,
    seen,
    shot,
)

pytestmark = pytest.mark.browser

ERROR = "Error running app"
SETUPS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "kartu_sama": (["Ana", "Bea", "Cid"], {"jokers": True}),
    "forty_one": (["Ana", "Bea", "Cid"], {}),
    "samba": (["Ana", "Bea", "Cid", "Dan"], {}),
    "sums": (["Ana", "Bea"], {}),
}
# Each game's taps, in order: (the button, what shows once it is saved, whether the change is
# undone after: the undo is tapped twice too). A tap that opens a screen is tapped once.
TAPS: dict[str, list[tuple[str, str, bool]]] = {
    "kartu_sama": [
        ("Start round 1", "Bea to play", False),
        ("Played a card", "Undo: Bea played", True),
        ("Could not play: draw 2", "Undo: Bea drew 2", True),
        ("Bea went out", "Round 1: hands", True),
        ("Played a joker", "Undo: Bea's joker", False),
        ("Paid one card (3 owed)", "Undo: Bea paid one", True),  # the joker's player owes
    ],
    "forty_one": [
        ("Start hand 1", "Ana to play", False),  # the dealer plays first
        ("Took from the stock", "Undo: Ana took from the stock", True),
        ("Ana stopped", "Undo: Ana stopped", True),
    ],
    "samba": [
        ("Start hand 1", "Hand 1 under way", False),
        ("Ana & Cid: + Canasta", "Undo: Ana & Cid's canasta", True),
        ("Bea & Dan: + Samba", "Undo: Bea & Dan's samba", True),
    ],
    "sums": [
        ("A♠", "Undo: Ana's face-up A♠", True),
    ],
}


def seeded(data: Path) -> dict[str, str]:
    """A new match of each game, and six more unfinished: ten for home."""
    store = Store(data)
    ids = {}
    for game, (players, options) in SETUPS.items():
        setup = Match.new(players, game, options).setup
        ids[game] = store.create_match(setup.to_dict(), summary={
            "status": "playing", "round": 1, "mode": None,
            "totals": [0] * len(players), "winners": [], "rounds": []})
    for i in range(6):
        store.create_match(Match.new(["Ana", f"P{i}"], "kartu_sama").setup.to_dict(), summary={
            "status": "playing", "round": 1, "mode": "points", "totals": [0, 0],
            "winners": [], "rounds": []})
    return ids


def kinds(data: Path, match_id: str) -> list[str]:
    """The kinds of the events saved for the match, as the server wrote them."""
    doc = json.loads((data / "matches" / f"{match_id}.json").read_text())
    return [e["kind"] for _, e in sorted(doc["events"].items(), key=lambda x: int(x[0]))]


def twice(page: Any, name: str) -> None:
    """Double click the button ``name``."""
    button = named(page, name)
    button.wait_for()
    button.dblclick()


def opened(page: Any, name: str, shows: str) -> None:
    """Tap ``name`` (it opens a screen) until ``shows`` is there: a tap that lands while
    Flutter redraws the screen for the one before can be dropped by the client."""
    for attempt in range(3):
        named(page, name).click()
        try:
            named(page, shows).wait_for(timeout=5_000 if attempt < 2 else 15_000)
            return
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: tap again
            if attempt == 2:
                raise


def synced(page: Any) -> None:
    """Every tap sent so far has been handled: the scoreboard opened after them, and left.
    (The server answers a window's events in order.)"""
    opened(page, "Scores", "Back to the table")
    opened(page, "Back to the table", "Scores")


def test_each_button_tapped_twice_records_one_event(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = seeded(data)
    server = Server(data).start()
    try:
        page = open_app(browser, server.url)
        try:
            for game, taps in TAPS.items():
                _game(page, server.url, data, ids[game], taps)
        except Exception:
            shot(page, "failure-referee-twice")
            raise
    finally:
        server.stop()


def _game(page: Any, url: str, data: Path, match_id: str,
          taps: list[tuple[str, str, bool]]) -> None:
    load(page, f"{url}match/{match_id}")
    for name, shows, undone in taps:
        count = len(kinds(data, match_id))
        twice(page, name)
        see(page, shows)
        assert not seen(page, ERROR)
        if shows.endswith(": hands"):
            opened(page, "Back", "Scores")
        synced(page)
        assert len(kinds(data, match_id)) == count + 1, (name, kinds(data, match_id))
        if undone:
            twice(page, shows if shows.startswith("Undo") else f"Undo: {name}")
            see(page, "Undo:") if count else see(page, "Nothing to undo")
            synced(page)
            assert len(kinds(data, match_id)) == count, (name, kinds(data, match_id))
        assert not seen(page, ERROR)


STILL_HOME = "The referee beside your card table."  # the home screen's tagline
# Back pressed at once after a tap that opens a screen: (from, the tap, a text of the screen
# below the one being left, a text of the one coming, a text neither shows).
BACKS = [
    ("/", "New match", STILL_HOME, "Start the match", "Bea to play"),
    ("/", "History", STILL_HOME, "Delete", "Bea to play"),
    ("/", "Rules", STILL_HOME, "Kartu Sama", "Bea to play"),
    ("/", "Settings", STILL_HOME, "Vibrate when a card is played", "Bea to play"),
    ("table", "Scores", "Bea to play", "Back to the table", STILL_HOME),
    ("table", "Enter hands now", "Bea to play", "Round 1: hands", STILL_HOME),
    ("samba", "The hand is over: enter the results", "Hand 1 under way", "Close the hand",
     STILL_HOME),
]


def test_back_at_once_lands_below_the_screen_being_left(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store(data)
    table = store.create_match(Match.new(["Ana", "Bea", "Cid"], "kartu_sama").setup.to_dict(),
                               [{"kind": "start"}])
    samba = store.create_match(Match.new(["Ana", "Bea", "Cid", "Dan"], "samba").setup.to_dict(),
                               [{"kind": "start"}])
    del store
    server = Server(data).start()
    try:
        page = open_app(browser, server.url)
        try:
            for start, tap, below, coming, never in BACKS:
                route = {"table": f"match/{table}", "samba": f"match/{samba}"}.get(start, "")
                load(page, server.url + route)
                named(page, tap).wait_for()
                named(page, tap).click()
                named(page, "Back").click()  # at once: the screen being left's, or the new
                landed = f"() => ({SEEN})({below!r}) || ({SEEN})({coming!r})"
                page.wait_for_function(landed)
                page.wait_for_function(STILL, polling="raf")
                # a loaded machine may show the screen left a moment before the one it goes
                # to (Back's answer on its way): it lands on one of the two, never elsewhere
                page.wait_for_function(landed, timeout=15_000)
                assert not seen(page, never), (start, tap)
            # The browser's Back as a new match starts: home or the match, never an empty
            # form.
            load(page, server.url)
            named(page, "New match").click()
            add_players(page, ("Ana", "Bea"))
            named(page, "Start the match").click()
            page.go_back()
            # where it lands once the server has answered both (the form may show meanwhile,
            # as the old screen does while any route changes): home or the match
            page.wait_for_function(f"() => (({SEEN})({STILL_HOME!r}) || ({SEEN})('Ana deals'))"
                                   f" && !({SEEN})('Start the match')")
            page.wait_for_function(STILL, polling="raf")
            assert not seen(page, "Start the match")
            assert seen(page, STILL_HOME) or seen(page, "Ana deals")
        except Exception:
            shot(page, "failure-referee-back")
            raise
    finally:
        server.stop()


UNNAMED = """() => Array.from(document.querySelectorAll(
    'flt-semantics[role=button], flt-semantics[role=switch], flt-semantics[role=slider]'))
  .filter(e => !(e.getAttribute('aria-label') || e.textContent || '').trim()).length"""


def test_home_starts_on_the_first_screen_and_controls_have_names(browser: Any,
                                                                  tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = seeded(data)
    server = Server(data).start()
    try:
        page = open_app(browser, server.url)
        try:
            see(page, "Not finished yet")
            for size in (PHONE, WIDE):
                resize(page, size)
                for name in ("New match", "Play on this device"):
                    box = named(page, name).bounding_box()
                    assert box is not None and box["y"] + box["height"] <= size["height"], name
            shot(page, "referee-home-ten-unfinished")
            resize(page, PHONE)
            for route, opens, shows in (("", "New match", "Start the match"),
                                        (f"match/{ids['samba']}", "", "Start hand 1"),
                                        ("settings", "", "Vibrate when a card is played")):
                load(page, server.url + route)
                if opens:
                    named(page, opens).click()
                see(page, shows)
                page.wait_for_function(STILL, polling="raf")
                assert page.evaluate(UNNAMED) == 0, route
            switches = page.get_by_role("switch")
            assert switches.count() >= 1 and all(
                (switches.nth(i).get_attribute("aria-label") or switches.nth(i).text_content())
                for i in range(switches.count()))
        except Exception:
            shot(page, "failure-referee-home")
            raise
    finally:
        server.stop()
