"""A tap drawn from a version the match has left builds nothing: the referee's one check
(``Referee._at``) stops it before the handler reads the state. Each game is played by taps
chosen at random; at every state each button that changes the match is tapped twice on the
screen as drawn once, on a copy of the match: the second tap changes nothing and raises
nothing (Kartu Sama's "went out" once raised as it built ``Out(-1)`` from the round it had
just ended)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from app.referees import open_match
from app.tables import kartu_sama
from models.match import Match
from tests.fakes import FakeShell
from views.common import children

PLAYERS = {"kartu_sama": ("Ana", "Bea", "Cid"), "forty_one": ("Ana", "Bea", "Cid"),
           "samba": ("Ana", "Bea", "Cid", "Dan"), "sums": ("Ana", "Bea")}
OPTIONS = {"kartu_sama": {"jokers": True, "hand_size": 3}}  # short rounds, joker debts
# The screens whose buttons change the match, by game (the table is "").
SCREENS = {"kartu_sama": ("", "hands", "score"), "forty_one": ("", "hands", "score"),
           "samba": ("", "result", "score"), "sums": ("", "score")}
# Each game's buttons that must have been tapped twice by the end of the walks.
EXPECTED = {
    "kartu_sama": {"act-start", "act-play", "act-joker", "act-pay", "act-draw", "act-out",
                   "undo", "save"},
    "forty_one": {"act-start", "act-draw", "act-take", "act-stop", "undo", "save", "reopen"},
    "samba": {"act-start", "canasta-0", "samba-0", "ending-0", "ending-stock", "close", "undo"},
    "sums": {"card-", "pile-0", "undo"},
}


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of copies of a match: durability is not what is tested here."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


class Click:
    def __init__(self, control: Any = None) -> None:
        self.control = control


class Events:
    """A match's events and the folders its copies are kept in."""

    def __init__(self, root: Path, game: str) -> None:
        self.root, self.game, self.copies = root, game, 0

    def referee(self, events: list[Any]) -> Any:
        """A referee of a new copy of the match with ``events``."""
        self.copies += 1
        shell = FakeShell(self.root / str(self.copies))
        setup = Match.new(PLAYERS[self.game], self.game, OPTIONS.get(self.game)).setup
        return open_match(shell, shell.store.create_match(
            setup.to_dict(), [e.to_dict() for e in events]))


def versioned(control: Any) -> list[Any]:
    """The controls of a screen drawn with the version they change (``key@version``) that
    can be tapped."""
    found = []
    key = getattr(control, "key", None)
    if isinstance(key, str) and "@" in key and not getattr(control, "disabled", False) and (
            getattr(control, "on_click", None) or getattr(control, "on_select", None)):
        found.append(control)
    for child in children(control):
        found += versioned(child)
    return found


def tap(control: Any) -> None:
    (control.on_click or control.on_select)(Click(control))


def name(control: Any) -> str:
    return str(control.key).rpartition("@")[0]


def prepared(ref: Any, sub: str) -> None:
    """On a hand entry, the shown player's points typed: "Save the points" is drawn."""
    if sub == "hands" and ref.entering():
        seat = ref.entry_seat
        if ref._has_hand(seat) and not ref._is_typing(seat):
            ref._toggle_typing()
        ref._typing("0")


def double_taps(events: Events, state: list[Any], sub: str, seen: set[str],
                rng: random.Random) -> None:
    """Each button of the screen ``sub`` at ``state`` (of a card grid, three cards), tapped
    twice on a copy of the match."""
    ref = events.referee(state)
    prepared(ref, sub)
    shown = [(i, name(b)) for i, b in enumerate(versioned(ref.view(sub)))]
    cards = [i for i, key in shown if key.startswith("card-")]
    picked = set(rng.sample(cards, min(3, len(cards))))
    for i in (i for i, key in shown if i in picked or not key.startswith("card-")):
        copy = events.referee(state)
        prepared(copy, sub)
        button = versioned(copy.view(sub))[i]
        tap(button)
        after = len(copy.match.events)
        tap(button)
        assert len(copy.match.events) == after, name(button)  # the second tap: nothing
        saved = copy.host.store.load_match(copy.match_id)["events"]
        assert saved == [e.to_dict() for e in copy.match.events]
        seen.add("card-" if name(button).startswith("card-") else name(button))


def step(ref: Any, rng: random.Random) -> None:
    """One tap chosen at random among the buttons that move the match on (never undo)."""
    for sub in SCREENS[ref.match.setup.game]:
        prepared(ref, sub)
        buttons = [b for b in versioned(ref.view(sub)) if name(b) not in ("undo", "reopen")]
        if sub == "score" or not buttons:
            continue
        rng.shuffle(buttons)
        for button in buttons:
            before = len(ref.match.events)
            tap(button)
            if len(ref.match.events) != before:
                return


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_second_tap_builds_nothing(tmp_path: Path, game: str) -> None:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        events = Events(tmp_path / f"{seed}", game)
        ref = events.referee([])
        for _ in range(14):
            for sub in SCREENS[game]:
                if sub in ("hands", "result") and not (
                        ref.table.phase in ("play", "ended") and
                        (sub == "result" or ref.entering())):
                    continue
                double_taps(events, list(ref.match.events), sub, seen, rng)
            before = len(ref.match.events)
            step(ref, rng)
            if len(ref.match.events) == before:
                break
    assert EXPECTED[game] <= seen, (EXPECTED[game] - seen, seen)


def test_went_out_twice_records_it_once(tmp_path: Path) -> None:
    """The crash of a double tap on "Citra went out": the second tap reached a round the first
    had ended, whose turn was -1."""
    events = Events(tmp_path, "kartu_sama")
    ref = events.referee([])
    ref._act("start")
    shown = ref.view("")
    out = next(b for b in versioned(shown) if name(b) == "act-out")
    tap(out)
    assert ref.match.table.round.turn == -1 and ref.match.events[-1].kind == "out"
    tap(out)
    assert [e.kind for e in ref.match.events] == ["start", "out"] and not ref.host.toasts


def test_a_stale_tap_never_reaches_the_handler(tmp_path: Path) -> None:
    ref = Events(tmp_path, "kartu_sama").referee([])
    called: list[int] = []
    bound = ref._at(lambda at: called.append(at))
    drawn = ref._at(kartu_sama.Referee._act.__get__(ref))
    drawn("start")  # the match changes: the first binding is now stale
    bound()
    assert called == [] and [e.kind for e in ref.match.events] == ["start"]
    ref._at(lambda at: called.append(at))()
    assert called == [1]
