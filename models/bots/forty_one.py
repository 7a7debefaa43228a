"""41 bots: stop on any flush, take the discard only when it improves the hand, discard the
card whose loss hurts the hand least. The strong player searches every decision, the stop
too, over deals where each opponent holds what its play so far suggests (see
:func:`determinize`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from models.bots.base import Plan, Playbook
from models.bots.hint import Hint
from models.cards import format_cards
from models.games.forty_one import (
    DRAW,
    END,
    SIGNED,
    STOP,
    SUIT,
    TAKE,
    VALUE,
    FortyOne,
    counted_suit,
    hand_score,
    hidden_cards,
)


def _keyed(cards: list[int]) -> float:
    """A hand's ranking as one number: its score, then its worst card."""
    return _key(tuple(cards))


@lru_cache(maxsize=1 << 16)
def _key(cards: tuple[int, ...]) -> float:
    if not cards:
        return 0.0
    total, per = 0, [0, 0, 0, 0]
    for c in cards:
        total += VALUE[c]
        per[SUIT[c]] += VALUE[c]
    top = float("-inf")
    for suit in range(4):
        if per[suit]:
            signed = SIGNED[suit]
            worst = min(signed[c] for c in cards)
            top = max(top, 2 * per[suit] - total + (worst + 11) / 100.0)
    return top


def _after_take(state: FortyOne) -> list[int]:
    """The best hand after taking the top discard and discarding another card."""
    top = state.pile[-1]
    hand = state.hands[state.current] + [top]
    best: list[int] = []
    key = float("-inf")
    for i, c in enumerate(hand):
        if c == top and not state.options.redraw:
            continue
        rest = hand[:i] + hand[i + 1 :]
        k = _keyed(rest)
        if k > key:
            best, key = rest, k
    return best


def score(state: FortyOne, action: int) -> float:
    """Stop first; take the discard if it raises the hand; otherwise draw (or end play); the
    discard that leaves the best hand."""
    hand = state.hands[state.current]
    if action == STOP:
        return 1000.0
    if action == TAKE:
        return _keyed(_after_take(state)) - _keyed(hand)
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
        return Hint("fo_stop", {"suit": counted_suit(hand), "score": hand_score(hand)})
    if action == TAKE:
        after = hand_score(_after_take(state))
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
    return Hint("fo_discard", {"card": format_cards([action]), "score": hand_score(rest),
                               "suit": counted_suit(rest)})


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


@dataclass(frozen=True)
class Reading:
    """How much a seat's play says about the suits it keeps: a suit it throws away (or
    declines on the discard) is less likely in its hand, the more so for a high card (the
    factors for a low card, 2-9, and a high one); a suit it takes is more likely; ``tries``:
    sampled hands per opponent, looking for one its last discard agrees with."""

    thrown: tuple[float, float]
    declined: tuple[float, float]
    taken: float
    tries: int


STRONG = Reading((0.6, 0.3), (0.8, 0.5), 2.0, 8)  # the strong player's
EXPERT = Reading((0.1, 0.02), (0.4, 0.1), 6.0, 8)  # the Expert's: a seat's play says more


def _reads(state: FortyOne,
           reading: Reading = STRONG) -> tuple[list[list[float]], list[int], list[int]]:
    """From the public play of this hand: each seat's suit weights, its last discard (-1:
    none yet) and the card it had just taken then (-1: none)."""
    n = state.players
    weights = [[1.0] * 4 for _ in range(n)]
    last, locked = [-1] * n, [-1] * n
    pile: list[int] = []
    seat, took = state.first, -1
    for action in state.actions[len(state.actions) - state.hand_moves :]:
        if action < 52:
            high = VALUE[action] >= 10
            weights[seat][SUIT[action]] *= reading.thrown[high]
            last[seat], locked[seat] = action, took
            pile.append(action)
            seat, took = (seat + 1) % n, -1
        elif action == TAKE:
            took = pile.pop()
            weights[seat][SUIT[took]] *= reading.taken
        elif action == DRAW and pile:
            weights[seat][SUIT[pile[-1]]] *= reading.declined[VALUE[pile[-1]] >= 10]
    return weights, last, locked


def _agrees(hand: list[int], thrown: int, locked: int) -> bool:
    """Whether the rule of thumb, holding ``hand`` and ``thrown``, would have thrown
    ``thrown`` (keeping the card it had just taken)."""
    keep = _keyed(hand)
    for i, c in enumerate(hand):
        if c != locked and _keyed([*hand[:i], *hand[i + 1 :], thrown]) > keep:
            return False
    return True


def determinize(state: FortyOne, seat: int, rng: random.Random,
                reading: Reading = STRONG) -> FortyOne:
    """A copy of ``state`` consistent with what ``seat`` has seen, for search: the cards seen
    taken from the discard stay with their takers; each other hand is filled from the unseen
    cards weighted by suit (:func:`_reads`), preferring a hand from which the rule of thumb
    would have made that seat's last discard; the rest is the stock, shuffled; later deals
    get a seed drawn from ``rng``. It depends on the unseen cards only as a multiset."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    unseen, known = hidden_cards(state, others)
    weights, last, locked = _reads(state, reading)
    rand = rng.random
    for s in others:
        size = len(new.hands[s]) - len(known[s])
        w = weights[s]
        hand: list[int] = []
        for _ in range(reading.tries):
            # weighted sampling without replacement: the largest keys u ** (1 / weight)
            keys = sorted(((rand() ** (1.0 / w[SUIT[c]]), c) for c in unseen), reverse=True)
            hand = sorted([c for _, c in keys[:size]] + known[s])
            if last[s] < 0 or _agrees(hand, last[s], locked[s]):
                break
        new.hands[s] = hand
        for c in hand:
            if c in unseen:
                unseen.remove(c)
    rng.shuffle(unseen)
    new.stock = unseen
    new.seed = rng.getrandbits(32)
    return new


def sample(state: FortyOne, seat: int, rng: random.Random) -> FortyOne:
    """The Expert's deal: :func:`determinize`, reading more into each seat's play."""
    return determinize(state, seat, rng, EXPERT)


def searched(state: FortyOne) -> bool:
    """Every decision is searched, the stop too."""
    return True


# As Kartu Sama's: a clear gain to leave the thumb, and with two players a search tree (against
# the strong player 51.2% of 248 deals, the flat search 49.0% of the same ones).
BOOK = Playbook(score, why, value, determinize, searched, worlds=300, width=5, horizon=80,
                epsilon=0.0, margin=1.0,
                expert=Plan(sample, playouts=600, width=6, horizon=80, searched=searched,
                            margin=2.0, explore=1.2))
