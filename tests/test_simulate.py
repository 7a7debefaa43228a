"""The self-play simulator: its command line, its JSON report and its errors."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models import simulate as tally
from models.report import Timing, compare, report, timing
from models.simulate import (
    NICE,
    Spec,
    bin_width,
    histogram,
    main,
    simulate,
    simulate_pair,
    to_dict,
)
from models.tally import play

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"game", "players", "games", "moves", "seconds", "us_per_move", "games_per_s"}
STATISTICS = {
    "seed",
    "rounds",
    "averages",
    "end_conditions",
    "round_win_rate_by_seat",
    "match_win_rate_by_seat",
    "first_player_win_rate",
    "first_player_advantage",
    "histograms",
    "workers",
    "seats",
    "options",
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
    for rate in report["round_win_rate_by_seat"]:
        assert rate["low"] <= rate["value"] <= rate["high"] and rate["games_needed"] > 0
    for key in ("rounds_per_game", "round_length", "points", "game_length", "winning_points",
                "figure.jokers", "figure.debts_paid", "figure.debts_failed", "figure.one_card",
                "figure.pile_ends"):
        mean = report["averages"][key]
        assert set(mean) >= {"value", "low", "high", "min", "median", "max", "sd", "n"}, key
    assert "20/20 games" in done.stderr  # progress


def test_report_adds_up() -> None:
    report = simulate("kartu_sama", 4, 30, seed=2)
    averages = report.averages
    assert averages["rounds_per_game"].min >= 1
    length = averages["round_length"]
    assert length.value * report.rounds == pytest.approx(report.moves)
    assert averages["game_length"].value * report.games == pytest.approx(report.moves)
    assert sum(r.value for r in report.end_conditions.values()) == pytest.approx(1)
    assert set(report.end_conditions) <= {"out", "pile"}
    assert sum(r.value for r in report.round_win_rate_by_seat) >= 1 - 1e-9
    assert sum(r.value for r in report.match_win_rate_by_seat) == pytest.approx(1)
    assert averages["points"].min == 0  # whoever goes out scores nothing
    assert averages["figure.pile_ends"].total == report.end_conditions["pile"].hits
    first, advantage = report.first_player_win_rate, report.first_player_advantage
    assert first is not None and advantage is not None
    assert advantage.value == pytest.approx(first.value - 1 / 4)


def test_same_seed_same_games() -> None:
    a = simulate("kartu_sama", 3, 15, seed=9, options={"jokers": True})
    b = simulate("kartu_sama", 3, 15, seed=9, options={"jokers": True})
    timing = {"seconds", "us_per_move", "games_per_s"}
    da, db = to_dict(a), to_dict(b)
    assert {k: v for k, v in da.items() if k not in timing} == {
        k: v for k, v in db.items() if k not in timing
    }


@pytest.fixture
def eager(monkeypatch: pytest.MonkeyPatch) -> None:
    """Processes for any run, however short (one game played here first)."""
    monkeypatch.setattr(tally, "PILOT", 0.0)
    monkeypatch.setattr(tally, "WORTH", 0.0)


@pytest.mark.usefixtures("eager")
def test_one_worker_or_two_give_the_same_figures() -> None:
    spec = Spec("kartu_sama", 4, {"jokers": True}, ("random",) * 4, seed=5)
    one, used_one = tally.run(spec, 60, workers=1)
    two, used_two = tally.run(spec, 60, workers=2)
    assert (used_one, used_two) == (1, 2)
    assert one.same(two) and one.games == 60


def test_games_are_played_the_same_in_any_chunk() -> None:
    spec = Spec("forty_one", 3, seed=11)
    whole = play(spec, 0, 30)
    parts = play(spec, 0, 7)
    for start, count in ((7, 13), (20, 10)):
        parts.merge(play(spec, start, count))
    assert whole.same(parts)


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
    shapes = report.histograms
    assert sum(b.count for b in shapes["rounds_per_game"]) == 40
    assert sum(b.count for b in shapes["round_length"]) == report.rounds
    assert sum(b.count for b in shapes["points"]) == report.rounds * 4
    json.dumps(to_dict(report), allow_nan=False)


def test_a_smaller_hand_stands_out_of_the_noise() -> None:
    base = Spec("kartu_sama", 4, {}, seed=1)
    small = Spec("kartu_sama", 4, {"hand_size": 5}, seed=1)
    lines = {line.key: line for line in simulate_pair(base, small, 150).lines}
    length = lines["averages.round_length"]
    assert length.stands_out and length.diff < 0 and length.high < 0
    assert length.a == pytest.approx(length.b - length.diff)
    assert lines["averages.rounds_per_game"].stands_out  # fewer points a round: longer games


def test_the_same_rules_with_other_seeds_rarely_stand_out() -> None:
    """Reruns of the same options on other seeds: about one figure in twenty stands out."""
    flagged = total = 0
    for k in range(8):
        a = simulate("forty_one", 4, 150, seed=1000 * k)
        b = simulate("forty_one", 4, 150, seed=1000 * k + 500)
        lines = compare(a, b).lines
        flagged += sum(line.stands_out for line in lines)
        total += len(lines)
    assert total > 100 and flagged / total < 0.10


def test_cli_compares_a_variant_with_the_base(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kartu_sama", "--games", "60", "--workers", "1", "--json",
                 "--compare", "hand_size=5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"]["options"] == {} and data["b"]["options"] == {"hand_size": 5}
    keys = {line["key"] for line in data["lines"]}
    assert {"averages.round_length", "round_win_rate_by_seat.0", "first_player_win_rate",
            "averages.figure.one_card"} <= keys
    line = next(x for x in data["lines"] if x["key"] == "averages.round_length")
    assert line["stands_out"] is True and line["low"] <= line["diff"] <= line["high"]


@pytest.mark.usefixtures("eager")
def test_progress_counts_every_game_once_across_processes() -> None:
    seen: list[int] = []
    report = simulate("forty_one", 3, 50, workers=2, progress=seen.append)
    assert report.workers == 2 and seen[0] == 1 and seen[-1] == 50 and seen == sorted(seen)


def test_progress_can_stop_a_run() -> None:
    class Stop(Exception):
        pass

    def progress(done: int) -> None:
        if done == 3:
            raise Stop

    with pytest.raises(Stop):
        simulate("forty_one", 4, 50, progress=progress)


def test_a_short_run_is_played_here_without_processes() -> None:
    report = simulate("forty_one", 3, 40, workers=2)
    assert report.workers == 1 and report.games == 40


@pytest.mark.usefixtures("eager")
def test_where_processes_cannot_start_the_games_are_played_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_args: object, **_kw: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", broken)
    report = simulate("forty_one", 3, 40, workers=2)
    assert report.workers == 1 and report.games == 40


def test_cores_is_one_without_sem_open(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys as system

    monkeypatch.setitem(system.modules, "multiprocessing.synchronize", None)
    assert tally.cores() == 1


def test_the_games_needed_follow_the_margin_asked(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["forty_one", "--games", "200", "--workers", "1", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--margin", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert (one["margin"], two["margin"]) == (0.01, 0.02)
    need = [r["games_needed"] for r in one["match_win_rate_by_seat"]]
    half = [r["games_needed"] for r in two["match_win_rate_by_seat"]]
    assert all(abs(n / h - 4) < 0.01 for n, h in zip(need, half, strict=True))  # 1/m²
    rate = one["match_win_rate_by_seat"][0]["value"]
    assert need[0] == math.ceil(1.959964**2 * rate * (1 - rate) / 0.01**2)


WHOLE = play(Spec("forty_one", 3, seed=21), 0, 40)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 39), max_size=6, unique=True), st.randoms())
def test_any_split_of_the_seeds_merged_in_any_order_is_the_whole(
    cuts: list[int], rng: random.Random,
) -> None:
    ends = [0, *sorted(cuts), 40]
    parts = [play(Spec("forty_one", 3, seed=21), a, b - a) for a, b in zip(ends, ends[1:],
                                                                           strict=False)]
    rng.shuffle(parts)
    total = parts[0]
    for part in parts[1:]:
        total.merge(part)
    assert total.same(WHOLE)


def test_each_level_s_decisions_are_timed_and_add_up_across_chunks() -> None:
    """Each computer level's decisions with a choice are timed; chunks merged hold every
    decision once, and the timing alone differs between runs (it is not part of equality)."""
    spec = Spec("sums", 2, {}, ("simple", "random"), seed=3)
    whole = play(spec, 0, 4)
    parts = play(spec, 0, 1)
    parts.merge(play(spec, 1, 3))
    assert whole.same(parts)
    assert sum(whole.times["simple"].values()) == sum(parts.times["simple"].values()) > 0
    assert sum(whole.times["random"].values()) > 0
    timed = report(spec, whole, 1.0, 1).decision_ms
    assert list(timed) == ["random", "simple"]
    simple = timed["simple"]
    assert simple.decisions == sum(whole.times["simple"].values())
    assert 0 <= simple.median_ms <= simple.p95_ms <= simple.max_ms


def test_timing_reads_the_median_95th_percentile_and_longest() -> None:
    counts = Counter({1000: 50, 2000: 45, 9000: 4, 30000: 1})  # microseconds
    assert timing(counts) == Timing(100, 1.0, 2.0, 30.0)
    assert timing(Counter()) == Timing(0, 0.0, 0.0, 0.0)


def test_simulate_reports_the_expert_s_win_rate_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sums", "--players", "2", "--games", "1", "--bots", "expert,simple",
                 "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == ["expert", "simple"]
    rate = data["match_win_rate_by_seat"][0]
    assert rate["n"] == 1 and rate["low"] <= rate["value"] <= rate["high"]
    assert set(data["decision_ms"]) == {"expert", "simple"}
    assert data["decision_ms"]["expert"]["decisions"] > 0
