"""Small faults of wording, each kept from coming back, in English, French and Indonesian: an
empty draw pile, hands entered early, the end of a round, typed points and deleted rounds,
41's stock, Samba's minus sign, the dealer badge, the backup's note, the QR caption, the
statistics of unfinished matches, the chart's round numbers and the sharing screen's speed."""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from app import records
from app.backup_taps import BackupTaps
from app.i18n import Translator, say
from app.share.results import png, results, text
from app.share.screens import Sharing
from models.cards import parse_cards
from models.match import Close, Drop, Hand, Out, Points, Start
from models.tables.kartu_sama import Draw, Fail
from models.tables.samba import Result
from tests.fakes import FakeShell, texts
from tests.test_round_screen import ks_round, referee
from views.common import find as find_key
from views.scoreboard import ScoreData, Standing, round_words, scoreboard_view
from views.table import table_view

LANGUAGES = ("en", "fr", "id")
pytestmark = pytest.mark.parametrize("language", LANGUAGES)


def test_an_empty_draw_pile_is_said_so_never_zero_cards(language: str,
                                                        tmp_path: Path) -> None:
    t = Translator(language)
    ends = say(t, "draw_ends", {"player": "Budi", "left": 0})
    had = say(t, "pile_empty", {"player": "Budi", "count": 2, "left": 0})
    for said in (ends, had):
        assert "Budi" in said and not re.search(r"\b0\b", said), said
    assert ends == t("reason.draw_ends_none", player="Budi")
    assert "1" in say(t, "draw_ends", {"player": "Budi", "left": 1})  # a card left: counted
    ref = referee(tmp_path, "kartu_sama", ["Ana", "Budi", "Cid"])
    ref.host.t = t
    for event in (Draw(1, 0), Fail(1, 0)):
        words = ref._event_words(event)
        assert words == t("event.draw_none", name="Budi") and not re.search(r"\b0\b", words)
    assert re.search(r"\b2\b", ref._event_words(Draw(1, 2)))


def test_hands_entered_early_and_the_end_of_a_round_are_no_error(language: str) -> None:
    t = Translator(language)
    early = say(t, "hands_recorded", {})
    assert early == {"en": "Hands entered before the end of play",
                     "fr": "Mains saisies avant la fin du jeu",
                     "id": "Kartu di tangan dicatat sebelum permainan selesai"}[language]
    from tests.test_views import table_data

    view = table_view(t, table_data(detail=say(t, "went_out", {"player": "Bea"})),
                      on_action=print, on_undo=print, on_scores=print, on_back=print)
    detail = find_key(view, "detail")
    assert detail.color is None  # the text's own colour: red is for refusals


def test_typed_points_are_explained_once(language: str, tmp_path: Path) -> None:
    t = Translator(language)
    note = t("hands.typed_note")
    assert note.startswith("* ")  # the sign leads: it cannot wrap alone onto a line
    assert not note.rstrip(".").endswith("*")
    data = ScoreData(route="/s", title="Scores", headline="After round 3", names=("Ana", "Bea"),
                     rounds=(("12 *", "3"), ("–", "–"), ("4", "7 *")), totals=("16", "10"),
                     places=(Standing(1, "Bea", "10", ""), Standing(2, "Ana", "16", "")),
                     round_notes=(), series=((12, 16), (3, 10)), next_dealer="",
                     finished=False, playing=False, round_marks=("", t("round.mark.deleted"), ""))
    view = scoreboard_view(t, data, on_continue=None, on_rematch=None, on_home=print,
                           on_back=print)
    shown = texts(view)
    assert shown.count(t("score.typed")) == 1
    assert find_key(view, "typed-legend") is not None
    # a row with typed points has no mark of its own: its * says it
    ref = referee(tmp_path, "kartu_sama", ["Ana", "Bea", "Cid"])
    ref.host.t = t
    ref.record(Start())
    ref.record(Points(0, 12))
    ref.record(Hand(1, ()))
    ref.record(Hand(2, parse_cards("3H")))
    ref.record(Close())
    assert ref._marks() == ("",)
    assert "*" in ref.score().rounds[0][0]


def test_the_shared_results_say_what_dash_and_star_mean(language: str) -> None:
    t = Translator(language)
    score = ScoreData(route="/s", title="Scores", headline="After round 3", names=("Ana", "Bea"),
                      rounds=(("12 *", "3"), ("–", "–"), ("4", "7")), totals=("16", "10"),
                      places=(Standing(1, "Bea", "10", ""), Standing(2, "Ana", "16", "")),
                      round_notes=(), series=(), next_dealer="", finished=False,
                      playing=False, game="kartu_sama")
    r = results(t, score, "Kartu Sama", "2026-11-25")
    said = text(t, r)
    deleted = t("score.deleted", **round_words(t, "kartu_sama"))
    assert deleted.startswith("– ") and deleted in said and t("score.typed") in said
    assert r.legend == (deleted, t("score.typed"))
    plain = results(t, ScoreData(**{**score.__dict__, "rounds": (("12", "3"),)}), "K", "")
    assert plain.legend == ()  # nothing to explain
    assert png(r)[:4] == b"\x89PNG"


def test_41_says_stock_on_the_device_as_at_the_table(language: str) -> None:
    t = Translator(language)
    assert t("play.fact.stock") == t("forty_one.stock")


def test_samba_writes_every_negative_number_with_one_minus(language: str,
                                                           tmp_path: Path) -> None:
    ref = referee(tmp_path, "samba", ["Ana", "Bea", "Cid", "Dan"], target=5000)
    ref.host.t = Translator(language)
    assert ref.record(Start())
    assert ref.record(Out(0))
    assert ref.record(Result(0, high=14, pure=2))
    assert ref.record(Result(1, low=10, held_high=9))  # below zero
    assert ref.record(Close())
    score = ref.score()
    cells = [c for row in score.rounds for c in row] + list(score.totals)
    assert any(c.startswith("−") for c in cells), cells
    assert not any(re.search(r"-\d", c) for c in cells), cells
    behind = say(Translator(language), "samba_behind",
                 {"players": ["Bea", "Dan"], "total": -45, "behind": 1385})
    assert "−45" in behind and "-45" not in behind


def test_the_dealer_badge_speaks_the_language(language: str) -> None:
    from tests.test_views import table_data
    from views.table import Seat

    t = Translator(language)
    data = table_data(seats=(Seat("Ana", 8, True, False, "0 pts"),
                             Seat("Bea", 7, False, True, "0 pts")))
    view = table_view(t, data, on_action=print, on_undo=print, on_scores=print, on_back=print)
    tips = []

    def walk(c: Any) -> None:
        if getattr(c, "tooltip", None):
            tips.append(c.tooltip)
        for name in ("content", "controls"):
            v = getattr(c, name, None)
            for child in v if isinstance(v, list) else [v]:
                if isinstance(child, ft.BaseControl):
                    walk(child)

    walk(view.controls[0])
    assert t("table.dealer") in tips and (language == "en" or "dealer" not in tips)


def test_the_backup_note_follows_the_language(language: str, tmp_path: Path) -> None:
    class Shell:
        t = Translator("en")

    shell: Any = Shell()
    taps = BackupTaps(shell)
    taps._note = lambda t: t.plural("backup.saved", 4)
    shell.t = Translator(language)
    assert taps.note == Translator(language).plural("backup.saved", 4)
    assert "4" in taps.note and (language == "en" or "Backup saved" not in taps.note)


def test_the_qr_caption_has_no_jargon(language: str) -> None:
    t = Translator(language)
    assert not re.search(r"QR|version|versi|\{", t("share.dense"))


def test_statistics_count_finished_matches_only(language: str, tmp_path: Path) -> None:
    done = referee(tmp_path, "kartu_sama", ["Ana", "Bea", "Cid"], target=20)
    ks_round(done, "KS", "2H", "3H")
    ks_round(done, "JS", "AS AH AD", "4H")
    assert done.over
    going = FakeShell(tmp_path)  # the same store: a second match, one round, unfinished
    from app.tables import kartu_sama
    from models.match import Match

    m = Match.new(["Ana", "Bea", "Cid"], "kartu_sama", {"target": 100})
    ref = kartu_sama.Referee(going, going.store.create_match(m.setup.to_dict()), m)
    ks_round(ref, "AS AH", "", "5C")
    rows = {r.name: r for r in records.player_stats(done.host.store, "kartu_sama")}
    assert rows["Ana"].matches == 1 and rows["Ana"].rounds == 2  # the finished match's
    own = [r.points[0] for r in done.table.history]
    assert rows["Ana"].average == sum(own) / 2  # not with the 22 of the unfinished one


def test_the_chart_numbers_rounds_as_the_rows_do(language: str, tmp_path: Path) -> None:
    ref = referee(tmp_path, "kartu_sama", ["Ana", "Bea", "Cid"], target=500)
    ref.host.t = Translator(language)
    for hands in (("KS", "2H", "3H"), ("JS", "5H", "4H"), ("QS", "6H", "4C")):
        ks_round(ref, *hands)
    assert ref.record(Drop(1))
    board = ref.view("score")
    assert re.search(r"\b3\b", find_key(board, "headline").value)
    chart = find_key(board, "totals-chart")
    labels = [a.label.value for a in chart.bottom_axis.labels]
    assert labels == ["0", "1", "3"]


def test_a_tap_on_the_share_screen_answers_within_100_ms(language: str,
                                                         tmp_path: Path) -> None:
    from tests.test_results import evening
    from tests.test_share import kartu_sama_summary, stored

    class Page:
        web = True
        platform = None

    shell: Any = FakeShell(tmp_path, language)
    shell.referee, shell.page = None, Page()
    m = evening()
    match_id = stored(shell.store, m, kartu_sama_summary(m))
    share = Sharing(shell)
    share.open_share(match_id)
    for kind in ("results", "code"):  # each picture drawn once, as the screen opens
        share.kind = kind
        share.share_view(match_id)
    took = []
    for kind in ["results", "code"] * 5:
        start = time.perf_counter()
        share.kind = kind  # the switch tapped: the screen is drawn again
        share.share_view(match_id)
        took.append((time.perf_counter() - start) * 1000)
    assert statistics.median(took) < 100, took


def test_the_live_scoreboard_numbers_rounds_as_the_table(language: str, tmp_path: Path) -> None:
    from app.share.live import scoreboard

    ref = referee(tmp_path, "kartu_sama", ["Ana", "Bea", "Cid"], target=500)
    for hands in (("KS", "2H", "3H"), ("JS", "5H", "4H"), ("QS", "6H", "4C")):
        ks_round(ref, *hands)
    assert ref.record(Drop(1))
    ref.host.store.set_current_match(ref.match_id)
    board = scoreboard(ref.host.store, Translator(language))
    assert re.search(r"\b3$", board["headline"]), board["headline"]
