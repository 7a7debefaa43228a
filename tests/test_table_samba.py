"""Samba at a real table: sides, the in-hand guide (minimum, may go out), results by counts and
card by card scored alike, refusals of what the pack and rules forbid, totals and the end."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

from models.cards import parse_cards, samba_pack
from models.games.samba import score_breakdown, side_score
from models.match import Close, Event, Match, Out, Reason, Refused, Revise, Start
from models.tables.samba import (
    CLASSES,
    SEEN,
    Canasta,
    Part,
    Result,
    SambaMade,
    StockOut,
    breakdown,
    card_class,
    join,
    tally,
)
from tests.fakes import FakeShell, texts


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def four(**options: object) -> Match:
    return Match.new(["Ana", "Bea", "Cid", "Dan"], "samba", options or None)


def said(reason: Reason) -> tuple[str, dict[str, object]]:
    """What a reason says, as the app gets it: its code and parameters."""
    return reason.code, dict(reason.params)


def why(match: Match, event: Event) -> str:
    reason = match.why_not(event)
    assert reason is not None
    with pytest.raises(Refused):
        match.record(event)
    return reason.code


def test_sides_follow_the_seating() -> None:
    assert four().table.members == [(0, 2), (1, 3)]
    six = Match.new(["A", "B", "C", "D", "E", "F"], "samba").table
    assert six.members == [(0, 3), (1, 4), (2, 5)]
    for n in (2, 3, 5):
        table = Match.new([f"P{i}" for i in range(n)], "samba").table
        assert table.members == [(s,) for s in range(n)]


def test_in_hand_guide_minimum_and_going_out() -> None:
    m = four()
    assert m.table.phase == "idle"
    assert [e.kind for e in m.legal_events()] == ["start"]
    m.record(Start())
    assert m.table.dealer == 0
    assert m.table.minimum(0) == 50
    assert not m.table.may_go_out(0)
    m.record(Canasta(0))
    assert not m.table.may_go_out(0)
    m.record(SambaMade(0))
    assert m.table.may_go_out(0) and not m.table.may_go_out(1)
    assert m.table.big(0) == 2
    m.undo()
    assert not m.table.may_go_out(0)
    assert why(m, Canasta(2)) == "samba_no_side"


def test_minimum_follows_the_total_and_the_option() -> None:
    m = four(top_minimum=160, target=20000)
    table = m.table
    for total, need in ((-10, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)):
        table.totals = [total, 0]
        assert table.minimum(0) == need


def test_counts_and_cards_give_the_same_score() -> None:
    # A side: a samba 4S..10S, a pure canasta of kings, a mixed canasta of eights with a joker,
    # a group of aces with a 2, two red threes melded; in hand: JK 7D and 3H 5C.
    melds = [codes("4S 5S 6S 7S 8S 9S 10S"), codes("KS KH KD KC KS KH KD"),
             codes("8S 8H 8D 8C 8S 8H JK"), codes("AS AH 2D"), codes("3H"), codes("3D")]
    hands = [codes("JK 7D"), codes("3H 5C")]
    direct = score_breakdown(melds, hands, True)
    counted = tally(0, [c for meld in melds for c in meld], hands, pure=1, mixed=1, sambas=1)
    assert counted == Result(0, jokers=1, aces_twos=3, high=16, low=4, held_jokers=1,
                             held_low=2, pure=1, mixed=1, sambas=1, red_threes=2, red_held=1)
    assert breakdown(counted, True) == direct
    assert breakdown(counted, True).total == side_score(melds, hands, True)


def test_random_sides_score_alike() -> None:
    rng = random.Random(5)
    pack = [int(c) for c in samba_pack()]
    for _ in range(300):
        rng.shuffle(pack)
        melded, hand = pack[:rng.randrange(0, 40)], pack[40:40 + rng.randrange(0, 15)]
        counted = tally(0, melded, [hand])
        melds = [[c] for c in melded if not card_class(c)]  # red threes are 1-card melds
        expected = score_breakdown(melds, [hand], False)
        got = breakdown(counted, False)
        assert got.total - got.melded == expected.total - expected.melded
        assert got.melded == sum(score_breakdown([], [[c]], False).in_hand for c in melded) * -1


def test_card_classes() -> None:
    assert [card_class(c) for c in codes("JK AS 2H KD 8C 7S 4H 3S 3C 3H 3D")] == [
        "jokers", "aces_twos", "aces_twos", "high", "high", "low", "low", "black_threes",
        "black_threes", "", ""]
    assert CLASSES == ("jokers", "aces_twos", "high", "low", "black_threes")


def test_a_whole_hand_with_going_out() -> None:
    m = four()
    m.record(Start())
    m.record(Canasta(0))
    m.record(Canasta(0))
    a = Result(0, aces_twos=4, high=14, low=3, pure=1, mixed=1, jokers=1, red_threes=1)
    b = Result(1, high=6, held_high=5, held_jokers=1, red_held=1)
    m.record(a)
    assert m.table.phase == "ended"
    assert why(m, Close()) == "samba_results_missing"
    m.record(b)
    assert why(m, Close()) == "samba_who_out"
    m.record(Out(1))  # Bea's side has no canasta
    assert why(m, Close()) == "samba_out_short"
    m.record(Out(2))  # Cid went out
    m.record(Close())
    h = m.table.history[0]
    assert h.parts[0] == breakdown(a, True)
    assert h.parts[0].going_out == 200 and h.parts[0].red_threes == 100
    assert h.points == (80 + 140 + 15 + 50 + 500 + 300 + 200 + 100, 60 - 50 - 50 - 750)
    assert m.table.totals == list(h.points)
    assert m.table.phase == "closed"
    assert m.table.dealer == 1
    assert [p.seats for p in m.table.standings()] == [(0, 2), (1, 3)]
    assert said(m.table.standings()[0].reason) == (
        "samba_highest", {"players": ["Ana & Cid"], "total": 1385})
    assert not m.table.warnings(h)


def test_stock_out_no_bonus_and_replacing() -> None:
    m = four()
    m.record(Start())
    m.record(Out(0))
    m.record(StockOut())
    assert m.table.hand.out == -1 and m.table.hand.stock
    m.record(Result(0, high=6))
    m.record(Result(1, high=7))
    m.record(Result(1, low=10))  # entered again: replaces
    m.record(Close())
    assert m.table.history[0].points == (60, 50)


def test_refusals_by_the_pack_and_the_rules() -> None:
    m = four()
    m.record(Start())
    assert why(m, Result(0, jokers=5, held_jokers=2, high=3)) == "samba_too_many_jokers"
    m.record(Result(0, jokers=4, high=8))
    assert why(m, Result(1, jokers=3, high=6)) == "samba_too_many_jokers"  # over both sides
    assert why(m, Result(1, high=6, sambas=1)) == "samba_big_cards"  # a samba without 7 cards
    assert why(m, Result(1, jokers=2, high=5, sambas=1)) == "samba_samba_cards"
    assert why(m, Result(1, jokers=2, high=5, pure=1)) == "samba_naturals"
    assert why(m, Result(1, high=7, mixed=1)) == "samba_mixed_wild"
    assert why(m, Result(1, high=2)) == "samba_few_melded"
    assert why(m, Result(1, black_threes=2, high=3)) == "samba_black_group"
    assert why(m, Result(1, red_held=3)) == "samba_red_held"
    assert why(m, Result(1, red_threes=7)) == "samba_too_many_red_threes"
    assert why(m, Result(1, aces_twos=25)) == "samba_too_many_aces_twos"
    assert why(m, Result(1, high=73)) == "samba_too_many_high"
    assert why(m, Result(1, low=40, held_low=9)) == "samba_too_many_low"
    assert why(m, Result(1, black_threes=4, held_black_threes=3)) == "samba_too_many_black_threes"
    assert why(m, Result(2, high=3)) == "samba_no_side"
    m.record(Result(1, black_threes=3, high=5))
    m.record(StockOut())
    assert why(m, Close()) == "samba_black_out"
    reason = m.why_not(Close())
    assert reason is not None and said(reason) == ("samba_black_out", {"side": "Bea & Dan"})
    assert why(m, Canasta(0)) == "round_ended"
    assert why(m, Start()) == "round_open"


def test_tracked_canastas_are_a_guide() -> None:
    m = four()
    m.record(Start())
    m.record(Canasta(1))
    m.record(Result(0, high=5))
    m.record(Result(1, high=10))
    warnings = m.table.warnings(m.table.hand)
    assert [said(w) for w in warnings] == [
        ("samba_canastas_differ", {"side": "Bea & Dan", "tapped": 1, "entered": 0})]
    m.record(Result(1, high=10, pure=1))
    assert not m.table.warnings(m.table.hand)
    m.record(StockOut())
    m.record(Close())  # a guide: the entry counts
    assert m.table.history[0].points == (50, 600)


def test_a_tapped_samba_entered_as_a_canasta_is_pointed_out() -> None:
    """docs/rules.md, Samba (At a real table): a samba tapped during the hand and missing from
    the entry is named, even when the entry has as many canastas and sambas in all."""
    m = four()
    m.record(Start())
    m.record(SambaMade(0))
    m.record(Canasta(0))
    m.record(Result(0, high=14, pure=2))
    assert [said(w) for w in m.table.warnings(m.table.hand)] == [
        ("samba_canastas_differ", {"side": "Ana & Cid", "tapped": 1, "entered": 2}),
        ("samba_sambas_differ", {"side": "Ana & Cid", "tapped": 1, "entered": 0})]
    draft = Result(0, high=14, pure=1, sambas=1)  # the entry on screen, not recorded yet
    assert m.table.warnings(m.table.hand, draft) == []
    m.record(draft)
    m.record(Result(1))
    m.record(Out(0))
    m.record(Close())
    assert m.table.warnings(m.table.history[0]) == []


def test_first_melds_below_the_minimum_are_refused() -> None:
    """docs/rules.md, Samba: a side's first melds of a hand reach 50 (90, 120, 150 as its total
    grows; 15 below zero). They are among the melded cards, so an entry worth less is
    refused, with the shortfall; red threes count nothing toward it."""
    m = four(target=20000)
    m.record(Start())
    assert why(m, Result(0, high=3)) == "samba_first_meld"
    reason = m.why_not(Result(0, high=3, red_threes=2))
    assert reason is not None and said(reason) == (
        "samba_first_meld", {"side": "Ana & Cid", "need": 50, "have": 30})
    m.record(Result(0, high=5))  # exactly the minimum
    m.record(Result(1))  # nothing melded: no first meld to reach
    m.record(Result(1, red_threes=1))  # nor with red threes alone
    m.record(Result(1, held_high=9))
    m.record(StockOut())
    m.record(Close())
    assert m.table.totals == [50, -90]
    m.record(Start())
    assert m.table.minimum(1) == 15  # below zero
    m.record(Result(1, low=3))
    m.record(Result(0, high=7, sambas=1))
    m.record(StockOut())
    m.record(Close())
    assert m.table.totals == [1620, -75]
    m.record(Start())
    assert m.table.minimum(0) == 90  # from 1500
    reason = m.why_not(Result(0, high=6))
    assert reason is not None and said(reason) == (
        "samba_first_meld", {"side": "Ana & Cid", "need": 90, "have": 60})
    # A hand corrected later keeps the minimum it was played with.
    m.record(Revise(0))
    m.record(Result(0, high=6))
    m.record(Close())
    assert m.table.totals == [1630, -75]


def test_a_match_saved_before_first_melds_were_checked_still_opens() -> None:
    """A side entered under its minimum before Meja checked it opens again, as saved (nothing
    lost); the same entry recorded now is refused."""
    m = four(target=20000)
    m.record(Start())
    saved = m.to_dict()
    saved["events"].append(Result(0, high=3).to_dict())  # 30 of 50, saved by an older Meja
    again = Match.from_dict(saved)
    assert len(again.events) == len(m.events) + 1
    assert again.table.rounds[-1].results[0] is not None
    assert why(m, Result(0, high=3)) == "samba_first_meld"
    with pytest.raises(Refused):
        m.record(Result(0, high=3))


def close_hand(m: Match, a: int, b: int) -> None:
    """A hand scoring ``a`` and ``b`` hundreds (pure canastas of kings, no going out)."""
    m.record(Start())
    for side, hundreds in ((0, a), (1, b)):
        pure, rest = divmod(hundreds, 5)
        m.record(Result(side, high=7 * pure, pure=pure))  # nothing melded: 0
    m.record(StockOut())
    m.record(Close())


def test_the_match_ends_at_the_target_a_tie_plays_on() -> None:
    m = four(target=1000)
    close_hand(m, 10, 10)  # both 1140: a tie
    assert m.table.phase == "closed" and m.table.tie is not None
    assert said(m.table.tie) == (
        "samba_tie", {"players": ["Ana & Cid", "Bea & Dan"], "total": 1140})
    close_hand(m, 5, 0)
    assert m.table.phase == "over" and m.table.winners == [0]
    assert m.table.end is not None and m.table.end.code == "samba_target"
    assert why(m, Start()) == "match_over"
    m.undo()
    assert m.table.phase == "ended"


def test_fixed_hands() -> None:
    m = four(hands=1)
    close_hand(m, 0, 5)
    assert m.table.phase == "over" and m.table.winners == [1]
    assert m.table.end.code == "samba_hands_played"


def test_a_tie_after_the_fixed_hands_plays_another_hand() -> None:
    m = four(hands=1)
    close_hand(m, 5, 5)
    assert m.table.phase == "closed" and m.table.tie is not None
    assert m.table.tie.code == "samba_tie" and m.table.dealer == 1
    close_hand(m, 0, 5)
    assert m.table.phase == "over" and m.table.winners == [1]


def test_three_players_each_alone() -> None:
    m = Match.new(["Ana", "Bea", "Cid"], "samba", {"first_dealer": 2})
    m.record(Start())
    assert m.table.dealer == 2
    m.record(Canasta(2))
    m.record(SambaMade(2))
    for side in range(3):
        m.record(Result(side, high=14, pure=1, sambas=1) if side == 2 else Result(side, low=10))
    m.record(Out(2))
    m.record(Close())
    assert m.table.history[0].points == (50, 50, 140 + 500 + 1500 + 200)
    assert m.table.dealer == 0


def test_saved_and_replayed() -> None:
    m = four()
    m.record(Start(dealer=3))
    m.record(Canasta(0))
    m.record(Result(0, high=7, pure=1))
    data = m.to_dict()
    again = Match.from_dict(data)
    assert again.to_dict() == data
    assert again.table.hand.results[0] == Result(0, high=7, pure=1)
    assert again.table.dealer == 3


def test_saved_match_loads_in_a_fresh_process() -> None:
    """The game's own events are known as soon as a saved match is read."""
    m = four()
    m.record(Start())
    m.record(SambaMade(1))
    code = (
        "import json, sys; from models.match import Match; "
        "m = Match.from_dict(json.loads(sys.argv[1])); print(m.table.big(1))"
    )
    import json

    out = subprocess.run([sys.executable, "-c", code, json.dumps(m.to_dict())],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


# -- the controller, without a browser ------------------------------------------------------


def referee(tmp_path: object, players: list[str]) -> object:
    from app.tables.samba import Referee

    shell = FakeShell(tmp_path)
    setup = {"game": "samba", "players": players, "options": {}}
    match_id = shell.store.create_match(setup)
    return Referee(shell, match_id, Match.new(players, "samba"))


def test_referee_counts_and_cards_record_the_same_result(tmp_path: object) -> None:
    from app.games import ENTRIES

    notes = ENTRIES["samba"].notes
    assert notes is not None
    from app.i18n import Translator

    t = Translator("en")
    assert notes(["Ana", "Bea", "Cid", "Dan"], {}, t) == [
        "Teams, partners facing: Ana & Cid and Bea & Dan."]
    assert notes(["Ana", "Bea", "Cid"], {}, t) == ["Everyone plays alone."]

    ref: Any = referee(tmp_path, ["Ana", "Bea", "Cid", "Dan"])
    ref._act("start")
    shown = texts(ref.view(""))
    assert "First meld: 50" in shown and "Cannot go out yet: 2 more canastas or sambas" in shown
    ref._big("canasta", 0)
    ref._big("samba", 0)
    assert "May go out" in texts(ref.view(""))
    ref._act("result")
    assert ref.host.route.endswith("/result")
    # Side 1 card by card: melded 4S..10S (a samba) and KS KH KD KC KS KH KD (pure), 3H;
    # in Ana's hand JK; in Cid's hand 5C.
    ref._mode("cards")
    for card in [str(c) for c in parse_cards("4S 5S 6S 7S 8S 9S 10S KS KH KD KC KS KH KD 3H")]:
        ref._card(card)
    ref._target("hand-0")
    ref._card("JK")
    ref._target("hand-2")
    ref._card("5C")
    ref._count("pure", 1)
    assert ref._counts(0)["sambas"] == 1  # the tapped samba is prefilled
    by_cards = ref._draft(0)
    ref._ending("2")
    view = texts(ref.view("result"))
    assert "Ana & Cid: 2365 points" in view  # 120 - 55 + 1500 + 500 + 200 + 100
    ref._pick_side("1")  # records side 0
    assert ref.table.hand.results[0] == by_cards
    # Side 2 by counts: 5 kings melded, a joker and 2 kings in hand; too many jokers refused
    # first.
    ref._count("high", 5)
    ref._count("held_high", 2)
    ref._count("held_jokers", 6)
    ref._close()
    assert "7 jokers entered, but the pack holds 6" in ref.error
    ref._count("held_jokers", -5)
    ref._close()
    assert ref.host.route.endswith("/score")
    assert ref.table.history[0].points == (2365, -20)
    score = texts(ref.view("score"))
    assert "Ana & Cid: cards +65 · bonuses +2000 · red 3s +100 · going out +200 = +2365" in score
    summary = ref.host.store.list_matches()[0]["summary"]
    assert summary["totals"] == [2365, -20, 2365, -20]
    assert summary["rounds"] == [[2365, -20, 2365, -20]]
    # Undo the close: the hand is open again; the entry shows the recorded counts.
    ref.undo()
    assert ref.table.phase == "ended"
    assert ref._counts(1)["high"] == 5


def test_entry_screen_names_the_tapped_samba_missing_and_the_first_meld(tmp_path: object) -> None:
    """The result entry says, as it is typed, that a tapped samba is missing (the table's
    warning on what is on screen), and the table's refusal of first melds below 50."""
    ref: Any = referee(tmp_path, ["Ana", "Bea", "Cid", "Dan"])
    ref._act("start")
    ref._big("samba", 0)
    ref._act("result")
    assert "Ana & Cid: sambas tapped" not in texts(ref.view("result"))  # prefilled: 1 samba
    ref._count("sambas", -1)
    ref._count("pure", 1)
    ref._count("high", 7)
    shown = texts(ref.view("result"))
    assert ("Ana & Cid: sambas tapped during the hand: 1; in the entry: 0" in shown
            and "Ana & Cid: canastas tapped during the hand: 0; in the entry: 1" in shown)
    ref._pick_side("1")
    ref._count("low", 3)
    ref._ending("stock")
    ref._close()
    assert ref.error == "Bea & Dan needs 50 for its first melds; the entry has 15"
    assert ref.table.phase == "ended" and ref.side == 1


def test_back_from_an_untouched_result_entry_records_nothing(tmp_path: object) -> None:
    """A Back from the result entry once recorded zeros for the side shown and ended the
    hand. A side left untouched records nothing; one changed on screen is recorded as it
    leaves; closing the hand records every side."""
    ref: Any = referee(tmp_path, ["Ana", "Bea", "Cid", "Dan"])
    ref._act("start")
    ref._act("result")
    ref.view("result")
    ref._pick_side("1")
    ref._leave()
    assert [e.kind for e in ref.match.events] == ["start"] and ref.table.phase == "play"
    ref._act("result")
    ref._count("red_threes", 1)
    ref._leave()  # side 1, changed: recorded
    assert [e.kind for e in ref.match.events] == ["start", "samba_result"], ref.error


def test_a_sides_result_joins_its_players_parts_each_checked_alone() -> None:
    m = four()
    m.record(Start())
    m.record(Canasta(0))
    assert why(m, Part(0, high=7)) == "samba_playing"  # the hand is not over yet
    m.record(Out(2))
    h = m.table.hand
    ana = Part(0, high=7, jokers=1, pure=1, held_low=2, red_held=1)
    cid = Part(2, low=4, held_high=3)
    # a part alone is checked by the side's rules, in the player's name
    for bad, code in ((Part(0, high=2), "samba_few_melded"),
                      (Part(0, high=6, pure=1), "samba_big_cards"),
                      (Part(0, jokers=7), "samba_too_many_jokers"),
                      (Part(0, red_held=2), "samba_red_held_part"),
                      (Part(4, high=3), "no_player")):
        assert why(m, bad) == code
    reason = m.why_not(Part(2, high=2))
    assert reason is not None and reason.params["side"] == "Cid"
    m.record(ana)
    assert h.shares[0] == ana and h.results[0] is None  # Cid's part is not in yet
    m.record(cid)
    assert h.results[0] == join(0, [ana, cid]) == Result(
        0, high=7, jokers=1, low=4, pure=1, held_low=2, held_high=3, red_held=1)
    assert h.problems == [None, None]
    m.record(Part(2, low=3))  # Cid enters again: his new part replaces the old one
    assert h.results[0] == Result(0, high=7, jokers=1, low=3, pure=1, held_low=2, red_held=1)
    m.record(Result(0, high=14, pure=2))  # the host's correction replaces the join
    assert h.results[0] == Result(0, high=14, pure=2)
    m.record(Part(1, high=3))
    m.record(Part(3, high=3))
    m.record(Close())
    assert m.table.history[0].points[1] == 60


def test_parts_that_fall_short_together_leave_the_side_without_a_result() -> None:
    m = four()
    m.record(Start())
    m.record(StockOut())  # a first meld needs 50
    h = m.table.hand
    m.record(Part(1, low=3))
    m.record(Part(3, high=3, held_jokers=1))  # 15 + 30 melded: short of 50 together
    assert h.results[1] is None
    problem = h.problems[1]
    assert problem is not None and said(problem) == (
        "samba_first_meld", {"side": "Bea & Dan", "need": 50, "have": 45})
    assert problem.code in SEEN
    assert why(m, Close()) == "samba_results_missing"
    m.record(Part(3, high=4, held_jokers=1))
    assert h.results[1] == Result(1, low=3, high=4, held_jokers=1) and h.problems[1] is None
    # hands that hold with the other side more jokers than the packs: the host's to sort out
    m.record(Part(0, jokers=3, high=5, held_jokers=2))
    m.record(Part(2, held_jokers=1))
    assert h.results[0] is None and h.problems[0] is not None
    assert h.problems[0].code == "samba_too_many_jokers" and h.problems[0].code not in SEEN


def test_the_warnings_of_one_side() -> None:
    m = four()
    m.record(Start())
    m.record(Canasta(0))
    m.record(Canasta(1))
    m.record(Out(0))
    m.record(Result(0, high=5))
    m.record(Result(1, high=5))
    assert len(m.table.warnings(m.table.hand)) == 2
    assert [w.params["side"] for w in m.table.warnings(m.table.hand, side=1)] == ["Bea & Dan"]
