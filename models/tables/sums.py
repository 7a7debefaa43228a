"""Sums at a real table: the state derived from a match's events (docs/rules.md, Sums).

The table knows every face-up card (each one is entered as it is placed), the cards each
player removed, the size of each community pile and how many cards each player holds; it
never knows which cards are in a hand. The game is one round:

- the deal: each player's face-up card is entered (:class:`FaceUp`);
- a turn: the player draws from a pile (:class:`DrawPile`, the table taps which one), then
  places a card (:class:`models.match.Play`), or takes one back (:class:`TakeBack`, variant);
- a placed card removes what the engine says (``models.games.sums.removable``): one card at
  once, or the player picks (:class:`Remove`);
- a counter does not hold play up: the attacked card goes at once and the next turn starts,
  but while nothing else is recorded (the rules' "at once") the owner may still counter
  (:class:`Counter`, the :class:`CounterWindow`): the removal is then taken back and the counter
  played as the engine plays it. The window opens only when a counter is possible from the
  cards seen: the owner holds a card and some card able to counter is not yet face up or
  removed. When settling the attack would end the game, the owner is asked first (a
  counter, or :class:`Let`), since nothing would follow to counter before;
- a pile empty at the start of a turn: that player places a last card or ends (:class:`Stop`).

The turn steps (the turn order, what a placed card takes, the counters, the end) are the
engine's own: ``models.games.sums.Flow``, which this table runs on counts where the engine
holds cards (its module docstring gives the decisions). A card the packs hold no more of
(face up or removed) is refused.
"""

from __future__ import annotations

import copy
from collections import Counter as Tally
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from models.cards import Card, card, pack
from models.events import Event, Place, Play, Reason
from models.games.sums import (
    CHOOSING,
    COUNTERING,
    DEALING,
    DRAWING,
    EITHER,
    LAST,
    OVER,
    PLACING,
    TAKE_BACK_BELOW,
    Flow,
    Options,
    Sums,
    capture,
    card_value,
    check_setup,
    final_score,
    leaders,
    removable,
)
from models.tables.base import Seated, ranking

# the phases, the engine's (models.games.sums) under the table's names
DEAL, DRAW, PLACE, TARGET, COUNTER = DEALING, DRAWING, PLACING, CHOOSING, COUNTERING


class Why(Reason):
    """A reason of this table (the app says ``reason.<code>``)."""


def why(code: str, **params: object) -> Why:
    return Why(code, params)


# -- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceUp(Event):
    """The card dealt face up to ``player`` at the start."""

    kind = "sums_up"
    player: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class DrawPile(Event):
    """``player`` drew the top card of community pile ``pile`` (0 = the first)."""

    kind = "sums_draw"
    player: int
    pile: int


@dataclass(frozen=True, slots=True)
class Remove(Event):
    """``player``, whose card may take several, picks ``owner``'s ``card``."""

    kind = "sums_remove"
    player: int
    owner: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Let(Event):
    """``player`` does not counter the attack on their card."""

    kind = "sums_let"
    player: int


@dataclass(frozen=True, slots=True)
class Counter(Event):
    """``player``, whose card was attacked just before, counters with ``card``."""

    kind = "sums_counter"
    player: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Stop(Event):
    """``player`` ends the game without a last card."""

    kind = "sums_stop"
    player: int


@dataclass(frozen=True, slots=True)
class TakeBack(Event):
    """``player`` takes their face-up ``card`` back into their hand (variant)."""

    kind = "sums_back"
    player: int
    card: Card | None = None


@dataclass(frozen=True)
class Target:
    """``played`` may take ``owner``'s ``card``, and why."""

    played: Card
    owner: int
    card: Card
    reason: Why


class Attack(NamedTuple):
    """``attacker``'s ``played`` card attacks ``owner``'s ``target``, and why."""

    attacker: int
    played: Card
    owner: int
    target: Card
    reason: Why


# what settling an attack and starting the next turn change, kept to take them back
_SETTLED = ("in_play", "captured", "removals", "last", "chain", "choices", "played", "turn",
            "current", "phase", "skips", "last_pile", "final")


@dataclass(frozen=True)
class CounterWindow:
    """``attack`` is settled, but its owner may still counter it (until the next event):
    ``helpers`` are the owner's face-up cards then (the attacked card included) and
    ``before`` the state to return to (the fields of ``_SETTLED``)."""

    attack: Attack
    helpers: tuple[Card, ...]
    before: tuple[object, ...]


class SumsTable(Flow[Target, Attack]):
    """The Sums table derived from a match's events (see :class:`models.match.Match`)."""

    LATER: ClassVar[frozenset[str]] = frozenset()
    hands: list[int]
    piles: list[int]

    __slots__ = (
        "setup", "options", "names", "n", "packs", "hand_size", "hands", "piles", "in_play",
        "captured", "removals", "last", "seen", "skips", "chain", "choices", "played", "final",
        "turn", "current", "phase", "opening", "last_pile", "window", "_checks", "_moves",
    )

    def __init__(self, setup: Seated) -> None:
        options: Options = setup.options
        n = len(setup.players)
        check_setup(n, options)
        self.setup = setup
        self.options = options
        self.names = setup.players
        self.n = n
        self.packs = options.pack_count(n)
        self.hand_size = options.hand(n)
        self.hands = [self.hand_size] * n
        self.piles = [len(p) for p in Sums(n, 0, options).piles]  # the engine's deal
        self.in_play: list[list[Card]] = [[] for _ in range(n)]
        self.captured: list[list[Card]] = [[] for _ in range(n)]
        self.removals: list[tuple[int, int, Card]] = []  # (remover, owner, card)
        self.last: Attack | None = None  # the attack that removed the last removed card
        self.seen: Tally[int] = Tally()  # face-up and removed cards
        self.skips = [0] * n
        self.chain: list[Attack] = []
        self.choices: list[Target] = []
        self.played: Card | None = None  # the card whose target is being picked
        self.final = False
        self.turn = self.current = 0
        self.phase = DEAL
        self._set_opening(options)
        self.last_pile = -1  # the empty pile that started the last play
        self.window: CounterWindow | None = None
        self._checks: dict[type[Event], Callable[[Event], Why | None]] = {
            FaceUp: self._check_up,
            DrawPile: self._check_draw,
            Play: self._check_play,
            Remove: self._check_remove,
            Let: self._check_let,
            Counter: self._check_counter,
            Stop: self._check_stop,
            TakeBack: self._check_back,
        }
        self._moves: dict[type[Event], Callable[[Event], None]] = {
            FaceUp: self._up,
            DrawPile: self._draw,
            Play: self._play,
            Remove: self._remove,
            Let: lambda _e: self._resolve(offer=False),
            Counter: self._countered,
            Stop: lambda _e: self._finish(),
            TakeBack: self._back,
        }
        self._next_deal()

    # -- what the screen shows -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def attack(self) -> Attack | None:
        """The attack awaiting a counter (or about to be settled)."""
        return self.chain[-1] if self.chain else None

    def scores(self) -> list[int]:
        """Each seat's score so far (the final score once the game is over)."""
        return [final_score(p, c) for p, c in zip(self.in_play, self.captured, strict=True)]

    def breakdown(self, seat: int) -> tuple[int, int]:
        """(points of the cards in play, points of the cards removed) of ``seat``."""
        return final_score(self.in_play[seat], ()), final_score((), self.captured[seat])

    def available(self, c: int) -> bool:
        """Whether a card like ``c`` may still be entered (not all copies seen)."""
        return self.seen[c] < self.packs

    def copies(self) -> dict[Card, int]:
        """How many of each card may still be entered."""
        return {c: self.packs - self.seen[c] for c in pack() if self.seen[c] < self.packs}

    def reach(self, seat: int, played: int, owners: Sequence[int] | None = None) -> list[Target]:
        """What ``seat`` placing ``played`` may take (among ``owners``' face-up cards, by
        default every other player's), each with the reason, in seat order."""
        helpers = self.in_play[seat]
        found = []
        for owner in range(self.n) if owners is None else owners:
            if owner == seat:
                continue
            for c in removable(played, helpers, self.in_play[owner]):
                found.append(Target(card(played), owner, c,
                                    self._reason(seat, played, helpers, owner, c)))
        return found

    @property
    def counterable(self) -> Attack | None:
        """The attack its owner may counter now: awaiting an answer, or settled with the
        window open."""
        if self.window is not None:
            return self.window.attack
        return self.attack if self.phase == COUNTER else None

    def counters(self) -> list[Target]:
        """The cards not yet seen that would counter :attr:`counterable`, each with the
        reason (none: nothing to counter)."""
        if self.window is not None:
            return self._counters(self.window.attack, self.window.helpers)
        a = self.attack
        if a is None or self.phase != COUNTER:
            return []
        return self._counters(a, self.in_play[a.owner])

    def _counters(self, a: Attack, helpers: Sequence[Card]) -> list[Target]:
        out = []
        for c in pack():
            if self.available(c) and removable(c, helpers, [a.played]):
                out.append(Target(c, a.attacker, a.played,
                                  self._reason(a.owner, c, helpers, a.attacker, a.played)))
        return out

    def _reason(self, seat: int, played: int, helpers: Sequence[int], owner: int,
                target: int) -> Why:
        """Why ``seat``'s ``played`` takes ``owner``'s ``target``; the helper is named as
        ``seat``'s (the phone lies on the table: no "your")."""
        r = capture(played, helpers, target)
        assert r is not None  # the caller found it with removable()
        params: dict[str, object] = {"played": str(r.played), "owner": self.names[owner],
                                     "target": str(r.target)}
        if r.helper is None:
            return Why(f"sums_{r.op}", params)
        params.update(helper=str(r.helper), total=card_value(target), player=self.names[seat])
        if r.op == "+":
            return Why("sums_sum", params)
        back = card_value(r.helper) > card_value(played)
        return Why("sums_diff_back" if back else "sums_diff", params)

    def standings(self) -> list[Place]:
        """Places, best first: highest score, then more cards removed; a full tie shares."""
        scores = self.scores()
        groups = ranking([(scores[s], len(self.captured[s])) for s in range(self.n)])
        return [Place(rank, seats, self._place_reason(i, groups))
                for i, (rank, _, seats) in enumerate(groups)]

    def _place_reason(self, i: int, groups: list[tuple[int, tuple[int, int], tuple[int, ...]]]
                      ) -> Why:
        _, (points, cards), seats = groups[i]
        players = [self.names[s] for s in seats]
        in_play, removed = self.breakdown(seats[0])
        if len(seats) > 1:
            return why("sums_tied", players=players, points=points, cards=cards)
        other = groups[i + 1] if i == 0 and len(groups) > 1 else groups[i - 1] if i else None
        if other is not None and other[1][0] == points:
            code = "sums_first_cards" if i == 0 else "sums_behind_cards"
            others = [self.names[s] for s in other[2]]
            return why(code, players=players, points=points, others=others, cards=cards,
                       other_cards=other[1][1])
        if i == 0:
            return why("sums_first", players=players, points=points, in_play=in_play,
                       removed=removed)
        return why("sums_behind", players=players, points=points, in_play=in_play,
                   removed=removed, behind=groups[0][1][0] - points)

    @property
    def winners(self) -> list[int]:
        """The winners once the game is over (empty before)."""
        if not self.over:
            return []
        return leaders(self.scores(), self.captured)

    # -- the one check ---------------------------------------------------------------------
    def check(self, event: Event) -> Reason | None:
        """Why ``event`` cannot be recorded now, or None if it can."""
        check = self._checks.get(type(event))
        if check is None:
            return Reason("not_here", {"kind": event.kind})
        if self.over:
            return Reason("match_over")
        player = getattr(event, "player", 0)
        if player >= self.n:
            return Reason("no_player", {"seat": player})
        reason = check(event)
        if reason is None and getattr(event, "card", 0) is None:
            return why("sums_card_needed", player=self.names[player])
        return reason

    def apply(self, event: Event) -> None:
        """Record ``event`` (already checked). Whatever it is, it closes the window."""
        if self.counter_play(event):
            assert isinstance(event, Play)
            event = Counter(event.player, event.card)
        w, self.window = self.window, None
        if w is not None:
            if isinstance(event, Let):
                return
            if isinstance(event, Counter):
                self._reopen(w)
        self._moves[type(event)](event)

    def legal_events(self) -> list[Event]:
        """The events the table screen offers now, each passing :meth:`check` but for the
        card, which the table enters (``card`` None where a card is placed)."""
        p = self.current
        candidates: list[Event] = []
        if self.phase == DEAL:
            candidates.append(FaceUp(p))
        elif self.phase in (DRAW, EITHER):
            candidates += [DrawPile(p, i) for i in range(len(self.piles))]
        if self.phase in (PLACE, EITHER, LAST, COUNTER):
            candidates.append(Play(p))
        if self.phase == PLACE and self.options.take_back:
            candidates += [TakeBack(p, c) for c in dict.fromkeys(self.in_play[p])]
        if self.phase == TARGET:
            candidates += [Remove(p, t.owner, t.card) for t in self.choices]
        if self.phase == COUNTER:
            candidates.append(Let(p))
        a = self.counterable
        if a is not None:
            candidates.append(Counter(a.owner))
        if self.phase == LAST:
            candidates.append(Stop(p))
        return [e for e in candidates if self._open(self.check(e))]

    @staticmethod
    def _open(reason: Reason | None) -> bool:
        return reason is None or reason.code == "sums_card_needed"

    def _turn(self, player: int) -> Why | None:
        if player != self.current:
            return Why("not_turn", {"player": self.names[player],
                                    "turn": self.names[self.current]})
        return None

    def _phase(self, player: int) -> Why:
        """Why ``player`` cannot do that in this phase: what the table waits for."""
        name = self.names[self.current]
        if self.phase == DEAL:
            missing = [self.names[s] for s in range(self.n) if not self.in_play[s]]
            return why("sums_deal_first", players=missing)
        if self.phase == DRAW:
            return why("sums_draw_first", player=name)
        if self.phase == PLACE:
            return why("sums_drawn", player=name)
        if self.phase == EITHER:
            return why("sums_draw_or_play", player=name)
        if self.phase == TARGET:
            return why("sums_pick", player=name)
        if self.phase == COUNTER:
            return why("sums_answer", player=name)
        return why("sums_last", player=name)

    def _card(self, c: Card | None) -> Why | None:
        if c is not None and c.is_joker:
            return why("sums_joker")
        if c is None or self.available(c):
            return None
        if self.packs == 1:
            return why("sums_seen", card=str(c))
        return why("sums_seen_all", card=str(c), copies=self.packs)

    def _check_up(self, event: Event) -> Why | None:
        assert isinstance(event, FaceUp)
        if self.phase != DEAL:
            return why("sums_dealt_all")
        if self.in_play[event.player]:
            return why("sums_dealt", player=self.names[event.player])
        return self._card(event.card)

    def _check_draw(self, event: Event) -> Why | None:
        assert isinstance(event, DrawPile)
        if self.phase not in (DRAW, EITHER):
            return self._phase(event.player)
        if event.pile >= len(self.piles):
            return why("sums_no_pile", pile=event.pile + 1)
        if not self.piles[event.pile]:
            return why("sums_empty_pile", pile=event.pile + 1)
        return self._turn(event.player)

    def _check_play(self, event: Event) -> Why | None:
        assert isinstance(event, Play)
        if self.counter_play(event):
            return self._check_counter(Counter(event.player, event.card))
        if self.phase not in (PLACE, EITHER, LAST, COUNTER):
            return self._phase(event.player)
        turn = self._turn(event.player)
        if turn is not None:
            return turn
        if not self.hands[event.player]:
            return why("sums_no_cards", player=self.names[event.player])
        seen = self._card(event.card)
        if seen is not None or event.card is None or self.phase != COUNTER:
            return seen
        a = self.chain[-1]
        if not removable(event.card, self.in_play[event.player], [a.played]):
            return why("sums_no_counter", card=str(event.card),
                       attacker=self.names[a.attacker], played=str(a.played))
        return None

    def _check_remove(self, event: Event) -> Why | None:
        assert isinstance(event, Remove)
        if self.phase != TARGET:
            return self._phase(event.player)
        turn = self._turn(event.player)
        if turn is not None:
            return turn
        if event.owner >= self.n:
            return Why("no_player", {"seat": event.owner})
        if any(t.owner == event.owner and t.card == event.card for t in self.choices):
            return None
        return why("sums_not_target", owner=self.names[event.owner], card=str(event.card),
                   played=str(self.played))

    def counter_play(self, event: Event) -> bool:
        """Whether ``event`` is a card placed as a counter while the window is open: placed by
        the owner, when it is not their turn to place or when the card counters (matches
        recorded when play waited for the answer have these; the app records "no counter"
        before an owner's own turn card instead)."""
        w = self.window
        if not isinstance(event, Play) or w is None or event.player != w.attack.owner:
            return False
        if event.player != self.current or self.phase not in (PLACE, EITHER, LAST):
            return True
        c = event.card
        return c is not None and not c.is_joker and bool(removable(c, w.helpers,
                                                                   [w.attack.played]))

    def _check_counter(self, event: Event) -> Why | None:
        assert isinstance(event, Counter)
        a = self.counterable
        if a is None:
            return why("sums_nothing_to_counter")
        if event.player != a.owner:
            return why("sums_not_owner", player=self.names[event.player],
                       owner=self.names[a.owner], attacker=self.names[a.attacker],
                       played=str(a.played))
        if not self.hands[event.player]:
            return why("sums_no_cards", player=self.names[event.player])
        seen = self._card(event.card)
        if seen is not None or event.card is None:
            return seen
        helpers = self.window.helpers if self.window is not None else self.in_play[a.owner]
        if not removable(event.card, helpers, [a.played]):
            return why("sums_no_counter", card=str(event.card),
                       attacker=self.names[a.attacker], played=str(a.played))
        return None

    def _check_let(self, event: Event) -> Why | None:
        assert isinstance(event, Let)
        if self.window is not None and event.player == self.window.attack.owner:
            return None  # "no counter" while play went on: nothing changes
        if self.phase != COUNTER:
            return self._phase(event.player)
        return self._turn(event.player)

    def _check_stop(self, event: Event) -> Why | None:
        assert isinstance(event, Stop)
        if self.phase != LAST:
            return self._phase(event.player)
        return self._turn(event.player)

    def _check_back(self, event: Event) -> Why | None:
        assert isinstance(event, TakeBack)
        if not self.options.take_back:
            return why("sums_no_take_back")
        if self.phase != PLACE:
            return self._phase(event.player)
        turn = self._turn(event.player)
        if turn is not None:
            return turn
        if self.hands[event.player] >= TAKE_BACK_BELOW:
            return why("sums_hand_full")
        if event.card not in self.in_play[event.player]:
            return why("sums_not_up", card=str(event.card), player=self.names[event.player])
        return None

    # -- moves -----------------------------------------------------------------------------
    def _put(self, seat: int, c: int) -> None:
        self.in_play[seat].append(card(c))
        self.seen[c] += 1

    def _next_deal(self) -> None:
        missing = [s for s in range(self.n) if not self.in_play[s]]
        if missing:
            self.current = missing[0]
        else:
            self._start_turn(0)

    def _up(self, event: Event) -> None:
        assert isinstance(event, FaceUp) and event.card is not None
        self._put(event.player, event.card)
        self._next_deal()

    def _lift(self, seat: int, c: int) -> None:
        self.in_play[seat].remove(card(c))

    def _draw(self, event: Event) -> None:
        assert isinstance(event, DrawPile)
        self.piles[event.pile] -= 1
        self.hands[event.player] += 1
        self._drawn()

    def _play(self, event: Event) -> None:
        assert isinstance(event, Play) and event.card is not None
        seat, c = event.player, event.card
        if self.phase == COUNTER:
            self._countered(Counter(seat, c))
            return
        self.hands[seat] -= 1
        self._place(seat, c)

    def _countered(self, event: Event) -> None:
        assert isinstance(event, Counter) and event.card is not None
        seat, c = event.player, event.card
        self.hands[seat] -= 1
        a = self.chain[-1]
        reason = self._reason(seat, c, self.in_play[seat], a.attacker, a.played)
        self._put(seat, c)
        self._counter(Attack(seat, c, a.attacker, a.played, reason))

    def _reopen(self, w: CounterWindow) -> None:
        """Back to the attack of ``w``, its removal not made, its owner to answer."""
        for name, value in zip(_SETTLED, w.before, strict=True):
            setattr(self, name, value)
        self.current, self.phase = w.attack.owner, COUNTER

    def _reach(self, seat: int, c: int) -> list[Target]:
        return self.reach(seat, c)

    def _aim(self, seat: int, c: int, choice: Target) -> Attack:
        return Attack(seat, card(c), choice.owner, choice.card, choice.reason)

    def _remove(self, event: Event) -> None:
        assert isinstance(event, Remove)
        (t,) = [t for t in self.choices if t.owner == event.owner and t.card == event.card]
        self.choices, self.played = [], None
        self._attack(self._aim(event.player, t.played, t))

    def _offer_counters(self, a: Attack) -> bool:
        """Play does not wait for an answer: the attack is settled at once (:meth:`_resolve`
        opens the window)."""
        return False

    def _resolve(self, offer: bool = True) -> None:
        """Settle the attack; with ``offer``, open the window when a counter is possible (the
        owner holds a card and an unseen card could counter), or ask at once when settling
        ends the game."""
        a = self.chain[-1]
        helpers = tuple(self.in_play[a.owner])
        possible = (offer and not self.final and bool(self.hands[a.owner])
                    and bool(self._counters(a, helpers)))
        before = tuple(copy.deepcopy(getattr(self, k)) for k in _SETTLED) if possible else ()
        self.last = a
        super()._resolve()
        if not possible:
            return
        w = CounterWindow(a, helpers, before)
        if self.over:
            self._reopen(w)
        else:
            self.window = w

    def _back(self, event: Event) -> None:
        assert isinstance(event, TakeBack) and event.card is not None
        self._lift(event.player, event.card)
        self.seen[event.card] -= 1
        self.hands[event.player] += 1
        self._next_turn()

    def _start_turn(self, seat: int) -> None:
        super()._start_turn(seat)
        if self.phase == LAST:
            self.last_pile = self.piles.index(0)

    def _finish(self) -> None:
        super()._finish()
        self.played = None

# this table's own event kinds (registered by models.registry)
EVENTS: tuple[type[Event], ...] = (FaceUp, DrawPile, Remove, Let, Counter, Stop, TakeBack)
