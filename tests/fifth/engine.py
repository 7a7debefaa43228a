"""Fifth's engine: a small card game for two, kept with the tests to show that a game is a
plug-in (its own files, added with one line: ``app.games.add(tests.fifth.ENTRY)``).

The rules, which the engine and the table both follow: one 52-card pack; each player is dealt
``hand_size`` cards, the dealer's opponent first, and the next card turned up starts the
discard pile. In turn a player plays a card of the top card's suit or rank onto the pile, or
draws the top card of the stock, and the turn passes. A round ends when a player plays their
last card (``out``), or when the player to act can neither play nor draw (``stuck``: the stock
is empty). Each player then scores the points left in hand (:func:`hand_points`); the lowest
scores the round. The match ends after the round in which a total reaches ``target``: the
lowest total wins, equal totals share the win. The deal passes to the other player."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.cards import format_cards, random_shuffle
from models.errors import IllegalAction, SetupError
from models.games.base import ActionWords, Engine, RoundResult, Rules, option, redeal, within

KEY = "fifth"
DRAW = 52  # the action that draws; a card's code plays it
POINTS = tuple(min(c % 13 + 1, 10) for c in range(52))  # ace 1, two to ten, faces 10
WORD_CODES = ("fifth_play", "fifth_draw")  # the codes of :meth:`Fifth.action_words`


@dataclass(frozen=True)
class Options:
    """Fifth's house options."""

    target: int = option(50, low=10, high=200, step=10)  # the total that ends the match
    hand_size: int = option(5, low=3, high=7)
    first_dealer: int = 0


# -- the rules both the engine and the table follow ------------------------------------------
def hand_points(cards: Iterable[int]) -> int:
    """What a hand left at the end of a round scores."""
    return sum(POINTS[c] for c in cards)


def follows(card: int, top: int) -> bool:
    """Whether ``card`` may go onto ``top``: the same suit or the same rank."""
    return card // 13 == top // 13 or card % 13 == top % 13


def lowest(values: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest value: a round's or the match's winners."""
    best = min(values)
    return tuple(s for s, v in enumerate(values) if v == best)


def match_over(totals: Sequence[int], target: int) -> bool:
    """Whether the match ends with these totals."""
    return max(totals) >= target


def check(players: int, options: Options) -> None:
    """Refuse a set-up the rules do not allow, with a clear reason."""
    RULES.check_players(players)
    for name in ("target", "hand_size"):
        if not within(options, name):
            raise SetupError("fifth_option", option=name, value=getattr(options, name))
    if options.first_dealer >= players:
        raise SetupError("fifth_option", option="first_dealer", value=options.first_dealer)


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see: its own hand, every hand's size, the discard pile's top, the
    stock's size, the seat to act (-1: over), the dealer, the totals, its legal actions."""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    top: int
    stock: int
    current: int
    dealer: int
    totals: tuple[int, ...]
    legal: tuple[int, ...]


class Fifth(Engine[Options]):
    """A match in play: the hands, the stock, the discard pile, the totals, and the hands as
    each round ended (``shown``)."""

    __slots__ = ("hands", "stock", "pile", "current", "over", "dealer", "totals", "shown",
                 "start", "draws")
    LISTS = ("actions", "results", "stock", "pile", "totals", "shown")
    NESTED = ("hands",)

    def __init__(self, players: int, seed: int = 0, options: Options | None = None) -> None:
        options = options or Options()
        check(players, options)
        super().__init__(players, seed, options)
        self.totals = [0] * players
        self.shown: list[tuple[tuple[int, ...], ...]] = []
        self.dealer = options.first_dealer
        self.over = False
        self.draws = 0  # cards drawn in the match (the lab's own figure)
        self._deal()

    def _deal(self) -> None:
        deck = list(range(52))
        random_shuffle(deck, f"{KEY}/{self.seed}/{len(self.results)}")
        n, size = self.players, self.options.hand_size
        self.hands = [sorted(deck[s * size:(s + 1) * size]) for s in range(n)]
        self.pile = [deck[n * size]]
        self.stock = deck[n * size + 1:]
        self.current = (self.dealer + 1) % n
        self.start = len(self.actions)

    # -- what is legal --------------------------------------------------------------------
    @property
    def top(self) -> int:
        return self.pile[-1]

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        played = [c for c in self.hands[self.current] if follows(c, self.top)]
        return played + ([DRAW] if self.stock else [])

    def is_legal(self, action: int) -> bool:
        return action in self.legal_actions()

    def why_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` may not be taken now (None: it may), the check apply makes."""
        if self.is_legal(action):
            return None
        move = self.action_str(action) if 0 <= action <= DRAW else str(action)
        return IllegalAction("fifth_illegal", move=move)

    def apply(self, action: int) -> None:
        """Play a card or draw, for the player to act (an illegal action raises)."""
        why = self.why_illegal(action)
        if why is not None:
            raise why
        self.actions.append(action)
        seat = self.current
        if action == DRAW:
            self.hands[seat].append(self.stock.pop())
            self.hands[seat].sort()
            self.draws += 1
        else:
            self.hands[seat].remove(action)
            self.pile.append(action)
            if not self.hands[seat]:
                return self._end("out")
        self.current = (seat + 1) % self.players
        if not self.legal_actions():
            self._end("stuck")
        return None

    def _end(self, how: str) -> None:
        points = tuple(hand_points(h) for h in self.hands)
        self.shown.append(tuple(tuple(h) for h in self.hands))
        self.results.append(RoundResult(points, len(self.actions) - self.start, how,
                                        lowest(points), (self.dealer + 1) % self.players))
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        if match_over(self.totals, self.options.target):
            self.over = True
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    # -- what people see --------------------------------------------------------------------
    @property
    def winners(self) -> list[int]:
        return list(lowest(self.totals)) if self.over else []

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own hand, the sizes of the others', the table."""
        return Observation(
            seat=seat, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)), top=self.top,
            stock=len(self.stock), current=self.current_player, dealer=self.dealer,
            totals=tuple(self.totals),
            legal=tuple(self.legal_actions()) if seat == self.current_player else ())

    def action_str(self, action: int) -> str:
        return "draw" if action == DRAW else format_cards([action])

    def action_words(self, action: int) -> ActionWords:
        if action == DRAW:
            return ActionWords("fifth_draw", n=1)
        return ActionWords("fifth_play", cards=(action,))

    def figures(self) -> dict[str, int]:
        """The lab's own figure of a finished match: the cards drawn."""
        return {"draws": self.draws}


def determinize(state: Fifth, seat: int, rng: random.Random) -> Fifth:
    """A copy of ``state`` where what ``seat`` cannot see (the other hand, the stock) is
    dealt again at random, the sizes kept."""
    new = state.clone()
    other = 1 - seat
    hand, new.stock = redeal(new.stock + new.hands[other], [len(new.hands[other])], rng)
    new.hands[other] = sorted(hand)
    new.seed = rng.getrandbits(32)
    return new


def stock(state: Fifth) -> int:
    """The cards left to draw."""
    return len(state.stock)


RULES = Rules(key=KEY, title="Fifth", min_players=2, max_players=2, options_type=Options,
              factory=Fifth, lower_is_better=True, stock=stock)
