"""Moving to a new phone, in a real Chromium against the web mode: Settings backs up every
match to one downloaded file; a second app on an empty data folder restores it and its
history shows the matches; a damaged file is refused with a message and changes nothing."""

from __future__ import annotations

import gzip
import random
from pathlib import Path
from typing import Any

import pytest

from app.storage import Store
from tests.browser import PHONE, WIDE, Web, load, resize, see, shot
from tests.test_share import GAMES_WITH_TABLES, MAKERS, stored

pytestmark = pytest.mark.browser


def tap(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def settings(page: Any) -> None:
    tap(page, "Settings")
    page.get_by_role("button", name="Restore from a backup").scroll_into_view_if_needed()
    see(page, "Back up all matches")


def test_back_up_then_restore_on_a_new_device(web: Web, tmp_path: Path) -> None:
    old = Store(tmp_path / "old")
    rng = random.Random(3)
    for game in GAMES_WITH_TABLES:
        m = MAKERS[game][0](rng, rounds=2)
        stored(old, m, MAKERS[game][1](m))
    n = len(GAMES_WITH_TABLES)

    first = web.serve(tmp_path / "old")
    page = web.open()
    settings(page)
    with page.expect_download() as download:
        tap(page, "Back up all matches")
    see(page, f"Backup saved: {n} matches.")
    shot(page, "backup-01-saved")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    first.stop()
    assert saved.name.startswith("meja-backup-") and saved.name.endswith(".json.gz")

    second = web.serve(tmp_path / "new")
    page = web.open()
    settings(page)
    damaged = tmp_path / "damaged.json.gz"
    damaged.write_bytes(saved.read_bytes()[: len(saved.read_bytes()) // 2])
    with page.expect_file_chooser() as chooser:
        tap(page, "Restore from a backup")
    chooser.value.set_files(str(damaged))
    see(page, "This backup is damaged or incomplete. Nothing was changed.")
    shot(page, "backup-02-damaged")
    assert Store(tmp_path / "new").list_matches() == []

    with page.expect_file_chooser() as chooser:
        tap(page, "Restore from a backup")
    chooser.value.set_files(str(saved))
    see(page, f"Restored: {n} matches added.")
    shot(page, "backup-03-restored")
    resize(page, WIDE)
    shot(page, "backup-04-restored-wide")
    resize(page, PHONE)

    load(page, second.url)  # a fresh session: what the new phone shows after a restart
    tap(page, "History")
    for game in GAMES_WITH_TABLES:
        see(page, {"kartu_sama": "Kartu Sama", "forty_one": "41", "samba": "Samba",
                   "sums": "Sums"}[game])
    shot(page, "backup-05-history")
    second.stop()
    restored = Store(tmp_path / "new")
    assert [e["id"] for e in restored.list_matches()] == [e["id"] for e in old.list_matches()]
    assert gzip.decompress(saved.read_bytes()).startswith(b'{"format":"meja-backup"')
