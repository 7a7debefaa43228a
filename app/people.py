"""The changes of the players across matches, as a service: call one by another name (a
merge when it is another player's), give one a colour, delete one. Each is checked once, then
saved; a write that fails raises its OSError and changes nothing shown."""

from __future__ import annotations

from typing import Any

from app.records import people, seat_kinds
from app.storage import Store
from models.errors import MejaError
from models.names import clean_name


def rename(store: Store, old: str, new: str) -> str:
    """Call ``old`` by ``new`` from now on (a merge when ``new`` is another player's name);
    the name as kept. Two names written at one match are two people: their merge is refused
    (MejaError)."""
    same = clean_name(new).casefold()
    new = next((n for n in store.players()
                if n.casefold() == same and n.casefold() != old.casefold()), new)
    refused = merge_refusal(store, old, new)
    if refused is not None:
        raise refused
    known = people(store).rename(old, new)
    name = known.who(old)
    store.save_people(known.to_doc())
    store.forget_players([old])
    store.remember_players([name])
    return name


def merge_refusal(store: Store, old: str, new: str) -> MejaError | None:
    """Why ``old`` cannot be called ``new`` (None: it can): the first stored match where a
    spelling of each sat at a seat of its own, as ``error.sat_together``."""
    before = people(store)
    after = before.rename(old, new)
    for entry in store.list_matches():
        if before.joins(after, _people_seats(store, entry)):
            return MejaError("sat_together", name=old, other=new,
                             when=entry.get("created") or "")  # said as a local time
    return None


def _people_seats(store: Store, entry: dict[str, Any]) -> list[str]:
    """The names written at a stored match's seats taken by people (not the computer)."""
    kinds = seat_kinds(store, entry.get("summary") or {})
    return [name for seat, name in enumerate(entry.get("players") or [])
            if seat >= len(kinds) or kinds[seat] == "person"]


def delete(store: Store, name: str) -> None:
    """``name`` leaves the players' list and the statistics; past matches keep it."""
    store.save_people(people(store).delete(name).to_doc())
    store.forget_players([name])


def colour(store: Store, name: str, index: int) -> None:
    """``name`` is drawn in the palette's colour ``index``."""
    store.save_people(people(store).with_colour(name, index).to_doc())
