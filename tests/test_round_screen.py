"""The round screen (views/round.py) and the corrections made from it, without a browser: a
round's row on the scoreboard opens it, "Correct" opens the entry screen of that round,
"Delete" asks and says what changes, and the scoreboard, the saved events and the history's
summary follow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from models.cards import parse_cards
from models.match import Close, Hand, Match, Out, Start
from models.tables.samba import Result
from tests.fakes import FakeShell, texts
from views.common import find

NAMES = ["Ana", "Bea", "Cid"]


def referee(tmp_path: Path, game: str, names: list[str], **options: Any) -> Any:
    from app.tables import forty_one, kartu_sama, samba

    module = {"kartu_sama": kartu_sama, "forty_one": forty_one, "samba": samba}[game]
    shell = FakeShell(tmp_path)
    match = Match.new(names, game, options or None)
    match_id = shell.store.create_match(match.setup.to_dict())
    return module.Referee(shell, match_id, match)


def ks_round(ref: Any, *hands: str) -> None:
    assert ref.record(Start())
    for seat, text in enumerate(hands):
        assert ref.record(Hand(seat, parse_cards(text)))
    assert ref.record(Close())


def status(ref: Any) -> str:
    return str(ref.host.store.list_matches()[0]["summary"]["status"])


def rows(ref: Any) -> str:
    """The words of the scoreboard's rounds table (numbers, marks, cells, totals)."""
    return texts(find(ref.view("score"), "score-table"))


def test_kartu_sama_round_screen_correct_delete_and_reopen(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama", NAMES, target=20)
    ks_round(ref, "KS", "2H", "3H")
    ks_round(ref, "JS", "AS AH AD", "4H")
    assert ref.over and status(ref) == "finished"
    board = ref.view("score")
    row = find(board, "round-0")
    assert row is not None and row.on_click is not None
    row.on_click(None)
    assert ref.host.route.endswith("/round-1")
    screen = texts(ref.view("round-1"))
    for words in ("Round 1", "Ana dealt", "2♥", "Correct this round", "Delete this round"):
        assert words in screen, words
    ref._correct(1)  # round 2: Bea held 5♣ only
    assert ref.host.route.endswith("/hands") and ref.table.phase == "ended"
    assert "Round 2" in texts(ref.view("hands"))
    assert status(ref) == "playing"
    ref.entry_seat = 1
    ref._clear()
    ref._tap_card("5C")
    ref._save_hands()
    assert ref.host.route.endswith("/score")
    assert not ref.over and status(ref) == "playing"  # reopened: the totals no longer end it
    assert "corrected" in rows(ref) and "Next round" in texts(ref.view("score"))
    assert "Corrected after the end of the match" in texts(ref.view("round-2"))
    assert "Undo: round closed" in texts(ref.view(""))
    # Delete round 1: asked, with what changes, then done.
    ref._ask_delete(0)
    ask = texts(ref.view("round-1"))
    assert "Delete round 1? Its points will no longer count." in ask and "Yes, delete it" in ask
    ref._keep_round()
    assert "Yes, delete it" not in texts(ref.view("round-1"))
    ref._ask_delete(0)
    ref._delete(0)
    assert ref.table.rounds[0].dropped and ref.host.route.endswith("/score")
    assert "deleted" in rows(ref) and "–" in rows(ref)
    screen = texts(ref.view("round-1"))
    assert "Deleted: its points no longer count" in screen and "Delete this round" not in screen
    assert "Undo: round 1 deleted" in texts(ref.view(""))
    kinds = [e["kind"] for e in ref.host.store.load_match(ref.match_id)["events"]]
    assert kinds[-4:] == ["revise", "hand", "close", "drop"]  # the log keeps every step


def test_round_screen_of_a_read_only_match_has_no_buttons(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama", NAMES)
    ks_round(ref, "KS", "2H", "3H")
    ref.read_only = True
    screen = ref.view("round-1")
    assert find(screen, "round-correct") is None and find(screen, "round-delete") is None
    assert find(ref.view("score"), "round-0").on_click is None
    assert "Round 1" not in texts(ref.view("round-9"))  # no such round: the usual screen


def test_forty_one_round_screen_and_play_on(tmp_path: Path) -> None:
    from models.tables.forty_one import Stop

    ref = referee(tmp_path, "forty_one", NAMES)
    assert ref.record(Start())
    assert ref.record(Stop(0))
    for seat, text in enumerate(("AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")):
        assert ref.record(Hand(seat, parse_cards(text)))
    assert ref.record(Close())
    screen = texts(ref.view("round-1"))
    for words in ("Hand 1", "Ana stopped", "A♠", "Correct this hand", "Delete this hand"):
        assert words in screen, words
    ref._act("finish")
    assert status(ref) == "finished"
    board = ref.view("score")
    reopen = find(board, "reopen")
    assert reopen is not None
    reopen.on_click(None)
    assert not ref.over and status(ref) == "playing"
    ref._correct(0)
    assert ref.host.route.endswith("/hands") and "Hand 1" in texts(ref.view("hands"))


def test_samba_round_screen_and_correction(tmp_path: Path) -> None:
    ref = referee(tmp_path, "samba", ["Ana", "Bea", "Cid", "Dan"], target=5000)
    assert ref.record(Start())
    assert ref.record(Out(0))
    assert ref.record(Result(0, high=14, pure=2))
    assert ref.record(Result(1, low=10))
    assert ref.record(Close())
    screen = texts(ref.view("round-1"))
    for words in ("Hand 1", "Ana & Cid", "Bea & Dan", "Correct this hand"):
        assert words in screen, words
    ref._correct(0)
    assert ref.host.route.endswith("/result")
    assert "Ana & Cid" in texts(ref.view("result"))
    total = ref.table.totals[1]
    ref.side = 1
    ref._count("held_high", 1)
    ref._close()
    assert ref.host.route.endswith("/score") and ref.table.totals[1] < total
    assert "corrected" in rows(ref)
