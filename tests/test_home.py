"""Home: every unfinished match, at the table or on the device, the most recently touched first."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app import records
from app.i18n import Translator
from app.newmatch import Draft
from app.storage import Store

t = Translator("en")


def clock() -> Callable[[], datetime]:
    """A clock that moves one minute at each reading."""
    now = [datetime(2026, 11, 24, 9, 0, tzinfo=UTC)]

    def tick() -> datetime:
        now[0] += timedelta(minutes=1)
        return now[0]

    return tick


def test_every_unfinished_match_is_listed_most_recently_touched_first(tmp_path: Path) -> None:
    store = Store(tmp_path, now=clock())
    first = records.create_match(store, Draft(players=["Ana", "Bea"]))
    store.save_game("g1", {"game": "forty_one", "seats": [{"name": "Cid", "kind": "person"},
                                                          {"name": "Dan", "kind": "simple"}]})
    second = records.create_match(store, Draft(game="samba", players=["Eva", "Fay"]))
    done = records.create_match(store, Draft(players=["Gus", "Hal"]))
    store.update_summary(done, {"status": "finished", "round": 4, "winners": ["Gus"]})
    store.save_game("g2", {"game": "sums", "match": done, "seats": []})  # finished on the device
    lines = records.unfinished_lines(store, ["g1", "g2", "gone"], t)
    assert [r.route for r in lines] == [f"/match/{second}", "/play/g1", f"/match/{first}"]
    assert lines[0].players == "Eva, Fay"
    assert lines[1].title == t("play.title", game=t("game.forty_one"))
    assert lines[2].title == t("home.resume_title", game="Kartu Sama", round=1,
                               **records.round_words(t, "kartu_sama"))
    assert lines[2].when == t("home.touched", when="2026-11-24 09:02")
    # touching the oldest match (a round closed) brings it to the top
    store.update_summary(first, {"status": "playing", "round": 2})
    assert records.unfinished_lines(store, ["g1"], t)[0].route == f"/match/{first}"
