"""The rule lab's controller and screen, headless: each seat's computer level in one tap, every
seat at once, the comparison offered only when the rules differ, the results in plain words with
their margins, and the CSV and the picture they save."""

from __future__ import annotations

import csv
import io
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

from app.i18n import Translator
from app.lab import Lab, workers_for
from app.lab_export import csv_text
from app.lab_picture import png
from models.simulate import Spec, cores, simulate, simulate_pair
from tests.fakes import texts
from views.common import find


class Event:
    def __init__(self, control: Any) -> None:
        self.control = control


def lab(language: str = "en") -> Lab:
    shell = SimpleNamespace(t=Translator(language), refresh=lambda: None, go=lambda _r: None)
    return Lab(shell)  # type: ignore[arg-type]


def select(lab: Lab, key: str, value: str) -> None:
    control = find(lab.view(), key)
    control.selected = [value]
    control.on_change(Event(control))


def test_every_seat_plays_quick_by_default_one_tap_changes_one_and_all_change_all() -> None:
    it = lab()
    assert it.kinds == ["simple"] * 4
    assert find(it.view(), "lab-every").selected == ["simple"]
    select(it, "lab-seat-2", "strong")
    assert it.kinds == ["simple", "simple", "strong", "simple"]
    view = it.view()
    assert find(view, "lab-every").selected == []  # mixed: no level lit for all
    assert "fifth of a second" in texts(view)  # a strong seat is slow: said
    select(it, "lab-every", "random")
    assert it.kinds == ["random"] * 4
    it._option("players", 6)
    assert it.kinds == ["random"] * 6 and find(it.view(), "lab-seat-5") is not None


def test_a_run_keeps_the_rules_it_was_started_with() -> None:
    """While games are played the rules, the game and the seats are shown and cannot change
    (a tap on a screen drawn before the run changes nothing): the results are those rules'."""
    it = lab()
    it.running = True
    view = it.view()
    assert find(view, "lab-game").disabled and find(view, "lab-players").disabled
    select(it, "lab-seat-1", "strong")
    select(it, "lab-every", "random")
    it._option("jokers", True)
    it._option("players", 3)
    it._game("samba")
    it._keep()
    assert (it.game, it.options, it.players, it.kinds, it.base) == (
        "kartu_sama", {}, 4, ["simple"] * 4, None)
    it.running = False
    assert not find(it.view(), "lab-players").disabled


def test_comparing_needs_rules_that_differ_from_the_base() -> None:
    it = lab()
    assert find(it.view(), "lab-compare").disabled
    assert "Change an option" in texts(it.view())
    it._option("jokers", True)
    button = find(it.view(), "lab-compare")
    assert not button.disabled and "usual rules" in texts(it.view())


def test_results_in_plain_words_with_their_margins() -> None:
    it = lab()
    it.result = simulate("kartu_sama", 4, 120, options={"jokers": True})
    shown = texts(it.view())
    assert "µs" not in shown and "advantage" not in shown
    assert "The player who starts a round wins it" in shown
    assert "To know each seat's round win rate within ± 1 percentage point, play about" in shown
    assert "Seat 1 wins a round" in shown and "Jokers played" in shown
    assert "Joker debts not paid (the player drew instead)" in shown
    value = find(it.view(), "lab-value-round_win_rate_by_seat.0").value
    assert value.endswith(")") and "% (± " in value


def test_a_comparison_says_what_stands_out() -> None:
    it = lab("fr")
    it.options = {"hand_size": 5}
    it.result = simulate_pair(Spec("kartu_sama", 4, {}, ("random",) * 4),
                              Spec("kartu_sama", 4, {"hand_size": 5}, ("random",) * 4), 120)
    view = it.view()
    said = find(view, "lab-diff-averages.round_length").value
    assert said.startswith("−") and said.endswith("sort du bruit") and ", p " in said
    shown = texts(view)
    assert "Règles habituelles : " in shown and "Règles habituelles: " not in shown
    assert "%" in shown and "," in shown and "." not in said  # French marks
    assert "Côte à côte" in texts(view)


def test_the_csv_holds_every_figure_with_its_interval() -> None:
    it = lab()
    it.result = simulate("forty_one", 4, 80)
    sheet = it.sheet()
    assert sheet is not None
    rows = list(csv.reader(io.StringIO(csv_text(sheet, it.t))))
    assert rows[0] == ["Figure", "Key", "Unit", "Value", "Low (95%)", "High (95%)", "Game",
                       "Games played", "Seats", "Options"]
    assert all(len(row) == len(rows[0]) for row in rows)  # one table: a value per column
    table = {row[1]: row for row in rows[1:]}
    assert {"round_win_rate_by_seat.0", "averages.figure.stops", "averages.winning_points",
            "first_player_win_rate"} <= set(table)
    for row in table.values():
        value, low, high = map(float, row[3:6])
        assert low <= value <= high
        assert row[6:] == ["41", "80", "Random, Random, Random, Random", "Usual rules"]
    assert table["averages.points"][2] == "game points"
    assert table["round_win_rate_by_seat.0"][2] == "share of rounds (0 to 1)"
    assert table["match_win_rate_by_seat.0"][2] == "share of matches (0 to 1)"


def test_a_comparison_csv_has_both_runs_the_difference_and_p() -> None:
    it = lab()
    it.options = {"hand_size": 5}
    it.result = simulate_pair(Spec("kartu_sama", 3), Spec("kartu_sama", 3, {"hand_size": 5}), 60)
    sheet = it.sheet()
    assert sheet is not None
    rows = list(csv.reader(io.StringIO(csv_text(sheet, it.t))))
    assert rows[0][3:16] == [
        "Base", "Base low (95%)", "Base high (95%)", "Variant", "Variant low (95%)",
        "Variant high (95%)", "Difference", "Difference low (95%)", "Difference high (95%)",
        "p-value", "p-value allowing for every figure (Holm)", "Compared game by game",
        "Verdict"]
    assert rows[0][16:] == ["Game", "Games played", "Seats", "Options", "Base options"]
    assert len(set(rows[0])) == len(rows[0])  # every column its own name
    assert all(len(row) == len(rows[0]) for row in rows)
    line = next(r for r in rows if r[1:2] == ["averages.round_length"])
    base, base_low, base_high, value, low, high, diff, d_low, d_high = map(float, line[3:12])
    assert base_low <= base <= base_high and low <= value <= high
    assert d_low <= diff <= d_high < 0 and diff == pytest.approx(value - base, abs=1e-5)
    assert line[14] == "yes" and line[19:] == ["Cards each: 5", "Usual rules"]
    assert any(r[12] == "< 0.001" for r in rows)  # too small to print: never 0
    verdicts = {r[15] for r in rows[1:]}
    assert verdicts == {"stands out of the noise", "within the noise"}
    for row in rows[1:]:
        raw, holm = row[12:14]
        for p in (raw, holm):  # three decimals or "< 0.001", never 0
            assert p == "< 0.001" or (len(p) == 5 and 0.001 <= float(p) <= 1)
        assert row[15] == ("stands out of the noise" if holm == "< 0.001" or float(holm) < 0.05
                           else "within the noise")


def test_the_picture_decodes() -> None:
    it = lab("id")
    it.result = simulate("sums", 2, 40)
    sheet = it.sheet()
    assert sheet is not None
    image = Image.open(io.BytesIO(png(sheet, it.t)))
    assert image.format == "PNG" and image.width == 800 and image.height > 1200


def test_a_phone_plays_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLET_PLATFORM", "android")
    assert workers_for() == 1
    monkeypatch.delenv("FLET_PLATFORM")
    assert workers_for() == cores()


def test_kept_rules_become_the_base_to_compare_with() -> None:
    it = lab()
    it.options = {"jokers": True}
    it.result = simulate("kartu_sama", 4, 20, options={"jokers": True})
    assert find(it.view(), "lab-keep").content == "Keep these rules to compare with"
    find(it.view(), "lab-keep").on_click(None)
    assert it.base == {"jokers": True}
    shown = texts(it.view())
    assert "Change an option to compare it with the kept rules." in shown
    assert find(it.view(), "lab-compare").disabled
    it._option("hand_size", 6)
    assert find(it.view(), "lab-compare").content == "Compare with the kept rules"
    it.result = simulate("kartu_sama", 4, 20, options={"jokers": True})
    it.options = {"jokers": True}
    find(it.view(), "lab-keep").on_click(None)  # "Compare with the usual rules again"
    assert it.base is None
