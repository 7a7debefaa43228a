"""Names say one thing: no two modules of one layer share a name, but a game's own modules
(one per game in each of its packages) and those packages' ``base.py``; a name found in
more than one layer is the same idea there (a screen's controller and its view, a service
and its model), listed here so that a new one is a choice."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from models.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("models", "app", "views")
# the same idea in two or three layers
SAME = {"home", "history", "setup", "settings", "person", "stats", "lab", "share", "simulate",
        "people", "base", "room", *GAMES}


def modules() -> dict[str, dict[str, list[str]]]:
    """Module names, by layer, with their paths."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            if path.name != "__init__.py":
                found[path.stem][layer].append(str(path.relative_to(ROOT)))
    return found


def test_no_two_modules_of_one_layer_share_a_name() -> None:
    for name, layers in modules().items():
        for paths in layers.values():
            assert len(paths) == 1 or name in {"base", *GAMES}, paths


def test_a_name_in_two_layers_is_the_same_idea() -> None:
    shared = {name for name, layers in modules().items() if len(layers) > 1}
    assert shared <= SAME, sorted(shared - SAME)
