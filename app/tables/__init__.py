"""The games Meja referees at a real table. ``app.tables.<game>`` defines ``TABLE``: its
controller (a class built with ``(shell, match_id, match)`` whose ``view(sub)`` gives the screen
for ``/match/<id>/<sub>``), its house options for the new-match screen, and its game types."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from app.options import OptionSpec
from models.games import GAMES


@dataclass(frozen=True)
class TableApp:
    game: str
    controller: Callable[..., Any]
    options: tuple[OptionSpec, ...]
    modes: tuple[str, ...] = ()
    # Lines the new-match screen shows under the seats, e.g. the teams seating makes:
    # ``notes(players, option_values, t) -> list[str]``.
    notes: Callable[[list[str], dict[str, Any], Any], list[str]] | None = None


def _load() -> dict[str, TableApp]:
    found = {}
    for game in GAMES:  # registry order: Kartu Sama, 41, Samba, Sums
        try:
            module = import_module(f"app.tables.{game}")
        except ModuleNotFoundError as error:
            if error.name != f"app.tables.{game}":
                raise
            continue
        found[game] = module.TABLE
    return found


TABLES: dict[str, TableApp] = _load()
