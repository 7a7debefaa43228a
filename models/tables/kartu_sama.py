"""Kartu Sama at a real table: the state derived from a match's events (docs/rules.md, Kartu Sama).

The table knows no card in anyone's hand: it counts them. Everyone starts a round with
``hand_size`` cards; a card played is one less, a draw is that many more. The draw pile
starts with what the deal leaves and shrinks with each draw. The referee helpers say whose
turn it is, how many cards a player who cannot play draws and why, and what happens when
the draw pile runs short. At the end of a round the hands are recorded, checked against the
pack, scored and ranked; the match totals, standings and the next dealer follow.

A table that does not follow the turns simply starts a round and records the hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from models.cards import JOKER_CODE, Card, CardError, check_within, format_cards
from models.events import Close, Event, Hand, Out, Place, Play, Points, Reason, Start
from models.games.kartu_sama import (
    FOLLOWS,
    FREE,
    Options,
    after_card,
    base_of,
    check_setup,
    deal_positions,
    decider,
    draw_count,
    draw_outcome,
    first_player,
    hand_points,
    master_cards,
    match_end,
    match_winners,
    may_play_drawn,
    next_dealer,
    rank_seats,
    round_loser,
)
from models.tables.base import (
    CLOSED,
    ENDED,
    PLAY,
    EnteredRecord,
    RoundTable,
    Seated,
    ranking,
)


# -- Kartu Sama's own events (the shared Start, Play, Out, Hand and Close are in models.match)
@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``player`` could not play and drew ``count`` cards."""

    kind = "draw"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Joker(Event):
    """``player`` played a joker: opens or extends their joker debt."""

    kind = "joker"
    player: int


@dataclass(frozen=True, slots=True)
class Pay(Event):
    """``player`` paid one card of their joker debt."""

    kind = "pay"
    player: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Fail(Event):
    """``player`` could not pay their joker debt and drew ``count`` cards."""

    kind = "fail"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class FixCount(Event):
    """Correction: ``player`` really holds ``count`` cards."""

    kind = "fix_count"
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class FixTurn(Event):
    """Correction: it is really ``player``'s turn."""

    kind = "fix_turn"
    player: int


@dataclass(frozen=True, slots=True)
class FixPile(Event):
    """Correction: the draw pile really holds ``count`` cards."""

    kind = "fix_pile"
    count: int


@dataclass(frozen=True, slots=True)
class FixHand(Event):
    """Correction: ``player``'s hand in the closed round ``round`` (0 = the first) was
    ``cards``."""

    kind = "fix_hand"
    round: int
    player: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DrawPlan:
    """What a draw by ``player`` does now: ``count`` cards are due (``why``: ``"normal"``,
    ``"last_card"`` or ``"joker"``); ``turned`` discards go under the pile first (reshuffle
    option); ``takes`` cards are taken; ``ends``: the pile could not cover it, the round ends."""

    player: int
    count: int
    why: str
    pile: int
    turned: int
    takes: int
    ends: bool
    reasons: tuple[Reason, ...]


class Round(EnteredRecord):
    """One round as recorded so far: the counts while it is played, then its hands and score."""

    __slots__ = (
        "first",
        "counts",
        "pile",
        "discard",
        "base",
        "debt",
        "turn",
        "extra",
        "tracked",
        "out",
        "hands",
        "typed",
        "flags",
        "notes",
        "ranking",
        "names",
        "loser",
        "wins",
    )

    def __init__(
        self, index: int, dealer: int, names: tuple[str, ...], options: Options, pack: int
    ) -> None:
        super().__init__(index, dealer)
        players = len(names)
        self.names = names
        self.first = first_player(dealer, players)
        self.counts = [options.hand_size] * players
        self.pile = deal_positions(pack, players, options.hand_size)[2]
        self.discard = 1
        self.base: int | None = None  # the card to match: a code, FREE, or None (not entered)
        self.debt = 0
        self.turn = self.first
        self.extra = -1  # a player who just drew and may still play (play_after_draw)
        self.tracked = False  # some turn was recorded: the counts are meaningful
        self.out = -1
        self.hands: list[tuple[Card, ...] | None] = [None] * players
        self.typed: dict[int, int] = {}  # seats whose points were typed, not their cards
        self.flags: dict[int, Reason] = {}  # recorded hand sizes that differ from the counts
        self.notes: list[Reason] = []
        self.ranking: list[list[int]] = []
        self.loser = -1
        self.wins: tuple[int, ...] = ()  # running round wins after this round

    @property
    def winners(self) -> list[int]:
        return self.ranking[0] if self.ranking else []

    @property
    def places(self) -> list[Place]:
        """The round's places by the victory rule, with the step that decides each (closed
        rounds; worked out when asked)."""
        if not self.ranking:
            return []
        return round_places([h or () for h in self.hands], self.ranking, self.names,
                            self.points, set(self.typed))

    @property
    def missing(self) -> list[int]:
        """Seats with neither a hand nor typed points recorded yet."""
        return [s for s, h in enumerate(self.hands) if h is None and s not in self.typed]

    @property
    def warnings(self) -> list[Reason]:
        """Count mismatches and other things the table should look at again."""
        return self.notes + [self.flags[s] for s in sorted(self.flags)]


class KartuSamaTable(RoundTable[Round]):
    """The Kartu Sama table derived from a match's events (see :class:`models.match.Match`)."""

    __slots__ = ("cards", "pack", "totals", "wins")
    options: Options

    def __init__(self, setup: Seated) -> None:
        check_setup(len(setup.players), setup.options)
        super().__init__(setup)
        self.cards = self.options.cards()
        self.pack = len(self.cards)
        self.totals = [0] * self.n
        self.wins = [0] * self.n
        self._checks = {
            Start: self._check_start,
            Play: self._check_play,
            Pay: self._check_play,
            Out: self._check_play,
            Joker: self._check_play,
            Draw: self._check_draw,
            Fail: self._check_draw,
            Hand: self._check_hand,
            Points: self._check_points,
            Close: self._check_close,
            FixCount: self._check_fix,
            FixTurn: self._check_fix,
            FixPile: self._check_fix,
            FixHand: self._check_fix_hand,
        }
        self._moves = {
            Start: self._start,
            Play: self._play,
            Pay: self._play,
            Joker: self._play,
            Out: self._out,
            Draw: self._draw,
            Fail: self._draw,
            Hand: self._hand,
            Points: self._points,
            Close: self._close,
            FixCount: self._fix,
            FixTurn: self._fix,
            FixPile: self._fix,
            FixHand: self._fix_hand,
        }

    # -- what the table screen shows ------------------------------------------------------
    @property
    def turn(self) -> int:
        """The seat to play, or -1 when no round is being played."""
        r = self.round
        return r.turn if r is not None and r.phase == PLAY else -1

    def debt_reason(self) -> Reason | None:
        """``Ana owes 3 more cards`` while a joker debt is open."""
        r = self.round
        if r is None or r.phase != PLAY or not r.debt:
            return None
        return Reason("owes", {"player": self.names[r.turn], "count": r.debt})

    def must_draw(self) -> DrawPlan | None:
        """What happens if the player to act draws now (None when no one is to act)."""
        r = self.round
        if r is None or r.phase != PLAY:
            return None
        return self._plan(r, r.turn)

    def standings(self) -> list[Place]:
        """The match places, best first: by lowest total (points game) or most round wins
        (victory game); equal players share a place."""
        victory = self.options.mode == "victory"
        groups = ranking(self.wins if victory else self.totals, highest=victory)
        best = groups[0][1]
        places: list[Place] = []
        for rank, value, seats in groups:
            players = [self.names[s] for s in seats]
            if victory:
                params = {"players": players, "wins": value, "behind": best - value}
                reason = Reason("most_wins" if rank == 1 else "wins", params)
            else:
                params = {"players": players, "total": value, "behind": value - best}
                reason = Reason("lowest_total" if rank == 1 else "total", params)
            places.append(Place(rank, seats, reason))
        return places

    # -- the one check ----------------------------------------------------------------------
    def legal_events(self) -> list[Event]:
        """The events a table screen offers now, each passing :meth:`check`."""
        r = self.round
        candidates: list[Event] = []
        if r is None or r.phase == CLOSED:
            candidates.append(Start())
        else:
            if r.phase == PLAY:
                plan = self._plan(r, r.turn)
                candidates += [Play(r.turn), Joker(r.turn), Pay(r.turn), Out(r.turn)]
                candidates += [Draw(r.turn, plan.takes), Fail(r.turn, plan.takes)]
                if r.extra >= 0:
                    candidates += [Play(r.extra), Joker(r.extra), Out(r.extra)]
            candidates += [Hand(s) for s in r.missing]
            candidates.append(Close())
        return [e for e in candidates if self.check(e) is None]

    def _in_play(self, player: int, extra: bool = False) -> Reason | None:
        why = self._when(PLAY) or self._seat(player)
        if why is not None:
            return why
        r = self.rounds[-1]
        if player != r.turn and not (extra and player == r.extra):
            return Reason("not_turn", {"player": self.names[player], "turn": self.names[r.turn]})
        return None

    def _check_start(self, event: Event) -> Reason | None:
        assert isinstance(event, Start)
        why = self._when(CLOSED)
        if why is None and event.dealer is not None:
            why = self._seat(event.dealer)
        if why is None and event.card is not None:
            why = self._in_pack(event.card)
        return why

    def _check_play(self, event: Event) -> Reason | None:
        assert isinstance(event, (Play, Pay, Out, Joker))
        why = self._in_play(event.player, extra=not isinstance(event, Pay))
        if why is not None:
            return why
        r = self.rounds[-1]
        player = self.names[event.player]
        if isinstance(event, Pay):
            if not r.debt:
                return Reason("no_debt", {"player": player})
        elif r.debt and not isinstance(event, (Joker, Out)):
            return Reason("owes", {"player": player, "count": r.debt})
        if isinstance(event, Joker):
            return None if self.options.jokers else Reason("no_jokers")
        c = event.card
        if c is None:
            return None
        if c == JOKER_CODE and not isinstance(event, Out):
            return Reason("joker_event")
        why = self._in_pack(c)
        if why is None and r.base is not None and c not in FOLLOWS[r.base]:
            return Reason("no_match", {"card": str(c), "top": format_cards([r.base])})
        return why

    def _check_draw(self, event: Event) -> Reason | None:
        assert isinstance(event, (Draw, Fail))
        why = self._in_play(event.player)
        if why is not None:
            return why
        r = self.rounds[-1]
        player = self.names[event.player]
        if isinstance(event, Fail) and not r.debt:
            return Reason("no_debt", {"player": player})
        if isinstance(event, Draw) and r.debt:
            return Reason("owes", {"player": player, "count": r.debt})
        takes = self._plan(r, event.player).takes
        if event.count != takes:
            return Reason("draw_count", {"player": player, "count": event.count, "expected": takes})
        return None

    def _check_hand(self, event: Event) -> Reason | None:
        assert isinstance(event, Hand)
        return self._when(PLAY, ENDED) or self._hand_ok(self.rounds[-1], event.player, event.cards)

    def _check_points(self, event: Event) -> Reason | None:
        assert isinstance(event, Points)
        why = self._when(PLAY, ENDED) or self._seat(event.player)
        if why is not None:
            return why
        r, name = self.rounds[-1], self.names[event.player]
        if event.player == r.out and event.points:
            return Reason("out_points", {"player": name, "points": event.points})
        most = self.most_points
        if not 0 <= event.points <= most:
            return Reason("points_range", {"player": name, "points": event.points, "most": most})
        return None

    @property
    def most_points(self) -> int:
        """The most points one hand can hold: the whole pack but one card (the discard)."""
        return sum(hand_points([c]) for c in self.cards) - min(hand_points([c]) for c in self.cards)

    def _hand_ok(self, r: Round, player: int, cards: Sequence[Card]) -> Reason | None:
        why = self._seat(player)
        if why is not None:
            return why
        if player == r.out and cards:
            return Reason("out_hand", {"player": self.names[player]})
        held = [c for s, h in enumerate(r.hands) if h is not None and s != player for c in h]
        held += cards
        most = self.pack - 1
        if len(held) > most:
            return Reason(
                "too_many_cards",
                {"count": len(held), "most": most, **self._pack_params()},
            )
        return self._over_pack(held)

    def _over_pack(self, cards: Sequence[Card]) -> Reason | None:
        try:
            check_within(cards, self.cards)
        except CardError:
            have = Counter(self.cards)
            for code, count in sorted(Counter(int(c) for c in cards).items()):
                if count > have[code]:
                    text = format_cards([code])
                    if not have[code]:
                        return Reason("not_in_pack", {"card": text, **self._pack_params()})
                    return Reason(
                        "too_many_copies", {"card": text, "count": count, "copies": have[code]}
                    )
        return None

    def _pack_params(self) -> dict[str, object]:
        """The pack in use as facts: ``packs`` of ``size`` cards each (jokers included); the
        words (``a 32-card pack``, ``2 jeux de 54 cartes``) are the reader's language's."""
        return {"size": self.options.pack_size(), "packs": self.options.packs}

    def _in_pack(self, card: Card) -> Reason | None:
        return self._over_pack([card])

    def _check_close(self, event: Event) -> Reason | None:
        why = self._when(PLAY, ENDED)
        if why is not None:
            return why
        missing = [self.names[s] for s in self.rounds[-1].missing]
        return Reason("hands_missing", {"players": missing}) if missing else None

    def _check_fix(self, event: Event) -> Reason | None:
        assert isinstance(event, (FixCount, FixTurn, FixPile))
        why = self._when(PLAY)
        if why is not None:
            return why
        r = self.rounds[-1]
        if isinstance(event, FixPile):
            if event.count > self.pack:
                return Reason("pile_range", {"count": event.count, "most": self.pack})
            return None
        why = self._seat(event.player)
        if why is not None:
            return why
        if isinstance(event, FixCount) and not 1 <= event.count < self.pack:
            return Reason("count_range", {"count": event.count, "most": self.pack - 1})
        if isinstance(event, FixTurn) and r.debt:
            return Reason("owes", {"player": self.names[r.turn], "count": r.debt})
        return None

    def _check_fix_hand(self, event: Event) -> Reason | None:
        assert isinstance(event, FixHand)
        if self.revising >= 0:
            return self._revising()
        k = event.round
        if k >= len(self.rounds) or self.rounds[k].phase != CLOSED or self.rounds[k].dropped:
            return Reason("no_such_round", {"number": k + 1})
        return self._hand_ok(self.rounds[event.round], event.player, event.cards)

    # -- the draw ---------------------------------------------------------------------------
    def _plan(self, r: Round, player: int) -> DrawPlan:
        n, name = self.n, self.names[player]
        count, why = draw_count(n, r.counts[player], r.debt)
        params: dict[str, object] = {"player": name, "count": count}
        if why == "joker":
            params["players"] = n
        elif why == "last_card":
            params["extra"] = n - 1
        reasons = [Reason(f"draw_{why}", params)]
        turned, takes, ends = draw_outcome(count, r.pile, r.discard, self.options.reshuffle)
        if turned:
            reasons.append(Reason("draw_reshuffle", {"turned": turned}))
        if ends:
            reasons.append(Reason("draw_ends", {"player": name, "left": takes}))
        elif r.pile + turned == count:
            reasons.append(Reason("draw_empties"))
        return DrawPlan(player, count, why, r.pile, turned, takes, ends, tuple(reasons))

    # -- moves ------------------------------------------------------------------------------
    def _start(self, event: Event) -> None:
        assert isinstance(event, Start)
        dealer = self.next_dealer if event.dealer is None else event.dealer
        r = Round(len(self.rounds), dealer, self.names, self.options, self.pack)
        if event.card is not None:
            r.base = base_of(int(event.card))
        self.rounds.append(r)

    def _play(self, event: Event) -> None:
        assert isinstance(event, (Play, Pay, Joker))
        r = self.rounds[-1]
        p = event.player
        r.tracked = True
        r.turn, r.extra = p, -1
        r.counts[p] -= 1
        r.discard += 1
        played = JOKER_CODE if isinstance(event, Joker) else event.card
        follow_any = self.options.joker_follow == "any"
        known = FREE if r.base is None else r.base
        card = -1 if played is None else int(played)  # not entered: a card, not a joker
        turn, base, r.debt = after_card(p, card, known, r.debt, max(0, r.counts[p]), self.n,
                                        follow_any)
        if played is None:
            r.base = None  # not entered: the next card cannot be checked
        elif r.base is not None or played != JOKER_CODE or follow_any:
            r.base = base  # (a joker on an unknown card with last_non_joker: still unknown)
        if turn < 0:
            self._went_out(r, p)
        else:
            r.turn = turn

    def _out(self, event: Event) -> None:
        assert isinstance(event, Out)
        r = self.rounds[-1]
        r.tracked = True
        if r.counts[event.player] != 1:
            tracked = r.counts[event.player]
            r.notes.append(
                Reason("out_mismatch", {"player": self.names[event.player], "tracked": tracked})
            )
        r.discard += 1
        self._went_out(r, event.player)

    def _went_out(self, r: Round, player: int) -> None:
        r.counts[player] = 0
        r.out = player
        r.hands[player] = ()
        r.flags.pop(player, None)
        self._end(r, Reason("went_out", {"player": self.names[player]}))

    def _end(self, r: Round, reason: Reason) -> None:
        r.phase = ENDED
        r.end = reason
        r.debt = 0
        r.turn = r.extra = -1

    def _draw(self, event: Event) -> None:
        assert isinstance(event, (Draw, Fail))
        r = self.rounds[-1]
        p = event.player
        plan = self._plan(r, p)
        r.tracked = True
        r.discard -= plan.turned
        r.pile += plan.turned - plan.takes
        r.counts[p] += plan.takes
        r.debt = 0
        if plan.ends:
            name = self.names[p]
            self._end(
                r, Reason("pile_empty", {"player": name, "count": plan.count, "left": plan.takes})
            )
            return
        r.turn = (p + 1) % self.n
        r.extra = p if may_play_drawn(self.options, plan.why) else -1

    def _hand(self, event: Event) -> None:
        assert isinstance(event, Hand)
        r = self.rounds[-1]
        if r.phase == PLAY:
            self._end(r, Reason("hands_recorded"))
        self._set_hand(r, event.player, event.cards)

    def _points(self, event: Event) -> None:
        assert isinstance(event, Points)
        r = self.rounds[-1]
        if r.phase == PLAY:
            self._end(r, Reason("hands_recorded"))
        r.hands[event.player] = None
        r.typed[event.player] = event.points
        r.flags.pop(event.player, None)

    def _set_hand(self, r: Round, player: int, cards: tuple[Card, ...]) -> None:
        r.hands[player] = cards
        r.typed.pop(player, None)
        r.flags.pop(player, None)
        if r.tracked and player != r.out and len(cards) != r.counts[player]:
            r.flags[player] = Reason(
                "count_mismatch",
                {"player": self.names[player], "recorded": len(cards), "tracked": r.counts[player]},
            )

    def _close(self, event: Event) -> None:
        r = self.rounds[-1]
        r.phase = CLOSED
        self._score(r)
        self._settle()

    def _fix(self, event: Event) -> None:
        r = self.rounds[-1]
        if isinstance(event, FixPile):
            r.pile = event.count
        elif isinstance(event, FixCount):
            r.tracked = True
            r.counts[event.player] = event.count
        elif isinstance(event, FixTurn):
            r.turn, r.extra = event.player, -1

    def _fix_hand(self, event: Event) -> None:
        assert isinstance(event, FixHand)
        r = self.rounds[event.round]
        self._set_hand(r, event.player, event.cards)
        self._score(r)
        self._settle()

    # -- scoring ----------------------------------------------------------------------------
    def _entered(self, r: Round) -> object:
        return tuple(r.hands), tuple(sorted(r.typed.items()))

    def _score(self, r: Round) -> None:
        hands = [[int(c) for c in h or ()] for h in r.hands]
        r.points = tuple(r.typed[s] if s in r.typed else hand_points(h)
                         for s, h in enumerate(hands))
        r.ranking = rank_typed(hands, r.points, set(r.typed))
        r.loser = round_loser(r.ranking, r.dealer, self.n)

    def _settle(self) -> None:
        """Totals, wins, the end of the match and the next dealer from the closed rounds."""
        o, n = self.options, self.n
        totals, wins = [0] * n, [0] * n
        closed = self.history
        for r in closed:
            for s in range(n):
                totals[s] += r.points[s]
            for s in r.winners:
                wins[s] += 1
            r.totals, r.wins = tuple(totals), tuple(wins)
        self.totals, self.wins = totals, wins
        self.over, self.winners, self.end = False, [], None
        last = self.rounds[-1]
        if last.phase != CLOSED:
            return
        self.next_dealer = next_dealer(o, last.dealer, last.ranking, n)
        how = match_end(o, totals, wins, len(closed))
        if not how:
            return
        names = self.names
        self.winners = match_winners(o, totals, wins)
        won = [names[s] for s in self.winners]
        if how == "wins_reached":
            params: dict[str, object] = {"winners": won, "wins": wins[self.winners[0]]}
        elif how == "rounds_played":
            params = {"rounds": len(closed), "winners": won, "total": totals[self.winners[0]]}
        else:
            reached = [names[s] for s in range(n) if totals[s] >= o.target]
            params = {"players": reached, "target": o.target, "winners": won,
                      "total": totals[self.winners[0]]}
        self.end = Reason(how, params)
        self.over = True


def rank_typed(
    hands: Sequence[Sequence[int]], points: Sequence[int], typed: set[int]
) -> list[list[int]]:
    """:func:`rank_seats` when some points were typed (``typed``: those seats, whose cards
    are not known): equal points with a typed seat among them share the place, as no card
    can part them; hands with cards are parted by the victory rule as ever."""
    if not typed:
        return rank_seats(hands, points)
    groups: list[list[int]] = []
    for p in sorted(set(points)):
        seats = [s for s in range(len(points)) if points[s] == p]
        if len(seats) == 1 or typed & set(seats):
            groups.append(seats)
        else:
            sub = rank_seats([hands[s] for s in seats], [p] * len(seats))
            groups += [[seats[i] for i in g] for g in sub]
    return groups


def round_places(
    hands: Sequence[Sequence[Card]], ranking: Sequence[Sequence[int]], names: Sequence[str],
    points: Sequence[int] = (), typed: set[int] | frozenset[int] = frozenset(),
) -> list[Place]:
    """The places of one round by the victory rule, each with the step that decides it: the
    first place against the next, every other place against the one just ahead. ``points``
    and ``typed``: the round's points when some were typed (those seats have no cards: the
    points part them from the others)."""
    places: list[Place] = []
    rank = 1
    for i, group in enumerate(ranking):
        players = [names[s] for s in group]
        if len(ranking) == 1:
            reason = Reason("all_tied", {"players": players})
        else:
            other = ranking[1] if i == 0 else ranking[i - 1]
            side = "win" if i == 0 else "lose"
            others = [names[s] for s in other]
            if typed & {group[0], other[0]}:
                reason = Reason(f"{side}_points", {
                    "players": players, "others": others,
                    "points": points[group[0]], "other_points": points[other[0]],
                })
            else:
                reason = _step(side, hands[group[0]], hands[other[0]], players, others)
        places.append(Place(rank, tuple(group), reason))
        rank += len(group)
    return places


def _step(
    side: str, mine: Sequence[Card], theirs: Sequence[Card], players: list[str], others: list[str]
) -> Reason:
    step, index = decider(mine, theirs)
    params: dict[str, object] = {
        "players": players,
        "others": others,
        "points": hand_points(mine),
        "cards": len(mine),
    }
    if step == "points":
        params["other_points"] = hand_points(theirs)
    elif step == "cards":
        params["other_cards"] = len(theirs)
    else:  # "master": hands in different groups never tie
        params["step"] = index
        params["card"] = format_cards([master_cards(mine)[index]])
        params["other_card"] = format_cards([master_cards(theirs)[index]])
    return Reason(f"{side}_{step}", params)

# this table's own event kinds (registered by models.registry)
EVENTS: tuple[type[Event], ...] = (Draw, Joker, Pay, Fail, FixCount, FixTurn, FixPile, FixHand)
