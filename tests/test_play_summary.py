"""Playing on the device: the summary between rounds (each game, a tie, the end of the game),
the game held on it until a tap, and computer seats kept apart from people (their names in
the set-up and in play, out of the statistics; older records read as before)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from app import records
from app.device import GameDoc
from app.i18n import Translator
from app.newmatch import NewMatchForm, setup_data
from app.play import DevicePlay, new_doc, round_summary, seat_names
from app.preferences import Settings
from app.storage import Store
from models.cards import format_cards, parse_cards
from models.games.base import RoundResult
from models.registry import GAMES
from tests.fakes import FakeShell, texts
from views.between import SUM_CARD, TURNED, RoundSummary, SeatLine, summary_view
from views.common import MAX_WIDTH, children, find
from views.felt import PAPER

EN, FR = Translator("en"), Translator("fr")
NAMES = ["Ana", "Bea", "Cid", "Dan"]


def play_to_round_end(game: str, players: int, options: dict[str, Any], seed: int = 3,
                      rounds: int = 1) -> tuple[Any, int]:
    """A random game played until ``rounds`` rounds have ended; the state and the seat whose
    move ended the last one."""
    state = GAMES[game].new_game(players, seed, options)
    rng = random.Random(seed)
    ender = -1
    while len(state.results) < rounds:
        ender = state.current_player
        state.apply(rng.choice(state.legal_actions()))
    return state, ender


def kinds(n: int) -> list[str]:
    return ["person"] + ["simple"] * (n - 1)


@pytest.mark.parametrize(("game", "players", "options", "how"), [
    ("kartu_sama", 3, {"target": 500}, ("played their last card", "the draw pile ran out")),
    ("forty_one", 4, {"hands": 3}, ("stopped", "stock ran out", "showed 41")),
    ("samba", 4, {"hands": 2}, ("went out", "stock ran out")),
])
def test_a_round_summary_shows_the_end_the_hands_the_points_and_the_totals(
        game: str, players: int, options: dict[str, Any], how: tuple[str, ...]) -> None:
    state, ender = play_to_round_end(game, players, options)
    assert not state.is_over
    s = round_summary(game, state, NAMES[:players], kinds(players), EN, ender)
    result = state.results[-1]
    word = "hand" if game != "kartu_sama" else "round"
    assert s.heading == f"End of {word} 1"
    assert any(h in s.how for h in how), s.how
    assert s.next_label == f"Next {word}" and not s.over
    assert [ln.points for ln in s.lines] == [str(p) for p in result.points]
    assert [ln.total for ln in s.lines] == [str(p) for p in state.scores]
    assert [i for i, ln in enumerate(s.lines) if ln.won] == list(result.winners)
    assert [ln.computer for ln in s.lines] == [False] + [True] * (players - 1)
    if game == "samba":  # each side's score, part by part
        assert all("Cards melded" in ln.detail for ln in s.lines)
    # what each held as the round ended, as the engine kept it
    assert [ln.cards for ln in s.lines] == [
        tuple(format_cards(list(h)).split()) if h else () for h in state.shown[-1]]
    winners = [NAMES[w] for w in result.winners]
    assert any(w in s.why[0] for w in winners)


def test_kartu_sama_says_who_went_out_and_why_the_winner_won() -> None:
    state, ender = play_to_round_end("kartu_sama", 3, {"target": 500})
    s = round_summary("kartu_sama", state, NAMES[:3], kinds(3), EN, ender)
    from models.games.kartu_sama import hand_points

    # the engine keeps each round's hands as it ended: they make its points
    assert state.results[-1].points == tuple(hand_points(h) for h in state.shown[-1])
    assert len(state.shown) == len(state.results)
    out = [i for i, h in enumerate(state.shown[-1]) if not h]
    if state.results[-1].end == "out":
        assert out == [ender] and s.how == f"{NAMES[ender]} played their last card."
        assert s.lines[ender].detail == "No cards left"
    assert s.why[0] == f"{NAMES[state.results[-1].winners[0]]} won the round"


def test_a_round_shared_on_a_tie_is_said_as_shared() -> None:
    state, ender = play_to_round_end("kartu_sama", 2, {"mode": "victory", "wins": 5})
    state.shown[-1] = (tuple(parse_cards("5S KD")), tuple(parse_cards("5H KC")))
    state.results[-1] = RoundResult((6, 6), 9, "pile", (0, 1), 0)
    s = round_summary("kartu_sama", state, NAMES[:2], kinds(2), EN, ender)
    assert s.why == ("Ana and Bea shared the round",)
    assert [ln.won for ln in s.lines] == [True, True]


def test_the_last_round_ends_the_game_with_its_winners_and_why() -> None:
    state, ender = play_to_round_end("kartu_sama", 3, {"rounds": 2}, rounds=2)
    assert state.is_over
    s = round_summary("kartu_sama", state, NAMES[:3], kinds(3), EN, ender)
    assert s.over and s.next_label == "See the final result"
    best = min(state.totals)
    won = [NAMES[i] for i, t in enumerate(state.totals) if t == best]
    assert s.verdict[0] == (f"{won[0]} wins" if len(won) == 1
                            else f"{' and '.join(won)} share the win")
    assert s.verdict[1].endswith(f"lowest total, {best} points")
    assert "won the round" in s.why[0] or "shared the round" in s.why[0]
    assert [ln.won for ln in s.lines] == [t == best for t in state.totals]
    view = summary_view(EN, s, on_next=print, on_back=print)
    assert find(view, "verdict-0").value == s.verdict[0]
    assert find(view, "summary-next").content == "See the final result" or \
        "See the final result" in texts(view)
    # a tie at the end: the win is shared, said so
    state.totals[:] = [best] * 3
    s = round_summary("kartu_sama", state, NAMES[:3], kinds(3), EN, ender)
    assert s.verdict[0] == "Ana, Bea and Cid share the win"
    assert all(ln.won for ln in s.lines)


def test_victory_game_and_41_tally_count_wins_not_points() -> None:
    state, ender = play_to_round_end("kartu_sama", 3, {"mode": "victory", "wins": 5})
    s = round_summary("kartu_sama", state, NAMES[:3], kinds(3), EN, ender)
    assert s.total_label == "Wins" and s.points_label == "This round"
    assert [ln.total for ln in s.lines] == [str(w) for w in state.wins]
    state, ender = play_to_round_end("forty_one", 3, {"hands": 1})
    s = round_summary("forty_one", state, NAMES[:3], kinds(3), FR, ender)
    assert s.total_label == "Victoires" and s.heading == "Fin de la main 1"
    won = NAMES[state.winners[0]]
    assert s.verdict[1] == f"{won} : victoires 1, défaites 0" or "partagent" in s.verdict[0]


def test_sums_ends_the_game_and_a_tie_on_points_goes_to_more_removed_cards() -> None:
    state, ender = play_to_round_end("sums", 2, {})
    assert state.is_over
    s = round_summary("sums", state, NAMES[:2], kinds(2), EN, ender)
    assert s.heading == "Game over" and s.how.startswith("A pile in the middle is empty")
    assert [ln.cards for ln in s.lines] == [tuple(format_cards(p).split()) for p in state.in_play]
    assert all(ln.detail.endswith("removed") for ln in s.lines)
    # a tie on points: the player with more cards removed wins, and the summary says why
    state.in_play[:] = [list(parse_cards("2S 3S 4S")), list(parse_cards("2H"))]
    state.captured[:] = [[], list(parse_cards("4H 5H"))]
    state.results[0] = RoundResult((3, 3), 1, "pile", (1,))
    s = round_summary("sums", state, NAMES[:2], kinds(2), EN, ender)
    assert s.why == ()
    assert s.verdict == ("Bea wins",
                         "Bea: 3 points, tied with Ana: more cards removed (2 against 0)")


def test_the_summary_view_shows_each_line_and_goes_on() -> None:
    state, ender = play_to_round_end("kartu_sama", 3, {"target": 500})
    s = round_summary("kartu_sama", state, NAMES[:3], kinds(3), EN, ender)
    went: list[bool] = []
    view = summary_view(EN, s, on_next=lambda: went.append(True), on_back=print)
    shown = texts(view)
    assert "End of round 1" in shown and "Next round" in shown
    for i, line in enumerate(s.lines):
        assert find(view, f"sum-points-{i}").value == line.points
        assert find(view, f"sum-total-{i}").value == line.total
        row = find(view, f"sum-cards-{i}")
        if not line.cards:
            assert row is None
            continue
        # each card a face, named for the screen reader; its corner shows rank and suit
        assert [c.label for c in row.controls] == [named(c) for c in line.cards]
        for card, code in zip(row.controls, line.cards, strict=True):
            assert isinstance(card, ft.Semantics) and card.exclude_semantics
            assert corner(card.content) == named(code)
            assert card.content.bgcolor == PAPER
    find(view, "summary-next").on_click(None)
    assert went == [True]


def named(code: str) -> str:
    """A card's name as the screen reader says it: ``QD`` is ``Q♦``."""
    return code.replace("S", "♠").replace("H", "♥").replace("D", "♦").replace("C", "♣")


def corner(face: ft.Container) -> str:
    """What a card face's top corner shows (rank over suit), checked readable: 12 px and more,
    in the card's ink."""
    text = face.content  # the rank in the text's own style, the suit a span after it
    (suit,) = text.spans
    assert text.style.size >= 12 and suit.style.size >= 12
    assert text.color == text.style.color == suit.style.color
    return f"{text.value}{suit.text.strip()}"


def walk(control: Any) -> list[Any]:
    """A control and all under it, depth first."""
    return [control, *(c for child in children(control) for c in walk(child))]


def one_line(cards: tuple[str, ...], detail: str = "", won: bool = False) -> RoundSummary:
    line = SeatLine(name="Ana", cards=cards, detail=detail, points="12", total="40", won=won)
    return RoundSummary(route="/p", title="Kartu Sama", heading="End of round 1", how="",
                   lines=(line,), why=(), points_label="This round", total_label="Total",
                   over=False, next_label="Next round")


def per_row(row: ft.Row, width: float) -> int:
    """How many of a wrapping row's cards one run of ``width`` holds."""
    w = SUM_CARD[0]
    return int((width + row.spacing) // (w + row.spacing))


PHONE_ROW = 400 - 2 * 12 - 2 * 12 - 2 * 2  # a phone's width less the screen's and line's edges


def test_a_long_hand_wraps_on_a_phone_its_cards_overlapping_a_little() -> None:
    fifteen = tuple(format_cards(parse_cards(
        "2S 3S 4S 5H 6H 7H 8D 9D 10D JC QC KC AS AH AD")).split())
    view = summary_view(EN, one_line(fifteen, won=True), on_next=print, on_back=print)
    row = find(view, "sum-cards-0")
    assert row.wrap and len(row.controls) == 15
    assert [corner(c.content) for c in row.controls] == [named(c) for c in fifteen]
    # overlapping, a card still shows its corner (rank over suit) and more
    assert row.spacing < 0 and SUM_CARD[0] + row.spacing >= 0.6 * SUM_CARD[0]
    assert per_row(row, PHONE_ROW) == 12  # two rows on a phone, not fifteen squeezed
    assert per_row(row, MAX_WIDTH) > 15  # one on a wider screen
    # a phone turned (850 x 400): the lines beside the head, a hand still on one row
    body = find(view, "sum-line-0")
    panes = next(c for c in walk(view) if isinstance(c, ft.ResponsiveRow))
    assert panes.breakpoints["turned"] == TURNED <= 850 - 2 * 12
    assert [c.col["turned"] for c in panes.controls] == [5, 7] and body in \
        panes.controls[1].controls
    assert per_row(row, (850 - 2 * 12 - 24) * 7 / 12 - 2 * 12 - 2 * 2) >= 15
    # a short hand sits side by side, untouched
    short = find(summary_view(EN, one_line(fifteen[:5]), on_next=print, on_back=print),
                 "sum-cards-0")
    assert short.spacing > 0 and per_row(short, PHONE_ROW) >= 5


def test_a_summary_shows_the_cards_held_and_what_else_counted() -> None:
    state, ender = play_to_round_end("samba", 4, {"hands": 2})  # Samba: the side's parts
    s = round_summary("samba", state, NAMES[:4], kinds(4), EN, ender)
    view = summary_view(EN, s, on_next=print, on_back=print)
    for i, line in enumerate(s.lines):
        row = find(view, f"sum-cards-{i}")
        assert (row is None) == (not line.cards) and line.detail in texts(view)
    assert any(line.cards for line in s.lines)
    state, ender = play_to_round_end("sums", 2, {})  # Sums: the cards still in play
    s = round_summary("sums", state, NAMES[:2], kinds(2), EN, ender)
    view = summary_view(EN, s, on_next=print, on_back=print)
    for i, line in enumerate(s.lines):
        row = find(view, f"sum-cards-{i}")
        assert [c.label for c in row.controls] == [named(c) for c in line.cards]
        assert line.detail in texts(view)


# -- the game is held on the summary --------------------------------------------------------

class Shell(FakeShell):
    """The fake shell, with what a game on the device also reads."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.settings = Settings(self.store)
        self.tasks: list[Any] = []
        self.play: DevicePlay | None = None
        shell = self

        class Page:
            route = ""

            def run_task(self, task: Any) -> None:
                shell.tasks.append(task)

        self.page = Page()


def step(play: DevicePlay, action: int) -> None:
    """A move by whoever is to play: a person's tap, or a computer's move."""
    game = play.game
    if game.kinds[game.state.current_player] == "person":
        play.move(action, game.version)
    else:
        assert game.computer_move(action, game.version).changed


def test_a_round_end_holds_the_game_until_the_summary_is_closed(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {"target": 500},
                  casual=True, pace=0)
    play = DevicePlay(shell, "play-test", doc)  # type: ignore[arg-type]
    rng = random.Random(5)
    while not play.state.results:
        play.shown = play.state.current_player
        play.move(rng.choice(play.state.legal_actions()), play.game.version)
    doc = play.doc
    assert play.pending and doc.enders == [doc.movers[-1]]
    assert find(play.view(), "summary") is not None
    before = list(doc.actions)
    play.move(play.state.legal_actions()[0], play.game.version)  # none while the summary is up
    assert doc.actions == before
    saved = shell.store.saved_game("play-test")
    assert saved is not None and saved[0]["seen"] == 0
    find(play.view(), "summary-next").on_click(None)
    assert not play.pending and play.doc.seen == 1
    saved = shell.store.saved_game("play-test")
    assert saved is not None and saved[0]["seen"] == 1  # closed only once saved
    assert find(play.view(), "summary") is None
    # after a restart the game comes back where it was: no summary pending
    again = DevicePlay(shell, "play-test", GameDoc.from_dict(saved[0]))  # type: ignore[arg-type]
    assert not again.pending


def test_a_summary_not_saved_stays_up_and_says_so(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    shell = Shell(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {"target": 500},
                  casual=True, pace=0)
    play = DevicePlay(shell, "play-full", doc)  # type: ignore[arg-type]
    rng = random.Random(5)
    while not play.state.results:
        play.move(rng.choice(play.state.legal_actions()), play.game.version)

    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shell.store, "save_game", full)
    play.next_round(play.game.seen)
    said = play.line(play.game.version)
    assert play.pending and said.kind == "note" and "full" in said.text.lower()


def test_a_game_saved_before_summaries_opens_without_one(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "person"], {"target": 500},
                  casual=True, pace=0)
    state = GAMES["kartu_sama"].new_game(2, doc.seed, {"target": 500})
    rng = random.Random(2)
    while not state.results:
        doc.actions.append(a := rng.choice(state.legal_actions()))
        state.apply(a)
    saved = doc.to_dict()
    for key in ("seen", "enders", "movers", "redo", "casual", "pace", "rev"):
        del saved[key]  # as games were saved before these were
    saved["log"] = ["Ana played QH"]  # the words of the log as they were once saved
    for seat in saved["seats"]:  # type: ignore[attr-defined]
        del seat["help"]
    play = DevicePlay(shell, "play-old", GameDoc.from_dict(saved))  # type: ignore[arg-type]
    assert not play.pending and play.doc.enders == [-1]  # who ended it is not known
    assert play.doc.seen == 1 and play.doc.movers == [] and play.doc.redo == []
    assert all(s.help for s in play.doc.seats) and play.doc.pace == 1 and not play.doc.casual
    play.shown = play.state.current_player
    play.move(play.state.legal_actions()[0], play.game.version)
    again = shell.store.load_game("play-old")
    assert again is not None and "log" not in again and again["enders"] == [-1]
    assert again["actions"][:-1] == saved["actions"] and again["rev"] == 1


def test_computer_players_wait_on_the_summary(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Computer 1"], ["person", "simple"], {"target": 500},
                  casual=True, pace=0)
    play = DevicePlay(shell, "play-bot", doc)  # type: ignore[arg-type]
    shell.play = play
    shell.page.route = play.route
    rng = random.Random(1)
    while not play.state.results:
        step(play, rng.choice(play.state.legal_actions()))
    shell.tasks.clear()
    play.view()
    assert not shell.tasks  # no computer turn is scheduled while the summary is up


# -- computer seats ----------------------------------------------------------------------------

def test_computer_seats_have_their_own_names_never_a_persons() -> None:
    assert seat_names(["Ana", "Bea", "Cid"], ["person", "simple", "strong"], EN) == [
        "Ana", "Computer 1", "Computer 2"]
    assert seat_names(["Computer 1", "Bea"], ["person", "simple"], EN) == [
        "Computer 1", "Computer 2"]
    assert seat_names(["Ana", "Bea"], ["simple", "person"], FR) == ["Ordinateur 1", "Bea"]
    draft = NewMatchForm(game="kartu_sama", players=["Ana"], kinds=["person"])
    draft.add_computer(1)  # a computer's seat shows the computer's name and level
    data = setup_data(draft, EN)
    assert data.players == ("Ana", "Computer 1") and data.kinds == ("", "Computer (quick)")


def test_computer_seats_stay_out_of_the_statistics(tmp_path: Path) -> None:
    store = Store(tmp_path)
    rounds = [[3, 10], [0, 20]]
    match_id = store.create_match({"game": "kartu_sama", "players": ["Ana", "Computer 1"],
                                   "kinds": ["person", "simple"], "options": {},
                                   "play": "p1"})
    store.update_summary(match_id, {"status": "finished", "round": 2, "play": "p1",
                                    "kinds": ["person", "simple"], "totals": [3, 30],
                                    "winners": ["Ana"], "rounds": rounds})
    rows = {r.name: r for r in records.player_stats(store, "kartu_sama")}
    assert list(rows) == ["Ana"] and rows["Ana"].wins == 1 and rows["Ana"].rounds == 2


def test_older_device_games_take_their_seat_kinds_from_the_saved_game(tmp_path: Path) -> None:
    """A device game recorded before seats had kinds (a person's name on a computer's seat):
    its kinds come from the game as still saved on the device; when that is gone, every
    seat counts as a person's, as it did then (nothing else says which seat was which)."""
    store = Store(tmp_path)
    for key in ("play-old-1", "play-old-2"):
        match_id = store.create_match({"game": "kartu_sama", "players": ["Ana", "Bea"],
                                       "options": {}, "play": key})
        store.update_summary(match_id, {"status": "finished", "round": 1, "play": key,
                                        "totals": [30, 3], "winners": ["Bea"],
                                        "rounds": [[30, 3]]})
    doc = new_doc("kartu_sama", ["Ana", "Bea"], ["person", "strong"], {}, casual=True, pace=0)
    # Bea's seat was the computer's; play-old-2 is gone
    store.save_game("play-old-1", doc.to_dict())
    rows = {r.name: r for r in records.player_stats(store, "kartu_sama")}
    assert sorted(rows) == ["Ana", "Bea"]
    assert (rows["Ana"].matches, rows["Bea"].matches, rows["Bea"].wins) == (2, 1, 1)
    # a match at the table has no kinds: every seat is a person's
    assert records.seat_kinds(store, {"status": "finished"}) == []


def test_a_finished_device_game_records_its_seat_kinds(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    doc = new_doc("kartu_sama", ["Ana", "Computer 1"], ["person", "strong"], {"rounds": 1},
                  casual=False, pace=0)
    play = DevicePlay(shell, "play-end", doc)  # type: ignore[arg-type]
    rng = random.Random(4)
    while not play.state.is_over:
        if play.pending:
            play.next_round(play.game.seen)
        else:
            step(play, rng.choice(play.state.legal_actions()))
    entry = shell.store.list_matches()[0]
    assert entry["summary"]["kinds"] == ["person", "strong"]
    rows = records.player_stats(shell.store, "kartu_sama")
    assert [r.name for r in rows] == ["Ana"]
    assert "Computer 1" not in shell.store.players()
