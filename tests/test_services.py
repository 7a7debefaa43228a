"""Every change goes through a service: no module of app/ or views/ but the services and
storage calls a Store write; a match is made in one write of its file; a device game is
started all or nothing; a settings write that fails is said, and the screens show the
settings as they are on disk."""

from __future__ import annotations

import ast
import errno
import inspect
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app import device, matches, storage
from app.i18n import Translator, not_saved
from app.newmatch import NewMatchForm
from app.play import new_doc
from app.preferences import Settings
from app.shell import Shell
from app.storage import Store
from tests.fakes import FakePage, texts
from views.common import find

ROOT = Path(__file__).resolve().parents[1]
# The modules that may write: storage itself, and the services a change goes through.
SERVICES = {
    "app/storage.py",  # the store
    "app/matches.py",  # a match at the table: start, record, undo, close, abandon, delete
    "app/device.py",  # a game on the device: start, each move, drop
    "app/people.py",  # the players across matches: rename, merge, colour, delete
    "app/preferences.py",  # the settings
    "app/backup.py",  # restore a backup
    "app/share/codes.py",  # import a shared match
}
WRITES = frozenset({
    "create_match", "append_event", "pop_event", "replace_events", "save_draft",
    "update_summary", "restore_match", "delete_match", "set_current_match",
    "remember_players", "forget_players", "save_people", "save_settings", "save_game",
    "delete_game",
})
READS = frozenset({
    "load_draft", "load_match", "list_matches", "current_match_id", "players", "people",
    "settings", "load_game", "game_keys", "saved_game",
})
EN = Translator("en")


def store_writes(source: str) -> list[tuple[int, str]]:
    """Each call of a Store write method in ``source`` (by its name: ``x.save_game(...)``),
    with its line."""
    return [(node.lineno, node.func.attr) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITES]


def test_every_public_store_method_is_a_read_or_a_write() -> None:
    """A new Store method is sorted here, so that the check below knows its writes."""
    public = {name for name, _ in inspect.getmembers(Store, inspect.isfunction)
              if not name.startswith("_")}
    assert public == WRITES | READS


def test_only_the_services_and_storage_call_a_store_write() -> None:
    found = [f"{path.relative_to(ROOT).as_posix()}:{line} {name}"
             for folder in ("app", "views") for path in sorted((ROOT / folder).rglob("*.py"))
             if path.relative_to(ROOT).as_posix() not in SERVICES
             for line, name in store_writes(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_write_check_sees_a_write_however_it_is_reached() -> None:
    probe = ("def tap(self):\n"
             "    self.shell.store.save_settings(self.shell.settings)\n"
             "    store.create_match(setup)\n"
             "    self.store.list_matches()\n")
    assert store_writes(probe) == [(2, "save_settings"), (3, "create_match")]


def failing(monkeypatch: pytest.MonkeyPatch, part: str = "") -> list[Path]:
    """Every file write whose path holds ``part`` fails as a full disk does; the paths
    written are listed."""
    written: list[Path] = []
    write = storage.write_atomic

    def full(path: Path, payload: bytes) -> None:
        written.append(path)
        if part in path.as_posix():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write(path, payload)

    monkeypatch.setattr(storage, "write_atomic", full)
    return written


def test_a_match_is_made_in_one_write_of_its_file_with_its_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    written = failing(monkeypatch, part="never")
    match_id = matches.create(store, NewMatchForm(players=["Ana", "Bea"]).setup())
    assert [p for p in written if p.parent.name == "matches"] == [
        tmp_path / "matches" / f"{match_id}.json"]
    assert store.load_match(match_id)["summary"] == {
        "status": "playing", "round": 1, "mode": "points", "totals": [0, 0], "winners": [],
        "rounds": []}
    assert store.current_match_id() == match_id and store.players() == ["Ana", "Bea"]


def test_a_match_whose_file_cannot_be_written_is_not_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    failing(monkeypatch, part="/matches/")
    with pytest.raises(OSError):
        matches.create(store, NewMatchForm(players=["Ana", "Bea"]).setup())
    assert store.list_matches() == [] and store.current_match_id() is None


def test_a_device_game_is_started_all_or_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    settings = Settings(store)
    doc = new_doc("sums", ["Ana", "Computer 1"], ["person", "simple"], {}, True, 0)
    failing(monkeypatch, part="settings.json")
    with pytest.raises(OSError):
        device.start(store, settings, doc)
    assert store.game_keys() == [] and settings.plays() == [] == Settings(store).plays()
    monkeypatch.undo()
    key = device.start(store, settings, doc)
    assert store.game_keys() == [key] and settings.plays() == [key, key]
    device.drop(store, settings, key)
    assert store.game_keys() == [] and settings.plays() == [] == Settings(store).plays()


def test_a_settings_write_that_fails_leaves_the_settings_as_on_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    settings = Settings(store)
    settings.change({"speed": "slow"})
    other = Settings(store)  # another window changes them meanwhile
    other.change({"theme": "dark"})
    failing(monkeypatch, part="settings.json")
    with pytest.raises(OSError):
        settings.change({"speed": "fast"})
    assert dict(settings) == {"speed": "slow", "theme": "dark"} == store.settings()


def settings_screen(tmp_path: Path) -> tuple[Shell, FakePage]:
    page = FakePage()
    shell = Shell(page, Store(tmp_path))  # type: ignore[arg-type]
    page.shell = shell
    shell.settings.change({"speed": "slow"})
    shell.go("/settings")
    return shell, page


def pick(page: FakePage, key: str, value: object) -> None:
    control = find(page.views[-1], key)
    control.on_change(SimpleNamespace(control=SimpleNamespace(value=value)))


@pytest.mark.parametrize(("key", "value"), [
    ("language", "fr"), ("theme", "dark"), ("speed", "fast"), ("haptics", False)])
def test_a_setting_that_cannot_be_saved_is_said_and_the_screen_shows_the_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str, value: object) -> None:
    shell, page = settings_screen(tmp_path)
    failing(monkeypatch, part="settings.json")
    pick(page, key, value)
    error = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    said = [d.content.value for d in page.dialogs]
    assert said == [EN("settings.not_saved", why=not_saved(EN, error))]
    assert shell.store.settings() == dict(shell.settings) == {"speed": "slow"}
    shown = page.views[-1]
    assert find(shown, "language").value == "system" and find(shown, "theme").value == "system"
    assert find(shown, "speed").value == "slow" and find(shown, "haptics").value is True
    assert shell.t.language == "en" and page.theme_mode.value == "system"
    assert EN("home.settings") in texts(page.views[0])  # home below, in English


@pytest.mark.parametrize(("key", "value"), [("language", "fr"), ("speed", "fast")])
def test_a_setting_saved_is_shown(tmp_path: Path, key: str, value: object) -> None:
    shell, page = settings_screen(tmp_path)
    pick(page, key, value)
    assert page.dialogs == [] and shell.store.settings()[key] == value
    assert find(page.views[-1], key).value == value
    assert shell.t.language == ("fr" if key == "language" else "en")


def test_a_failed_write_of_the_settings_is_said_in_every_language() -> None:
    error = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    said: dict[str, Any] = {}
    for language in ("en", "fr", "id"):
        t = Translator(language)
        said[language] = t("settings.not_saved", why=not_saved(t, error))
        assert not_saved(t, error) in said[language]
    assert len(set(said.values())) == 3
