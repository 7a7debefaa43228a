"""Taps for one Kartu Sama round at four, counted in a real Chromium at phone size (400x850):
the round is started, played until Bea goes out (every other player draws once, so each holds
four cards at the end), then the three hands are entered on the card grid and the round closed.
A tap on something not on screen first counts as a scroll. Prints the figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import PHONE, Server, add_players, open_app, see, shot

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid", "Dan")
HANDS = {  # what each player holds once Bea is out: four cards each, as the table counted
    "Ana": ("K♠", "7♥", "3♦", "2♣"),
    "Cid": ("A♥", "9♠", "5♣", "4♦"),
    "Dan": ("Q♦", "8♣", "6♥", "2♥"),
}


class Counter:
    """Taps and scrolls on one page: a target out of view is scrolled to first (one scroll)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.scrolls = 0

    def tap(self, name: str, exact: bool = True) -> None:
        target = self.page.get_by_role("button", name=name, exact=exact).first
        target.wait_for(state="attached")
        box = target.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > PHONE["height"]:
            self.scrolls += 1
            target.scroll_into_view_if_needed()
        target.click()
        self.taps += 1


def test_taps_for_a_four_player_round(browser: Any, tmp_path: Path, capsys: Any) -> None:
    server = Server(tmp_path / "data").start()
    try:
        page = open_app(browser, server.url)
        try:
            play, hands = _round(page)
        except Exception:
            shot(page, "taps-failure")
            raise
    finally:
        server.stop()
    with capsys.disabled():
        print(f"\n4-player Kartu Sama round: {play.taps + hands.taps} taps "
              f"({play.taps} play, {hands.taps} hands), {play.scrolls + hands.scrolls} scrolls "
              f"({play.scrolls} play, {hands.scrolls} hands)")


def _round(page: Any) -> tuple[Counter, Counter]:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, NAMES)
    page.get_by_role("button", name="Start the match", exact=True).click()
    see(page, "Ana deals")

    play = Counter(page)
    play.tap("Start round 1")
    see(page, "Bea to play")
    order = ("Bea", "Cid", "Dan", "Ana")
    for turn in range(29):  # Bea plays her 8 cards; the others 6 each and draw once
        player = order[turn % 4]
        if turn in (1, 2, 3):
            play.tap("Could not play: draw 2")
        else:
            play.tap("Played a card")
        if turn < 28:
            see(page, f"{order[(turn + 1) % 4]} to play")
        del player
    see(page, "Bea went out")
    shot(page, "taps-01-round-over")

    hands = Counter(page)
    _hands(page, hands)
    see(page, "After round 1")
    shot(page, "taps-03-scoreboard")
    return play, hands


def _hands(page: Any, hands: Counter) -> None:
    hands.tap("Enter the hands")
    for i, (name, cards) in enumerate(HANDS.items()):
        if i:
            hands.tap(name, exact=False)  # the player's tab
        see(page, f"{name}'s hand")
        for card in cards:
            hands.tap(card)
        see(page, "4 cards")
        if i == 0:
            shot(page, "taps-02-hands")
    hands.tap("Close the round")
