"""Playing on the device in a real Chromium, one person against three computer players at
full speed until the first round's summary: the server logs no error, and a double tap on a
move plays it once."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import QUIET, Web, add_computers, add_players, press, see, seen
from tests.test_e2e_play import CARD, SCREEN, my_move, my_turn, on_table, screen

pytestmark = pytest.mark.browser

DRAW = re.compile(r"^Draw \d+ cards?$")


def saved(data: Path) -> dict[str, Any]:
    """The one game saved on the device, as the server last wrote it."""
    (path,) = (data / "games").glob("play-*.json")
    return dict(json.loads(path.read_text())["game"]["1"]["doc"])


def next_turn(page: Any) -> str:
    """Wait for the person's turn ("turn") or a round's summary ("summary")."""
    deadline = time.monotonic() + 30
    while True:
        if seen(page, "End of "):
            return "summary"
        if my_turn(page):  # the card table offers the person's moves
            return "turn"
        assert time.monotonic() < deadline, "the computer players never answered"
        page.wait_for_timeout(50)


def double_tap(page: Any, data: Path, name: str) -> None:
    """Tap the move ``name`` twice at once: it is played once (the person's next move, if the
    turn goes on, is not made by the second tap)."""
    from tests.test_e2e_felt import LIT, tap

    before = saved(data)
    version = len(before["actions"])
    if LIT in name:  # a lit card or pile of the card table
        tap(page, name, double=True)
    else:
        page.get_by_role("button", name=name, exact=True).first.dblclick()
    deadline = time.monotonic() + 15
    while len(saved(data)["actions"]) == version:
        assert time.monotonic() < deadline, "the tap was not played"
        page.wait_for_timeout(50)
    next_turn(page)
    movers = saved(data)["movers"][version:]
    assert movers[0] == 0 and (len(movers) == 1 or movers[1] != 0), movers


def test_three_computers_at_full_speed_log_no_error(web: Web) -> None:
    page = web.open()
    page.get_by_role("button", name="Play on this device").click()
    add_players(page, ("Ana",))
    add_computers(page, 3)  # three computer seats after Ana's
    press(page, "Computer pace: less")  # no wait between moves
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")
    doubled = False
    for turn in range(300):
        if next_turn(page) == "summary":
            break
        page.wait_for_function(QUIET, polling="raf")  # all of the last answer shows
        names = on_table(page)  # the card table's lit cards and piles, by name
        if not names:
            continue  # what was read was an older table: the computers play on
        # a draw button (or the draw pile) stays where it is when the turn goes on: the
        # sharper case
        move = next((n for n in names if DRAW.match(n) or "pile" in n.lower()), None)
        if turn >= 3:
            move = move or next((n for n in names if CARD.match(n.split(",")[0])), None)
        if not doubled and move is not None:
            double_tap(page, web.data, move)
            doubled = True
            continue
        before = screen(page)
        if my_move(page):
            page.wait_for_function(f"(b) => ({SCREEN})() !== b", arg=before,
                                   timeout=15_000)
    see(page, "End of round 1")
    assert doubled, "no move was tapped twice"
    log = web.server.log.read_text()
    assert "Traceback" not in log and "IllegalAction" not in log, log[-3000:]
