"""Taps for one Kartu Sama round at four, counted in a real Chromium at phone size (400x850):
the round is started, played until Bea goes out (every other player draws once, so each holds
four cards at the end), then the three hands are entered on the card grid and the round closed.
A tap on something not on screen first counts as a scroll. Prints the figures.

Before the hand entry was reworked this round took 46 taps (30 play, 16 hands) and 4 scrolls
(the low cards below the fold): "Enter the hands", a tab per player, the cards, "Close the
round". Now the hands open when the round ends, a hand holding the count the table kept moves
on to the next player, and the grid fits the screen: 43 taps (30 play, 13 hands), no scroll.

A second round, at a desktop width (1280x800), types one player's points instead of the
cards and shows a count that disagrees with the table's."""

from __future__ import annotations

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
    resize,
    saved_match,
    see,
    shot,
)

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
        self.scrolled: list[str] = []  # the buttons scrolled to, by name

    def tap(self, name: str, exact: bool = True) -> None:
        target = self.page.get_by_role("button", name=name, exact=exact).first
        box = self._seen(target)
        if box["y"] < 0 or box["y"] + box["height"] > PHONE["height"]:
            self.scrolls += 1
            self.scrolled.append(f"{name} at {box}")
            target.scroll_into_view_if_needed()
        target.click()
        self.taps += 1

    def _seen(self, target: Any) -> dict[str, float]:
        """Where ``target`` stands once it is drawn and the screen stopped moving, as a person
        sees it. A box read while Flutter swaps the screen's accessibility nodes can be empty
        (a loaded run counted "Played a card at None" as a scroll): it is read again once the
        button is drawn again."""
        for _ in range(10):
            target.wait_for(state="visible")
            self.page.wait_for_function(STILL, polling="raf")
            box = target.bounding_box()
            if box is not None:
                return box
        raise AssertionError(f"{target} never stayed drawn")


def test_taps_for_a_four_player_round(web: Web, capsys: Any) -> None:
    page = web.open()
    play, hands = _round(page)
    with capsys.disabled():
        print(f"\n4-player Kartu Sama round: {play.taps + hands.taps} taps "
              f"({play.taps} play, {hands.taps} hands), {play.scrolls + hands.scrolls} scrolls "
              f"({play.scrolls} play, {hands.scrolls} hands)")
    # a tap a move, a tap a card entered and one to close: nothing to scroll to at the table
    assert (play.taps, play.scrolls) == (30, 0), play.scrolled
    assert hands.taps == sum(map(len, HANDS.values())) + 1
    m = saved_match(web.data)  # both rounds saved, Bea's typed 17 in the second
    assert len(m.table.rounds) == 2 and m.table.rounds[1].points[1] == 17


def _round(page: Any) -> tuple[Counter, Counter]:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, NAMES)
    page.get_by_role("button", name="Start the match", exact=True).click()
    dealing(page, "Ana")

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
    see(page, "Bea played their last card")  # the hands to enter, at once
    shot(page, "taps-01-round-over")

    hands = Counter(page)
    _hands(page, hands)
    see(page, "After round 1")
    shot(page, "taps-03-scoreboard")
    _typed_round(page)
    return play, hands


def _hands(page: Any, hands: Counter) -> None:
    see(page, "Ana's hand")  # the hands open as the round ends, the counts kept
    see(page, "0/4")
    shot(page, "taps-02-hands")
    for name, cards in HANDS.items():
        see(page, f"{name}'s hand")
        for card in cards[:-1]:
            hands.tap(card)
        if name == "Cid":
            see(page, "3 entered, 4 counted")
            shot(page, "taps-02-hands-partial")
        hands.tap(cards[-1])  # the count reached: on to the next player
    # Dan's, the last: his whole hand in ("4/4" shows on every tab whose hand is in, and a
    # Close tapped on the screen drawn before his last card would rightly change nothing)
    see(page, "4 cards · 17 points")
    shot(page, "taps-02-hands-done")
    hands.tap("Close the round")


def _typed_round(page: Any) -> None:
    """Round 2 at a desktop width: Cid's points typed, Dan's hand short of the count."""
    resize(page, WIDE)
    page.get_by_role("button", name="Next round", exact=True).click()
    page.get_by_role("button", name="Start round 2", exact=True).click()
    see(page, "Cid to play")
    for name in ("Dan", "Ana", "Bea"):  # each tap on the screen the one before drew
        page.get_by_role("button", name="Played a card", exact=True).click()
        see(page, f"{name} to play")
    page.get_by_role("button", name="Enter hands now", exact=True).click()
    see(page, "Ana's hand")
    page.get_by_role("button", name="A♠", exact=True).click()
    page.get_by_role("button", name="Next player", exact=True).click()  # Ana: 1 of 7
    see(page, "Bea's hand")
    page.get_by_role("button", name="Type points", exact=True).click()
    fill(page, "Bea's points", "17", submit=True, ack="Cid's hand")
    shot(page, "taps-04-wide-hands")
    page.get_by_role("button", name="K♥", exact=True).click()
    page.get_by_role("button", name="Next player", exact=True).click()
    see(page, "Dan's hand")
    page.get_by_role("button", name="2♥", exact=True).click()
    page.get_by_role("button", name="Close the round", exact=True).click()
    see(page, "After round 2")
    see(page, "17 *")
    see(page, "* typed")
    shot(page, "taps-05-wide-scoreboard")


LONG = tuple(f"{first} Wijayakusumaningrat"[:24] for first in (
    "Anastasia", "Bernadette", "Christophe", "Dominique", "Evangeline", "Friederike",
    "Guillaume", "Hildegarde"))


def test_eight_players_with_long_names_keep_their_tabs_in_view(web: Web) -> None:
    """Eight players of 24 characters (two packs): the tabs wrap four a row, all on screen,
    with the grid and "Close the round" under them at phone size; then at a desktop width."""
    import re

    from app import matches
    from app.newmatch import NewMatchForm
    from app.storage import Store

    assert all(len(n) == 24 for n in LONG)
    matches.create(Store(web.data), NewMatchForm(players=list(LONG), options={"packs": 2}).setup())
    page = web.open()
    page.get_by_role("button", name=re.compile("Anastasia")).first.click(timeout=30_000)
    page.get_by_role("button", name="Start round 1", exact=True).click()
    page.get_by_role("button", name="Played a card", exact=True).click()
    page.get_by_role("button", name="Enter hands now", exact=True).click()
    see(page, f"{LONG[0]}'s hand")
    page.get_by_role("button", name="A♠", exact=True).click()
    see(page, "1 entered, 8 counted")
    # the second copy at a person's pace: two taps on one card within 300 ms are one tap
    page.wait_for_timeout(400)
    page.get_by_role("button", name="A♠", exact=True).click()
    see(page, "2 entered, 8 counted")  # the dealer, who has not played
    shot(page, "taps-06-eight-players")
    for name in LONG:
        box = page.get_by_role("button", name=re.compile(name[:9])).first.bounding_box()
        assert box is not None and box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] + box["height"] <= PHONE["height"]
    for card in ("2♣", "Remove last", "Clear", "Next player", "Close the round"):
        box = page.get_by_role("button", name=card, exact=True).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], card
    # the whole grid above the pinned buttons: no scroll with 8 players either
    last = page.get_by_role("button", name="2♣", exact=True).bounding_box()
    pinned = page.get_by_role("button", name="Remove last", exact=True).bounding_box()
    assert last["y"] + last["height"] <= pinned["y"], (last, pinned)
    resize(page, WIDE)
    see(page, f"{LONG[0]}'s hand")
    shot(page, "taps-07-eight-players-wide")
