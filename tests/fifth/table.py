"""Fifth at a real table: a round is started, ends when a player goes out (``Out``) or the
stock runs dry (:class:`Stuck`, this game's own event), then each hand is entered (its cards,
or its points typed) and the round closed; the engine's rules score it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from models.cards import Card
from models.events import Close, Event, Hand, Out, Place, Points, Reason, Start
from models.tables.base import CLOSED, ENDED, PLAY, EnteredRecord, RoundTable, Seated, ranking
from tests.fifth.engine import Options, check, hand_points, lowest, match_over

MOST = 52 * 10  # more than a hand can hold


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    """The player to act could neither play nor draw: the round ended."""

    kind = "fifth_stuck"


EVENTS: tuple[type[Event], ...] = (Stuck,)


class Round(EnteredRecord):
    """One round: who went out (-1: it ended stuck), each hand, the winners once closed."""

    __slots__ = ("hands", "typed", "out", "winners")

    def __init__(self, index: int, dealer: int, players: int) -> None:
        super().__init__(index, dealer)
        self.hands: list[tuple[Card, ...] | None] = [None] * players
        self.typed: dict[int, int] = {}
        self.out = -1
        self.winners: tuple[int, ...] = ()

    @property
    def missing(self) -> list[int]:
        return [s for s, h in enumerate(self.hands) if h is None and s not in self.typed]


class FifthTable(RoundTable[Round]):
    """Fifth derived from a match's events."""

    __slots__ = ("totals",)
    options: Options

    def __init__(self, setup: Seated) -> None:
        check(len(setup.players), setup.options)
        super().__init__(setup)
        self.totals = [0] * self.n
        self._checks = {Start: self._check_start, Out: self._check_end, Stuck: self._check_end,
                        Hand: self._check_hand, Points: self._check_points,
                        Close: self._check_close}
        self._moves = {Start: self._start, Out: self._out, Stuck: self._stuck, Hand: self._hand,
                       Points: self._points, Close: self._close}

    def legal_events(self) -> list[Event]:
        r = self.round
        found: list[Event] = []
        if r is None or r.phase == CLOSED:
            found.append(Start())
        elif r.phase == PLAY:
            found += [*(Out(s) for s in range(self.n)), Stuck()]
        else:
            found += [*(Hand(s) for s in r.missing), Close()]
        return [e for e in found if self.check(e) is None]

    def standings(self) -> list[Place]:
        """The places by lowest total."""
        best = min(self.totals)
        return [Place(rank, seats, Reason("fifth_total", {
                    "players": [self.names[s] for s in seats], "total": total,
                    "behind": total - best}))
                for rank, total, seats in ranking(self.totals, highest=False)]

    # -- checks -------------------------------------------------------------------------------
    def _check_start(self, event: Event) -> Reason | None:
        return self._when(CLOSED)

    def _check_end(self, event: Event) -> Reason | None:
        why = self._when(PLAY)
        return why or (self._seat(event.player) if isinstance(event, Out) else None)

    def _check_hand(self, event: Event) -> Reason | None:
        assert isinstance(event, Hand)
        why = self._when(ENDED) or self._seat(event.player)
        if why is not None:
            return why
        r = self.rounds[-1]
        if event.player == r.out and event.cards:
            return Reason("fifth_out_hand", {"player": self.names[event.player]})
        held = Counter(c for s, h in enumerate(r.hands) if h and s != event.player for c in h)
        held.update(event.cards)
        twice = sorted(c for c, k in held.items() if k > 1)
        return Reason("fifth_twice", {"card": str(twice[0])}) if twice else None

    def _check_points(self, event: Event) -> Reason | None:
        assert isinstance(event, Points)
        why = self._when(ENDED) or self._seat(event.player)
        if why is None and not 0 <= event.points <= MOST:
            why = Reason("fifth_points", {"points": event.points, "most": MOST})
        return why

    def _check_close(self, event: Event) -> Reason | None:
        why = self._when(ENDED)
        missing = [] if why is not None else self.rounds[-1].missing
        return why or (Reason("fifth_missing", {"players": [self.names[s] for s in missing]})
                       if missing else None)

    # -- moves --------------------------------------------------------------------------------
    def _start(self, event: Event) -> None:
        self.rounds.append(Round(len(self.rounds), self.next_dealer, self.n))

    def _out(self, event: Event) -> None:
        assert isinstance(event, Out)
        r = self.rounds[-1]
        r.out, r.phase = event.player, ENDED
        r.hands[event.player] = ()
        r.end = Reason("fifth_went_out", {"player": self.names[event.player]})

    def _stuck(self, event: Event) -> None:
        r = self.rounds[-1]
        r.phase, r.end = ENDED, Reason("fifth_stuck")

    def _hand(self, event: Event) -> None:
        assert isinstance(event, Hand)
        r = self.rounds[-1]
        r.hands[event.player] = event.cards
        r.typed.pop(event.player, None)

    def _points(self, event: Event) -> None:
        assert isinstance(event, Points)
        r = self.rounds[-1]
        r.hands[event.player] = None
        r.typed[event.player] = event.points

    def _close(self, event: Event) -> None:
        r = self.rounds[-1]
        r.phase = CLOSED
        r.points = tuple(r.typed.get(s, hand_points(h or ())) for s, h in enumerate(r.hands))
        r.winners = lowest(r.points)
        self._settle()

    def _entered(self, r: Round) -> object:
        return tuple(r.hands), tuple(sorted(r.typed.items()))

    def _settle(self) -> None:
        """Totals, the end of the match and the next dealer from the closed rounds."""
        totals = [0] * self.n
        for r in self.history:
            totals = [t + p for t, p in zip(totals, r.points, strict=True)]
            r.totals = tuple(totals)
        self.totals = totals
        self.over, self.winners, self.end = False, [], None
        last = self.rounds[-1]
        if last.phase != CLOSED:
            return
        self.next_dealer = (last.dealer + 1) % self.n
        if match_over(totals, self.options.target):
            self.over, self.winners = True, list(lowest(totals))
            self.end = Reason("fifth_won", {"winners": [self.names[s] for s in self.winners],
                                            "total": totals[self.winners[0]]})
