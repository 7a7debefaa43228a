"""Playing on the device in a real Chromium: a person against a computer player, to the end,
with a server restart in the middle that the game survives exactly, and a summary after each
round that holds the game until it is closed (Kartu Sama in the light theme, 41 in the dark
one; screenshots at phone and desktop widths); and the play set-up: people by name,
computers by "+ Computer", each person with their own help."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser import (
    PHONE,
    SEEN,
    Web,
    add_computers,
    add_players,
    load,
    named,
    press,
    resize,
    see,
    seen,
    shot,
    unfinished,
)

pytestmark = pytest.mark.browser

CARD = re.compile(r"^(10|[2-9AJQK])[♠♥♦♣]$|^JK★$")
DESKTOP = {"width": 1280, "height": 800}
AGAIN = "Play again, same seats"  # the final result: the last summary, and a new game


# all the screen says: its text and the names of its controls (a card on the table is named
# only for the screen reader)
SCREEN = """() => { const host = document.querySelector('flt-semantics-host');
  return host.innerText + '|' + Array.from(host.querySelectorAll('[aria-label]'))
    .map(e => e.getAttribute('aria-label')).join('|'); }"""


def screen(page: Any) -> str:
    return str(page.evaluate(SCREEN))


def on_table(page: Any) -> list[str]:
    """The moves the card table offers the person now (none on another screen)."""
    from tests.test_e2e_felt import offered

    return offered(page)


def my_turn(page: Any) -> bool:
    """Whether it is Ana's turn: the card table offers her moves."""
    return bool(on_table(page))


def my_move(page: Any) -> bool:
    """Tap the first lit card, else the draw pile or the button offered; False when the turn
    turned out to be over (the screen was between two states): the caller waits again."""
    from tests.test_e2e_felt import tap

    deadline = time.monotonic() + 15
    while moves := on_table(page):
        try:
            tap(page, moves[0], wait=5_000)
            return True
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: it went; read again
            pass
        assert time.monotonic() < deadline, "no move offered on the person's turn"
    return False


def play_until(page: Any, moves: int) -> str:
    """Make up to ``moves`` of the person's moves, until the game is over ("over") or a
    round's summary shows ("summary"); "playing" when the moves ran out first."""
    for _ in range(moves + 1):
        deadline = time.monotonic() + 30
        while not (seen(page, "Game over") or seen(page, "End of ") or my_turn(page)):
            assert time.monotonic() < deadline, "the computer player never answered"
            page.wait_for_timeout(50)
        if seen(page, "End of "):
            return "summary"
        if seen(page, "Game over"):
            return "over"
        if _ == moves:
            break
        before = screen(page)
        if not my_move(page):
            continue
        try:
            page.wait_for_function(f"(b) => ({SCREEN})() !== b", arg=before, timeout=15_000)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: the tap landed while
            continue  # cards still travelled (taps wait then): read the table, tap again
    return "playing"


def gone(page: Any, text: str) -> None:
    page.wait_for_function(f"(t) => !({SEEN})(t)", arg=text, timeout=15_000)


def summary_shots(page: Any, name: str) -> None:
    """The summary on a phone and on a desktop."""
    shot(page, name)
    resize(page, DESKTOP)
    shot(page, f"{name}-wide")
    resize(page, PHONE)


def test_person_against_computer_to_the_end(web: Web) -> None:
    web.instant()
    page = web.open()
    page.get_by_role("button", name="Play on this device").click()
    add_players(page, ("Ana",))
    add_computers(page, 1)  # a computer player
    see(page, "Computer (quick)")
    press(page, "Fixed rounds: more")
    press(page, "Fixed rounds: more")  # two rounds
    for _ in range(3):
        press(page, "Cards each: less")  # five cards each: shorter rounds
    press(page, "Computer pace: less")  # no wait between moves
    shot(page, "20-play-setup")
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")
    assert play_until(page, 4) == "playing"
    shot(page, "21-play-turn")
    before = screen(page)

    web.restart()  # the game is saved after every move
    load(page, web.server.url)
    see(page, "Not finished yet")  # home lists it with the matches at the table
    unfinished(page, "Kartu Sama on this device").click()
    assert play_until(page, 0) == "playing"  # Ana's turn again, on the table
    assert _cards(screen(page)) == _cards(before)

    assert play_until(page, 300) == "summary"
    see(page, "End of round 1")
    see(page, "Total")
    # the hands as card faces, each named for the screen reader (a line of its own)
    assert any(CARD.match(n) for n in re.split(r"[\n|]", screen(page)))
    summary_shots(page, "23-play-summary")
    shown = page.evaluate("document.querySelector('flt-semantics-host').innerText")
    assert "Your turn" not in shown  # the game waits on the summary
    page.get_by_role("button", name="Next round").click()
    gone(page, "End of round 1")
    assert play_until(page, 300) == "summary"
    see(page, "End of round 2")
    see(page, "See the final result")
    summary_shots(page, "24-play-final")
    page.get_by_role("button", name="See the final result").click()
    see(page, AGAIN)  # the final result stays, with a new game a tap away
    shot(page, "22-play-over")
    named(page, "Back").click()
    page.get_by_role("button", name="History").click()
    see(page, "Kartu Sama")
    see(page, "Ana, Computer 1")


def test_41_in_the_dark_theme_ends_on_its_summary(web: Web) -> None:
    page = web.open()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name="Dark").click()
    page.get_by_role("radio", name="Instant (cards do not move)").click()
    named(page, "Back").click()
    page.get_by_role("button", name="Play on this device").click()
    page.get_by_role("checkbox", name="41", exact=True).click()
    add_players(page, ("Ana",))
    add_computers(page, 1)
    press(page, "Computer pace: less")
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")
    state = play_until(page, 2)
    if state == "playing":
        shot(page, "25-play-41-dark")
        state = play_until(page, 300)
    assert state == "summary"
    see(page, "End of hand 1")
    see(page, "See the final result")
    summary_shots(page, "26-play-41-summary-dark")
    page.get_by_role("button", name="See the final result").click()
    see(page, AGAIN)


def _cards(text: str) -> list[str]:
    """The cards face up on the table (each named for the screen reader), in order."""
    names = (n.split(",")[0].strip() for n in text.split("|"))
    return sorted(n for n in names if CARD.match(n))


def test_people_by_name_computers_by_a_tap_each_with_their_own_help(
        web: Web) -> None:
    """The play set-up: a person added by name, computers by "+ Computer" (a double tap adds
    one), a computer's level (quick, strong, expert) and a person's help changed by a tap,
    saved in the game."""
    from tests.test_e2e_computers import saved

    data = web.data
    page = web.open()
    page.get_by_role("button", name="Play on this device").click()
    add_players(page, ("Ana",))
    add_computers(page, 2)
    shot(page, "27-play-setup-seats")
    resize(page, DESKTOP)
    shot(page, "27-play-setup-seats-wide")
    resize(page, PHONE)
    page.get_by_role("button", name=re.compile("Computer \\(quick\\)")).nth(1).click()
    see(page, "Computer (strong)")
    page.get_by_role("button", name=re.compile("Computer \\(strong\\)")).click()
    see(page, "Computer (expert)")
    page.get_by_role("button", name=re.compile("Help on")).first.click()
    see(page, "Help off")
    page.get_by_role("button", name="+ Computer").dblclick()  # a hurried hand
    see(page, "4. Computer 3")
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")
    seats = saved(data)["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Computer 1", "Computer 2", "Computer 3"]
    assert [s["kind"] for s in seats] == ["person", "simple", "expert", "simple"]
    assert [s["help"] for s in seats] == [False, True, True, True]
