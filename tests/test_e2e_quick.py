"""A hurried hand on the card table, in a real Chromium: pairs of taps, the second 100 ms after
the first (faster than the cards travel), both legal in turn, lose none, and each is acted on
once. Kartu Sama: the hand sorted, then a card played where it is on its way; Samba: the
stock drawn, then "Done melding" (the issue's lost tap), now and then a card selected while the
drawn cards travel into the hand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from app.storage import Store
from models.cards import format_cards
from models.registry import GAMES
from tests.bench_felt import _saved, kartu_doc, samba_doc
from tests.browser import QUIET, STILL, Web, see, shot
from tests.test_e2e_play import SCREEN

pytestmark = pytest.mark.browser

PAIRS = 10
PACE = 100  # ms between the two taps of a pair: a person, not a condition of the app
LIT = ", can be tapped now"
NAMES = """() => Array.from(
  document.querySelectorAll('flt-semantics-host [role=button]'),
  e => (e.getAttribute('aria-label') || e.innerText || '').trim())"""


# where the button named ``name`` lies now (as NAMES reads names), null when none is
BOX = """(name) => {
  const e = Array.from(document.querySelectorAll('flt-semantics-host [role=button]')).find(
    e => (e.getAttribute('aria-label') || e.innerText || '').trim() === name);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height};
}"""


def press_at(page: Any, name: str) -> None:
    """Tap the button named ``name`` where it is drawn now, as a finger does: no wait for it
    to stand still (the screen around it may be changing)."""
    deadline = time.monotonic() + 15
    while (box := page.evaluate(BOX, name)) is None:
        assert time.monotonic() < deadline, f"no {name!r} on screen: {page.evaluate(NAMES)}"
        page.wait_for_function(STILL, polling="raf")
    if name[0] in "AJQK123456789":  # a card, perhaps under the next one: at its corner
        page.mouse.click(box["x"] + 10, box["y"] + 16)
    else:
        page.mouse.click(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)


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


def my_turn(page: Any, what: str, last: list[str] | None = None,
            timeout: float = 30) -> list[str]:
    """Wait until a button named like ``what`` is offered (Ana's turn) on a screen other than
    ``last`` (the one read before the last move: until the move shows, it is still there);
    the buttons."""
    deadline = time.monotonic() + timeout
    while True:
        # read once all of the last answer shows: a move is sent in parts, and a table read
        # between them is an older one with the person's cards still lit
        page.wait_for_function(QUIET, polling="raf")
        names = page.evaluate(NAMES)
        if any(what in n for n in names) and names != last:
            return list(names)
        following = next((n for n in names if n.startswith("Next ")), None)
        if following is not None:  # the round ended: on to the next one
            page.get_by_role("button", name=following, exact=True).click()
            page.get_by_role("button", name=following, exact=True).wait_for(
                state="detached", timeout=15_000)
            continue
        if any(n.startswith("See the final") for n in names):
            return []  # the game ended
        assert time.monotonic() < deadline, f"no {what!r} offered: {names}"


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
    wait for it to land), at the corner a card under the next one shows; none if it has gone
    meanwhile (a finger goes to what it sees)."""
    box = page.evaluate(BOX, name)
    if box is not None:
        page.mouse.click(box["x"] + 10, box["y"] + 16)


def act(page: Any, data: Path, version: int, name: str) -> None:
    """Tap ``name`` (a move between the pairs) and wait until it is saved."""
    page.wait_for_function(STILL, polling="raf")  # not one of the pairs: as things stand
    if page.evaluate(BOX, name) is None:
        return  # gone meanwhile (the screen read was on its way out): read it again
    press_at(page, name)
    deadline = time.monotonic() + 15
    while len(game(data)["actions"]) == version:
        assert time.monotonic() < deadline, f"the tap on {name} was not played"
        page.wait_for_function(STILL, polling="raf")


def test_kartu_sama_a_card_played_while_the_hand_is_sorted(web: Web) -> None:
    page, data = start(web, kartu_doc()), web.data
    pairs, refused, missed, names = 0, 0, 0, None
    for _ in range(80):
        names = my_turn(page, LIT, names)
        if not names:
            break  # the round ended
        cards = [n for n in names if n.endswith(LIT) and n[0] in "AJQK123456789"]
        version = len(game(data)["actions"])
        if not cards:  # no card to play: the draw first
            act(page, data, version, next(n for n in names if n.endswith(LIT)))
            continue
        if "does not match" in str(page.evaluate(SCREEN)):
            # the last pair's refusal still shows (until the game moves on): a refusal seen
            # after the next pair could be that one, so this turn is played plainly
            act(page, data, version, cards[0])
            continue
        card = cards[0].removesuffix(LIT)
        sort = next(n for n in names if n.startswith("Sort by"))
        press_at(page, sort)  # the hand's cards travel to their new places
        page.wait_for_timeout(PACE)
        clicks = page.evaluate("window.__mejaClicks")
        press_at(page, cards[0])  # where it is on its way
        deadline = time.monotonic() + 15
        while len(game(data)["actions"]) == version:
            # a finger that met another card as the hand moved: that card is answered (it
            # does not follow the pile's top), and the turn waits
            if "does not match" in str(page.evaluate(SCREEN)):
                refused += 1
                break
            if time.monotonic() > deadline:
                # the page told the app of a tap: then it must have been answered
                assert page.evaluate("window.__mejaClicks") == clicks, (
                    f"the tap on {card} reached the app and was lost")
                missed += 1  # the finger met the felt between cards on their way: no tap
                break
            page.wait_for_function(STILL, polling="raf")
        if len(game(data)["actions"]) == version:
            continue
        seat, code, played = moves_of(game(data), version)[0]
        assert (seat, code) == (0, "play"), (seat, code)
        # one card, lit when tapped: the one under the finger as the hand moved (the screen
        # reader's box of a card in flight trails its picture by a frame)
        lit = {notation(c.removesuffix(LIT)) for c in cards}
        assert format_cards(list(played)) in lit, (played, card, lit)
        assert len(moves_of(game(data), version)) == 1 or moves_of(
            game(data), version)[1][0] != 0, "the tap played twice"
        gone = format_cards(list(played))
        deadline = time.monotonic() + 15
        while any(notation(n.split(",")[0]) == gone for n in page.evaluate(NAMES)
                  if n[0] in "AJQK123456789"):  # until the screen shows the card played
            assert time.monotonic() < deadline, f"{gone} stayed in the hand"
            page.wait_for_function(STILL, polling="raf")
        # the screen that shows the card played shows the hand sorted the other way
        assert not any(n == sort for n in page.evaluate(NAMES)), "the sort was lost"
        pairs += 1
        if pairs == 2:
            shot(page, "quick-kartu-sama")
        if pairs == PAIRS:
            break
    assert pairs == PAIRS, (pairs, refused, missed)
    assert missed <= PAIRS // 2, f"{missed} fingers met no card: the aim, not the app"
    assert "Traceback" not in web.server.log.read_text()


def test_samba_done_melding_right_after_the_stock_and_a_card_selected(web: Web) -> None:
    page, data = start(web, samba_doc()), web.data
    pairs, names = 0, None
    for _ in range(120):
        names = my_turn(page, LIT, names)
        if not names:
            break  # the hand ended
        stock = next((n for n in names if n.startswith("Stock, ") and n.endswith(LIT)), "")
        version = len(game(data)["actions"])
        if not stock:  # melding done (a tap on a card would select it), then a discard
            if "Done melding" in names:
                act(page, data, version, "Done melding")
            elif "Tap a card to discard" in str(page.evaluate(SCREEN)):
                act(page, data, version, next(
                    n for n in names if n.endswith(LIT) and not n.startswith("Stock")))
            else:
                page.wait_for_function(STILL, polling="raf")  # between two screens
                names = None
            continue
        press_at(page, stock)
        page.wait_for_timeout(PACE)
        if pairs % 2:  # a card of the hand selected while the drawn ones travel in
            # a card that a tap selects: a red 3 is laid at its tap (a move of its own, and
            # "Done melding" tapped on the screen before it is a tap on a table replaced)
            lit = [n for n in page.evaluate(NAMES) if n.endswith(LIT)
                   and n[0] in "AJQK123456789" and not n.startswith(("3♥", "3♦"))]
            if lit:
                tap_where_it_is(page, lit[0])
        # where it is drawn once it shows (a finger goes to the button it sees)
        page.get_by_role("button", name="Done melding", exact=True).click(timeout=15_000)
        deadline = time.monotonic() + 15
        while "finish" not in [c for _, c, _ in moves_of(game(data), version)]:
            assert time.monotonic() < deadline, "a tap of the pair was lost"
            page.wait_for_function(STILL, polling="raf")
        moves = [(s, c) for s, c, _ in moves_of(game(data), version)]
        end = moves.index((0, "finish"))
        # the draw, the card selected laid where it fits (Done melding lays a selection that
        # makes a meld), then the end of melding: each once
        assert moves[0] == (0, "draw") and all(m == (0, "meld") for m in moves[1:end]), moves
        assert end <= 2, moves
        # the screen of the end of melding, before the next read (not one on its way out)
        page.get_by_role("button", name="Done melding", exact=True).wait_for(
            state="detached", timeout=15_000)
        page.wait_for_function(STILL, polling="raf")
        names = None
        pairs += 1
        if pairs == 2:
            shot(page, "quick-samba")
        if pairs == PAIRS:
            break
    assert pairs == PAIRS, pairs
    assert "Traceback" not in web.server.log.read_text()
