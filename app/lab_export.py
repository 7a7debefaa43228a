"""The rule lab's results as text: a CSV table for a spreadsheet (one header row, one row per
figure, one value per column) and the report the command line prints (the figures in the lab
screen's words)."""

from __future__ import annotations

import csv
import io
import textwrap

from app.lab_words import SMALL_P, Sheet
from app.share.exports import cell
from views.common import Tr

WIDTH = 88  # characters a line of the printed report holds


def p_cell(p: float) -> str:
    """A p-value for a spreadsheet: three decimals, or "< 0.001" (never 0)."""
    return f"< {SMALL_P}" if p < SMALL_P else f"{p:.3f}"


def _round(values: tuple[float, ...] | None) -> list[object]:
    return [round(x, 6) for x in values] if values else ["", "", ""]


def csv_text(sheet: Sheet, t: Tr) -> str:
    """One row per figure: its words, its key and its unit; its value with its 95% interval
    (rates from 0 to 1); comparing, the base's value and interval before the variant's, then
    the difference with its interval, its p-value, that p-value allowing for every figure
    (Holm's), whether it was compared game by game, and the verdict. Then the run: the game,
    the games played, the seats and the rules (comparing, the base's too), on every row."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    head = [t("lab.csv.figure"), t("lab.csv.key"), t("lab.csv.unit")]
    if sheet.comparing:
        head += [t("lab.csv.base"), t("lab.csv.base_low"), t("lab.csv.base_high"),
                 t("lab.csv.variant"), t("lab.csv.variant_low"), t("lab.csv.variant_high"),
                 t("lab.csv.diff"), t("lab.csv.diff_low"), t("lab.csv.diff_high"),
                 t("lab.csv.p"), t("lab.csv.p_holm"), t("lab.csv.paired"),
                 t("lab.csv.verdict")]
    else:
        head += [t("lab.csv.value"), t("lab.csv.low"), t("lab.csv.high")]
    w.writerow(head + [heading for heading, _ in sheet.about])
    about = [cell(value) for _, value in sheet.about]
    for group in sheet.groups:
        for f in group.figures:
            n = sheet.numbers.get(f.key)
            if n is None:
                continue
            row: list[object] = [cell(f.label), f.key, t(f"lab.unit.{n.unit}")]
            if sheet.comparing:
                row += _round(n.base) + _round(n.value)
                line = n.line
                if line is None:
                    row += [""] * 7
                else:
                    row += [*_round((line.diff, line.low, line.high)), p_cell(line.p),
                            p_cell(line.p_holm), t("lab.yes") if line.paired else t("lab.no"),
                            t("lab.stands_out") if line.stands_out else t("lab.noise")]
            else:
                row += _round(n.value)
            w.writerow(row + about)
    return out.getvalue()


def report_text(sheet: Sheet, t: Tr) -> str:
    """The results as the command line prints them: the title, the run, the summary, then each
    figure by group in the lab screen's words (comparing: both runs' values and the verdict)."""
    out = [sheet.title, *_wrap(sheet.lines), "", *_wrap(sheet.summary)]
    for group in sheet.groups:
        out += ["", group.title]
        for f in group.figures:
            out += _wrap([f.label], "  ")
            if f.verdict:
                sides = (t("lab.side", side=sheet.names[0], value=f.base) + "  ·  "
                         + t("lab.side", side=sheet.names[1], value=f.value))
                out += _wrap([sides, f.verdict], "    ")
            else:
                out.append(f"    {f.value}")
    return "\n".join(out) + "\n"


def _wrap(lines: tuple[str, ...] | list[str], indent: str = "") -> list[str]:
    return [wrapped for line in lines
            for wrapped in textwrap.wrap(line, WIDTH, initial_indent=indent,
                                         subsequent_indent=indent + "  ") or [""]]


__all__ = ["csv_text", "p_cell", "report_text"]
