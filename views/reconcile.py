"""Redraw a screen without replacing its controls.

Every tap rebuilds the screen from the builders (views stay pure). Handing Flet the new tree
as is would give every control a new identity: a tap that lands on the old screen in the
moment before the new one arrives would then name a control that no longer exists, and be
lost. So the new description is copied onto the controls already on screen, wherever the
type and the key match; Flet then sends only what changed."""

from __future__ import annotations

import dataclasses
from typing import TypeGuard, TypeVar

import flet as ft

C = TypeVar("C", bound=ft.BaseControl)


def _controls(value: object) -> TypeGuard[list[object]]:
    return isinstance(value, list) and any(isinstance(v, ft.BaseControl) for v in value)


_PLAIN: dict[type, tuple[str, ...]] = {}


def _plain(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` that Flet does not keep sparsely (lists of children, ``data``)."""
    found = _PLAIN.get(cls)
    if found is None:
        sparse = set(getattr(cls, "_prop_defaults", ()))
        found = _PLAIN[cls] = tuple(f.name for f in dataclasses.fields(cls)
                                    if f.name not in sparse and not f.name.startswith("_")
                                    and f.name not in ("parent", "page"))
    return found


def _names(old: object, new: ft.BaseControl) -> list[str]:
    """The fields to copy from ``new`` onto ``old``: those either sets away from its default
    (Flet keeps only those, in ``_values``), and the others; every field for other types."""
    before, after = getattr(old, "_values", None), getattr(new, "_values", None)
    if not isinstance(before, dict) or not isinstance(after, dict):
        return [f.name for f in dataclasses.fields(new)
                if not f.name.startswith("_") and f.name not in ("parent", "page")]
    return [*_plain(type(new)), *{**before, **after}]


def reconcile(old: object, new: C) -> C:
    """``old`` updated to look like ``new`` (same type and key), else ``new`` itself."""
    if (
        old is new
        or type(old) is not type(new)
        or not isinstance(old, type(new))  # (the line above, said to the type checker)
        or getattr(old, "key", None) != getattr(new, "key", None)
        or hasattr(old, "_frozen")  # Flet's immutable descriptions are only ever replaced
    ):
        return new
    for name in _names(old, new):
        before, after = getattr(old, name, None), getattr(new, name, None)
        if isinstance(after, ft.BaseControl) and isinstance(before, ft.BaseControl):
            merged = reconcile(before, after)
            if merged is not before:
                setattr(old, name, merged)
        elif _controls(after) and isinstance(before, list):
            merged_list = [
                reconcile(before[i], item)
                if i < len(before) and isinstance(item, ft.BaseControl) else item
                for i, item in enumerate(after)
            ]
            if len(merged_list) != len(before) or any(
                m is not b for m, b in zip(merged_list, before, strict=False)
            ):
                setattr(old, name, merged_list)
        elif callable(after) or before != after:
            setattr(old, name, after)
    return old
