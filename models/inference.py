"""The statistics of the rule lab: 95% intervals (Wilson for rates, t for means), how many
trials a margin needs, two-sample tests (two-proportion z, Welch), the paired test of two runs
played on the same seeds, and Holm's correction for the many figures of one comparison.

A run's figures are computed from counts, sums and sums of squares, so tallies made apart (one
per worker) add up to the same figures; the paired test reads each game's own sums."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.959963...
# two-sided 95% quantiles of Student's t, 1 to 30 degrees of freedom
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: float) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (a table up to
    30, then the Cornish-Fisher expansion, good to 3 decimals)."""
    if df < 1:
        return math.inf
    if df <= 30:
        low = int(df)  # a fractional df (Welch) between two table rows: interpolated
        if low == df or low == 30:
            return T95[low - 1]
        return T95[low - 1] + (T95[low] - T95[low - 1]) * (df - low)
    z = Z
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


@dataclass(frozen=True, slots=True)
class Interval:
    """A figure and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        """Half the interval's width (the "±")."""
        return (self.high - self.low) / 2


def wilson(hits: float, n: float) -> Interval:
    """The rate ``hits / n`` with its Wilson score interval (good for rates near 0 or 1 and
    for small ``n``, where the plain normal interval is not)."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = hits / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if hits <= 0 else max(0.0, centre - half)
    return Interval(p, low, 1.0 if hits >= n else min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Moments:
    """Mergeable sums of a figure: how many values, their sum and sum of squares."""

    n: int = 0
    total: float = 0
    squares: float = 0

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.total + other.total, self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (n - 1)."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def interval(self) -> Interval:
        """The mean with its t interval (normal for large ``n``; none below two values)."""
        if self.n < 2:
            return Interval(self.mean, self.mean, self.mean)
        half = t95(self.n - 1) * self.sd / math.sqrt(self.n)
        return Interval(self.mean, self.mean - half, self.mean + half)


def needed_for_rate(p: float, margin: float) -> int:
    """Trials needed to know a rate near ``p`` within ``± margin`` (95%): z² p(1-p) / m²
    (at least 1; a rate of 0 or 1 is taken as 0.5, the worst case, since it is not known)."""
    if not 0 < p < 1:
        p = 0.5
    return max(1, math.ceil(Z * Z * p * (1 - p) / (margin * margin)))


def needed_for_mean(sd: float, margin: float) -> int:
    """Values needed to know a mean within ``± margin`` (95%): (z sd / m)²."""
    return max(1, math.ceil((Z * sd / margin) ** 2))


@dataclass(frozen=True, slots=True)
class Difference:
    """``b - a`` with its 95% interval, the test's p-value, and whether it stands out of the
    noise (p < 0.05)."""

    a: float
    b: float
    diff: Interval
    p: float

    @property
    def stands_out(self) -> bool:
        return self.p < 1 - LEVEL


def _two_sided(z: float) -> float:
    return 2 * (1 - NormalDist().cdf(abs(z)))


def compare_rates(hits_a: float, n_a: float, hits_b: float, n_b: float) -> Difference:
    """Two rates: the difference with its (unpooled) normal interval, and the two-proportion
    z-test (pooled) for whether it stands out."""
    pa = hits_a / n_a if n_a else 0.0
    pb = hits_b / n_b if n_b else 0.0
    d = pb - pa
    if n_a <= 0 or n_b <= 0:
        return Difference(pa, pb, Interval(d, -1.0, 1.0), 1.0)
    se = math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se0 == 0 else _two_sided(d / se0)
    return Difference(pa, pb, Interval(d, d - Z * se, d + Z * se), p)


def compare_means(a: Moments, b: Moments) -> Difference:
    """Two means: the difference with Welch's interval and Welch's t-test."""
    d = b.mean - a.mean
    if a.n < 2 or b.n < 2:  # no spread known: nothing can stand out
        return Difference(a.mean, b.mean, Interval(d, d, d), 1.0)
    va, vb = a.variance / a.n, b.variance / b.n
    se = math.sqrt(va + vb)
    if se == 0:
        return Difference(a.mean, b.mean, Interval(d, d, d), 1.0 if d == 0 else 0.0)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    t = d / se
    half = t95(df) * se
    return Difference(a.mean, b.mean, Interval(d, d - half, d + half), _t_p(t, df))


def compare_paired(xa: Sequence[float], ra: Sequence[float], xb: Sequence[float],
                   rb: Sequence[float]) -> Difference:
    """Two ratios of per-game sums, ``sum(xb) / sum(rb)`` against ``sum(xa) / sum(ra)``, where
    game ``g`` of one was played on the same seed as game ``g`` of the other: a seat's rounds
    won over the rounds played, the moves over the games (``r`` all 1)...

    Each game gives one difference, linearized (the delta method: ``(x - ratio * r) /
    mean(r)`` on each side), and the test is a t-test on those differences, ``n - 1`` degrees
    of freedom. Where ``r`` is 1 everywhere it is exactly the paired t-test on ``xb - xa``.
    The deals shared by both games make the differences steadier than two independent runs
    would: a tighter interval for the same games."""
    n = len(xa)
    sa, sb, na, nb = sum(ra), sum(rb), sum(xa), sum(xb)
    a = na / sa if sa else 0.0
    b = nb / sb if sb else 0.0
    d = b - a
    if n < 2 or not sa or not sb:
        return Difference(a, b, Interval(d, d, d), 1.0)
    mean_a, mean_b = sa / n, sb / n
    square = 0.0
    for x1, r1, x2, r2 in zip(xa, ra, xb, rb, strict=True):
        u = (x2 - b * r2) / mean_b - (x1 - a * r1) / mean_a
        square += u * u
    se = math.sqrt(square / (n * (n - 1)))
    if se == 0:
        return Difference(a, b, Interval(d, d, d), 1.0 if d == 0 else 0.0)
    half = t95(n - 1) * se
    return Difference(a, b, Interval(d, d - half, d + half), _t_p(d / se, n - 1))


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values: the ``k``-th smallest is multiplied by ``m - k + 1`` (``m``
    tests), and none is smaller than the one before it. A figure stands out when its adjusted
    p-value is below 5%: then, when nothing differs at all, some figure stands out in at most
    one comparison in twenty, however many figures it has."""
    m = len(ps)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda k: ps[k])):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adjusted[i] = running
    return adjusted


def _t_p(t: float, df: float) -> float:
    """The two-sided p-value of ``t`` with ``df`` degrees of freedom (normal beyond 30 df,
    else by the regularized incomplete beta function)."""
    if df > 200:
        return _two_sided(t)
    x = df / (df + t * t)
    return _betainc(df / 2, 0.5, x)


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Numerical
    Recipes' betacf)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(1 - x))
    if x > (a + 1) / (a + b + 2):
        return 1 - _betainc(b, a, 1 - x)
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-12:
            break
    return front * h / a
