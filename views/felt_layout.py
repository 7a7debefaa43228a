"""Where everything goes on the card table: a pure function of the scene and the table's size.

The table is cut into bands that never overlap: the other seats (across the top, or down the
left side of a short sideways table), the prompt line (one's own seat at its start), one's own
face-up cards, the hand at the bottom, and the middle between them, which holds the piles and
Samba's melds. What does not fit shrinks, in this order: the melds' cards, then the melds drawn
as one small card each with their count (a crowded table), then the hand's cards; so nothing
tappable is ever covered, and nothing lies outside the table (tests/test_felt_layout.py draws
crowded tables by hypothesis and checks it)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from views.felt_data import Chair, Face, Group, Pile, Scene, Side

MARGIN = 6.0
LIFT = 12.0  # a lit card rises this much
LIFT_CHOSEN = 24.0  # a selected one this much
MIN_STEP = 28.0  # a hand's cards overlap no more than this shows of each
MIN_CARD = 40.0  # the smallest hand card (wide)
MAX_CARD = 84.0
PROMPT_H = 42.0  # the prompt line: two short lines of text
PILE_LABEL = 16.0
SIDE_LABEL = 16.0  # a side's name over its melds
GROUP_LABEL = 13.0  # a meld's kind over its cards
GAP = 4.0
GOAL_H = 30.0  # the game's goal under the piles (two short lines)
SEAT_W = 112.0  # a seat in the column of a short sideways table
CHAIR_MAX = 180.0  # a seat across the top, where there is room
SEATS_W = 184.0  # that column when the seats have cards in front of them (Sums)
ME_W = 92.0  # one's own seat, at the start of the prompt line: at least this wide
ME_MAX = 132.0  # and at most this: its points in full ("12450 points")

Pose = tuple[float, float, float]  # left, top, angle (radians)
Box = tuple[float, float]  # width, height
Rect = tuple[float, float, float, float]  # left, top, width, height


@dataclass(frozen=True)
class Sizes:
    """The sizes a table is drawn at: the hand's and the piles' cards (``card``), the melds'
    and the cards in front of a seat (``small``), a seat's box; how much of each meld card shows
    (``spread``); whether melds are drawn whole (a fan of cards under their kind) or as one
    small card with their count (``chips``)."""

    card: Box
    small: Box
    chair: Box
    spread: float
    chips: bool = False
    pile: Box = (0.0, 0.0)  # a pile's cards (the hand's, or small on a crowded table)

    @property
    def slot(self) -> float:
        """A pile's width: its card and the few under it fanned to the right."""
        return self.pile[0] + 22


@dataclass(frozen=True)
class Layout:
    """Where each thing goes (``poses``: cards by face id; ``chair:<seat>``, ``me``,
    ``pile:<key>``, ``group:<key>``, ``side:<i>``, ``prompt``) and how big it is
    (``boxes``). A meld drawn as one card (``chips``) places its group, not its cards."""

    width: float
    height: float
    sizes: Sizes
    poses: dict[str, Pose]
    boxes: dict[str, Box]
    sideways: bool

    def rect(self, key: str) -> Rect:
        left, top, _ = self.poses[key]
        w, h = self.boxes[key]
        return left, top, w, h


def short(width: float, height: float) -> bool:
    """Whether the table is a phone turned sideways (or any short, wide table): the seats go
    down its left side, so that the cards can be as big as the height allows."""
    return width > height * 1.3 and height < 560


# -- the hand --------------------------------------------------------------------------------
def hand_rows(count: int, width: float, card_w: float) -> list[int]:
    """How many of ``count`` cards each row of the hand holds: one row while each card shows
    ``MIN_STEP`` px, then as many rows as it takes (the first row at the back)."""
    room = width - 2 * MARGIN - card_w
    per_row = max(1, int(room // MIN_STEP) + 1)
    rows = max(1, math.ceil(count / per_row))
    base, extra = divmod(count, rows)
    return [base + (1 if r < extra else 0) for r in range(rows)]


def _bend(n: int, rows: int, step: float, card: Box) -> tuple[float, float]:
    """How a row of ``n`` cards fans: each card's turn from the next (radians), and how far a
    card ``k`` places from the middle sits lower (``k * k`` times it). A single row fans, wide
    when its cards lie apart; the ends never droop more than a sixth of a card's height.
    Several rows lie straight: a fan there is hardly seen, and it turned every card of the
    hand each time one left."""
    if rows > 1:
        return 0.0, 0.0
    fan, bend = (0.035, 1.5) if step > card[0] else (0.012, 0.3)
    mid = (n - 1) / 2
    most = card[1] / 6 / (mid * mid) if mid > 0 else bend
    if bend > most:
        fan, bend = fan * most / bend, most
    return fan, bend


def _step(n: int, width: float, card_w: float) -> float:
    return min(card_w + 4, (width - 2 * MARGIN - card_w) / (n - 1)) if n > 1 else 0.0


def _droop(count: int, width: float, card: Box) -> tuple[float, float]:
    """How far the ends of a fanned row sit below its middle now, and the most they can (a
    sixth of a card: :func:`_bend`); none for several rows, which lie straight."""
    rows = hand_rows(count, width, card[0])
    if len(rows) > 1:
        return 0.0, 0.0
    n = rows[0]
    mid = (n - 1) / 2
    return mid * mid * _bend(n, 1, _step(n, width, card[0]), card)[1], card[1] / 6


def hand_height(count: int, width: float, card: Box) -> float:
    """The height kept for the hand: its lifted cards, its rows and the most its fan can
    droop. A row keeps its height while cards leave it, so that what lies above it (the
    piles, one's seat, the prompt) stays where it is at each card played."""
    if not count:
        return 0.0
    rows = hand_rows(count, width, card[0])
    return card[1] + card[1] * 0.45 * (len(rows) - 1) + _droop(count, width, card)[1] + 4 \
        + LIFT_CHOSEN


def _hand(hand: Sequence[Face], left: float, width: float, bottom: float, card: Box,
          out: dict[str, Pose]) -> None:
    """Places the hand's rows above ``bottom``, centred on ``width`` from ``left``."""
    cw, ch = card
    rows = hand_rows(len(hand), width, cw)
    now, most = _droop(len(hand), width, card)
    # the row sits on the bottom: what its fan does not droop of the height kept is above it
    top_row = bottom - hand_height(len(hand), width, card) + LIFT_CHOSEN + most - now
    i = 0
    for r, n in enumerate(rows):
        step = _step(n, width, cw)
        span = cw + step * (n - 1)
        left0 = left + (width - span) / 2
        fan, bend = _bend(n, len(rows), step, card)
        for j, face in enumerate(hand[i:i + n]):
            mid = j - (n - 1) / 2
            lift = LIFT_CHOSEN if face.chosen else (LIFT if face.lit else 0)
            top = top_row + r * ch * 0.45 - lift + mid * mid * bend
            out[face.id] = (left0 + j * step, top, mid * fan)
        i += n


# -- the seats ---------------------------------------------------------------------------------
def around(scene: Scene) -> list[Chair]:
    """The other seats in the order they play after the seat looking (the next one first),
    as they sit around it: the table turns with the player it is drawn for."""
    n = len(scene.chairs)
    others = [c for c in scene.chairs if c.seat != scene.seat]
    if scene.seat < 0:
        return others
    return sorted(others, key=lambda c: (c.seat - scene.seat) % n)


def _row_of_cards(count: int, width: float, card_w: float, gap: float) -> float:
    """The step between ``count`` cards in a row of ``width`` (apart, or overlapping)."""
    return min(card_w + gap, (width - card_w) / (count - 1)) if count > 1 else 0.0


def _chairs_top(chairs: Sequence[Chair], s: Sizes, width: float, out: dict[str, Pose],
                boxes: dict[str, Box]) -> float:
    """Places the other seats across the top, their face-up cards under them; returns the
    bottom of their band."""
    if not chairs:
        return MARGIN
    cw, chh = s.chair
    sw, sh = s.small
    per_row = max(1, min(len(chairs), int((width - MARGIN) // (cw + MARGIN))))
    rows = math.ceil(len(chairs) / per_row)
    per_row = math.ceil(len(chairs) / rows)
    # few seats: wider (their words whole), within the width and a seat's widest
    cw = min(max(cw, CHAIR_MAX), (width - MARGIN * (per_row + 1)) / per_row)
    groups_h = sh + GAP + LIFT / 2 if any(c.groups for c in chairs) else 0.0
    row_h = chh + groups_h + MARGIN
    for i, chair in enumerate(chairs):
        r, j = divmod(i, per_row)
        n = min(per_row, len(chairs) - r * per_row)
        gap = (width - n * cw) / (n + 1)
        left, top = gap + j * (cw + gap), MARGIN + r * row_h
        out[f"chair:{chair.seat}"] = (left, top, 0.0)
        boxes[f"chair:{chair.seat}"] = (cw, chh)
        faces = [f for g in chair.groups for f in g.cards]
        step = _row_of_cards(len(faces), cw, sw, 2)
        for k, face in enumerate(faces):
            lift = LIFT / 2 if face.lit else 0.0
            out[face.id] = (left + k * step, top + chh + GAP + LIFT / 2 - lift, 0.0)
            boxes[face.id] = s.small
    return MARGIN + rows * row_h


def _chairs_left(chairs: Sequence[Chair], s: Sizes, height: float, column: float,
                 out: dict[str, Pose], boxes: dict[str, Box]) -> bool:
    """Places the other seats down the left side (a short table), their face-up cards beside
    them; False when they do not fit in ``height``."""
    cw, chh = s.chair
    sw, sh = s.small
    row_h = max(chh, sh) + GAP
    y = MARGIN
    for chair in chairs:
        out[f"chair:{chair.seat}"] = (MARGIN, y, 0.0)
        boxes[f"chair:{chair.seat}"] = (cw, chh)
        faces = [f for g in chair.groups for f in g.cards]
        room = column - cw - GAP
        step = _row_of_cards(len(faces), room, sw, 2)
        for k, face in enumerate(faces):
            lift = LIFT / 2 if face.lit else 0.0
            out[face.id] = (MARGIN + cw + GAP + k * step, y + max(0.0, (chh - sh) / 2) - lift,
                            0.0)
            boxes[face.id] = s.small
        y += row_h
    return y - GAP <= height + 0.01


def _mine(scene: Scene) -> list[Face]:
    """The face-up cards in front of the seat looking (Sums)."""
    me = next((c for c in scene.chairs if c.seat == scene.seat), None)
    return [f for g in me.groups for f in g.cards] if me is not None else []


def me_width(scene: Scene) -> float:
    """How wide one's own seat is drawn: its card count (34 px with the padding) and its
    points in full beside it (12 px bold letters and digits are about 7 px wide), or what
    the hand is worth (41), on a line of its own without the count (four letters more)."""
    me = next((c for c in scene.chairs if c.seat == scene.seat), None)
    words = max(len(me.score) if me is not None else 0, len(scene.worth) - 4)
    return min(ME_MAX, max(ME_W, 34 + words * 7.0))


def _own_side(scene: Scene) -> int:
    """The side of the seat looking (drawn nearest its hand), -1 for none."""
    if scene.seat < 0:
        return -1
    return next((i for i, side in enumerate(scene.sides) if scene.seat in side.seats), -1)


# -- the melds ---------------------------------------------------------------------------------
def chip_text(group: Group) -> str:
    """What a meld drawn as one small card shows: its rank (or its first and last card)."""
    codes = [f.code for f in group.cards if f.code]
    if not codes:
        return ""
    ranks = [c[:-1] if c != "JK" else "JK" for c in codes]
    natural = [r for r in ranks if r not in ("JK", "2")] or ranks
    if len(set(natural)) == 1:  # a group of one rank (wild cards among it)
        return natural[0]
    return f"{natural[0]}-{natural[-1]}"


def _groups(groups: Sequence[Group], left: float, top: float, width: float, s: Sizes,
            out: dict[str, Pose], boxes: dict[str, Box]) -> float:
    """Flows melds left to right from (left, top) within ``width``: each a small fan under its
    kind, or one small card (``chips``); returns the bottom."""
    sw, sh = s.small
    x, y, bottom = left, top, top
    for g in groups:
        n = len(g.cards)
        # a fan wider than the room closes up to fit it (else it would reach the piles)
        spread = min(s.spread, (width - sw) / (n - 1)) if n > 1 else s.spread
        spread = max(0.0, spread)
        if s.chips:
            w, h = sw, sh
        else:
            w, h = sw + spread * max(0, n - 1), GROUP_LABEL + sh
        if x > left and x + w > left + width + 0.01:
            x, y = left, bottom + GAP
        if s.chips:
            out[f"group:{g.key}"] = (x, y, 0.0)
            boxes[f"group:{g.key}"] = (sw, sh)
        else:
            out[f"group:{g.key}"] = (x, y, 0.0)
            boxes[f"group:{g.key}"] = (w, GROUP_LABEL)
            for k, face in enumerate(g.cards):
                out[face.id] = (x + k * spread, y + GROUP_LABEL, 0.0)
                boxes[face.id] = s.small
        x += w + GAP + (0 if s.chips else 4)
        bottom = max(bottom, y + h)
    return bottom


def _side(side: Side, i: int, left: float, top: float, width: float, s: Sizes,
          out: dict[str, Pose], boxes: dict[str, Box]) -> float:
    """A side's name over its melds; returns the bottom."""
    out[f"side:{i}"] = (left, top, 0.0)
    boxes[f"side:{i}"] = (width, SIDE_LABEL)
    if not side.groups:
        return top + SIDE_LABEL
    return _groups(side.groups, left, top + SIDE_LABEL, width, s, out, boxes)


def _side_height(side: Side, width: float, s: Sizes) -> float:
    return _side(side, 0, 0.0, 0.0, width, s, {}, {})


# -- the piles --------------------------------------------------------------------------------
def pile_label(pile: Pile) -> str:
    return f"{pile.label} · {pile.count}" if pile.count else pile.label


def label_width(pile: Pile, card_w: float) -> float:
    """How wide a pile's label ("Draw pile · 30") is drawn, centred under the pile: as wide as
    its words with a count of three digits (12 px letters are about 6.6 px wide), at most the
    card and 46 px. Its count changes with most moves; the piles do not move for it."""
    return min(card_w + 46, max(card_w + 22, (len(pile.label) + 6) * 6.6 + 8))


def _pile_row(piles: Sequence[Pile], s: Sizes, width: float) -> tuple[float, int]:
    """The gap between two piles (so that their labels do not meet) and how many piles a row
    of ``width`` holds."""
    widest = max((label_width(p, s.pile[0]) for p in piles), default=s.slot)
    gap = max(8.0, widest - s.slot + 4)
    return gap, max(1, int((width + gap) // (s.slot + gap)))


def piles_size(piles: Sequence[Pile], s: Sizes, width: float) -> Box:
    """The width and height the piles take laid in rows within ``width``."""
    if not piles:
        return 0.0, 0.0
    gap, per_row = _pile_row(piles, s, width)
    n = min(per_row, len(piles))
    rows = math.ceil(len(piles) / per_row)
    return n * s.slot + (n - 1) * gap, rows * (s.pile[1] + PILE_LABEL + GAP) - GAP


def _piles_block(scene: Scene, s: Sizes, width: float) -> Box:
    """The piles' size with the game's goal under them."""
    pw, ph = piles_size(scene.piles, s, width)
    return pw, ph + (GOAL_H + GAP if scene.goal else 0.0)


def _pile_area(scene: Scene, s: Sizes, left: float, top: float, width: float,
               out: dict[str, Pose], boxes: dict[str, Box]) -> None:
    """The piles centred on ``width`` from (left, top), the game's goal under them."""
    _piles(scene.piles, s, left, top, width, out, boxes)
    if scene.goal:
        ph = piles_size(scene.piles, s, width)[1]
        out["goal"] = (left, top + ph + GAP, 0.0)
        boxes["goal"] = (width, GOAL_H)


def _piles(piles: Sequence[Pile], s: Sizes, left: float, top: float, width: float,
           out: dict[str, Pose], boxes: dict[str, Box]) -> None:
    """Piles side by side (in rows when they do not fit), centred on ``width``."""
    gap, per_row = _pile_row(piles, s, width)
    y = top
    for r in range(math.ceil(len(piles) / per_row)):
        row = piles[r * per_row:(r + 1) * per_row]
        span = len(row) * s.slot + (len(row) - 1) * gap
        x = left + (width - span) / 2
        for pile in row:
            out[f"pile:{pile.key}"] = (x, y, 0.0)
            boxes[f"pile:{pile.key}"] = (s.slot, s.pile[1] + PILE_LABEL)
            for k, face in enumerate(pile.top[-3:]):
                out[face.id] = (x + k * 9, y, 0.0)
                boxes[face.id] = s.pile
            x += s.slot + gap
        y += s.pile[1] + PILE_LABEL + GAP


# -- the middle ---------------------------------------------------------------------------------
def _pile_widths(scene: Scene, s: Sizes, width: float) -> list[float]:
    """The widths the piles may take between the sides: a third of the table, the piles in a
    row, one pile (in a column)."""
    one = max([s.slot] + [label_width(p, s.pile[0]) for p in scene.piles])
    row = piles_size(scene.piles, s, width)[0]
    return sorted({round((width - 2 * GAP) / 3, 1), round(max(one, row), 1), round(one, 1)},
                  reverse=True)


def _middle(scene: Scene, s: Sizes, area: Rect, out: dict[str, Pose],
            boxes: dict[str, Box]) -> bool:
    """Places the piles and the sides' melds in ``area``; False when they do not fit."""
    left, top, width, height = area
    sides = list(scene.sides[:2])
    pw, ph = _piles_block(scene, s, width)
    if not sides:
        if pw <= width + 0.01 and ph <= height + 0.01:
            _pile_area(scene, s, left, top + (height - ph) / 2, width, out, boxes)
            return True
        # the goal beside the piles, where the height holds only them
        pw, ph = piles_size(scene.piles, s, width)
        if pw > width + 0.01 or ph > height + 0.01:
            return False
        room = width - pw - 2 * GAP
        shift = (room + GAP) / 2 if scene.goal and room >= 120 else 0.0
        _piles(scene.piles, s, left - shift, top + (height - ph) / 2, width, out, boxes)
        if shift:
            first = min(out[f"pile:{p.key}"][0] for p in scene.piles)
            out["goal"] = (first + pw + 2 * GAP, top + (height - GOAL_H * 2) / 2, 0.0)
            boxes["goal"] = (room, GOAL_H * 2)
        return True
    mine = _own_side(scene)
    # the others' side first, one's own last (nearest the hand); the public table: in order
    order = [i for i in range(len(sides)) if i != mine] + ([mine] if mine >= 0 else [])
    if width >= height * 1.6:  # wide: the piles in the middle, a side on each side of them
        for pile_w in _pile_widths(scene, s, width):
            pw3, ph3 = _piles_block(scene, s, pile_w)
            each = (width - pile_w - 2 * GAP) / 2
            if ph3 > height + 0.01 or pw3 > pile_w + 0.01 or each < s.small[0] or any(
                    _side_height(sides[i], each, s) > height + 0.01 for i in order):
                continue
            for place, i in enumerate(order):
                x = left if place == 0 else left + each + pile_w + 2 * GAP
                _side(sides[i], i, x, top, each, s, out, boxes)
            _pile_area(scene, s, left + each + GAP, top + (height - ph3) / 2, pile_w, out,
                       boxes)
            return True
        return False
    # a phone: a side, the piles, the other side (one's own over the hand)
    heights = [_side_height(sides[i], width, s) for i in order]
    blocks: list[tuple[int, float]] = [(order[0], heights[0]), (-1, ph),
                                       *zip(order[1:], heights[1:], strict=True)]
    need = sum(h for _, h in blocks)
    if need <= height + 0.01 and pw <= width + 0.01:
        spare = (height - need) / (len(blocks) + 1)
        y = top + spare
        for i, h in blocks:
            if i < 0:
                _pile_area(scene, s, left, y, width, out, boxes)
            else:
                _side(sides[i], i, left, y, width, s, out, boxes)
            y += h + spare
        return True
    # crowded: the piles down the left, the melds beside them
    column = s.slot + 8
    pw2, ph2 = _piles_block(scene, s, column)
    room = width - column - GAP
    need = sum(_side_height(sides[i], room, s) for i in order) + GAP * (len(order) - 1)
    if need > height + 0.01 or ph2 > height + 0.01 or room < s.small[0]:
        return False
    _pile_area(scene, s, left, top + (height - ph2) / 2, column, out, boxes)
    y = top + (height - need) / 2
    for i in order:
        y = _side(sides[i], i, left + column + GAP, y, room, s, out, boxes) + GAP
    return True


# -- the whole table ------------------------------------------------------------------------------
def _card(width: float, height: float, sideways: bool) -> float:
    """The hand's card width a table starts from: about a seventh of a phone's width, bigger
    as the table grows."""
    if sideways:
        return max(MIN_CARD, min(MAX_CARD, (width - SEAT_W) / 7, (height - 110) / 2.6))
    return max(44.0, min(MAX_CARD, width / 7, height / 7.5))


def _box(w: float) -> Box:
    return (round(w), round(w * 1.4))


def ladder(width: float, height: float, melds: bool) -> list[Sizes]:
    """The sizes a table may be drawn at, roomiest first, each no bigger than the one before:
    the melds' (and the seats' face-up) cards shrink, then show only their corners, then
    (melds) become one small card each; then the hand's cards shrink; then the seats get
    compact, and the piles small."""
    sideways = short(width, height)
    start = _card(width, height, sideways)
    chair = (SEAT_W if sideways else min(150.0, max(96.0, width / 3.3)), 58.0)
    card = _box(start)
    out: list[Sizes] = []
    sw = max(30.0, round(start * 0.62))
    while sw >= 24:
        out.append(Sizes(card, _box(sw), chair, max(16.0, sw * 0.5), pile=card))
        sw = round(sw * 0.85)
    tight = out[-1].small
    out += [Sizes(card, tight, chair, 13.0, pile=card), Sizes(card, tight, chair, 11.0,
                                                             pile=card)]
    if melds:
        out += [Sizes(card, _box(w), chair, 0.0, chips=True, pile=card) for w in (24.0, 22.0)]
    last = out[-1]
    cw = start * 0.9
    while cw > MIN_CARD:
        out.append(replace(last, card=_box(cw), pile=_box(cw)))
        cw *= 0.9
    last = replace(out[-1], card=_box(MIN_CARD), pile=_box(MIN_CARD))
    if melds:
        last = replace(last, small=_box(20.0))
    out += [last, replace(last, chair=(chair[0], 46.0)),
            replace(last, chair=(chair[0], 40.0)),
            replace(last, chair=(chair[0], 40.0), pile=last.small)]
    return out


_LADDERS: dict[tuple[float, float, bool], list[Sizes]] = {}
_LAST: dict[tuple[object, ...], int] = {}  # where the last search ended, per kind of table


def layout(scene: Scene, width: float, height: float) -> Layout:
    """Where each thing of ``scene`` goes on a table of ``width`` x ``height`` (see
    :class:`Layout`): at the roomiest sizes of the :func:`ladder` that fit (searched from
    where the last table of the kind fitted: a tap costs a placing or two). A table nothing
    fits on even at the tightest sizes grows taller (its screen then scrolls): still nothing
    covers anything."""
    width, height = round(width, 1), round(height, 1)
    sideways = short(width, height)
    melds = bool(scene.sides)
    sizes = _LADDERS.get((width, height, melds))
    if sizes is None:
        if len(_LADDERS) > 64:
            _LADDERS.clear()
        sizes = _LADDERS[(width, height, melds)] = ladder(width, height, melds)
    kind = (width, height, melds, scene.seat >= 0, len(scene.chairs))
    i = min(_LAST.get(kind, 0), len(sizes) - 1)
    found = _place(scene, sizes[i], width, height, sideways)
    if found is not None:
        while i > 0:
            roomier = _place(scene, sizes[i - 1], width, height, sideways)
            if roomier is None:
                break
            i, found = i - 1, roomier
    else:
        while found is None and i + 1 < len(sizes):
            i += 1
            found = _place(scene, sizes[i], width, height, sideways)
    _LAST[kind] = i
    grown = height
    while found is None:  # a table nothing fits on: taller, a tenth at a time
        grown = round(grown * 1.1, 1)
        found = _place(scene, sizes[-1], width, grown, sideways)
    return found


def _place(scene: Scene, s: Sizes, width: float, height: float, sideways: bool,
           force: bool = False) -> Layout | None:
    """Everything of ``scene`` at sizes ``s``; None when it does not fit (unless ``force``)."""
    out: dict[str, Pose] = {}
    boxes: dict[str, Box] = {}
    others = around(scene)
    mine = _mine(scene)
    if sideways:
        column = (SEATS_W if any(c.groups for c in others) else SEAT_W + 8) if others else 0.0
        below_seats = s.small[1] + LIFT / 2 + GAP if mine else 0.0
        if not _chairs_left(others, s, height - below_seats, column, out, boxes) and not force:
            return None
        left = MARGIN + column + (8 if others else 0)
        top_band = MARGIN
    else:
        left = MARGIN
        top_band = _chairs_top(others, s, width, out, boxes)
    inner = width - left - MARGIN
    # the prompt line (one's own seat at its start), at the top of a sideways table, else
    # over one's own cards and the hand
    bottom = height - MARGIN
    hand_h = hand_height(len(scene.hand), inner, s.card)
    if scene.hand:
        _hand(scene.hand, left, inner, bottom, s.card, out)
        for face in scene.hand:
            boxes[face.id] = s.card
        bottom -= hand_h
    if mine and sideways and others:  # one's own face-up cards close the seats' column
        row_top = height - MARGIN - s.small[1]
        step = max(12.0, _row_of_cards(len(mine), column, s.small[0], 2))
        for k, face in enumerate(mine):
            out[face.id] = (MARGIN + k * step, row_top - (LIFT / 2 if face.lit else 0.0), 0.0)
            boxes[face.id] = s.small
    elif mine:
        row_top = bottom - s.small[1] - GAP - LIFT / 2
        step = _row_of_cards(len(mine), inner, s.small[0], 4)
        x = left + (inner - s.small[0] - step * (len(mine) - 1)) / 2
        for k, face in enumerate(mine):
            out[face.id] = (x + k * step, row_top + LIFT / 2 - (LIFT / 2 if face.lit else 0.0),
                            0.0)
            boxes[face.id] = s.small
        bottom = row_top - GAP
    if sideways:
        out["prompt"] = (left, MARGIN, 0.0)
        boxes["prompt"] = (inner, PROMPT_H)
        middle: Rect = (left, MARGIN + PROMPT_H + GAP, inner,
                        bottom - (MARGIN + PROMPT_H + GAP) - GAP)
    else:
        out["prompt"] = (left, bottom - PROMPT_H, 0.0)
        boxes["prompt"] = (inner, PROMPT_H)
        bottom -= PROMPT_H + GAP
        middle = (left, top_band, inner, bottom - top_band)
    if scene.seat >= 0:
        prompt_left, prompt_top, _ = out["prompt"]
        out["me"] = (prompt_left, prompt_top, 0.0)
        boxes["me"] = (me_width(scene), PROMPT_H)
    fits = middle[3] >= 0 and _middle(scene, s, middle, out, boxes)
    if not fits and not force:
        return None
    return Layout(width, height, s, _inside(out, boxes, width, height), boxes, sideways)


def _inside(out: dict[str, Pose], boxes: dict[str, Box], width: float,
            height: float) -> dict[str, Pose]:
    """Keeps every card inside the table (a fan's end never hangs over its edge)."""
    for key, (left, top, angle) in out.items():
        w, h = boxes.get(key, (0.0, 0.0))
        out[key] = (min(max(0.0, left), max(0.0, width - w)),
                    min(max(0.0, top), max(0.0, height - h)), angle)
    return out


__all__ = ["Layout", "Sizes", "around", "chip_text", "hand_rows", "label_width", "layout",
           "pile_label", "short"]
