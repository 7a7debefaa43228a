"""The card table of play on the device: a :class:`~views.felt_data.Scene` drawn as cards on a
felt. Every card is a control of its own in one ``ft.Stack``, placed by ``left``/``top`` where
:func:`views.felt_layout.layout` says; the :class:`Felt` keeps those controls from one scene to
the next and only changes what changed, so a played card travels from the hand to the pile.

Drawing costs: a card is two controls (its paper and its print), and isolated (a redraw of the
page does not look into it; the felt sends the few cards that changed). The stack's list of
controls changes only when a card new to the table must be added or the cards' order over each
other must change: a card that leaves the table is hidden where it lies until then (a list that
changes makes the client build every card again)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

import flet as ft

from views.common import CARD_FONT, Tr, card_text, dot, drawn, find, icon_button
from views.felt_data import Chair, Face, Group, Pile, Scene
from views.felt_layout import (
    LIFT,
    LIFT_CHOSEN,
    MARGIN,
    PILE_LABEL,
    Box,
    Layout,
    Pose,
    chip_text,
    label_width,
    layout,
    pile_label,
)
from views.reconcile import reconcile

FELT = "#1F5A3A"  # the cloth
FELT_EDGE = "#174A2F"
PAPER = "#FCFBF7"  # a card's face: the same in both themes, so are its inks
INK = {"red": "#C62828", "black": "#1B1B1B", "joker": "#6A1B9A"}
BACK = "#1E3F8A"
LIT = "#FFC940"  # a legal move's outline: reads on the paper and on the felt
CHOSEN = "#4FC3F7"
HINT = "#00E5FF"  # what a hint suggests
NEW = "#E65100"
ON_FELT = "#F2F5F0"  # text on the cloth
# a canasta's edge on a crowded table, where a meld is one small card (red: pure, black: mixed)
KINDS = {"pure": "#C62828", "mixed": "#1B1B1B", "sequence": "#B8860B"}
# how long a card travels (ms); the curve keeps it in sight on its way
SPEEDS = {"slow": 700, "normal": 400, "fast": 200, "instant": 0}
LIFT_MS = 140  # a card rising or sinking in the hand
ORDERS = ("suit", "rank")

SORT_W = 46.0  # the sort button at the end of the prompt line, with its gap
RING = 3.0  # how far the glow of the seat to play reaches out of its frame
Tap = Callable[[str, str], None]  # (the tap's key, the thing tapped: a face id, a pile)
Why = Callable[[str], None]  # a tap that can only be told why not (the tap's key)


def ink(code: str) -> str:
    colour = card_text(code)[1]
    return INK["joker"] if code == "JK" else (INK["red"] if colour == card_text("AH")[1]
                                              else INK["black"])


# -- a card --------------------------------------------------------------------------------------
class Same:
    """Equal only to itself. Flet's diff asks whether an isolated control is the one being
    sent with ``!=``, which on a dataclass compares every field: about a thousand reads for
    each card sent, half the cost of sending a card."""

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


class CardBox(Same, ft.Container):
    """A card on the table: isolated, so that a redraw of the table does not look into it."""

    def is_isolated(self) -> bool:
        return True


class FeltBox(Same, ft.Container):
    """The table: isolated, so that a redraw of the page does not look into it (the felt
    sends what changed on it: :meth:`Felt.flush`)."""

    def is_isolated(self) -> bool:
        return True


def print_of(face: Face, size: Box, label: str) -> ft.Text:
    """A card's print: its rank over its suit in the top corner (what an overlapped card
    shows), big enough to read on the smallest card; ``label`` is what a screen reader says."""
    w = size[0]
    corner = max(11.0, round(w * 0.34))
    if not face.code:  # a back: nothing printed
        return ft.Text("", semantics_label=label or None)
    text = card_text(face.code)[0]
    rank, suit = (text[:-1], text[-1]) if face.code != "JK" else ("JK", "★")
    colour = ink(face.code)
    # the rank in the text's own style (its colour said again: a text with spans takes the
    # theme's otherwise), the suit a span after it
    return ft.Text(
        rank, style=_ink_style(corner, colour, True), color=colour,
        spans=[_fixed(ft.TextSpan("\n" + suit, _ink_style(corner * 1.15, colour, False)))],
        font_family=CARD_FONT, semantics_label=label or None, no_wrap=True)


@functools.cache
def _ink_style(size: float, colour: str, rank: bool) -> ft.TextStyle:
    """How a card's rank (bold) or suit is printed: shared by the cards of one size."""
    return _fixed(ft.TextStyle(size=size, weight=ft.FontWeight.BOLD if rank else None,
                               color=colour, height=1.0 if rank else 0.95))


def dress(card: ft.Container, face: Face, size: Box, place: str, hinted: bool = False) -> None:
    """A card's paper (or back), edge and shadow on ``card``: hinted, lit, chosen or plain; a
    new card's edge is orange."""
    w, h = size
    card.width, card.height = w, h
    card.border_radius = _radius(round(w * 0.12))
    card.padding = _padding(max(2, round(w * 0.07)))
    if not face.code:
        card.bgcolor = BACK
        card.border = _border(3, HINT if hinted else LIT) if face.lit or hinted \
            else _border(2, PAPER)
        card.shadow = None
        return
    outline = HINT if hinted else LIT if face.lit else CHOSEN if face.chosen \
        else NEW if face.new else "#9E9E9E"
    card.bgcolor = PAPER
    card.border = _border(3 if face.lit or face.chosen or hinted or face.new else 1, outline)
    card.shadow = _SHADOW if place == "hand" else None


V = TypeVar("V")


def _fixed(value: V) -> V:
    """``value`` (an edge, corners, a motion... shared by many cards and never changed) marked
    as Flet marks the values of its declarative components: its diff then passes over it when
    a control still holds it, instead of walking its fields."""
    object.__setattr__(value, "_frozen", True)
    return value


@functools.cache
def _border(width: float, colour: str) -> ft.Border:
    return _fixed(ft.Border.all(width, colour))


@functools.cache
def _radius(r: float) -> ft.BorderRadius:
    return _fixed(ft.BorderRadius.all(r))


@functools.cache
def _padding(p: float) -> ft.Padding:
    return _fixed(ft.Padding.only(left=p, top=max(1.0, p - 2)))


@functools.cache
def _inset(horizontal: float, vertical: float = 0) -> ft.Padding:
    return _fixed(ft.Padding.symmetric(horizontal=horizontal, vertical=vertical))


# a hard edge under a card of the hand, not a blurred shadow: a blur is drawn again each frame
# a card moves, and in a browser without a GPU it held a played card's answer back 15-25 ms
_SHADOW = _fixed(ft.BoxShadow(color="#44000000", offset=ft.Offset(0, 1.5)))
_GLOW = _fixed(ft.BoxShadow(blur_radius=14, spread_radius=1, color="#AAFFC940"))  # to play


def card_face(face: Face, size: Box, place: str = "hand") -> ft.Container:
    """A card as one control: its paper and edge, and its print (a back when the code is not
    shown)."""
    card = ft.Container(print_of(face, size, card_text(face.code)[0] if face.code else ""))
    dress(card, face, size, place)
    return card


@functools.cache
def _animation(ms: int) -> ft.Animation | None:
    return _fixed(ft.Animation(ms, ft.AnimationCurve.EASE_IN_OUT_CUBIC)) if ms > 0 else None


@functools.cache
def _turned(angle: float) -> ft.Rotate | None:
    return (_fixed(ft.Rotate(round(angle, 4), alignment=ft.Alignment.BOTTOM_CENTER)) if angle
            else None)


def _put(control: ft.BaseControl, **values: object) -> bool:
    """Set the properties whose value differs (a property set is diffed on the next send);
    whether any did."""
    changed = False
    for name, value in values.items():
        if getattr(control, name) != value:
            setattr(control, name, value)
            changed = True
    return changed


# -- what is not a card -------------------------------------------------------------------------
def _count_icon(count: int, key: str, small: bool = False) -> ft.Control:
    """A small card back with a count on it: the cards a seat holds."""
    w, h = (15, 19) if small else (20, 27)
    return ft.Container(ft.Text(str(count), size=10 if small else 11, color=PAPER,
                                weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                        width=w, height=h, bgcolor=BACK, border_radius=_radius(3),
                        border=_border(1.5, PAPER), alignment=ft.Alignment.CENTER, key=key)


def chair_words(t: Tr, chair: Chair) -> str:
    """A seat as a screen reader says it: "Computer 1, 5 cards, 12 points, Quick"."""
    parts = [chair.name, t.plural("unit.card", chair.cards), chair.score, chair.tally,
             chair.level, chair.note]
    if chair.active:
        parts.append(t("felt.to_play"))
    if chair.dealer:
        parts.append(t("felt.dealer"))
    return ", ".join(p for p in parts if p)


def chair_box(chair: Chair, size: Box, t: Tr, words: str) -> ft.Control:
    """A seat: its colour and name (the dealer's mark), the cards it holds (a back with their
    count) and its points, then what it owes or a computer's level, edged in its colour;
    ``words``: what a screen reader says (:func:`chair_words`, to play or not)."""
    w, h = size
    compact = h < 50
    name = ft.Row([dot(chair.colour, size=10),
                   ft.Text(chair.name, size=13, weight=ft.FontWeight.BOLD, color=ON_FELT,
                           expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   *([ft.Container(ft.Text("D", size=10, weight=ft.FontWeight.BOLD,
                                           color="#000000"), bgcolor="#FFFFFF", width=16,
                                   height=16, alignment=ft.Alignment.CENTER,
                                   border_radius=_radius(8), key=f"dealer-{chair.seat}",
                                   tooltip=t("felt.dealer"))] if chair.dealer else [])],
                  spacing=4)
    # the score, then what the game tallies (Sums: the cards removed) on a line of its own:
    # side by side they were cut in a seat's width; a computer's level then is only spoken
    under = chair.note or ("" if chair.tally else chair.level)
    lines: list[ft.Control] = [
        ft.Text(x, size=11, color=ON_FELT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                key=f"{key}-{chair.seat}")
        for x, key in ((chair.score, "score"), (chair.tally, "tally")) if x]
    if under and not compact:
        lines.append(ft.Text(under, size=11, color=LIT if chair.note else ON_FELT,
                             italic=not chair.note, weight=ft.FontWeight.BOLD if chair.note
                             else None, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                             key=f"note-{chair.seat}"))
    body = ft.Column([name, ft.Row([_count_icon(chair.cards, f"backs-{chair.seat}", compact),
                                    ft.Column(lines, spacing=0, expand=True)], spacing=6)],
                     spacing=0 if compact else 2)
    return ft.Container(
        ft.Semantics(content=body, label=words, exclude_semantics=True),
        width=w, height=h, padding=_inset(4, 2 if compact else 4),
        border_radius=_radius(10), key=f"chair-{chair.seat}", bgcolor="#33000000",
        border=_border(2, chair.colour or FELT_EDGE))


def turn_ring() -> ft.Container:
    """The glow around the seat to play (one's own seat included): one control under the
    seats, moved to the seat whose turn it is, hidden while nobody's is. The turn passing then
    sends its place, not two seats' frames."""
    return ft.Container(key="turn-ring", bgcolor="#33000000", border=_border(3, LIT),
                        border_radius=_radius(10 + RING), shadow=_GLOW, opacity=0.0,
                        ignore_interactions=True)


def me_words(t: Tr, chair: Chair, worth: str) -> str:
    """One's own seat as a screen reader says it: "You, 7 cards, 0 points, to play"."""
    return ", ".join(x for x in (t("felt.you"), chair_words(t, replace(chair, name="")),
                                 worth) if x)


def me_box(chair: Chair, worth: str, size: Box, words: str) -> ft.Control:
    """One's own seat at the start of the prompt line: the cards held and the points (and
    what the hand is worth, in 41); ``words``: what a screen reader says (:func:`me_words`)."""
    lines: list[ft.Control] = [ft.Row([
        _count_icon(chair.cards, "backs-me"),
        ft.Text(chair.score, size=12, color=ON_FELT, weight=ft.FontWeight.BOLD, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS, expand=True, key="score-me")], spacing=4)]
    if worth:
        lines.append(ft.Text(worth, size=11, color=LIT, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS, key="worth"))
    return ft.Container(
        ft.Semantics(content=ft.Column(lines, spacing=0,
                                       alignment=ft.MainAxisAlignment.CENTER),
                     label=words, exclude_semantics=True),
        width=size[0], height=size[1], padding=_inset(4),
        border_radius=_radius(8), bgcolor="#33000000", border=_border(1, "#66FFFFFF"),
        key="me")


def pile_words(pile: Pile, hinted: bool, t: Tr) -> str:
    """A pile as a screen reader says it: "Draw pile, 30 cards, can be tapped now"."""
    words = [t.plural("felt.pile_cards", pile.count, name=pile.label) if pile.count
             else t("felt.pile_empty", name=pile.label)]
    if pile.mark:
        words.append(pile.mark)
    if pile.lit or hinted:
        words.append(t("felt.hint_here") if hinted else t("felt.tap_now"))
    return ", ".join(words)


def pile_box(pile: Pile, s_card: Box, hinted: bool, t: Tr) -> ft.Container:
    """A pile: its place (a back with the count when its top is not shown), its label with its
    count under it, a mark on it ("Blocked") drawn and said (by the area tapped over it, when
    a tap on it does something)."""
    cw, ch = s_card
    empty = not pile.top
    lit = pile.lit or hinted
    slot = ft.Container(
        width=cw, height=ch, border_radius=_radius(round(cw * 0.12)),
        border=_border(3, HINT if hinted else LIT) if lit else _border(1.5, "#66FFFFFF"),
        bgcolor=BACK if empty and pile.count else None,
        content=ft.Text(str(pile.count) if pile.count and empty else "", size=16, color=PAPER,
                        weight=ft.FontWeight.BOLD),
        alignment=ft.Alignment.CENTER, left=0, top=0)
    wide = label_width(pile, cw)
    parts: list[ft.Control] = [
        slot,
        ft.Text(pile_label(pile), size=12, color=ON_FELT, left=(cw + 22 - wide) / 2, top=ch + 1,
                width=wide, text_align=ft.TextAlign.CENTER, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS, key=f"pile-label-{pile.key}")]
    if pile.mark:  # over the card's lower half, where a pile's top shows nothing
        parts.append(ft.Container(
            ft.Text(pile.mark, size=11, color="#FFFFFF", weight=ft.FontWeight.BOLD,
                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            bgcolor="#C62828", border_radius=_radius(4), padding=_inset(3, 1), left=0,
            top=ch * 0.62, width=cw + 16, key=f"pile-mark-{pile.key}"))
    spoken = "" if pile.tap or pile.why else pile_words(pile, hinted, t)
    return ft.Container(
        ft.Semantics(content=ft.Stack(parts, clip_behavior=ft.ClipBehavior.NONE),
                     label=spoken or None, exclude_semantics=True),
        width=cw + 22, height=ch + PILE_LABEL, key=f"pile-{pile.key}")


def group_words(group: Group) -> str:
    """A meld as a screen reader says it: its kind and its cards."""
    cards = " ".join(card_text(f.code)[0] for f in group.cards if f.code)
    return f"{group.label}: {cards}" if group.label else cards


def group_label(group: Group, box: Box, hinted: bool) -> ft.Container:
    """A meld's kind over its cards ("Canasta (pure)"); underlined when a tap on it adds to
    it (the area over the meld is tapped, and says its cards)."""
    lit = group.lit or hinted
    return ft.Container(
        ft.Text(group.label or " ", size=10, color=LIT if lit else ON_FELT, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=None if group.tap else group_words(group)),
        width=box[0], height=box[1],
        border=ft.Border.only(bottom=ft.BorderSide(2, HINT if hinted else LIT)) if lit else None,
        key=f"group-{group.key}")


def group_chip(group: Group, box: Box, hinted: bool, t: Tr) -> ft.Container:
    """A meld on a crowded table: one small card showing its rank and its count; its edge
    tells a canasta (red: pure, black: mixed, gold: a sequence, Samba's samba)."""
    w, h = box
    lit = group.lit or hinted
    kind = next((v for k, v in KINDS.items() if k in group.kind), "")
    edge = HINT if hinted else LIT if lit else kind or "#9E9E9E"
    words = group_words(group) + (", " + t("felt.tap_now") if lit else "")
    first = next((f.code for f in group.cards if f.code), "")
    text = chip_text(group)
    size = max(8.0, min(round(w * 0.36), round(w * 1.5 / max(1, len(text)))))  # "10-A" fits
    return ft.Container(
        ft.Text(spans=[ft.TextSpan(text, ft.TextStyle(
                    size=size, weight=ft.FontWeight.BOLD,
                    color=ink(first) if first else INK["black"])),
                       ft.TextSpan(f"\n×{len(group.cards)}", ft.TextStyle(
                           size=max(9.0, round(w * 0.3)), color="#424242"))],
                font_family=CARD_FONT, semantics_label=words, no_wrap=True),
        width=w, height=h, bgcolor=PAPER, border_radius=_radius(round(w * 0.12)),
        border=_border(3 if lit or kind else 1, edge), padding=_padding(2),
        key=f"chip-{group.key}")


# -- the table ------------------------------------------------------------------------------------
def calm(scene: Scene) -> Scene:
    """``scene`` as drawn: when every card of the hand may be tapped, none is lifted or
    outlined. An outline marks a choice among the cards; when there is none the prompt says
    what a tap does, and the hand keeps its place and paper when the turn passes (a screen
    reader still hears which cards can be tapped)."""
    if len(scene.hand) > 1 and all(f.lit for f in scene.hand):
        return replace(scene, hand=tuple(replace(f, lit=False) for f in scene.hand))
    return scene


@dataclass(frozen=True)
class Look:
    """What a card looks like and where it is: when two are equal, nothing of it is sent."""

    pose: Pose
    size: Box
    code: str
    lit: bool
    chosen: bool
    new: bool
    hinted: bool
    place: str
    label: str
    tap: str
    active: bool  # a tap does something (a move, or why not)
    ms: int
    stamp: str  # the state the card's tap was drawn from (its seat and version; "~" when
    # its tap can only be told why not)


class Felt:
    """The table's controls, kept from one scene to the next: a card keeps its control (by its
    face id) and moves; what lies under the cards (a seat, a pile, the prompt...) keeps its
    slot, whose content is drawn anew when what it shows changes. The table is isolated: a
    redraw of the page sends none of it, and :meth:`flush` gives the controls changed since
    the last call (the stack when its list changed, the slots and cards that changed)."""

    def __init__(self) -> None:
        self.stack = ft.Stack(clip_behavior=ft.ClipBehavior.HARD_EDGE, key="felt")
        self.table = FeltBox(self.stack, bgcolor=FELT, border_radius=_radius(14),
                              key="table")
        self.cards: dict[str, CardBox] = {}
        self.looks: dict[str, Look] = {}
        self.keys: dict[str, object] = {}  # what each card was last drawn from
        self.dead: set[str] = set()  # cards no longer on the table, hidden where they lie
        self.slots: dict[str, ft.Container] = {}  # seats, piles, labels... by their key
        self.ring = turn_ring()  # around the seat to play
        self.hits: dict[str, ft.Container] = {}  # where a pile or a meld is tapped, over it
        self.hit_data: dict[str, object] = {}
        self.prompt_said: object = None  # the words the prompt line shows
        self.drawn: dict[str, object] = {}  # what each slot's content was drawn from
        self.scene: Scene | None = None
        self.layout: Layout | None = None
        self.dirty: dict[int, ft.Control] = {}  # changed, to send (by the control's id)
        self.launching: dict[str, tuple[float, float]] = {}  # new cards: where they go
        self.moving = False  # a card travels (taps count all the same)
        self.on_why: Why | None = None  # a tap that can only be told why not (see show)

    @property
    def places(self) -> dict[str, Pose]:
        return self.layout.poses if self.layout is not None else {}

    def show(self, scene: Scene, width: float, height: float, *, on_tap: Tap, t: Tr,
             order: str = "suit", on_order: Callable[[str], None] | None = None,
             speed: int = 400, stamp: str = "", on_why: Why | None = None) -> ft.Control:
        """The table for ``scene`` on ``width`` x ``height``: cards already shown move where
        they now go (in ``speed`` ms), new ones come from where they were drawn. ``on_tap``
        answers the taps of this drawing, made on the state ``stamp`` names (a seat and a
        version): what a tap can change (lit, chosen or hinted) is drawn anew for each, so
        that a tap made on an older one names a control that is gone (a double tap, a tap on
        a stale table). A tap on what is not playable goes to ``on_why`` (the words of the
        table shown when it lands: such a tap changes nothing), and its control is kept from
        one move to the next: most of the table, not sent again each move."""
        self.on_why = on_why
        playable = {f.id for f in scene.hand if f.lit}
        scene = calm(scene)
        placed = layout(scene, width, height)
        before, old = self.scene, self.layout
        source = _source(before, old, scene, placed)
        for card in self._go():  # still where they came from (a tap came before they left)
            self.dirty[id(card)] = card
        shown: list[tuple[str, str]] = []  # (face id, region) in the order drawn
        labels = {f.id: p.label for p in scene.piles for f in p.top}
        travels = False
        hinted_regions = {f"pile:{p.key}" for p in scene.piles if p.tap and p.tap in scene.hinted}
        hinted_regions |= {f"group:{g.key}" for s in scene.sides for g in s.groups
                           if g.tap and g.tap in scene.hinted}
        keys, self.keys = self.keys, {}
        for face, where, forward, region in faces(scene):
            pose = placed.poses.get(face.id)
            if pose is None:
                continue  # a meld drawn as one card
            shown.append((face.id, region))
            size = placed.boxes[face.id]
            tap = face.tap or forward
            hinted = bool(tap) and tap in scene.hinted or region in hinted_regions
            # a pile's or a meld's card does nothing of its own: the area over them is tapped
            active = bool(tap or face.why) and where not in ("pile", "group")
            live = face.lit or face.chosen or hinted or face.id in playable
            mark = self._mark(live, stamp) if active else ""
            key = (face, where, tap, pose, size, hinted, speed, mark)
            self.keys[face.id] = key
            if keys.get(face.id) == key and face.id not in self.dead:
                continue  # drawn as it is
            name = card_text(face.code)[0] if face.code else labels.get(face.id, "")
            if hinted:
                name = t("felt.hinted", name=name)
            elif face.chosen:
                name = t("felt.chosen", name=name)
            elif face.lit or face.id in playable:  # said even when not drawn outlined
                name = t("felt.lit", name=name)
            control = self.cards.get(face.id)
            last = self.looks.get(face.id)
            moves = last is not None and (last.pose[0] != pose[0]
                                          or abs(last.pose[1] - pose[1]) > LIFT_CHOSEN + 1)
            if control is None or face.id in self.dead:  # new here (or back on the table)
                start = old.poses.get(face.id) if old is not None else None
                start = start or source.get(where)
                if control is None:
                    control = CardBox(key=f"card-{face.id}", opacity=1.0)
                    self.cards[face.id] = control
                if start is not None and speed > 0 and before is not None:
                    self.launching[face.id] = (pose[0], pose[1])
                    pose = (start[0], start[1], pose[2])
                    travels = True
            travels = travels or (moves and speed > 0)
            ms = speed if moves or face.id in self.launching else min(speed, LIFT_MS)
            look = Look(pose, size, face.code, face.lit, face.chosen, face.new, hinted, where,
                        name, tap, active, ms, mark)
            self._draw(control, face, look, last, on_tap)
            self.dead.discard(face.id)
        self._bury({fid for fid, _ in shown})
        extras = self._extras(scene, placed, on_tap, t, order, on_order, stamp)
        hits = self._hits(scene, placed, on_tap, t, stamp)
        self._order(extras, shown, hits)
        if _put(self.stack, width=placed.width, height=placed.height):
            _put(self.table, width=placed.width, height=placed.height)
            self.dirty = {id(self.table): self.table, **self.dirty}
        self.scene, self.layout = scene, placed
        self.moving = travels
        return self.table

    def _draw(self, card: CardBox, face: Face, look: Look, last: Look | None,
              on_tap: Tap) -> None:
        """Set what changed of a card (and note it to send: :meth:`flush`). A card that can
        be tapped holds its print in a tap layer drawn for the state it was tapped on."""
        left, top, angle = look.pose
        changed = _put(card, left=left, top=top, opacity=1.0, ignore_interactions=False)
        if last is None or last.ms != look.ms:
            card.animate_position = card.animate_rotation = _animation(look.ms)
            changed = True
        if last is None or last.pose[2] != angle:
            card.rotate = _turned(angle)
            changed = True
        layer = card.content if isinstance(card.content, ft.Container) else None
        if last is None or layer is None and look.active or (
                last.code, last.size, last.active, last.tap) != (
                look.code, look.size, look.active, look.tap) or (
                last.stamp != look.stamp and _live(look.stamp)):
            print_ = print_of(face, look.size, look.label)
            card.content = drawn(ft.Container(
                print_, key="tap", on_click=functools.partial(
                    self._pressed, look.stamp, on_tap, look.tap or face.id, face.id)),
                look.stamp) if look.active else print_
            changed = True
        else:  # a layer no longer playable is kept (nothing sent): its tap asks why
            if last.label != look.label:
                shown = layer.content if layer is not None else card.content
                if isinstance(shown, ft.Text):
                    shown.semantics_label = look.label or None
                changed = True
        if last is None or (last.code, last.lit, last.chosen, last.new, last.hinted, last.size,
                            last.place) != (look.code, look.lit, look.chosen, look.new,
                                            look.hinted, look.size, look.place):
            dress(card, face, look.size, look.place, look.hinted)
            changed = True
        if changed:
            self.dirty[id(card)] = card
        self.looks[face.id] = look

    def _mark(self, live: bool, stamp: str) -> str:
        """What a tappable thing is drawn for: the state (``stamp``) when a tap can change
        it, else none in particular ("~": a tap there is told why not, whatever the state)."""
        return stamp if live or self.on_why is None else "~"

    def _pressed(self, mark: str, on_tap: Tap, key: str, fid: str, _e: object = None) -> None:
        """A tap on card ``fid``'s layer drawn for ``mark``: played while the card is drawn
        for that state, else asked why (the layer is kept, unchanged, when the card is no
        longer playable: its handler is not set anew, so nothing of it is sent)."""
        look = self.looks.get(fid)
        if self.on_why is None or _live(mark) and look is not None and look.stamp == mark:
            on_tap(key, fid)
        else:
            self.on_why(key)

    def _handler(self, mark: str, on_tap: Tap, key: str, what: str) -> Callable[..., None]:
        """The tap handler of a thing drawn for ``mark`` (:meth:`_mark`)."""
        if mark.startswith("~") and self.on_why is not None:
            return functools.partial(_why, self.on_why, key)
        return functools.partial(_tapped, on_tap, key, what)

    def _bury(self, shown: set[str]) -> None:
        """The cards no longer on the table: hidden where they lie (no tap, nothing said), so
        that the list of the table's controls stays as it is."""
        for fid, card in self.cards.items():
            if fid in shown or fid in self.dead:
                continue
            _put(card, opacity=0.0, ignore_interactions=True)
            if not isinstance(card.content, ft.Text):  # its tap layer goes: nothing to tap
                card.content = print_of(Face(fid), (0.0, 0.0), "")
                self.looks.pop(fid, None)
            self.dead.add(fid)
            self.dirty[id(card)] = card

    def _extras(self, scene: Scene, placed: Layout, on_tap: Tap, t: Tr, order: str,
                on_order: Callable[[str], None] | None, stamp: str) -> list[ft.Control]:
        """What lies under the cards: the seats, the piles, the sides' and melds' labels, the
        prompt line, one's own seat; each kept while what it shows is the same."""
        before, self.drawn = self.drawn, {}
        slots, self.slots = self.slots, {}
        out: list[ft.Control] = []

        def keep(key: str, data: object, make: Callable[[], ft.Control]) -> None:
            if key not in placed.poses:
                return
            slot = slots.get(key) or ft.Container(key=f"slot-{key}")
            left, top, _ = placed.poses[key]
            changed = _put(slot, left=left, top=top)
            if before.get(key, self) != data or slot.content is None:
                # what it shows changed: drawn again onto the controls already there (only
                # what differs is sent; a control new in it is sent whole)
                slot.content = reconcile(slot.content, make())
                changed = True
            if changed:
                self.dirty[id(slot)] = slot
            self.slots[key] = slot
            self.drawn[key] = data
            out.append(slot)

        hinted = scene.hinted
        # the turn passing moves the ring and changes a seat's words: the seats are kept
        for chair in scene.chairs:
            key = f"chair:{chair.seat}"
            if key in placed.boxes:
                box, words = placed.boxes[key], chair_words(t, chair)
                still = replace(chair, active=False)
                keep(key, (still, box), functools.partial(chair_box, still, box, t, words))
                self._say(key, words)
        me = next((c for c in scene.chairs if c.seat == scene.seat), None)
        if me is not None:
            box, words = placed.boxes.get("me", (0.0, 0.0)), me_words(t, me, scene.worth)
            still = replace(me, active=False)
            keep("me", (still, scene.worth, box),
                 functools.partial(me_box, still, scene.worth, box, words))
            self._say("me", words)
        self._ring(scene, placed)
        out.insert(0, self.ring)
        for pile in scene.piles:
            key = f"pile:{pile.key}"
            # what the slot shows: not what a tap on the pile says (that changes each turn)
            data = (pile.label, bool(pile.top), pile.count, pile.lit, pile.mark,
                    bool(pile.tap or pile.why), placed.sizes.pile, pile.tap in hinted)
            keep(key, data, functools.partial(pile_box, pile, placed.sizes.pile,
                                              pile.tap in hinted, t))
        for i, side in enumerate(scene.sides):
            key = f"side:{i}"
            if key not in placed.boxes:
                continue
            text = " · ".join(x for x in (side.label, side.note) if x)
            box = placed.boxes[key]
            keep(key, (text, box), functools.partial(
                ft.Text, text, size=12, color=ON_FELT, weight=ft.FontWeight.BOLD, width=box[0],
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, key=f"side-{i}"))
            for g in side.groups:
                key = f"group:{g.key}"
                if key not in placed.boxes:
                    continue
                box = placed.boxes[key]
                chips = placed.sizes.chips
                tapped = chips and g.tap  # a meld drawn as one card is tapped on it
                look = (g.key, g.label, g.kind, g.lit, g.tap, g.cards) if chips else (
                    g.key, g.label, g.lit, bool(g.tap), group_words(g))
                mark = self._mark(g.lit or g.tap in hinted, stamp) if tapped else ""
                keep(key, (look, box, chips, g.tap in hinted, mark),
                     functools.partial(self._group, g, box, chips, g.tap in hinted, t, on_tap,
                                       mark))
        if scene.goal and "goal" in placed.boxes:
            box = placed.boxes["goal"]
            keep("goal", (scene.goal, box), functools.partial(
                ft.Text, scene.goal, size=12, color=ON_FELT, italic=True, width=box[0],
                text_align=ft.TextAlign.CENTER, max_lines=max(2, int(box[1] // 15)),
                key="goal"))
        frame = (placed.boxes["prompt"], scene.seat >= 0, bool(scene.note),
                 bool(scene.hand) and on_order is not None, order, t("felt.your_turn"))
        keep("prompt", frame, lambda: self._prompt_row(placed, order, on_order, t,
                                                       scene.seat >= 0, scene))
        self._prompt_words(scene, t, placed)
        return out

    def _say(self, key: str, words: str) -> None:
        """What seat ``key`` is said to be (its words change in place: whether it is to play)."""
        slot = self.slots.get(key)
        frame = slot.content if slot is not None else None
        if (slot is not None and isinstance(frame, ft.Container)
                and isinstance(frame.content, ft.Semantics)
                and _put(frame.content, label=words)):
            self.dirty[id(slot)] = slot

    def _ring(self, scene: Scene, placed: Layout) -> None:
        """The ring around the seat to play, where that seat is drawn (hidden otherwise)."""
        active = next((c for c in scene.chairs if c.active), None)
        key = "" if active is None else "me" if active.seat == scene.seat else \
            f"chair:{active.seat}"
        ring = self.ring
        if key in placed.poses and key in placed.boxes:
            (left, top, _), (w, h) = placed.poses[key], placed.boxes[key]
            changed = _put(ring, left=left - RING, top=top - RING, width=w + 2 * RING,
                           height=h + 2 * RING, opacity=1.0)
        else:
            changed = _put(ring, opacity=0.0)
        if changed:
            self.dirty[id(ring)] = ring

    def _group(self, group: Group, box: Box, chips: bool, hinted: bool, t: Tr, on_tap: Tap,
               mark: str) -> ft.Control:
        if not chips:
            return group_label(group, box, hinted)
        made = group_chip(group, box, hinted, t)
        if group.tap:
            made.on_click = self._handler(mark, on_tap, group.tap, f"group:{group.key}")
            drawn(made, mark)
        return made

    def _hits(self, scene: Scene, placed: Layout, on_tap: Tap, t: Tr,
              stamp: str) -> list[ft.Control]:
        """Over the cards: where a pile, or a meld drawn as a fan, is tapped (the whole of it,
        its cards and its label), drawn for the state ``stamp`` names, named for a screen
        reader."""
        before, self.hit_data = self.hit_data, {}
        hits, self.hits = self.hits, {}
        out: list[ft.Control] = []
        hinted = scene.hinted
        areas: list[tuple[str, str, str, str, bool]] = []  # key, tap, what, words, live
        for pile in scene.piles:
            if (pile.tap or pile.why) and f"pile:{pile.key}" in placed.poses:
                areas.append((f"pile:{pile.key}", pile.tap or f"pile:{pile.key}",
                              f"pile:{pile.key}", pile_words(pile, pile.tap in hinted, t),
                              pile.lit or bool(pile.tap) and pile.tap in hinted))
        if not placed.sizes.chips:
            for side in scene.sides:
                for g in side.groups:
                    if g.tap and f"group:{g.key}" in placed.poses:
                        words = group_words(g)
                        if g.lit or g.tap in hinted:
                            words += ", " + t("felt.hint_here" if g.tap in hinted
                                              else "felt.tap_now")
                        areas.append((f"group:{g.key}", g.tap, f"group:{g.key}", words,
                                      g.lit or g.tap in hinted))
        for key, tap, what, words, live in areas:
            boxes = [placed.rect(key)] + [placed.rect(f.id) for f in _area_faces(scene, key)
                                          if f.id in placed.poses]
            left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
            width = max(b[0] + b[2] for b in boxes) - left
            height = max(b[1] + b[3] for b in boxes) - top
            slot = hits.get(key) or ft.Container(key=f"hit-{key}")
            changed = _put(slot, left=left, top=top, width=width, height=height)
            mark = self._mark(live, stamp)
            data = (tap, what, words, mark)
            last = before.get(key)
            layer = slot.content if isinstance(slot.content, ft.Container) else None
            if layer is None or not isinstance(last, tuple) or last[:2] != data[:2] or (
                    last[3] != mark and _live(mark)):
                slot.content = drawn(ft.Container(
                    ft.Text("", semantics_label=words), key="tap", expand=True,
                    on_click=self._handler(mark, on_tap, tap, what)), mark)
                changed = True
            elif last != data:  # no longer playable: the same area, its tap asks why
                layer.on_click = self._handler(mark, on_tap, tap, what)
                if last[2] != words and isinstance(layer.content, ft.Text):
                    layer.content.semantics_label = words
                    changed = True
            if changed:
                self.dirty[id(slot)] = slot
            self.hits[key] = slot
            self.hit_data[key] = data
            out.append(slot)
        return out

    def _prompt_row(self, placed: Layout, order: str, on_order: Callable[[str], None] | None,
                    t: Tr, mine: bool, scene: Scene) -> ft.Control:
        """The prompt line's frame: its text (its words change in place: :meth:`_prompt_words`)
        and the count the move needs, the sort button at its end. It starts after one's own
        seat."""
        w, h = placed.boxes["prompt"]
        text = ft.Text(spans=[], weight=ft.FontWeight.BOLD, color=ON_FELT, key="felt-prompt",
                       max_lines=1 if scene.note else 2, overflow=ft.TextOverflow.ELLIPSIS)
        note = ft.Text("", size=12, color=LIT, key="felt-note", max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS, visible=bool(scene.note))
        self.prompt_said = None
        row: list[ft.Control] = []
        if mine:
            row.append(ft.Container(width=placed.boxes.get("me", (0.0, 0.0))[0] + RING))
        row.append(ft.Column([text, note], spacing=0, expand=True,
                             alignment=ft.MainAxisAlignment.CENTER))
        if scene.hand and on_order is not None:
            other = ORDERS[(ORDERS.index(order) + 1) % 2] if order in ORDERS else "rank"
            label = t(f"felt.sort.{other}")
            row.append(icon_button(ft.Icons.SORT, label, icon_color=ON_FELT, key="sort",
                                   on_click=lambda _e: on_order(other)))
        return ft.Row(row, width=w, height=h, spacing=6, key="felt-prompt-row")

    def _prompt_words(self, scene: Scene, t: Tr, placed: Layout) -> None:
        """The prompt's words: "Your turn" first in the table's yellow when it is (it cannot
        be missed), what to do now; the count the move needs under it."""
        slot = self.slots["prompt"]
        text, note = find(slot, "felt-prompt"), find(slot, "felt-note")
        mine = next((c for c in scene.chairs if c.seat == scene.seat), None)
        turn = mine is not None and mine.active
        words = (scene.prompt, turn, scene.note)
        if self.prompt_said == words:
            return
        self.prompt_said = words
        spans = [ft.TextSpan(scene.prompt)]
        if turn:
            spans.insert(0, ft.TextSpan(t("felt.your_turn") + "  ", ft.TextStyle(
                color="#000000", bgcolor=LIT, weight=ft.FontWeight.W_900)))
        text.spans = spans
        mine_w = placed.boxes.get("me", (0.0, 0.0))[0] + RING if scene.seat >= 0 else 0.0
        room = placed.boxes["prompt"][0] - mine_w - (SORT_W if scene.hand else 0.0)
        said = len(scene.prompt) + (len(t("felt.your_turn")) + 2 if turn else 0)
        text.size = fit(said, room, 1 if scene.note else 2)
        text.semantics_label = ", ".join([t("felt.your_turn")] * turn + [scene.prompt])
        note.value = scene.note
        self.dirty[id(slot)] = slot

    def _order(self, extras: list[ft.Control], shown: list[tuple[str, str]],
               hits: list[ft.Control]) -> None:
        """The stack's controls: what lies under the cards, then the cards. The list stays as
        it is while every card on the table is in it and each region's cards lie over each
        other in the order drawn; else it is made again in that order (the hidden cards
        dropped)."""
        current = self.stack.controls
        index = {id(c): i for i, c in enumerate(current)}
        middle = current[len(extras):len(current) - len(hits)]
        same = len(extras) + len(hits) <= len(current) and all(
            current[i] is c for i, c in enumerate(extras)) and all(
            current[len(current) - len(hits) + i] is c for i, c in enumerate(hits)) and all(
            isinstance(c, CardBox) for c in middle)
        if same:
            last: dict[str, int] = {}
            for fid, region in shown:
                i = index.get(id(self.cards[fid]), -1)
                if i < 0 or i < last.get(region, -1):
                    same = False
                    break
                last[region] = i
        if same:
            return
        for fid in self.dead:
            card = self.cards.pop(fid, None)
            self.looks.pop(fid, None)
            if card is not None:
                self.dirty.pop(id(card), None)
        self.dead.clear()
        self.stack.controls = [*extras, *(self.cards[fid] for fid, _ in shown), *hits]
        # the stack goes first: the cards and slots new to it are sent whole with it
        listed = {id(c) for c in current}
        self.dirty = {id(self.stack): self.stack, **{
            k: c for k, c in self.dirty.items() if k in listed}}

    def flush(self) -> list[ft.Control]:
        """The controls changed since the last call (to update, in this order; none while
        the table is on no screen), forgotten. The cards go first: a card is isolated, and
        the diff of the stack or the table above it would take its changed print, paper or
        motion as seen without sending them (a new card is sent whole with the stack)."""
        changed = list(self.dirty.values()) if self.table.parent is not None else []
        self.dirty = {}
        last = (self.stack, self.table)
        return ([c for c in changed if isinstance(c, CardBox)]
                + [c for c in changed if not isinstance(c, CardBox)
                   and all(c is not x for x in last)]
                + [c for c in last if any(c is x for x in changed)])

    def launch(self) -> list[CardBox]:
        """Send the new cards, shown where they come from, on their way; the cards to update
        (none while the table is on no screen)."""
        sent = self._go()
        return sent if self.table.parent is not None else []

    def _go(self) -> list[CardBox]:
        """The new cards shown where they come from, set where they go."""
        out: list[CardBox] = []
        for fid, (left, top) in self.launching.items():
            card, look = self.cards.get(fid), self.looks.get(fid)
            if card is not None and look is not None and fid not in self.dead:
                card.left, card.top = left, top
                self.looks[fid] = replace(look, pose=(left, top, look.pose[2]))
                out.append(card)
        self.launching = {}
        return out


def fit(chars: int, width: float, lines: int) -> float:
    """The largest size of the prompt's words (14 down to 11) at which ``chars`` characters
    fill at most ``lines`` lines of ``width`` (bold letters are about 0.56 of their size wide;
    a tenth kept for the words that wrap whole), so that a long prompt (French, Indonesian)
    shows whole."""
    for size in (14.0, 13.0, 12.0):
        if chars * size * 0.56 <= width * lines * 0.9:
            return size
    return 11.0


def _tapped(on_tap: Tap, key: str, what: str, _e: object = None) -> None:
    on_tap(key, what)


def _why(on_why: Why, key: str, _e: object = None) -> None:
    on_why(key)


def _live(mark: str) -> bool:
    """Whether a thing drawn for ``mark`` is playable (drawn for a state, not a seat)."""
    return not mark.startswith("~")


def faces(scene: Scene) -> Iterable[tuple[Face, str, str, str]]:
    """Every face of the scene, bottom to top as drawn, with where it lies (``hand``,
    ``pile``, ``group``, ``chair``), the tap it forwards to when it has none (a seat's group's)
    and its region (the cards that may lie over each other). A pile's or a meld's cards are
    tapped through the area drawn over them (:meth:`Felt._hits`)."""
    for chair in scene.chairs:
        for g in chair.groups:
            for f in g.cards:
                yield f, "chair", g.tap, f"chair:{chair.seat}"
    for side in scene.sides:
        for g in side.groups:
            last = len(g.cards) - 1
            for i, f in enumerate(g.cards):
                lit = g.lit and i == last and not f.lit  # the meld's top card shows it
                yield (replace(f, lit=True) if lit else f), "group", "", f"group:{g.key}"
    for pile in scene.piles:
        shown = pile.top[-3:]
        for i, f in enumerate(shown):
            lit = pile.lit and i == len(shown) - 1 and not f.lit
            yield (replace(f, lit=True) if lit else f), "pile", "", f"pile:{pile.key}"
    for f in scene.hand:
        yield f, "hand", "", "hand"


def _area_faces(scene: Scene, key: str) -> list[Face]:
    """The cards of the pile or the meld ``key`` names (``pile:<key>``, ``group:<key>``)."""
    kind, _, name = key.partition(":")
    if kind == "pile":
        return [f for p in scene.piles if p.key == name for f in p.top[-3:]]
    return [f for s in scene.sides for g in s.groups if g.key == name for f in g.cards]


def _source(before: Scene | None, old: Layout | None, scene: Scene,
            placed: Layout) -> dict[str, Pose]:
    """Where a card new to the table comes from: a drawn card from the pile that shrank (else
    the first pile), a card laid by another seat from that seat."""
    out: dict[str, Pose] = {}
    if before is None or old is None:
        return out
    counts = {p.key: p.count for p in before.piles}
    shrunk = [p for p in scene.piles if p.count < counts.get(p.key, 0)]
    pile = next(iter(shrunk or before.piles), None)
    if pile is not None and f"pile:{pile.key}" in placed.poses:
        out["hand"] = placed.poses[f"pile:{pile.key}"]
    mover = next((c.seat for c in before.chairs if c.active), -1)
    if f"chair:{mover}" in placed.poses:
        out["pile"] = out["group"] = out["chair"] = placed.poses[f"chair:{mover}"]
    elif mover == scene.seat and "me" in placed.poses:
        out["pile"] = out["group"] = out["chair"] = placed.poses["me"]
    return out


__all__ = ["BACK", "CHOSEN", "FELT", "HINT", "LIFT", "LIT", "MARGIN", "PAPER", "SPEEDS",
           "CardBox", "Felt", "card_face", "chair_words", "dress", "faces", "group_words",
           "print_of"]
