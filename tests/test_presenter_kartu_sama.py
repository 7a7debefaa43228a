"""Kartu Sama at the card table: every legal move is a tap, nothing illegal is lit, and the
table shows a seat nothing of the others' hands."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from app.i18n import Translator
from app.presenters.base import Seating, View
from app.presenters.kartu_sama import KartuSamaPresenter
from models.cards import parse_cards
from models.games import kartu_sama as ks
from models.games.kartu_sama import DRAW, PASS
from tests import presenting
from views.felt_data import Scene

T = Translator("en")
SHOWN = settings(max_examples=100, deadline=None)
TABLE = KartuSamaPresenter(T)


def seating(players: int, kinds: tuple[str, ...] = ()) -> Seating:
    return presenting.seating(players, T, kinds)


@st.composite
def states(draw: st.DrawFn) -> ks.KartuSama:
    """A match advanced by random legal moves, often past the end of a round."""
    players = draw(st.integers(2, 5))
    options: dict[str, Any] = {
        "jokers": draw(st.booleans()),
        "short_pack": draw(st.booleans()),
        "packs": draw(st.integers(1, 2)),
        "hand_size": draw(st.integers(1, 7)),
        "may_draw": draw(st.booleans()),
        "play_after_draw": draw(st.booleans()),
        "reshuffle": draw(st.booleans()),
        "joker_follow": draw(st.sampled_from(ks.JOKER_FOLLOWS)),
        "mode": draw(st.sampled_from(ks.MODES)),
        "target": draw(st.integers(10, 60)),
        "first_dealer": draw(st.integers(0, players - 1)),
    }
    o = ks.Options(**options)
    assume(len(o.cards()) >= o.hand_size * players + 1)
    state = ks.new_game(players, draw(st.integers(0, 2**32)), options)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 300))):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state



@SHOWN
@given(states())
def test_every_legal_move_is_a_lit_tap_and_every_lit_tap_a_legal_move(
        state: ks.KartuSama) -> None:
    assume(not state.is_over)
    presenting.every_move_a_tap(TABLE, state, seating(state.players))


@SHOWN
@given(states(), st.sampled_from(["suit", "rank"]))
def test_the_table_shows_what_the_seat_may_see_and_nothing_more(
        state: ks.KartuSama, order: str) -> None:
    seat = max(state.current_player, 0)
    view = View(order=order)
    scene = TABLE.scene(state, seat, seating(state.players), view)
    obs = state.observation(seat)
    shown = sorted(parse_cards([f.code for f in scene.hand]))
    assert shown == sorted(obs.hand)
    assert [int(c) for c in parse_cards([f.code for f in scene.piles[1].top])] == \
        list(obs.discard[-len(scene.piles[1].top):])
    assert tuple(c.cards for c in scene.chairs) == obs.hand_sizes
    ids = [f.id for f in scene.hand] + [f.id for p in scene.piles for f in p.top]
    assert len(ids) == len(set(ids))
    # the others' hands and the draw pile dealt again: the same table
    again = ks.determinize(state, seat, random.Random(len(state.actions)))
    assert TABLE.scene(again, seat, seating(state.players), view) == scene


@SHOWN
@given(states())
def test_nothing_is_lit_for_a_seat_not_to_act_or_the_public_table(state: ks.KartuSama) -> None:
    presenting.nothing_lit_for_others(TABLE, state, seating(state.players))


@SHOWN
@given(states())
def test_without_help_nothing_is_lit_but_every_move_is_still_a_tap(state: ks.KartuSama) -> None:
    assume(not state.is_over)
    presenting.every_move_without_help(TABLE, state, seating(state.players))


# -- hand-made tables ----------------------------------------------------------------------
def table(hand: str, discard: str, *, players: int = 3, debt: int = 0, drawn: str = "",
          base: str = "", **options: Any) -> ks.KartuSama:
    """Seat 0 to act holding ``hand`` on ``discard`` (its top last)."""
    state = ks.new_game(players, 1, {"jokers": True, **options})
    state.hands[0] = sorted(int(c) for c in parse_cards(hand))
    state.discard = [int(c) for c in parse_cards(discard)]
    top = state.discard[-1]
    state.base = int(parse_cards(base)[0]) if base else ks.base_of(top)
    state.current, state.debt = 0, debt
    state.drawn = sorted(int(c) for c in parse_cards(drawn))
    state._legal = None
    return state


def see(state: ks.KartuSama, seat: int = 0, kinds: tuple[str, ...] = (),
        order: str = "suit") -> Scene:
    return TABLE.scene(state, seat, seating(state.players, kinds), View(order=order))


def test_matching_cards_are_lit_and_the_others_say_why() -> None:
    scene = see(table("7H 9S QH 2C", "9H"))
    assert scene.prompt == "Tap a card to play"
    assert [(f.code, f.lit) for f in scene.hand] == [
        ("9S", True), ("7H", True), ("QH", True), ("2C", False)]
    assert scene.hand[3].why == "2♣ does not match 9♥."
    draw, discard = scene.piles
    assert not draw.lit and draw.why == "A player who can play must play a card."
    assert discard.label == "Discard pile" and discard.top[-1].code == "9H"
    assert TABLE.answer(table("7H 9S QH 2C", "9H"), 0, "card:2C.0", View()).why == \
        "2♣ does not match 9♥."


def test_the_hand_is_held_by_suit_or_by_rank() -> None:
    state = table("AS 2H KS 2S JK 10D 3C", "5H")
    assert [f.code for f in see(state).hand] == ["2S", "KS", "AS", "2H", "3C", "10D", "JK"]
    assert [f.code for f in see(state, order="rank").hand] == [
        "2S", "2H", "3C", "10D", "KS", "AS", "JK"]


def test_no_match_the_draw_pile_is_lit_with_its_count() -> None:
    state = table("2C 3C", "9H")
    scene = see(state)
    assert scene.prompt == "No card matches: tap the draw pile to draw 2 cards"
    assert scene.piles[0].lit and scene.piles[0].label == "Draw pile"
    assert TABLE.answer(state, 0, "draw", View()).action == DRAW
    assert see(table("2C", "9H")).prompt == (
        "No card matches: tap the draw pile to draw 4 cards")  # one card held: players + 1


def test_may_draw_offers_both() -> None:
    scene = see(table("9C 3C", "9H", may_draw=True))
    assert scene.prompt == "Tap a card to play, or the draw pile to draw 2 cards"
    assert scene.piles[0].lit and [f.lit for f in scene.hand] == [False, True]


def test_a_joker_debt_is_shown_on_the_seat_that_owes() -> None:
    scene = see(table("9H 3C JK", "JK", debt=2))
    assert scene.chairs[0].note == "2 more cards to play"
    assert scene.chairs[1].note == ""
    assert scene.prompt == "Joker: play 2 more cards"
    assert scene.piles[1].mark == "Any card"
    assert not scene.piles[0].lit
    assert scene.piles[0].why == "After a joker, 2 more cards must be played while one can."
    owes = see(table("9H 3C", "9D JK", debt=1, joker_follow="last_non_joker", base="9D"))
    assert owes.chairs[0].note == "1 more card to play"
    assert owes.piles[1].mark == "Match 9♦"
    assert [f.lit for f in owes.hand] == [True, False]
    cannot = see(table("2C 3C", "9D JK", debt=3, joker_follow="last_non_joker", base="9D"))
    assert cannot.prompt == (
        "You cannot pay the joker debt: tap the draw pile to draw 6 cards")


def test_cards_just_drawn_are_new_and_may_be_played_or_kept() -> None:
    state = table("2C 3C 9S 4D", "9H", drawn="9S 4D", play_after_draw=True)
    scene = see(state)
    assert scene.prompt == "Play a card you just drew, or keep them"
    assert [(f.code, f.new, f.lit) for f in scene.hand] == [
        ("9S", True, True), ("2C", False, False), ("3C", False, False), ("4D", True, False)]
    assert scene.hand[1].why == "Play one of the cards just drawn, or keep them."
    assert scene.hand[3].why == "4♦ does not match 9♥."
    assert [b.label for b in scene.buttons] == ["Keep the cards drawn"]
    assert TABLE.answer(state, 0, scene.buttons[0].tap, View()).action == PASS


def test_others_see_the_table_without_moves() -> None:
    state = table("9H 3C", "9D")
    scene = see(state, seat=1, kinds=("person", "person", "strong"))
    assert scene.prompt == "P0 to play"
    assert all(f.why == "Wait for your turn." for f in scene.hand)
    assert scene.chairs[0].active and not scene.chairs[1].active
    assert scene.chairs[2].level == "Strong" and scene.chairs[0].level == ""
    public = see(state, seat=-1, kinds=("strong", "person", "person"))
    assert public.hand == () and public.prompt == "P0 is thinking…"
    assert TABLE.answer(state, -1, "draw", View()).action is None


def test_the_scores_are_the_totals_or_the_round_wins() -> None:
    state = table("9H", "9D")
    state.totals, state.wins = [12, 30, 4], [1, 0, 2]
    assert [c.score for c in see(state).chairs] == ["12 points", "30 points", "4 points"]
    state.options = ks.Options(mode="victory")
    assert [c.score for c in see(state).chairs] == ["1 win", "0 wins",
                                                     "2 wins"]
