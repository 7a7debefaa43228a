"""The hand-entry screen that fits a phone (views/hands.py) and its controller (app/tables/entry.py
with the Kartu Sama and 41 referees): the tabs wrap with 8 players and long names, a count that
differs from the table's is said in words and never ticked, "next player" moves on, a hand
complete by the table's count moves on by itself, points are typed instead of cards (marked on
the scoreboard), and the table keeps its counts and pile once play ends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft

from app.i18n import Translator
from models.match import Match, Points
from tests.fakes import FakeShell, texts
from views.common import find
from views.hands import TAB_COLUMNS, HandEntryData, PlayerHand, compact_grid, hands_view

t = Translator("en")
PACK = {r + s: 1 for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        for s in "SHDC"}


class Spy:
    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, args))


class Click:
    def __init__(self, control: Any = None) -> None:
        self.control = control


def view(data: HandEntryData, spy: Spy) -> ft.View:
    return hands_view(t, data, on_player=spy.player, on_card=spy.card, on_undo_card=spy.undo,
                      on_clear=spy.clear, on_save=spy.save, on_back=spy.back, on_next=spy.next,
                      on_type=spy.type, on_points=spy.points, on_typing=spy.typing)


def data(players: tuple[PlayerHand, ...], **kw: Any) -> HandEntryData:
    return HandEntryData(route="/match/m/hands", title="Round 1: hands", players=players,
                         copies=PACK, **{"current": 0, **kw})


def hand(name: str, cards: tuple[str, ...] = (), expected: int | None = None,
         done: bool = False, **kw: Any) -> PlayerHand:
    return PlayerHand(name, cards, 0, f"{len(cards)} cards", expected, done, **kw)


def text(root: Any, key: str) -> str:
    control = find(root, key)
    assert control is not None, key
    return str(control.value)


# -- the screen ---------------------------------------------------------------------------------
def test_eight_tabs_with_long_names_wrap_four_a_row_on_a_phone_three_when_wide() -> None:
    names = [f"{c * 3} Longname-Familyname-{i}"[:24] for i, c in enumerate("ABCDEFGH")]
    assert all(len(n) == 24 for n in names)
    screen = view(data(tuple(hand(n) for n in names)), Spy())
    tabs = find(screen, "tabs")
    assert isinstance(tabs, ft.ResponsiveRow) and len(tabs.controls) == 8
    for i in range(8):
        tab = find(screen, f"player-{i}")
        assert tab.col == TAB_COLUMNS == {"xs": 3, "wide": 4} and tab.height == 48
        name = tab.content.controls[1].controls[0]
        assert name.value == names[i] and name.overflow == ft.TextOverflow.ELLIPSIS
        assert tab.tooltip == names[i]  # the whole name, where a pointer can show it
    assert (400 - 24 - 3 * tabs.spacing) / 4 >= 80  # a phone's tab: a name's first letters


def test_a_count_mismatch_is_said_in_words_and_not_ticked() -> None:
    players = (PlayerHand("Ana", ("AS", "2H", "3C"), 6, "3 cards · 6 points", 10, True),
               hand("Bea", ("KS",), expected=1, done=True))
    screen = view(data(players), Spy())
    assert text(screen, "points-0") == "3 ≠ 10"
    assert text(screen, "off") == "3 entered, 10 counted · 6 points"
    assert find(screen, "hand-summary") is None  # one line says it all
    ana_icon = find(screen, "status-0")
    assert ana_icon.icon == ft.Icons.WARNING_AMBER and ana_icon.color == ft.Colors.ERROR
    assert text(screen, "points-1") == "1/1"
    assert find(screen, "status-1").icon == ft.Icons.CHECK_CIRCLE
    calm = view(data(players, current=1), Spy())
    assert find(calm, "off") is None


def test_next_player_and_the_type_points_switch() -> None:
    spy = Spy()
    screen = view(data((hand("Ana"), hand("Bea")), next=1, can_type=True), spy)
    find(screen, "next").on_click(Click())
    find(screen, "type").on_click(Click())
    assert spy.calls == [("next", ()), ("type", ())]
    assert find(view(data((hand("Ana"), hand("Bea"))), spy), "next") is None


def test_typing_shows_a_numeric_field_that_saves_on_enter() -> None:
    spy = Spy()
    screen = view(data((hand("Ana"), hand("Bea")), typing=True, can_type=True), spy)
    assert find(screen, "grid") is None
    field = find(screen, "points-field")
    assert field.keyboard_type == ft.KeyboardType.NUMBER
    field.value = "17"
    field.on_change(Click(field))  # typed text reaches the controller as it is typed
    field.on_submit(Click(field))
    find(screen, "save-points").on_click(Click())  # the button reads no field
    assert spy.calls == [("typing", ("17",)), ("typing", ("17",)), ("points", ()),
                         ("points", ())]
    assert find(screen, "type").content == "Tap cards"


def test_the_compact_grid_is_eight_rows_of_seven() -> None:
    grid = compact_grid([], PACK, print)
    assert [len(r.controls) for r in grid.controls] == [7] * 8
    jokers = compact_grid([], PACK | {"JK": 2}, print)
    assert len(jokers.controls) == 8 and find(jokers, "card-JK") is not None
    short = {r + s: 1 for r in ("A", "K", "Q", "J", "10", "9", "8", "7") for s in "SHDC"}
    assert len(compact_grid([], short, print).controls) == 8
    assert find(compact_grid([], short, print), "card-2S") is None


# -- the controllers ----------------------------------------------------------------------------
def type_in(ref: Any, text: str) -> None:
    """Type ``text`` in the points field, then tap "Save the points"."""
    ref._typing(text)
    ref._type_points()


def referee(tmp_path: Path, game: str = "kartu_sama", players: int = 4) -> Any:
    from app.referees import open_match

    shell = FakeShell(tmp_path)
    match = Match.new(("Ana", "Bea", "Cid", "Dan")[:players], game)
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def play_until_bea_is_out(ref: Any) -> None:
    """Bea plays her 8 cards; Cid, Dan and Ana draw once each and play 6: four cards each."""
    ref._act("start")
    for turn in range(29):
        ref._act("draw" if turn in (1, 2, 3) else "play")


def test_the_round_over_keeps_the_counts_and_opens_the_hands(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    assert ref.match.table.phase == "ended"
    assert ref.host.route.endswith("/hands")  # straight to the hands
    table = ref._table_data()
    assert [s.cards for s in table.seats] == [4, 0, 4, 4]
    assert table.pile == ref.match.table.round.pile == 52 - 33 - 6


def test_a_hand_complete_by_the_count_moves_on_and_next_player(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    assert ref.entry_seat == 0
    for card in ("KS", "7H", "3D", "2C"):
        ref._tap_card(card)
    assert ref.entry_seat == 2  # Ana's four recorded; Bea went out; Cid next
    assert ref.match.table.round.hands[0] is not None
    ref._tap_card("AH")
    data = ref._hands_data()
    assert data.players[2].off and data.next == 3
    ref._next_player()  # Cid's one card recorded (flagged), Dan shown
    assert ref.entry_seat == 3
    assert "Cid: 1 card entered, the table counted 4." in ref._hands_data().warning
    assert ref._hands_data().players[2].done


def test_typed_points_are_recorded_marked_and_move_on(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    ref._toggle_typing()
    assert ref._hands_data().typing
    type_in(ref, "twelve")
    assert ref.error == "“twelve” is not a number of points."
    type_in(ref, "999")
    assert "999 points cannot be" in ref.error
    type_in(ref, "12")
    assert ref.match.events[-1] == Points(0, 12)
    assert ref.entry_seat == 2 and ref.error == ""
    ref._toggle_typing()
    type_in(ref, "0")
    ref._toggle_typing()
    ref._save_hands()
    assert ref.error == "Type Dan's points first, or tap their cards."
    ref._toggle_typing()  # back to the cards for Dan
    for card in ("QD", "8C", "6H", "2H"):
        ref._tap_card(card)
    ref._save_hands()
    assert ref.host.route.endswith("/score")
    score = ref._score_data()
    assert score.rounds == (("12 *", "0 ★", "0 * ★", "17"),)
    assert score.round_marks == ("",)  # the * beside the points says it, once under the table


def test_typed_points_replaced_by_the_cards(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    ref._toggle_typing()
    type_in(ref, "12")
    ref._pick_player(0)
    assert ref._hands_data().typing  # typed and no card: shown as typed
    ref._toggle_typing()
    assert not ref._hands_data().typing
    for card in ("KS", "7H", "3D", "2C"):
        ref._tap_card(card)
    r = ref.match.table.round
    assert r.typed == {} and r.hands[0] is not None


def test_forty_one_typed_scores(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one", players=3)
    ref._act("start")
    ref._act("stop")  # Ana stops at once
    ref._act("hands")
    for card in ("AS", "KS", "QS", "JS"):
        ref._tap_card(card)
    assert ref.entry_seat == 1
    ref._toggle_typing()
    type_in(ref, "-5")
    assert ref.entry_seat == 2
    ref._toggle_typing()
    type_in(ref, "42")
    assert "from -22 to 41" in ref.error
    type_in(ref, "20")
    ref._save_hands()
    assert ref.host.route.endswith("/score")
    assert ref._score_data().rounds == (("41♠ ★", "-5 * ▼", "20 *"),)
    assert "20 · typed, not checked" in texts(ref.view("score"))


def test_undo_names_the_typed_points(tmp_path: Path) -> None:
    ks = referee(tmp_path / "k")
    play_until_bea_is_out(ks)
    ks._toggle_typing()
    type_in(ks, "12")
    assert ks._undo_text() == "Undo: Ana's points"
    ks.undo()
    assert ks.match.table.round.typed == {}
    fo = referee(tmp_path / "f", "forty_one", players=3)
    fo._act("start")
    fo._act("stop")
    fo._toggle_typing()
    type_in(fo, "33")
    assert fo._undo_text() == "Undo: Ana's score"


# -- typed points reach the state as they are typed (not read from a field) -----------------------
def type_on_screen(ref: Any, text: str) -> None:
    """Type ``text`` in the points field of the screen drawn now (no Enter)."""
    field = find(ref.view("hands"), "points-field")
    field.value = text
    field.on_change(Click(field))


def tap(ref: Any, key: str) -> None:
    """Tap ``key`` on the screen as drawn again now (in the app, a redraw keeps the old controls
    on screen: the button tapped is not the field's neighbour of the same drawing)."""
    button = find(ref.view("hands"), key)
    assert button is not None, key
    button.on_click(Click(button))


def typed_round(ref: Any) -> None:
    """Bea out; Cid's and Dan's points saved; Ana's shown, typed in."""
    play_until_bea_is_out(ref)
    ref._pick_player(2)
    for seat, points in ((2, "5"), (3, "7")):
        assert ref.entry_seat == seat
        ref._toggle_typing()
        type_in(ref, points)
    ref._pick_player(0)
    ref._toggle_typing()


def test_typed_points_then_close_the_round_without_enter(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    typed_round(ref)
    type_on_screen(ref, "9")
    tap(ref, "save")  # "Close the round", Enter never pressed
    assert ref.host.route.endswith("/score"), ref.error
    assert ref.match.table.played[0].typed == {0: 9, 2: 5, 3: 7}


def test_typed_points_then_save_the_points(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    typed_round(ref)
    type_on_screen(ref, "9")
    tap(ref, "save-points")
    assert ref.match.events[-1] == Points(0, 9)


def test_typed_points_then_next_player(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    ref._toggle_typing()
    type_on_screen(ref, "9")
    tap(ref, "next")
    assert ref.match.events[-1] == Points(0, 9) and ref.entry_seat == 2


def test_a_corrected_round_takes_the_points_typed_again(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    typed_round(ref)
    type_on_screen(ref, "8")
    tap(ref, "save")
    assert ref.match.table.played[0].typed[0] == 8
    ref._correct(0)
    assert ref.host.route.endswith("/hands")
    ref._pick_player(0)
    assert find(ref.view("hands"), "points-field").value == "8"
    type_on_screen(ref, "9")
    tap(ref, "save-points")
    tap(ref, "save")
    assert ref.host.route.endswith("/score")
    assert ref.match.table.played[0].typed[0] == 9
    assert ref._score_data().rounds[0][0].startswith("9 *")


def test_points_typed_are_kept_while_other_taps_redraw(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    ref._toggle_typing()
    type_on_screen(ref, "1")
    type_on_screen(ref, "12")
    ref._redraw()
    assert find(ref.view("hands"), "points-field").value == "12"
    assert ref.match.table.round.typed == {}  # typed, not saved until a button says so


def test_points_typed_then_left_for_the_cards_are_not_saved(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    ref._toggle_typing()
    type_on_screen(ref, "9")
    ref._toggle_typing()  # back to the cards: the typed 9 is not what is entered
    tap(ref, "next")
    assert ref.match.table.round.typed == {} and ref.entry_seat == 2


def test_a_double_tap_on_next_player_moves_on_one_player(tmp_path: Path) -> None:
    """Nothing typed: "Next player" records nothing, so the match's version stays; the second
    tap of a double tap lands on the button drawn for the player shown before, and does
    nothing."""
    ref = referee(tmp_path)
    play_until_bea_is_out(ref)
    screen = ref.view("hands")
    button = find(screen, "next")
    seat = ref.entry_seat
    button.on_click(Click(button))
    moved = ref.entry_seat
    assert moved != seat
    button.on_click(Click(button))  # the second tap, on the screen it was made on
    assert ref.entry_seat == moved
    assert find(ref.view("hands"), "next").key != button.key  # a new button, for the new one

