"""A game is a plug-in: what differs between games lives in the game's own modules, and no
other module names a game. A game's own modules are those named after its key, in any layer
(``models/games/samba.py``, ``models/games/samba_melds.py``, ``models/tables/samba.py``,
``models/bots/samba.py``, ``app/tables/samba.py``, ``app/presenters/samba.py``,
``app/figures/samba.py``, ``views/samba.py``); the registries (``models/registry.py``,
``app/games.py``) name each built-in game once. Every other module of app/, views/ and models/
finds a game through them: it holds no game's key in a string (docstrings aside: they may
give a game as an example) and imports no game's module."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import app.lab
import models.simulate
from app import games, records
from app.games import ENTRIES, Entry
from app.i18n import PLACES, Translator, game_title
from app.lab import Lab
from app.newmatch import NewMatchForm, setup_data
from app.play import DevicePlay, new_doc, round_summary
from app.rules_screen import rules_text
from app.stats import StatsScreen
from models.errors import MejaError
from models.match import Match, Start
from models.registry import GAMES
from models.simulate import Spec, simulate
from tests.fakes import run_alone, texts
from tests.fifth import ENTRY, compile_texts
from tests.fifth.engine import RULES as fifth_rules
from tests.fifth.engine import hand_points, lowest
from tests.fifth.table import Stuck
from tests.test_play_runner import moves, shell_on, until, watch_loop
from tests.test_setup import type_into
from views.common import find

ROOT = Path(__file__).resolve().parents[1]
REGISTRIES = {"models/registry.py", "app/games.py"}


def own(path: Path, games: list[str]) -> str:
    """The game whose own module ``path`` is ("" for a shared module)."""
    return next((g for g in games if path.stem.startswith(g)), "")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of ``tree``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def imported(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every module an import names (``from a import b`` names ``a`` and ``a.b``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name


def naming(source: str, games: list[str]) -> list[str]:
    """Where ``source`` (a shared module) names a game: a key in a string, an import of a
    game's module."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    keys = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, games)) + r")(?![A-Za-z0-9])")
    found = [f"{node.lineno}: {node.value!r}" for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and id(node) not in skip and keys.search(node.value)]
    layers = ("models.", "app.", "views.")
    found += [f"{line}: import {name}" for line, name in imported(tree)
              if name.startswith(layers) and own(Path(name.rsplit(".", 1)[-1]), games)]
    return found


def shared_modules() -> Iterator[tuple[str, Path]]:
    games = list(GAMES)
    for folder in ("app", "views", "models"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in REGISTRIES and not own(path, games):
                yield rel, path


def test_no_shared_module_names_a_game() -> None:
    games = list(GAMES)
    found = {rel: said for rel, path in shared_modules()
             if (said := naming(path.read_text(encoding="utf-8"), games))}
    assert found == {}
    assert len(list(shared_modules())) > 100  # the walk saw the app


def test_the_check_sees_a_game_named() -> None:
    games = list(GAMES)
    assert naming('"""Samba\'s melds: see ``samba``."""\nx = 1\n', games) == []
    assert naming('if game == "sums":\n    pass\n', games) == ["1: 'sums'"]
    assert naming('key = f"play.end.{g}"\nother = "play.end.kartu_sama.out"\n', games) == [
        "2: 'play.end.kartu_sama.out'"]
    assert naming('code.startswith("samba_")\n', games) == ["1: 'samba_'"]
    assert naming("from models.games import forty_one\n", games) == [
        "1: import models.games.forty_one"]
    assert naming("from app.presenters.samba import SambaPresenter\n", games) == [
        "1: import app.presenters.samba"]
    assert naming("import views.sums\n", games) == ["1: import views.sums"]
    assert naming('summary = "the sums of squares"\nfrom models.games.base import State\n',
                  games) == ["1: 'the sums of squares'"]  # a key is a word of its own


def test_each_games_own_modules_are_named_after_it() -> None:
    """The modules the registries import for a game are its own (named after its key)."""
    games = list(GAMES)
    for rel in REGISTRIES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        named = [name for _, name in imported(tree)
                 if any(g in name.rsplit(".", 1)[-1] for g in games)]
        assert named, rel
        assert all(own(Path(name.rsplit(".", 1)[-1]), games) for name in named), named


# -- the proof: Fifth, a game kept in tests/fifth/, added with one line ----------------------


@pytest.fixture
def fifth() -> Iterator[Entry]:
    """Fifth in the app while a test runs: its catalogs compiled, then the one line."""
    compile_texts()
    games.add(ENTRY)  # the one line a game kept elsewhere takes
    yield ENTRY
    games.remove(ENTRY.key)


def screen(page: Any) -> Any:
    return page.views[-1]


def tap(page: Any, key: str) -> None:
    """A tap on the control ``key`` of the screen on top (a chip, a button, a card)."""
    control = find(screen(page), key)
    assert control is not None, (key, texts(screen(page)))
    handler = getattr(control, "on_select", None) or control.on_click
    handler(None)


def test_it_is_registered_whole_and_taken_out_whole(fifth: Entry) -> None:
    assert GAMES["fifth"] is fifth.game and ENTRIES["fifth"] is fifth
    assert list(GAMES) == list(ENTRIES) and list(GAMES)[-1] == "fifth"
    match = Match.new(["Ana", "Bea"], "fifth")
    match.record(Start())
    match.record(Stuck())  # its own event kind, registered with it
    saved = match.to_dict()
    assert Match.from_dict(saved).table.phase == "ended"
    with pytest.raises(ValueError, match="fifth"):
        games.add(fifth)  # a key is registered once
    games.remove("fifth")
    try:
        assert "fifth" not in GAMES and "fifth" not in ENTRIES and "fifth" not in PLACES
        with pytest.raises(MejaError):
            Match.from_dict(saved)
    finally:
        games.add(fifth)


def test_the_play_set_up_offers_it_with_its_options(fifth: Entry, tmp_path: Path) -> None:
    shell, page = shell_on(tmp_path)
    shell.routed()
    shell.setup.new_play()
    assert find(screen(page), "game-fifth") is not None  # offered beside the four
    tap(page, "game-fifth")
    said = texts(screen(page))
    assert "Target" in said and "Cards each" in said  # its options, from its Options
    type_into(find(screen(page), "name"), "Ana")
    tap(page, "add")
    tap(page, "add-computer")
    tap(page, "add-computer")  # two players at most: nothing more is seated
    assert shell.setup.form is not None and shell.setup.form.players == ["Ana", ""]
    tap(page, "kind-1")
    tap(page, "kind-1")  # quick, strong, then expert
    tap(page, "start")
    play = shell.play
    assert play is not None and play.doc.game == "fifth" and page.route == play.route
    assert play.kinds == ["person", "expert"]


async def play_to_the_end(shell: Any, page: Any, doc: dict[str, Any]) -> DevicePlay:
    """The game ``doc`` started; a person taps the table's moves (asking a hint once) while
    the computer plays, to the end."""
    failures = watch_loop()
    shell.start_play(doc)
    play = shell.play
    hinted = False
    while not play.state.is_over or play.pending:
        await until(lambda: play.pending or play.game.person_turn() >= 0
                    or (play.state.is_over and not play.pending))
        if play.pending:
            assert find(screen(page), "summary") is not None
            tap(page, "summary-next")
            continue
        if play.state.is_over:
            break
        if not hinted:
            tap(page, "hint-button")
            hinted = True
            assert play.hint[2].startswith("Hint: ")
        shown = moves(play, screen(page))
        assert shown, "no move offered on the person's turn"
        version = play.game.version
        shown[0](None)
        assert play.game.version == version + 1
    await until(lambda: not play.runner.running)
    assert not failures, failures
    return play


def test_it_is_played_on_the_card_table_against_a_computer_to_its_end(
        fifth: Entry, tmp_path: Path) -> None:
    shell, page = shell_on(tmp_path)
    doc = new_doc("fifth", ["Ana", "Computer 1"], ["person", "expert"], {"target": 30},
                  casual=True, pace=0)
    play = run_alone(play_to_the_end(shell, page, doc))
    state = play.state
    assert state.is_over and state.winners and max(state.totals) >= 30
    movers = play.doc.movers
    assert 0 in movers and 1 in movers  # both the person and the computer moved
    assert "Play again" in texts(screen(page))  # the result stays, a new game offered
    summary = play.summary("Fifth")
    assert summary.over and summary.lines[0].name == "Ana" and summary.verdict
    # the round's end in its own words, from its own catalog
    assert summary.how.endswith(("played their last card.", "could neither play nor draw."))
    history = records.history_lines(shell.store, shell.t)
    assert [line.title.split(" · ")[0] for line in history] == ["Fifth"]  # the game joined it


def test_the_first_tap_of_a_round_is_not_the_second_half_of_the_last(
        fifth: Entry, tmp_path: Path) -> None:
    """This deal ends a round on Ana's last card, the 5♠; she opens the next one, at the same
    version, by playing the 5♠ again within a double tap's time. Once taken as the second half
    of her last tap (nothing played), it is played."""
    shell, page = shell_on(tmp_path)
    doc = new_doc("fifth", ["Ana", "Computer 1"], ["person", "expert"], {"target": 30},
                  casual=True, pace=0)
    doc.seed = 810740022
    play = run_alone(play_to_the_end(shell, page, doc))  # each tap a move: asserted there
    assert play.state.is_over and len(play.state.results) > 1
    saved = play.doc
    ended = [len(dataclasses.replace(saved, actions=saved.actions[:i + 1]).replay().results)
             for i in range(len(saved.actions))]
    assert any(ended[i] > ended[i - 1]  # the deal still gives the case this test is for
               and saved.actions[i] == saved.actions[i + 1]
               and saved.movers[i] == saved.movers[i + 1] == 0
               for i in range(1, len(saved.actions) - 1))


def test_the_lab_simulates_it(fifth: Entry, monkeypatch: pytest.MonkeyPatch) -> None:
    report = simulate("fifth", 2, 30, seed=1, kinds=("simple", "expert"), workers=1)
    assert report.games == 30 and report.rounds >= 30
    assert "figure.draws" in report.averages  # its engine's own figure
    monkeypatch.setattr(app.lab, "workers_for", lambda: 1)
    page = SimpleNamespace(route="/lab", run_task=lambda *a: None)
    lab = Lab(SimpleNamespace(t=Translator("en"), refresh=lambda: None, go=lambda _r: None,
                              page=page))  # type: ignore[arg-type]
    lab._game("fifth")
    assert lab.players == 2 and dict(lab.data().games)["fifth"] == "Fifth"
    lab.games = 60
    run_alone(lab._work(False))
    assert lab.result is not None and lab.result.games == 60
    said = texts(lab.view())
    assert "Cards drawn" in said and "Target" in said


def test_the_labs_worker_processes_are_handed_it(fifth: Entry,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A new process knows the built-in games only: a game added later is added to each of
    the lab's workers (started afresh, as on a phone or a Mac), which play it as here."""
    monkeypatch.setattr(models.simulate, "PILOT", 0.0)  # processes for any run, however short
    monkeypatch.setattr(models.simulate, "WORTH", 0.0)
    spec = Spec("fifth", 2, {}, ("simple", "random"), seed=3)
    here, one = models.simulate.run(spec, 40, workers=1)
    there, two = models.simulate.run(spec, 40, workers=2, method="spawn")
    assert (one, two) == (1, 2) and here.same(there) and there.games == 40


def test_it_is_refereed_at_the_table(fifth: Entry, tmp_path: Path) -> None:
    shell, page = shell_on(tmp_path)
    shell.routed()
    shell.new_match(["Ana", "Bea"])
    tap(page, "game-fifth")
    tap(page, "opt-target-minus")
    tap(page, "opt-target-minus")  # 30
    tap(page, "start")
    assert page.route.startswith("/match/")
    tap(page, "act-start")
    tap(page, "act-out-0")  # Ana went out: her hand is empty, Bea's is entered
    assert page.route.endswith("/hands")
    for card in ("KS", "5H"):
        tap(page, f"card-{card}")
    tap(page, "save")
    assert page.route.endswith("/score")
    tap(page, "continue")  # back to the table
    tap(page, "act-start")
    tap(page, "act-stuck")  # no one could play: both hands entered
    tap(page, "card-AS")
    tap(page, "next")
    for card in ("KH", "QH"):
        tap(page, f"card-{card}")
    tap(page, "save")
    said = texts(screen(page))
    assert page.route.endswith("/score") and "Ana wins" in said, said
    assert "Ana won with 1 point" in said  # the end of the match in its own words
    (line,) = records.history_lines(shell.store, shell.t)
    assert line.title.startswith("Fifth · ") and "Ana" in line.status
    figures = records.game_figures(shell.store, "fifth")
    assert figures.matches == 1
    assert {r.name: r.values for r in figures.rows} == {"Ana": (2, 1), "Bea": (2, 0)}
    stats = StatsScreen(shell)
    stats.game = "fifth"
    assert "Went out" in texts(stats.view())


def test_a_game_without_texts_is_said_in_its_engines_words(fifth: Entry, tmp_path: Path) -> None:
    """Fifth kept without its catalog and rules: the shared screens say its engine's title,
    its options' own names, the shared words for a round and its end."""
    games.remove("fifth")
    games.add(dataclasses.replace(fifth, folder=tmp_path))
    t = Translator("fr")
    assert not t.has("game.fifth") and game_title(t, "fifth") == "Fifth"
    form = NewMatchForm(game="fifth", players=["Ana", ""], kinds=["person", "simple"])
    data = setup_data(form, t)
    assert dict(data.games)["fifth"] == "Fifth"
    assert [(r.label, r.help) for r in data.options[:2]] == [("target", ""), ("hand_size", "")]
    assert not data.error
    assert rules_text("fifth", "fr") == ""
    state = fifth.game.new_game(2, 4)
    rng = random.Random(4)
    while not state.results:
        state.apply(rng.choice(state.legal_actions()))
    said = round_summary("fifth", state, ["Ana", "Bea"], ["person", "simple"], t)
    assert said.heading == "Fin de la manche 1" and said.how == t("play.end.other", word="manche")


@given(st.integers(0, 2**31 - 1), st.integers(0, 2**31 - 1))
@settings(max_examples=40, deadline=None)
def test_fifths_engine_plays_any_deal_to_its_end_by_its_rules(seed: int, walk: int) -> None:
    """Its engine gets what every engine gets: any legal play ends, each round scores the
    hands it left, the lowest total wins, and a game replays from its actions."""
    state = fifth_rules.new_game(2, seed, {"target": 30})
    rng = random.Random(walk)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal and state.current_player in (0, 1)
        before = state.clone()
        state.apply(rng.choice(legal))
        assert before.actions == state.actions[:-1]  # the copy did not move
    for result, hands in zip(state.results, state.shown, strict=True):
        assert result.points == tuple(hand_points(h) for h in hands)
    assert state.totals == [sum(r.points[s] for r in state.results) for s in (0, 1)]
    assert max(state.totals) >= 30 and state.winners == list(lowest(state.totals))
    again = fifth_rules.replay(2, seed, {"target": 30}, state.actions)
    assert again.totals == state.totals and again.is_over
