"""Storage: round trips, undo, ids, resume, damaged files, atomic writes, cost of a save."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app import records, storage
from app.i18n import Translator
from app.storage import MATCH_ID, NotFound, Store, check_tables, default_data_dir

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"game": "kartu_sama", "players": ["Ana", "Budi", "Cici", "Dewi"],
         "options": {"target": 100}}


def clock(start: datetime = datetime(2025, 1, 1, tzinfo=UTC),
          step: timedelta = timedelta(minutes=1)) -> Callable[[], datetime]:
    """A fake time that moves on by ``step`` at each reading."""
    t = [start]

    def now() -> datetime:
        t[0] += step
        return t[0]

    return now


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path, now=clock())


def event(n: int) -> dict[str, Any]:
    return {"kind": "play", "seat": n % 4, "card": "AS", "n": n}


def files(root: Path) -> set[str]:
    """The data files (the lock file aside)."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and p.name != ".lock"}


# -- round trips -------------------------------------------------------------------------------
def test_match_round_trip(store: Store, tmp_path: Path) -> None:
    m = store.create_match(SETUP)
    for n in range(5):
        store.append_event(m, event(n))
    store.update_summary(m, {"status": "playing", "rounds": 1, "totals": [3, 0, 12, 7]})
    fresh = Store(tmp_path)
    got = fresh.load_match(m)
    assert got == {"id": m, "setup": SETUP, "events": [event(n) for n in range(5)],
                   "summary": {"status": "playing", "rounds": 1, "totals": [3, 0, 12, 7]}}
    [entry] = fresh.list_matches()
    assert entry["id"] == m and entry["game"] == "kartu_sama"
    assert entry["players"] == SETUP["players"] and entry["damaged"] is False
    assert entry["summary"]["totals"] == [3, 0, 12, 7]
    assert entry["created"] < entry["updated"]
    assert fresh.problems == [] and store.problems == []


def test_summary_is_replaced_not_merged(store: Store) -> None:
    m = store.create_match(SETUP)
    store.update_summary(m, {"status": "playing", "leader": "Ana"})
    store.update_summary(m, {"status": "over", "winners": ["Budi"]})
    assert store.load_match(m)["summary"] == {"status": "over", "winners": ["Budi"]}
    assert store.list_matches()[0]["summary"] == {"status": "over", "winners": ["Budi"]}


def test_events_round_trip_unicode_and_nesting(store: Store, tmp_path: Path) -> None:
    m = store.create_match({**SETUP, "players": ["Zoë", "Đức", "宏"]})
    ev = {"kind": "hand", "cards": ["10H", "JK"], "points": {"Zoë": 31}, "note": None}
    store.append_event(m, ev)
    assert Store(tmp_path).load_match(m)["events"] == [ev]
    assert Store(tmp_path).list_matches()[0]["players"] == ["Zoë", "Đức", "宏"]


def test_not_json_able_event_is_refused_and_nothing_changes(store: Store) -> None:
    m = store.create_match(SETUP)
    store.append_event(m, event(0))
    path = store.root / "matches" / f"{m}.json"
    before = path.read_bytes()
    with pytest.raises((TypeError, ValueError)):
        store.append_event(m, {"kind": "x", "bad": object()})
    with pytest.raises(ValueError):
        store.append_event(m, {"kind": "x", "bad": float("nan")})
    assert path.read_bytes() == before
    assert store.load_match(m)["events"] == [event(0)]
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_players_settings_games_round_trip(store: Store, tmp_path: Path) -> None:
    assert store.players() == [] and store.settings() == {} and store.load_game("g1") is None
    store.remember_players(["Ana", "Budi"])
    store.remember_players([" Cici ", "ana", ""])
    store.save_settings({"language": "fr", "sound": False})
    store.save_settings({"language": "id"})
    store.save_game("kartu_sama-1", {"options": {}, "seed": 7, "actions": [3, 53, 12]})
    fresh = Store(tmp_path)
    assert fresh.players() == ["Cici", "ana", "Budi"]  # most recent first, once whatever the case
    assert fresh.settings() == {"language": "id"}  # replaced, not merged
    assert fresh.load_game("kartu_sama-1") == {"options": {}, "seed": 7, "actions": [3, 53, 12]}
    fresh.delete_game("kartu_sama-1")
    fresh.delete_game("kartu_sama-1")  # twice is fine
    assert fresh.load_game("kartu_sama-1") is None


def test_players_are_capped(store: Store) -> None:
    store.remember_players(f"P{i}" for i in range(storage.MAX_PLAYERS + 20))
    assert len(store.players()) == storage.MAX_PLAYERS
    assert store.players()[0] == "P0"


# -- undo, corrections, delete -------------------------------------------------------------------
def test_undo(store: Store, tmp_path: Path) -> None:
    m = store.create_match(SETUP)
    assert store.pop_event(m) is None
    for n in range(3):
        store.append_event(m, event(n))
    assert store.pop_event(m) == event(2)
    assert Store(tmp_path).load_match(m)["events"] == [event(0), event(1)]
    store.append_event(m, event(9))
    assert store.load_match(m)["events"] == [event(0), event(1), event(9)]
    assert [store.pop_event(m) for _ in range(4)] == [event(9), event(1), event(0), None]
    assert store.load_match(m)["events"] == []


def test_replace_events(store: Store) -> None:
    m = store.create_match(SETUP)
    for n in range(5):
        store.append_event(m, event(n))
    store.replace_events(m, [event(0), {"kind": "correction", "seat": 1}])
    assert store.load_match(m)["events"] == [event(0), {"kind": "correction", "seat": 1}]
    store.append_event(m, event(7))
    assert store.pop_event(m) == event(7)
    store.replace_events(m, [])
    assert store.load_match(m)["events"] == []


def test_draft_round_trip_beside_the_events(store: Store, tmp_path: Path) -> None:
    m = store.create_match(SETUP)
    store.append_event(m, event(0))
    assert store.load_draft(m) is None
    inode = (tmp_path / "matches" / f"{m}.json").stat().st_ino
    store.save_draft(m, None)  # nothing to forget: nothing written
    assert (tmp_path / "matches" / f"{m}.json").stat().st_ino == inode
    draft = {"round": 1, "start": 0, "seat": 2, "hands": {"2": ["AS", "10♥"]}}
    store.save_draft(m, draft)
    assert Store(tmp_path).load_draft(m) == draft
    store.append_event(m, event(1))  # events come and go, the draft stays
    assert store.pop_event(m) == event(1)
    store.replace_events(m, [event(5)])
    assert store.load_draft(m) == draft
    assert store.load_match(m)["events"] == [event(5)]
    assert "draft" not in store.load_match(m)
    store.save_draft(m, {**draft, "seat": 0})
    assert store.load_draft(m) == {**draft, "seat": 0}
    store.save_draft(m, None)
    assert store.load_draft(m) is None
    assert store.load_match(m)["events"] == [event(5)]
    other = m[:-4] + ("0000" if m[-4:] != "0000" else "0001")
    for call in (store.load_draft, lambda i: store.save_draft(i, draft)):
        with pytest.raises(NotFound):
            call(other)


def test_delete(store: Store) -> None:
    a, b = store.create_match(SETUP), store.create_match(SETUP)
    store.append_event(a, event(0))
    store.set_current_match(a)
    store.delete_match(a)
    assert [e["id"] for e in store.list_matches()] == [b]
    assert store.current_match_id() is None
    with pytest.raises(NotFound):
        store.load_match(a)
    with pytest.raises(NotFound):
        store.append_event(a, event(1))
    assert not (store.root / "matches" / f"{a}.json").exists()
    assert store.load_match(b)["events"] == []


def test_unknown_match(store: Store) -> None:
    m = store.create_match(SETUP)
    other = m[:-4] + ("0000" if m[-4:] != "0000" else "0001")
    for call in (store.load_match, store.pop_event, lambda i: store.append_event(i, event(0)),
                 lambda i: store.update_summary(i, {})):
        with pytest.raises(NotFound):
            call(other)
    assert not (store.root / "matches" / f"{other}.json").exists()
    assert [e["id"] for e in store.list_matches()] == [m]


# -- ids -----------------------------------------------------------------------------------------
def test_ids_sortable_by_time_and_newest_first(tmp_path: Path) -> None:
    store = Store(tmp_path, now=clock(step=timedelta(microseconds=1)))
    ids = [store.create_match({**SETUP, "n": n}) for n in range(30)]
    assert ids == sorted(ids) and len(set(ids)) == 30
    assert all(MATCH_ID.match(i) for i in ids)
    assert [e["id"] for e in store.list_matches()] == ids[::-1]
    assert [e["id"] for e in Store(tmp_path).list_matches(limit=7)] == ids[:-8:-1]


def test_history_first_page_reads_only_the_newest_months(tmp_path: Path,
                                                        spy: dict[str, list[str]]) -> None:
    store = Store(tmp_path, now=clock(step=timedelta(days=5)))
    ids = [store.create_match(SETUP) for _ in range(60)]  # about 10 months
    spy["read"].clear()
    page = Store(tmp_path).list_matches(limit=8)
    assert [e["id"] for e in page] == ids[:-9:-1]
    assert len(set(spy["read"])) <= 3 and all(p.startswith("index/") for p in spy["read"])
    assert [e["id"] for e in store.list_matches(limit=100)] == ids[::-1]
    assert store.list_matches(limit=0) == []


def test_ids_unique_at_the_same_instant(tmp_path: Path) -> None:
    same = Store(tmp_path / "x", now=lambda: datetime(2025, 5, 5, tzinfo=UTC))
    assert len({same.create_match(SETUP) for _ in range(20)}) == 20  # same instant: still unique


BAD_IDS = ["../settings", "..", "", "x.json", "20250101-000000-000000-abcd/../../x",
           "20250101-000000-000000-ABCD", "/etc/passwd", "..\\..\\x",
           "20250101-000000-000000-abcd\n", "20250101-000000-000000-abc"]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_unsafe_ids_are_refused(store: Store, bad: str) -> None:
    calls: list[Callable[[], object]] = [
        lambda: store.load_match(bad), lambda: store.append_event(bad, event(0)),
        lambda: store.pop_event(bad), lambda: store.replace_events(bad, []),
        lambda: store.update_summary(bad, {}), lambda: store.delete_match(bad),
        lambda: store.set_current_match(bad),
    ]
    before = files(store.root)
    for call in calls:
        with pytest.raises(ValueError):
            call()
    assert files(store.root) == before


@pytest.mark.parametrize("bad", ["../x", "a/b", "", "A", "con", "lpt1", ".hidden", "x" * 65, "a b"])
def test_unsafe_game_keys_are_refused(store: Store, bad: str) -> None:
    for call in (lambda: store.save_game(bad, {}), lambda: store.load_game(bad),
                 lambda: store.delete_game(bad)):
        with pytest.raises(ValueError):
            call()
    assert files(store.root) == set()


# -- resume --------------------------------------------------------------------------------------
def test_resume_pointer(store: Store, tmp_path: Path) -> None:
    assert store.current_match_id() is None
    m = store.create_match(SETUP)
    store.set_current_match(m)
    assert Store(tmp_path).current_match_id() == m
    store.set_current_match(None)
    assert Store(tmp_path).current_match_id() is None
    store.set_current_match(m)
    (tmp_path / "matches" / f"{m}.json").unlink()  # the match vanished: nothing to resume
    assert Store(tmp_path).current_match_id() is None


# -- data folder ---------------------------------------------------------------------------------
def test_default_data_dir() -> None:
    home = Path.home()
    assert default_data_dir({}, "linux") == home / ".local" / "share" / "meja"
    assert default_data_dir({"XDG_DATA_HOME": "/data"}, "linux") == Path("/data/meja")
    assert default_data_dir({"XDG_DATA_HOME": "rel"}, "linux") == home / ".local/share/meja"
    assert default_data_dir({}, "darwin") == home / "Library" / "Application Support" / "Meja"
    assert default_data_dir({"APPDATA": "C:/Users/a/AppData/Roaming"}, "win32") == Path(
        "C:/Users/a/AppData/Roaming/Meja")
    flet = {"FLET_APP_STORAGE_DATA": "/phone/data", "XDG_DATA_HOME": "/data"}
    assert default_data_dir(flet, "linux") == Path("/phone/data")
    assert default_data_dir({**flet, "MEJA_DATA_DIR": "/mine"}, "linux") == Path("/mine")
    assert default_data_dir({"MEJA_DATA_DIR": "/mine"}, "win32") == Path("/mine")


def test_storage_imports_neither_models_nor_flet() -> None:
    code = ("import sys, app.storage; print(sorted(m for m in sys.modules"
            " if m.split('.')[0] in {'models', 'flet', 'views'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# -- damaged files -------------------------------------------------------------------------------
def aside(root: Path, name: str) -> list[Path]:
    return sorted(root.glob(f"{name}.damaged-*"))


@pytest.mark.parametrize(("content", "why"), [
    (b'{"match": {"1": {"id": "x"', "not valid JSON (line 1, column 27)"),
    (b"\xff\xfe garbage", "not valid JSON (line 1, column 1)"),  # a UTF-16 mark
    (b"\x80 garbage", "not valid UTF-8 text"), (b"[]", "not a Meja data file"),
    (b'{"match": []}', "not a Meja data file"),
    (b'{"match": {"1": {"id": 1}}}', "no schema version"),
    (b'{"meta": {"1": {"v": 1}}, "events": {"a": {}}}', "not a Meja data file"),
])
def test_damaged_match_is_kept_aside_and_reported(store: Store, tmp_path: Path,
                                                  content: bytes, why: str) -> None:
    good, bad = store.create_match(SETUP), store.create_match(SETUP)
    store.append_event(good, event(1))
    store.update_summary(bad, {"status": "playing"})
    path = tmp_path / "matches" / f"{bad}.json"
    path.write_bytes(content)
    fresh = Store(tmp_path, now=clock())
    with pytest.raises(NotFound, match="kept aside"):
        fresh.load_match(bad)
    [moved] = aside(tmp_path / "matches", f"{bad}.json")
    assert re.fullmatch(rf"{bad}\.json\.damaged-\d{{8}}-\d{{6}}", moved.name)
    assert moved.read_bytes() == content and not path.exists()
    [problem] = fresh.problems
    assert problem["file"] == f"matches/{bad}.json"
    assert problem["moved_to"] == f"matches/{moved.name}" and problem["reason"]
    assert records.problem_text(problem, Translator("en")) == (
        f"matches/{bad}.json could not be read ({why}). It was kept aside as "
        f"matches/{moved.name}; everything else is intact.")
    assert f"({why})" not in records.problem_text(problem, Translator("fr"))
    # everything else keeps working, and the index still knows both matches
    assert fresh.load_match(good)["events"] == [event(1)]
    entries = {e["id"]: e for e in fresh.list_matches()}
    assert entries.keys() == {good, bad}
    assert entries[bad]["damaged"] and not entries[good]["damaged"]
    assert entries[bad]["summary"] == {"status": "playing"}
    with pytest.raises(NotFound):
        fresh.append_event(bad, event(2))
    assert len(aside(tmp_path / "matches", f"{bad}.json")) == 1 and len(fresh.problems) == 1
    fresh.delete_match(bad)  # the user can clear the entry; the damaged file stays aside
    assert [e["id"] for e in fresh.list_matches()] == [good]
    assert moved.exists()


def test_future_schema_is_refused_kept_aside_not_overwritten(store: Store, tmp_path: Path) -> None:
    m = store.create_match(SETUP)
    store.append_event(m, event(0))
    path = tmp_path / "matches" / f"{m}.json"
    data = json.loads(path.read_bytes())
    data["meta"]["1"]["v"] = storage.VERSION + 1
    data["events"]["2"] = {"kind": "from the future"}
    future = json.dumps(data).encode()
    path.write_bytes(future)
    fresh = Store(tmp_path)
    with pytest.raises(NotFound):
        fresh.append_event(m, event(1))
    [moved] = aside(tmp_path / "matches", f"{m}.json")
    assert moved.read_bytes() == future and not path.exists()
    problem = fresh.problems[0]
    assert (problem["reason"], problem["params"]) == (
        "newer", {"version": storage.VERSION + 1, "reads": storage.VERSION})
    assert "(written by a newer version of Meja (schema 2; this one reads 1))" in (
        records.problem_text(problem, Translator("en")))

    (tmp_path / "settings.json").write_text('{"meta": {"1": {"v": 99}}, "settings": {}}')
    assert fresh.settings() == {}
    fresh.save_settings({"language": "fr"})
    [kept] = aside(tmp_path, "settings.json")
    assert kept.read_text() == '{"meta": {"1": {"v": 99}}, "settings": {}}'
    assert Store(tmp_path).settings() == {"language": "fr"}


@pytest.mark.parametrize("name,content", [
    ("players.json", b"not json"),
    ("players.json", b'{"meta": {"1": {"v": 1}}, "players": {"1": {"names": [1, 2]}}}'),
    ("settings.json", b'{"meta": {"1": {"v": 1}}, "settings": {"1": {"values": []}}}'),
    ("settings.json", b""),
    ("current.json", b'{"meta": {"1": {"v": 1}}, "current": {"1": {"match": "../x"}}}'),
])
def test_damaged_small_files(store: Store, tmp_path: Path, name: str, content: bytes) -> None:
    m = store.create_match(SETUP)
    store.remember_players(["Ana"])
    store.save_settings({"language": "fr"})
    store.set_current_match(m)
    (tmp_path / name).write_bytes(content)
    fresh = Store(tmp_path)
    reads = {"players.json": fresh.players, "settings.json": fresh.settings,
             "current.json": fresh.current_match_id}
    assert reads[name]() in ([], {}, None)
    [moved] = aside(tmp_path, name)
    assert moved.read_bytes() == content
    assert [p["file"] for p in fresh.problems] == [name]
    # the others are intact, and the damaged one can be written afresh
    expected: dict[str, Any] = {"players.json": ["Ana"], "settings.json": {"language": "fr"},
                                "current.json": m}
    for other, read in reads.items():
        if other != name:
            assert read() == expected[other]
    fresh.remember_players(["Budi"])
    fresh.save_settings({"language": "id"})
    fresh.set_current_match(m)
    assert fresh.players()[0] == "Budi" and fresh.settings() == {"language": "id"}
    assert fresh.current_match_id() == m
    assert fresh.load_match(m)["setup"] == SETUP and len(fresh.problems) == 1


def test_damaged_index_is_kept_aside_and_rebuilt(tmp_path: Path) -> None:
    store = Store(tmp_path, now=clock(step=timedelta(days=10)))
    ids = [store.create_match({**SETUP, "n": n}) for n in range(9)]
    for n, m in enumerate(ids):
        store.update_summary(m, {"status": "over", "winners": [f"P{n}"]})
    before = store.list_matches()
    months = sorted({m[:6] for m in ids})
    assert len(months) >= 3
    shard = tmp_path / "index" / f"{months[1]}.json"
    shard.write_bytes(b'{"meta": {"1": {"v": 1}}, "matches": {"1": {"id": "oops"}}}')
    fresh = Store(tmp_path)
    assert fresh.list_matches() == before  # rebuilt from the match files, summaries included
    assert [p["file"] for p in fresh.problems] == [f"index/{months[1]}.json"]
    assert len(aside(tmp_path / "index", shard.name)) == 1
    assert Store(tmp_path).list_matches() == before and check_tables(shard.read_bytes())
    # a damaged index never touches the matches
    shard.write_bytes(b"{")
    fresh = Store(tmp_path)
    fresh.update_summary(ids[3], {"status": "corrected"})
    assert fresh.load_match(ids[3])["summary"] == {"status": "corrected"}
    assert {e["id"]: e["summary"] for e in fresh.list_matches()}[ids[3]] == {"status": "corrected"}
    assert all(fresh.load_match(m)["setup"]["n"] == n for n, m in enumerate(ids))


def test_index_mended_against_match_files(store: Store, tmp_path: Path) -> None:
    a, b, c = (store.create_match(SETUP) for _ in range(3))
    index = {p.name: p.read_bytes() for p in (tmp_path / "index").iterdir()}
    d = store.create_match(SETUP)  # as if the app stopped before the index write:
    for name, content in index.items():
        (tmp_path / "index" / name).write_bytes(content)
    (tmp_path / "matches" / f"{b}.json").unlink()  # and as if b's file went with no index write
    fresh = Store(tmp_path)
    assert [e["id"] for e in fresh.list_matches()] == [d, c, a]
    assert [e["id"] for e in Store(tmp_path).list_matches()] == [d, c, a]
    assert fresh.problems == []


def test_leftover_temporary_files_are_ignored_then_swept(tmp_path: Path) -> None:
    store = Store(tmp_path, now=clock())
    m = store.create_match(SETUP)
    old = [tmp_path / "matches" / f".{m}.json.abc123.tmp",
           tmp_path / "index" / ".202501.json.x.tmp", tmp_path / ".settings.json.y.tmp"]
    new = tmp_path / "matches" / f".{m}.json.def456.tmp"  # maybe a write under way: kept
    for path in [*old, new]:
        path.write_bytes(b'{"half')
    for path in old:
        os.utime(path, (time.time() - 2 * storage.STALE,) * 2)
    assert [e["id"] for e in Store(tmp_path).list_matches()] == [m]
    assert [p.exists() for p in old] == [False] * 3 and new.exists()


# -- cost of a save ------------------------------------------------------------------------------
@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[str]]]:
    """Every file read and written through the TinyDB storage, by path."""
    seen: dict[str, list[str]] = {"read": [], "write": []}
    read, write = storage.AtomicStorage.read, storage.AtomicStorage.write

    def spy_read(self: storage.AtomicStorage) -> Any:
        seen["read"].append(self.path.relative_to(self.path.parent.parent).as_posix())
        return read(self)

    def spy_write(self: storage.AtomicStorage, data: Any) -> None:
        seen["write"].append(self.path.relative_to(self.path.parent.parent).as_posix())
        write(self, data)

    monkeypatch.setattr(storage.AtomicStorage, "read", spy_read)
    monkeypatch.setattr(storage.AtomicStorage, "write", spy_write)
    yield seen


def test_saving_an_event_touches_only_that_match(tmp_path: Path, spy: dict[str, list[str]]) -> None:
    store = Store(tmp_path, now=clock(step=timedelta(days=3)))
    ids = [store.create_match(SETUP) for _ in range(40)]
    for m in ids:
        store.append_event(m, event(0))
    target = ids[17]
    spy["read"].clear()
    spy["write"].clear()
    store.append_event(target, event(1))
    store.pop_event(target)
    store.append_event(target, event(2))
    assert spy["write"] == [f"matches/{target}.json"] * 3
    assert set(spy["read"]) == {f"matches/{target}.json"}

    spy["write"].clear()
    store.update_summary(target, {"status": "round 2"})
    # a summary update writes the match and one month of the index, with only that month's
    assert spy["write"] == [f"matches/{target}.json", f"index/{target[:6]}.json"]
    month = json.loads((tmp_path / "index" / f"{target[:6]}.json").read_bytes())["matches"]
    assert {e["id"][:6] for e in month.values()} == {target[:6]}
    assert len(month) < len(ids) / 3

    spy["write"].clear()
    new = store.create_match(SETUP)
    assert spy["write"] == [f"matches/{new}.json", f"index/{new[:6]}.json"]


def test_every_write_is_atomic_and_stamped(store: Store, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[str] = []
    replace, fsync = os.replace, os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (done.append("fsync"), fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (done.append("replace"), replace(a, b))[1])
    m = store.create_match(SETUP)
    store.append_event(m, event(0))
    store.save_settings({"x": 1})
    assert done.count("replace") == 4  # match, index month, event, settings
    assert done[:3] == ["fsync", "replace", "fsync"]  # the file before the rename, then the folder
    for path in tmp_path.rglob("*.json"):
        assert json.loads(path.read_bytes())["meta"] == {"1": {"v": storage.VERSION}}
    assert not list(tmp_path.rglob("*.tmp"))


def test_failed_write_leaves_the_old_file(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    m = store.create_match(SETUP)
    store.append_event(m, event(0))
    path = store.root / "matches" / f"{m}.json"
    before = path.read_bytes()

    def boom(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        store.append_event(m, event(1))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert store.load_match(m)["events"] == [event(0)]


def test_taps_from_several_threads_lose_nothing(store: Store) -> None:
    m = store.create_match(SETUP)

    def tap(seat: int) -> None:
        for n in range(15):
            store.append_event(m, {"seat": seat, "n": n})
            if n % 5 == 4:
                store.update_summary(m, {"seat": seat, "n": n})

    threads = [threading.Thread(target=tap, args=(seat,)) for seat in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = store.load_match(m)["events"]
    assert len(events) == 60
    for seat in range(4):
        assert [e["n"] for e in events if e["seat"] == seat] == list(range(15))


# -- kill -9 in the middle of writing -------------------------------------------------------------
WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from app.storage import Store
    store, match_id, n = Store(Path(sys.argv[1])), sys.argv[2], int(sys.argv[3])
    while True:
        store.append_event(match_id, {"kind": "play", "n": n, "pad": "x" * (n % 200)})
        if n % 7 == 0:
            store.update_summary(match_id, {"events": n + 1})
        if n % 11 == 0:
            store.remember_players([f"P{n}"])
        print(n, flush=True)
        n += 1
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_atomic_writes_survive_kill_9(tmp_path: Path) -> None:
    store = Store(tmp_path)
    m = store.create_match(SETUP)
    other = store.create_match(SETUP)
    store.append_event(other, event(0))
    rng = random.Random(3)
    count = 0
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), m, str(count)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the loop is running
        assert first.strip() == str(count)
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(proc.pid, signal.SIGKILL)
        rest, _ = proc.communicate()
        done = [int(line) for line in (first + rest).split()]
        fresh = Store(tmp_path)
        events = fresh.load_match(m)["events"]
        assert [e["n"] for e in events] == list(range(len(events)))
        assert len(events) >= done[-1] + 1  # nothing before the last completed write is lost
        for path in tmp_path.rglob("*.json"):
            check_tables(path.read_bytes())  # every file whole
        assert {e["id"] for e in fresh.list_matches()} == {m, other}
        assert fresh.load_match(other)["events"] == [event(0)]
        fresh.players()
        assert fresh.problems == []
        count = len(events)
    assert count > 6
