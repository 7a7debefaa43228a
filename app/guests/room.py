"""The room screen: what the table screen's link (the watch link) is sent, to draw the public
table large on a TV or a tablet: the piles, the seats with their scores and cards held, whose
turn it is, the last moves, and each round's summary.

It is made of what everyone at the table sees, and nothing else: the public table (a game's
presenter drawing it for no seat, or a referee's own table screen), the moves as the log says
them, and each round's result without the cards held (points, totals, who won and why). No
card of any hand is ever in it, at a game on the device (:func:`of_play`) or at a match with
real cards (:func:`of_match`), whatever the phones sent or the host is entering."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from app.device import LOG_LINES
from app.games import ENTRIES
from app.i18n import Translator
from app.play import log_entries, round_summary
from app.presenters.base import Seating, View
from app.tables.base import RoundReferee
from app.tables.entry import HandEntryReferee
from models.match import Drop, Revise, Start
from models.registry import GAMES
from models.tables.base import CLOSED
from views.felt_data import Chair, Group, Scene
from views.felt_data import Pile as FeltPile
from views.room import Line, Meld, Move, Pile, Room, RoundCard, Seat, Side
from views.scoreboard import heading, round_words

if TYPE_CHECKING:
    from app.device import Moved
    from app.play import DevicePlay
    from app.tables.base import Referee
    from models.tables.base import MatchState
    from views.between import RoundSummary
    from views.round import RoundData

ROUNDS = 12  # the round summaries sent, newest first (the screen shows those that fit)


def message(n: int, t: Translator, game: str, room: Room) -> dict[str, object]:
    """The payload of the table screen's link (seat -1), JSON-able."""
    return {"n": n, "lang": t.language, "title": t(f"game.{game}"), "seat": -1, "name": "",
            "colour": "", "words": words(t, game), "room": dataclasses.asdict(room)}


def words(t: Translator, game: str) -> dict[str, str]:
    """The room screen's own words (the guest page's come with every message)."""
    return {"moves": t("felt.last_moves"), "screen": t("guests.watch_title"),
            "rounds": heading(t("room.rounds", **round_words(t, game)))}


# -- a game on the device ---------------------------------------------------------------------
def of_play(play: DevicePlay, t: Translator) -> dict[str, object]:
    """The room screen of the game ``play`` shows on the host."""
    state, names = play.state, play.names
    game = play.doc.game
    colours = play.colours()
    scene = ENTRIES[game].presenter(t, names).scene(
        state, -1, Seating(tuple(names), colours, tuple(play.kinds), t), View())
    cards = summaries(play, t)
    ended = play.pending or state.is_over
    if ended:  # the next round, dealt already, waits behind the summary
        seats = tuple(Seat(c.name, c.colour, c.score, None, note=c.level) for c in scene.chairs)
        prompt = cards[0].verdict[0] if state.is_over and cards and cards[0].verdict else (
            t("guest.summary_wait"))
        room = Room(cards[0].heading if cards else "", prompt, (), seats,
                    moves=moves(play.game.moves, t, names, game), rounds=cards, ended=True)
    else:
        number = len(state.results) + 1
        label = heading(t("play.log.round", n=number, **round_words(t, game)))
        room = Room(label, scene.prompt,
                    tuple(x for x in (scene.note, scene.goal) if x),
                    tuple(chair(c) for c in scene.chairs), tuple(pile(p) for p in scene.piles),
                    sides(scene), moves(play.game.moves, t, names, game), cards)
    return message(play.game.version, t, game, room)


def chair(c: Chair) -> Seat:
    up = tuple(f.code for g in c.groups for f in g.cards)
    note = " · ".join(x for x in (c.note, c.tally, c.level) if x)
    return Seat(c.name, c.colour, c.score, c.cards, c.active, c.dealer, note, up)


def pile(p: FeltPile) -> Pile:
    top = p.top[-1].code if p.top else None
    return Pile(p.label, p.count, top, p.mark)


def meld(g: Group) -> Meld:
    return Meld(g.label, g.kind, tuple(f.code for f in g.cards))


def sides(scene: Scene) -> tuple[Side, ...]:
    return tuple(Side(s.label, (s.colour,) if s.colour else (), s.note,
                      tuple(meld(g) for g in s.groups)) for s in scene.sides)


def moves(made: Sequence[Moved], t: Translator, names: Sequence[str],
          game: str) -> tuple[Move, ...]:
    """The last moves, newest first, each round's under its number (the host's log)."""
    return tuple(Move(e.text, e.round) for e in log_entries(made, t, names, game, LOG_LINES))


def round_ends(made: Sequence[Moved], closed: int) -> list[int]:
    """For each of the ``closed`` rounds, the number of moves that closed it (a move may close
    two: 41's instant 41 at the next deal)."""
    ends: list[int] = []
    for j in range(len(made) + 1):
        after = made[j].round if j < len(made) else closed  # rounds closed after j moves
        ends += [j] * (after - len(ends))
    return ends


def summaries(play: DevicePlay, t: Translator) -> tuple[RoundCard, ...]:
    """Each round closed, newest first (the last :data:`ROUNDS`)."""
    doc = play.doc
    closed = len(play.state.results)
    ends = round_ends(play.game.moves, closed)
    enders = doc.enders
    setup = json.dumps([doc.game, len(play.names), doc.seed, doc.options])
    people = (tuple(play.names), tuple(play.kinds), play.colours())
    actions = tuple(doc.actions)
    return tuple(
        round_card(setup, actions[:ends[i]], i, int(enders[i]) if i < len(enders) else -1,
                   people, t.language)
        for i in reversed(range(max(0, closed - ROUNDS), closed)))


@lru_cache(maxsize=64)
def round_card(setup: str, actions: tuple[int, ...], index: int, ender: int,
               people: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]],
               lang: str) -> RoundCard:
    """The summary of round ``index`` of the game ``setup`` (its key, players, seed and
    options as JSON), closed by the move ``actions`` ends with: the host's summary of that
    round, its cards left out. Made once (a round closed does not change)."""
    game, players, seed, options = json.loads(setup)
    state = GAMES[game].replay(players, seed, options, actions)
    names, kinds, colours = people
    t = Translator(lang)
    if len(state.results) == index + 1:
        return card(round_summary(game, state, names, kinds, t, ender, colours))
    # a round closed with the next one by the same move: its result alone
    result = state.results[index]
    words = round_words(t, game)
    return RoundCard(
        heading(t("play.sum.heading", n=index + 1, **words)), (t("play.end.other", **words),),
        tuple(Line(n, colours[s], str(result.points[s]), won=s in result.winners)
              for s, n in enumerate(names)),
        points_label=t("play.sum.points", **words))


def card(s: RoundSummary) -> RoundCard:
    return RoundCard(
        s.heading, (s.how,) if s.how else (),
        tuple(Line(x.name, x.colour, x.points, x.total, x.won, x.detail) for x in s.lines),
        s.why, s.verdict, s.points_label, s.total_label)


# -- a match at a real table ------------------------------------------------------------------
def of_match(voice: Referee[MatchState], t: Translator) -> dict[str, object]:
    """The room screen of a match at a real table, from its referee speaking ``t``'s language
    (``app.tables.base.speaking``): the table as the referee says it (:meth:`Referee.room`),
    whose hand is in while hands are entered, the last events, each round kept."""
    table = voice.room()
    done = entered(voice)
    game = voice.match.setup.game
    cards = match_cards(voice)
    # the round just closed shows large until the next is dealt (the match's end, for good)
    ended = bool(cards) and (voice.over or voice.table.phase == CLOSED)
    room = dataclasses.replace(
        table, round="" if table.round == t(f"game.{game}") else table.round,
        seats=tuple(dataclasses.replace(s, done=i in done) for i, s in enumerate(table.seats)),
        moves=match_moves(voice, t), rounds=cards, ended=ended)
    return message(voice.version, t, game, room)


def entered(voice: Referee[MatchState]) -> set[int]:
    """The seats whose hand is in while hands are entered (no card of it is read here)."""
    if not isinstance(voice, HandEntryReferee) or not voice.entering():
        return set()
    return {s for s in range(len(voice.names))
            if not voice._has_hand(s) or voice._recorded(s) is not None
            or voice._typed(s) is not None or s in voice.sent}


def match_moves(voice: Referee[MatchState], t: Translator) -> tuple[Move, ...]:
    """The last events, newest first, in the table's words; each round's under its
    number (a match of one round has none)."""
    game = voice.match.setup.game
    words = round_words(t, game)
    events = voice.match.events
    starts = [i for i, e in enumerate(events) if isinstance(e, Start)]
    first = max(0, len(events) - LOG_LINES)
    out: list[Move] = []
    for i in reversed(range(first, len(events))):
        event = events[i]
        if isinstance(event, Start):  # the round's heading says it
            text = ""
        elif isinstance(event, Revise | Drop):
            text = t(f"event.{event.kind}", number=event.round + 1, **words)
        else:
            text = voice._event_words(event)
        number = sum(1 for s in starts if s <= i)
        out.append(Move(heading(text),
                        heading(t("play.log.round", n=number, **words)) if number else ""))
    return headed(out)


def headed(lines: list[Move]) -> tuple[Move, ...]:
    """Each round's heading on its newest line only (the list reads newest first); a line
    with no words (a round's start) stays only to carry its round's heading."""
    kept: list[Move] = []
    for i, line in enumerate(lines):
        first = i == 0 or lines[i - 1].round != line.round
        if first or line.text:
            kept.append(line if first else Move(line.text))
    return tuple(kept)


def match_cards(voice: Referee[MatchState]) -> tuple[RoundCard, ...]:
    """Each round played and kept (a round deleted counts for nothing), newest first, as its
    own screen says it, the cards left out; once the match is over, its places first."""
    cards: tuple[RoundCard, ...] = ()
    if isinstance(voice, RoundReferee):
        kept = [r for r in voice.table.played if not r.dropped][-ROUNDS:]
        cards = tuple(round_data(voice._round_data(r)) for r in reversed(kept))
    if not voice.over:
        return cards
    score = voice.score()
    colour = dict(zip(voice.names, voice._colours(), strict=False))
    return (RoundCard(score.headline, (), tuple(
        Line(p.name, colour.get(p.name, ""), p.total, won=p.place == 1, detail=p.reason)
        for p in score.places)), *cards)


def round_data(r: RoundData) -> RoundCard:
    return RoundCard(r.title, r.facts, tuple(
        Line(x.name, x.colour, x.points, won=x.best, detail=x.detail) for x in r.lines),
        r.changes)
