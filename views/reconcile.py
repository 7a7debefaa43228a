"""Redraw a screen without replacing its controls.

Every tap rebuilds the screen from the builders (views stay pure). Handing Flet the new tree
as is would give every control a new identity: a tap that lands on the old screen in the
moment before the new one arrives would then name a control that no longer exists, and be
lost. So the new description is copied onto the controls already on screen, wherever the
type and the key match; Flet then sends only what changed."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeGuard

import flet as ft


def _controls(value: Any) -> TypeGuard[list[Any]]:
    return isinstance(value, list) and any(isinstance(v, ft.BaseControl) for v in value)


def reconcile(old: Any, new: Any) -> Any:
    """``old`` updated to look like ``new`` (same type and key), else ``new`` itself."""
    if (
        old is new
        or type(old) is not type(new)
        or getattr(old, "key", None) != getattr(new, "key", None)
        or hasattr(old, "_frozen")  # Flet's immutable descriptions are only ever replaced
    ):
        return new
    for field in dataclasses.fields(new):
        name = field.name
        if name.startswith("_") or name in ("parent", "page"):
            continue
        before, after = getattr(old, name, None), getattr(new, name, None)
        if isinstance(after, ft.BaseControl) and isinstance(before, ft.BaseControl):
            merged = reconcile(before, after)
            if merged is not before:
                setattr(old, name, merged)
        elif _controls(after) and isinstance(before, list):
            merged_list = [
                reconcile(before[i], item) if i < len(before) else item
                for i, item in enumerate(after)
            ]
            if len(merged_list) != len(before) or any(
                m is not b for m, b in zip(merged_list, before, strict=False)
            ):
                setattr(old, name, merged_list)
        elif callable(after) or before != after:
            setattr(old, name, after)
    return old
