"""A short 2-player Sums game refereed in a real Chromium against the web mode: eight piles so a
pile runs out soon, the deal's face-up cards tapped on the grid, a removal with its reason
("7♥ + your 5♦ = 12: takes Bea's Q♦"), a counter with the card that counters shown, an undo,
the last play when a pile is empty, a last card that removes, and the final scores with the
breakdown and the winner. Screenshots go to tests/screenshots/sums-*.png; the median time a
tap on the table takes to show is printed."""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import Server, add_players, open_app, see, seen, shot

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    """Tap a button by its name; a pile tile by ``Pile 1`` (its size follows in its name)."""
    if re.fullmatch(r"Pile \d", name):
        page.get_by_role("button", name=re.compile(rf"^{name}\b")).first.click()
    else:
        page.get_by_role("button", name=name, exact=True).first.click()


def pick_game(page: Any) -> None:
    """Choose Sums where the screen offers the games (a chip, a segment or a text)."""
    named = re.compile(r"^Sums$")
    page.get_by_role("button", name=named).or_(page.get_by_role("radio", name=named)).or_(
        page.get_by_role("checkbox", name=named)).or_(
        page.get_by_text("Sums", exact=True)).first.click()


def timed(page: Any, name: str, expected: str, taps: list[float]) -> None:
    """Tap ``name``, wait for ``expected``, and keep the milliseconds it took."""
    start = time.perf_counter()
    tap(page, name)
    see(page, expected)
    taps.append((time.perf_counter() - start) * 1000)


def test_short_game_with_a_removal_and_a_counter(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "data").start()
    try:
        page = open_app(browser, server.url)
        try:
            _game(page)
        except Exception:
            shot(page, "sums-failure")
            raise
    finally:
        server.stop()


def _game(page: Any) -> None:
    page.get_by_role("button", name="New match", exact=True).wait_for(timeout=30_000)
    tap(page, "New match")
    pick_game(page)
    see(page, "Community piles")
    add_players(page, ("Ana", "Bea"))
    for piles in range(3, 9):  # 2 -> 8 piles of 5 cards
        page.get_by_label("Community piles: more", exact=True).click()
        see(page, f"\n{piles}\n")
    shot(page, "sums-01-new-match")
    tap(page, "Start the match")

    # The deal: Ana 5♦, Bea Q♦ face up.
    taps: list[float] = []
    see(page, "Ana's face-up card")
    shot(page, "sums-02-deal")
    timed(page, "5♦", "Bea's face-up card", taps)
    timed(page, "Q♦", "Ana draws", taps)
    see(page, "Tap the pile Ana drew from.")
    shot(page, "sums-03-draw")

    # Ana's 7♥ with her 5♦ makes 12: Bea's Q♦ is attacked; Bea counters with 5♥ (Q♦ - 5♥ = 7).
    timed(page, "Pile 1", "Ana places a card", taps)
    timed(page, "7♥", "Bea: counter?", taps)
    see(page, "Ana's 7♥ attacks Bea's Q♦")
    see(page, "Ana: 7♥ + your 5♦ = 12: takes Bea's Q♦")
    see(page, "your Q♦ - 5♥ = 7: takes Ana's 7♥")  # the one card that counters (5♦ is seen)
    shot(page, "sums-04-counter-question")
    timed(page, "5♥", "Ana: counter?", taps)
    see(page, "Bea: your Q♦ - 5♥ = 7: takes Ana's 7♥")
    see(page, "10♥ - your 5♦ = 5: takes Bea's 5♥")
    shot(page, "sums-05-counter-counter")

    # An undo, then Ana lets it go: Bea removes Ana's 7♥; Bea's counter was her turn.
    tap(page, "Undo: Bea placed 5♥")
    see(page, "Bea: counter?")
    timed(page, "5♥", "Ana: counter?", taps)
    timed(page, "No counter", "Ana draws", taps)
    see(page, "Last removal: Bea removed Ana's 7♥")
    see(page, "1 removed")
    shot(page, "sums-06-after-removal")

    # Turns that take nothing until pile 1 is empty.
    for who, other, card, left in (("Ana", "Bea", "A♠", 3), ("Bea", "Ana", "10♣", 2),
                                    ("Ana", "Bea", "4♠", 1), ("Bea", "Ana", "9♣", 0)):
        timed(page, "Pile 1", f"{who} places a card", taps)
        timed(page, card, f"{other} draws" if left else f"{other} places a last card", taps)
    see(page, "Pile 1 is empty: Ana may place one last card, then the game ends")
    assert seen(page, "No last card: end the game")
    shot(page, "sums-07-last-play")

    # Ana's last card 7♦ + 5♦ = 12 takes Bea's Q♦. It is the last card: the removal stands
    # (Bea, who could counter with 2♥, 2♦ or Q♥ anywhere else, is not asked) and the game ends.
    timed(page, "7♦", "Ana wins the match!", taps)
    assert not seen(page, "Bea: counter?")

    # The scores: Ana 5♦ A♠ 4♠ 7♦ (6) + Q♦ (2) = 8; Bea 5♥ 10♣ 9♣ (3) + 7♥ (1) = 4.
    see(page, "Ana wins the match!")
    see(page, "Ana: 8 points (6 in play + 2 removed)")
    see(page, "Bea: 4 points (3 in play + 1 removed), 4 points behind")
    see(page, "6 in play + 2 removed = 8 points")
    see(page, "3 in play + 1 removed = 4 points")
    shot(page, "sums-08-scores")
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 1200)
    shot(page, "sums-09-scores-breakdown")

    median = statistics.median(taps)
    print(f"\nsums table tap -> new state shown: median {median:.0f} ms, "
          f"max {max(taps):.0f} ms over {len(taps)} taps")

    # History and rules.
    tap(page, "Home")
    tap(page, "History")
    see(page, "Ana won")
    page.get_by_label("Back", exact=True).click()
    tap(page, "Rules")
    pick_game(page)
    see(page, "Removing a card")
    shot(page, "sums-10-rules")
