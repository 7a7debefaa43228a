"""The rule lab's results in one language: the sentences, every figure in words with its margin
and verdict, the charts' data, and the sheet the files are made of. The lab screen and the
command line say them with these same functions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.i18n import Translator, game_title
from app.options import choice, label
from models.report import MARGIN, Compared, Comparison, Mean, Rate, Report
from models.tally import VALUES
from views.charts import Series
from views.lab import Figure, Histogram, Rates, Topic

SHOWN = ("game_length", "rounds_per_game", "points")  # the distributions drawn, in order
SMALL_P = 0.001  # a p-value below this reads "< 0.001"


@dataclass(frozen=True)
class Numbers:
    """A figure's numbers for a spreadsheet: its unit, this run's value with its interval
    (the variant's when comparing), and comparing, the base's and the compared line."""

    unit: str
    value: tuple[float, float, float]
    base: tuple[float, float, float] | None = None
    line: Compared | None = None


@dataclass(frozen=True)
class Sheet:
    """The results for a file or a terminal: a title, sentences on the run (the rules, the
    seats) and on what came out (the summary), the runs' names (comparing: the base's and the
    variant's; else one), the charts, the figures by group in words, and each figure's numbers
    by its key."""

    title: str
    lines: tuple[str, ...]
    summary: tuple[str, ...]
    names: tuple[str, ...]
    rates: Rates | None
    histograms: tuple[Histogram, ...]
    groups: tuple[Topic, ...]
    numbers: dict[str, Numbers]
    about: tuple[tuple[str, str], ...]  # (heading, value): the game, the seats, the rules...

    @property
    def comparing(self) -> bool:
        return len(self.names) == 2


def unit_key(key: str) -> str:
    """The unit of the figure ``key`` (``lab.unit.<unit>``): rates are shares of rounds or
    matches, averages are moves, rounds, game points, or a game's own count per match."""
    if key.startswith("match_win_rate_by_seat"):
        return "matches"
    if key.startswith(("round_win_rate_by_seat", "first_player_win_rate", "end_conditions")):
        return "rounds"
    return {"averages.rounds_per_game": "round_count", "averages.game_length": "moves",
            "averages.round_length": "moves", "averages.points": "points",
            "averages.winning_points": "points"}.get(key, "per_match")


class Words:
    """The lab's words in ``t``'s language."""

    def __init__(self, t: Translator) -> None:
        self.t = t

    def number(self, x: float, digits: int = 1) -> str:
        """``x`` with ``digits`` decimals, in the language's marks."""
        text = f"{x:,.{digits}f}"
        return text.translate({ord(","): "\0", ord("."): self.t("lab.decimal")}).replace(
            "\0", self.t("lab.thousands"))

    def p_value(self, p: float) -> str:
        """"p = 0.47", "p = 0.004", or "p < 0.001" below that (never a p-value of 0)."""
        if p < SMALL_P:
            return self.t("lab.p_below", p=self.number(SMALL_P, 3))
        return self.t("lab.p", p=self.number(p, 3 if p < 0.01 else 2))

    def speed(self, games: int, seconds: float, workers: int) -> str:
        t = self.t
        rate = games / seconds if seconds else 0.0
        said = t("lab.speed", games=self.number(games, 0),
                 seconds=self.number(seconds, 2 if seconds < 10 else 0),
                 rate=self.number(rate, 0))
        return said + (" " + t("lab.cores", n=workers) if workers > 1 else "")

    def summary(self, r: Report) -> tuple[str, ...]:
        """A run's sentences: its speed, the starting player's edge, the games a margin needs."""
        t = self.t
        said = [self.speed(r.games, r.seconds, r.workers)]
        adv = r.first_player_advantage
        if adv is not None:
            key = "lab.first.more" if adv.value >= 0 else "lab.first.less"
            said.append(t(key, points=self.number(abs(adv.value) * 100),
                          even=self.number(100 / r.players), margin=self.number(adv.margin * 100)))
            if adv.low <= 0 <= adv.high:
                said[-1] += " " + t("lab.first.noise")
        if r.round_win_rate_by_seat:
            need = max(rate.games_needed for rate in r.round_win_rate_by_seat)
            said.append(t("lab.needed", margin=self.number(MARGIN * 100, 0),
                          games=self.number(need, 0), played=self.number(r.games, 0)))
        return tuple(said)

    def compared(self, c: Comparison) -> tuple[str, ...]:
        """A comparison's sentences: its speed, how many figures stand out allowing for them
        all, and that the games were compared game by game when they were."""
        t, a, b = self.t, c.a, c.b
        said = [self.speed(a.games + b.games, a.seconds + b.seconds, max(a.workers, b.workers)),
                t("lab.standing_out", out=sum(line.stands_out for line in c.lines),
                  total=len(c.lines))]
        if any(line.paired for line in c.lines):
            said.append(t("lab.paired"))
        return tuple(said)

    def rate(self, rate: Rate) -> str:
        return self.t("lab.rate", value=self.number(rate.value * 100),
                      margin=self.number((rate.high - rate.low) / 2 * 100))

    def mean(self, mean: Mean) -> str:
        return self.t("lab.mean", value=self.number(mean.value),
                      margin=self.number((mean.high - mean.low) / 2))

    def figure(self, key: str, label: str, value: str, line: Compared | None,
               rate: bool) -> Figure:
        """A figure in words; comparing (``line``), with the base, the difference (percentage
        points for a rate), its p-value allowing for every figure, and the verdict."""
        if line is None:
            return Figure(key, label, value)
        t = self.t
        scale = 100 if rate else 1
        sign = "+" if line.diff > 0 else "−" if line.diff < 0 else "±"
        diff = t("lab.diff.rate" if rate else "lab.diff.mean",
                 diff=sign + self.number(abs(line.diff) * scale),
                 margin=self.number((line.high - line.low) / 2 * scale))
        verdict = t("lab.verdict", diff=diff, p=self.p_value(line.p_holm),
                    verdict=t("lab.stands_out") if line.stands_out else t("lab.noise"))
        base = t("lab.percent", value=self.number(line.a * 100)) if rate else self.number(line.a)
        return Figure(key, label, value, base, verdict, line.stands_out)

    def groups(self, r: Report, lines: Mapping[str, Compared] | None = None
               ) -> tuple[Topic, ...]:
        """The figures by group, each in words (comparing: with the base and the difference)."""
        t = self.t
        found = lines or {}

        def rate(key: str, label: str, value: Rate) -> Figure:
            return self.figure(key, label, self.rate(value), found.get(key), True)

        def mean(key: str, label: str, value: Mean) -> Figure:
            return self.figure(key, label, self.mean(value), found.get(key), False)

        wins = [rate(f"round_win_rate_by_seat.{i}", t("lab.round_win", n=i + 1), x)
                for i, x in enumerate(r.round_win_rate_by_seat)]
        wins += [rate(f"match_win_rate_by_seat.{i}", t("lab.match_win", n=i + 1), x)
                 for i, x in enumerate(r.match_win_rate_by_seat)]
        if r.first_player_win_rate is not None:
            wins.append(rate("first_player_win_rate", t("lab.first_wins"),
                             r.first_player_win_rate))
        ends = [rate(f"end_conditions.{k}", t(f"lab.end.{k}") if t.has(f"lab.end.{k}") else k,
                     x) for k, x in r.end_conditions.items()]
        averages = [mean(f"averages.{k}", t(f"lab.avg.{k}"), r.averages[k]) for k in VALUES]
        own = [mean(f"averages.{k}", self.own(r.game, k.removeprefix("figure.")), x)
               for k, x in r.averages.items() if k.startswith("figure.")]
        return (Topic(t("lab.group.wins"), tuple(wins)), Topic(t("lab.group.ends"), tuple(ends)),
                Topic(t("lab.group.averages"), tuple(averages)),
                Topic(t("lab.group.own", game=game_title(t, r.game)), tuple(own)))

    def rates(self, runs: tuple[Report, ...], names: tuple[str, ...]) -> Rates:
        """Each seat's match win rate with its interval, one series a run (in %)."""
        t = self.t
        series = tuple(
            Series(name, tuple(x.value * 100 for x in r.match_win_rate_by_seat),
                   tuple(x.low * 100 for x in r.match_win_rate_by_seat),
                   tuple(x.high * 100 for x in r.match_win_rate_by_seat))
            for r, name in zip(runs, names, strict=True))
        players = runs[0].players
        return Rates(t("lab.rates"), t("lab.rates.note"),
                     tuple(str(i + 1) for i in range(players)), t("lab.rates.axis"),
                     100 / players, series)

    def histograms(self, runs: tuple[Report, ...], names: tuple[str, ...]
                   ) -> tuple[Histogram, ...]:
        """The distributions drawn, each run's share of the count in each bin (runs compared
        were binned alike); one that is all one value has no shape, and is left out."""
        t = self.t
        out = []
        for key in SHOWN:
            bins = [r.histograms.get(key, ()) for r in runs]
            if len(bins[0]) < 2 or any(len(b) != len(bins[0]) for b in bins):
                continue
            series = []
            for run, name in zip(bins, names, strict=True):
                total = sum(b.count for b in run) or 1
                series.append(Series(name, tuple(b.count / total * 100 for b in run)))
            out.append(Histogram(t(f"lab.hist.{key}"), t(f"lab.hist.{key}.note"),
                                 tuple((b.low, b.high) for b in bins[0]), tuple(series)))
        return tuple(out)

    def own(self, game: str, key: str) -> str:
        """A game's own figure in words (``lab.fig.<game>.<key>``; else the key)."""
        said = f"lab.fig.{game}.{key}"
        return self.t(said) if self.t.has(said) else key

    def rules(self, game: str, options: Mapping[str, object]) -> str:
        """Options in words: "Joker variant: on, Cards each: 6" ("usual rules": none)."""
        t = self.t

        def word(key: str, value: object) -> str:
            if isinstance(value, bool):
                return t("lab.on") if value else t("lab.off")
            if key == "mode":
                return t(f"mode.{value}")
            return choice(t, game, key, value)

        def name(key: str) -> str:
            return t("setup.mode") if key == "mode" else label(t, game, key)

        said = [t("lab.side", side=name(k), value=word(k, v)) for k, v in sorted(options.items())]
        return ", ".join(said) or t("lab.usual")

    def names(self, result: Report | Comparison, base: str) -> tuple[str, ...]:
        """The runs' names: ``base`` and "these rules" comparing, else "these rules"."""
        variant = self.t("lab.variant")
        return (base, variant) if isinstance(result, Comparison) else (variant,)

    def sheet(self, result: Report | Comparison, base: str) -> Sheet:
        """The results as a sheet (``base``: the base run's name when comparing)."""
        t = self.t
        names = self.names(result, base)
        if isinstance(result, Report):
            runs: tuple[Report, ...] = (result,)
            summary = self.summary(result)
            groups = self.groups(result)
        else:
            runs = (result.a, result.b)
            summary = self.compared(result)
            groups = self.groups(result.b, {line.key: line for line in result.lines})
        last = runs[-1]
        title = t("lab.file_title", game=game_title(t, last.game), players=last.players,
                  games=self.number(last.games, 0))
        seats = ", ".join(t(f"lab.level.{k}") if t.has(f"lab.level.{k}") else k
                          for k in last.seats)
        about = [(t("lab.csv.game"), game_title(t, last.game)),
                 (t("lab.csv.games"), str(last.games)), (t("lab.csv.seats"), seats),
                 (t("lab.csv.rules"), self.rules(last.game, last.options))]
        lines = [t("lab.file_rules", rules=about[-1][1])]
        if len(runs) == 2:
            kept = self.rules(last.game, runs[0].options)
            about.append((t("lab.csv.base_rules"), kept))
            lines.append(t("lab.file_base", rules=kept))
        lines.append(t("lab.file_seats", seats=seats))
        return Sheet(title=title, lines=tuple(lines), summary=summary, names=names,
                     rates=self.rates(runs, names),
                     histograms=self.histograms(runs, names), groups=groups,
                     numbers=_numbers(result), about=tuple(about))


def _numbers(result: Report | Comparison) -> dict[str, Numbers]:
    """Each figure's numbers by key (rates from 0 to 1)."""
    runs = (result,) if isinstance(result, Report) else (result.a, result.b)
    found: list[dict[str, tuple[float, float, float]]] = []
    for report in runs:
        out: dict[str, tuple[float, float, float]] = {}
        for name in ("round_win_rate_by_seat", "match_win_rate_by_seat"):
            for i, x in enumerate(getattr(report, name)):
                out[f"{name}.{i}"] = (x.value, x.low, x.high)
        if report.first_player_win_rate is not None:
            x = report.first_player_win_rate
            out["first_player_win_rate"] = (x.value, x.low, x.high)
        for k, x in report.end_conditions.items():
            out[f"end_conditions.{k}"] = (x.value, x.low, x.high)
        for k, m in report.averages.items():
            out[f"averages.{k}"] = (m.value, m.low, m.high)
        found.append(out)
    lines = {} if isinstance(result, Report) else {line.key: line for line in result.lines}
    base = found[0] if len(found) == 2 else {}
    return {key: Numbers(unit_key(key), value, base.get(key), lines.get(key))
            for key, value in found[-1].items()}


__all__ = ["SHOWN", "Numbers", "Sheet", "Words", "unit_key"]
