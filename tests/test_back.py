"""Back while the screen changes: the app asks the client for a route and hears of it later.
A Back pressed in between, on the screen being left, leaves the screen coming (its own Back),
so it lands on the screen below the one being left; and a route the browser goes back to
that has nothing left to show (a new match's form once the match is started) leads home."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.newmatch import NewMatchForm
from app.shell import Shell
from app.storage import Store
from tests.fakes import FakePage, run_alone
from views.common import find


class SlowPage(FakePage):
    """A page whose route changes arrive when the test says (``arrive``), as a client's do."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def navigate(self, route: str) -> None:
        self.asked.append(route)

    def arrive(self) -> None:
        """The client's next route change reaches the app."""
        self.route = self.asked.pop(0)
        self.shell.routed()

    def settle(self) -> str:
        while self.asked:
            self.arrive()
        return self.route


def opened(tmp_path: Path) -> tuple[Shell, SlowPage, str]:
    """A shell on a Kartu Sama match's table."""
    from app import matches

    page = SlowPage()
    shell = Shell(page, Store(tmp_path))  # type: ignore[arg-type]
    page.shell = shell
    match_id = matches.create(shell.store, NewMatchForm(players=["Ana", "Bea", "Cid"]).setup())
    shell.routed()
    shell.go(f"/match/{match_id}")
    page.settle()
    return shell, page, match_id


def back_on(page: SlowPage) -> None:
    """Back tapped on the screen drawn on top now."""
    find(page.views[-1], "back").on_click(None)


def test_back_on_a_screen_being_left_leaves_the_one_coming(tmp_path: Path) -> None:
    shell, page, match_id = opened(tmp_path)
    find(page.views[-1], "scores").on_click(None)  # to the scoreboard...
    back_on(page)  # ...and Back at once, on the table still shown
    assert page.asked == [f"/match/{match_id}/score"]  # nothing asked yet: it waits
    assert page.settle() == f"/match/{match_id}"  # the scoreboard came, and was left
    back_on(page)  # no change under way: the table's own Back
    assert page.settle() == "/"


def test_a_screen_asked_for_twice_is_asked_once_and_back_leaves_it(tmp_path: Path) -> None:
    shell, page, match_id = opened(tmp_path)
    table = page.views[-1]
    find(table, "scores").on_click(None)
    find(table, "scores").on_click(None)  # a double tap, both on the table still shown
    assert page.asked == [f"/match/{match_id}/score"]
    page.arrive()
    back_on(page)
    assert page.settle() == f"/match/{match_id}"
    assert page.views[-1].route == f"/match/{match_id}"


def test_back_as_a_started_match_comes_lands_home_not_on_an_empty_form(tmp_path: Path) -> None:
    page = SlowPage()
    shell = Shell(page, Store(tmp_path))  # type: ignore[arg-type]
    page.shell = shell
    shell.routed()
    shell.new_match(["Ana", "Bea"])
    page.settle()
    find(page.views[-1], "start").on_click(None)
    find(page.views[-1], "start").on_click(None)  # a double tap: one match
    back_on(page)
    assert page.settle() == "/"
    assert len(shell.store.list_matches()) == 1
    page.asked.append("/new")  # the browser's Back, to the form the match was started from
    assert page.settle() == "/" and shell.setup.form is None


def test_the_system_back_is_the_back_of_the_screen_on_top(tmp_path: Path) -> None:
    shell, page, match_id = opened(tmp_path)
    find(page.views[-1], "scores").on_click(None)
    page.settle()
    pop: Any = type("Pop", (), {"route": f"/match/{match_id}/score"})()
    run_alone(shell.nav.popped(pop))
    assert page.settle() == f"/match/{match_id}"  # the scoreboard's Back: the table
