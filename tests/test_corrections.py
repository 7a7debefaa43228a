"""Corrections of closed rounds (models.tables.base): a round revised (Revise, its entries,
Close) or deleted (Drop) in Kartu Sama, 41 and Samba; the totals, places and the end of the
match derived again; undo, JSON and refusals; and properties over random matches."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.cards import parse_cards
from models.match import Close, Drop, Event, Hand, Match, Out, Play, Reason, Revise, Start
from models.tables.base import Change, Record
from models.tables.forty_one import Finish, Resume, Stop
from models.tables.samba import Result
from models.tables.samba import StockOut as SambaStockOut

NAMES = ("Ana", "Bea", "Cid", "Dan")


def refused(match: Match, event: Event) -> Reason:
    reason = match.why_not(event)
    assert reason is not None and not match.can(event)
    return reason


def snap(match: Match) -> Any:
    """What a table derives, as plain values (the rounds' corrections left out)."""
    t = match.table
    slots = [n for n in Record.__slots__ if n != "changes"]
    own = [n for n in type(t.rounds[0]).__slots__ if n != "places"] if t.rounds else []
    rounds = [tuple(repr(getattr(r, n)) for n in slots + own) for r in t.rounds]
    return (rounds, t.totals, t.over, t.winners, t.next_dealer, t.end, t.phase,
            [p for p in t.standings()], t.revising)


# -- Kartu Sama ---------------------------------------------------------------------------


def ks(target: int = 30, players: int = 3) -> Match:
    return Match.new(NAMES[:players], "kartu_sama", {"target": target})


def ks_round(m: Match, *hands: str) -> None:
    m.record(Start())
    for seat, text in enumerate(hands):
        m.record(Hand(seat, parse_cards(text)))
    m.record(Close())


def test_kartu_sama_revise_a_hand_scores_the_round_and_the_match_again() -> None:
    m = ks()
    ks_round(m, "", "KS", "2H")
    ks_round(m, "5H", "", "9C")
    t = m.table
    before = [list(r.points) for r in t.history]
    m.record(Revise(0))
    assert t.phase == "ended" and t.round.number == 1 and t.revising == 0
    assert t.totals == [sum(p[s] for p in before) for s in range(3)]  # nothing yet
    assert refused(m, Start()).code == "revising"
    assert refused(m, Revise(1)).code == "revising"
    assert refused(m, Drop(1)).code == "revising"
    m.record(Hand(1, parse_cards("KS QS")))
    m.record(Close())
    assert t.revising == -1 and t.phase == "closed"
    assert t.history[0].points[1] > before[0][1]
    assert t.totals == [sum(r.points[s] for r in t.history) for s in range(3)]
    assert t.history[0].changes == [Change("corrected", 2, playing=False, over=False)]
    assert t.history[1].totals == tuple(t.totals)


def test_kartu_sama_a_revised_hand_passes_the_checks_of_a_round_end() -> None:
    m = ks()
    m.record(Start())
    out = m.table.turn
    m.record(Out(out))
    others = [s for s in range(3) if s != out]
    m.record(Hand(others[0], parse_cards("KS")))
    m.record(Hand(others[1], parse_cards("2H")))
    m.record(Close())
    m.record(Revise(0))
    assert refused(m, Hand(out, parse_cards("3C"))).code == "out_hand"
    assert refused(m, Hand(others[1], parse_cards("KS"))).code == "too_many_copies"
    assert refused(m, Hand(5, ())).code == "no_player"


def test_kartu_sama_revise_after_the_end_both_ways() -> None:
    m = ks(target=20)
    ks_round(m, "", "2H", "3H")
    ks_round(m, "", "AS AH AD", "4H")  # Bea passes 20: the match ends
    t = m.table
    assert t.over and t.winners == [0]
    m.record(Revise(1))
    assert t.phase == "ended"  # (``over`` keeps what the last derivation said)
    m.record(Hand(1, parse_cards("5C")))
    m.record(Close())
    assert not t.over and t.phase == "closed" and t.winners == []  # reopened: play goes on
    assert t.history[1].changes[0].over
    m.record(Revise(1))
    m.record(Hand(1, parse_cards("AS AH AD")))
    m.record(Close())
    assert t.over and t.winners == [0]  # over again, the end derived again
    assert len(t.history[1].changes) == 2


def test_kartu_sama_revise_while_a_later_round_is_played() -> None:
    m = ks(target=1000)
    ks_round(m, "", "KS", "2H")
    m.record(Start())
    m.record(Play(m.table.turn))
    counts, turn, dealer = list(m.table.round.counts), m.table.turn, m.table.dealer
    m.record(Revise(0))
    assert m.table.phase == "ended" and m.table.round.number == 1
    assert refused(m, Play(turn)).code == "revising"
    m.record(Hand(2, parse_cards("2H 3H")))
    m.record(Close())
    t = m.table
    assert t.phase == "play" and t.turn == turn and t.dealer == dealer
    assert t.round.counts == counts and t.round.number == 2
    assert t.history[0].changes == [Change("corrected", 2, playing=True, over=False)]


def test_kartu_sama_drop_first_middle_last() -> None:
    for k in range(3):
        m = ks(target=1000)
        ks_round(m, "", "KS", "2H")
        ks_round(m, "5H", "", "9C")
        ks_round(m, "3C", "4C", "")
        dealers = [r.dealer for r in m.table.rounds]
        next_dealer = m.table.next_dealer
        kept = [r.points for i, r in enumerate(m.table.rounds) if i != k]
        m.record(Drop(k))
        t = m.table
        assert [r.points for r in t.history] == kept
        assert t.totals == [sum(p[s] for p in kept) for s in range(3)]
        assert [r.dealer for r in t.rounds] == dealers and t.next_dealer == next_dealer
        assert t.rounds[k].dropped and t.rounds[k].changes[0].kind == "deleted"
        assert len(t.played) == 3 and len(t.history) == 2
        assert refused(m, Drop(k)).code == "no_such_round"
        assert refused(m, Revise(k)).code == "no_such_round"
        m.record(Start())  # play goes on: the next round is the fourth
        assert t.round.number == 4


def test_kartu_sama_drop_of_the_round_that_ended_the_match_reopens_it() -> None:
    m = ks(target=20)
    ks_round(m, "", "2H", "3H")
    ks_round(m, "", "AS AH AD", "4H")
    assert m.table.over
    m.record(Drop(1))
    assert not m.table.over and m.table.phase == "closed"
    m.undo()
    assert m.table.over and m.table.winners == [0]


def test_undo_of_each_correction_event() -> None:
    m = ks(target=20)
    ks_round(m, "", "2H", "3H")
    ks_round(m, "", "AS AH AD", "4H")
    for event in (Revise(0), Hand(2, parse_cards("5H")), Close(), Drop(0)):
        before = snap(m)
        m.record(event)
        assert snap(m) != before
        assert m.undo() == event
        assert snap(m) == before
        m.record(event)


def test_corrections_round_trip_through_json() -> None:
    m = ks(target=20)
    ks_round(m, "", "2H", "3H")
    ks_round(m, "", "AS AH AD", "4H")
    m.record(Revise(0))
    m.record(Hand(1, parse_cards("5H")))
    m.record(Close())
    m.record(Drop(1))
    m.record(Revise(0))  # an open revision travels too
    back = Match.from_dict(m.to_dict())
    assert back.events == m.events and snap(back) == snap(m)
    assert [r.changes for r in back.table.rounds] == [r.changes for r in m.table.rounds]
    assert Revise(0).to_dict() == {"kind": "revise", "round": 0}


def test_refusals() -> None:
    m = ks()
    assert refused(m, Revise(0)).code == "no_such_round"
    m.record(Start())
    assert refused(m, Revise(0)).code == "no_such_round"  # still in play
    assert refused(m, Drop(0)).code == "no_such_round"
    with pytest.raises(Exception, match="event_int"):
        Revise(-1)


# -- 41 -----------------------------------------------------------------------------------


def forty_one() -> Match:
    return Match.new(NAMES[:3], "forty_one")


def play_41(m: Match, ender: Event, *cards: str) -> None:
    m.record(Start())
    m.record(ender)
    for seat, text in enumerate(cards):
        m.record(Hand(seat, parse_cards(text)))
    m.record(Close())


def test_forty_one_revise_swaps_the_winner_and_keeps_the_finish() -> None:
    m = forty_one()
    play_41(m, Stop(0), "AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")
    t = m.table
    assert t.history[0].winner == 0
    m.record(Finish())
    assert t.over and t.winners == [0]
    m.record(Revise(0))
    assert refused(m, Hand(0, parse_cards("2S 6H 7H 6D"))).code == "forty_one_stop_suit"
    assert refused(m, Finish()).code == "forty_one_revising"
    m.record(Hand(1, parse_cards("AH KH QH JH")))
    m.record(Hand(0, parse_cards("2S 3S 4S 5S")))
    m.record(Close())
    assert t.over and t.winners == [1]  # still finished, the winner derived again
    assert t.history[0].winner == 1 and t.wins == [0, 1, 0]


def test_forty_one_resume_reopens_a_finished_match() -> None:
    m = forty_one()
    play_41(m, Stop(0), "AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")
    assert refused(m, Resume()).code == "forty_one_not_finished"
    m.record(Finish())
    m.record(Resume())
    t = m.table
    assert not t.over and t.phase == "closed" and t.winners == []
    m.record(Start())
    assert t.dealer == t.history[0].loser
    m.record(Stop(t.turn))
    m.record(Revise(0))  # a later hand ended, its cards not yet entered: the revision first
    m.record(Close())
    assert t.phase == "ended" and t.round.number == 2


def test_forty_one_drop_keeps_the_dealers() -> None:
    m = forty_one()
    play_41(m, Stop(0), "AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")
    dealer = m.table.next_dealer
    m.record(Drop(0))
    t = m.table
    assert t.wins == [0, 0, 0] and t.totals == [0, 0, 0] and t.next_dealer == dealer
    m.record(Finish())
    assert t.over


# -- Samba --------------------------------------------------------------------------------


def samba(**options: object) -> Match:
    return Match.new(list(NAMES), "samba", {"target": 2000, **options})


def samba_hand(m: Match, out: int, *results: Result) -> None:
    m.record(Start())
    m.record(Out(out) if out >= 0 else SambaStockOut())
    for r in results:
        m.record(r)
    m.record(Close())


def test_samba_revise_results_and_the_ending() -> None:
    m = samba(target=5000)
    samba_hand(m, 0, Result(0, high=14, pure=2), Result(1, low=10))
    t = m.table
    first = list(t.totals)
    m.record(Revise(0))
    m.record(Result(1, low=10, held_high=2))
    assert m.can(Close())
    m.record(Close())
    assert t.totals[0] == first[0] and t.totals[1] < first[1]
    assert t.history[0].changes[0].kind == "corrected"
    m.record(Revise(0))
    m.record(SambaStockOut())  # nobody went out after all: no going-out bonus
    m.record(Close())
    assert t.totals[0] < first[0] and t.history[0].end.code == "samba_stock_out"


def test_samba_revise_after_the_end_both_ways_and_drop() -> None:
    m = samba()
    samba_hand(m, 0, Result(0, high=14, pure=2), Result(1, low=10))
    samba_hand(m, 0, Result(0, high=14, pure=2), Result(1, low=10))
    t = m.table
    assert t.over and t.winners == [0]
    m.record(Revise(1))
    m.record(Result(0, low=10))  # the minimum of that hand: 50, not 90
    m.record(Out(1))
    assert refused(m, Close()).code == "samba_out_short"
    m.record(SambaStockOut())
    m.record(Close())
    assert not t.over
    for _ in range(4):
        m.undo()
    m.record(Close())  # its own results again: the end as before
    t = m.table  # undo derives a new table
    assert t.over and t.winners == [0] and not t.history[1].changes
    m.record(Drop(0))
    assert not t.over and len(t.history) == 1
    assert t.dealer == 2  # the deal passes on as it was played


# -- properties ---------------------------------------------------------------------------


def random_ks(seed: int, players: int, rounds: int, target: int) -> Match:
    """A Kartu Sama match of ``rounds`` rounds of random hands (fewer if it ends)."""
    rng = random.Random(seed)
    m = ks(target=target, players=players)
    for _ in range(rounds):
        if m.table.over:
            break
        cards = list(m.table.cards)
        rng.shuffle(cards)
        m.record(Start())
        for s in range(players):
            size = rng.randrange(0, 6)
            m.record(Hand(s, tuple(cards[:size])))
            del cards[:size]
        m.record(Close())
    return m


matches = st.builds(random_ks, st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 5),
                    st.integers(20, 120))


@settings(max_examples=60, deadline=None)
@given(matches, st.data())
def test_revising_a_round_with_its_own_entries_changes_nothing(m: Match, data: Any) -> None:
    k = data.draw(st.integers(0, len(m.table.rounds) - 1))
    before = snap(m)
    r = m.table.rounds[k]
    m.record(Revise(k))
    for s, hand in enumerate(r.hands):
        m.record(Hand(s, hand))
    m.record(Close())
    assert snap(m) == before and not r.changes


@settings(max_examples=60, deadline=None)
@given(matches, st.data())
def test_totals_are_the_sum_of_the_rounds_after_any_corrections(m: Match, data: Any) -> None:
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    for _ in range(data.draw(st.integers(1, 4))):
        t = m.table
        open_ = [r.index for r in t.history]
        if not open_:
            break
        k = rng.choice(open_)
        if rng.random() < 0.3:
            m.record(Drop(k))
        else:
            m.record(Revise(k))
            seat = rng.randrange(t.n)
            others = {c for s, h in enumerate(t.rounds[k].hands) if s != seat for c in h or ()}
            free = [c for c in t.cards if c not in others]
            m.record(Hand(seat, tuple(rng.sample(free, rng.randrange(0, 6)))))
            m.record(Close())
        t = m.table
        assert t.totals == [sum(r.points[s] for r in t.history) for s in range(t.n)]
        assert t.over == bool(t.winners)
        fresh = Match.from_dict(m.to_dict())
        assert snap(fresh) == snap(m)


# -- sharing and backup -------------------------------------------------------------------


def test_a_corrected_match_travels_by_code_and_by_backup(tmp_path: Any) -> None:
    from app import backup
    from app.share.codes import summary_of
    from app.storage import Store
    from models.share import decode, encode, read_shared, shared_doc

    m = ks(target=20)
    ks_round(m, "KS", "2H", "3H")
    ks_round(m, "JS", "AS AH AD", "4H")
    m.record(Revise(1))
    m.record(Hand(1, parse_cards("5C")))
    m.record(Close())
    m.record(Drop(0))
    summary = summary_of(m)
    assert summary["status"] == "playing" and summary["round"] == 3
    assert summary["rounds"] == [list(m.table.history[0].points)]
    shared = read_shared(decode(encode(shared_doc("abc", "2026-01-01", m, summary))))
    assert shared.match.events == m.events and snap(shared.match) == snap(m)
    store = Store(tmp_path / "a")
    match_id = store.create_match(m.setup.to_dict(), [e.to_dict() for e in m.events])
    store.update_summary(match_id, summary)
    data = backup.read(backup.backup(store))
    back = [x for x in data["matches"] if x["id"] == match_id][0]
    events = back["events"] if "events" in back else back["match"]["events"]
    assert [e["kind"] for e in events][-4:] == ["revise", "hand", "close", "drop"]


def random_41(seed: int, players: int, hands: int) -> Match:
    """A 41 match of ``hands`` hands, each stopped at once by the player to move with four
    cards of one suit, the others holding any four cards."""
    rng = random.Random(seed)
    m = Match.new(NAMES[:players], "forty_one")
    for _ in range(hands):
        m.record(Start())
        ender = m.table.turn
        m.record(Stop(ender))
        suit = rng.randrange(4)
        held = rng.sample(range(suit * 13, suit * 13 + 13), 4)
        rest = [c for c in range(52) if c not in held]
        rng.shuffle(rest)
        for s in range(players):
            cards = held if s == ender else [rest.pop() for _ in range(4)]
            m.record(Hand(s, tuple(cards)))  # cards as codes
        m.record(Close())
    return m


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 4), st.data())
def test_forty_one_revising_with_its_own_cards_changes_nothing(
        seed: int, players: int, hands: int, data: Any) -> None:
    m = random_41(seed, players, hands)
    if data.draw(st.booleans()):
        m.record(Finish())
    k = data.draw(st.integers(0, hands - 1))
    before = snap(m)
    d = m.table.rounds[k]
    m.record(Revise(k))
    for s, cards in enumerate(d.hands):
        m.record(Hand(s, cards))
    m.record(Close())
    assert snap(m) == before and not d.changes
    if data.draw(st.booleans()):
        m.record(Drop(data.draw(st.integers(0, hands - 1))))
    t = m.table
    assert t.totals == [sum(d.points[s] for d in t.history) for s in range(players)]
    assert t.wins == [sum(d.winner == s for d in t.history) for s in range(players)]
