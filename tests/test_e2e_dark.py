"""The dark theme in a real Chromium: the new-match screen and a table, photographed, and the
contrast of their texts measured on the pixels (WCAG: 4.5:1 for text, 3:1 for large text)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from tests.browser import (
    PHONE,
    WIDE,
    Web,
    add_players,
    dealing,
    resize,
    see,
    shot,
)

pytestmark = pytest.mark.browser


def luminance(rgb: tuple[int, ...]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def contrast(page: Any, text: str) -> float:
    """The contrast of the words ``text`` with what is behind them: the crop of their box,
    its commonest colour the background, its colour farthest from it the ink (the core of a
    glyph; anti-aliased edges only lie between the two)."""
    from PIL import Image

    box = page.locator("flt-semantics-host").get_by_text(text, exact=True).first.bounding_box()
    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    crop = picture.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]),
                         int(box["y"] + box["height"])))
    colours = crop.getcolors(maxcolors=1 << 20) or []
    background = max(colours)[1]
    return max(ratio(background, c) for _, c in colours)


def test_dark_theme_texts_hold_their_contrast(web: Web) -> None:
    from app.storage import Store

    Store(web.data).save_settings({"theme": "dark"})
    page = web.open()
    page.get_by_role("button", name="New match", exact=True).click()
    add_players(page, ["Ana"])
    see(page, "Add at least 2 players.")
    shot(page, "dark-setup-phone")
    measured = {text: contrast(page, text) for text in (
        "New match",  # the title: on surface
        # the help line: variant
        "In seating order, clockwise. The filled circle on the left marks the first dealer.",
        "Add at least 2 players.",  # the error colour, also the red suits' colour
    )}
    resize(page, WIDE)
    see(page, "Add at least 2 players.")
    shot(page, "dark-setup-desktop")
    resize(page, PHONE)
    add_players(page, ["Bea"], first=2)
    page.get_by_role("button", name="Start the match", exact=True).click()
    dealing(page, "Ana")
    shot(page, "dark-table-phone")
    measured["Ana deals"] = contrast(page, "Ana deals")
    print("\ncontrast in the dark theme:", {k[:20]: round(v, 1) for k, v in measured.items()})
    assert all(v >= 4.5 for v in measured.values()), measured


def test_the_contrast_measure_knows_its_colours() -> None:
    assert round(ratio((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert ratio((0xD3, 0x2F, 0x2F), (0x11, 0x14, 0x11)) < 4.5  # red 700 on a dark surface
