"""Scoreboards, stats and the rule lab in a real Chromium at phone size: six players with long
names slide under a frozen first column with a visible hint; the lab shows its progress and
stops, then draws who wins and the spreads and says its figures in words, and compares the
joker variant with the usual rules, both runs on the same charts."""

from __future__ import annotations

import csv
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.storage import Store
from app.tables.samba import summary
from models.match import Close, Hand, Match, Out, Start
from models.tables.samba import Canasta, Result, SambaMade, StockOut
from tests.browser import (
    PHONE,
    SEEN,
    WIDE,
    Web,
    back,
    gone,
    into_view,
    resize,
    see,
    seen,
    shot,
)
from tests.test_share import kartu_sama_summary, stored

pytestmark = pytest.mark.browser

LONG = ("Maria-Fernanda Gonçalves", "Bartholomew Okonkwo-Sami", "Christabel Wijayakusuma",
        "Dominique Laurent-Duval", "Evangelina Sutrisnowati", "Fitzgerald Abernathy-Koh")


def long_evening() -> Match:
    """Kartu Sama to 60 between six players with 24-letter names: each round one goes out
    and the others hold three cards."""
    m = Match.new(list(LONG), "kartu_sama", {"target": 60})
    rng = random.Random(3)
    while m.table.phase != "over":
        m.record(Start())
        cards = rng.sample(list(m.table.cards), 18)
        out = rng.randrange(len(LONG))
        for seat in range(len(LONG)):
            m.record(Hand(seat, () if seat == out else tuple(cards[3 * seat:3 * seat + 3])))
        m.record(Close())
    return m


def samba_hands() -> Match:
    """Two hands of Samba between four of them: the figures of each side."""
    m = Match.new(list(LONG[:4]), "samba")
    for event in (Start(), Canasta(0), SambaMade(0),
                  Result(0, high=14, pure=1, sambas=1, red_threes=2),
                  Result(1, high=5, red_threes=1), Out(2), Close(), Start(),
                  Result(0, high=7, jokers=1, mixed=1), Result(1, high=5), StockOut(), Close()):
        m.record(event)
    return m


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def box(page: Any, text: str) -> dict[str, float]:
    found = page.get_by_text(text, exact=True).first.bounding_box()
    assert found is not None, text
    return dict(found)


def scroll_down_to(page: Any, text: str, up: bool = False) -> None:
    """Scroll the screen (a wheel over its middle) until ``text`` shows on it (``up``: the
    other way)."""
    page.mouse.move(page.viewport_size["width"] / 2, 400)  # over the column, however wide
    for _ in range(24 if up else 12):
        found = page.get_by_text(text, exact=True)
        if found.count() and (b := found.first.bounding_box()) and 0 < b["y"] < 700:
            return
        page.mouse.wheel(0, -300 if up else 300)
        page.wait_for_timeout(0)  # let the frame draw (no fixed wait: the next check awaits)
    raise AssertionError(f"{text!r} never came into view")


def test_six_long_names_slide_under_the_frozen_round_numbers(web: Web) -> None:
    m = long_evening()
    hand = samba_hands()
    stored(Store(web.data), hand, {**summary(hand), "status": "finished"})  # before: not opened
    stored(Store(web.data), m, kartu_sama_summary(m))
    page = web.open()
    _scoreboard(page)
    _stats(page)
    _dark(page)


def _open_match(page: Any) -> None:
    tap(page, "History")
    page.get_by_role("button", name=re.compile("wins the match|won")).first.click()
    see(page, "wins the match")


def _scoreboard(page: Any) -> None:
    _open_match(page)
    shot(page, "board-01-scoreboard-phone")
    scroll_down_to(page, "Total")
    see(page, "Slide sideways to see all 6 players")
    hint = box(page, "Slide sideways to see all 6 players")
    assert 0 < hint["y"] < 850 and hint["x"] + hint["width"] <= 400
    total, first = box(page, "Total"), box(page, LONG[0])
    assert first["x"] < 400
    last = page.get_by_text(LONG[-1], exact=True).first.bounding_box()
    assert last is None or last["x"] >= 400  # the sixth column is off the screen
    shot(page, "board-02-table-phone")

    # Slide the points sideways: the sixth player comes in, the round numbers stay.
    page.mouse.move(300, total["y"])
    for _ in range(10):
        page.mouse.wheel(400, 0)
        last = page.get_by_text(LONG[-1], exact=True).first.bounding_box()
        if last is not None and last["x"] + last["width"] <= 400:
            break
    else:
        raise AssertionError("the sixth player never slid into view")
    assert box(page, "Total") == total  # the frozen column did not move
    gone = page.get_by_text(LONG[0], exact=True).first.bounding_box()
    assert gone is None or gone["x"] + gone["width"] <= total["x"] + 60
    shot(page, "board-03-slid-phone")

    resize(page, WIDE)
    see(page, "wins the match")
    shot(page, "board-04-scoreboard-desktop")
    resize(page, PHONE)
    back(page, "New match")  # a finished match's scoreboard leads home


def _stats(page: Any) -> None:
    tap(page, "Players")
    see(page, "Slide sideways to see every column")
    shot(page, "board-05-stats-phone")
    # Each game's own figures: a block per player, its figures wrapping within the phone.
    into_view(page, page.get_by_text("One-card draws", exact=True).first)
    see(page, "At the table: Kartu Sama")
    shot(page, "board-05b-figures-phone")
    page.get_by_role("checkbox", name="Samba", exact=True).click()
    see(page, "At the table: Samba")
    into_view(page, page.get_by_text("Red 3s melded", exact=True).first)
    for text in ("Pure canastas", "Mixed canastas", "Red 3s melded", LONG[2]):
        found = box(page, text)
        assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"], text
    shot(page, "board-05c-figures-samba-phone")
    resize(page, WIDE)
    see(page, "At the table: Samba")
    shot(page, "board-06-stats-desktop")
    page.get_by_role("checkbox", name="Kartu Sama", exact=True).click()
    see(page, LONG[5])
    resize(page, PHONE)
    back(page, "New match")


def _dark(page: Any) -> None:
    tap(page, "Settings")
    page.get_by_role("radio", name="Dark").click()
    back(page, "New match")
    _open_match(page)
    shot(page, "board-07-scoreboard-dark-phone")
    scroll_down_to(page, "Total")
    shot(page, "board-08-table-dark-phone")
    back(page, "New match")  # a finished match's scoreboard leads home
    tap(page, "Players")
    see(page, "Slide sideways to see every column")
    shot(page, "board-09-stats-dark-phone")


def test_the_lab_runs_stops_then_compares_a_variant_with_the_usual_rules(
        web: Web, tmp_path: Path) -> None:
    _lab(web.open(), tmp_path)


def start(page: Any, button: str, done: str) -> None:
    """Tap ``button`` until the run shows its progress or is ``done`` (a tap dropped while the
    page redraws on a busy machine is tapped again)."""
    for _ in range(3):
        tap(page, button)
        try:
            page.wait_for_function(
                f"(t) => ({SEEN})('Playing game') || ({SEEN})(t)", arg=done, timeout=10_000)
            return
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError
            continue
    raise AssertionError(f"{button} never started a run")


def _lab(page: Any, tmp_path: Path) -> None:
    tap(page, "Rule lab")
    see(page, "Seats at the table")
    scroll_down_to(page, "Seat 4")  # every seat plays Quick; one tap changes a seat
    page.get_by_role("button", name="Random", exact=True).nth(2).click()  # All, Seat 1, Seat 2
    see(page, "Run")
    shot(page, "board-16-lab-players-phone")
    page.get_by_role("button", name="Quick", exact=True).first.click()  # All: Quick again
    into_view(page, page.get_by_role("checkbox", name="Samba", exact=True)).click()
    see(page, "Games to play")
    tap(page, "Run")  # 500 games of Samba by quick computers: long enough to see them go
    see(page, "of 500")  # the progress, pinned under the options
    assert page.get_by_role("button", name="Run", exact=True).is_disabled()
    shot(page, "board-10-lab-running-phone")
    tap(page, "Stop")
    gone(page, "of 500", timeout=60_000)  # stopped (after the games under way): no results
    assert not seen(page, "Results")
    page.get_by_role("checkbox", name="Kartu Sama", exact=True).click()
    see(page, "Change an option to compare it with the usual rules.")
    page.get_by_role("switch").first.click()  # the first switch: the joker variant
    see(page, "Compare with the usual rules")
    start(page, "Run", "Results")
    see(page, "Jokers played", timeout=120_000)
    page.wait_for_function(
        """() => { const e = Array.from(document.querySelectorAll('flt-semantics'))
             .find(e => e.innerText === 'Results');
           if (!e) return false; const r = e.getBoundingClientRect();
           return r.top >= 0 && r.bottom <= 850; }""")  # scrolled to the results
    see(page, "The player who starts a round wins it")
    shot(page, "board-11-lab-results-phone")
    scroll_down_to(page, "Who wins a match")  # the charts come before the figures in words
    shot(page, "board-17-lab-wins-phone")
    scroll_down_to(page, "Rounds per game")  # the match lengths above it, whole
    shot(page, "board-18-lab-spread-phone")
    scroll_down_to(page, "Jokers played")
    shot(page, "board-12-lab-jokers-phone")
    start(page, "Compare with the usual rules", "Side by side")
    see(page, "Side by side", timeout=120_000)
    see(page, "allowing for 21 comparisons")
    see(page, "compared game by game")
    shot(page, "board-13-lab-compared-phone")
    scroll_down_to(page, "Who wins a match")
    shot(page, "board-19-lab-compared-wins-phone")
    scroll_down_to(page, "Rounds per game")
    shot(page, "board-20-lab-compared-spread-phone")
    scroll_down_to(page, "Jokers played")
    shot(page, "board-14-lab-compared-jokers-phone")
    resize(page, WIDE)
    see(page, "Side by side")
    shot(page, "board-15-lab-desktop")
    scroll_down_to(page, "Moves in a match", up=True)  # the charts are above the figures
    shot(page, "board-21-lab-compared-charts-desktop")
    saves = page.get_by_role("button", name="Save as CSV", exact=True)
    page.mouse.move(640, 400)
    for _ in range(40):  # the end of the results: each figure of both sides is long
        if saves.count() and (b := saves.bounding_box()) and 60 < b["y"] < 700:
            break
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(0)
    with page.expect_download() as download:  # a browser saves the file as a download
        tap(page, "Save as CSV")
    table = (tmp_path / "lab.csv")
    download.value.save_as(table)
    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8"))))
    head = rows[0]
    assert "p-value" in head and len(set(head)) == len(head)  # a name per column
    assert all(len(r) == len(head) for r in rows)  # one table, no sentences under it
    assert any(r[1:2] == ["averages.figure.jokers"] for r in rows)
    with page.expect_download() as download:
        tap(page, "Save as picture")
    picture = tmp_path / download.value.suggested_filename
    download.value.save_as(picture)
    assert Image.open(picture).format == "PNG"
