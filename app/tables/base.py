"""What the referee controllers of the four games share: the match loaded from storage, each
tap recorded as one event and saved at once, undo, the summary the history list shows, the way
between the match's screens (``/match/<id>/<sub>``), and the scoreboard's buttons."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import say
from models.match import Close, Event, Match, Reason, Refused, Start
from views.scoreboard import ScoreData, scoreboard_view, standings

if TYPE_CHECKING:
    from app.shell import Shell


class Referee:
    """One match loaded from storage, and the taps that change it. A game's referee adds its
    screens (``view(sub)``) and the words and numbers only it knows."""

    def __init__(self, shell: Shell, match_id: str, match: Match) -> None:
        self.shell = shell
        self.match_id = match_id
        self.match = match
        self.names = list(match.setup.players)
        self.read_only = False  # an imported match: the device it came from referees it

    @property
    def t(self) -> Any:
        return self.shell.t

    @property
    def table(self) -> Any:
        return self.match.table

    @property
    def over(self) -> bool:
        return bool(self.table.phase == "over")

    def say(self, reason: Reason) -> str:
        return say(self.t, reason.code, reason.params)

    def _go(self, sub: str = "") -> None:
        self.shell.go(f"/match/{self.match_id}" + (f"/{sub}" if sub else ""))

    # -- recording --------------------------------------------------------------------------
    def record(self, event: Event) -> bool:
        """Check, record and save one event; a refusal is shown and changes nothing."""
        try:
            self.match.record(event)
        except Refused as refused:
            self.shell.toast(self._refusal(refused.reason))
            return False
        self.shell.store.append_event(self.match_id, event.to_dict())
        if self._milestone(event):
            self._save_summary()
        return True

    def undo(self) -> None:
        if not self.match.events:
            return
        milestone = self._milestone(self.match.events[-1])
        event = self.match.undo()
        self.shell.store.pop_event(self.match_id)
        if milestone:
            self._save_summary()
        self._undone(event)

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
        over = self.over
        self.shell.store.update_summary(self.match_id, {
            "status": "finished" if over else "playing", **self._summary_fields(over),
        })
        if over and self.shell.store.current_match_id() == self.match_id:
            self.shell.store.set_current_match(None)
        elif not over:
            self.shell.store.set_current_match(self.match_id)

    def _summary_fields(self, over: bool) -> dict[str, Any]:
        """The rest of the summary, in this order: round, mode, totals, winners, rounds."""
        raise NotImplementedError

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

    def _beside(self, t: Any) -> list[ft.Control]:
        """The standings a wide screen shows beside the table."""
        return standings(t, dataclasses.replace(self._score_data(), game=self.match.setup.game))

    def _scoreboard(self, t: Any, extra: Sequence[ft.Control] = (),
                    back: str | None = None) -> ft.View:
        """The scoreboard: back to the table while the match goes on (or to ``back``), a
        rematch once over. A read-only match has no table here: back leads home."""
        over = self.over
        table = f"/match/{self.match_id}"
        back = "/" if self.read_only else back or ("/" if over else table)
        return scoreboard_view(
            t, dataclasses.replace(self._score_data(), game=self.match.setup.game),
            on_continue=None if over or self.read_only else (lambda: self._go()),
            on_rematch=self._rematch if over else None,
            on_home=lambda: self.shell.go("/"),
            on_back=lambda: self.shell.go(back),
            extra=extra,
        )

    def _rematch(self) -> None:
        """The same players and options again, dealt by whoever deals next."""
        setup = self.match.setup
        options = dict(self.shell.store.load_match(self.match_id)["setup"]["options"])
        options.pop("first_dealer", None)
        self.shell.new_match(list(setup.players), setup.game, options,
                             dealer=self.table.next_dealer)
