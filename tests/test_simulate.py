"""The self-play simulator: its command line, its JSON report and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models.simulate import NICE, bin_width, histogram, main, simulate

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"game", "players", "games", "moves", "seconds", "us_per_move", "games_per_s"}
STATISTICS = {
    "seed",
    "rounds",
    "rounds_per_game",
    "round_length",
    "points",
    "end_conditions",
    "round_win_rate_by_seat",
    "match_win_rate_by_seat",
    "first_player_advantage",
    "histograms",
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "models.simulate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_prints_one_json_object() -> None:
    done = run("kartu_sama", "--players", "3", "--games", "20", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert set(report) >= KEYS | STATISTICS
    assert (report["game"], report["players"], report["games"]) == ("kartu_sama", 3, 20)
    assert report["seed"] == 4
    assert report["moves"] > 0
    assert report["seconds"] > 0
    assert report["us_per_move"] > 0
    assert report["games_per_s"] > 0
    assert report["rounds"] >= 20
    assert len(report["round_win_rate_by_seat"]) == 3
    assert len(report["match_win_rate_by_seat"]) == 3
    for spread in ("rounds_per_game", "round_length", "points"):
        assert set(report[spread]) == {"min", "mean", "median", "max", "stdev"}


def test_report_adds_up() -> None:
    report = simulate("kartu_sama", 4, 30, seed=2)
    assert report["rounds_per_game"]["min"] >= 1
    length = report["round_length"]
    assert length["mean"] * report["rounds"] == pytest.approx(
        report["moves"], abs=0.01 * report["rounds"]
    )
    assert sum(report["end_conditions"].values()) == pytest.approx(1, abs=1e-3)
    assert set(report["end_conditions"]) <= {"out", "pile"}
    assert sum(report["round_win_rate_by_seat"]) >= 1 - 1e-3
    assert sum(report["match_win_rate_by_seat"]) == pytest.approx(1, abs=1e-3)
    assert report["points"]["min"] == 0  # whoever goes out scores nothing
    assert report["us_per_move"] == pytest.approx(
        report["seconds"] / report["moves"] * 1e6, rel=0.05
    )


def test_same_seed_same_games() -> None:
    a = simulate("kartu_sama", 3, 15, seed=9, options={"jokers": True})
    b = simulate("kartu_sama", 3, 15, seed=9, options={"jokers": True})
    timing = {"seconds", "us_per_move", "games_per_s"}
    assert {k: v for k, v in a.items() if k not in timing} == {
        k: v for k, v in b.items() if k not in timing
    }


def test_options_reach_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["kartu_sama", "--players", "2", "--games", "5", "--json"]
    assert main([*args, "--option", "mode=victory", "--option", "wins=1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rounds"] == 5  # first to one round win: one round a game
    assert main([*args, "--option", "rounds=2"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 10


def test_plain_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kartu_sama", "--players", "2", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "us_per_move:" in out
    assert "game: kartu_sama" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "packs=0"], "error: setup_packs(most=8)"),
        (["--option", "colour=red"], "error: setup_unknown_option(key='colour', known="),
        (["--option", "packs=two"], "error: setup_option_int(key='packs', value=\"'two'\")"),
        (["--option", "jokers=2"], "error: setup_option_bool(key='jokers', value='2')"),
        (["--players", "7"], "error: setup_deal_one(players=7, need=57, each=8, have=52"),
        (["--players", "1"],
         "error: setup_players(game='Kartu Sama', low=2, high=20, players=1)"),
    ],
)
def test_bad_options_give_a_clear_error_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kartu_sama", "--games", "1", "--json", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert "Traceback" not in captured.err


def test_bad_options_on_the_command_line() -> None:
    done = run("kartu_sama", "--games", "1", "--option", "packs=0")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == "error: setup_packs(most=8)"


def test_unknown_game_exits_2() -> None:
    done = run("chess", "--games", "1")
    assert done.returncode == 2
    assert "invalid choice: 'chess'" in done.stderr


@given(st.lists(st.integers(-500, 5000), max_size=300), st.integers(1, 20))
def test_histogram_counts_every_value_once_in_round_bins(values: list[int], most: int) -> None:
    bins = histogram(values, most)
    assert sum(b.count for b in bins) == len(values)
    assert len(bins) <= most + 1  # the first bin starts on a round number below the lowest
    width = bins[0].high - bins[0].low + 1 if bins else 1
    assert int(str(width)[0]) in NICE and set(str(width)[1:]) <= {"0"}
    for b, after in zip(bins, bins[1:], strict=False):
        assert after.low == b.high + 1 and after.high - after.low + 1 == width
    for v in values:
        assert sum(b.low <= v <= b.high for b in bins) == 1
    assert histogram([]) == ()


@given(st.integers(1, 10**6), st.integers(1, 30))
def test_bin_width_is_the_smallest_round_one_that_covers_the_span(span: int, most: int) -> None:
    width = bin_width(span, most)
    assert width * most >= span
    smaller = [w for w in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10**4,
                           2 * 10**4, 5 * 10**4, 10**5) if w < width]
    assert all(w * most < span for w in smaller)


def test_the_report_has_the_games_distributions() -> None:
    report = simulate("kartu_sama", 4, 40, seed=3)
    shapes = report["histograms"]
    assert sum(c for _, _, c in shapes["rounds_per_game"]) == 40
    assert sum(c for _, _, c in shapes["round_length"]) == report["rounds"]
    assert sum(c for _, _, c in shapes["points"]) == report["rounds"] * 4
    json.dumps(report)
