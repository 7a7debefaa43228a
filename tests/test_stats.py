"""The lab's statistics against known values (checked with a statistics package): Wilson and t
intervals, the games a margin needs, the two-sample tests, and their false alarm rate."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models import stats
from models.stats import Moments, compare_means, compare_rates, wilson


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
