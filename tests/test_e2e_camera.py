"""Importing a match with the camera, in a real Chromium whose camera films the QR codes
another Meja showed (Chromium's fake capture device playing a video made from the app's own
code pictures), and what the screen says when no camera can be opened."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from app.share.codes import code_texts
from app.share.pictures import qr_png
from app.storage import Store
from models.match import Match
from tests.browser import (
    Web,
    camera_video,
    fake_camera,
    named,
    see,
    seen,
    shot,
)
from tests.test_share import stored, sums, sums_summary

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def test_the_camera_reads_every_part_in_any_order_and_imports_once(
        web: Web, tmp_path: Path) -> None:
    sender = Store(tmp_path / "sender")
    m = sums(random.Random(5))
    match_id = stored(sender, m, sums_summary(m))
    texts = code_texts(sender, match_id, 300)  # a long match: numbered codes
    assert len(texts) == 3
    video = camera_video([qr_png(t) for t in (texts[2], texts[0], texts[1])],
                         tmp_path / "camera.y4m")
    page = web.open(browser=web.launch(*fake_camera(video)))
    tap(page, "Import a match")
    see(page, "Scan with the camera")
    shot(page, "camera-01-import")
    start = time.monotonic()
    tap(page, "Scan with the camera")
    see(page, "codes read", 30_000)  # "1 of 3 codes read. Still to read: 1, 2."
    assert seen(page, "Still to read")
    shot(page, "camera-02-scan")
    see(page, "Match imported.", 30_000)
    took = time.monotonic() - start
    print(f"\ncamera import of 3 codes: {took:.1f} s from the tap (each code filmed 2 s)")
    winner = m.setup.players[m.table.winners[0]]
    see(page, f"{winner} wins")
    shot(page, "camera-03-imported")

    # Read again: recognised, not duplicated.
    named(page, "Back").click()
    tap(page, "Import a match")
    tap(page, "Scan with the camera")
    see(page, "already imported", 30_000)
    receiver = Store(web.data)
    (entry,) = receiver.list_matches()
    doc = receiver.load_match(entry["id"])
    assert doc["summary"]["imported"]["from"] == match_id
    copy = Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})
    assert copy.to_dict() == m.to_dict()


def test_without_a_camera_the_screen_says_so_and_offers_a_way(web: Web) -> None:
    page = web.open()  # a browser with no camera at all
    tap(page, "Import a match")
    tap(page, "Scan with the camera")
    see(page, "Try again", 60_000)
    assert seen(page, "This device has no camera Meja can use.")
    assert seen(page, "take a photo of the code")
    shot(page, "camera-04-none")
    named(page, "Back").click()
    see(page, "From an image file")
    assert Store(web.data).list_matches() == []
