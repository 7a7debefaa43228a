"""Nothing tapped is doubled: every button of a referee's screen that changes the match carries
the version of the state it was drawn from, and the service refuses a tap from another version.
So the second tap of a double tap (which reaches the button drawn before the first tap's
answer) records nothing, in each of the four games; and one tap checks the rules once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.referees import open_match
from models.match import Match
from models.tables.kartu_sama import KartuSamaTable
from tests.fakes import FakeShell
from views.common import find
from views.reconcile import reconcile

PLAYERS = {"kartu_sama": ("Ana", "Bea", "Cid"), "forty_one": ("Ana", "Bea", "Cid"),
           "samba": ("Ana", "Bea", "Cid", "Dan"), "sums": ("Ana", "Bea")}


class Click:
    def __init__(self, control: Any = None) -> None:
        self.control = control


def referee(tmp_path: Path, game: str) -> Any:
    shell = FakeShell(tmp_path)
    match = Match.new(PLAYERS[game], game)
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def double(ref: Any, key: str, sub: str = "") -> None:
    """Tap ``key`` twice on the screen as drawn once (a double tap: both taps land on the
    button drawn before the first tap's answer)."""
    button = find(ref.view(sub), key)
    assert button is not None and not button.disabled, key
    button.on_click(Click(button))
    button.on_click(Click(button))


def kinds(ref: Any) -> list[str]:
    return [e.kind for e in ref.match.events]


def saved(ref: Any) -> int:
    return len(ref.host.store.load_match(ref.match_id)["events"])


@pytest.mark.parametrize("game,before,key,kind", [
    ("kartu_sama", ["start"], "act-play", "play"),
    ("forty_one", ["start"], "act-draw", "forty_one_draw"),
    ("samba", [], "act-start", "start"),
    ("samba", ["start"], "canasta-0", "samba_canasta"),
    ("sums", [], "card-AS", "sums_up"),
])
def test_a_double_tap_records_one_event(tmp_path: Path, game: str, before: list[str], key: str,
                                        kind: str) -> None:
    ref = referee(tmp_path, game)
    for action in before:
        ref._act(action)
    n = len(ref.match.events)
    double(ref, key)
    assert len(ref.match.events) == n + 1 and ref.match.events[-1].kind == kind
    assert saved(ref) == n + 1 and ref.host.toasts == []


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one", "samba"])
def test_a_double_tap_on_undo_undoes_one_event(tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    ref._act("start")
    first = find(ref.view(""), "act-play" if game == "kartu_sama" else
                 "act-draw" if game == "forty_one" else "canasta-0")
    first.on_click(Click(first))
    assert len(ref.match.events) == 2
    double(ref, "undo")
    assert kinds(ref) == ["start"] and saved(ref) == 1


def test_the_redrawn_screen_keeps_the_old_button_off_the_new_state(tmp_path: Path) -> None:
    """As the app redraws in place: the button drawn from the old version is replaced, not
    updated, so a tap that reaches it still names the old version."""
    ref = referee(tmp_path, "kartu_sama")
    ref._act("start")
    shown = ref.view("")
    old = find(shown, "act-play")
    old.on_click(Click(old))
    merged = reconcile(shown, ref.view(""))
    assert merged is shown  # redrawn in place...
    new = find(merged, "act-play")
    assert new is not old and new.key == f"act-play@{ref.version}" != old.key  # ...a new one
    assert find(merged, "scores") is find(shown, "scores")  # what changes nothing is kept
    old.on_click(Click(old))  # the double tap's second tap
    assert kinds(ref) == ["start", "play"]
    new.on_click(Click(new))  # a tap on the new button is a new turn
    assert kinds(ref) == ["start", "play", "play"]


@pytest.mark.parametrize("game,before,key", [
    ("kartu_sama", ["start"], "act-draw"),
    ("forty_one", ["start"], "act-draw"),
    ("samba", ["start"], "canasta-0"),
    ("sums", [], "undo"),
])
def test_a_second_click_after_the_answer_is_held(tmp_path: Path, game: str, before: list[str],
                                                 key: str) -> None:
    """Under load the first click's answer may come back before the second click: which then
    lands on the button drawn for the next player in the same place (the same words). That
    button is held (drawn disabled, its tap nothing) until the hold's moment has passed."""
    ref = referee(tmp_path, game)
    for action in before:
        ref._act(action)
    for card in ("card-AS", "card-KS") if key == "undo" else ():
        first = find(ref.view(""), card)
        first.on_click(Click(first))
    ref.host.waiting = []
    button = find(ref.view(""), key)
    button.on_click(Click(button))
    n = len(ref.match.events)
    again = find(ref.view(""), key)
    assert again is not None and again.disabled, key  # drawn held
    if again.on_click is not None:  # as a tap that reached it before its redraw would
        again.on_click(Click(again))
    assert len(ref.match.events) == n and saved(ref) == n
    release, = ref.host.waiting
    release()
    live = find(ref.view(""), key)
    assert live is not None and not live.disabled
    live.on_click(Click(live))
    assert len(ref.match.events) == (n - 1 if key == "undo" else n + 1)


def ended_round(ref: Any) -> None:
    """A Kartu Sama round played until Bea is out; the hands screen shown."""
    ref._act("start")
    while ref.match.table.phase == "play":
        ref._act("play")


def test_hand_entry_buttons_record_once(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    ended_round(ref)
    out = ref.match.table.round.out
    ref.entry_seat = next(s for s in range(3) if s != out)
    ref._toggle_typing()
    ref._typing("9")
    double(ref, "save-points", "hands")
    assert kinds(ref).count("points") == 1
    ref.entry_seat = next(s for s in range(3) if s not in (out, ref.match.events[-1].player))
    ref._toggle_typing()
    ref._typing("4")
    double(ref, "save", "hands")  # "Close the round" twice
    assert kinds(ref)[-3:] == ["points", "points", "close"]
    assert ref.host.route.endswith("/score")


def typed_zeros(ref: Any) -> None:
    """Each hand typed as 0 points, then the round closed."""
    out = ref.match.table.round.out
    for seat in range(3):
        if seat != out and seat not in ref.match.table.round.typed:
            ref.entry_seat = seat
            ref._toggle_typing()
            ref._typing("0")
            ref._type_points()
    ref._save_hands()


def test_round_correction_and_deletion_record_once(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    ended_round(ref)
    typed_zeros(ref)
    closed = len(ref.match.events)
    assert kinds(ref)[-1] == "close"
    double(ref, "round-correct", "round-1")
    assert kinds(ref)[closed:] == ["revise"]
    typed_zeros(ref)
    ref._ask_delete(0)
    double(ref, "round-delete-yes", "round-1")
    assert kinds(ref)[-2:] == ["close", "drop"] and kinds(ref).count("drop") == 1


# -- one rules check a tap -----------------------------------------------------------------------
def counted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    checks: list[Any] = []
    check = KartuSamaTable.check

    def spy(self: KartuSamaTable, event: Any) -> Any:
        checks.append(event)
        return check(self, event)

    monkeypatch.setattr(KartuSamaTable, "check", spy)
    return checks


def test_played_a_card_checks_the_rules_once(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: 2 checks from the tap to the saved event (the screen's check, then the match's
    own as it recorded), and 10 more for the buttons of the screen drawn after, each time it
    was drawn. Now: one check a tap; the buttons' pass once a version."""
    ref = referee(tmp_path, "kartu_sama")
    ref._act("start")
    button = find(ref.view(""), "act-play")
    checks = counted(monkeypatch)
    button.on_click(Click(button))
    assert len(checks) == 1 and kinds(ref) == ["start", "play"]
    checks.clear()
    ref.view("")
    drawn = len(checks)
    assert 0 < drawn <= 10  # the buttons' legal events: one pass of the candidates
    ref.view("")
    ref.view("score")
    assert len(checks) == drawn  # drawn again at the same version: no check


def test_typed_points_check_the_rules_once(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ref = referee(tmp_path, "kartu_sama")
    ended_round(ref)
    out = ref.match.table.round.out
    ref.entry_seat = next(s for s in range(3) if s != out)
    ref._toggle_typing()
    ref._typing("9")
    checks = counted(monkeypatch)
    ref._type_points()
    assert len(checks) == 1 and kinds(ref)[-1] == "points"


def test_versioned_keys_stay_unique(tmp_path: Path) -> None:
    """Flet's diff matches a list's controls by key: two alike (a grid's empty places keyed
    ``None@3``) broke it once a card was gone from the grid."""
    from views.common import children

    ref = referee(tmp_path, "sums")
    find(ref.view(""), "card-AS").on_click(Click())  # A♠ face up: a gap in the grid's row
    seen: list[str] = []

    def walk(control: Any) -> None:
        key = getattr(control, "key", None)
        if isinstance(key, str) and "@" in key:
            seen.append(key)
        for child in children(control):
            walk(child)

    walk(ref.view(""))
    assert seen and len(seen) == len(set(seen)) and not any(k.startswith("None") for k in seen)
