"""Where the card table puts things (views/felt_layout.py), without a page: nothing tappable
is ever covered, and nothing lies off the table, on crowded tables drawn by hypothesis (up to
twelve melds a side, a 25-card hand, red 3s, buttons under the table) at a small phone, a
phone, a phone turned sideways and a laptop; and the screen around the table (its message
line, the table, the buttons) fits the window."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from views.felt_data import Button, Chair, Face, Group, Pile, Scene, Side
from views.felt_layout import (
    LIFT,
    ME_W,
    Layout,
    around,
    hand_rows,
    label_width,
    layout,
    short,
)
from views.felt_screen import APPBAR, GAP, LINE, PAD, below, frame

SCREENS = [(360, 640), (400, 850), (850, 400), (1280, 800)]
Rect = tuple[float, float, float, float]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"


def chairs(n: int, active: int = 0, groups: dict[int, tuple[Group, ...]] | None = None,
           cards: int = 7) -> tuple[Chair, ...]:
    names = ["Ana"] + [f"Computer {s}" for s in range(1, n)]
    return tuple(Chair(seat=s, name=names[s], colour="#C62828", score=f"{10 * s} points",
                       cards=cards, active=s == active, dealer=s == n - 1,
                       level="" if s == 0 else "Quick", groups=(groups or {}).get(s, ()))
                 for s in range(n))


def faces(codes: list[str], tag: str, lit: int = 0, chosen: int = 0,
          tapped: bool = True) -> tuple[Face, ...]:
    return tuple(Face(f"{c}.{tag}{i}", c, tap=f"c:{c}.{tag}{i}" if tapped else "",
                      lit=i < lit, chosen=lit <= i < lit + chosen) for i, c in enumerate(codes))


def kartu_sama(hand: int = 7, players: int = 4) -> Scene:
    codes = [RANKS[i % 13] + SUITS[i % 4] for i in range(hand)]
    return Scene(seat=0, chairs=chairs(players), hand=faces(codes, "h", lit=2), piles=(
        Pile("draw", "Draw pile", (Face("back.draw"),), 30, tap="draw", lit=True),
        Pile("discard", "Discard pile", (Face("7H.p", "7H"), Face("8H.p", "8H")), 5)),
        prompt="Play a card of the same suit or rank, or draw")


def samba(melds: tuple[int, int], hand: int, reds: int = 2, sizes: tuple[int, ...] = (3,),
          seat: int = 0, players: int = 4) -> Scene:
    sides = []
    for s in range(2):
        groups = []
        for m in range(melds[s]):
            n = sizes[m % len(sizes)]
            rank = RANKS[(m + 3) % 13]
            groups.append(Group(f"g{s}.{m}", faces([rank + SUITS[k % 4] for k in range(n)],
                                                     f"m{s}{m}.", tapped=False),
                                "Canasta (mixed)" if n >= 7 else "", tap=f"g{s}.{m}",
                                lit=m % 2 == 0, kind="mixed" if n >= 7 else ""))
        if reds:
            groups.append(Group(f"r{s}", faces(["3H", "3D"][:reds], f"r{s}", tapped=False),
                                "Red 3s"))
        sides.append(Side(f"Side {s}", tuple(groups), "Needs 50", seats=(s, s + 2)))
    codes = [RANKS[i % 13] + SUITS[i % 4] for i in range(hand)]
    return Scene(seat=seat, chairs=chairs(players, cards=hand), hand=faces(codes, "h", 3, 2),
                 sides=tuple(sides), piles=(
                     Pile("stock", "Stock", (Face("stock.back"),), 60, tap="stock", lit=True),
                     Pile("pile", "Discard pile", (Face("KH.p", "KH"),), 4, mark="Blocked")),
                 buttons=(Button("b:meld", "Meld 5♠ 5♥ 5♣"), Button("b:finish", "Done")),
                 prompt="The stock is empty: take the pile, or stop", note="Needs 50 · 35")


def sums(players: int = 4, up: int = 4, piles: int = 2) -> Scene:
    front = {s: (Group(f"up:{s}", faces([RANKS[(s + k) % 13] + "S" for k in range(up)],
                                         f"u{s}", lit=1 if s else 0)),) for s in range(players)}
    return Scene(seat=0, chairs=chairs(players, groups=front), hand=faces(["2S", "6H", "10D"],
                                                                           "h", 2),
                 piles=tuple(Pile(f"pile:{i}", f"Pile {i + 1}", (Face(f"QD.p{i}", "QD"),), 6,
                                  tap=f"draw:{i}") for i in range(piles)),
                 buttons=(Button("let", "Let it go"),), prompt="Place a card",
                 goal="Goal: the most points, from your cards in play and those you remove.")


def rects(scene: Scene, placed: Layout) -> dict[str, Rect]:
    return {k: placed.rect(k) for k in placed.poses if k in placed.boxes}


def overlaps(a: Rect, b: Rect) -> bool:
    return (a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5
            and b[1] < a[1] + a[3] - 0.5)


def union(boxes: list[Rect]) -> Rect:
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    return (left, top, max(b[0] + b[2] for b in boxes) - left,
            max(b[1] + b[3] for b in boxes) - top)


def areas(scene: Scene, placed: Layout) -> dict[str, Rect]:
    """What may not overlap: the hand (with its lifted cards), each pile with its cards, each
    meld (its label and its cards, or its one card), each side's label, each seat with the
    cards in front of it, one's own cards, the prompt line, the goal."""
    shown = rects(scene, placed)
    out: dict[str, Rect] = {}
    hand = [shown[f.id] for f in scene.hand]
    if hand:
        out["hand"] = union(hand)
    for pile in scene.piles:
        out[f"pile:{pile.key}"] = union([shown[f"pile:{pile.key}"]] + [
            shown[f.id] for f in pile.top[-3:]])
    for i, side in enumerate(scene.sides):
        out[f"side:{i}"] = shown[f"side:{i}"]
        for g in side.groups:
            out[f"group:{g.key}"] = union([shown[f"group:{g.key}"]] + [
                shown[f.id] for f in g.cards if f.id in shown])
    for chair in scene.chairs:
        cards = [shown[f.id] for g in chair.groups for f in g.cards]
        if chair.seat == scene.seat:
            if cards:
                out["mine"] = union(cards)
            continue
        out[f"chair:{chair.seat}"] = union([shown[f"chair:{chair.seat}"], *cards])
    for key in ("prompt", "goal"):
        if key in shown:
            out[key] = shown[key]
    return out


def check(scene: Scene, screen: tuple[int, int], fits: bool = True) -> Layout:
    """Nothing off the table or covering anything else; ``fits``: the table needed no more
    height than the screen gives it (else it grew, and the screen scrolls)."""
    width, height = frame(*screen, len(scene.buttons)).table
    placed = layout(scene, width, height)
    assert placed.width == width and (placed.height == height or not fits), (
        screen, placed.height, height)
    height = placed.height
    shown = rects(scene, placed)
    for key, box in shown.items():  # nothing off the table
        assert box[0] >= -0.01 and box[1] >= -0.01, (key, box)
        assert box[0] + box[2] <= width + 0.01 and box[1] + box[3] <= height + 0.01, (
            key, box, width, height)
    placed_faces = {f.id for f in scene.hand} | {f.id for p in scene.piles for f in p.top[-3:]}
    assert placed_faces <= set(shown)
    parts = areas(scene, placed)
    names = sorted(parts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(parts[a], parts[b]), (screen, a, parts[a], b, parts[b])
    return placed


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("make", [kartu_sama, lambda: kartu_sama(22, 6), sums,
                                  lambda: samba((5, 6), 15),
                                  lambda: samba((12, 12), 25, sizes=(3, 7, 11, 4))])
def test_nothing_covers_anything_on_these_tables(make: object, screen: tuple[int, int]) -> None:
    check(make(), screen)  # type: ignore[operator]


@pytest.mark.parametrize("screen", SCREENS)
def test_a_table_too_crowded_for_the_screen_grows_and_covers_nothing(
        screen: tuple[int, int]) -> None:
    """Eight players of Sums with six cards each in front of them and eight piles: no size
    fits a small phone; the table grows taller (the screen scrolls), nothing covered."""
    check(sums(8, 6, 8), screen, fits=False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(screen=st.sampled_from(SCREENS), melds=st.tuples(st.integers(0, 12), st.integers(0, 12)),
       hand=st.integers(0, 25), reds=st.integers(0, 2),
       sizes=st.lists(st.integers(3, 11), min_size=1, max_size=6),
       seat=st.sampled_from([0, 1, -1]), players=st.sampled_from([2, 4, 6]))
# sideways, one meld of five wider than the room beside the piles: it reached the stock
@example(screen=(850, 400), melds=(0, 1), hand=0, reds=0, sizes=[5], seat=0, players=2)
def test_a_crowded_samba_table_covers_nothing(screen: tuple[int, int], melds: tuple[int, int],
                                              hand: int, reds: int, sizes: list[int],
                                              seat: int, players: int) -> None:
    scene = samba(melds, hand if seat >= 0 else 0, reds, tuple(sizes), seat, players)
    if seat < 0:
        scene = replace(scene, hand=())
    check(scene, screen)


@settings(max_examples=40, deadline=None)
@given(screen=st.sampled_from(SCREENS), players=st.integers(2, 8), up=st.integers(0, 9),
       piles=st.integers(1, 8))
def test_a_crowded_sums_table_covers_nothing(screen: tuple[int, int], players: int, up: int,
                                             piles: int) -> None:
    check(sums(players, up, piles), screen, fits=players <= 4 and piles <= 4)


@settings(max_examples=30, deadline=None)
@given(screen=st.sampled_from(SCREENS), players=st.integers(2, 8), hand=st.integers(1, 25))
def test_a_kartu_sama_table_covers_nothing(screen: tuple[int, int], players: int,
                                           hand: int) -> None:
    check(kartu_sama(hand, min(players, 6)), screen)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("buttons", [0, 1, 2, 3, 4])
def test_the_screen_fits_the_window(screen: tuple[int, int], buttons: int) -> None:
    """The app bar, the message line, the table and the buttons' rows add up to the window
    (nothing pushed off it, no scroll)."""
    shape = frame(*screen, buttons)
    width, height = screen
    used = APPBAR + 2 * PAD + LINE + GAP + shape.table[1] + below(shape.rows, shape.wide)
    assert used <= height + 0.01
    assert shape.table[0] <= width - 2 * PAD
    assert shape.wide == (screen[0] >= 700 and screen[0] > screen[1])
    assert shape.rows * shape.columns >= (0 if shape.wide else buttons)


def test_a_phone_hand_has_cards_44_px_wide_and_more() -> None:
    for n in (1, 7, 15, 22):
        placed = layout(kartu_sama(n), *frame(400, 850, 0).table)
        assert placed.sizes.card[0] >= 44


@pytest.mark.parametrize("screen", [(400, 850), (360, 640), (850, 400)])
def test_samba_fifteen_cards_each_show_24_px(screen: tuple[int, int]) -> None:
    scene = samba((6, 6), 15)
    placed = layout(scene, *frame(*screen, 2).table)
    rows: list[list[tuple[float, float, float]]] = []  # a new row starts back at the left
    for face in scene.hand:
        pose = placed.poses[face.id]
        if not rows or pose[0] < rows[-1][-1][0]:
            rows.append([])
        rows[-1].append(pose)
    assert sum(len(r) for r in rows) == 15
    for row in rows:
        lefts = [p[0] for p in row]
        assert all(b - a >= 24 for a, b in zip(lefts, lefts[1:], strict=False)), lefts


def test_lit_cards_rise_and_chosen_rise_more() -> None:
    scene = samba((2, 2), 7)
    placed = layout(scene, 388, 700)
    lit, chosen, plain = scene.hand[0], scene.hand[3], scene.hand[6]
    assert lit.lit and chosen.chosen and not plain.lit and not plain.chosen
    base = {f.id: placed.poses[f.id][1] for f in scene.hand}
    assert base[chosen.id] < base[lit.id] < base[plain.id] + 0.01 - LIFT / 2


def test_the_others_sit_across_the_top_and_the_hand_at_the_bottom() -> None:
    scene = kartu_sama()
    placed = layout(scene, 388, 700)
    assert {"chair:1", "chair:2", "chair:3", "me"} <= set(placed.poses)
    assert "chair:0" not in placed.poses  # one's own seat is at the prompt line
    assert max(placed.poses[f"chair:{s}"][1] for s in (1, 2, 3)) < placed.poses["pile:draw"][1]
    assert all(placed.poses[f.id][1] > placed.poses["prompt"][1] for f in scene.hand)


def test_the_public_table_has_every_seat_and_no_hand() -> None:
    scene = replace(kartu_sama(), seat=-1, hand=())
    placed = layout(scene, 388, 700)
    assert {f"chair:{s}" for s in range(4)} <= set(placed.poses) and "me" not in placed.poses


def test_the_table_turns_with_the_player_it_is_drawn_for() -> None:
    first = kartu_sama()
    assert [c.seat for c in around(first)] == [1, 2, 3]
    assert [c.seat for c in around(replace(first, seat=2))] == [3, 0, 1]
    assert [c.seat for c in around(replace(first, seat=-1))] == [0, 1, 2, 3]


def test_a_phone_turned_sideways_seats_the_others_down_the_left() -> None:
    scene = kartu_sama()
    width, height = frame(850, 400, 0).table
    assert short(width, height)
    placed = layout(scene, width, height)
    shown = rects(scene, placed)
    seats = [b for k, b in shown.items() if k.startswith("chair:")]
    assert len({round(b[0]) for b in seats}) == 1  # one column
    assert min(shown[f.id][0] for f in scene.hand) > max(b[0] + b[2] for b in seats)
    assert placed.sizes.card[0] >= 52  # bigger than across the top of a phone (44)


def test_a_crowded_phone_draws_each_meld_as_one_card_with_its_count() -> None:
    """Twelve melds a side on a small phone: one small card a meld (its rank and count), no
    card of the melds drawn; on a laptop, every card of every meld."""
    scene = samba((12, 12), 25, sizes=(3, 7, 11, 4))
    phone = layout(scene, *frame(360, 640, 2).table)
    assert phone.sizes.chips
    assert not any(f.id in phone.poses for s in scene.sides for g in s.groups for f in g.cards)
    laptop = layout(samba((6, 6), 15), *frame(1280, 800, 2).table)
    assert not laptop.sizes.chips


def test_pile_labels_fit_between_the_piles() -> None:
    scene = sums(4, 2, 8)
    placed = layout(scene, *frame(400, 850, 1).table)
    cw = placed.sizes.card[0]
    labels = sorted((placed.poses[f"pile:{p.key}"][0] + (cw + 22 - label_width(p, cw)) / 2,
                     placed.poses[f"pile:{p.key}"][1], label_width(p, cw)) for p in scene.piles)
    for (a, ya, wa), (b, yb, _) in zip(labels, labels[1:], strict=False):
        assert ya != yb or b >= a + wa


def test_hand_rows_hold_the_cards_in_as_few_rows_as_fit() -> None:
    assert hand_rows(7, 388, 56) == [7]
    assert sum(hand_rows(25, 344, 44)) == 25 and len(hand_rows(25, 344, 44)) == 3


def test_a_hand_of_one_row_fans_and_one_of_several_rows_lies_straight() -> None:
    """A row of cards apart fans; overlapping rows lie straight, each on one line, so that a
    card leaving the hand moves its neighbours along their row and turns none of them."""
    one = kartu_sama(5)
    placed = layout(one, *frame(400, 850, 0).table)
    angles = [placed.poses[f.id][2] for f in one.hand]
    assert angles[0] < 0 < angles[-1]
    crowded = replace(samba((2, 2), 15), hand=faces(
        [RANKS[i % 13] + SUITS[i % 4] for i in range(15)], "h", tapped=True))
    placed = layout(crowded, *frame(400, 850, 2).table)
    poses = [placed.poses[f.id] for f in crowded.hand]  # none lifted: a top is a row
    assert {p[2] for p in poses} == {0.0} and len({p[1] for p in poses}) >= 2


def test_the_piles_stay_where_they_are_while_their_counts_change() -> None:
    scene = samba((2, 2), 7)
    placed = layout(scene, *frame(400, 850, 2).table)
    for stock, pile in ((60, 4), (9, 0), (108, 12), (0, 1)):
        piles = (replace(scene.piles[0], count=stock), replace(scene.piles[1], count=pile))
        again = layout(replace(scene, piles=piles), *frame(400, 850, 2).table)
        assert all(again.poses[f"pile:{p.key}"] == placed.poses[f"pile:{p.key}"]
                   for p in scene.piles)


def test_what_lies_above_a_fanned_hand_stays_while_cards_leave_it() -> None:
    """A fan droops less with fewer cards; the height kept for the hand does not, so the
    piles, one's seat and the prompt stay where they are at each card played, and the row
    still sits on the bottom."""
    size = frame(400, 850, 0).table
    shown = [layout(kartu_sama(n), *size) for n in (7, 6, 5, 4, 3, 2)]
    for key in ("pile:draw", "pile:discard", "me", "prompt"):
        assert len({placed.poses[key] for placed in shown}) == 1, key

    def lowest(n: int) -> float:
        placed, hand = layout(kartu_sama(n), *size), kartu_sama(n).hand
        return max(placed.poses[f.id][1] for f in hand if not f.lit)

    assert lowest(5) == lowest(3)  # the ends, unlifted, on the same line


def test_ones_own_seat_is_as_wide_as_its_points_in_full() -> None:
    scene = samba((2, 2), 7)
    short_score = layout(scene, *frame(400, 850, 2).table).boxes["me"][0]
    assert short_score == ME_W  # "0 points": the seat stays small
    long = replace(scene, chairs=tuple(replace(c, score="12450 points") if c.seat == 0 else c
                                       for c in scene.chairs))
    placed = layout(long, *frame(400, 850, 2).table)
    # the card count (20 px and its gap), the points at 7 px a letter, the padding
    assert placed.boxes["me"][0] >= 20 + 4 + len("12450 points") * 7 + 8
    check(long, (400, 850))  # and still nothing covers anything
