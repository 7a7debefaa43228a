"""Samba and Sums at a real table from the players' phones, in a real Chromium: one browser
context per phone on loopback.

Samba: four phones each send their own melds and hand at the end of a hand (Ana by counts,
Cid card by card, a double tap now and then), the side's result joins the partners' parts, the
host sees whose parts came and closes the hand; each phone shows the hand's summary and closes
it for itself. Sums: the players enter their own face-up cards and moves; one asks the host to
take back a slip, and the host accepts. The phone screens are shot upright (400x850) and on
their side (850x400)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from app.storage import Store
from models.match import Out, Start
from models.tables.samba import Canasta
from tests.browser import PHONE, Web, load, see, shot
from tests.test_e2e_guests import door, invite, phone, take_seat

pytestmark = pytest.mark.browser

SIDEWAYS = {"width": 850, "height": 400}


def both(page: Any, name: str) -> None:
    """Shoot ``page`` upright and on its side."""
    shot(page, f"{name}-400x850")
    page.set_viewport_size(SIDEWAYS)
    shot(page, f"{name}-850x400")
    page.set_viewport_size(PHONE)


def tap(page: Any, name: str, times: int = 1) -> None:
    """Tap the button named ``name`` (exactly) ``times`` times, each once the page is drawn
    again (the count it shows has changed)."""
    for _ in range(times):
        button = page.get_by_role("button", name=name, exact=True)
        before = page.inner_text("main")
        button.click()
        page.wait_for_function("(t) => document.querySelector('main').innerText !== t",
                               arg=before)


def card(page: Any, name: str) -> None:
    page.get_by_role("button", name=re.compile(f"^{name}$")).click()


def seated(web: Web, match_id: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The host opens the match to phones; each player takes their seat on a phone."""
    host = web.open(f"match/{match_id}/score")
    invite(host, names[0])
    see(host, "Or open http://127.0.0.1:")
    opened = door(web.data)
    base = f"http://127.0.0.1:{opened['port']}"
    tokens = {t["name"]: t["token"] for t in opened["tickets"]}
    phones = {n: phone(web.browser, f"{base}/j/{tokens[n]}") for n in names}
    for name, page in phones.items():
        take_seat(page, name)
    return {"host": host, **phones}


def until(page: Any, text: str, timeout: float = 20) -> None:
    page.wait_for_selector(f"text={text}", timeout=timeout * 1000)


def test_four_phones_enter_a_samba_hand_and_close_its_summary(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_guest_match import referee

    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    ref = referee(web.data, "samba")
    for event in (Start(), Canasta(0), Canasta(0), Out(2)):  # Cid went out
        assert ref.record(event)
    match_id = ref.match_id
    del ref
    at = seated(web, match_id, ("Ana", "Bea", "Cid", "Dan"))
    ana, bea, cid, dan = at["Ana"], at["Bea"], at["Cid"], at["Dan"]
    until(ana, "Your melds and hand")
    # Ana by counts: 14 kings to eights in two pure canastas; two sevens and a red 3 in hand
    tap(ana, "Kings to eights: 5 more", 2)
    tap(ana, "Kings to eights: more", 4)
    tap(ana, "Pure canastas: more", 2)
    tap(ana, "Sevens to fours in hand: more", 2)
    tap(ana, "A red 3 left in my hand: more")
    both(ana, "86-guest-samba-counts")
    ana.get_by_role("button", name="Send my melds and hand").dblclick()  # saved once
    until(ana, "Your melds and hand are in")
    until(ana, "Waiting for Cid.")
    # Cid card by card: three aces melded, a king of clubs left in his hand
    cid.get_by_role("button", name="Card by card").click()
    for name in ("Ace of spades", "Ace of hearts", "Ace of diamonds"):
        card(cid, name)
    cid.get_by_role("button", name="My hand").click()
    card(cid, "King of clubs")
    both(cid, "87-guest-samba-cards")
    cid.get_by_role("button", name="Send my melds and hand").click()
    until(cid, "Ana & Cid's result is in.")
    until(ana, "Ana & Cid's result is in.")
    both(ana, "88-guest-samba-in")
    # Bea and Dan: together short of their first meld's 50; Dan counts again
    tap(bea, "Sevens to fours: more", 3)
    bea.get_by_role("button", name="Send my melds and hand").click()
    until(bea, "Waiting for Dan.")
    tap(dan, "Kings to eights: more", 3)
    dan.get_by_role("button", name="Send my melds and hand").click()
    until(dan, "Bea & Dan needs 50 for its first melds; the entry has 45")
    both(dan, "89-guest-samba-first-meld")
    tap(dan, "Kings to eights: more")
    dan.get_by_role("button", name="Send my melds and hand").click()
    until(dan, "Bea & Dan's result is in.")
    until(bea, "Bea & Dan's result is in.")
    events = Store(web.data).load_match(match_id)["events"]
    parts = [e for e in events if e["kind"] == "samba_part"]
    assert sorted(e["player"] for e in parts) == [0, 1, 2, 3, 3], parts
    # the host sees the parts and closes the hand
    host = at["host"]
    load(host, f"{web.server.url}match/{match_id}/result")
    see(host, "From their phones: Ana and Cid")
    host.get_by_role("button", name="Close the hand").click()
    for page in (ana, bea, cid, dan):
        until(page, "End of hand 1")
    both(bea, "90-guest-match-summary")
    bea.get_by_role("button", name="Close the summary").dblclick()  # closed once, for Bea
    until(bea, "Bea deals")
    assert "End of hand 1" in ana.inner_text("body")  # still on Ana's phone
    # melded 14 x 10 + 3 aces x 20, held -10 -10, two pure canastas, Ana's red 3 held, out;
    # 3 x 5 + 4 x 10 melded
    ours, theirs = 200 - 20 + 1000 - 750 + 200, 55
    assert Store(web.data).load_match(match_id)["summary"]["totals"] == [ours, theirs] * 2


def test_sums_players_enter_their_own_moves(web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_guest_match import referee

    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    ref = referee(web.data, "sums", players=2)
    match_id = ref.match_id
    del ref
    at = seated(web, match_id, ("Ana", "Bea"))
    ana, bea = at["Ana"], at["Bea"]
    until(ana, "Your face-up card")
    both(ana, "91-guest-sums-deal")
    card(bea, "7 of clubs")
    # Ana's phone shows Bea's card first (a tap on an older page is refused: nothing changes)
    ana.wait_for_function("() => document.body.innerText.includes('1 pt')")
    card(ana, "4 of spades")  # a slip: Ana asks the host to take it back
    host = at["host"]
    load(host, f"{web.server.url}match/{match_id}")  # the host back at the table
    see(host, "Ana draws")
    ana.get_by_role("button", name="Take back", exact=True).click()
    until(ana, "The host is asked to take back your move…")
    see(host, "Ana asks to take back their move")
    host.get_by_role("button", name="Accept").click()
    until(ana, "The host took back your move.")
    both(ana, "93-guest-sums-taken-back")
    card(ana, "5 of spades")
    until(ana, "Your turn: draw")
    ana.get_by_role("button", name="Pile 2").click()
    until(ana, "Your turn: place a card")
    card(ana, "2 of spades")  # 5♠ + 2♠ = 7: Bea's 7♣
    until(bea, "takes your 7♣: a counter?")
    both(bea, "92-guest-sums-counter")
    bea.get_by_role("button", name="Counter with 5♣ (7♣ - 5♣ = 2)").click()
    until(bea, "Ana draws")  # a counter is its player's turn
    deadline = time.monotonic() + 10
    while True:
        events = Store(web.data).load_match(match_id)["events"]
        if events[-1]["kind"] == "sums_counter":
            break
        assert time.monotonic() < deadline, events
        time.sleep(0.05)
    assert [e["kind"] for e in events] == ["sums_up", "sums_up", "sums_draw", "play",
                                          "sums_counter"]
    assert [e["card"] for e in events[:2]] == ["7C", "5S"]  # the 4♠ taken back
