"""The lab's statistics against known values (checked with a statistics package): Wilson and t
intervals, the games a margin needs, the two-sample tests, the paired test of runs on the same
seeds, Holm's correction, and their false alarm rate."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models import inference as stats
from models.inference import Moments, compare_means, compare_paired, compare_rates, holm, wilson


def test_wilson_interval_known_values() -> None:
    half = wilson(50, 100)
    assert (half.low, half.high) == pytest.approx((0.403832, 0.596168), abs=1e-6)
    none = wilson(0, 10)  # the plain normal interval would be 0 to 0
    assert (none.low, none.high) == pytest.approx((0.0, 0.277533), abs=1e-6)
    assert wilson(10, 10).high == 1.0
    assert wilson(1, 4).margin == pytest.approx((0.6993 - 0.0456) / 2, abs=1e-3)


def test_t_quantiles_and_p_values() -> None:
    assert stats.t95(10) == pytest.approx(2.228139, abs=1e-3)
    assert stats.t95(45.5) == pytest.approx(2.013493, abs=1e-3)
    assert stats.t95(120) == pytest.approx(1.979930, abs=1e-4)
    assert stats.t95(10**6) == pytest.approx(1.959964, abs=1e-5)
    assert stats._t_p(2.5, 7.3) == pytest.approx(0.0396502, abs=1e-6)
    assert stats._t_p(1.1, 3.7) == pytest.approx(0.3376980, abs=1e-6)


def test_mean_interval_is_the_t_interval() -> None:
    values = list(range(1, 11))
    m = Moments(len(values), sum(values), sum(v * v for v in values))
    ci = m.interval()
    assert m.mean == 5.5 and m.sd == pytest.approx(3.027650, abs=1e-6)
    assert ci.margin == pytest.approx(2.262157 * 3.027650 / math.sqrt(10), abs=1e-3)
    assert Moments(1, 4, 16).interval() == stats.Interval(4, 4, 4)  # one value: no spread known


def test_games_needed_for_a_margin() -> None:
    # 1.96² x 0.25 x 0.75 / 0.01² = 7202.9: a seat winning a quarter of the rounds, to ±1 point
    assert stats.needed_for_rate(0.25, 0.01) == 7203
    assert stats.needed_for_rate(0.5, 0.02) == 2401
    assert stats.needed_for_rate(0.0, 0.01) == stats.needed_for_rate(0.5, 0.01)  # unknown: worst
    assert stats.needed_for_mean(10, 1) == 385
    # and the interval at that many trials is that margin
    assert wilson(0.25 * 7203, 7203).margin == pytest.approx(0.01, abs=2e-4)


def test_welch_matches_the_textbook() -> None:
    a, b = Moments(5, 15, 55), Moments(5, 30, 220)  # 1..5 against 2, 4, .. 10
    d = compare_means(a, b)
    assert d.diff.value == 3 and d.p == pytest.approx(0.107531, abs=1e-5)
    assert (d.diff.low, d.diff.high) == pytest.approx((-0.8921, 6.8921), abs=2e-3)
    assert not d.stands_out


def test_two_proportion_z_test() -> None:
    d = compare_rates(50, 100, 65, 100)  # pooled z = 2.146
    assert d.p == pytest.approx(0.03190, abs=1e-4) and d.stands_out
    assert d.diff.value == pytest.approx(0.15)
    assert not compare_rates(50, 100, 55, 100).stands_out
    assert compare_rates(0, 10, 0, 10).p == 1.0


@settings(max_examples=20, deadline=None)
@given(st.floats(0.05, 0.95), st.integers(0, 2**32))
def test_the_same_rate_stands_out_about_one_time_in_twenty(p: float, seed: int) -> None:
    rng = random.Random(seed)
    trials, n = 400, 200
    alarms = 0
    for _ in range(trials):
        a = sum(rng.random() < p for _ in range(n))
        b = sum(rng.random() < p for _ in range(n))
        alarms += compare_rates(a, n, b, n).stands_out
    assert alarms / trials < 0.10


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_the_same_mean_stands_out_about_one_time_in_twenty(seed: int) -> None:
    rng = random.Random(seed)
    alarms = 0
    for _ in range(300):
        sides = []
        for _ in range(2):
            xs = [rng.randint(0, 30) + rng.randint(0, 5) for _ in range(60)]
            sides.append(Moments(len(xs), sum(xs), sum(x * x for x in xs)))
        alarms += compare_means(*sides).stands_out
    assert alarms / 300 < 0.10


# Student's sleep data (1908): extra hours of sleep of ten patients under two drugs.
SLEEP_A = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
SLEEP_B = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
ONES = [1.0] * 10


def test_paired_t_test_matches_the_textbook() -> None:
    """R's t.test(extra ~ group, data = sleep, paired = TRUE): t = 4.0621, df = 9,
    p = 0.002833, 95% interval 0.7001 to 2.4599 (the second drug less the first)."""
    d = compare_paired(SLEEP_A, ONES, SLEEP_B, ONES)
    assert d.diff.value == pytest.approx(1.58)
    assert d.p == pytest.approx(0.002833, abs=1e-6) and d.stands_out
    assert (d.diff.low, d.diff.high) == pytest.approx((0.7001142, 2.4598858), abs=2e-4)
    apart = compare_means(*(Moments(10, sum(x), sum(v * v for v in x))
                            for x in (SLEEP_A, SLEEP_B)))
    assert apart.p == pytest.approx(0.07939, abs=1e-4)  # Welch: the pairs' likeness unused
    assert d.diff.high - d.diff.low < 0.5 * (apart.diff.high - apart.diff.low)


def test_paired_ratios_are_the_delta_method() -> None:
    """Two ratios of per-game sums: the variance of their difference is the gradient's
    quadratic form on the covariance of the four per-game means (computed here apart)."""
    rng = random.Random(4)
    rounds_a = [rng.randint(1, 6) for _ in range(50)]
    rounds_b = [max(1, r + rng.randint(-1, 1)) for r in rounds_a]
    wins_a = [sum(rng.random() < 0.3 for _ in range(r)) for r in rounds_a]
    wins_b = [min(r, w + rng.randint(0, 1)) for w, r in zip(wins_a, rounds_b, strict=True)]
    d = compare_paired(wins_a, rounds_a, wins_b, rounds_b)
    n = 50
    xa, ra, xb, rb = (statistics.fmean(v) for v in (wins_a, rounds_a, wins_b, rounds_b))
    assert d.diff.value == pytest.approx(xb / rb - xa / ra)
    columns = (wins_a, rounds_a, wins_b, rounds_b)
    gradient = (-1 / ra, xa / ra**2, 1 / rb, -xb / rb**2)
    variance = sum(gradient[i] * gradient[j] * statistics.covariance(columns[i], columns[j])
                   for i in range(4) for j in range(4)) / n
    assert d.diff.margin == pytest.approx(stats.t95(n - 1) * math.sqrt(variance), rel=1e-9)
    constant = compare_paired([3 * x for x in SLEEP_A], [3.0] * 10,
                              [3 * x for x in SLEEP_B], [3.0] * 10)
    assert constant.p == pytest.approx(0.002833, abs=1e-6)  # r all 3: the paired t-test


def test_paired_edge_cases() -> None:
    assert compare_paired([1.0], [1.0], [2.0], [1.0]).p == 1.0  # one pair: no spread known
    same = compare_paired([2.0, 3.0], ONES[:2], [2.0, 3.0], ONES[:2])
    assert same.p == 1.0 and same.diff.margin == 0
    shifted = compare_paired([2.0, 3.0], ONES[:2], [3.0, 4.0], ONES[:2])
    assert shifted.p == 0.0 and shifted.diff.value == 1.0  # every game one more, exactly
    assert compare_paired([0.0, 0.0], [0.0, 0.0], [1.0, 1.0], ONES[:2]).p == 1.0  # no rounds


def test_holm_matches_the_textbook() -> None:
    """R's p.adjust(p, "holm")."""
    assert holm([0.01, 0.02, 0.03, 0.04, 0.05]) == pytest.approx([0.05, 0.08, 0.09, 0.09, 0.09])
    assert holm([0.04, 0.001, 0.03, 0.5]) == pytest.approx([0.09, 0.004, 0.09, 0.5])
    assert holm([0.6, 0.9]) == [1.0, 1.0] and holm([]) == []


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_holm_keeps_the_order_and_never_lowers_a_p_value(ps: list[float]) -> None:
    adjusted = holm(ps)
    assert all(p <= q <= 1 for p, q in zip(ps, adjusted, strict=True))
    ranked = sorted(range(len(ps)), key=lambda i: ps[i])
    assert [adjusted[i] for i in ranked] == sorted(adjusted)
    assert min(adjusted) == pytest.approx(min(1.0, len(ps) * min(ps)))  # Bonferroni's, first


def test_the_paired_interval_holds_the_true_difference_nineteen_times_in_twenty() -> None:
    """Games of 1 to 6 rounds, each round won with chance 0.3; the variant's games mostly
    alike (most rounds and their luck shared, as the same deals under other rules): the
    interval of the difference of the two win rates covers the true 0 in about 95% of 600
    runs of 80 games, and a variant winning 0.4 stands out most of the time."""
    rng = random.Random(11)
    covered = found = 0
    for trial in range(600):
        chance = 0.4 if trial % 2 else 0.3
        sides: list[list[float]] = [[], [], [], []]
        for _ in range(80):
            rounds = rng.randint(1, 6)
            luck = [rng.random() for _ in range(6)]
            again = rounds if rng.random() < 0.7 else rng.randint(1, 6)
            other = [u if rng.random() < 0.7 else rng.random() for u in luck]
            sides[0].append(sum(u < 0.3 for u in luck[:rounds]))
            sides[1].append(rounds)
            sides[2].append(sum(u < chance for u in other[:again]))
            sides[3].append(again)
        d = compare_paired(*sides)
        if trial % 2:
            found += d.stands_out
        else:
            covered += d.diff.low <= 0 <= d.diff.high
    assert 0.92 <= covered / 300 <= 0.98
    assert found / 300 > 0.5
