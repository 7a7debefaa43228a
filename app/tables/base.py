"""What the referee controllers of the four games share: the match as saved (its changes go
through the service, ``app.matches.Ledger``), undo, the way between the match's screens
(``/match/<id>/<sub>``), and the scoreboard's buttons.

A tap changes the match on screen only once its event is stored: a write that fails (a full
device, a read-only folder) leaves screen and storage as they were and says so; a write
refused because another window changed the match first opens it again. Each button that
changes the match carries the version of the state it was drawn from (``_at``): a second tap
of a double tap, or a tap on a screen drawn before the match changed, changes nothing."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import flet as ft

from app.guests.seats import ACCEPT, Asks
from app.i18n import Translator, not_saved, say
from app.matches import NOT_SAVED, REFUSED, STALE, Ledger, Outcome, Summary, milestone
from models.errors import MejaError
from models.match import Drop, Event, Match, Reason, Revise
from models.people import PALETTE, People
from models.tables.base import Change, MatchState, Record, RoundTable
from views.common import Tr
from views.room import Pile, Room, Seat
from views.round import RoundData, RoundLine, round_view
from views.scoreboard import ScoreData, heading, round_words, scoreboard_view, standings
from views.table import TableData

if TYPE_CHECKING:
    from app.host import Host

HOLD = 0.3  # seconds a table button just tapped stays held: the length of a double click

T = TypeVar("T", bound=MatchState, covariant=True)
R = TypeVar("R", bound=RoundTable[Any], covariant=True)
RecT = TypeVar("RecT", bound=Record)


def over(match: Match[MatchState]) -> bool:
    """Whether ``match`` is over."""
    return bool(match.table.phase == "over")


def status(over: bool) -> str:
    """A summary's status: ``"finished"`` or ``"playing"``."""
    return "finished" if over else "playing"


class _Voice:
    """The host as a referee asks it, speaking ``t``'s language."""

    def __init__(self, host: Host, t: Translator) -> None:
        self._host = host
        self.t = t

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)


RefT = TypeVar("RefT", bound="Referee[MatchState]")


def speaking(referee: RefT, t: Translator) -> RefT:
    """``referee`` saying its words in ``t``'s language: a copy reading the same match, for
    reading only (the host's screens keep the host's language)."""
    voice = copy.copy(referee)
    voice.host = cast("Host", _Voice(referee.host, t))
    return voice


class RefereeScreen(Protocol):
    """What every game's table screen data says: its title and whose turn (``prompt``)."""

    @property
    def title(self) -> str: ...
    @property
    def prompt(self) -> str: ...


class Referee(Generic[T]):
    """One match loaded from storage, and the taps that change it. A game's referee names
    its table's class (``table_type``: the match is checked to be of it, and typed by it) and
    adds its screens (``view(sub)``) and the words and numbers only it knows."""

    table_type: type[T]

    def __init__(self, host: Host, match_id: str, match: Match[MatchState]) -> None:
        self.host = host
        self.match_id = match_id
        self.ledger = Ledger(host.store, match_id, match.of(self.table_type),
                             lambda _m: self.summary(), host.announce, self._milestone)
        self.names = list(match.setup.players)
        self.read_only = False  # an imported match: the device it came from referees it
        self.asking = -1  # the round whose deletion is being asked about
        self.error = ""  # what an entry screen says was refused
        self.closed: dict[int, int] = {}  # seat: the rounds played when its phone closed the
        # round's summary (app/guests/match.py)
        self.asks = Asks()  # a phone asking to take back its move, and the host's answers
        self.held = ""  # the table button just tapped (``_button``), drawn disabled a moment
        self._holds = 0

    def view(self, sub: str) -> ft.View:
        """The screen of ``/match/<id>/<sub>``."""
        raise NotImplementedError

    def summary(self) -> Summary:
        """What the history shows of this match, from its events: the game's ``summary``
        function (which needs no screen), in this order: status, round, mode, totals,
        winners, rounds."""
        raise NotImplementedError

    @property
    def match(self) -> Match[T]:
        return self.ledger.match

    @property
    def version(self) -> int:
        """The version of the match's state (its event count) that a screen is drawn from."""
        return self.ledger.version

    @property
    def t(self) -> Translator:
        return self.host.t

    @property
    def table(self) -> T:
        return self.match.table

    @property
    def over(self) -> bool:
        return over(self.match)

    def say(self, reason: Reason) -> str:
        return say(self.t, reason.code, reason.params)

    def _go(self, sub: str = "") -> None:
        self.host.go(f"/match/{self.match_id}" + (f"/{sub}" if sub else ""))

    def _at(self, tap: Callable[..., object]) -> Callable[..., None]:
        """``tap`` bound to the version of the screen drawn now. The one check of every
        table action: a tap that arrives once the match has changed (the second tap of a
        double tap, a screen drawn before another window's change) stops here, before the
        handler reads the state, so that no event is built from a turn the screen did not
        show. A tap that passes is called with ``at=`` that version, which the service checks
        again as it saves (two threads)."""
        at = self.version

        def bound(*args: object) -> None:
            if self.ledger.current(at):
                tap(*args, at=at)

        return bound

    def _button(self, tap: Callable[..., object], name: str = "") -> Callable[..., None]:
        """A table button's tap: :meth:`_at`, and the button of the same name (``name``, else
        the tap's arguments: ``draw``, ``canasta-1``) held for ``HOLD`` seconds: drawn
        disabled, and a tap on it is nothing. The second click of a double click may come
        after the first one's answer, on the button drawn for the next player in the same
        place ("draw 2" again): the version check lets it through, the hold does not. A
        referee's next tap, for the next player, takes longer than a double click."""
        at = self.version

        def bound(*args: object) -> None:
            key = name or "-".join(map(str, args))
            if key == self.held or not self.ledger.current(at):
                return
            self.held = key  # before the tap: the screen it draws shows the hold
            tap(*args, at=at)
            if self.version != at:
                self._release_later(key)
            else:  # nothing recorded (a screen opened, a refusal): no hold, and no redraw
                self.held = ""  # later, under a tap on the next screen
                self.host.refresh()

        return bound

    def _release_later(self, key: str) -> None:
        """The hold on ``key`` ends in ``HOLD`` seconds, unless a newer tap holds it again."""
        self._holds += 1
        mine = self._holds

        def release() -> None:
            if self._holds == mine:
                self.held = ""
                self.host.refresh()

        self.host.later(HOLD, release)

    # -- recording --------------------------------------------------------------------------
    def record(self, event: Event, at: int | None = None) -> bool:
        """Check, save and record one event (``at``: the version the tap was drawn from,
        None for the current one); a refusal, or a write that fails, is shown and changes
        nothing."""
        return self._said(self.ledger.record(event, self.version if at is None else at))

    def _enter(self, event: Event, at: int | None = None) -> bool:
        """Record ``event`` from an entry screen: a refusal is said on the screen
        (``error``), anything else as :meth:`record` says it."""
        outcome = self.ledger.record(event, self.version if at is None else at)
        if outcome.status == REFUSED and outcome.reason is not None:
            self.error = self.say(outcome.reason)
            return False
        if outcome.done:
            self.error = ""
        return self._said(outcome)

    def undo(self, at: int | None = None) -> None:
        outcome = self.ledger.undo(self.version if at is None else at)
        if self._said(outcome) and outcome.event is not None:
            self._undone(outcome.event)

    def answer(self, what: str, at: int) -> None:
        """The host accepts (the last event is taken back) or refuses a phone's request to
        take back its move, shown at version ``at``; the phone hears which."""
        seat = self.asks.asking(at)
        if seat < 0 or not self.ledger.current(at):
            return  # drawn for a request that is gone: the second tap of a double tap
        self.asks.undo = None
        if what == ACCEPT:
            self.asks.answers[seat] = (at - 1, True)  # heard with the event taken back
            self.undo(at)
            if self.version != at:
                return
        self.asks.answers[seat] = (self.version, False)
        self.host.refresh()
        self.host.announce(self.match_id)  # the phones hear it

    def _said(self, outcome: Outcome) -> bool:
        """Say what became of a change (a refusal, a write that failed; a match changed in
        another window is opened again as saved); True when it is done."""
        t = self.t
        if outcome.status == REFUSED and outcome.reason is not None:
            self.host.toast(self._refusal(outcome.reason))
        elif outcome.status == NOT_SAVED and outcome.error is not None:
            self.host.toast(not_saved(t, outcome.error))
        elif outcome.status == STALE:
            self.host.toast(t("save.stale"))
            self.host.forget(self.match_id)
            self.host.refresh()
        if outcome.summary_error is not None:
            self.host.toast(not_saved(t, outcome.summary_error))
        return outcome.done

    def _milestone(self, event: Event) -> bool:
        """Whether ``event`` changes the summary. Asked while it is the last event: just
        recorded, or about to be undone."""
        return milestone(event)

    def _undone(self, event: Event) -> None:
        """Once ``event`` is undone: forget what was being entered for it, and redraw."""
        self.host.refresh()

    def _refusal(self, reason: Reason) -> str:
        return self.say(reason)

    # -- a seat's own entry, from its phone (app/guests/match.py) ---------------------------
    def phone_entry(self, seat: int) -> dict[str, object] | None:
        """What ``seat`` enters on its phone now, in this referee's words (None: nothing),
        from what that seat may see only. JSON-able; its ``kind`` names the page's form."""
        return None

    def phone_enter(self, seat: int, body: Mapping[str, object]) -> Outcome | MejaError | None:
        """``seat``'s entry from its phone (``body``: the page's form, not yet checked),
        recorded through the same call as the host's tap at the current version: what became
        of it, a refusal of what was sent, or None when the body is not such an entry."""
        return None

    def apart(self, event: Event, seat: int) -> bool:
        """Whether ``event``, recorded since ``seat``'s phone drew its entry, leaves that
        entry as it was (another seat's own entry): the phone's entry still counts."""
        return False

    def entered(self) -> set[int]:
        """The seats whose entry is in now (the host and the phones show a tick)."""
        return set()

    # -- the screens ------------------------------------------------------------------------
    def _event_words(self, event: Event) -> str:
        raise NotImplementedError

    def _undo_text(self) -> str:
        """The undo button's label, which names the last event ("" when there is none)."""
        if not self.match.events:
            return ""
        event = self.match.events[-1]
        if isinstance(event, Revise | Drop):
            words = round_words(self.t, self.match.setup.game)
            what = self.t(f"event.{event.kind}", number=event.round + 1, **words)
        else:
            what = self._event_words(event)
        return str(self.t("table.undo", what=what))

    def _table_data(self) -> RefereeScreen:
        """What the table screen shows (its ``title``, ``prompt``...)."""
        raise NotImplementedError

    def _score_data(self) -> ScoreData:
        raise NotImplementedError

    def room(self) -> Room:
        """The table as the room screen draws it (``app.guests.room``): what everyone at the
        table sees of it, from this game's table screen, never a card of a hand."""
        raise NotImplementedError

    def score(self) -> ScoreData:
        """What the scoreboard shows (the sharing screen's results are made of it)."""
        return dataclasses.replace(self._score_data(), game=self.match.setup.game)

    def _beside(self, t: Tr) -> list[ft.Control]:
        """The standings a wide screen shows beside the table."""
        return standings(t, dataclasses.replace(self._score_data(), game=self.match.setup.game,
                                                colours=self._colours()))

    def _scoreboard(self, t: Tr, extra: Sequence[ft.Control] = (),
                    back: str | None = None) -> ft.View:
        """The scoreboard: back to the table while the match goes on (or to ``back``), a
        rematch once over. A read-only match has no table here: back leads home."""
        over = self.over
        table = f"/match/{self.match_id}"
        back = "/" if self.read_only else back or ("/" if over else table)
        return scoreboard_view(
            t, dataclasses.replace(self._score_data(), game=self.match.setup.game,
                                   colours=self._colours()),
            on_continue=None if over or self.read_only else (lambda: self._go()),
            on_rematch=self._rematch if over else None,
            on_home=lambda: self.host.go("/"),
            on_back=lambda: self.host.go(back),
            extra=extra,
            on_round=None if self.read_only else self._open_round,
        )

    def _colours(self) -> tuple[str, ...]:
        """Each seat's player colour (see ``models.people``)."""
        people = People.from_doc(self.host.store.people())
        return tuple(PALETTE[i] for i in people.seat_colours(self.match.setup.players))

    def _rematch(self) -> None:
        """The same players and options again."""
        raise NotImplementedError

    def _open_round(self, index: int) -> None:
        self.asking = -1
        self._go(f"round-{index + 1}")


def counted(data: TableData, stock: str, discard: str = "") -> Room:
    """The room's table of a game whose table screen counts each hand's cards (``data``): the
    draw pile (``stock`` names it) and the top discard when it is recorded (``discard``)."""
    seats = tuple(Seat(s.name, s.colour, s.total, s.cards, s.current, s.dealer, s.note)
                  for s in data.seats)
    piles = [Pile(stock, data.pile)] if data.pile else []
    if data.top:
        piles.append(Pile(discard, None, data.top))
    return Room(data.title, data.prompt, tuple(x for x in (data.detail, data.warning) if x),
                seats, tuple(piles))


class RoundReferee(Referee[R], Generic[R, RecT]):
    """The referee of a game played in rounds (Kartu Sama, 41, Samba; ``RecT``: its table's
    record of a round): the screen of each played round, its correction and deletion, and the
    rematch dealt by the next dealer."""

    def _rematch(self) -> None:
        """The same players and options again, dealt by whoever deals next."""
        setup = self.match.setup
        options = dict(self.host.store.load_match(self.match_id)["setup"]["options"])
        options.pop("first_dealer", None)
        self.host.new_match(list(setup.players), setup.game, options,
                             dealer=self.table.next_dealer)

    # -- one round, and its corrections -------------------------------------------------------
    ENTRY = "hands"  # the screen on which a round's hands (or results) are entered

    def _shown_round(self, sub: str) -> RecT | None:
        """The played round ``sub`` names (``round-2``), or None."""
        number = sub.removeprefix("round-")
        played: Sequence[RecT] = self.table.played
        if not number.isascii() or not number.isdigit() or not 1 <= int(number) <= len(played):
            return None
        return played[int(number) - 1]

    def _round_screen(self, sub: str) -> ft.View | None:
        """The screen of one played round (``round-<number>``), or None for another screen."""
        if not sub.startswith("round-"):
            return None
        r = self._shown_round(sub)
        if r is None:
            return None
        k = r.index
        can = not self.read_only and self.match.can(Revise(k))
        return round_view(
            self.t, self._round_data(r),
            on_correct=self._at(lambda at: self._correct(k, at)) if can else None,
            on_delete=(lambda: self._ask_delete(k)) if can else None,
            on_confirm=self._at(lambda at: self._delete(k, at)),
            on_cancel=self._keep_round,
            on_back=lambda: self._go("score"),
        )

    def _round_data(self, r: RecT) -> RoundData:
        t = self.t
        words = round_words(t, self.match.setup.game)
        facts = [t("round.dealt", name=self.names[r.dealer])]
        if r.end is not None:
            facts.append(self.say(r.end))
        return RoundData(
            route=f"/match/{self.match_id}/round-{r.number}",
            title=heading(t("round.title", number=r.number, **words)),
            facts=tuple(facts), lines=self._round_lines(r),
            changes=tuple(self._change_words(c) for c in r.changes),
            deleted=r.dropped,
            confirm=self._after_drop(r.index) if self.asking == r.index else "",
            correct=heading(t("round.correct", **words)),
            delete=heading(t("round.delete", **words)),
            version=self.version,
        )

    def _round_lines(self, r: RecT) -> tuple[RoundLine, ...]:
        """Each player's (or side's) hand and points in the round ``r``."""
        raise NotImplementedError

    def _change_words(self, change: Change) -> str:
        """``Corrected during round 4``, ``Deleted after the end of the match``..."""
        t = self.t
        words = round_words(t, self.match.setup.game)
        when = ("over" if change.over else "during" if change.playing else "after")
        return str(t(f"round.{change.kind}.{when}", number=change.rounds, **words))

    def _marks(self) -> tuple[str, ...]:
        """Each scoreboard row's mark: deleted, corrected, or nothing (typed points have a *
        beside them, said once under the table)."""
        t = self.t
        return tuple(t("round.mark.deleted") if r.dropped
                     else t("round.mark.corrected") if r.changes else ""
                     for r in self.table.played)

    def _after_drop(self, k: int) -> str:
        """What deleting round ``k`` changes: the totals and the state of the match after."""
        t = self.t
        real = self.ledger.match
        self.ledger.match = Match(real.setup, [*real.events, Drop(k)]).of(self.table_type)
        try:
            data = self._score_data()
        finally:
            self.ledger.match = real
        words = round_words(t, real.setup.game)
        totals = ", ".join(f"{n}: {x}" for n, x in zip(data.names, data.totals, strict=False))
        then = data.headline if data.finished else t("round.goes_on")
        return str(t("round.delete_ask", number=k + 1, totals=totals, then=then, **words))

    def _correct(self, k: int, at: int | None = None) -> None:
        """Open round ``k`` for entry again, on the screen of a round's end."""
        if self._said(self.ledger.revise(k, self.version if at is None else at)):
            self._corrected()
            self._go(self.ENTRY)

    def _corrected(self) -> None:
        """What a game forgets once a round is opened again (cards being entered)."""

    def _ask_delete(self, k: int) -> None:
        self.asking = k
        self.host.refresh()

    def _keep_round(self) -> None:
        self.asking = -1
        self.host.refresh()

    def _delete(self, k: int, at: int | None = None) -> None:
        self.asking = -1
        if self._said(self.ledger.drop(k, self.version if at is None else at)):
            self._go("score")
        else:
            self.host.refresh()
