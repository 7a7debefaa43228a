"""The shell's route table, headless: a match's screens come straight from its referee, the
sharing screens are their own routes, and they load only when one is shown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from app.navigation import parent
from app.shell import Shell
from app.storage import Store
from tests.fakes import texts

SHARING = ("app.share.screens", "app.share.camera", "flet_camera")


class Page:
    """Just what the shell's rendering asks of a page: a route, views, dialogs, messages."""

    def __init__(self) -> None:
        self.route = "/"
        self.views: list[ft.View] = []
        self.dialogs: list[Any] = []
        self.web = False
        self.platform = ft.PagePlatform.LINUX
        self.url = ""

    def update(self) -> None:
        pass

    def navigate(self, route: str) -> None:
        self.route = route

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def run_task(self, *_args: Any) -> None:
        pass


def shell_at(root: Path) -> tuple[Shell, Page]:
    page = Page()
    return Shell(page, Store(root)), page  # type: ignore[arg-type]


def top(shell: Shell, page: Page, route: str) -> ft.View:
    shell.go(route)
    shell.render()
    assert not page.dialogs, [d.content.value for d in page.dialogs]
    return page.views[-1]


def keys(control: Any) -> set[str]:
    from views.common import children

    found = {str(control.key)} if getattr(control, "key", None) else set()
    for child in [*children(control), *(getattr(control, "actions", None) or [])]:
        found |= keys(child)
    return found


def match_routes(root: str, match_id: str) -> str:
    """Run in a fresh interpreter: the routes a match's screens show, and which sharing
    modules were loaded to show them (JSON)."""
    shell, page = shell_at(Path(root))
    routes = [top(shell, page, f"/match/{match_id}{sub}").route for sub in ("", "/score")]
    return json.dumps({"routes": routes, "loaded": [m for m in SHARING if m in sys.modules]})


def a_match(root: Path, imported: bool = False) -> str:
    """A stored Kartu Sama match in its first round."""
    from models.match import Match, Start
    from tests.test_share import kartu_sama_summary, stored  # it loads the sharing modules

    m = Match.new(["Ana", "Bea", "Cid"], "kartu_sama", {})
    m.record(Start())
    summary = kartu_sama_summary(m)
    if imported:
        summary["imported"] = {"from": "x", "digest": "d", "created": "2026-01-01T20:00:00Z"}
    return stored(Store(root), m, summary)


def test_a_match_screen_is_built_without_the_sharing_screens(tmp_path: Path) -> None:
    match_id = a_match(tmp_path)
    script = ("from tests.test_routing import match_routes\n"
              f"print(match_routes({str(tmp_path)!r}, {match_id!r}))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=Path(__file__).parent.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {"routes": [f"/match/{match_id}", f"/match/{match_id}/score"],
                    "loaded": []}


def test_the_scoreboard_shares_and_the_share_screen_is_its_own_route(tmp_path: Path) -> None:
    match_id = a_match(tmp_path)
    shell, page = shell_at(tmp_path)
    table = top(shell, page, f"/match/{match_id}")
    assert "share" not in keys(table)  # the Share button is on the scoreboard only
    score = top(shell, page, f"/match/{match_id}/score")
    share = next(a for a in score.appbar.actions if a.key == "share")  # type: ignore[union-attr]
    share.on_click(None)
    assert page.route == f"/match/{match_id}/share"
    view = top(shell, page, page.route)
    assert view.route == f"/match/{match_id}/share" and "qr" in keys(view)
    assert parent(view.route) == f"/match/{match_id}"


def test_an_imported_match_only_shows_its_scoreboard(tmp_path: Path) -> None:
    match_id = a_match(tmp_path, imported=True)
    shell, page = shell_at(tmp_path)
    for sub in ("", "/hands", "/score"):
        assert top(shell, page, f"/match/{match_id}{sub}").route == f"/match/{match_id}/score"
    assert shell.referees.current is not None and shell.referees.current.read_only


def test_the_import_screens_are_their_own_routes(tmp_path: Path) -> None:
    shell, page = shell_at(tmp_path)
    assert top(shell, page, "/import").route == "/import"
    assert top(shell, page, "/import/camera").route == "/import/camera"
    assert "no camera" in texts(page.views[-1])


def test_an_unknown_match_says_so_over_home(tmp_path: Path) -> None:
    shell, page = shell_at(tmp_path)
    shell.go("/match/20260101-200000-000000-none")
    shell.render()
    assert [v.route for v in page.views] == ["/"] and len(page.dialogs) == 1


@pytest.mark.parametrize(("picker", "choice", "word"), [("theme", "dark", "Settings"),
                                                         ("language", "fr", "Réglages")])
def test_a_setting_redraws_in_place_so_a_back_tapped_with_it_is_not_lost(
        tmp_path: Path, picker: str, choice: str, word: str) -> None:
    """Flet drops a tap on a control no longer on the page: a setting changed and Back tapped
    in the same moment must find the same Back button after the redraw."""
    from views.common import find

    shell, page = shell_at(tmp_path)
    settings = top(shell, page, "/settings")
    home, back = page.views[0], find(settings, "back")
    group = find(settings, picker)
    group.value = choice
    group.on_change(SimpleNamespace(control=group))
    assert page.views[0] is home and page.views[-1] is settings
    assert find(page.views[-1], "back") is back
    assert word in texts(page.views[-1])
    back.on_click(None)
    shell.render()
    assert [v.route for v in page.views] == ["/"]
