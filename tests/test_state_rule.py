"""One rule for a screen's state: a handler never reads a control's ``.value`` from its
closure. A screen redrawn in place keeps the controls already shown and takes the new
handlers, so a control a handler closed over may not be the one on screen (a name typed and
added with "+" was read from a field nobody saw, and lost). Typed text reaches state through
``on_change`` (``e.control.value``: the handler's own argument), and buttons act on state."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def files() -> list[Path]:
    return sorted([*(ROOT / "views").glob("*.py"), *(ROOT / "app").rglob("*.py")])


def root(node: ast.expr) -> ast.expr:
    """``a`` of ``a.b.c``, ``a[0].b``, ``a().b``."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def own(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """Names the handler binds itself: its parameters (not one defaulting to a name from
    around it: ``lambda _e, f=field: f.value`` still reads ``field``) and, for a def, what
    its body assigns."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    defaults += list(args.defaults)
    pairs = [*zip(positional, defaults, strict=True), *zip(args.kwonlyargs, args.kw_defaults,
                                                           strict=True)]
    names = {a.arg for a, d in pairs if d is None or not isinstance(root(d), ast.Name)}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    if not isinstance(fn, ast.Lambda):
        for node in body(fn):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def body(fn: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``fn`` itself, not those of functions nested in it."""
    for child in ast.iter_child_nodes(fn):
        if isinstance(child, FUNCTIONS):
            yield from (d for d in child.args.defaults + child.args.kw_defaults if d)
            continue
        yield child
        yield from body(child)


def module_names(tree: ast.Module) -> set[str]:
    names = set(dir(builtins))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        else:
            names |= {n.id for n in ast.walk(node)
                      if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names


def passed(tree: ast.Module) -> set[str]:
    """Names used as values, not only called: a nested def so named is handed to a control
    or a view (a handler), where a helper called while building is not."""
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return {n.id for n in ast.walk(tree)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in called}


def closure_reads(source: str, where: str) -> Iterator[str]:
    """``where:line name.value`` for each read of ``.value``, in a handler (a lambda, or a
    nested def handed on), of a name it did not bind itself and the module does not define:
    its closure."""
    tree = ast.parse(source, filename=where)
    known, handed = module_names(tree), passed(tree)

    def handler(fn: ast.AST) -> bool:
        return isinstance(fn, ast.Lambda) or getattr(fn, "name", "") in handed

    def visit(node: ast.AST, depth: int) -> Iterator[str]:
        for child in ast.iter_child_nodes(node):
            nested = isinstance(child, FUNCTIONS)
            if nested and depth > 0 and handler(child):
                mine = own(child)  # type: ignore[arg-type]
                for inner in body(child):
                    if isinstance(inner, ast.Attribute) and inner.attr == "value":
                        base = root(inner.value)
                        if isinstance(base, ast.Name) and base.id not in mine | known:
                            yield f"{where}:{inner.lineno} {ast.unparse(inner)}"
            yield from visit(child, depth + (1 if nested else 0))

    yield from visit(tree, 0)


def test_no_handler_reads_a_control_value_from_its_closure() -> None:
    found = [hit for path in files() for hit in closure_reads(
        path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == [], "read typed text from state (on_change: e.control.value):\n" + \
        "\n".join(found)


def test_the_rule_sees_the_lost_name() -> None:
    """The shape that lost names, and the shapes that are fine."""
    bad = ("def v(on_add):\n    field = ft.TextField()\n"
           "    return ft.IconButton(on_click=lambda _e: on_add(field.value))\n")
    bad_default = ("def v(on_add):\n    field = ft.TextField()\n"
                   "    return ft.IconButton(on_click=lambda _e, f=field: on_add(f.value))\n")
    bad_def = ("def v(on_add):\n    field = ft.TextField()\n"
               "    def add(_e):\n        on_add(field.value or '')\n    return add\n")
    good = ("def v(on_add, row):\n    n = int(row.value)\n"
            "    return ft.TextField(on_change=lambda e: on_add(e.control.value, n))\n")
    helper = ("def v(on_add, c):\n    def step(d):\n        return c.value + d\n"
              "    return ft.IconButton(on_click=lambda _e: on_add(step(1)))\n")
    for text, hits in ((bad, 1), (bad_default, 1), (bad_def, 1), (good, 0), (helper, 0)):
        assert len(list(closure_reads(text, "probe.py"))) == hits, text
