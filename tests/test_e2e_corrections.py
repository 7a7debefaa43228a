"""Corrections in a real Chromium against the web mode: a short Kartu Sama match played to its
end, round 1 opened from the scoreboard and a hand corrected (the totals and the winner
change), then round 2 deleted, which reopens the match. Screenshots at phone size and on a
wide screen (tests/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import PHONE, WIDE, Web, add_players, resize, saved_match, see, shot

pytestmark = pytest.mark.browser

BEA_BIG = ("A♠", "A♥", "A♦", "A♣", "10♠", "10♥", "10♦", "10♣", "9♠")  # 93 points


def button(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def tap(page: Any, name: str) -> None:
    button(page, name).click()


def player(page: Any, name: str) -> None:
    """Show ``name``'s hand on the hand-entry screen."""
    page.get_by_role("button", name=name).first.click()
    see(page, f"{name}'s hand")


def cards(page: Any, *names: str) -> None:
    for name in names:
        tap(page, name)


def row(page: Any, number: int) -> None:
    """Tap the scoreboard's row of round ``number``: its number, in the frozen first column
    (the smallest box at the left whose first line is the number)."""
    box = page.wait_for_function(ROW, arg=number).json_value()
    page.mouse.click(box["x"], box["y"])
    see(page, f"Round {number}")


ROW = """(n) => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return null;
  const found = Array.from(host.querySelectorAll('flt-semantics'))
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.left < 80 && r.width > 0
            && (e.innerText || '').trim().split('\\n')[0].trim() === String(n))
    .sort((a, b) => a[1].width * a[1].height - b[1].width * b[1].height);
  if (!found.length) return null;
  const r = found[0][1];
  return {x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""


def both(page: Any, name: str) -> None:
    """A screenshot at phone size and one on a wide screen."""
    shot(page, f"corrections-{name}")
    resize(page, WIDE)
    shot(page, f"corrections-{name}-wide")
    resize(page, PHONE)


def test_correct_a_round_delete_one_and_reopen(web: Web) -> None:
    _flow(web.open())
    # saved: round 1 corrected (Ana 93, Bea 2), round 2 deleted, nobody at 100: no winner
    m = saved_match(web.data)
    assert m.table.totals == [93, 2] and not m.table.winners


def _flow(page: Any) -> None:
    button(page, "New match").wait_for(timeout=30_000)
    tap(page, "New match")
    add_players(page, ("Ana", "Bea"))
    tap(page, "Start the match")

    # Round 1: Ana 2♠ (2), Bea nine cards (93).
    tap(page, "Start round 1")
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    cards(page, "2♠")
    player(page, "Bea")
    cards(page, *BEA_BIG)
    see(page, "9 cards · 93 points")
    tap(page, "Close the round")
    see(page, "After round 1")
    tap(page, "Next round")

    # Round 2: 9♦ each side: Bea passes 100, Ana wins with 11.
    tap(page, "Start round 2")
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    cards(page, "9♦")
    player(page, "Bea")
    cards(page, "9♥")
    tap(page, "Close the round")
    see(page, "Ana wins the match!")
    both(page, "01-over")

    # Round 1 from the scoreboard: Bea held 2♥ only, Ana the nine cards.
    row(page, 1)
    see(page, "Correct this round")
    see(page, "Ana dealt")
    both(page, "02-round")
    tap(page, "Correct this round")
    see(page, "Ana's hand")
    player(page, "Bea")
    see(page, "9 cards · 93 points")
    tap(page, "Clear")
    cards(page, "2♥")
    player(page, "Ana")
    cards(page, "2♠")  # a second tap takes the 2♠ back
    cards(page, *BEA_BIG)
    see(page, "9 cards · 93 points")
    tap(page, "Close the round")
    see(page, "Bea wins the match!")  # Ana 102, Bea 11: the winner changed
    see(page, "corrected")
    both(page, "03-corrected")

    # Round 2 deleted: Ana 93, Bea 2, nobody at 100: the match goes on.
    row(page, 2)
    see(page, "Round 2")
    tap(page, "Delete this round")
    see(page, "Delete round 2? Its points will no longer count.")
    see(page, "Totals then: Ana: 93 pts, Bea: 2 pts. The match goes on.")
    both(page, "04-delete-asked")
    tap(page, "Yes, delete it")
    see(page, "deleted")
    see(page, "After round 2")
    see(page, "Next round")
    both(page, "05-deleted")
    tap(page, "Next round")
    see(page, "Start round 3")
    see(page, "Undo: round 2 deleted")
