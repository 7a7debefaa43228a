"""The new-match screen in a real Chromium: four names typed with Enter only (the field keeps
the focus), a target typed (a number out of bounds refused with the reason, the one before
kept), the warning of a tiny draw pile, and the match started with what was typed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    FOCUSED_HOLDS,
    PHONE,
    WIDE,
    Web,
    add_players,
    dealing,
    gone,
    into_view,
    named,
    resize,
    see,
    seen,
    shot,
)

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Bea", "Cid", "Dan")


def type_names(page: Any, names: tuple[str, ...], first: int = 1) -> None:
    """Type each name and Enter, with no tap between them: the field stays focused."""
    for i, name in enumerate(names, start=first):
        page.wait_for_function(FOCUSED_HOLDS, arg="")  # focused and empty, ready
        for attempt in range(3):
            # Keys typed while Flutter is still handing the focus back can be lost: every
            # letter must be in the field before Enter, or it is typed again (with no tap).
            page.keyboard.press("ControlOrMeta+A")
            page.keyboard.type(name)
            try:
                page.wait_for_function(FOCUSED_HOLDS, arg=name, timeout=5_000)
                page.keyboard.press("Enter")
                see(page, f"{i}. {name}", timeout=5_000)
                break
            except Exception:  # noqa: BLE001 - Playwright's TimeoutError
                if attempt == 2 or seen(page, f"{i}. "):
                    raise


def remove(page: Any, row: str) -> None:
    """Tap the row's Remove and wait until the row is gone. The next tap waits for it: the
    list shrinks and may scroll, and a tap aimed before that lands where a row was (CI once
    kept Eva; here one tap in five landed on "Victory game")."""
    into_view(page, named(page, f"Remove {row.split('. ', 1)[1]}")).click()
    gone(page, row)


def covered(picture: Path, toast: dict[str, float], button: dict[str, float]) -> bool:
    """Whether the message's own colour (sampled inside it, under its first line) shows on
    the button: its accessible box runs past what is drawn, so the pixels decide."""
    from PIL import Image

    image = Image.open(picture).convert("RGB")
    ink = image.getpixel((int(toast["x"]) + 16, int(toast["y"]) + 4))
    box = image.crop((int(button["x"]), int(button["y"]), int(button["x"] + button["width"]),
                      int(button["y"] + button["height"])))
    same = sum(count for count, p in box.getcolors(box.width * box.height)
               if sum(abs(a - b) for a, b in zip(p, ink, strict=True)) < 24)
    return same > box.width * box.height // 100


def test_names_with_enter_and_a_typed_target(web: Web) -> None:
    from app.storage import Store

    data = web.data
    page = web.open()
    page.get_by_role("button", name="New match", exact=True).click()
    field = page.get_by_role("textbox", name="Add a player")
    field.click()
    type_names(page, NAMES)
    # the focus comes back once the name is seated (Flutter drops it on Enter): awaited
    page.wait_for_function(FOCUSED_HOLDS, arg="")

    # A message floats above the Start button, never on it.
    page.get_by_role("button", name="Draw the first dealer at random").click()
    toast = page.locator("flt-semantics-host").get_by_text(re.compile(r"deals first\.$"))
    toast.wait_for()
    dealer = toast.inner_text().split(" deals first")[0].strip()  # drawn: any of the four
    start = page.get_by_role("button", name="Start the match", exact=True)
    above, below = toast.bounding_box(), start.bounding_box()
    picture = shot(page, "setup-message-phone")
    assert above["y"] < below["y"], (above, below)
    assert not covered(picture, above, below), "the message covers Start"

    target = into_view(page, page.get_by_role("textbox", name="Target"))
    target.click()
    page.wait_for_function(FOCUSED_HOLDS, arg="100")
    target.fill("5")
    see(page, "Type a number from 10 to 1000.")
    see(page, "Target: fix the number to start.")
    assert page.get_by_role("button", name="Start the match").is_disabled()
    target.fill("30")
    page.wait_for_function(
        "() => !document.querySelector('flt-semantics-host').innerText"
        ".includes('Type a number from')")
    shot(page, "setup-typed-phone")
    resize(page, WIDE)
    see(page, "4. Dan")
    shot(page, "setup-typed-desktop")
    resize(page, PHONE)

    # Six at one pack: the match may start, with a warning over Start.
    into_view(page, field)
    add_players(page, ("Eva", "Fay"), first=5)  # typed again if a resize took the focus
    see(page, "Only 3 cards left to draw")
    shot(page, "setup-warning-phone")
    resize(page, WIDE)
    see(page, "Only 3 cards left to draw")
    shot(page, "setup-warning-desktop")
    resize(page, PHONE)
    remove(page, "6. Fay")
    remove(page, "5. Eva")
    gone(page, "Only 3 cards")
    page.get_by_role("button", name="Start the match", exact=True).click()
    dealing(page, dealer)
    store = Store(data)
    (entry,) = store.list_matches()
    doc = store.load_match(entry["id"])
    assert doc["setup"]["players"] == list(NAMES)
    assert doc["setup"]["options"]["target"] == 30
