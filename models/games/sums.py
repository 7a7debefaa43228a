"""Sums: the rules engine and scoring (docs/rules.md, Sums).

One state is one whole game: it ends when a community pile is empty at the start of a
turn, after that player's optional last card. Actions are integer codes, in this order:

- ``0..51``: play that card from hand (a turn's card, a last card, or a counter);
- ``TAKE + c``: take your face-up card ``c`` back into your hand (``take_back`` variant);
- ``DRAW + i``: draw the top card of community pile ``i``;
- ``LET``: let an attack go (do not counter);
- ``STOP``: end the game without playing a last card;
- ``TARGET + seat * 52 + c``: remove card ``c`` of ``seat`` (when a play may take several).

Referee decisions for what the published rules leave open (docs/rules.md, Sums):

- Removal is compulsory. When a play may take exactly one card it is taken at once; when
  it may take several the player who played picks one.
- Counters are played at once, before anyone else acts. The counter card must take the
  attacking card by the same test, with the counterer's own face-up cards (the attacked
  card included, it is still on the table) as helpers. A player who holds no counter card
  is not asked.
- A counter is the counterer's next turn played early: each counter skips that player's
  next turn in the rotation. Play then goes on from the player whose turn it was. With
  two players this is plain alternation.
- The end (docs/rules.md, Sums): the last card of the game, played when a pile is empty at the start
  of a turn, may remove a card, and that removal stands: no one is asked to counter it. A
  counter played once a pile is empty (the turn that emptied it placed the attacking card)
  is the counterer's last card: it stands too, and the game ends. Since counters are
  played at once, no attack is ever left open at the start of a turn.
- Take back (variant): any one of your face-up cards, the dealt one included, while your
  hand holds fewer than 5 cards at that moment (after drawing); it ends the turn and
  removes nothing. It cannot be combined with draw-or-play, where players could take back
  and replay forever without drawing.
- Draw or play (variant): a player with an empty hand must draw.
- Seat 0 plays first. Removed cards lie face down, but everyone saw them go: every seat's
  observation shows them.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from models.cards import ACE, JACK, KING, QUEEN, Card, card, format_cards, pack, random_shuffle
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

MAX_PLAYERS = 8
MAX_PILES = 8
MAX_PACKS = 4
TAKE_BACK_BELOW = 5  # take back only while the hand holds fewer cards than this

TAKE = 52
DRAW = TAKE + 52
LET = DRAW + MAX_PILES
STOP = LET + 1
TARGET = STOP + 1
ACTIONS = TARGET + MAX_PLAYERS * 52  # every action code is below this
# the codes of Sums.action_words
WORD_CODES = ("play", "counter", "take_back", "draw_pile", "let_go", "end_game", "remove")

# Phases: what the player to act decides (the table also has DEALING: face-up cards entered).
DEALING, DRAWING, PLACING, EITHER, CHOOSING, COUNTERING, LAST, OVER = (
    "deal", "draw", "place", "either", "target", "counter", "last", "over"
)
_PLACES = (PLACING, EITHER, LAST)  # the phases a card is placed in from the hand
# the phase as an engine's observation names it
PHASES = {DRAWING: "draw", PLACING: "play", EITHER: "draw_or_play", CHOOSING: "target",
          COUNTERING: "counter", LAST: "last", OVER: "over"}

VALUE: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52))
POINTS: tuple[int, ...] = tuple(
    3 if v in (ACE, KING) else 2 if v in (JACK, QUEEN) else 1 for v in VALUE
)
RED: tuple[int, ...] = tuple(1 if c // 13 in (1, 2) else 0 for c in range(52))
# TWIN[c]: the card of the same rank in the other suit of the same colour
TWIN: tuple[int, ...] = tuple((3 - c // 13) * 13 + c % 13 for c in range(52))
_FIRSTS = ((0, 39), (13, 26))  # the codes of the aces of black, of red
_VALID = sum(1 << v for v in range(2, 13))  # values a sum or difference may take: 2..Q
_SPECIAL = tuple((1 << ACE) if v == QUEEN else (1 << KING) if v == 2 else 0 for v in range(14))
_REV = tuple(int(f"{m:014b}"[::-1], 2) for m in range(1 << 14))  # bit i -> bit 13 - i


def _reach(value: int, helpers: int) -> int:
    """Bit mask of the opponent values a card of ``value`` takes with helper values ``helpers``
    (a bit mask): ``value + q`` and ``|value - q|`` among 2..Q, plus the ace or king rule."""
    sums = (helpers << value) | (helpers >> value) | (_REV[helpers] >> (13 - value))
    return (sums & _VALID) | _SPECIAL[value]


def _mask(played: int, cards: Iterable[int]) -> int:
    colour = RED[played]
    mask = 0
    for c in cards:
        if RED[c] == colour:
            mask |= 1 << VALUE[c]
    return mask


def card_value(c: int) -> int:
    """The value of a card in play: A 1, 2-10 face value, J 11, Q 12, K 13."""
    return VALUE[c]


def score_value(c: int) -> int:
    """The scoring value of a card: number cards 1, J and Q 2, A and K 3."""
    return POINTS[c]


def final_score(in_play: Iterable[int], captured: Iterable[int]) -> int:
    """A player's score: scoring values of their cards in play plus the cards they removed."""
    return sum(POINTS[c] for c in in_play) + sum(POINTS[c] for c in captured)


def removable(
    played: int, own_in_play: Iterable[int], opponent_in_play: Iterable[int]
) -> list[Card]:
    """The opponent cards that playing ``played`` may take, each once, in the opponent's order.

    ``own_in_play`` are the player's other face-up cards (without ``played``): the helpers.
    """
    reach = _reach(VALUE[played], _mask(played, own_in_play))
    colour = RED[played]
    found = dict.fromkeys(
        c for c in opponent_in_play if RED[c] == colour and reach >> VALUE[c] & 1
    )
    return [card(c) for c in found]


def next_seat(seat: int, skips: list[int]) -> int:
    """The seat whose turn comes after ``seat``'s. A counter is its player's next turn played
    early: a seat with a skip left is passed over, and uses one."""
    while True:
        seat = (seat + 1) % len(skips)
        if not skips[seat]:
            return seat
        skips[seat] -= 1


@dataclass(frozen=True, slots=True)
class Capture:
    """Why a play takes a card: ``played`` with the player's own ``helper`` card, by ``op``
    (``"+"`` sum, ``"-"`` difference), or by the ace rule (a queen, ``op="ace"``) or the king
    rule (a two, ``op="king"``), where ``helper`` is None."""

    played: Card
    helper: Card | None
    target: Card
    op: str

    def _sum(self) -> str:
        p, q = self.played, self.helper
        assert q is not None
        left, right = str(p), str(q)
        if self.op == "-" and VALUE[q] > VALUE[p]:
            left, right = right, left
        return f"{left} {self.op} {right} = {VALUE[self.target]}"

    def __str__(self) -> str:
        """Notation: ``7H + 5D = 12: QD``, ``QH: AD``."""
        if self.helper is None:
            return f"{self.played}: {self.target}"
        return f"{self._sum()}: {self.target}"


def capture(played: int, own_in_play: Iterable[int], target: int) -> Capture | None:
    """Why playing ``played`` may take the opponent's ``target`` (None if it may not).

    ``own_in_play`` are the player's other face-up cards. A sum is preferred to a difference.
    """
    p, v = card(played), card(target)
    if RED[played] != RED[target]:
        return None
    if VALUE[target] in (ACE, KING):
        rule, needs = ("ace", QUEEN) if VALUE[target] == ACE else ("king", 2)
        return Capture(p, None, v, rule) if VALUE[played] == needs else None
    helpers = [card(c) for c in dict.fromkeys(own_in_play) if RED[c] == RED[played]]
    for op in ("+", "-"):
        for q in helpers:
            total = VALUE[p] + VALUE[q] if op == "+" else abs(VALUE[p] - VALUE[q])
            if total == VALUE[v]:
                return Capture(p, q, v, op)
    return None


@dataclass(frozen=True)
class Options:
    """House options of a game of Sums; the defaults are the rules of docs/rules.md."""

    # 0: one 52-card pack up to 4 players, two from 5 players on
    packs: int = option(0, low=0, high=MAX_PACKS, zero="auto")
    piles: int = option(2, low=2, high=MAX_PILES)  # face-up community piles
    # 0: 5 cards, or 3 with four players on one pack
    hand_size: int = option(0, low=0, high=20, open_high=True, zero="auto")
    take_back: bool = option(False)  # instead of placing, take back one of your face-up cards
    draw_or_play: bool = option(False)  # a turn is a draw or a play, not both

    def __post_init__(self) -> None:
        if not within(self, "packs"):
            raise SetupError("setup_packs_auto", most=bounds(self, "packs")[1])
        if not within(self, "piles"):
            raise SetupError("setup_piles", most=bounds(self, "piles")[1])
        if not within(self, "hand_size"):
            raise SetupError("setup_hand_negative")
        if self.take_back and self.draw_or_play:
            raise SetupError("setup_take_back")

    def pack_count(self, players: int) -> int:
        """How many 52-card packs a game of ``players`` uses."""
        return self.packs or (1 if players <= 4 else 2)

    def hand(self, players: int) -> int:
        """How many cards each player is dealt into their hand."""
        if self.hand_size:
            return self.hand_size
        return 3 if players == 4 and self.pack_count(players) == 1 else 5


def check_setup(players: int, options: Options) -> None:
    """Refuse a set-up the pack cannot deal, with its reason as a code and params."""
    RULES.check_players(players)
    packs, hand = options.pack_count(players), options.hand(players)
    need = players * (hand + 1) + options.piles
    have = 52 * packs
    if need > have:
        words = {"players": players, "need": need, "hand": hand, "piles": options.piles,
                 "have": have}
        if packs == 1:
            raise SetupError("setup_sums_deal_one", **words)
        raise SetupError("setup_sums_deal_many", packs=packs, **words)


@lru_cache(maxsize=8)
def pack_codes(packs: int) -> tuple[int, ...]:
    """The cards of ``packs`` 52-card packs as codes, in pack order (built once)."""
    return tuple(int(c) for c in pack(packs=packs))


def leaders(scores: Sequence[int], captured: Sequence[Sequence[int]]) -> list[int]:
    """The seats ahead: highest score, then more cards removed; a full tie is shared."""
    keys = [(score, len(c)) for score, c in zip(scores, captured, strict=True)]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]


# An attack: (attacker, attacking card, owner, attacked card), and whatever else the class
# using Flow keeps with it (the table: the reason). A plain tuple in the engine's hot path.
Attack = tuple[int, int, int, int]
ChoiceT = TypeVar("ChoiceT")
AttackT = TypeVar("AttackT", bound=tuple[Any, ...])


class Flow(Generic[ChoiceT, AttackT]):
    """The turn steps of Sums, written once for the engine (:class:`Sums`) and the table
    (``models.tables.sums``): what a turn starts with, who plays next, what a placed card
    takes, when an attack may be countered, when the game ends.

    The class using it holds the state below (hands and piles as lists of cards, or as
    counts: only their emptiness is read) and says how a card is placed and lifted, what a
    card reaches, how an attack on a choice is made and whether the owner may counter."""

    if not TYPE_CHECKING:  # no instance dict (mypy wants the attributes below in __slots__)
        __slots__ = ()
    options: Options
    hands: Sequence[Any]
    piles: Sequence[Any]
    in_play: list[list[Any]]
    captured: list[list[Any]]
    removals: list[tuple[int, int, Any]]
    skips: list[int]
    chain: list[AttackT]
    choices: list[ChoiceT]
    played: Any
    final: bool
    turn: int
    current: int
    phase: str
    opening: str  # the phase a turn starts in while every pile holds a card

    def _set_opening(self, options: Options) -> None:
        """Turns start with a draw, or with a draw or a card placed (draw or play)."""
        self.opening = EITHER if options.draw_or_play else DRAWING

    def _put(self, seat: int, c: int) -> None:
        raise NotImplementedError

    def _lift(self, seat: int, c: int) -> None:
        raise NotImplementedError

    def _reach(self, seat: int, c: int) -> list[ChoiceT]:
        """What ``seat`` placing ``c`` may take (before ``c`` is placed)."""
        raise NotImplementedError

    def _aim(self, seat: int, c: int, choice: ChoiceT) -> AttackT:
        """``seat``'s card ``c`` attacking ``choice``."""
        raise NotImplementedError

    def _offer_counters(self, a: AttackT) -> bool:
        """Whether the owner of the card ``a`` attacks may counter it (and what with)."""
        raise NotImplementedError

    def _place(self, seat: int, c: int) -> None:
        """``seat`` places ``c`` from their hand (a turn's card or the last card): it takes
        what it reaches, the player picking when several cards are in reach."""
        if self.phase == LAST:
            self.final = True
        found = self._reach(seat, c)
        self._put(seat, c)
        if not found:
            self._end_turn()
        elif len(found) == 1:
            self._attack(self._aim(seat, c, found[0]))
        else:
            self.played = c
            self.choices = found
            self.phase = CHOOSING

    def _attack(self, a: AttackT) -> None:
        """The owner of the attacked card may counter, unless the attacking card is the last
        of the game: its removal stands."""
        self.chain.append(a)
        if not self.final and self._offer_counters(a):
            self.current = a[2]
            self.phase = COUNTERING
        else:
            self._resolve()

    def _counter(self, a: AttackT) -> None:
        """``a`` (already placed) counters the attack before it. It is the counterer's next
        turn played early, so that turn is skipped; played once a pile is empty it is the
        counterer's last card, and stands."""
        self.skips[a[0]] += 1
        if not all(self.piles):
            self.final = True
        self._attack(a)

    def _resolve(self) -> None:
        """Nobody counters any more: the last attacked card goes to its attacker."""
        a = self.chain[-1]
        attacker, owner, target = a[0], a[2], a[3]
        self._lift(owner, target)
        self.captured[attacker].append(target)
        self.removals.append((attacker, owner, target))
        self.chain = []
        self.choices = []
        self._end_turn()

    def _drawn(self) -> None:
        """After a draw: the turn's card follows (or, draw or play, the turn is over)."""
        if self.phase == DRAWING:
            self.phase = PLACING
        else:
            self._next_turn()

    def _end_turn(self) -> None:
        if self.final:
            self._finish()
        else:
            self._start_turn(next_seat(self.turn, self.skips))

    def _next_turn(self) -> None:
        self._start_turn(next_seat(self.turn, self.skips))

    def _start_turn(self, seat: int) -> None:
        """``seat``'s turn: a draw (or draw or play) while every pile holds a card, else one
        last card; with no card in hand the game ends."""
        self.turn = self.current = seat
        if all(self.piles):
            self.phase = self.opening
        elif self.hands[seat]:
            self.phase = LAST
        else:
            self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.chain = []
        self.choices = []


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see of a game of Sums (:meth:`Sums.observation`): its own ``hand``,
    every hand's size, every seat's cards in play (``in_play``) and the cards it removed
    (``captured``), each community pile's top card (None: empty) and size, the ``phase`` (as
    :data:`PHASES` names it), the seat whose ``turn`` it is (-1 once over) and the seat to
    act (``current``: a counter is played out of turn), the attacks awaiting a counter
    (``chain``: attacker, attacking card, owner, attacked card), every removal so far
    (remover, owner, card), the turns each seat skips (``skips``), the ``scores`` and its
    ``legal`` actions (none when it is not the seat to act)."""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    in_play: tuple[tuple[int, ...], ...]
    captured: tuple[tuple[int, ...], ...]
    piles: tuple[int | None, ...]
    pile_sizes: tuple[int, ...]
    phase: str
    turn: int
    current: int
    chain: tuple[Attack, ...]
    removals: tuple[tuple[int, int, int], ...]
    skips: tuple[int, ...]
    scores: tuple[int, ...]
    legal: tuple[int, ...]


class Sums(Engine[Options], Flow[int, Attack]):
    """A game of Sums in play: hands, cards in play, community piles, attacks and counters."""

    __slots__ = (
        "hands", "in_play", "counts", "masks", "captured", "piles", "phase", "turn", "current",
        "skips", "chain", "played", "final", "choices", "removals", "opening", "_multi",
        "_draws", "_legal", "is_over", "counters", "seen",
    )
    LISTS = ("actions", "skips", "chain", "removals", "results")
    NESTED = ("hands", "in_play", "counts", "masks", "captured", "piles", "seen")
    hands: list[list[int]]
    piles: list[list[int]]
    is_over: bool  # a plain slot (the phase is OVER), not a property: read before every move

    def __init__(self, players: int, seed: int = 0, options: Options | None = None) -> None:
        options = options or Options()
        check_setup(players, options)
        super().__init__(players, seed, options)
        self._multi = options.pack_count(players) > 1
        deck = list(pack_codes(options.pack_count(players)))
        random_shuffle(deck, f"sums/{seed}/0/deal")
        size = options.hand(players)
        self.hands = [sorted(deck[s * size : (s + 1) * size]) for s in range(players)]
        up = deck[players * size : players * (size + 1)]
        rest = deck[players * (size + 1) :]
        k = options.piles
        bounds = [len(rest) * i // k for i in range(k + 1)]
        self.piles = [rest[bounds[i] : bounds[i + 1]] for i in range(k)]  # top: the end
        self._draws = list(range(DRAW, DRAW + k))
        self.in_play: list[list[int]] = [[] for _ in range(players)]
        self.counts = [[0] * 52 for _ in range(players)]
        self.masks = [[0, 0] for _ in range(players)]  # value bits in play: black, red
        for seat, c in enumerate(up):
            self._put(seat, c)
        self.captured: list[list[int]] = [[] for _ in range(players)]
        self.removals: list[tuple[int, int, int]] = []  # (remover, owner, card)
        self.skips = [0] * players
        self.counters = 0  # counters played (the lab counts them)
        # the cards in each hand that everyone saw go there (drawn face up, taken back)
        self.seen: list[list[int]] = [[] for _ in range(players)]
        self.chain: list[Attack] = []
        self.choices: list[int] = []
        self.played = -1
        self.final = False
        self.turn = self.current = 0
        self._legal: list[int] | None = None
        self.is_over = False
        self._set_opening(options)
        self._start_turn(0)

    # -- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.phase == OVER else self.current

    @property
    def scores(self) -> list[int]:
        """Each seat's score so far (its final score once the game is over)."""
        return [final_score(p, c) for p, c in zip(self.in_play, self.captured, strict=True)]

    @property
    def totals(self) -> list[int]:
        return self.scores

    @property
    def winners(self) -> list[int]:
        """The winners (empty while the game is not over): highest score, then more cards
        removed; a full tie is shared."""
        return list(self.results[0].winners) if self.results else []

    @property
    def attack(self) -> Attack | None:
        """The attack awaiting a counter: (attacker, attacking card, owner, attacked card)."""
        return self.chain[-1] if self.chain else None

    def targets(self) -> list[tuple[int, Card]]:
        """The (seat, card) pairs the card just played may take (while a target is chosen)."""
        if self.phase != CHOOSING:
            return []
        return [((a - TARGET) // 52, card((a - TARGET) % 52)) for a in self.choices]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` may be taken now: :meth:`why_illegal` finds nothing."""
        return action in (self._legal or self.legal_actions())

    def legal_actions(self) -> list[int]:
        """Every legal action now, each once, in code order. They are kept until the next
        action: apply checks the action against them."""
        phase = self.phase
        if phase == DRAWING:
            acts = self._draws
        elif phase == CHOOSING:
            acts = self.choices
        elif phase == COUNTERING:
            acts = [*self.choices, LET]
        elif phase == OVER:
            return []
        else:
            hand = self.hands[self.current]
            acts = list(dict.fromkeys(hand)) if self._multi else hand[:]
            if phase == EITHER:
                acts += self._draws
            elif phase == LAST:
                acts.append(STOP)
            elif self.options.take_back and len(hand) < TAKE_BACK_BELOW:
                acts += sorted({TAKE + c for c in self.in_play[self.current]})
        self._legal = acts
        return acts[:]

    # -- moves ----------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Take ``action`` for the player to act; an illegal action raises IllegalAction."""
        why = self.why_illegal(action)
        if why is not None:
            raise why
        self._legal = None
        self.actions.append(action)
        if action < TAKE:
            if self.phase == COUNTERING:
                self._countered(action)
            else:
                seat = self.current
                self.hands[seat].remove(action)
                seen = self.seen[seat]
                if action in seen:
                    seen.remove(action)
                self._place(seat, action)
        elif action < DRAW:
            seat = self.current
            self._lift(seat, action - TAKE)
            insort(self.hands[seat], action - TAKE)
            self.seen[seat].append(action - TAKE)
            self._next_turn()
        elif action < LET:
            c = self.piles[action - DRAW].pop()
            insort(self.hands[self.current], c)
            self.seen[self.current].append(c)
            self._drawn()
        elif action == LET:
            self._resolve()
        elif action == STOP:
            self._finish()
        else:
            seat, c = divmod(action - TARGET, 52)
            self._attack((self.current, self.played, seat, c))

    def _put(self, seat: int, c: int) -> None:
        self.in_play[seat].append(c)
        self.counts[seat][c] += 1
        self.masks[seat][RED[c]] |= 1 << VALUE[c]

    def _lift(self, seat: int, c: int) -> None:
        self.in_play[seat].remove(c)
        counts = self.counts[seat]
        counts[c] -= 1
        if not counts[c] and not counts[TWIN[c]]:
            self.masks[seat][RED[c]] &= ~(1 << VALUE[c])

    def _reach(self, seat: int, c: int) -> list[int]:
        """The TARGET codes of the cards ``seat`` placing ``c`` may take, in code order."""
        colour = RED[c]
        masks = self.masks
        reach = _reach(VALUE[c], masks[seat][colour])
        found: list[int] = []
        for other, mask in enumerate(masks):
            hits = mask[colour] & reach
            if not hits or other == seat:
                continue
            counts = self.counts[other]
            code = TARGET + other * 52
            for first in _FIRSTS[colour]:
                left = hits
                while left:
                    low = left & -left
                    left ^= low
                    v = first + low.bit_length() - 2  # the card: rank index 0..12 in suit
                    if counts[v]:
                        found.append(code + v)
        return found

    def _aim(self, seat: int, c: int, choice: int) -> Attack:
        owner, target = divmod(choice - TARGET, 52)
        return seat, c, owner, target

    def _offer_counters(self, a: Attack) -> bool:
        """The cards in the owner's hand that counter the attacking card, each once, become
        the choices."""
        owner, c = a[2], a[1]
        colour, value = RED[c], VALUE[c]
        helpers = self.masks[owner][colour]
        hand = self.hands[owner]
        self.choices = [
            x for x in (dict.fromkeys(hand) if self._multi else hand)
            if RED[x] == colour and _reach(VALUE[x], helpers) >> value & 1
        ]
        return bool(self.choices)

    def _countered(self, c: int) -> None:
        seat = self.current
        a = self.chain[-1]
        self.hands[seat].remove(c)
        if c in self.seen[seat]:
            self.seen[seat].remove(c)
        self._put(seat, c)
        self.counters += 1
        self._counter((seat, c, a[0], a[1]))

    def _finish(self) -> None:
        super()._finish()
        self.is_over = True
        points = tuple(self.scores)
        winners = tuple(leaders(points, self.captured))
        self.results.append(RoundResult(points, len(self.actions), "pile", winners))

    def why_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` may not be taken now, None when it may (one of
        :meth:`legal_actions`): the one check, which :meth:`apply` makes and
        :meth:`is_legal` answers."""
        if action in (self._legal or self.legal_actions()):
            return None
        phase = self.phase
        if phase == OVER:
            return IllegalAction("su_over")
        if phase == CHOOSING:
            return IllegalAction("su_choose")
        if phase == COUNTERING:
            return IllegalAction("su_counter")
        if phase == DRAWING:
            return IllegalAction("su_draw_first")
        if 0 <= action < TAKE:
            return IllegalAction("su_not_in_hand", card=format_cards([action]))
        if DRAW <= action < LET:
            if phase == LAST:
                return IllegalAction("su_last")
            if phase == PLACING:
                return IllegalAction("su_drawn")
            return IllegalAction("su_no_pile")
        if TAKE <= action < DRAW:
            if not self.options.take_back or phase != PLACING:
                return IllegalAction("su_no_take_back")
            if len(self.hands[self.current]) >= TAKE_BACK_BELOW:
                return IllegalAction("su_hand_full", most=TAKE_BACK_BELOW)
            return IllegalAction("su_not_in_play", card=format_cards([action - TAKE]))
        if action == STOP:
            return IllegalAction("su_no_stop")
        return IllegalAction("su_no_action")

    # -- views ----------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand, everyone's hand sizes, the public table."""
        return Observation(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)),
            in_play=tuple(map(tuple, self.in_play)),
            captured=tuple(map(tuple, self.captured)),
            piles=tuple(p[-1] if p else None for p in self.piles),
            pile_sizes=tuple(map(len, self.piles)),
            phase=PHASES[self.phase],
            turn=self.turn if self.phase != OVER else -1,
            current=self.current_player,
            chain=tuple(self.chain),
            removals=tuple(self.removals),
            skips=tuple(self.skips),
            scores=tuple(self.scores),
            legal=tuple(self.legal_actions()) if seat == self.current_player else (),
        )

    def action_str(self, action: int) -> str:
        """The action in words and notation: ``QH``, ``draw pile 1``, ``take back 7D``,
        ``remove QD of seat 2``, ``let go``, ``stop``."""
        if 0 <= action < TAKE:
            return format_cards([action])
        if action < DRAW:
            return f"take back {format_cards([action - TAKE])}"
        if action < LET:
            return f"draw pile {action - DRAW + 1}"
        if action == LET:
            return "let go"
        if action == STOP:
            return "stop"
        seat, c = divmod(action - TARGET, 52)
        return f"remove {format_cards([c])} of seat {seat}"

    def action_words(self, action: int) -> ActionWords:
        """The action for people's words: ``play`` a card (``counter`` while countering),
        ``take_back`` a card, ``draw_pile`` ``n`` (with its top card), ``let_go``,
        ``end_game``, ``remove`` a card of ``seat``."""
        if 0 <= action < TAKE:
            return ActionWords("counter" if self.phase == COUNTERING else "play", (action,))
        if action < DRAW:
            return ActionWords("take_back", (action - TAKE,))
        if action < LET:
            pile = self.piles[action - DRAW] if action - DRAW < len(self.piles) else []
            return ActionWords("draw_pile", tuple(pile[-1:]), n=action - DRAW + 1)
        if action == LET:
            return ActionWords("let_go")
        if action == STOP:
            return ActionWords("end_game")
        seat, c = divmod(action - TARGET, 52)
        return ActionWords("remove", (c,), seat=seat)


    def figures(self) -> dict[str, int]:
        """What a finished game did, for the rule lab: cards removed, counters played, and its
        length in moves."""
        return {"removals": len(self.removals), "counters": self.counters,
                "moves": len(self.actions)}


def determinize(state: Sums, seat: int, rng: random.Random, seen: bool = False) -> Sums:
    """A copy of ``state`` consistent with ``state.observation(seat)``, for search: the cards
    ``seat`` cannot see (the other hands, the community piles under their top cards) are dealt
    again at random, every size kept; with ``seen``, the cards each other seat was seen to
    take into its hand (drawn face up, taken back) stay there. It depends on the unseen cards
    only as a multiset."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    kept = {s: list(new.seen[s]) if seen else [] for s in others}
    unseen = [c for p in new.piles for c in p[:-1]]
    for s in others:
        rest = new.hands[s][:]
        for c in kept[s]:
            rest.remove(c)
        unseen += rest
    sizes = [len(new.hands[s]) - len(kept[s]) for s in others]
    sizes += [len(p) - 1 for p in new.piles if p]
    parts = iter(redeal(unseen, sizes, rng))
    for s in others:
        new.hands[s] = sorted(next(parts) + kept[s])
    for i, p in enumerate(new.piles):
        if p:
            new.piles[i] = next(parts) + p[-1:]
    if new.phase == COUNTERING and new.current != seat:  # the counter cards of a hidden hand
        new._offer_counters(new.chain[-1])
    new._legal = None  # the hands changed
    return new


RULES = Rules(
    key="sums",
    title="Sums",
    min_players=2,
    max_players=MAX_PLAYERS,
    options_type=Options,
    factory=Sums,
    stock=lambda state: sum(len(p) for p in state.piles),
)
new_game = RULES.new_game  # a new game of Sums
