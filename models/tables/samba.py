"""Samba at a real table: the state derived from a match's events (docs/rules.md, Samba).

Sides: partners facing with 4 players (seats 0 & 2 against 1 & 3) and 6 (three teams, seats
i & i+3); with 2, 3 or 5 players everyone plays alone (:func:`models.games.samba.sides_of`).

During a hand the table only keeps what the referee needs: each side's canastas and sambas as
they are made (one tap each), from which "may go out" follows (two of them), and the first-meld
minimum the side's total asks for. At the end of a hand each side's result is entered as
counts (:class:`Result`: melded and held cards by value class, canastas, sambas, red threes),
and who went out (an ``Out``) or that the stock ran out (:class:`StockOut`). An entry made
card by card becomes the same counts through :func:`tally`; both are scored by one path,
:func:`breakdown`, which leaves the bonuses, red threes, going out and cards in hand to the
engine's ``score_breakdown``.

Decisions the engine's rules leave to the table:
- the tracked canastas are a guide: the entry decides, a difference is flagged, not refused
  (a tap may be wrong, and only the last event can be undone), kind by kind: a samba tapped
  and entered as a canasta is pointed out as a samba missing;
- the entry is refused when the pack or the rules forbid it: more cards of a class than three
  packs hold (6 jokers, 24 aces and twos, 72 kings to eights, 48 sevens to fours, 6 black and
  6 red threes, over all sides), a canasta or samba without seven cards, a pure canasta or
  samba without enough natural cards, a mixed canasta without a wild, melded cards fewer than
  a meld, black threes melded in fewer than three or by a side that did not go out, going out
  without two canastas or sambas, melded cards worth less than the side's first-meld minimum
  (the first melds are among the melded cards: values below the minimum mean they did not
  reach it; red threes count nothing toward it);
- a player may enter their own share of the side's result on their phone (:class:`Part`: the
  melds they count, whole melds, and the cards left in their own hand). A part is checked alone,
  by the same rules as a side's result (never against another player's part: what a phone is
  told depends on its own entry only); the side's result is the sum of its players' parts
  (:func:`join`), recorded once every part is in and the sum passes the side's checks; else
  the side has none and keeps the reason (:attr:`HandRecord.problems`), of which its players
  are told those about the melds alone (:data:`SEEN`: laid face up, seen by all), the host
  every one. A later part, or a result entered for the side, replaces what the side had;
- the deal passes to the left after each hand;
- the match ends after the hand in which the highest total is at or past the target (or after
  the fixed number of hands) and no other side shares it; a tie plays another hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace

from models.cards import JOKER_CODE, Card
from models.events import Close, Event, Out, Place, Reason, Start
from models.games.samba import (
    Options,
    game_over,
    leaders,
    may_go_out,
    next_dealer,
    played_out,
    sides_of,
)
from models.games.samba_melds import (
    BLACK_THREES,
    RED_THREES,
    Breakdown,
    card_value,
    initial_meld_minimum,
    score_breakdown,
)
from models.tables.base import CLOSED, ENDED, PLAY, Record, RoundTable, Seated, ranking

# Card classes of the quick entry, a card standing for each, and how many three packs hold.
CLASSES = ("jokers", "aces_twos", "high", "low", "black_threes")
SAMPLE = {"jokers": JOKER_CODE, "aces_twos": 0, "high": 12, "low": 6, "black_threes": 2}
COPIES = {"jokers": 6, "aces_twos": 24, "high": 72, "low": 48, "black_threes": 6}
RED_COPIES = 6
BIG = 7  # cards in a canasta or a samba
# Canonical melds the engine scores for their bonus (their card values are not used).
_SAMBA = (3, 4, 5, 6, 7, 8, 9)  # 4S..10S
_PURE = (12,) * BIG  # KS x 7
_MIXED = (12,) * 6 + (JOKER_CODE,)


class SambaReason(Reason):
    """A reason of this table (the app says ``reason.<code>``)."""


def _why(code: str, **params: object) -> SambaReason:
    return SambaReason(code, params)


# -- events -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Canasta(Event):
    """``side`` made a canasta during the hand."""

    kind = "samba_canasta"
    side: int


@dataclass(frozen=True, slots=True)
class SambaMade(Event):
    """``side`` made a samba during the hand."""

    kind = "samba_samba"
    side: int


@dataclass(frozen=True, slots=True)
class StockOut(Event):
    """The hand ended with the stock empty: nobody went out (replaces an ``Out``)."""

    kind = "samba_stock_out"


@dataclass(frozen=True, slots=True)
class Result(Event):
    """One side's hand as counted (entering it again replaces it): cards melded and cards
    left in the partners' hands by value class (``held_*``), canastas pure and mixed, sambas,
    red threes melded, and how many of the side's players still hold a red three."""

    kind = "samba_result"
    side: int
    jokers: int = 0
    aces_twos: int = 0
    high: int = 0
    low: int = 0
    black_threes: int = 0
    held_jokers: int = 0
    held_aces_twos: int = 0
    held_high: int = 0
    held_low: int = 0
    held_black_threes: int = 0
    pure: int = 0
    mixed: int = 0
    sambas: int = 0
    red_threes: int = 0
    red_held: int = 0

    def counts(self) -> dict[str, int]:
        """Every count by its name (all the fields but the side)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "side"}

    def melded(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in CLASSES}

    def held(self) -> dict[str, int]:
        return {c: getattr(self, f"held_{c}") for c in CLASSES}

    def value(self) -> int:
        """The card values of the melded cards (red threes are worth nothing here)."""
        return sum(card_value(SAMPLE[c]) * n for c, n in self.melded().items())

    @property
    def big(self) -> int:
        """Canastas and sambas."""
        return self.pure + self.mixed + self.sambas


COUNTS = tuple(f.name for f in fields(Result) if f.name != "side")  # a result's counts


@dataclass(frozen=True, slots=True)
class Part(Event):
    """``player``'s share of their side's result, as the counts of a :class:`Result`: the
    melds they count (whole melds; a partner counts the others) and the cards left in their
    own hand; ``red_held`` is 1 when a red three is left in it."""

    kind = "samba_part"
    player: int
    jokers: int = 0
    aces_twos: int = 0
    high: int = 0
    low: int = 0
    black_threes: int = 0
    held_jokers: int = 0
    held_aces_twos: int = 0
    held_high: int = 0
    held_low: int = 0
    held_black_threes: int = 0
    pure: int = 0
    mixed: int = 0
    sambas: int = 0
    red_threes: int = 0
    red_held: int = 0

    def result(self, side: int) -> Result:
        """The part as a side's counts (what the side's checks read)."""
        return Result(side, **{k: getattr(self, k) for k in COUNTS})


def join(side: int, parts: Iterable[Part]) -> Result:
    """The result of ``side`` made of its players' parts: their counts added."""
    kept = list(parts)
    return Result(side, **{k: sum(getattr(p, k) for p in kept) for k in COUNTS})


# The refusals of a side's parts joined that the players may be told: they are about the melds
# alone, which lie face up on the table (a side's parts each pass alone; joined, they may fall
# short of the first-meld minimum, or hold more cards of a kind than the packs, counting hands).
SEEN = frozenset({"samba_first_meld"})


# -- one scoring path ---------------------------------------------------------------------


def card_class(code: int) -> str:
    """The value class of a card of the quick entry (red threes have none: ``""``)."""
    if code == JOKER_CODE:
        return "jokers"
    if code in RED_THREES:
        return ""
    if code in BLACK_THREES:
        return "black_threes"
    rank = code % 13 + 1
    return "aces_twos" if rank <= 2 else "high" if rank >= 8 else "low"


def tally(
    side: int,
    melded: Iterable[Card | int],
    hands: Iterable[Iterable[Card | int]],
    *,
    pure: int = 0,
    mixed: int = 0,
    sambas: int = 0,
) -> Result:
    """The counts of a side's hand entered card by card: every melded card (red threes
    included), the cards left in each partner's hand, and its canastas and sambas."""
    counts = dict.fromkeys(CLASSES, 0)
    held = dict.fromkeys(CLASSES, 0)
    reds = red_held = 0
    for c in melded:
        cls = card_class(int(c))
        if cls:
            counts[cls] += 1
        else:
            reds += 1
    for hand in hands:
        codes = [int(c) for c in hand]
        red_held += any(c in RED_THREES for c in codes)
        for c in codes:
            cls = card_class(c)
            if cls:
                held[cls] += 1
    return Result(
        side, **counts, **{f"held_{c}": n for c, n in held.items()},
        pure=pure, mixed=mixed, sambas=sambas, red_threes=reds, red_held=red_held,
    )


def breakdown(result: Result, went_out: bool) -> Breakdown:
    """The hand score of one side from its counts. The engine's ``score_breakdown`` scores
    canonical melds of the same kinds (bonuses, red threes) and the held cards; the melded
    cards are the entered ones, valued by ``card_value``."""
    melds: list[Sequence[int]] = [_SAMBA] * result.sambas + [_PURE] * result.pure
    melds += [_MIXED] * result.mixed + [(RED_THREES[0],)] * result.red_threes
    hands: list[list[int]] = [[SAMPLE[c]] * n for c, n in result.held().items()]
    hands += [[RED_THREES[0]]] * result.red_held
    parts = score_breakdown(melds, hands, went_out)
    return replace(parts, melded=result.value())


# -- the table ----------------------------------------------------------------------------


class HandRecord(Record):
    """One hand as recorded so far: canastas and sambas made, the ending, the results; its
    points and running totals are the sides'."""

    __slots__ = ("canastas", "sambas", "out", "stock", "results", "parts", "shares",
                 "problems")

    def __init__(self, index: int, dealer: int, sides: int, players: int) -> None:
        super().__init__(index, dealer)
        self.canastas = [0] * sides
        self.sambas = [0] * sides
        self.out = -1  # the seat that went out
        self.stock = False  # the stock ran out
        self.results: list[Result | None] = [None] * sides
        self.parts: tuple[Breakdown, ...] = ()
        self.shares: list[Part | None] = [None] * players  # each player's part, if entered
        self.problems: list[Reason | None] = [None] * sides  # why a side's parts are not
        # its result

    @property
    def ended(self) -> bool:
        """The ending is known: someone went out, or the stock ran out."""
        return self.out >= 0 or self.stock

    @property
    def missing(self) -> list[int]:
        """Sides whose result is not entered yet."""
        return [s for s, r in enumerate(self.results) if r is None]


class SambaTable(RoundTable[HandRecord]):
    """The Samba table derived from a match's events (see :class:`models.match.Match`); its
    rounds are the hands (:attr:`hands`), its winners sides."""

    __slots__ = ("side_of", "sides", "members", "totals", "tie")
    options: Options
    REVISING = "samba_revising"
    WRONG_TIME = {**RoundTable.WRONG_TIME, PLAY: "samba_playing"}
    LATER = frozenset({"samba_first_meld"})  # matches saved before Meja checked first melds

    def __init__(self, setup: Seated) -> None:
        super().__init__(setup)
        self.side_of = sides_of(self.n)
        self.sides = max(self.side_of) + 1
        self.members = [
            tuple(s for s in range(self.n) if self.side_of[s] == side) for side in range(self.sides)
        ]
        self.totals = [0] * self.sides
        self.tie: Reason | None = None
        self._checks = {
            Start: self._check_start,
            Canasta: self._check_big,
            SambaMade: self._check_big,
            Out: self._check_ending,
            StockOut: self._check_ending,
            Result: self._check_result,
            Part: self._check_part,
            Close: self._check_close,
        }
        self._moves = {
            Start: self._start,
            Canasta: self._big,
            SambaMade: self._big,
            Out: self._ending,
            StockOut: self._ending,
            Result: self._result,
            Part: self._part,
            Close: self._close,
        }

    # -- what the screens show ----------------------------------------------------------------
    @property
    def hands(self) -> list[HandRecord]:
        """The hands recorded so far, first first."""
        return self.rounds

    @property
    def hand(self) -> HandRecord | None:
        """The current (or last) hand; None before the first."""
        return self.round

    def side_name(self, side: int) -> str:
        """``Ana & Cid``: the players of ``side``."""
        return " & ".join(self.names[s] for s in self.members[side])

    def minimum(self, side: int) -> int:
        """The card values the side's first meld of a hand needs now."""
        return initial_meld_minimum(self.totals[side], self.options.top_minimum)

    def big(self, side: int) -> int:
        """Canastas and sambas the side has made in the hand in play."""
        h = self.round
        return 0 if h is None or h.phase == CLOSED else h.canastas[side] + h.sambas[side]

    def may_go_out(self, side: int) -> bool:
        """Two canastas or sambas recorded: a player of the side may go out."""
        return may_go_out(self.big(side))

    def opening(self, h: HandRecord, side: int) -> int:
        """The first-meld minimum of ``side`` in hand ``h``: from its total before that hand
        (a corrected hand keeps the minimum it was played with)."""
        before = sum(r.points[side] for r in self.rounds[: h.index]
                     if r.phase == CLOSED and not r.dropped)
        return initial_meld_minimum(before, self.options.top_minimum)

    def warnings(self, h: HandRecord, draft: Result | None = None,
                 side: int | None = None) -> list[Reason]:
        """Canastas and sambas entered that differ from the ones tapped during the hand, kind
        by kind, for each side that tapped any (``side``: that side only); ``draft``: a
        side's entry not yet recorded, in place of its recorded one."""
        results = list(h.results)
        if draft is not None and draft.side < len(results):
            results[draft.side] = draft
        out: list[Reason] = []
        for s, r in enumerate(results):
            if side is not None and s != side:
                continue
            canastas, sambas = h.canastas[s], h.sambas[s]
            if r is None or not canastas + sambas:
                continue
            name = self.side_name(s)
            if r.pure + r.mixed != canastas:
                out.append(_why("samba_canastas_differ", side=name, tapped=canastas,
                                entered=r.pure + r.mixed))
            if r.sambas != sambas:
                out.append(_why("samba_sambas_differ", side=name, tapped=sambas,
                                entered=r.sambas))
        return out

    def standings(self) -> list[Place]:
        """The sides by total, highest first; equal sides share a place."""
        groups = ranking(self.totals)
        best = groups[0][1]
        places: list[Place] = []
        for rank, value, sides in groups:
            seats = tuple(p for s in sides for p in self.members[s])
            players = [self.side_name(s) for s in sides]
            reason = (_why("samba_highest", players=players, total=value) if rank == 1 else
                      _why("samba_behind", players=players, total=value, behind=best - value))
            places.append(Place(rank, seats, reason))
        return places

    # -- the one check --------------------------------------------------------------------------
    def legal_events(self) -> list[Event]:
        """The events a table screen offers now, each passing :meth:`check`."""
        h = self.round
        candidates: list[Event] = []
        if h is None or h.phase == CLOSED:
            candidates.append(Start())
        else:
            for side in range(self.sides):
                candidates += [Canasta(side), SambaMade(side), Result(side)]
            candidates += [Out(p) for p in range(self.n)] + [StockOut(), Close()]
        return [e for e in candidates if self.check(e) is None]

    def _side(self, side: int) -> Reason | None:
        return None if side < self.sides else _why("samba_no_side", side=side + 1)

    def _check_start(self, event: Start) -> Reason | None:
        why = self._when(CLOSED)
        return why or (None if event.dealer is None else self._seat(event.dealer))

    def _check_big(self, event: Canasta | SambaMade) -> Reason | None:
        return self._when(PLAY, ENDED) or self._side(event.side) or self._when(PLAY)

    def _check_ending(self, event: Out | StockOut) -> Reason | None:
        why = self._when(PLAY, ENDED)
        return why or (self._seat(event.player) if isinstance(event, Out) else None)

    def _check_result(self, event: Result) -> Reason | None:
        why = self._when(PLAY, ENDED) or self._side(event.side)
        if why is not None:
            return why
        h = self.rounds[-1]
        results = list(h.results)
        results[event.side] = event
        return (self._result_problem(event) or self._pack_problem(results)
                or self._opening_problem(h, event))

    def _check_part(self, event: Part) -> Reason | None:
        return (self._when(ENDED) or self._seat(event.player)
                or self.part_problem(event))

    def part_problem(self, part: Part) -> Reason | None:
        """What one player's part breaks on its own, said with their name: the pack, a red
        three left in a hand once at most, and the rules of melds (a part counts whole melds).
        Never what it breaks with another part: that is the side's (:meth:`_join`)."""
        name = self.names[part.player]
        if part.red_held > 1:
            return _why("samba_red_held_part", player=name, count=part.red_held)
        return self._result_problem(part.result(self.side_of[part.player]), name)

    def _result_problem(self, r: Result, who: str = "") -> Reason | None:
        """What the pack and the rules forbid in one side's counts (said of ``who``: the
        side by default)."""
        why = self._pack_problem([r])
        if why is not None:
            return why
        side = who or self.side_name(r.side)
        melded = r.melded()
        if r.red_held > len(self.members[r.side]):
            return _why("samba_red_held", side=side, count=r.red_held,
                        most=len(self.members[r.side]))
        if 0 < r.black_threes < 3:
            return _why("samba_black_group", side=side, count=r.black_threes)
        cards = sum(melded.values())
        if 0 < cards < 3:
            return _why("samba_few_melded", side=side, count=cards)
        if cards < BIG * r.big:
            return _why("samba_big_cards", side=side, big=r.big, need=BIG * r.big, have=cards)
        naturals = r.aces_twos + r.high + r.low  # the twos among them are wild
        if naturals < BIG * r.sambas:
            return _why("samba_samba_cards", side=side, sambas=r.sambas, need=BIG * r.sambas,
                        have=naturals)
        need = BIG * (r.sambas + r.pure) + 5 * r.mixed
        if naturals < need:
            return _why("samba_naturals", side=side, need=need, have=naturals)
        if r.mixed > r.jokers + r.aces_twos:
            return _why("samba_mixed_wild", side=side, mixed=r.mixed, have=r.jokers + r.aces_twos)
        return None

    def _opening_problem(self, h: HandRecord, r: Result) -> Reason | None:
        """Melded cards worth less than the side's first melds had to reach (docs/rules.md, Samba:
        First meld): the first melds are among them, so they fell short."""
        have = r.value()
        need = self.opening(h, r.side)
        if 0 < have < need:
            return _why("samba_first_meld", side=self.side_name(r.side), need=need, have=have)
        return None

    def _pack_problem(self, results: Sequence[Result | None]) -> Reason | None:
        """More cards of a class than the pack holds, over the sides of ``results``."""
        entered = [r for r in results if r is not None]
        counts = [(r.melded(), r.held()) for r in entered]
        for cls in CLASSES:
            count = sum(melded[cls] + held[cls] for melded, held in counts)
            if count > COPIES[cls]:
                return _why(f"samba_too_many_{cls}", count=count, most=COPIES[cls])
        reds = sum(r.red_threes + r.red_held for r in entered)
        if reds > RED_COPIES:
            return _why("samba_too_many_red_threes", count=reds, most=RED_COPIES)
        return None

    def _check_close(self, event: Close) -> Reason | None:
        why = self._when(PLAY, ENDED)
        if why is not None:
            return why
        h = self.rounds[-1]
        if h.missing:
            return _why("samba_results_missing",
                        sides=[self.side_name(s) for s in h.missing])
        if not h.ended:
            return _why("samba_who_out")
        out_side = self.side_of[h.out] if h.out >= 0 else -1
        for side, r in enumerate(h.results):
            assert r is not None
            if side == out_side and not may_go_out(r.big):
                return _why("samba_out_short", side=self.side_name(side), count=r.big)
            if side != out_side and r.black_threes:
                return _why("samba_black_out", side=self.side_name(side))
        return None

    # -- moves ----------------------------------------------------------------------------------
    def _start(self, event: Start) -> None:
        dealer = self.next_dealer if event.dealer is None else event.dealer
        self.rounds.append(HandRecord(len(self.rounds), dealer, self.sides, self.n))

    def _big(self, event: Canasta | SambaMade) -> None:
        h = self.rounds[-1]
        counts = h.canastas if isinstance(event, Canasta) else h.sambas
        counts[event.side] += 1

    def _ending(self, event: Out | StockOut) -> None:
        h = self.rounds[-1]
        h.phase = ENDED
        if isinstance(event, Out):
            h.out, h.stock = event.player, False
            h.end = _why("samba_went_out", player=self.names[event.player])
        else:
            h.out, h.stock = -1, True
            h.end = _why("samba_stock_out")

    def _result(self, event: Result) -> None:
        h = self.rounds[-1]
        h.phase = ENDED
        h.results[event.side] = event
        h.problems[event.side] = None

    def _part(self, event: Part) -> None:
        h = self.rounds[-1]
        h.shares[event.player] = event
        self._join(h, self.side_of[event.player])

    def _join(self, h: HandRecord, side: int) -> None:
        """Once every player of ``side`` has entered their part, their sum is its result, if
        the side's checks take it; else the side has no result, and keeps why not."""
        parts = [h.shares[p] for p in self.members[side]]
        if any(p is None for p in parts):
            return
        joined = join(side, (p for p in parts if p is not None))
        why = self._check_result(joined)
        if why is None:
            self._result(joined)
        else:
            h.results[side], h.problems[side] = None, why

    def _close(self, event: Close) -> None:
        h = self.rounds[-1]
        h.phase = CLOSED
        out_side = self.side_of[h.out] if h.out >= 0 else -1
        h.parts = tuple(
            breakdown(r, side == out_side) for side, r in enumerate(h.results) if r is not None
        )
        h.points = tuple(b.total for b in h.parts)
        self._settle()

    def _entered(self, h: HandRecord) -> object:
        return (tuple(h.results), h.out, h.stock)

    def _settle(self) -> None:
        """Running totals, the next dealer and the end of the match from the closed hands."""
        totals = [0] * self.sides
        closed = self.history
        for h in closed:
            totals = [t + p for t, p in zip(totals, h.points, strict=True)]
            h.totals = tuple(totals)
        self.totals = totals
        self.over, self.winners, self.end, self.tie = False, [], None, None
        last = self.rounds[-1]
        if last.phase != CLOSED:
            return
        self.next_dealer = next_dealer(last.dealer, self.n)  # a deleted hand too: as played
        if not closed:
            return
        o = self.options
        if not played_out(totals, len(closed), o):
            return
        top = max(totals)
        best = leaders(totals)
        players = [self.side_name(s) for s in best]
        if not game_over(totals, len(closed), o):
            self.tie = _why("samba_tie", players=players, total=top)
            return
        self.over, self.winners = True, best
        if o.hands:
            self.end = _why("samba_hands_played", hands=len(closed), winners=players, total=top)
        else:
            reached = [self.side_name(s) for s in range(self.sides) if totals[s] >= o.target]
            self.end = _why("samba_target", players=reached, target=o.target, winners=players,
                            total=top)

# this table's own event kinds (registered by models.registry)
EVENTS: tuple[type[Event], ...] = (Canasta, SambaMade, StockOut, Result, Part)
