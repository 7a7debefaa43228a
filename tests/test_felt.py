"""The card table view, without a page: where the cards go on a phone, sideways and on a
laptop (inside the table, big enough, a long hand still readable), and what the table's
controls do (a card per face id, lit cards tappable, taps name their key, cards kept and moved
from one scene to the next)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from app.i18n import Translator
from views.common import find
from views.felt import (
    BACK,
    LIFT,
    LIT,
    Drawing,
    Felt,
    around,
    boxes,
    card_face,
    felt_view,
    label_width,
    layout,
    log_sheet,
    short,
    sizes,
    table_size,
)
from views.felt_data import Button, Chair, Face, Group, Pile, Scene, Side

T = Translator("en")
SCREENS = [(400, 850), (850, 400), (1280, 800), (360, 640)]
RED, BLUE, GREY = "#C62828", "#1565C0", "#9E9E9E"


def chairs(n: int, active: int = 0, groups: dict[int, tuple[Group, ...]] | None = None,
           cards: int = 7) -> tuple[Chair, ...]:
    names = ["Ana", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5"]
    return tuple(Chair(seat=s, name=names[s], colour=RED if s == 0 else GREY,
                       score=str(10 * s), cards=cards, active=s == active, dealer=s == n - 1,
                       level="" if s == 0 else "Simple",
                       note="2 more to play" if s == 2 else "",
                       groups=(groups or {}).get(s, ()))
                 for s in range(n))


def hand(codes: str, lit: str = "", chosen: str = "") -> tuple[Face, ...]:
    return tuple(Face(id=f"{c}.0", code=c, tap=f"card:{c}" if c in lit.split() else "",
                      lit=c in lit.split(), chosen=c in chosen.split(),
                      why="" if c in lit.split() else "It does not match")
                 for c in codes.split())


def kartu_sama(cards: str = "2H 5H 9S QS KD 3C 7C", lit: str = "5H 9S") -> Scene:
    return Scene(
        seat=0, chairs=chairs(4),
        piles=(Pile("draw", "Draw pile", (Face("back.draw"),), 30, tap="draw", lit=True),
               Pile("discard", "Discard", (Face("7H.0", "7H"),), 5)),
        hand=hand(cards, lit), buttons=(), prompt="Your turn, Ana", note="")


SAMBA_HAND = "3C 4C 5C 6D 7D 8D 9H 10H JH QS KS AS 2C JK 4D"


def samba(seat: int = 0) -> Scene:
    meld = tuple(Face(f"{c}.1", c) for c in ("5S", "6S", "7S", "8S"))
    canasta = tuple(Face(f"{c}.1", c) for c in ("9C", "10C", "JC", "QC", "KC", "AC", "2D"))
    red3 = (Face("3H.1", "3H"), Face("3D.1", "3D"))
    theirs = Side("Computer 1 & Computer 3", (Group("m1", meld, "", tap="meld:1", lit=True),))
    ours = Side("Ana & Computer 2", (Group("m2", canasta, "Canasta (mixed)"),
                                     Group("r3", red3, "Red 3s")), note="Needs 50 · selected 35")
    return Scene(seat=seat, chairs=chairs(4, cards=15), piles=(
        Pile("stock", "Stock", (Face("back.stock"),), 60, tap="draw", lit=True),
        Pile("discard", "Discard", (Face("KH.1", "KH"),), 4, mark="Blocked")),
        hand=hand(SAMBA_HAND, lit="4C 5C", chosen="3C"), sides=(theirs, ours),
        buttons=(Button("meld", "Meld", True), Button("ask", "Ask Computer 2")),
        prompt="Draw or take the discard", note="Needs 50, selected 35")


def sums() -> Scene:
    front = {s: (Group(f"p{s}", tuple(Face(f"{c}.{s}", c, tap=f"take:{c}.{s}", lit=s == 1)
                                      for c in ("4S", "9D")), ""),) for s in range(0, 4)}
    piles = tuple(Pile(f"p{i}", f"Pile {i + 1}", (Face(f"{c}.9", c),), 6)
                  for i, c in enumerate(("AS", "5H", "8C", "QD")))
    return Scene(seat=0, chairs=chairs(4, groups=front), piles=piles,
                 hand=hand("2S 6H 10D", lit="2S 6H"), buttons=(Button("let", "Let"),),
                 prompt="Play a card")


FIXTURES = {"kartu_sama": kartu_sama, "samba": samba, "sums": sums}


def inside(box: tuple[float, float, float, float], w: float, h: float) -> bool:
    left, top, bw, bh = box
    return left >= -0.01 and top >= -0.01 and left + bw <= w + 0.01 and top + bh <= h + 0.01


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def rects(scene: Scene, width: float, height: float) -> dict[str, tuple[float, float, float,
                                                                        float]]:
    places = layout(scene, width, height)
    dims = boxes(scene, sizes(width, height, scene))
    return {k: (*places[k][:2], *dims[k]) for k in places if k in dims}


@pytest.mark.parametrize("game", sorted(FIXTURES))
@pytest.mark.parametrize("screen", SCREENS)
def test_everything_lies_inside_the_table(game: str, screen: tuple[int, int]) -> None:
    scene = FIXTURES[game]()
    width, height, _ = table_size(*screen, buttons=len(scene.buttons))
    shown = rects(scene, width, height)
    faces = [f.id for f in scene.hand] + [f.id for p in scene.piles for f in p.top]
    assert set(faces) <= set(shown)
    for key, box in shown.items():
        assert inside(box, width, height), (key, box, width, height)


@pytest.mark.parametrize("game", sorted(FIXTURES))
@pytest.mark.parametrize("screen", SCREENS)
def test_the_hand_covers_no_seat_and_no_pile(game: str, screen: tuple[int, int]) -> None:
    scene = FIXTURES[game]()
    width, height, _ = table_size(*screen, buttons=len(scene.buttons))
    shown = rects(scene, width, height)
    others = [b for k, b in shown.items() if k.startswith(("chair:", "pile:"))]
    for face in scene.hand:
        lifted = shown[face.id]
        for box in others:
            assert not overlaps(lifted, box), (face.id, lifted, box)


def test_a_phone_hand_has_cards_44_px_wide_and_more() -> None:
    for n in (1, 7, 15, 22):
        scene = kartu_sama(" ".join(["2H", "5H", "9S", "QS", "KD", "3C", "7C"] * 4)[:n * 3])
        width, height, _ = table_size(400, 850, buttons=0)
        assert sizes(width, height).card[0] >= 44
        assert len(layout(scene, width, height)) > 0


@pytest.mark.parametrize("screen", [(400, 850), (360, 640), (850, 400)])
def test_samba_fifteen_cards_each_show_24_px(screen: tuple[int, int]) -> None:
    scene = samba()
    width, height, _ = table_size(*screen, buttons=2)
    places = layout(scene, width, height)
    cw, ch = sizes(width, height, scene).card
    rows: list[list[tuple[float, float, float]]] = []  # a new row starts back at the left
    for face in scene.hand:
        place = places[face.id]
        if not rows or place[0] < rows[-1][-1][0]:
            rows.append([])
        rows[-1].append(place)
    assert sum(len(r) for r in rows) == 15
    tops = []
    for row in rows:
        lefts = [p[0] for p in row]
        assert all(b - a >= 24 for a, b in zip(lefts, lefts[1:], strict=False)), lefts
        assert lefts[-1] + cw <= width
        tops.append(min(p[1] for p in row) + LIFT * 2)  # a row's base, lifts undone
    assert all(b - a >= 24 for a, b in zip(tops, tops[1:], strict=False)), tops


def test_lit_cards_rise_and_chosen_rise_more() -> None:
    scene = kartu_sama(lit="5H")
    chosen = Scene(seat=0, chairs=scene.chairs, piles=scene.piles,
                   hand=hand("2H 5H 9S QS KD 3C 7C", lit="5H", chosen="9S"))
    places = layout(chosen, 388, 700)
    base = places["2H.0"][1] - places["2H.0"][1]
    assert places["5H.0"][1] < places["QS.0"][1] - LIFT / 2 + base
    assert places["9S.0"][1] < places["5H.0"][1]


def test_the_others_sit_across_the_top_and_the_hand_at_the_bottom() -> None:
    scene = kartu_sama()
    places = layout(scene, 388, 700)
    assert {"chair:1", "chair:2", "chair:3"} <= set(places)
    assert "chair:0" not in places  # one's own seat is the hand
    assert max(places[f"chair:{s}"][1] for s in (1, 2, 3)) < places["pile:draw"][1]
    assert all(places[f.id][1] > places["pile:draw"][1] for f in scene.hand)


def test_the_public_table_has_every_seat_and_no_hand() -> None:
    scene = Scene(seat=-1, chairs=chairs(4), piles=kartu_sama().piles)
    places = layout(scene, 388, 700)
    assert {f"chair:{s}" for s in range(4)} <= set(places)


# -- the controls -------------------------------------------------------------------------------
def draw(scene: Scene, felt: Felt | None = None, width: float = 388, height: float = 700,
         speed: int = 250) -> tuple[Felt, list[str], list[str]]:
    felt = felt or Felt()
    taps: list[str] = []
    orders: list[str] = []
    felt.show(scene, width, height, on_tap=taps.append, t=T, order="suit",
              on_order=orders.append, speed=speed)
    return felt, taps, orders


def click(control: Any) -> None:
    assert control is not None and control.on_click is not None
    control.on_click(None)


def test_each_face_is_a_control_keyed_by_its_id() -> None:
    for make in FIXTURES.values():
        scene = make()
        felt, _, _ = draw(scene)
        for face in scene.hand:
            assert find(felt.table, f"card-{face.id}") is felt.cards[face.id]
        ids = [c.key for c in felt.stack.controls if c.key and str(c.key).startswith("card-")]
        assert len(ids) == len(set(ids))


def test_a_tap_on_a_lit_card_names_its_key_and_an_unlit_one_asks_why() -> None:
    felt, taps, _ = draw(kartu_sama(lit="5H"))
    click(find(felt.table, "card-5H.0"))
    click(find(felt.table, "card-QS.0"))  # not lit: the controller asks, the answer says why
    assert taps == ["card:5H", "QS.0"]
    lit, unlit = felt.cards["5H.0"].content, felt.cards["QS.0"].content
    assert lit.label == "5♥, can be tapped now" and unlit.label == "Q♠"
    assert felt.cards["5H.0"].border.top.color != felt.cards["QS.0"].border.top.color


def test_the_piles_and_their_cards_tap_as_the_pile() -> None:
    felt, taps, _ = draw(kartu_sama())
    click(find(felt.table, "pile-draw"))
    click(find(felt.table, "card-back.draw"))
    assert taps == ["draw", "draw"]
    assert find(felt.table, "pile-discard").on_click is None  # not tappable now
    assert find(felt.table, "card-7H.0").on_click is None


def test_an_empty_pile_that_can_be_tapped_says_so() -> None:
    """The draw pile run out but drawable (the discards turned over): no card names it, the
    pile itself is named as tappable for the screen reader."""
    scene = kartu_sama()
    empty = replace(scene, piles=(replace(scene.piles[0], top=(), count=0), scene.piles[1]))
    felt, taps, _ = draw(empty)
    pile = find(felt.table, "pile-draw")
    click(pile)
    assert taps == ["draw"] and pile.content.label == "Draw pile, can be tapped now"
    felt, _, _ = draw(kartu_sama())  # a card shown names it
    assert not isinstance(find(felt.table, "pile-draw").content, ft.Semantics)


def test_melds_and_the_others_cards_tap_with_their_keys() -> None:
    felt, taps, _ = draw(samba())
    click(find(felt.table, "card-5S.1"))  # a card of a lit meld: the meld
    click(find(felt.table, "group-m1"))
    felt, taps2, _ = draw(sums())
    click(find(felt.table, "card-9D.1"))
    assert taps == ["meld:1", "meld:1"]
    assert taps2 == ["take:9D.1"]
    assert find(felt.table, "pile-mark-discard") is None
    felt, _, _ = draw(samba())
    assert find(felt.table, "pile-mark-discard").value.strip() == "Blocked"


def test_the_chairs_show_name_count_note_and_dealer() -> None:
    felt, _, _ = draw(kartu_sama())
    chair = find(felt.table, "chair-2")
    assert find(chair, "backs-2").content.value == "7"
    assert find(chair, "note-2").value == "2 more to play"
    assert find(felt.table, "dealer-3") is not None
    assert find(felt.table, "chair-0") is None


def test_the_sort_button_asks_the_other_order() -> None:
    felt, _, orders = draw(kartu_sama())
    click(find(felt.table, "sort"))
    assert orders == ["rank"]
    assert find(felt.table, "felt-prompt").value == "Your turn, Ana"


def test_a_played_card_keeps_its_control_and_moves_to_the_pile() -> None:
    first = kartu_sama(lit="5H")
    felt, _, _ = draw(first)
    control = felt.cards["5H.0"]
    was = (control.left, control.top)
    after = Scene(seat=0, chairs=chairs(4, active=1), piles=(
        first.piles[0], Pile("discard", "Discard", (Face("7H.0", "7H"), Face("5H.0", "5H")), 6)),
        hand=hand("2H 9S QS KD 3C 7C"))
    felt, _, _ = draw(after, felt)
    assert felt.cards["5H.0"] is control
    assert (control.left, control.top) != was
    assert felt.moving and felt.table.ignore_interactions
    assert control.animate_position is not None and control.animate_position.duration == 250
    felt.settled()
    assert not felt.table.ignore_interactions
    assert "7C.0" in felt.cards and len(felt.cards) == 6 + 1 + 2


def test_a_drawn_card_starts_on_the_draw_pile() -> None:
    felt, _, _ = draw(kartu_sama())
    pile = felt.places["pile:draw"]
    after = Scene(seat=0, chairs=chairs(4), piles=(
        Pile("draw", "Draw pile", (Face("back.draw"),), 29), kartu_sama().piles[1]),
        hand=hand("2H 5H 9S QS KD 3C 7C 8D"))
    table = layout(after, 388, 700)
    felt.show(after, 388, 700, on_tap=lambda _k: None, t=T, speed=250)
    card = felt.cards["8D.0"]
    assert (card.left, card.top) == pile[:2]  # shown first where it comes from...
    assert felt.moving and felt.launching
    assert felt.launch() and (card.left, card.top) == table["8D.0"][:2]  # ...then sent on
    assert not felt.launching and not felt.launch()
    felt2 = Felt()
    felt2.show(kartu_sama(), 388, 700, on_tap=lambda _k: None, t=T, speed=0)
    felt2.show(after, 388, 700, on_tap=lambda _k: None, t=T, speed=0)
    assert not felt2.moving  # no speed: nothing travels, nothing waits
    assert felt2.cards["8D.0"].animate_position is None
    assert pile is not None


def test_the_screen_has_the_buttons_caption_and_log() -> None:
    felt, taps, _ = draw(samba())
    logs: list[int] = []
    view = felt_view(T, "/play/x", "Samba", felt.table, buttons=samba().buttons,
                     on_tap=taps.append, caption="Computer 2: plays 7♥",
                     on_log=lambda: logs.append(1), on_back=lambda: None)
    assert isinstance(view, ft.View)
    click(find(view, "button-meld"))
    click(find(view, "button-ask"))
    click(find(view, "last-moves"))
    assert taps == ["meld", "ask"] and logs == [1]
    assert find(view, "caption").value == "Computer 2: plays 7♥"
    sheet = log_sheet(T, ["a", "b"])
    assert find(sheet, "log-1").value == "b"
    assert find(log_sheet(T, []), "log-0").value == "No moves yet."


def test_a_wide_window_puts_the_buttons_beside_the_table() -> None:
    assert table_size(1280, 800, 2)[2] is True
    assert table_size(400, 850, 2)[2] is False
    w, h, _ = table_size(400, 850, 2)
    assert w == 384 and h < 850 - 2 * 64


def test_settings_offer_card_speed_and_vibration() -> None:
    from types import SimpleNamespace

    from views.settings import play_section

    speeds: list[str] = []
    buzz: list[bool] = []
    part = play_section(T, speed="fast", haptics=True, reduced=True, on_speed=speeds.append,
                        on_haptics=buzz.append)
    picker = find(part, "speed")
    assert picker.value == "fast" and find(part, "speed-instant") is not None
    picker.on_change(SimpleNamespace(control=SimpleNamespace(value="slow")))
    find(part, "haptics").on_change(SimpleNamespace(control=SimpleNamespace(value=False)))
    assert speeds == ["slow"] and buzz == [False]
    assert find(part, "speed-reduced") is not None  # the device asks for less motion


@pytest.mark.parametrize("screen", SCREENS)
def test_ones_own_face_up_cards_lie_over_the_hand(screen: tuple[int, int]) -> None:
    """Sums: the cards in front of the seat looking are on the table (over the hand; on a
    phone turned sideways, under the other seats), covering no card, pile or seat."""
    scene = sums()
    width, height, _ = table_size(*screen, buttons=len(scene.buttons))
    shown = rects(scene, width, height)
    mine = [shown[f.id] for f in scene.chairs[0].groups[0].cards]
    others = [shown[f.id] for f in scene.hand] + [
        b for k, b in shown.items() if k.startswith(("pile:", "chair:"))]
    assert not any(overlaps(m, o) for m in mine for o in others)
    if not short(width, height):
        assert all(m[1] + m[3] <= min(shown[f.id][1] for f in scene.hand) + 1 for m in mine)


@pytest.mark.parametrize("game", sorted(FIXTURES))
@pytest.mark.parametrize("screen", SCREENS)
def test_pile_labels_do_not_meet(game: str, screen: tuple[int, int]) -> None:
    scene = FIXTURES[game]()
    width, height, _ = table_size(*screen, buttons=len(scene.buttons))
    places = layout(scene, width, height)
    cw, ch = sizes(width, height, scene).card
    labels = sorted((places[f"pile:{p.key}"][0] + (cw + 22 - label_width(p, cw)) / 2,
                     places[f"pile:{p.key}"][1], label_width(p, cw)) for p in scene.piles)
    for (a, ya, wa), (b, yb, _) in zip(labels, labels[1:], strict=False):
        assert ya != yb or b >= a + wa, (a, b, screen)


def test_a_phone_turned_sideways_seats_the_others_down_the_left() -> None:
    scene = kartu_sama("2H 5H 9S QS KD 3C 7C")
    width, height, _ = table_size(850, 400, buttons=0)
    shown = rects(scene, width, height)
    seats = [b for k, b in shown.items() if k.startswith("chair:")]
    assert len({round(b[0]) for b in seats}) == 1  # one column
    hand = [shown[f.id] for f in scene.hand]
    assert min(h[0] for h in hand) > max(b[0] + b[2] for b in seats)
    assert sizes(width, height, scene).card[0] >= 56  # bigger than across the top (44)



def test_a_card_another_seat_plays_arrives_face_down_and_turns_over() -> None:
    first = Scene(seat=0, chairs=chairs(4, active=2), piles=kartu_sama().piles,
                  hand=hand("2H 9S"))
    felt, _, _ = draw(first)
    discard = Pile("discard", "Discard", (Face("7H.0", "7H"), Face("QS.1", "QS")), 6)
    after = Scene(seat=0, chairs=chairs(4, active=3), piles=(first.piles[0], discard),
                  hand=hand("2H 9S"))
    felt, _, _ = draw(after, felt)
    card = felt.cards["QS.1"]
    assert (card.left, card.top) != felt.places["QS.1"][:2] or felt.moving
    assert card.bgcolor == BACK and card.content.content.controls == []  # its back
    assert card.content.label == "Q♠"  # a screen reader hears it at once
    felt.settled()  # it arrived
    assert card.bgcolor != BACK and card.content.content.controls and not felt.moving


def crowded_samba() -> Scene:
    """Late in a Samba hand: each side with eight melds, canastas among them."""
    ranks = ["4", "5", "6", "7", "8", "9", "10", "Q"]
    sides = []
    for s, suit in enumerate("SH"):
        groups = tuple(Group(f"g{s}.{r}", tuple(Face(f"{r}{suit}.{s}{k}", f"{r}{suit}")
                                                for k in range(3 + (i * 2) % 5)),
                             "Canasta (pure)" if i % 3 == 0 else "")
                       for i, r in enumerate(ranks))
        sides.append(Side(["Computer 1 & Computer 3", "Ana & Computer 2"][s], groups))
    base = samba()
    return replace(base, sides=tuple(sides))


@pytest.mark.parametrize("screen", [(400, 850), (1280, 800)])
def test_a_crowded_samba_table_keeps_melds_off_the_hand(screen: tuple[int, int]) -> None:
    """On a phone held upright and on a laptop; a phone turned sideways has too little height
    for sixteen melds beside the piles: there the hand, drawn last, covers their last row."""
    scene = crowded_samba()
    width, height, _ = table_size(*screen, buttons=len(scene.buttons))
    shown = rects(scene, width, height)
    melds = [shown[f.id] for side in scene.sides for g in side.groups for f in g.cards]
    hand = [shown[f.id] for f in scene.hand]
    over = [(m, h) for m in melds for h in hand if overlaps(m, h)]
    assert not over, (screen, over[:2])


def test_the_table_turns_with_the_player_it_is_drawn_for() -> None:
    """Pass and play: the seats sit in the order they play after the one looking (the next
    one first), and when the table is drawn for another player the seats' controls are kept
    and go round to their new places."""
    first = replace(kartu_sama(), seat=0)
    assert [c.seat for c in around(first)] == [1, 2, 3]
    turned = replace(first, seat=2)
    assert [c.seat for c in around(turned)] == [3, 0, 1]
    assert [c.seat for c in around(replace(first, seat=-1))] == [0, 1, 2, 3]
    felt, _, _ = draw(first)
    seat3 = felt.seats[3]
    before = (seat3.left, seat3.top)
    felt, _, _ = draw(turned, felt)
    assert felt.seats[3] is seat3 and (seat3.left, seat3.top) != before
    assert seat3.animate_position is not None
    assert find(felt.table, "chair-0") is not None and find(felt.table, "chair-2") is None


def test_a_pile_that_can_be_drawn_from_is_outlined_on_its_back() -> None:
    lit = card_face(Face("draw", lit=True), (60, 84), "pile")
    plain = card_face(Face("draw"), (60, 84), "pile")
    assert lit.border.top.color == LIT and plain.border.top.color != LIT


def test_a_card_lit_or_chosen_keeps_its_print() -> None:
    """Selecting a card changes its edge and its name, not what is printed on it: the print,
    an update boundary of its own, is not sent again."""
    felt, _, _ = draw(kartu_sama(lit="5H"))
    card = felt.cards["QS.0"]
    print_ = card.content.content
    assert isinstance(print_, Drawing) and print_.is_isolated()
    felt, _, _ = draw(kartu_sama(lit="5H QS"), felt)
    assert felt.cards["QS.0"] is card and card.content.content is print_
    assert card.border.top.color == LIT and card.content.label == "Q♠, can be tapped now"


def test_every_card_on_the_table_has_something_under_its_name() -> None:
    """Flet's client shows an error box in place of a Semantics control without a child (it
    did on every card back): each card's named part holds its print, a back's empty one."""
    felt, _, _ = draw(samba())
    for card in felt.cards.values():
        assert isinstance(card.content, ft.Semantics) and card.content.content is not None

