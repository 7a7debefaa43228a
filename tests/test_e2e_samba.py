"""A 4-player partnership Samba hand refereed in a real Chromium against the web mode: the teams
on the new-match screen, the first-meld minimum and "may go out" during the hand, the results
entered by counts with a refused entry (more jokers than the pack holds), and the scoreboard
per side with the hand's breakdown. Screenshots go to tests/screenshots/samba-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import Web, add_players, dealing, named, saved_match, see, shot

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def step(page: Any, label: str, side: str, *totals: int) -> None:
    """Tap a button of the entry (named by its tooltip) once per expected total of ``side``,
    waiting each time for the score the entry makes to show."""
    for total in totals:
        named(page, label).click()
        see(page, f"{side}: {total if total >= 0 else f'−{-total}'} points")


def test_partnership_hand_by_counts(web: Web) -> None:
    _hand(web.open())
    # saved: hand 1 closed with the scores the scoreboard showed; hand 2 left open, refused
    m = saved_match(web.data)
    assert m.table.totals == [1385, -740] and len(m.table.rounds) == 2
    assert [e.kind for e in m.events].count("close") == 1


def _hand(page: Any) -> None:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(page, "New match")
    page.get_by_role("checkbox", name="Samba", exact=True).click()
    see(page, "Top first meld")
    add_players(page, ("Ana", "Bea", "Cid", "Dan"))
    see(page, "Teams, partners facing: Ana & Cid and Bea & Dan.")
    shot(page, "samba-01-new-match")
    tap(page, "Start the match")

    # The hand: Ana deals; Ana & Cid make a canasta and a second one.
    dealing(page, "Ana")
    tap(page, "Start hand 1")
    see(page, "Hand 1 under way")
    see(page, "First meld: 50")
    see(page, "Cannot go out yet: 2 more canastas or sambas")
    named(page, "Ana & Cid: + Canasta").click()
    see(page, "Cannot go out yet: 1 more canasta or samba")
    named(page, "Ana & Cid: + Canasta").click()
    see(page, "May go out")
    shot(page, "samba-02-table")

    # Results by counts. Cid went out.
    tap(page, "The hand is over: enter the results")
    see(page, "Who went out?")
    page.get_by_role("checkbox", name="Cid", exact=True).click()
    see(page, "Going out: +200")
    # Ana & Cid: JK, 4 aces and twos, 14 kings to eights, 3 sevens to fours, a red 3;
    # a pure and a mixed canasta; nothing left in hand. The score follows each tap.
    ac, bd = "Ana & Cid", "Bea & Dan"
    see(page, f"{ac}: 200 points")
    step(page, "Jokers: more", ac, 250)
    step(page, "Aces and twos: more", ac, 270, 290, 310, 330)
    step(page, "Kings to eights: 5 more", ac, 380, 430, 480)
    step(page, "Kings to eights: less", ac, 470)
    step(page, "Sevens to fours: more", ac, 475, 480, 485)
    step(page, "Red 3s melded: more", ac, 385)  # -100 without two canastas
    step(page, "Pure canastas: more", ac, 885)
    step(page, "Mixed canastas: more", ac, 1385)  # the red 3 now counts +100
    see(page, "Red 3s: +100")
    shot(page, "samba-03-entry-counts")

    # Bea & Dan: 6 kings to eights melded; 6 jokers left in hand is one too many for the pack.
    page.get_by_role("checkbox", name=bd, exact=True).click()
    see(page, f"{bd}: 0 points")
    step(page, "Kings to eights: 5 more", bd, 50)
    step(page, "Kings to eights: more", bd, 60)
    step(page, "Jokers in hand: 5 more", bd, -190)
    step(page, "Jokers in hand: more", bd, -240)
    step(page, "Players holding a red 3: more", bd, -990)
    tap(page, "Close the hand")
    see(page, "7 jokers entered, but the pack holds 6")
    shot(page, "samba-04-entry-refused")
    step(page, "Jokers in hand: 5 less", bd, -740)
    tap(page, "Close the hand")

    # The scoreboard per side, with the hand's breakdown.
    see(page, "After hand 1")
    see(page, "Ana & Cid: cards +285 · bonuses +800 · red 3s +100 · going out +200 = +1385")
    see(page, "Bea & Dan: cards +10 · bonuses 0 · red 3s −750 · going out 0 = −740")
    see(page, "Bea deals next.")
    shot(page, "samba-05-scoreboard")
    tap(page, "Next hand")
    dealing(page, "Bea")
    see(page, "First meld: 50")
    shot(page, "samba-06-next-hand")

    # Hand 2, card by card: the grid holds three of each card and six jokers.
    tap(page, "Start hand 2")
    see(page, "Hand 2 under way")
    see(page, "First meld: 50")  # Ana & Cid's 1385 asks 50 until 1500
    tap(page, "The hand is over: enter the results")
    tap(page, "Card by card")
    see(page, "Melded cards")
    for n, card in enumerate(("K♠", "K♥", "K♦"), start=1):
        tap(page, card)
        see(page, f"{n} card{'s' if n > 1 else ''} · {10 * n} points")
    see(page, "Ana & Cid: 30 points")
    page.get_by_role("checkbox", name="Ana's hand", exact=True).click()
    see(page, "0 cards · 0 points")
    tap(page, "A♠")
    see(page, "1 card · 20 points")
    see(page, "Ana & Cid: 10 points")
    shot(page, "samba-07-entry-cards")
    # Three kings are worth 30: short of the 50 the side's first melds had to reach.
    tap(page, "Close the hand")
    see(page, "Ana & Cid needs 50 for its first melds; the entry has 30")
    shot(page, "samba-08-first-meld-refused")
