"""A game on the device as a service (app/device.py), without Flet: every change is checked
once, saved, and refused when asked from a version the game has left."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from app.device import STALE, DeviceGame, GameDoc
from app.play import new_doc
from app.storage import Stale, Store
from models.errors import MejaError


class Memory:
    """A store in memory; ``full`` makes every write fail as a full device would."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.matches: dict[str, dict[str, Any]] = {}
        self.full = False

    def save_game(self, key: str, doc: Mapping[str, Any], at: int | None = None) -> None:
        if self.full:
            raise OSError(28, "No space left on device")
        if at is not None and key in self.games and self.games[key].get("rev", 0) != at:
            raise Stale(key)
        self.games[key] = {k: list(v) if isinstance(v, list) else v for k, v in doc.items()}

    def load_game(self, key: str) -> dict[str, Any] | None:
        saved = self.games.get(key)
        return None if saved is None else {k: list(v) if isinstance(v, list) else v
                                           for k, v in saved.items()}

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
    doc.seed = 11
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
    assert g.version == 0 and g.doc.movers == [] and g.moves == []
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


def test_two_windows_on_one_game_lose_nothing(tmp_path: Path) -> None:
    """The same game open in two tabs: each change is made on the revision its window saw; a
    window behind is refused, takes the game as saved, and carries on from there."""
    store = Store(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {}, casual=True, pace=0)
    doc.seed = 11
    store.save_game("play-t", doc.to_dict())
    first = DeviceGame(store, "play-t", GameDoc.from_dict(store.load_game("play-t") or {}))
    second = DeviceGame(store, "play-t", GameDoc.from_dict(store.load_game("play-t") or {}))
    a = first.state.legal_actions()[0]
    assert first.move(a, 0).changed
    b = second.state.legal_actions()[-1]
    behind = second.move(b, 0)  # its screen is at 0 too, but the game moved on elsewhere
    assert not behind.changed and behind.reloaded and behind.error is None
    assert second.doc.actions == [a] and second.version == 1
    assert (store.load_game("play-t") or {})["actions"] == [a]
    c = second.state.legal_actions()[0]
    assert second.move(c, 1).changed  # now it is the first window that is behind
    assert first.move(first.state.legal_actions()[0], 1).reloaded
    assert first.doc.actions == [a, c] == (store.load_game("play-t") or {})["actions"]


def test_a_window_behind_does_not_record_the_game_twice() -> None:
    """Both windows at the last move: the one that saves it first records the game; the
    other, behind, takes the game as saved (finished) and records nothing."""
    g, store = game(["person", "person"], {"target": 20})
    while True:
        if g.pending:
            assert g.next_round(g.seen).changed
            continue
        action = g.state.legal_actions()[0]
        after = g.state.clone()
        after.apply(action)
        if after.is_over:
            break
        assert g.move(action, g.version).changed
    other = DeviceGame(store, "play-t", GameDoc.from_dict(store.load_game("play-t") or {}))
    version = g.version
    assert g.move(action, version).finished and len(store.matches) == 1
    behind = other.move(action, version)
    assert behind.reloaded and not behind.finished and len(store.matches) == 1
    assert other.state.is_over and other.doc.match == g.doc.match


def test_undone_moves_are_made_again_by_redo_as_far_back_as_undone() -> None:
    """Any number of undos, then as many redos: the game is where it was, move for move; a new
    move forgets what was undone."""
    g, store = game(["person", "strong"])
    for _ in range(6):  # Ana moves, then the computer answers
        if g.person_turn() >= 0:
            g.move(g.state.legal_actions()[0], g.version)
        else:
            g.computer_move(g.state.legal_actions()[-1], g.version)
    played = list(g.doc.actions)
    undone = 0
    while g.last_person_move() is not None:
        assert g.undo(g.version).changed
        undone += 1
    assert undone >= 2 and g.last_person_move() is None
    assert g.can_redo and not g.redo(g.version - 1).changed  # a stale redo: nothing
    while g.can_redo:
        assert g.redo(g.version).changed
    assert g.doc.actions == played and store.games["play-t"]["actions"] == played
    assert [m.words for m in g.moves] == [m.words for m in DeviceGame(
        store, "play-t", GameDoc.from_dict(store.load_game("play-t") or {})).moves]
    g.undo(g.version)
    g.move(g.state.legal_actions()[-1], g.version)  # a new move: the redo is gone
    assert not g.can_redo and store.games["play-t"]["redo"] == []


def test_a_meld_of_several_moves_is_saved_whole_or_not_at_all() -> None:
    g, store = game(["person", "person"])
    first = g.state.legal_actions()[0]
    state = g.state.clone()
    state.apply(first)
    if state.current_player != g.state.current_player:  # the turn passed: not two moves
        assert not g.apply_all([first, state.legal_actions()[0]], 0).changed
        assert g.version == 0 and "play-t" not in store.games
    assert g.apply_all([first], 0).changed and g.version == 1
    assert not g.apply_all([first], 0).changed  # a stale request


def test_the_last_moves_are_the_replay_worded_in_the_readers_language() -> None:
    from app.i18n import Translator
    from app.play import log_entries

    g, _ = game(["person", "person"])
    for _ in range(3):
        g.move(g.state.legal_actions()[0], g.version)
    english = log_entries(g.moves, Translator("en"), g.names, "kartu_sama")
    french = log_entries(g.moves, Translator("fr"), g.names, "kartu_sama")
    assert len(english) == 3 and english[0].round == "Round 1" and french[0].round
    assert english[0].text != french[0].text  # worded when drawn, in each language
    assert all(e.text.split(":")[0] in g.names for e in english)


def test_the_saved_doc_keeps_its_format_and_reads_back_the_same() -> None:
    """A game saved as a plain dict of the same names it always had, read back whole; a
    dict that is not a game is refused with a ValueError."""
    g, store = game(["person", "strong"], {"rounds": 2})
    for _ in range(8):
        if g.pending:
            g.next_round(g.seen)
        elif g.person_turn() >= 0:
            g.move(g.state.legal_actions()[0], g.version)
        else:
            g.computer_move(g.state.legal_actions()[-1], g.version)
    g.undo(g.version)
    saved = store.games["play-t"]
    assert set(saved) == {"game", "options", "seed", "seats", "actions", "movers", "enders",
                          "seen", "redo", "casual", "pace", "rev"}
    assert saved["seats"] == [{"name": "Ana", "kind": "person", "help": True},
                              {"name": "Bea", "kind": "strong", "help": True}]
    assert saved["redo"] and set(saved["redo"][0]) == {"actions", "movers"}
    assert GameDoc.from_dict(saved) == g.doc and GameDoc.from_dict(saved).to_dict() == saved
    for bad in ({}, {**saved, "seed": "11"}, {**saved, "seats": [{"name": "Ana"}]},
                {**saved, "actions": None}, {**saved, "redo": [[1]]}):
        with pytest.raises(ValueError):
            GameDoc.from_dict(bad)
