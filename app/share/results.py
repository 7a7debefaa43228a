"""A match's results for anyone to read, made from what its scoreboard shows: a plain text (to
copy, send, or hold in a QR code any phone camera reads) and a picture of the scoreboard (PNG).
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from views.common import Tr
from views.scoreboard import ScoreData, Standing, deleted, heading, round_words, typed

# A code a phone camera reads at a glance from another phone's screen: QR version 22 or so
# at error correction M. Longer results keep the places and leave the rounds out.
QR_BYTES = 1000
FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "Cards.ttf"  # Latin, suits, ★


@dataclass(frozen=True)
class Results:
    """The scoreboard's rows in words: the game and its day, the headline (the winner once
    over), the places, and the points of each round with the totals."""

    title: str  # "Kartu Sama · 2026-11-24"
    headline: str  # "Bea wins the match"
    places: tuple[Standing, ...]
    names: tuple[str, ...]
    round_word: str  # "Round", "Hand"
    rounds_title: str  # "Points per round"
    rounds: tuple[tuple[str, ...], ...]
    total_word: str
    totals: tuple[str, ...]
    footer: str  # "Scored with Meja"
    legend: tuple[str, ...] = ()  # what the rows' signs mean: "– deleted round", "* typed…"


def results(t: Tr, score: ScoreData, game_title: str, date: str) -> Results:
    """The results of the scoreboard ``score`` (its ``game`` set), played on ``date``."""
    words = round_words(t, score.game)
    return Results(
        title=f"{game_title} · {date}" if date else game_title, headline=score.headline,
        places=score.places, names=score.names, round_word=heading(words["word"]),
        rounds_title=heading(t("score.rounds", **words)), rounds=score.rounds,
        total_word=t("score.total"), totals=score.totals, footer=t("share.made_with"),
        legend=(*([t("score.deleted", **words)] if deleted(score.rounds) else []),
                *([t("score.typed")] if typed(score.rounds) else [])),
    )


def place_line(p: Standing) -> str:
    return f"{p.place}. {p.name} · {p.total}"


def text(t: Tr, r: Results, *, rounds: bool = True) -> str:
    """The results as lines of text: title, headline, places, and (unless ``rounds`` is
    False) one line per round."""
    lines = [r.title, r.headline, "", *map(place_line, r.places)]
    if rounds and r.rounds:
        lines += ["", r.rounds_title]
        lines += [t("share.round_line", round=r.round_word, n=i, scores=", ".join(
            f"{name} {cell}" for name, cell in zip(r.names, cells, strict=True)))
            for i, cells in enumerate(r.rounds, 1)]
        lines += r.legend
    return "\n".join([*lines, "", r.footer])


def qr_text(t: Tr, r: Results, limit: int = QR_BYTES) -> tuple[str, bool]:
    """The text a results QR code holds, and whether it is whole: the rounds are left out
    when they would make the code too dense to read (at most ``limit`` bytes of UTF-8)."""
    whole = text(t, r)
    if len(whole.encode()) <= limit:
        return whole, True
    short = text(t, r, rounds=False)
    while len(short.encode()) > limit:  # only with many very long names: cut at a character
        short = short[:-1]
    return short, False


# -- the picture ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """What the picture draws, top to bottom: title, headline, the places, then the table of
    rounds (a header row, a row per round, the totals' row)."""

    title: str
    headline: str
    places: tuple[str, ...]
    rows_title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[str, ...]
    footer: str
    legend: tuple[str, ...] = ()  # under the table


def board(r: Results) -> Board:
    return Board(
        title=r.title, headline=r.headline, places=tuple(map(place_line, r.places)),
        rows_title=r.rounds_title if r.rounds else "", header=("#", *r.names),
        rows=tuple((str(i), *cells) for i, cells in enumerate(r.rounds, 1)),
        totals=(r.total_word, *r.totals), footer=r.footer,
        legend=r.legend if r.rounds else (),
    )


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont  # what Pillow draws text in


def font(size: int) -> Font:
    """The app's card font (Latin with the suit signs), else Pillow's own."""
    try:
        return ImageFont.truetype(str(FONT), size)
    except OSError:
        return ImageFont.load_default(size)


INK, RED, SOFT, LINE, PAPER, BAND = ("#111111", "#c62828", "#555555", "#c8d0c8", "#ffffff",
                                    "#e6efe6")
MARGIN, PAD, WRAP, LINE_H = 32, 14, 14, 40  # pixels; a name wraps past WRAP characters


def cell(d: ImageDraw.ImageDraw, at: tuple[int, int], s: str, f: Font) -> None:
    """One cell of the table, red suits in red. The font has no "▼" (41's loser of a hand)
    nor "−": the triangle is drawn, the minus is a hyphen."""
    x, y = at
    for ch in s.replace("−", "-"):
        if ch == "▼":
            d.polygon([(x, y + 8), (x + 18, y + 8), (x + 9, y + 24)], fill=INK)
            x += 20
            continue
        d.text((x, y), ch, font=f, fill=RED if ch in "♥♦" else INK)
        x += int(d.textlength(ch, font=f))


def draw(b: Board) -> bytes:
    """The board as a PNG, as wide as it needs (a phone shows it full width), drawn top to
    bottom on a tall page then cut below the last line."""
    big, mid, small = font(40), font(30), font(26)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def width(s: str, f: Font) -> int:
        return int(probe.textlength(s, font=f))

    head = [textwrap.wrap(h, WRAP, break_long_words=True) or [""] for h in b.header]
    cols = [max([width(x, small) for x in lines]
                + [width(row[i], small) for row in (*b.rows, b.totals)]) + 2 * PAD + 20
            for i, lines in enumerate(head)]
    head_h = LINE_H * max(len(lines) for lines in head) + PAD
    table_w = sum(cols)
    text_w = max([width(b.title, mid), width(b.headline, big), width(b.footer, small)]
                 + [width(p, mid) for p in b.places] + [width(x, small) for x in b.legend])
    w = max(720, table_w, text_w) + 2 * MARGIN
    image = Image.new("RGB", (w, 400 + 44 * len(b.places) + head_h
                              + LINE_H * (len(b.rows) + 2 + len(b.legend))), PAPER)
    d = ImageDraw.Draw(image)
    y = MARGIN
    d.text((MARGIN, y), b.title, font=mid, fill=SOFT)
    d.text((MARGIN, y + 44), b.headline, font=big, fill=INK)
    y += 44 + 80
    for p in b.places:
        d.text((MARGIN, y), p, font=mid, fill=INK)
        y += 44
    y += 24
    if b.rows:
        d.text((MARGIN, y), b.rows_title, font=small, fill=SOFT)
        y += 44
        d.rectangle((MARGIN, y, MARGIN + table_w, y + head_h), fill=BAND)
        x = MARGIN
        for c, lines in zip(cols, head, strict=True):
            for k, s in enumerate(lines):
                d.text((x + PAD, y + PAD // 2 + k * LINE_H), s, font=small, fill=INK)
            x += c
        y += head_h
        for row in (*b.rows, b.totals):
            if row is b.totals:
                d.rectangle((MARGIN, y, MARGIN + table_w, y + LINE_H + PAD), fill=BAND)
            x = MARGIN
            for c, s in zip(cols, row, strict=True):
                cell(d, (x + PAD, y + PAD // 2), s, small)
                x += c
            d.line((MARGIN, y, MARGIN + table_w, y), fill=LINE, width=2)
            y += LINE_H
        y += PAD
        for line in b.legend:
            cell(d, (MARGIN, y + 8), line, small)
            y += LINE_H
    d.text((MARGIN, y + 8), b.footer, font=small, fill=SOFT)
    out = io.BytesIO()
    image.crop((0, 0, w, y + 8 + 40 + MARGIN)).save(out, format="PNG")
    return out.getvalue()


def png(r: Results) -> bytes:
    """The results as a picture of the scoreboard."""
    return draw(board(r))
