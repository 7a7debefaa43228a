"""Samba and Sums at the table from the players' phones, headless (app/guests/match.py and the
games' referees): each Samba player sends their own part of their side's result, by counts or
card by card, checked alone in their name; the side's result joins its players' parts; the
first-meld shortfall and the canasta warnings reach the side's phones, a clash with the hands
only the host; each Sums player enters their own moves. Every refusal is in the phone's
language, a body drawn from an old version or a hostile one changes nothing, and a seat never
sees another's hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.guests.match_seats import MatchSeats
from app.guests.seats import OLD, REFUSED, Reply
from app.i18n import Translator, refusal
from models.match import Close, Out, Start
from models.tables.samba import COUNTS, Canasta, Part, Result, StockOut
from tests.test_guest_match import referee
from views.common import find

EN, FR, ID = Translator("en"), Translator("fr"), Translator("id")


def counts(**given: int) -> dict[str, int]:
    """Every count of a part, as the page sends it."""
    return {k: given.get(k, 0) for k in COUNTS}


def part(seats: MatchSeats, seat: int, sent: dict[str, Any], n: int | None = None,
         t: Translator = EN) -> Reply:
    at = seats.referee.version if n is None else n
    return seats.act(seat, {"n": at, "part": sent}, t)


def entry(seats: MatchSeats, seat: int, t: Translator = EN) -> Any:
    return seats.payload(seat, t)["match"]["entry"]


def samba_ended(tmp_path: Path, players: int = 4) -> tuple[Any, MatchSeats]:
    """A Samba match whose first hand Cid ended by going out; Ana & Cid tapped a canasta."""
    ref = referee(tmp_path, "samba", players)
    for event in (Start(), Canasta(0), Out(min(2, players - 1))):
        assert ref.record(event), ref.host.toasts
    return ref, MatchSeats(ref)


ANA = counts(high=8, jokers=1, pure=1, held_low=2, red_held=1)
CID = counts(aces_twos=3, held_high=1)


def test_each_partner_sends_their_part_and_the_side_result_joins_them(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    mine = entry(seats, 0)
    assert mine["kind"] == "part" and not mine["done"] and mine["sent"] is None
    assert mine["note"] == ("Share out your side's melds with Cid: count yours, and the cards "
                            "left in your own hand.")
    assert [g[0] for g in mine["groups"]] == ["melded", "big", "held"]
    assert mine["groups"][2][2][-1][:3] == ["red_held", "A red 3 left in my hand", 1]
    assert len(mine["cards"]) == 53 and mine["copies"]["JK"] == 6
    ref.view("result")
    drawn = ref.host.refreshed
    assert part(seats, 0, ANA) == Reply(True)
    h = ref.match.table.hand
    assert h.shares[0] == Part(0, **ANA) and h.results[0] is None
    assert ref.host.refreshed == drawn + 1  # the host's screen shows it
    ana = entry(seats, 0)
    assert ana["done"] and ana["sent"] == ANA
    assert ana["lines"] == ["Melded cards +130 · left in hand −760", "Waiting for Cid."]
    assert [p["in"] for p in seats.payload(3, EN)["match"]["players"]] == [
        True, False, False, False]
    assert ref._entry_data().phones == "From their phones: Ana"
    assert ref._counts(0)["high"] == 8  # the host sees what came, to complete or correct
    # Cid, card by card: his melds (three aces) and his hand (a king)
    sent = {"melded": ["AS", "AH", "AD"], "hand": ["KC"], "pure": 0, "mixed": 0, "sambas": 0}
    assert part(seats, 2, sent) == Reply(True)
    assert h.shares[2] == Part(2, **CID)
    assert h.results[0] == Result(0, high=8, jokers=1, pure=1, aces_twos=3, held_low=2,
                                  held_high=1, red_held=1)
    cid = entry(seats, 2)
    assert cid["done"] and cid["lines"][-1] == "Ana & Cid's result is in."
    assert cid["warning"] == ""  # one canasta tapped, one entered
    screen = ref.view("result")
    assert find(screen, "phones").value == "From their phones: Ana and Cid"
    # Bea and Dan alike; then the host closes the hand with the phones' results
    assert part(seats, 1, counts(low=3, held_jokers=1)).ok
    assert part(seats, 3, counts(high=4)).ok
    assert all(p["in"] for p in seats.payload(0, EN)["match"]["players"])
    assert ref.record(StockOut())  # the host corrects: nobody went out, the stock ran out
    ref._close()
    assert ref.host.route.endswith("/score"), ref.error
    assert ref.match.table.history[0].points == (
        80 + 50 + 60 - 10 - 10 + 500 - 750, 15 + 40 - 50)


def test_a_part_is_checked_alone_in_the_players_name_and_language(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    version, events = ref.version, list(ref.match.events)
    short = part(seats, 0, counts(high=6, pure=1), t=FR)
    assert short == Reply(False, "Ana : les canastas et sambas (1) demandent 7 cartes posées ; "
                                 "saisies : 6", REFUSED)
    assert part(seats, 2, counts(high=2), t=ID).why == (
        "Cid: 2 kartu yang diturunkan belum bisa jadi satu kombinasi (paling sedikit 3 kartu)")
    assert part(seats, 0, counts(jokers=5, held_jokers=2)).why == (
        "7 jokers entered, but the pack holds 6")
    four = {"melded": ["AS"] * 4, "hand": [], "pure": 0, "mixed": 0, "sambas": 0}
    assert part(seats, 0, four).why == "The pack in use holds 3 × A♠, not 4."
    assert ref.version == version and ref.match.events == events


def test_the_side_hears_its_first_meld_shortfall_and_the_other_side_nothing(
        tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    assert part(seats, 1, counts(low=3)).ok
    assert part(seats, 3, counts(high=3)).ok  # 15 + 30 melded: short of the first meld's 50
    h = ref.match.table.hand
    assert h.results[1] is None
    for seat in (1, 3):
        mine = entry(seats, seat, FR)
        assert not mine["done"] and mine["sent"] is not None
        assert mine["problem"] == ("Bea & Dan doit atteindre 50 pour ses premières poses ; "
                                   "la saisie en compte 45")
    assert entry(seats, 0)["problem"] == "" and not entry(seats, 0)["done"]
    ref.side = 1
    assert ref._entry_data().error == "Bea & Dan needs 50 for its first melds; the entry has 45"
    assert part(seats, 3, counts(high=4)).ok  # Dan counts again: the side's result is in
    assert h.results[1] == Result(1, low=3, high=4) and entry(seats, 1)["done"]


def test_a_clash_with_the_hands_is_the_hosts_alone(tmp_path: Path) -> None:
    """Ana & Cid's parts hold five jokers, Bea's hand two: Bea's and Dan's phones hear of
    nothing, Ana's and Cid's only that the host checks their side; the host sees why."""
    ref, seats = samba_ended(tmp_path)
    assert part(seats, 1, counts(low=3, held_jokers=2)).ok
    assert part(seats, 3, counts(high=3, jokers=1)).ok
    before = {s: seats.payload(s, EN) for s in (1, 3)}
    assert part(seats, 0, counts(high=7, pure=1, held_jokers=2)).ok
    assert part(seats, 2, counts(jokers=3)).ok
    h = ref.match.table.hand
    assert h.results[0] is None and h.problems[0] is not None
    for s in (1, 3):
        after = seats.payload(s, EN)
        for seen in (after, before[s]):  # but the version, the ticks of Ana and Cid, and
            seen.pop("n")  # whose move is the last one (to take back)
            seen["match"].pop("asks")
            for p in seen["match"]["players"]:
                p.pop("in")
        assert after == before[s], s
    for s in (0, 2):
        mine = entry(seats, s)
        assert mine["done"] and mine["problem"] == ""
        assert mine["lines"][-1] == "The host checks Ana & Cid's result."
        assert "pack holds" not in json.dumps(seats.payload(s, EN))
    ref.side = 0
    assert ref._entry_data().error == "8 jokers entered, but the pack holds 6"


def test_the_canasta_warnings_reach_the_sides_phones(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    assert part(seats, 0, counts(high=8)).ok
    assert part(seats, 2, counts(low=3)).ok  # no canasta entered: one was tapped
    warning = "Ana & Cid: canastas tapped during the hand: 1; in the entry: 0."
    assert entry(seats, 0)["warning"] == entry(seats, 2)["warning"] == warning
    assert entry(seats, 1)["warning"] == ""


def test_a_player_alone_on_a_side_is_the_side(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path, players=3)
    assert entry(seats, 0)["note"] == "Count your melds and the cards left in your hand."
    assert part(seats, 0, counts(high=3)).ok  # 30: short of 50
    assert entry(seats, 0)["problem"] == "Ana needs 50 for its first melds; the entry has 30"
    assert part(seats, 0, counts(high=5)).ok
    assert ref.match.table.hand.results[0] == Result(0, high=5)


def test_an_old_page_and_hostile_bodies_change_nothing(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    drawn = ref.version
    assert part(seats, 1, counts(low=3)).ok
    assert part(seats, 2, CID, n=drawn).ok  # drawn before Bea's part: it still counts
    assert part(seats, 2, counts(low=4), n=drawn) == Reply(False, "", OLD)  # before his own
    assert ref.record(Result(0, high=5))  # the host enters Ana & Cid's result
    assert part(seats, 0, ANA, n=drawn + 2) == Reply(False, "", OLD)
    assert part(seats, 3, counts(high=4), n=drawn + 2).ok  # the other side's: it counts
    events = list(ref.match.events)
    for body in ({"part": counts(high=-1)}, {"part": counts(high=True)},
                 {"part": counts(high=10**6)}, {"part": {**counts(), "x": 1}},
                 {"part": {"melded": "AS", "hand": [], "pure": 0, "mixed": 0, "sambas": 0}},
                 {"part": {"melded": ["AS"], "hand": [7], "pure": 0, "mixed": 0, "sambas": 0}},
                 {"part": {"melded": ["AS"] * 200, "hand": [], "pure": 0, "mixed": 0,
                           "sambas": 0}},
                 {"part": {"melded": [], "hand": [], "pure": 0.5, "mixed": 0, "sambas": 0}},
                 {"part": [1, 2]}, {"part": counts(), "hand": ["AS"]}, {"move": "x"}, {}):
        reply = seats.act(0, {"n": ref.version, **body})
        assert not reply.ok and reply.status == REFUSED, body
        assert reply.why == "This request cannot be read: reload the page."
    reply = part(seats, 0, {"melded": ["ZZ"], "hand": [], "pure": 0, "mixed": 0, "sambas": 0})
    assert reply.why.startswith("'ZZ' is not a card")
    assert ref.match.events == events


def test_a_seat_never_sees_anothers_part(tmp_path: Path) -> None:
    ref, seats = samba_ended(tmp_path)
    assert part(seats, 0, counts(high=8, held_low=17)).ok
    for seat in (1, 2, 3, -1):
        text = json.dumps(seats.payload(seat, EN))
        assert '"held_low": 17' not in text and "−170" not in text, seat
    assert entry(seats, -1 + 1)["sent"]["held_low"] == 17  # Ana's own
    assert seats.payload(-1, EN)["match"]["entry"] is None


def test_no_part_before_the_hand_is_over_nor_in_an_imported_match(tmp_path: Path) -> None:
    ref = referee(tmp_path, "samba")
    seats = MatchSeats(ref)
    assert ref.record(Start())
    assert entry(seats, 0) is None
    assert part(seats, 0, counts(high=3)).why == (
        "The hand is still being played: say who went out first")
    assert ref.record(StockOut())
    ref.read_only = True
    assert entry(seats, 0) is None
    assert part(seats, 0, counts(high=3)).why == "Hands are not being entered now."
    ref.read_only = False
    assert ref.record(Result(0, high=5)) and ref.record(Result(1, high=5))
    assert ref.record(Close())
    assert entry(seats, 0) is None


@pytest.mark.parametrize("t", [EN, FR, ID])
def test_a_kartu_sama_hand_is_refused_in_the_phones_language(tmp_path: Path,
                                                             t: Translator) -> None:
    """The host's hand entry says its refusals in the phone's language (it said them in the
    host's)."""
    from models.cards import check_within, pack, parse_cards
    from models.errors import MejaError
    from tests.test_guest_match import bea_out

    ref = referee(tmp_path)
    bea_out(ref)
    seats = MatchSeats(ref)
    assert seats.act(1, {"n": ref.version, "hand": ["AS"]}, t).why == t(
        "hands.went_out", name="Bea")
    assert seats.act(0, {"n": ref.version, "hand": []}, t).why == t("hands.empty", name="Ana")
    with pytest.raises(MejaError) as twice:
        check_within(parse_cards("AH AH"), pack())
    assert seats.act(0, {"n": ref.version, "hand": ["AH", "AH"]}, t).why == refusal(
        t, twice.value)
    assert ref.t.language == "en" and not ref.host.toasts


# -- Sums: each player's own moves --------------------------------------------------------------
def sums(tmp_path: Path) -> tuple[Any, MatchSeats]:
    ref = referee(tmp_path, "sums", players=2)
    return ref, MatchSeats(ref)


def move(seats: MatchSeats, seat: int, key: str, t: Translator = EN,
         n: int | None = None) -> Reply:
    at = seats.referee.version if n is None else n
    return seats.act(seat, {"n": at, "move": key}, t)


def test_each_sums_player_enters_their_own_moves(tmp_path: Path) -> None:
    ref, seats = sums(tmp_path)
    for seat in (0, 1):
        deal = entry(seats, seat)
        assert (deal["kind"], deal["prompt"], len(deal["grid"])) == (
            "turn", "Your face-up card", 52)
    assert move(seats, 1, "card-7C") == Reply(True)  # Bea's face-up card first: any order
    assert entry(seats, 1) is None
    assert [p["in"] for p in seats.payload(0, EN)["match"]["players"]] == [False, True]
    assert move(seats, 0, "card-5S").ok
    table = ref.match.table
    assert [[str(c) for c in cards] for cards in table.in_play] == [["5S"], ["7C"]]
    assert entry(seats, 1) is None  # Ana's turn: Bea has nothing to enter
    ana = entry(seats, 0)
    assert (ana["prompt"], ana["buttons"], ana["grid"]) == (
        "Your turn: draw", [["draw-0", "Pile 1"], ["draw-1", "Pile 2"]], [])
    assert move(seats, 1, "draw-0", FR) == Reply(False, "C'est à Ana de jouer, pas à Bea",
                                                 REFUSED)
    assert move(seats, 0, "draw-1").ok and table.piles[1] == table.piles[0] - 1
    assert entry(seats, 0)["prompt"] == "Your turn: place a card"
    assert move(seats, 0, "card-5S", FR).why == "5♠ est déjà visible ou retirée"
    assert move(seats, 0, "card-2S").ok  # 5♠ + 2♠ = 7: Bea's 7♣ goes to Ana
    assert [str(c) for c in table.captured[0]] == ["7C"]
    bea = entry(seats, 1)  # her turn, and her 7♣ may still be countered
    assert bea["prompt"] == "Your turn: draw" and ["draw-0", "Pile 1"] in bea["buttons"]
    assert bea["counter"]["title"] == "Ana's 2♠ takes your 7♣: a counter?"
    assert ["counter-5C", "Counter with 5♣ (7♣ - 5♣ = 2)"] in bea["counter"]["buttons"]
    assert move(seats, 1, "counter-5C").ok  # the removal is taken back, her 5♣ takes the 2♠
    assert [str(c) for c in table.captured[1]] == ["2S"] and not table.captured[0]


def test_a_sums_move_from_an_old_page_or_a_hostile_body_changes_nothing(tmp_path: Path) -> None:
    ref, seats = sums(tmp_path)
    drawn = ref.version
    assert move(seats, 0, "card-5S").ok
    assert move(seats, 1, "card-7C", n=drawn) == Reply(False, "", OLD)  # moves come in turn
    events = list(ref.match.events)
    for key in ("", "x" * 25, "draw-x", "target-a-5S", "back-ZZ", "counter-", "nope", 5, None):
        reply = seats.act(1, {"n": ref.version, "move": key})
        assert not reply.ok and reply.status == REFUSED, key
    assert move(seats, 1, "card-ZZ").why.startswith("'ZZ' is not a card")
    assert move(seats, 1, "card-JK").why == "Sums is played without jokers"
    assert ref.match.events == events


# -- the round's summary at a match at the table ---------------------------------------------
def test_each_phone_closes_the_rounds_summary_and_the_next_round_closes_it_for_all(
        tmp_path: Path) -> None:
    from tests.test_guest_match import ANA, CID, DAN, bea_out, send

    ref = referee(tmp_path)
    bea_out(ref)
    seats = MatchSeats(ref)
    assert "summary" not in seats.payload(0, EN)["match"]
    for seat, hand in ((0, ANA), (2, CID), (3, DAN)):
        assert send(seats, seat, hand).ok
    ref._save_hands()  # the host closes the round
    match = seats.payload(0, FR)["match"]
    summary = match["summary"]
    assert summary["heading"] == "Fin de la manche 1"
    assert [line["name"] for line in summary["lines"]] == ["Ana", "Bea", "Cid", "Dan"]
    assert summary["lines"][1]["points"].startswith("0")  # Bea went out
    assert match["asks"] == {"close": "Fermer le résumé", "seen": 1}
    assert "summary" not in seats.payload(-1, EN)["match"]  # the table screen: no summary
    version = ref.version
    assert seats.act(0, {"n": version - 1, "close": 1}) == Reply(False, "", OLD)
    assert seats.act(0, {"n": version, "close": 2}) == Reply(False, "", OLD)
    assert seats.act(0, {"n": version, "close": 1}) == Reply(True)
    assert "summary" not in seats.payload(0, EN)["match"]  # closed on Ana's phone
    assert "summary" in seats.payload(1, EN)["match"]  # still on Bea's
    assert ref.version == version  # nothing recorded
    ref._act("start")  # the host starts the next round: closed on every phone
    assert "summary" not in seats.payload(1, EN)["match"]
    assert seats.act(1, {"n": ref.version, "close": 1}) == Reply(False, "", OLD)


def test_a_phone_asks_the_host_to_take_back_its_move(tmp_path: Path) -> None:
    from app.guests.seats import ACCEPT, REFUSE
    from app.referees import Referees

    ref, seats = sums(tmp_path)
    assert move(seats, 1, "card-7C").ok
    assert move(seats, 0, "card-5S").ok  # Ana's face-up card: the last move is hers
    mine = seats.payload(0, FR)["match"]["asks"]
    assert mine == {"ask_undo": "Reprendre"}
    assert seats.payload(1, EN)["match"]["asks"] == {}  # not Bea's
    version = ref.version
    assert seats.act(1, {"n": version, "undo": True}).status == REFUSED
    assert seats.act(0, {"n": version - 1, "undo": True}) == Reply(False, "", OLD)
    assert seats.act(0, {"n": version, "undo": True}) == Reply(True)
    assert seats.payload(0, EN)["match"]["asks"]["note"] == (
        "The host is asked to take back your move…")
    referees = Referees(ref.host)
    referees.current = ref

    def screen() -> Any:
        return referees.screen(ref.match_id, "", lambda *_a: None, lambda _m: None)

    asked = find(screen(), "asks-undo")
    assert asked is not None and asked.value == "Ana asks to take back their move"
    find(screen(), f"answer-{REFUSE}").on_click(None)  # the host refuses
    assert ref.version == version and find(screen(), "asks-undo") is None
    assert seats.payload(0, FR)["match"]["asks"]["note"] == "L'hôte a gardé votre coup."
    assert seats.act(0, {"n": version, "undo": True}).ok  # asked again
    accept = find(screen(), f"answer-{ACCEPT}")
    accept.on_click(None)
    accept.on_click(None)  # a double tap takes back one move
    assert ref.version == version - 1 and not ref.match.table.in_play[0]
    assert seats.payload(0, EN)["match"]["asks"] == {"note": "The host took back your move."}
    assert entry(seats, 0)["prompt"] == "Your face-up card"  # to enter again
