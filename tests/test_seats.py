"""Seats on the device's set-up: "+ Computer" adds one computer seat a tap (a double tap one),
named as it will play and with its level, which a tap changes; a person stays a person, with
their own help saved in the game; every seat at a full table has a colour of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.device import GameDoc
from app.i18n import Translator
from app.newmatch import NewMatchForm, setup_data
from app.play import new_doc, seat_colours, seat_help
from models.people import PALETTE, People
from models.registry import GAMES
from tests.test_setup import on_screen, shell_on, type_into

T = Translator("en")


def seated(shell: Any, *names: str) -> None:
    for name in names:
        type_into(on_screen(shell, "name"), name)
        on_screen(shell, "add").on_click(None)


def label(control: Any) -> str:
    return str(control.content)


def test_plus_computer_adds_one_named_computer_a_tap(tmp_path: Path) -> None:
    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana")
    on_screen(shell, "add-computer").on_click(None)
    on_screen(shell, "add-computer").on_click(None)
    data = setup_data(shell.setup.form, T)
    assert data.players == ("Ana", "Computer 1", "Computer 2")
    assert [on_screen(shell, f"seat-{i}").value for i in range(3)] == [
        "1. Ana", "2. Computer 1", "3. Computer 2"]
    assert label(on_screen(shell, "kind-1")) == "Computer (quick)"
    assert on_screen(shell, "kind-0") is None  # a person has no level...
    assert label(on_screen(shell, "help-0")) == "Help on"  # ...but their help
    assert on_screen(shell, "help-1") is None  # a computer has no help


def test_a_double_tap_on_plus_computer_adds_one(tmp_path: Path) -> None:
    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana")
    button = on_screen(shell, "add-computer")
    button.on_click(None)
    button.on_click(None)  # the second tap lands on the button drawn before the first's answer
    assert shell.setup.form.kinds == ["person", "simple"]
    assert on_screen(shell, "add-computer") is not button  # a new one, for two seats


def test_the_level_toggles_and_a_person_never_becomes_a_computer(tmp_path: Path) -> None:
    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana")
    on_screen(shell, "add-computer").on_click(None)
    on_screen(shell, "kind-1").on_click(None)
    assert shell.setup.form.kinds == ["person", "strong"]
    assert label(on_screen(shell, "kind-1")) == "Computer (strong)"
    on_screen(shell, "kind-1").on_click(None)
    assert shell.setup.form.kinds == ["person", "expert"]
    assert label(on_screen(shell, "kind-1")) == "Computer (expert)"
    on_screen(shell, "kind-1").on_click(None)
    assert shell.setup.form.kinds == ["person", "simple"]
    shell.setup.form.next_level(0)  # a person's seat has no level to change
    assert shell.setup.form.kinds == ["person", "simple"]
    assert not hasattr(shell.setup.form, "next_kind")
    shell.setup.form.switch_help(1)  # nor a computer's help
    assert shell.setup.form.helps == [True, True]


def test_computer_seats_move_and_go_like_others_within_the_games_bounds() -> None:
    draft = NewMatchForm(game="kartu_sama", kinds=[])
    assert draft.add("Ana", T) == ""
    draft.add_computer(1)
    draft.add("Bea", T)
    draft.move(1, 1)  # Ana, Bea, Computer 1
    assert draft.seats(T) == ["Ana", "Bea", "Computer 1"] and draft.kinds[2] == "simple"
    draft.remove(0)
    assert draft.seats(T) == ["Bea", "Computer 1"] and draft.helps == [True, True]
    draft.remove(0)
    draft.add_computer(1)  # computers alone: at least one person
    assert draft.error(T) == "Seat at least one person."
    most = GAMES["kartu_sama"].max_players
    for _ in range(most + 2):
        draft.add_computer(len(draft.players))
    assert len(draft.players) == most
    assert setup_data(draft, T).full


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].max_players >= 8])
def test_every_seat_of_a_full_table_has_its_own_colour(game: str) -> None:
    draft = NewMatchForm(game=game, kinds=[])
    for name in ("Ana", "Bea", "Cid", "Dan"):
        draft.add(name, T)
        draft.add_computer(len(draft.players))
    people = People().with_colour("Ana", 0).with_colour("Bea", 1)
    colours = setup_data(draft, T, people).colours
    assert len(colours) == 8 and len(set(colours)) == 8 and set(colours) <= set(PALETTE)
    assert colours[0] == PALETTE[0] and colours[2] == PALETTE[1]
    # the table shows the same colours as the set-up
    assert seat_colours(draft.seats(T), draft.kinds, people) == colours


def test_help_is_saved_per_seat_and_an_older_game_has_it_on(tmp_path: Path) -> None:
    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana", "Bea")
    on_screen(shell, "help-1").on_click(None)  # Bea plays without help
    assert label(on_screen(shell, "help-1")) == "Help off"
    on_screen(shell, "add-computer").on_click(None)
    on_screen(shell, "start").on_click(None)
    key = shell.settings["current_play"]
    saved = shell.store.load_game(key)
    assert [s["help"] for s in saved["seats"]] == [True, False, True]
    doc = GameDoc.from_dict(saved)
    assert [seat_help(doc, s) for s in range(3)] == [True, False, True]
    assert [s["name"] for s in saved["seats"]] == ["Ana", "Bea", "Computer 1"]
    older = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {}, True, 1).to_dict()
    for seat in older["seats"]:
        del seat["help"]  # saved before seats chose their help
    doc = GameDoc.from_dict(older)
    assert seat_help(doc, 0) and seat_help(doc, 1) and seat_help(doc, -1)


@pytest.mark.parametrize("language", ["en", "fr", "id"])
def test_the_seat_chips_speak_each_language(language: str) -> None:
    t = Translator(language)
    draft = NewMatchForm(game="kartu_sama", kinds=[])
    draft.add("Ana", t)
    draft.add_computer(1)
    data = setup_data(draft, t)
    assert data.kinds == ("", t("play.kind.simple")) and data.helps == (True, None)
    assert t("play.add_computer").startswith("+ ") and t("play.help_on") != t("play.help_off")


def test_the_device_set_up_with_computers_passes_the_accessibility_checks(
        tmp_path: Path) -> None:
    from tests.test_a11y import problems

    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana")
    on_screen(shell, "add-computer").on_click(None)
    assert problems(shell.page.views[-1]) == []
    assert on_screen(shell, "help-0").tooltip == (
        "Help for Ana: playable cards lit, and hints")
    assert on_screen(shell, "kind-1").tooltip == "Level of Computer 1: tap to change it"


def test_a_computer_drawn_to_deal_first_is_named(tmp_path: Path) -> None:
    shell = shell_on("/play/new", tmp_path)
    seated(shell, "Ana")
    on_screen(shell, "add-computer").on_click(None)
    told: list[str] = []
    shell.toast = told.append
    while "Computer 1 deals first." not in told:  # a random draw: until the computer's seat
        on_screen(shell, "random-dealer").on_click(None)
        assert len(told) < 100
    assert set(told) <= {"Ana deals first.", "Computer 1 deals first."}
