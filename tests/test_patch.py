"""The table's changes sent as one patch (views/patch.py): one message, and a client that
applies it as Flet's does ends with the table the server has, new cards and changed lists
included; a page without a session updates each control as before."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch, Operation
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack

from tests.test_felt import draw
from tests.test_felt_layout import chairs, kartu_sama, samba
from views import patch
from views.felt import Felt
from views.felt_data import Face, Pile

ENCODE = configure_encode_object_for_msgpack(BaseControl)


def wire(value: Any) -> Any:
    """What the client receives: the value encoded as Flet encodes it, then decoded."""
    return msgpack.unpackb(msgpack.packb(value, default=ENCODE), strict_map_key=False)


def plain(value: Any) -> Any:
    """A decoded tree without its unset fields (a field set back to its default is sent as
    None; a field never set is not sent), a border side's width of 1 (its default) said or
    not."""
    if isinstance(value, dict):
        side = "color" in value and "_c" not in value
        return {k: plain(v) for k, v in value.items()
                if v is not None and not (side and k == "width" and v == 1.0)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def apply(tree: Any, message: list[Any]) -> None:
    """Apply a patch as the client does: its first item names the paths, each operation then
    acts on one of them."""
    table, *ops = message
    paths: dict[int, list[Any]] = {}

    def walk(entry: list[Any], path: list[Any]) -> None:
        paths[entry[0]] = path
        for key, sub in (entry[1] if len(entry) > 1 else {}).items():
            walk(sub, [*path, key])

    walk(table, [])

    def at(node: int) -> Any:
        obj = tree
        for key in paths[node]:
            obj = obj[key]
        return obj

    for op in ops:
        kind = Operation(op[0])
        if kind == Operation.Replace:
            at(op[1])[op[2]] = op[3]
        elif kind == Operation.Add:
            target = at(op[1])
            if isinstance(target, list):
                target.insert(op[2], op[3])
            else:
                target[op[2]] = op[3]
        elif kind == Operation.Remove:
            target = at(op[1])
            if isinstance(target, list):
                target.pop(op[2])
            else:
                del target[op[2]]
        else:  # a move: from one place to another
            item = at(op[1]).pop(op[2])
            at(op[3]).insert(op[4], item)


class Connection:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send_message(self, message: Any) -> None:
        self.sent.append(message)


def shown(felt: Felt) -> tuple[ft.Column, Any, SimpleNamespace]:
    """The table on a page that has sent it, as the client has it, and the page's session."""
    root = ft.Column()
    msgpack.packb(root, default=ENCODE)
    root.controls.append(felt.table)
    ObjectPatch.from_diff(root, root, control_cls=BaseControl)
    client = wire(root)
    felt.flush()
    session = SimpleNamespace(connection=Connection(), index={})
    return root, client, session


def test_a_card_played_is_one_message_that_leaves_the_client_as_the_server() -> None:
    first = kartu_sama()
    felt, _, _ = draw(first)
    root, client, session = shown(felt)
    played = first.hand[0]
    new = Face("8D.h9", "8D", tap="c:8D.h9", lit=True, new=True)  # a card new to the table
    pile = Pile("discard", "Discard pile", (Face("7H.p", "7H"), Face("8H.p", "8H"),
                                            Face(played.id, played.code)), 6)
    after = replace(first, chairs=chairs(4, active=1), piles=(first.piles[0], pile),
                    hand=(*(replace(f, lit=False) for f in first.hand[1:]), new))
    felt, _, _ = draw(after, felt, stamp="0.2")
    ft.context.reset_update_called()
    changed = felt.flush()
    assert len(changed) > 3 and felt.stack in changed  # cards, seats and the stack's list
    alone: list[Any] = []
    page = SimpleNamespace(session=session, update=lambda *c: alone.extend(c))
    patch.send(page, root, [*changed, root])  # type: ignore[arg-type]
    assert alone == []  # every control is in the one patch
    assert len(session.connection.sent) == 1
    message = session.connection.sent[0]
    assert message.action == MessageAction.PATCH_CONTROL and message.body.id == root._i
    apply(client, wire(message.body.patch))
    assert plain(client) == plain(wire(root))
    assert felt.cards[new.id]._i in session.index  # the new card is known to the session
    assert ft.context.was_update_called()  # Flet's update after the handler adds nothing


def test_a_samba_selection_and_the_seats_turn_reach_the_client() -> None:
    scene = samba((5, 6), 14)
    felt, _, _ = draw(scene)
    root, client, session = shown(felt)
    picked = scene.hand[7]
    after = replace(scene, chairs=chairs(4, active=2),
                    hand=tuple(replace(f, chosen=f is picked) for f in scene.hand))
    felt, _, _ = draw(after, felt)
    patch.send(SimpleNamespace(session=session), root, felt.flush())  # type: ignore[arg-type]
    assert len(session.connection.sent) == 1
    apply(client, wire(session.connection.sent[0].body.patch))
    assert plain(client) == plain(wire(root))


def test_a_control_without_a_named_place_is_updated_on_its_own() -> None:
    """A control held by a field the path does not name (a tile's title), or off the root,
    is not lost: it is updated on its own, as before; the others go in the one patch."""
    title = ft.Text("a")
    tile = ft.ListTile(title=title)
    root = ft.Column([tile])
    msgpack.packb(root, default=ENCODE)
    ObjectPatch.from_diff(None, root, control_cls=BaseControl)
    assert title.parent is tile and patch.path_to(root, title) is None
    loose = ft.Container(width=3)
    assert patch.path_to(root, loose) is None
    title.value, tile.dense = "b", True
    session = SimpleNamespace(connection=Connection(), index={})
    alone: list[Any] = []
    page = SimpleNamespace(session=session, update=lambda *c: alone.extend(c))
    patch.send(page, root, [title, loose, tile])  # type: ignore[arg-type]
    assert alone == [title, loose]
    assert len(session.connection.sent) == 1 and "dense" in str(session.connection.sent[0])


def test_a_page_without_session_updates_each_control() -> None:
    felt, _, _ = draw(kartu_sama())
    root, _client, _session = shown(felt)
    card = next(iter(felt.cards.values()))
    path = patch.path_to(root, card)
    assert path is not None and path[:2] == ["controls", 0] and path[-2] == "controls"
    updated: list[Any] = []
    patch.send(SimpleNamespace(update=lambda *c: updated.extend(c)), root,  # type: ignore[arg-type]
               [card, felt.stack])
    assert updated == [card, felt.stack]
