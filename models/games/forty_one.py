"""41: the rules engine, scoring and the worst-card tie-breakers (docs/rules.md, 41).

A state is a match of ``Options.hands`` hands (default 1: one engine game is one hand).
A turn is two decisions. First the player to act chooses :data:`DRAW` (the top of the
stock), :data:`TAKE` (the card the previous player just discarded; never on the first turn
of a hand), :data:`STOP` (only now, at the start of the turn, holding four cards of one
suit: play ends at once) or, only once the stock is empty, :data:`END` (decline the
discard: play ends). Then they discard one card: the action is its code ``0..51`` (see
``models.cards``). The card just taken from the discard may not be discarded again.
Legal actions are listed in increasing code order.

Each hand leaves a :class:`RoundResult` in ``results`` (``end`` is ``"stop"``, ``"stock"``
or ``"41"``; ``winners`` is the hand winner), its seats from best to worst in ``rankings``
and the hands shown in ``shown``. Fully equal hands rank by turn order from the player who
ended play (the stopper, the player who ended on the empty stock, the 41 holder).

House options (all off by default):

- ``stop_threshold``: stopping also needs a hand worth at least that many points.
- ``instant_41``: a player whose four cards are worth 41 wins the hand at once. It is checked
  after the deal (every seat, in turn order from the first player) and after each discard
  (the discarder). The hand ends with ``end == "41"`` and the holder counts as the player who
  ended play, so among several holders at the deal the first in turn order wins.
- ``redraw``: the card just taken from the discard may be discarded again at once.
- ``running_score``: the match is scored by the sum of hand scores (``totals``) instead of
  the tally of hand wins and losses.

Match winners: the highest running score (``running_score``), otherwise the most hand wins,
then the fewest hand losses; still equal players share the win.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from models.cards import SUITS, format_cards, shuffle
from models.errors import IllegalAction, SetupError
from models.games.base import (
    ActionWords,
    Engine,
    RoundResult,
    Rules,
    bounds,
    option,
    redeal,
    within,
)

DRAW = 52
TAKE = 53
STOP = 54
END = 55
ACTIONS = 56  # every action code is below this
HAND_SIZE = 4
DRAW_PHASE, DISCARD_PHASE = 0, 1

# Card value: ace 11, K Q J 10 count 10, 2-9 face value.
VALUE: tuple[int, ...] = tuple(11 if c % 13 == 0 else min(c % 13 + 1, 10) for c in range(52))
SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52))
# SIGNED[suit][card]: the card's value, plus in the counted suit, minus outside it.
SIGNED: tuple[tuple[int, ...], ...] = tuple(
    tuple(VALUE[c] if SUIT[c] == s else -VALUE[c] for c in range(52)) for s in range(4)
)
_WORDS = {DRAW: "draw", TAKE: "take", STOP: "stop", END: "end"}
_WORD_CODES = {DRAW: "draw_stock", TAKE: "take_discard", STOP: "stop_suit", END: "end_stock"}
WORD_CODES = ("discard", *_WORD_CODES.values())  # the codes of FortyOne.action_words


@dataclass(frozen=True)
class Options:
    """House options of a 41 match; the defaults are the rules of docs/rules.md."""

    first_dealer: int = 0  # seat of the first dealer (the app offers a random draw)
    # hands in the match; one engine game is one hand unless asked (a table plays on)
    hands: int = option(1, low=1, high=1000, offered=False)
    stop_threshold: int = option(0, low=0, high=41, zero="off")  # points needed to stop (0: off)
    instant_41: bool = option(False)  # a player holding 41 wins the hand at once
    redraw: bool = option(False)  # the card just taken from the discard may be discarded again
    running_score: bool = option(False)  # a running score instead of a win/loss tally

    def __post_init__(self) -> None:
        if self.first_dealer < 0:
            raise SetupError("setup_first_dealer")
        if not within(self, "hands"):
            low, high = bounds(self, "hands")
            raise SetupError("setup_hands_range", low=low, high=high)
        if not within(self, "stop_threshold"):
            raise SetupError("setup_stop_threshold", high=bounds(self, "stop_threshold")[1])


def check_setup(players: int, options: Options) -> None:
    """Refuse a set-up the rules do not allow, with its reason as a code and params."""
    RULES.check_players(players)
    if options.first_dealer >= players:
        raise SetupError("setup_dealer_seat", players=players)


# -- scoring and ranking -------------------------------------------------------------------
def _best(cards: Iterable[int]) -> tuple[int, tuple[int, ...], int]:
    """Score, signed values from lowest up, and counted suit index (-1: no cards) of a hand,
    counting the suit that gives the best (score, signed values)."""
    codes = list(cards)
    best: tuple[int, tuple[int, ...], int] = (0, (), -1)
    for suit in sorted({SUIT[c] for c in codes}):
        signed = tuple(sorted(map(SIGNED[suit].__getitem__, codes)))
        score = sum(signed)
        if best[2] < 0 or (score, signed) > best[:2]:
            best = (score, signed, suit)
    return best


def hand_score(cards: Iterable[int]) -> int:
    """The hand's score: the best suit's cards count plus, all others minus (at most 41)."""
    return _best(cards)[0]


def counted_suit(cards: Iterable[int]) -> str:
    """The suit counted plus (``S H D C``; empty for no cards). Between two suits giving the
    same score, the one with the better worst-card list."""
    suit = _best(cards)[2]
    return SUITS[suit] if suit >= 0 else ""


def signed_values(cards: Iterable[int]) -> list[int]:
    """Each card's value, plus in the counted suit and minus outside it, lowest first."""
    return list(_best(cards)[1])


def hand_key(cards: Iterable[int]) -> tuple[int, tuple[int, ...]]:
    """The ranking of a hand: score, then the signed values from lowest up. Higher is better."""
    score, signed, _ = _best(cards)
    return (score, signed)


def decider(a: Iterable[int], b: Iterable[int]) -> tuple[str, int]:
    """What separates two hands: ``("score", 0)``, ``("card", i)`` (the i-th signed value
    from the lowest differs, 0 = the worst card; see :func:`signed_values`) or ``("tie", 0)``."""
    ka, kb = hand_key(a), hand_key(b)
    if ka[0] != kb[0]:
        return ("score", 0)
    for i, (x, y) in enumerate(zip(ka[1], kb[1], strict=False)):
        if x != y:
            return ("card", i)
    if len(ka[1]) != len(kb[1]):
        return ("card", min(len(ka[1]), len(kb[1])))
    return ("tie", 0)


def rank_hands(hands: Mapping[str, Sequence[int]]) -> list[list[str]]:
    """Players from best to worst hand (score, then the worst card); fully equal hands share
    a group."""
    groups: dict[tuple[int, tuple[int, ...]], list[str]] = {}
    for name, cards in hands.items():
        groups.setdefault(hand_key(cards), []).append(name)
    return [groups[key] for key in sorted(groups, reverse=True)]


def rank_seats(hands: Sequence[Sequence[int]], ender: int) -> list[int]:
    """Seats from best to worst, fully equal hands ordered by the last tie-break: the earlier
    in turn order from ``ender`` (the player who ended play) ranks higher."""
    return _order([hand_key(h) for h in hands], ender)


def _order(keys: Sequence[tuple[int, tuple[int, ...]]], ender: int) -> list[int]:
    n = len(keys)
    return sorted(range(n), key=lambda s: (keys[s], -((s - ender) % n)), reverse=True)


# -- the rules both the engine and the table follow ----------------------------------------
def stock_after_deal(players: int) -> int:
    """The stock once four cards each are dealt from the 52-card pack."""
    return 52 - HAND_SIZE * players


def may_draw(stock: int) -> bool:
    """Whether the player to move may take the top of the stock (it is not empty)."""
    return stock > 0


def may_take(discards: int) -> bool:
    """Whether the player to move may take the previous discard (one has been made)."""
    return discards > 0


def may_end(stock: int) -> bool:
    """Whether the player to move may end play by declining the discard (empty stock)."""
    return stock == 0


def stop_fault(cards: Sequence[int], threshold: int) -> str:
    """Why ``cards`` may not stop (empty: they may): ``"suit"`` (not four cards of one suit)
    or ``"low"`` (worth less than ``threshold``, when that option is on)."""
    if len(cards) != HAND_SIZE or any(SUIT[c] != SUIT[cards[0]] for c in cards):
        return "suit"
    return "low" if threshold and hand_score(cards) < threshold else ""


def is_41(cards: Sequence[int]) -> bool:
    """Whether ``cards`` are four cards of one suit worth 41."""
    return not stop_fault(cards, 0) and sum(VALUE[c] for c in cards) == 41


def score_hand(hands: Sequence[Sequence[int]], ender: int) -> tuple[tuple[int, ...], list[int]]:
    """The hands' scores and the seats from best to worst (fully equal hands in turn order
    from ``ender``, the player who ended play)."""
    keys = [hand_key(h) for h in hands]
    return tuple(k[0] for k in keys), _order(keys, ender)


def next_hand(order: Sequence[int]) -> tuple[int, int]:
    """Who deals the next hand and who plays first in it: the loser and the winner."""
    return order[-1], order[0]


def standing_keys(options: Options, totals: Sequence[int], wins: Sequence[int],
                  losses: Sequence[int]) -> list[tuple[int, int]]:
    """Each seat's match standing, higher is better: (total, 0) with a running score, else
    (hand wins, -hand losses)."""
    if options.running_score:
        return [(t, 0) for t in totals]
    return [(w, -lost) for w, lost in zip(wins, losses, strict=True)]


def match_winners(options: Options, totals: Sequence[int], wins: Sequence[int],
                  losses: Sequence[int]) -> list[int]:
    """The seats with the best standing; equal players share the win."""
    keys = standing_keys(options, totals, wins, losses)
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


# -- the engine ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see of a 41 match (:meth:`FortyOne.observation`): its own ``hand``,
    every hand's size, the ``stock``'s size, the discards (``top`` last, None when there are
    none), the card the seat to act just took from them (``taken``) and, on its own turn, the
    card it just drew from the stock (``drawn``), the ``phase`` (``draw`` or ``discard``), the
    seat to act (``current``, -1 once the match is over), the ``dealer``, the seat that
    played ``first`` in the hand, the hand's number (``hand_no``, from 0), the hands shown at
    the end of the last hand (``last_shown``, None before one ended), the tally (``wins``,
    ``losses``, ``totals``) and its ``legal`` actions (none when it is not its turn)."""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    top: int | None
    discards: tuple[int, ...]
    taken: int | None
    drawn: int | None
    phase: str
    current: int
    dealer: int
    first: int
    hand_no: int
    last_shown: tuple[tuple[int, ...], ...] | None
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    totals: tuple[int, ...]
    legal: tuple[int, ...]


class FortyOne(Engine[Options]):
    """A 41 match in play: hands, turns (draw then discard), stops, the tally."""

    __slots__ = (
        "hand_no", "dealer", "first", "current", "hands", "stock", "pile", "phase", "taken",
        "drawn", "_locked", "totals", "wins", "losses", "rankings", "shown", "hand_start", "over",
        "_instant", "_redraw",
    )
    LISTS = ("actions", "stock", "pile", "totals", "wins", "losses", "results", "rankings",
             "shown")
    NESTED = ("hands",)

    def __init__(self, players: int, seed: int = 0, options: Options | None = None) -> None:
        options = options or Options()
        check_setup(players, options)
        super().__init__(players, seed, options)
        self.totals = [0] * players
        self.wins = [0] * players
        self.losses = [0] * players
        self.rankings: list[list[int]] = []
        self.shown: list[tuple[tuple[int, ...], ...]] = []
        self.hand_no = 0
        self.dealer = options.first_dealer
        self.first = options.first_dealer  # the dealer plays first in the first hand
        self.over = False
        self._instant = options.instant_41
        self._redraw = options.redraw
        self._deal()

    # -- set-up ---------------------------------------------------------------------------
    def _deal(self) -> None:
        """Shuffle and deal four cards each, one at a time clockwise from the dealer's left."""
        n = self.players
        deck = list(range(52))
        shuffle(deck, f"forty_one/{self.seed}/{self.hand_no}")
        hands: list[list[int]] = [[] for _ in range(n)]
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        for _ in range(HAND_SIZE):
            for seat in order:
                hands[seat].append(deck.pop())
        for hand in hands:
            hand.sort()
        self.hands = hands  # each hand kept sorted by code, so a flush is first/last same suit
        self.stock = deck  # the top of the stock is its end
        self.pile: list[int] = []  # the discards, the top (the takeable card) last
        self.current = self.first
        self.phase = DRAW_PHASE
        self.taken = -1  # the card taken from the discard this turn (-1: none)
        self.drawn = -1  # the card drawn from the stock this turn (-1: none)
        self._locked = -1  # the card that may not be discarded now (-1: none)
        self.hand_start = len(self.actions)  # the hand's first action
        if self.options.instant_41:
            for seat in ((self.first + i) % n for i in range(n)):
                if self._is_41(seat):
                    self._end_hand("41", seat)
                    return

    # -- queries --------------------------------------------------------------------------
    @property
    def hand_moves(self) -> int:
        """The actions taken in the hand in play."""
        return len(self.actions) - self.hand_start

    @property
    def top(self) -> int | None:
        """The card the player to act may take (the previous discard), or None."""
        return self.pile[-1] if self.pile else None

    @property
    def scores(self) -> list[int]:
        """Running scores (``running_score``) or hand wins (the tally)."""
        return list(self.totals if self.options.running_score else self.wins)

    @property
    def winners(self) -> list[int]:
        """The match winners (empty while it is not over)."""
        if not self.over:
            return []
        return match_winners(self.options, self.totals, self.wins, self.losses)

    def _is_flush(self, seat: int) -> bool:
        hand = self.hands[seat]
        return len(hand) == HAND_SIZE and SUIT[hand[0]] == SUIT[hand[-1]]

    def _is_41(self, seat: int) -> bool:
        return self._is_flush(seat) and is_41(self.hands[seat])

    def can_stop(self) -> bool:
        """Whether the player to act may stop now: start of the turn, four cards of one suit,
        worth at least ``stop_threshold``."""
        if self.over or self.phase or not self._is_flush(self.current):
            return False
        return not stop_fault(self.hands[self.current], self.options.stop_threshold)

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` may be taken now (the rules' check behind :meth:`legal_actions`
        and :meth:`why_illegal`)."""
        if self.over:
            return False
        if self.phase:
            hand = self.hands[self.current]
            return 0 <= action < 52 and action != self._locked and action in hand
        if action == DRAW:
            return may_draw(len(self.stock))
        if action == TAKE:
            return may_take(len(self.pile))
        if action == STOP:
            return self.can_stop()
        if action == END:
            return may_end(len(self.stock))
        return False

    def legal_actions(self) -> list[int]:
        """Every legal action now, each once, in increasing code order."""
        if self.over:
            return []
        if self.phase:
            locked, hand = self._locked, self.hands[self.current]
            return [c for c in hand if c != locked] if locked >= 0 else hand[:]
        actions = [DRAW] if self.stock else []
        if self.pile:
            actions.append(TAKE)
        hand = self.hands[self.current]
        if SUIT[hand[0]] == SUIT[hand[-1]] and self.can_stop():
            actions.append(STOP)
        if not self.stock:
            actions.append(END)
        return actions

    # -- moves ----------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Take ``action`` for the player to act; an illegal action raises IllegalAction."""
        why = self.why_illegal(action)
        if why is not None:
            raise why
        self.actions.append(action)
        seat = self.current
        if action < 52:
            self.hands[seat].remove(action)
            self.pile.append(action)
            self.phase = DRAW_PHASE
            self.taken = self.drawn = self._locked = -1
            if self._instant and self._is_41(seat):
                self._end_hand("41", seat)
            else:
                self.current = (seat + 1) % self.players
        elif action == DRAW:
            self.drawn = self.stock.pop()
            insort(self.hands[seat], self.drawn)
            self.phase = DISCARD_PHASE
        elif action == TAKE:
            card = self.pile.pop()
            insort(self.hands[seat], card)
            self.taken = card
            if not self._redraw:
                self._locked = card
            self.phase = DISCARD_PHASE
        elif action == STOP:
            self._end_hand("stop", seat)
        else:
            self._end_hand("stock", seat)

    def _end_hand(self, end: str, ender: int) -> None:
        """Everyone shows: score, rank (ties from the ender), tally, then deal the next hand."""
        hands = self.hands
        points, order = score_hand(hands, ender)
        winner, loser = order[0], order[-1]
        self.results.append(RoundResult(points, self.hand_moves, end, (winner,), self.first))
        self.rankings.append(order)
        self.shown.append(tuple(tuple(h) for h in hands))
        self.wins[winner] += 1
        self.losses[loser] += 1
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.phase = DRAW_PHASE
        self.taken = self.drawn = self._locked = -1
        if len(self.results) >= self.options.hands:
            self.over = True
            return
        self.dealer, self.first = next_hand(order)
        self.hand_no += 1
        self._deal()

    def why_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` may not be taken now, None when it may (:meth:`is_legal`): the one
        check, which :meth:`apply` makes."""
        if self.is_legal(action):
            return None
        if self.over:
            return IllegalAction("fo_over")
        if self.phase:
            if not 0 <= action < 52:
                return IllegalAction("fo_discard_first")
            if action == self._locked:
                return IllegalAction("fo_locked", card=format_cards([action]))
            return IllegalAction("fo_not_in_hand", card=format_cards([action]))
        if action == DRAW:
            return IllegalAction("fo_stock_empty")
        if action == TAKE:
            return IllegalAction("fo_no_discard")
        if action == STOP:
            if not self._is_flush(self.current):
                return IllegalAction("fo_stop_suit")
            return IllegalAction("fo_stop_low", threshold=self.options.stop_threshold)
        if action == END:
            return IllegalAction("fo_end_early")
        return IllegalAction("fo_draw_first")

    # -- views ----------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand, the face-up discards, the card just taken from
        them, the card it just drew from the stock (``drawn``, its own turn only), the stock
        size, the hands shown at the end of the last hand, the tally."""
        own = seat == self.current_player and self.drawn in self.hands[seat]
        return Observation(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)),
            stock=len(self.stock),
            top=self.top,
            discards=tuple(self.pile),
            taken=None if self.taken < 0 else self.taken,
            drawn=self.drawn if own else None,
            phase="discard" if self.phase else "draw",
            current=self.current_player,
            dealer=self.dealer,
            first=self.first,
            hand_no=self.hand_no,
            last_shown=self.shown[-1] if self.shown else None,
            wins=tuple(self.wins),
            losses=tuple(self.losses),
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.current_player else (),
        )

    def action_str(self, action: int) -> str:
        """The action in words or card notation: ``draw``, ``take``, ``stop``, ``end``, ``QH``."""
        if 0 <= action < 52:
            return format_cards([action])
        return _WORDS.get(action, f"?{action}")

    def action_words(self, action: int) -> ActionWords:
        """The action for people's words: ``discard`` a card, ``draw_stock``, ``take_discard``
        (with the card on top of the discard), ``stop_suit`` (four of a suit), ``end_stock``."""
        if 0 <= action < 52:
            return ActionWords("discard", (action,))
        if action == TAKE and self.pile:
            return ActionWords("take_discard", (self.pile[-1],))
        if action not in _WORD_CODES:
            raise IllegalAction("fo_action", action=action)
        return ActionWords(_WORD_CODES[action])

    def figures(self) -> dict[str, int]:
        """What a finished match did, for the rule lab: hands stopped on a suit, hands won with
        41, hands ended on an empty stock."""
        results = self.results
        return {"stops": sum(r.end == "stop" for r in results),
                "fortyones": sum(r.points[r.winners[0]] == 41 for r in results),
                "stock_ends": sum(r.end == "stock" for r in results)}


def known_cards(state: FortyOne) -> list[list[int]]:
    """The cards each seat is seen to hold: taken from the discard in this hand and not
    discarded since (read from the public action log)."""
    known: list[list[int]] = [[] for _ in range(state.players)]
    pile: list[int] = []
    seat = state.first
    for action in state.actions[len(state.actions) - state.hand_moves :]:
        if action < 52:
            pile.append(action)
            if action in known[seat]:
                known[seat].remove(action)
            seat = (seat + 1) % state.players
        elif action == TAKE:
            known[seat].append(pile.pop())
    return known


def hidden_cards(state: FortyOne, others: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """What a seat cannot see, as a search deals it again: the cards of the ``others``' hands
    and of the stock, sorted, less the cards seen taken from the discard; and, by seat, those
    seen cards (:func:`known_cards`, each of the ``others``' lists kept to the cards found)."""
    unseen = sorted(state.stock + [c for s in others for c in state.hands[s]])
    known = known_cards(state)
    for s in others:
        held = [c for c in known[s] if c in unseen]
        for c in held:
            unseen.remove(c)
        known[s] = held
    return unseen, known


def determinize(state: FortyOne, seat: int, rng: random.Random) -> FortyOne:
    """A copy of ``state`` consistent with what ``seat`` has seen, for search: the cards it
    cannot see (the other hands, the stock) are dealt again at random, every size kept, except
    the cards seen taken from the discard (:func:`known_cards`), which stay with their takers;
    later deals get a seed drawn from ``rng``. It depends on the unseen cards only as a
    multiset."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    unseen, known = hidden_cards(state, others)
    sizes = [len(new.hands[s]) - len(known[s]) for s in others]
    *hands, new.stock = redeal(unseen, sizes, rng)
    for s, hand in zip(others, hands, strict=True):
        new.hands[s] = sorted(hand + known[s])
    new.seed = rng.getrandbits(32)
    return new


RULES = Rules(
    key="forty_one",
    title="41",
    min_players=2,
    max_players=8,
    options_type=Options,
    factory=FortyOne,
    stock=lambda state: len(state.stock),
)
new_game = RULES.new_game  # a new 41 match
