"""The service between a match's screens and the models (app/matches.py), without Flet: each
change is checked once, saved with the version the writer knows, summed up when due and
announced; a refusal, a failing write, a stale writer or a tap from an older version change
nothing."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app import matches
from app.matches import DONE, NOT_SAVED, OLD, REFUSED, STALE, Ledger
from app.storage import Store
from app.tables.forty_one import summary as forty_one_summary
from app.tables.kartu_sama import summary as kartu_sama_summary
from models.cards import parse_cards
from models.match import Drop, Hand, Match, Play, Revise, Start
from models.tables.forty_one import Finish, Resume, Stop
from models.tables.kartu_sama import KartuSamaTable

PLAYERS = ("Ana", "Bea", "Cid")


def ledger(tmp_path: Path, game: str = "kartu_sama") -> tuple[Ledger, list[str]]:
    store = Store(tmp_path)
    match = Match.new(PLAYERS, game)
    told: list[str] = []
    summary = kartu_sama_summary if game == "kartu_sama" else forty_one_summary
    changes = matches.milestone if game == "kartu_sama" else (  # 41's own events change it too
        lambda e: matches.milestone(e) or isinstance(e, Finish | Resume))
    return Ledger(store, store.create_match(match.setup.to_dict()), match, summary,
                  told.append, changes), told


def saved(book: Ledger) -> list[dict[str, Any]]:
    """The events as another reader finds them on disk."""
    return list(Store(book.store.root).load_match(book.match_id)["events"])


def summary(book: Ledger) -> dict[str, Any]:
    return dict(Store(book.store.root).load_match(book.match_id)["summary"] or {})


def full(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_change_is_saved_summed_up_and_announced(tmp_path: Path) -> None:
    book, told = ledger(tmp_path)
    done = book.record(Start(), at=0)
    assert done.status == DONE and done.done and done.event == Start()
    assert saved(book) == [Start().to_dict()] and book.version == 1
    assert summary(book)["status"] == "playing"  # a start changes the summary
    assert book.store.current_match_id() == book.match_id
    assert told == [book.match_id]
    assert book.record(Play(1), at=1).done
    assert saved(book)[-1] == Play(1).to_dict()
    assert told == [book.match_id] * 2


def test_a_refusal_says_why_and_changes_nothing(tmp_path: Path) -> None:
    book, told = ledger(tmp_path)
    refused = book.record(Play(0), at=0)  # no round started
    assert refused.status == REFUSED and refused.reason is not None
    assert book.match.events == [] and saved(book) == [] and told == []


def test_a_failing_write_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book, told = ledger(tmp_path)
    book.record(Start(), at=0)
    before = saved(book)
    monkeypatch.setattr(book.store, "append_event", full)
    monkeypatch.setattr(book.store, "pop_event", full)
    failed = book.record(Play(1), at=1)
    assert failed.status == NOT_SAVED and isinstance(failed.error, OSError)
    assert failed.error.errno == errno.ENOSPC
    undone = book.undo(at=1)
    assert undone.status == NOT_SAVED
    assert book.match.events == [Start()] and saved(book) == before and told == [book.match_id]


def test_a_stale_write_changes_nothing(tmp_path: Path) -> None:
    book, told = ledger(tmp_path)
    other = Store(book.store.root)  # another window wrote a start first
    other.append_event(book.match_id, Start().to_dict(), at=0)
    stale = book.record(Start(), at=0)
    assert stale.status == STALE
    assert book.match.events == [] and saved(book) == [Start().to_dict()] and told == []
    assert book.undo(at=0).status == OLD  # nothing to undo here


def test_a_tap_from_an_older_version_is_refused_silently(tmp_path: Path) -> None:
    book, told = ledger(tmp_path)
    assert book.record(Start(), at=0).done
    assert book.record(Play(1), at=1).done
    again = book.record(Play(1), at=1)  # the second tap of a double tap
    assert again.status == OLD and again.reason is None
    assert book.undo(at=1).status == OLD
    assert [e.kind for e in book.match.events] == ["start", "play"] and len(saved(book)) == 2
    assert len(told) == 2


def test_undo_takes_back_the_last_event(tmp_path: Path) -> None:
    book, _ = ledger(tmp_path)
    book.record(Start(), at=0)
    undone = book.undo(at=1)
    assert undone.done and undone.event == Start()
    assert book.match.events == [] and saved(book) == []


def test_a_summary_that_cannot_be_saved_is_tried_again(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    book, _ = ledger(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(book.store, "update_summary", full)
        done = book.record(Start(), at=0)
    assert done.done and isinstance(done.summary_error, OSError)  # the event is saved
    assert saved(book) == [Start().to_dict()] and book.summary_due
    assert book.record(Play(1), at=1).done  # not a milestone: saved now all the same
    assert not book.summary_due and summary(book)["status"] == "playing"


def play_a_round(book: Ledger) -> None:
    """Bea plays until she is out; the hands go in (typed for brevity), then the close."""
    book.record(Start(), at=book.version)
    while book.match.table.phase == "play":
        turn = book.match.table.round.turn
        assert book.record(Play(turn), at=book.version).done
    for s in book.match.table.round.missing:
        assert book.record(Hand(s, ()), at=book.version).done


def test_close_revise_drop(tmp_path: Path) -> None:
    book, _ = ledger(tmp_path)
    play_a_round(book)
    assert book.close(at=book.version).done
    assert summary(book)["round"] == 2
    assert book.revise(0, at=book.version).done
    assert book.match.events[-1] == Revise(0)
    assert book.close(at=book.version).done
    assert book.drop(0, at=book.version).done
    assert book.match.events[-1] == Drop(0) and saved(book)[-1] == Drop(0).to_dict()
    assert book.close(at=book.version - 1).status == OLD


def test_reopen_a_finished_41_match(tmp_path: Path) -> None:
    book, _ = ledger(tmp_path, "forty_one")
    assert book.record(Finish(), at=0).status == REFUSED  # no hand played yet
    for event in (Start(), Stop(0), *(Hand(s, parse_cards(text)) for s, text in enumerate(
            ("AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")))):
        assert book.record(event, at=book.version).done
    assert book.close(at=book.version).done
    assert book.record(Finish(), at=book.version).done
    assert summary(book)["status"] == "finished"
    assert book.record(Resume(), at=book.version).done
    assert book.match.events[-1] == Resume() and summary(book)["status"] == "playing"


def test_a_change_checks_the_rules_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    book, _ = ledger(tmp_path)
    book.record(Start(), at=0)
    checks = count_checks(monkeypatch)
    assert book.record(Play(1), at=1).done
    assert checks == [Play(1)]  # once: not again when it is recorded


def test_the_legal_events_are_worked_out_once_a_version(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    book, _ = ledger(tmp_path)
    book.record(Start(), at=0)
    checks = count_checks(monkeypatch)
    first = book.legal()
    passes = len(checks)
    assert book.legal() is first and len(checks) == passes  # same version: not again
    book.record(Play(1), at=1)
    checks.clear()
    book.legal()
    assert len(checks) == passes  # a new version: one pass


def count_checks(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every event the Kartu Sama rules check from now on."""
    checks: list[Any] = []
    check = KartuSamaTable.check

    def counted(self: KartuSamaTable, event: Any) -> Any:
        checks.append(event)
        return check(self, event)

    monkeypatch.setattr(KartuSamaTable, "check", counted)
    return checks


def test_the_service_loads_without_flet() -> None:
    script = "import sys, app.matches; print('flet' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], cwd=Path(matches.__file__).parents[1],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
