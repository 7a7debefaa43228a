"""The game registry: every game is one entry per layer (the model's in models.registry, the
app's in app.games), each with all its parts, found by plain imports only; the engines are
leaves, and the registry registers every event kind."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.games import ENTRIES
from app.i18n import LANGUAGES, Translator
from app.options import specs, visible
from app.tables.base import Referee
from models import computers
from models.bots.base import Playbook
from models.events import EVENTS, SHARED, Event
from models.games.base import option_meta
from models.match import Close, Hand, Match, Start, table_of
from models.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ana", "Bea", "Cai", "Dan"]


def test_the_app_registers_every_engine_once_in_the_same_order() -> None:
    assert list(ENTRIES) == list(GAMES)
    assert all(key == entry.key == entry.game.key for key, entry in ENTRIES.items())


@pytest.mark.parametrize("key", list(GAMES))
def test_a_games_model_entry_names_its_engine_table_and_bot(key: str) -> None:
    game = GAMES[key]
    players = max(game.min_players, min(4, game.max_players))
    state = game.new_game(players, 7)
    rng = random.Random(7)
    for _ in range(5):
        if state.is_over:
            break
        state.apply(computers.random_player(state, rng))
    table = game.table
    assert table is table_of(key)
    assert table.__module__ == f"models.tables.{key}"
    assert all(callable(getattr(table, name, None)) for name in ("check", "apply",
                                                                  "legal_events"))
    match = Match.new(NAMES[:players], key)
    assert isinstance(match.table, table)
    assert match.of(table) is match
    other = next(g.table for g in GAMES.values() if g.table is not table)
    with pytest.raises(TypeError):
        match.of(other)
    assert isinstance(game.bot, Playbook)
    assert computers.book(key) is game.bot
    chosen = computers.chooser(key, "simple")(state, rng)
    assert chosen in state.legal_actions()


@pytest.mark.parametrize("key", list(GAMES))
def test_an_engine_is_a_leaf(key: str) -> None:
    """An engine imports no table and no bot (not even inside a function): they import it."""
    path = ROOT / "models" / "games" / f"{key}.py"
    named = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            named += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            named += [a.name for a in node.names]
    banned = ("models.tables", "models.bots", "models.registry", "models.match",
              "models.computers")
    assert named and [n for n in named if n.startswith(banned)] == []


def test_every_event_kind_is_registered_once_by_the_registry() -> None:
    """The registry registers the shared kinds and each table's own: every Event class of
    a table module is in its ``EVENTS``, and each kind names its class."""
    own = [kind for game in GAMES.values() for kind in game.events]
    assert len({k.kind for k in [*SHARED, *own]}) == len(SHARED) + len(own)
    assert {cls.kind: cls for cls in [*SHARED, *own]} == EVENTS
    for game in GAMES.values():
        module = sys.modules[game.table.__module__]
        defined = {v for v in vars(module).values() if isinstance(v, type)
                   and issubclass(v, Event) and v.__module__ == module.__name__}
        assert defined == set(game.events), game.key


def test_a_saved_match_loads_without_importing_a_table_first() -> None:
    """In a fresh interpreter, ``Match.from_dict`` reads a saved Samba match (its own event
    kinds included) with nothing imported but models.match."""
    match = Match.new(NAMES, "samba")
    match.record(Start())
    shared = {k.kind for k in SHARED}
    own = [e for e in match.legal_events() if e.kind not in shared]
    assert own, "a Samba round offers Samba's own events"
    match.record(own[0])
    saved = json.dumps(match.to_dict())
    script = (
        "import json\n"
        "from models.match import Match\n"
        f"match = Match.from_dict(json.loads({saved!r}))\n"
        "print(json.dumps([match.to_dict(), type(match.table).__name__]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    again, table = json.loads(done.stdout)
    assert again == match.to_dict() and table == "SambaTable"


def test_a_match_is_typed_by_its_table() -> None:
    match = Match.new(NAMES[:3], "kartu_sama")
    typed = match.of(GAMES["kartu_sama"].table)
    typed.record(Start())
    assert typed.table.phase == "play"
    typed.record(Hand(0, ()))
    assert typed.undo() == Hand(0, ())
    assert Close.kind == "close"


@pytest.mark.parametrize("key", list(ENTRIES))
def test_a_games_app_entry_has_every_part(key: str) -> None:
    entry = ENTRIES[key]
    assert issubclass(entry.controller, Referee)
    assert entry.controller is not Referee
    assert entry.folder is None  # a built-in game: its texts and rules are the app's
    for language in LANGUAGES:  # its texts, the gettext domain named by its key
        assert (ROOT / "app" / "locale" / language / "LC_MESSAGES" / f"{key}.po").is_file()
    for language in LANGUAGES:  # a rules document in every language the app offers
        assert entry.rules_document(language).startswith("#"), (key, language)
    assert entry.options, key  # every game offers house options
    for language in LANGUAGES:
        t = Translator(language)
        assert t.has(f"game.{key}")
        for spec in entry.options:
            assert t.has(f"opt.{key}.{spec.key}") and t.has(f"opt.{key}.{spec.key}.help")
            assert all(t.has(f"opt.{key}.{spec.key}.{c}") for c in spec.choices)
        assert all(t.has(f"mode.{m}") for m in entry.modes)


@pytest.mark.parametrize("key", list(ENTRIES))
def test_the_summary_is_a_plain_function_of_the_match(key: str) -> None:
    game = GAMES[key]
    match = Match.new(NAMES[:max(game.min_players, 2)], key)
    summary = ENTRIES[key].summary(match)
    assert list(summary) == ["status", "round", "mode", "totals", "winners", "rounds"]
    assert summary["status"] == "playing" and summary["round"] == 1
    assert summary["winners"] == []


@pytest.mark.parametrize("key", list(ENTRIES))
def test_option_screens_are_the_options_fields(key: str) -> None:
    """What a set-up screen offers is read from the Options fields, and every value it offers
    is one the engine accepts (one source for the bounds)."""
    entry = ENTRIES[key]
    options = entry.game.options_type
    offered = [f.name for f in dataclasses.fields(options)
               if f.metadata and f.metadata["offered"]]
    assert sorted(s.key for s in entry.options) == sorted(offered)
    assert entry.modes == (option_meta(options, "mode")["choices"]
                           if "mode" in {f.name for f in dataclasses.fields(options)} else ())
    defaults = dataclasses.asdict(entry.game.options())
    for spec in entry.options:
        mode = {"mode": spec.only_mode} if spec.only_mode else {}
        switch = {spec.needs: True} if spec.needs else {}
        assert spec in visible(entry.options, {**defaults, **mode, **switch})
        if spec.kind == "int":
            assert spec.low <= defaults[spec.key] <= spec.high
            for value in range(spec.low, spec.high + 1, spec.step):
                entry.game.options({spec.key: value, **mode, **switch})
        elif spec.kind == "choice":
            assert defaults[spec.key] in spec.choices
            for choice in spec.choices:
                entry.game.options({spec.key: choice, **mode, **switch})
        else:
            assert isinstance(defaults[spec.key], bool)


def test_the_kartu_sama_screen_keeps_its_order() -> None:
    """Options of one game type first, then each switch followed by what it enables."""
    keys = [s.key for s in specs(GAMES["kartu_sama"].options_type)]
    assert keys == ["target", "rounds", "wins", "jokers", "joker_follow", "short_pack",
                    "packs", "hand_size", "may_draw", "play_after_draw", "reshuffle", "dealer"]


def test_engines_refuse_what_the_bounds_leave_out() -> None:
    for key, name, bad in (("kartu_sama", "packs", 9), ("kartu_sama", "dealer", "right"),
                           ("forty_one", "stop_threshold", 42), ("forty_one", "hands", 0),
                           ("sums", "piles", 9), ("sums", "packs", 5),
                           ("samba", "top_minimum", 155)):
        with pytest.raises(Exception, match=".") as error:
            GAMES[key].options({name: bad})
        assert error.type.__name__ == "SetupError", (key, name)
    # an open high ends what the screen offers, not what a file may ask for
    assert GAMES["sums"].options({"hand_size": 22}).hand_size == 22
    assert GAMES["kartu_sama"].options({"rounds": 60}).rounds == 60
    for key, name in (("kartu_sama", "hand_size"), ("kartu_sama", "wins"), ("samba", "hands"),
                      ("sums", "hand_size")):
        low = option_meta(GAMES[key].options_type, name)["low"]
        with pytest.raises(Exception, match=".") as error:
            GAMES[key].options({name: low - 1})
        assert error.type.__name__ == "SetupError", (key, name)


def _game_modules() -> set[str]:
    names = set(GAMES)
    return {f"{layer}.{name}" for layer in ("models.games", "models.tables", "models.bots",
                                             "app.tables") for name in names}


def test_games_are_found_by_plain_imports_at_the_registries_only() -> None:
    """No import_module or pkgutil; a game's modules are imported by its own modules (its
    engine, table, bot, controller, views) and the registries: models.registry (which names
    each engine, table and bot) and app.games. Anything else goes through
    the entries."""
    games = _game_modules()
    allowed = {"models/registry.py", "app/games.py"}
    offenders = []
    for folder in ("models", "app", "views"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            if ("import_module" in text or "pkgutil" in text) and rel != "app/catalog.py":
                offenders.append(f"{rel}: import_module/pkgutil")
            own = {n for n in GAMES if n in path.stem}  # a game's modules import each other
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.ImportFrom) and node.module:
                    named = {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
                elif isinstance(node, ast.Import):
                    named = {a.name for a in node.names}
                else:
                    continue
                for module in named & games:
                    if rel not in allowed and module.rsplit(".", 1)[1] not in own:
                        offenders.append(f"{rel}: {module}")
    assert offenders == []


def test_the_registry_is_read_first_thing_and_the_engines_do_not_name_it() -> None:
    """``from models.registry import GAMES`` (docs/architecture.md, Public API) works first
    thing in a fresh interpreter; the engines' package does not offer it (the registry
    imports the engines: offering it there would be an import circle)."""
    code = ("import models.games as g; from models.registry import GAMES; "
            "print(hasattr(g, 'GAMES'), *GAMES)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.split() == ["False", "kartu_sama", "forty_one", "sums", "samba"], done
