"""Fuzzing the importer: random texts, damaged codes, and well-sealed payloads holding
random or mutated matches. Each is refused with a ShareError (a reason the app translates)
or gives a valid match; never another exception, never a partial write."""

from __future__ import annotations

import hashlib
import random
import struct
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.share.codes import import_value
from app.storage import Store
from models import share
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
            result = import_value(store, _decoded(encode(doc)))
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


# -- the codec: bounded, strict, and its encoder never makes what its decoder refuses -------
def forge(raw: bytes, method: int = share.RAW, tail: bytes = b"") -> str:
    """A well-checked code around ``raw`` packed bytes, as a forger would make it."""
    body = {share.RAW: raw, share.DEFLATE: share._deflate(raw),
            share.LZMA: share._lzma(raw)}[method] + tail
    blob = bytes((method,)) + body
    blob += hashlib.sha256(blob).digest()[:share.CHECK]
    return PREFIX + share.b45encode(blob)


def refusal(texts: list[str]) -> ShareError:
    with pytest.raises(ShareError) as caught:
        read_shared(share.decode(texts))
    return caught.value


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(["AS", "10H", "JK", "1S"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=4),
    max_leaves=20,
)


def nested(v: Any, depth: int) -> Any:
    for _ in range(depth):
        v = [v]
    return v


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain, st.integers(0, 40))
def test_the_encoder_never_makes_a_code_its_decoder_refuses(value: Any, depth: int) -> None:
    value = nested(value, depth)
    try:
        texts = encode(value)
    except ValueError:
        return  # refused up front: too deep, too large a number, not finite...
    assert share.decode(texts) == value


def test_the_encoder_refuses_what_the_decoder_would() -> None:
    for bad in (float("nan"), float("inf"), 1 << 63, -(1 << 63) - 1, nested(0, 40)):
        with pytest.raises(ValueError):
            encode(bad)
    assert share.decode(encode((1 << 63) - 1)) == (1 << 63) - 1


def test_every_method_is_bounded_and_takes_no_trailing_bytes() -> None:
    huge = bytes((share.STR,)) + b"\x80\x80\x40" + b"x" * (share.MAX_SIZE + 1)
    for method in (share.RAW, share.DEFLATE, share.LZMA):
        error = refusal([forge(huge, method)]) if method != share.RAW else None
        if error is not None:
            assert error.reason.code == "share_too_large"
    with pytest.raises(ShareError) as caught:  # raw: too large to be base45 in a code at all
        Reader().add(forge(huge))
    assert caught.value.reason.code == "share_too_large"
    raw = share.to_binary(DOC)
    for method in (share.DEFLATE, share.LZMA):
        assert read_shared(share.decode([forge(raw, method)])).match.to_dict() == DOC["match"]
        assert refusal([forge(raw, method, b"\x00")]).reason.code == "share_damaged"


def test_a_refusal_never_repeats_long_input() -> None:
    game = "g" * 300_000
    doc = {**DOC, "match": {**DOC["match"], "setup": {**DOC["match"]["setup"], "game": game}}}
    error = refusal(encode(doc))
    from app.i18n import Translator, say

    for language in ("en", "fr"):
        assert len(say(Translator(language), error.reason.code, error.reason.params)) < 300
    assert len(str(error)) < 300


# -- hostile matches: amplification, numbers that are not finite, a reused origin -----------
def _patched(doc: dict[str, Any], old: bytes, new: bytes) -> str:
    raw = share.to_binary(doc)
    assert raw.count(old) == 1
    return forge(raw.replace(old, new), share.DEFLATE)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")])
def test_numbers_that_are_not_finite_are_refused(bad: float) -> None:
    summary = {**DOC["summary"], "totals": [1.25, 0, 0]}
    text = _patched({**DOC, "summary": summary}, struct.pack("<d", 1.25), struct.pack("<d", bad))
    with pytest.raises(ShareError):
        read_shared(share.decode([text]))


def test_amplified_codes_are_refused_or_cut_down(tmp_path: Path) -> None:
    name = "N" * 20_000
    summary = {**DOC["summary"], "winners": [name] * 20_000}
    players = [name, *DOC["match"]["setup"]["players"][1:]]
    doc = {**DOC, "match": {**DOC["match"], "setup": {**DOC["match"]["setup"],
                                                       "players": players}},
           "summary": summary}
    texts = encode(doc)
    assert sum(map(len, texts)) < 2000  # small, and once meant 380 MB on disk
    store = Store(tmp_path)
    try:
        result = import_value(store, share.decode(texts))
    except ShareError:
        pass
    else:
        stored = store.load_match(result.match_id)
        assert len(stored["setup"]["players"][0]) == 24
    assert sum(p.stat().st_size for p in tmp_path.rglob("*") if p.is_file()) < 100_000
    many = {**DOC, "match": {**DOC["match"], "events": [{"kind": "start"}] * 250_000}}
    codes = encode(many)
    assert len(codes) == 1 and len(codes[0]) < 2000
    error = refusal(codes)
    assert error.reason.params["detail"].code == "share_events"
    crowd = {**DOC, "match": {**DOC["match"], "setup": {**DOC["match"]["setup"],
                                                        "players": [name] * 100_000}}}
    assert refusal(encode(crowd)).reason.params["detail"].code == "share_players"


def test_the_summary_is_worked_out_from_the_events(tmp_path: Path) -> None:
    lie = {**DOC["summary"], "winners": [DOC["match"]["setup"]["players"][0]],
           "totals": [999, 0, 0], "status": "finished"}
    store = Store(tmp_path)
    result = import_value(store, share.decode(encode({**DOC, "summary": lie})))
    summary = store.load_match(result.match_id)["summary"]
    assert {k: v for k, v in summary.items() if k != "imported"} == kartu_sama_summary(SMALL)


def test_a_reused_origin_with_another_match_imports_as_a_new_match(tmp_path: Path) -> None:
    store = Store(tmp_path)
    first = import_value(store, share.decode(encode(DOC)))
    other = Match.new(["Xi", "Yo"], "sums")
    forged = {**DOC, "match": other.to_dict(), "summary": {}}
    second = import_value(store, share.decode(encode(forged)))
    assert second.status == "new" and second.match_id != first.match_id
    for result in (first, second):
        doc = store.load_match(result.match_id)
        Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})
    assert store.load_match(first.match_id)["setup"]["game"] == "kartu_sama"
    own = store.create_match({"game": "sums", "players": ["Ana", "Bea"], "options": {}})
    mine = {**forged, "id": own}  # this device's own id, another match: a new one too
    assert import_value(store, share.decode(encode(mine))).status == "new"
    assert store.load_match(own)["events"] == []


def test_names_in_a_code_are_cleaned_and_look_alikes_refused() -> None:
    players = ["Ane\u0301", "\u202eBea\u0000", "Cid\u200b" + "🧑🏽‍🚀" * 30]
    doc = {**DOC, "match": {**DOC["match"], "setup": {**DOC["match"]["setup"],
                                                       "players": players}}, "summary": {}}
    got = read_shared(share.decode(encode(doc))).match.setup.players
    assert got == ("Ané", "Bea", "Cid" + "🧑🏽‍🚀" * 21)
    twins = {**doc, "match": {**doc["match"], "setup": {**doc["match"]["setup"],
                                                        "players": ["Ané", "Ane\u0301", "Cid"]}}}
    assert refusal(encode(twins)).reason.params["detail"].code == "setup_name_taken"
