"""The card table in a real Chromium: one person against three computers at Kartu Sama on a
phone, playing by taps on the lit cards and the draw pile; a double tap on a card plays it
once; screenshots on a phone, sideways and on a laptop."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    PHONE,
    QUIET,
    STILL,
    Web,
    add_computers,
    add_players,
    gone,
    press,
    resize,
    see,
    seen,
    shot,
)
from tests.test_e2e_computers import saved

pytestmark = pytest.mark.browser

LIT = "can be tapped now"
CHROME = ("Back", "Last moves", "Sort by rank", "Sort by suit", "Hint", "Undo my move",
          "Redo my move", "Show menu Invite players")  # a menu: Flutter names it so
# the moves offered now: lit cards and piles first, then the buttons that are no card (a
# pile, lit or not, is named by its label twice, "Stock Stock · 30": only a lit one is a move);
# none unless the table is on screen, read in one go (a summary's "See the final result" is no
# move of the table); a card or pile the hint suggests is named so, and is a move too. On a
# phone the words of a hint, refusal or note are a button too (they open whole): they are on
# the message line, beside the last moves' icon, where no move is
OFFERED = """([lit, chrome]) => {
  const host = document.querySelector('flt-semantics-host');
  if (!host || /End of |Game over/.test(host.innerText)) return [];
  const buttons = Array.from(host.querySelectorAll('[role=button]'));
  const name = e => (e.getAttribute('aria-label') || e.innerText || '').trim();
  const log = buttons.find(e => name(e) === 'Last moves');
  if (!log) return [];
  const row = log.getBoundingClientRect();
  const said = e => e !== log && e.getBoundingClientRect().top < row.bottom
    && e.getBoundingClientRect().bottom > row.top;
  const all = buttons.filter(e => !said(e)).map(name);
  const cards = /^(10|[2-9AJQK])[♠♥♦♣]|^JK/;
  const pile = /^[^,:]+, (\\d+ cards?|empty)/;
  const move = n => n.includes(lit) || n.endsWith('suggested by the hint');
  return [...all.filter(move),
          ...all.filter(n => n && !move(n) && !cards.test(n) && !chrome.includes(n)
                        && !pile.test(n) && !/·|pile/i.test(n))];
}"""


def offered(page: Any) -> list[str]:
    return list(page.evaluate(OFFERED, [LIT, list(CHROME)]))


def my_turn(page: Any) -> list[str]:
    """Wait until the person may move; the moves offered."""
    deadline = time.monotonic() + 30
    while True:
        # read once all of the last answer shows: a move is sent in parts, and a table read
        # between them is an older one with the person's cards still lit
        page.wait_for_function(QUIET, polling="raf")
        moves = offered(page)
        if moves:
            return moves
        if seen(page, "End of "):
            return []
        assert time.monotonic() < deadline, "the person's turn never came"


def tap(page: Any, name: str, double: bool = False, wait: int = 10_000) -> None:
    """Tap the button named ``name`` (a card by its name, read as the screen reader reads
    it), or tap it twice at once."""
    found = page.locator("flt-semantics-host [role=button]").filter(
        has_text=name).or_(page.locator(
            f'flt-semantics-host [role=button][aria-label="{name}"]')).first
    spot = {"x": 10, "y": 16}  # the corner an overlapped card shows
    page.wait_for_function(STILL, polling="raf")  # the cards arrived: taps count
    if double:
        found.dblclick(position=spot, timeout=wait)
    else:
        found.click(position=spot, timeout=wait)


def played(page: Any, data: Path, version: int, before: list[str]) -> list[int]:
    """The movers after ``version``, once the person's move is saved and the table no longer
    offers what it offered before it (``before``)."""
    deadline = time.monotonic() + 15
    while len(saved(data)["actions"]) == version or offered(page) == before:
        assert time.monotonic() < deadline, "the tap was not played"
        page.wait_for_timeout(50)
    return list(saved(data)["movers"][version:])


def test_kartu_sama_on_the_felt_against_three_computers(web: Web) -> None:
    data = web.data
    page = web.open()
    page.get_by_role("button", name="Play on this device").click()
    add_players(page, ("Ana",))
    add_computers(page, 3)  # three computer seats after Ana's
    press(page, "Computer pace: less")
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")
    doubled = hinted = False
    for turn in range(8):
        moves = my_turn(page)
        if not moves:
            break  # the round ended
        if not hinted and sum(LIT in m for m in moves) >= 2:  # a choice: the Expert's hint
            press(page, "Hint")
            see(page, "Tried in")
            shot(page, "64-felt-hint")
            hinted = True
            moves = my_turn(page)  # the card suggested is named so now
        if turn == 1:  # mid-round, every computer has moved: the table at three sizes
            shot(page, "60-felt-phone")
            resize(page, {"width": 850, "height": 400})
            shot(page, "61-felt-sideways")
            resize(page, {"width": 1280, "height": 800})
            shot(page, "62-felt-laptop")  # the last moves beside the table
            resize(page, PHONE)
            # on a phone, a sheet: one, tapped twice by a hurried hand (one Escape and the
            # table is back), and it opens again once closed
            page.get_by_role("button", name="Last moves").dblclick()
            see(page, "Round 1")
            shot(page, "63-felt-last-moves")
            page.keyboard.press("Escape")
            gone(page, "Round 1")
            moves = my_turn(page)
            page.get_by_role("button", name="Last moves").click()
            see(page, "Round 1")
            page.keyboard.press("Escape")
            gone(page, "Round 1")
            moves = my_turn(page)
        version = len(saved(data)["actions"])
        card = next((m for m in moves if LIT in m and "pile" not in m.lower()), None)
        if card is not None and not doubled:
            tap(page, card, double=True)  # one card played, not two
            movers = played(page, data, version, moves)
            assert movers[0] == 0 and (len(movers) == 1 or movers[1] != 0), movers
            doubled = True
        else:
            tap(page, moves[0])
            assert played(page, data, version, moves)[0] == 0
    assert doubled, "no card was ever lit to play"
    assert hinted, "no choice of cards came to ask a hint about"
    log = web.server.log.read_text()
    assert "Traceback" not in log, log[-3000:]
