"""Controls under one root sent as one patch of that root.

Flet sends each control named to ``page.update`` as a message of its own. A browser takes
each message as a task of its own and draws a frame between two of them when one is due, so
a tap that changes twenty controls was drawn in two or three frames, the first ones with only
some of the changes (docs/flet.md, "what a tap costs"). Here the diff of each control is made
as Flet makes it, with the control's path from the root in front of each operation, and the
operations go out together: one message, applied in one go, drawn in one frame."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

Path = list[str | int]


def path_to(root: BaseControl, control: BaseControl) -> Path | None:
    """Where ``control`` lies under ``root`` (as a patch names it: the fields and list places
    from the root down); None when it is not under the root (taken off it, or not sent yet)."""
    path: Path = []
    child = control
    while child is not root:
        parent = child.parent
        if parent is None:
            return None
        step = _step(parent, child)
        if step is None:
            return None
        path[:0] = step
        child = parent
    return path


def _step(parent: BaseControl, child: BaseControl) -> Path | None:
    """The field of ``parent`` that holds ``child`` (and its place, in a list)."""
    for name in ("content", "controls"):  # where a card table keeps its controls
        held = getattr(parent, name, None)
        if held is child:
            return [name]
        if isinstance(held, list):
            for i, item in enumerate(held):
                if item is child:
                    return [name, i]
    return None


def send(page: ft.Page, root: ft.Control, controls: Sequence[ft.Control]) -> None:
    """Send what changed on ``controls`` (diffed in this order, as ``page.update`` would) as
    one patch of ``root``. A control whose place under the root cannot be named (taken off
    it, or held by a field other than ``content`` and ``controls``) is updated on its own,
    as before; so is each control without a session (a page of the tests)."""
    session = getattr(page, "session", None)
    connection = getattr(session, "connection", None) if session is not None else None
    if session is None or connection is None:
        page.update(*controls)
        return
    parts: list[tuple[int, list[Any]]] = []
    added: list[BaseControl] = []
    removed: list[BaseControl] = []
    alone: list[ft.Control] = []
    for control in controls:
        path = path_to(root, control)
        if path is None:
            alone.append(control)
            continue
        patch, more, less = ObjectPatch.from_diff(control, control, control_cls=BaseControl,
                                                  path=path)
        parts.append((len(path), patch.patch))
        added += more
        removed += less
    # a control's own operations before those of the controls inside it: theirs name places
    # in its lists as they are now, once its own have been applied
    ops = [op for _, part in sorted(parts, key=lambda p: p[0]) for op in part]
    if ops:
        connection.send_message(Message(MessageAction.PATCH_CONTROL,
                                        PatchControlBody(root._i, ObjectPatch(ops).to_message())))
    _index(session, added, removed)
    if alone:
        page.update(*alone)
    # sent, as by page.update: Flet's own update after the handler would diff the tapped
    # card again for nothing
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]


def _index(session: Any, added: list[BaseControl], removed: list[BaseControl]) -> None:
    """What Flet's own patch does after sending: the session's index forgets the controls
    taken off and learns the new ones, and they hear of it."""
    index = session.index
    for control in removed:
        index.pop(control._i, None)
    for control in added:
        index[control._i] = control
    added_ids = {c._i for c in added}
    removed_ids = {c._i for c in removed}
    for control in removed:
        if control._i not in added_ids:
            control.will_unmount()  # type: ignore[no-untyped-call]
    for control in added:
        if control._i not in removed_ids:
            control.did_mount()  # type: ignore[no-untyped-call]
