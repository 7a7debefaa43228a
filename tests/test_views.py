"""View builders, headless: build each screen from plain data with spy callbacks, find controls
by key, fire their handlers, and check what they call and show. No page, no event loop."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.i18n import Translator
from views.common import find
from views.hands import HandEntryData, PlayerHand, card_grid, hands_view
from views.history import MatchLine, history_view
from views.home import Unfinished, home_view
from views.scoreboard import ScoreData, Standing, scoreboard_view
from views.settings import settings_view
from views.setup import OptionRow, SetupData, setup_view
from views.stats import PlayerStats, stats_view
from views.table import Action, Seat, TableData, table_view

t = Translator("en")


class Spy:
    """Records every call as (name, args)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record


class Event:
    def __init__(self, control: Any) -> None:
        self.control = control


def click(view: ft.View, key: str) -> None:
    control = find(view, key)
    assert control is not None, f"no control with key {key!r}"
    assert not getattr(control, "disabled", False), f"{key} is disabled"
    control.on_click(Event(control))


def text(view: ft.View, key: str) -> str:
    control = find(view, key)
    assert control is not None, f"no control with key {key!r}"
    return str(control.value)


def test_home_lists_every_unfinished_match_and_a_tap_continues_it() -> None:
    spy = Spy()
    handlers = {k: getattr(spy, k) for k in ("on_new", "on_history", "on_players",
                                              "on_rules", "on_settings", "on_play", "on_lab")}
    idle = home_view(t, unfinished=[], problems=[], on_dismiss=spy.dismiss,
                     on_open=spy.on_open, **handlers)
    assert find(idle, "unfinished") is None
    busy = home_view(t, unfinished=[
        Unfinished("/match/b", "Kartu Sama · round 3", "Ana, Bea", "Last played today"),
        Unfinished("/play/a", "41", "Cid, Dan", "Last played yesterday"),
    ], problems=["boom"], on_dismiss=spy.dismiss, on_open=spy.on_open, **handlers)
    assert text(busy, "resume-title-0") == "Kartu Sama · round 3"
    assert text(busy, "resume-players-1") == "Cid, Dan"
    assert text(busy, "problem-0") == "boom"
    click(busy, "dismiss-0")
    assert spy.calls.pop() == ("dismiss", (0,))
    click(busy, "resume-1")
    assert spy.calls.pop() == ("on_open", ("/play/a",))
    for key in ("new", "play", "history", "players", "rules", "lab", "settings"):
        click(busy, key)
    assert [c[0] for c in spy.calls] == ["on_new", "on_play", "on_history",
                                         "on_players", "on_rules", "on_lab", "on_settings"]


def setup_data(**over: Any) -> SetupData:
    data = dict(
        games=(("kartu_sama", "Kartu Sama"),), game="kartu_sama",
        modes=(("points", "Points game"), ("victory", "Victory game")), mode="points",
        players=("Ana", "Bea", "Cid"), known=("Dan",), dealer=0,
        options=(OptionRow("target", "int", 100, "Target", "help", 10, 1000, 10),
                 OptionRow("jokers", "bool", False, "Joker variant", "help")),
    )
    data.update(over)
    return SetupData(**data)  # type: ignore[arg-type]


def setup_handlers(spy: Spy) -> dict[str, Any]:
    names = ("on_game", "on_mode", "on_add", "on_remove", "on_move", "on_dealer",
             "on_random_dealer", "on_option", "on_start", "on_back")
    return {k: getattr(spy, k) for k in names}


def test_setup_steppers_seats_and_start() -> None:
    spy = Spy()
    view = setup_view(t, setup_data(), **setup_handlers(spy))
    click(view, "opt-target-minus")
    click(view, "opt-target-plus")
    click(view, "down-0")
    click(view, "remove-2")
    click(view, "known-Dan")
    click(view, "start")
    assert spy.calls == [
        ("on_option", ("target", 90)), ("on_option", ("target", 110)), ("on_move", (0, 1)),
        ("on_remove", (2,)), ("on_add", ("Dan",)), ("on_start", ()),
    ]
    assert find(view, "up-0").disabled and find(view, "down-2").disabled


def test_setup_shows_the_reason_and_blocks_start() -> None:
    view = setup_view(t, setup_data(error="9 players need 73 cards"), **setup_handlers(Spy()))
    assert text(view, "error") == "9 players need 73 cards"
    assert find(view, "start").disabled


def test_setup_switch_reports_its_value() -> None:
    spy = Spy()
    view = setup_view(t, setup_data(), **setup_handlers(spy))
    switch = find(view, "opt-jokers")
    switch.value = True
    switch.on_change(Event(switch))
    assert spy.calls == [("on_option", ("jokers", True))]


def table_data(**over: Any) -> TableData:
    data = dict(
        route="/match/x", title="Round 1", prompt="Bea to play", detail="Bea owes 2 more cards",
        seats=(Seat("Ana", 8, True, False, "0 pts"),
               Seat("Bea", 7, False, True, "0 pts", "owes 2")),
        pile=27, top="QD", warning="This draw empties the draw pile",
        actions=(Action("pay", "Paid one card (2 owed)"), Action("fail", "Could not pay: draw 4"),
                 Action("out", "Bea went out", small=True)),
        undo="Undo: Bea's joker",
    )
    data.update(over)
    return TableData(**data)  # type: ignore[arg-type]


def test_table_buttons_call_their_action() -> None:
    spy = Spy()
    view = table_view(t, table_data(), on_action=spy.act, on_undo=spy.undo,
                      on_scores=spy.scores, on_back=spy.back)
    assert text(view, "prompt") == "Bea to play"
    assert text(view, "detail") == "Bea owes 2 more cards"
    assert text(view, "pile") == "27"
    assert text(view, "count-1") == "7"
    for key in ("act-pay", "act-fail", "act-out", "undo", "scores"):
        click(view, key)
    assert spy.calls == [("act", ("pay",)), ("act", ("fail",)), ("act", ("out",)),
                         ("undo", ()), ("scores", ())]


def test_table_undo_disabled_when_nothing_to_undo() -> None:
    view = table_view(t, table_data(undo=""), on_action=print, on_undo=print, on_scores=print,
                      on_back=print)
    assert find(view, "undo").disabled


def test_card_grid_holds_only_the_cards_of_the_pack() -> None:
    short = {r + s: 1 for r in ("A", "K", "Q", "J", "10", "9", "8", "7") for s in "SHDC"}
    grid = card_grid(["AS"], short, print)
    assert find(grid, "card-AS") is not None
    assert find(grid, "card-2S") is None
    assert find(grid, "card-JK") is None
    assert find(card_grid([], {**short, "JK": 2}, print), "card-JK") is not None


def test_hand_entry_taps_and_summary() -> None:
    spy = Spy()
    copies = {r + s: 1 for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
              for s in "SHDC"}
    data = HandEntryData(
        route="/match/x/hands", title="Round 1: hands",
        players=(PlayerHand("Ana", ("AS", "AH"), 22, "2 cards · 22 points", 5, True),
                 PlayerHand("Bea", (), 0, "0 cards · 0 points", None, False, out=True)),
        current=0, copies=copies, error="The pack holds 1 × AS: Ana already has it.",
    )
    view = hands_view(t, data, on_player=spy.player, on_card=spy.card, on_undo_card=spy.undo,
                      on_clear=spy.clear, on_save=spy.save, on_back=spy.back)
    assert text(view, "off") == "2 entered, 5 counted · 22 points"
    assert text(view, "error") == "The pack holds 1 × AS: Ana already has it."
    assert text(view, "points-1") == "out"
    click(view, "card-KD")
    click(view, "player-1")
    click(view, "undo-card")
    click(view, "save")
    assert spy.calls == [("card", ("KD",)), ("player", (1,)), ("undo", ()), ("save", ())]


def test_scoreboard_continue_or_rematch() -> None:
    data = ScoreData(
        route="/match/x/score", title="Scores", headline="Cid wins the match!",
        names=("Ana", "Cid"), rounds=(("22", "1 ★"),), totals=("22 pts", "1 pt"),
        places=(Standing(1, "Cid", "1 pt", "Cid: lowest total, 1 point"),
                Standing(2, "Ana", "22 pts", "")),
        round_notes=("Cid won the round",), series=((22,), (1,)), next_dealer="",
        finished=True, playing=False,
    )
    spy = Spy()
    view = scoreboard_view(t, data, on_continue=None, on_rematch=spy.rematch, on_home=spy.home,
                           on_back=spy.back)
    assert text(view, "headline") == "Cid wins the match!"
    assert find(view, "continue") is None
    assert find(view, "totals-chart") is not None
    click(view, "rematch")
    click(view, "home")
    assert spy.calls == [("rematch", ()), ("home", ())]


def test_history_open_and_delete() -> None:
    spy = Spy()
    lines = [MatchLine("m1", "Kartu Sama · 2026-11-22", "Ana, Bea", "Bea won", True)]
    view = history_view(t, lines, on_open=spy.open, on_delete=spy.delete, on_back=spy.back)
    click(view, "match-m1")
    click(view, "delete-m1")
    assert spy.calls == [("open", ("m1",)), ("delete", ("m1",))]
    empty = history_view(t, [], on_open=print, on_delete=print, on_back=print)
    assert text(empty, "empty") == t("history.empty")


def test_stats_table_and_chart() -> None:
    rows = [PlayerStats("Ana", 4, 3, 1, 0.75, 6, 10.5, 2, 30)]  # a shared win is a whole win
    view = stats_view(t, games=[("kartu_sama", "Kartu Sama")], game="kartu_sama", rows=rows,
                      lower_is_better=True, on_game=print, on_back=print)
    assert find(view, "stats-chart") is not None
    assert text(view, "wins-0") == "3 (75%)\n1 shared"
    assert text(view, "average-0") == "10.5"


def test_settings_language_choice() -> None:
    spy = Spy()
    view = settings_view(t, language="system", languages={"en": "English", "fr": "Français"},
                         theme="dark", data_dir="/data", on_language=spy.language,
                         on_theme=spy.theme, on_back=spy.back)
    group = find(view, "language")
    group.value = "fr"
    group.on_change(Event(group))
    assert spy.calls == [("language", ("fr",))]
    assert find(view, "theme").value == "dark"


def test_the_lab_says_players_once_the_count_beside_the_seats_heading() -> None:
    """The number of players and the heading over each seat's kind were both "Players"."""
    from types import SimpleNamespace

    from app.lab import Lab
    from tests.fakes import texts

    for language in ("en", "fr", "id"):
        tr = Translator(language)
        shown = texts(Lab(SimpleNamespace(t=tr)).view()).splitlines()  # type: ignore[arg-type]
        assert shown.count(tr("lab.players")) == 1, language
        assert tr("lab.count") in shown and tr("lab.count") != tr("lab.players")
