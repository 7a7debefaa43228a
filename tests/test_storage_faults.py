"""Storage under faults: writes that fail (a full device, a read-only folder), files damaged
by hand, a crash between a match file and the index, two writers on one folder, and kill -9
while recording. Nothing acknowledged is lost, the screen says what storage holds, and every
match opens again."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from app import storage
from app.referees import open_match
from app.storage import Stale, Store
from models.match import Match
from tests.fakes import FakeShell

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"game": "kartu_sama", "players": ["Ana", "Bea", "Cid"], "options": {"target": 100}}
FULL = "Could not save: the device is full. Nothing was lost; try again."


def referee(tmp_path: Path, language: str = "en") -> Any:
    shell = FakeShell(tmp_path, language)
    match = Match.new(SETUP["players"], "kartu_sama")
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def failing(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Every rename of a written file fails with ``code`` (root ignores permissions)."""
    def replace(*_args: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(storage.os, "replace", replace)


def stored_events(ref: Any) -> list[dict[str, Any]]:
    return list(Store(ref.host.store.root).load_match(ref.match_id)["events"])


# -- a write that fails --------------------------------------------------------------------
@pytest.mark.parametrize("code,language,text", [
    (errno.ENOSPC, "en", FULL),
    (errno.ENOSPC, "fr", "Impossible d'enregistrer : l'appareil est plein. Rien n'a été perdu "
                         "; réessayez."),
    (errno.EROFS, "en", "Could not save: the data folder cannot be written to. Nothing was "
                        "lost; try again."),
    (errno.EIO, "en", f"Could not save ({os.strerror(errno.EIO)}). Nothing was lost; try again."),
])
def test_a_failed_tap_changes_nothing_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   code: int, language: str, text: str) -> None:
    ref = referee(tmp_path, language)
    ref._act("start")
    ref._act("play")
    before = [e.to_dict() for e in ref.match.events]
    assert stored_events(ref) == before
    with monkeypatch.context() as m:
        failing(m, code)
        ref._act("play")
        ref.undo()
        assert ref.host.toasts == [text, text]
        assert [e.to_dict() for e in ref.match.events] == before  # the screen: as stored
    assert stored_events(ref) == before
    ref._act("play")  # the device has room again: the tap is saved
    assert stored_events(ref) == [e.to_dict() for e in ref.match.events] != before
    again = open_match(FakeShell(tmp_path), ref.match_id)  # a restart: the match opens
    assert again.match.to_dict() == ref.match.to_dict()


def test_a_summary_that_could_not_be_saved_is_saved_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ref = referee(tmp_path)
    real = Store.update_summary

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "full")

    monkeypatch.setattr(Store, "update_summary", full)
    ref._act("start")  # the round's start is stored, the summary it changes is not
    assert ref.host.toasts == [FULL]
    assert stored_events(ref) == [e.to_dict() for e in ref.match.events] != []
    monkeypatch.setattr(Store, "update_summary", real)
    again = open_match(FakeShell(tmp_path), ref.match_id)  # opening it mends the summary
    entry = Store(tmp_path).list_matches()[0]
    assert {k: entry["summary"][k] for k in again.summary()} == again.summary()


def test_a_writer_that_missed_events_is_refused_and_reloads(tmp_path: Path) -> None:
    one = referee(tmp_path)
    two = open_match(FakeShell(tmp_path), one.match_id)  # another window, same match
    one._act("start")
    one._act("play")
    with pytest.raises(Stale):
        two.host.store.append_event(two.match_id, {"kind": "start"}, at=0)
    two._act("start")  # stale: refused, said, and the match read again
    assert two.host.toasts == ["This match was changed on another screen: here it is as "
                                "saved now."]
    fresh = open_match(FakeShell(tmp_path), one.match_id)
    assert fresh.match.to_dict() == one.match.to_dict()  # and it still opens


# -- damaged files -------------------------------------------------------------------------
DEEP = b"[" * 3000 + b"]" * 3000
WRONG = {
    "settings.json": b'{"meta": {"1": {"v": 1}}, "settings": {"2": {"values": {}}}}',
    "players.json": b'{"meta": {"1": {"v": 1}}, "players": {"1": {"names": []}}, "x": {}}',
    "current.json": b'{"meta": {"1": {"v": 1}}}',
}


@pytest.mark.parametrize("name", ["settings.json", "players.json", "current.json"])
@pytest.mark.parametrize("kind", ["deep", "folder", "shape"])
def test_every_damaged_small_file_is_kept_aside_never_overwritten(
        tmp_path: Path, name: str, kind: str) -> None:
    Store(tmp_path)
    path = tmp_path / name
    if kind == "folder":
        (path / "inside").mkdir(parents=True)
    else:
        path.write_bytes(DEEP if kind == "deep" else WRONG[name])
    store = Store(tmp_path)
    reads = {"settings.json": store.settings, "players.json": store.players,
             "current.json": store.current_match_id}
    assert reads[name]() in ({}, [], None)
    [problem] = store.problems
    assert problem["file"] == name and problem["moved_to"].startswith(f"{name}.damaged-")
    kept = tmp_path / problem["moved_to"]
    assert kept.is_dir() if kind == "folder" else kept.read_bytes() in (DEEP, WRONG[name])
    store.save_settings({"language": "fr"})
    store.remember_players(["Ana"])
    store.set_current_match(None)
    assert store.settings() == {"language": "fr"} and store.players() == ["Ana"]
    assert len(store.problems) == 1


def test_a_shape_error_is_set_aside_before_a_write_too(tmp_path: Path) -> None:
    Store(tmp_path)
    (tmp_path / "settings.json").write_bytes(WRONG["settings.json"])
    store = Store(tmp_path)
    store.save_settings({"theme": "dark"})  # written without reading first
    assert [p["file"] for p in store.problems] == ["settings.json"]
    assert store.settings() == {"theme": "dark"}


@pytest.mark.parametrize("kind", ["deep", "folder"])
def test_damaged_match_index_and_game_files_are_kept_aside(tmp_path: Path, kind: str) -> None:
    store = Store(tmp_path)
    keep = store.create_match(SETUP)
    bad = store.create_match(SETUP)
    store.save_game("g1", {"x": 1})
    for path in (tmp_path / "matches" / f"{bad}.json", tmp_path / "games" / "g1.json",
                 next((tmp_path / "index").glob("*.json"))):
        path.unlink()
        if kind == "folder":
            path.mkdir()
        else:
            path.write_bytes(DEEP)
    fresh = Store(tmp_path)
    assert [e["id"] for e in fresh.list_matches()] == [keep]
    assert fresh.load_game("g1") is None
    assert sorted(p["file"].split("/")[0] for p in fresh.problems) == [
        "games", "index", "matches"]
    assert fresh.load_match(keep)["setup"] == SETUP


def test_a_file_where_a_folder_should_be_is_kept_aside(tmp_path: Path) -> None:
    tmp_path.joinpath("matches").write_bytes(b"oops")
    store = Store(tmp_path)
    store.create_match(SETUP)
    assert [p["file"] for p in store.problems] == ["matches"]


# -- a crash between the match file and the index -------------------------------------------
def test_history_mends_an_index_left_behind_by_a_crash(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    m = store.create_match(SETUP)
    store.update_summary(m, {"status": "playing", "round": 1})

    def crash(*_args: object) -> None:
        raise KeyboardInterrupt  # the process dies after the match file, before the index

    monkeypatch.setattr(Store, "_edit_index", crash)
    with pytest.raises(KeyboardInterrupt):
        store.update_summary(m, {"status": "finished", "round": 2})
    monkeypatch.undo()
    [entry] = Store(tmp_path).list_matches()
    assert entry["summary"] == {"status": "finished", "round": 2}
    index = json.loads(next((tmp_path / "index").glob("*.json")).read_bytes())
    assert [e["summary"]["round"] for e in index["matches"].values()] == [2]  # written back


# -- two processes, and kill -9 -----------------------------------------------------------
WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from app.storage import Store
    store, match_id, name = Store(Path(sys.argv[1])), sys.argv[2], sys.argv[3]
    count = int(sys.argv[4])
    n = 0
    while count < 0 or n < count:
        store.append_event(match_id, {"kind": "play", "by": name, "n": n})
        store.update_summary(match_id, {"by": name, "n": n})
        print(n, flush=True)  # acknowledged: stored
        n += 1
""")


def writer(root: Path, match_id: str, name: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(root), match_id, name, str(count)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)


def test_two_processes_writing_one_match_lose_nothing(tmp_path: Path) -> None:
    m = Store(tmp_path).create_match(SETUP)
    procs = {name: writer(tmp_path, m, name, 200) for name in ("a", "b")}
    acked = {name: p.communicate()[0].split() for name, p in procs.items()}
    assert all(p.returncode == 0 for p in procs.values())
    events = Store(tmp_path).load_match(m)["events"]
    for name in procs:
        assert [str(e["n"]) for e in events if e["by"] == name] == acked[name]
        assert len(acked[name]) == 200


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_kill_9_while_recording_loses_at_most_the_event_in_flight(tmp_path: Path) -> None:
    store = Store(tmp_path)
    m = store.create_match(SETUP)
    rng = random.Random(13)
    total = 0
    for _ in range(30):
        proc = writer(tmp_path, m, "w", -1)
        assert proc.stdout is not None
        acked = 0
        for _ in range(rng.randint(1, 12)):  # a random moment: after some acknowledgements
            acked = int(proc.stdout.readline()) + 1
        os.kill(proc.pid, signal.SIGKILL)
        rest, _ = proc.communicate()
        acked += len(rest.split())
        fresh = Store(tmp_path)
        events = [e for e in fresh.load_match(m)["events"] if e["by"] == "w"]
        mine = [e["n"] for e in events[total:]]
        assert mine[:acked] == list(range(acked))  # every acknowledged event is there
        assert len(mine) <= acked + 1  # and at most the one in flight besides
        for entry in fresh.list_matches():  # the history says what the match files say
            assert entry["summary"] == fresh.load_match(entry["id"])["summary"]
        assert fresh.problems == []
        total = len(events)
