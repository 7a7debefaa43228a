"""Players across matches: rename, merge, delete and colours, as an alias table."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from app import records
from app.newmatch import Draft
from app.storage import Store
from models.people import NEUTRAL, PALETTE, People, contrast


def test_every_colour_reads_on_the_light_and_the_dark_theme() -> None:
    assert len(set(PALETTE)) == len(PALETTE) == 10
    for colour in (*PALETTE, NEUTRAL):
        assert contrast(colour, "#FFFFFF") >= 3, colour
        assert contrast(colour, "#1C1B1F") >= 3, colour


def test_rename_then_merge_then_rename_back() -> None:
    people = People().rename("ana", "Ana  Maria")
    assert people.who("ANA") == "Ana Maria"
    merged = people.rename("Annie", "Ana Maria ").rename("ana maria", "Ana")
    assert {merged.who(n) for n in ("ana", "Annie", "Ana Maria", "Ana")} == {"Ana"}
    assert People.from_doc(merged.to_doc()) == merged


names = st.sampled_from(["Ana", "ana", "Bea", "Cid", "Dan", "Ana Maria"])


@given(st.lists(st.tuples(names, names), max_size=8))
def test_aliases_stay_flat_whatever_the_renames(renames: list[tuple[str, str]]) -> None:
    people = People()
    for old, new in renames:
        people = people.rename(old, new)
        assert people.who(new) == new
    for target in people.aliases.values():
        assert people.who(target) == target  # one lookup always reaches the person


def finished(store: Store, players: list[str], winners: list[str]) -> None:
    match_id = records.create_match(store, Draft(game="forty_one", players=players))
    store.update_summary(match_id, {"status": "finished", "round": 1, "winners": winners,
                                    "rounds": [[1] * len(players)]})


def test_stats_follow_renames_merges_deletions_and_colours(tmp_path: Path) -> None:
    store = Store(tmp_path)
    finished(store, ["Ana", "Bea", "Cid"], ["Ana"])
    finished(store, ["Annie", "Bea", "Cid"], ["Annie"])
    assert records.rename_player(store, "Annie", "ana") == "Ana"  # a merge
    records.rename_player(store, "Bea", "Beatrix")
    records.delete_player(store, "Cid")
    records.set_colour(store, "Ana", 3)
    rows = {r.name: r for r in records.player_stats(store, "forty_one")}
    assert sorted(rows) == ["Ana", "Beatrix"]
    assert (rows["Ana"].matches, rows["Ana"].wins) == (2, 2)
    assert rows["Ana"].colour == PALETTE[3]
    assert store.players()[:2] == ["Beatrix", "Ana"]
    assert "Cid" not in store.players() and "Annie" not in store.players()
    assert store.list_matches()[0]["players"] == ["Annie", "Bea", "Cid"]  # as written then
    assert records.people(Store(tmp_path)).who("annie") == "Ana"  # kept across a restart


def test_merging_another_devices_people_keeps_these_and_stays_flat() -> None:
    here = People().rename("Bea", "Beatrice").with_colour("Ana", 1)
    there = People().rename("Beatrice", "Bee").rename("Cid", "Cyd").with_colour("Ana", 2) \
        .with_colour("Dan", 4).delete("Eve")
    both = here.merged(there)
    assert both.who("Bea") == "Beatrice"  # this device's rename stays
    assert both.who("Beatrice") == "Beatrice"  # no chain through the other's rename
    assert both.who("Cid") == "Cyd"
    assert (both.colour("Ana"), both.colour("Dan")) == (1, 4)
    assert both.is_gone("Eve")
    assert all(v.casefold() not in both.aliases for v in both.aliases.values())
    assert People.valid(both.to_doc())
    assert not People.valid({"aliases": {"a": 3}})
    assert not People.valid({"colours": {"a": len(PALETTE)}})
    assert not People.valid({"other": 1})
