"""The new-match set-up without a screen: names one after another with Enter, numbers typed
(bounds checked, the value before kept), Auto where 0 means automatic, the warning of a tiny
draw pile for each game, and an import refused by the camera brought back to where one can act."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.i18n import Translator
from app.newmatch import DRAWS_EACH, NewMatchForm, setup_data
from models.registry import GAMES
from tests.fakes import FakePage, FakeShell, run_alone
from views.common import find
from views.setup import setup_view

T = Translator("en")
NAMES = ["Ana", "Bea", "Cid", "Dan", "Eva", "Fay", "Gus", "Hal"]


def build(draft: NewMatchForm, **handlers: Any) -> Any:
    noop = {k: (lambda *a: None) for k in (
        "on_game", "on_mode", "on_add", "on_remove", "on_move", "on_dealer", "on_random_dealer",
        "on_option", "on_start", "on_back", "on_typed")}
    return setup_view(T, setup_data(draft, T), **{**noop, **handlers})


class Field:
    """What the name field's Enter handler is given: the text and a focus to ask for."""

    def __init__(self, value: str) -> None:
        self.value = value
        self.focused = 0

    async def focus(self) -> None:
        self.focused += 1


def shell_on(route: str, tmp_path: Path) -> Any:
    """The real shell on a page without a client, showing ``route`` (new match, or a game on
    the device): each tap redraws the screen in place, as in the app."""
    from app.shell import Shell
    from app.storage import Store

    page = FakePage()
    shell = Shell(page, Store(tmp_path / "data"))  # type: ignore[arg-type]
    page.shell = shell
    shell.setup.new_play() if route == "/play/new" else shell.new_match()
    return shell


def on_screen(shell: Any, key: str) -> Any:
    return find(shell.page.views[-1], key)


def type_into(control: Any, text: str) -> None:
    """What the client does as a person types: the field's text, then its on_change."""
    control.value = text
    control.on_change(SimpleNamespace(control=control))


@pytest.mark.parametrize("route", ["/new", "/play/new"])
def test_names_typed_and_added_with_plus_are_all_seated(route: str, tmp_path: Path) -> None:
    """The fault: after the first "+", the screen was redrawn in place and "+" read a new
    field nobody saw, empty ("Type a name first.")."""
    shell = shell_on(route, tmp_path)
    field = on_screen(shell, "name")
    for name in NAMES[:4]:
        type_into(on_screen(shell, "name"), name)
        on_screen(shell, "add").on_click(None)
        assert on_screen(shell, "name") is field  # redrawn in place, the same field
        assert field.value == "" and field.error is None
    assert shell.setup.form.players == NAMES[:4]


@pytest.mark.parametrize("route", ["/new", "/play/new"])
def test_enter_seats_the_name_and_keeps_the_field_ready_for_the_next(
        route: str, tmp_path: Path) -> None:
    shell = shell_on(route, tmp_path)
    for name in NAMES[:4]:
        field = Field(name)
        run_alone(on_screen(shell, "name").on_submit(SimpleNamespace(control=field)))
        assert field.focused == 1  # Flutter drops the focus on Enter: it is asked back
    assert shell.setup.form.players == NAMES[:4]
    name = on_screen(shell, "name")
    assert name.value == "" and name.error is None  # empty, ready for the next name


def test_a_refused_name_stays_until_changed_and_a_remembered_one_leaves_it(
        tmp_path: Path) -> None:
    shell = shell_on("/new", tmp_path)
    shell.setup.form.known = ["Dan"]
    shell.refresh()
    type_into(on_screen(shell, "name"), "")
    on_screen(shell, "add").on_click(None)
    assert on_screen(shell, "name").error == "Type a name first."
    type_into(on_screen(shell, "name"), "Bea")  # typing again: the reason goes
    assert on_screen(shell, "name").error is None
    on_screen(shell, "known-Dan").on_click(None)  # a remembered name keeps what is typed
    assert shell.setup.form.players == ["Dan"] and on_screen(shell, "name").value == "Bea"
    on_screen(shell, "add").on_click(None)
    assert shell.setup.form.players == ["Dan", "Bea"] and on_screen(shell, "name").value == ""


def test_a_refused_name_stays_in_the_field_with_its_reason() -> None:
    draft = NewMatchForm(players=["Ana"])
    assert draft.add("ana", T) == "ana is already at the table."
    name = find(build(draft), "name")
    assert (name.value, name.error) == ("ana", "ana is already at the table.")
    draft.type_name("Bea")
    assert draft.add_typed(T) == ""
    assert find(build(draft), "name").value == ""


def test_a_target_typed_in_one_go_and_a_bad_one_refused_without_losing_anything() -> None:
    draft = NewMatchForm(players=["Ana", "Bea"])
    typed: list[tuple[str, str]] = []
    field = find(build(draft, on_typed=lambda k, v: typed.append((k, v))), "opt-target-value")
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="30")))
    assert typed == [("target", "30")]

    draft.type_option("target", "30")
    assert draft.values()["target"] == 30 and not draft.error(T)
    for bad in ("5", "1010", "3O", ""):
        draft.type_option("target", bad)
        assert draft.values()["target"] == 30  # the last good value stays
        assert draft.problem("target", T) == "Type a number from 10 to 1000."
        assert draft.error(T) == "Target: fix the number to start."
        view = build(draft)
        assert find(view, "opt-target-value").value == bad  # what was typed stays to fix
        assert find(view, "opt-target-problem").value == "Type a number from 10 to 1000."
        assert find(view, "start").disabled
    draft.type_option("target", "40")
    assert draft.values()["target"] == 40 and not draft.error(T)
    draft.set_option("target", 50)  # a step with - or + replaces what was typed
    assert find(build(draft), "opt-target-value").value == "50"


def test_auto_where_zero_means_the_rules_choose() -> None:
    draft = NewMatchForm(game="sums", players=["Ana", "Bea"])
    rows = {r.key: r for r in setup_data(draft, T).options}
    assert (rows["packs"].zero, rows["hand_size"].zero) == ("Auto", "Auto")
    packs = find(build(draft), "opt-packs-value")
    assert (packs.value, packs.label) == ("Auto", "Packs")  # not "Packs 0"
    draft.type_option("packs", "2")
    assert draft.values()["packs"] == 2
    for auto in ("", "Auto", "Aut"):  # emptied, or its word: automatic again
        draft.type_option("packs", auto)
        assert draft.values()["packs"] == 0 and not draft.error(T)
    for bad in ("99", "Auto2"):
        draft.type_option("packs", bad)
        assert draft.problem("packs", T) == (
            "Type a number from 1 to 4, or leave it empty for Auto.")
    ks = NewMatchForm(game="kartu_sama", players=["Ana", "Bea"])
    assert find(build(ks), "opt-target-value").value == "100"  # a plain count
    rounds = {r.key: r for r in setup_data(ks, T).options}["rounds"]
    assert rounds.zero == "Off"


def test_device_pace_typed_within_its_bounds() -> None:
    draft = NewMatchForm(players=["Ana"], kinds=["person"])
    draft.type_option("pace", "3")
    assert draft.pace == 3
    draft.type_option("pace", "7")
    assert draft.pace == 3 and draft.problem("pace", T) == "Type a number from 0 to 3."


@pytest.mark.parametrize(("game", "players", "options", "left"), [
    ("kartu_sama", 6, {}, 3),  # 52 - 6 x 8 - the card turned up
    ("sums", 8, {"packs": 1}, 4),  # 52 - 8 x (5 in hand + 1 face up): the piles hold 4
])
def test_a_tiny_draw_pile_is_warned_of_but_does_not_block(
    game: str, players: int, options: dict[str, Any], left: int
) -> None:
    draft = NewMatchForm(game=game, players=NAMES[:players], options=options)
    assert not draft.error(T)
    warning = draft.warning(T)
    assert warning.startswith(f"Only {left} cards left to draw after the deal with {players}")
    view = build(draft)
    assert find(view, "warning").value == warning and not find(view, "start").disabled


@pytest.mark.parametrize(("game", "players", "options"), [
    ("kartu_sama", 4, {}), ("kartu_sama", 5, {}), ("kartu_sama", 6, {"packs": 2}),
    ("forty_one", 8, {}), ("samba", 6, {}), ("sums", 8, {}), ("sums", 4, {}),
])
def test_no_warning_with_enough_to_draw(game: str, players: int, options: dict[str, Any]) -> None:
    draft = NewMatchForm(game=game, players=NAMES[:players], options=options)
    assert not draft.error(T) and draft.warning(T) == ""
    assert find(build(draft), "warning") is None


@pytest.mark.parametrize("players", range(2, 9))
def test_the_pile_counted_is_what_each_games_rules_leave_after_the_deal(players: int) -> None:
    from models.cards import samba_pack
    from models.games import forty_one, kartu_sama, sums

    def left_to_draw(game: str, state: Any) -> int:
        stock = GAMES[game].stock
        assert stock is not None
        return stock(state)

    ks = kartu_sama.Options(packs=1 if players <= 6 else 2)
    assert left_to_draw("kartu_sama", GAMES["kartu_sama"].new_game(players, 0, ks)) == (
        kartu_sama.deal_positions(len(kartu_sama.pack_codes(ks)), players, ks.hand_size)[2])
    assert left_to_draw("forty_one", GAMES["forty_one"].new_game(players)) == (
        forty_one.stock_after_deal(players))
    so = sums.Options()
    assert left_to_draw("sums", GAMES["sums"].new_game(players)) == (
        52 * so.pack_count(players) - players * (so.hand(players) + 1))
    if players <= 6:
        size = 13 if players == 6 else 15
        assert left_to_draw("samba", GAMES["samba"].new_game(players)) == (
            len(samba_pack()) - size * players - 1)
    assert DRAWS_EACH == 2


def test_the_seat_buttons_say_whose_they_are() -> None:
    view = build(NewMatchForm(players=["Ana", "Bea"]))
    assert find(view, "up-1").icon.semantics_label == "Move Bea up"
    assert find(view, "down-0").icon.semantics_label == "Move Ana down"
    assert find(view, "remove-1").icon.semantics_label == "Remove Bea"
    assert find(view, "dealer-0").icon.semantics_label == "Ana deals first"


def test_an_import_refused_by_the_camera_goes_back_to_the_import_screen(tmp_path: Path) -> None:
    from app.share.camera import SCAN
    from app.share.screens import Sharing

    shell: Any = FakeShell(tmp_path)
    shell.page = SimpleNamespace(route=SCAN, web=True, url="https://x")
    sharing = Sharing(shell)
    sharing.scan._look(["MEJA1:not-a-real-code"])
    assert sharing.error  # the reason, said on the import screen
    assert shell.route == "/import"
    sharing.scan.open()  # the camera again: a fresh look
    assert sharing.error == "" and shell.route == SCAN


def test_seats_move_up_and_down_with_the_dealer_at_the_table_and_on_the_device() -> None:
    table = NewMatchForm(players=["Ana", "Bea", "Cid"])  # a match refereed at the table: no kinds
    table.dealer = 0
    table.move(0, 1)
    assert table.players == ["Bea", "Ana", "Cid"] and table.dealer == 1
    table.move(0, -1)  # the first seat cannot go up: nothing moves
    assert table.players == ["Bea", "Ana", "Cid"]
    device = NewMatchForm(players=["Ana", ""], kinds=["person", "strong"], helps=[False, True])
    device.move(1, -1)
    assert device.players == ["", "Ana"] and device.kinds == ["strong", "person"]
    assert device.helps == [True, False]


@pytest.mark.parametrize("language", ["en", "fr", "id"])
def test_on_the_device_the_teams_name_the_seats_as_they_will_play(language: str) -> None:
    """Computer seats play as "Computer 1"...: the teams say so."""
    t = Translator(language)
    draft = NewMatchForm(game="samba", kinds=[])
    for name in ("Siti", "Mum"):
        draft.add(name, t)
    draft.add_computer(2)
    draft.move(2, -1)  # Siti, Computer 1, Mum
    draft.add_computer(3)
    data = setup_data(draft, t)
    notes = " ".join(data.notes)
    assert data.players[1] == t("play.computer_name", n=1)
    assert data.players[3] == t("play.computer_name", n=2)
    assert data.players[1] in notes and data.players[3] in notes and "Siti" in notes


@pytest.mark.parametrize("route", ["/new", "/play/new"])
def test_a_form_started_is_not_drawn_again_nor_made_anew(route: str, tmp_path: Path) -> None:
    """Drawing makes nothing: a redraw of the form's route once its match or game started
    (before the next screen arrives) shows home, and no new form."""
    shell = shell_on(route, tmp_path)
    for name in NAMES[:2]:
        shell.setup.form.add(name, T)
    shell.page.navigate = lambda _route: None  # the next screen has not arrived yet
    on_screen(shell, "start").on_click(None)
    assert shell.setup.form is None and shell.page.route == route
    shell.render()
    assert shell.setup.form is None
    assert [v.route for v in shell.page.views] == ["/"]


@pytest.mark.parametrize("language", ["en", "fr", "id"])
def test_a_tap_on_a_computer_turns_it_quick_strong_expert_and_quick_again(language: str) -> None:
    t = Translator(language)
    draft = NewMatchForm(players=["Ana", ""], kinds=["person", "simple"])
    said = []
    for _ in range(3):
        draft.next_level(1)
        said.append(setup_data(draft, t).kinds[1])
    draft.next_level(0)  # a person stays one
    assert draft.kinds == ["person", "simple"]
    assert said == [t("play.kind.strong"), t("play.kind.expert"), t("play.kind.simple")]
