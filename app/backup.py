"""The whole history in one file, to move to a new phone: every match, saved device game,
player name, the players' renames and colours, and the settings worth moving, restored by
merging into another device's data.

A backup is gzip-compressed JSON::

    {"format": "meja-backup", "version": 1, "sha256": <hex of the data>, "data": {
        "created": <UTC stamp>, "matches": [<match>...], "games": [<game>...],
        "players": [<name>...], "people": {<renames, merges, colours>},
        "settings": {"language": ..., "theme": ...}}}

a match being ``{"id", "created", "updated", "setup", "events", "summary"}`` as the store
keeps it and a game ``{"key", "doc"}``. The checksum is the SHA-256 of the data written as
canonical JSON (sorted keys, no spaces); ``people`` (``models.people``) is absent from the
first backups and optional. Reading is strict and bounded before any work
(the file, what it inflates to, the matches): a file that is not exactly a backup raises
:class:`BackupError` and nothing is written.

Restoring never deletes or rewrites what is there without a reason: a match with an id
already stored is kept once (the copy with more events wins), new ones are added, each
match checked like an import (its events replayed through :meth:`Match.from_dict`, its
summary worked out again); a match that fails the check is refused and counted. Each match
is one atomic write; a failed write stops the restore with what was done so far.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypedDict

from app.share.codes import summary_of
from app.storage import GAME_KEY, MATCH_ID, RESERVED, Store
from models.people import People
from models.registry import GAMES
from models.share import ShareError, read_shared

FORMAT = "meja-backup"
VERSION = 1
MAX_FILE = 64 << 20  # bytes of a backup file (compressed)
MAX_DATA = 512 << 20  # bytes it may inflate to (a decompression bomb stops here)
MAX_MATCHES = 50_000  # five times the history the storage is measured with
MAX_GAMES = 1_000
MAX_ACTIONS = 100_000  # moves of one saved device game
SETTINGS = ("language", "theme")  # what moves to another device (not its live server)
STAMP = 32  # characters of a stored time stamp


class Backup(TypedDict):
    """What a backup holds (:func:`collect`): when it was made, every match (its id, stamps,
    set-up, events and summary), every saved game (``key`` and ``doc``), the names, the
    people's renames and colours, and the settings that move to another device."""

    created: str
    matches: list[dict[str, object]]
    games: list[dict[str, object]]
    players: list[str]
    people: dict[str, object]
    settings: dict[str, object]


class BackupError(Exception):
    """A file that is not a backup Meja can restore. ``code``: ``empty``, ``foreign`` (not a
    Meja backup), ``damaged`` (cut short or changed: the checksum fails), ``future`` (a newer
    Meja's) or ``too_large``."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(code)


def file_name(now: datetime) -> str:
    """The name a backup is offered under: ``meja-backup-2026-11-24.json.gz``."""
    return f"meja-backup-{now:%Y-%m-%d}.json.gz"


def _canonical(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


# -- backing up ---------------------------------------------------------------------------
def collect(store: Store, now: datetime | None = None) -> Backup:
    """The data of a backup of ``store``: every match it can read (a damaged one is already
    set aside and reported by the store), every saved game, the names and the settings."""
    matches = []
    for entry in reversed(store.list_matches()):  # oldest first: restored in that order
        if entry.get("damaged"):
            continue
        try:
            doc = store.load_match(entry["id"])
        except LookupError:
            continue
        matches.append({"id": entry["id"], "created": entry["created"],
                        "updated": entry["updated"], "setup": doc["setup"],
                        "events": doc["events"], "summary": doc["summary"]})
    games: list[dict[str, object]] = [{"key": key, "doc": saved} for key in store.game_keys()
                                      if (saved := store.load_game(key)) is not None]
    settings = store.settings()
    return {"created": f"{(now or datetime.now(UTC)):%Y-%m-%dT%H:%M:%SZ}",
            "matches": matches, "games": games, "players": store.players(),
            "people": store.people(),
            "settings": {k: settings[k] for k in SETTINGS if k in settings}}


def dump(data: Mapping[str, object]) -> bytes:
    """The bytes of a backup file holding ``data`` (see :func:`collect`)."""
    body = _canonical(data)
    head = {"format": FORMAT, "version": VERSION, "sha256": hashlib.sha256(body).hexdigest()}
    text = _canonical(head)[:-1] + b',"data":' + body + b"}"
    return gzip.compress(text, compresslevel=6, mtime=0)


def backup(store: Store, now: datetime | None = None) -> bytes:
    """A backup file of everything in ``store``."""
    return dump(collect(store, now))


# -- reading --------------------------------------------------------------------------------
def _inflate(raw: bytes) -> bytes:
    """The JSON text of a file: gunzipped if it is gzip (bounded), else as it is."""
    if not raw.startswith(b"\x1f\x8b"):
        return raw
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        text = inflater.decompress(raw, MAX_DATA)
        if inflater.unconsumed_tail:
            raise BackupError("too_large")
        if not inflater.eof:
            raise BackupError("damaged")
    except zlib.error:
        raise BackupError("damaged") from None
    return text


def read(raw: bytes) -> dict[str, Any]:
    """The data of a backup file, checked: :class:`BackupError` if it is anything else.
    Each match is checked later, one by one, as it is restored."""
    if len(raw) > MAX_FILE:
        raise BackupError("too_large")
    if not raw.strip():
        raise BackupError("empty")
    text = _inflate(raw)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        # a backup cut short still starts like one: say it is damaged, not foreign
        head = text.lstrip()[:40]
        raise BackupError("damaged" if head.startswith(b'{"format":"meja-backup"') or
                          raw.startswith(b"\x1f\x8b") else "foreign") from None
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise BackupError("foreign")
    version = value.get("version")
    if type(version) is not int or version < 1:
        raise BackupError("damaged")
    if version > VERSION:
        raise BackupError("future", version=version)
    data = value.get("data")
    if set(value) != {"format", "version", "sha256", "data"} or not isinstance(data, dict):
        raise BackupError("damaged")
    if hashlib.sha256(_canonical(data)).hexdigest() != value["sha256"]:
        raise BackupError("damaged")
    if not (isinstance(data.get("matches"), list) and isinstance(data.get("games"), list)
            and isinstance(data.get("players"), list) and isinstance(data.get("settings"), dict)):
        raise BackupError("damaged")
    if "people" in data and not People.valid(data["people"]):
        raise BackupError("damaged")
    if len(data["matches"]) > MAX_MATCHES or len(data["games"]) > MAX_GAMES:
        raise BackupError("too_large")
    return data


# -- checking one match or game -------------------------------------------------------------
def _stamp(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= STAMP


def checked_match(item: object) -> dict[str, Any] | None:
    """A match of a backup as the store keeps it, its summary worked out again from its
    events; None if it is not a valid match (checked like an import)."""
    if not isinstance(item, dict) or set(item) != {
            "id", "created", "updated", "setup", "events", "summary"}:
        return None
    match_id, setup, summary = item["id"], item["setup"], item["summary"]
    if not (isinstance(match_id, str) and MATCH_ID.match(match_id) and _stamp(item["created"])
            and _stamp(item["updated"]) and isinstance(setup, dict)
            and isinstance(summary, dict)):
        return None
    play = setup.get("play")  # a game played on the device, kept as its result
    if "play" in setup and not (isinstance(play, str) and GAME_KEY.match(play)):
        return None
    if play is None and set(setup) != {"game", "players", "options"}:
        return None
    shown = {k: summary[k] for k in ("status", "round", "mode", "totals", "winners", "rounds")
             if k in summary}
    try:
        shared = read_shared({"id": match_id, "created": item["created"], "summary": shown,
                              "match": {"version": 1, "events": item["events"], "setup": {
                                  k: setup.get(k) for k in ("game", "players", "options")}}})
    except ShareError:
        return None
    if play is not None:
        # no events: its result is the summary itself, checked above
        if shared.match.events or summary.get("play", play) != play:
            return None
        # what else the device's player wrote (who sat there...) goes along, as it was
        derived = {**summary, **shared.summary, "play": play}
    else:
        derived = summary_of(shared.match)
    mark = summary.get("imported")
    if mark is not None:
        if not (isinstance(mark, dict) and set(mark) <= {"from", "digest", "created"}
                and all(isinstance(v, str) and len(v) <= 64 for v in mark.values())):
            return None
        derived["imported"] = dict(mark)
    return {"id": match_id, "created": item["created"], "updated": item["updated"],
            "setup": {**setup, **shared.match.setup.to_dict()},
            "events": [e.to_dict() for e in shared.match.events], "summary": derived}


def checked_game(item: object) -> tuple[str, dict[str, object]] | None:
    """A saved device game of a backup, ``(key, doc)``, if it replays; None otherwise."""
    if not isinstance(item, dict) or set(item) != {"key", "doc"}:
        return None
    key, doc = item["key"], item["doc"]
    if not (isinstance(key, str) and GAME_KEY.match(key) and key not in RESERVED
            and isinstance(doc, dict)):
        return None
    seats, actions = doc.get("seats"), doc.get("actions")
    if not (doc.get("game") in GAMES and isinstance(seats, list) and isinstance(actions, list)
            and len(actions) <= MAX_ACTIONS and type(doc.get("seed")) is int
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)):
        return None
    try:
        GAMES[doc["game"]].replay(len(seats), doc["seed"], doc.get("options"), actions)
    except Exception:  # noqa: BLE001 - a file from elsewhere must never crash the restore
        return None
    return key, doc


# -- restoring ------------------------------------------------------------------------------
@dataclass
class Restored:
    """What a restore did: matches ``added``, ``updated`` (the backup's copy had more
    events), ``kept`` (already here, as complete), ``refused`` (not valid), device games
    added; ``error`` the write that failed and stopped it, if one did."""

    added: int = 0
    updated: int = 0
    kept: int = 0
    refused: int = 0
    games: int = 0
    error: OSError | None = field(default=None)


def restore(store: Store, data: Mapping[str, Any],
            progress: Callable[[int, int], None] | None = None) -> Restored:
    """Merge a backup's ``data`` (from :func:`read`) into ``store``; ``progress(i, n)``
    after each of its ``n`` matches. Stops at the first failed write; what was written
    before it stays, and the result says how much."""
    done = Restored()
    here = {e["id"]: e for e in store.list_matches() if not e["damaged"]}
    try:
        for i, item in enumerate(data["matches"], 1):
            if progress is not None:
                progress(i, len(data["matches"]))
            known = here.get(item.get("id")) if isinstance(item, dict) else None
            count = _events_here(store, known["id"]) if known else None
            if count is not None and isinstance(item.get("events"), list) and len(
                    item["events"]) <= count:
                done.kept += 1  # as complete here: nothing to check or write
                continue
            match = checked_match(item)
            if match is None:
                done.refused += 1
            elif count is None:
                store.restore_match(match)
                done.added += 1
            else:
                store.replace_events(match["id"], match["events"], match["summary"])
                done.updated += 1
        have = set(store.game_keys())
        added: list[str] = []
        for item in data["games"]:
            game = checked_game(item)
            if game is not None and game[0] not in have:
                store.save_game(*game)
                added.append(game[0])
                done.games += 1
        names = [n for n in data["players"] if isinstance(n, str) and 0 < len(n) <= 100]
        store.remember_players(store.players() + names)  # the names here stay first
        if data.get("people"):  # renames, merges and colours: this device's own win
            mine = People.from_doc(store.people())
            store.save_people(mine.merged(People.from_doc(data["people"])).to_doc())
        settings = store.settings()
        moved: dict[str, object] = {k: v for k, v in data["settings"].items()
                                 if k in SETTINGS and k not in settings and isinstance(v, str)}
        if added:  # the games brought in are listed on home with this device's own
            moved["plays"] = [*settings.get("plays", []), *added]
        if moved:
            store.save_settings({**settings, **moved})
    except OSError as error:
        done.error = error
    with suppress(OSError):  # else the next look at the history adds them
        store.list_matches()  # the restored matches join the history: one write a month
    return done


def _events_here(store: Store, match_id: str) -> int | None:
    """How many events the stored match has; None if it cannot be read (set aside)."""
    try:
        return len(store.load_match(match_id)["events"])
    except LookupError:
        return None
