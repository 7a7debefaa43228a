"""Kartu Sama bots: shed the heaviest card that keeps the hand able to follow; play a joker
only when the hand can pay it."""

from __future__ import annotations

from models.bots.base import Playbook
from models.bots.hint import Hint
from models.cards import JOKER_CODE, format_cards
from models.games.kartu_sama import (
    DRAW,
    FOLLOWS,
    FREE,
    PASS,
    POINTS,
    KartuSama,
    determinize,
    hand_points,
)

_BUDGET = 300  # search nodes when checking that a joker can be paid


def _chain(hand: list[int], base: int, need: int, budget: list[int]) -> bool:
    """Whether cards of ``hand`` can be played one on another from ``base`` until ``need`` are
    played or the hand is empty (a joker counts as matching anything)."""
    if need <= 0 or not hand:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return False
    follows = FOLLOWS[base]
    seen: set[int] = set()
    for i, c in enumerate(hand):
        if c in follows and c not in seen:
            seen.add(c)
            rest = hand[:i] + hand[i + 1 :]
            if _chain(rest, FREE if c == JOKER_CODE else c, need - 1, budget):
                return True
    return False


def _after_joker(state: KartuSama) -> tuple[int, int]:
    """The card to match and the debt after the player to act plays a joker now."""
    base = FREE if state.options.joker_follow == "any" else state.base
    debt = state.debt + state.players - 1 if state.debt else state.players
    return base, debt


def _rest(state: KartuSama, card: int) -> list[int]:
    hand = state.hands[state.current][:]
    hand.remove(card)
    return hand


def score(state: KartuSama, action: int) -> float:
    """Going out first, then a joker the hand can pay, then the heaviest card that leaves the
    most cards able to follow it; drawing last."""
    if action == DRAW:
        return -100.0
    if action == PASS:
        return -1.0
    rest = _rest(state, action)
    if not rest:
        return 1000.0
    if action == JOKER_CODE:
        base, debt = _after_joker(state)
        return 200.0 if _chain(rest, base, debt, [_BUDGET]) else -50.0
    follows = FOLLOWS[action]
    follow = sum(1 for c in rest if c in follows)
    value = POINTS[action] + 0.5 * follow
    if state.debt > 1 and _chain(rest, action, state.debt - 1, [_BUDGET]):
        value += 100.0
    return value


def why(state: KartuSama, action: int) -> Hint:
    """The rule of thumb's reason for ``action``."""
    if action == DRAW:
        count, kind = state.draw_count()
        if kind == "joker":
            return Hint("ks_draw_debt", {"count": count})
        if state.can_play():
            return Hint("ks_draw_choice", {"count": count})
        return Hint("ks_draw", {"count": count, "card": format_cards([state.base])})
    if action == PASS:
        return Hint("ks_keep")
    card = format_cards([action])
    rest = _rest(state, action)
    if not rest:
        return Hint("ks_out", {"card": card})
    if action == JOKER_CODE:
        base, debt = _after_joker(state)
        if _chain(rest, base, debt, [_BUDGET]):
            return Hint("ks_joker", {"count": debt})
        return Hint("ks_joker_forced")
    if state.debt:
        return Hint("ks_pay", {"card": card, "left": state.debt - 1})
    follow = sum(1 for c in rest if c in FOLLOWS[action])
    return Hint("ks_shed", {"card": card, "points": POINTS[action], "follow": follow})


def value(state: KartuSama, seat: int, rounds: int) -> float:
    """The seat's share of the round win plus its points against the others' average (a
    rollout stopped early counts each hand's points and two points a card)."""
    n = state.players
    if len(state.results) > rounds:
        result = state.results[rounds]
        points = list(result.points)
        win = 1.0 / len(result.winners) if seat in result.winners else 0.0
    else:
        points = [hand_points(h) + 2 * len(h) for h in state.hands]
        low = min(points)
        win = 1.0 / points.count(low) if points[seat] == low else 0.0
    others = (sum(points) - points[seat]) / (n - 1)
    return win + (others - points[seat]) / 30.0


def searched(state: KartuSama) -> bool:
    """Every choice of a card is searched."""
    return True


BOOK = Playbook(score, why, value, determinize, searched, worlds=60, width=6, horizon=400,
                epsilon=0.0, margin=0.5)
