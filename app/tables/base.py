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
from models.match import Close, Drop, Event, Match, Reason, Revise, Start
from models.people import PALETTE, People
from views.round import RoundData, RoundLine, round_view
from views.scoreboard import ScoreData, heading, round_words, scoreboard_view, standings

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
        self.asking = -1  # the round whose deletion is being asked about
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
        return isinstance(event, Close | Start | Revise | Drop)

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
        event = self.match.events[-1]
        if isinstance(event, Revise | Drop):
            words = round_words(self.t, self.match.setup.game)
            what = self.t(f"event.{event.kind}", number=event.round + 1, **words)
        else:
            what = self._event_words(event)
        return str(self.t("table.undo", what=what))

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
            on_round=None if self.read_only else self._open_round,
        )

    def _colours(self) -> tuple[str, ...]:
        """Each seat's player colour (see ``models.people``)."""
        people = People.from_doc(self.shell.store.people())
        return tuple(PALETTE[i] for i in people.seat_colours(self.match.setup.players))

    def _rematch(self) -> None:
        """The same players and options again, dealt by whoever deals next."""
        setup = self.match.setup
        options = dict(self.shell.store.load_match(self.match_id)["setup"]["options"])
        options.pop("first_dealer", None)
        self.shell.new_match(list(setup.players), setup.game, options,
                             dealer=self.table.next_dealer)

    # -- one round, and its corrections -------------------------------------------------------
    ENTRY = "hands"  # the screen on which a round's hands (or results) are entered

    def _open_round(self, index: int) -> None:
        self.asking = -1
        self._go(f"round-{index + 1}")

    def _shown_round(self, sub: str) -> Any:
        """The played round ``sub`` names (``round-2``), or None."""
        number = sub.removeprefix("round-")
        played = self.table.played
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
            on_correct=(lambda: self._correct(k)) if can else None,
            on_delete=(lambda: self._ask_delete(k)) if can else None,
            on_confirm=lambda: self._delete(k),
            on_cancel=self._keep_round,
            on_back=lambda: self._go("score"),
        )

    def _round_data(self, r: Any) -> RoundData:
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
        )

    def _round_lines(self, r: Any) -> tuple[RoundLine, ...]:
        """Each player's (or side's) hand and points in the round ``r``."""
        raise NotImplementedError

    def _change_words(self, change: Any) -> str:
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
        real = self.match
        self.match = Match(real.setup, [*real.events, Drop(k)])
        try:
            data = self._score_data()
        finally:
            self.match = real
        words = round_words(t, real.setup.game)
        totals = ", ".join(f"{n}: {x}" for n, x in zip(data.names, data.totals, strict=False))
        then = data.headline if data.finished else t("round.goes_on")
        return str(t("round.delete_ask", number=k + 1, totals=totals, then=then, **words))

    def _correct(self, k: int) -> None:
        """Open round ``k`` for entry again, on the screen of a round's end."""
        if self.record(Revise(k)):
            self._corrected()
            self._go(self.ENTRY)

    def _corrected(self) -> None:
        """What a game forgets once a round is opened again (cards being entered)."""

    def _ask_delete(self, k: int) -> None:
        self.asking = k
        self.shell.refresh()

    def _keep_round(self) -> None:
        self.asking = -1
        self.shell.refresh()

    def _delete(self, k: int) -> None:
        self.asking = -1
        if self.record(Drop(k)):
            self._go("score")
        else:
            self.shell.refresh()
