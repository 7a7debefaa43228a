"""Kartu Sama: the rules engine, scoring and the victory tie-breakers (docs/rules.md, Kartu Sama).

A state is a whole match: rounds are dealt one after another until the points
game or the victory game ends. Actions are integer codes: ``0..52`` play that
card (see ``models.cards``), :data:`DRAW` draw (because the player cannot or,
with ``may_draw``, will not play; or because a joker debt cannot be paid), and
:data:`PASS` keep the cards just drawn (``play_after_draw`` only).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import add

from models.cards import JOKER_CODE, format_cards, pack, shuffle, shuffled_order
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

DRAW = 53
PASS = 54
WORD_CODES = ("play", "draw", "keep")  # the codes of :meth:`KartuSama.action_words`
FREE = 53  # the "card to match" after a joker (or a joker turned up): anything goes

MODES = ("points", "victory")
JOKER_FOLLOWS = ("any", "last_non_joker")
DEALERS = ("left", "loser")

# Round points of each card code: 2-10 face value, J Q K 1, A 11, joker 20.
POINTS: tuple[int, ...] = tuple(
    [(11 if c % 13 == 0 else c % 13 + 1 if c % 13 < 10 else 1) for c in range(52)] + [20]
)
# Master-card strength: by points, then K > Q > J among the 1-point faces.
STRENGTH: tuple[int, ...] = tuple(
    [POINTS[c] * 4 + (c % 13 - 10 if c % 13 >= 10 else 3) for c in range(52)] + [100]
)
# FOLLOWS[base]: the cards that may be played on ``base`` (a joker goes on anything).
FOLLOWS: tuple[frozenset[int], ...] = tuple(
    [
        frozenset(c for c in range(52) if c % 13 == b % 13 or c // 13 == b // 13) | {JOKER_CODE}
        for b in range(52)
    ]
    + [frozenset(range(53)), frozenset(range(53))]
)


@dataclass(frozen=True)
class Options:
    """House options of a Kartu Sama match; the defaults are the rules of docs/rules.md."""

    jokers: bool = option(False)  # the Joker variant: two jokers per pack
    short_pack: bool = option(False)  # 32-card pack (7 to A)
    packs: int = option(1, low=1, high=8)
    hand_size: int = option(8, low=1, high=20, open_high=True)
    may_draw: bool = option(False)  # a player who can play may draw instead
    play_after_draw: bool = option(False)  # a card just drawn may be played at once
    reshuffle: bool = option(False)  # the discard pile is reshuffled when the draw runs short
    # the card after a joker: "any", or matches "last_non_joker"
    joker_follow: str = option("any", choices=JOKER_FOLLOWS, needs="jokers")
    dealer: str = option("left", choices=DEALERS)  # the deal passes "left", or to the loser
    mode: str = option("points", choices=MODES, offered=False)  # points or victory game
    # points game: the match ends when someone reaches it
    target: int = option(100, low=10, high=1000, step=10, mode="points")
    # points game: a fixed number of rounds instead of a target (0: off)
    rounds: int = option(0, low=0, high=50, mode="points", open_high=True, zero="off")
    # victory game: round wins that take the match
    wins: int = option(3, low=1, high=20, mode="victory", open_high=True)
    first_dealer: int = 0  # seat of the first dealer

    def __post_init__(self) -> None:
        if not within(self, "packs"):
            raise SetupError("setup_packs", most=bounds(self, "packs")[1])
        if not within(self, "hand_size"):
            raise SetupError("setup_hand_size")
        if not within(self, "joker_follow"):
            raise SetupError("setup_joker_follow", choices=", ".join(JOKER_FOLLOWS))
        if not within(self, "dealer"):
            raise SetupError("setup_dealer", choices=", ".join(DEALERS))
        if not within(self, "mode"):
            raise SetupError("setup_mode", choices=", ".join(MODES))
        # The screen offers targets from 10 in tens; a file or a test may ask for any.
        if self.target < 1 or not within(self, "rounds") or not within(self, "wins"):
            raise SetupError("setup_targets")
        if self.first_dealer < 0:
            raise SetupError("setup_first_dealer")

    def cards(self) -> list[int]:
        """The cards in play, as codes, in pack order."""
        cards = pack(short=self.short_pack, jokers=2 * self.jokers, packs=self.packs)
        return [int(c) for c in cards]

    def pack_size(self) -> int:
        """The cards in one pack, its jokers included (32, 34, 52 or 54)."""
        return (32 if self.short_pack else 52) + 2 * self.jokers


def check_setup(players: int, options: Options) -> None:
    """Refuse a set-up the pack cannot deal, with its reason as a code and params."""
    RULES.check_players(players)
    need = options.hand_size * players + 1
    have = len(pack_codes(options))
    if need > have:
        words = {"players": players, "need": need, "each": options.hand_size, "have": have,
                 "size": options.pack_size()}
        if options.packs == 1:
            raise SetupError("setup_deal_one", **words)
        raise SetupError("setup_deal_many", packs=options.packs, **words)
    if options.first_dealer >= players:
        raise SetupError("setup_dealer_seat", players=players)


_POINTS_OF = POINTS.__getitem__


def hand_points(cards: Iterable[int]) -> int:
    """Round points of one hand: 2-10 face value, J Q K 1, A 11, joker 20 (lower is better)."""
    return sum(map(_POINTS_OF, cards))


def ranking_key(cards: Sequence[int]) -> tuple[int, int, tuple[int, ...]]:
    """The victory-game order of a hand: lower points, then more cards, then the lower master
    card and each next-highest card. A smaller key ranks better."""
    return (
        sum(map(POINTS.__getitem__, cards)),
        -len(cards),
        tuple(sorted(map(STRENGTH.__getitem__, cards), reverse=True)),
    )


def decider(a: Sequence[int], b: Sequence[int]) -> tuple[str, int]:
    """Which victory rule separates two hands: ``("points", 0)``, ``("cards", 0)``,
    ``("master", i)`` (the i-th card in master order differs, 0 = the master card) or
    ``("tie", 0)``."""
    ka, kb = ranking_key(a), ranking_key(b)
    if ka[0] != kb[0]:
        return ("points", 0)
    if ka[1] != kb[1]:
        return ("cards", 0)
    for i, (x, y) in enumerate(zip(ka[2], kb[2], strict=False)):
        if x != y:
            return ("master", i)
    return ("tie", 0)


def master_cards(cards: Iterable[int]) -> list[int]:
    """The hand's cards from the master card down (highest scoring first)."""
    return sorted(cards, key=lambda c: STRENGTH[c], reverse=True)


def rank_round(hands: Mapping[str, Sequence[int]]) -> list[list[str]]:
    """Players from the round's best to worst by the victory rule; fully tied players share
    a group."""
    groups: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
    for name, cards in hands.items():
        groups.setdefault(ranking_key(cards), []).append(name)
    return [groups[key] for key in sorted(groups)]


def round_loser(ranking: Sequence[Sequence[int]], dealer: int, players: int) -> int:
    """The round's loser: the worst group's player nearest the dealer's left."""
    worst = set(ranking[-1])
    return next(s for s in ((dealer + 1 + i) % players for i in range(players)) if s in worst)


@lru_cache(maxsize=64)
def deal_positions(
    cards: int, players: int, size: int
) -> tuple[tuple[tuple[int, ...], ...], int, int]:
    """Where the deal of docs/rules.md takes each hand from a pack of ``cards`` (the top of the pack
    is its end): 3 each, 2 each, one card up, then the rest, clockwise from the dealer's left.
    The positions of each seat's cards in that order from the dealer's left, the position of
    the card turned up, and the size of the draw pile left (the positions below it)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    first, second = min(3, size), min(2, max(0, size - 3))
    top = cards
    for batch in (first, second):
        for k in range(players):
            hands[k] += range(top - batch, top)
            top -= batch
    top -= 1
    up = top
    rest = size - first - second
    for k in range(players):
        hands[k] += range(top - rest, top)
        top -= rest
    return tuple(map(tuple, hands)), up, top


@lru_cache(maxsize=64)
def pack_codes(options: Options) -> tuple[int, ...]:
    """The cards in play as codes, in pack order (worked out once per set of options)."""
    return tuple(options.cards())


# -- the rules both the engine and the table follow ----------------------------------------
def first_player(dealer: int, players: int) -> int:
    """The seat that plays first in a round: the dealer's left."""
    return (dealer + 1) % players


def base_of(card: int) -> int:
    """The card to match once ``card`` lies on the discard pile (a joker turned up: anything)."""
    return FREE if card == JOKER_CODE else card


DRAW_REASONS = ("joker", "last_card", "normal")  # the reasons draw_count gives


def draw_count(players: int, held: int, debt: int) -> tuple[int, str]:
    """How many cards a player holding ``held`` cards and owing ``debt`` draws, and why:
    ``"joker"`` (a debt that cannot be paid: 2 x players), ``"last_card"`` (one card held:
    players + 1) or ``"normal"`` (2)."""
    if debt:
        return 2 * players, "joker"
    if held == 1:
        return players + 1, "last_card"
    return 2, "normal"


def draw_outcome(count: int, pile: int, discard: int, reshuffle: bool) -> tuple[int, int, bool]:
    """What a draw of ``count`` does to a draw pile of ``pile`` and a discard pile of
    ``discard`` cards: ``(turned, takes, ends)``. With ``reshuffle`` a pile that cannot cover
    the draw first gets the discards but the top (``turned``); ``takes`` cards are taken;
    ``ends``: the pile still could not cover it, the round ends."""
    turned = discard - 1 if pile < count and reshuffle and discard > 1 else 0
    have = pile + turned
    return (turned, count, False) if count <= have else (turned, have, True)


def after_card(
    seat: int, card: int, base: int, debt: int, held: int, players: int, follow_any: bool
) -> tuple[int, int, int]:
    """What ``seat`` playing ``card`` on ``base`` while owing ``debt``, then holding ``held``
    cards, leads to: ``(turn, base, debt)``, in one call (it is on the hot path).

    The debt: a joker opens one of ``players`` cards, or, played while paying, counts as one
    card paid and adds ``players`` (stacking); any other card pays one. The card to match: the
    card itself; after a joker anything (``follow_any``), or still the last non-joker. The
    turn: -1 when the round ends (an empty hand ends it at once, debt or not), ``seat`` while
    it owes, else the next seat."""
    if card == JOKER_CODE:
        debt = debt + players - 1 if debt else players
        if follow_any:
            base = FREE
    else:
        base = card
        if debt:
            debt -= 1
    if not held:
        return -1, base, debt
    return (seat if debt else (seat + 1) % players), base, debt


def may_play_drawn(options: Options, why: str) -> bool:
    """Whether a player who just drew may still play a drawn card (``play_after_draw``; not
    after a failed joker debt)."""
    return options.play_after_draw and why != "joker"


def rank_seats(
    hands: Sequence[Sequence[int]], points: Sequence[int] | None = None
) -> list[list[int]]:
    """Seats from the round's best to worst by the victory rule; fully tied seats share a
    group. ``points``: the hands' points if they are known already."""
    if points is None:
        points = [hand_points(h) for h in hands]
    if len(set(points)) == len(points):  # points decide (the usual case)
        return [[s] for s in sorted(range(len(hands)), key=points.__getitem__)]
    short = [(p, -len(h)) for p, h in zip(points, hands, strict=True)]
    if len(set(short)) == len(short):  # points and card counts decide: no master card needed
        return [[s] for s in sorted(range(len(hands)), key=short.__getitem__)]
    groups: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
    for seat, cards in enumerate(hands):
        groups.setdefault(ranking_key(cards), []).append(seat)
    return [groups[key] for key in sorted(groups)]


def match_end(options: Options, totals: Sequence[int], wins: Sequence[int], rounds: int) -> str:
    """Whether the match ends after ``rounds`` closed rounds and how (empty: it goes on):
    ``"wins_reached"`` (victory game), ``"rounds_played"`` (a fixed number of rounds) or
    ``"target_reached"`` (points game)."""
    if options.mode == "victory":
        return "wins_reached" if max(wins) >= options.wins else ""
    if options.rounds:
        return "rounds_played" if rounds >= options.rounds else ""
    return "target_reached" if max(totals) >= options.target else ""


def match_winners(options: Options, totals: Sequence[int], wins: Sequence[int]) -> list[int]:
    """The seats that win an ended match: most round wins (victory game), else the lowest
    total; ties share the win."""
    if options.mode == "victory":
        best = max(wins)
        return [s for s, w in enumerate(wins) if w == best]
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]


def next_dealer(options: Options, dealer: int, ranking: Sequence[Sequence[int]],
                players: int) -> int:
    """Who deals the next round: the dealer's left, or the round's loser (``dealer``
    option)."""
    if options.dealer == "loser":
        return round_loser(ranking, dealer, players)
    return (dealer + 1) % players


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see of a Kartu Sama match (:meth:`KartuSama.observation`): its own
    ``hand``, every hand's size, the discard pile (``top`` last) and the card to match
    (``to_match``; None after a joker, when anything goes), the draw pile's size, the joker
    ``debt`` of the seat to act, the cards it just drew (``drawn``: its own turn only), the
    seat to act (``current``, -1 once the match is over), the ``dealer``, the ``round``
    (from 0), the points ``totals`` and round ``wins``, and its ``legal`` actions (none when
    it is not its turn)."""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    top: int
    discard: tuple[int, ...]
    to_match: int | None
    draw_pile: int
    debt: int
    drawn: tuple[int, ...]
    current: int
    dealer: int
    round: int
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    legal: tuple[int, ...]


class KartuSama(Engine[Options]):
    """A Kartu Sama match in play: rounds, turns, joker debts, totals, and the hands as each
    round ended (``shown``)."""

    __slots__ = (
        "round_no", "dealer", "hands", "pile", "discard", "current", "debt", "base", "drawn",
        "totals", "wins", "round_start", "over", "is_over", "reshuffles", "_unique",
        "_follow_any", "_may_draw", "_refill", "_keep_drawn", "last_draw", "_cards", "_in_order",
        "_legal", "_dealt", "_dealt_up", "_dealt_pile", "shown", "one_card", "misses",
    )
    LISTS = ("actions", "pile", "discard", "drawn", "totals", "wins", "results", "shown",
             "misses")
    NESTED = ("hands",)
    is_over: bool  # ``over`` in a plain slot, not the base's property: read before every move

    def __init__(self, players: int, seed: int = 0, options: Options | None = None) -> None:
        options = options or Options()
        check_setup(players, options)
        super().__init__(players, seed, options)
        self.totals = [0] * players
        self.wins = [0] * players
        self.shown: list[tuple[tuple[int, ...], ...]] = []  # the hands as each round ended
        self.one_card = 0  # draws of players + 1 by a player holding one card (the lab counts)
        self.round_no = 0
        self.dealer = options.first_dealer
        self.over = self.is_over = False
        self._unique = options.packs == 1 and not options.jokers  # no identical cards
        self._follow_any = options.joker_follow == "any"
        self._may_draw = options.may_draw
        self._refill = options.reshuffle
        # may_play_drawn for each reason to draw, worked out once
        self._keep_drawn = {why: may_play_drawn(options, why) for why in DRAW_REASONS}
        self._cards = pack_codes(options)
        # the pack is the codes 0..n-1 in order (one 52-card pack): shuffled, it is the order
        self._in_order = self._cards == tuple(range(len(self._cards)))
        self._dealt, self._dealt_up, self._dealt_pile = deal_positions(
            len(self._cards), players, options.hand_size
        )
        self.last_draw: tuple[int, int, str] | None = None
        self._legal: list[int] | None = None
        self._deal()

    # -- set-up ---------------------------------------------------------------------------
    def _key(self) -> str:
        """What the shuffle in play is seeded with."""
        return f"kartu_sama/{self.seed}/{self.round_no}/{self.reshuffles}"

    def _shuffle(self, cards: list[int]) -> None:
        shuffle(cards, self._key())

    def _deal(self) -> None:
        """Shuffle and deal (docs/rules.md): 3 each, 2 each, one card up, then the rest (3 each)."""
        n = self.players
        self.reshuffles = 0
        cards = self._cards
        order = shuffled_order(len(cards), self._key())
        deck = order if self._in_order else list(map(cards.__getitem__, order))
        hands: list[list[int]] = [[]] * n
        get = deck.__getitem__
        for k, at in enumerate(self._dealt):  # the k-th seat from the dealer's left
            hands[(self.dealer + 1 + k) % n] = sorted(map(get, at))  # hands stay sorted, so
            # legal actions come out in code order
        up = deck[self._dealt_up]
        del deck[self._dealt_pile :]
        self.hands = hands
        self.pile = deck  # the top of the draw pile is its end
        self.discard = [up]
        self.base = base_of(up)
        self.current = first_player(self.dealer, n)
        self.debt = 0
        self.drawn: list[int] = []
        # the round's draws as everyone saw them: (seat, the card to match when the rules
        # say the seat held none that follows it, else -1; the cards it took)
        self.misses: list[tuple[int, int, int]] = []
        self.round_start = len(self.actions)  # the round's first action

    # -- queries --------------------------------------------------------------------------
    @property
    def round_moves(self) -> int:
        """The actions taken in the round in play."""
        return len(self.actions) - self.round_start

    @property
    def top(self) -> int:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def winners(self) -> list[int]:
        """The match winners (empty while it is not over)."""
        return match_winners(self.options, self.totals, self.wins) if self.over else []

    @property
    def scores(self) -> list[int]:
        """Points totals (points game) or round wins (victory game)."""
        return list(self.wins if self.options.mode == "victory" else self.totals)

    def draw_count(self) -> tuple[int, str]:
        """How many cards the player to act draws if they draw now, and why:
        ``"joker"`` (failed joker debt), ``"last_card"`` or ``"normal"``."""
        return draw_count(self.players, len(self.hands[self.current]), self.debt)

    def can_play(self) -> bool:
        """Whether the player to act holds a card that may be played now."""
        cards = self.drawn if self.drawn else self.hands[self.current]
        return not FOLLOWS[self.base].isdisjoint(cards)

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` may be taken now: :meth:`why_illegal` finds nothing."""
        return action in (self._legal or self.legal_actions())

    def legal_actions(self) -> list[int]:
        """Every legal action now, each once, in code order (cards, then DRAW or PASS). They
        are kept until the next action: apply checks the action against them."""
        if self.over:
            return []
        follows = FOLLOWS[self.base].__contains__  # filtered in C: no Python call a card
        if self.drawn:
            plays = [*filter(follows, dict.fromkeys(self.drawn)), PASS]
        else:
            plays = list(filter(follows, self.hands[self.current]))
            if not self._unique:
                plays = list(dict.fromkeys(plays))
            if not plays or (self._may_draw and not self.debt):
                plays.append(DRAW)
        self._legal = plays
        return plays[:]

    # -- moves ----------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Take ``action`` for the player to act; an illegal action raises IllegalAction."""
        why = self.why_illegal(action)
        if why is not None:
            raise why
        self._legal = None
        self.actions.append(action)
        if action >= DRAW:
            if action == DRAW:
                self._draw(self.current)
            else:
                self.drawn = []
                self._next()
            return
        seat = self.current  # play a card (the hot path: no further call but the rule's)
        hand = self.hands[seat]
        hand.remove(action)
        self.discard.append(action)
        if self.drawn:
            self.drawn = []
        seat, self.base, self.debt = after_card(
            seat, action, self.base, self.debt, len(hand), self.players, self._follow_any
        )
        if seat < 0:
            self._end_round("out")
        else:
            self.current = seat

    def _draw(self, seat: int) -> None:
        hand = self.hands[seat]
        count, why = draw_count(self.players, len(hand), self.debt)
        shows = self.debt or not self._may_draw  # only a seat that cannot play draws
        self.debt = 0
        pile = self.pile
        turned, takes, ends = draw_outcome(count, len(pile), len(self.discard), self._refill)
        if turned:
            self._reshuffle()
        at = len(pile) - takes
        taken = pile[at:]
        del pile[at:]
        hand += taken
        hand.sort()
        self.last_draw = (seat, takes, why)
        self.misses.append((seat, self.base if shows else -1, takes))
        if why == "last_card":
            self.one_card += 1
        if ends:
            self._end_round("pile")
        elif self._keep_drawn[why] and not FOLLOWS[self.base].isdisjoint(taken):
            taken.sort()
            self.drawn = taken
        else:
            self.current = (seat + 1) % self.players

    def _reshuffle(self) -> None:
        """Turn the discard pile (all but its top) under the draw pile, shuffled."""
        self.reshuffles += 1
        under = self.discard[:-1]
        del self.discard[:-1]
        self._shuffle(under)
        self.pile[:0] = under

    def _next(self) -> None:
        self.current = (self.current + 1) % self.players

    def _end_round(self, end: str) -> None:
        points = tuple(map(hand_points, self.hands))
        ranking = rank_seats(self.hands, points)
        first = first_player(self.dealer, self.players)
        self.results.append(RoundResult(points, self.round_moves, end, tuple(ranking[0]), first))
        self.shown.append(tuple(map(tuple, self.hands)))
        for seat in ranking[0]:
            self.wins[seat] += 1
        self.totals[:] = map(add, self.totals, points)
        self.debt = 0
        self.drawn = []
        self.over = self.is_over = bool(
            match_end(self.options, self.totals, self.wins, len(self.results))
        )
        if self.over:
            return
        self.dealer = next_dealer(self.options, self.dealer, ranking, self.players)
        self.round_no += 1
        self._deal()

    def why_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` may not be taken now, None when it may (one of
        :meth:`legal_actions`): the one check, which :meth:`apply` makes and
        :meth:`is_legal` answers."""
        if action in (self._legal or self.legal_actions()):
            return None
        if self.over:
            return IllegalAction("ks_over")
        if self.drawn:
            return IllegalAction("ks_drawn")
        if action == DRAW:
            if self.debt:
                return IllegalAction("ks_debt", count=self.debt)
            return IllegalAction("ks_must_play")
        if action == PASS:
            return IllegalAction("ks_no_pass")
        if not 0 <= action <= JOKER_CODE or action not in self.hands[self.current]:
            return IllegalAction("ks_not_in_hand")
        return IllegalAction("ks_no_match", card=self.action_str(action),
                             top=format_cards([self.base]))

    # -- views ----------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand, everyone's hand sizes, the public table."""
        return Observation(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)),
            top=self.top,
            discard=tuple(self.discard),
            to_match=None if self.base == FREE else self.base,
            draw_pile=len(self.pile),
            debt=self.debt,
            drawn=tuple(self.drawn) if seat == self.current else (),
            current=self.current_player,
            dealer=self.dealer,
            round=self.round_no,
            totals=tuple(self.totals),
            wins=tuple(self.wins),
            legal=tuple(self.legal_actions()) if seat == self.current_player else (),
        )

    def action_str(self, action: int) -> str:
        """The action in the card notation: ``QH``, ``draw``, ``pass``."""
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        return format_cards([action])

    def action_words(self, action: int) -> ActionWords:
        """The action for people's words: ``play`` a card, ``draw`` (``n`` cards, as
        :meth:`draw_count` says), ``keep`` the cards just drawn."""
        if action == DRAW:
            return ActionWords("draw", n=self.draw_count()[0])
        if action == PASS:
            return ActionWords("keep")
        return ActionWords("play", (action,))


    def figures(self) -> dict[str, int]:
        """What a finished match did, for the rule lab: jokers played, joker debts paid in full and
        failed (a debt cut short by an empty hand is neither), one-card draws, and rounds ended on
        an empty draw pile. Read from the action log once the match is over, not move by move."""
        actions, n = self.actions, self.players
        jokers = actions.count(JOKER_CODE)
        paid = failed = 0
        if jokers:
            start = 0
            for result in self.results:  # a debt ends with its round
                end = start + result.moves
                debt, at = 0, start
                while at < end:
                    a = actions[at]
                    if a == JOKER_CODE:
                        debt = debt + n - 1 if debt else n
                    elif debt:
                        if a == DRAW:
                            failed += 1
                            debt = 0
                        elif a < JOKER_CODE:
                            debt -= 1
                            paid += not debt
                    else:  # no debt: on to the round's next joker
                        try:
                            at = actions.index(JOKER_CODE, at, end)
                        except ValueError:
                            break
                        continue
                    at += 1
                start = end
        pile = sum(r.end == "pile" for r in self.results)
        return {"jokers": jokers, "debts_paid": paid, "debts_failed": failed,
                "one_card": self.one_card, "pile_ends": pile}


def determinize(state: KartuSama, seat: int, rng: random.Random) -> KartuSama:
    """A copy of ``state`` consistent with ``state.observation(seat)``, for search: the cards
    ``seat`` cannot see (the other hands, the draw pile) are dealt again at random, every size
    kept, and later shuffles get a seed drawn from ``rng``. It depends on those cards only as a
    multiset, so it cannot tell where they really are."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    unseen = new.pile + [c for s in others for c in new.hands[s]]
    *hands, new.pile = redeal(unseen, [len(new.hands[s]) for s in others], rng)
    for s, hand in zip(others, hands, strict=True):
        new.hands[s] = sorted(hand)
    if new.drawn and new.current != seat:  # another player's fresh draw: some of their cards
        new.drawn = sorted(rng.sample(new.hands[new.current], len(new.drawn)))
    new.seed = rng.getrandbits(32)
    new._legal = None  # the hands changed
    return new


RULES = Rules(
    key="kartu_sama",
    title="Kartu Sama",
    min_players=2,
    max_players=20,
    options_type=Options,
    factory=KartuSama,
    lower_is_better=True,
    stock=lambda state: len(state.pile),
)
new_game = RULES.new_game  # a new Kartu Sama match
