"""Players' phones at the table, in a real Chromium: one browser context per phone on loopback.

A game of Kartu Sama on the device with two people on their own phones and a computer on the
host: the host opens the table to phones, each phone takes its seat by its link and plays by
tapping (a double tap now and then), the host restarts mid-round and the phones carry on, and
the round ends on every phone's summary, which each phone closes: the next round starts once
both have. One phone asks for a hint on its turn. Every message pushed to a phone is captured:
none ever holds a card of another seat's hand.

A match at the table with real cards: four phones each enter their own hand at the end of the
round, the host sees them arrive and closes the round with their totals; each phone shows the
round's summary until it closes it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from app.play import new_doc
from app.storage import Store
from models.cards import format_cards
from models.registry import GAMES
from tests.browser import PAGES, PHONE, Web, back, load, press, see, shot
from tests.test_e2e_computers import saved

pytestmark = pytest.mark.browser

KEY = "play-20261125-120000-abcdef"
LIT = "can be tapped now"
SIDEWAYS = {"width": 850, "height": 400}
MOVES = ("Keep the cards drawn",)
# every message a phone's page gets, kept in the page
CAPTURE = """(() => {
  const Real = window.EventSource;
  window.__pushed = [];
  function Spy(url, options) {
    const es = new Real(url, options);
    es.addEventListener('message', (e) => window.__pushed.push(e.data));
    return es;
  }
  Spy.prototype = Real.prototype;
  Object.assign(Spy, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
  window.EventSource = Spy;
})();"""


def door(data: Path) -> dict[str, Any]:
    """The table's door as the host saved it (its seats' links, its port)."""
    doc = json.loads((data / "settings.json").read_text())
    values = next(iter(doc["settings"].values()))["values"]
    return dict(values["guests"])


def phone(browser: Any, link: str) -> Any:
    """A phone's browser of its own (its own cookies), opened on a seat's link."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    PAGES.append(page)
    page.add_init_script(CAPTURE)
    page.goto(link)
    return page


def invite(host: Any, name: str) -> None:
    """Open the invite at ``name``'s seat from the table's menu (Flutter names a menu's button
    "Show menu" and its own name)."""
    item = host.get_by_role("menuitem", name=f"{name}'s seat")
    for _ in range(3):  # a page just loaded may let a first tap go, as a person sees: again
        press(host, "Show menu Invite players")
        try:
            item.wait_for(timeout=10_000)
            break
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError
            continue
    item.click()


def take_seat(page: Any, name: str) -> None:
    page.get_by_role("button", name=f"Take {name}'s seat").click()
    page.wait_for_selector(".felt, .sheet, .summary", timeout=15_000)


def waiting_for(browser_pages: dict[str, Any], text: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not all(text in p.inner_text("body") for p in browser_pages.values()):
        assert time.monotonic() < deadline, f"not every phone shows {text!r}"
        time.sleep(0.05)


def tap_move(page: Any, double: bool) -> bool:
    """Tap a move the phone's table lights (a card, the draw pile) or offers (Keep); False
    when it offers none (not this seat's turn)."""
    lit = page.locator(f"[aria-label*='{LIT}']")
    target = lit.first if lit.count() else None
    # a card in a fanned hand shows its left edge (the next card covers the rest): tapped
    # there, as a finger would, not at its middle
    spot = {"x": 8, "y": 12} if target is not None else None
    if target is None:
        for name in MOVES:
            button = page.get_by_role("button", name=name)
            if button.count():
                target = button.first
                break
    if target is None:
        return False
    try:
        if double:
            target.dblclick(timeout=2_000, position=spot)
        else:
            target.click(timeout=2_000, position=spot)
    except Exception:  # noqa: BLE001 - redrawn under the finger: the table is asked again
        return True
    return True


def hands_at(doc: dict[str, Any], n: int) -> list[set[str]]:
    """Each seat's hand after the first ``n`` moves of the saved game ``doc``."""
    state = GAMES["kartu_sama"].replay(3, doc["seed"], doc["options"], doc["actions"][:n])
    return [set(format_cards(list(state.observation(s).hand)).split())
            if state.observation(s).hand else set() for s in range(3)]


def test_two_phones_and_a_computer_play_a_round_across_a_host_restart(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    data = web.data
    store = Store(data)
    doc = new_doc("kartu_sama", ["Ana", "Bea", "Computer 1"], ["person", "person", "strong"],
                  {}, casual=False, pace=0)
    doc.seed = 14  # Bea plays first and can only draw: the hint marks a pile, not a card
    store.save_game(KEY, doc.to_dict())
    store.save_settings({"current_play": KEY, "plays": [KEY]})
    del store
    web.instant()
    host = web.open(f"play/{KEY}")
    see(host, "Pass to")  # two people: the cover, until they take their phones
    host.get_by_role("button", name="Invite players").click()
    see(host, "Or open http://127.0.0.1:")
    shot(host, "80-invite")
    opened = door(data)
    base = f"http://127.0.0.1:{opened['port']}"
    tokens = {t["name"]: t["token"] for t in opened["tickets"]}
    phones = {name: phone(web.browser, f"{base}/j/{tokens[name]}") for name in ("Ana", "Bea")}
    for name, page in phones.items():
        assert "/j/" not in page.url  # the token left the address bar
        take_seat(page, name)
    see(host, "Seated")
    back(host, "Last moves")
    # the phone to play asks for a hint: the Expert's move is marked on its table alone
    first = phones["Bea"]
    first.get_by_role("button", name="Hint", exact=True).click()
    first.wait_for_selector(".ptext i:has-text('Hint')")
    first.wait_for_selector(".pile.hinted")  # the move hinted is marked on the table
    assert all(not p.locator(".hinted").count() for p in phones.values() if p is not first)
    shot(first, "93-guest-hint")
    first.set_viewport_size(SIDEWAYS)
    shot(first, "93-guest-hint-sideways")
    first.set_viewport_size(PHONE)

    taps = 0
    restarted = False
    deadline = time.monotonic() + 300
    while not all(p.get_by_role("button", name="Close the summary").count()
                  for p in phones.values()):
        assert time.monotonic() < deadline, "the round never ended"
        moved = False
        for page in phones.values():
            if tap_move(page, double=taps % 4 == 1):
                taps += 1
                moved = True
                if taps == 3:  # a phone upright, then turned on its side
                    shot(page, "81-guest-table")
                    page.set_viewport_size(SIDEWAYS)
                    shot(page, "84-guest-table-sideways")
                    page.set_viewport_size(PHONE)
        if taps >= 6 and not restarted:  # the host's device restarts mid-round
            web.restart()
            host = web.open(f"play/{KEY}")
            see(host, "Last moves")
            restarted = True
        if not moved:
            time.sleep(0.1)
    assert restarted
    shot(phones["Bea"], "82-guest-summary")
    # each phone closes the summary; the next round starts once both have
    phones["Ana"].get_by_role("button", name="Close the summary").dblclick()
    phones["Ana"].wait_for_selector("text=Waiting for Bea (or the host) to start the next round")
    shot(phones["Ana"], "82-guest-summary-closed")
    assert saved(data)["seen"] == 0
    phones["Bea"].get_by_role("button", name="Close the summary").click()
    for page in phones.values():
        page.wait_for_selector(".felt")
    deadline = time.monotonic() + 10
    while saved(data)["seen"] != 1:
        assert time.monotonic() < deadline, "the next round never started"
        time.sleep(0.05)

    pushed = {name: [json.loads(m) for m in page.evaluate("window.__pushed")]
              for name, page in phones.items()}
    game = saved(data)  # read after: a move is saved before it is pushed (the computer plays on)
    movers = list(game["movers"])
    assert set(movers) == {0, 1, 2}  # both phones and the computer played
    for seat, name in enumerate(phones):
        assert pushed[name], name
        for message in pushed[name]:
            play = message.get("play") or {}
            if not play or play.get("summary"):  # the summary shows every hand, as at a table
                continue
            text = json.dumps(play["scene"])
            others = hands_at(game, message["n"])
            for other in (s for s in range(3) if s != seat):
                for code in others[other]:
                    assert f'"code": "{code}"' not in text, (name, message["n"], code)


def test_four_phones_enter_their_own_hands_at_a_real_table(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_guest_match import bea_out, referee

    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    data = web.data
    ref = referee(data)
    bea_out(ref)  # Bea went out; Ana, Cid and Dan hold cards
    match_id = ref.match_id
    del ref
    hands = {"Ana": "KS 7H 3D 2C", "Cid": "QD 8C 6H 4S", "Dan": "AH 9S 5C JD"}
    host = web.open(f"match/{match_id}/score")
    invite(host, "Ana")
    see(host, "Or open http://127.0.0.1:")
    opened = door(data)
    base = f"http://127.0.0.1:{opened['port']}"
    tokens = {t["name"]: t["token"] for t in opened["tickets"]}
    phones = {n: phone(web.browser, f"{base}/j/{tokens[n]}") for n in ("Ana", "Bea", "Cid", "Dan")}
    for name, page in phones.items():
        take_seat(page, name)
    phones["Bea"].wait_for_selector("text=You went out")
    for name, cards in hands.items():
        page = phones[name]
        for code in cards.split():
            rank, suit = code[:-1], code[-1]
            words = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}.get(rank, rank)
            suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]
            page.get_by_role("button", name=re.compile(f"^{words} of {suits}")).click()
        if name == "Ana":
            shot(page, "83-guest-hand-entry")
        send = page.get_by_role("button", name="Send my hand")
        send.dblclick()  # a hurried hand: saved once
        page.wait_for_selector("text=Your hand is in")
    store = Store(data)
    draft = store.load_draft(match_id)  # the hands sent wait for the host's Save
    assert sorted(draft["hands"]) == ["0", "2", "3"] and draft["sent"] == [0, 2, 3], draft
    load(host, f"{web.server.url}match/{match_id}/hands")
    see(host, "Close the round")
    host.get_by_role("button", name="Close the round").click()
    waiting_for(phones, "End of round 1")  # each phone shows the round's summary...
    for page in phones.values():
        page.get_by_role("button", name="Close the summary").click()
    waiting_for(phones, "Bea deals")  # ...and closes it for itself
    events = store.load_match(match_id)["events"]
    entered = [e for e in events if e.get("kind") == "hand"]
    assert sorted(e["player"] for e in entered) == [0, 2, 3], entered
