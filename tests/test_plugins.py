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
import re
from collections.abc import Iterator
from pathlib import Path

from models.registry import GAMES

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
