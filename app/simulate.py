"""The rule lab's command line: play many complete games on every core and print what came out in
the lab screen's words (every figure with its 95% interval, and comparing, each difference with
its verdict), or one JSON object with ``--json``. Mistakes are said in a sentence, exit 2.

``python -m models.simulate GAME --players N --games G --seed S [--bots NAME,...]
[--option k=v] [--compare k=v] [--workers N] [--margin PERCENTAGE_POINTS] [--language xx]
[--json]``. Without ``--bots`` every seat plays uniformly random legal actions. ``--compare``
plays the same seeds again with those options on top and compares the two runs game by game.
The report is in the system's language (English unless it is French or Indonesian); progress
goes to stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence

from app.i18n import LANGUAGES, Translator, refusal, system_language
from app.lab_export import report_text
from app.lab_words import Words
from models.errors import MejaError
from models.registry import GAMES
from models.report import MARGIN, Comparison, Report
from models.simulate import cores, simulate, simulate_pair, to_dict
from models.tally import Spec


def option_value(text: str) -> object:
    """A value as typed: true/false (yes/no, on/off), a whole number, else the text."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def options(items: Sequence[str]) -> dict[str, object]:
    """``key=value`` items as options."""
    found: dict[str, object] = {}
    for item in items:
        key, _, value = item.partition("=")
        found[key.strip()] = option_value(value.strip())
    return found


class Meter:
    """Progress on stderr in the lab's words: a line rewritten in a terminal, else a line
    every tenth."""

    def __init__(self, total: int, t: Translator) -> None:
        self.total, self.t, self.shown, self.last = total, t, 0, 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        said = self.t("lab.running", done=done, total=self.total)
        now = time.perf_counter()
        if self.tty:
            if now - self.last > 0.2 or done == self.total:
                self.last = now
                end = "\n" if done == self.total else ""
                print(f"\r{said}", end=end, file=sys.stderr, flush=True)
        elif (tenth := done * 10 // max(1, self.total)) > self.shown:
            self.shown = tenth
            print(said, file=sys.stderr, flush=True)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m models.simulate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                   help="a variant: these options on top, played with the same seeds")
    p.add_argument("--bots", default="", help="comma-separated bot names, one per seat")
    p.add_argument("--workers", type=int, default=0, help="processes (default: all cores)")
    p.add_argument("--margin", type=float, default=MARGIN * 100,
                   help="percentage points: the games each rate needs are for this margin (1)")
    p.add_argument("--language", choices=sorted(LANGUAGES),
                   help="the report's language (default: the system's)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    args = parser().parse_args(argv)
    t = Translator(args.language or system_language())
    chosen = options(args.option)
    kinds = tuple(n.strip() for n in args.bots.split(",")) if args.bots else ()
    workers = args.workers or cores()
    base = Spec(args.game, args.players, chosen, kinds, args.seed)
    result: Report | Comparison
    try:
        if args.compare:
            variant = dataclasses.replace(base, options={**chosen, **options(args.compare)})
            result = simulate_pair(base, variant, args.games, workers,
                                   Meter(2 * args.games, t), margin=args.margin / 100)
        else:
            result = simulate(args.game, args.players, args.games, args.seed, chosen, kinds,
                              workers, Meter(args.games, t), margin=args.margin / 100)
    except MejaError as error:
        print(refusal(t, error), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_dict(result)))
    else:
        words = Words(t)
        base_name = t("lab.base") if chosen else t("lab.usual")
        print(report_text(words.sheet(result, base_name), t), end="")
    return 0


__all__ = ["Meter", "main", "option_value", "options", "parser"]

if __name__ == "__main__":
    sys.exit(main())
