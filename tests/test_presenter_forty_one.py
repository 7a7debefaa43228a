"""41 at the card table: every legal move is a tap, nothing illegal is lit, and the table
shows a seat nothing of the others' hands."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from app.i18n import Translator
from app.presenters.base import Seating, View
from app.presenters.forty_one import FortyOnePresenter
from models.cards import parse_cards
from models.games import forty_one as fo
from models.games.forty_one import DRAW, END, STOP, TAKE
from tests import presenting
from tests.test_forty_one import rig
from views.felt_data import Scene

T = Translator("en")
SHOWN = settings(max_examples=100, deadline=None)
TABLE = FortyOnePresenter(T)


def seating(players: int, kinds: tuple[str, ...] = ()) -> Seating:
    return presenting.seating(players, T, kinds)


@st.composite
def states(draw: st.DrawFn) -> fo.FortyOne:
    """A match advanced by random legal moves, often past the end of a hand or the stock."""
    players = draw(st.integers(2, 8))
    options = {
        "first_dealer": draw(st.integers(0, players - 1)),
        "hands": draw(st.integers(1, 3)),
        "stop_threshold": draw(st.sampled_from([0, 0, 20, 30])),
        "instant_41": draw(st.booleans()),
        "redraw": draw(st.booleans()),
        "running_score": draw(st.booleans()),
    }
    state = fo.new_game(players, draw(st.integers(0, 2**32)), options)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 400))):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state



@SHOWN
@given(states())
def test_every_legal_move_is_a_lit_tap_and_every_lit_tap_a_legal_move(
        state: fo.FortyOne) -> None:
    assume(not state.is_over)
    presenting.every_move_a_tap(TABLE, state, seating(state.players))


@SHOWN
@given(states(), st.sampled_from(["suit", "rank"]))
def test_the_table_shows_what_the_seat_may_see_and_nothing_more(
        state: fo.FortyOne, order: str) -> None:
    seat = max(state.current_player, 0)
    view = View(order=order)
    scene = TABLE.scene(state, seat, seating(state.players), view)
    obs = state.observation(seat)
    assert sorted(parse_cards([f.code for f in scene.hand])) == sorted(obs.hand)
    tops = scene.piles[1].top
    assert [int(c) for c in parse_cards([f.code for f in tops])] == \
        (list(obs.discards[-len(tops):]) if tops else [])
    assert tuple(c.cards for c in scene.chairs) == obs.hand_sizes
    assert scene.piles[0].count == obs.stock
    ids = [f.id for f in scene.hand] + [f.id for p in scene.piles for f in p.top]
    assert len(ids) == len(set(ids))
    # the others' hands and the stock dealt again: the same table
    again = fo.determinize(state, seat, random.Random(len(state.actions)))
    assert TABLE.scene(again, seat, seating(state.players), view) == scene


@SHOWN
@given(states())
def test_nothing_is_lit_for_a_seat_not_to_act_or_the_public_table(state: fo.FortyOne) -> None:
    scenes = presenting.nothing_lit_for_others(TABLE, state, seating(state.players))
    for scene in scenes:
        assert all(p.why for p in scene.piles)
        assert scene.seat == state.current_player or not any(f.new for f in scene.hand)


@SHOWN
@given(states())
def test_without_help_nothing_is_lit_but_every_move_is_still_a_tap(state: fo.FortyOne) -> None:
    assume(not state.is_over)
    presenting.every_move_without_help(TABLE, state, seating(state.players))


# -- hand-made tables ----------------------------------------------------------------------
def table(hands: list[str], stock: str = "", pile: str = "", empty: bool = False,
          **options: object) -> fo.FortyOne:
    """Seat 0 to act first, the hands, stock top and discards as written."""
    state = fo.new_game(len(hands), 3, options)
    rig(state, hands, stock=stock, pile=pile, empty=empty)
    return state


def see(state: fo.FortyOne, seat: int = 0, kinds: tuple[str, ...] = (),
        order: str = "suit") -> Scene:
    return TABLE.scene(state, seat, seating(state.players, kinds), View(order=order))


def code(text: str) -> int:
    return int(parse_cards(text)[0])


def test_the_first_turn_draws_from_the_stock_then_discards_the_card_tapped() -> None:
    state = table(["2S 3H 4D 5C", "6S 7H 8D 9C"], stock="KS")
    scene = see(state)
    assert scene.prompt == "Tap the stock to draw"
    stock, discard = scene.piles
    assert (stock.label, stock.lit, stock.tap) == ("Stock", True, "stock")
    assert not discard.lit and discard.why == (
        "There is no discard to take yet: draw from the stock.")
    assert not any(f.lit for f in scene.hand)
    assert scene.hand[0].why == "Draw from the stock or take the discard first."
    assert TABLE.answer(state, 0, "stock", View()).action == DRAW
    state.apply(DRAW)
    scene = see(state)
    assert scene.prompt == "Tap a card to discard"
    assert [(f.code, f.new, f.lit) for f in scene.hand] == [
        ("2S", False, True), ("KS", True, True), ("3H", False, True), ("5C", False, True),
        ("4D", False, True)]
    assert scene.piles[0].why == "Discard a card first."
    assert TABLE.answer(state, 0, "card:KS.0", View()).action == code("KS")
    state.apply(code("KS"))
    later = see(state, seat=1)
    assert later.prompt == "Tap the stock or the discard to draw"
    assert later.piles[1].lit and later.piles[1].top[-1].code == "KS"
    assert not any(f.new for f in later.hand)
    assert not any(f.new for f in see(state, seat=0).hand)  # the turn is over


def test_the_card_taken_from_the_discard_is_new_and_kept() -> None:
    state = table(["2S 3H 4D 5C", "6S 7H 8D 9C"], pile="QD")
    state.apply(TAKE)
    scene = see(state)
    assert [(f.code, f.new, f.lit) for f in scene.hand] == [
        ("2S", False, True), ("3H", False, True), ("5C", False, True), ("4D", False, True),
        ("QD", True, False)]
    assert scene.hand[4].why == "Q♦ was just taken from the discard: keep it."
    assert TABLE.answer(state, 0, "card:QD.0", View()).why == scene.hand[4].why
    again = table(["2S 3H 4D 5C", "6S 7H 8D 9C"], pile="QD", redraw=True)
    again.apply(TAKE)
    assert see(again).hand[4].lit


def test_four_of_a_suit_may_stop() -> None:
    state = table(["2S 3S 4S 5S", "6S 7H 8D 9C"], pile="QD")
    scene = see(state)
    assert scene.prompt == "Four of a suit: stop, or draw to play on"
    assert [(b.label, b.primary) for b in scene.buttons] == [("Stop: four of a suit", True)]
    assert TABLE.answer(state, 0, "stop", View()).action == STOP
    low = table(["2S 3S 4S 5S", "6S 7H 8D 9C"], pile="QD", stop_threshold=30)
    assert see(low).buttons == ()
    assert TABLE.answer(low, 0, "stop", View()).action is None


def test_an_empty_stock_offers_the_discard_or_the_end() -> None:
    state = table(["2S 3H 4D 5C", "6S 7H 8D 9C"], pile="QD", empty=True)
    scene = see(state)
    assert scene.prompt == "The stock is empty: take the discard or end play"
    assert scene.piles[0].top == () and scene.piles[0].count == 0
    assert scene.piles[0].why == "The stock is empty."
    assert [b.label for b in scene.buttons] == ["End play: the stock is empty"]
    assert TABLE.answer(state, 0, "end", View()).action == END


def test_others_see_the_table_without_moves() -> None:
    state = table(["2S 3H 4D 5C", "6S 7H 8D 9C", "10S JH QD KC"], pile="AD")
    state.apply(DRAW)
    scene = see(state, seat=1, kinds=("strong", "person", "simple"))
    assert scene.prompt == "P0 is thinking…"
    assert all(f.why == "Wait for your turn." for f in scene.hand)
    assert [c.level for c in scene.chairs] == ["Strong", "", "Quick"]
    assert [c.cards for c in scene.chairs] == [5, 4, 4] and scene.chairs[0].active
    assert see(state, seat=2).prompt == "P0 to play"
    assert see(state, seat=-1).hand == ()


def test_the_scores_are_the_tally_or_the_running_score() -> None:
    state = table(["2S 3H 4D 5C", "6S 7H 8D 9C"])
    state.wins, state.totals = [2, 1], [30, -12]
    assert [c.score for c in see(state).chairs] == ["2 wins", "1 win"]
    state.options = fo.Options(running_score=True)
    assert [c.score for c in see(state).chairs] == ["30 points", "-12 points"]


def test_the_hand_is_held_by_suit_or_by_rank() -> None:
    state = table(["AS 2H KS 2C", "6S 7H 8D 9C"])
    assert [f.code for f in see(state).hand] == ["KS", "AS", "2H", "2C"]
    assert [f.code for f in see(state, order="rank").hand] == ["2H", "2C", "KS", "AS"]
