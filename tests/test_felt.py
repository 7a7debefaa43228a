"""The card table's controls (views/felt.py) and its screen (views/felt_screen.py), without a
page: a card per face id, lit cards tappable and named, taps routed to the table shown last,
cards kept and moved from one scene to the next, the list of the table's controls unchanged
by a selection or a card played (the client builds every card again when it changes), the
seats' labels, the message line and the last moves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from app.i18n import Translator
from tests.test_felt_layout import chairs, kartu_sama, samba, sums
from views.common import card_text, find
from views.felt import BACK, HINT, LIT, ON_FELT, RING, CardBox, Felt, card_face
from views.felt_data import Button, Face, Pile, Scene
from views.felt_layout import layout
from views.felt_screen import (
    Entry,
    FeltScreen,
    Line,
    felt_view,
    frame,
    log_lines,
    log_sheet,
    message_line,
)

T = Translator("en")
SIZE = (388.0, 700.0)


def draw(scene: Scene, felt: Felt | None = None, speed: int = 400,
         size: tuple[float, float] = SIZE, stamp: str = "0.1"
         ) -> tuple[Felt, list[tuple[str, str]], list[str]]:
    felt = felt or Felt()
    taps: list[tuple[str, str]] = []
    orders: list[str] = []
    felt.show(scene, *size, on_tap=lambda k, w: taps.append((k, w)), t=T, order="suit",
              on_order=orders.append, speed=speed, stamp=stamp)
    return felt, taps, orders


def click(control: Any) -> None:
    """A tap on a control, or on a card (its tap layer)."""
    if isinstance(control, CardBox):
        control = control.content
    assert control is not None and control.on_click is not None
    control.on_click(None)


def printed(card: CardBox) -> ft.Text:
    """A card's print (in its tap layer when it can be tapped)."""
    shown = card.content
    return shown.content if isinstance(shown, ft.Container) else shown


def label(card: CardBox) -> str:
    return str(printed(card).semantics_label or "")


def tappable(card: CardBox) -> bool:
    return isinstance(card.content, ft.Container) and card.content.on_click is not None


def test_each_face_is_a_control_keyed_by_its_id() -> None:
    for scene in (kartu_sama(), samba((3, 3), 12), sums()):
        felt, _, _ = draw(scene)
        for face in scene.hand:
            assert find(felt.table, f"card-{face.id}") is felt.cards[face.id]
        keys = [c.key for c in felt.stack.controls if isinstance(c, CardBox)]
        assert len(keys) == len(set(keys))


def test_a_tap_on_a_card_names_its_key_and_the_card() -> None:
    scene = kartu_sama()
    lit, unlit = scene.hand[0], scene.hand[4]
    unlit = replace(unlit, tap="", why="It does not match")
    scene = replace(scene, hand=(lit, *scene.hand[1:4], unlit, *scene.hand[5:]))
    felt, taps, _ = draw(scene)
    click(felt.cards[lit.id])
    click(felt.cards[unlit.id])  # not lit: the controller asks, the answer says why
    assert taps == [(lit.tap, lit.id), (unlit.id, unlit.id)]
    assert label(felt.cards[lit.id]) == "A♠, can be tapped now"
    assert label(felt.cards[unlit.id]) == "5♠"
    assert felt.cards[lit.id].border.top.color == LIT


def test_a_hand_all_playable_is_drawn_still_and_plays() -> None:
    """When every card of the hand may be tapped (a discard), none is lifted or outlined:
    there is no choice to show, and the hand keeps still when the turn passes; yet each card
    plays at its tap, drawn anew for each state (a double tap stays one), and a screen reader
    hears that it can be tapped."""
    scene = kartu_sama()
    every = replace(scene, hand=tuple(replace(f, lit=True, tap=f"p:{f.id}")
                                      for f in scene.hand))
    some = replace(every, hand=(every.hand[0], *(replace(f, lit=False, tap="", why="No")
                                                 for f in every.hand[1:])))
    first = every.hand[0]
    felt, taps, _ = draw(every)
    assert all(felt.cards[f.id].border.top.color != LIT for f in every.hand)
    assert label(felt.cards[first.id]) == f"{card_text(first.code)[0]}, can be tapped now"
    flat = {f.id: felt.places[f.id][1] for f in every.hand}
    layer = felt.cards[first.id].content
    click(felt.cards[first.id])
    assert taps == [(first.tap, first.id)]
    draw(every, felt, stamp="0.2")
    assert felt.cards[first.id].content is not layer  # an older tap names nothing
    draw(some, felt, stamp="0.3")  # a choice: the one card that plays rises, outlined
    assert felt.cards[first.id].border.top.color == LIT
    assert felt.places[first.id][1] < flat[first.id]
    assert all(felt.places[f.id][1] == flat[f.id] for f in some.hand[1:])


def test_a_kept_card_taps_for_the_table_shown_last() -> None:
    """Pass and play: the discard pile's cards are the same controls for the next player;
    their taps go to the table drawn last (its seat and version), never an older one's."""
    felt = Felt()
    first: list[str] = []
    second: list[str] = []
    scene = kartu_sama()
    felt.show(scene, *SIZE, on_tap=lambda k, w: first.append(k), t=T, stamp="0.12")
    stale = find(felt.table, "hit-pile:draw").content
    card = felt.cards["8H.p"]
    felt.show(replace(scene, seat=1), *SIZE, on_tap=lambda k, w: second.append(k), t=T,
              stamp="1.12")
    click(find(felt.table, "hit-pile:draw").content)
    stale.on_click(None)  # a tap that reaches the server after the table was drawn again
    assert first == [("draw")] and second == ["draw"]
    assert find(felt.table, "hit-pile:draw").content is not stale  # drawn anew: gone
    assert felt.cards["8H.p"] is card  # a card is kept (it moves), its tap layer is not


def test_what_can_only_say_why_is_kept_from_one_move_to_the_next() -> None:
    """What a tap can change (a lit card, a lit pile) is drawn anew for each state; what a
    tap can only be told why not of is kept while the same seat looks (fewer controls sent a
    move), and its tap asks why, never plays, whatever the state is by then."""
    felt = Felt()
    scene = kartu_sama()
    lit, unlit = scene.hand[0], scene.hand[4]
    scene = replace(scene, hand=(lit, *scene.hand[1:4], replace(unlit, tap="", lit=False,
                                                                  why="It does not match"),
                                 *scene.hand[5:]))
    taps: list[str] = []
    whys: list[str] = []

    def show(stamp: str) -> None:
        felt.show(scene, *SIZE, on_tap=lambda k, w: taps.append(k), t=T, stamp=stamp,
                  on_why=whys.append)

    show("0.12")
    kept, fresh = felt.cards[unlit.id].content, felt.cards[lit.id].content
    show("0.13")
    assert felt.cards[unlit.id].content is kept  # the same control: nothing to send
    assert felt.cards[lit.id].content is not fresh  # drawn anew: an older tap names nothing
    kept.on_click(None)
    click(felt.cards[lit.id])
    assert whys == [unlit.id] and taps == [lit.tap]
    scene = replace(scene, hand=tuple(replace(f, lit=False) for f in scene.hand))
    layer = felt.cards[lit.id].content
    show("0.14")  # no longer playable: the same layer (nothing new sent), its tap asks why
    assert felt.cards[lit.id].content is layer and label(felt.cards[lit.id]) == "A♠"
    click(felt.cards[lit.id])
    assert whys == [unlit.id, lit.tap] and taps == [lit.tap]


def test_a_pile_is_tapped_over_its_cards_and_says_its_count() -> None:
    """A pile is tapped anywhere over it (its cards, its label): the area drawn over them,
    named for a screen reader; a pile that does nothing has none, and is said as it is."""
    felt, taps, _ = draw(kartu_sama())
    hit = find(felt.table, "hit-pile:draw")
    card = felt.cards["back.draw"]
    assert hit.left <= card.left and hit.left + hit.width >= card.left + card.width
    assert felt.stack.controls.index(hit) > felt.stack.controls.index(card)  # over it
    click(hit.content)
    assert taps == [("draw", "pile:draw")]
    assert hit.content.content.semantics_label == "Draw pile, 30 cards, can be tapped now"
    assert find(felt.table, "hit-pile:discard") is None  # not tappable now
    assert not tappable(felt.cards["8H.p"]) and not tappable(card)
    assert find(felt.table, "pile-discard").content.label == "Discard pile, 5 cards"


def test_a_blocked_pile_shows_its_mark() -> None:
    felt, _, _ = draw(samba((2, 2), 10))
    mark = find(felt.table, "pile-mark-pile")
    assert mark is not None and mark.content.value == "Blocked"
    assert "Blocked" in find(felt.table, "pile-pile").content.label


def test_melds_tap_as_the_meld_and_say_their_cards() -> None:
    scene = samba((2, 2), 10)
    felt, taps, _ = draw(scene)
    meld = scene.sides[0].groups[0]
    hit = find(felt.table, f"hit-group:{meld.key}")
    click(hit.content)  # anywhere over the meld: its cards, its label
    assert taps == [(meld.tap, f"group:{meld.key}")]
    assert not tappable(felt.cards[meld.cards[-1].id])
    words = hit.content.content.semantics_label
    assert words.startswith("4♠ 4♥ 4♦") and words.endswith("can be tapped now")


def test_a_crowded_table_draws_each_meld_as_one_card_with_its_count() -> None:
    scene = samba((12, 12), 25, sizes=(3, 7, 11, 4))
    felt, taps, _ = draw(scene, size=frame(360, 640, 2).table)
    meld = scene.sides[0].groups[1]  # seven cards, a canasta
    chip = find(felt.table, f"chip-{meld.key}")
    assert chip is not None and not any(f.id in felt.cards for f in meld.cards)
    spans = chip.content.spans
    assert spans[0].text == "5" and spans[1].text.strip() == "×7"
    assert chip.border.top.color == "#1B1B1B"  # a mixed canasta's black edge
    assert chip.content.semantics_label.startswith("Canasta (mixed): 5♠")
    lit = scene.sides[0].groups[2]
    assert find(felt.table, f"chip-{lit.key}").border.top.color == LIT
    click(chip)
    assert taps == [(meld.tap, f"group:{meld.key}")]


def test_the_seats_say_their_cards_and_points_with_their_words() -> None:
    felt, _, _ = draw(kartu_sama())
    chair = find(felt.table, "chair-2")
    assert find(chair, "backs-2").content.value == "7"
    assert find(chair, "score-2").value == "20 points"
    assert chair.content.label == "Computer 2, 7 cards, 20 points, Quick"
    assert find(felt.table, "dealer-3") is not None
    assert find(felt.table, "chair-0") is None  # one's own seat is at the prompt line
    me = find(felt.table, "me")
    assert find(me, "score-me").value == "0 points" and find(me, "backs-me").content.value == "7"
    assert me.content.label.startswith("You, 7 cards, 0 points, to play")


def spoken(text: ft.Text) -> str:
    return str(text.semantics_label or text.value or "")


def test_the_seat_to_play_glows_and_your_turn_is_said() -> None:
    felt, _, _ = draw(kartu_sama())
    prompt = find(felt.table, "felt-prompt")  # seat 0, Ana, is to play
    assert prompt.spans[0].text.strip() == "Your turn" and prompt.spans[0].style.bgcolor == LIT
    ring, me = find(felt.table, "turn-ring"), find(felt.table, "slot-me")
    assert ring.border.top.color == LIT and ring.shadow is not None and ring.opacity == 1
    assert around(ring, me)
    assert felt.stack.controls[0] is ring  # under the seats, and no tap stops on it
    assert ring.ignore_interactions
    others = replace(kartu_sama(), chairs=chairs(4, active=2))
    draw(others, felt)
    prompt = find(felt.table, "felt-prompt")
    assert [s.text for s in prompt.spans] == [others.prompt]
    assert find(felt.table, "turn-ring") is ring and around(ring, find(felt.table, "slot-chair:2"))
    assert not around(ring, find(felt.table, "slot-chair:1"))
    draw(replace(others, chairs=chairs(4, active=-1)), felt)
    assert ring.opacity == 0  # nobody to play: no glow


def around(ring: ft.Container, slot: ft.Container) -> bool:
    """Whether ``ring`` lies just around the seat in ``slot``."""
    seat = slot.content
    assert isinstance(seat, ft.Container)
    return (ring.left, ring.top, ring.width, ring.height) == (
        slot.left - RING, slot.top - RING, seat.width + 2 * RING, seat.height + 2 * RING)


def test_the_sort_button_asks_the_other_order() -> None:
    felt, _, orders = draw(kartu_sama())
    click(find(felt.table, "sort"))
    assert orders == ["rank"]
    assert find(felt.table, "sort").icon.semantics_label == "Sort by rank"
    assert find(felt.table, "sort").icon.color == ON_FELT  # seen on the felt, not dark red
    assert spoken(find(felt.table, "felt-prompt")).startswith("Your turn, Play a card")


def test_a_played_card_keeps_its_control_and_moves_to_the_pile() -> None:
    first = kartu_sama()
    felt, _, _ = draw(first)
    played = first.hand[0]
    control = felt.cards[played.id]
    listed = felt.stack.controls
    was = (control.left, control.top)
    pile = Pile("discard", "Discard pile", (Face("7H.p", "7H"), Face("8H.p", "8H"),
                                            Face(played.id, played.code)), 6)
    after = replace(first, chairs=chairs(4, active=1), piles=(first.piles[0], pile),
                    hand=tuple(replace(f, lit=False) for f in first.hand[1:]))
    felt.flush()
    felt, _, _ = draw(after, felt)
    assert felt.cards[played.id] is control and (control.left, control.top) != was
    assert control.animate_position is not None and control.animate_position.duration == 400
    assert felt.moving
    # no card new to the table: the list of its controls is the same, so the client builds
    # no card again; the played card and the cards whose look changed are sent on their own
    assert felt.stack.controls is listed
    assert id(felt.stack) not in felt.dirty and felt.dirty[id(control)] is control


def test_a_selection_changes_one_card_and_keeps_the_list() -> None:
    scene = samba((5, 6), 14)
    felt, _, _ = draw(scene)
    felt.flush()
    listed = felt.stack.controls
    picked = scene.hand[7]
    after = replace(scene, hand=tuple(replace(f, chosen=True) if f is picked else f
                                      for f in scene.hand))
    felt, _, _ = draw(after, felt)
    assert felt.stack.controls is listed
    cards = [c for c in felt.dirty.values() if isinstance(c, CardBox)]
    assert cards == [felt.cards[picked.id]]
    assert felt.looks[picked.id].label == "8♣, selected"


def test_a_card_that_leaves_the_table_is_hidden_where_it_lies() -> None:
    """The discard pile's oldest card shown drops off: its control stays where it was,
    invisible, untappable and unsaid, until the list changes anyway."""
    first = kartu_sama()
    felt, _, _ = draw(first)
    old = felt.cards["7H.p"]
    pile = Pile("discard", "Discard pile", (Face("8H.p", "8H"),), 6)
    felt, _, _ = draw(replace(first, piles=(first.piles[0], pile)), felt)
    assert old in felt.stack.controls and old.opacity == 0 and not tappable(old)
    assert old.ignore_interactions


def test_a_drawn_card_starts_on_the_draw_pile() -> None:
    first = kartu_sama()
    felt, _, _ = draw(first)
    pile = felt.places["pile:draw"]
    new = Face("8D.h9", "8D", tap="c:8D.h9", lit=True, new=True)
    after = replace(first, hand=(*first.hand, new),
                    piles=(replace(first.piles[0], count=29), first.piles[1]))
    felt, _, _ = draw(after, felt)
    card = felt.cards["8D.h9"]
    pile = felt.places["pile:draw"]  # where the pile lies now
    assert (card.left, card.top) == pile[:2]  # shown first where it comes from...
    assert felt.moving and felt.launching and felt.stack.controls.count(card) == 1
    assert card.border.top.color == LIT
    placed = layout(after, *SIZE)
    assert felt.launch() == [] or True  # not on a page: nothing to send
    assert (card.left, card.top) == placed.poses["8D.h9"][:2]  # ...then sent on its way
    assert not felt.launching
    felt2, _, _ = draw(first, speed=0)
    felt2, _, _ = draw(after, felt2, speed=0)
    assert not felt2.moving and felt2.cards["8D.h9"].animate_position is None


def test_a_card_another_seat_plays_travels_face_up() -> None:
    """A child sees what was played: the card comes from the seat that played it with its
    face up all the way."""
    first = replace(kartu_sama(), chairs=chairs(4, active=2))
    felt, _, _ = draw(first)
    pile = Pile("discard", "Discard pile", (Face("7H.p", "7H"), Face("8H.p", "8H"),
                                            Face("QS.x", "QS")), 6)
    after = replace(first, chairs=chairs(4, active=3), piles=(first.piles[0], pile))
    felt, _, _ = draw(after, felt)
    card = felt.cards["QS.x"]
    assert (card.left, card.top) == felt.places["chair:2"][:2] and felt.launching
    assert card.bgcolor != BACK and label(card) == "Q♠"


def test_a_hint_marks_its_card_and_pile() -> None:
    scene = replace(kartu_sama(), hinted=("draw",))
    felt, _, _ = draw(scene)
    hit = find(felt.table, "hit-pile:draw")
    assert hit.content.content.semantics_label.endswith("suggested by the hint")
    assert felt.cards["back.draw"].border.top.color == HINT
    hinted = replace(kartu_sama(), hinted=(kartu_sama().hand[1].tap,))
    felt, _, _ = draw(hinted)
    card = felt.cards[kartu_sama().hand[1].id]
    assert card.border.top.color == HINT and label(card).endswith("suggested by the hint")


def test_a_pile_that_can_be_drawn_from_is_outlined_on_its_back() -> None:
    lit = card_face(Face("draw", lit=True), (60, 84), "pile")
    plain = card_face(Face("draw"), (60, 84), "pile")
    assert lit.border.top.color == LIT and plain.border.top.color != LIT


def test_a_card_lit_or_chosen_keeps_its_print() -> None:
    """Selecting a card changes its edge and its name, not its print: the print is sent again
    only when the card or its size changes."""
    scene = samba((2, 2), 8)
    felt, _, _ = draw(scene)
    face = scene.hand[6]
    card = felt.cards[face.id]
    print_ = printed(card)
    after = replace(scene, hand=tuple(replace(f, chosen=True) if f is face else f
                                      for f in scene.hand))
    felt, _, _ = draw(after, felt)
    assert felt.cards[face.id] is card and printed(card) is print_
    assert print_.semantics_label.endswith("selected") and card.border.top.color != LIT
    felt, _, _ = draw(after, felt, stamp="0.2")  # the next state: a new tap layer
    assert printed(card) is not print_ and tappable(card)


# -- the screen ----------------------------------------------------------------------------------
def test_the_screen_has_the_buttons_the_message_line_and_the_log() -> None:
    scene = samba((3, 3), 10)
    felt, taps, _ = draw(scene)
    logs: list[int] = []
    shape = frame(400, 850, len(scene.buttons))
    view = felt_view(T, "/play/x", "Samba", felt.table, frame=shape, buttons=scene.buttons,
                     on_tap=lambda k, w: taps.append((k, w)),
                     line=Line("5♥ does not match 9♥.", "refusal"),
                     log=[Entry("Computer 2: plays 7♥", "Round 2")],
                     on_log=lambda: logs.append(1), on_back=lambda: None,
                     on_undo=lambda: None, on_redo=lambda: None, can_undo=True)
    assert isinstance(view, ft.View)
    click(find(view, "button-b:meld"))
    click(find(view, "button-b:finish"))
    click(find(view, "last-moves"))
    assert taps == [("b:meld", "button:b:meld"), ("b:finish", "button:b:finish")]
    assert logs == [1]
    assert find(view, "message").value == "5♥ does not match 9♥."
    assert find(view, "message-line").bgcolor == ft.Colors.ERROR_CONTAINER
    assert find(view, "undo").icon.semantics_label == "Undo my move"
    assert find(view, "redo").disabled and find(view, "back").icon.semantics_label == "Back"
    assert find(view, "title").value == "Samba"


@pytest.mark.parametrize("kind", ["hint", "refusal", "note"])
def test_a_message_the_phone_cuts_opens_whole_above_the_last_moves(kind: str) -> None:
    """On a phone the last moves are an icon (named), leaving the message most of the line;
    a tap on its words opens the sheet, the whole message first, then the last moves."""
    long = "Play 8♥: it sheds 8 points and leaves 2 cards that follow it. " * 3
    logs: list[int] = []
    line = message_line(T, Line(long, kind), lambda: logs.append(1))
    click(find(line, "message-whole"))
    click(find(line, "last-moves"))
    assert logs == [1, 1]
    assert find(line, "last-moves").icon.semantics_label == "Last moves"
    assert find(line, "message").max_lines == 2
    sheet = log_sheet(T, [Entry("Ana: plays 5♥", "Round 1")], Line(long, kind))
    assert find(sheet, "sheet-message").value == long
    assert find(sheet, "sheet-message").max_lines is None
    assert find(sheet, "sheet-line").bgcolor == find(line, "message-line").bgcolor
    assert find(sheet, "log-0").value == "Ana: plays 5♥"


def test_a_move_or_a_wide_window_has_nothing_to_open() -> None:
    """The last move is short and already in the log; a wide window shows every word."""
    move = message_line(T, Line("Ana: plays 5♥"), lambda: None)
    assert find(move, "message-whole") is None and find(move, "last-moves") is not None
    wide = message_line(T, Line("A hint.", "hint"), None)
    assert find(wide, "message-whole") is None and find(wide, "last-moves") is None
    assert find(log_sheet(T, [], Line("Ana: plays 5♥")), "sheet-line") is None


def test_the_last_moves_are_newest_first_under_their_round() -> None:
    entries = [Entry("Ana: plays 5♥", "Round 2"), Entry("Computer 1: draws 2"),
               Entry("Computer 3: plays K♠", "Round 1")]
    lines = log_lines(T, entries)
    texts = [find(c, "log-0") for c in lines]
    assert find(lines[0], "log-round-0") is lines[0] and lines[1].value == "Ana: plays 5♥"
    assert lines[3].key == "log-round-2" and lines[4].value == "Computer 3: plays K♠"
    assert texts is not None
    sheet = log_sheet(T, [])
    assert find(sheet, "log-none").value == "No moves yet."


def test_a_wide_window_keeps_the_last_moves_beside_the_table() -> None:
    scene = kartu_sama()
    felt, _, _ = draw(scene)
    shape = frame(1280, 800, 1)
    assert shape.wide and shape.rows == 0
    view = felt_view(T, "/play/x", "Kartu Sama", felt.table, frame=shape,
                     buttons=(Button("keep", "Keep"),), on_tap=lambda k, w: None,
                     line=Line("Ana: plays 5♥"), log=[Entry("Ana: plays 5♥", "Round 1")],
                     on_log=lambda: None, on_back=lambda: None)
    assert find(view, "side-log") is not None and find(view, "last-moves") is None
    assert find(view, "side-log-0").value == "Ana: plays 5♥"
    narrow = felt_view(T, "/play/x", "Kartu Sama", felt.table, frame=frame(400, 850, 1),
                       buttons=(), on_tap=lambda k, w: None, line=Line(""), log=[],
                       on_log=lambda: None, on_back=lambda: None)
    assert not find(narrow, "side").visible and find(narrow, "last-moves") is not None
    # the same shape on both: the table's parent is the same control (never moved)
    assert find(view, "main") is not None and find(narrow, "main") is not None


def test_an_app_bar_button_is_drawn_anew_for_each_state_unless_disabled() -> None:
    """Undo drawn for the next state is a new control (a second tap of a double tap lands on
    a control gone); redo, disabled in both, is the same control: nothing can tap it, and
    nothing of it is sent again."""
    felt, _, _ = draw(kartu_sama())
    screen = FeltScreen()
    undos: list[int] = []

    def show(stamp: str) -> ft.View:
        return screen.show(T, "/play/x", "Kartu Sama", felt.table, frame=frame(400, 850, 0),
                           buttons=(), on_tap=lambda k, w: None, line=Line(""), log=[],
                           on_log=lambda: None, on_back=lambda: None,
                           on_undo=lambda: undos.append(1), on_redo=lambda: None,
                           can_undo=True, can_redo=False, stamp=stamp)

    view = show("0.1")
    undo, redo = find(view, "undo@0.1"), find(view, "redo@off")
    assert undo is not None and redo is not None and redo.disabled
    view = show("0.2")
    assert find(view, "undo@0.2") is not undo and find(view, "undo@0.1") is None
    assert find(view, "redo@off") is redo
    click(find(view, "undo@0.2"))
    assert undos == [1]


@pytest.mark.parametrize("kind", ["move", "refusal", "hint", "note"])
def test_each_message_has_its_own_line(kind: str) -> None:
    felt, _, _ = draw(kartu_sama())
    view = felt_view(T, "/play/x", "Kartu Sama", felt.table, frame=frame(400, 850, 0),
                     buttons=(), on_tap=lambda k, w: None, line=Line("Said.", kind), log=[],
                     on_log=lambda: None, on_back=lambda: None)
    line = find(view, "message-line")
    assert find(line, "message").value == "Said." and line.height == 40


def test_what_changed_on_a_card_is_sent_even_when_the_list_changes() -> None:
    """A card's new print and paper are sent with the card itself, before the stack whose
    list changed: the stack's diff would take them as seen without sending them (the card is
    isolated), and the card would keep its old look and place on the screen."""
    import msgpack  # type: ignore[import-untyped]
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    first = kartu_sama()
    felt, _, _ = draw(first)
    root = ft.Column()
    msgpack.packb(root, default=configure_encode_object_for_msgpack(BaseControl))  # sent
    root.controls.append(felt.table)  # the table shown: added (and sent whole)
    ObjectPatch.from_diff(root, root, control_cls=BaseControl)
    assert felt.table.parent is root
    felt.flush()
    moved = first.hand[0]
    new = Face("8D.h9", "8D", tap="c:8D.h9", lit=True, new=True)  # a card new to the table
    after = replace(first, hand=(*first.hand[1:], replace(moved, lit=False), new))
    felt, _, _ = draw(after, felt, stamp="0.2")
    sent = felt.flush()
    card = felt.cards[moved.id]
    assert felt.stack in sent and card in sent
    ops: dict[int, list[str]] = {}
    for control in sent:  # each patch computed in the order sent, as the page does
        patch, _added, _removed = ObjectPatch.from_diff(control, control,
                                                        control_cls=BaseControl)
        ops[id(control)] = [str(op) for op in patch.to_message()]
    assert any("'border'" in op for op in ops[id(card)])  # its paper: no longer lit
    assert any("'left'" in op for op in ops[id(card)])  # its place
    assert card.border.top.color != LIT


def test_a_card_no_longer_playable_sends_what_is_said_of_it() -> None:
    """A card no longer playable keeps its tap layer (nothing new to send) and asks why when
    tapped; what it is said to be is sent, so that a screen reader stops saying "can be
    tapped now"."""
    scene = kartu_sama()
    lit = scene.hand[0]
    some = replace(scene, hand=(lit, *(replace(f, lit=False, tap="", why="No")
                                       for f in scene.hand[1:])))
    felt, send = Felt(), sender()
    whys: list[str] = []

    def show(shown: Scene, stamp: str) -> list[ft.Control]:
        felt.show(shown, *SIZE, on_tap=lambda k, w: None, t=T, stamp=stamp,
                  on_why=whys.append)
        return felt.flush()

    show(some, "0.1")
    root = page_of(felt)  # held: the table's parent is known by a weak reference
    send(root)
    layer = felt.cards[lit.id].content
    sent = show(replace(some, hand=(replace(lit, lit=False), *some.hand[1:])), "1.2")
    assert felt.cards[lit.id].content is layer and felt.cards[lit.id] in sent
    assert any("'semantics_label', 'A♠'" in send(c) for c in sent)
    click(felt.cards[lit.id])
    assert whys == [lit.tap]


def sender() -> Callable[[ft.BaseControl], str]:
    """What sends a control's patch as the page does: encoded (which keeps what was sent,
    for the next diff); the patch, in words."""
    import msgpack  # type: ignore[import-untyped]
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    encode = configure_encode_object_for_msgpack(BaseControl)

    def send(control: ft.BaseControl) -> str:
        message = ObjectPatch.from_diff(control, control, control_cls=BaseControl)[0]
        msgpack.packb(message.to_message(), default=encode)
        return str(message.to_message())

    return send


def page_of(felt: Felt) -> ft.Column:
    """A page (a column) that was sent, the felt's table then added to it."""
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    root = ft.Column()
    msgpack.packb(root, default=configure_encode_object_for_msgpack(BaseControl))
    root.controls.append(felt.table)
    return root


def test_a_seat_lit_or_changed_is_sent_whole_and_said() -> None:
    """The turn passing moves the glow and changes the seat's words in place (its drawing
    untouched); a seat whose cards change is drawn again, and both are sent."""
    first = kartu_sama()
    felt, _, _ = draw(first)
    send = sender()
    root = page_of(felt)  # held: the table's parent is known by a weak reference
    send(root)
    felt.flush()

    def sent(scene: Scene, stamp: str) -> str:
        draw(scene, felt, stamp=stamp)
        return " ".join(send(c) for c in felt.flush())

    seat = find(felt.table, "chair-1")
    body = seat.content.content
    turned = replace(first, chairs=tuple(replace(c, active=c.seat == 1) for c in first.chairs))
    patches = sent(turned, "0.2")
    assert find(felt.table, "chair-1") is seat and seat.content.content is body
    assert "to play" in seat.content.label and "Computer 1, 7 cards, 10 points, Quick, to play" \
        in patches
    ring = find(felt.table, "turn-ring")
    assert around(ring, find(felt.table, "slot-chair:1"))
    assert f"'left', {ring.left}" in patches or f"'top', {ring.top}" in patches  # it moved
    fewer = replace(turned, chairs=tuple(replace(c, cards=3) if c.seat == 1 else c
                                         for c in turned.chairs))
    patches = sent(fewer, "0.3")
    assert find(felt.table, "backs-1").content.value == "3"
    assert "'value', '3'" in patches and "3 cards" in patches
    assert "to play" in find(felt.table, "chair-1").content.label


def test_a_card_still_where_it_came_from_goes_on_when_the_table_is_drawn_again() -> None:
    """A tap drawn before a new card was sent on its way: the next drawing sends it on."""
    first = kartu_sama()
    felt, _, _ = draw(first)
    new = Face("8D.h9", "8D", tap="c:8D.h9", lit=True, new=True)
    after = replace(first, hand=(*first.hand, new),
                    piles=(replace(first.piles[0], count=29), first.piles[1]))
    felt, _, _ = draw(after, felt)
    card = felt.cards["8D.h9"]
    assert felt.launching and (card.left, card.top) == felt.places["pile:draw"][:2]
    felt, _, _ = draw(after, felt, stamp="0.2")  # drawn again before it left
    assert (card.left, card.top) == felt.places["8D.h9"][:2] and id(card) in felt.dirty


def test_a_seat_shows_its_score_and_tally_each_whole_on_its_own_line() -> None:
    """Sums tallies the cards removed: beside the points in one line they were cut in a
    seat's width; each has its line, the computer's level only spoken then."""
    scene = sums()
    chairs = tuple(replace(c, tally="1 removed", score="8 points", level="Quick")
                   if c.seat != scene.seat else c for c in scene.chairs)
    felt, _, _ = draw(replace(scene, chairs=chairs))
    seat = next(c.seat for c in chairs if c.seat != scene.seat)
    assert find(felt.table, f"score-{seat}").value == "8 points"
    assert find(felt.table, f"tally-{seat}").value == "1 removed"
    assert find(felt.table, f"note-{seat}") is None
    assert "Quick" in find(felt.table, f"chair-{seat}").content.label


def test_a_long_prompt_gets_smaller_words_to_show_whole() -> None:
    """Each felt prompt of every language, "Your turn" before it, fits the two lines of a
    400 px phone at the size chosen for it (the longest French and Indonesian were cut)."""
    import re
    from pathlib import Path

    from views.felt import SORT_W, fit

    room = 380.0 - 96.0 - SORT_W  # the prompt line less one's own seat and the sort button
    for folder in Path("app/locale").iterdir():
        shared = (folder / "LC_MESSAGES" / "meja.po").read_text(encoding="utf-8")
        turn = re.search(r'msgid "felt.your_turn"\nmsgstr "([^"]+)"', shared)
        assert turn is not None
        for po in (folder / "LC_MESSAGES").glob("*.po"):
            for key, words in re.findall(
                    r'msgid "([a-z_]+\.felt\.[a-z_.]+)"\nmsgstr "([^"]*)"',
                    po.read_text(encoding="utf-8")):
                if any(x in key for x in ("goal", "hint", "why", "level", "removed")):
                    continue
                said = len(re.sub(r"\{\w+\}", "00", words)) + len(turn.group(1)) + 2
                size = fit(said, room, 2)
                assert said * size * 0.56 <= room * 2 * 0.9, (po, key, words)


def _changed(root: ft.Column) -> set[int]:
    """The places in ``root``'s list of the controls the page would send again now."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    patch, _added, _removed = ObjectPatch.from_diff(root, root, control_cls=BaseControl)
    message = patch.to_message()
    if not message:
        return set()
    tree = message[0][1].get("controls")  # [index, {place in the list: [index, ...]}]
    return set(tree[1]) if tree else set()


def test_a_styled_button_unchanged_sends_nothing_again() -> None:
    """Flet copies a styled button's style before each send: a plain FilledTonalButton sends
    it whole every time (each tap sent the home screen's nine styles under the card table);
    the app's buttons send it once, and again only when it changes."""
    import msgpack  # type: ignore[import-untyped]
    from flet.controls.base_control import BaseControl
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    from views.common import Tonal

    style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14))
    root = ft.Column([ft.FilledTonalButton("a", style=style), Tonal("b", style=style)])
    msgpack.packb(root, default=configure_encode_object_for_msgpack(BaseControl))
    _changed(root)
    assert _changed(root) == {0}  # Flet's own button: its style sent again; ours: nothing
    root.controls[1].style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=4))
    assert _changed(root) == {0, 1}


def test_a_card_is_equal_only_to_itself() -> None:
    """Flet's diff compares an isolated control with the one it sends by ``!=``: a card
    compares by identity (not its thousand fields), and two cards alike are two cards."""
    a, b = CardBox(key="card-1", left=1.0), CardBox(key="card-1", left=1.0)
    assert a == a and a != b and len({a, b}) == 2
