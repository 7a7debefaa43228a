"""Results anyone can read: the text (in each language) and the picture made from what the
scoreboard shows, the QR code any camera reads (read back by the app's own reader), and the
sharing screen offering both codes."""

from __future__ import annotations

import inspect
import io
import random
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from PIL import Image

from app.i18n import Translator
from app.share import results as made
from app.share.pictures import available, qr, qr_png, read_image
from app.share.results import Board, board, png, qr_text, results, text
from app.share.screens import Sharing
from app.storage import Store
from models.cards import parse_cards
from models.match import Close, Hand, Match, Start
from tests.fakes import FakeShell, run_alone, texts
from tests.test_share import forty_one, forty_one_summary, kartu_sama_summary, stored
from views.common import find
from views.scoreboard import ScoreData, Standing

# The day the evening was played (2026-11-24, UTC), as each language writes a date.
DAY = {"en": "Nov 24, 2026", "fr": "24 nov. 2026", "id": "24 Nov 2026"}
EVENING = {
    "en": ("Kartu Sama · Nov 24, 2026\nCid wins the match!\n\n"
           "1. Cid · 4 pts\n2. Bea · 7 pts\n3. Ana · 32 pts\n\n"
           "Rounds\nRound 1: Ana 22, Bea 5, Cid 1 ★\nRound 2: Ana 10, Bea 2 ★, Cid 3\n\n"
           "Scored with Meja"),
    "fr": ("Kartu Sama · 24 nov. 2026\nCid gagne la partie !\n\n"
           "1. Cid · 4 pts\n2. Bea · 7 pts\n3. Ana · 32 pts\n\n"
           "Manches\nManche 1 : Ana 22, Bea 5, Cid 1 ★\nManche 2 : Ana 10, Bea 2 ★, Cid 3\n\n"
           "Compté avec Meja"),
    "id": ("Kartu Sama · 24 Nov 2026\nCid memenangkan pertandingan!\n\n"
           "1. Cid · 4 poin\n2. Bea · 7 poin\n3. Ana · 32 poin\n\n"
           "Ronde\nRonde 1: Ana 22, Bea 5, Cid 1 ★\nRonde 2: Ana 10, Bea 2 ★, Cid 3\n\n"
           "Dihitung dengan Meja"),
}


def evening() -> Match:
    """Two rounds of Kartu Sama to 30 points: Ana passes 30, Cid has the fewest."""
    m = Match.new(["Ana", "Bea", "Cid"], "kartu_sama", {"target": 30})
    for hands in (("AS AH", "2S 3S", "KH"), ("10S", "2H", "3H")):
        m.record(Start())
        for seat, cards in enumerate(hands):
            m.record(Hand(seat, tuple(parse_cards(cards))))
        m.record(Close())
    assert m.table.phase == "over"
    return m


class Shell(FakeShell):
    """What the sharing screen uses of the shell: a page that runs taps at once."""

    def __init__(self, root: Path, language: str = "en",
                 platform: ft.PagePlatform = ft.PagePlatform.LINUX) -> None:
        super().__init__(root, language)
        self.store = Store(root, now=lambda: datetime(2026, 11, 24, 20, 0, tzinfo=UTC))
        self.page = SimpleNamespace(platform=platform, web=False, run_task=run_task)


def run_task(task: Any) -> None:
    """Run a tap's task at once, refused as Flet refuses it when it is not a coroutine
    function."""
    assert inspect.iscoroutinefunction(task), task
    run_alone(task())


class Clipboard:
    def __init__(self) -> None:
        self.value = ""

    async def set(self, value: str) -> None:
        self.value = value


def opened(shell: Shell, m: Match) -> tuple[Sharing, str]:
    from app.referees import open_match

    match_id = stored(shell.store, m, kartu_sama_summary(m))
    shell.referees.current = open_match(shell, match_id)
    sharing = Sharing(shell)  # type: ignore[arg-type]
    sharing.clipboard = Clipboard()  # type: ignore[assignment]
    sharing.open_share(match_id)
    return sharing, match_id


# -- the text -------------------------------------------------------------------------------
@pytest.mark.parametrize("language", EVENING)
def test_the_text_has_the_places_the_winner_and_each_round(language: str,
                                                          tmp_path: Path) -> None:
    from app.referees import open_match

    shell = Shell(tmp_path, language)
    match_id = stored(shell.store, evening(), kartu_sama_summary(evening()))
    referee = open_match(shell, match_id)
    r = results(shell.t, referee.score(), shell.t("game.kartu_sama"), DAY[language])
    assert text(shell.t, r) == EVENING[language]
    assert qr_text(shell.t, r) == (EVENING[language], True)


def test_a_game_with_hands_says_hands_and_keeps_its_marks(tmp_path: Path) -> None:
    from app.referees import open_match

    shell = Shell(tmp_path)
    m = forty_one(random.Random(3), players=4, rounds=6)
    referee = open_match(shell, stored(shell.store, m, forty_one_summary(m)))
    said = text(shell.t, results(shell.t, referee.score(), "41", "2026-11-24"))
    lines = said.splitlines()
    assert lines[:2] == ["41 · 2026-11-24", referee.score().headline]
    hands = [x for x in lines if x.startswith("Hand ")]
    assert len(hands) == 6 and all(x.count("★") == 1 and x.count("▼") == 1 for x in hands)


def crowd(rounds: int) -> ScoreData:
    """Eight players with 24-character names."""
    names = tuple(f"{n} Wijayakusumaningratan"[:24] for n in
                  ("Ana", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"))
    return ScoreData(
        route="/x", title="Scores", headline=f"{names[6]} wins the match!", names=names,
        rounds=tuple(tuple(str((r * 7 + s * 13) % 50) for s in range(8)) for r in range(rounds)),
        totals=tuple(f"{100 + i} pts" for i in range(8)),
        places=tuple(Standing(i + 1, n, f"{100 + i} pts", "") for i, n in enumerate(names)),
        round_notes=(), series=(), next_dealer="", finished=True, playing=False,
        game="kartu_sama")


def test_a_long_match_keeps_the_places_in_its_code() -> None:
    t = Translator("en")
    r = results(t, crowd(15), "Kartu Sama", "2026-11-24")
    whole = text(t, r)
    held, complete = qr_text(t, r)
    assert len(whole.encode()) > made.QR_BYTES and not complete
    assert len(held.encode()) <= made.QR_BYTES
    assert held == text(t, r, rounds=False) and "Round 1:" not in held
    assert all(f"{p.place}. {p.name} · {p.total}" in held for p in r.places)
    assert r.headline in held
    assert qr(held).version <= 22  # a camera reads it from another phone's screen


@pytest.mark.parametrize("decoder", list(available()))
@pytest.mark.parametrize("language", EVENING)
def test_the_results_code_reads_back_as_the_text(decoder: str, language: str) -> None:
    """The text (accents, the star) comes back whole from the QR picture the screen shows."""
    said = EVENING[language]
    assert read_image(qr_png(said), available()[decoder]) == [said]


# -- the picture ----------------------------------------------------------------------------
def test_the_picture_draws_the_scoreboards_rows(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    from app.referees import open_match

    shell = Shell(tmp_path)
    referee = open_match(shell, stored(shell.store, evening(), kartu_sama_summary(evening())))
    score = referee.score()
    r = results(shell.t, score, "Kartu Sama", "2026-11-24")
    drawn: list[Board] = []
    monkeypatch.setattr(made, "draw", lambda b: drawn.append(b) or b"")
    png(r)
    assert drawn == [Board(
        title="Kartu Sama · 2026-11-24", headline="Cid wins the match!",
        places=("1. Cid · 4 pts", "2. Bea · 7 pts", "3. Ana · 32 pts"), rows_title="Rounds",
        header=("#", "Ana", "Bea", "Cid"),
        rows=(("1", "22", "5", "1 ★"), ("2", "10", "2 ★", "3")),
        totals=("Total", "32 pts", "7 pts", "4 pts"),
        footer="Scored with Meja")]
    assert drawn[0].rows == tuple((str(i), *c) for i, c in enumerate(score.rounds, 1))


def test_the_picture_is_a_png_that_grows_with_the_board() -> None:
    t = Translator("en")
    short, long = (Image.open(io.BytesIO(png(results(t, crowd(n), "Kartu Sama", "2026-11-24"))))
                   for n in (2, 15))
    assert short.format == long.format == "PNG"
    assert short.width == long.width >= 8 * 100  # eight columns, the names wrapped
    assert long.height - short.height == 13 * 40  # a line per round
    assert short.getpixel((0, 0)) == (255, 255, 255)
    three = Image.open(io.BytesIO(board_png(t)))
    assert 720 <= three.width <= 1080  # three players: as wide as a phone screen's pixels


def board_png(t: Translator) -> bytes:
    r = results(t, crowd(2), "Kartu Sama", "")
    small = made.Results(**{**r.__dict__, "names": r.names[:3], "totals": r.totals[:3],
                            "places": r.places[:3], "headline": "Ana wins",
                            "rounds": tuple(c[:3] for c in r.rounds)})
    return made.draw(board(small))


# -- the screen -----------------------------------------------------------------------------
def test_the_share_screen_offers_the_results_first_then_the_meja_code(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    sharing, match_id = opened(shell, evening())
    view = sharing.share_view(match_id)
    assert find(view, "kind-results").icon == ft.Icons.CHECK
    assert find(view, "results-text").value == EVENING["en"]
    assert find(view, "copy") is None and find(view, "send") is None  # no share sheet here
    (code,) = read_image(find(view, "qr").content.src)
    assert code == EVENING["en"]
    find(view, "copy-results").on_click(None)
    assert sharing.clipboard.value == EVENING["en"]  # type: ignore[attr-defined]
    assert shell.toasts[-1] == "The results were copied."

    find(view, "kind-code").on_click(None)
    view = sharing.share_view(match_id)
    assert find(view, "kind-code").icon == ft.Icons.CHECK and find(view, "results-text") is None
    (code,) = read_image(find(view, "qr").content.src)
    assert code.startswith("MEJA")
    find(view, "copy").on_click(None)
    assert sharing.clipboard.value == code  # type: ignore[attr-defined]
    assert "Meja code (to import)" in texts(view) and "Results (any camera)" in texts(view)


def test_a_phone_sends_the_results_through_its_share_sheet(tmp_path: Path) -> None:
    shell = Shell(tmp_path, "fr", platform=ft.PagePlatform.ANDROID)
    sharing, match_id = opened(shell, evening())
    sent: list[tuple[str, str | None]] = []

    class Sheet:
        async def share_text(self, value: str, *, subject: str | None = None) -> None:
            sent.append((value, subject))

    sharing.sheet = Sheet()  # type: ignore[assignment]
    view = sharing.share_view(match_id)
    assert find(view, "send").content == "Envoyer les résultats"
    find(view, "send").on_click(None)
    assert sent == [(EVENING["fr"], "Kartu Sama · 24 nov. 2026")]


def test_a_saved_picture_is_the_scoreboards(tmp_path: Path) -> None:
    shell = Shell(tmp_path)
    sharing, match_id = opened(shell, evening())
    saved: dict[str, Any] = {}

    class Picker:
        async def save_file(self, *, file_name: str, src_bytes: bytes) -> str:
            saved.update(name=file_name, body=src_bytes)
            return "/chosen/" + file_name

    sharing.picker = Picker()  # type: ignore[assignment]
    find(sharing.share_view(match_id), "picture").on_click(None)
    assert saved["name"] == f"meja-{match_id}.png"
    assert Image.open(io.BytesIO(saved["body"])).format == "PNG"
    assert shell.toasts[-1] == "Saved."


def test_the_results_carry_the_day_the_match_was_played_where_it_was_played(
        tmp_path: Path, zone: Any) -> None:
    zone("Asia/Jakarta")  # 20:00 UTC is 03:00 the next morning there
    shell = Shell(tmp_path)
    sharing, match_id = opened(shell, evening())
    assert sharing._results(match_id).title == "Kartu Sama · Nov 25, 2026"
