"""A 3-player 41 match refereed in a real Chromium against the web mode: the first dealer drawn
at random, three hands (a stop, the stock run out, a stop on the very first turn), a refused
stopper's hand and a card entered twice, an undo, the scores with the counted suit and a
worst-card tie-break in words, and the dealer and first player following the loser and the
winner of each hand; then the table finishes the match. Screenshots go to
tests/screenshots/41-*.png; the median time a tap on the table takes to show is printed."""

from __future__ import annotations

import re
import statistics
import time
from typing import Any

import pytest

from tests.browser import Web, add_players, enabled, named, see, seen, shot

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid")


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def timed(page: Any, name: str, expected: str, taps: list[float]) -> None:
    """Tap ``name``, wait for ``expected``, and keep the milliseconds it took."""
    found = enabled(page.get_by_role("button", name=name, exact=True).first)
    start = time.perf_counter()
    found.click()
    see(page, expected)
    taps.append((time.perf_counter() - start) * 1000)


def enter(page: Any, cards: dict[int, list[str]]) -> None:
    """Tap each player's four cards, seat by seat."""
    for seat in sorted(cards):
        see(page, f"{NAMES[seat]}'s hand")
        for i, card in enumerate(cards[seat][:3]):
            tap(page, card)
            see(page, f"{i + 1} of 4 cards")
        tap(page, cards[seat][3])
        moved_on(page, seat)


def moved_on(page: Any, seat: int) -> None:
    """After a fourth card the screen moves on to the next player (the last stays)."""
    see(page, f"{NAMES[seat + 1]}'s hand" if seat + 1 < len(NAMES) else "4 of 4 cards")


def test_three_hands_dealer_and_first_player_follow_loser_and_winner(web: Web) -> None:
    _match(web.open())


def _match(page: Any) -> None:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(page, "New match")
    page.get_by_role("button", name=re.compile(r"^41$")).or_(
        page.get_by_role("checkbox", name=re.compile(r"^41$"))).first.click()
    see(page, "Points to stop")
    add_players(page, NAMES)
    see(page, "tap Finish the match between two hands")  # how the match ends, said up front
    tap(page, "Draw the first dealer at random")
    see(page, "deals first.")
    d = next(s for s, name in enumerate(NAMES) if seen(page, f"{name} deals first."))
    p0, p1, p2 = (NAMES[(d + i) % 3] for i in range(3))
    s0, s1, s2 = (d, (d + 1) % 3, (d + 2) % 3)
    shot(page, "41-01-new-match")
    tap(page, "Start the match")

    # Hand 1: the drawn dealer deals and plays first; 52 - 4 x 3 = 40 cards in the stock.
    see(page, f"{p0} deals, {p0} plays first")
    shot(page, "41-02-table-idle")
    tap(page, "Start hand 1")
    see(page, f"{p0} to play")
    see(page, "First turn: take from the stock.")
    see(page, "40")
    assert not seen(page, "Took the discard")  # nothing discarded yet
    taps: list[float] = []
    timed(page, "Took from the stock", f"{p1} to play", taps)
    see(page, "39")
    timed(page, "Took the discard", f"{p2} to play", taps)
    tap(page, f"Undo: {p1} took the discard")
    see(page, f"{p1} to play")
    timed(page, "Took the discard", f"{p2} to play", taps)
    timed(page, "Took from the stock", f"{p0} to play", taps)
    see(page, "38")
    shot(page, "41-03-table-play")
    timed(page, f"{p0} stopped", "The hand is over", taps)
    tap(page, "Enter the cards")

    # The stopper first shows a hand that is not four of a suit: refused with the reason.
    hand1 = {s0: ["A♠", "10♠", "7♠", "5♠"], s1: ["A♦", "K♦", "8♦", "4♦"],
             s2: ["K♣", "Q♣", "8♥", "2♥"]}
    see(page, f"{p0} stopped: four cards of one suit.")
    for seat in (0, 1, 2):
        see(page, f"{NAMES[seat]}'s hand")
        if seat == 1:  # a card already in the first player's hand: refused
            tap(page, hand1[0][0])
            see(page, f"{hand1[0][0]} is already in {NAMES[0]}'s hand.")
        if seat != s0:
            enter(page, {seat: hand1[seat]})
            continue
        for i, card in enumerate(["A♠", "10♠", "7♠", "5♥"]):
            tap(page, card)
            if i < 3:
                see(page, f"{i + 1} of 4 cards")
        see(page, f"{p0} stopped: the four cards must be of one suit")
        shot(page, "41-04-stop-refused")
        tap(page, "5♥")  # tapped again: taken back
        see(page, "3 of 4 cards")
        tap(page, "5♠")
        moved_on(page, seat)
    see(page, "4 of 4 cards · 10 points, clubs counted" if s2 == 2 else "4 of 4 cards")
    shot(page, "41-05-hands")
    tap(page, "Score the hand")

    # The scores: the counted suits, and the tie on 33 broken by the worst card, in words.
    see(page, "After hand 1")
    see(page, f"{p0} stopped")
    page.get_by_role("button", name=re.compile(r"^Last hand")).click()  # the whole of it
    see(page, f"{p0} beats {p1} on 33: {p0}'s worst card is 5♠ (+5), {p1}'s is 4♦ (+4)")
    see(page, "33 · spades counted")
    see(page, "10 · clubs counted")
    see(page, f"{p2} deals next, {p0} plays first.")
    shot(page, "41-06-scoreboard")
    tap(page, "Next hand")

    # Hand 2: the loser deals, the winner plays first; the stock runs out.
    see(page, f"{p2} deals, {p0} plays first")
    tap(page, "Start hand 2")
    see(page, f"{p0} to play")
    order = [p0, p1, p2]
    for i in range(40):
        timed(page, "Took from the stock", f"{order[(i + 1) % 3]} to play", taps)
    see(page, f"The stock is empty: {p1} takes the discard, or play ends")
    assert not seen(page, "Took from the stock")
    shot(page, "41-07-stock-empty")
    tap(page, f"{p1} declined the discard: play ends")
    see(page, f"The stock ran out: {p1} declined the discard")
    tap(page, "Enter the cards")
    enter(page, {s0: ["2♣", "3♣", "4♣", "9♦"], s1: ["5♠", "6♠", "7♦", "8♣"],
                 s2: ["A♥", "K♥", "Q♥", "J♥"]})
    tap(page, "Score the hand")
    page.get_by_role("button", name=re.compile(r"^Last hand")).click()
    see(page, f"{p2} wins the hand: 41 against 0 for {p0}")
    see(page, f"{p1} deals next, {p2} plays first.")

    # Hand 3: a stop on the very first turn.
    tap(page, "Next hand")
    see(page, f"{p1} deals, {p2} plays first")
    tap(page, "Start hand 3")
    see(page, f"{p2} to play")
    tap(page, f"{p2} stopped")
    tap(page, "Enter the cards")
    enter(page, {s0: ["A♣", "K♣", "3♥", "2♠"], s1: ["6♥", "7♥", "8♠", "9♠"],
                 s2: ["2♦", "3♦", "4♦", "5♦"]})
    tap(page, "Score the hand")
    page.get_by_role("button", name=re.compile(r"^Last hand")).click()
    see(page, f"{p0} wins the hand: 16 against 14 for {p2}")
    see(page, f"{p1} deals next, {p0} plays first.")
    see(page, f"{p0}: wins 2, losses 0")
    shot(page, "41-08-scoreboard-3")

    # The table finishes the match; an undo takes it back; finished again.
    tap(page, "Next hand")
    see(page, f"{p1} deals, {p0} plays first")
    tap(page, "Finish the match")
    see(page, f"{p0} wins the match!")
    see(page, f"Finished after hand 3: {p0} won (wins 2, losses 0)")
    tap(page, "Undo: match finished")
    see(page, "Start hand 4")
    tap(page, "Finish the match")
    see(page, f"{p0} wins the match!")
    shot(page, "41-09-winner")

    median = statistics.median(taps)
    print(f"\n41 table tap -> new state shown: median {median:.0f} ms, "
          f"max {max(taps):.0f} ms over {len(taps)} taps")

    tap(page, "Home")
    tap(page, "History")
    see(page, f"{p0} won")
    named(page, "Back").click()
    tap(page, "Rules")
    page.get_by_role("button", name=re.compile(r"^41$")).or_(
        page.get_by_role("checkbox", name=re.compile(r"^41$"))).first.click()
    see(page, "A quick game for 2 to 8 players")
    shot(page, "41-10-rules")
