"""41 bots: stop on any flush, take the discard only when it improves the hand, discard the
card whose loss hurts the hand least."""

from __future__ import annotations

from models.bots.base import Playbook
from models.bots.hint import Hint
from models.cards import format_cards
from models.games.forty_one import (
    DRAW,
    END,
    STOP,
    TAKE,
    FortyOne,
    counted_suit,
    determinize,
    hand_key,
    hand_score,
)

_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _keyed(cards: list[int]) -> float:
    """A hand's ranking as one number: its score, then its worst card."""
    s, signed = hand_key(cards)
    return s + (signed[0] + 11) / 100.0 if signed else float(s)


def _after_take(state: FortyOne) -> tuple[float, int]:
    """The best hand after taking the top discard and discarding another card, and its score."""
    top = state.pile[-1]
    hand = state.hands[state.current] + [top]
    options = []
    for c in hand:
        if c == top and not state.options.redraw:
            continue
        rest = hand[:]
        rest.remove(c)
        options.append((_keyed(rest), hand_score(rest)))
    return max(options)


def score(state: FortyOne, action: int) -> float:
    """Stop first; take the discard if it raises the hand; otherwise draw (or end play); the
    discard that leaves the best hand."""
    hand = state.hands[state.current]
    if action == STOP:
        return 1000.0
    if action == TAKE:
        return _after_take(state)[0] - _keyed(hand)
    if action == DRAW:
        return 0.0
    if action == END:
        return 0.001
    rest = hand[:]
    rest.remove(action)
    return _keyed(rest)


def why(state: FortyOne, action: int) -> Hint:
    """The rule of thumb's reason for ``action``."""
    hand = state.hands[state.current]
    if action == STOP:
        suit = _SUIT_WORDS[counted_suit(hand)]
        return Hint("fo_stop", {"suit": suit, "score": hand_score(hand)})
    if action == TAKE:
        after = _after_take(state)[1]
        card = format_cards(state.pile[-1:])
        return Hint("fo_take", {"card": card, "before": hand_score(hand), "after": after})
    if action in (DRAW, END):
        if not state.pile:
            return Hint("fo_draw_first")
        card = format_cards(state.pile[-1:])
        code = "fo_draw" if action == DRAW else "fo_end"
        return Hint(code, {"card": card, "score": hand_score(hand)})
    rest = hand[:]
    rest.remove(action)
    suit = _SUIT_WORDS[counted_suit(rest)]
    return Hint(
        "fo_discard", {"card": format_cards([action]), "score": hand_score(rest), "suit": suit}
    )


def value(state: FortyOne, seat: int, rounds: int) -> float:
    """+1 for winning the hand, -1 for losing it, plus a little for its score (by totals with
    a running score); a rollout stopped early ranks the hands as they are."""
    if len(state.results) > rounds:
        order = state.rankings[rounds]
        points = state.results[rounds].points
    else:
        keys = [_keyed(h) for h in state.hands]
        order = sorted(range(state.players), key=lambda s: -keys[s])
        points = tuple(hand_score(h) for h in state.hands)
    if state.options.running_score:
        return (points[seat] - max(p for s, p in enumerate(points) if s != seat)) / 41.0
    win = 1.0 if order[0] == seat else -1.0 if order[-1] == seat else 0.0
    return win + points[seat] / 200.0


def searched(state: FortyOne) -> bool:
    """Every decision but a possible stop is searched: sampled opponents hold random cards,
    not the suit they collect, so a search would wait too long."""
    return not state.can_stop()


BOOK = Playbook(score, why, value, determinize, searched, worlds=20, width=5, horizon=80,
                epsilon=0.0, margin=0.3)
