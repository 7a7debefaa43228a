"""Layering: app -> views -> models, never the other way; models stay free of UI and storage;
no import circle anywhere."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAMED = ["models", "models.cards", "models.games", "models.simulate", "models.match"]
UI_AND_STORAGE = ("flet", "tinydb", "qrcode")
MODELS_MAY_NOT_IMPORT = ("flet", "flet_charts", "tinydb", "qrcode", "PIL", "app", "views")
VIEWS_MAY_NOT_IMPORT = ("tinydb", "app.storage")


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, where: Path | None = None) -> Iterator[tuple[int, str]]:
    """Every module a file imports, with its line; relative imports are resolved as if the
    file lived at ``where`` (default: where it is)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    home = where or path
    package = module_name(home).split(".")
    if home.name != "__init__.py":
        package.pop()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            for alias in node.names:  # "from app import storage" imports app.storage
                yield node.lineno, f"{base}.{alias.name}"


def offends(name: str, banned: tuple[str, ...]) -> bool:
    return any(name == b or name.startswith(b + ".") for b in banned)


def test_importing_the_models_loads_no_ui_and_no_storage() -> None:
    present = [m for m in NAMED if importlib.util.find_spec(m) is not None]
    every = sorted({module_name(p) for p in sources("models")})
    script = (
        "import importlib, json, sys\n"
        f"for name in {present + every!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{UI_AND_STORAGE + ('app', 'views')!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize("path", sources("models"), ids=lambda p: module_name(p))
def test_models_import_no_ui_storage_or_app(path: Path) -> None:
    bad = [f"line {n}: {name}" for n, name in imports(path) if offends(name, MODELS_MAY_NOT_IMPORT)]
    assert bad == []


@pytest.mark.parametrize("path", sources("views"), ids=lambda p: module_name(p))
def test_views_never_touch_storage(path: Path) -> None:
    bad = [f"line {n}: {name}" for n, name in imports(path) if offends(name, VIEWS_MAY_NOT_IMPORT)]
    assert bad == []


def test_the_checker_sees_banned_imports(tmp_path: Path) -> None:
    """The grep-style check must catch every spelling of a banned import."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import os, flet as ft\n"
        "from tinydb import TinyDB\n"
        "from app import storage\n"
        "from . import cards\n"
        "def later() -> None:\n"
        "    import qrcode.image.svg\n",
        encoding="utf-8",
    )
    found = [name for _, name in imports(probe, where=ROOT / "models" / "games" / "probe.py")]
    assert "models.games.cards" in found
    assert [n for n in found if offends(n, MODELS_MAY_NOT_IMPORT)] == [
        "flet",
        "tinydb",
        "tinydb.TinyDB",
        "app",
        "app.storage",
        "qrcode.image.svg",
    ]
    assert [n for n in found if offends(n, VIEWS_MAY_NOT_IMPORT)] == [
        "tinydb",
        "tinydb.TinyDB",
        "app.storage",
    ]
    assert not offends("apply", ("app",)) and not offends("app_storage", VIEWS_MAY_NOT_IMPORT)


# Three words running, the last two lower case: "is not a card", "draw from the stock".
_SENTENCE = re.compile(r"[A-Za-z']+ [a-z']+ [a-z']+")


def english(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path`` that read like a sentence for people: docstrings,
    command-line help and an action printer's notation (``action_str``: ``meld 5H 5S 2C``,
    the text of replay logs) are for programmers; cards (``AS 10H``) and codes never match."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                allowed.add(id(body[0].value))
        if isinstance(node, ast.FunctionDef) and node.name == "action_str":
            allowed.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.keyword) and node.arg in ("help", "description"):
            allowed.update(id(n) for n in ast.walk(node.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in allowed and _SENTENCE.search(node.value)]


@pytest.mark.parametrize("path", sources("models"), ids=module_name)
def test_models_hold_no_english_sentences(path: Path) -> None:
    """Models emit codes and parameters; the app's catalogs hold every sentence people read."""
    found = english(path)
    assert not found, f"{module_name(path)}: {found}"


def test_the_english_check_sees_a_sentence(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text('"""A docstring may say anything."""\n\n'
                      'CODES = ["card_text", "AS 10H JK", "pile_empty"]\n'
                      'def f() -> str:\n    """So may this one."""\n'
                      '    return f"{1} is not a card"\n', encoding="utf-8")
    assert english(source) == [(6, " is not a card")]


# -- the import graph: the shell on top, no import circle anywhere -----------------------------
PACKAGES = ("models", "app", "views")


def packages_of(name: str) -> list[str]:
    """The packages importing ``name`` runs first (``models.games.sums``: ``models``,
    ``models.games``)."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def module_graph(folders: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Each module of ``folders`` and the modules of them it imports: anywhere in the file
    (TYPE_CHECKING blocks and functions too), and the packages an import runs first."""
    names = {module_name(p): p for folder in folders for p in sources(folder)}
    graph = {}
    for name, path in names.items():
        found = {m for _, m in imports(path)}
        found |= {p for m in found for p in packages_of(m)}
        graph[name] = {m for m in found if m in names and m != name
                       and m not in packages_of(name)}
    return graph


def app_graph() -> dict[str, set[str]]:
    """Each module of app/ and the modules of app/ it imports (TYPE_CHECKING ones too)."""
    return module_graph(("app",))


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (empty when there is none)."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return []


def test_only_the_entry_point_imports_the_shell() -> None:
    """Screens' controllers reach the window through app.host.Host / app.window.Window."""
    graph = app_graph()
    assert sorted(m for m, deps in graph.items() if "app.shell" in deps) == ["app.main"]


def test_the_shell_stays_a_router_and_a_window() -> None:
    """What a screen does lives in its own controller; the shell only routes and draws."""
    lines = (ROOT / "app" / "shell.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"app/shell.py has {len(lines)} lines: move a concern out"


def test_no_import_circle_anywhere() -> None:
    """models/, app/ and views/ together import no circle, counting TYPE_CHECKING imports,
    imports inside functions and the packages an import runs first."""
    assert cycle(module_graph()) == []


def test_the_circle_check_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []
    graph = module_graph()
    assert "app.tables.base" in graph["app.tables.kartu_sama"]  # the graph sees real imports
    assert "app.host" in graph["app.tables.base"]  # TYPE_CHECKING ones too
    assert "models.registry" in graph["models.match"] and "views.felt_data" in graph[
        "app.presenters.base"]  # across the layers
    assert "models.games" in graph["models.registry"]  # and the packages an import runs


def test_the_graph_sees_every_spelling_of_an_import(tmp_path: Path) -> None:
    """A circle hidden under TYPE_CHECKING, in a function or through a package's
    ``__init__`` is found."""
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "sub" / "__init__.py").write_text(
        "def late():\n    from pkg import top\n", encoding="utf-8")
    (root / "top.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import leaf\n",
        encoding="utf-8")
    (root / "sub" / "leaf.py").write_text("", encoding="utf-8")
    names = {"pkg.top": root / "top.py", "pkg.sub": root / "sub" / "__init__.py",
             "pkg.sub.leaf": root / "sub" / "leaf.py"}
    found = {name: {m for _, m in imports(path, where=ROOT / path.relative_to(tmp_path))}
             for name, path in names.items()}
    graph = {name: {m for m in deps | {p for d in deps for p in packages_of(d)}
                    if m in names and m != name} for name, deps in found.items()}
    assert cycle(graph) == ["pkg.sub", "pkg.top", "pkg.sub"]


def test_the_readmes_layout_names_modules_that_exist() -> None:
    """Every module and folder the README's layout names is in the tree, and every module
    of models/, app/ and views/ is named there (by its path or its file name)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = text[text.index("## Layout"):]
    named = re.findall(r"`([\w/]+\.py|[\w]+/)`", layout)
    files = [p.relative_to(ROOT).as_posix() for folder in ("models", "app", "views")
             for p in sources(folder)] + ["main.py"]
    folders = {"assets/", "tests/", "models/", "app/", "views/"} | {
        d.name + "/" for folder in ("models", "app", "views") for d in (ROOT / folder).rglob("*")
        if d.is_dir()}
    missing = [n for n in named if not (n in folders if n.endswith("/")
                                        else any(f == n or f.endswith("/" + n) for f in files))]
    assert missing == []
    said = {n.rsplit("/", 1)[-1] for n in named} | {"games.py"}  # `app.games.ENTRIES`
    unnamed = [f for f in files if not f.endswith("__init__.py") and f.rsplit("/", 1)[-1]
               not in said]
    assert unnamed == []
