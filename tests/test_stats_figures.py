"""Each game's own figures on the Players screen: matches recorded at the table, with known
counts, give exact figures per player; the screen shows them in plain words, one block per
player; games on the device and unfinished matches are not counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app import people, records
from app.games import ENTRIES
from app.i18n import Translator
from app.storage import Store
from app.tables import forty_one as app41
from app.tables import kartu_sama as appks
from app.tables import samba as appsamba
from app.tables import sums as appsums
from models.cards import parse_card, parse_cards
from models.match import Close, Hand, Match, Out, Play, Start
from models.tables import forty_one as f41
from models.tables import kartu_sama as ks
from models.tables import samba as sa
from models.tables import sums as su
from tests.test_players import find
from views.stats import GameFigures, PlayerFigures, stats_view

SUMMARY = {"kartu_sama": appks.summary, "forty_one": app41.summary, "samba": appsamba.summary,
           "sums": appsums.summary}


def stored(store: Store, m: Match, finished: bool = True) -> str:
    """``m`` saved as the app saves a match at the table (its events and summary)."""
    match_id = store.create_match(m.setup.to_dict(), [e.to_dict() for e in m.events])
    summary = SUMMARY[m.setup.game](m)
    store.update_summary(match_id, {**summary, "status": "finished" if finished else "playing"})
    return match_id


def figures(store: Store, game: str) -> dict[str, dict[str, float | None]]:
    got = records.game_figures(store, game)
    return {r.name: dict(zip(got.keys, r.values, strict=True)) for r in got.rows}


def forty_one() -> Match:
    m = Match.new(["Ana", "Bea", "Cid"], "forty_one")
    m.record(Start())
    m.record(f41.Stop(0))  # Ana stops on the first turn, with 41
    for seat, text in enumerate(("AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4D 5D")):
        m.record(Hand(seat, parse_cards(text)))
    m.record(Close())
    m.record(Start())  # Ana, the winner, plays first
    m.record(f41.DrawStock(0))
    m.record(f41.Stop(1))  # Bea stops with 40
    for seat, text in enumerate(("2S 3S 4S 5S", "9H KH QH AH", "2C 3C 4D 5D")):
        m.record(Hand(seat, parse_cards(text)))
    m.record(Close())
    m.record(f41.Finish())
    return m


def test_forty_one_stops_41s_and_the_average_winning_score(tmp_path: Path) -> None:
    store = Store(tmp_path)
    stored(store, forty_one())
    stored(store, forty_one(), finished=False)  # not counted until it is finished
    got = figures(store, "forty_one")
    assert got["Ana"] == {"hands": 2, "stops": 1, "fortyones": 1, "won": 1, "won_avg": 41}
    assert got["Bea"] == {"hands": 2, "stops": 1, "fortyones": 0, "won": 1, "won_avg": 40}
    assert got["Cid"] == {"hands": 2, "stops": 0, "fortyones": 0, "won": 0, "won_avg": None}
    stored(store, forty_one())
    assert figures(store, "forty_one")["Ana"]["stops"] == 2
    assert records.game_figures(store, "forty_one").matches == 2


def samba() -> Match:
    m = Match.new(["Ana", "Bea", "Cid", "Dan"], "samba")
    m.record(Start())
    m.record(sa.Canasta(0))
    m.record(sa.SambaMade(0))
    m.record(sa.Result(0, high=14, pure=1, sambas=1, red_threes=2))
    m.record(sa.Result(1, high=5, red_threes=1))
    m.record(Out(2))  # Cid went out
    m.record(Close())
    m.record(Start())
    m.record(sa.Result(0, high=7, jokers=1, mixed=1))
    m.record(sa.Result(1, high=5))
    m.record(sa.StockOut())
    m.record(Close())
    return m


def test_samba_canastas_sambas_and_red_threes_of_each_side(tmp_path: Path) -> None:
    store = Store(tmp_path)
    stored(store, samba())
    got = figures(store, "samba")
    side = {"hands": 2, "pure": 1, "mixed": 1, "sambas": 1, "red_threes": 2}
    assert got["Ana"] == {**side, "went_out": 0}
    assert got["Cid"] == {**side, "went_out": 1}
    assert got["Bea"] == got["Dan"] == {
        "hands": 2, "went_out": 0, "pure": 0, "mixed": 0, "sambas": 0, "red_threes": 1}


def test_sums_removals_and_counters(tmp_path: Path) -> None:
    m = Match.new(["Ana", "Bea", "Cid"], "sums")
    for seat, text in enumerate(("5D", "QD", "3S")):
        m.record(su.FaceUp(seat, parse_card(text)))
    m.record(su.DrawPile(0, 0))
    m.record(Play(0, parse_card("7H")))  # takes Bea's QD
    m.record(su.Counter(1, parse_card("5H")))  # Bea takes Ana's 7H instead
    m.record(su.Counter(0, parse_card("10H")))  # Ana takes Bea's 5H: only that one stands
    store = Store(tmp_path)
    stored(store, m)
    got = figures(store, "sums")
    assert got["Ana"] == {"games": 1, "removed": 1, "lost": 0, "counters": 1}
    assert got["Bea"] == {"games": 1, "removed": 0, "lost": 1, "counters": 1}
    assert got["Cid"] == {"games": 1, "removed": 0, "lost": 0, "counters": 0}


def test_kartu_sama_jokers_unpaid_debts_one_card_draws_and_going_out(tmp_path: Path) -> None:
    m = Match.new(["Ana", "Bea", "Cid"], "kartu_sama", {"jokers": True})
    m.record(Start())
    m.record(ks.Joker(1))
    m.record(ks.Pay(1))
    m.record(ks.Fail(1, 6))
    m.record(ks.FixCount(2, 1))
    m.record(ks.Draw(2, 4))  # one card held: players + 1
    m.record(Out(0))
    m.record(Hand(1, parse_cards("KH 2C")))
    m.record(Hand(2, parse_cards("3C 4C 5C 6C")))
    m.record(Close())
    m.record(Start())
    for seat, text in enumerate(("KH", "", "2C 9D")):  # Bea's hand entered empty: she went out
        m.record(Hand(seat, parse_cards(text)))
    m.record(Close())
    store = Store(tmp_path)
    stored(store, m)
    got = figures(store, "kartu_sama")
    assert got["Ana"] == {"rounds": 2, "went_out": 1, "jokers": 0, "failed": 0, "one_card": 0}
    assert got["Bea"] == {"rounds": 2, "went_out": 1, "jokers": 1, "failed": 1, "one_card": 0}
    assert got["Cid"] == {"rounds": 2, "went_out": 0, "jokers": 0, "failed": 0, "one_card": 1}


def test_a_game_on_the_device_and_a_merged_name_count_as_they_should(tmp_path: Path) -> None:
    store = Store(tmp_path)
    stored(store, forty_one())
    device = store.create_match({"game": "forty_one", "players": ["Ana", "Bea"],
                                 "options": {}, "play": "k1"})
    store.update_summary(device, {"status": "finished", "play": "k1", "winners": ["Ana"],
                                  "rounds": [[41, 3]], "totals": [1, 0]})
    people.rename(store, "Cid", "Cy")
    got = figures(store, "forty_one")
    assert set(got) == {"Ana", "Bea", "Cy"} and got["Ana"]["hands"] == 2


def test_the_screen_shows_each_players_figures_in_words(tmp_path: Path) -> None:
    t: Any = Translator("fr")
    fig = GameFigures("forty_one", ("hands", "stops", "won_avg"),
                      (PlayerFigures("Ana", "#aa0000", 2, (9, 3, 40.5)),
                       PlayerFigures("Bea", "#00aa00", 1, (4, 0, None))), 2)
    view = stats_view(t, games=[("forty_one", "41")], game="forty_one",
                      rows=[records.PlayerStats("Ana", 2, 1, 0, 0.5, 4, 30.0, 41, 12)],
                      lower_is_better=False, on_game=print, on_back=print, figures=fig)
    assert find(view, "figures-from").value == "D'après 2 parties finies jouées à la table."
    assert [find(view, k).value for k in ("fig-0-stops", "fig-0-won_avg", "fig-1-won_avg")] == [
        "3", "40.5", "—"]
    assert find(view, "fig-1-hands").value == "Donnes : 4"  # what the others are out of
    assert "Arrêts" in find(view, "figures-note").value
    for language in ("en", "fr", "id"):
        tr = Translator(language)
        for game, entry in ENTRIES.items():
            assert tr.has(f"stats.figures_note.{game}")
            assert all(tr.has(f"stats.fig.{k}") for k in entry.figures.keys)
    empty = stats_view(t, games=[("forty_one", "41")], game="forty_one", rows=[],
                       lower_is_better=False, on_game=print, on_back=print,
                       figures=GameFigures("forty_one", ("hands", "stops"), (), 0))
    assert find(empty, "figures") is None
