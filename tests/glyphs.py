"""Reading glyphs off a screenshot of a line of text, to tell a drawn suit sign from the empty
box ("tofu") a font without the sign draws in its place. The ink is split into its connected
blobs; a tofu box is a rectangle's outline (ink along its whole border), and a sign
is recognised by its shape against the sign drawn from the card font."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "Cards.ttf"
GRID = 16  # blobs are compared on a grid this many cells each way

Blob = set[tuple[int, int]]


def ink(picture: Image.Image) -> set[tuple[int, int]]:
    """The pixels that differ from the background (the commonest colour) clearly."""
    rgb = picture.convert("RGB")
    w, h = rgb.size
    data = list(rgb.get_flattened_data())
    back = Counter(data).most_common(1)[0][0]
    return {(i % w, i // w) for i, p in enumerate(data)
            if sum(abs(a - b) for a, b in zip(p, back, strict=True)) > 150}


def blobs(pixels: set[tuple[int, int]]) -> list[Blob]:
    """The ink's connected parts (eight neighbours), left to right."""
    left, out = set(pixels), []
    while left:
        seed = left.pop()
        blob, todo = {seed}, [seed]
        while todo:
            x, y = todo.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = (x + dx, y + dy)
                    if n in left:
                        left.remove(n)
                        blob.add(n)
                        todo.append(n)
        out.append(blob)
    return sorted(out, key=lambda b: min(x for x, _ in b))


def box(blob: Blob) -> tuple[int, int, int, int]:
    xs, ys = [x for x, _ in blob], [y for _, y in blob]
    return min(xs), min(ys), max(xs), max(ys)


def tofu(blob: Blob) -> bool:
    """An empty box: a rectangle's outline (crossed or not), ink along nearly all its border.
    No letter or sign of a sentence inks the whole border of its bounds; a bar (``l``, ``I``)
    is too narrow to count, and a dot (``:``, ``.`` in a bold face) is solid."""
    x0, y0, x1, y1 = box(blob)
    w, h = x1 - x0 + 1, y1 - y0 + 1
    if h < 8 or w < max(5, 0.3 * h):
        return False
    border = {(x, y) for x in range(x0, x1 + 1) for y in (y0, y1)} | {
        (x, y) for y in range(y0, y1 + 1) for x in (x0, x1)}
    m = max(2, min(w, h) // 4)  # more than the stroke's width
    inside = {(x, y) for x in range(x0 + m, x1 - m + 1) for y in range(y0 + m, y1 - m + 1)}
    return len(border & blob) / len(border) > 0.9 and len(inside & blob) < 0.6 * len(inside)


def cells(blob: Blob) -> frozenset[tuple[int, int]]:
    """A blob on a GRID × GRID grid, stretched to fill it: its shape, whatever its size."""
    x0, y0, x1, y1 = box(blob)
    w, h = x1 - x0 + 1, y1 - y0 + 1
    return frozenset((min(GRID - 1, (x - x0) * GRID // w), min(GRID - 1, (y - y0) * GRID // h))
                     for x, y in blob)


@cache
def sign_cells(sign: str) -> frozenset[tuple[int, int]]:
    """The card font's ``sign`` on the grid, drawn large."""
    picture = Image.new("L", (200, 200), 255)
    ImageDraw.Draw(picture).text((20, 20), sign, font=ImageFont.truetype(str(FONT), 120),
                                 fill=0)
    return cells(max(blobs(ink(picture)), key=len))


def likeness(blob: Blob, sign: str) -> float:
    """How much ``blob`` looks like ``sign`` (0 to 1: the shared cells of the two shapes)."""
    a, b = cells(blob), sign_cells(sign)
    return len(a & b) / len(a | b)


def drawn(picture: Image.Image, sign: str) -> tuple[bool, int]:
    """Whether ``sign`` is drawn in a picture of a line of text, and how many tofu boxes are."""
    parts = [b for b in blobs(ink(picture)) if len(b) > 6]
    tall = max((box(b)[3] - box(b)[1] for b in parts), default=0)
    found = any(likeness(b, sign) > 0.8 for b in parts if box(b)[3] - box(b)[1] > tall * 0.4)
    return found, sum(tofu(b) for b in parts if box(b)[3] - box(b)[1] > tall * 0.6)
