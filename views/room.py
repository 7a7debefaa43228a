"""What the room screen draws, as plain data: the public table drawn large for a TV or a
tablet (the table screen's link, ``app.guests.room``; its page is ``app/guests/static/room.*``).
Each game's referee says its table in these terms (``Referee.room``), a game on the device
through its presenter's public scene."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A player as everyone at the table sees them."""

    name: str
    colour: str  # #RRGGBB, "" for none
    score: str  # "12 points", "2 wins", their side's total
    cards: int | None = None  # cards held; None: not counted (a real table, between rounds)
    turn: bool = False  # to act now: glows
    dealer: bool = False
    note: str = ""  # "owes 3", "removed 2", a computer's level
    up: tuple[str, ...] = ()  # face-up cards in front of the seat (Sums), in the notation
    done: bool = False  # their hand is in (a match, while hands are entered)


@dataclass(frozen=True)
class Pile:
    """A pile in the middle: its top card face up (the notation), face down (""), or none
    known (None); its count, when it is counted."""

    label: str
    count: int | None
    top: str | None = ""
    mark: str = ""  # "Blocked"


@dataclass(frozen=True)
class Meld:
    label: str
    kind: str  # "pure", "mixed", "samba"...: a canasta's edge
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Side:
    """A team's laid cards (Samba on the device) or its standing (Samba at a real table)."""

    label: str
    colours: tuple[str, ...]
    note: str = ""
    melds: tuple[Meld, ...] = ()
    lines: tuple[str, ...] = ()  # "1 canasta · 0 sambas", "May go out"


@dataclass(frozen=True)
class Move:
    """A line of the last moves; ``round`` heads the round it begins ("" inside one)."""

    text: str
    round: str = ""


@dataclass(frozen=True)
class Line:
    """A player (or a side) in a round's summary: points and total, never the cards."""

    name: str
    colour: str
    points: str
    total: str = ""
    won: bool = False
    detail: str = ""


@dataclass(frozen=True)
class RoundCard:
    """One round's summary: its heading, how it ended, each line, why the winners won it (and
    the match, at the end)."""

    heading: str
    how: tuple[str, ...]
    lines: tuple[Line, ...]
    why: tuple[str, ...] = ()
    verdict: tuple[str, ...] = ()
    points_label: str = ""
    total_label: str = ""


@dataclass(frozen=True)
class Room:
    """The room screen: the round under way, whose turn in words, the public table, the last
    moves (newest first) and the rounds' summaries (newest first). ``ended``: the newest
    summary is of the round just closed, which the table waits on (or the match is over)."""

    round: str
    prompt: str
    notes: tuple[str, ...]
    seats: tuple[Seat, ...]
    piles: tuple[Pile, ...] = ()
    sides: tuple[Side, ...] = ()
    moves: tuple[Move, ...] = ()
    rounds: tuple[RoundCard, ...] = ()
    ended: bool = False
