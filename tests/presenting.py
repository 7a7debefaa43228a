"""What the presenter tests of the one-card-a-move games check alike: every legal move is a
lit tap and every lit tap a legal move, nothing is lit for a seat not to act or the public
table, and a person without help still makes every move by a tap."""

from __future__ import annotations

from typing import Any

from app.i18n import Translator
from app.presenters.base import Presenter, Seating, View
from views.felt_data import Scene


def seating(players: int, t: Translator, kinds: tuple[str, ...] = ()) -> Seating:
    return Seating(names=tuple(f"P{s}" for s in range(players)),
                   colours=tuple("#123456" for _ in range(players)),
                   kinds=kinds or ("person",) * players, t=t)


def taps(scene: Scene) -> list[tuple[str, bool]]:
    """Every tappable thing of a scene: its tap and whether it is lit."""
    out = [(f.tap, f.lit) for f in scene.hand if f.tap]
    out += [(p.tap, p.lit) for p in scene.piles if p.tap]
    out += [(b.tap, True) for b in scene.buttons]
    return out


def every_move_a_tap(table: Presenter, state: Any, seats: Seating) -> Scene:
    """The seat to act: its legal moves are exactly the answers of its lit taps; an unlit
    tap makes no move and says why."""
    seat = state.current_player
    scene = table.scene(state, seat, seats, View())
    legal = set(state.legal_actions())
    reached = set()
    for tap, lit in taps(scene):
        answer = table.answer(state, seat, tap, View())
        if lit:
            assert answer.action in legal, tap
            reached.add(answer.action)
        else:
            assert answer.action is None and answer.why, tap
    assert reached == legal
    for face in scene.hand:
        assert face.lit or face.why, face
    for pile in scene.piles:
        assert not pile.tap or pile.lit or pile.why
    return scene


def nothing_lit_for_others(table: Presenter, state: Any, seats: Seating) -> list[Scene]:
    """The seats not to act and the public table: nothing lit, no button, no move."""
    scenes = []
    for seat in [-1, *(s for s in range(state.players) if s != state.current_player)]:
        scene = table.scene(state, seat, seats, View())
        assert not scene.buttons
        for tap, lit in taps(scene):
            assert not lit
            assert table.answer(state, seat, tap, View()).action is None
        assert all(f.why for f in scene.hand)
        if seat < 0:
            assert scene.hand == ()
        scenes.append(scene)
    return scenes


def every_move_without_help(table: Presenter, state: Any, seats: Seating) -> None:
    """A person who plays without help sees nothing lit, and still makes every move."""
    seat = state.current_player
    view = View(help=False)
    scene = table.scene(state, seat, seats, view)
    assert not any(f.lit for f in scene.hand) and not any(p.lit for p in scene.piles)
    reached = {table.answer(state, seat, tap, view).action for tap, _ in taps(scene)}
    assert set(state.legal_actions()) <= reached
