"""Where Meja keeps its data: matches, their summaries, players, settings and saved games.

Everything is plain JSON-able dicts, kept in small TinyDB files under one data folder::

    matches/<id>.json     one match: its setup, its events, its latest summary, and the
                          draft of what is being entered (a hand half tapped)
    index/<YYYYMM>.json   the summaries of the matches created in that month (history screen)
    players.json          the player names met so far, most recent first
    settings.json         the app settings
    current.json          the match in progress, to resume it after a restart
    games/<key>.json      saved digital games

Saving an event rewrites only that match's file; a summary update rewrites that file and one
month of the index. So a tap costs the same with ten or ten thousand matches in the history.
Every write is atomic (temporary file, fsync, rename) and stamps the schema version. A file
that cannot be read, or holds valid JSON of another shape, is moved aside as
``<name>.damaged-YYYYMMDD-HHMMSS`` and reported in :attr:`Store.problems`, never written over;
the rest keeps working, and a lost index month is rebuilt from the match files.

A summary change writes a marker (``index/<month>.pending``), then the match file, then the
index, then drops the marker. Each index entry keeps the stamp (time, size, inode) of the
match file it was read from. A crash between the writes leaves the marker: the history then
reads again that month's match files whose stamp no longer fits. Opening the history costs
no look at each match file otherwise.

One process writes at a time: every operation holds a lock file in the data folder (two
windows, or the app and a script, on one folder). An event is appended ``at`` the number of
events its writer has seen: a writer that missed another's events gets :class:`Stale` and
reloads, instead of interleaving two stories.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from filelock import FileLock
from tinydb import Query, TinyDB
from tinydb.storages import Storage
from tinydb.table import Document
from tinydb.table import Table as TinyTable  # a TinyDB table of documents

VERSION = 1  # schema version written into every file
MAX_PLAYERS = 200  # names remembered
STALE = 3600  # seconds after which a temporary file is a crash's leftover, not a write

MATCH_ID = re.compile(r"\d{8}-\d{6}-\d{6}-[0-9a-f]{4}\Z")
MONTH = re.compile(r"\d{6}\Z")
GAME_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}\Z")
# Names Windows refuses as files, whatever the extension.
RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{p}{i}" for p in ("com", "lpt") for i in range(1, 10)]
)
ENTRY_KEYS = frozenset(["id", "game", "players", "created", "updated", "summary", "damaged"])
STAMPED = ENTRY_KEYS | {"stamp"}

Doc = dict[str, Any]
Tables = dict[str, dict[str, Any]]
P = ParamSpec("P")
R = TypeVar("R")


class Damaged(Exception):
    """A data file that cannot be read: bad JSON, an unexpected shape or a newer schema.
    ``code`` and ``params`` say why (the app's ``damaged.<code>``)."""

    def __init__(self, code: str, /, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class NotFound(LookupError):
    """No such match (or it could not be read and was just set aside)."""


class Stale(Exception):
    """The match (or the game on the device) has changes its writer has not seen (another
    window wrote them): reload."""


def default_data_dir(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> Path:
    """The per-user data folder: ``MEJA_DATA_DIR`` if set, else the folder Flet gives a phone
    app, else the platform's usual place for application data."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("MEJA_DATA_DIR"):
        return Path(env["MEJA_DATA_DIR"]).expanduser()
    if env.get("FLET_APP_STORAGE_DATA"):
        return Path(env["FLET_APP_STORAGE_DATA"])
    if platform == "win32":
        appdata = env.get("APPDATA")
        return (Path(appdata) if appdata else Path.home() / "AppData" / "Roaming") / "Meja"
    if platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Meja"
    xdg = env.get("XDG_DATA_HOME")  # the XDG spec ignores a relative path
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "meja"


# -- files ------------------------------------------------------------------------------------
def sync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the OS lets a folder be fsynced."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:  # some file systems refuse; the rename itself is done
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, payload: bytes) -> None:
    """Replace ``path`` with ``payload``: a reader sees the old file or the new one, never half."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    sync_dir(path.parent)


def check_tables(raw: bytes) -> Tables:
    """Parse a data file and check its shape and schema version; raise :class:`Damaged`."""
    try:
        data = json.loads(raw)
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError):
            raise Damaged("json", line=e.lineno, column=e.colno) from None
        raise Damaged("encoding") from None
    except RecursionError:
        raise Damaged("deep") from None
    if not isinstance(data, dict) or not all(
        isinstance(table, dict)
        and all(k.isascii() and k.isdigit() and isinstance(d, dict) for k, d in table.items())
        for table in data.values()
    ):
        raise Damaged("foreign")
    meta = data.get("meta", {}).get("1", {})
    version = meta.get("v")
    if type(version) is not int or version < 1:
        raise Damaged("no_version")
    if version > VERSION:
        raise Damaged("newer", version=version, reads=VERSION)
    return data


class AtomicStorage(Storage):
    """TinyDB storage: one JSON file, checked on read, replaced atomically on write.

    An instance serves one operation: it parses the file once however often TinyDB reads it.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._tables: Tables | None = None

    def read(self) -> Tables | None:
        if self._tables is None:
            try:
                raw = self.path.read_bytes()
            except FileNotFoundError:
                return None
            except (IsADirectoryError, NotADirectoryError):
                raise Damaged("folder") from None
            self._tables = check_tables(raw)
        return self._tables

    def write(self, data: Tables) -> None:
        data["meta"] = {"1": {"v": VERSION}}
        try:
            payload = json.dumps(
                data, ensure_ascii=False, allow_nan=False, separators=(",", ":")
            ).encode()
            write_atomic(self.path, payload)
        except BaseException:
            self._tables = None  # TinyDB changed it in place: forget it
            raise
        self._tables = data


def _is_match(doc: Mapping[str, object] | None, match_id: str) -> bool:
    return (
        doc is not None
        and doc.get("id") == match_id
        and isinstance(doc.get("setup"), dict)
        and isinstance(doc.get("summary"), dict)
        and isinstance(doc.get("created"), str)
        and isinstance(doc.get("updated"), str)
    )


def _is_entry(doc: Mapping[str, object], month: str) -> bool:
    return (
        doc.keys() in (ENTRY_KEYS, STAMPED)
        and isinstance(doc["id"], str)
        and doc["id"][:6] == month  # a bad id goes no further: every use checks MATCH_ID
        and isinstance(doc["summary"], dict)
    )


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


def _locked(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
    """One operation at a time: Flet may run two taps' handlers in two threads at once."""

    @wraps(method)
    def run(self: Store, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock, self._file_lock:
            return method(self, *args, **kwargs)

    return run


class Store:
    """All of Meja's saved data under ``root``. ``now`` gives the time (tests, benchmarks).

    ``problems`` lists the files found damaged since the store was opened, as plain dicts:
    ``{"file", "moved_to", "reason", "params"}`` with paths relative to ``root``; ``reason``
    is a code, said with its ``params`` by the app's ``damaged.<code>``.
    """

    def __init__(self, root: Path | str, now: Callable[[], datetime] | None = None) -> None:
        self.root = Path(root)
        self.problems: list[dict[str, Any]] = []
        self._now = now or (lambda: datetime.now(UTC))
        self._lock = threading.RLock()
        self.root.mkdir(parents=True, exist_ok=True)
        # another process on this folder waits its turn (a short poll: taps are quick)
        self._file_lock = FileLock(self.root / ".lock", poll_interval=0.002,
                                   preserve_lock_file=True)
        with self._file_lock:
            for folder in ("matches", "index", "games"):
                path = self.root / folder
                if path.exists() and not path.is_dir():
                    self._set_aside(path, Damaged("file"))
                path.mkdir(exist_ok=True)

    # -- matches ------------------------------------------------------------------------------
    @_locked
    def create_match(self, setup: Mapping[str, object], events: Iterable[Mapping[str, object]] = (),
                     summary: Mapping[str, object] | None = None) -> str:
        """Save a new match (with its events and summary, if known: one write); return its
        id (sortable by creation time)."""
        t = _utc(self._now())
        while True:
            match_id = f"{t:%Y%m%d-%H%M%S-%f}-{secrets.token_hex(2)}"
            path = self._match_path(match_id)
            if not path.exists():
                break
        stamp = _iso(t)
        doc = {"id": match_id, "setup": dict(setup), "created": stamp, "updated": stamp,
               "summary": dict(summary or {})}
        with self._open(path) as db:
            db.storage.write({"match": {"1": doc},
                              "events": {str(i): dict(e) for i, e in enumerate(events, 1)}})
        entry = _entry(doc, _stamp(path))
        self._edit_index(match_id[:6], lambda table: table.insert(entry))
        return match_id

    @_locked
    def append_event(self, match_id: str, event: Mapping[str, object],
                     at: int | None = None) -> None:
        """Add one event at the end of the match (rewrites that match's file only). With
        ``at``, the number of events the writer knows: :class:`Stale` if there are others."""
        with self._match(match_id) as (db, _):
            events = db.table("events")
            if at is not None and len(events) != at:
                raise Stale(match_id)
            events.insert(dict(event))

    @_locked
    def pop_event(self, match_id: str, at: int | None = None) -> Doc | None:
        """Remove the last event and return it (undo); None when there is none. ``at``: as
        for :meth:`append_event`."""
        with self._match(match_id) as (db, _):
            events = db.table("events")
            if at is not None and len(events) != at:
                raise Stale(match_id)
            last = max((d.doc_id for d in events.all()), default=None)
            if last is None:
                return None
            event = dict(events.get(doc_id=last) or {})
            events.remove(doc_ids=[last])
        return event

    @_locked
    def replace_events(self, match_id: str, events: Iterable[Mapping[str, object]],
                       summary: Mapping[str, object] | None = None) -> None:
        """Replace the whole event list (a correction, an import), and the summary if
        given, in one atomic write of the match file."""
        with self._match(match_id) as (db, doc):
            tables = db.storage.read() or {}
            tables["events"] = {str(i): dict(e) for i, e in enumerate(events, 1)}
            if summary is not None:
                self._mark(match_id[:6])
                doc = {**doc, "summary": dict(summary), "updated": _iso(_utc(self._now()))}
                tables["match"] = {"1": doc}
            db.storage.write(tables)
        if summary is not None:
            self._index_entry(doc)

    @_locked
    def save_draft(self, match_id: str, draft: Mapping[str, object] | None) -> None:
        """Keep what is being entered for a match and not yet recorded as an event (a hand
        half tapped), to find it again after a restart; None forgets it. Rewrites that
        match's file only, like an event."""
        with self._match(match_id) as (db, _):
            tables = db.storage.read() or {}
            if draft is None:
                if "draft" not in tables:
                    return
                del tables["draft"]
            else:
                tables["draft"] = {"1": dict(draft)}
            db.storage.write(tables)

    @_locked
    def load_draft(self, match_id: str) -> Doc | None:
        """The draft kept for a match (see :meth:`save_draft`), or None. Whether it still
        fits the match is for the caller to check."""
        with self._match(match_id) as (db, _):
            draft = ((db.storage.read() or {}).get("draft") or {}).get("1")
        return dict(draft) if isinstance(draft, dict) else None

    @_locked
    def load_match(self, match_id: str) -> Doc:
        """``{"id", "setup", "events", "summary"}`` of a saved match."""
        with self._match(match_id) as (db, doc):
            events = sorted(db.table("events").all(), key=lambda d: d.doc_id)
        return {"id": match_id, "setup": doc["setup"], "events": [dict(e) for e in events],
                "summary": doc["summary"]}

    @_locked
    def update_summary(self, match_id: str, summary: Mapping[str, object]) -> None:
        """Record what the history shows of a match (status, totals, winners, rounds...).

        Meant for moments that matter (a round closes, the match ends): it also rewrites
        the match's month of the index.
        """
        with self._match(match_id) as (db, doc):
            self._mark(match_id[:6])
            doc = {**doc, "summary": dict(summary), "updated": _iso(_utc(self._now()))}
            db.table("match").upsert(Document(doc, doc_id=1))
        self._index_entry(doc)

    def _mark(self, month: str) -> None:
        """Say, durably, that the month's index may be behind its match files (see the
        module) before a match file's summary changes."""
        path = self._pending(month)
        if not path.exists():
            with open(path, "wb") as f:
                os.fsync(f.fileno())
            sync_dir(path.parent)

    def _pending(self, month: str) -> Path:
        return self.root / "index" / f"{month}.pending"

    def _index_entry(self, doc: Doc) -> None:
        """Put a match's entry in the index, once its file is written (see the module)."""
        match_id = doc["id"]
        entry = _entry(doc, _stamp(self._match_path(match_id)))
        self._edit_index(match_id[:6], lambda table: table.upsert(entry, Query().id == match_id))
        self._pending(match_id[:6]).unlink(missing_ok=True)

    @_locked
    def restore_match(self, doc: Mapping[str, Any]) -> None:
        """Save a match from a backup under its own id and stamps (``{"id", "created",
        "updated", "setup", "events", "summary"}``) in one write of its file; FileExistsError
        if that id is taken. Its history entry is added by the next :meth:`list_matches`
        (one index write per month for a whole restore, not one per match)."""
        match_id = doc["id"]
        path = self._match_path(match_id)
        if path.exists():
            raise FileExistsError(errno.EEXIST, "a match with this id is saved", match_id)
        self._mark(match_id[:6])
        match = {k: doc[k] for k in ("id", "setup", "created", "updated", "summary")}
        with self._open(path) as db:
            db.storage.write({"match": {"1": match},
                              "events": {str(i): dict(e) for i, e in enumerate(doc["events"], 1)}})

    @_locked
    def delete_match(self, match_id: str) -> None:
        """Forget a match (its file and its history entry)."""
        path = self._match_path(match_id)
        path.unlink(missing_ok=True)
        sync_dir(path.parent)
        self._edit_index(match_id[:6], lambda table: table.remove(Query().id == match_id))
        if self._current() == match_id:
            self.set_current_match(None)

    @_locked
    def list_matches(self, limit: int | None = None) -> list[Doc]:
        """History entries, newest first (the first ``limit`` only, reading no more months
        than needed): ``{"id", "game", "players", "created", "updated", "summary",
        "damaged"}``. Also mends the index against the match files on disk."""
        on_disk: dict[str, dict[str, os.DirEntry[str]]] = {}
        names = []
        for found in os.scandir(self.root / "matches"):
            name = found.name
            names.append(name)
            if name.endswith(".json") and MATCH_ID.match(name[:-5]):
                on_disk.setdefault(name[:6], {})[name[:-5]] = found
        self._sweep(self.root / "matches", [n for n in names if n.endswith(".tmp")])
        for folder in (self.root, self.root / "index", self.root / "games"):
            self._sweep(folder, [p.name for p in folder.glob(".*.tmp")])
        indexed: set[str] = set()
        pending: set[str] = set()  # months whose index may be behind (see the module)
        for name in os.listdir(self.root / "index"):
            stem, _, kind = name.partition(".")
            if MONTH.match(stem) and kind in ("json", "pending"):
                (indexed if kind == "json" else pending).add(stem)
        result: list[Doc] = []
        for month in sorted(indexed | on_disk.keys(), reverse=True):
            if limit is not None and len(result) >= limit:
                break
            entries = {e["id"]: e for e in self._read_index(month)}
            files = on_disk.get(month, {})
            missing = sorted(files.keys() - entries.keys())
            gone = sorted(k for k, e in entries.items() if k not in files and not e["damaged"])
            changed: list[str] = []
            if month in pending:  # a crash came between a match file and the index
                changed = sorted(k for k, e in entries.items() if k in files and e.get(
                    "stamp") != _stamp_of(files[k].stat()))
            if missing or gone or changed:
                self._mend_index(month, missing, gone, entries, changed)
            if month in pending:
                self._pending(month).unlink(missing_ok=True)
            result += sorted(entries.values(), key=lambda e: e["id"], reverse=True)
        return result[:limit]

    @_locked
    def current_match_id(self) -> str | None:
        """The match in progress (to resume after a restart), if it is still saved."""
        match_id = self._current()
        if match_id is None or not self._match_path(match_id).exists():
            return None
        return match_id

    @_locked
    def set_current_match(self, match_id: str | None) -> None:
        """Remember the match in progress (None: no match in progress)."""
        if match_id is not None:
            self._match_path(match_id)
        self._write_one(self.root / "current.json", "current", {"match": match_id},
                        _is_current)

    # -- players and settings -------------------------------------------------------------------
    @_locked
    def players(self) -> list[str]:
        """Player names met so far, most recently used first."""
        doc = self._read_one(self.root / "players.json", "players", _is_players)
        return list(doc["names"]) if doc else []

    @_locked
    def remember_players(self, names: Iterable[str]) -> None:
        """Put these names first among the known players (same name in any case: once)."""
        old = self.players()
        merged: list[str] = []
        seen: set[str] = set()
        for name in [n.strip() for n in names] + old:
            if name and name.casefold() not in seen:
                seen.add(name.casefold())
                merged.append(name)
        if merged[:MAX_PLAYERS] != old:
            self._write_one(self.root / "players.json", "players",
                            {"names": merged[:MAX_PLAYERS]}, _is_players)

    @_locked
    def forget_players(self, names: Iterable[str]) -> None:
        """Take these names (in any case) out of the known players."""
        drop = {n.casefold() for n in names}
        old = self.players()
        kept = [n for n in old if n.casefold() not in drop]
        if kept != old:
            self._write_one(self.root / "players.json", "players", {"names": kept}, _is_players)

    @_locked
    def people(self) -> Doc:
        """Renames, merges, deletions and colours of players (``models.people``; {} when none)."""
        doc = self._read_one(self.root / "people.json", "people", _is_people)
        return dict(doc["people"]) if doc else {}

    @_locked
    def save_people(self, people: Mapping[str, object]) -> None:
        self._write_one(self.root / "people.json", "people", {"people": dict(people)},
                        _is_people)

    @_locked
    def settings(self) -> Doc:
        """The saved settings ({} when none)."""
        doc = self._read_one(self.root / "settings.json", "settings", _is_settings)
        return dict(doc["values"]) if doc else {}

    @_locked
    def save_settings(self, values: Mapping[str, object]) -> None:
        """Replace the saved settings."""
        self._write_one(self.root / "settings.json", "settings", {"values": dict(values)},
                        _is_settings)

    # -- saved digital games ----------------------------------------------------------------
    @_locked
    def save_game(self, key: str, doc: Mapping[str, object], at: int | None = None) -> None:
        """Save (or overwrite) a game in progress under ``key`` (lowercase letters, digits,
        ``-`` and ``_``). With ``at``, the revision (``doc["rev"]``, 0 when none) of the game
        as its writer last saw it: :class:`Stale` if another window saved it since."""
        path = self._game_path(key)
        if at is not None:
            saved = self._read_one(path, "game", _is_game(key))
            if saved is not None and int(saved["doc"].get("rev", 0)) != at:
                raise Stale(key)
        self._write_one(path, "game",
                        {"key": key, "doc": dict(doc), "saved": _iso(_utc(self._now()))},
                        _is_game(key))

    @_locked
    def load_game(self, key: str) -> Doc | None:
        """The game saved under ``key``, or None."""
        saved = self._read_one(self._game_path(key), "game", _is_game(key))
        return dict(saved["doc"]) if saved else None

    @_locked
    def game_keys(self) -> list[str]:
        """The keys of the saved games, sorted."""
        return sorted(p.stem for p in (self.root / "games").glob("*.json")
                      if GAME_KEY.match(p.stem) and p.stem not in RESERVED)

    @_locked
    def saved_game(self, key: str) -> tuple[Doc, str] | None:
        """The game saved under ``key`` and when it was last saved (ISO time), or None."""
        saved = self._read_one(self._game_path(key), "game", _is_game(key))
        return (dict(saved["doc"]), str(saved["saved"])) if saved else None

    @_locked
    def delete_game(self, key: str) -> None:
        """Forget the game saved under ``key`` (nothing if there is none)."""
        path = self._game_path(key)
        path.unlink(missing_ok=True)
        sync_dir(path.parent)

    # -- inside ---------------------------------------------------------------------------------
    def _match_path(self, match_id: str) -> Path:
        if not isinstance(match_id, str) or not MATCH_ID.match(match_id):
            raise ValueError(f"Not a match id: {match_id!r}")
        return self.root / "matches" / f"{match_id}.json"

    def _game_path(self, key: str) -> Path:
        if not isinstance(key, str) or not GAME_KEY.match(key) or key in RESERVED:
            raise ValueError(f"Not a saved-game key: {key!r}")
        return self.root / "games" / f"{key}.json"

    @contextmanager
    def _open(self, path: Path) -> Iterator[TinyDB]:
        """A TinyDB on ``path`` for one operation; a damaged file is set aside and re-raised."""
        db = TinyDB(path, storage=AtomicStorage)
        try:
            yield db
        except Damaged as e:
            self._set_aside(path, e)
            raise

    @contextmanager
    def _match(self, match_id: str, mark: bool = True) -> Iterator[tuple[TinyDB, Doc]]:
        """The match's TinyDB and its match document; NotFound if missing or damaged."""
        path = self._match_path(match_id)
        try:
            with self._open(path) as db:
                if db.storage.read() is None:
                    raise NotFound(f"There is no saved match {match_id}.")
                doc = db.table("match").get(doc_id=1)
                if not isinstance(doc, dict) or not _is_match(doc, match_id):
                    raise Damaged("not_match")
                yield db, dict(doc)
        except Damaged:
            if mark:
                self._edit_index(match_id[:6], lambda t: t.update({"damaged": True},
                                                              Query().id == match_id))
            raise NotFound(
                f"The saved match {match_id} could not be read; it was kept aside."
            ) from None

    def _sweep(self, folder: Path, temporary: Iterable[str]) -> None:
        """Remove the temporary files of writes cut short (a crash), once they are old."""
        cutoff = time.time() - STALE  # file times are real times, whatever ``now`` says
        for name in temporary:
            with suppress(OSError):
                if (folder / name).stat().st_mtime < cutoff:
                    (folder / name).unlink()

    def _set_aside(self, path: Path, why: Damaged) -> None:
        stamp = f"{_utc(self._now()):%Y%m%d-%H%M%S}"
        target = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 2
        while target.exists():
            target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
            n += 1
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return
        sync_dir(path.parent)
        self.problems.append({
            "file": path.relative_to(self.root).as_posix(),
            "moved_to": target.relative_to(self.root).as_posix(),
            "reason": why.code,
            "params": dict(why.params),
        })

    def _read_one(
        self, path: Path, table: str, valid: Callable[[Doc], bool]
    ) -> Doc | None:
        """The single document of a small file; None when missing or just set aside. Any
        other shape than ``{table: {"1": doc}}`` with a valid doc is damaged."""
        try:
            with self._open(path) as db:
                tables = db.storage.read()
                if tables is None:
                    return None
                doc = tables.get(table, {}).get("1")
                if not set(tables) <= {table, "meta"} or set(tables.get(table, {})) - {
                        "1"} or doc is None or not valid(doc):
                    raise Damaged("content")
        except Damaged:
            return None
        return dict(doc)

    def _write_one(self, path: Path, table: str, doc: Doc,
                   valid: Callable[[Doc], bool]) -> None:
        """Replace a small file's single document, in one write; a damaged file (or one of
        another shape, or a newer version) is set aside first, never written over."""
        self._read_one(path, table, valid)
        with self._open(path) as db:
            db.storage.write({table: {"1": doc}})

    def _current(self) -> str | None:
        doc = self._read_one(self.root / "current.json", "current", _is_current)
        return doc["match"] if doc else None

    # -- index: one file of history entries per month of creation ----------------------------
    def _index_path(self, month: str) -> Path:
        return self.root / "index" / f"{month}.json"

    def _read_index(self, month: str) -> list[Doc]:
        try:
            with self._open(self._index_path(month)) as db:
                # the raw documents: fresh from the parser, no need for TinyDB's copies
                docs = list(((db.storage.read() or {}).get("matches") or {}).values())
                if not all(_is_entry(d, month) for d in docs):
                    raise Damaged("content")
                return docs
        except Damaged:
            return self._rebuild_index(month)

    def _edit_index(self, month: str, edit: Callable[[TinyTable], object]) -> None:
        """Change one month of the index; rebuild it from the match files if it is damaged."""
        try:
            with self._open(self._index_path(month)) as db:
                edit(db.table("matches"))
        except Damaged:
            self._rebuild_index(month)

    def _rebuild_index(self, month: str) -> list[Doc]:
        """Write the month's index afresh from its match files (the damaged one is aside)."""
        entries = []
        for path in sorted((self.root / "matches").glob(f"{month}*.json")):
            if MATCH_ID.match(path.stem):
                with suppress(NotFound), self._match(path.stem, mark=False) as (_, doc):
                    entries.append(_entry(doc, _stamp(path)))
        with self._open(self._index_path(month)) as db:
            db.storage.write({"matches": {str(i): e for i, e in enumerate(entries, 1)}})
        return entries

    def _mend_index(self, month: str, missing: Sequence[str], gone: Sequence[str],
                    entries: dict[str, Doc], changed: Sequence[str] = ()) -> None:
        """Add the month's match files the index lacks, drop entries whose file is gone,
        read again the files written since their entry. Only a real difference is written:
        a file with events added since its last summary is read again, not rewritten."""
        found, fixed = [], []
        for match_id in [*missing, *changed]:
            path = self._match_path(match_id)
            with suppress(NotFound), self._match(match_id, mark=False) as (_, doc):
                entry = _entry(doc, _stamp(path))
                old = entries.get(match_id)
                if old is None:
                    found.append(entry)
                elif {**old, "stamp": ""} != {**entry, "stamp": ""}:
                    fixed.append(entry)
                entries[match_id] = entry
        for match_id in gone:
            del entries[match_id]
        if not (found or fixed or gone):
            return

        def edit(table: TinyTable) -> None:
            if gone or fixed:
                table.remove(Query().id.one_of([*gone, *(e["id"] for e in fixed)]))
            if found or fixed:
                table.insert_multiple([*found, *fixed])

        self._edit_index(month, edit)


def _iso(t: datetime) -> str:
    return f"{t:%Y-%m-%dT%H:%M:%SZ}"


def _entry(doc: Mapping[str, Any], stamp: str) -> Doc:
    """The history entry of a match document, read from a file of this ``stamp``."""
    setup = doc["setup"]
    return {"id": doc["id"], "game": setup.get("game"), "players": setup.get("players"),
            "created": doc["created"], "updated": doc["updated"], "summary": doc["summary"],
            "damaged": False, "stamp": stamp}


def _stamp_of(st: os.stat_result) -> str:
    return f"{st.st_mtime_ns}:{st.st_size}:{st.st_ino}"


def _stamp(path: Path) -> str:
    """Which state of a file this is: any rewrite changes it (a new file each time)."""
    try:
        return _stamp_of(path.stat())
    except OSError:
        return ""


def _is_current(d: Doc) -> bool:
    return d.get("match") is None or (
        isinstance(d["match"], str) and MATCH_ID.match(d["match"]) is not None)


def _is_players(d: Doc) -> bool:
    return isinstance(d.get("names"), list) and all(isinstance(n, str) for n in d["names"])


def _is_people(d: Doc) -> bool:
    people = d.get("people")
    return (isinstance(people, dict) and isinstance(people.get("aliases", {}), dict)
            and isinstance(people.get("gone", []), list)
            and isinstance(people.get("colours", {}), dict))


def _is_settings(d: Doc) -> bool:
    return isinstance(d.get("values"), dict)


def _is_game(key: str) -> Callable[[Doc], bool]:
    return lambda d: d.get("key") == key and isinstance(d.get("doc"), dict)
