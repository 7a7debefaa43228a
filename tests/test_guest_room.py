"""The room screen (app/guests/room.py), headless: what the table screen's link is sent holds
the public table, the last moves and each round's summary, in the screen's language, and never
a card of any hand: at a game on the device whatever the seats hold (a random walk of every
game), at a match at the table whatever the phones sent or the host is entering."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.guests.match_seats import MatchSeats
from app.guests.room import round_ends
from app.i18n import Translator
from app.play import DevicePlay
from models.cards import format_cards, parse_cards, samba_pack
from tests.test_guest_match import ANA, CID, DAN, bea_out, referee, send, to_forty_one_hands
from tests.test_guest_play import seated

EN, FR, ID = Translator("en"), Translator("fr"), Translator("id")
GAMES = ("kartu_sama", "forty_one", "samba", "sums")
PEOPLE = ("person", "simple", "simple", "simple")
NAMES = ("Ana", "Bea", "Cid", "Dan")
CARD = re.compile(r"^(?:10|[2-9AJQK])[SHDC]$|^JK$")


def sent(seats: Any, t: Translator) -> dict[str, Any]:
    """The room as the screen gets it (JSON)."""
    return dict(json.loads(json.dumps(seats.room(t))))


def walk(play: DevicePlay, steps: int, rng: random.Random) -> None:
    """``steps`` random moves, every summary closed (a person's and the computers' alike)."""
    for _ in range(steps):
        if play.state.is_over:
            return
        if play.pending:
            play.game.next_round(play.game.seen)
            continue
        action = rng.choice(play.state.legal_actions())
        version = play.game.version
        if play.game.person_turn() >= 0:
            assert play.game.move(action, version).changed
        else:
            assert play.game.computer_move(action, version).changed


def until_summary(play: DevicePlay, rng: random.Random) -> None:
    while not play.pending and not play.state.is_over:
        walk(play, 1, rng)


def shown_cards(room: dict[str, Any]) -> Counter[str]:
    """Every card the room draws: the seats' face-up cards, the piles' tops, the melds."""
    codes = [c for s in room["seats"] for c in s["up"]]
    codes += [p["top"] for p in room["piles"] if p["top"]]
    codes += [c for side in room["sides"] for m in side["melds"] for c in m["cards"]]
    return Counter(codes)


def notations(value: object) -> list[str]:
    """Every string in ``value`` (parsed JSON) written as a card."""
    if isinstance(value, dict):
        return [c for v in value.values() for c in notations(v)]
    if isinstance(value, list):
        return [c for v in value for c in notations(v)]
    return [value] if isinstance(value, str) and CARD.match(value) else []


def hands(play: DevicePlay) -> Counter[str]:
    """The cards of every hand now."""
    state = play.state
    return Counter(c for s in range(len(play.names))
                   for c in format_cards(list(state.observation(s).hand)).split()
                   if state.observation(s).hand)


def copies(game: str) -> Counter[str]:
    """How many of each card the game's pack holds (one pack, but in Samba)."""
    if game == "samba":
        return Counter(format_cards([c]) for c in samba_pack())
    return Counter(format_cards([c]) for c in range(52))


# -- a game on the device ----------------------------------------------------------------------
@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_the_room_never_holds_a_card_of_a_hand(tmp_path: Path, game: str, seed: int) -> None:
    """At every move of a random game: each card the room draws is one no hand holds (in
    Samba's packs, a copy no hand holds), the cards are drawn only where the table shows
    them, and the summaries carry no card."""
    _shell, play, seats, _hub = seated(tmp_path / f"{game}-{seed}", {0}, NAMES, PEOPLE, game)
    rng = random.Random(seed)
    pack = copies(game)
    for _ in range(120):
        message = sent(seats, EN)
        room = message["room"]
        held = hands(play)
        for code, n in shown_cards(room).items():
            assert n + held[code] <= pack[code], (game, play.game.version, code)
        assert Counter(notations(message)) == shown_cards(room)  # no card anywhere else
        assert all("cards" not in line for r in room["rounds"] for line in r["lines"])
        walk(play, rng.randint(1, 6), rng)
        if play.state.is_over:
            break


def test_the_room_shows_the_public_table_whose_turn_and_the_last_moves(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0}, NAMES, PEOPLE, "kartu_sama")
    walk(play, 9, random.Random(1))
    message = sent(seats, EN)
    room = message["room"]
    assert (message["seat"], message["title"]) == (-1, "Kartu Sama")
    assert message["words"]["moves"] == "Last moves"
    assert room["round"] == "Round 1" and not room["ended"] and room["rounds"] == []
    turn = play.game.waiting_for()
    assert [s["turn"] for s in room["seats"]] == [s == turn for s in range(4)]
    assert NAMES[turn] in room["prompt"]
    counts = [len(play.state.observation(s).hand) for s in range(4)]
    assert [s["cards"] for s in room["seats"]] == counts
    assert [s["name"] for s in room["seats"]] == list(NAMES)
    assert [s["colour"] for s in room["seats"]] == list(play.colours())
    draw, discard = room["piles"]
    assert (draw["label"], draw["top"], discard["label"]) == ("Draw pile", "", "Discard pile")
    assert discard["top"] == format_cards([play.state.observation(0).top])
    log = play.log()  # the host's last moves, newest first, by round
    assert [(m["text"], m["round"]) for m in room["moves"]] == [(e.text, e.round) for e in log]
    assert room["moves"][0]["round"] == "Round 1"


def test_each_round_ends_on_its_summary_and_keeps_it(tmp_path: Path) -> None:
    """The round just closed: its summary as the host shows it (the points, totals, who won and
    why), the cards left out, and the next deal hidden; it stays, as it was, once the next
    rounds are played."""
    _shell, play, seats, _hub = seated(tmp_path, {0}, NAMES, PEOPLE, "kartu_sama")
    rng = random.Random(4)
    until_summary(play, rng)
    host = play.summary("Kartu Sama")
    room = sent(seats, EN)["room"]
    first = room["rounds"][0]
    assert room["ended"] and len(room["rounds"]) == 1
    assert room["prompt"] == "The host starts the next round"
    assert all(s["cards"] is None and not s["turn"] for s in room["seats"])
    assert room["piles"] == [] and room["sides"] == []
    assert (first["heading"], first["how"], first["why"]) == (host.heading, [host.how],
                                                              list(host.why))
    assert [(x["name"], x["points"], x["total"], x["won"], x["detail"])
            for x in first["lines"]] == [(x.name, x.points, x.total, x.won, x.detail)
                                         for x in host.lines]
    assert any(x.cards for x in host.lines)  # the host shows the hands; the room never does
    walk(play, 1, rng)  # the host starts the next round
    room = sent(seats, EN)["room"]
    assert not room["ended"] and room["rounds"] == [first] and room["round"] == "Round 2"
    until_summary(play, rng)
    walk(play, 1, rng)
    until_summary(play, rng)
    rounds = sent(seats, EN)["room"]["rounds"]
    assert [r["heading"] for r in rounds] == [f"End of round {n}" for n in (3, 2, 1)]
    assert rounds[-1] == first


def test_the_last_summary_says_who_won_the_game(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0}, NAMES, PEOPLE, "sums")
    until_summary(play, random.Random(2))
    host = play.summary("Sums")
    room = sent(seats, EN)["room"]
    assert play.state.is_over and room["ended"] and host.verdict
    assert room["rounds"][0]["verdict"] == list(host.verdict)
    assert room["prompt"] == host.verdict[0] and room["round"] == "Game over"
    assert sent(seats, FR)["room"]["round"] == "Partie terminée"


def test_the_room_speaks_the_screens_language(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0}, NAMES, PEOPLE, "forty_one")
    walk(play, 5, random.Random(3))
    fr, ind = sent(seats, FR), sent(seats, ID)
    assert (fr["lang"], ind["lang"]) == ("fr", "id")
    assert fr["words"]["moves"] == "Derniers coups" and ind["words"]["moves"] == "Langkah terakhir"
    assert fr["words"]["rounds"] == "Mains jouées"
    assert ind["words"]["rounds"] == "Babak yang sudah dimainkan"
    assert fr["room"]["round"] == "Main 1" and ind["room"]["round"] == "Babak 1"
    json.dumps(fr)


def test_a_move_that_closes_two_rounds_ends_both() -> None:
    """41's instant 41 at the next deal: the move that closed one round closed the next."""

    class Moved:
        def __init__(self, round: int) -> None:
            self.round = round

    made = [Moved(0), Moved(0), Moved(0), Moved(2), Moved(2), Moved(3)]
    assert round_ends(made, 3) == [3, 3, 5]
    assert round_ends(made, 4) == [3, 3, 5, 6]
    assert round_ends([], 1) == [0]  # closed at the first deal


# -- a match at the table ----------------------------------------------------------------------
def test_a_match_room_never_shows_a_hand_sent_or_entered(tmp_path: Path) -> None:
    ref = referee(tmp_path)
    seats = MatchSeats(ref)
    bea_out(ref)
    assert send(seats, 0, ANA).ok and send(seats, 3, DAN).ok
    ref.entry[2] = ["QH", "10C"]  # the host tapping Cid's hand: a draft
    message = sent(seats, EN)
    room = message["room"]
    assert notations(message) == []
    assert [s["done"] for s in room["seats"]] == [True, True, False, True]
    assert [s["cards"] for s in room["seats"]] == [4, 0, 4, 4]  # the table counts them
    assert room["prompt"] == "The round is over" and room["notes"] == ["Bea played their last card"]
    assert send(seats, 2, CID).ok
    ref._save_hands()
    message = sent(seats, EN)
    room = message["room"]
    assert notations(message) == []
    (card,) = room["rounds"]
    assert card["heading"] == "Round 1" and card["how"] == ["Ana dealt",
                                                             "Bea played their last card"]
    won = [x["name"] for x in card["lines"] if x["won"]]
    assert won == ["Bea"] and card["lines"][0]["points"] == "13 pts"
    assert room["moves"][0] == {"text": "Round closed", "round": "Round 1"}
    assert "Dan's hand" in [m["text"] for m in room["moves"]]
    assert room["prompt"] == "Bea deals" and room["ended"]  # until the next round is dealt
    for hand in (ANA, CID, DAN):
        for code in parse_cards(hand):
            assert f'"{code}"' not in json.dumps(message)
    ref._act("start")  # Bea deals: the table again, the round's summary among the others
    room = sent(seats, EN)["room"]
    assert not room["ended"] and room["rounds"] == [card] and room["round"] == "Round 2"


def test_a_match_room_of_each_game(tmp_path: Path) -> None:
    from models.cards import parse_card
    from models.match import Close, Out, Start
    from models.tables.samba import Result, StockOut
    from models.tables.sums import FaceUp

    ref = referee(tmp_path / "41", "forty_one", players=3)
    to_forty_one_hands(ref)
    room = sent(MatchSeats(ref), FR)["room"]
    assert room["round"] == "Main 1" and room["piles"][0]["count"] == 38
    assert room["moves"][0] == {"text": "Cid a arrêté", "round": "Main 1"}
    ref = referee(tmp_path / "samba", "samba")
    for event in (Start(), Out(0), StockOut(), Result(0, high=6), Result(1, low=10), Close(),
                  Start()):
        assert ref.record(event), ref.host.toasts
    room = sent(MatchSeats(ref), EN)["room"]
    assert [s["score"] for s in room["seats"]] == ["60 pts", "50 pts", "60 pts", "50 pts"]
    assert [s["label"] for s in room["sides"]] == ["Ana & Cid", "Bea & Dan"]
    assert room["rounds"][0]["heading"] == "Hand 1" and room["rounds"][0]["lines"][0]["won"]
    assert room["moves"][:2] == [{"text": "", "round": "Hand 2"},
                                 {"text": "Hand closed", "round": "Hand 1"}]
    ref = referee(tmp_path / "sums", "sums")
    for seat, text in enumerate(("5D", "QD", "7H", "8C")):
        assert ref.record(FaceUp(seat, parse_card(text)))
    room = sent(MatchSeats(ref), EN)["room"]
    assert [s["up"] for s in room["seats"]] == [["5D"], ["QD"], ["7H"], ["8C"]]  # face up
    assert room["seats"][0]["turn"] and room["round"] == ""
    assert [p["label"] for p in room["piles"]] == ["Pile 1", "Pile 2"]


def test_a_finished_match_ends_on_its_places(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one", players=3)
    seats = MatchSeats(ref)
    to_forty_one_hands(ref)
    for seat, hand in enumerate(("2H 3H 4H 6D", "2C 3C 4C 5C", "AS KS QS JS")):
        assert send(seats, seat, hand).ok
    ref._save_hands()
    assert ref.host.route.endswith("/score"), ref.error
    ref._act("finish")
    message = sent(seats, EN)
    room = message["room"]
    score = ref.score()
    assert ref.over and room["ended"] and notations(message) == []
    final, hand = room["rounds"]
    assert final["heading"] == score.headline and hand["heading"] == "Hand 1"
    assert [(x["name"], x["won"]) for x in final["lines"]] == [
        (p.name, p.place == 1) for p in score.places]
    assert final["lines"][0]["colour"] == ref._colours()[ref.names.index(score.places[0].name)]
