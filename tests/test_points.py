"""Quick entry: a player's round points typed instead of their cards (``models.match.Points``),
at the Kartu Sama and 41 tables. Points and a hand replace each other; a round closes once each
player has one or the other; the points are taken as typed within the game's range; they go
through JSON, replay and the share code; typed points equal to the cards' value give the same
totals (a hypothesis property)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.cards import parse_cards
from models.games.forty_one import hand_score
from models.games.kartu_sama import hand_points
from models.match import Close, Event, Hand, Match, Play, Points, Reason, Refused, Start
from models.share import decode, encode
from models.tables.forty_one import LOWEST, Stop
from models.tables.kartu_sama import Draw

NAMES = ("Ana", "Bea", "Cid", "Dan")


def refused(match: Match, event: Event) -> Reason:
    reason = match.why_not(event)
    assert reason is not None and not match.can(event)
    with pytest.raises(Refused):
        match.record(event)
    return reason


def kartu(**options: object) -> Match:
    match = Match.new(NAMES[:3], "kartu_sama", options or None)
    match.record(Start())
    return match


def forty(players: int = 3, **options: object) -> Match:
    match = Match.new(NAMES[:players], "forty_one", options or None)
    match.record(Start())  # Ana deals and plays first
    match.record(Stop(0))
    return match


# -- the event --------------------------------------------------------------------------------
def test_points_event_round_trips_through_a_dict_negative_too() -> None:
    event = Points(1, -12)
    assert event.to_dict() == {"kind": "points", "player": 1, "points": -12}
    assert Event.from_dict(event.to_dict()) == event
    assert str(event) == "points player=1 points=-12"


@pytest.mark.parametrize("value", [True, 1.5, "3", None])
def test_points_must_be_a_whole_number(value: object) -> None:
    with pytest.raises(Exception, match="event_int"):
        Points(0, value)  # type: ignore[arg-type]


# -- Kartu Sama ---------------------------------------------------------------------------------
def test_kartu_sama_typed_points_score_the_round() -> None:
    match = kartu()
    match.record(Points(0, 14))
    assert match.table.phase == "ended"  # as a hand would: play ends
    match.record(Hand(1, tuple(parse_cards("2S 3S"))))
    assert match.table.round.missing == [2]
    assert not match.can(Close())
    match.record(Points(2, 0))
    match.record(Close())
    r = match.table.history[-1]
    assert r.points == (14, 5, 0)
    assert r.typed == {0: 14, 2: 0}
    assert match.table.totals == [14, 5, 0]
    assert r.ranking == [[2], [1], [0]]
    assert [p.reason.code for p in r.places] == ["win_points", "lose_points", "lose_points"]


def test_kartu_sama_points_and_a_hand_replace_each_other() -> None:
    match = kartu()
    match.record(Hand(0, tuple(parse_cards("AS"))))
    match.record(Points(0, 30))
    r = match.table.round
    assert r.hands[0] is None and r.typed == {0: 30} and 0 not in r.missing
    match.record(Hand(0, tuple(parse_cards("KS"))))
    assert r.typed == {} and r.hands[0] == tuple(parse_cards("KS"))


def test_kartu_sama_typed_points_are_not_a_count_mismatch() -> None:
    match = kartu()
    match.record(Play(1))
    match.record(Points(0, 40))
    assert match.table.round.warnings == []


def test_kartu_sama_refuses_points_out_of_range_and_for_who_went_out() -> None:
    match = kartu()
    most = match.table.most_points
    assert most == sum(hand_points([c]) for c in match.table.cards) - 1
    assert refused(match, Points(0, most + 1)).code == "points_range"
    assert refused(match, Points(0, -1)).code == "points_range"
    assert refused(match, Points(5, 3)).code == "no_player"
    match.record(Points(0, most))
    ended = Match.new(NAMES[:3], "kartu_sama", {"hand_size": 1})
    ended.record(Start())
    ended.record(Play(1))  # Bea plays her only card: out
    assert refused(ended, Points(1, 3)).code == "out_points"
    ended.record(Points(1, 0))
    assert refused(Match.new(NAMES[:3]), Points(0, 3)).code == "no_round"


def test_kartu_sama_victory_ties_with_a_typed_seat_share_the_round() -> None:
    match = kartu(mode="victory")
    match.record(Points(0, 5))
    match.record(Hand(1, tuple(parse_cards("2S 3S"))))  # 5 points, 2 cards
    match.record(Hand(2, tuple(parse_cards("5H"))))  # 5 points, 1 card
    match.record(Close())
    r = match.table.history[-1]
    assert r.ranking == [[0, 1, 2]]
    assert match.table.wins == [1, 1, 1]


def test_kartu_sama_victory_parts_card_hands_as_ever_beside_a_typed_seat() -> None:
    match = kartu(mode="victory")
    match.record(Points(0, 20))
    match.record(Hand(1, tuple(parse_cards("2S 3S"))))  # 5 points, 2 cards: wins
    match.record(Hand(2, tuple(parse_cards("5H"))))
    match.record(Close())
    r = match.table.history[-1]
    assert r.ranking == [[1], [2], [0]]
    assert [p.reason.code for p in r.places] == ["win_cards", "lose_cards", "lose_points"]


def test_kartu_sama_points_replay_json_and_share() -> None:
    match = kartu()
    match.record(Draw(1, 2))
    match.record(Points(0, 12))
    match.record(Points(1, 3))
    match.record(Hand(2, tuple(parse_cards("JH"))))
    match.record(Close())
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.table.totals == match.table.totals == [12, 3, 1]
    assert again.table.history[-1].typed == {0: 12, 1: 3}
    shared = decode(encode({"id": "x", "created": 1.0, "match": match.to_dict(),
                            "summary": {}}))
    assert Match.from_dict(shared["match"]).table.totals == [12, 3, 1]
    match.undo()
    match.undo()
    assert match.table.round.typed == {0: 12, 1: 3}
    match.undo()
    assert match.table.round.typed == {0: 12}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=12, unique=True), st.data())
def test_kartu_sama_typed_points_equal_to_the_cards_give_the_same_totals(
        codes: list[int], data: st.DataObject) -> None:
    """Split some cards into three hands; type some seats' points, tap the others' cards: the
    points game's totals are those of the cards (the ranking too when no points are equal)."""
    cut = sorted(data.draw(st.lists(st.integers(1, len(codes) - 1), min_size=2, max_size=2)))
    hands = [codes[:cut[0]], codes[cut[0]:cut[1]], codes[cut[1]:]]
    typed = data.draw(st.sets(st.integers(0, 2)))
    cards, quick = kartu(), kartu()
    for seat, hand in enumerate(hands):
        event = Hand(seat, tuple(parse_cards(" ".join(_text(c) for c in hand))))
        cards.record(event)
        quick.record(Points(seat, hand_points(event.cards)) if seat in typed else event)
    cards.record(Close())
    quick.record(Close())
    assert quick.table.totals == cards.table.totals
    points = cards.table.history[-1].points
    if len(set(points)) == len(points):
        assert quick.table.history[-1].ranking == cards.table.history[-1].ranking


def _text(code: int) -> str:
    from models.cards import format_cards

    return format_cards([code])


# -- 41 -----------------------------------------------------------------------------------------
def test_forty_one_typed_scores_rank_by_score_then_turn_order() -> None:
    match = forty()
    match.record(Hand(0, tuple(parse_cards("AS KS QS JS"))))  # 41, stopped
    match.record(Points(1, 12))
    match.record(Points(2, 12))
    match.record(Close())
    d = match.table.history[-1]
    assert d.points == (41, 12, 12)
    assert d.order == [0, 1, 2]  # Bea and Cid tie: turn order from Ana, who stopped
    assert d.suits == ("S", "", "")
    assert [p.reason.code for p in match.table.places(d)] == [
        "forty_one_wins_score", "forty_one_behind_score", "forty_one_behind_turn"]
    assert match.table.wins == [1, 0, 0] and match.table.losses == [0, 0, 1]


def test_forty_one_points_and_cards_replace_each_other_and_close_needs_all() -> None:
    match = forty()
    match.record(Points(1, 5))
    match.record(Hand(1, tuple(parse_cards("2H 3H 4H 5H"))))
    assert match.table.deal.typed == {}
    match.record(Points(1, 5))
    assert match.table.deal.hands[1] is None
    assert refused(match, Close()).code == "forty_one_cards_missing"


def test_forty_one_refuses_scores_out_of_range_and_checks_the_ender() -> None:
    match = forty()
    assert hand_score(parse_cards("AS AH AD AC")) == LOWEST  # the lowest four cards can score
    assert refused(match, Points(1, 42)).code == "forty_one_points_range"
    assert refused(match, Points(1, LOWEST - 1)).code == "forty_one_points_range"
    match.record(Points(1, LOWEST))
    strict = forty(stop_threshold=30)
    assert refused(strict, Points(0, 29)).code == "forty_one_stop_low"
    strict.record(Points(0, 30))
    assert refused(Match.new(NAMES[:3], "forty_one"), Points(0, 3)).code == "forty_one_no_hand"


def test_forty_one_points_replay_and_json() -> None:
    match = forty()
    match.record(Points(0, 33))
    match.record(Points(1, -4))
    match.record(Hand(2, tuple(parse_cards("2C 3C 4C 5C"))))
    match.record(Close())
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.table.totals == match.table.totals == [33, -4, 14]
    assert again.table.history[-1].order == [0, 2, 1]
