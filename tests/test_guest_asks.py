"""What a phone does for its seat at a game on the device beside its moves, headless
(app/guests/asks.py): it closes the round's summary (the next round starts once every seated
phone has, or the host), asks for a hint where its help is on (the Expert's, thought off the
host's loop, shown on that phone alone), and asks the host to take back its move (the host's
message line asks, Accept or Refuse, the phone hears which). Each request names the version
its phone drew: a double tap or a stale page changes nothing; its words are the phone's."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from app.guests.play_seats import PlaySeats
from app.guests.seats import ACCEPT, OLD, REFUSE, REFUSED, Reply
from app.i18n import Translator
from app.play import DevicePlay, new_doc
from tests.test_guest_play import Hub
from tests.test_play_summary import Shell
from views.common import find

EN, FR = Translator("en"), Translator("fr")


def table(tmp_path: Path, casual: bool = False, helps: tuple[bool, ...] = (True, True, True),
          guests: frozenset[int] = frozenset({0, 1})) -> tuple[Shell, DevicePlay, PlaySeats]:
    """Kartu Sama: Ana and Bea on their phones, a computer on the host."""
    shell = Shell(tmp_path)
    shell.guests = Hub(set(guests))  # type: ignore[attr-defined]
    doc = new_doc("kartu_sama", ["Ana", "Bea", "Computer 1"], ["person", "person", "simple"],
                  {}, casual=casual, pace=0, helps=list(helps))
    doc.seed = 5
    play = DevicePlay(shell, "play-asks", doc)  # type: ignore[arg-type]
    shell.play = play
    computers(play)
    return shell, play, PlaySeats(play)


def computers(play: DevicePlay) -> None:
    """The computer's moves, as the host's runner plays them."""
    while play.game.computer_turn() >= 0:
        play.game.computer_move(play.state.legal_actions()[0], play.game.version)


def asks(seats: PlaySeats, seat: int, t: Translator = EN) -> dict[str, Any]:
    return seats.payload(seat, t)["play"]["asks"]


def to_summary(play: DevicePlay) -> None:
    rng = random.Random(3)
    while not play.pending:
        seat = play.game.person_turn()
        if seat >= 0:
            play.move(rng.choice(play.state.legal_actions()), play.game.version)
        computers(play)


def test_the_next_round_starts_once_every_seated_phone_closed_the_summary(
        tmp_path: Path) -> None:
    _shell, play, seats = table(tmp_path)
    assert "close" not in asks(seats, 0)
    to_summary(play)
    seen, version = play.game.seen, play.game.version
    ana = asks(seats, 0, FR)
    assert ana == {"close": "Fermer le résumé", "seen": seen}
    assert seats.act(0, {"n": version, "close": seen}) == Reply(True)
    assert play.pending  # Bea has not closed it yet
    assert asks(seats, 0) == {"closed": "Waiting for Bea (or the host) to start the next round."}
    assert asks(seats, 1)["close"] == "Close the summary"
    assert seats.act(0, {"n": version, "close": seen}) == Reply(True)  # a double tap: the same
    assert seats.act(1, {"n": version, "close": seen - 1}) == Reply(False, "", OLD)
    assert seats.act(1, {"n": version - 1, "close": seen}) == Reply(False, "", OLD)
    assert seats.act(1, {"n": version, "close": True}).status == REFUSED
    assert play.pending
    assert seats.act(1, {"n": version, "close": seen}) == Reply(True)
    assert not play.pending and play.game.seen == seen + 1
    assert seats.act(1, {"n": version, "close": seen}) == Reply(False, "", OLD)  # late
    assert play.game.seen == seen + 1


def test_the_host_closes_the_summary_for_every_phone(tmp_path: Path) -> None:
    _shell, play, seats = table(tmp_path)
    to_summary(play)
    seen = play.game.seen
    assert seats.act(0, {"n": play.game.version, "close": seen}).ok
    play.next_round(seen)  # the host's own close
    assert not play.pending
    assert seats.act(1, {"n": play.game.version, "close": seen}) == Reply(False, "", OLD)


def test_a_hint_is_thought_off_the_loop_and_shown_to_its_phone_alone(tmp_path: Path) -> None:
    shell, play, seats = table(tmp_path)
    seat = play.game.person_turn()
    other = 1 - seat
    version = play.game.version
    assert asks(seats, seat, FR)["ask_hint"] == "Conseil"
    assert "ask_hint" not in asks(seats, other)  # not their turn
    assert seats.act(other, {"n": version, "hint": True}).status == REFUSED
    assert seats.act(seat, {"n": version, "hint": True}) == Reply(True)
    assert seats.act(seat, {"n": version, "hint": True}) == Reply(True)  # thinking already
    assert len(shell.tasks) == 1 and play.game.version == version  # nothing moved
    asyncio.run(shell.tasks.pop()())  # the Expert thinks (in a thread)
    mine = seats.payload(seat, FR)["play"]
    assert mine["asks"]["hint"].startswith("Conseil") and "ask_hint" not in mine["asks"]
    assert mine["scene"]["hinted"]  # the move is marked on that phone's table
    theirs = seats.payload(other, EN)["play"]
    assert "hint" not in theirs["asks"] and not theirs["scene"]["hinted"]
    assert "Conseil" not in json.dumps(seats.payload(-1, FR))
    assert seats.act(seat, {"n": version, "hint": True}) == Reply(True)  # found: nothing new
    assert not shell.tasks
    assert seats.act(seat, {"n": version - 1, "hint": True}) == Reply(False, "", OLD)


def test_a_hint_found_once_the_game_moved_is_dropped(tmp_path: Path) -> None:
    shell, play, seats = table(tmp_path)
    seat = play.game.person_turn()
    assert seats.act(seat, {"n": play.game.version, "hint": True}).ok
    play.move(play.state.legal_actions()[0], play.game.version)  # played before it came
    asyncio.run(shell.tasks.pop()())
    assert "hint" not in asks(seats, seat) and not play.asks.hints


def test_no_hint_where_the_help_is_off(tmp_path: Path) -> None:
    shell, play, seats = table(tmp_path, helps=(False, False, True))
    seat = play.game.person_turn()
    assert "ask_hint" not in asks(seats, seat)
    assert seats.act(seat, {"n": play.game.version, "hint": True}).status == REFUSED
    assert not shell.tasks


def test_the_host_accepts_or_refuses_to_take_back_a_phones_move(tmp_path: Path) -> None:
    shell, play, seats = table(tmp_path, casual=True)
    seat = play.game.person_turn()
    other = 1 - seat
    assert "ask_undo" not in asks(seats, seat)  # no move of theirs yet
    play.move(play.state.legal_actions()[0], play.game.version)
    computers(play)
    moved = play.game.version
    assert asks(seats, seat, FR)["ask_undo"] == "Reprendre"
    assert "ask_undo" not in asks(seats, other)
    assert seats.act(other, {"n": moved, "undo": True}).status == REFUSED
    assert seats.act(seat, {"n": moved, "undo": True}) == Reply(True)
    assert asks(seats, seat)["note"] == "The host is asked to take back your move…"
    name = play.names[seat]
    line = play.line(moved)
    assert (line.text, line.kind, [k for k, _ in line.answers]) == (
        f"{name} asks to take back their move", "ask", [ACCEPT, REFUSE])
    screen = play.view()
    assert find(screen, f"answer-{REFUSE}") is not None
    find(screen, f"answer-{REFUSE}").on_click(None)  # the host refuses
    assert play.game.version == moved and play.line(moved).kind != "ask"
    assert asks(seats, seat, FR)["note"] == "L'hôte a gardé votre coup."
    play.answer(ACCEPT, moved)  # a second tap on the line already answered: nothing
    assert play.game.version == moved
    assert seats.act(seat, {"n": moved, "undo": True}).ok  # asked again: accepted
    play.answer(ACCEPT, moved)
    assert play.game.version < moved
    assert asks(seats, seat)["note"] == "The host took back your move."
    assert seats.act(seat, {"n": moved, "undo": True}) == Reply(False, "", OLD)
    assert shell.toasts == []


def test_no_take_back_in_a_game_that_counts(tmp_path: Path) -> None:
    _shell, play, seats = table(tmp_path, casual=False)
    seat = play.game.person_turn()
    play.move(play.state.legal_actions()[0], play.game.version)
    assert "ask_undo" not in asks(seats, seat)
    assert seats.act(seat, {"n": play.game.version, "undo": True}).status == REFUSED
    assert play.asks.undo is None


def test_a_request_of_another_shape_changes_nothing(tmp_path: Path) -> None:
    shell, play, seats = table(tmp_path, casual=True)
    seat = play.game.person_turn()
    version = play.game.version
    for body in ({"hint": 1}, {"hint": "yes"}, {"undo": False}, {"hint": True, "undo": True},
                 {"close": "0"}, {"close": None}, {"hint": True, "tap": "x"}):
        reply = seats.act(seat, {"n": version, **body})
        assert not reply.ok, body
    assert play.game.version == version and not shell.tasks and play.asks.undo is None
