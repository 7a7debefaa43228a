"""The one-line "why" of a computer move: a ``code`` and its parameters (the app translates
the code), like ``models.events.Reason``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from models.errors import call


@dataclass(frozen=True)
class Hint:
    """Why a move is good: ``code`` (the app's ``hint.<code>``) and its ``params`` (cards in the
    notation, numbers, a ``suit`` letter: facts the app says in the player's language)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """``{"code": ..., "params": {...}}`` with JSON-able values."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        return call(self.code, self.params)
