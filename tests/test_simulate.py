"""The self-play simulator: its report, its tallies that merge whatever the workers, each game's
own sums, comparisons game by game on the same seeds, and how rarely rules that change nothing
seem to."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models import simulate as tally
from models.report import Comparison, Timing, compare, report, spans, timing
from models.simulate import (
    NICE,
    Spec,
    bin_width,
    histogram,
    simulate,
    simulate_pair,
    to_dict,
)
from models.tally import SHARE, Tally, play


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


def test_each_games_sums_add_up_to_the_tally() -> None:
    spec = Spec("kartu_sama", 4, {"jokers": True}, seed=7)
    whole = play(spec, 0, 40)
    rows = whole.per_game
    assert sorted(rows.rows) == list(range(40))

    def total(key: str) -> int:
        return sum(rows.column(key, range(40)))

    assert (total("moves"), total("rounds")) == (whole.moves, whole.rounds)
    assert total("round_moves") == sum(v * c for v, c in whole.values["round_length"].items())
    assert total("points") == sum(v * c for v, c in whole.values["points"].items())
    assert [total(f"round_wins.{s}") for s in range(4)] == whole.round_wins
    assert [total(f"match_wins.{s}") for s in range(4)] == whole.match_wins
    assert (total("first_rounds"), total("first_wins")) == (whole.first_rounds, whole.first_wins)
    assert {k: total(f"ends.{k}") for k in whole.ends} == dict(whole.ends)
    assert total("figure.jokers") == sum(v * c for v, c in
                                          whole.values["figure.jokers"].items())
    assert all(sum(rows.column(f"match_wins.{s}", [g])[0] for s in range(4)) == SHARE
               for g in range(40))  # each game's win is shared out whole


def test_games_sums_merge_in_any_order_whatever_keys_each_chunk_saw() -> None:
    """A chunk that never saw an ending has no column for it: merged, it counts 0 there."""
    parts = [play(Spec("forty_one", 3, seed=21), s, 4) for s in range(0, 40, 4)]
    assert len({p.per_game.keys for p in parts}) > 1  # chunks saw other winners, endings
    forward, backward = Tally(3), Tally(3)
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    assert forward.per_game == backward.per_game == WHOLE.per_game


def test_a_variant_on_the_same_seeds_is_compared_game_by_game() -> None:
    """A higher target keeps every deal: game by game, the differences are far steadier than
    two independent runs would say (the same figures, tighter intervals)."""
    base = Spec("kartu_sama", 4, {}, seed=3)
    longer = Spec("kartu_sama", 4, {"target": 120}, seed=3)
    paired = simulate_pair(base, longer, 300)
    apart = compare(paired.a, paired.b)  # the same runs taken as independent
    assert all(line.paired for line in paired.lines)
    assert not any(line.paired for line in apart.lines)
    by_key = {line.key: line for line in apart.lines}
    for line in paired.lines:
        other = by_key[line.key]
        assert line.diff == pytest.approx(other.diff) == pytest.approx(line.b - line.a)
        assert line.low <= line.diff <= line.high
    for key in ("averages.game_length", "averages.round_length", "averages.points",
                "round_win_rate_by_seat.0"):
        width = by_key[key].high - by_key[key].low
        assert paired_line(paired, key).high - paired_line(paired, key).low < 0.6 * width, key
    assert paired_line(paired, "averages.game_length").stands_out
    for key in paired.a.histograms:  # binned alike: drawn over each other
        edges = [[(b.low, b.high) for b in r.histograms[key]] for r in (paired.a, paired.b)]
        assert edges[0] == edges[1], key


def paired_line(comparison: Comparison, key: str) -> object:
    return next(line for line in comparison.lines if line.key == key)


def test_holm_says_what_stands_out_allowing_for_every_figure() -> None:
    base = Spec("kartu_sama", 4, {}, seed=1)
    small = Spec("kartu_sama", 4, {"hand_size": 5}, seed=1)
    lines = simulate_pair(base, small, 150).lines
    ranked = sorted(lines, key=lambda line: line.p)
    assert ranked[0].p_holm == pytest.approx(min(1.0, len(lines) * ranked[0].p))
    for line in lines:
        assert line.p <= line.p_holm <= 1 and line.stands_out == (line.p_holm < 0.05)
    assert [line.p_holm for line in ranked] == sorted(line.p_holm for line in ranked)


RERUNS, GAMES = 300, 40  # small matches (to 30 points, two players): a few seconds


def test_rules_that_change_nothing_stand_out_in_at_most_one_comparison_in_twenty() -> None:
    """The same rules on many blocks of other seeds, each compared with the next: after Holm,
    at most 5% of the comparisons have any figure standing out, as independent runs and game
    by game (games that share no seed: a fair test of the paired statistics too); uncorrected,
    a third of them would."""
    runs = []
    for k in range(RERUNS + 1):
        spec = Spec("kartu_sama", 2, {"target": 30}, seed=1_000_000 * (k + 1))
        runs.append((spec, play(spec, 0, GAMES)))
    apart = paired = uncorrected = 0
    figures = 0
    for (spec_a, a), (spec_b, b) in zip(runs, runs[1:], strict=False):
        span = spans(a, b)
        ra, rb = report(spec_a, a, 1, 1, span=span), report(spec_b, b, 1, 1, span=span)
        lines = compare(ra, rb).lines
        figures = len(lines)
        apart += any(line.stands_out for line in lines)
        uncorrected += any(line.p < 0.05 for line in lines)
        game_by_game = compare(ra, dataclasses.replace(rb, seed=ra.seed),
                               (a.per_game, b.per_game)).lines
        assert all(line.paired for line in game_by_game)
        paired += any(line.stands_out for line in game_by_game)
    assert figures >= 15
    assert apart / RERUNS <= 0.05 and paired / RERUNS <= 0.05, (apart, paired)
    assert uncorrected / RERUNS > 0.25
