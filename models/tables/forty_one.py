"""41 at a real table: the state derived from a match's events (docs/rules.md, 41).

The table knows no card until a hand ends: it follows the turns lightly. A turn is one event:
the player took the top of the stock (:class:`DrawStock`: the stock falls by one) or the card
just discarded (:class:`TakeDiscard`; not on the first turn of a hand), then discarded. At the
start of their turn a player may stop (:class:`Stop`); once the stock is empty, the player to
move may decline the discard (:class:`StockOut`). Either ends the hand. With the ``instant_41``
option a player holding 41 ends it (:class:`Show41`): anyone right after the deal, later only
the player who just discarded.

Then each player's four cards are recorded (:class:`models.match.Hand`), each card once, and
they prove how the hand ended: a stopper holds four cards of one suit (worth at least the
``stop_threshold`` when that option is on), a 41 holder holds 41. Closing the hand
(:class:`models.match.Close`) scores and ranks it with the engine's rules (worst-card
tie-breaks, then turn order from the player who ended play) and tallies it. The loser deals the
next hand and the winner plays first; in the first hand the dealer plays first.

The match goes on until the table finishes it between two hands (:class:`Finish`); the
standings then decide: most hand wins then fewest losses, or the highest running score with
``running_score``. The engine's ``hands`` option (hands per engine game) is not used here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from models.cards import SUITS, Card, format_cards
from models.events import Close, Event, Hand, Place, Points, Reason, Start
from models.games.forty_one import (
    HAND_SIZE,
    SIGNED,
    Options,
    check_setup,
    counted_suit,
    decider,
    hand_key,
    hand_score,
    is_41,
    may_draw,
    may_end,
    may_take,
    next_hand,
    standing_keys,
    stock_after_deal,
    stop_fault,
)
from models.games.forty_one import match_winners as winners_of
from models.tables.base import (
    CLOSED,
    ENDED,
    PLAY,
    EnteredRecord,
    RoundTable,
    Seated,
    ranking,
)

PACK = 52
LOWEST = -22  # the lowest score four cards can have: four aces, 11 - 3 x 11

# -- events -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawStock(Event):
    """``player`` took the top of the stock (and discarded)."""

    kind = "forty_one_draw"
    player: int


@dataclass(frozen=True, slots=True)
class TakeDiscard(Event):
    """``player`` took the card just discarded (and discarded another)."""

    kind = "forty_one_take"
    player: int


@dataclass(frozen=True, slots=True)
class Stop(Event):
    """``player`` stopped at the start of their turn: the hand ends."""

    kind = "forty_one_stop"
    player: int


@dataclass(frozen=True, slots=True)
class StockOut(Event):
    """The stock is empty and ``player`` declined the discard: the hand ends."""

    kind = "forty_one_stock_out"
    player: int


@dataclass(frozen=True, slots=True)
class Show41(Event):
    """``player`` holds 41 (``instant_41`` option): the hand ends."""

    kind = "forty_one_41"
    player: int


@dataclass(frozen=True, slots=True)
class Finish(Event):
    """The table ends the match between two hands."""

    kind = "forty_one_finish"


@dataclass(frozen=True, slots=True)
class Resume(Event):
    """The table plays on after finishing the match (the match is reopened)."""

    kind = "forty_one_resume"


ENDS: dict[type[Event], tuple[str, str]] = {
    Stop: ("stop", "forty_one_stopped"),
    StockOut: ("stock", "forty_one_stock_ran_out"),
    Show41: ("41", "forty_one_showed_41"),
}


class Deal(EnteredRecord):
    """One hand as recorded so far: the turns while it is played, then its cards and result."""

    __slots__ = (
        "first", "turn", "stock", "moves", "last", "ender", "how", "hands", "typed", "suits",
        "order",
        "wins", "losses",
    )

    def __init__(self, index: int, dealer: int, first: int, players: int) -> None:
        super().__init__(index, dealer)
        self.first = first
        self.turn = first
        self.stock = stock_after_deal(players)
        self.moves = 0  # turns recorded
        self.last = -1  # who discarded last
        self.ender = -1  # who ended play
        self.how = ""  # "stop", "stock" or "41"
        self.hands: list[tuple[Card, ...] | None] = [None] * players
        self.typed: dict[int, int] = {}  # seats whose score was typed, not their cards
        self.suits: tuple[str, ...] = ()  # the counted suit of each hand
        self.order: list[int] = []  # seats best first
        self.wins: tuple[int, ...] = ()  # running tallies after this hand
        self.losses: tuple[int, ...] = ()

    @property
    def winner(self) -> int:
        return self.order[0] if self.order else -1

    @property
    def loser(self) -> int:
        return self.order[-1] if self.order else -1

    @property
    def missing(self) -> list[int]:
        """Seats with neither cards nor a typed score recorded yet."""
        return [s for s, h in enumerate(self.hands) if h is None and s not in self.typed]


class FortyOneTable(RoundTable[Deal]):
    """The 41 table derived from a match's events (see :class:`models.match.Match`); its
    rounds are the hands (:attr:`deals`)."""

    __slots__ = ("wins", "losses", "totals", "next_first", "finished")
    options: Options
    REVISING = "forty_one_revising"
    KEEP = ("next_dealer", "next_first")
    WRONG_TIME = {
        CLOSED: "forty_one_no_hand", "open": "forty_one_hand_open",
        PLAY: "forty_one_playing", ENDED: "forty_one_hand_over",
    }

    def __init__(self, setup: Seated) -> None:
        check_setup(len(setup.players), setup.options)
        super().__init__(setup)
        self.wins = [0] * self.n
        self.losses = [0] * self.n
        self.totals = [0] * self.n
        self.next_first = self.next_dealer  # the dealer plays first in the first hand
        self.finished = False  # the table finished the match (and did not play on)
        self._checks = {
            Start: self._check_start,
            DrawStock: self._check_turn,
            TakeDiscard: self._check_turn,
            Stop: self._check_turn,
            StockOut: self._check_turn,
            Show41: self._check_41,
            Hand: self._check_hand,
            Points: self._check_points,
            Close: self._check_close,
            Finish: self._check_finish,
            Resume: self._check_resume,
        }
        self._moves = {
            Start: self._start,
            DrawStock: self._turn,
            TakeDiscard: self._turn,
            Stop: self._end,
            StockOut: self._end,
            Show41: self._end,
            Hand: self._hand,
            Points: self._points,
            Close: self._close,
            Finish: self._finish,
            Resume: self._resume,
        }

    # -- what the table screen shows ------------------------------------------------------
    @property
    def deals(self) -> list[Deal]:
        """The hands recorded so far, first first."""
        return self.rounds

    @property
    def deal(self) -> Deal | None:
        """The current (or last) hand; None before the first."""
        return self.round

    @property
    def turn(self) -> int:
        """The seat to move, or -1 when no hand is being played."""
        d = self.round
        return d.turn if d is not None and d.phase == PLAY else -1

    @property
    def first(self) -> int:
        """Who plays first in the hand in play, or in the next hand between hands."""
        d = self.round
        return d.first if d is not None and d.phase != CLOSED else self.next_first

    def stock_note(self) -> Reason | None:
        """``The stock is empty: Bea takes the discard, or play ends`` when it is so."""
        d = self.round
        if d is None or d.phase != PLAY or d.stock:
            return None
        return Reason("forty_one_stock_empty", {"player": self.names[d.turn]})

    def can_show_41(self) -> list[int]:
        """Seats that may show 41 now (``instant_41``): anyone right after the deal, later the
        player who just discarded."""
        d = self.round
        if not self.options.instant_41 or self.over or d is None or d.phase != PLAY:
            return []
        return list(range(self.n)) if not d.moves else [d.last]

    def places(self, d: Deal) -> list[Place]:
        """The places of a closed hand, each with what decides it: the winner against the
        next, every other player against the one just ahead."""
        if not d.order:
            return []
        hands = [h or () for h in d.hands]
        places = []
        for i, seat in enumerate(d.order):
            other = d.order[1] if i == 0 else d.order[i - 1]
            side = "wins" if i == 0 else "behind"
            places.append(Place(i + 1, (seat,), self._step(side, seat, other, hands, d)))
        return places

    def standings(self) -> list[Place]:
        """The match places, best first: most hand wins then fewest losses (or the highest
        running score); equal players share a place."""
        running = self.options.running_score
        groups = ranking(self._keys())
        best = groups[0][1][0]
        places: list[Place] = []
        for rank, key, seats in groups:
            players = [self.names[s] for s in seats]
            s = seats[0]
            if running:
                reason = Reason("forty_one_best_total" if rank == 1 else "forty_one_total",
                             {"players": players, "total": key[0], "behind": best - key[0]})
            else:
                reason = Reason("forty_one_record",
                             {"players": players, "wins": self.wins[s], "losses": self.losses[s]})
            places.append(Place(rank, seats, reason))
        return places

    def _keys(self) -> list[tuple[int, int]]:
        """Each seat's match standing, higher is better: (total, 0) with a running score,
        else (hand wins, -hand losses)."""
        return standing_keys(self.options, self.totals, self.wins, self.losses)

    # -- the one check ----------------------------------------------------------------------
    def legal_events(self) -> list[Event]:
        """The events a table screen offers now, each passing :meth:`check` (but the hands to
        enter, whose cards are not known yet)."""
        d = self.round
        candidates: list[Event] = []
        if d is None or d.phase == CLOSED:
            candidates += [Start(), Finish()]
        elif d.phase == PLAY:
            p = d.turn
            candidates += [DrawStock(p), TakeDiscard(p), Stop(p), StockOut(p)]
            candidates += [Show41(s) for s in self.can_show_41()]
        else:
            # The seats whose cards are still to enter (a hand is checked once it has them).
            return [Hand(s) for s in d.missing] or [Close()]
        return [e for e in candidates if self.check(e) is None]

    def _check_start(self, event: Event) -> Reason | None:
        assert isinstance(event, Start)
        why = self._when(CLOSED)
        if why is None and event.card is not None:
            return Reason("forty_one_no_upcard")
        return why or (None if event.dealer is None else self._seat(event.dealer))

    def _check_turn(self, event: Event) -> Reason | None:
        assert isinstance(event, (DrawStock, TakeDiscard, Stop, StockOut))
        why = self._when(PLAY) or self._seat(event.player)
        if why is not None:
            return why
        d = self.rounds[-1]
        player = self.names[event.player]
        if event.player != d.turn:
            return Reason("not_turn", {"player": player, "turn": self.names[d.turn]})
        if isinstance(event, DrawStock) and not may_draw(d.stock):
            return Reason("forty_one_stock_gone", {"player": player})
        if isinstance(event, TakeDiscard) and not may_take(d.moves):
            return Reason("forty_one_no_discard", {"player": player})
        if isinstance(event, StockOut) and not may_end(d.stock):
            return Reason("forty_one_stock_left", {"count": d.stock})
        return None

    def _check_41(self, event: Event) -> Reason | None:
        assert isinstance(event, Show41)
        if not self.options.instant_41:
            return Reason("forty_one_no_instant")
        why = self._when(PLAY) or self._seat(event.player)
        if why is not None:
            return why
        d = self.rounds[-1]
        if event.player not in self.can_show_41():
            return Reason("forty_one_41_after", {"last": self.names[d.last]})
        return None

    def _check_hand(self, event: Event) -> Reason | None:
        assert isinstance(event, Hand)
        why = self._when(ENDED) or self._seat(event.player)
        return why or self._hand_ok(self.rounds[-1], event.player, event.cards)

    def _hand_ok(self, d: Deal, player: int, cards: Sequence[Card]) -> Reason | None:
        name = self.names[player]
        for i, c in enumerate(cards):
            text = format_cards([c])
            if c >= PACK:
                return Reason("forty_one_not_in_pack", {"card": text})
            if c in cards[:i]:
                return Reason("forty_one_twice", {"card": text})
            for s, h in enumerate(d.hands):
                if s != player and h is not None and c in h:
                    return Reason("forty_one_held", {"card": text, "other": self.names[s]})
        if len(cards) != HAND_SIZE:
            return Reason("forty_one_four", {"player": name, "count": len(cards)})
        if player != d.ender:
            return None
        codes = [int(c) for c in cards]
        points = hand_score(codes)
        if d.how == "41" and not is_41(codes):
            return Reason("forty_one_not_41", {"player": name, "points": points})
        if d.how == "stop":
            threshold = self.options.stop_threshold
            fault = stop_fault(codes, threshold)
            if fault == "suit":
                return Reason("forty_one_stop_suit", {"player": name})
            if fault == "low":
                return Reason("forty_one_stop_low",
                           {"player": name, "points": points, "threshold": threshold})
        return None

    def _check_points(self, event: Event) -> Reason | None:
        assert isinstance(event, Points)
        why = self._when(ENDED) or self._seat(event.player)
        if why is not None:
            return why
        d, name, points = self.rounds[-1], self.names[event.player], event.points
        if not LOWEST <= points <= 41:
            return Reason("forty_one_points_range",
                          {"player": name, "points": points, "lowest": LOWEST, "most": 41})
        if event.player != d.ender:
            return None
        if d.how == "41" and points != 41:
            return Reason("forty_one_not_41", {"player": name, "points": points})
        threshold = self.options.stop_threshold
        if d.how == "stop" and threshold and points < threshold:
            return Reason("forty_one_stop_low",
                          {"player": name, "points": points, "threshold": threshold})
        return None

    def _check_close(self, event: Event) -> Reason | None:
        why = self._when(ENDED)
        if why is not None:
            return why
        missing = [self.names[s] for s in self.rounds[-1].missing]
        return Reason("forty_one_cards_missing", {"players": missing}) if missing else None

    def _check_finish(self, event: Event) -> Reason | None:
        why = self._when(CLOSED)
        return why or (None if self.rounds else Reason("forty_one_nothing_played"))

    def _check_resume(self, event: Event) -> Reason | None:
        if self.revising >= 0:
            return self._revising()
        return None if self.over else Reason("forty_one_not_finished")

    # -- moves ------------------------------------------------------------------------------
    def _start(self, event: Event) -> None:
        assert isinstance(event, Start)
        first_hand = not self.rounds
        dealer = self.next_dealer if event.dealer is None else event.dealer
        first = dealer if first_hand else self.next_first
        self.rounds.append(Deal(len(self.rounds), dealer, first, self.n))

    def _turn(self, event: Event) -> None:
        assert isinstance(event, (DrawStock, TakeDiscard))
        d = self.rounds[-1]
        if isinstance(event, DrawStock):
            d.stock -= 1
        d.moves += 1
        d.last = event.player
        d.turn = (event.player + 1) % self.n

    def _end(self, event: Event) -> None:
        assert isinstance(event, (Stop, StockOut, Show41))
        d = self.rounds[-1]
        how, code = ENDS[type(event)]
        d.phase, d.how, d.ender = ENDED, how, event.player
        d.end = Reason(code, {"player": self.names[event.player]})

    def _hand(self, event: Event) -> None:
        assert isinstance(event, Hand)
        d = self.rounds[-1]
        d.hands[event.player] = event.cards
        d.typed.pop(event.player, None)

    def _points(self, event: Event) -> None:
        assert isinstance(event, Points)
        d = self.rounds[-1]
        d.hands[event.player] = None
        d.typed[event.player] = event.points

    def _close(self, event: Event) -> None:
        d = self.rounds[-1]
        hands = [[int(c) for c in h or ()] for h in d.hands]
        keys = [(d.typed[s], ()) if s in d.typed else hand_key(h) for s, h in enumerate(hands)]
        # A typed score has no cards to break a tie: equal scores go by turn order then.
        tied = {k[0] for s, k in enumerate(keys) if s in d.typed}
        keys = [(k[0], ()) if k[0] in tied else k for k in keys]
        d.points = tuple(k[0] for k in keys)
        d.order = order_seats(keys, d.ender)
        d.suits = tuple("" if s in d.typed else counted_suit(h) for s, h in enumerate(hands))
        d.phase = CLOSED
        self._settle()

    def _finish(self, event: Event | None) -> None:
        self.over = self.finished = True
        running = self.options.running_score
        self.winners = winners_of(self.options, self.totals, self.wins, self.losses)
        s = self.winners[0]
        params: dict[str, object] = {
            "hands": len(self.history), "winners": [self.names[w] for w in self.winners],
        }
        if running:
            self.end = Reason("forty_one_finished_total", {**params, "total": self.totals[s]})
        else:
            self.end = Reason("forty_one_finished",
                              {**params, "wins": self.wins[s], "losses": self.losses[s]})

    def _settle(self) -> None:
        """Tallies, totals and the next dealer and first player from the closed hands."""
        n = self.n
        wins, losses, totals = [0] * n, [0] * n, [0] * n
        for d in self.history:
            wins[d.winner] += 1
            losses[d.loser] += 1
            for s in range(n):
                totals[s] += d.points[s]
            d.wins, d.losses, d.totals = tuple(wins), tuple(losses), tuple(totals)
        self.wins, self.losses, self.totals = wins, losses, totals
        last = self.rounds[-1]
        if last.phase == CLOSED:  # a deleted hand too: the dealers stay as played
            self.next_dealer, self.next_first = next_hand(last.order)

    def _resume(self, event: Event) -> None:
        self.over = self.finished = False
        self.winners, self.end = [], None

    def _entered(self, d: Deal) -> object:
        return tuple(d.hands), tuple(sorted(d.typed.items()))

    def _derive(self) -> None:
        """Tallies again, and the winners again if the table had finished the match."""
        self._settle()
        if self.finished:
            self._finish(None)

    # -- reasons ----------------------------------------------------------------------------
    def _step(self, side: str, seat: int, other: int, hands: Sequence[Sequence[Card]],
              d: Deal) -> Reason:
        mine, theirs = hands[seat], hands[other]
        if d.typed.keys() & {seat, other}:
            step, index = ("score" if d.points[seat] != d.points[other] else "tie"), 0
        else:
            step, index = decider(mine, theirs)
        params: dict[str, object] = {
            "player": self.names[seat], "other": self.names[other], "points": d.points[seat],
        }
        if step == "score":
            params["other_points"] = d.points[other]
        elif step == "card":
            card, value = worst(mine, index)
            other_card, other_value = worst(theirs, index)
            params.update(nth=index, card=card,
                          value=value, other_card=other_card, other_value=other_value)
        else:
            params["ender"] = self.names[d.ender]
        return Reason(f"forty_one_{side}_{'turn' if step == 'tie' else step}", params)


def order_seats(keys: Sequence[tuple[int, tuple[int, ...]]], ender: int) -> list[int]:
    """Seats from best to worst by ``keys`` (see :func:`models.games.forty_one.hand_key`),
    equal keys in turn order from ``ender``, the player who ended play."""
    n = len(keys)
    return sorted(range(n), key=lambda s: (keys[s], -((s - ender) % n)), reverse=True)


def worst(cards: Sequence[int], index: int) -> tuple[str, str]:
    """The ``index``-th card from the worst up (0: the worst) of a hand, by its signed value in
    the counted suit, and that value with its sign: ``("5H", "+5")``, ``("KC", "-10")``."""
    suit = SUITS.index(counted_suit(cards))
    ranked = sorted(cards, key=lambda c: (SIGNED[suit][c], c))
    c = ranked[index]
    return format_cards([c]), f"{SIGNED[suit][c]:+d}"

# this table's own event kinds (registered by models.registry)
EVENTS: tuple[type[Event], ...] = (DrawStock, TakeDiscard, Stop, StockOut, Show41, Finish, Resume)
