"""A hand half entered survives a crash, in a real Chromium against the web mode: Kartu Sama,
Ana's hand entered and Bea's begun, the server killed (kill -9) and started again; the hand
screen shows Bea's card still entered, on Bea, and the round closes from there. Screenshots:
tests/screenshots/draft-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import Web, add_players, dealing, load, saved_match, see, shot

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid")


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def test_a_half_entered_hand_survives_a_server_kill(web: Web) -> None:
    _round(web.open(), web)
    # saved once: each hand as entered, Bea's 2♠ kept across the crash
    m = saved_match(web.data)
    assert m.table.totals == [22, 5, 1] and len(m.table.rounds) == 1


def _round(page: Any, web: Web) -> None:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(page, "New match")
    add_players(page, NAMES)
    tap(page, "Start the match")
    dealing(page, "Ana")
    tap(page, "Start round 1")
    see(page, "Bea to play")

    # Ana's hand, then Bea's begun: one card of two.
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    tap(page, "A♠")
    tap(page, "A♥")
    see(page, "2 cards · 22 points")
    page.get_by_role("button", name="Bea").first.click()  # records Ana's hand
    see(page, "Bea's hand")
    tap(page, "2♠")
    see(page, "1 card · 2 points")

    # The server dies with Bea's hand half entered.
    load(page, web.restart().url)
    page.get_by_role("button", name=re.compile("Last played")).click()  # home: unfinished
    see(page, "The round is over")
    tap(page, "Enter the hands")
    see(page, "Bea's hand")  # on the hand that was being entered
    see(page, "1 card · 2 points")
    see(page, "22 pts")  # Ana's, recorded before
    shot(page, "draft-restored")

    # Bea's hand is finished, then Cid's, and the round closes.
    tap(page, "3♠")
    see(page, "2 cards · 5 points")
    page.get_by_role("button", name="Cid").first.click()
    see(page, "Cid's hand")
    tap(page, "K♥")
    see(page, "1 card · 1 point")
    tap(page, "Close the round")
    see(page, "After round 1")
    shot(page, "draft-scoreboard")
