"""The card table of play on the device: a :class:`~views.felt_data.Scene` drawn as cards on a
felt. Every card is a control of its own in one ``ft.Stack``, placed by ``left``/``top``; the
:class:`Felt` keeps those controls from one scene to the next and only moves what changed, so a
played card travels from the hand to the pile. Where things go is :func:`layout`, a pure
function of the scene and the table's size (tested without a page)."""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import flet as ft

from views.common import CARD_FONT, Handler, Tr, big_button, card_text, dot, drawn
from views.felt_data import Button, Chair, Face, Group, Pile, Scene

FELT = "#1F5A3A"  # the cloth
FELT_EDGE = "#174A2F"
PAPER = "#FCFBF7"  # a card's face: the same in both themes, so are its inks
INK = {"red": "#C62828", "black": "#1B1B1B", "joker": "#6A1B9A"}
BACK = "#1E3F8A"
LIT = "#FFC940"  # a legal move's outline: reads on the paper and on the felt
CHOSEN = "#4FC3F7"
NEW = "#E65100"
ON_FELT = "#F2F5F0"  # text on the cloth
LIFT = 12  # a lit card rises this much
LIFT_CHOSEN = 24
MARGIN = 6
MIN_STEP = 30  # a hand's cards overlap no more than this shows of each
SPEEDS = {"slow": 400, "normal": 250, "fast": 120, "instant": 0}
ORDERS = ("suit", "rank")

Pose = tuple[float, float, float]  # left, top, angle (radians)
Tap = Callable[[str], None]


@dataclass(frozen=True)
class Sizes:
    """The cards' sizes on a table of ``width`` x ``height``: the hand's and the piles'
    (``card``), the melds' and the face-up cards in front of a seat (``small``)."""

    width: float
    height: float
    card: tuple[float, float]
    small: tuple[float, float]
    chair: tuple[float, float]
    spread: float = 0.0  # how much of each meld card shows (0: half a small card, 16 px and more)

    @property
    def portrait(self) -> bool:
        return self.height >= self.width


def sizes(width: float, height: float, scene: Scene | None = None) -> Sizes:
    """The cards' sizes for the table's size: a hand card 44 px wide and more, bigger as the
    table grows (about a seventh of a phone's width); melds smaller on a crowded table."""
    sideways = short(width, height)
    if sideways:  # the seats down the left: a pile and the hand's rows of cards in height
        room = width - _column(scene) - 8 - MARGIN
        w = min(84.0, room / 7, (height - 112) / 2.9)
        rows = len(hand_rows(len(scene.hand), room, w)) if scene is not None else 1
        w = max(44.0, min(w, (height - 112) / (1.4 * (2 + 0.45 * (rows - 1)) + 0.1)))
    else:
        w = max(44.0, min(84.0, width / 7, height / 7.5))
    h = round(w * 1.4)
    sw = max(30.0, round(w * 0.62))
    chair = SEAT_W if sideways else min(150.0, max(96.0, width / 3.3))
    s = Sizes(width, height, (round(w), h), (sw, round(sw * 1.4)), (chair, 58.0))
    if scene is None or not scene.sides:
        return s
    for _ in range(8):  # the melds' rows and the rest must fit the height: smaller cards,
        if _melds_fit(scene, s):  # then only their corners showing
            break
        if s.small[0] > 24:
            sw = max(24.0, round(s.small[0] * 0.82))
            s = replace(s, small=(sw, round(sw * 1.4)))
        else:
            s = replace(s, spread=max(11.0, (s.spread or max(16.0, s.small[0] * 0.5)) * 0.8))
    return s


def _melds_fit(scene: Scene, s: Sizes) -> bool:
    """Whether the sides' melds, in small cards of this size, leave room for the rest: on a
    phone, stacked between the seats and the hand; sideways, each in a third of the middle."""
    probe: dict[str, Pose] = {}
    if s.portrait:
        melds = sum(_groups(side.groups, MARGIN, 0, s.width - 2 * MARGIN, s, probe) + 26
                    for side in scene.sides)
        rows = hand_rows(len(scene.hand), s.width, s.card[0])
        rest = (s.chair[1] + 30) * 2 + s.card[1] * (2 + 0.45 * (len(rows) - 1)) + 90
        return melds + rest <= s.height or s.spread == 11
    if short(s.width, s.height):  # under the prompt, beside the seats
        room, top = s.width - _column(scene) - 8 - MARGIN, MARGIN + 44.0
        limit = _hand(scene.hand, room, s.height - MARGIN, s.card, probe)
    else:  # under the seats, over the prompt
        room, top = s.width, _chairs(around(scene), s, probe)
        limit = _hand(scene.hand, room, s.height - MARGIN, s.card, probe) - 48
    return s.spread == 11 or all(
        _groups(side.groups, 0, top + 20, side_width(scene, s), s, probe) <= limit
        for side in scene.sides)


def side_width(scene: Scene, s: Sizes) -> float:
    """How wide a side's melds lie: across a phone; in a third of a wide table's middle."""
    if s.portrait:
        return s.width - 2 * MARGIN
    if short(s.width, s.height):
        return (s.width - _column(scene) - 8 - 2 * MARGIN) / 3 - 8
    return (s.width - 2 * MARGIN) / 3 - 8


SEAT_W = 112.0  # a seat in the column of a short sideways table
SEATS_W = 184.0  # that column: the seats, their face-up cards beside them


def short(width: float, height: float) -> bool:
    """Whether the table is a phone turned sideways (or any short, wide table): the seats go
    down its left side, so that the cards can be as big as the height allows."""
    return width > height * 1.3 and height < 560


def _column(scene: Scene | None) -> float:
    """The width of the seats' column on a short table: wider where the seats have face-up
    cards beside them (Sums)."""
    groups = scene is not None and any(c.groups for c in scene.chairs if c.seat != scene.seat)
    return SEATS_W if groups or scene is None else SEAT_W + 8


def hand_rows(count: int, width: float, card_w: float) -> list[int]:
    """How many of ``count`` cards each row of the hand holds: one row while each card shows
    ``MIN_STEP`` px, then as many rows as it takes (the first row at the back)."""
    room = width - 2 * MARGIN - card_w
    per_row = max(1, int(room // MIN_STEP) + 1)
    rows = max(1, math.ceil(count / per_row))
    base, extra = divmod(count, rows)
    return [base + (1 if r < extra else 0) for r in range(rows)]


def _hand(hand: Sequence[Face], width: float, bottom: float, card: tuple[float, float],
          out: dict[str, Pose], left: float = 0.0) -> float:
    """Places the hand above ``bottom``, centred on ``width`` from ``left``; returns the top of
    its area (lifts included)."""
    cw, ch = card
    rows = hand_rows(len(hand), width, cw)
    row_gap = ch * 0.45  # a back row shows its cards' top corner
    top_row = bottom - ch - row_gap * (len(rows) - 1) - _droop(rows, width, card) - 4
    i = 0
    for r, n in enumerate(rows):
        faces = hand[i:i + n]
        i += n
        room = width - 2 * MARGIN
        step = min(cw + 4, (room - cw) / (n - 1)) if n > 1 else 0
        span = cw + step * (n - 1)
        left0 = left + (width - span) / 2
        fan, bend = _bend(n, len(rows), step, card)
        for j, face in enumerate(faces):
            mid = j - (n - 1) / 2
            lift = LIFT_CHOSEN if face.chosen else (LIFT if face.lit else 0)
            top = top_row + r * row_gap - lift + mid * mid * bend
            out[face.id] = (left0 + j * step, top, mid * fan)
    return top_row - LIFT_CHOSEN


def _bend(n: int, rows: int, step: float, card: tuple[float, float]) -> tuple[float, float]:
    """How a row of ``n`` cards fans: each card's turn from the next (radians), and how far a
    card ``k`` places from the middle sits lower (``k * k`` times it). A single row of cards
    apart fans wide, overlapping rows barely; the ends never droop more than a sixth of a
    card's height (a long row on a short table stays flat)."""
    wide = rows == 1 and step > card[0]
    fan, bend = (0.035, 1.5) if wide else (0.012, 0.3)
    mid = (n - 1) / 2
    most = card[1] / 6 / (mid * mid) if mid > 0 else bend
    if bend > most:
        fan, bend = fan * most / bend, most
    return fan, bend


def _droop(rows: Sequence[int], width: float, card: tuple[float, float]) -> float:
    """How far the ends of the hand's longest fanned row sit below its middle."""
    n = max(rows)
    room = width - 2 * MARGIN
    step = min(card[0] + 4, (room - card[0]) / (n - 1)) if n > 1 else 0
    mid = (n - 1) / 2
    return mid * mid * _bend(n, len(rows), step, card)[1]


def _chairs(chairs: Sequence[Chair], s: Sizes, out: dict[str, Pose]) -> float:
    """Places the other seats across the top (an arc on a phone: the ends lower); their
    face-up cards under them. Returns the bottom of their area."""
    if not chairs:
        return 0.0
    cw, chh = s.chair
    sw, sh = s.small
    per_row = max(1, min(len(chairs), int((s.width - MARGIN) // (cw + MARGIN))))
    rows = math.ceil(len(chairs) / per_row)
    per_row = math.ceil(len(chairs) / rows)
    cw = min(cw, (s.width - MARGIN * (per_row + 1)) / per_row)
    groups_h = sh + 4 if any(c.groups for c in chairs) else 0.0
    arc = 18.0 if s.portrait and per_row >= 3 and rows == 1 else 0.0
    row_h = chh + groups_h + 6
    bottom = 0.0
    for i, chair in enumerate(chairs):
        r, j = divmod(i, per_row)
        n = min(per_row, len(chairs) - r * per_row)
        gap = (s.width - n * cw) / (n + 1)
        left = gap + j * (cw + gap)
        ends = 0.0 if n < 3 else (arc if j in (0, n - 1) else 0.0)
        top = MARGIN + r * row_h + ends
        out[f"chair:{chair.seat}"] = (left, top, 0.0)
        faces = [f for g in chair.groups for f in g.cards]
        if faces:
            step = min(sw + 2, (cw - sw) / (len(faces) - 1)) if len(faces) > 1 else 0
            for k, face in enumerate(faces):
                lift = LIFT if face.lit else 0
                out[face.id] = (left + k * step, top + chh + 4 - lift * 0.5, 0.0)
        bottom = max(bottom, top + chh + groups_h)
    return bottom + MARGIN


GROUP_LABEL = 14.0


def _groups(groups: Sequence[Group], left: float, top: float, width: float, s: Sizes,
            out: dict[str, Pose]) -> float:
    """Flows melds left to right from (left, top) within ``width``, each a small fan under
    its label; returns the bottom."""
    sw, sh = s.small
    step = s.spread or max(16.0, sw * 0.5)
    x, y, row_bottom = left, top, top
    for g in groups:
        n = len(g.cards)
        w = sw + step * max(0, n - 1)
        if x > left and x + w > left + width:
            x, y = left, row_bottom + 4
        out[f"group:{g.key}"] = (x, y, 0.0)
        for k, face in enumerate(g.cards):
            out[face.id] = (x + k * step, y + GROUP_LABEL, 0.0)
        x += w + 8
        row_bottom = max(row_bottom, y + GROUP_LABEL + sh)
    return row_bottom


PILE_LABEL = 16.0


def _piles(piles: Sequence[Pile], s: Sizes, left: float, top: float, width: float,
           out: dict[str, Pose]) -> float:
    """Piles side by side in the middle (in rows when they do not fit); returns the
    bottom."""
    cw, ch = s.card
    slot, gap, per_row = _pile_row(piles, cw, width)
    rows = math.ceil(len(piles) / per_row) if piles else 0
    y = top
    for r in range(rows):
        row = piles[r * per_row:(r + 1) * per_row]
        span = len(row) * slot + (len(row) - 1) * gap
        x = left + (width - span) / 2
        for pile in row:
            out[f"pile:{pile.key}"] = (x, y, 0.0)
            for k, face in enumerate(pile.top[-3:]):
                out[face.id] = (x + k * 9, y, 0.0)
            x += slot + gap
        y += ch + PILE_LABEL + 8
    return y


def _pile_row(piles: Sequence[Pile], cw: float, width: float) -> tuple[float, float, int]:
    """A pile's width, the gap between two piles (so that their labels, which may be wider
    than a pile, do not meet), and how many piles a row of ``width`` holds."""
    slot = cw + 22  # a pile's few top cards fan a little to the right
    widest = max((label_width(p, cw) for p in piles), default=slot)
    gap = max(8.0, widest - slot + 4)
    return slot, gap, max(1, int((width + gap) // (slot + gap)))


def _piles_height(piles: Sequence[Pile], s: Sizes, width: float) -> float:
    rows = math.ceil(len(piles) / _pile_row(piles, s.card[0], width)[2]) if piles else 0
    return (s.card[1] + PILE_LABEL + 8) * rows


def pile_label(pile: Pile) -> str:
    return f"{pile.label} · {pile.count}" if pile.count else pile.label


def label_width(pile: Pile, card_w: float) -> float:
    """How wide a pile's label ("Draw pile · 30") is drawn, centred under the pile: as wide as
    its words (12 px letters are about 6.6 px wide), at most the card and 46 px."""
    return min(card_w + 46, max(card_w + 22, len(pile_label(pile)) * 6.6 + 8))


def layout(scene: Scene, width: float, height: float) -> dict[str, Pose]:
    """Where each card (by its face id) and each seat, pile, meld and side (``chair:2``,
    ``pile:draw``, ``group:K``, ``side:0``) goes on a table of ``width`` x ``height``:
    (left, top, angle). The person's hand is at the bottom, the other seats across the top,
    the piles and the sides' melds between them."""
    s = sizes(width, height, scene)
    out: dict[str, Pose] = {}
    others = around(scene)
    if short(width, height):
        return _sideways(scene, others, s, out)
    top = _chairs(others, s, out)
    # the bottom: the hand, one's own face-up cards, over them the prompt line (the sort
    # button at its end)
    bottom = height - MARGIN
    if scene.hand:
        bottom = _hand(scene.hand, width, bottom, s.card, out)
    bottom = _own_cards(scene, MARGIN, width - 2 * MARGIN, bottom, s, out)
    out["prompt"] = (MARGIN, bottom - 44, 0.0)
    bottom -= 48
    middle_left, middle_w = MARGIN, width - 2 * MARGIN
    sides = list(scene.sides)
    if sides and not s.portrait:  # beside the piles: the others' left, one's own right
        third = middle_w / 3
        for i, side in enumerate(sides[:2]):
            x = middle_left if i == 0 else middle_left + 2 * third
            out[f"side:{i}"] = (x, top, 0.0)
            _groups(side.groups, x, top + 20, side_width(scene, s), s, out)
        _piles(scene.piles, s, middle_left + third, top + 4, third, out)
        return _clamped(out, scene, s)
    # a phone: the others' side under the seats, the piles, one's own side over the hand
    mine = _own_side(scene)
    y = top
    for i, side in enumerate(sides):
        if i == mine:
            continue
        out[f"side:{i}"] = (middle_left, y, 0.0)
        y = _groups(side.groups, middle_left, y + 20, middle_w, s, out) + 6
    pile_h = _piles_height(scene.piles, s, middle_w)
    if 0 <= mine < len(sides):
        side = sides[mine]
        probe: dict[str, Pose] = {}
        need = _groups(side.groups, middle_left, 0, middle_w, s, probe) + 20
        side_top = max(y + pile_h, bottom - need)
        out[f"side:{mine}"] = (middle_left, side_top, 0.0)
        _groups(side.groups, middle_left, side_top + 20, middle_w, s, out)
        bottom = side_top
    free = max(0.0, bottom - y - pile_h)
    _piles(scene.piles, s, middle_left, y + free / 2, middle_w, out)
    return _clamped(out, scene, s)


def around(scene: Scene) -> list[Chair]:
    """The other seats in the order they play after the seat looking (the next one first),
    as they sit around it: the table turns with the player it is drawn for."""
    n = len(scene.chairs)
    others = [c for c in scene.chairs if c.seat != scene.seat]
    if scene.seat < 0:
        return others
    return sorted(others, key=lambda c: (c.seat - scene.seat) % n)


def _sideways(scene: Scene, others: Sequence[Chair], s: Sizes,
              out: dict[str, Pose]) -> dict[str, Pose]:
    """A short, wide table (a phone turned): the other seats down the left side, each with its
    face-up cards beside it; the prompt, the piles and the hand to their right."""
    cw, chh = s.chair
    sw, sh = s.small
    y: float = MARGIN
    # one's own face-up cards close the column: the others share the height left
    own_h = s.height - MARGIN - (_own_cards(scene, MARGIN, SEATS_W, s.height - MARGIN, s, out)
                                  if _mine(scene) else s.height - MARGIN)
    row_h = max(chh, sh) + 4.0
    fit = max(1, int((s.height - MARGIN - own_h) // row_h))
    row_h = min(row_h, (s.height - MARGIN - own_h - chh) / max(1, len(others) - 1)) \
        if len(others) > fit else row_h  # many seats overlap a little rather than spill
    for chair in others:
        out[f"chair:{chair.seat}"] = (MARGIN, y, 0.0)
        cards = [f for g in chair.groups for f in g.cards]
        room = SEATS_W - cw - 4
        step = min(sw + 2, (room - sw) / (len(cards) - 1)) if len(cards) > 1 else 0.0
        for k, face in enumerate(cards):
            lift = LIFT * 0.5 if face.lit else 0.0
            out[face.id] = (MARGIN + cw + 4 + k * max(step, 12.0), y + (chh - sh) / 2 - lift,
                            0.0)
        y += row_h
    left = MARGIN + (_column(scene) if others else 0) + 8
    width = s.width - left - MARGIN
    out["prompt"] = (left, MARGIN, 0.0)
    bottom = s.height - MARGIN
    if scene.hand:
        bottom = _hand(scene.hand, width, bottom, s.card, out, left)
    top = MARGIN + 44
    if scene.sides:  # the piles in the middle third, the others' melds left, one's own right
        third = width / 3
        mine = _own_side(scene)
        for i, side in enumerate(scene.sides[:2]):
            x = left + 2 * third if i == mine or (mine < 0 and i == 1) else left
            out[f"side:{i}"] = (x, top, 0.0)
            _groups(side.groups, x, top + 20, side_width(scene, s), s, out)
        left, width = left + third, third
    free = max(0.0, bottom - top - _piles_height(scene.piles, s, width))
    _piles(scene.piles, s, left, top + free / 2, width, out)
    return _clamped(out, scene, s)


def _own_cards(scene: Scene, left: float, width: float, bottom: float, s: Sizes,
               out: dict[str, Pose]) -> float:
    """One's own face-up cards (Sums: those in front of the seat looking), in a row over the
    hand, centred; returns the top of their row (``bottom`` when there are none)."""
    cards = _mine(scene)
    if not cards:
        return bottom
    sw, sh = s.small
    step = min(sw + 4, (width - sw) / (len(cards) - 1)) if len(cards) > 1 else 0
    x = left + (width - sw - step * (len(cards) - 1)) / 2
    top = bottom - sh - 6
    for k, face in enumerate(cards):
        out[face.id] = (x + k * step, top - (LIFT * 0.5 if face.lit else 0), 0.0)
    return top - LIFT * 0.5


def _mine(scene: Scene) -> list[Face]:
    """The face-up cards in front of the seat looking."""
    me = next((c for c in scene.chairs if c.seat == scene.seat), None)
    return [f for g in me.groups for f in g.cards] if me is not None else []


def _own_side(scene: Scene) -> int:
    """The side whose label names the seat looking (drawn over its hand), -1 for none."""
    me = next((c.name for c in scene.chairs if c.seat == scene.seat), None)
    if me is None:
        return -1
    return next((i for i, side in enumerate(scene.sides) if me in side.label), -1)


def _clamped(out: dict[str, Pose], scene: Scene, s: Sizes) -> dict[str, Pose]:
    """Keeps every card inside the table (a crowded table overlaps rather than spills)."""
    dims = boxes(scene, s)
    for key, (left, top, angle) in out.items():
        w, h = dims.get(key, (0.0, 0.0))
        out[key] = (min(max(0.0, left), max(0.0, s.width - w)),
                    min(max(0.0, top), max(0.0, s.height - h)), angle)
    return out


def boxes(scene: Scene, s: Sizes) -> dict[str, tuple[float, float]]:
    """Each placed thing's width and height (cards by face id)."""
    out: dict[str, tuple[float, float]] = {f.id: s.card for f in scene.hand}
    for pile in scene.piles:
        out[f"pile:{pile.key}"] = (s.card[0] + 22, s.card[1] + PILE_LABEL)
        out.update({f.id: s.card for f in pile.top})
    for chair in scene.chairs:
        out[f"chair:{chair.seat}"] = s.chair
        out.update({f.id: s.small for g in chair.groups for f in g.cards})
    for side in scene.sides:
        out.update({f.id: s.small for g in side.groups for f in g.cards})
    return out


def faces(scene: Scene) -> list[tuple[Face, str, str]]:
    """Every face of the scene, bottom to top as drawn, with where it lies (``hand``,
    ``pile``, ``group``, ``chair``) and the tap it forwards to when it has none (a pile's or
    a meld's)."""
    out: list[tuple[Face, str, str]] = []
    for chair in scene.chairs:
        out += [(f, "chair", g.tap) for g in chair.groups for f in g.cards]
    for side in scene.sides:
        for g in side.groups:
            out += [(replace(f, lit=f.lit or (g.lit and i == len(g.cards) - 1)), "group", g.tap)
                    for i, f in enumerate(g.cards)]
    for pile in scene.piles:
        shown = pile.top[-3:]
        out += [(replace(f, lit=f.lit or (pile.lit and i == len(shown) - 1)), "pile", pile.tap)
                for i, f in enumerate(shown)]
    out += [(f, "hand", "") for f in scene.hand]
    return out


# -- the controls ------------------------------------------------------------------------------
def ink(code: str) -> str:
    colour = card_text(code)[1]
    return INK["joker"] if code == "JK" else (INK["red"] if colour == card_text("AH")[1]
                                              else INK["black"])


class Drawing(ft.Stack):
    """What is printed on a card: the same from its first drawing to its last. Its own bounds
    of an update, so the table's update diffs none of it (a new one replaces it whole)."""

    def is_isolated(self) -> bool:
        return True


def drawing(face: Face, size: tuple[float, float]) -> ft.Control:
    """A card's print: rank over suit in the top corner (what an overlapped card shows), the
    suit big in the middle, a dot when it is new; nothing printed on a card's back (the
    client's Semantics needs a child all the same)."""
    if not face.code:
        return Drawing([])
    w = size[0]
    label = card_text(face.code)[0]
    rank, suit = (label[:-1], label[-1]) if face.code != "JK" else ("JK", "★")
    colour = ink(face.code)
    corner = max(10.0, round(w * 0.3))
    mark: list[ft.Control] = []
    if face.new:
        mark.append(ft.Container(width=10, height=10, bgcolor=NEW, right=3, top=3,
                                 border_radius=ft.BorderRadius.all(5)))
    return Drawing([
        ft.Column([ft.Text(rank, size=corner, weight=ft.FontWeight.BOLD, color=colour,
                           font_family=CARD_FONT, no_wrap=True),
                   ft.Text(suit, size=corner, color=colour, font_family=CARD_FONT)],
                  spacing=-corner * 0.35, left=3, top=1),
        ft.Text(suit, size=round(w * 0.55), color=colour, font_family=CARD_FONT,
                right=4, bottom=1),
        *mark,
    ])


def dress(card: ft.Container, face: Face, size: tuple[float, float], place: str) -> None:
    """A card's paper (or back), edge and shadow, on ``card``: lit, chosen or plain."""
    w, h = size
    card.width, card.height = w, h
    card.border_radius = ft.BorderRadius.all(w * 0.12)
    if not face.code:
        card.bgcolor = BACK
        card.border = ft.Border.all(3, LIT) if face.lit else ft.Border.all(2, PAPER)
        card.shadow = None
        return
    outline = LIT if face.lit else (CHOSEN if face.chosen else "#9E9E9E")
    card.bgcolor = PAPER
    card.border = ft.Border.all(3 if face.lit or face.chosen else 1, outline)
    card.shadow = ft.BoxShadow(blur_radius=4, color="#55000000", offset=ft.Offset(0, 1)) \
        if place == "hand" else None


def card_face(face: Face, size: tuple[float, float], place: str = "hand") -> ft.Container:
    """A card as one control: its paper and edge, and its print (a back when the code is not
    shown)."""
    card = ft.Container(drawing(face, size))
    dress(card, face, size, place)
    return card


def _chair(chair: Chair, size: tuple[float, float], t: Tr) -> ft.Container:
    w, h = size
    back = ft.Container(width=22, height=30, bgcolor=BACK, border_radius=ft.BorderRadius.all(3),
                        border=ft.Border.all(1.5, PAPER),
                        content=ft.Text(str(chair.cards), size=12, color=PAPER,
                                        weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                        alignment=ft.Alignment.CENTER, key=f"backs-{chair.seat}")
    name = ft.Row([dot(chair.colour, size=10),
                   ft.Text(chair.name, size=13, weight=ft.FontWeight.BOLD, color=ON_FELT,
                           expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   *([ft.Container(ft.Text("D", size=10, weight=ft.FontWeight.BOLD,
                                           color="#000000"), bgcolor="#FFFFFF", width=16,
                                   height=16, alignment=ft.Alignment.CENTER,
                                   border_radius=ft.BorderRadius.all(8), key=f"dealer-{chair.seat}",
                                   tooltip=t("felt.dealer"))] if chair.dealer else [])],
                  spacing=4)
    # the score (and what the seat removed), then what it owes or else a computer's level
    small = " · ".join(x for x in (chair.score, chair.tally) if x)
    under = (ft.Text(chair.note, size=11, color=LIT, weight=ft.FontWeight.BOLD, max_lines=1,
                     overflow=ft.TextOverflow.ELLIPSIS, key=f"note-{chair.seat}")
             if chair.note else
             ft.Text(chair.level, size=11, color=ON_FELT, italic=True, max_lines=1,
                     key=f"level-{chair.seat}") if chair.level else None)
    lines: list[ft.Control] = [name, ft.Row([back, ft.Column(
        [ft.Text(small, size=11, color=ON_FELT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
         *([under] if under is not None else [])],
        spacing=0, expand=True)], spacing=6)]
    return ft.Container(
        ft.Column(lines, spacing=2), width=w, height=h, padding=ft.Padding.all(4),
        border_radius=ft.BorderRadius.all(10), bgcolor="#33000000",
        border=ft.Border.all(3, LIT) if chair.active
        else ft.Border.all(2, chair.colour or FELT_EDGE),
        key=f"chair-{chair.seat}",
    )


def _label(group: Group, left: float, top: float, on_tap: Tap, version: int) -> ft.Control:
    """A meld's label over it ("Canasta (pure)"); underlined when a tap on it adds to it."""
    return drawn(ft.Container(
        ft.Text(group.label, size=10, color=LIT if group.lit else ON_FELT, max_lines=1),
        left=left, top=top, key=f"group-{group.key}",
        border=ft.Border.only(bottom=ft.BorderSide(2, LIT)) if group.lit else None,
        on_click=(lambda _e, k=group.tap: on_tap(k)) if group.tap else None), version)


def _pile(pile: Pile, s: Sizes, on_tap: Tap | None, t: Tr) -> ft.Container:
    cw, ch = s.card
    empty = not pile.top
    slot = ft.Container(
        width=cw, height=ch, border_radius=ft.BorderRadius.all(cw * 0.12),
        border=ft.Border.all(3 if pile.lit else 1.5, LIT if pile.lit else "#66FFFFFF"),
        bgcolor=BACK if empty and pile.count else None,
        content=ft.Text(str(pile.count) if pile.count and empty else "", size=16, color=PAPER,
                        weight=ft.FontWeight.BOLD),
        alignment=ft.Alignment.CENTER, left=0, top=0)
    wide = label_width(pile, cw)
    parts: list[ft.Control] = [
        slot,
        # may be wider than the pile: "Draw pile · 30" under a small card
        ft.Text(pile_label(pile), size=12, color=ON_FELT, left=(cw + 22 - wide) / 2, top=ch + 1,
                width=wide, text_align=ft.TextAlign.CENTER, max_lines=1,
                key=f"pile-label-{pile.key}"),
    ]
    if pile.mark:
        parts.append(ft.Text(f" {pile.mark} ", size=11, color="#FFFFFF", bgcolor="#C62828",
                             weight=ft.FontWeight.BOLD, left=0, top=ch / 2 - 8,
                             key=f"pile-mark-{pile.key}"))
    tap = pile.tap if pile.tap and on_tap is not None else ""
    stack: ft.Control = ft.Stack(parts, clip_behavior=ft.ClipBehavior.NONE)
    if pile.lit and tap and empty:  # no card to name it: the pile says it can be tapped
        stack = ft.Semantics(content=stack, label=t("felt.lit", name=pile.label),
                             exclude_semantics=True)
    return ft.Container(
        stack, width=cw + 22,
        height=ch + PILE_LABEL, key=f"pile-{pile.key}",
        on_click=(lambda _e, k=tap: on_tap(k)) if tap and on_tap else None,
        tooltip=pile.label or None)


@functools.cache
def _animation(speed: int) -> ft.Animation | None:
    return ft.Animation(speed, ft.AnimationCurve.EASE_OUT_CUBIC) if speed > 0 else None


@functools.cache
def _turned(angle: float) -> ft.Rotate | None:
    return ft.Rotate(angle, alignment=ft.Alignment.BOTTOM_CENTER) if angle else None


def _put(control: ft.BaseControl, **values: object) -> None:
    """Set the properties whose value differs (a property set is diffed on the next send)."""
    for name, value in values.items():
        if getattr(control, name) != value:
            setattr(control, name, value)


class Felt:
    """The table's controls, kept from one scene to the next: a card keeps its control (by its
    face id) and moves; ``moving`` says a card travels (taps wait until it arrives)."""

    def __init__(self) -> None:
        self.cards: dict[str, ft.Container] = {}
        self.stack = ft.Stack(clip_behavior=ft.ClipBehavior.HARD_EDGE, key="felt")
        self.table = ft.Container(self.stack, bgcolor=FELT, border_radius=ft.BorderRadius.all(14),
                                  key="table")
        self.scene: Scene | None = None
        self.places: dict[str, Pose] = {}
        self.moving = False
        self._drawn: dict[str, tuple[str, tuple[float, float], bool]] = {}  # each card's print
        self._dressed: dict[str, tuple[object, ...]] = {}  # each card's paper and edge
        # the cards on their way face down: how each shows once it arrives
        self._turning: dict[str, tuple[Face, tuple[float, float], str]] = {}
        self.seats: dict[int, ft.Container] = {}
        self.launching: dict[str, tuple[float, float]] = {}  # new cards: where they go
        self._memo: dict[str, tuple[object, ft.Control]] = {}  # what is drawn besides cards

    def show(self, scene: Scene, width: float, height: float, *, on_tap: Tap,
             t: Tr, order: str = "suit", on_order: Callable[[str], None] | None = None,
             speed: int = 250, version: int = 0) -> ft.Control:
        """The table for ``scene`` on ``width`` x ``height``: cards already shown move where
        they now go (in ``speed`` ms), new ones come from where they were drawn."""
        s = sizes(width, height, scene)
        before, old_places = self.scene, self.places
        self.launching = {}  # the last drawing's new cards go from where they are now
        places = layout(scene, width, height)
        source = _source(before, old_places, scene)
        kept: dict[str, ft.Container] = {}
        order_of: list[ft.Control] = []
        moved = False
        anim = _animation(speed)
        labels = {f.id: p.label for p in scene.piles for f in p.top}
        for face, where, forward in faces(scene):
            size = s.card if where in ("hand", "pile") else s.small
            left, top, angle = places.get(face.id, (0.0, 0.0, 0.0))
            control = self.cards.get(face.id)
            hidden = False  # comes face down from another seat's hand: turns over on arrival
            goes = (left, top)
            if control is None:
                start = old_places.get(face.id) or source.get(where)
                control = ft.Container(key=f"card-{face.id}")
                if start is not None and speed > 0 and before is not None:
                    # a new card is drawn where it comes from, and sent on its way once it is
                    # shown there (:meth:`launch`): a control appears where it is first put
                    control.left, control.top = start[0], start[1]
                    self.launching[face.id] = goes
                    goes = (start[0], start[1])
                    hidden = face.id not in old_places and where in ("pile", "group") \
                        and bool(face.code) and "pile" in source
            # a card that rises or sinks in the hand (lit, chosen) is no card on its way: taps
            # go on meanwhile
            if control.left is not None and speed > 0 and (
                    face.id in self.launching or control.left != left
                    or abs((control.top or 0) - top) > LIFT_CHOSEN + 1):
                moved = True
                control.on_animation_end = self._arrived
            # only what changed is set: what is set is compared when the page is sent
            _put(control, left=goes[0], top=goes[1], animate_position=anim,
                 animate_rotation=anim, rotate=_turned(angle))
            # the paper and edge change on the card itself; its print only with the card
            shown = control.content if isinstance(control.content, ft.Semantics) \
                else ft.Semantics(exclude_semantics=True)
            control.content = shown
            name = card_text(face.code)[0] if face.code else labels.get(face.id, "")
            if face.chosen:  # selected, though a tap may still take it back
                name = t("felt.chosen", name=name)
            elif face.lit:
                name = t("felt.lit", name=name)
            _put(shown, label=name, selected=face.chosen or None)
            look = (face.code, size, face.new)
            dressed = (face.code, face.lit, face.chosen, size, where)
            if hidden:
                self._turning[face.id] = (face, size, where)
                dress(control, replace(face, code=""), size, where)
                shown.content = drawing(replace(face, code=""), size)
            elif face.id in self._turning:  # on its way, face down: turns over on arrival
                self._turning[face.id] = (face, size, where)
            else:
                if self._dressed.get(face.id) != dressed:
                    dress(control, face, size, where)
                if self._drawn.get(face.id) != look:
                    shown.content = drawing(face, size)
            self._drawn[face.id] = look
            self._dressed[face.id] = dressed if face.id not in self._turning else ()
            key = face.tap or forward
            active = bool(face.tap or face.why or forward)
            control.on_click = (lambda _e, k=key or face.id: on_tap(k)) if active else None
            kept[face.id] = control
            order_of.append(control)
        self.cards = kept
        self._turning = {k: v for k, v in self._turning.items() if k in kept}
        self._drawn = {k: v for k, v in self._drawn.items() if k in kept}
        self._dressed = {k: v for k, v in self._dressed.items() if k in kept}
        under: list[ft.Control] = []
        seats: dict[int, ft.Container] = {}
        self._memo, memo = {}, self._memo
        keep = functools.partial(self._keep, memo)
        for chair in scene.chairs:
            if chair.seat == scene.seat:
                continue
            left, top, _ = places[f"chair:{chair.seat}"]
            # kept, and moved: when the table turns to another player, the seats go round
            box = self.seats.get(chair.seat) or ft.Container(key=f"seat-{chair.seat}")
            size = (min(s.chair[0], width - left), s.chair[1])
            box.content = keep(f"chair:{chair.seat}", (chair, size),
                               functools.partial(_chair, chair, size, t))
            box.left, box.top = left, top
            box.animate_position = anim
            seats[chair.seat] = box
            under.append(box)
        self.seats = seats
        # what is drawn with a tap is drawn again at each version (a tap on one drawn before
        # the game moved on names a control that is gone)
        mine = (version, scene.seat)
        for pile in scene.piles:
            left, top, _ = places[f"pile:{pile.key}"]

            def made(p: Pile = pile, x: float = left, y: float = top) -> ft.Control:
                box = drawn(_pile(p, s, on_tap, t), version)
                box.left, box.top = x, y
                return box

            under.append(keep(f"pile:{pile.key}", (pile, s.card, left, top, mine), made))
        for i, side in enumerate(scene.sides):
            if f"side:{i}" not in places:
                continue
            left, top, _ = places[f"side:{i}"]
            text = " · ".join(x for x in (side.label, side.note) if x)
            wide = min(width - left - MARGIN, side_width(scene, s) + 8)
            under.append(keep(f"side:{i}", (text, left, top, wide), functools.partial(
                ft.Text, text, size=13, color=ON_FELT, weight=ft.FontWeight.BOLD, left=left,
                top=top, width=wide, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                key=f"side-{i}")))
            for g in side.groups:
                gl, gt, _ = places[f"group:{g.key}"]
                under.append(keep(f"group:{g.key}", (g.label, g.lit, g.tap, gl, gt, mine),
                                  functools.partial(_label, g, gl, gt, on_tap, version)))
        prompt = (scene.prompt, scene.note, places["prompt"], width, order, bool(scene.hand),
                  on_order is None, scene.seat)
        under.append(keep("prompt", prompt, lambda: self._prompt(
            scene, places["prompt"], width, t, order, on_order)))
        self.stack.controls = [*under, *order_of]
        self.stack.width, self.stack.height = width, height
        self.table.width, self.table.height = width, height
        self.moving = moved
        self.table.ignore_interactions = moved
        self.scene, self.places = scene, places
        return self.table

    def _keep(self, before: dict[str, tuple[object, ft.Control]], key: str, data: object,
              make: Callable[[], ft.Control]) -> ft.Control:
        """The control drawn last time for ``key`` if it was drawn from the same ``data``
        (nothing of it to send again), else a new one."""
        old = before.get(key)
        control = old[1] if old is not None and old[0] == data else make()
        self._memo[key] = (data, control)
        return control

    def _prompt(self, scene: Scene, place: Pose, width: float, t: Tr, order: str,
                on_order: Callable[[str], None] | None) -> ft.Control:
        left, top, _ = place
        lines: list[ft.Control] = [
            # a long prompt takes two lines where there is no note under it
            ft.Text(scene.prompt, size=16 if scene.note or len(scene.prompt) < 40 else 14,
                    weight=ft.FontWeight.BOLD, color=ON_FELT, key="felt-prompt",
                    max_lines=1 if scene.note else 2, overflow=ft.TextOverflow.ELLIPSIS)]
        if scene.note:
            lines.append(ft.Text(scene.note, size=13, color=LIT, key="felt-note", max_lines=1))
        row: list[ft.Control] = [ft.Column(lines, spacing=0, expand=True)]
        if scene.hand and on_order is not None:
            other = ORDERS[(ORDERS.index(order) + 1) % 2] if order in ORDERS else "rank"
            row.append(ft.IconButton(
                ft.Icons.SORT, icon_color=ON_FELT, key="sort",
                tooltip=t(f"felt.sort.{other}"), on_click=lambda _e: on_order(other)))
        return ft.Row(row, left=left, top=top, width=width - left - MARGIN, height=44,
                      key="felt-prompt-row")

    def _arrived(self, e: ft.Event[ft.LayoutControl]) -> None:
        self._turn(str(e.control.key or "").removeprefix("card-"))
        if self.moving:
            self.settled()
            with contextlib.suppress(Exception):  # the table is no longer on a page
                self.table.update()

    def launch(self) -> bool:
        """Send the new cards, shown where they come from, to where they go (True: some
        were sent; the table is to be updated)."""
        sent = False
        for face, (left, top) in self.launching.items():
            control = self.cards.get(face)
            if control is not None:
                control.left, control.top = left, top
                sent = True
        self.launching = {}
        return sent

    def _turn(self, face: str) -> None:
        """A card that arrived face down from a seat turns over."""
        control, turning = self.cards.get(face), self._turning.pop(face, None)
        if control is not None and turning is not None:
            shown, size, where = turning
            dress(control, shown, size, where)
            if isinstance(control.content, ft.Semantics):
                control.content.content = drawing(shown, size)
            with contextlib.suppress(Exception):  # the table is no longer on a page
                control.update()

    def settled(self) -> None:
        """The cards arrived: they show their faces, and taps count again."""
        self.launch()
        for face in list(self._turning):
            self._turn(face)
        self.moving = False
        self.table.ignore_interactions = False


def _source(before: Scene | None, places: dict[str, Pose], scene: Scene) -> dict[str, Pose]:
    """Where a card new to the table comes from: a drawn card from the pile that shrank (else
    the first pile), a card laid by another seat from that seat."""
    out: dict[str, Pose] = {}
    if before is None:
        return out
    counts = {p.key: p.count for p in before.piles}
    shrunk = [p for p in scene.piles if p.count < counts.get(p.key, 0)]
    pile = next(iter(shrunk or before.piles), None)
    if pile is not None and f"pile:{pile.key}" in places:
        out["hand"] = places[f"pile:{pile.key}"]
    mover = next((c.seat for c in before.chairs if c.active), -1)
    if f"chair:{mover}" in places:
        out["pile"] = out["group"] = out["chair"] = places[f"chair:{mover}"]
    return out


def felt_view(
    t: Tr, route: str, title: str, table: ft.Control, *, buttons: Sequence[Button],
    on_tap: Tap, caption: str, on_log: Handler, on_back: Handler,
    on_hint: Handler | None = None, on_undo: Handler | None = None, can_undo: bool = False,
    hint: str = "", wide: bool = False, on_invite: Handler | None = None,
) -> ft.View:
    """The card table's screen: the last move in a line over the table (its log a tap away),
    the moves that are no card under it (beside it on a wide screen)."""
    actions: list[ft.Control] = []
    if on_hint is not None:
        actions.append(ft.IconButton(ft.Icons.LIGHTBULB, tooltip=t("play.hint"),
                                     key="hint-button", on_click=lambda _e: on_hint()))
    if on_undo is not None:
        actions.append(ft.IconButton(ft.Icons.UNDO, tooltip=t("play.undo"), key="undo",
                                     disabled=not can_undo, on_click=lambda _e: on_undo()))
    if on_invite is not None:
        actions.append(ft.IconButton(ft.Icons.PHONELINK_RING, tooltip=t("guests.invite"),
                                     key="invite", on_click=lambda _e: on_invite()))
    top = ft.Row([
        ft.Text(caption, size=14, font_family=CARD_FONT, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS, key="caption"),
        ft.TextButton(t("felt.last_moves"), icon=ft.Icons.HISTORY, key="last-moves",
                      on_click=lambda _e: on_log()),
    ], spacing=4, height=40)
    moves = [big_button(b.label, functools.partial(on_tap, b.tap), key=f"button-{b.tap}",
                        primary=b.primary or len(buttons) == 1) for b in buttons]
    for m in moves:
        style = getattr(m, "style", None)
        if style is not None and style.text_style is not None:
            style.text_style.font_family_fallback = [CARD_FONT]
    notes: list[ft.Control] = [ft.Text(hint, key="hint", size=14)] if hint else []
    if wide:
        body: list[ft.Control] = [top, ft.Row(
            [table, ft.Column([*notes, *moves], width=220, spacing=8,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
            spacing=10, vertical_alignment=ft.CrossAxisAlignment.START)]
    else:
        body = [top, table, *notes, *moves]
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(title, key="title"),
                         leading=ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("common.back"),
                                               key="back", on_click=lambda _e: on_back()),
                         automatically_imply_leading=False, actions=actions),
        controls=[ft.Column(body, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                            scroll=ft.ScrollMode.AUTO, expand=True)],
        padding=ft.Padding.all(8),
    )


APPBAR = 56
TOP_LINE = 46  # the caption's row and its spacing
BUTTON = 70  # a big button and its spacing
SIDE = 230  # the buttons' column beside the table on a wide screen


def table_size(width: float, height: float, buttons: int, hint: bool = False) -> tuple[
        float, float, bool]:
    """The table's size on a window of ``width`` x ``height`` with ``buttons`` moves under it
    (beside it when the window is wider than tall): (width, height, wide)."""
    wide = width > height and width >= 700
    inner_w = width - 16 - (SIDE if wide and (buttons or hint) else 0)
    below = 0 if wide else buttons * BUTTON + (40 if hint else 0)
    inner_h = height - APPBAR - 16 - TOP_LINE - below
    return max(280.0, inner_w), max(240.0, inner_h), wide


def log_sheet(t: Tr, lines: Iterable[str]) -> ft.BottomSheet:
    """The last moves, newest last, in a sheet over the table."""
    shown = list(lines)[-20:] or [t("felt.no_moves")]
    return ft.BottomSheet(ft.Container(ft.Column(
        [ft.Text(t("felt.last_moves"), size=18, weight=ft.FontWeight.BOLD),
         *[ft.Text(line, size=14, font_family=CARD_FONT, key=f"log-{i}")
           for i, line in enumerate(shown)]],
        spacing=4, scroll=ft.ScrollMode.AUTO, tight=True), padding=ft.Padding.all(16)),
        key="log-sheet")


__all__ = ["Felt", "SPEEDS", "felt_view", "layout", "log_sheet", "sizes", "table_size"]
