"""Playing games for the rule lab into a :class:`Tally`: counts that add up, so that chunks of
seeds played apart (one per worker) merge into exactly the tally of one run.

Game ``g`` of a run with seed ``s`` is dealt with seed ``s + g`` and its random players draw
from ``random.Random(s + g)``: a game does not depend on which worker plays it, nor on the
games before it, and a variant played with the same seeds gets the same deals where it can.
Each game's own sums are kept by its number (:class:`GameSums`), so that such a variant is
compared with the base game by game.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from models.errors import MejaError
from models.games.base import RoundResult
from models.registry import GAMES

if TYPE_CHECKING:
    from models.computers import Chooser

# A tie shares a win: each winner's share is counted in whole units of 1/SHARE, exact for
# any number of winners up to 20 (so adding shares in any order gives the same total).
SHARE = math.lcm(*range(1, 21))


@runtime_checkable
class Figured(Protocol):
    """An engine that says what a finished game did in its own terms (jokers played, canastas
    made...): ``figures()``, read once the game is over, not move by move."""

    def figures(self) -> dict[str, int]: ...


# the figures every game has: their values counted (so their mean, spread and histogram)
VALUES = ("rounds_per_game", "game_length", "round_length", "points", "winning_points")


@dataclass(frozen=True)
class Spec:
    """What to play: a game, its seats and options, each seat's player (``random``,
    ``simple``, ``strong`` or ``expert``), and the first seed."""

    game: str
    players: int
    options: Mapping[str, object] = field(default_factory=dict)
    kinds: tuple[str, ...] = ()  # empty: random players everywhere
    seed: int = 0

    def seats(self) -> tuple[str, ...]:
        return self.kinds or ("random",) * self.players


@dataclass
class GameSums:
    """Each game's own sums by its number: moves, rounds, round moves, points, the round
    winners' points, rounds with a first player and their wins, each seat's round and match
    wins (in units of 1/SHARE), each way a round ended (``ends.<code>``) and the game's own
    figures (``figure.<key>``). A chunk of games played apart holds other numbers, so merging
    is a union; the keys are kept sorted, a game without one counts 0 there."""

    keys: tuple[str, ...] = ()
    rows: dict[int, tuple[int, ...]] = field(default_factory=dict)
    known: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def add(self, game: int, sums: Mapping[str, int]) -> None:
        """Keep game ``game``'s ``sums``."""
        if not self.known.issuperset(sums):
            self._widen(sums)
        self.rows[game] = tuple([sums.get(k, 0) for k in self.keys])

    def _widen(self, keys: Iterable[str]) -> None:
        wide = tuple(sorted({*self.keys, *keys}))
        if wide != self.keys:
            old = self.keys
            self.rows = {g: tuple([dict(zip(old, row, strict=True)).get(k, 0) for k in wide])
                         for g, row in self.rows.items()}
            self.keys, self.known = wide, frozenset(wide)

    def merge(self, other: GameSums) -> None:
        """Add ``other``'s games (other numbers than these)."""
        self._widen(other.keys)
        if other.keys == self.keys:
            self.rows.update(other.rows)
            return
        for game, row in other.rows.items():
            self.add(game, dict(zip(other.keys, row, strict=True)))

    def column(self, key: str, games: Iterable[int]) -> list[int]:
        """``key``'s sum in each of ``games`` (0 where the key never came up)."""
        if key not in self.known:
            return [0 for _ in games]
        at = self.keys.index(key)
        return [self.rows[g][at] for g in games]


@dataclass
class Tally:
    """What a run of games came to, as whole counts (wins in units of 1/SHARE)."""

    players: int
    games: int = 0
    moves: int = 0
    rounds: int = 0
    seconds: float = 0.0  # time spent playing (summed over workers; not part of equality)
    # VALUES, then the game's own figures ("figure.<key>", in the order the engine gives them)
    values: dict[str, Counter[int]] = field(default_factory=dict)
    ends: Counter[str] = field(default_factory=Counter)
    per_game: GameSums = field(default_factory=GameSums)  # each game's own sums, by its number
    round_wins: list[int] = field(default_factory=list)
    match_wins: list[int] = field(default_factory=list)
    first_rounds: int = 0
    first_wins: int = 0
    # each computer level's decisions (those with a choice) by their processor time in whole
    # microseconds (what a decision costs, whatever else the machine runs meanwhile):
    # timing, like ``seconds``, differs from run to run (not part of equality)
    times: dict[str, Counter[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.round_wins = self.round_wins or [0] * self.players
        self.match_wins = self.match_wins or [0] * self.players

    def merge(self, other: Tally) -> None:
        """Add ``other`` (the same game and seats) to this tally."""
        self.games += other.games
        self.moves += other.moves
        self.rounds += other.rounds
        self.seconds += other.seconds
        for key, counts in other.values.items():
            self.values.setdefault(key, Counter()).update(counts)
        self.ends.update(other.ends)
        self.per_game.merge(other.per_game)
        self.round_wins = [a + b for a, b in zip(self.round_wins, other.round_wins, strict=True)]
        self.match_wins = [a + b for a, b in zip(self.match_wins, other.match_wins, strict=True)]
        self.first_rounds += other.first_rounds
        self.first_wins += other.first_wins
        for kind, counts in other.times.items():
            self.times.setdefault(kind, Counter()).update(counts)

    def same(self, other: Tally) -> bool:
        """Whether both tallies count the same games the same way (timing aside)."""
        untimed = {"seconds": 0, "times": {}}
        return {**vars(self), **untimed} == {**vars(other), **untimed}


PARTS = tuple(SHARE // k if k else 0 for k in range(21))  # one share object per tie size


def game_sums(results: Sequence[RoundResult], moves: int, won: Sequence[int],
              figures: Mapping[str, int]) -> dict[str, int]:
    """One game's own sums (see :class:`GameSums`) from its rounds, moves, winners and own
    figures."""
    sums: dict[str, int] = {"moves": moves, "rounds": len(results), "round_moves": 0,
                            "points": 0, "winning_points": 0, "first_rounds": 0, "first_wins": 0}
    for result in results:
        winners = result.winners
        part = PARTS[len(winners)]
        sums["round_moves"] += result.moves
        sums["points"] += sum(result.points)
        sums["winning_points"] += result.points[winners[0]]
        end = f"ends.{result.end}"
        sums[end] = sums.get(end, 0) + 1
        for seat in winners:
            key = f"round_wins.{seat}"
            sums[key] = sums.get(key, 0) + part
        if result.first >= 0:
            sums["first_rounds"] += 1
            if result.first in winners:
                sums["first_wins"] += part
    for seat in won:
        sums[f"match_wins.{seat}"] = PARTS[len(won)]
    sums.update({f"figure.{k}": v for k, v in figures.items()})
    return sums


def choosers(spec: Spec) -> list[Chooser] | None:
    """Each seat's player (None: random everywhere, the bare loop)."""
    kinds = spec.seats()
    found = None
    if any(k != "random" for k in kinds):
        from models import computers  # the searching player is heavy: only when asked for

        found = [computers.chooser(spec.game, k) for k in kinds]
    if len(kinds) != spec.players:
        raise MejaError("seats_players", players=spec.players, seats=len(kinds))
    return found


def play(spec: Spec, start: int, count: int,
         progress: Callable[[int], None] | None = None, until: float | None = None) -> Tally:
    """Play games ``start`` to ``start + count - 1`` of ``spec`` and tally them (``progress``
    is told how many are done after each one; it may raise to stop). ``until``: stop after
    the game that ends past this ``time.perf_counter()`` (fewer games, counted in the
    tally)."""
    entry = GAMES[spec.game]
    options = entry.options(dict(spec.options))
    seats = choosers(spec)
    tally = Tally(spec.players)
    values = tally.values
    rounds_per_game, game_length, round_length, points, winning = (
        values.setdefault(k, Counter()) for k in VALUES)
    own: dict[str, Counter[int]] = {}
    kinds = spec.seats()
    times = [tally.times.setdefault(k, Counter()) for k in kinds] if seats is not None else []
    figured: bool | None = None
    share = SHARE
    clock, cpu = time.perf_counter, time.process_time
    for g in range(start, start + count):
        seed = spec.seed + g
        rng = random.Random(seed)
        began = clock()
        state = entry.new_game(spec.players, seed, options)
        if seats is None:  # the bare loop
            choice, legal, apply = rng.choice, state.legal_actions, state.apply
            while not state.is_over:
                apply(choice(legal()))
        else:
            while not state.is_over:
                seat = state.current_player
                if len(state.legal_actions()) < 2:  # no choice: nothing to time
                    state.apply(seats[seat](state, rng))
                    continue
                at = cpu()
                action = seats[seat](state, rng)
                times[seat][int((cpu() - at) * 1e6)] += 1
                state.apply(action)
        tally.seconds += clock() - began
        moves = len(state.actions)
        tally.moves += moves
        results = state.results
        for result in results:
            round_length[result.moves] += 1
            points.update(result.points)
            winners = result.winners
            winning[result.points[winners[0]]] += 1
            tally.ends[result.end] += 1
            part = share // len(winners)
            for seat in winners:
                tally.round_wins[seat] += part
            if result.first >= 0:
                tally.first_rounds += 1
                if result.first in winners:
                    tally.first_wins += part
        tally.rounds += len(results)
        rounds_per_game[len(results)] += 1
        game_length[moves] += 1
        won = state.winners
        for seat in won:
            tally.match_wins[seat] += share // len(won)
        if figured is None:  # asked once: a Protocol's isinstance takes microseconds
            figured = isinstance(state, Figured)
        figures = cast(Figured, state).figures() if figured else {}
        for key, value in figures.items():
            counts = own.get(key)
            if counts is None:
                counts = own[key] = values.setdefault(f"figure.{key}", Counter())
            counts[value] += 1
        tally.per_game.add(g, game_sums(state.results, moves, won, figures))
        tally.games += 1
        if progress:
            progress(tally.games)
        if until is not None and clock() > until:
            break
    return tally
