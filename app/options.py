"""How a game's house options are offered on the set-up screens: derived from the fields of
the game's ``Options`` (their :func:`models.games.base.option` metadata), never restated; and
their words, from the game's texts (a game without them shows its options' own names)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from app.i18n import Translator


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
    zero: str = ""  # what 0 means: "auto" (the rules choose) or "off"; "": a plain number


def specs(options_type: type[DataclassInstance]) -> tuple[OptionSpec, ...]:
    """The options a set-up screen offers for ``options_type``: those of one game type
    first, each switch followed by the options it enables, otherwise in field order."""
    found = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        if not meta or not meta["offered"]:
            continue
        kind = ("choice" if meta["choices"] else "bool" if isinstance(f.default, bool)
                else "int")
        found.append(OptionSpec(f.name, kind, meta["low"] or 0, meta["high"] or 0, meta["step"],
                                meta["choices"], meta["mode"], meta["needs"], meta["zero"]))
    found.sort(key=lambda s: not s.only_mode)
    ordered = [s for s in found if not s.needs]
    for spec in (s for s in found if s.needs):
        ordered.insert(next(i for i, s in enumerate(ordered) if s.key == spec.needs) + 1, spec)
    return tuple(ordered)


def modes(options_type: type[DataclassInstance]) -> tuple[str, ...]:
    """The game types of ``options_type`` (the choices of its ``mode`` field; () if none)."""
    for f in dataclasses.fields(options_type):
        if f.name == "mode" and f.metadata:
            return tuple(f.metadata["choices"])
    return ()


def label(t: Translator, game: str, key: str) -> str:
    """Option ``key`` of ``game`` in words (``opt.<game>.<key>``; else the key)."""
    said = f"opt.{game}.{key}"
    return t(said) if t.has(said) else key


def explained(t: Translator, game: str, key: str) -> str:
    """Its one-line explanation (``opt.<game>.<key>.help``; else none)."""
    said = f"opt.{game}.{key}.help"
    return t(said) if t.has(said) else ""


def choice(t: Translator, game: str, key: str, value: object) -> str:
    """The value ``value`` of a choice option in words (``opt.<game>.<key>.<value>``; else
    the value)."""
    said = f"opt.{game}.{key}.{value}"
    return t(said) if t.has(said) else str(value)


def visible(specs: tuple[OptionSpec, ...], values: dict[str, object]) -> list[OptionSpec]:
    """The options that apply with the current values (game type, enabling switches)."""
    mode = values.get("mode", "")
    return [
        s for s in specs
        if (not s.only_mode or s.only_mode == mode) and (not s.needs or values.get(s.needs))
    ]
