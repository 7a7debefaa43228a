"""Backup and restore of the whole history: a round trip of every kind of match, a restore
that merges into a device that already has matches, files refused whole (truncated, changed,
foreign, newer, huge) with nothing written, and a disk that fills up half-way."""

from __future__ import annotations

import errno
import gzip
import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from app import backup, storage
from app.backup import BackupError
from app.backup_taps import refused_text, restore_bytes, restored_text
from app.i18n import Translator
from app.play import new_doc
from app.share.codes import import_value, share_doc
from app.storage import Store
from models.match import Match
from models.people import People
from tests.fakes import texts
from tests.test_share import GAMES_WITH_TABLES, MAKERS, stored
from views.common import find
from views.settings import backup_section

EN = Translator("en")


def files(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` and its bytes (the lock file aside)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != ".lock"}


def device_result(store: Store, key: str) -> str:
    """A game played on the device as the history keeps it (app/play.py): no events, its
    result in the summary."""
    players = ["Ana", "Computer"]
    match_id = store.create_match({"game": "kartu_sama", "players": players,
                                   "options": Match.new(players).setup.to_dict()["options"],
                                   "play": key, "seats": ["person", "simple"]})
    store.update_summary(match_id, {"status": "finished", "round": 3, "play": key,
                                    "computers": ["Computer"],
                                    "totals": [12, 40], "winners": ["Ana"],
                                    "rounds": [[0, 10], [12, 0], [0, 30]]})
    return match_id


@pytest.fixture(scope="module")
def matches() -> list[tuple[str, Match]]:
    rng = random.Random(15)
    return [(g, MAKERS[g][0](rng, rounds=r)) for g in GAMES_WITH_TABLES for r in (1, 3)]


def filled(root: Path, matches: list[tuple[str, Match]]) -> Store:
    store = Store(root)
    for game, m in matches:
        stored(store, m, MAKERS[game][1](m))
    device_result(store, "play-20261124-100000-abcdef")
    other = Store(root.parent / f"{root.name}-other")  # a match imported from another phone
    game, m = matches[0]
    import_value(store, share_doc(other, stored(other, m, MAKERS[game][1](m))))
    store.save_game("play-20261124-110000-abcdef",
                    new_doc("sums", ["Ana", "Bea"], ["person", "simple"], {}, False, 1).to_dict())
    store.remember_players(["Ana", "Bea", "Cid", "Dan"])
    store.save_people(People().rename("Dan", "Daniel").with_colour("Ana", 3).to_doc())
    store.save_settings({"language": "fr", "theme": "dark", "live": True, "live_port": 8000})
    return store


def same_history(a: Store, b: Store) -> None:
    assert [(e["id"], e["created"], e["summary"]) for e in a.list_matches()] == [
        (e["id"], e["created"], e["summary"]) for e in b.list_matches()]
    for entry in a.list_matches():
        assert a.load_match(entry["id"]) == b.load_match(entry["id"])


def test_round_trip_of_every_game_into_a_new_device(tmp_path: Path,
                                                    matches: list[tuple[str, Match]]) -> None:
    old = filled(tmp_path / "old", matches)
    raw = backup.backup(old)
    assert raw[:2] == b"\x1f\x8b"  # compressed: a match's events repeat a lot
    text = json.loads(gzip.decompress(raw))
    assert (text["format"], text["version"]) == ("meja-backup", 1)
    new = Store(tmp_path / "new")
    seen: list[tuple[int, int]] = []
    done = restore_bytes(new, raw, lambda i, n: seen.append((i, n)))
    assert seen == [(i, len(matches) + 2) for i in range(1, len(matches) + 3)]
    assert (done.added, done.updated, done.kept, done.refused, done.games) == (
        len(matches) + 2, 0, 0, 0, 1)
    assert done.error is None
    same_history(old, new)
    assert new.game_keys() == old.game_keys()
    assert new.load_game(new.game_keys()[0]) == old.load_game(old.game_keys()[0])
    assert new.players() == old.players()
    assert new.people() == old.people()  # renames, merges and colours move too
    # not the live server's; the game in progress is listed on the new device's home
    assert new.settings() == {"language": "fr", "theme": "dark", "plays": new.game_keys()}
    # every match opens on the new device as it did on the old one
    for entry in new.list_matches():
        doc = new.load_match(entry["id"])
        if "play" not in doc["setup"]:
            Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})
    # restoring again adds nothing
    again = restore_bytes(new, raw)
    assert (again.added, again.kept) == (0, len(matches) + 2)
    assert restored_text(EN, again) == f"Restored: {len(matches) + 2} already here."


def test_restore_merges_and_deletes_nothing(tmp_path: Path,
                                            matches: list[tuple[str, Match]]) -> None:
    old = filled(tmp_path / "old", matches)
    ids = [e["id"] for e in old.list_matches()]
    raw = backup.backup(old)
    # the new phone already has: its own match, one of the old ones as it was two events
    # ago (the backup has more of it), another as complete as in the backup
    new = Store(tmp_path / "new")
    game, m = matches[-1]
    own = stored(new, m, MAKERS[game][1](m))
    behind, same = next(i for i in ids if old.load_match(i)["events"]), ids[-1]
    for match_id, cut in ((behind, 2), (same, 0)):
        doc = old.load_match(match_id)
        new.restore_match({**doc, "events": doc["events"][:len(doc["events"]) - cut],
                           "created": "2026-11-24T10:00:00Z", "updated": "x"})
    new.remember_players(["Zoe", "bea"])
    new.save_people(People().with_colour("Ana", 5).rename("Cid", "Cyd").to_doc())
    new.save_settings({"language": "id"})
    done = restore_bytes(new, raw)
    assert (done.added, done.updated, done.kept) == (len(ids) - 2, 1, 1)
    assert restored_text(EN, done) == (
        f"Restored: {len(ids) - 2} matches added, 1 brought up to date (the backup had more "
        "of it), 1 already here, 1 game on the device added.")
    assert new.load_match(behind)["events"] == old.load_match(behind)["events"]
    assert new.load_match(own)["events"] == [e.to_dict() for e in m.events]
    assert {e["id"] for e in new.list_matches()} == {*ids, own}
    assert new.players() == ["Zoe", "bea", "Ana", "Cid", "Dan"]  # theirs first, once each
    people = People.from_doc(new.people())  # theirs win; the backup's are added
    assert (people.colour("Ana"), people.who("Cid"), people.who("Dan")) == (5, "Cyd", "Daniel")
    assert new.settings() == {"language": "id", "theme": "dark",  # theirs kept
                              "plays": new.game_keys()}  # the game brought in, on home


def sealed(data: Any, version: int = 1) -> bytes:
    body = backup._canonical(data)
    head = {"format": "meja-backup", "version": version,
            "sha256": hashlib.sha256(body).hexdigest()}
    return gzip.compress(backup._canonical({**head, "data": data}))


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory, matches: list[tuple[str, Match]]) -> bytes:
    return backup.backup(filled(tmp_path_factory.mktemp("good"), matches))


def cases(good: bytes) -> dict[str, tuple[bytes, str]]:
    text = gzip.decompress(good)
    value = json.loads(text)
    changed = json.loads(text)
    changed["data"]["matches"][0]["summary"]["totals"] = [999, 0]
    return {
        "truncated": (good[: len(good) // 2], "damaged"),
        "truncated text": (text[: len(text) // 2], "damaged"),
        "checksum": (gzip.compress(json.dumps(changed).encode()), "damaged"),
        "one bit": (gzip.compress(text.replace(b'"Ana"', b'"Anb"', 1)), "damaged"),
        "newer": (sealed(value["data"], version=2), "future"),
        "version 0": (sealed(value["data"], version=0), "damaged"),
        "not json": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "foreign"),
        "other json": (b'{"matches": []}', "foreign"),
        "a share code": (b"MEJA1:6BFOXN*TS0BI$ZDFRH", "foreign"),
        "empty": (b"", "empty"),
        "huge": (b" " * (backup.MAX_FILE + 1), "too_large"),
        "too many": (sealed({**value["data"], "matches": [{}] * (backup.MAX_MATCHES + 1)}),
                     "too_large"),
        "bad people": (sealed({**value["data"], "people": {"colours": {"ana": 99}}}),
                       "damaged"),
    }


@pytest.mark.parametrize("case", ["truncated", "truncated text", "checksum", "one bit", "newer",
                                  "version 0", "not json", "other json", "a share code", "empty",
                                  "huge", "too many", "bad people"])
def test_a_damaged_file_is_refused_and_changes_nothing(
        tmp_path: Path, good: bytes, matches: list[tuple[str, Match]], case: str) -> None:
    raw, code = cases(good)[case]
    store = filled(tmp_path / "here", matches[:2])
    before = files(store.root)
    with pytest.raises(BackupError) as caught:
        restore_bytes(store, raw)
    assert caught.value.code == code
    assert files(store.root) == before
    said = refused_text(EN, caught.value)
    assert said.endswith(("Nothing was changed.", "Choose a Meja backup file."))
    if code == "future":
        assert "(version 2)" in said


def test_a_decompression_bomb_stops_at_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backup, "MAX_DATA", 1 << 20)
    with pytest.raises(BackupError) as caught:
        backup.read(gzip.compress(b"{" + b" " * (2 << 20)))
    assert caught.value.code == "too_large"


def test_bad_matches_are_refused_one_by_one_and_counted(tmp_path: Path, good: bytes) -> None:
    data = backup.read(good)
    items = data["matches"]
    first = next(i for i, m in enumerate(items) if m["events"])
    bad = [
        {**items[first], "events": items[first]["events"][::-1]},  # replays to nothing legal
        {**items[1], "id": "../../etc/passwd"},
        {**items[2], "setup": {**items[2]["setup"], "players": ["Ana", "Ana"]}},
        {**items[3], "summary": {**items[3]["summary"], "winners": ["Mallory"]}},
        "not a match",
    ]
    store = Store(tmp_path)
    done = backup.restore(store, {**data, "matches": [*bad, *items[4:]]})
    assert (done.refused, done.added) == (5, len(items) - 4)
    assert "5 could not be read and were left out" in restored_text(EN, done)
    assert {e["id"] for e in store.list_matches()} == {m["id"] for m in items[4:]}


def test_a_summary_is_worked_out_again_not_taken_from_the_file(tmp_path: Path,
                                                               good: bytes) -> None:
    data = backup.read(good)
    item = next(m for m in data["matches"] if m["events"])
    forged = {**item, "summary": {**item["summary"], "winners": [], "status": "playing",
                                  "round": 99}}
    store = Store(tmp_path)
    backup.restore(store, {**data, "matches": [forged]})
    assert store.load_match(item["id"])["summary"] == item["summary"]


def test_a_full_disk_half_way_stops_and_says_what_was_restored(
        tmp_path: Path, good: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    data = backup.read(good)
    real, writes = os.replace, []

    def replace(src: Any, dst: Any) -> None:
        if Path(dst).parent.name == "matches":
            writes.append(dst)
            if len(writes) > 3:  # the fourth match's file finds the device full
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(src, dst)

    monkeypatch.setattr(storage.os, "replace", replace)
    done = backup.restore(store, data)
    monkeypatch.setattr(storage.os, "replace", real)
    assert done.added == 3 and done.error is not None
    assert restored_text(EN, done) == (
        "Restore stopped. Could not save: the device is full. Nothing was lost; try again. "
        "Done before it stopped: 3 matches added.")
    kept = Store(tmp_path)  # what was acknowledged is there and whole, on a fresh look
    assert [e["id"] for e in kept.list_matches()][::-1] == [m["id"] for m in data["matches"][:3]]
    for item in data["matches"][:3]:
        assert kept.load_match(item["id"])["events"] == item["events"]
    # once there is room again, the same file finishes the job
    again = backup.restore(kept, data)
    assert (again.added, again.kept, again.error) == (len(data["matches"]) - 3, 3, None)


def test_the_section_calls_back_and_waits_while_busy() -> None:
    calls: list[str] = []
    section = backup_section(EN, busy=False, note="Restored: 2 matches added.", error="",
                             on_backup=lambda: calls.append("backup"),
                             on_restore=lambda: calls.append("restore"))
    for key in ("backup", "restore"):
        find(section, key).on_click(None)
    assert calls == ["backup", "restore"]
    assert find(section, "backup-note").value == "Restored: 2 matches added."
    busy = backup_section(EN, busy=True, note="", error="This backup is damaged",
                          on_backup=lambda: None, on_restore=lambda: None)
    assert find(busy, "backup").disabled and find(busy, "restore").disabled
    assert "Working…" in texts(find(busy, "backup-busy"))
    counting = backup_section(EN, busy=True, note="", error="",
                              progress=EN("backup.progress", done=3, total=10),
                              on_backup=lambda: None, on_restore=lambda: None)
    assert "Restoring: 3 of 10 matches…" in texts(find(counting, "backup-busy"))
    assert find(busy, "backup-error").value == "This backup is damaged"


@pytest.mark.parametrize("language", ["en", "fr", "id"])
def test_every_outcome_has_words(language: str) -> None:
    t = Translator(language)
    done = backup.Restored(added=2, updated=1, kept=1, refused=1, games=1,
                           error=OSError(errno.ENOSPC, "full"))
    assert "{" not in restored_text(t, done)
    assert restored_text(t, backup.Restored()) == t("backup.done", parts=t("backup.nothing"))
    for code in ("empty", "foreign", "damaged", "future", "too_large"):
        assert "{" not in refused_text(t, BackupError(code, version=2))


def test_file_name() -> None:
    from datetime import datetime

    assert backup.file_name(datetime(2026, 11, 24, 9, 0)) == "meja-backup-2026-11-24.json.gz"


def test_a_match_damaged_here_is_taken_from_the_backup(tmp_path: Path, good: bytes) -> None:
    data = backup.read(good)
    store = Store(tmp_path)
    backup.restore(store, data)
    item = data["matches"][0]
    path = tmp_path / "matches" / f"{item['id']}.json"
    path.write_bytes(path.read_bytes()[:100])  # cut short by a crash of the old phone
    done = backup.restore(Store(tmp_path), data)
    assert (done.added, done.kept) == (1, len(data["matches"]) - 1)
    again = Store(tmp_path)
    assert again.load_match(item["id"])["events"] == item["events"]
    assert [p.name for p in (tmp_path / "matches").glob("*.damaged-*")]  # kept aside
    assert not any(e["damaged"] for e in again.list_matches())


def test_restore_match_never_writes_over_a_match(tmp_path: Path, good: bytes) -> None:
    store = Store(tmp_path)
    item = backup.checked_match(backup.read(good)["matches"][0])
    assert item is not None
    store.restore_match(item)
    with pytest.raises(FileExistsError):
        store.restore_match({**item, "events": []})
    assert store.load_match(item["id"])["events"] == item["events"]
