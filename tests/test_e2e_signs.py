"""Suit signs inside sentences are drawn, offline, in a real Chromium against the web mode: the
hand entry's refusal "The pack holds 1 × A♠: Ana already has it." is screenshot (at three
device pixels a logical one) and its ink read glyph by glyph: the ♠ must be there, shaped as
the card font draws it, and no empty box ("tofu", what a font without the sign draws) may be.
The browser runs with no internet, and the app asks for no font from elsewhere."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from PIL import Image

from tests.browser import PAGES, PHONE, SHOTS, Web, add_players, dealing, load, see
from tests.glyphs import drawn

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).first.click()


def test_a_suit_sign_in_a_sentence_is_drawn(web: Web) -> None:
    page = web.browser.new_page(viewport=PHONE, device_scale_factor=3)
    PAGES.append(page)
    fonts: list[str] = []  # the fonts the page asked for
    page.on("request", lambda r: fonts.append(r.url) if r.resource_type == "font"
            or "font" in r.url.lower() else None)
    load(page, web.server.url)
    _refusal(page)
    assert fonts and all(u.startswith(web.server.url) for u in fonts), fonts


def _refusal(page: Any) -> None:
    tap(page, "New match")
    add_players(page, ("Ana", "Bea", "Cid"))
    tap(page, "Start the match")
    dealing(page, "Ana")
    tap(page, "Start round 1")
    see(page, "Bea to play")
    tap(page, "Enter hands now")
    see(page, "Ana's hand")
    tap(page, "A♠")
    see(page, "1 card · 11 points")
    page.get_by_role("button", name="Bea").first.click()
    see(page, "Bea's hand")
    tap(page, "A♠")
    sentence = "The pack holds 1 × A♠: Ana already has it."
    see(page, sentence)
    found, boxes = _read(page, page.get_by_text(sentence).first, "♠")
    assert found and not boxes, f"♠ drawn: {found}, empty boxes: {boxes}"


def _read(page: Any, element: Any, sign: str, timeout: float = 15) -> tuple[bool, int]:
    """The sign found and the boxes counted on screenshots of ``element``, taken until the
    sign or a box shows (the picture lags the accessibility tree by a frame or more)."""
    deadline = time.monotonic() + timeout
    while True:
        picture = Image.open(io.BytesIO(element.screenshot()))
        found, boxes = drawn(picture, sign)
        if found or boxes or time.monotonic() > deadline:
            SHOTS.mkdir(parents=True, exist_ok=True)
            picture.save(SHOTS / "signs-sentence.png")
            return found, boxes
