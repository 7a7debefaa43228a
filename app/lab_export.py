"""The rule lab's results as files: a CSV table for a spreadsheet (every figure's numbers with
its 95% interval, and comparing, the difference and its p-value) and a picture (PNG) of the
figures in words."""

from __future__ import annotations

import csv
import io
import textwrap
from dataclasses import dataclass

from PIL import Image, ImageDraw

from app.share.exports import cell
from app.share.results import INK, PAPER, SOFT, font
from views.common import Tr
from views.lab import Topic

MARGIN, WIDTH, WRAP = 32, 960, 58  # pixels, and characters a line of the picture holds
STRONG = "#1b5e20"  # a difference that stands out


@dataclass(frozen=True)
class Sheet:
    """The results: a title, sentences (the rules, the seats, what stands out), the figures
    by group in words, and each figure's numbers by its key."""

    title: str
    lines: tuple[str, ...]
    columns: tuple[str, str]  # comparing: the base's and the variant's names; else empty
    groups: tuple[Topic, ...]
    numbers: dict[str, tuple[float, ...]]


def csv_text(sheet: Sheet, t: Tr) -> str:
    """One row per figure: its words, its key, value, low and high (rates from 0 to 1);
    comparing, then the base's value, the difference, its low and high, and the p-value.
    The title and the sentences follow the table."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    head = [t("lab.csv.figure"), t("lab.csv.key"), t("lab.csv.value"), t("lab.csv.low"),
            t("lab.csv.high")]
    if sheet.columns[0]:
        head += [t("lab.csv.base"), t("lab.csv.diff"), t("lab.csv.low"), t("lab.csv.high"),
                 t("lab.csv.p")]
    w.writerow(head)
    for group in sheet.groups:
        for f in group.figures:
            numbers = [round(x, 6) for x in sheet.numbers.get(f.key, ())]
            w.writerow([cell(f.label), f.key, *numbers])
    w.writerow([])
    for line in (sheet.title, *sheet.lines):
        w.writerow([cell(line)])
    return out.getvalue()


def png(sheet: Sheet, t: Tr) -> bytes:
    """The figures in words as a picture: the title, the sentences, then each group."""
    big, mid, small = font(40), font(28), font(24)
    rows: list[tuple[str, object, str]] = [(line, big, INK)
                                            for line in textwrap.wrap(sheet.title, 36)]
    rows += [(line, small, SOFT) for s in sheet.lines for line in _wrap(s)]
    for group in sheet.groups:
        rows.append(("", small, INK))
        rows.append((group.title, mid, INK))
        for fig in group.figures:
            rows += [(line, small, INK) for line in _wrap(fig.label)]
            if fig.diff:
                rows.append(("   " + t("lab.side", side=sheet.columns[0], value=fig.base)
                             + "  ·  " + t("lab.side", side=sheet.columns[1], value=fig.value),
                             small, INK))
                rows.append(("   " + t("lab.verdict", diff=fig.diff, verdict=fig.verdict), small,
                             STRONG if fig.stands_out else SOFT))
            else:
                rows.append((f"   {fig.value}", small, STRONG))
    height = 2 * MARGIN + sum(_height(r[1]) for r in rows)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(image)
    y = MARGIN
    for text, f, colour in rows:
        d.text((MARGIN, y), text.replace("−", "-"), font=f, fill=colour)  # type: ignore[arg-type]
        y += _height(f)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WRAP) or [""]


def _height(f: object) -> int:
    return int(getattr(f, "size", 24) * 1.45)
