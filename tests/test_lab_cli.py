"""The rule lab's command line: a readable report in the lab screen's words by default, one JSON
object with --json, its mistakes said in a sentence (exit 2), in English or the system's
language."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.simulate import main, option_value

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"game", "players", "games", "moves", "seconds", "us_per_move", "games_per_s"}
STATISTICS = {"seed", "rounds", "averages", "end_conditions", "round_win_rate_by_seat",
              "match_win_rate_by_seat", "first_player_win_rate", "first_player_advantage",
              "histograms", "workers", "seats", "options"}


def run(*args: str, language: str = "C") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return subprocess.run([sys.executable, "-m", "models.simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={**env, "LANG": language})


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
    assert "Playing game 20 of 20…" in done.stderr  # progress, in words


def test_options_reach_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["kartu_sama", "--players", "2", "--games", "5", "--json"]
    assert main([*args, "--option", "mode=victory", "--option", "wins=1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rounds"] == 5  # first to one round win: one round a game
    assert main([*args, "--option", "rounds=2"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 10
    assert [option_value(v) for v in ("on", "No", "12", "loser")] == [True, False, 12, "loser"]


def test_the_report_reads_as_the_lab_screen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kartu_sama", "--players", "2", "--games", "30", "--workers", "1",
                 "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert "{" not in out and "us_per_move" not in out and "Rate(" not in out
    lines = out.splitlines()
    assert lines[:3] == ["Rule lab: Kartu Sama, 2 players, 30 games", "Options: Usual rules",
                         "Seats: Random, Random"]
    assert "Who wins" in lines and "On average" in lines
    at = lines.index("  Seat 1 wins a round")
    assert lines[at + 1].startswith("    ") and "% (± " in lines[at + 1]
    assert any(line.startswith("To know each seat's round win rate within ± 1 percentage point")
               for line in lines)
    assert max(map(len, lines)) <= 90  # wrapped for a terminal


def test_a_comparison_says_each_verdict_allowing_for_every_figure(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kartu_sama", "--games", "60", "--workers", "1", "--language", "en",
                 "--compare", "hand_size=5"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())  # the sentences as said, wrapped or not
    assert "Compared with: Usual rules" in out and "Options: Cards each: 5" in out
    assert "figures stand out of the noise, allowing for 21 comparisons" in flat
    assert "compared game by game, which narrows the margins" in flat
    lines = out.splitlines()
    at = lines.index("  Moves in a round")
    assert lines[at + 1].startswith("    Usual rules: ") and " · " in lines[at + 1]
    verdict = lines[at + 2]
    assert verdict.startswith("    −") and verdict.endswith(": stands out of the noise")
    assert re.search(r"\(± \d+\.\d\), p (= 0\.\d+|< 0\.001): ", verdict)
    assert "percentage points (± " in out and " points (± " not in out.replace(
        "percentage points (± ", "")  # points are game points only
    assert "p = 0.0 " not in out and "p = 0:" not in out


def test_the_report_follows_the_system_language() -> None:
    done = run("forty_one", "--games", "20", "--workers", "1", language="fr_FR.UTF-8")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Labo des règles : 41, 4 joueurs, 20 parties")
    assert "Partie 20 sur 20…" in done.stderr
    english = run("forty_one", "--games", "20", "--workers", "1")
    assert english.stdout.startswith("Rule lab: 41, 4 players, 20 games")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "packs=0"], "Use from 1 to 8 packs of cards."),
        (["--option", "colour=red"], "Unknown option 'colour'. Known options: dealer, "),
        (["--option", "packs=two"], "Option 'packs' is a whole number, not 'two'."),
        (["--option", "jokers=2"], "Option 'jokers' is yes or no (true/false), not 2."),
        (["--players", "7"], "7 players need 57 cards (8 each and one to turn up); a 52-card "
                             "pack has 52."),
        (["--players", "1"], "Kartu Sama is played by 2 to 20 players, not 1."),
        (["--bots", "random,master,simple,simple"],
         "No computer player called 'master'. Choose one of: random, simple, strong, expert"),
        (["--bots", "random,simple"],
         "Name a computer player for each of the 4 seats, not 2."),
    ],
)
def test_mistakes_are_said_in_a_sentence_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kartu_sama", "--games", "1", "--json", "--language", "en", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err and not re.match(r"\w+\(", captured.err)


def test_a_mistake_on_the_command_line_is_one_sentence() -> None:
    done = run("kartu_sama", "--games", "1", "--option", "packs=0")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == "Use from 1 to 8 packs of cards."
    french = run("kartu_sama", "--games", "1", "--bots", "x,x,x,x", language="fr_FR.UTF-8")
    assert french.stderr.strip().startswith("Aucun joueur ordinateur ne s'appelle « x ».")


def test_unknown_game_exits_2() -> None:
    done = run("chess", "--games", "1")
    assert done.returncode == 2
    assert "invalid choice: 'chess'" in done.stderr


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
    assert line["paired"] is True and line["p"] <= line["p_holm"] < 0.05


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
