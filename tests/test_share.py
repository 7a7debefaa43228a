"""Sharing a match: the codec (base45, packing, sealing, parts), the round trip of every game
with a table through a real QR image read by an independent decoder, importing into a store
(once), the refusals, the exports and the live scoreboard server."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from app.i18n import Translator, refusal
from app.share.camera import camera_trouble, secure
from app.share.codes import Imported, code_texts, import_value
from app.share.exports import csv_text, json_text
from app.share.live import LiveServer, lan_address, scoreboard
from app.share.pictures import qr_png, read_image
from app.share.screens import Sharing
from app.storage import Store
from models.cards import card
from models.match import Close, Hand, Match, Start
from models.share import (
    LIMIT,
    PREFIX,
    Reader,
    ShareError,
    b45decode,
    b45encode,
    decode,
    encode,
    from_binary,
    read_shared,
    seal,
    to_binary,
    unseal,
)
from tests.english import refused

NAMES = ("Ana", "Bea", "Cid", "Dan", "Eve", "Fay")


# -- realistic matches --------------------------------------------------------------------


def kartu_sama(rng: random.Random, players: int = 4, rounds: int = 15) -> Match:
    """An evening at the table: every turn tapped (cards not entered), every hand entered."""
    m = Match.new(NAMES[:players], "kartu_sama", {"target": 1000, "rounds": rounds})
    while m.table.phase != "over":
        legal: dict[str, Any] = {}
        for e in m.legal_events():
            legal.setdefault(e.kind, e)
        phase = m.table.phase
        if phase in ("idle", "closed"):
            m.record(Start())
        elif phase == "play":
            r = m.table.round
            if r.counts[r.turn] == 1 and "out" in legal:
                m.record(legal["out"])
                continue
            weights = {"play": 10, "pay": 8, "draw": 3, "fail": 2, "joker": 1}
            kinds = [k for k in weights if k in legal]
            m.record(legal[rng.choices(kinds, [weights[k] for k in kinds])[0]])
        else:
            r = m.table.round
            seats = list(r.missing)
            sizes = [min(r.counts[s], 8) for s in seats]
            cards = rng.sample(list(m.table.cards), sum(sizes))
            for s, n in zip(seats, sizes, strict=True):
                m.record(Hand(s, tuple(cards[:n])))
                cards = cards[n:]
            m.record(Close())
    return m


def kartu_sama_summary(m: Match) -> dict[str, Any]:
    """The summary the Kartu Sama referee saves (app/tables/kartu_sama.py)."""
    table = m.table
    over = table.phase == "over"
    return {
        "status": "finished" if over else "playing",
        "round": len(table.history) + (0 if over else 1),
        "mode": table.options.mode,
        "totals": list(table.wins if table.options.mode == "victory" else table.totals),
        "winners": [m.setup.players[s] for s in table.winners] if over else [],
        "rounds": [list(r.points) for r in table.history],
    }


def forty_one(rng: random.Random, players: int = 4, rounds: int = 15) -> Match:
    """Hands of 41: every draw tapped until the stock runs out, then the four cards of each."""
    from models.tables.forty_one import DrawStock, StockOut

    m = Match.new(NAMES[:players], "forty_one", {"hands": rounds})
    for _ in range(rounds):
        m.record(Start())
        d = m.table.deal
        while d.stock:
            m.record(DrawStock(d.turn))
        m.record(StockOut(d.turn))
        cards = rng.sample(range(52), 4 * players)
        for seat in range(players):
            m.record(Hand(seat, tuple(card(c) for c in cards[4 * seat:4 * seat + 4])))
        m.record(Close())
    return m


def forty_one_summary(m: Match) -> dict[str, Any]:
    """The summary the 41 referee saves (app/tables/forty_one.py)."""
    table = m.table
    over = table.phase == "over"
    return {
        "status": "finished" if over else "playing",
        "round": len(table.history) + (0 if over else 1), "mode": None,
        "totals": list(table.totals if table.options.running_score else table.wins),
        "winners": [m.setup.players[s] for s in table.winners] if over else [],
        "rounds": [list(d.points) for d in table.history],
    }


def samba(rng: random.Random, players: int = 4, rounds: int = 15) -> Match:
    """Hands of Samba entered by counts (pure canastas of kings), the stock run out."""
    from models.tables.samba import Result, StockOut

    m = Match.new(NAMES[:players], "samba", {"target": 100_000})
    for _ in range(rounds):
        m.record(Start())
        for side in (0, 1):
            pure = rng.randrange(0, 3)
            m.record(Result(side, high=16 * pure, pure=pure))  # past any minimum
        m.record(StockOut())
        m.record(Close())
    return m


def samba_summary(m: Match) -> dict[str, Any]:
    """The summary the Samba referee saves (app/tables/samba.py)."""
    table = m.table
    over = table.phase == "over"
    side = table.side_of
    n = len(m.setup.players)
    return {
        "status": "finished" if over else "playing",
        "round": len(table.history) + (0 if over else 1), "mode": None,
        "totals": [table.totals[side[s]] for s in range(n)],
        "winners": [m.setup.players[p] for w in table.winners for p in table.members[w]],
        "rounds": [[h.points[side[s]] for s in range(n)] for h in table.history],
    }


def sums(rng: random.Random, players: int = 4, rounds: int = 1) -> Match:
    """A whole game of Sums (one round), every card entered as it is placed."""
    from models.games import sums as engine
    from models.match import Play
    from models.tables.sums import COUNTER, FaceUp, Let
    from tests.test_agree_sums import event_of

    state = engine.Sums(players, rng.randrange(1 << 30), engine.Options())
    m = Match.new(NAMES[:players], "sums", engine.Options())
    for seat in range(players):
        m.record(FaceUp(seat, card(state.in_play[seat][0])))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        event = event_of(state, action)
        state.apply(action)
        if isinstance(event, Play) and m.table.counter_play(event):
            m.record(Let(m.table.current))  # the owner's own card: "no counter" said first
        m.record(event)
        while m.table.phase == COUNTER and engine.PHASES[state.phase] != "counter":
            m.record(Let(m.table.current))  # asked at once: settling would end the game
    return m


def sums_summary(m: Match) -> dict[str, Any]:
    """The summary the Sums referee saves (app/tables/sums.py)."""
    table = m.table
    scores = table.scores()
    return {"status": "finished" if table.over else "playing", "round": 1, "mode": None,
            "totals": scores, "winners": [m.setup.players[s] for s in table.winners],
            "rounds": [scores] if table.over else []}


MAKERS = {"kartu_sama": (kartu_sama, kartu_sama_summary),
          "forty_one": (forty_one, forty_one_summary), "samba": (samba, samba_summary),
          "sums": (sums, sums_summary)}


GAMES_WITH_TABLES = list(MAKERS)  # every game is refereed at a table


def stored(store: Store, m: Match, summary: dict[str, Any]) -> str:
    match_id = store.create_match(m.setup.to_dict())
    store.replace_events(match_id, [e.to_dict() for e in m.events])
    store.update_summary(match_id, summary)
    return match_id


@pytest.fixture(scope="module")
def evening() -> Match:
    return kartu_sama(random.Random(7))


# -- codec --------------------------------------------------------------------------------


def test_base45_matches_the_rfc_examples() -> None:
    assert b45encode(b"AB") == "BB8"
    assert b45encode(b"Hello!!") == "%69 VD92EX0"
    assert b45encode(b"ietf!") == "QED8WEX0"
    assert b45decode("QED8WEX0") == b"ietf!"
    for bad in ("GGW", "ZZZ", "a", "QED8WEX", "!!"):
        with pytest.raises(ValueError):
            b45decode(bad)


def test_base45_round_trip_any_bytes() -> None:
    rng = random.Random(1)
    for n in range(40):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert b45decode(b45encode(data)) == data


def test_pack_round_trips_json_values() -> None:
    values: list[Any] = [
        None, True, False, 0, 63, 64, -1, -(2**40), 2**60, 1.5, "", "é ✓", "AS", "10H", "JK",
        "as", "1H", [], ["AS", "JK"], ["AS", 3], {"a": 1, "b": [None, {"a": 2, "b": 3}]},
        [{"kind": "play", "player": i % 4, "card": None} for i in range(200)],
        {f"k{i}": f"v{i % 70}" for i in range(90)},
    ]
    for v in values:
        assert from_binary(to_binary(v)) == v
        assert json.dumps(from_binary(to_binary(v))) == json.dumps(v)


def test_a_card_is_one_byte_and_repeats_are_references() -> None:
    assert len(to_binary(["AS", "10H", "JK"])) == 5
    assert len(to_binary(["play"] * 10)) < 20


def test_seal_detects_any_change(evening: Match) -> None:
    blob = seal(evening.to_dict())
    assert unseal(blob) == evening.to_dict()
    for i in range(0, len(blob), max(1, len(blob) // 50)):
        bad = bytearray(blob)
        bad[i] ^= 0x10
        with pytest.raises(ShareError):
            unseal(bytes(bad))


def test_encode_one_code_or_numbered_parts_in_any_order(evening: Match) -> None:
    value = evening.to_dict()
    (one,) = encode(value)
    assert one.startswith(PREFIX)
    assert decode([one]) == value
    parts = encode(value, 300)
    assert len(parts) > 2 and all(len(p) <= 300 for p in parts)
    assert parts[1].startswith(f"{PREFIX}2/{len(parts)}/")
    shuffled = parts[:]
    random.Random(3).shuffle(shuffled)
    reader = Reader()
    for text in shuffled[:-1]:
        reader.add(text)
        assert not reader.done
    assert len(reader.missing) == 1
    reader.add(shuffled[-1])
    assert reader.done and reader.value == value
    assert decode(["\n".join(parts)]) == value  # pasted all at once, one a line


def test_refusals_say_why(evening: Match) -> None:
    value = evening.to_dict()
    (one,) = encode(value)

    def why(*texts: str) -> str:
        with pytest.raises(ShareError) as info:
            decode(texts)
        return info.value.reason.code

    assert why("https://example.org/") == "share_foreign"
    assert why("MEJA2:ABC") == "share_future"
    assert why(one[:-10]) == "share_damaged"
    assert why(one[:20] + ("0" if one[20] != "0" else "1") + one[21:]) == "share_damaged"
    assert why("   ") == "share_empty"
    parts_a, parts_b = encode(value, 300), encode(kartu_sama(random.Random(9), 3, 3).to_dict(), 300)
    reader = Reader()
    reader.add(parts_a[0])
    with pytest.raises(ShareError) as info:
        reader.add(parts_b[1])
    assert info.value.reason.code == "share_mixed"
    assert reader.parts  # what was read is kept


def test_read_shared_rechecks_the_match(evening: Match) -> None:
    doc = {"id": "20260101-200000-000000-abcd", "created": "2026-01-01T20:00:00Z",
           "match": evening.to_dict(), "summary": kartu_sama_summary(evening)}
    shared = read_shared(doc)
    assert shared.match.to_dict() == evening.to_dict()
    bad = json.loads(json.dumps(doc))
    bad["match"]["events"].insert(0, {"kind": "close"})
    with refused(ShareError, match="does not hold a valid match"):
        read_shared(bad)
    bad = json.loads(json.dumps(doc))
    bad["summary"]["winners"] = ["Mallory"]
    with pytest.raises(ShareError):
        read_shared(bad)
    with pytest.raises(ShareError):
        read_shared({"id": 1})


class ImportShell:
    """What the import screen uses of the shell, in one language."""

    def __init__(self, root: Path, language: str) -> None:
        self.t = Translator(language)
        self.store = Store(root)

    def refresh(self) -> None:
        pass

    def toast(self, text: str) -> None:
        raise AssertionError(f"imported: {text}")

    def announce(self, match_id: str) -> None:
        pass


def test_a_pasted_text_is_counted_as_the_import_reads_it(tmp_path: Path) -> None:
    """A space is a base45 character, so a code cut short can end in one (a whole code never
    does: its last character stands for less than 36). The words under the field count it,
    as the import keeps it: CI once waited in vain for "(N characters)" of such a cut code,
    the count having dropped its last space. Codes are counted line by line, as the import
    reads them: a space inside a code does not make two."""
    m = Match.new(["Ana", "Bea"])
    m.record(Start())
    (code,) = encode({"id": "20260101-200000-000000-abcd", "created": "2026-01-01T20:00:00Z",
                      "match": m.to_dict(), "summary": {}})
    assert not code.endswith(" ") and " " in code
    cut = code[: code.rindex(" ") + 1]
    shell: Any = ImportShell(tmp_path, "en")
    screen = Sharing(shell)
    screen.pasted = cut
    assert screen._pasted() == f"1 Meja code in the text ({len(cut)} characters)."
    with pytest.raises(ShareError, match="share_damaged"):
        Reader().add(cut)  # read with its space, and refused as cut short
    screen.pasted = f"  {code}\r\n\n{cut}\n"
    assert screen._pasted() == (
        f"2 Meja codes in the text ({len(code) + 1 + len(cut)} characters).")
    reader = Reader()
    reader.add(f"  {code}\r\n")
    value: Any = reader.value
    assert reader.done and value["id"] == "20260101-200000-000000-abcd"
    screen.pasted = " \n\t\n"
    assert screen._pasted() == ""


REFUSED_MATCHES: dict[str, tuple[Any, str, str]] = {
    # a well-sealed code, its match changed: (change, the reason in English, in French)
    "card not in the pack": (
        lambda m: m["events"].append({"kind": "hand", "player": 0, "cards": ["2S"]}),
        "2S is not in the pack in use (2 packs of 34 cards)",
        "2S n'est pas dans le jeu utilisé (2 jeux de 34 cartes)"),
    "not the player's turn": (
        lambda m: m["events"].append({"kind": "play", "player": 2, "card": None}),
        "It is Bea's turn, not Cid's",
        "C'est à Bea de jouer, pas à Cid"),
    "a set-up the pack cannot deal": (
        lambda m: m["setup"]["options"].update(hand_size=30),
        "3 players need 91 cards (30 each and one to turn up); 2 packs of 34 cards have 68",
        "3 joueurs demandent 91 cartes (30 chacun et une à retourner) ; 2 jeux de 34 cartes en "
        "comptent 68"),
    "a set-up with too many packs": (
        lambda m: m["setup"]["options"].update(packs=9),
        "Use from 1 to 8 packs of cards",
        "Utilisez de 1 à 8 jeux de cartes"),
    "an event Meja does not write": (
        lambda m: m["events"].append({"kind": "play", "player": "Bea"}),
        "its set-up or its events are not written the way Meja writes them",
        "sa partie n'est pas écrite comme Meja écrit les parties"),
}


@pytest.mark.parametrize("case", REFUSED_MATCHES)
def test_a_refused_match_is_said_in_the_readers_language(case: str, tmp_path: Path) -> None:
    """The import screen says why the models refused a code's match (its set-up or an event),
    from the reason's code and params: French in French, no English inside."""
    change, english, french = REFUSED_MATCHES[case]
    m = Match.new(["Ana", "Bea", "Cid"], "kartu_sama",
                  {"short_pack": True, "jokers": True, "packs": 2})
    m.record(Start())
    doc = {"id": "20260101-200000-000000-abcd", "created": "2026-01-01T20:00:00Z",
           "match": m.to_dict(), "summary": {}}
    change(doc["match"])
    (code,) = encode(doc)
    with pytest.raises(ShareError) as info:
        read_shared(decode([code]))
    assert str(info.value).startswith("share_invalid(detail=")  # a code and params: the
    # words are the app's, which the screens below say
    for language, said in (("en", "This code does not hold a valid match: " + english),
                           ("fr", "Ce code ne contient pas une partie valable : " + french)):
        said = said.replace("2S ", "2♠ ")  # on screen, cards show their suit symbols
        shell: Any = ImportShell(tmp_path / language, language)
        screen = Sharing(shell)
        screen.read(code)
        assert screen.error == said + "."
        assert refusal(Translator(language), info.value) == said + "."
    assert not re.search(r"\b(pack|packs|cards?|turn|players?|each|not|its|Use)\b", screen.error)


# -- through a real QR image, into another store ------------------------------------------


def scan(png: bytes) -> str:
    """An independent decoder reads the PNG the app rendered."""
    (text,) = read_image(png)
    return text


@pytest.mark.parametrize("game", GAMES_WITH_TABLES)
def test_round_trip_through_qr_images(game: str, tmp_path: Path) -> None:
    make, summarize = MAKERS[game]
    m = make(random.Random(11))
    summary = summarize(m)
    sender, receiver = Store(tmp_path / "a"), Store(tmp_path / "b")
    match_id = stored(sender, m, summary)
    for limit in (LIMIT, 500):  # one code, then numbered parts
        texts = code_texts(sender, match_id, limit)
        assert all(len(t) <= limit for t in texts) and len(texts) <= 4
        scanned = [scan(qr_png(t)) for t in reversed(texts)]
        assert scanned == list(reversed(texts))
        reader = Reader()
        for text in scanned:
            reader.add(text)
        result = import_value(receiver, reader.value)
        assert result.status == ("new" if limit == LIMIT else "same")
        doc = receiver.load_match(result.match_id)
        copy = Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})
        assert copy.to_dict() == m.to_dict()
        assert {k: v for k, v in doc["summary"].items() if k != "imported"} == summary
        assert doc["summary"]["imported"]["from"] == match_id
    assert len(receiver.list_matches()) == 1


def test_import_twice_updates_or_keeps_one_copy(tmp_path: Path) -> None:
    m = kartu_sama(random.Random(5), players=3, rounds=4)
    sender, receiver = Store(tmp_path / "a"), Store(tmp_path / "b")
    match_id = sender.create_match(m.setup.to_dict())
    half = m.events[: len(m.events) // 2]
    sender.replace_events(match_id, [e.to_dict() for e in half])
    first = import_value(receiver, decode(code_texts(sender, match_id)))
    assert first.status == "new"
    assert import_value(receiver, decode(code_texts(sender, match_id))).status \
        == "same"
    sender.replace_events(match_id, [e.to_dict() for e in m.events])
    again = import_value(receiver, decode(code_texts(sender, match_id)))
    assert again == Imported("updated", first.match_id)
    assert len(receiver.load_match(first.match_id)["events"]) == len(m.events)
    # re-shared from the receiver, it keeps its origin; back home it is the sender's own
    back = import_value(sender, decode(code_texts(receiver, first.match_id)))
    assert back == Imported("own", match_id)
    assert len(receiver.list_matches()) == 1 and len(sender.list_matches()) == 1


def test_a_refused_code_writes_nothing(tmp_path: Path, evening: Match) -> None:
    store = Store(tmp_path / "b")
    doc = {"id": "20260101-200000-000000-abcd", "created": "x", "match": evening.to_dict(),
           "summary": {}}
    doc["match"]["events"].append({"kind": "start"})  # the match is over: refused
    with pytest.raises(ShareError):
        import_value(store, decode(encode(doc)))
    assert store.list_matches() == []
    assert not list((tmp_path / "b" / "matches").iterdir())


def test_an_image_without_a_code_reads_nothing() -> None:
    from PIL import Image

    buf = __import__("io").BytesIO()
    Image.new("RGB", (50, 50), "white").save(buf, format="PNG")
    assert read_image(buf.getvalue()) == []


def test_exports(tmp_path: Path) -> None:
    m = kartu_sama(random.Random(2), players=3, rounds=3)
    store = Store(tmp_path)
    match_id = stored(store, m, kartu_sama_summary(m))
    lines = csv_text(store, match_id).splitlines()
    assert lines[0] == "round,Ana,Bea,Cid"
    assert len(lines) == 1 + 3 + 1 + 1 and lines[4].startswith("total,")
    data = json.loads(json_text(store, match_id))
    assert data["match"] == m.to_dict() and data["id"] == match_id


# -- the live scoreboard server -----------------------------------------------------------


def get(url: str, method: str = "GET") -> tuple[int, bytes]:
    request = urllib.request.Request(url, method=method, data=b"x" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_live_server_needs_the_token_and_changes_nothing(tmp_path: Path) -> None:
    m = kartu_sama(random.Random(4), players=3, rounds=2)
    store = Store(tmp_path)
    stored(store, m, kartu_sama_summary(m))
    t = Translator("en")
    server = LiveServer(lambda: scoreboard(store, t),
                        lambda: {"lang": "en", "title": "Meja", "note": "n"},
                        "127.0.0.1").start()
    try:
        base = server.url
        root = base.rsplit("/", 2)[0]
        wrong = "y" if server.token.endswith("x") else "x"  # one letter off, never the same
        status, body = get(base + "data")
        assert status == 200
        data = json.loads(body)
        assert data["players"] == ["Ana", "Bea", "Cid"] and len(data["rounds"]) == 2
        assert get(base)[0] == 200 and get(base + "live.js")[0] == 200
        for url in (root + "/", root + "/data", root + "/wrong-token/data",
                    base.replace(server.token, server.token[:-1] + wrong) + "data"):
            assert get(url)[0] == 403
        before = store.load_match(store.list_matches()[0]["id"])
        for method in ("POST", "PUT", "DELETE"):
            assert get(base + "data", method)[0] == 405
        assert store.load_match(store.list_matches()[0]["id"]) == before
        assert b"<form" not in get(base)[1] and b"<button" not in get(base)[1]
    finally:
        server.stop()


def test_lan_address_is_an_address() -> None:
    address = lan_address()
    assert address.count(".") == 3 and address != "0.0.0.0"


# -- the screens, without a page ----------------------------------------------------------


def test_share_and_import_views_call_back() -> None:
    import flet as ft

    from views.common import find
    from views.share import (
        ImportData,
        ScanData,
        ShareData,
        import_view,
        live_section,
        scan_view,
        share_view,
    )

    t = Translator("en")
    calls: list[object] = []
    png = qr_png("MEJA1:TEST")
    handlers = {name: (lambda name=name: calls.append(name)) for name in (
        "previous", "next", "copy", "copy_results", "send", "picture", "csv", "json")}
    view = share_view(t, ShareData("/match/x/share", png, "Code 1 of 2", "10 characters", 2),
                      on_kind=calls.append, on_back=lambda: None,
                      **{f"on_{name}": h for name, h in handlers.items()})
    for key in ("kind-results", "kind-code", "previous", "next", "copy", "csv", "json"):
        find(view, key).on_click(None)
    assert calls == ["results", "code", "previous", "next", "copy", "csv", "json"]
    assert find(view, "part").value == "Code 1 of 2" and find(view, "picture") is None
    calls.clear()
    view = share_view(t, ShareData("/match/x/share", png, "Code 1 of 2", "10 characters", 2,
                                   kind="results", text="Ana wins", note="short"),
                      on_kind=calls.append, on_back=lambda: None,
                      **{f"on_{name}": h for name, h in handlers.items()})
    assert find(view, "part") is None and find(view, "copy") is None
    assert find(view, "results-text").value == "Ana wins"
    assert find(view, "results-note").value == "short"
    for key in ("copy-results", "send", "picture"):
        find(view, key).on_click(None)
    assert calls == ["copy_results", "send", "picture"]
    calls.clear()
    view = import_view(t, ImportData("", "bad", "MEJA1:"), on_image=lambda: calls.append("img"),
                       on_camera=lambda: calls.append("camera"), on_text=calls.append,
                       on_paste=lambda: calls.append("paste"), on_back=lambda: None)
    assert find(view, "paste").value == "MEJA1:" and find(view, "error").value == "bad"
    find(view, "from-camera").on_click(None)
    find(view, "from-image").on_click(None)
    find(view, "paste-import").on_click(None)
    assert calls == ["camera", "img", "paste"]
    desktop = import_view(t, ImportData("", ""), on_camera=None, on_image=lambda: None,
                          on_text=calls.append, on_paste=lambda: None, on_back=lambda: None)
    assert find(desktop, "from-camera") is None and find(desktop, "from-image") is not None
    calls.clear()
    preview = ft.Container(key="the-camera")
    scan = scan_view(t, ScanData("1 of 2 codes read. Still to read: 2.", "", ""),
                     camera=preview, on_retry=lambda: calls.append("retry"),
                     on_back=lambda: None)
    assert find(scan, "the-camera") is preview and find(scan, "camera-retry") is None
    assert find(scan, "progress").value.startswith("1 of 2")
    failed = scan_view(t, ScanData("", "", "No camera"), camera=None,
                       on_retry=lambda: calls.append("retry"), on_back=lambda: None)
    assert find(failed, "camera-failed").value == "No camera" and find(failed, "preview") is None
    find(failed, "camera-retry").on_click(None)
    assert calls == ["retry"]
    off = live_section(t, on=False, url="", png=None, error="", on_toggle=calls.append)
    assert find(off, "live-off") is not None and find(off, "live-qr") is None
    on = live_section(t, on=True, url="http://10.0.0.2:1/abc/", png=png, error="",
                      on_toggle=calls.append)
    assert find(on, "live-url").value == "http://10.0.0.2:1/abc/"


def test_camera_errors_are_said_in_words() -> None:
    t = Translator("fr")
    cases = {
        "CameraException(cameraNotFound, No camera found for the given camera options.)":
            "share.camera_none",
        "CameraException(CameraAccessDenied, Camera access permission was denied.)":
            "share.camera_denied",
        "NotAllowedError: Permission denied": "share.camera_denied",
        "CameraException(cameraNotSupported, The camera is not supported on this device.)":
            "share.camera_unsupported",
        "CameraException(cameraNotReadable, busy)": "share.camera_busy",
        "CameraException(cameraUnknown, ???)": None,
        "timed out": None,
    }
    for error, key in cases.items():
        assert camera_trouble(error) == key, error
        if key:
            assert t.has(key) and "{" not in t(key)


def test_the_camera_is_offered_only_where_a_browser_opens_it() -> None:
    assert secure("http://127.0.0.1:8550/")
    assert secure("http://localhost:8550/import")
    assert secure("https://192.168.1.20:8550/")
    assert not secure("http://192.168.1.20:8550/")
    assert not secure("")


@pytest.mark.parametrize("game", ["kartu_sama", "sums"])
def test_an_imported_match_scoreboard_has_no_table_here(tmp_path: Path, game: str) -> None:
    from tests.test_table_entry import referee
    from views.common import find

    ref = referee(tmp_path, game)
    playing = ref.view("score")
    assert find(playing, "continue") is not None
    ref.read_only = True  # as the sharing screens set it for an imported match
    view = ref.view("score")
    assert find(view, "continue") is None
    find(view, "back").on_click(None)
    assert ref.host.route == "/"
