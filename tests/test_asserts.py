"""Every test asserts: each test function holds an ``assert`` or ``pytest.raises`` (``fail``,
``warns``), itself or in a helper of the tests it calls. A test that only waits for a text
fails by timing out, not by saying what is wrong, and one that does neither checks nothing."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).parent
CHECKS = {"raises", "fail", "warns"}  # pytest.<check>
NOT_CHECKS = {"shot", "shot_path"}  # they assert a screenshot's name, not the app's behaviour

Key = tuple[str, str]  # (module, function)


class Suite:
    """The functions of tests/*.py and what each module imports from the others."""

    def __init__(self, root: Path) -> None:
        self.functions: dict[Key, ast.AST] = {}
        self.names: dict[str, dict[str, Key]] = {}  # module -> local name -> where defined
        self.modules: dict[str, dict[str, str]] = {}  # module -> local name -> tests module
        for path in sorted(root.glob("*.py")):
            module, tree = path.stem, ast.parse(path.read_text(encoding="utf-8"))
            self.names[module], self.modules[module] = {}, {}
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    self.functions.setdefault((module, node.name), node)
                elif isinstance(node, ast.ImportFrom) and node.module == "tests":
                    for a in node.names:
                        self.modules[module][a.asname or a.name] = a.name
                elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
                    for a in node.names:
                        self.names[module][a.asname or a.name] = (node.module[6:], a.name)
        self.known: dict[Key, bool] = {}

    def tests(self) -> Iterator[Key]:
        for module, name in self.functions:
            if module.startswith("test_") and name.startswith("test_"):
                yield module, name

    def calls(self, module: str, node: ast.AST) -> Iterator[Key | str]:
        """The helpers of the tests ``node`` calls, and "check" for a pytest check."""
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            f = call.func
            if isinstance(f, ast.Name):
                yield self.names[module].get(f.id, (module, f.id))
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                if f.value.id == "pytest" and f.attr in CHECKS:
                    yield "check"
                elif f.value.id in self.modules[module]:
                    yield self.modules[module][f.value.id], f.attr

    def asserts(self, key: Key, seen: frozenset[Key] = frozenset()) -> bool:
        if key in self.known:
            return self.known[key]
        node = self.functions.get(key)
        if node is None or key[1] in NOT_CHECKS or key in seen:
            return False
        found = any(isinstance(n, ast.Assert) for n in ast.walk(node)) or any(
            c == "check" or (isinstance(c, tuple) and self.asserts(c, seen | {key}))
            for c in self.calls(key[0], node))
        self.known[key] = found
        return found


def test_every_test_asserts() -> None:
    suite = Suite(TESTS)
    silent = [f"{m}.py::{n}" for m, n in suite.tests() if not suite.asserts((m, n))]
    assert len(list(suite.tests())) > 1000  # the whole suite was read
    assert not silent, f"tests that assert nothing: {silent}"


def test_a_test_that_only_waits_is_found(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(
        "def check(x):\n    assert x\n\ndef wait(page):\n    page.wait_for('x')\n")
    (tmp_path / "test_x.py").write_text(
        "import pytest\nfrom tests.helpers import check, wait\n\n"
        "def test_waits(page):\n    wait(page)\n\n"
        "def test_checks_in_a_helper():\n    check(1)\n\n"
        "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n\n"
        "def test_asserts():\n    assert 1\n\n"
        "def test_only_shoots(page):\n    shot(page, 'x')\n\n"
        "def shot(page, name):\n    assert name\n")
    suite = Suite(tmp_path)
    assert sorted(n for m, n in suite.tests() if not suite.asserts((m, n))) == [
        "test_only_shoots", "test_waits"]
