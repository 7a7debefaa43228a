"""Seeded fingerprints of play: one hash per (game, players, options, seed) of everything a
refactoring must not change: an engine's legal actions, their words, results and winners; a
table's offered events, the reasons it gives for refused ones, and what it derives.

``python -m tests.fingerprints`` rewrites ``tests/data/fingerprints.json`` (do it only when a
rule change is meant, and say which entries changed and why)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from models.cards import Card, parse_cards
from models.match import Event, Match
from models.registry import GAMES

FILE = Path(__file__).parent / "data" / "fingerprints.json"

# Options varied per game: the defaults, then each rule option that changes play.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "kartu_sama": [
        {}, {"jokers": True}, {"may_draw": True, "play_after_draw": True},
        {"reshuffle": True},
        {"jokers": True, "joker_follow": "last_non_joker"}, {"dealer": "loser"},
        {"mode": "victory", "wins": 2}, {"short_pack": True, "hand_size": 5},
        {"packs": 2, "target": 60},
    ],
    "forty_one": [
        {}, {"hands": 3}, {"hands": 2, "stop_threshold": 30}, {"redraw": True},
        {"hands": 3, "running_score": True},
    ],
    "samba": [{"hands": 1}, {"hands": 1, "top_minimum": 160, "first_dealer": 1}],
    "sums": [{}, {"piles": 3}, {"take_back": True}, {"draw_or_play": True}, {"hand_size": 4}],
}
SEEDS = range(6)
MAX_STEPS = 3000
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = parse_cards("JK " + " ".join(f"{r}{s}" for s in "SHDC" for r in RANKS))


def _players(game: str) -> list[int]:
    g = GAMES[game]
    return [n for n in (2, 3, 4, 6) if g.min_players <= n <= g.max_players]


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def engine(game: str, players: int, options: dict[str, Any], seed: int) -> str:
    """The hash of one random game on the engine."""
    state = GAMES[game].new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    lines: list[str] = []
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append(f"{state.current_player} {legal} {state.action_str(action)} "
                     f"{state.action_words(action)!r}")
        state.apply(action)
        steps += 1
    for name in ("results", "winners", "totals", "scores"):
        value = getattr(state, name)
        lines.append(repr(value() if callable(value) else value))
    return _digest(lines)


def _reason(match: Match, event: Event) -> str:
    why = match.why_not(event)
    return "ok" if why is None else f"{why.code} {sorted(why.params.items(), key=str)!r}"


def _fill(match: Match, event: Event, rng: random.Random) -> Event | None:
    """``event`` with a card the table accepts where it leaves the card open."""
    if match.can(event):
        return event
    names = {f.name for f in dataclasses.fields(event)}
    if "card" in names and event.card is None:
        for card in rng.sample(PACK, len(PACK)):
            filled = dataclasses.replace(event, card=card)  # type: ignore[type-var]
            if match.can(filled):
                return filled
    if "cards" in names and not event.cards:
        for size in range(1, 12):
            for tries in range(10):  # half any cards, half one suit (41's stopper needs it)
                suit = "SHDC"[tries % 8 // 2]
                pool = PACK[1:] if tries % 2 else [c for c in PACK[1:] if c.suit == suit]
                cards = tuple(rng.sample(pool, min(size, len(pool))))
                filled = dataclasses.replace(event, cards=cards)  # type: ignore[type-var]
                if match.can(filled):
                    return filled
    return None


def _probes(match: Match, event: Event, players: int, rng: random.Random) -> list[str]:
    """Reasons for near misses of ``event``: another seat, another card, one more."""
    out = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, Card):  # before int: a Card is an int
            other = dataclasses.replace(event, **{f.name: rng.choice(PACK)})  # type: ignore[type-var]
        elif isinstance(value, int):
            other = dataclasses.replace(event, **{f.name: (value + 1) % max(players, value + 2)})  # type: ignore[type-var]
        else:
            continue
        out.append(_reason(match, other))
    return out


def _derived(match: Match) -> str:
    table = match.table
    seen = []
    for name in ("phase", "turn", "current", "dealer", "winners", "places", "totals", "over"):
        try:
            value = getattr(table, name)
        except Exception as error:  # noqa: BLE001 - a property that refuses is data too
            value = type(error).__name__
        if value is not None and not callable(value):
            seen.append(f"{name}={value!r}")
    return " ".join(seen)


def table(game: str, players: int, options: dict[str, Any], seed: int) -> str:
    """The hash of a random walk through a table's offered events."""
    names = [f"P{i}" for i in range(players)]
    match = Match.new(names, game, options)
    rng = random.Random(seed)
    lines: list[str] = []
    for _ in range(400):
        offered = match.legal_events()
        lines.append(" | ".join(str(e) for e in offered))
        if not offered:
            break
        filled = [e for e in (_fill(match, e, rng) for e in offered) if e is not None]
        if not filled:
            break
        event = rng.choice(filled)
        lines += _probes(match, event, players, rng)
        match.record(event)
        lines.append(_derived(match))
    return _digest(lines)


def compute() -> dict[str, str]:
    out: dict[str, str] = {}
    for game, variants in VARIANTS.items():
        for players in _players(game):
            for i, options in enumerate(variants):
                for seed in SEEDS:
                    key = f"{game} {players}p v{i} s{seed}"
                    out[f"engine {key}"] = engine(game, players, options, seed)
                for seed in SEEDS[:3]:
                    key = f"{game} {players}p v{i} s{seed}"
                    out[f"table {key}"] = table(game, players, options, seed)
    return out


if __name__ == "__main__":
    FILE.parent.mkdir(exist_ok=True)
    FILE.write_text(json.dumps(compute(), indent=0, sort_keys=True) + "\n")
    sys.exit(0)
