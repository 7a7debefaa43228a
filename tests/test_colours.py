"""A colour per player on every screen people look at during a game: the set-up's seats, each
game's table, the hand entry, device play; a colour or a name changed on the players screen
shows on the next render."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from app import people, records
from app.i18n import Translator
from app.newmatch import NewMatchForm, setup_data
from app.play import COMPUTER_COLOURS, DevicePlay, new_doc, round_summary
from app.presenters.base import View
from models.errors import MejaError
from models.match import Match
from models.people import PALETTE, People
from models.registry import GAMES
from tests.fakes import FakeShell
from views.between import summary_view
from views.common import find
from views.setup import setup_view

EN = Translator("en")
NAMES = {"kartu_sama": ("Ana", "Bea", "Cid"), "forty_one": ("Ana", "Bea", "Cid"),
         "samba": ("Ana", "Bea", "Cid", "Dan"), "sums": ("Ana", "Bea")}


def own(name: str) -> str:
    """The colour the players screen gives a name nobody chose one for."""
    return PALETTE[People().colour(name)]


def at_table(people: People, names: Sequence[str]) -> list[str]:
    """The colours of ``names`` sitting together (each different: see People.seat_colours)."""
    return [PALETTE[i] for i in people.seat_colours(names)]


def dot(view: Any, key: str) -> str:
    control = find(view, key)
    assert control is not None, key
    assert control.width == control.height == 12 and control.border_radius is not None
    return str(control.bgcolor)


def referee(tmp_path: Path, game: str) -> Any:
    from app.referees import open_match

    shell = FakeShell(tmp_path)
    match = Match.new(NAMES[game], game)
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def seat_dots(game: str, view: Any) -> list[str]:
    """The dots of the seats in seating order (Samba: a side's two players, side by side)."""
    if game == "samba":  # sides: Ana & Cid, Bea & Dan
        return [dot(view, k) for k in ("colour-0-0", "colour-1-0", "colour-0-1", "colour-1-1")]
    return [dot(view, f"colour-{i}") for i in range(len(NAMES[game]))]


@pytest.mark.parametrize("game", sorted(NAMES))
def test_each_table_shows_each_seat_in_its_players_colour(tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    people.colour(ref.host.store, "Bea", 7)
    expected = at_table(records.people(ref.host.store), NAMES[game])
    assert expected[NAMES[game].index("Bea")] == PALETTE[7]
    assert seat_dots(game, ref.view("")) == expected
    if game != "sums":  # Sums has no start: its first card starts it
        ref._act("start")
        view = ref.view("")
        assert seat_dots(game, view) == expected  # under way too
        if game != "samba":  # the seat to play: its dot ringed
            turn = ref.match.table.round.turn if game == "kartu_sama" else ref.match.table.turn
            rings = [find(view, f"mark-{i}").border is not None for i in range(3)]
            assert rings == [i == turn for i in range(3)]


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one"])
def test_the_hand_entry_tabs_and_the_hand_show_the_players_colour(
        tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    people.colour(ref.host.store, "Cid", 2)
    ref._act("start")
    if game == "forty_one":
        ref._act("draw")
        ref._act("draw")
        ref._act("stop")
    ref._act("hands")
    view = ref.view("hands")
    tabs = [str(find(view, f"colour-{i}").bgcolor) for i in range(3)]
    expected = at_table(records.people(ref.host.store), NAMES[game])
    assert tabs == expected and tabs[2] == PALETTE[2]
    assert dot(view, "owner-colour") == expected[ref.entry_seat]
    ref._pick_player(2)
    assert dot(ref.view("hands"), "owner-colour") == PALETTE[2]


def test_a_colour_or_a_name_changed_on_the_players_screen_shows_on_the_next_render(
        tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    store = ref.host.store
    people.colour(store, "Bea", 4)
    assert dot(ref.view(""), "colour-1") == PALETTE[4]
    people.colour(store, "Bea", 9)
    assert dot(ref.view(""), "colour-1") == PALETTE[9]
    people.rename(store, "Bea", "Beatrix")  # the colour goes with the person
    people.colour(store, "Beatrix", 1)
    assert dot(ref.view(""), "colour-1") == PALETTE[1]
    people.colour(store, "Ana", 6)
    with pytest.raises(MejaError):  # both sat at this match: two people, never merged
        people.rename(store, "Beatrix", "Ana")
    view = ref.view("")
    assert (dot(view, "colour-0"), dot(view, "colour-1")) == (PALETTE[6], PALETTE[1])


def test_the_set_up_shows_each_seat_in_its_colour_a_new_name_in_the_one_it_will_get(
        tmp_path: Path) -> None:
    known = People().with_colour("Ana", 5)
    draft = NewMatchForm(game="kartu_sama", players=["Ana", "Zoë Newcomer"])
    data = setup_data(draft, EN, known)
    assert list(data.colours) == at_table(known, ["Ana", "Zoë Newcomer"])
    assert data.colours[0] == PALETTE[5]
    view = setup_view(EN, data, **{k: print for k in (
        "on_game", "on_mode", "on_add", "on_remove", "on_move", "on_dealer",
        "on_random_dealer", "on_option", "on_start", "on_back")})
    assert [dot(view, f"colour-{i}") for i in range(2)] == list(data.colours)
    # what the set-up showed is what the table shows once the match starts
    shell = FakeShell(tmp_path)
    people.colour(shell.store, "Ana", 5)
    from app.referees import open_match

    match = Match.new(["Ana", "Zoë Newcomer"], "kartu_sama")
    ref = open_match(shell, shell.store.create_match(match.setup.to_dict()))
    assert seat_dots("sums", ref.view("")) == list(data.colours)  # two seats


def test_on_the_device_people_keep_their_colour_and_computers_take_a_free_one() -> None:
    draft = NewMatchForm(game="kartu_sama", players=["Ana"], kinds=["person"])
    draft.add_computer(1)  # "Computer 1", in a colour Ana does not show
    data = setup_data(draft, EN, People().with_colour("Ana", 5))
    assert data.players == ("Ana", "Computer 1") and data.colours == (PALETTE[5], PALETTE[3])


def test_device_play_shows_the_colour_of_the_seat_to_play_and_in_the_summary(
        tmp_path: Path) -> None:
    shell = FakeShell(tmp_path)
    people.colour(shell.store, "Bea", 3)
    play = DevicePlay(shell, "k", new_doc("kartu_sama", ["Ana", "Bea", "Computer 1"],
                                    ["person", "person", "simple"], {}, True, 1))
    computer = next(PALETTE[i] for i in COMPUTER_COLOURS if PALETTE[i] not in (own("Ana"),
                                                                               PALETTE[3]))
    assert play.colours() == (own("Ana"), PALETTE[3], computer)
    play.shown = play.state.current_player
    scene = play.presenter.scene(play.state, play.shown, play.seating(), View())
    assert {c.seat: c.colour for c in scene.chairs} == dict(enumerate(play.colours()))

    state = GAMES["kartu_sama"].new_game(3, 3, {"target": 500})
    rng = random.Random(3)
    while not state.results:
        state.apply(rng.choice(state.legal_actions()))
    summary = round_summary("kartu_sama", state, play.names, play.kinds, EN,
                            colours=play.colours())
    shown = summary_view(EN, summary, on_next=print, on_back=print)
    assert [dot(shown, f"colour-{i}") for i in range(3)] == [own("Ana"), PALETTE[3], computer]


def test_the_samba_entry_shows_each_sides_players_and_who_went_out_in_their_colours(
        tmp_path: Path) -> None:
    ref = referee(tmp_path, "samba")
    people.colour(ref.host.store, "Dan", 8)
    ref._act("start")
    ref._act("result")
    view = ref.view("result")
    seats = at_table(records.people(ref.host.store), NAMES["samba"])
    assert [dot(view, f"side-colour-1-{j}") for j in range(2)] == [seats[1], PALETTE[8]]
    assert dot(view, "ending-colour-3-0") == PALETTE[8]
    ref._mode("cards")  # card by card: each hand's chip in its player's colour
    view = ref.view("result")
    assert dot(view, "target-colour-hand-0-0") == seats[0]


def test_the_cover_between_two_people_shows_the_next_ones_colour(tmp_path: Path) -> None:
    shell = FakeShell(tmp_path)
    people.colour(shell.store, "Bea", 3)
    people.colour(shell.store, "Ana", 5)
    play = DevicePlay(shell, "k", new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {},
                                    True, 1))
    seat = play.state.current_player
    view = play.view()
    assert find(view, "pass-to") is not None  # the hand hidden until they tap
    assert find(view, "pass-colour").bgcolor == (PALETTE[5], PALETTE[3])[seat]
