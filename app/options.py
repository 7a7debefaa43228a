"""How a game's house options are offered on the new-match screen (kinds, bounds, texts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OptionSpec:
    """One house option: its key in the game's Options, the kind of control, and its bounds.
    The label is ``opt.<game>.<key>`` and the one-line explanation ``opt.<game>.<key>.help``."""

    key: str
    kind: str  # "bool", "int" or "choice"
    low: int = 0
    high: int = 0
    step: int = 1
    choices: tuple[str, ...] = ()
    only_mode: str = ""  # shown only for this game type ("points" or "victory")
    needs: str = ""  # shown only when this bool option is on


def visible(specs: tuple[OptionSpec, ...], values: dict[str, object]) -> list[OptionSpec]:
    """The options that apply with the current values (game type, enabling switches)."""
    mode = values.get("mode", "")
    return [
        s for s in specs
        if (not s.only_mode or s.only_mode == mode) and (not s.needs or values.get(s.needs))
    ]
