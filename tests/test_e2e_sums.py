"""A short 2-player Sums game refereed in a real Chromium against the web mode: eight piles so a
pile runs out soon, the deal's face-up cards tapped on the grid, a removal with its reason
("7♥ + Ana's 5♦ = 12: takes Bea's Q♦") while play goes on, a counter said with the owner's
button and the one card that counters shown with its sum, an undo, removals nobody counters,
the last play when a pile is empty, a last card that removes, and the final scores with the
breakdown and the winner. Screenshots go to tests/screenshots/sums-*.png (the counter at
400x850 and 1280x800). Printed: the median time a tap on the table takes to show, and the
taps of this game now and as the table asked before (a "no counter" after every removal a
counter was possible on, the counter card tapped without a button first)."""

from __future__ import annotations

import re
import statistics
import time
from typing import Any

import pytest

from tests.browser import Web, add_players, enabled, holds, named, resize, see, seen, shot

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}


def button(page: Any, name: str) -> Any:
    """A button by its name; a pile tile by ``Pile 1`` (its size follows in its name)."""
    if re.fullmatch(r"Pile \d", name):
        return page.get_by_role("button", name=re.compile(rf"^{name}\b")).first
    return page.get_by_role("button", name=name, exact=True).first


def tap(page: Any, name: str) -> None:
    button(page, name).click()


def pick_game(page: Any) -> None:
    """Choose Sums where the screen offers the games (a chip, a segment or a text)."""
    named = re.compile(r"^Sums$")
    page.get_by_role("button", name=named).or_(page.get_by_role("radio", name=named)).or_(
        page.get_by_role("checkbox", name=named)).or_(
        page.get_by_text("Sums", exact=True)).first.click()


def timed(page: Any, name: str, expected: str, taps: list[float]) -> None:
    """Tap ``name``, wait for ``expected``, and keep the milliseconds it took."""
    found = enabled(button(page, name))
    start = time.perf_counter()
    found.click()
    see(page, expected)
    taps.append((time.perf_counter() - start) * 1000)


def tile(page: Any, text: str) -> None:
    """Tap the tile whose words hold ``text`` (a card that counters, with its sum)."""
    page.get_by_role("button", name=re.compile(re.escape(text))).first.click()


def laptop_shot(page: Any, name: str, expected: str) -> None:
    """The same screen at 1280x800, then back to the phone's size."""
    phone = page.viewport_size
    resize(page, LAPTOP)
    see(page, expected)
    shot(page, name)
    resize(page, phone)
    see(page, expected)


def test_short_game_with_a_removal_and_a_counter(web: Web) -> None:
    page = web.open()
    _game(page)


def _game(page: Any) -> None:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(page, "New match")
    pick_game(page)
    see(page, "Community piles")
    add_players(page, ("Ana", "Bea"))
    for piles in range(3, 9):  # 2 -> 8 piles of 5 cards
        named(page, "Community piles: more").click()
        holds(page, "Community piles", str(piles))
    shot(page, "sums-01-new-match")
    tap(page, "Start the match")

    # The deal: Ana 5♦, Bea Q♦ face up.
    taps: list[float] = []
    extra = 0  # taps now beyond the ones the old table took (each counter's button)
    saved = 0  # "no counter" taps the old table asked for
    see(page, "Ana's face-up card")
    shot(page, "sums-02-deal")
    timed(page, "5♦", "Bea's face-up card", taps)
    timed(page, "Q♦", "Ana draws", taps)
    see(page, "Tap the pile Ana drew from.")
    shot(page, "sums-03-draw")

    # Ana's 7♥ with her 5♦ makes 12: Bea's Q♦ goes at once and Bea draws; Bea may still say
    # she counters (with 5♥: Q♦ - 5♥ = 7), until the next move.
    timed(page, "Pile 1", "Ana places a card", taps)
    timed(page, "7♥", "Bea draws", taps)
    see(page, "Last removal: Ana removed Bea's Q♦")
    see(page, "7♥ + Ana's 5♦ = 12: takes Bea's Q♦")
    see(page, "Bea may still counter, until the next move.")
    assert not seen(page, "your ")
    shot(page, "sums-04-counter-offered")
    laptop_shot(page, "sums-04-counter-offered-wide", "Bea counters")
    timed(page, "Bea counters", "Bea counters Ana's 7♥", taps)
    extra += 1
    see(page, "Tap the card Bea places:")
    see(page, "Q♦ - 5♥ = 7")  # the one card that counters (5♦ is seen)
    shot(page, "sums-05-counter-question")
    laptop_shot(page, "sums-05-counter-question-wide", "Q♦ - 5♥ = 7")
    # Bea counters: her Q♦ comes back, Ana's 7♥ goes; Bea's counter was her turn: Ana draws.
    start = time.perf_counter()
    tile(page, "Q♦ - 5♥ = 7")
    see(page, "Ana draws")
    taps.append((time.perf_counter() - start) * 1000)
    see(page, "Last removal: Bea removed Ana's 7♥")
    see(page, "Bea's Q♦ - 5♥ = 7: takes Ana's 7♥")
    see(page, "Ana counters")
    shot(page, "sums-06-after-counter")

    # An undo, and the counter again; then Ana plays on without countering.
    tap(page, "Undo: Bea countered with 5♥")
    see(page, "Bea counters")
    see(page, "Last removal: Ana removed Bea's Q♦")
    timed(page, "Bea counters", "Bea counters Ana's 7♥", taps)
    start = time.perf_counter()
    tile(page, "Q♦ - 5♥ = 7")
    see(page, "Ana draws")
    taps.append((time.perf_counter() - start) * 1000)
    see(page, "1 removed")
    saved += 1  # Ana, who could counter with a red 2, 10 or Q, is not asked
    # A look at Ana's five possible counters (her 5♦ or the 7♥ as the helper), then back.
    tap(page, "Ana counters")
    see(page, "Ana counters Bea's 5♥")
    for sums_text in ("7♥ - 2♥ = 5", "10♥ - 5♦ = 5", "Q♥ - 7♥ = 5", "10♦ - 5♦ = 5"):
        see(page, sums_text)
    shot(page, "sums-06-counters-five")
    tap(page, "No counter")
    see(page, "Ana draws")
    assert seen(page, "Ana counters")  # still offered until the next move

    # Turns until pile 1 is empty: Ana's 9♠ + her A♠ = 10 takes Bea's 10♣ (Bea could counter
    # with A♣ but does not: nobody is asked).
    for who, other, card, left in (("Ana", "Bea", "A♠", 3), ("Bea", "Ana", "10♣", 2),
                                    ("Ana", "Bea", "9♠", 1), ("Bea", "Ana", "9♣", 0)):
        timed(page, "Pile 1", f"{who} places a card", taps)
        timed(page, card, f"{other} draws" if left else f"{other} places a last card", taps)
    saved += 1  # after 9♠
    see(page, "Pile 1 is empty: Ana may place one last card, then the game ends")
    assert seen(page, "No last card: end the game")
    shot(page, "sums-07-last-play")

    # Ana's last card 7♦ + 5♦ = 12 takes Bea's Q♦. It is the last card: the removal stands
    # (Bea, who could counter with 2♥, 2♦ or Q♥ anywhere else, is not offered it) and the
    # game ends.
    timed(page, "7♦", "Ana wins the match!", taps)
    assert not seen(page, "Bea counters")

    # The scores: Ana 5♦ A♠ 9♠ 7♦ (6) + 10♣ Q♦ (3) = 9; Bea 5♥ 9♣ (2) + 7♥ (1) = 3.
    see(page, "Ana wins the match!")
    see(page, "Ana: 9 points (6 in play + 3 removed)")
    see(page, "Bea: 3 points (2 in play + 1 removed), 6 points behind")
    see(page, "6 in play + 3 removed = 9 points")
    see(page, "2 in play + 1 removed = 3 points")
    shot(page, "sums-08-scores")
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 1200)
    shot(page, "sums-09-scores-breakdown")

    median = statistics.median(taps)
    print(f"\nsums table tap -> new state shown: median {median:.0f} ms, "
          f"max {max(taps):.0f} ms over {len(taps)} taps")
    game = 2 + 2 + 2 + 2 * 4 + 1  # the deal, 7♥, the counter (button and card), 4 turns, 7♦
    assert extra == 1 and saved == 2
    print(f"sums scripted game: {game} taps now, {game - extra + saved} as the table asked "
          f"before ({saved} 'no counter' answers, {extra} counter button)")

    # History and rules.
    tap(page, "Home")
    tap(page, "History")
    see(page, "Ana won")
    named(page, "Back").click()
    tap(page, "Rules")
    pick_game(page)
    see(page, "Removing a card")
    shot(page, "sums-10-rules")
