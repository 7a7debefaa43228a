"""A stored match as the texts of its QR codes, and a match read from codes kept on this device.

The codec itself is :mod:`models.share`. A match imported here is kept like any other, with
``summary["imported"] = {"from": <the sender's match id>, "digest": ..., "created": ...}``;
the sender's id, with the same game and players, is what makes a second import of the same
match find the first. Nothing derived is taken from a code: the summary is worked out again
from the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.games import ENTRIES
from app.storage import Store
from models.match import Match, Setup
from models.share import LIMIT, Shared, encode, read_shared, shared_doc
from models.tables.base import MatchState


def created_of(match_id: str) -> str:
    """The creation stamp a match id carries (``YYYYMMDD-HHMMSS-...``)."""
    d = match_id
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[9:11]}:{d[11:13]}:{d[13:15]}Z"


def share_doc(store: Store, match_id: str) -> dict[str, object]:
    """The dict a code carries for a stored match (an imported one keeps its origin)."""
    doc = store.load_match(match_id)
    match = Match.from_dict({"version": 1, "setup": _setup(doc["setup"]), "events": doc["events"]})
    summary = dict(doc["summary"] or {})
    mark = summary.get("imported") or {}
    origin = mark.get("from") or match_id
    return shared_doc(origin, mark.get("created") or created_of(match_id), match, summary)


def _setup(setup: Mapping[str, object]) -> dict[str, object]:
    return {k: setup[k] for k in ("game", "players", "options")}


def code_texts(store: Store, match_id: str, limit: int = LIMIT) -> list[str]:
    """The texts of the QR codes of a stored match (numbered parts when it is large)."""
    return encode(share_doc(store, match_id), limit)


@dataclass(frozen=True)
class Imported:
    """What an import did: ``"new"``, ``"updated"`` (a newer state of a match imported
    before), ``"same"`` (already here, nothing changed) or ``"own"`` (this device's match)."""

    status: str
    match_id: str


def find_copy(store: Store, origin: str, setup: Setup
              ) -> tuple[str, Mapping[str, object]] | None:
    """The stored match that is ``origin`` or was imported from it, with the same game and
    players (a code reusing an id for another match is another match)."""
    for entry in store.list_matches():
        mark = (entry.get("summary") or {}).get("imported") or {}
        if (entry["id"] == origin or mark.get("from") == origin) and entry.get(
                "game") == setup.game and entry.get("players") == list(setup.players):
            return entry["id"], mark
    return None


def summary_of(match: Match[MatchState]) -> dict[str, object]:
    """The history summary of a match, worked out from its events by its game's referee (as
    saved: more may be added, such as where an imported match came from)."""
    return dict(ENTRIES[match.setup.game].summary(match))


def import_shared(store: Store, shared: Shared) -> Imported:
    """Keep a match read from a code; every check was made before the first write, and the
    match file is written once (set-up, events and summary together)."""
    mark = {"from": shared.origin, "digest": shared.digest, "created": shared.created}
    summary = {**summary_of(shared.match), "imported": mark}
    events = [e.to_dict() for e in shared.match.events]
    found = find_copy(store, shared.origin, shared.match.setup)
    if found is not None:
        match_id, old = found
        if not old:
            return Imported("own", match_id)
        if old.get("digest") == shared.digest:
            return Imported("same", match_id)
        store.replace_events(match_id, events, summary)
        return Imported("updated", match_id)
    match_id = store.create_match(shared.match.setup.to_dict(), events, summary)
    return Imported("new", match_id)


def import_value(store: Store, value: object) -> Imported:
    """Check a decoded code and keep its match; ShareError (nothing written) if refused."""
    return import_shared(store, read_shared(value))
