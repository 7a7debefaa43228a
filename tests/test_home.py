"""Home: every unfinished match, at the table or on the device, the most recently touched
first, in the device's local time; each can be left (a match at the table: abandoned, kept in
History) or deleted, after a confirmation, once saved."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from app import records, storage
from app.i18n import Translator
from app.newmatch import NewMatchForm
from app.shell import Shell
from app.storage import Store
from tests.fakes import FakePage
from views.common import find
from views.home import Unfinished, home_view

t = Translator("en")


def clock() -> Callable[[], datetime]:
    """A clock that moves one minute at each reading."""
    now = [datetime(2026, 11, 24, 9, 0, tzinfo=UTC)]

    def tick() -> datetime:
        now[0] += timedelta(minutes=1)
        return now[0]

    return tick


def test_every_unfinished_match_is_listed_most_recently_touched_first(
        tmp_path: Path, zone: Callable[[str], None]) -> None:
    store = Store(tmp_path, now=clock())
    first = records.create_match(store, NewMatchForm(players=["Ana", "Bea"]))
    store.save_game("g1", {"game": "forty_one", "seats": [{"name": "Cid", "kind": "person"},
                                                          {"name": "Dan", "kind": "simple"}]})
    second = records.create_match(store, NewMatchForm(game="samba", players=["Eva", "Fay"]))
    done = records.create_match(store, NewMatchForm(players=["Gus", "Hal"]))
    store.update_summary(done, {"status": "finished", "round": 4, "winners": ["Gus"]})
    store.save_game("g2", {"game": "sums", "match": done, "seats": []})  # finished on the device
    lines = records.unfinished_lines(store, ["g1", "g2", "gone"], t)
    assert [r.route for r in lines] == [f"/match/{second}", "/play/g1", f"/match/{first}"]
    assert lines[0].players == "Eva, Fay"
    assert lines[1].title == t("play.title", game=t("game.forty_one"))
    assert lines[2].title == t("home.resume_title", game="Kartu Sama", round=1,
                               **records.round_words(t, "kartu_sama"))
    assert lines[2].when == t("home.touched", when="Nov 24, 2026, 9:02\u00a0AM")
    # touching the oldest match (a round closed) brings it to the top
    store.update_summary(first, {"status": "playing", "round": 2})
    assert records.unfinished_lines(store, ["g1"], t)[0].route == f"/match/{first}"


def test_last_played_is_the_devices_local_time(tmp_path: Path,
                                               zone: Callable[[str], None]) -> None:
    zone("Asia/Jakarta")  # UTC+7, no summer time
    store = Store(tmp_path, now=lambda: datetime(2026, 11, 24, 20, 30, tzinfo=UTC))
    match_id = records.create_match(store, NewMatchForm(players=["Ana", "Bea"]))
    store.save_game("g1", {"game": "sums", "seats": [{"name": "Cid", "kind": "person"}]})
    assert [r.when for r in records.unfinished_lines(store, ["g1"], t)] == [
        t("home.touched", when="Nov 25, 2026, 3:30\u00a0AM")] * 2  # the next morning in Jakarta
    (line,) = records.history_lines(store, t)
    assert line.title == "Kartu Sama · Nov 25, 2026, 3:30\u00a0AM"
    said = {lang: records.history_lines(store, Translator(lang))[0].title for lang in ("fr", "id")}
    assert said == {"fr": "Kartu Sama · 25 nov. 2026, 03:30",
                    "id": "Kartu Sama · 25 Nov 2026 03.30"}
    assert store.load_match(match_id)["summary"]["status"] == "playing"
    stored = (tmp_path / "matches" / f"{match_id}.json").read_text()
    assert '"created":"2026-11-24T20:30:00Z"' in stored  # kept in UTC




def home_of(tmp_path: Path) -> tuple[Shell, FakePage]:
    page = FakePage()
    shell = Shell(page, Store(tmp_path, now=clock()))  # type: ignore[arg-type]
    shell.render()
    return shell, page


def menu(page: FakePage, i: int, item: str) -> Any:
    """Tap ``item`` (``abandon``, ``delete``) in the menu of the ``i``-th unfinished match;
    the confirmation it opens."""
    more = find(page.views[0], f"more-{i}")
    next(x for x in more.items if x.key == f"{item}-{i}").on_click(None)
    return page.dialogs[-1]


def tap(dialog: Any, key: str) -> None:
    next(a for a in dialog.actions if a.key == key).on_click(None)


def test_each_unfinished_match_has_a_menu_named_for_it() -> None:
    picked: list[tuple[str, str]] = []
    table = Unfinished("/match/m1", "Kartu Sama · round 3", "Ana, Bea", "Last played", key="m1")
    device = Unfinished("/play/g1", "Sums on this device", "Cid", "Last played", key="g1",
                    on_device=True)
    view = home_view(t, unfinished=[table, device], problems=[], on_dismiss=print,
                     on_open=print, on_new=print, on_play=print, on_lab=print,
                     on_history=print, on_players=print, on_rules=print, on_settings=print,
                     on_abandon=lambda r: picked.append(("abandon", r.key)),
                     on_delete=lambda r: picked.append(("delete", r.key)))
    more = find(view, "more-0")
    assert isinstance(more, ft.PopupMenuButton) and (more.width, more.height) == (48, 48)
    assert more.icon.semantics_label == more.tooltip.message == (
        "More for Kartu Sama · round 3, Ana, Bea")
    assert [x.content for x in more.items] == ["Abandon", "Delete"]
    assert [x.content for x in find(view, "more-1").items] == ["Delete"]  # nothing to keep
    for key in ("abandon-0", "delete-0", "delete-1"):
        find(view, key).on_click(None)
    assert picked == [("abandon", "m1"), ("delete", "m1"), ("delete", "g1")]
    find(view, "resume-0").on_click(None)  # the card itself still continues the match


def test_an_abandoned_match_leaves_home_and_stays_in_history(tmp_path: Path) -> None:
    shell, page = home_of(tmp_path)
    match_id = records.create_match(shell.store, NewMatchForm(players=["Ana", "Bea"]))
    shell.store.update_summary(match_id, {"status": "playing", "round": 2, "mode": "points",
                                          "totals": [3, 0], "winners": [], "rounds": [[3, 0]]})
    shell.render()
    dialog = menu(page, 0, "abandon")
    assert dialog.content.value == t(
        "home.abandon_text", title="Kartu Sama · round 2", players="Ana, Bea")
    tap(dialog, "cancel")  # nothing happens without the confirmation
    assert find(page.views[0], "resume-0") is not None and not page.dialogs
    tap(menu(page, 0, "abandon"), "confirm")
    assert not page.dialogs and find(page.views[0], "resume-0") is None
    assert shell.store.current_match_id() is None
    assert page.told == [("match", match_id)]  # other windows redraw their home
    (line,) = records.history_lines(shell.store, t)
    assert (line.id, line.status, line.finished) == (match_id, "Abandoned · round 2", False)
    # statistics are of finished matches: neither the match nor its round counts
    assert records.player_stats(shell.store, "kartu_sama") == []
    # a round closed later in it (from History) brings it back to home
    shell.store.update_summary(match_id, {"status": "playing", "round": 3})
    assert [r.key for r in records.unfinished_lines(shell.store, [], t)] == [match_id]


def test_deleting_a_match_from_home_is_historys_delete(tmp_path: Path) -> None:
    shell, page = home_of(tmp_path)
    match_id = records.create_match(shell.store, NewMatchForm(players=["Ana", "Bea"]))
    shell.render()
    dialog = menu(page, 0, "delete")
    assert dialog.title.value == t("history.confirm_title")
    assert "Ana, Bea" in dialog.content.value
    tap(dialog, "confirm")
    assert records.history_lines(shell.store, t) == [] and find(page.views[0], "resume-0") is None
    assert not (tmp_path / "matches" / f"{match_id}.json").exists()


def test_a_game_left_on_the_device_is_deleted_with_its_place_in_the_settings(
        tmp_path: Path) -> None:
    shell, page = home_of(tmp_path)
    seats = [{"name": "Ana", "kind": "person"}, {"name": "Computer 1", "kind": "simple"}]
    for key in ("g1", "g2"):
        shell.store.save_game(key, {"game": "sums", "seats": seats})
    shell.settings.update(current_play="g2", plays=["g2", "g1"])
    shell.store.save_settings(shell.settings)
    shell.render()
    assert [r.key for r in records.unfinished_lines(shell.store, shell.plays(), t)] == [
        "g2", "g1"]
    dialog = menu(page, 0, "delete")
    assert dialog.content.value == t("home.delete_play_text", title="Sums on this device",
                                     players="Ana, Computer 1")
    tap(dialog, "confirm")
    assert shell.store.load_game("g2") is None and shell.store.load_game("g1") is not None
    assert shell.store.settings() == {"plays": ["g1"]} == shell.settings
    assert find(page.views[0], "resume-1") is None
    assert find(page.views[0], "resume-title-0").value == "Sums on this device"


def test_a_deletion_that_cannot_be_saved_is_said_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell, page = home_of(tmp_path)
    records.create_match(shell.store, NewMatchForm(players=["Ana", "Bea"]))
    shell.store.save_game("g1", {"game": "sums", "seats": [{"name": "Cid", "kind": "person"}]})
    shell.settings.update(plays=["g1"])
    shell.render()
    toasts: list[str] = []
    monkeypatch.setattr(shell, "toast", toasts.append)

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    unlink = storage.Path.unlink

    def refuse(path: Path, missing_ok: bool = False) -> None:  # a match or a game: refused
        if path.suffix == ".json":
            full()
        unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(storage, "write_atomic", full)
    monkeypatch.setattr(storage.Path, "unlink", refuse)
    for i, item in ((1, "abandon"), (0, "delete"), (1, "delete")):  # the game is newer
        tap(menu(page, i, item), "confirm")
    assert toasts == [t("save.full")] * 3
    monkeypatch.undo()
    assert len(records.unfinished_lines(shell.store, shell.plays(), t)) == 2
    assert find(page.views[0], "resume-1") is not None


def test_new_match_and_play_stay_pinned_whatever_the_unfinished_matches() -> None:
    """Nine unfinished matches pushed "New match" below the first screen: the two ways to
    start are pinned under the scrolling list, the rest scrolls."""
    from views.common import children

    many = [Unfinished(f"/match/m{i}", f"Kartu Sama · round {i}", "Ana, Bea", "Last played",
                       key=f"m{i}") for i in range(9)]
    view = home_view(t, unfinished=many, problems=[], on_dismiss=print, on_open=print,
                     on_new=print, on_play=print, on_lab=print, on_history=print,
                     on_players=print, on_rules=print, on_settings=print)

    def scrolled(control: Any, key: str, inside: bool = False) -> bool | None:
        """Whether the control ``key`` is inside a scrolling column (None: not found)."""
        if getattr(control, "key", None) == key:
            return inside
        for child in children(control):
            found = scrolled(child, key, inside or getattr(control, "scroll", None) is not None)
            if found is not None:
                return found
        return None

    assert scrolled(view, "new") is False and scrolled(view, "play") is False
    assert scrolled(view, "resume-8") is True and scrolled(view, "history") is True
