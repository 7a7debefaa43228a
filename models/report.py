"""What a run of games says, from its :class:`~models.tally.Tally`: every figure with its 95%
interval and the games a margin needs (:class:`Report`), and two runs side by side, each
figure's difference and whether it stands out of the noise once the comparison's many figures
are allowed for (:class:`Comparison`)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from models import inference as stats
from models.tally import SHARE, VALUES, GameSums, Spec, Tally

MARGIN = 0.01  # the margin the games needed are worked out for, unless told: ±1 percentage point


@dataclass(frozen=True)
class Bin:
    """Whole values from ``low`` to ``high`` (both included) and how many fell there."""

    low: int
    high: int
    count: int


NICE = (1, 2, 5)  # bin widths: 1, 2, 5, 10, 20, 50... (labels people read at a glance)


def bin_width(span: int, most: int) -> int:
    """The smallest round width (1, 2, 5, 10, 20...) that covers ``span`` whole values in at
    most ``most`` bins."""
    scale = 1
    while True:
        for nice in NICE:
            if span <= nice * scale * most:
                return nice * scale
        scale *= 10


Span = tuple[int, int]  # the lowest and the highest value a histogram covers
HISTOGRAMS = ("rounds_per_game", "game_length", "round_length", "points")


def histogram_of(counts: Mapping[int, int], most: int = 12,
                 span: Span | None = None) -> tuple[Bin, ...]:
    """Counted whole values in at most ``most`` bins of one round width, from the bin of the
    lowest value to the bin of the highest (or of ``span``'s ends, which cover every value:
    two runs binned alike); every value in exactly one bin."""
    if not counts:
        return ()
    low, high = span or (min(counts), max(counts))
    width = bin_width(high - low + 1, most)
    start = low // width * width
    bins = [0] * ((high - start) // width + 1)
    for v, c in counts.items():
        bins[(v - start) // width] += c
    return tuple(Bin(start + i * width, start + (i + 1) * width - 1, c)
                 for i, c in enumerate(bins))


def histogram(values: list[float] | list[int], most: int = 12) -> tuple[Bin, ...]:
    """Values (counted by their whole part) in round bins, as :func:`histogram_of`."""
    return histogram_of(Counter(math.floor(v) for v in values), most)


@dataclass(frozen=True)
class Rate:
    """A rate (0..1) with its Wilson interval, from ``hits`` out of ``n`` trials (rounds or
    games), and the games needed to know it within the report's ``margin``."""

    value: float
    low: float
    high: float
    hits: float
    n: int
    games_needed: int


@dataclass(frozen=True)
class Mean:
    """An average with its t interval, and the spread of the values."""

    value: float
    low: float
    high: float
    n: int
    sd: float
    min: int
    median: float
    max: int
    total: int
    squares: int

    def moments(self) -> stats.Moments:
        return stats.Moments(self.n, self.total, self.squares)


@dataclass(frozen=True)
class Timing:
    """One computer level's decisions (those with a choice): how many, and their median, 95th
    percentile and longest processor time in milliseconds."""

    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float


def timing(counts: Counter[int]) -> Timing:
    """The :class:`Timing` of decision times counted in whole microseconds."""
    n = sum(counts.values())
    if not n:
        return Timing(0, 0.0, 0.0, 0.0)
    ordered = sorted(counts.items())

    def at(share: float) -> float:
        seen, rank = 0, math.ceil(share * n)  # the nearest-rank percentile
        for v, c in ordered:
            seen += c
            if seen >= rank:
                return round(v / 1000, 3)
        return round(ordered[-1][0] / 1000, 3)

    return Timing(n, at(0.5), at(0.95), round(ordered[-1][0] / 1000, 3))


@dataclass(frozen=True)
class Report:
    """A run of games: speed, and every figure with its 95% interval."""

    game: str
    players: int
    seats: tuple[str, ...]
    options: dict[str, object]
    seed: int
    games: int
    moves: int
    rounds: int
    seconds: float  # wall time of the run
    us_per_move: float  # playing time per move on one core
    games_per_s: float
    workers: int
    margin: float  # the games_needed of each rate: to know it within ± this
    round_win_rate_by_seat: tuple[Rate, ...]
    match_win_rate_by_seat: tuple[Rate, ...]
    first_player_win_rate: Rate | None  # the seat that starts a round wins it
    first_player_advantage: stats.Interval | None  # that rate less an even share
    end_conditions: dict[str, Rate]
    averages: dict[str, Mean]  # VALUES, then the game's own figures ("figure.<key>")
    histograms: dict[str, tuple[Bin, ...]]
    decision_ms: dict[str, Timing] = field(default_factory=dict)  # by computer level


def _mean(counts: Counter[int]) -> Mean:
    n = sum(counts.values())
    total = sum(v * c for v, c in counts.items())
    squares = sum(v * v * c for v, c in counts.items())
    m = stats.Moments(n, total, squares)
    ci = m.interval()
    if not n:
        return Mean(0.0, 0.0, 0.0, 0, 0.0, 0, 0.0, 0, 0, 0)
    return Mean(ci.value, ci.low, ci.high, n, m.sd, min(counts), _median(counts),
                max(counts), total, squares)


def _median(counts: Counter[int]) -> float:
    n = sum(counts.values())
    ordered = sorted(counts.items())

    def at(k: int) -> int:
        seen = 0
        for v, c in ordered:
            seen += c
            if seen > k:
                return v
        return ordered[-1][0]

    return (at((n - 1) // 2) + at(n // 2)) / 2


def _rate(hits: float, n: int, per_game: float = 1.0, margin: float = MARGIN) -> Rate:
    """A rate of ``hits`` in ``n`` trials; ``per_game``: trials a game brings (rounds)."""
    ci = stats.wilson(hits, n)
    need = stats.needed_for_rate(ci.value, margin)
    return Rate(ci.value, ci.low, ci.high, hits, n, math.ceil(need / max(per_game, 1e-9)))


def spans(*tallies: Tally) -> dict[str, Span]:
    """The values each histogram must cover to bin these tallies alike."""
    out: dict[str, Span] = {}
    for key in HISTOGRAMS:
        seen = [v for t in tallies for v, c in t.values.get(key, Counter()).items() if c]
        if seen:
            out[key] = (min(seen), max(seen))
    return out


def report(spec: Spec, tally: Tally, seconds: float, workers: int,
           margin: float = MARGIN, span: Mapping[str, Span] | None = None) -> Report:
    """The figures of ``tally`` (a run of ``spec``) with their intervals, and the games each
    rate needs to be known within ``± margin`` (0.01: one percentage point); ``span``: the
    values each histogram covers (to bin two runs alike)."""
    rounds = tally.rounds
    per_game = rounds / tally.games if tally.games else 1.0
    first = advantage = None
    if tally.first_rounds:
        first = _rate(tally.first_wins / SHARE, tally.first_rounds, per_game, margin)
        even = 1 / tally.players
        advantage = stats.Interval(first.value - even, first.low - even, first.high - even)
    averages = {k: _mean(tally.values.get(k, Counter())) for k in VALUES}
    averages |= {k: _mean(c) for k, c in tally.values.items() if k.startswith("figure.")}
    return Report(
        game=spec.game, players=spec.players, seats=spec.seats(), options=dict(spec.options),
        seed=spec.seed, games=tally.games, moves=tally.moves, rounds=rounds,
        seconds=round(seconds, 4),
        us_per_move=round(tally.seconds / max(1, tally.moves) * 1e6, 3),
        games_per_s=round(tally.games / seconds, 1) if seconds else 0.0,
        workers=workers,
        margin=margin,
        round_win_rate_by_seat=tuple(_rate(w / SHARE, rounds, per_game, margin)
                                     for w in tally.round_wins),
        match_win_rate_by_seat=tuple(_rate(w / SHARE, tally.games, 1.0, margin)
                                     for w in tally.match_wins),
        first_player_win_rate=first, first_player_advantage=advantage,
        end_conditions={k: _rate(c, rounds, per_game, margin)
                        for k, c in sorted(tally.ends.items())},
        averages=averages,
        histograms={k: histogram_of(tally.values.get(k, Counter()), span=(span or {}).get(k))
                    for k in HISTOGRAMS},
        decision_ms={k: timing(c) for k, c in sorted(tally.times.items())},
    )


@dataclass(frozen=True)
class Compared:
    """One figure of two runs: ``a``, ``b``, the difference ``b - a`` with its 95% interval,
    the test's p-value, that p-value allowing for every figure of the comparison (Holm's), and
    whether the difference stands out of the noise (by the latter); ``paired``: compared game
    by game, both runs having played the same seeds."""

    key: str  # "round_win_rate_by_seat.0", "end_conditions.pile", "averages.points"...
    a: float
    b: float
    diff: float
    low: float
    high: float
    p: float
    stands_out: bool
    p_holm: float = 1.0
    paired: bool = False


@dataclass(frozen=True)
class Comparison:
    """Two runs (``a`` the base, ``b`` the variant) and each figure's difference: game by game
    where both played the same seeds (see :func:`models.inference.compare_paired`), else as two
    independent runs (two-proportion z-test for rates, Welch's t-test for averages)."""

    a: Report
    b: Report
    lines: tuple[Compared, ...]


Ratio = tuple[str, int, str, int]  # numerator's sum and its divisor, denominator's and factor


def ratio(key: str, players: int) -> Ratio:
    """The compared figure ``key`` as a ratio of each game's sums (:class:`GameSums`): a
    numerator (divided by a scale) over a denominator (times a factor; "" for one a game)."""
    group, _, rest = key.partition(".")
    if group == "round_win_rate_by_seat":
        return f"round_wins.{rest}", SHARE, "rounds", 1
    if group == "match_win_rate_by_seat":
        return f"match_wins.{rest}", SHARE, "", 1
    if group == "first_player_win_rate":
        return "first_wins", SHARE, "first_rounds", 1
    if group == "end_conditions":
        return f"ends.{rest}", 1, "rounds", 1
    return {"rounds_per_game": ("rounds", 1, "", 1), "game_length": ("moves", 1, "", 1),
            "round_length": ("round_moves", 1, "rounds", 1),
            "points": ("points", 1, "rounds", players),
            "winning_points": ("winning_points", 1, "rounds", 1)}.get(rest, (rest, 1, "", 1))


def _paired(key: str, players: int, games: list[int],
            sums: tuple[GameSums, GameSums]) -> stats.Difference:
    num, scale, den, factor = ratio(key, players)
    sides: list[list[float]] = []
    for side in sums:
        sides.append([x / scale for x in side.column(num, games)])
        sides.append([r * factor for r in side.column(den, games)] if den else
                     [1.0] * len(games))
    return stats.compare_paired(*sides)


def _rates(a: Rate | None, b: Rate | None) -> stats.Difference | None:
    if a is None or b is None:
        return None
    return stats.compare_rates(a.hits, a.n, b.hits, b.n)


def compare(a: Report, b: Report,
            sums: tuple[GameSums, GameSums] | None = None) -> Comparison:
    """Each figure both runs have, ``b`` against ``a``: game by game when ``sums`` holds each
    run's games and both played the same seeds, else as independent runs."""
    found: dict[str, stats.Difference | None] = {}
    for name in ("round_win_rate_by_seat", "match_win_rate_by_seat"):
        pairs = zip(getattr(a, name), getattr(b, name), strict=False)
        for seat, (ra, rb) in enumerate(pairs):
            found[f"{name}.{seat}"] = _rates(ra, rb)
    found["first_player_win_rate"] = _rates(a.first_player_win_rate, b.first_player_win_rate)
    for end in sorted(set(a.end_conditions) | set(b.end_conditions)):
        ra = a.end_conditions.get(end, Rate(0.0, 0.0, 0.0, 0, a.rounds, 0))
        rb = b.end_conditions.get(end, Rate(0.0, 0.0, 0.0, 0, b.rounds, 0))
        found[f"end_conditions.{end}"] = _rates(ra, rb)
    for key, ma in a.averages.items():
        mb = b.averages.get(key)
        if mb is not None and ma.n and mb.n:
            found[f"averages.{key}"] = stats.compare_means(ma.moments(), mb.moments())
    tested = {k: d for k, d in found.items() if d is not None}
    games = _pairs(a, b, sums)
    if games and sums is not None:
        tested = {k: _paired(k, a.players, games, sums) for k in tested}
    adjusted = stats.holm([d.p for d in tested.values()])
    lines = tuple(
        Compared(key, d.a, d.b, d.diff.value, d.diff.low, d.diff.high, d.p,
                 p < 1 - stats.LEVEL, p, bool(games))
        for (key, d), p in zip(tested.items(), adjusted, strict=True))
    return Comparison(a, b, lines)


def _pairs(a: Report, b: Report, sums: tuple[GameSums, GameSums] | None) -> list[int]:
    """The games to compare one by one: every game of both runs, when they played the same
    seeds (else none: the runs are compared as independent)."""
    if sums is None or a.seed != b.seed or a.players != b.players:
        return []
    games = sorted(sums[0].rows.keys() & sums[1].rows.keys())
    return games if len(games) >= 2 and len(games) == a.games == b.games else []
