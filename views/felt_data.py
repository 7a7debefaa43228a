"""What the card table of play on the device shows, as plain data: a presenter per game
(``app/presenters/``) makes a :class:`Scene` from the engine's observation for one seat, and
``views/felt.py`` draws it. Every tappable thing names its ``tap``: a key the presenter gave
it and takes back (``app.presenters.base.Presenter.answer``) to find the engine's action."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Face:
    """One card shown face up (or face down, ``code`` empty). ``id`` stays the card's while it
    moves between a hand, a pile and a meld, so its control is kept and moved, not redrawn."""

    id: str
    code: str = ""  # the notation (``QH``); "" for a card's back
    tap: str = ""  # "" : nothing happens on a tap
    lit: bool = False  # a legal move now: lifted and outlined
    chosen: bool = False  # selected for a move of several cards (Samba's melds)
    new: bool = False  # just drawn or taken
    why: str = ""  # said when tapped while not lit (the game's own words)


@dataclass(frozen=True)
class Pile:
    """A pile in the middle: the draw pile, a discard pile, a Sums community pile."""

    key: str
    label: str
    top: tuple[Face, ...]  # the cards shown, bottom to top (the top one or few)
    count: int
    tap: str = ""
    lit: bool = False
    mark: str = ""  # "Blocked"...
    why: str = ""


@dataclass(frozen=True)
class Group:
    """Cards laid face up together: a Samba meld, a Sums player's cards in play."""

    key: str
    cards: tuple[Face, ...]
    label: str = ""  # "Canasta (pure)", "Samba", "Red 3s"
    tap: str = ""
    lit: bool = False
    why: str = ""
    kind: str = ""  # "pure", "mixed", "sequence": a canasta's kind (its edge on a crowded table)


@dataclass(frozen=True)
class Chair:
    """One seat as everyone sees it: its player, colour, score (in words: "12 points", "2
    wins") and cards in hand (backs with a count), and what lies face up in front of it."""

    seat: int
    name: str
    colour: str  # #RRGGBB
    score: str
    cards: int  # cards in hand
    active: bool = False  # to act now: glows
    dealer: bool = False
    level: str = ""  # a computer's level ("Simple"); "" for a person
    note: str = ""  # "2 more to play" (a joker debt)...
    groups: tuple[Group, ...] = ()  # face-up cards in front of the seat (Sums)
    tally: str = ""  # "removed 3"


@dataclass(frozen=True)
class Side:
    """A team's laid cards (Samba): its melds under the partners' names."""

    label: str  # "Siti & Dad"
    groups: tuple[Group, ...]
    note: str = ""  # "Needs 50 to open · selected 35"
    colour: str = ""
    seats: tuple[int, ...] = ()  # the partners' seats


@dataclass(frozen=True)
class Button:
    """A move that is neither a card nor a pile (41's Stop, Samba's asking the partner)."""

    tap: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Scene:
    """The table for ``seat`` (whose hand is at the bottom; -1: the public table, no hand)."""

    seat: int
    chairs: tuple[Chair, ...]  # every seat, in seat order
    piles: tuple[Pile, ...]
    hand: tuple[Face, ...] = ()
    sides: tuple[Side, ...] = ()
    buttons: tuple[Button, ...] = ()
    prompt: str = ""  # what to do now: "Tap a card to discard"
    note: str = ""  # a count the move needs: "Needs 50, selected 35"
    worth: str = ""  # what one's own hand is worth now (41: "27 in ♥")
    goal: str = ""  # the game's goal, stated on the table (Sums)
    hinted: tuple[str, ...] = ()  # the taps a hint suggests: marked on the table
