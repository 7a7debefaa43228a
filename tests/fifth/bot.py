"""Fifth's computer players: the rule of thumb sheds the card worth most (drawing only when
nothing follows), and the search values a seat by its lead in the round's points."""

from __future__ import annotations

from typing import Any

from models.bots.base import Plan, Playbook
from models.bots.hint import Hint
from models.cards import format_cards
from tests.fifth.engine import DRAW, POINTS, Fifth, determinize, hand_points


def score(state: Fifth, action: int) -> float:
    """Higher for a card worth more; a draw last."""
    return -1.0 if action == DRAW else float(POINTS[action])


def why(state: Fifth, action: int) -> Hint:
    if action == DRAW:
        return Hint("fifth_draw")
    return Hint("fifth_shed", {"card": format_cards([action]), "points": POINTS[action]})


def value(state: Fifth, seat: int, rounds: int) -> float:
    """The other hand's points less this seat's (the round just ended: its points)."""
    if len(state.results) > rounds:
        points = state.results[rounds].points
    else:
        points = tuple(hand_points(h) for h in state.hands)
    return float(points[1 - seat] - points[seat])


def searched(state: Any) -> bool:
    return len(state.legal_actions()) > 1


BOOK = Playbook(score, why, value, determinize, searched, worlds=8, width=3, horizon=40,
                expert=Plan(determinize, playouts=24, width=3, horizon=40, searched=searched))
