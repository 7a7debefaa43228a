"""The hand entry Kartu Sama and 41 share: at the end of a round each player's cards are tapped
on a card grid (``views.hands``), or their round points typed instead (a ``Points`` event, not
checked against the cards), each hand recorded as one event, then the round closed. "Next
player" records the hand shown and moves on to the next one still to enter.

Typed points reach the controller as they are typed (``points_text``, a seat's text until it
is saved): "Save the points", "Next player" and closing the round take what was typed, whatever
button is tapped, without reading the field.

What is tapped but not yet recorded is kept as the match's draft (``Ledger.keep_draft``) at
each change, so that a hand half entered survives a restart: the referee made again for the
match finds it there. A draft that no longer fits the match (another round, a player who went
out, more copies of a card than the pack holds, a damaged document) is dropped, seat by seat or
whole, never in the way of the match.

A seat's hand may also come from elsewhere, a guest's phone (``enter_hand``, ``enter_points``).
A hand sent from a phone is checked alone (its own cards against the rules and the pack, in the
screen's words), never against the other seats' hands, so that nothing a phone is told depends
on their cards; it then waits in the entry for the host's "Save", which checks it with every
hand, and the host is told at once when it does not fit the hands recorded."""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft

from app.i18n import Translator, refusal
from app.matches import DONE, NOT_SAVED, Outcome
from app.tables import base
from models.cards import check_within, parse_card
from models.errors import MejaError
from models.match import Event, Hand, Match, Points, Start
from models.tables.base import EnteredRecord, MatchState, RoundTable
from views.common import Tr
from views.hands import HandEntryData, hands_view

if TYPE_CHECKING:
    from app.host import Host


R = TypeVar("R", bound=RoundTable[Any], covariant=True)
RecT = TypeVar("RecT", bound=EnteredRecord)


class HandEntryReferee(base.RoundReferee[R, RecT]):
    """A referee that takes each player's hand on the card grid at the end of a round.

    A game adds: the round whose hands are entered (:meth:`_round`), the copies of each card
    in the pack (:meth:`_copies`), what keeps a seat's cards from being recorded yet
    (:meth:`_lacks`), a hand's points (:meth:`_points_of`), and the screen's data
    (:meth:`_hands_data`)."""

    ENTRY_PHASES: tuple[str, ...] = ("ended",)  # the table phases in which hands are entered
    HAND_CAP: int | None = None  # the most cards a hand holds, when the game says
    CAN_TYPE = True  # a player's round points may be typed instead of their cards
    TAP_GAP = 0.3  # seconds: a second tap on the same card within it is the same tap
    clock: Callable[[], float] = staticmethod(time.monotonic)  # a test's own clock

    def __init__(self, host: Host, match_id: str, match: Match[MatchState]) -> None:
        super().__init__(host, match_id, match)
        self.entry: dict[int, list[str]] = {}  # the cards shown for each seat
        self.entry_seat = 0
        self.error = ""
        self.typing: set[int] = set()  # seats whose points are to be typed, not tapped
        self.tapping: set[int] = set()  # seats with typed points whose cards are to be tapped
        self.points_text: dict[int, str] = {}  # points typed for a seat and not saved yet
        self.sent: set[int] = set()  # seats whose entry is the hand their phone sent
        self._kept: Mapping[str, object] | None = None  # the draft as last saved
        self._counted: tuple[int, str, float] = (-1, "", 0.0)  # the last card tap that counted
        self._restore_draft()

    # -- what a game tells ------------------------------------------------------------------
    def _round(self) -> RecT | None:
        """The current (or last) round, with its ``number`` and recorded ``hands``."""
        raise NotImplementedError

    def _copies(self) -> dict[str, int]:
        """How many of each card the pack holds (``{"AS": 1, ...}``)."""
        raise NotImplementedError

    def _lacks(self, seat: int, cards: Sequence[str]) -> str:
        """Why ``cards`` cannot be recorded as ``seat``'s hand yet ("" when they can)."""
        raise NotImplementedError

    def _points_of(self, cards: Sequence[str]) -> int:
        """The round points of a hand (cards in the notation)."""
        raise NotImplementedError

    def _hands_data(self) -> HandEntryData:
        raise NotImplementedError

    def _has_hand(self, seat: int) -> bool:
        """Whether ``seat`` has cards to enter (a player who went out has none)."""
        return True

    def _missing(self, seat: int) -> str:
        """Why the entry of ``seat`` cannot be recorded yet ("" when it can)."""
        return self._lacks(seat, self._entry(seat))

    def entering(self) -> bool:
        """Whether hands are entered now: the round is over; or, in a game whose hands may be
        entered during play, the table follows no turn (only the hands tell how the round
        ended) or some hand of the round is in already."""
        r = self._round()
        phase = self.table.phase
        if r is None or phase not in self.ENTRY_PHASES:
            return False
        return (phase == "ended" or not getattr(r, "tracked", True)
                or any(h is not None for h in r.hands) or bool(r.typed))

    # -- typed points and moving on ---------------------------------------------------------
    def _typed(self, seat: int) -> int | None:
        """The points recorded as typed for ``seat`` this round, if any."""
        r = self._round()
        return None if r is None else r.typed.get(seat)

    def _is_typing(self, seat: int) -> bool:
        """Whether ``seat``'s points are typed: asked for, or recorded so and no card tapped."""
        return seat in self.typing or (self._typed(seat) is not None and not self._entry(seat)
                                       and seat not in self.tapping)

    def _done(self, seat: int) -> bool:
        """Whether nothing is left to enter for ``seat``: no hand, points typed, or the cards
        shown are the ones recorded."""
        if not self._has_hand(seat) or (self._typed(seat) is not None and not self._entry(seat)):
            return True
        recorded = self._recorded(seat)
        return recorded is not None and recorded == self._entry(seat)

    def _next_seat(self, seat: int) -> int | None:
        """The next player clockwise from ``seat`` with something still to enter."""
        n = len(self.names)
        return next((s for s in ((seat + k) % n for k in range(1, n)) if not self._done(s)), None)

    def _next_player(self, at: int | None = None, seat: int | None = None) -> None:
        """Save the points typed for the player shown (``seat``: the one the button was drawn
        for), then show the next one."""
        if seat not in (None, self.entry_seat):
            return None  # drawn for another player: the second tap of a double tap
        seat = self.entry_seat
        if seat in self.points_text and self._is_typing(seat):
            return self._type_points()  # saved, it moves on to the next player
        following = self._next_seat(seat)
        if following is not None:
            self._pick_player(following)
        return None

    def _toggle_typing(self) -> None:
        seat = self.entry_seat
        if self._is_typing(seat):  # to the cards: once tapped, their hand replaces the points
            self.typing.discard(seat)
            self.tapping.add(seat)
        else:
            self.typing.add(seat)
            self.tapping.discard(seat)
        self.error = ""
        self._redraw()

    def _points_typed(self, seat: int) -> str:
        """The text of ``seat``'s points field: as typed, else the points recorded."""
        typed = self._typed(seat)
        return self.points_text.get(seat, "" if typed is None else str(typed))

    def _typing(self, text: str) -> None:
        """The points field changed: keep its text for the player shown (no redraw)."""
        self.points_text[self.entry_seat] = text

    def _save_typed(self, seat: int, at: int | None = None) -> bool:
        """Record the points typed for ``seat``; False (the reason shown) if they cannot be."""
        text = self._points_typed(seat).strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            self.error = self.t("hands.points_number", text=text[:12])
            return False
        if self._typed(seat) != value and not self._enter(Points(seat, value), at):
            return False
        self.error = ""
        self.points_text.pop(seat, None)
        self.typing.discard(seat)
        self.tapping.discard(seat)
        self.sent.discard(seat)
        self.entry[seat] = []
        return True

    def _type_points(self, at: int | None = None) -> None:
        """Record the points typed for the player shown, then move on."""
        seat = self.entry_seat
        if self._save_typed(seat, at):
            following = self._next_seat(seat)
            if following is not None:
                self.entry_seat = following
        return self._redraw()

    # -- the entered cards ------------------------------------------------------------------
    def _recorded(self, seat: int) -> list[str] | None:
        r = self._round()
        hand = None if r is None else r.hands[seat]
        return None if hand is None else [str(c) for c in hand]

    def _entry(self, seat: int) -> list[str]:
        if seat not in self.entry:
            self.entry[seat] = self._recorded(seat) or []
        return self.entry[seat]

    def _open_hands(self) -> None:
        self.error = ""
        self._go("hands")

    def _hand_screen(self, t: Tr) -> ft.View:
        return hands_view(
            t, self._hands_data(), on_player=self._pick_player, on_card=self._card_tap,
            on_undo_card=self._undo_card, on_clear=self._clear,
            on_save=self._at(self._save_hands), on_back=lambda: self._go(),
            on_next=self._at(functools.partial(self._next_player, seat=self.entry_seat)),
            on_type=self._toggle_typing,
            on_points=self._at(self._type_points), on_typing=self._typing,
        )

    def _pick_player(self, seat: int) -> None:
        raise NotImplementedError

    def _card_tap(self, card: str) -> None:
        """A tap on ``card`` of the grid. A second tap on the same card for the same player
        within ``TAP_GAP`` of the one that counted is a double tap, one tap: it would take
        out the card the first put in."""
        seat, now = self.entry_seat, self.clock()
        last_seat, last_card, when = self._counted
        if (seat, card) == (last_seat, last_card) and now - when < self.TAP_GAP:
            return
        self._counted = (seat, card, now)
        self._tap_card(card)

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

    def _hand_event(self, seat: int, cards: Sequence[str]) -> Hand | str:
        """The event that records ``cards`` as ``seat``'s hand, or why the cards cannot be
        read (the pack and the rules are the match's check, when it is recorded)."""
        try:
            return Hand(seat, tuple(parse_card(c) for c in cards))
        except MejaError as error:
            return refusal(self.t, error)

    def _store_hand(self, seat: int) -> bool:
        """Record the entered hand of ``seat`` if it changed; False (with the reason shown)
        when it cannot be recorded."""
        if self._round() is None or not self._has_hand(seat):
            return True
        cards = self._entry(seat)
        if not cards and self._typed(seat) is not None:
            return True  # the points typed stand
        if self._recorded(seat) == cards:
            return True
        event = self._hand_event(seat, cards)
        if isinstance(event, str):
            self.error = event
            return False
        return self._enter(event)

    # -- a hand sent from elsewhere (a guest's phone) ---------------------------------------
    def enter_hand(self, seat: int, cards: Sequence[str],
                   t: Translator | None = None) -> Outcome | str:
        """``cards`` sent by ``seat``'s own phone as its whole hand: checked alone (a text in
        ``t``'s language, the phone's, says why they cannot be its hand, whatever the other
        seats hold), then shown in the entry for the seat, as sent, until the host's "Save"
        records every hand (what was tapped for it gives way; the other seats' entries stay).
        Done once kept in the draft."""
        voice = base.speaking(self, t or self.t)
        why = voice._not_now(seat) or voice._lacks(seat, cards)
        if why:
            return why
        event = voice._hand_event(seat, cards)
        if isinstance(event, str):
            return event
        pack = [parse_card(c) for c, n in self._copies().items() for _ in range(n)]
        try:
            check_within(event.cards, pack)
        except MejaError as error:
            return refusal(voice.t, error)
        self._taken(seat, [str(c) for c in event.cards])
        self.sent.add(seat)
        failed = self._keep_draft()
        if failed is not None:
            return Outcome(NOT_SAVED, event, error=failed)
        try:  # with the hands in (recorded, sent or tapped): the host sorts it out
            check_within([parse_card(c) for s in range(len(self.names))
                          for c in self._entry(s)], pack)
        except MejaError as clash:
            self.host.toast(self.t("guest.match.clash", name=self.names[seat],
                                   reason=refusal(self.t, clash).rstrip(".")))
        return Outcome(DONE, event)

    def enter_points(self, seat: int, points: int, at: int,
                     t: Translator | None = None) -> Outcome | str:
        """Record ``points`` typed for ``seat`` (drawn from version ``at``), as "Save the
        points" does: a text in ``t``'s language says why they cannot be."""
        why = base.speaking(self, t or self.t)._not_now(seat)
        if why:
            return why
        if (self._typed(seat) == points and self._recorded(seat) is None
                and self.ledger.current(at)):
            return Outcome(DONE)  # already so
        outcome = self.ledger.record(Points(seat, points), at)
        if outcome.done:
            self._taken(seat, [])  # the points stand, as after "Save the points"
        return outcome

    def apart(self, event: Event, seat: int) -> bool:
        return isinstance(event, Hand | Points) and event.player != seat

    def entered(self) -> set[int]:
        """The seats with nothing left to enter while hands are entered (a hand or points
        recorded or sent, or no card left)."""
        if not self.entering():
            return set()
        return {s for s in range(len(self.names))
                if not self._has_hand(s) or self._recorded(s) is not None
                or self._typed(s) is not None or s in self.sent}

    def _not_now(self, seat: int) -> str:
        """Why nothing is to be entered for ``seat`` now ("" when it is)."""
        if not self.entering():
            return str(self.t("guest.match.not_entering"))
        if not self._has_hand(seat):
            return str(self.t("hands.went_out", name=self.names[seat]))
        return ""

    def _taken(self, seat: int, cards: list[str]) -> None:
        """A hand (or points) recorded from elsewhere: the screen shows it for ``seat`` in
        place of what it had; the draft keeps the other seats'."""
        self.entry[seat] = list(cards)
        self.points_text.pop(seat, None)
        self.typing.discard(seat)
        self.tapping.discard(seat)
        self.sent.discard(seat)
        if seat == self.entry_seat:
            self.error = ""
        self._keep_draft()

    def _save_hands(self, at: int | None = None) -> None:
        """Record every hand not yet recorded (and the points typed), then close the round and
        show the scores; the first seat that cannot be recorded is shown with the reason."""
        if self._round() is None:
            return None
        for seat in range(len(self.names)):
            if seat in self.points_text and self._is_typing(seat) and not self._save_typed(seat):
                self.entry_seat = seat
                return self._redraw()
            if self._typed(seat) is not None and not self._entry(seat):
                continue
            if self._is_typing(seat):
                self.entry_seat, self.error = seat, self.t("hands.points_missing",
                                                           name=self.names[seat])
                return self._redraw()
            missing = self._missing(seat)
            if missing:
                self.entry_seat = seat
                self.error = missing
                return self._redraw()
            if not self._store_hand(seat):
                self.entry_seat = seat
                return self._redraw()
        if self._said(self.ledger.close(self.version)):
            self.entry = {}
            self.entry_seat = 0
            self.error = ""
            self.typing, self.tapping, self.points_text = set(), set(), {}
            self.sent = set()
            self._keep_draft()
            return self._go("score")
        return self._redraw()

    def _undone(self, event: Event) -> None:
        if isinstance(event, Hand | Points):
            self.entry.pop(event.player, None)
            self.points_text.pop(event.player, None)
            self.sent.discard(event.player)
        elif isinstance(event, Start):  # the round is gone: so are the cards tapped for it
            self.entry, self.entry_seat, self.error = {}, 0, ""
            self.typing, self.tapping, self.points_text = set(), set(), {}
            self.sent = set()
        self._keep_draft()
        super()._undone(event)

    def _corrected(self) -> None:
        self.entry, self.entry_seat, self.error = {}, 0, ""
        self.points_text = {}
        self.sent = set()

    def _redraw(self) -> None:
        """A tap's answer: keep the draft, then redraw the screen."""
        self._keep_draft()
        self.host.refresh()

    # -- the draft --------------------------------------------------------------------------
    def _draft_key(self) -> dict[str, int] | None:
        """The round whose hands are being entered: its number and where its start is in the
        event list. None when no hands are entered now."""
        r = self._round()
        if r is None or self.table.phase not in self.ENTRY_PHASES:
            return None
        events = self.match.events
        start = next((i for i in range(len(events) - 1, -1, -1)
                      if isinstance(events[i], Start)), -1)
        return {"round": r.number, "start": start}

    def _draft(self) -> dict[str, object] | None:
        """What is entered and not recorded, as saved: None when there is nothing."""
        key = self._draft_key()
        if key is None:
            return None
        hands = {str(s): list(cards) for s, cards in sorted(self.entry.items())
                 if self._has_hand(s) and cards != (self._recorded(s) or [])}
        if not hands:
            return None
        sent = sorted(s for s in self.sent if str(s) in hands)
        return {**key, "seat": self.entry_seat, "hands": hands, **({"sent": sent} if sent else {})}

    def _keep_draft(self) -> OSError | None:
        """Save the draft if it changed. One that cannot be saved stays on screen: the taps
        are not lost until the app closes, and the next change tries again (the error)."""
        draft = self._draft()
        if draft == self._kept:
            return None
        try:
            self.ledger.keep_draft(draft)
        except OSError as error:
            return error
        except (LookupError, ValueError) as error:
            return OSError(str(error))
        self._kept = draft
        return None

    def _restore_draft(self) -> None:
        """Take up the draft saved for this match: the seats whose cards still fit; what no
        longer fits is dropped, in memory and on disk."""
        try:
            saved = self.host.store.load_draft(self.match_id)
        except (OSError, LookupError, ValueError):
            return
        if saved is None:
            return
        self._kept = saved
        entry, seat = self._fitting(saved)
        if entry:
            self.entry = entry
            self.entry_seat = seat
            sent = saved.get("sent")
            self.sent = ({s for s in sent if type(s) is int and s in entry}
                         if isinstance(sent, list) else set())
        self._keep_draft()

    def _fitting(self, saved: Mapping[str, object]) -> tuple[dict[int, list[str]], int]:
        """The entries of ``saved`` that fit this round, and the seat it was entering. A seat
        whose cards cannot be its hand is dropped; more copies of a card than the pack holds
        (with the recorded hands) drop the whole draft."""
        key = self._draft_key()
        hands = saved.get("hands")
        if key is None or any(saved.get(k) != v for k, v in key.items()) or not isinstance(
                hands, Mapping):
            return {}, 0
        n, cap, copies = len(self.names), self.HAND_CAP, self._copies()
        entry: dict[int, list[str]] = {}
        for text, cards in hands.items():
            seat = int(text) if isinstance(text, str) and text.isascii() and text.isdigit() else -1
            if 0 <= seat < n and isinstance(cards, list) and all(
                    isinstance(c, str) and copies.get(c, 0) > 0 for c in cards) and (
                    cap is None or len(cards) <= cap) and self._has_hand(seat):
                entry[seat] = list(cards)
        held = Counter(c for s in range(n)
                       for c in (entry[s] if s in entry else self._recorded(s) or []))
        if any(k > copies.get(c, 0) for c, k in held.items()):
            return {}, 0
        current = saved.get("seat")
        if type(current) is not int or not 0 <= current < n:
            current = min(entry, default=0)
        return entry, current
