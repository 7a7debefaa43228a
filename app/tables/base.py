"""What the referee controllers of the four games share: the match loaded from storage, each
tap recorded as one event and saved at once, undo, the summary the history list shows, the way
between the match's screens (``/match/<id>/<sub>``), and the scoreboard's buttons.

A tap changes the match on screen only once its event is stored: a write that fails (a full
device, a read-only folder) leaves screen and storage as they were and says so; a write
refused because another window changed the match first reloads it. Other windows showing
the match are told (``shell.announce``) and redraw it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import not_saved, say
from app.storage import Stale
from models.match import Close, Event, Match, Reason, Start
from models.people import PALETTE, People
from views.scoreboard import ScoreData, scoreboard_view, standings

if TYPE_CHECKING:
    from app.shell import Shell


def over(match: Match) -> bool:
    """Whether ``match`` is over."""
    return bool(match.table.phase == "over")


def status(over: bool) -> str:
    """A summary's status: ``"finished"`` or ``"playing"``."""
    return "finished" if over else "playing"


class Referee:
    """One match loaded from storage, and the taps that change it. A game's referee adds its
    screens (``view(sub)``) and the words and numbers only it knows."""

    def __init__(self, shell: Shell, match_id: str, match: Match) -> None:
        self.shell = shell
        self.match_id = match_id
        self.match = match
        self.names = list(match.setup.players)
        self.read_only = False  # an imported match: the device it came from referees it
        self._summary_due = False  # a summary that could not be saved: at the next write

    def summary(self) -> dict[str, Any]:
        """What the history shows of this match, from its events: the game's ``summary``
        function (which needs no screen), in this order: status, round, mode, totals,
        winners, rounds."""
        raise NotImplementedError

    @property
    def t(self) -> Any:
        return self.shell.t

    @property
    def table(self) -> Any:
        return self.match.table

    @property
    def over(self) -> bool:
        return over(self.match)

    def say(self, reason: Reason) -> str:
        return say(self.t, reason.code, reason.params)

    def _go(self, sub: str = "") -> None:
        self.shell.go(f"/match/{self.match_id}" + (f"/{sub}" if sub else ""))

    # -- recording --------------------------------------------------------------------------
    def record(self, event: Event) -> bool:
        """Check, save and record one event; a refusal, or a write that fails, is shown and
        changes nothing."""
        reason = self.match.why_not(event)
        if reason is not None:
            self.shell.toast(self._refusal(reason))
            return False
        if not self._write(lambda store: store.append_event(
                self.match_id, event.to_dict(), at=len(self.match.events))):
            return False
        self.match.record(event)  # the check just passed: it cannot refuse now
        if self._milestone(event) or self._summary_due:
            self._save_summary()
        self.shell.announce(self.match_id)
        return True

    def undo(self) -> None:
        if not self.match.events:
            return
        milestone = self._milestone(self.match.events[-1])
        if not self._write(lambda store: store.pop_event(self.match_id,
                                                         at=len(self.match.events))):
            return
        event = self.match.undo()
        if milestone or self._summary_due:
            self._save_summary()
        self.shell.announce(self.match_id)
        self._undone(event)

    def _write(self, write: Any) -> bool:
        """Run one write of this match; False (and said why) if it did not happen."""
        try:
            write(self.shell.store)
        except Stale:
            self.shell.toast(self.t("save.stale"))
            self.shell.referee = None  # opened again from storage as it is now
            self.shell.refresh()
            return False
        except OSError as error:
            self.shell.toast(not_saved(self.t, error))
            return False
        return True

    def _milestone(self, event: Event) -> bool:
        """Whether ``event`` changes the summary. Asked while it is the last event: just
        recorded, or about to be undone."""
        return isinstance(event, Close | Start)

    def _undone(self, event: Event) -> None:
        """Once ``event`` is undone: forget what was being entered for it, and redraw."""
        self.shell.refresh()

    def _refusal(self, reason: Reason) -> str:
        return self.say(reason)

    def _save_summary(self) -> None:
        """Save the summary; one that cannot be (the event is saved) is tried at the next
        write: the history is behind until then, the match itself is whole."""
        over = self.over
        store = self.shell.store
        try:
            store.update_summary(self.match_id, self.summary())
            if over and store.current_match_id() == self.match_id:
                store.set_current_match(None)
            elif not over:
                store.set_current_match(self.match_id)
        except OSError as error:
            self._summary_due = True
            self.shell.toast(not_saved(self.t, error))
            return
        self._summary_due = False

    # -- the screens ------------------------------------------------------------------------
    def _event_words(self, event: Event) -> str:
        raise NotImplementedError

    def _undo_text(self) -> str:
        """The undo button's label, which names the last event ("" when there is none)."""
        if not self.match.events:
            return ""
        return str(self.t("table.undo", what=self._event_words(self.match.events[-1])))

    def _score_data(self) -> ScoreData:
        raise NotImplementedError

    def score(self) -> ScoreData:
        """What the scoreboard shows (the sharing screen's results are made of it)."""
        return dataclasses.replace(self._score_data(), game=self.match.setup.game)

    def _beside(self, t: Any) -> list[ft.Control]:
        """The standings a wide screen shows beside the table."""
        return standings(t, dataclasses.replace(self._score_data(), game=self.match.setup.game,
                                                colours=self._colours()))

    def _scoreboard(self, t: Any, extra: Sequence[ft.Control] = (),
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
            on_home=lambda: self.shell.go("/"),
            on_back=lambda: self.shell.go(back),
            extra=extra,
        )

    def _colours(self) -> tuple[str, ...]:
        """Each seat's player colour (see ``models.people``)."""
        people = People.from_doc(self.shell.store.people())
        return tuple(PALETTE[people.colour(n)] for n in self.match.setup.players)

    def _rematch(self) -> None:
        """The same players and options again, dealt by whoever deals next."""
        setup = self.match.setup
        options = dict(self.shell.store.load_match(self.match_id)["setup"]["options"])
        options.pop("first_dealer", None)
        self.shell.new_match(list(setup.players), setup.game, options,
                             dealer=self.table.next_dealer)
