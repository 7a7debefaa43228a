"""Sharing in a real Chromium against the web mode: the live scoreboard (opened with its
token it follows a round recorded in the app; without the token it is refused; nothing on it
changes data), the share screen of a match, and importing a match from pasted text and from
an image file (once, marked in the history; a damaged code is refused)."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from app.share.codes import code_texts
from app.share.pictures import qr_png
from app.storage import Store
from models.cards import parse_cards
from models.match import Close, Hand, Match, Start
from tests.browser import PAGES, Web, fill, named, see, shot, shot_path
from tests.test_share import kartu_sama, kartu_sama_summary, stored

pytestmark = pytest.mark.browser


def button(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def tap(page: Any, name: str) -> None:
    button(page, name).click()


def status(url: str, method: str = "GET") -> int:
    request = urllib.request.Request(url, method=method, data=b"x" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def headline(live: Any, text: str, timeout: float = 10) -> None:
    """Wait for the live page's headline (polled from here: its CSP forbids eval)."""
    deadline = time.monotonic() + timeout
    while text not in live.evaluate("document.getElementById('head').textContent"):
        assert time.monotonic() < deadline, f"the live page never showed {text!r}"
        time.sleep(0.2)


def seed(data: Path, sender: Path) -> list[str]:
    """A match in progress after round 1 on this device; a finished match on another one,
    whose code texts are returned."""
    store = Store(data)
    m = Match.new(["Ana", "Bea", "Cid"])
    m.record(Start())
    for seat, cards in enumerate(("AS AH", "2S 3S", "KH")):
        m.record(Hand(seat, tuple(parse_cards(cards))))
    m.record(Close())
    store.set_current_match(stored(store, m, kartu_sama_summary(m)))
    other = Store(sender)
    away = kartu_sama(random.Random(3), players=4, rounds=5)
    away_id = stored(other, away, kartu_sama_summary(away))
    return code_texts(other, away_id)


def test_live_scoreboard_share_and_import(web: Web, tmp_path: Path) -> None:
    texts = seed(web.data, tmp_path / "sender")
    _run(web.browser, web.open(), texts, tmp_path)


def _run(browser: Any, page: Any, texts: list[str], tmp_path: Path) -> None:
    # The live scoreboard: off by default, switched on in the settings.
    tap(page, "Settings")
    see(page, "Off: nothing is served beyond this device.")
    page.get_by_role("switch", name="Show the scoreboard on the local network").click()
    see(page, "http://")
    shot(page, "share-01-live-setting")
    host_text = page.evaluate("document.querySelector('flt-semantics-host').innerText")
    labels = page.evaluate("Array.from(document.querySelectorAll('[aria-label]'))"
                           ".map(e => e.getAttribute('aria-label')).join('\\n')")
    url = re.search(r"http://[0-9.]+:\d+/[A-Za-z0-9_-]+/", host_text + "\n" + labels).group(0)
    assert not url.startswith("http://0.0.0.0")

    live = browser.new_page(viewport={"width": 400, "height": 700})
    PAGES.append(live)
    live.goto(url)
    headline(live, "round 1")
    assert live.evaluate("document.querySelectorAll('button,input,form,select,textarea,a')"
                         ".length") == 0
    board = live.evaluate("document.getElementById('board').innerText")
    assert "Ana" in board and "22" in board
    live.screenshot(path=str(shot_path("share-02-live")))
    token = url.rstrip("/").rsplit("/", 1)[1]
    root = url[: url.index(token)]
    assert status(root) == 403 and status(root + "data") == 403
    assert status(url.replace(token, token[::-1]) + "data") == 403
    assert status(url + "data", "POST") == 405
    assert json.loads(urllib.request.urlopen(url + "data", timeout=5).read())["rounds"] == [
        [22, 5, 1]]

    # Round 2 recorded in the app: the live page follows by itself.
    named(page, "Back").click()
    page.get_by_role("button", name=re.compile("Last played")).click()  # home: unfinished
    tap(page, "Start round 2")
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    tap(page, "10♠")
    see(page, "1 card · 10 points")
    for name, card, points in (("Bea", "2♥", 2), ("Cid", "3♥", 3)):
        page.get_by_role("button", name=name).first.click()
        see(page, f"{name}'s hand")
        tap(page, card)
        see(page, f"1 card · {points} points")
    tap(page, "Close the round")
    see(page, "After round 2")
    headline(live, "round 2")
    assert "32" in live.evaluate("document.getElementById('board').innerText")  # Ana 22 + 10

    # Share the match from its scoreboard.
    tap(page, "Share")
    see(page, "Any phone camera reads this code")
    shot(page, "share-03-code")
    named(page, "Back").click()
    see(page, "After round 2")

    # Import: a damaged code is refused; the real one imports once.
    tap(page, "Home")
    tap(page, "Import a match")
    fill(page, "Code text", texts[0][:-12], ack=f"({len(texts[0]) - 12} characters)")
    tap(page, "Import the text")
    see(page, "This code is damaged or incomplete")
    shot(page, "share-04-refused")
    whole = "\n".join(texts)  # the refused text stays in the field: replaced
    fill(page, "Code text", whole, shown=texts[0][:-12], ack=f"({len(whole)} characters)")
    tap(page, "Import the text")
    see(page, "Match imported.")
    see(page, "Scores")
    shot(page, "share-05-imported")
    assert not button(page, "Next round").count()  # an imported match is read only

    # The same match again, from an image of its code: nothing is duplicated.
    png = tmp_path / "code.png"
    png.write_bytes(qr_png(texts[0]))
    tap(page, "Home")
    tap(page, "Import a match")
    with page.expect_file_chooser() as chooser:
        tap(page, "From an image file")
    chooser.value.set_files(str(png))
    see(page, "This match was already imported: nothing changed.")
    tap(page, "Home")
    tap(page, "History")
    see(page, "imported")
    shot(page, "share-06-history")
    host_text = page.evaluate("document.querySelector('flt-semantics-host').innerText")
    labels = page.evaluate("Array.from(document.querySelectorAll('[aria-label]'))"
                           ".map(e => e.getAttribute('aria-label')).join('\\n')")
    assert (host_text + labels).count("imported") == 1
