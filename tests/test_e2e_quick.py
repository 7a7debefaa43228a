"""A hurried hand on the card table, in a real Chromium: pairs of taps, the second 100 ms after
the first (faster than the cards travel), both legal in turn, lose none, and each is acted on
once. Kartu Sama: the hand sorted, then a card played where it is on its way; Samba: the stock
drawn, then "Done melding" (the issue's lost tap), then a card selected while the drawn cards
travel into the hand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from app.storage import Store
from models.cards import format_cards
from models.games import GAMES
from tests.bench_felt import _saved, kartu_doc, samba_doc
from tests.browser import STILL, Web, see, shot

pytestmark = [
    pytest.mark.browser,
    # Not yet reliable: a tap aimed at a card still on its way times out in Playwright's
    # wait for a card that stands still (see the session note); the pairs are not yet shown
    # to hold, so issue 30's first point stays open.
    pytest.mark.skip(reason="quick pairs of taps on travelling cards: the test is not yet "
                     "reliable"),
]

PAIRS = 10
PACE = 100  # ms between the two taps of a pair: a person, not a condition of the app
LIT = ", can be tapped now"
NAMES = """() => Array.from(
  document.querySelectorAll('flt-semantics-host [role=button]'),
  e => (e.getAttribute('aria-label') || e.innerText || '').trim())"""


def game(data: Path) -> dict[str, Any]:
    store = Store(data)
    key = str(store.settings()["current_play"])
    doc = store.load_game(key)
    assert doc is not None
    return doc


def moves_of(doc: dict[str, Any], start: int) -> list[tuple[int, str, tuple[int, ...]]]:
    """The moves saved from ``start`` on: who, what, which cards (the engine's words)."""
    state = GAMES[doc["game"]].new_game(len(doc["seats"]), doc["seed"], doc["options"])
    out = []
    for i, action in enumerate(doc["actions"]):
        if i >= start:
            words = state.action_words(action)
            out.append((state.current_player, words.code, words.cards))
        state.apply(action)
    return out


def my_turn(page: Any, what: str, timeout: float = 30) -> list[str]:
    """Wait until a button named like ``what`` is offered (Ana's turn); the buttons."""
    deadline = time.monotonic() + timeout
    while True:
        names = page.evaluate(NAMES)
        if any(what in n for n in names):
            return list(names)
        if any(n.startswith(("Next ", "See the final")) for n in names):
            return []  # the round ended: its summary
        assert time.monotonic() < deadline, f"no {what!r} offered: {names}"
        page.wait_for_function(STILL, polling="raf")


def start(web: Web, doc: dict[str, Any]) -> Any:
    """The saved game ``doc`` resumed, cards travelling at the normal speed."""
    _saved(web.data, doc, "normal")
    page = web.open()
    page.get_by_role("button", name="Ana, Computer 1", exact=False).first.click(
        timeout=60_000)
    see(page, "Last moves")
    return page


def notation(name: str) -> str:
    """A card as the table names it (``K♠``) in the notation (``KS``)."""
    signs = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return "JK" if name.startswith("JK") else name[:-1] + signs[name[-1]]


def tap_where_it_is(page: Any, name: str) -> None:
    """Tap the card named ``name`` where it is now, on its way or not (a person does not
    wait for it to land): its middle, which is still on it a moment later."""
    box = page.get_by_role("button", name=name, exact=True).first.bounding_box()
    assert box is not None, name
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_kartu_sama_a_card_played_while_the_hand_is_sorted(web: Web) -> None:
    page, data = start(web, kartu_doc()), web.data
    pairs = 0
    for _ in range(40):
        names = my_turn(page, LIT)
        cards = [n for n in names if n.endswith(LIT) and n[0] in "AJQK123456789"]
        if not names or not cards:
            break
        version = len(game(data)["actions"])
        card = cards[0].removesuffix(LIT)
        sort = next(n for n in names if n.startswith("Sort by"))
        page.get_by_role("button", name=sort, exact=True).click()
        page.wait_for_timeout(PACE)
        tap_where_it_is(page, cards[0])
        deadline = time.monotonic() + 15
        while len(game(data)["actions"]) == version:
            assert time.monotonic() < deadline, f"the tap on {card} was lost"
            page.wait_for_function(STILL, polling="raf")
        seat, code, played = moves_of(game(data), version)[0]
        assert (seat, code) == (0, "play"), (seat, code)
        assert format_cards(list(played)) == notation(card), (played, card)
        pairs += 1
        if pairs == 2:
            shot(page, "quick-kartu-sama")
    assert pairs >= 5, pairs
    assert "Traceback" not in web.server.log.read_text()


def test_samba_done_melding_right_after_the_stock_and_a_card_selected(web: Web) -> None:
    page, data = start(web, samba_doc()), web.data
    page.get_by_role("button", name="Done melding", exact=True).click()  # its first turn
    pairs = 0
    for _ in range(60):
        names = my_turn(page, LIT)
        stock = next((n for n in names if n.startswith("Stock, ") and n.endswith(LIT)), "")
        if not names:
            break
        if not stock:  # a discard to make first
            card = next(n for n in names if n.endswith(LIT) and not n.startswith("Stock"))
            page.get_by_role("button", name=card, exact=True).first.click()
            page.wait_for_function(STILL, polling="raf")
            continue
        version = len(game(data)["actions"])
        page.get_by_role("button", name=stock, exact=True).click()
        page.wait_for_timeout(PACE)
        if pairs % 2:  # a card of the hand selected while the drawn ones travel in
            lit = [n for n in page.evaluate(NAMES)
                   if n.endswith(LIT) and n[0] in "AJQK123456789"]
            if lit:
                tap_where_it_is(page, lit[0])
        page.get_by_role("button", name="Done melding", exact=True).click(timeout=15_000)
        deadline = time.monotonic() + 15
        while len(game(data)["actions"]) < version + 2:
            assert time.monotonic() < deadline, "a tap of the pair was lost"
            page.wait_for_function(STILL, polling="raf")
        moves = moves_of(game(data), version)
        assert [(s, c) for s, c, _ in moves[:2]] == [(0, "draw"), (0, "finish")], moves
        pairs += 1
        if pairs == 2:
            shot(page, "quick-samba")
        if pairs == PAIRS:
            break
    assert pairs == PAIRS, pairs
    assert "Traceback" not in web.server.log.read_text()
