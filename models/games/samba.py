"""Samba: the rules engine (docs/rules.md, Samba). Melds and scoring live in ``samba_melds``.

A state is a whole game: hands are dealt one after another until a side reaches the
target (or, with the ``hands`` option, for a fixed number of hands). Sides: partners
with 4 players (seats i and i+2) and 6 players (seats i and i+3), otherwise one each.

A turn is split into small decisions, each an integer action code:

- draw phase: :data:`DRAW` (the top two of the stock; with the stock empty it means
  "stop": the hand ends), ``TAKE_GROUP + pair`` (take the pile, melding its top card with
  two naturals of its rank of the suits in ``PAIRS[pair]``), ``TAKE_SEQ + i`` (take the
  pile, adding its top card to the side's sequence ``i``);
- meld phase: ``START_GROUP + rank * 70 + combo`` (a new 3-card group, see ``COMBOS``),
  ``START_SEQ + suit * 9 + low`` (a new 3-card sequence), ``ADD + slot * 53 + card``
  (slot 0..12: the side's group of that rank index, 13+i: its sequence i), ``RED3`` /
  ``RED3 + 1`` (meld 3H / 3D), :data:`BLACK3` (meld all black 3s, only when going out),
  :data:`ASK` (ask the partner about going out; the partner answers :data:`YES` or
  :data:`NO`), :data:`FINISH` (done melding), :data:`CANCEL` (see below);
- discard phase: ``DISCARD + card``.

The first-meld minimum: while a side has not melded in this hand, its melds of the turn
are tentative and add up the card values that count (cards from the hand before taking
the pile, and the pile's top card). :data:`FINISH` is legal only once they reach the
minimum; :data:`CANCEL` takes them all back (and a taken pile returns to the table, the
player then drawing from the stock), after which the player may only meld red 3s this
turn. A side holds at most one group of each rank (a canasta keeps growing), and any
number of sequences. Going out, by melding or discarding the last card, needs two
canastas/sambas; after the partner answers "no" the player may not go out this turn;
after "yes" the player must go out if able: done melding is refused while a card can
still be melded and more than one card is left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Self

from models.cards import format_cards, random_shuffle, samba_pack
from models.errors import IllegalAction, SetupError
from models.games.base import ActionWords, Engine, RoundResult, Rules, option, redeal, within
from models.games.samba_melds import (
    BLACK_THREES,
    IS_WILD,
    POS,
    RED_THREES,
    VALUE,
    WILDS,
    Breakdown,
    InvalidMeld,
    card_value,
    group_problem,
    initial_meld_minimum,
    is_canasta,
    is_group,
    is_pure,
    is_samba,
    is_sequence,
    meld_kind,
    score_breakdown,
    sequence_problem,
    side_score,
)

__all__ = [
    "RULES", "Breakdown", "InvalidMeld", "Observation", "Options", "Samba", "card_value",
    "group_problem", "initial_meld_minimum", "is_canasta", "is_group", "is_pure", "is_samba",
    "is_sequence", "determinize", "meld_kind", "new_game", "score_breakdown", "sequence_problem",
    "settle_turn", "side_score",
]

MAX_SEQ = 44  # 132 cards of ranks 4..A can form at most 44 sequences of 3
SLOTS = 13 + MAX_SEQ
DRAW, FINISH, CANCEL, ASK, YES, NO = range(6)
RED3 = 6  # 6: 3H, 7: 3D
BLACK3 = 8
TAKE_GROUP = 9
TAKE_SEQ = TAKE_GROUP + 10
START_SEQ = TAKE_SEQ + MAX_SEQ
START_GROUP = START_SEQ + 36
ADD = START_GROUP + 13 * 70
DISCARD = ADD + SLOTS * 53
NUM_ACTIONS = DISCARD + 53

SUITS = "SHDC"
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(4), 2))
TRIPLES: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(4), 3))
GROUP_RANKS = (0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)  # rank index (code % 13): A, 4..K
GROUP_RANK_SET = frozenset(GROUP_RANKS)  # a black-3 group (index 2) takes no more cards
WILD_KIND = {code: i for i, code in enumerate(WILDS)}


def _combos(r: int) -> tuple[tuple[int, ...], ...]:
    """The 70 ways to start a group of rank index ``r``: 3 naturals (suits), then 2 + a wild."""
    three: list[tuple[int, ...]] = [tuple(s * 13 + r for s in t) for t in TRIPLES]
    two: list[tuple[int, ...]] = [(a * 13 + r, b * 13 + r, w) for a, b in PAIRS for w in WILDS]
    return tuple(three + two)


# COMBOS[r][k]: the cards of group start k of rank index r.
COMBOS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_combos(r) for r in range(13))


def _need(cards: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((c, cards.count(c)) for c in dict.fromkeys(cards))


NEED = tuple(tuple(_need(cards) for cards in row) for row in COMBOS)


def _by_signature() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each count of naturals per suit (0..3 each, base 4): the triples and the pairs
    those naturals allow."""
    table = []
    for sig in range(256):
        have = [(sig >> (2 * s)) & 3 for s in range(4)]
        triples = tuple(
            k for k, t in enumerate(TRIPLES) if all(t.count(s) <= have[s] for s in range(4))
        )
        pairs = tuple(
            k for k, p in enumerate(PAIRS) if all(p.count(s) <= have[s] for s in range(4))
        )
        table.append((triples, pairs))
    return tuple(table)


BY_SIGNATURE = _by_signature()
SEQ_CARD = tuple(tuple(s * 13 + (0 if p == 10 else p + 3) for p in range(11)) for s in range(4))
ANSWER_PHASE, DRAW_PHASE, MELD_PHASE, DISCARD_PHASE = range(4)
OUT_BIG = 2  # canastas and sambas a side needs to go out
_WORD_CODES = {FINISH: "finish", CANCEL: "cancel", ASK: "ask", YES: "yes", NO: "no",
               BLACK3: "meld_black3"}
# the codes of Samba.action_words
WORD_CODES = ("draw", "stop_stock", "take_pile", "take_pile_seq", "meld", "add_group",
              "add_seq", "discard", *_WORD_CODES.values())


@dataclass(frozen=True)
class Options:
    """House options of a Samba game; the defaults are the rules of docs/rules.md."""

    # the game ends when a side reaches it (highest total wins)
    target: int = option(10000, low=1000, high=20000, step=500)
    # a fixed number of hands instead of the target (0: off)
    hands: int = option(0, low=0, high=30, open_high=True, zero="off")
    # first-meld minimum from 7000 points: 150, or 160
    top_minimum: int = option(150, low=150, high=160, step=10)
    first_dealer: int = 0  # seat of the first dealer

    def __post_init__(self) -> None:
        # The screen offers targets from 1000 in five hundreds; a file or a test may ask for any.
        if self.target < 1:
            raise SetupError("setup_target")
        if not within(self, "hands"):
            raise SetupError("setup_hands_negative")
        if not within(self, "top_minimum") or self.top_minimum % 10:
            raise SetupError("setup_top_minimum")
        if self.first_dealer < 0:
            raise SetupError("setup_first_dealer")


def sides_of(players: int) -> list[int]:
    """The side of each seat: partners i and i+2 with 4 players, i and i+3 with 6."""
    teams = players // 2 if players in (4, 6) else players
    return [seat % teams for seat in range(players)]


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the left after each hand; the dealer's left hand plays first."""
    return (dealer + 1) % players


def may_go_out(big: int) -> bool:
    """Whether a side holding ``big`` canastas and sambas may go out: two are needed."""
    return big >= OUT_BIG


def played_out(totals: Sequence[int], hands: int, options: Options) -> bool:
    """Whether the game has run its course after ``hands`` hands with these side totals:
    the fixed number of hands played (``hands`` option), else a side at or past the target."""
    return hands >= options.hands if options.hands else max(totals) >= options.target


def game_over(totals: Sequence[int], hands: int, options: Options) -> bool:
    """Whether the game ends: it has run its course and no other side shares the highest
    total (a tie plays another hand)."""
    return played_out(totals, hands, options) and totals.count(max(totals)) == 1


def leaders(totals: Sequence[int]) -> list[int]:
    """The sides with the highest total."""
    top = max(totals)
    return [side for side, total in enumerate(totals) if total == top]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see of a Samba game (:meth:`Samba.observation`): its ``side`` and
    ``partner`` (-1: none), its own ``hand`` (not the partner's), every hand's size, each
    side's melds (groups by rank, sequences, then red 3s, as card codes) and whether it has
    ``opened`` this hand, the pile's ``top`` (-1: empty) and size, the ``stock``'s size, the
    seat to act (``current``, -1 once over), the ``phase`` (``answer``, ``draw``, ``meld``,
    ``discard``), its side's first-meld ``minimum`` and what its side ``counted`` toward it
    this turn, the ``dealer``, the hand's number (``hand_no``), each seat's game points
    (``totals``) and its ``legal`` actions (none when it is not its turn)."""

    seat: int
    side: int
    partner: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[tuple[int, ...], ...], ...]
    opened: tuple[bool, ...]
    top: int
    pile_size: int
    stock: int
    current: int
    phase: str
    minimum: int
    counted: int
    dealer: int
    hand_no: int
    totals: tuple[int, ...]
    legal: tuple[int, ...]


class Samba(Engine[Options]):
    """A Samba game in play: hands, turns, melds, totals."""

    __slots__ = (
        "side", "partner", "nsides", "hand_no", "dealer", "side_totals", "over", "hands", "cnt",
        "stock", "pile", "groups", "seqs", "red3", "big", "nmelds", "opened", "current", "phase",
        "asker", "need", "counted", "fresh", "snap", "no_take", "cancelled", "may_out", "asked",
        "moves", "breakdowns", "shown", "turned",
    )
    LISTS = ("actions", "side_totals", "results", "breakdowns", "shown", "stock", "pile", "big",
             "nmelds", "opened")
    NESTED = ("hands", "cnt", "red3")  # groups, seqs and fresh: see clone

    def __init__(self, players: int, seed: int = 0, options: Options | None = None) -> None:
        options = options or Options()
        RULES.check_players(players)
        if options.first_dealer >= players:
            raise SetupError("setup_dealer_seat", players=players)
        super().__init__(players, seed, options)
        self.side = sides_of(players)
        self.nsides = max(self.side) + 1
        self.partner = [
            (s + players // 2) % players if players in (4, 6) else -1 for s in range(players)
        ]
        self.side_totals = [0] * self.nsides
        self.breakdowns: list[list[Breakdown]] = []
        self.shown: list[tuple[tuple[int, ...], ...]] = []  # each hand's cards held at its end
        self.hand_no = 0
        self.dealer = options.first_dealer
        self.over = False
        self._deal()

    # -- set-up ---------------------------------------------------------------------------
    def _deal(self) -> None:
        """Shuffle, deal 15 each (13 with 6 players) one at a time, turn up the next card."""
        n = self.players
        deck = [int(c) for c in samba_pack()]
        random_shuffle(deck, f"samba/{self.seed}/{self.hand_no}")
        size = 13 if n == 6 else 15
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(size):
            for i in range(n):
                hands[(self.dealer + 1 + i) % n].append(deck.pop())
        self.hands = hands
        self.cnt = [[0] * 53 for _ in range(n)]
        for seat, hand in enumerate(hands):
            for c in hand:
                self.cnt[seat][c] += 1
        self.pile = [deck.pop()]
        self.turned = self.pile[0]  # the card turned up (everyone saw it)
        self.stock: list[int] = deck  # the top of the stock is its end
        m = self.nsides
        self.groups: list[list[list[int] | None]] = [[None] * 13 for _ in range(m)]
        self.seqs: list[list[list[int]]] = [[] for _ in range(m)]  # [suit, low, high]
        self.red3: list[list[int]] = [[] for _ in range(m)]
        self.big = [0] * m  # canastas and sambas
        self.nmelds = [0] * m  # groups and sequences
        self.opened = [False] * m
        self.moves = 0
        self.current = next_dealer(self.dealer, n)
        self._start_turn()

    def _start_turn(self) -> None:
        side = self.side[self.current]
        self.phase = DRAW_PHASE
        self.asker = -1
        self.need = initial_meld_minimum(self.side_totals[side], self.options.top_minimum)
        self.counted = 0
        self.fresh: list[int] | None = None
        self.snap: tuple[list[int], list[int] | None, int] | None = None
        self.no_take = False
        self.cancelled = False
        self.may_out = 0  # 1 after the partner's yes, -1 after no
        self.asked = False
        if not self.stock and not self._takes():
            self._end_hand(-1)

    # -- queries --------------------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        """Game points of each seat (partners share their side's total)."""
        return [self.side_totals[s] for s in self.side]

    @property
    def scores(self) -> list[int]:
        return self.totals

    @property
    def winners(self) -> list[int]:
        """The seats of the winning side(s) (empty while the game is not over)."""
        if not self.over:
            return []
        best = leaders(self.side_totals)
        return [s for s in range(self.players) if self.side[s] in best]

    @property
    def top(self) -> int:
        """The top card of the discard pile, or -1 when the pile is empty."""
        return self.pile[-1] if self.pile else -1

    def melds(self, side: int) -> list[list[int]]:
        """The side's melds as card lists: groups by rank, sequences, then red 3s."""
        out = [list(g) for g in self.groups[side] if g is not None]
        for suit, low, high in self.seqs[side]:
            out.append([SEQ_CARD[suit][p] for p in range(low, high + 1)])
        out += [[c] for c in self.red3[side]]
        return out

    def _takes(self) -> list[int]:
        """The pile-taking actions open to the player to act."""
        if self.no_take or not self.pile:
            return []
        top = self.pile[-1]
        r = top % 13
        if IS_WILD[top] or r == 2:
            return []
        seat, side = self.current, self.side[self.current]
        c, hand = self.cnt[seat], len(self.hands[seat])
        rest = len(self.pile) - 1
        out = []
        nat = (c[r], c[13 + r], c[26 + r], c[39 + r])
        if nat[0] + nat[1] + nat[2] + nat[3] >= 2:
            group = self.groups[side][r]
            size = len(group) if group is not None else 0
            big = self.big[side] + (size < 7 <= size + 3)
            gain = 3 * VALUE[top]
            if self._left_ok(hand - 2 + rest, big, gain):
                sig = min(nat[0], 3) | min(nat[1], 3) << 2 | min(nat[2], 3) << 4
                sig |= min(nat[3], 3) << 6
                out += [TAKE_GROUP + k for k in BY_SIGNATURE[sig][1]]
        p = POS[top]
        s = top // 13
        for i, (suit, low, high) in enumerate(self.seqs[side]):
            if suit == s and high - low < 6 and (p == low - 1 or p == high + 1):
                big = self.big[side] + (high - low == 5)
                if self._left_ok(hand + rest, big, 0):
                    out.append(TAKE_SEQ + i)
        return out

    def _left_ok(self, left: int, big: int, gain: int) -> bool:
        """Whether the player may be left with ``left`` cards after a meld, the side then
        holding ``big`` canastas/sambas and the turn's count grown by ``gain``: one card
        left means the next discard goes out, none means out now."""
        if left >= 2:
            return True
        if not may_go_out(big) or self.may_out < 0:
            return False
        side = self.side[self.current]
        return left == 1 or self.opened[side] or self.counted + gain >= self.need

    def _gain(self, codes: tuple[int, ...] | list[int]) -> int:
        """The count toward the first-meld minimum of melding ``codes`` from the hand."""
        if self.opened[self.side[self.current]]:
            return 0
        c, fresh = self.cnt[self.current], self.fresh
        total = 0
        used: dict[int, int] = {}
        for code in codes:
            j = used.get(code, 0)
            used[code] = j + 1
            if fresh is None or c[code] - j > fresh[code]:
                total += VALUE[code]
        return total

    def _tentative(self) -> bool:
        side = self.side[self.current]
        return not self.opened[side] and self.nmelds[side] > 0

    def _finish_ok(self) -> bool:
        if self._tentative() and self.counted < self.need:
            return False
        if self.may_out > 0 and len(self.hands[self.current]) > 1:  # "yes" binds: go out if able
            reds = self.is_legal(RED3) or self.is_legal(RED3 + 1)
            return not reds and not self._meld_actions()
        return True

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` may be taken now (the rules' check behind :meth:`legal_actions`
        and :meth:`why_illegal`)."""
        if self.over or not 0 <= action < NUM_ACTIONS:
            return False
        phase = self.phase
        if phase == ANSWER_PHASE:
            return action in (YES, NO)
        if phase == DRAW_PHASE:
            return action == DRAW or (TAKE_GROUP <= action < START_SEQ and action in self._takes())
        seat = self.current
        hand = self.hands[seat]
        if phase == DISCARD_PHASE:
            if action < DISCARD or not self.cnt[seat][action - DISCARD]:
                return False
            return len(hand) > 1 or self._left_ok(0, self.big[self.side[seat]], 0)
        if action == FINISH:
            return self._finish_ok()
        if action == CANCEL:
            return self._tentative() and self.counted < self.need
        if action == ASK:
            return (
                self.partner[seat] >= 0 and not self.asked and len(hand) >= 2
                and may_go_out(self.big[self.side[seat]]) and not self.cancelled
                and (not self._tentative() or self.counted >= self.need)
            )
        if action in (RED3, RED3 + 1):
            code = RED_THREES[action - RED3]
            return bool(self.cnt[seat][code]) and self._left_ok(
                len(hand) - 1, self.big[self.side[seat]], 0
            )
        if self.cancelled or not START_SEQ <= action < DISCARD and action != BLACK3:
            return False
        return self._meld_legal(action)

    def _meld_legal(self, action: int) -> bool:
        seat, side = self.current, self.side[self.current]
        c, left = self.cnt[seat], len(self.hands[seat])
        big = self.big[side]
        if action == BLACK3:
            threes = [BLACK_THREES[0]] * c[BLACK_THREES[0]] + [BLACK_THREES[1]] * c[BLACK_THREES[1]]
            return (
                len(threes) >= 3 and left - len(threes) <= 1
                and self.groups[side][2] is None
                and self._left_ok(left - len(threes), big, self._gain(threes))
            )
        if action < START_GROUP:
            suit, low = divmod(action - START_SEQ, 9)
            codes = SEQ_CARD[suit][low : low + 3]
            return (
                all(c[x] for x in codes) and len(self.seqs[side]) < MAX_SEQ
                and self._left_ok(left - 3, big, self._gain(codes))
            )
        if action < ADD:
            r, k = divmod(action - START_GROUP, 70)
            if r not in GROUP_RANKS or self.groups[side][r] is not None:
                return False
            if any(c[x] < n for x, n in NEED[r][k]):
                return False
            return self._left_ok(left - 3, big, self._gain(COMBOS[r][k]))
        slot, code = divmod(action - ADD, 53)
        if not c[code]:
            return False
        if slot < 13:
            group = self.groups[side][slot]
            if group is None or slot not in GROUP_RANK_SET:
                return False
            if IS_WILD[code]:
                wilds = sum(1 for x in group if IS_WILD[x])
                if wilds >= 2 or len(group) - wilds < 2 * (wilds + 1):
                    return False
            elif code % 13 != slot:
                return False
            grown = big + (len(group) == 6)
        else:
            i = slot - 13
            if i >= len(self.seqs[side]):
                return False
            suit, low, high = self.seqs[side][i]
            p = POS[code]
            if code // 13 != suit or p < 0 or high - low >= 6:
                return False
            if p != low - 1 and p != high + 1:
                return False
            grown = big + (high - low == 5)
        return self._left_ok(left - 1, grown, self._gain((code,)))

    def _meld_actions(self) -> list[int]:
        """Every legal meld of a new group or sequence or of a card onto one (unsorted)."""
        if self.cancelled:
            return []
        seat, side = self.current, self.side[self.current]
        c, hand = self.cnt[seat], self.hands[seat]
        groups = self.groups[side]
        masks = [0, 0, 0, 0]
        wilds = []
        starts = []
        out = []
        for code in set(hand):
            if IS_WILD[code]:
                wilds.append(code)
                continue
            p = POS[code]
            if p >= 0:
                masks[code // 13] |= 1 << p
                r = code % 13
                if groups[r] is None:
                    starts.append(r)
                else:
                    out.append(ADD + r * 53 + code)
        for r in dict.fromkeys(starts):
            nat = (c[r], c[13 + r], c[26 + r], c[39 + r])
            if nat[0] + nat[1] + nat[2] + nat[3] < 2:
                continue
            sig = min(nat[0], 3) | min(nat[1], 3) << 2 | min(nat[2], 3) << 4
            triples, pairs = BY_SIGNATURE[sig | min(nat[3], 3) << 6]
            base = START_GROUP + r * 70
            out += [base + k for k in triples]
            for w in wilds:
                kind = 20 + WILD_KIND[w]
                out += [base + kind + 5 * k for k in pairs]
        if wilds:
            for r in GROUP_RANKS:
                group = groups[r]
                if group is None:
                    continue
                nw = sum(1 for x in group if IS_WILD[x])
                if nw < 2 and len(group) - nw >= 2 * (nw + 1):
                    out += [ADD + r * 53 + w for w in wilds]
        seqs = self.seqs[side]
        for i, (suit, low, high) in enumerate(seqs):
            if high - low < 6:
                m = masks[suit]
                if low and m >> (low - 1) & 1:
                    out.append(ADD + (13 + i) * 53 + SEQ_CARD[suit][low - 1])
                if high < 10 and m >> (high + 1) & 1:
                    out.append(ADD + (13 + i) * 53 + SEQ_CARD[suit][high + 1])
        if len(seqs) < MAX_SEQ:
            for suit in range(4):
                m = masks[suit]
                runs = m & m >> 1 & m >> 2
                while runs:
                    low = (runs & -runs).bit_length() - 1
                    out.append(START_SEQ + suit * 9 + low)
                    runs &= runs - 1
        if len(hand) < 5:  # few cards left: going out rules apply
            out = [a for a in out if self._meld_legal(a)]
        if c[BLACK_THREES[0]] + c[BLACK_THREES[1]] >= 3 and self._meld_legal(BLACK3):
            out.append(BLACK3)
        return out

    def legal_actions(self) -> list[int]:
        """Every legal action now, in increasing code order."""
        if self.over:
            return []
        phase = self.phase
        if phase == ANSWER_PHASE:
            return [YES, NO]
        if phase == DRAW_PHASE:
            return [DRAW] + self._takes()
        seat = self.current
        if phase == DISCARD_PHASE:
            out = [DISCARD + c for c in sorted(set(self.hands[seat]))]
            if len(self.hands[seat]) == 1 and not self._left_ok(0, self.big[self.side[seat]], 0):
                return []
            return out
        out = self._meld_actions()
        c = self.cnt[seat]
        for a in (FINISH, CANCEL, ASK, RED3, RED3 + 1):
            if a == ASK and (self.asked or self.partner[seat] < 0):
                continue
            if a >= RED3 and not c[RED_THREES[a - RED3]]:
                continue
            if self.is_legal(a):
                out.append(a)
        out.sort()
        return out

    # -- moves ----------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Take ``action`` for the player to act; an illegal action raises IllegalAction."""
        why = self.why_illegal(action)
        if why is not None:
            raise why
        self.actions.append(action)
        self.moves += 1
        seat, side = self.current, self.side[self.current]
        if action == DRAW:
            self._draw(seat, side)
        elif action < START_SEQ and action >= TAKE_GROUP:
            self._take(seat, side, action)
        elif action >= DISCARD:
            self._discard(seat, action - DISCARD)
        elif action == FINISH:
            if self._tentative():
                self.opened[side] = True
            self.phase = DISCARD_PHASE
        elif action == CANCEL:
            self._cancel(seat, side)
        elif action == ASK:
            self.asked = True
            self.asker = seat
            self.current = self.partner[seat]
            self.phase = ANSWER_PHASE
        elif action in (YES, NO):
            self.may_out = 1 if action == YES else -1
            self.current = self.asker
            self.phase = MELD_PHASE
        else:
            self._meld(seat, side, action)

    def _use(self, seat: int, side: int, code: int) -> None:
        """Move one card from the hand to the table, counting it toward the minimum."""
        c = self.cnt[seat]
        if not self.opened[side]:
            fresh = self.fresh
            if fresh is not None and c[code] <= fresh[code]:
                fresh[code] -= 1
            else:
                self.counted += VALUE[code]
        c[code] -= 1
        self.hands[seat].remove(code)

    def _draw(self, seat: int, side: int) -> None:
        if not self.stock:
            self._end_hand(-1)
            return
        got = self.stock[-2:]
        del self.stock[-2:]
        self.hands[seat] += got
        for code in got:
            self.cnt[seat][code] += 1
        if not self.opened[side]:
            self.snap = (self.hands[seat][:], None, len(self.red3[side]))
        self.phase = MELD_PHASE

    def _take(self, seat: int, side: int, action: int) -> None:
        if not self.opened[side]:
            self.snap = (self.hands[seat][:], self.pile[:], len(self.red3[side]))
        top = self.pile.pop()
        if action < TAKE_SEQ:
            r = top % 13
            a, b = PAIRS[action - TAKE_GROUP]
            self._use(seat, side, a * 13 + r)
            self._use(seat, side, b * 13 + r)
            if not self.opened[side]:
                self.counted += VALUE[top]
            group = self.groups[side][r]
            if group is None:
                self.groups[side][r] = [a * 13 + r, b * 13 + r, top]
                self.nmelds[side] += 1
            else:
                self.big[side] += len(group) < 7 <= len(group) + 3
                group += [a * 13 + r, b * 13 + r, top]
        else:
            seq = self.seqs[side][action - TAKE_SEQ]
            if POS[top] < seq[1]:
                seq[1] -= 1
            else:
                seq[2] += 1
            self.big[side] += seq[2] - seq[1] == 6
        rest = self.pile
        self.pile = []
        if not self.opened[side]:
            fresh = [0] * 53
            for code in rest:
                fresh[code] += 1
            self.fresh = fresh
        self.hands[seat] += rest
        c = self.cnt[seat]
        for code in rest:
            c[code] += 1
        self.phase = MELD_PHASE
        if not self.hands[seat]:
            self._end_hand(seat)

    def _meld(self, seat: int, side: int, action: int) -> None:
        if action in (RED3, RED3 + 1):
            code = RED_THREES[action - RED3]
            self._use(seat, side, code)
            self.red3[side].append(code)
        elif action == BLACK3:
            threes = [x for x in self.hands[seat] if x in BLACK_THREES]
            for code in threes:
                self._use(seat, side, code)
            self.groups[side][2] = threes
            self.nmelds[side] += 1
        elif action < START_GROUP:
            suit, low = divmod(action - START_SEQ, 9)
            for code in SEQ_CARD[suit][low : low + 3]:
                self._use(seat, side, code)
            self.seqs[side].append([suit, low, low + 2])
            self.nmelds[side] += 1
        elif action < ADD:
            r, k = divmod(action - START_GROUP, 70)
            for code in COMBOS[r][k]:
                self._use(seat, side, code)
            self.groups[side][r] = list(COMBOS[r][k])
            self.nmelds[side] += 1
        else:
            slot, code = divmod(action - ADD, 53)
            self._use(seat, side, code)
            if slot < 13:
                group = self.groups[side][slot]
                assert group is not None
                group.append(code)
                self.big[side] += len(group) == 7
            else:
                seq = self.seqs[side][slot - 13]
                if POS[code] < seq[1]:
                    seq[1] -= 1
                else:
                    seq[2] += 1
                self.big[side] += seq[2] - seq[1] == 6
        if not self.hands[seat]:
            self._end_hand(seat)

    def _cancel(self, seat: int, side: int) -> None:
        assert self.snap is not None
        hand, pile, reds = self.snap
        self.groups[side] = [None] * 13
        self.seqs[side] = []
        self.big[side] = self.nmelds[side] = 0
        del self.red3[side][reds:]
        self.hands[seat] = hand[:]
        c = self.cnt[seat] = [0] * 53
        for code in hand:
            c[code] += 1
        self.counted = 0
        self.fresh = None
        if pile is None:
            self.cancelled = True
        else:
            self.pile = pile[:]
            self.no_take = True
            self.snap = None
            self.phase = DRAW_PHASE

    def _discard(self, seat: int, code: int) -> None:
        self.cnt[seat][code] -= 1
        self.hands[seat].remove(code)
        self.pile.append(code)
        if not self.hands[seat]:
            self._end_hand(seat)
            return
        self.current = (seat + 1) % self.players
        self._start_turn()

    def _end_hand(self, out: int) -> None:
        """Score the hand (``out``: the seat that went out, -1 if none) and deal the next."""
        if out >= 0:
            self.opened[self.side[out]] = True
        parts = [
            score_breakdown(
                self.melds(side),
                [self.hands[s] for s in range(self.players) if self.side[s] == side],
                out >= 0 and self.side[out] == side,
            )
            for side in range(self.nsides)
        ]
        points = [b.total for b in parts]
        best = max(points)
        self.breakdowns.append(parts)
        self.shown.append(tuple(tuple(h) for h in self.hands))
        self.results.append(
            RoundResult(
                tuple(points[s] for s in self.side),
                self.moves,
                "out" if out >= 0 else "stock",
                tuple(s for s in range(self.players) if points[self.side[s]] == best),
            )
        )
        for side, p in enumerate(points):
            self.side_totals[side] += p
        self.over = game_over(self.side_totals, len(self.results), self.options)
        if self.over:
            return
        self.hand_no += 1
        self.dealer = next_dealer(self.dealer, self.players)
        self._deal()

    def why_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` may not be taken now, None when it may (:meth:`is_legal`): the one
        check, which :meth:`apply` makes."""
        if self.is_legal(action):
            return None
        if self.over:
            return IllegalAction("sa_over")
        if not 0 <= action < NUM_ACTIONS:
            return IllegalAction("sa_action", action=action)
        phase = self.phase
        if phase == ANSWER_PHASE:
            return IllegalAction("sa_answer_first")
        if phase == DRAW_PHASE:
            if TAKE_GROUP <= action < START_SEQ:
                return IllegalAction("sa_take_way")
            return IllegalAction("sa_draw_first")
        if phase == DISCARD_PHASE:
            if action < DISCARD:
                return IllegalAction("sa_discard_now")
            return IllegalAction("sa_no_out")
        if action >= DISCARD:
            return IllegalAction("sa_finish_first")
        if action == FINISH:
            if self._tentative() and self.counted < self.need:
                return IllegalAction("sa_below", counted=self.counted, need=self.need)
            return IllegalAction("sa_must_out")
        if action in (DRAW, TAKE_GROUP):
            return IllegalAction("sa_drawn")
        if self.cancelled:
            return IllegalAction("sa_red_only")
        return IllegalAction("sa_not_now")

    # -- copies, views --------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy, cheap enough for search (no deepcopy): :meth:`Engine.clone`,
        and the melds and the count of fresh pile cards copied too."""
        new = super().clone()
        new.groups = [[None if g is None else g[:] for g in side] for side in self.groups]
        new.seqs = [[s[:] for s in side] for side in self.seqs]
        new.fresh = None if self.fresh is None else self.fresh[:]
        return new

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand (not the partner's), hand sizes, the table."""
        side = self.side[seat]
        turn = self.current_player
        return Observation(
            seat=seat,
            side=side,
            partner=self.partner[seat],
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)),
            melds=tuple(tuple(map(tuple, self.melds(s))) for s in range(self.nsides)),
            opened=tuple(self.opened),
            top=self.top,
            pile_size=len(self.pile),
            stock=len(self.stock),
            current=turn,
            phase=("answer", "draw", "meld", "discard")[self.phase],
            minimum=initial_meld_minimum(self.side_totals[side], self.options.top_minimum),
            counted=self.counted if turn >= 0 and self.side[turn] == side else 0,
            dealer=self.dealer,
            hand_no=self.hand_no,
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == turn else (),
        )

    def action_str(self, action: int) -> str:
        """The action in words and the card notation: ``meld 5H 5S 2C``, ``discard QD``."""
        if action == DRAW:
            return "draw" if self.stock or self.over else "stop (the stock is empty)"
        words = {FINISH: "done melding", CANCEL: "take the melds back",
                 ASK: "ask partner: may I go out?", YES: "yes, go out", NO: "no, do not go out",
                 RED3: "meld 3H", RED3 + 1: "meld 3D", BLACK3: "meld the black 3s"}
        if action in words:
            return words[action]
        if TAKE_GROUP <= action < TAKE_SEQ:
            a, b = PAIRS[action - TAKE_GROUP]
            return f"take the pile with {SUITS[a]} and {SUITS[b]} naturals"
        if TAKE_SEQ <= action < START_SEQ:
            return f"take the pile onto sequence {action - TAKE_SEQ + 1}"
        if START_SEQ <= action < START_GROUP:
            suit, low = divmod(action - START_SEQ, 9)
            return "meld " + format_cards(SEQ_CARD[suit][low : low + 3])
        if START_GROUP <= action < ADD:
            r, k = divmod(action - START_GROUP, 70)
            return "meld " + format_cards(COMBOS[r][k])
        if ADD <= action < DISCARD:
            slot, code = divmod(action - ADD, 53)
            card = format_cards([code])
            if slot < 13:
                rank = format_cards([slot + 13])[:-1]
                return f"add {card} to the {rank}s"
            return f"add {card} to sequence {slot - 12}"
        if DISCARD <= action < NUM_ACTIONS:
            return "discard " + format_cards([action - DISCARD])
        return f"action {action}"

    def action_words(self, action: int) -> ActionWords:
        """The action for people's words: ``draw`` (``n`` cards) or ``stop_stock``,
        ``take_pile`` (with the two naturals of the top card's rank), ``take_pile_seq`` (onto
        sequence ``n``: ``meld``), ``meld`` cards, ``meld_black3``, ``add_group`` (a card to
        the group of ``rank``), ``add_seq`` (a card to sequence ``n``: ``meld``), ``finish``,
        ``cancel``, ``ask``, ``yes``, ``no``, ``discard`` a card."""
        if action == DRAW:
            if self.stock or self.over:
                return ActionWords("draw", n=min(2, len(self.stock)) or 2)
            return ActionWords("stop_stock")
        if action in _WORD_CODES:
            return ActionWords(_WORD_CODES[action])
        if action in (RED3, RED3 + 1):
            return ActionWords("meld", (RED_THREES[action - RED3],))
        if TAKE_GROUP <= action < TAKE_SEQ:
            a, b = PAIRS[action - TAKE_GROUP]
            r = self.pile[-1] % 13 if self.pile else 0
            return ActionWords("take_pile", (a * 13 + r, b * 13 + r))
        if TAKE_SEQ <= action < START_SEQ:
            i = action - TAKE_SEQ
            return ActionWords("take_pile_seq", n=i + 1, meld=self._seq_cards(i))
        if START_SEQ <= action < START_GROUP:
            suit, low = divmod(action - START_SEQ, 9)
            return ActionWords("meld", SEQ_CARD[suit][low : low + 3])
        if START_GROUP <= action < ADD:
            r, k = divmod(action - START_GROUP, 70)
            return ActionWords("meld", COMBOS[r][k])
        if ADD <= action < DISCARD:
            slot, code = divmod(action - ADD, 53)
            if slot < 13:
                return ActionWords("add_group", (code,), rank=slot)
            return ActionWords("add_seq", (code,), n=slot - 12, meld=self._seq_cards(slot - 13))
        if DISCARD <= action < NUM_ACTIONS:
            return ActionWords("discard", (action - DISCARD,))
        raise IllegalAction("sa_action", action=action)

    def _seq_cards(self, i: int) -> tuple[int, ...]:
        """The cards of sequence ``i`` of the side to play (none if it has no such one)."""
        turn = self.current_player
        seqs = self.seqs[self.side[turn]] if turn >= 0 else []
        if i >= len(seqs):
            return ()
        suit, low, high = seqs[i]
        return SEQ_CARD[suit][low : high + 1]


    def figures(self) -> dict[str, int]:
        """What a finished game did, for the rule lab, from each hand's score sheet: canastas
        (pure and mixed) and sambas melded, red 3s melded, hands played."""
        canastas = sambas = red = 0
        for parts in self.breakdowns:
            for b in parts:
                canastas += b.pure_canastas // 500 + b.mixed_canastas // 300
                sambas += b.sambas // 1500
                red += 6 if abs(b.red_threes) == 1000 else abs(b.red_threes) // 100
        return {"canastas": canastas, "sambas": sambas, "red_threes": red,
                "hands": len(self.results)}


def determinize(state: Samba, seat: int, rng: random.Random) -> Samba:
    """A copy of ``state`` consistent with ``state.observation(seat)``, for search: the cards
    ``seat`` cannot see (the other hands, the partner's too, the stock, the pile under its top
    card) are dealt again at random, every size kept, and later deals get a seed drawn from
    ``rng``. It depends on those cards only as a multiset. When the turn in progress is another
    player's, the hand that taking the melds back would restore becomes their new hand."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    unseen = new.stock + new.pile[:-1] + [c for s in others for c in new.hands[s]]
    sizes = [len(new.hands[s]) for s in others] + [max(0, len(new.pile) - 1)]
    *hands, under, new.stock = redeal(unseen, sizes, rng)
    for s, hand in zip(others, hands, strict=True):
        new.hands[s] = hand
        counts = new.cnt[s] = [0] * 53
        for code in hand:
            counts[code] += 1
    new.pile = under + new.pile[-1:]
    settle_turn(new, seat)
    new.seed = rng.getrandbits(32)
    return new


def settle_turn(world: Samba, seat: int) -> None:
    """For a copy of the game whose hidden hands were dealt again (``determinize``): when the
    turn in progress is another player's than ``seat``'s, the hand that taking the melds back
    would restore becomes their new hand, and none of it counts as taken from the pile."""
    owner = world.asker if world.phase == ANSWER_PHASE else world.current
    if owner != seat and world.snap is not None:
        world.snap = (world.hands[owner][:], None, world.snap[2])
        world.fresh = None


RULES = Rules(
    key="samba",
    title="Samba",
    min_players=2,
    max_players=6,
    options_type=Options,
    factory=Samba,
    stock=lambda state: len(state.stock),
)
new_game = RULES.new_game  # a new Samba game
