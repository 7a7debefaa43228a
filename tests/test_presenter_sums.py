"""Sums at the card table: every legal move is a tap on the scene, nothing illegal is lit,
and the scene shows nothing a seat may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from app.i18n import Translator
from app.presenters.base import Seating, View
from app.presenters.sums import SumsPresenter as Presenter
from models.cards import format_cards, parse_cards
from models.errors import SetupError
from models.games import sums
from models.games.sums import DRAW, LET, STOP, TAKE, TARGET, Sums, determinize
from views.felt_data import Face, Scene

EN = Translator("en")
NAMES = ("Ana", "Budi", "Cici", "Dewi", "Eko", "Fajar", "Gita", "Hadi")
TABLE = Presenter(EN, NAMES)
KINDS = ("person", "simple", "strong")
BOUNDED = settings(max_examples=100, deadline=None)

options_st = st.fixed_dictionaries({
    "packs": st.sampled_from([0, 0, 1, 2]),
    "piles": st.integers(2, 5),
    "hand_size": st.sampled_from([0, 0, 1, 3, 6]),
}).flatmap(lambda base: st.sampled_from(
    [base, {**base, "take_back": True}, {**base, "draw_or_play": True}]))


def seating(players: int, t: Translator = EN) -> Seating:
    return Seating(NAMES[:players], ("#112233",) * players,
                   tuple(KINDS[s % 3] for s in range(players)), t)


def played(players: int, seed: int, options: dict[str, Any], steps: int) -> Sums:
    """A game advanced by ``steps`` random legal actions (or to its end)."""
    try:
        state = sums.new_game(players, seed, options)
    except SetupError:
        reject()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def faces(scene: Scene) -> Iterator[Face]:
    for pile in scene.piles:
        yield from pile.top
    for chair in scene.chairs:
        for group in chair.groups:
            yield from group.cards
    yield from scene.hand


def taps(scene: Scene) -> Iterator[tuple[str, bool]]:
    """Every tap key on the scene, and whether it is lit."""
    for face in faces(scene):
        if face.tap:
            yield face.tap, face.lit
    for pile in scene.piles:
        if pile.tap:
            yield pile.tap, pile.lit
    for button in scene.buttons:
        yield button.tap, True


def lit(scene: Scene) -> list[str]:
    return [tap for tap, on in taps(scene) if on]


games = st.builds(played, st.integers(2, 8), st.integers(0, 10**6), options_st,
                  st.integers(0, 120))


def check_taps(state: Sums, order: str, whys: bool = True) -> None:
    """Every legal move of the seat to act is a lit tap, and every lit tap a legal move; an
    unlit card of the hand says why (``whys``: the answers to unlit taps are checked too)."""
    seat = state.current_player
    view = View(order=order)
    scene = TABLE.scene(state, seat, seating(state.players), view)
    reached = set()
    for tap, on in taps(scene):
        if not on and not whys:
            continue
        answer = TABLE.answer(state, seat, tap, view)
        if on:
            assert answer.action is not None and state.is_legal(answer.action), tap
            reached.add(answer.action)
        else:
            assert answer.action is None, tap
    assert reached == set(state.legal_actions())
    for face in scene.hand:
        assert face.lit or face.why, face
        if whys and not face.lit:
            assert TABLE.answer(state, seat, face.tap, view).why == face.why
    if whys:
        plain = TABLE.scene(state, seat, seating(state.players), View(help=False))
        assert lit(plain) == [b.tap for b in plain.buttons]


@BOUNDED
@given(games, st.sampled_from(["suit", "rank"]))
def test_every_legal_move_is_a_lit_tap_and_every_lit_tap_a_legal_move(
        state: Sums, order: str) -> None:
    if state.current_player >= 0:
        check_taps(state, order)


@settings(max_examples=8, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), options_st)
def test_every_move_of_whole_games_is_a_tap(players: int, seed: int,
                                            options: dict[str, Any]) -> None:
    """Whole games, the last card and the end included, played by taps alone."""
    state = played(players, seed, options, 0)
    rng = random.Random(seed)
    while not state.is_over:
        check_taps(state, "suit", whys=False)
        scene = scene_of(state)
        answer = TABLE.answer(state, state.current_player, rng.choice(lit(scene)), View())
        assert answer.action is not None
        state.apply(answer.action)
    assert scene_of(state, 0).prompt == "The game is over"


@BOUNDED
@given(games, st.integers(0, 7))
def test_the_scene_shows_only_what_the_seat_sees(state: Sums, pick: int) -> None:
    """The other hands and the piles under their tops dealt again: the same scene."""
    seat = pick % state.players
    table = seating(state.players)
    scene = TABLE.scene(state, seat, table, View())
    again = determinize(state, seat, random.Random(pick))
    assert TABLE.scene(again, seat, table, View()) == scene
    assert [f.code for f in scene.hand] == format_cards(sorted(state.hands[seat])).split()
    assert [c.cards for c in scene.chairs] == [len(h) for h in state.hands]
    ids = [f.id for f in faces(scene)]
    assert len(ids) == len(set(ids))


@BOUNDED
@given(games, st.integers(-1, 7))
def test_nothing_is_lit_for_a_seat_not_to_act(state: Sums, pick: int) -> None:
    seat = pick if pick < 0 else pick % state.players
    if seat == state.current_player:
        seat = -1
    scene = TABLE.scene(state, seat, seating(state.players), View())
    assert not lit(scene) and not scene.buttons
    for tap, _ in taps(scene):
        assert TABLE.answer(state, seat, tap, View()).action is None
    if seat < 0:  # the public table: every hand dealt again, the same scene
        assert not scene.hand
        again = determinize(state, 1, random.Random(pick))
        assert TABLE.scene(again, seat, seating(state.players), View()) == scene
    elif not state.is_over:
        for face in scene.hand:
            assert TABLE.answer(state, seat, face.tap, View()).why == (
                f"It is {NAMES[state.current_player]}'s turn, not {NAMES[seat]}'s")
    assert scene.chairs[max(state.current_player, 0)].active != state.is_over


def reach(phase: str, players: int = 3, **options: Any) -> Sums:
    """The first state of ``phase`` in random games of fixed seeds."""
    for seed in range(500):
        state = sums.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == phase:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(phase)


def scene_of(state: Sums, seat: int | None = None) -> Scene:
    seat = state.current_player if seat is None else seat
    return TABLE.scene(state, seat, seating(state.players), View())


def test_a_turn_starts_by_drawing_from_a_lit_pile() -> None:
    state = sums.new_game(2, 3)
    scene = scene_of(state)
    assert scene.prompt == "Tap a pile to draw its top card"
    assert [p.label for p in scene.piles] == ["Pile 1", "Pile 2"]
    assert all(p.lit for p in scene.piles) and not any(f.lit for f in scene.hand)
    assert scene.hand[0].why == "Draw the top card of a community pile first."
    top = scene.piles[1].top[0].code
    assert TABLE.answer(state, 0, "draw:1", View()).action == DRAW + 1
    state.apply(DRAW + 1)
    scene = scene_of(state)
    assert scene.prompt == "Tap a card to place it"
    assert top in [f.code for f in scene.hand] and all(f.lit for f in scene.hand)
    assert scene.piles[0].why == "The player has drawn already: play a card."
    other = scene_of(state, 1)
    assert other.prompt == "Ana to play" and other.chairs[0].active
    assert other.hand[0].why == "It is Ana's turn, not Budi's"
    assert [c.level for c in other.chairs] == ["", "Quick"]
    assert [c.tally for c in other.chairs] == ["removed 0", "removed 0"]
    assert [c.score for c in other.chairs] == [EN.plural("unit.point", s) for s in state.scores]
    assert other.goal.startswith("Goal: the most points")
    assert [[f.code for f in c.groups[0].cards] for c in other.chairs] == [
        format_cards(cards).split() for cards in state.in_play]


def test_the_cards_a_play_may_remove_are_lit_on_their_owners() -> None:
    state = reach(sums.CHOOSING)
    seat = state.current_player
    scene = scene_of(state)
    card = format_cards([state.played]).split()[0]
    assert scene.prompt == f"Tap the card your {_shown(card)} removes"
    chosen = {(c.seat, f.code) for c in scene.chairs for g in c.groups for f in g.cards if f.lit}
    assert chosen == {(s, format_cards([int(c)])) for s, c in state.targets()}
    assert all(not f.tap for f in scene.chairs[seat].groups[0].cards)
    assert [f.code for f in scene.chairs[seat].groups[0].cards if f.new] == [card]
    assert not any(f.lit for f in scene.hand) and not any(p.lit for p in scene.piles)
    missed = [f for c in scene.chairs for f in c.groups[0].cards if f.tap and not f.lit]
    for face in missed:
        assert f"is not within reach of {_shown(card)}" in face.why


def _shown(code: str) -> str:
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def test_an_attack_is_countered_by_a_lit_card_or_let_go() -> None:
    state = reach(sums.COUNTERING)
    attacker, played, owner, target = state.attack or (0, 0, 0, 0)
    scene = scene_of(state)
    assert scene.prompt == "Tap a lit card to counter, or let the attack go"
    said = (f"{NAMES[attacker]}'s {_shown(format_cards([played]))} attacks "
            f"{NAMES[owner]}'s {_shown(format_cards([target]))}")
    assert scene.note == said and scene.chairs[owner].note == said
    assert [b.label for b in scene.buttons] == ["Do not counter"]
    assert TABLE.answer(state, owner, "let", View()).action == LET
    assert {f.code for f in scene.hand if f.lit} == set(format_cards(state.choices).split())
    assert [f.code for f in scene.chairs[attacker].groups[0].cards if f.new] == [
        format_cards([played])]
    for face in scene.hand:
        if not face.lit:
            assert face.why.endswith(f"does not take {NAMES[attacker]}'s "
                                     f"{_shown(format_cards([played]))}")


def test_a_last_card_or_the_end_of_the_game() -> None:
    state = reach(sums.LAST)
    scene = scene_of(state)
    assert scene.prompt == "A pile is empty: place a last card, or end the game"
    assert [b.label for b in scene.buttons] == ["End the game without a last card"]
    assert TABLE.answer(state, state.current_player, "stop", View()).action == STOP
    empty = [p for p in scene.piles if not p.count]
    assert empty and empty[0].why == f"{empty[0].label} is empty" and not empty[0].top


def test_a_card_is_taken_back_by_a_tap_on_it() -> None:
    state = reach(sums.PLACING, players=2, take_back=True, hand_size=1)
    seat = state.current_player
    scene = scene_of(state)
    assert scene.prompt == "Place a card, or tap your face-up card to take it back"
    own = scene.chairs[seat].groups[0].cards
    assert own and all(f.lit and f.tap.startswith("take:") for f in own)
    code = parse_cards(own[0].code)[0]
    assert TABLE.answer(state, seat, own[0].tap, View()).action == TAKE + int(code)
    full = reach(sums.PLACING, players=2, take_back=True)
    own = scene_of(full).chairs[full.current_player].groups[0].cards
    assert own and not any(f.lit for f in own)
    assert own[0].why == "A card may be taken back only with fewer than 5 cards in hand."
    assert TABLE.answer(full, full.current_player, own[0].tap, View()).why == own[0].why


def test_the_hand_is_sorted_by_suit_or_by_rank() -> None:
    state = sums.new_game(2, 8, {"hand_size": 8})
    table = seating(2)
    by_suit = [f.code for f in TABLE.scene(state, 0, table, View(order="suit")).hand]
    by_rank = [f.code for f in TABLE.scene(state, 0, table, View(order="rank")).hand]
    assert by_suit == format_cards(sorted(state.hands[0])).split()
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [ranks.index(c[:-1]) for c in by_rank] == sorted(ranks.index(c[:-1]) for c in by_rank)


@pytest.mark.parametrize("tap", ["", "draw:x", "target:1", "nothing", f"play:{TARGET}"])
def test_a_tap_that_names_no_move_does_nothing(tap: str) -> None:
    state = sums.new_game(2, 1)
    assert TABLE.answer(state, 0, tap, View()).action is None


@pytest.mark.parametrize("language", ["fr", "id"])
def test_the_table_speaks_every_language(language: str) -> None:
    for phase in (sums.DRAWING, sums.CHOOSING, sums.COUNTERING, sums.LAST):
        state = reach(phase)
        scene = TABLE.scene(state, state.current_player, seating(3, Translator(language)),
                            View())
        english = scene_of(state)
        assert scene.prompt and scene.prompt != english.prompt


def test_a_card_drawn_is_a_new_card_in_the_hand() -> None:
    """The top of a pile and the card it becomes in the hand are not one control: a double
    tap on the pile draws, and its second tap does not reach the card drawn (it would be
    placed, a second move)."""
    state = sums.new_game(2, 3)
    top = scene_of(state).piles[1].top[0]
    state.apply(DRAW + 1)
    hand = scene_of(state).hand
    assert top.code in [f.code for f in hand]
    assert top.id not in [f.id for f in hand]
    assert TABLE.answer(state, 0, "draw:1", View()).action is None  # drawn already
