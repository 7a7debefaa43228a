"""A game on the device with guest phones at people's seats, headless: a guest sees its own
hand and no other seat's, plays by the taps its table offers (through the host's own path:
checked once, saved, acknowledged only then), and a hostile body changes nothing. The host's
screen shows the public table for the seats its guests hold, with no hand-over cover."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.guests.play_seats import PlaySeats
from app.guests.seats import OLD, REFUSED
from app.i18n import Translator
from app.play import DevicePlay, new_doc
from models.cards import format_cards
from tests.test_play_summary import Shell


class Hub:
    """The guests of the open table, as a game on the device asks them."""

    def __init__(self, seated: set[int]) -> None:
        self.held = frozenset(seated)
        self.published = 0

    def seated(self, key: str) -> frozenset[int]:
        return self.held

    def publish(self, key: str) -> None:
        self.published += 1


def seated(tmp_path: Path, guests: set[int], names: tuple[str, ...] = ("Ana", "Bea", "Cid"),
           kinds: tuple[str, ...] = ("person", "person", "strong"),
           game: str = "kartu_sama") -> tuple[Shell, DevicePlay, PlaySeats, Hub]:
    shell = Shell(tmp_path)
    hub = Hub(guests)
    shell.guests = hub  # type: ignore[attr-defined]
    doc = new_doc(game, list(names), list(kinds), {}, casual=False, pace=0)
    doc.seed = 5
    play = DevicePlay(shell, "play-guests", doc)  # type: ignore[arg-type]
    shell.play = play
    while play.game.computer_turn() >= 0:  # the computers' moves before a person's
        play.game.computer_move(play.state.legal_actions()[0], play.game.version)
    return shell, play, PlaySeats(play), hub


def hand(play: DevicePlay, seat: int) -> list[str]:
    cards = play.state.observation(seat).hand
    return format_cards(list(cards)).split() if cards else []


def test_a_guest_sees_its_own_hand_and_no_one_elses(tmp_path: Path) -> None:
    for game in ("kartu_sama", "forty_one", "sums", "samba"):
        names = ("Ana", "Bea", "Cid", "Dan")
        _shell, play, seats, _hub = seated(tmp_path / game, {0, 1}, names,
                                           ("person", "person", "strong", "simple"), game)
        for seat in (0, 1, -1):
            text = json.dumps(seats.payload(seat, Translator("en")))
            others = [s for s in range(4) if s != seat]
            own = set(hand(play, seat)) if seat >= 0 else set()
            for other in others:
                for code in set(hand(play, other)) - own:
                    if game == "samba":  # two packs: a copy may be in view elsewhere
                        continue
                    assert f'"code": "{code}"' not in text, (game, seat, other, code)
            for code in own:
                assert f'"code": "{code}"' in text


def test_the_payload_is_in_the_guests_language(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1})
    seat = play.game.person_turn()
    french = seats.payload(seat, Translator("fr"))
    english = seats.payload(seat, Translator("en"))
    assert french["lang"] == "fr"
    assert french["play"]["scene"]["prompt"] != english["play"]["scene"]["prompt"]


def turn_and_tap(play: DevicePlay, seats: PlaySeats) -> tuple[int, str]:
    """The seat to play and a tap its table lights."""
    seat = play.game.person_turn()
    scene = seats.payload(seat, Translator("en"))["play"]["scene"]
    lit = [f["tap"] for f in scene["hand"] if f["lit"]]
    lit += [p["tap"] for p in scene["piles"] if p["lit"]]
    lit += [b["tap"] for b in scene["buttons"]]
    return seat, lit[0]


def test_a_guests_tap_is_saved_once_then_shown(tmp_path: Path) -> None:
    shell, play, seats, hub = seated(tmp_path, {0, 1})
    seat, tap = turn_and_tap(play, seats)
    version = play.game.version
    reply = seats.act(seat, {"n": version, "tap": tap})
    assert reply.ok
    assert play.game.version > version
    saved = shell.store.load_game("play-guests")
    assert saved is not None and len(saved["actions"]) == play.game.version
    assert hub.published >= 1
    again = seats.act(seat, {"n": version, "tap": tap})  # the second tap of a double tap
    assert not again.ok and again.status == OLD
    assert shell.toasts == []


def test_a_seat_that_is_not_to_play_moves_nothing(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1})
    seat, tap = turn_and_tap(play, seats)
    other = 1 - seat
    version = play.game.version
    reply = seats.act(other, {"n": version, "tap": tap})
    assert not reply.ok and play.game.version == version
    assert seats.act(2, {"n": version, "tap": tap}).status == REFUSED  # a computer's seat


def test_the_host_shows_the_public_table_for_guests_and_no_cover(tmp_path: Path) -> None:
    _shell, play, _seats, _hub = seated(tmp_path, {0, 1})
    play.view()
    assert play.looking() == -1
    assert play.scene is not None and play.scene.hand == ()


def test_with_one_guest_the_host_shows_the_other_persons_hand(tmp_path: Path) -> None:
    _shell, play, _seats, _hub = seated(tmp_path, {1})
    assert play.looking() == 0
    play.view()
    assert play.scene is not None and play.scene.seat == 0


def test_a_guest_sorts_its_own_hand(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1})
    assert seats.act(0, {"n": play.game.version, "order": "rank"}).ok
    assert play.looks[0].order == "rank"
    assert not seats.act(0, {"n": play.game.version, "order": "<script>"}).ok


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["n", "tap", "order", "hand", "x"]), inner, max_size=4),
    max_leaves=10)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["n", "tap", "order", "hand"]), JSON, max_size=4))
def test_hostile_bodies_change_nothing(tmp_path: Path, body: dict[str, Any]) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1})
    seat = play.game.person_turn()
    version = play.game.version
    reply = seats.act(seat, body)
    lit_move = isinstance(body.get("n"), int) and body.get("n") == version and reply.ok
    if not lit_move:
        assert play.game.version == version
    assert isinstance(reply.why, str)


def test_a_guests_refusal_is_in_the_guests_language(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1})
    seat = play.game.person_turn()
    other = 1 - seat
    scene = seats.payload(other, Translator("en"))["play"]["scene"]
    card = scene["hand"][0]["id"]
    english = seats.act(other, {"n": play.game.version, "tap": f"card:{card}"})
    french = seats.act(other, {"n": play.game.version, "tap": f"card:{card}"},
                       Translator("fr"))
    assert english.why and french.why and english.why != french.why


def test_the_host_stays_awake_while_phones_are_seated(tmp_path: Path) -> None:
    for guests, asleep in (({0, 1}, []), (set(), [False])):
        shell, play, _seats, _hub = seated(tmp_path / str(len(guests)), guests)
        calls: list[bool] = []
        shell.keep_awake = calls.append  # type: ignore[attr-defined]
        play.close()
        assert calls == asleep


def test_a_computers_name_is_said_in_the_guests_language(tmp_path: Path) -> None:
    _shell, play, seats, _hub = seated(tmp_path, {0, 1}, ("Ana", "Bea", "Computer 1"))
    french = json.dumps(seats.payload(0, Translator("fr")), ensure_ascii=False)
    assert "Ordinateur 1" in french and "Computer 1" not in french
    assert play.names[2] == "Computer 1"  # the game keeps its names
