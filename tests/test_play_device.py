"""A game on the device as a service (app/device.py), without Flet: every change is checked
once, saved, and refused when asked from a version the game has left."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from app.device import STALE, DeviceGame
from app.play import new_doc
from models.errors import MejaError


class Memory:
    """A store in memory; ``full`` makes every write fail as a full device would."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.matches: dict[str, dict[str, Any]] = {}
        self.full = False

    def save_game(self, key: str, doc: Mapping[str, Any]) -> None:
        if self.full:
            raise OSError(28, "No space left on device")
        self.games[key] = {k: list(v) if isinstance(v, list) else v for k, v in doc.items()}

    def create_match(self, setup: Mapping[str, Any]) -> str:
        match_id = f"m{len(self.matches)}"
        self.matches[match_id] = {"setup": dict(setup)}
        return match_id

    def update_summary(self, match_id: str, summary: Mapping[str, Any]) -> None:
        self.matches[match_id]["summary"] = dict(summary)


def game(kinds: list[str], options: dict[str, Any] | None = None,
         name: str = "kartu_sama") -> tuple[DeviceGame, Memory]:
    store = Memory()
    names = ["Ana", "Bea", "Cid", "Dan"][:len(kinds)]
    doc = new_doc(name, names, kinds, options or {}, casual=True, pace=0)
    doc["seed"] = 11
    return DeviceGame(store, "play-t", doc), store


def test_a_move_is_saved_once_and_a_repeat_of_it_changes_nothing() -> None:
    g, store = game(["person", "person"])
    action = g.state.legal_actions()[0]
    done = g.move(action, 0)
    assert done.changed and g.version == 1 and store.games["play-t"]["actions"] == [action]
    assert g.move(action, 0) is STALE  # the same tap again: its screen is gone
    assert g.version == 1 and store.games["play-t"]["actions"] == [action]


def test_an_illegal_move_is_refused_by_the_engine_and_changes_nothing() -> None:
    g, store = game(["person", "person"])
    illegal = next(a for a in range(200) if not g.state.is_legal(a))
    outcome = g.move(illegal, 0)
    assert not outcome.changed and isinstance(outcome.error, MejaError)
    assert g.version == 0 and not store.games


def test_a_person_cannot_play_a_computers_turn_nor_a_computer_a_persons() -> None:
    g, _ = game(["simple", "person"])
    seat = g.state.current_player
    action = g.state.legal_actions()[0]
    if g.kinds[seat] == "person":
        assert g.computer_move(action, 0) is STALE
    else:
        assert g.move(action, 0) is STALE
    assert g.version == 0


def test_a_write_that_fails_leaves_the_game_as_it_was() -> None:
    g, store = game(["person", "person"])
    store.full = True
    before = g.state.clone()
    outcome = g.move(g.state.legal_actions()[0], 0)
    assert not outcome.changed and isinstance(outcome.error, OSError)
    assert g.version == 0 and g.doc["movers"] == [] and g.doc["log"] == []
    assert g.state.legal_actions() == before.legal_actions()
    assert g.state.current_player == before.current_player


def test_undo_and_the_next_round_name_their_version() -> None:
    g, _ = game(["person", "simple"], {"rounds": 2})
    while not g.pending:
        seat, action = g.state.current_player, g.state.legal_actions()[0]
        step = g.move if g.kinds[seat] == "person" else g.computer_move
        assert step(action, g.version).changed
    seen = g.seen
    assert g.move(g.state.legal_actions()[0], g.version) is STALE  # held on the summary
    assert g.next_round(seen).changed and g.seen == seen + 1
    assert g.next_round(seen) is STALE  # a double tap on Next closes one summary
    index = g.last_person_move()
    assert index is not None
    assert g.undo(g.version + 1) is STALE
    assert g.undo(g.version).changed and g.version == index
    assert g.seen == len(g.state.results)  # the summary of a round undone is closed no more


def test_a_finished_game_is_recorded_once() -> None:
    g, store = game(["person", "simple"], {"rounds": 1})
    finished = 0
    while not g.state.is_over:
        if g.pending:
            assert g.next_round(g.seen).changed
            continue
        seat, action = g.state.current_player, g.state.legal_actions()[0]
        step = g.move if g.kinds[seat] == "person" else g.computer_move
        finished += step(action, g.version).finished
    assert finished == 1 and len(store.matches) == 1
    assert g.next_round(g.seen).changed  # the final summary closed: not recorded again
    assert len(store.matches) == 1 and store.games["play-t"]["match"] == "m0"


def test_the_service_runs_without_flet() -> None:
    code = "import sys, app.device, app.runner; sys.exit('flet' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
