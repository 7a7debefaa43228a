"""The hand entry Kartu Sama and 41 share: at the end of a round each player's cards are tapped
on a card grid (``views.hands``), each hand recorded as one event, then the round closed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from app.tables import base
from models.cards import parse_card
from models.errors import MejaError
from models.match import Close, Event, Hand, Match
from views.hands import HandEntryData, hands_view

if TYPE_CHECKING:
    from app.shell import Shell


class HandEntryReferee(base.Referee):
    """A referee that takes each player's hand on the card grid at the end of a round.

    A game adds: the round whose hands are entered (:meth:`_round`), the copies of each card
    in the pack (:meth:`_copies`), what keeps a seat's entry from being recorded yet
    (:meth:`_missing`), and the screen's data (:meth:`_hands_data`)."""

    ENTRY_PHASES: tuple[str, ...] = ("ended",)  # the table phases in which hands are entered
    HAND_CAP: int | None = None  # the most cards a hand holds, when the game says

    def __init__(self, shell: Shell, match_id: str, match: Match) -> None:
        super().__init__(shell, match_id, match)
        self.entry: dict[int, list[str]] = {}  # the cards shown for each seat
        self.entry_seat = 0
        self.error = ""

    # -- what a game tells ------------------------------------------------------------------
    def _round(self) -> Any:
        """The current (or last) round, with its ``number`` and recorded ``hands``."""
        raise NotImplementedError

    def _copies(self) -> dict[str, int]:
        """How many of each card the pack holds (``{"AS": 1, ...}``)."""
        raise NotImplementedError

    def _missing(self, seat: int) -> str:
        """Why the entry of ``seat`` cannot be recorded yet ("" when it can)."""
        raise NotImplementedError

    def _hands_data(self) -> HandEntryData:
        raise NotImplementedError

    def _has_hand(self, seat: int) -> bool:
        """Whether ``seat`` has cards to enter (a player who went out has none)."""
        return True

    # -- the entered cards ------------------------------------------------------------------
    def _recorded(self, seat: int) -> list[str] | None:
        r = self._round()
        if r is None or r.hands[seat] is None:
            return None
        return [str(c) for c in r.hands[seat]]

    def _entry(self, seat: int) -> list[str]:
        if seat not in self.entry:
            self.entry[seat] = self._recorded(seat) or []
        return self.entry[seat]

    def _open_hands(self) -> None:
        self.error = ""
        self._go("hands")

    def _hand_screen(self, t: Any) -> ft.View:
        return hands_view(
            t, self._hands_data(), on_player=self._pick_player, on_card=self._tap_card,
            on_undo_card=self._undo_card, on_clear=self._clear, on_save=self._save_hands,
            on_back=lambda: self._go(),
        )

    def _pick_player(self, seat: int) -> None:
        raise NotImplementedError

    def _tap_card(self, card: str) -> None:
        raise NotImplementedError

    def _undo_card(self) -> None:
        cards = self._entry(self.entry_seat)
        if cards:
            cards.pop()
        self.error = ""
        self._redraw()

    def _clear(self) -> None:
        self._entry(self.entry_seat).clear()
        self.error = ""
        self._redraw()

    def _store_hand(self, seat: int) -> bool:
        """Record the entered hand of ``seat`` if it changed; False (with the reason shown)
        when it cannot be recorded."""
        if self._round() is None or not self._has_hand(seat):
            return True
        cards = self._entry(seat)
        if self._recorded(seat) == cards:
            return True
        try:
            event = Hand(seat, tuple(parse_card(c) for c in cards))
        except MejaError as error:
            self.error = str(error)
            return False
        reason = self.match.why_not(event)
        if reason is not None:
            self.error = self.say(reason)
            return False
        self.error = ""
        return self.record(event)

    def _save_hands(self) -> None:
        """Record every hand not yet recorded, then close the round and show the scores; the
        first seat that cannot be recorded is shown with the reason."""
        if self._round() is None:
            return None
        for seat in range(len(self.names)):
            missing = self._missing(seat)
            if missing:
                self.entry_seat = seat
                self.error = missing
                return self._redraw()
            if not self._store_hand(seat):
                self.entry_seat = seat
                return self._redraw()
        if self.record(Close()):
            self.entry = {}
            self.entry_seat = 0
            self.error = ""
            return self._go("score")
        return self._redraw()

    def _undone(self, event: Event) -> None:
        if isinstance(event, Hand):
            self.entry.pop(event.player, None)
        super()._undone(event)

    def _redraw(self) -> None:
        """A tap's answer: redraw the screen."""
        self.shell.refresh()
