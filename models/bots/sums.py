"""Sums bots: draw the pile top worth most (what it scores and what it could take), play the
card that takes the most points (else the one that scores most), remove the best target,
always counter."""

from __future__ import annotations

import random

from models.bots.base import Plan, Playbook
from models.bots.hint import Hint
from models.cards import format_cards
from models.games.sums import (
    CHOOSING,
    COUNTERING,
    DRAW,
    LET,
    POINTS,
    RED,
    STOP,
    TAKE,
    TARGET,
    VALUE,
    Capture,
    Sums,
    _reach,
    capture,
    determinize,
)


def _best_target(state: Sums, seat: int, card: int) -> tuple[int, int]:
    """The most points ``seat`` takes by playing ``card`` now, and that target (-1: none)."""
    colour = RED[card]
    reach = _reach(VALUE[card], state.masks[seat][colour])
    top, target = 0, -1
    for other in range(state.players):
        if other == seat or not state.masks[other][colour] & reach:
            continue
        for c in state.in_play[other]:
            if RED[c] == colour and reach >> VALUE[c] & 1 and POINTS[c] > top:
                top, target = POINTS[c], c
    return top, target


def score(state: Sums, action: int) -> float:
    """The rule of thumb's liking for ``action`` (see the module)."""
    seat, phase = state.current, state.phase
    if phase == CHOOSING:
        return float(POINTS[(action - TARGET) % 52])
    if phase == COUNTERING:
        return 0.0 if action == LET else 5.0 + POINTS[action]
    if action < TAKE:
        gain, _ = _best_target(state, seat, action)
        return 3.0 * gain + POINTS[action]
    if action < DRAW:
        return -10.0
    if action == STOP:
        return -1.0
    if action < LET:
        top = state.piles[action - DRAW][-1]
        gain, _ = _best_target(state, seat, top)
        return 2.0 * gain + POINTS[top] - 4.0  # below any play (draw or play variant)
    return 0.0


def why(state: Sums, action: int) -> Hint:
    """The rule of thumb's reason for ``action``."""
    seat, phase = state.current, state.phase
    if phase == CHOOSING:
        return Hint("su_target", {"target": format_cards([(action - TARGET) % 52])})
    if phase == COUNTERING:
        if action == LET:
            return Hint("su_let")
        attacker_card = state.chain[-1][1]
        return Hint(
            "su_counter",
            {"card": format_cards([action]), "target": format_cards([attacker_card])},
        )
    if action < TAKE:
        gain, target = _best_target(state, seat, action)
        card = format_cards([action])
        if target >= 0:
            return _take(card, capture(action, state.in_play[seat], target))
        return Hint("su_place", {"card": card, "points": POINTS[action]})
    if action < DRAW:
        return Hint("su_take_back", {"card": format_cards([action - TAKE])})
    if action == STOP:
        return Hint("su_stop")
    pile = action - DRAW
    top = state.piles[pile][-1]
    gain, target = _best_target(state, seat, top)
    params = {"card": format_cards([top]), "pile": pile + 1}
    if target >= 0:
        return Hint("su_draw_take", {**params, "target": format_cards([target])})
    return Hint("su_draw", params)


def _take(card: str, reason: Capture | None) -> Hint:
    """Play ``card`` to take a card, and the rule that lets it (facts, no words)."""
    assert reason is not None  # _best_target found the target within reach
    params: dict[str, object] = {"card": card, "target": str(reason.target)}
    helper = reason.helper
    if helper is None:  # a queen takes an ace, a 2 takes a king
        return Hint(f"su_take_{reason.op}", params)
    params.update(helper=str(helper), total=VALUE[reason.target])
    if reason.op == "+":
        return Hint("su_take_sum", params)
    back = VALUE[helper] > VALUE[reason.played]
    return Hint("su_take_diff_back" if back else "su_take_diff", params)


def value(state: Sums, seat: int, rounds: int) -> float:
    """The seat's score against the best other score, plus one for a win (a rollout stopped
    early counts the scores as they stand)."""
    scores = state.scores
    rival = max(p for s, p in enumerate(scores) if s != seat)
    win = 0.0
    if state.results:
        winners = state.results[0].winners
        win = 1.0 / len(winners) if seat in winners else 0.0
    return win + (scores[seat] - rival) / 10.0


def sample(state: Sums, seat: int, rng: random.Random) -> Sums:
    """A copy of ``state`` consistent with what ``seat`` has seen, for the Expert: the cards
    each other seat was seen to take stay in its hand, the rest is dealt again."""
    return determinize(state, seat, rng, seen=True)


def searched(state: Sums) -> bool:
    """Every decision is searched."""
    return True


BOOK = Playbook(score, why, value, determinize, searched, worlds=16, width=5, horizon=300,
                expert=Plan(sample, playouts=800, width=8, horizon=300, searched=searched))
