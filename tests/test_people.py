"""Players across matches: rename, merge, delete and colours, as an alias table."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import records
from app.newmatch import NewMatchForm
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
    match_id = records.create_match(store, NewMatchForm(game="forty_one", players=players))
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


@given(st.lists(st.tuples(names, names), max_size=6), st.lists(names, min_size=2, max_size=4),
       names, names)
def test_a_merge_joins_two_seats_exactly_when_they_become_one_person(
        renames: list[tuple[str, str]], seats: list[str], old: str, new: str) -> None:
    people = People()
    for a, b in renames:
        people = people.rename(a, b)
    after = people.rename(old, new)
    persons = {people.who(n).casefold() for n in seats}
    merged = {after.who(n).casefold() for n in seats}
    assert people.joins(after, seats) == (len(merged) < len(persons))
    assert not people.joins(people, seats)  # no change joins nobody


def test_two_names_of_one_match_are_two_people_and_are_not_merged(tmp_path: Path) -> None:
    from models.errors import MejaError

    store = Store(tmp_path, now=lambda: datetime(2026, 11, 22, 10, 0, tzinfo=UTC))
    finished(store, ["Ana", "Annie", "Bea"], ["Annie"])
    finished(store, ["Ann", "Bea"], ["Ann"])
    refused = records.merge_refusal(store, "Annie", "Ana")
    assert refused is not None and refused.code == "sat_together"
    with pytest.raises(MejaError):  # a typed rename that would merge them is refused too
        records.rename_player(store, "annie", "ANA")
    assert not records.people(store).aliases and "Annie" in store.players()
    assert records.merge_refusal(store, "Ann", "Ana") is None  # never at one table
    records.rename_player(store, "Ann", "Ana")
    # Ann is Ana now; Annie, who sat beside Ana, stays apart, whichever way round
    assert records.merge_refusal(store, "Ana", "Annie") is not None
    rows = {r.name: r for r in records.player_stats(store, "forty_one")}
    assert (rows["Ana"].matches, rows["Ana"].wins, rows["Annie"].matches) == (2, 1, 1)


def test_a_person_at_two_seats_of_one_match_counts_it_once(tmp_path: Path) -> None:
    """Two names merged before they met at one table (an alias typed again, a backup from
    another device): the match counts once for the person, won if either seat won, and
    the round points of both seats are theirs."""
    store = Store(tmp_path)
    store.save_people(People().rename("Annie", "Ana").to_doc())
    finished(store, ["Ana", "Annie", "Bea"], ["Ana", "Annie"])
    (row,) = [r for r in records.player_stats(store, "forty_one") if r.name == "Ana"]
    assert (row.matches, row.wins, row.shared, row.rounds) == (1, 1, 0, 2)


def test_the_refused_merge_says_which_match_in_every_language(tmp_path: Path) -> None:
    from app.i18n import Translator, refusal

    store = Store(tmp_path, now=lambda: datetime(2026, 11, 22, 10, 0, tzinfo=UTC))
    finished(store, ["Ana", "Annie", "Bea"], ["Annie"])
    refused = records.merge_refusal(store, "Annie", "Ana")
    assert refused is not None
    said = {lang: refusal(Translator(lang), refused) for lang in ("en", "fr", "id")}
    assert said["en"].startswith("Annie and Ana both played in the match of Nov 22, 2026, ")
    days = {"en": "Nov 22, 2026", "fr": "22 nov. 2026", "id": "22 Nov 2026"}  # each its own
    assert all("Annie" in s and "Ana" in s and days[lang] in s for lang, s in said.items())


@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=6), min_size=2,
                max_size=8, unique_by=str.casefold),
       st.dictionaries(st.integers(0, 7), st.integers(0, len(PALETTE) - 1), max_size=3))
def test_players_at_one_table_show_different_colours_and_keep_the_ones_they_chose(
        names: list[str], picks: dict[int, int]) -> None:
    people = People()
    chosen: dict[str, int] = {}
    for seat, index in picks.items():
        if seat < len(names) and index not in chosen.values():
            people = people.with_colour(names[seat], index)
            chosen[names[seat]] = index
    seats = people.seat_colours(names)
    assert len(set(seats)) == len(names)  # eight seats, ten colours: all different
    assert all(seats[names.index(n)] == i for n, i in chosen.items())
    alone = [n for n in names if n not in chosen][:1]
    assert people.seat_colours(alone) == tuple(people.colour(n) for n in alone)


def test_a_new_match_keeps_each_players_table_colour_as_their_own(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    names = ["Ana", "Bea", "Cid", "Dan"]
    shown = People().seat_colours(names)
    records.create_match(store, NewMatchForm(players=names))
    known = records.people(store)
    assert tuple(known.colour(n) for n in names) == shown  # stats show what the table showed
    assert len(set(shown)) == 4
    records.set_colour(store, "Bea", 9)  # a colour chosen later still wins
    records.create_match(store, NewMatchForm(players=names))
    assert records.people(store).colour("Bea") == 9
