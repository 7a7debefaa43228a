"""Fuzzing the importer: random texts, damaged codes, and well-sealed payloads holding
random or mutated matches. Each is refused with a ShareError (a reason the app translates)
or gives a valid match; never another exception, never a partial write."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import share as app_share
from app.storage import Store
from models.match import Match
from models.share import ALPHABET, PREFIX, Reader, ShareError, encode, read_shared
from tests.test_share import kartu_sama, kartu_sama_summary

SMALL = kartu_sama(random.Random(21), players=3, rounds=3)
DOC = {"id": "20260101-200000-000000-abcd", "created": "2026-01-01T20:00:00Z",
       "match": SMALL.to_dict(), "summary": kartu_sama_summary(SMALL)}
ONE = encode(DOC)[0]
PARTS = encode(DOC, 200)
FAST = settings(max_examples=700, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def outcome(texts: list[str]) -> Match | None:
    """The match the texts import, or None when refused with a reason; anything else fails."""
    reader = Reader()
    try:
        for text in texts:
            reader.add(text)
        if not reader.done:
            return None
        return read_shared(reader.value).match
    except ShareError as error:
        assert error.reason.code.startswith("share_")
        return None


def valid(match: Match) -> None:
    again = Match.from_dict(match.to_dict())
    assert again.to_dict() == match.to_dict()


@FAST
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    assert outcome([text]) is None


@FAST
@given(st.text(alphabet=ALPHABET, max_size=400))
def test_random_base45_behind_the_prefix(text: str) -> None:
    assert outcome([PREFIX + text]) is None


@FAST
@given(st.lists(st.tuples(st.integers(0, len(ONE) - 1), st.sampled_from(ALPHABET)),
                min_size=1, max_size=6))
def test_changed_characters(changes: list[tuple[int, str]]) -> None:
    chars = list(ONE)
    for i, c in changes:
        chars[i] = c
    text = "".join(chars)
    got = outcome([text])
    assert (got is not None) == (text == ONE)


@FAST
@given(st.integers(0, len(ONE) - 1), st.integers(0, len(ONE)))
def test_cut_or_spliced(start: int, stop: int) -> None:
    text = ONE[:start] + ONE[stop:]
    assert (outcome([text]) is not None) == (text == ONE)


@FAST
@given(st.permutations(range(len(PARTS))), st.integers(0, len(PARTS)), st.data())
def test_parts_in_any_order_some_damaged(order: list[int], damaged: int, data: Any) -> None:
    texts = [PARTS[i] for i in order]
    if damaged < len(texts):
        t = texts[damaged]
        i = data.draw(st.integers(len(t) - 20, len(t) - 1))
        c = data.draw(st.sampled_from(ALPHABET))
        texts[damaged] = t[:i] + c + t[i + 1:]
    got = outcome(texts)
    intact = texts == [PARTS[i] for i in order]
    assert (got is not None) == intact
    if got is not None:
        assert got.to_dict() == SMALL.to_dict()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.sampled_from(
        ["play", "hand", "close", "start", "draw", "AS", "JK", "10H", "player", "cards", "kind",
         "count", "Ana", "kartu_sama", "sums", "x"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["kind", "player", "card", "cards", "count", "dealer", "round", "game",
                         "players", "options", "version", "events", "setup"]), inner,
        max_size=5),
    max_leaves=30,
)


@FAST
@given(json_values)
def test_well_sealed_random_values(value: Any) -> None:
    for doc in (value, {**DOC, "match": value}, {**DOC, "summary": value}):
        got = outcome(encode(doc))
        if got is not None:
            valid(got)


@FAST
@given(st.data())
def test_well_sealed_mutated_matches(data: Any) -> None:
    events = [dict(e) for e in SMALL.to_dict()["events"]]
    for _ in range(data.draw(st.integers(1, 4))):
        what = data.draw(st.sampled_from(["drop", "swap", "field", "insert"]))
        i = data.draw(st.integers(0, len(events) - 1))
        if what == "drop":
            events.pop(i)
        elif what == "swap":
            j = data.draw(st.integers(0, len(events) - 1))
            events[i], events[j] = events[j], events[i]
        elif what == "field":
            key = data.draw(st.sampled_from(["player", "count", "card", "cards", "kind"]))
            events[i][key] = data.draw(json_values)
        else:
            events.insert(i, data.draw(st.dictionaries(st.sampled_from(
                ["kind", "player", "count", "card"]), json_values, max_size=4)))
    doc = {**DOC, "match": {**DOC["match"], "events": events}}
    got = outcome(encode(doc))
    if got is not None:
        valid(got)


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_import_writes_all_or_nothing(data: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        store = Store(root)
        store.list_matches()
        before = files(root)
        events = list(DOC["match"]["events"])
        cut = data.draw(st.integers(0, len(events)))
        extra = data.draw(st.lists(st.sampled_from(
            [{"kind": "start"}, {"kind": "close"}, {"kind": "play", "player": 0, "card": None},
             {"kind": "hand", "player": 1, "cards": ["AS"]}]), max_size=3))
        doc = {**DOC, "match": {**DOC["match"], "events": events[:cut] + extra}}
        try:
            result = app_share.import_value(store, _decoded(encode(doc)))
        except ShareError:
            assert files(root) == before
            return
        stored = store.load_match(result.match_id)
        Match.from_dict({"version": 1, "setup": stored["setup"], "events": stored["events"]})
        assert len(store.list_matches()) == 1


def _decoded(texts: list[str]) -> Any:
    reader = Reader()
    for t in texts:
        reader.add(t)
    return reader.value
