"""What every game's presenter offers, and the help they share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from app.i18n import Translator, names
from models.cards import format_cards
from models.games.base import State
from views.felt_data import Face, Group, Scene
from views.scoreboard import round_words


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the table shows them: names, colours, kinds (``person``,
    ``simple``, ``strong``) and the texts."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    kinds: tuple[str, ...]
    t: Translator


@dataclass(frozen=True)
class View:
    """What the person looking chose that is no move: the hand's order (``suit`` or
    ``rank``), the cards selected for a move of several (Samba), whether legal cards are lit
    and hints offered (``help``)."""

    order: str = "suit"
    chosen: frozenset[str] = field(default_factory=frozenset)  # Face ids
    help: bool = True


@dataclass(frozen=True)
class Answer:
    """What a tap does: an engine ``action`` to apply (or several, ``actions``, made as one
    move: Samba's Meld lays a meld and adds the other cards selected), or a new selection
    (``chosen``), or a refusal in the game's words (``why``)."""

    action: int | None = None
    chosen: frozenset[str] | None = None
    why: str = ""
    actions: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ending:
    """What a game says of the round ``state`` closed last (and, at its end, of the game):
    each seat's cards as it ended (the notation) and what else counted, who won the round
    and why, why the winners won the game, whether its score is a tally of round wins, and
    its own heading ("" : "End of round 2")."""

    held: tuple[tuple[tuple[str, ...], str], ...]
    why: str = ""
    verdict: str = ""
    wins: bool = False
    heading: str = ""


class Presenter(Protocol):
    """A game's table: ``scene`` draws ``state`` for ``seat`` (-1: the public table),
    ``answer`` says what the tap ``tap`` does on that scene, ``ending`` what the round just
    closed came to (in ``t``'s words, ``seats`` the names)."""

    def scene(self, state: State, seat: int, seating: Seating, view: View) -> Scene: ...

    def answer(self, state: State, seat: int, tap: str, view: View) -> Answer: ...

    def ending(self, state: State, seats: Sequence[str], t: Translator) -> Ending: ...


S = TypeVar("S")


def engine(state: State, kind: type[S]) -> S:
    """``state`` as its game's engine state (a presenter draws its own game only)."""
    if not isinstance(state, kind):
        raise TypeError(f"{type(state).__name__}: {kind.__name__}")
    return state


# A game's presenter, made for the texts of the moment and the names at the table (they word
# the refusals its ``answer`` gives): ``Entry.presenter(t, names)``.
Make = Callable[[Translator, Sequence[str]], Presenter]


def notation(cards: Sequence[int]) -> tuple[str, ...]:
    """Cards in the notation, one by one (``("QD", "10S")``)."""
    return tuple(format_cards(list(cards)).split()) if cards else ()


def round_won(state: State, seats: Sequence[str], t: Translator, game: str) -> str:
    """Who won the round ``state`` closed last ("" for no one)."""
    winners = state.results[-1].winners
    if not winners:
        return ""
    won = [seats[s] for s in winners]
    return t.plural("play.sum.won", len(won), names=names(won, t), **round_words(t, game))


def identify(codes: Sequence[str], seen: Counter[str] | None = None) -> list[str]:
    """Ids for cards shown in one scene: a code's first copy is ``QH.0``, its second ``QH.1``
    (two packs). ``seen`` carries the count over from the cards already named."""
    seen = Counter() if seen is None else seen
    out = []
    for code in codes:
        out.append(f"{code}.{seen[code]}")
        seen[code] += 1
    return out


def unlit(scene: Scene) -> Scene:
    """``scene`` with nothing lit: for a person who plays without help (a tap still asks
    the presenter's ``answer``: a legal move is made, unlit)."""

    def faces(cards: tuple[Face, ...]) -> tuple[Face, ...]:
        return tuple(replace(f, lit=False) for f in cards)

    def groups(gs: tuple[Group, ...]) -> tuple[Group, ...]:
        return tuple(replace(g, lit=False, cards=faces(g.cards)) for g in gs)

    return replace(
        scene, hand=faces(scene.hand),
        piles=tuple(replace(p, lit=False, top=faces(p.top)) for p in scene.piles),
        chairs=tuple(replace(c, groups=groups(c.groups)) for c in scene.chairs),
        sides=tuple(replace(s, groups=groups(s.groups)) for s in scene.sides))


__all__ = ["Answer", "Ending", "Face", "Make", "Presenter", "Scene", "Seating", "View", "identify",
           "notation", "round_won", "unlit"]
