"""The hand entry Kartu Sama and 41 share (app/tables/entry.py): taking back a card, clearing a
hand, closing the round; and the draft that keeps a hand half tapped across a restart: saved at
each tap, taken up by the referee made again, forgotten once the hand is recorded, the round
closed or undone, and dropped without a fuss when it no longer fits the match."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from app.tables.entry import HandEntryReferee
from models.cards import parse_cards
from models.games.kartu_sama import hand_points
from models.match import Match
from tests.fakes import FakeShell, texts

NAMES = ("Ana", "Bea", "Cid")


def referee(tmp_path: Path, game: str, **options: Any) -> Any:
    from app.referees import open_match

    shell = FakeShell(tmp_path)
    match = Match.new(NAMES, game, options or None)
    return open_match(shell, shell.store.create_match(match.setup.to_dict()))


def restarted(ref: Any) -> Any:
    """The referee of the same match made again from storage, as after a restart."""
    from app.referees import open_match

    return open_match(FakeShell(ref.host.store.root), ref.match_id)


def to_hands(ref: Any) -> None:
    """Start the first round and end its play: 41, Cid stops; Kartu Sama, straight away."""
    ref._act("start")
    if ref.match.setup.game == "forty_one":
        ref._act("draw")
        ref._act("draw")
        ref._act("stop")  # Cid stops
    ref._act("hands")


def draft(ref: Any) -> Any:
    return ref.host.store.load_draft(ref.match_id)


# -- the shared entry -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["kartu_sama", "forty_one"])
def test_both_games_share_the_entry(tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    assert isinstance(ref, HandEntryReferee)
    to_hands(ref)
    assert ref.host.route.endswith("/hands")
    for card in ("AS", "KH", "2D"):
        ref._tap_card(card)
    ref._undo_card()
    assert ref._entry(0) == ["AS", "KH"]
    ref._clear()
    assert ref._entry(0) == [] and ref.error == ""
    ref._undo_card()  # nothing to take back: nothing happens
    assert ref._entry(0) == []
    ref._tap_card("AS")
    ref._save_hands()  # a hand not complete is shown, with the reason
    assert ref.entry_seat == (1 if game == "kartu_sama" else 0)
    assert ref.error == ("Bea has no card entered: only a player who went out has none."
                         if game == "kartu_sama" else "Ana has 1 of 4 cards.")
    assert ref.host.route.endswith("/hands") and not ref.host.toasts


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one"])
def test_the_round_closes_and_the_entry_is_forgotten(tmp_path: Path, game: str) -> None:
    ref = referee(tmp_path, game)
    to_hands(ref)
    hands = ["AS KS QS JS", "2H 3H 4H 5H", "2C 3C 4C 5C"]
    for seat, cards in enumerate(hands):
        if seat:
            ref._pick_player(seat)
        for card in cards.split():
            ref._tap_card(card)
    assert ref.error == ""
    ref._save_hands()
    assert ref.host.route.endswith("/score")
    assert (ref.entry, ref.entry_seat, ref.error) == ({}, 0, "")
    assert ref.match.table.phase == "closed" and draft(ref) is None


def test_kartu_sama_looking_at_another_hand_records_no_empty_hand(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    ref._act("start")
    ref._act("hands")  # the hands entered during play: an empty one would end the round
    events = len(ref.match.events)
    phase = ref.match.table.phase
    ref._pick_player(2)  # Ana's hand not touched: looking at Cid's records nothing
    ref._pick_player(1)
    assert ref.entry_seat == 1 and len(ref.match.events) == events
    assert ref.match.table.phase == phase
    ref._tap_card("AS")
    ref._pick_player(0)  # Bea's card is recorded when another hand is shown
    assert [str(c) for c in ref.match.table.round.hands[1]] == ["AS"]


# -- the draft --------------------------------------------------------------------------------
def test_kartu_sama_a_half_entered_hand_survives_a_restart(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    to_hands(ref)
    ref._tap_card("AS")
    ref._tap_card("KH")
    assert draft(ref) == {"round": 1, "start": 0, "seat": 0, "hands": {"0": ["AS", "KH"]}}
    ref._pick_player(1)  # records Ana's hand: her cards are an event now, not a draft
    assert ref.match.events[-1].kind == "hand" and draft(ref) is None
    ref._tap_card("2S")
    assert draft(ref) == {"round": 1, "start": 0, "seat": 1, "hands": {"1": ["2S"]}}

    again = restarted(ref)
    assert again is not ref and again.entry_seat == 1
    assert again._entry(1) == ["2S"] and again._entry(0) == ["AS", "KH"]
    screen = texts(again.view("hands"))
    assert "Bea's hand" in screen and "2♠" in screen and "1 card · 2 points" in screen
    again._tap_card("3S")
    again._pick_player(2)
    again._tap_card("KD")
    again._save_hands()
    assert again.host.route.endswith("/score") and draft(again) is None
    points = [hand_points(parse_cards(h)) for h in ("AS KH", "2S 3S", "KD")]
    assert [list(r.points) for r in again.match.table.history] == [points]


def test_forty_one_a_half_entered_hand_survives_a_restart(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    for card in ("AH", "9H", "5D"):
        ref._tap_card(card)
    assert draft(ref) == {"round": 1, "start": 0, "seat": 0, "hands": {"0": ["AH", "9H", "5D"]}}
    ref._tap_card("3C")  # the fourth card records the hand and moves on
    assert ref.entry_seat == 1 and draft(ref) is None
    ref._tap_card("KC")
    ref._tap_card("QC")
    again = restarted(ref)
    assert again.entry_seat == 1 and again._entry(1) == ["KC", "QC"]
    assert again._entry(0) == ["AH", "9H", "5D", "3C"]
    screen = texts(again.view("hands"))
    assert "Bea's hand" in screen and "2 of 4 cards" in screen
    again._tap_card("AH")  # still refused: it is Ana's
    assert again.error == "A♥ is already in Ana's hand."
    for card in ("8D", "2H"):
        again._tap_card(card)
    assert again.entry_seat == 2 and draft(again) is None


def test_the_draft_is_forgotten_with_what_is_undone(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    for card in ("AH", "9H", "5D", "3C", "KC"):
        ref._tap_card(card)
    ref._pick_player(0)
    ref._tap_card("3C")  # Ana's recorded hand changed: a draft again
    assert draft(ref)["hands"] == {"0": ["AH", "9H", "5D"], "1": ["KC"]}
    ref.undo()  # Ana's hand is undone: what was entered for it goes too
    assert draft(ref) == {"round": 1, "start": 0, "seat": 0, "hands": {"1": ["KC"]}}
    assert ref._entry(0) == []
    ref.undo()  # Cid's stop is undone: no hand to enter any more
    assert ref.match.table.phase == "play" and draft(ref) is None
    assert restarted(ref).entry == {}


def test_kartu_sama_undoing_the_round_start_forgets_the_draft(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")
    to_hands(ref)
    ref._tap_card("AS")
    assert draft(ref) is not None
    ref.undo()
    assert ref.match.table.phase == "idle" and draft(ref) is None
    to_hands(ref)  # the round started again: nothing of the old taps comes back
    assert ref._entry(0) == [] and draft(ref) is None


def test_a_tap_that_changes_nothing_writes_nothing(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    saves: list[Any] = []
    save = ref.host.store.save_draft
    monkeypatch.setattr(ref.host.store, "save_draft",
                        lambda m, d: (saves.append(d), save(m, d))[1])
    ref._tap_card("AH")
    ref._pick_player(1)
    ref._tap_card("AH")  # refused: Ana has it
    assert ref.error == "A♥ is already in Ana's hand."
    ref._undo_card()  # Bea has nothing to take back
    assert [d["seat"] for d in saves] == [0, 1]


def test_a_draft_that_cannot_be_saved_keeps_the_taps_on_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ref = referee(tmp_path, "kartu_sama")
    to_hands(ref)

    def full(match_id: str, doc: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(ref.host.store, "save_draft", full)
    ref._tap_card("AS")
    assert ref._entry(0) == ["AS"] and ref.error == ""
    monkeypatch.undo()
    ref._tap_card("KS")  # the next change saves it all
    assert draft(ref)["hands"] == {"0": ["AS", "KS"]}


def test_a_match_with_no_draft_or_an_unreadable_one_opens(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    assert ref.entry == {} and draft(ref) is None
    from app.storage import Store

    def broken(self: Store, match_id: str) -> Any:
        raise OSError("unreadable")

    monkeypatch.setattr(Store, "load_draft", broken)
    assert restarted(ref).entry == {}


GOOD = {"round": 1, "start": 0, "seat": 1, "hands": {"1": ["KC", "QC"]}}


@pytest.mark.parametrize(("stale", "why"), [
    ({**GOOD, "round": 2}, "another round"),
    ({**GOOD, "start": 3}, "a round started elsewhere in the events"),
    ({**GOOD, "hands": ["KC"]}, "not a map of seats"),
    ({**GOOD, "hands": {"1": ["AH"]}}, "Ana's recorded hand holds AH"),
    ({**GOOD, "hands": {"1": ["KC"], "2": ["KC"]}}, "a card twice"),
    ({"seat": 1}, "no round"),
])
def test_a_stale_or_damaged_draft_is_dropped(tmp_path: Path, stale: dict[str, Any],
                                             why: str) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    for card in ("AH", "9H", "5D", "3C"):
        ref._tap_card(card)
    ref.host.store.save_draft(ref.match_id, stale)
    again = restarted(ref)
    assert again._entry(1) == [], why
    assert again._entry(0) == ["AH", "9H", "5D", "3C"]
    assert draft(again) is None, why
    assert "Ana's hand" in texts(again.view("hands"))
    again._pick_player(1)
    for card in ("KC", "QC", "8D", "2H", "AS", "KS", "QS", "2S"):
        again._tap_card(card)
    again._save_hands()
    assert again.host.route.endswith("/score")


def test_a_seat_whose_cards_no_longer_fit_is_dropped_alone(tmp_path: Path) -> None:
    ref = referee(tmp_path, "forty_one")
    to_hands(ref)
    ref.host.store.save_draft(ref.match_id, {**GOOD, "seat": "x", "hands": {
        "0": ["AH", "9H"],
        "1": ["KC", "QC", "8D", "2H", "3H"],  # five cards: a 41 hand holds four
        "2": ["ZZ"], "7": ["AS"], "x": ["AS"], "-1": [], "0 ": ["2S"], "²": ["3S"]}})
    again = restarted(ref)
    assert again.entry == {0: ["AH", "9H"]} and again.entry_seat == 0
    assert draft(again) == {"round": 1, "start": 0, "seat": 0, "hands": {"0": ["AH", "9H"]}}


def test_kartu_sama_a_card_not_in_the_pack_drops_that_seat(tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama")  # no jokers
    to_hands(ref)
    ref._tap_card("AS")
    ref.host.store.save_draft(ref.match_id, {**draft(ref), "hands": {
        "0": ["AS"], "1": ["JK"]}})
    assert restarted(ref).entry == {0: ["AS"]}
    two = referee(tmp_path / "two", "kartu_sama", packs=2, jokers=True)
    to_hands(two)
    for card in ("AS", "AS", "JK"):
        two._tap_card(card)
    assert draft(two)["hands"] == {"0": ["AS", "AS", "JK"]}
    assert restarted(two).entry == {0: ["AS", "AS", "JK"]}


def test_a_draft_save_stays_cheap(tmp_path: Path) -> None:
    """A tap on the grid with its draft save, through the referee (real fsyncs)."""
    ref = referee(tmp_path, "kartu_sama", packs=2)
    to_hands(ref)
    times = []
    for i in range(100):
        start = time.perf_counter()
        ref._tap_card("AS" if i % 2 else "KD")  # two taps add, a third clears the copies
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    assert times[len(times) // 2] < 50, times


# -- a double tap on a card ---------------------------------------------------------------------
@pytest.mark.parametrize("game", ["kartu_sama", "forty_one"])
def test_a_second_tap_on_a_card_within_the_gap_is_the_same_tap(tmp_path: Path,
                                                                  game: str) -> None:
    """A double tap once put the card in and took it out again. The grid's taps: within 300 ms
    of the one that counted, the same card is one tap; later, or another card, counts."""
    from views.common import find

    ref = referee(tmp_path, game)
    to_hands(ref)
    now = [100.0]
    ref.clock = lambda: now[0]
    seat = ref.entry_seat

    def tap(card: str, at: float) -> None:
        now[0] = 100.0 + at
        cell = find(ref.view("hands"), f"card-{card}")
        cell.on_click(None)

    tap("AS", 0.0)
    tap("AS", 0.12)  # the double tap's second: nothing
    assert ref._entry(seat) == ["AS"]
    tap("KH", 0.2)  # another card at once: counted
    tap("AS", 0.29)  # within the gap of the first AS, but another card came between: counted
    assert ref._entry(seat) == ["KH"]
    tap("AS", 0.45)  # 160 ms after the one that counted: the same tap
    assert ref._entry(seat) == ["KH"]
    tap("AS", 0.6)  # 310 ms after it: a tap of its own
    assert ref._entry(seat) == ["KH", "AS"]


def test_the_hand_entrys_messages_are_each_a_sentence(tmp_path: Path) -> None:
    """They ran together: "Bea played their last card Cid: 1 card entered, the table
    counted 8."."""
    from app.i18n import sentences
    from models.cards import parse_card
    from models.match import Hand

    assert sentences(["A", "B.", " ", "C?"]) == "A. B. C?"
    ref = referee(tmp_path, "kartu_sama")
    ref._act("start")
    ref._act("out")  # Bea, the first to play, went out
    assert ref.record(Hand(2, (parse_card("AS"),)))
    ref.entry_seat = 0
    assert ref._hands_data().warning == (
        "Bea played their last card. Cid: 1 card entered, the table counted 8.")
