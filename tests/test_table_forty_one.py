"""41 at a real table: turns, the stock, how a hand ends, the cards that prove it, the ranking
with its reasons in words, the tally, who deals and who starts, the end of the match."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from models.cards import parse_cards
from models.games import forty_one
from models.match import Close, Event, Hand, Match, Play, Reason, Refused, Start
from models.tables.forty_one import (
    DrawStock,
    FortyOneTable,
    Show41,
    StockOut,
    Stop,
    TakeDiscard,
    worst,
)
from models.tables.forty_one import Finish as FinishMatch
from tests.fakes import FakeShell, texts

NAMES = ("Ana", "Bea", "Cid", "Dan")


def new(players: int = 3, **options: Any) -> Match:
    return Match.new(NAMES[:players], "forty_one", options or None)


def table(match: Match) -> FortyOneTable:
    t = match.table
    assert isinstance(t, FortyOneTable)
    return t


def refused(match: Match, event: Event) -> Reason:
    """The reason ``event`` is refused; ``can`` and ``record`` agree on it."""
    reason = match.why_not(event)
    assert reason is not None and not match.can(event)
    with pytest.raises(Refused) as info:
        match.record(event)
    assert info.value.reason == reason
    assert str(info.value) == str(reason) == reason.call()
    return reason


def hands(match: Match, *cards: str) -> None:
    for seat, text in enumerate(cards):
        match.record(Hand(seat, tuple(parse_cards(text))))


def play_hand(match: Match, ender_event: Event, *cards: str) -> None:
    match.record(Start())
    match.record(ender_event)
    hands(match, *cards)
    match.record(Close())


def test_first_hand_the_dealer_deals_and_plays_first() -> None:
    match = new(3, first_dealer=1)
    t = table(match)
    assert (t.phase, t.dealer, t.first) == ("idle", 1, 1)
    match.record(Start())
    d = t.deal
    assert d is not None
    assert (t.phase, t.turn, d.stock) == ("play", 1, 52 - 12)
    assert new(8).replay().deal is None


def test_turns_and_the_stock() -> None:
    match = new(3)
    match.record(Start())
    t = table(match)
    assert refused(match, TakeDiscard(0)).code == "forty_one_no_discard"
    assert refused(match, DrawStock(1)).code == "not_turn"
    match.record(DrawStock(0))
    match.record(TakeDiscard(1))
    assert t.turn == 2
    assert t.deal is not None and t.deal.stock == 39
    assert t.stock_note() is None
    assert refused(match, StockOut(2)) == Reason("forty_one_stock_left", {"count": 39})
    assert {e.kind for e in match.legal_events()} == {
        "forty_one_draw", "forty_one_take", "forty_one_stop"}


def test_the_stock_runs_out() -> None:
    match = new(2)
    match.record(Start())
    t = table(match)
    for i in range(44):
        match.record(DrawStock(i % 2))
    assert t.deal is not None and t.deal.stock == 0
    note = t.stock_note()
    assert note == Reason("forty_one_stock_empty", {"player": "Ana"})
    assert refused(match, DrawStock(0)).code == "forty_one_stock_gone"
    match.record(TakeDiscard(0))
    match.record(StockOut(1))
    assert t.phase == "ended" and t.deal.ender == 1
    assert t.deal.end is not None
    assert t.deal.end.call() == "forty_one_stock_ran_out(player='Bea')"


def test_hands_are_four_cards_each_card_once() -> None:
    match = new(3)
    match.record(Start())
    assert refused(match, Hand(0, tuple(parse_cards("AS KS QS JS")))).code == "forty_one_playing"
    match.record(Stop(0))
    assert refused(match, DrawStock(1)).code == "forty_one_hand_over"
    assert refused(match, Hand(1, tuple(parse_cards("2H 3H 4H")))).call() == (
        "forty_one_four(player='Bea', count=3)"
    )
    assert refused(match, Hand(1, tuple(parse_cards("2H 3H 4H 2H")))).call() == (
        "forty_one_twice(card='2H')"
    )
    assert refused(match, Hand(1, tuple(parse_cards("2H 3H 4H JK")))).call() == (
        "forty_one_not_in_pack(card='JK')"
    )
    match.record(Hand(1, tuple(parse_cards("2H 3H 4H 5H"))))
    assert refused(match, Hand(2, tuple(parse_cards("5H 6C 7C 8C")))).call() == (
        "forty_one_held(card='5H', other='Bea')"
    )
    assert refused(match, Close()).call() == "forty_one_cards_missing(players=['Ana', 'Cid'])"
    # Entering a hand again replaces it.
    match.record(Hand(1, tuple(parse_cards("2H 3H 4H 6H"))))
    match.record(Hand(2, tuple(parse_cards("5H 6C 7C 8C"))))


def test_a_stop_needs_four_of_a_suit() -> None:
    match = new(3)
    match.record(Start())
    match.record(DrawStock(0))
    match.record(Stop(1))
    assert refused(match, Hand(1, tuple(parse_cards("AS KS QS JH")))).call() == (
        "forty_one_stop_suit(player='Bea')"
    )
    match.record(Hand(1, tuple(parse_cards("AS KS QS JS"))))
    match.record(Hand(0, tuple(parse_cards("AH KH QH JH"))))  # not the stopper: anything


def test_the_stop_threshold_option() -> None:
    match = new(3, stop_threshold=30)
    match.record(Start())
    match.record(Stop(0))
    assert refused(match, Hand(0, tuple(parse_cards("2S 3S 4S 5S")))).call() == (
        "forty_one_stop_low(player='Ana', points=14, threshold=30)"
    )
    match.record(Hand(0, tuple(parse_cards("AS KS QS 2S"))))


def test_instant_41_option() -> None:
    match = new(3)
    match.record(Start())
    assert refused(match, Show41(0)).code == "forty_one_no_instant"
    match = new(3, instant_41=True)
    match.record(Start())
    t = table(match)
    assert t.can_show_41() == [0, 1, 2]  # right after the deal: anyone
    match.record(DrawStock(0))
    assert t.can_show_41() == [0]  # then only who just discarded
    assert refused(match, Show41(1)).call() == "forty_one_41_after(last='Ana')"
    match.record(Show41(0))
    assert refused(match, Hand(0, tuple(parse_cards("AS KS QS 2S")))).call() == (
        "forty_one_not_41(player='Ana', points=33)"
    )
    hands(match, "AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4C 5C")
    match.record(Close())
    d = t.history[0]
    assert (d.winner, d.how, d.ender) == (0, "41", 0)


def test_score_counted_suit_and_the_winner_and_loser_decide_the_next_hand() -> None:
    match = new(3)
    t = table(match)
    play_hand(match, Stop(0), "AS KS QS 2S", "AH 9H 5D 3C", "KC QC 8D 2H")
    d = t.history[0]
    assert d.points == (33, 12, 10)
    assert d.suits == ("S", "H", "C")
    assert (d.winner, d.loser) == (0, 2)
    assert (t.dealer, t.first, t.phase) == (2, 0, "closed")
    assert t.wins == [1, 0, 0] and t.losses == [0, 0, 1] and t.totals == [33, 12, 10]
    match.record(Start())
    assert (t.dealer, t.turn) == (2, 0)  # the loser deals, the winner plays first
    places = t.places(d)
    assert [p.reason.call() for p in places] == [
        "forty_one_wins_score(player='Ana', other='Bea', points=33, other_points=12)",
        "forty_one_behind_score(player='Bea', other='Ana', points=12, other_points=33)",
        "forty_one_behind_score(player='Cid', other='Bea', points=10, other_points=12)",
    ]


def test_tie_on_score_worst_card_reason() -> None:
    match = new(2)
    t = table(match)
    match.record(Start())
    match.record(Stop(0))
    # Both 33; Ana's worst card +5 against Bea's +4.
    hands(match, "AS 10S 7S 5S", "AD KD 8D 4D")
    match.record(Close())
    d = t.history[0]
    assert d.points == (33, 33) and d.order == [0, 1]
    assert [p.reason.call() for p in t.places(d)] == [
        "forty_one_wins_card(player='Ana', other='Bea', points=33, nth=0, card='5S', "
            "value='+5', other_card='4D', other_value='+4')",
        "forty_one_behind_card(player='Bea', other='Ana', points=33, nth=0, card='4D', "
            "value='+4', other_card='5S', other_value='+5')",
    ]
    assert t.places(d)[0].reason.params["nth"] == 0


def test_worst_card_with_a_minus_card_and_the_next_worst() -> None:
    assert worst(parse_cards("AS KS QS 5H"), 0) == ("5H", "-5")
    assert worst(parse_cards("AS KS QS 5H"), 3) == ("AS", "+11")
    match = new(2)
    match.record(Start())
    match.record(_run_out(match))  # Ana declines the discard
    hands(match, "KS QS JS 5H", "AD KD 9D 5C")  # 25 each, worst -5 each, then 10 against 9
    match.record(Close())
    t = table(match)
    assert t.history[0].points == (25, 25)
    assert t.places(t.history[0])[0].reason.call() == (
        "forty_one_wins_card(player='Ana', other='Bea', points=25, nth=1, card='JS', value='+10', "
        "other_card='9D', other_value='+9')"
    )


def test_fully_equal_hands_go_by_turn_order_from_who_ended_play() -> None:
    match = new(2)
    match.record(Start())
    match.record(DrawStock(0))
    match.record(TakeDiscard(1))
    match.record(_run_out(match))  # Bea declines the discard
    hands(match, "AS KS 9S 2H", "AD QD 9D 2C")  # 28 each, card for card
    match.record(Close())
    t = table(match)
    d = t.history[0]
    assert d.points == (28, 28) and d.ender == 1 and d.order == [1, 0]
    assert [p.reason.call() for p in t.places(d)] == [
        "forty_one_wins_turn(player='Bea', other='Ana', points=28, ender='Bea')",
        "forty_one_behind_turn(player='Ana', other='Bea', points=28, ender='Bea')",
    ]
    assert (t.dealer, t.first) == (0, 1)


def test_tally_standings_and_finishing_the_match() -> None:
    match = new(3)
    t = table(match)
    assert refused(match, FinishMatch()).code == "forty_one_nothing_played"
    play_hand(match, Stop(0), "AS KS QS 2S", "AH 9H 5D 3C", "KC QC 8D 2H")
    match.record(Start())
    assert refused(match, FinishMatch()).code == "forty_one_hand_open"
    assert refused(match, Start()).code == "forty_one_hand_open"
    match.record(Stop(0))  # Ana plays first (she won)
    hands(match, "2S 3S 4S 5S", "AH KH QH 9H", "KC QC 8D 2H")
    match.record(Close())
    assert t.wins == [1, 1, 0] and t.losses == [0, 0, 2]
    assert (t.dealer, t.first) == (2, 1)
    assert [p.reason.call() for p in t.standings()] == [
        "forty_one_record(players=['Ana', 'Bea'], wins=1, losses=0)",
        "forty_one_record(players=['Cid'], wins=0, losses=2)",
    ]
    match.record(FinishMatch())
    assert t.phase == "over" and t.winners == [0, 1]
    assert t.end == Reason(
        "forty_one_finished", {"hands": 2, "winners": ["Ana", "Bea"], "wins": 1, "losses": 0}
    )
    assert refused(match, Start()).code == "match_over"
    match.undo()
    assert t is not match.table and table(match).phase == "closed"


def test_running_score_option() -> None:
    match = new(3, running_score=True)
    t = table(match)
    play_hand(match, Stop(0), "AS KS QS 2S", "AH 9H 5D 3C", "KC QC 8D 2H")
    assert [p.reason.call() for p in t.standings()] == [
        "forty_one_best_total(players=['Ana'], total=33, behind=0)",
        "forty_one_total(players=['Bea'], total=12, behind=21)",
        "forty_one_total(players=['Cid'], total=10, behind=23)",
    ]
    match.record(FinishMatch())
    assert t.end is not None
    assert t.end.call() == "forty_one_finished_total(hands=1, winners=['Ana'], total=33)"


def test_the_engine_agrees_on_scores() -> None:
    """The table scores with the engine: engine hands entered at the table score the same."""
    rng = random.Random(5)
    state = forty_one.new_game(4, seed=3, options={"hands": 5})
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    match = new(4)
    for result, shown in zip(state.results, state.shown, strict=True):
        match.record(Start())
        match.record(_run_out(match))
        for seat, cards in enumerate(shown):
            match.record(Hand(seat, tuple(cards)))
        match.record(Close())
        assert table(match).history[-1].points == result.points


def _run_out(match: Match) -> Event:
    d = table(match).deal
    assert d is not None
    while d.stock:
        match.record(DrawStock(d.turn))
    return StockOut(d.turn)


def test_refusals_outside_a_hand_and_foreign_events() -> None:
    match = new(3)
    assert refused(match, DrawStock(0)).code == "forty_one_no_hand"
    assert refused(match, Hand(0, ())).code == "forty_one_no_hand"
    assert refused(match, Close()).code == "forty_one_no_hand"
    assert refused(match, Start(card=parse_cards("AS")[0])).code == "forty_one_no_upcard"
    assert refused(match, Start(dealer=5)).code == "no_player"
    assert refused(match, Play(0)).code == "not_here"


def test_json_round_trip_and_undo() -> None:
    match = new(3, stop_threshold=20, instant_41=True)
    match.record(Start(dealer=2))
    match.record(DrawStock(2))
    match.record(TakeDiscard(0))
    match.record(Stop(1))
    hands(match, "AS KS QS 2S", "AH KH QH 9H", "KC QC 8D 2H")
    match.record(Close())
    match.record(FinishMatch())
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again.to_dict() == match.to_dict()
    assert table(again).winners == table(match).winners == [1]
    while match.events:
        match.undo()
    assert table(match).phase == "idle"


def test_legal_events_pass_the_check() -> None:
    match = new(4, instant_41=True)
    for _ in range(3):
        assert all(match.can(e) for e in match.legal_events())
        match.record(Start())
        assert all(match.can(e) for e in match.legal_events())
        assert {e.kind for e in match.legal_events()} >= {"forty_one_draw", "forty_one_41"}
        match.record(DrawStock(table(match).turn))
        match.record(Stop(table(match).turn))
        assert [e.kind for e in match.legal_events()] == ["hand"] * 4  # cards to enter
        hands(match, "AS KS QS 2S", "AH KH QH 9H", "KC QC 8C 2C", "2D 3D 4D 5D")
        assert [e.kind for e in match.legal_events()] == ["close"]
        match.record(Close())
        assert {e.kind for e in match.legal_events()} == {"start", "forty_one_finish"}


# -- the controller, without a browser ------------------------------------------------------


def referee(tmp_path: Path, language: str = "en", **options: Any) -> Any:
    from app.tables.forty_one import Referee

    shell = FakeShell(tmp_path, language)
    match = new(3, **options)
    match_id = shell.store.create_match(match.setup.to_dict())
    return Referee(shell, match_id, match)


def test_referee_turns_four_taps_a_player_and_the_scoreboard(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    shell = ref.host
    assert "Ana deals, Ana plays first" in texts(ref.view(""))
    ref._act("start")
    screen = texts(ref.view(""))
    assert "First turn: take from the stock." in screen and "Took the discard" not in screen
    ref._act("draw")
    ref._act("take")
    assert "Undo: Bea took the discard" in texts(ref.view(""))
    ref._act("stop")  # Cid stops
    assert "Cid stopped" in texts(ref.view(""))
    ref._act("hands")
    for card in ("AH", "9H", "5D", "3C"):  # Ana: 11 + 9 - 5 - 3
        ref._tap_card(card)
    assert ref.entry_seat == 1  # the fourth card records the hand and moves on
    ref._tap_card("AH")
    assert ref.error == "A♥ is already in Ana's hand."
    for card in ("KC", "QC", "8D", "2H"):
        ref._tap_card(card)
    assert ref.entry_seat == 2
    ref._pick_player(1)
    ref._tap_card("7D")
    assert ref.error == "Bea has 4 cards: tap one to take it back first."
    ref._pick_player(2)
    for card in ("AS", "KS", "QS", "2D"):  # Cid stopped: four of one suit
        ref._tap_card(card)
    assert ref.entry_seat == 2 and ref.error == "Cid stopped: the four cards must be of one suit"
    ref._tap_card("2D")
    ref._tap_card("2S")
    screen = texts(ref.view("hands"))
    assert "4 of 4 cards · 33 points, spades counted" in screen and "Score the hand" in screen
    ref._save_hands()
    assert shell.route.endswith("/score")
    screen = texts(ref.view("score"))
    assert "Cid wins the hand: 33 against 12 for Ana" in screen
    assert "33 · spades counted" in screen and "Bea deals next, Cid plays first." in screen
    summary = shell.store.list_matches()[0]["summary"]
    assert summary["rounds"] == [[12, 10, 33]] and summary["totals"] == [0, 0, 1]
    ref._act("finish")
    assert "Cid wins the match!" in texts(ref.view("score"))
    assert shell.store.list_matches()[0]["summary"]["winners"] == ["Cid"]
    ref.undo()
    assert "Start hand 2" in texts(ref.view(""))
    assert shell.store.list_matches()[0]["summary"]["status"] == "playing"
    assert not shell.toasts


def test_referee_in_french_and_the_refused_tap(tmp_path: Path) -> None:
    ref = referee(tmp_path, "fr", running_score=True)
    screen = texts(ref.view(""))
    assert "Ana donne, Ana joue en premier" in screen and "score cumulé" in screen
    ref._act("start")
    ref.record(TakeDiscard(0))
    assert ref.host.toasts == ["Rien n'a encore été défaussé : Ana prend au talon"]
    assert "Talon" in texts(ref.view(""))


def test_shown_order_and_how_it_ends() -> None:
    from app.games import ENTRIES
    from app.i18n import Translator
    from app.tables.forty_one import shown_order
    from views.common import find
    from views.forty_one import ShownHand, shown_hands

    assert shown_order(parse_cards("2H KS AH 9C"), "H") == ("AH", "2H", "KS", "9C")
    notes = ENTRIES["forty_one"].notes
    assert notes is not None
    assert notes([], {"running_score": True}, Translator("en")) == [
        "Play as many hands as you like, then tap Finish the match between two hands: "
        "the highest running score wins."]
    view = shown_hands("Cards of hand 1", [ShownHand("Ana", ("AH", "2H"), "13 · hearts", "won")])
    assert find(view, "shown-0") is not None
