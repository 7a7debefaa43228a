"""The four game engines, one module each (rules, state, scoring, tie-breakers): leaves that
import no table and no bot. Each says what it is in its ``RULES``; :mod:`models.registry`
joins every engine to its table and bot in ``GAMES``, which is also read from here (the
public ``from models.games import GAMES``) once an engine is imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.registry import GAMES


def __getattr__(name: str) -> object:
    # The registry imports the engines: it is found when asked for, not when this loads.
    if name == "GAMES":
        from models.registry import GAMES

        return GAMES
    raise AttributeError(name)


__all__ = ["GAMES"]
