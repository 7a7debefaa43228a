"""The rule lab's results as a picture (PNG), drawn from the same data as the screen's charts:
the title and the sentences, each seat's win rate with its interval, the distributions with
the runs over each other, then every figure in words. Drawn 800 pixels wide in type that
stays readable when a phone shows the picture 400 pixels wide."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from app.lab_words import Sheet
from app.share.results import INK, PAPER, SOFT, Font, font
from views.charts import percent_ticks, run_colour, ticks
from views.common import Tr
from views.lab import Histogram, Rates

WIDTH, MARGIN = 800, 32  # pixels
PLOT_H = 300  # a chart's plot area
AXIS_W = 92  # room for a vertical axis's numbers
GRID = "#9e9e9e"
STRONG = "#1b5e20"  # a difference that stands out
TEXT = str.maketrans("−–’", "--'")  # signs the card font lacks, and what stands for them


def _plain(text: str) -> str:
    return text.translate(TEXT)


def _pale(colour: str, opacity: float = 0.35) -> tuple[int, int, int]:
    """``colour`` laid at ``opacity`` over the paper."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(round(255 + (c - 255) * opacity) for c in (r, g, b))  # type: ignore[return-value]


class Page:
    """A tall page drawn top to bottom, cut below the last thing drawn."""

    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), PAPER)
        self.d = ImageDraw.Draw(self.image)
        self.y = MARGIN

    def text(self, text: str, size: int, colour: str = INK, indent: int = 0) -> None:
        """``text`` wrapped to the page's width, at ``indent`` pixels from the margin."""
        f = font(size)
        room = WIDTH - 2 * MARGIN - indent
        for line in self.wrap(_plain(text), f, room):
            self.d.text((MARGIN + indent, self.y), line, font=f, fill=colour)
            self.y += int(size * 1.4)

    def wrap(self, text: str, f: Font, room: int) -> list[str]:
        """Words on lines no wider than ``room`` pixels (a word wider than that alone); only
        plain spaces part words, not the no-break ones inside a number ("9 020")."""
        lines: list[str] = []
        for word in text.split(" "):
            if lines and self.d.textlength(f"{lines[-1]} {word}", font=f) <= room:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines or [""]

    def gap(self, pixels: int) -> None:
        self.y += pixels

    def legend(self, names: Sequence[str]) -> None:
        f = font(24)
        x = MARGIN + AXIS_W
        for i, name in enumerate(names):
            self.d.rectangle((x, self.y + 6, x + 22, self.y + 28), fill=run_colour(i))
            self.d.text((x + 32, self.y), _plain(name), font=f, fill=INK)
            x += 32 + int(self.d.textlength(_plain(name), font=f)) + 36
        self.y += 40

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.crop((0, 0, WIDTH, self.y + MARGIN)).save(out, format="PNG")
        return out.getvalue()


def _dashed(d: ImageDraw.ImageDraw, x0: int, x1: int, y: int) -> None:
    for x in range(x0, x1, 14):
        d.line((x, y, min(x + 8, x1), y), fill=GRID, width=2)


def rates(page: Page, r: Rates, unit: str) -> None:
    """Each seat's bars, one per run: solid to the interval's low end, pale over the interval,
    a dark line at the figure; dashed lines at each even share."""
    page.text(r.title, 32)
    page.text(r.note, 24, SOFT)
    page.gap(16)
    d, small = page.d, font(24)
    highs = [h for s in r.series for h in (s.highs or s.values)]
    marks = percent_ticks(max(highs, default=r.even), r.even)
    top = marks[-1] or 1
    left, right = MARGIN + AXIS_W, WIDTH - MARGIN
    y0 = page.y + 14  # the top label is half above the plot
    base = y0 + PLOT_H

    def at(v: float) -> float:
        return base - v / top * PLOT_H

    for m in marks:
        label = _plain(f"{m:.0f}{unit}")
        d.text((left - 12 - d.textlength(label, font=small), at(m) - 14), label, font=small,
               fill=INK)
        if m:
            _dashed(d, left, right, round(at(m)))
    d.line((left, base, right, base), fill=INK, width=2)
    slot = (right - left) / max(1, len(r.seats))
    bar = min(56, slot * 0.72 / max(1, len(r.series)))
    for i, seat in enumerate(r.seats):
        middle = left + slot * (i + 0.5)
        first = middle - bar * len(r.series) / 2
        for k, s in enumerate(r.series):
            x0, x1 = first + k * bar + 2, first + (k + 1) * bar - 2
            value = s.values[i]
            low = s.lows[i] if s.lows else value
            high = s.highs[i] if s.highs else value
            colour = run_colour(k)
            d.rectangle((x0, at(high), x1, base), fill=_pale(colour))
            d.rectangle((x0, at(low), x1, base), fill=colour)
            d.line((x0 - 3, at(value), x1 + 3, at(value)), fill=INK, width=5)
        d.text((middle - d.textlength(seat, font=small) / 2, base + 8), seat, font=small,
               fill=INK)
    axis = _plain(r.axis)
    d.text(((left + right) / 2 - d.textlength(axis, font=small) / 2, base + 42), axis,
           font=small, fill=SOFT)
    page.y = base + 84
    page.legend([s.name for s in r.series])


def spread(page: Page, h: Histogram, unit: str) -> None:
    """The distributions over the same bins, one outline a run, filled faintly, over each
    other."""
    page.text(h.title, 32)
    page.text(h.note, 24, SOFT)
    page.gap(16)
    d, small = page.d, font(24)
    start, end = h.edges[0][0], h.edges[-1][1] + 1
    most = max((v for s in h.series for v in s.values), default=1.0)
    marks = ticks(0, max(1.0, most), 4)
    top = marks[-1] or 1
    left, right = MARGIN + AXIS_W, WIDTH - MARGIN - 12
    y0 = page.y + 14
    base = y0 + PLOT_H

    def x_at(v: float) -> float:
        return left + (v - start) / max(1, end - start) * (right - left)

    def y_at(v: float) -> float:
        return base - v / top * PLOT_H

    for m in marks:
        label = _plain(f"{m}{unit}")
        d.text((left - 12 - d.textlength(label, font=small), y_at(m) - 14), label,
               font=small, fill=INK)
        if m:
            d.line((left, y_at(m), right, y_at(m)), fill="#e0e0e0", width=1)
    layer = Image.new("RGBA", page.image.size, (0, 0, 0, 0))
    shade = ImageDraw.Draw(layer)
    outlines = []
    for k, s in enumerate(h.series):
        points: list[tuple[float, float]] = [(x_at(start), base)]
        for (lo, hi), v in zip(h.edges, s.values, strict=True):
            points += [(x_at(lo), y_at(v)), (x_at(hi + 1), y_at(v))]
        points.append((x_at(end), base))
        r, g, b = (int(run_colour(k)[i:i + 2], 16) for i in (1, 3, 5))
        shade.polygon(points, fill=(r, g, b, 46))
        outlines.append((points, run_colour(k)))
    page.image.paste(Image.alpha_composite(page.image.convert("RGBA"), layer).convert("RGB"))
    for points, colour in outlines:
        d.line(points, fill=colour, width=4, joint="curve")
    d.line((left, base, right, base), fill=INK, width=2)
    d.line((left, y0 - 8, left, base), fill=INK, width=2)
    for x in ticks(start, end, 5):
        if start <= x <= end:
            label = str(x)
            d.text((x_at(x) - d.textlength(label, font=small) / 2, base + 8), label,
                   font=small, fill=INK)
    page.y = base + 48
    page.legend([s.name for s in h.series])


def _height(sheet: Sheet) -> int:
    """Enough room for everything (the page is cut after the last line)."""
    figures = sum(len(g.figures) for g in sheet.groups)
    charts = (sheet.rates is not None) + len(sheet.histograms)
    words = sum(len(s) for s in (sheet.title, *sheet.lines, *sheet.summary))
    return 600 + charts * (PLOT_H + 360) + figures * 200 + words // 30 * 40


def png(sheet: Sheet, t: Tr) -> bytes:
    """The results as a picture: the title and the sentences, the charts, then each group of
    figures in words (comparing: both runs' values and the verdict)."""
    page = Page(_height(sheet))
    page.text(sheet.title, 40)
    for line in sheet.lines:
        page.text(line, 26, SOFT)
    page.gap(12)
    for line in sheet.summary:
        page.text(line, 26)
    unit = t("lab.percent", value="")
    if sheet.rates is not None:
        page.gap(36)
        rates(page, sheet.rates, unit)
    for h in sheet.histograms:
        page.gap(36)
        spread(page, h, unit)
    for group in sheet.groups:
        page.gap(28)
        page.text(group.title, 32)
        for f in group.figures:
            page.gap(6)
            page.text(f.label, 26)
            if f.verdict:
                page.text(t("lab.side", side=sheet.names[0], value=f.base), 24, indent=24)
                page.text(t("lab.side", side=sheet.names[1], value=f.value), 24, indent=24)
                page.text(f.verdict, 24, STRONG if f.stands_out else SOFT, indent=24)
            else:
                page.text(f.value, 26, STRONG, indent=24)
    return page.png()


__all__ = ["png"]
