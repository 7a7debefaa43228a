"""Results anyone can read, in a real Chromium against the web mode: a finished match's share
screen shows the results as text and copies them, switches between the results' QR code and
the Meja code, and saves a picture of the scoreboard (a download in a browser)."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.share.pictures import read_image
from app.storage import Store
from tests.browser import WIDE, Web, resize, see, seen, shot
from tests.test_results import EVENING, evening
from tests.test_share import kartu_sama_summary, stored

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def qr_text(page: Any, timeout: float = 15) -> str:
    """What the QR code on screen holds, read from screenshots until the picture is drawn
    (its text can be on screen a frame before the picture is decoded)."""
    deadline = time.monotonic() + timeout
    found = read_image(page.screenshot())
    while not found and time.monotonic() < deadline:
        found = read_image(page.screenshot())
    assert len(found) == 1, found
    return str(found[0])


def test_a_finished_match_shares_readable_results(web: Web, tmp_path: Path) -> None:
    m = evening()
    stored(Store(web.data), m, kartu_sama_summary(m))
    page = web.open()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _run(page, tmp_path)


def _run(page: Any, tmp_path: Path) -> None:
    tap(page, "History")
    see(page, "Cid won")
    page.get_by_role("button", name=re.compile("Cid won")).first.click()
    see(page, "Cid wins the match!")
    tap(page, "Share")

    # The results first: as text on screen, in a QR code any camera reads, copied.
    see(page, "Any phone camera reads this code")
    body = EVENING["en"].split("\n", 1)[1]  # below the title, whose date is today's
    shot(page, "results-01-text")
    assert body in qr_text(page)
    tap(page, "Copy the results")
    see(page, "The results were copied.")
    assert body in page.evaluate("navigator.clipboard.readText()")
    assert not seen(page, "Send the results")  # a desktop browser has no share sheet

    # The Meja code, to import on another device; and back.
    tap(page, "Meja code (to import)")
    see(page, "tap Import a match")
    see(page, "Copy the code")
    shot(page, "results-02-code")
    tap(page, "Results (any camera)")
    see(page, "Copy the results")

    # A picture of the scoreboard: a download.
    with page.expect_download() as download:
        tap(page, "Save a picture")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.suffix == ".png"
    picture = Image.open(io.BytesIO(path.read_bytes()))
    assert picture.format == "PNG" and picture.width >= 720

    # The same screen on a desktop width.
    resize(page, WIDE)
    see(page, "Copy the results")
    shot(page, "results-03-wide")
