"""Samba's card table (app/presenters/samba.py): every legal move can be made by taps on it,
nothing lit is illegal, nobody sees another's hand, and the table says what to do."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.i18n import Translator
from app.presenters.base import Seating, View
from app.presenters.samba import SambaPresenter as Table
from models.cards import format_cards, parse_cards
from models.games import samba
from models.games.samba import (
    ADD,
    ASK,
    DISCARD,
    DRAW,
    FINISH,
    MELD_PHASE,
    RED3,
    START_GROUP,
    START_SEQ,
    TAKE_GROUP,
    Samba,
    determinize,
)
from views.felt_data import Scene

T = Translator("en")
NAMES = ("Siti", "Budi", "Dad", "Rina", "Eko", "Tari")
KINDS = ("person", "simple", "strong", "person", "person", "simple")
TABLE = Table(T)


def seating(players: int) -> Seating:
    return Seating(NAMES[:players], ("#123456",) * players, KINDS[:players], T)


def faces(scene: Scene) -> list[Any]:
    out = list(scene.hand)
    out += [f for p in scene.piles for f in p.top]
    out += [f for s in scene.sides for g in s.groups for f in g.cards]
    return out


def taps(scene: Scene) -> list[tuple[str, bool, str]]:
    """Every tap key on the scene, with whether it is lit and its why."""
    out = [(f.tap, f.lit, f.why) for f in scene.hand]
    out += [(p.tap, p.lit, p.why) for p in scene.piles if p.tap]
    out += [(g.tap, g.lit, g.why) for s in scene.sides for g in s.groups if g.tap]
    out += [(b.tap, True, "") for b in scene.buttons]
    return out


def play(players: int, seed: int, options: dict[str, Any], steps: int) -> Samba:
    state = samba.new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if state.is_over or not legal:
            break
        # takes and melds more often than finishing at once, to reach varied tables
        melds = [a for a in legal if TAKE_GROUP <= a < DISCARD]
        state.apply(rng.choice(melds if melds and rng.random() < 0.7 else legal))
    return state


def select(state: Samba, seat: int, codes: tuple[int, ...], view: View) -> View:
    """``view`` with ``codes`` selected by tapping them in the hand one by one (each lit)."""
    for code in codes:
        scene = TABLE.scene(state, seat, seating(state.players), view)
        face = next(f for f in scene.hand
                    if f.code == format_cards([code]) and f.id not in view.chosen)
        assert face.lit, (face, view.chosen)
        answer = TABLE.answer(state, seat, face.tap, view)
        assert answer.action is None and answer.chosen == view.chosen | {face.id}
        view = replace(view, chosen=answer.chosen)
    return view


def reach(state: Samba, seat: int, action: int, view: View) -> int | None:
    """The action the taps a person would make for ``action`` give."""
    words = state.action_words(action)
    scene = TABLE.scene(state, seat, seating(state.players), view)
    hand = {f.code: f for f in scene.hand}
    code, side = words.code, state.side[seat]
    if code == "discard" or (code == "meld" and len(words.cards) == 1):
        tap = hand[format_cards(words.cards)].tap
    elif code == "draw":
        tap = "stock"
    elif code == "take_pile":
        view = select(state, seat, words.cards, View(view.order))
        tap = "pile"
    elif code == "take_pile_seq":
        tap = f"q{side}.{words.n - 1}"
    elif code in ("meld", "meld_black3"):
        cards = words.cards or tuple(c for c in state.hands[seat] if c in samba.BLACK_THREES)
        view = select(state, seat, cards, View(view.order))
        scene = TABLE.scene(state, seat, seating(state.players), view)
        assert any(b.tap == "b:meld" for b in scene.buttons)
        tap = "b:meld"
    elif code in ("add_group", "add_seq"):
        view = select(state, seat, words.cards, View(view.order))
        tap = f"g{side}.{words.rank}" if code == "add_group" else f"q{side}.{words.n - 1}"
    else:
        tap = f"b:{code}"
        scene = TABLE.scene(state, seat, seating(state.players), view)
        assert tap in {b.tap for b in scene.buttons}, (tap, scene.buttons)
    return TABLE.answer(state, seat, tap, view).action


def check_table(state: Samba, seat: int, view: View) -> Scene:
    scene = TABLE.scene(state, seat, seating(state.players), view)
    ids = [f.id for f in faces(scene)]
    assert len(ids) == len(set(ids))
    legal = set(state.legal_actions()) if seat == state.current_player else set()
    for tap, on, why in taps(scene):
        answer = TABLE.answer(state, seat, tap, view)
        if on:
            # a pile taken in several ways says how to choose
            assert answer.action in legal or (answer.action is None and (
                answer.chosen is not None or (tap == "pile" and answer.why))), (tap, answer)
        else:
            assert answer.action is None and answer.chosen is None, (tap, answer)
            assert answer.why == why
    for face in scene.hand:
        assert face.lit or face.why
    if not legal:
        assert not any(on for _, on, _ in taps(scene)) and not scene.buttons
    return scene


options_st = st.fixed_dictionaries({
    "top_minimum": st.sampled_from([150, 160]),
    "first_dealer": st.integers(0, 1),
    "target": st.sampled_from([1000, 3000, 10000]),
})


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), options=options_st,
       steps=st.integers(0, 400), order=st.sampled_from(["suit", "rank"]))
def test_every_legal_move_is_a_tap_and_nothing_lit_is_illegal(
        players: int, seed: int, options: dict[str, Any], steps: int, order: str) -> None:
    state = play(players, seed, options, steps)
    seat = state.current_player
    if seat < 0:  # the game is over: nothing to do anywhere
        for other in range(-1, players):
            check_table(state, other, View(order))
        return
    view = View(order)
    check_table(state, seat, view)
    for action in state.legal_actions():
        assert reach(state, seat, action, view) == action, state.action_str(action)
    # with a few cards selected at random, the table still offers only legal moves
    rng = random.Random(seed)
    for _ in range(3):
        scene = TABLE.scene(state, seat, seating(players), view)
        cards = [f for f in scene.hand if f.lit]
        if not cards:
            break
        answer = TABLE.answer(state, seat, rng.choice(cards).tap, view)
        if answer.chosen is None:
            break
        view = replace(view, chosen=answer.chosen)
        check_table(state, seat, view)
    for other in range(-1, players):
        if other != seat:
            check_table(state, other, View(order))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 300),
       watcher=st.integers(-1, 5))
def test_the_table_shows_only_what_the_seat_may_see(
        players: int, seed: int, steps: int, watcher: int) -> None:
    state = play(players, seed, {}, steps)
    seat = min(watcher, players - 1)
    scene = TABLE.scene(state, seat, seating(players), View())
    # the same table when every hidden card is dealt again
    other = determinize(state, max(seat, 0), random.Random(seed))
    assert TABLE.scene(other, seat, seating(players), View()) == scene
    obs = state.observation(max(seat, 0))
    shown = Counter(f.code for f in scene.hand)
    assert shown == (Counter(format_cards([c]) for c in obs.hand) if seat >= 0 else Counter())
    melded = Counter(f.code for s in scene.sides for g in s.groups for f in g.cards)
    assert melded == Counter(format_cards([c]) for m in obs.melds for cards in m for c in cards)
    assert tuple(c.cards for c in scene.chairs) == obs.hand_sizes
    if seat < 0:
        assert not scene.hand and not scene.buttons
        turn = state.current_player
        assert scene.prompt == (f"{NAMES[turn]}'s turn" if turn >= 0 else "")


# -- hand-made tables ----------------------------------------------------------------------


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def rigged(hand: str, seat: int = 1, players: int = 4) -> Samba:
    """A fresh game (seat 1 to draw) with ``hand`` in the hand of ``seat``."""
    state = Samba(players, 7)
    assert state.current_player == 1
    state.hands[seat] = cards(hand)
    state.cnt[seat] = [0] * 53
    for c in state.hands[seat]:
        state.cnt[seat][c] += 1
    return state


def test_a_red_three_is_asked_for_first_and_laid_by_a_tap() -> None:
    state = rigged("3H 5S 5H 5D 9C KC QD")
    state.pile = cards("8C")
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.prompt == "Tap the stock to draw two, or the pile; then lay your red 3"
    assert not scene.hand[0].lit
    state.apply(DRAW)
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.prompt == "Lay your red 3: tap it (750 off if kept to the end)"
    red = scene.hand[0]
    assert red.code == "3H" and red.lit
    assert TABLE.answer(state, 1, red.tap, View()).action == RED3


def test_the_pile_blocked_by_a_wild_card_says_so() -> None:
    state = rigged("5S 5H 9C KC QD")
    state.pile = cards("7C 2S")
    scene = TABLE.scene(state, 1, seating(4), View())
    pile = next(p for p in scene.piles if p.key == "pile")
    assert pile.mark == "Blocked" and not pile.lit and pile.count == 2
    assert pile.why == "The pile is blocked: 2♠ lies on top"
    assert [f.code for f in pile.top] == ["2S"]
    assert scene.prompt == "Tap the stock to draw two"


def test_the_pile_is_taken_with_the_two_naturals_selected() -> None:
    state = rigged("9S 9H 9D KC QD")
    state.pile = cards("4C 9C")
    view = View()
    scene = TABLE.scene(state, 1, seating(4), view)
    assert scene.prompt == "Tap the stock to draw two, or take the pile"
    pile = next(p for p in scene.piles if p.key == "pile")
    assert pile.lit
    first = TABLE.answer(state, 1, "pile", view)
    assert first.action is None and first.why.startswith("Select the two cards to meld with 9♣")
    view = select(state, 1, (int(parse_cards("9S")[0]), int(parse_cards("9D")[0])), view)
    action = TABLE.answer(state, 1, "pile", view).action
    assert action is not None and action >= TAKE_GROUP
    assert state.action_words(action).cards == tuple(cards("9S 9D"))
    scene = TABLE.scene(state, 1, seating(4), view)
    assert [f.code for f in scene.hand if f.chosen] == ["9S", "9D"]


def test_a_first_meld_shows_its_minimum_and_what_is_selected() -> None:
    state = rigged("KS KH KD 5C 9C QD 7H 3S")
    state.pile = cards("4C")
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("KS KH")), View())
    scene = TABLE.scene(state, 1, seating(4), view)
    assert scene.note == "Needs 50 · selected 20"
    mine = scene.sides[1]
    assert mine.label == "Budi & Rina" and mine.note == "Needs 50 · selected 20"
    assert scene.sides[0].label == "Siti & Dad" and scene.sides[0].note == "First meld: 50"
    assert not any(b.tap == "b:meld" for b in scene.buttons)
    view = select(state, 1, tuple(cards("KD")), view)
    scene = TABLE.scene(state, 1, seating(4), view)
    meld = next(b for b in scene.buttons if b.tap == "b:meld")
    assert meld.label == "Meld K♠ K♥ K♦" and meld.primary
    assert scene.prompt == "Tap Meld to lay the cards selected"
    answer = TABLE.answer(state, 1, "b:meld", view)
    assert answer.action is not None and START_GROUP <= answer.action < ADD
    assert answer.chosen == frozenset()
    state.apply(answer.action)
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.note == "Needs 50 · melded 30 · selected 0"
    partner = TABLE.scene(state, 3, seating(4), View())
    assert partner.sides[1].note == "Needs 50 · melded 30" and partner.note == ""
    assert partner.sides[0].note == "First meld: 50"
    assert [f.code for f in scene.sides[1].groups[0].cards] == ["KS", "KH", "KD"]
    # the 5♣ fits no meld: it is not lit and says why
    five = next(f for f in scene.hand if f.code == "5C")
    assert not five.lit and five.why == "No meld takes 5♣ now"
    black = TABLE.answer(state, 1, "c:3S.0", View())
    assert black.action is None and black.why == (
        "Black 3s are melded only by the player going out, all together")


def test_a_card_selected_is_added_by_a_tap_on_the_meld() -> None:
    state = rigged("KS 5C 9C QD 7H 8H")
    state.groups[1][12] = cards("KH KD KC")
    state.nmelds[1] = 1
    state.opened[1] = True
    state.apply(DRAW)
    view = View()
    key = "g1.12"
    assert TABLE.answer(state, 1, key, view).why == (
        "Select the cards to add in your hand, then tap the meld")
    view = select(state, 1, tuple(cards("KS")), view)
    group = next(g for g in TABLE.scene(state, 1, seating(4), view).sides[1].groups
                 if g.key == key)
    assert group.lit
    answer = TABLE.answer(state, 1, key, view)
    assert answer.action == ADD + 12 * 53 + cards("KS")[0]


def test_canastas_and_sambas_are_marked_pure_or_mixed() -> None:
    state = rigged("5C 9C QD 7H 8H")
    state.groups[0][12] = cards("KH KD KC KS KH KD KC")
    state.groups[0][11] = cards("QH QD QC QS QH QD 2C")
    state.seqs[0] = [[1, 0, 6]]  # 4♥ to 10♥
    state.red3[0] = cards("3D")
    state.opened[0] = True
    scene = TABLE.scene(state, 1, seating(4), View())
    labels = {g.key: g.label for g in scene.sides[0].groups}
    assert labels == {"g0.12": "Canasta (pure)", "g0.11": "Canasta (mixed)",
                      "q0.0": "Samba · closed", "r0": "Red 3s"}
    assert scene.sides[0].note == "May go out"
    assert not any(g.lit or g.tap for g in scene.sides[0].groups)  # the other side's melds


def test_the_partner_answers_with_buttons() -> None:
    state = rigged("5C 9C QD 7H 8H KS")
    state.big[1] = 2
    state.opened[1] = True
    state.apply(DRAW)
    assert state.phase == MELD_PHASE and ASK in state.legal_actions()
    assert "b:ask" in {b.tap for b in TABLE.scene(state, 1, seating(4), View()).buttons}
    state.apply(ASK)
    scene = TABLE.scene(state, 3, seating(4), View())
    assert scene.prompt == "Budi asks: may I go out?"
    assert [b.label for b in scene.buttons] == ["Yes, go out", "No, do not go out"]
    assert scene.chairs[1].note == "Asks: may I go out?"
    waiting = TABLE.scene(state, 1, seating(4), View())
    assert waiting.prompt == "Waiting for Rina's answer" and not waiting.buttons
    assert TABLE.answer(state, 3, "c:" + scene.hand[0].id, View()).why == (
        "Answer your partner first")
    state.apply(TABLE.answer(state, 3, "b:yes", View()).action or -1)
    assert TABLE.scene(state, 1, seating(4), View()).prompt == (
        "Partner said yes: go out (meld all, or discard the last)")


def test_discarding_is_a_tap_on_a_card() -> None:
    state = rigged("5C 9C QD 7H 8H KS")
    state.apply(DRAW)
    state.apply(FINISH)
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.prompt == "Tap a card to discard"
    assert all(f.lit for f in scene.hand) and not scene.buttons
    chairs = scene.chairs
    assert chairs[1].active and chairs[1].level == "Quick" and chairs[0].level == ""


@pytest.mark.parametrize("order", ["suit", "rank"])
def test_the_hand_is_sorted_red_threes_first_and_wild_cards_last(order: str) -> None:
    state = rigged("2C JK 5H 3D 5S AS 4S")
    codes = [f.code for f in TABLE.scene(state, 1, seating(4), View(order)).hand]
    assert codes[0] == "3D" and set(codes[-2:]) == {"2C", "JK"}
    assert codes[1:-2] == (["4S", "5S", "AS", "5H"] if order == "suit" else
                           ["4S", "5S", "5H", "AS"])


def test_the_pile_is_taken_onto_a_sequence_by_a_tap() -> None:
    state = rigged("9C KC QD 5S")
    state.seqs[1] = [[1, 0, 2]]  # 4♥ 5♥ 6♥
    state.nmelds[1] = 1
    state.opened[1] = True
    state.pile = cards("4C 7H")
    take = state.legal_actions()[1]
    assert state.action_words(take).code == "take_pile_seq"
    scene = TABLE.scene(state, 1, seating(4), View())
    seq = next(g for g in scene.sides[1].groups if g.key == "q1.0")
    assert seq.lit and [f.code for f in seq.cards] == ["4H", "5H", "6H"]
    assert TABLE.answer(state, 1, "q1.0", View()).action == take
    assert TABLE.answer(state, 1, "pile", View()).action == take  # the only way


def test_the_stock_run_out_stops_by_a_button() -> None:
    state = rigged("9S 9H KC QD")
    state.pile = cards("4C 9C")
    state.stock = []
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.prompt == "The stock is empty: take the pile, or stop"
    stock = next(p for p in scene.piles if p.key == "stock")
    assert not stock.lit and stock.count == 0 and stock.why == "The stock is empty"
    stop = next(b for b in scene.buttons if b.tap == "b:stop_stock")
    assert stop.label == "Stop: the stock is empty"
    for action in state.legal_actions():
        assert reach(state, 1, action, View()) == action


def test_the_black_threes_go_out_by_selecting_them() -> None:
    state = rigged("3S 3C 3S")
    state.big[1] = 2
    state.opened[1] = True
    state.phase = MELD_PHASE
    black = next(a for a in state.legal_actions() if state.action_words(a).code == "meld_black3")
    for action in state.legal_actions():
        assert reach(state, 1, action, View()) == action
    view = select(state, 1, tuple(cards("3S 3S 3C")), View())
    assert TABLE.answer(state, 1, "b:meld", view).action == black


def test_several_cards_selected_go_on_a_meld_with_one_tap() -> None:
    state = rigged("KS KS 5C 9C QD 7H")
    state.groups[1][12] = cards("KH KD KC")
    state.nmelds[1] = 1
    state.opened[1] = True
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("KS KS")), View())
    answer = TABLE.answer(state, 1, "g1.12", view)
    assert answer.actions == (ADD + 12 * 53 + cards("KS")[0],) * 2
    for action in answer.actions:
        state.apply(action)
    assert answer.chosen == frozenset()
    assert len(state.groups[1][12]) == 5


def test_melds_below_the_minimum_ask_for_more_or_taking_them_back() -> None:
    state = rigged("KS KH KD 5C 9C QD 7H")
    state.pile = cards("4C")
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("KS KH KD")), View())
    answer = TABLE.answer(state, 1, "b:meld", view)
    assert answer.action is not None
    state.apply(answer.action)
    scene = TABLE.scene(state, 1, seating(4), View())
    assert scene.prompt == "Melded 30 of 50: meld more, or take them back"
    words = {b.tap: b.label for b in scene.buttons}
    assert words["b:cancel"] == "Take the melds back" and "b:finish" not in words
    state.apply(TABLE.answer(state, 1, "b:cancel", View()).action or -1)
    scene = TABLE.scene(state, 1, seating(4), View())
    five = next(f for f in scene.hand if f.code == "5C")
    assert five.why == "After taking the melds back, only red 3s may be melded this turn."
    assert [f.code for f in scene.sides[1].groups] == []


def test_four_of_a_rank_are_melded_with_one_tap() -> None:
    """The Meld button names the four kings and lays all four: three as the new meld, the
    fourth added to it, one move."""
    state = rigged("KS KH KD KC 5C 9C QD")
    state.pile = cards("4C")
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("KS KH KD KC")), View())
    scene = TABLE.scene(state, 1, seating(4), view)
    assert scene.note == "Needs 50 · selected 40"
    meld = next(b for b in scene.buttons if b.tap == "b:meld")
    assert meld.label == "Meld K♠ K♥ K♦ K♣"
    answer = TABLE.answer(state, 1, "b:meld", view)
    assert len(answer.actions) == 2 and answer.action == answer.actions[0]
    laid = [c for a in answer.actions for c in state.action_words(a).cards]
    assert sorted(laid) == sorted(cards("KS KH KD KC"))
    for action in answer.actions:
        state.apply(action)
    assert answer.chosen == frozenset()
    assert sorted(state.groups[1][12]) == sorted(cards("KS KH KD KC"))


def test_a_meld_button_lays_exactly_the_cards_it_names() -> None:
    """Issue: "Meld 8♠ 8♥ 8♣ 8♣ JK★" laid 8♠ 8♥ 8♣ only (30 of the 50 needed). The button
    lays every card it names, in one move; a card that cannot go on the new meld is not named
    and stays selected."""
    state = rigged("8S 8H 8C 8C JK 5D 9C")
    state.pile = cards("4C")
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("8S 8H 8C 8C JK")), View())
    scene = TABLE.scene(state, 1, seating(4), view)
    meld = next(b for b in scene.buttons if b.tap == "b:meld")
    assert meld.label == "Meld 8♠ 8♥ 8♣ 8♣ JK★"
    answer = TABLE.answer(state, 1, "b:meld", view)
    laid = sorted(c for a in answer.actions for c in state.action_words(a).cards)
    assert laid == sorted(cards("8S 8H 8C 8C JK"))
    for action in answer.actions:
        state.apply(action)
    after = TABLE.scene(state, 1, seating(4), View())
    assert "b:finish" in {b.tap for b in after.buttons}  # 50 melded: done melding is offered


def test_a_run_is_selected_in_any_order() -> None:
    state = rigged("7H 4H 6H 5H 9C QD JS")
    state.pile = cards("4C")
    state.apply(DRAW)
    view = select(state, 1, tuple(cards("7H 4H 6H 5H")), View())
    answer = TABLE.answer(state, 1, "b:meld", view)
    assert answer.action is not None
    laid = state.action_words(answer.action).cards
    assert len(laid) == 3 and set(laid) < set(cards("4H 5H 6H 7H"))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_cards_just_come_into_the_hand_are_marked_new(players: int) -> None:
    """In random games: after a draw the two drawn, after taking the pile the cards that lay
    under its top (the top one is melded at once)."""
    checked = Counter[str]()
    for seed in range(10):
        state = samba.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.results) < 1:
            legal = state.legal_actions()
            takes = [a for a in legal if a >= TAKE_GROUP and a < DISCARD and a != DRAW]
            action = rng.choice(takes if takes and rng.random() < 0.8 else legal)
            seat = state.current_player
            came = state.pile[:-1] if TAKE_GROUP <= action < START_SEQ else state.stock[-2:]
            state.apply(action)
            if state.results or state.current_player != seat or state.phase != MELD_PHASE:
                continue
            scene = TABLE.scene(state, seat, seating(players), View())
            new = [f.code for f in scene.hand if f.new]
            if action == DRAW or TAKE_GROUP <= action < START_SEQ:
                assert Counter(new) == Counter(format_cards([c]) for c in came)
                checked["draw" if action == DRAW else "take"] += 1
            else:
                assert not new
    assert checked["take"] > 3 and checked["draw"] > 3, checked
