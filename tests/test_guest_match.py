"""A match at the table open to guest phones (app/guests/match_seats.py): each seat enters its own
hand from its phone through the host's own hand entry (the same words), checked alone and kept
for the host's "Save", a body drawn from an old version or a hostile one changes nothing, a
seat never sees another's cards nor learns them from what it is told, the host's screen ticks
a hand that arrives and keeps what it was tapping for the other seats, and the games whose
results the host enters show the scores only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from app.guests.match_seats import MatchSeats
from app.guests.seats import OLD, REFUSED, Reply
from app.i18n import Translator
from models.cards import parse_cards
from models.games.forty_one import hand_score
from models.games.kartu_sama import hand_points
from models.match import Hand, Match, Points
from tests.fakes import FakeShell
from views.common import find

EN, FR = Translator("en"), Translator("fr")
ANA, CID, DAN = "KS 7H 3D 2C", "QD 8C 6H 4S", "AH 9S 5C JD"  # four each, as counted


def referee(tmp_path: Path, game: str = "kartu_sama", players: int = 4) -> Any:
    from app.referees import open_match

    shell = FakeShell(tmp_path)
    shell.refreshed = 0

    def refresh() -> None:
        shell.refreshed += 1

    shell.refresh = refresh
    match = Match.new(("Ana", "Bea", "Cid", "Dan")[:players], game)
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def bea_out(ref: Any) -> None:
    """Bea plays her 8 cards; Cid, Dan and Ana draw once each: the round is over."""
    ref._act("start")
    for turn in range(29):
        ref._act("draw" if turn in (1, 2, 3) else "play")
    assert ref.match.table.phase == "ended"


def send(seats: MatchSeats, seat: int, cards: str, n: int | None = None) -> Reply:
    at = seats.referee.version if n is None else n
    return seats.act(seat, {"n": at, "hand": cards.split()})


def entry(seats: MatchSeats, seat: int, t: Translator = EN) -> Any:
    return seats.payload(seat, t)["match"]["entry"]


def cards_in(payload: dict[str, Any]) -> str:
    """The payload as JSON, the grid of the whole pack left out."""
    shown = json.loads(json.dumps(payload))
    if shown["match"]["entry"] is not None:
        shown["match"]["entry"].pop("cards")
        shown["match"]["entry"].pop("copies")
    return json.dumps(shown)


# -- Kartu Sama ---------------------------------------------------------------------------------
def test_each_seat_enters_its_own_hand_and_the_round_closes_with_its_totals(
        tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    assert seats.seats() == [(0, "Ana"), (1, "Bea"), (2, "Cid"), (3, "Dan")]
    assert entry(seats, 0) is None  # not started: nothing to enter
    bea_out(ref)
    drawn = ref.host.refreshed
    ana = entry(seats, 0)
    assert ana["game"] == "kartu_sama" and not ana["done"] and ana["hand"] == []
    assert ana["cards"][:3] == ["AS", "KS", "QS"] and ana["cards"][13] == "AH"
    assert len(ana["cards"]) == 52 and ana["copies"]["10H"] == 1 and ana["typed"]
    assert entry(seats, 1)["out"] and entry(seats, 1)["done"] and not entry(seats, 1)["typed"]
    refusal = send(seats, 1, "AS")  # Bea went out: the host's words
    assert refusal == Reply(False, "Bea went out: no card left to enter.", REFUSED)

    for seat, hand in ((0, ANA), (2, CID), (3, DAN)):
        before = ref.version
        assert send(seats, seat, hand) == Reply(True)
        assert ref.version == before and ref._entry(seat) == hand.split()  # for the host's Save
        assert ref.host.store.load_draft(ref.match_id)["hands"][str(seat)] == hand.split()
        mine = entry(seats, seat)
        assert mine["done"] and mine["hand"] == hand.split()
        assert mine["points"] == hand_points(parse_cards(hand))
    assert ref.host.refreshed == drawn + 3  # the host's screen redrawn at each hand
    players = seats.payload(0, EN)["match"]["players"]
    assert [p["in"] for p in players] == [True] * 4

    ref._save_hands()  # the host closes the round: every hand is in
    assert ref.host.route.endswith("/score") and ref.match.table.phase == "closed"
    assert [e for e in ref.match.events if isinstance(e, Hand)] == [
        Hand(s, tuple(parse_cards(h))) for s, h in ((0, ANA), (2, CID), (3, DAN))]
    points = [hand_points(parse_cards(h)) for h in (ANA, "", CID, DAN)]
    assert list(ref.match.table.totals) == points
    after = seats.payload(2, EN)["match"]
    assert [p["total"] for p in after["players"]] == [EN.plural("table.points", p)
                                                     for p in points]
    assert after["entry"] is None and after["turn"] == "Bea deals"


def test_a_hand_sent_again_replaces_it_and_points_replace_the_cards(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    assert send(seats, 0, ANA).ok
    version = ref.version
    assert send(seats, 0, "ks 7h 3d 2c").ok and ref.version == version  # the same: no event
    assert send(seats, 0, "KS 7H").ok and entry(seats, 0)["hand"] == ["KS", "7H"]
    assert seats.act(0, {"n": ref.version, "points": 12}) == Reply(True)
    assert ref.match.events[-1] == Points(0, 12)
    mine = entry(seats, 0)
    assert (mine["done"], mine["hand"], mine["points"]) == (True, [], 12)
    refused = seats.act(0, {"n": ref.version, "points": 999})
    assert refused.status == REFUSED and "999 points cannot be" in refused.why


def test_phones_entering_at_once_all_count_and_an_old_entry_changes_nothing(
        tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    drawn = ref.version
    assert seats.act(0, {"n": drawn, "points": 12}).ok
    # Cid's phone drew the grid before Ana's points came in: his hand still counts
    assert send(seats, 2, CID, n=drawn).ok and entry(seats, 2)["done"]
    events, redrawn = list(ref.match.events), ref.host.refreshed
    # Ana's phone, drawn before her own points were in, or a version never seen: nothing
    for n in (drawn, ref.version + 5, -1):
        assert send(seats, 0, "KS", n=n) == Reply(False, "", OLD)
        assert seats.act(0, {"n": n, "points": 3}) == Reply(False, "", OLD)
    assert ref.match.events == events and ref.host.refreshed == redrawn


@pytest.mark.parametrize("body", [
    ["n", 5], "hand", None, {}, {"hand": ["AS"]}, {"n": "31", "hand": ["AS"]},
    {"n": True, "hand": ["AS"]}, {"n": 31.0, "hand": ["AS"]}, {"n": "@", "hand": "AS"},
    {"n": "@", "hand": "KS 7H"}, {"n": "@", "hand": {"0": "AS"}}, {"n": "@", "hand": [1, 2]},
    {"n": "@", "hand": [None]}, {"n": "@", "hand": ["AS" * 3000]}, {"n": "@", "hand": ["AS"] * 41},
    {"n": "@", "hand": ["ZZ"]}, {"n": "@", "hand": ["AS", "ZZ"]}, {"n": "@", "hand": ["AH", "AH"]},
    {"n": "@", "hand": []}, {"n": "@", "hand": ["AS"], "x": 1},
    {"n": "@", "hand": ["AS"], "points": 3}, {"n": "@"}, {"n": "@", "points": "12"},
    {"n": "@", "points": 12.5}, {"n": "@", "points": True}, {"n": "@", "points": 10**7},
    {"n": "@", "points": -10**40}, {"n": "@", "points": None}, {"n": "@", "points": [1]},
])
def test_a_hostile_body_is_refused_with_a_why_and_changes_nothing(
        tmp_path: Path, body: Any) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    assert send(seats, 0, ANA).ok  # KS is in Ana's recorded hand
    if isinstance(body, dict) and body.get("n") == "@":
        body = {**body, "n": ref.version}
    events, version = list(ref.match.events), ref.version
    reply = seats.act(2, body)
    assert not reply.ok and reply.status == REFUSED and reply.why, reply
    assert ref.version == version and ref.match.events == events
    assert ref.host.store.load_match(ref.match_id)["events"] == [e.to_dict() for e in events]
    assert not entry(seats, 2)["done"]


def test_the_refusals_are_the_host_screens_words(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    assert send(seats, 0, ANA).ok
    phone = {cards: send(seats, 2, cards).why for cards in ("AH AH", "ZZ")}
    assert phone["ZZ"] == (
        "'ZZ' is not a card: write the rank then the suit, like AS, 10H, QD or JK.")
    assert phone["AH AH"] == "A♥ appears 2 times, but the pack holds only one."
    ref.entry[2] = ["ZZ"]  # the host tapping the same card for Cid is told so
    assert not ref._store_hand(2) and ref.error == phone["ZZ"]
    assert seats.act(2, {"n": ref.version, "hand": []}).why == (
        "Cid has no card entered: only a player who went out has none.")
    big = seats.act(2, {"n": ref.version, "hand": ["AS"] * 41})
    assert big.why == "A hand holds at most 40 cards."
    assert seats.act(-1, {"n": ref.version, "hand": ["AS"]}).why == (
        "This request cannot be read: reload the page.")
    assert seats.act(2, {"n": ref.version, "points": "twelve"}).why == (
        "“twelve” is not a number of points.")


def test_a_seat_never_sees_another_seats_cards(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    assert send(seats, 0, ANA).ok and send(seats, 3, DAN).ok
    ref.entry[2] = ["QH", "10C"]  # the host tapping Cid's hand: a draft, never shown either
    for seat in (1, 2, -1):
        payload = seats.payload(seat, FR)
        text = cards_in(payload)
        for card in parse_cards(f"{ANA} {DAN} QH 10C"):
            assert f'"{card}"' not in text, (seat, card)
        assert '["KS", "7H", "3D", "2C"]' not in json.dumps(payload)
    assert entry(seats, 0)["hand"] == ANA.split()  # Ana sees her own
    watch = seats.payload(-1, EN)
    assert (watch["seat"], watch["name"], watch["colour"], watch["match"]["entry"]) == (
        -1, "", "", None)
    assert [p["in"] for p in watch["match"]["players"]] == [True, True, False, True]


@pytest.mark.parametrize("cid", ["phone", "host"])
def test_a_phone_learns_nothing_of_another_seats_cards(tmp_path: Path, cid: str) -> None:
    """Cid's Q♦ is in (sent from his phone, or recorded by the host): Ana's phone sending Q♦
    is told, and shown, just what sending Q♥ (no one's) gets. The host is told, and its Save
    meets the clash."""
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    if cid == "phone":
        assert send(seats, 2, CID).ok
    else:
        ref.entry[2] = CID.split()
        assert ref._store_hand(2)
    seen = {}
    for card in ("QD", "QH"):  # Cid's card, then a card no one holds
        version, told = ref.version, len(ref.host.toasts)
        reply = send(seats, 0, f"KS {card}")
        payload = seats.payload(0, EN)
        assert payload["match"]["entry"]["hand"] == ["KS", card]
        seen[card] = (reply, ref.version - version,
                      json.dumps(payload).replace(f'"{card}"]', '"XX"]'))
        assert len(ref.host.toasts) == told + (card == "QD")  # the host hears of the clash
    assert seen["QD"] == seen["QH"]
    assert send(seats, 0, "KS QD").ok  # Ana's probe changed nothing: her hand is hers to send
    ref._save_hands()
    assert ref.error == "The pack in use holds 1 x Q♦, but the hands show 2"
    assert not ref.host.route.endswith("/score")


def test_the_host_screen_ticks_a_hand_from_a_phone_and_keeps_its_own_taps(
        tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    ref.view("hands")  # drawn before any hand came: Cid's shown empty
    ref._pick_player(3)
    ref._tap_card("AH")  # the host taps one of Dan's cards, then Cid's phone sends his hand
    assert send(seats, 2, CID).ok
    screen = ref.view("hands")
    assert find(screen, "status-2").icon == ft.Icons.CHECK_CIRCLE
    assert ref._entry(2) == CID.split() and ref._hands_data().players[2].done
    assert find(screen, "status-3").icon != ft.Icons.CHECK_CIRCLE
    assert ref.entry_seat == 3 and ref._entry(3) == ["AH"]  # the host's taps for Dan stay
    draft = ref.host.store.load_draft(ref.match_id)
    assert draft["hands"] == {"2": CID.split(), "3": ["AH"]} and draft["sent"] == [2]
    assert find(screen, "status-1").icon == ft.Icons.CHECK_CIRCLE  # Bea went out
    ref._pick_player(2)  # the host looks at Cid's hand: it is the one his phone sent
    ref._tap_card("4S")  # and takes a card out: recorded when another hand is shown
    ref._pick_player(0)
    assert [str(c) for c in ref.match.table.round.hands[2]] == ["QD", "8C", "6H"]
    assert entry(seats, 2)["hand"] == ["QD", "8C", "6H"]


def test_the_words_are_the_guests_language_and_the_host_keeps_its_own(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    ref._act("start")
    ref._act("play")
    fr = seats.payload(2, FR)
    assert fr["lang"] == "fr" and fr["title"] == "Kartu Sama" and fr["match"]["round"] == "Manche 1"
    assert fr["match"]["turn"] == "Ana donne · À Cid de jouer"
    assert fr["words"]["hands.for"] == "Main : Cid"
    assert fr["match"]["players"][0]["total"] == "0 pt"
    assert fr["colour"] == fr["match"]["players"][2]["colour"] == ref._colours()[2]
    en = seats.payload(2, EN)["match"]
    assert en["turn"] == "Ana deals · Cid to play" and en["entry"] is None  # turns followed
    assert ref.t.language == "en" and ref._table_data().prompt == "Cid to play"
    json.dumps(fr)


def test_hands_during_play_once_the_host_enters_them(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    ref._act("start")  # the table follows no turn: only the hands will tell
    assert entry(seats, 1) is not None
    ref._act("play")  # a turn followed: the hands wait for the round's end...
    assert entry(seats, 1) is None
    assert send(seats, 1, "AS").why == "Hands are not being entered now."
    ref._act("hands")  # ...unless the host enters them now
    ref._tap_card("2D")
    ref._pick_player(1)
    assert entry(seats, 1) is not None and entry(seats, 0)["hand"] == ["2D"]
    for seat, hand in enumerate(("2D 3D", "AS", "KS QS", "JS")):
        assert send(seats, seat, hand).ok
    assert seats.payload(3, EN)["match"]["players"][0]["in"]
    ref._save_hands()
    assert ref.host.route.endswith("/score"), ref.error
    points = [hand_points(parse_cards(h)) for h in ("2D 3D", "AS", "KS QS", "JS")]
    assert list(ref.match.table.totals) == points


# -- 41 -----------------------------------------------------------------------------------------
def to_forty_one_hands(ref: Any) -> None:
    """Ana draws, Bea draws, Cid stops: the hand is over."""
    ref._act("start")
    ref._act("draw")
    ref._act("draw")
    ref._act("stop")
    assert ref.match.table.phase == "ended"


def test_forty_one_each_seat_enters_four_cards_or_its_score(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one", players=3)
    seats = MatchSeats(ref)
    assert entry(seats, 0) is None
    to_forty_one_hands(ref)
    mine = entry(seats, 0)
    assert mine["game"] == "forty_one" and len(mine["cards"]) == 52 and "JK" not in mine["cards"]
    assert send(seats, 0, "2H 3H 4H").why == "Ana has 3 of 4 cards."
    assert "not in" in send(seats, 0, "JK 2H 3H 4H").why
    assert send(seats, 0, "2H 3H 4H 5H").ok
    assert send(seats, 2, "5H AS KS QS").ok  # Ana's 5♥ too: the host is told, not Cid
    assert ref.host.toasts[-1] == ("Cid's phone sent a hand that does not fit the other hands: "
                                   "5♥ appears 2 times, but the pack holds only one. Check "
                                   "them before closing the round.")
    assert seats.act(1, {"n": ref.version, "points": 42}).status == REFUSED
    assert seats.act(1, {"n": ref.version, "points": -5}).ok
    assert send(seats, 2, "AS KS QS JS").ok
    text = cards_in(seats.payload(1, EN))
    assert not any(f'"{c}"' in text for c in ["2H", "3H", "4H", "5H", "AS", "KS", "QS", "JS"])
    assert entry(seats, 1)["points"] == -5 and entry(seats, 2)["points"] == 41
    ref._save_hands()
    assert ref.host.route.endswith("/score"), ref.error
    assert ref._score_data().rounds == ((f"{hand_score(parse_cards('2H 3H 4H 5H'))}♥",
                                         "-5 * ▼", "41♠ ★"),)
    assert entry(seats, 0) is None
    ref._act("finish")  # the match ends: the line says who won
    assert ref.over and seats.payload(0, EN)["match"]["turn"] == ref.score().headline


def test_an_imported_match_takes_no_hand_from_a_phone(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    ref.read_only = True  # the device it came from referees it
    assert entry(seats, 0) is None
    assert send(seats, 0, ANA).why == "Hands are not being entered now."
    assert ref.match.table.round.hands[0] is None


# -- the games whose results are entered otherwise ---------------------------------------------
@pytest.mark.parametrize("game", ["samba", "sums"])
def test_samba_and_sums_show_the_scores_and_take_no_hand(tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    seats = MatchSeats(ref)
    if game == "samba":
        ref._act("start")
    for seat in (0, 3, -1):
        payload = seats.payload(seat, FR)
        match = payload["match"]
        assert match["turn"] and len(match["players"]) == 4
        assert all(p["total"] for p in match["players"])
        # Samba during a hand: nothing to enter; Sums at the deal: a player's face-up card
        assert (match["entry"] or {}).get("kind") == ("turn" if game == "sums" and seat >= 0
                                                      else None)
        json.dumps(payload)
    match = seats.payload(0, EN)["match"]
    if game == "samba":
        assert (match["round"], match["turn"]) == ("Hand 1", "Ana deals · Hand 1 under way")
    else:
        assert (match["round"], match["turn"]) == ("", "Ana's face-up card")
    version = ref.version
    reply = seats.act(0, {"n": version, "hand": ["AS"]})
    assert reply == Reply(False, "This request cannot be read: reload the page.", REFUSED)
    assert ref.version == version


def test_samba_shows_each_player_the_total_of_their_side(tmp_path: Path) -> None:
    from models.match import Close, Out, Start
    from models.tables.samba import Result, StockOut

    ref = referee(tmp_path, "samba")
    for event in (Start(), Out(0), StockOut(), Result(0, high=6), Result(1, low=10), Close()):
        assert ref.record(event), ref.host.toasts
    totals = [p["total"] for p in MatchSeats(ref).payload(1, EN)["match"]["players"]]
    assert totals == ["60 pts", "50 pts", "60 pts", "50 pts"]  # Ana & Cid, Bea & Dan
