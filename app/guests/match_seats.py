"""A match at the table open to guest phones: each seat sees the round, whose turn it is and
the totals; while hands are entered (Kartu Sama, 41) it also sees the card grid and its own
hand as recorded or sent, never another seat's. What a phone sends is checked field by field,
then goes through the referee's own hand entry (``HandEntryReferee.enter_hand`` and
``enter_points``: the host screen's checks and words), and the host's screen is redrawn. A hand
is checked alone, never against the other seats' cards, and waits for the host's "Save" (where
it meets them): a phone's answers and views never depend on another seat's cards.
A game whose results are entered otherwise says what a seat enters on its phone and takes it
(``Referee.phone_entry`` and ``phone_enter``: a Samba player's melds and hand, a Sums player's
own moves), through the same checks and calls as the host's taps.

The words a phone sees are the host screens' own, said in the phone's language: the referee is
asked through a copy of it that speaks that language (:func:`speaking`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from app import matches
from app.guests.seats import REFUSED, STALE, Reply
from app.i18n import not_saved, refusal
from app.tables.base import speaking
from app.tables.entry import HandEntryReferee
from models.cards import parse_card
from models.errors import MejaError
from models.tables.base import MatchState
from views.hands import grid_cards
from views.scoreboard import round_words

if TYPE_CHECKING:
    from app.guests.seats import Seats
    from app.i18n import Translator
    from app.tables.base import Referee, RefereeScreen

MOST_CARDS = 40  # a hand a phone sends
MOST_CHARS = 4  # a card's notation: "10H"
MOST_POINTS = 10**6  # points within go to the game's own check (and its words)
# The fixed words of a phone's match screen (beside those that name its player).
WORDS = ("hands.undo_card", "hands.clear", "hands.type_points", "hands.use_cards",
         "hands.points_hint", "hands.typed_note", "hands.save_points", "score.title",
         "guest.match.save_hand", "guest.match.hand_in", "guest.match.on_host")


class MatchSeats:
    """The seats of one match at the table (:class:`app.guests.seats.Seats`), on the host
    window's referee of that match."""

    def __init__(self, referee: Referee[MatchState]) -> None:
        self.referee = referee

    def seats(self) -> list[tuple[int, str]]:
        """Every player's seat: at a real table each is a person."""
        return list(enumerate(self.referee.names))

    def room(self, t: Translator) -> dict[str, object]:
        from app.guests.room import of_match

        return of_match(speaking(self.referee, t), t)

    # -- what a seat sees -------------------------------------------------------------------
    def payload(self, seat: int, t: Translator) -> dict[str, object]:
        ref = self.referee
        voice = speaking(ref, t)
        game = ref.match.setup.game
        person = self._person(seat)
        colours = ref._colours()
        data = voice._table_data()
        title = t(f"game.{game}")
        summary = self._summary(voice, seat, t) if person else {}
        asks = {**(self._asks(seat, t) if person else {}), **summary.pop("asks", {})}
        return {
            "n": ref.version,
            "lang": t.language,
            "title": title,
            "seat": seat if person else -1,
            "name": ref.names[seat] if person else "",
            "colour": colours[seat] if person else "",
            "words": self._words(seat if person else -1, t, game),
            "play": None,
            "match": {
                "round": "" if data.title == title else data.title,  # Sums: one round
                "turn": self._turn(voice, data, t),
                "players": self._players(voice, colours),
                "entry": (self._entry(seat) or voice.phone_entry(seat)) if person else None,
                **summary,
                "asks": asks,
            },
        }

    def _person(self, seat: object) -> bool:
        return type(seat) is int and 0 <= seat < len(self.referee.names)

    def _words(self, seat: int, t: Translator, game: str) -> dict[str, str]:
        words = {k: t(k) for k in WORDS}
        words["guest.match.waiting"] = t("guest.match.waiting", **round_words(t, game))
        if seat >= 0:
            name = self.referee.names[seat]
            words["hands.for"] = t("hands.for", name=name)
            words["hands.points_for"] = t("hands.points_for", name=name)
            words["hands.went_out"] = t("hands.went_out", name=name)
        return words

    def _turn(self, voice: Referee[MatchState], data: RefereeScreen, t: Translator) -> str:
        """Whose turn, in one line, in the host's words: the table screen's prompt (after the
        dealer while a round is played, when the table marks the dealer only), what ended the
        round, or the headline once the match is over."""
        if voice.over:
            return voice.score().headline
        parts = []
        playing = voice.table.phase == "play"
        dealer = getattr(voice.table, "dealer", None)
        if playing and isinstance(dealer, int):
            parts.append(t("table.deals", name=voice.names[dealer]))
        parts.append(data.prompt)
        if not playing:  # during play, the detail tells the host what to tap
            parts.append(getattr(data, "detail", ""))
        return " · ".join(p for p in parts if p)

    def _players(self, voice: Referee[MatchState],
                 colours: tuple[str, ...]) -> list[dict[str, object]]:
        """Each player's total as the scoreboard writes it (a side's, for each of its
        players), and whether their hand is in this round."""
        totals = voice.score().totals
        side_of = getattr(voice.table, "side_of", None)
        done = self._in()
        return [{"seat": s, "name": name, "colour": colours[s],
                 "total": totals[side_of[s]] if side_of is not None else totals[s],
                 "in": s in done}
                for s, name in enumerate(voice.names)]

    def _summary(self, voice: Referee[MatchState], seat: int,
                 t: Translator) -> dict[str, Any]:
        """Once a round is closed, until the next starts: its summary (each player's or
        side's points and total, how it ended), which the phone closes for itself (the host
        starting the next round closes it for every phone)."""
        ref = self.referee
        played = getattr(ref.table, "played", None)
        rounds = len(played) if isinstance(played, list) else 0
        if not rounds or ref.table.phase not in ("closed", "over") or ref.closed.get(
                seat) == rounds:
            return {}
        data = voice.score()
        words = round_words(t, data.game)
        seats = ref._colours()
        side_of = getattr(ref.table, "side_of", range(len(ref.names)))
        colours = {side: seats[s] for s, side in reversed(list(enumerate(side_of)))}
        notes = list(data.round_notes)
        cells = [c.removesuffix(" ★") for c in (data.rounds[-1] if data.rounds else ())]
        return {
            "summary": {
                "heading": t("play.sum.heading", n=rounds, **words),
                "how": notes[0] if notes else "",
                "why": notes[1:],
                "verdict": [data.headline] if data.finished else [],
                "points_label": t("play.sum.points", **words),
                "total_label": t("score.total"),
                "lines": [{"name": name, "colour": colours.get(i, ""),
                           "points": cells[i] if cells else "", "total": data.totals[i],
                           "won": bool(cells) and cells[i] != data.rounds[-1][i]}
                          for i, name in enumerate(data.names)],
            },
            "asks": {"close": t("guest.close_summary"), "seen": rounds},
        }

    def _asks(self, seat: int, t: Translator) -> dict[str, object]:
        """What ``seat`` may ask the host beside its entry: to take back its move (the last
        event, when it is its own), and the host's answer."""
        ref = self.referee
        out: dict[str, object] = {}
        if self._mine(seat):
            out["ask_undo"] = t("guest.ask_undo")
            if ref.asks.asking(ref.version) == seat:
                out["note"] = t("guest.undo_asked")
        said = ref.asks.answers.get(seat)
        if said is not None and said[0] == ref.version:
            out["note"] = t("guest.undo_accepted" if said[1] else "guest.undo_refused")
        return out

    def _mine(self, seat: int) -> bool:
        """Whether the match's last event is ``seat``'s own move, which it may ask the host to
        take back."""
        ref = self.referee
        events = ref.match.events
        return (not ref.read_only and not ref.over and bool(events)
                and getattr(events[-1], "player", None) == seat)

    def _in(self) -> set[int]:
        """The seats with nothing left to enter (their entry is in, or they have none)."""
        return self.referee.entered()

    def _entry(self, seat: int) -> dict[str, object] | None:
        """What ``seat`` enters its hand with, and its own hand as recorded (None when no
        hands are entered now, or the game's results are entered on the host)."""
        ref = self.referee
        if not isinstance(ref, HandEntryReferee) or ref.read_only or not ref.entering():
            return None
        hand = list(ref.entry.get(seat, [])) if seat in ref.sent else ref._recorded(seat)
        typed = ref._typed(seat) if seat not in ref.sent else None
        out = not ref._has_hand(seat)
        copies = ref._copies()
        points = typed if typed is not None else (
            None if hand is None else ref._points_of(hand))
        return {
            "game": ref.match.setup.game,
            "done": out or hand is not None or typed is not None,
            "cards": list(grid_cards(copies)),
            "copies": dict(copies),
            "hand": hand or [],
            "points": points,
            "typed": ref.CAN_TYPE and not out,
            "out": out,
        }

    # -- what a seat does -------------------------------------------------------------------
    def act(self, seat: int, body: Mapping[str, object], t: Translator | None = None) -> Reply:
        """``{"n": v, "hand": ["AS", ...]}`` or ``{"n": v, "points": 12}``, checked field by
        field; recorded as the host's "Save" records a hand. Another game's entry goes to its
        referee (``phone_enter``). Refusals in ``t``'s language (the phone's)."""
        ref = self.referee
        t = t or ref.t
        bad = Reply(False, why=t("guest.match.bad_request"), status=REFUSED)
        if not self._person(seat) or not isinstance(body, dict):
            return bad
        n = body.get("n")
        if type(n) is not int:
            return bad
        keys = set(body) - {"n"}
        if keys == {"undo"} and body["undo"] is True:  # to take back its move: the host says
            if n != ref.version:
                return STALE
            if not self._mine(seat):
                return bad
            if ref.asks.undo != (seat, n):
                ref.asks.undo = (seat, n)
                ref.host.refresh()
            return Reply(True)
        if keys == {"close"}:  # the summary of the round drawn with ``close`` rounds played
            rounds = body["close"]
            if type(rounds) is not int:
                return bad
            if n != ref.version or not self._summary(ref, seat, t) or rounds != len(
                    getattr(ref.table, "played", ())):
                return STALE
            ref.closed[seat] = rounds
            return Reply(True)
        if keys == {"hand"}:
            cards = self._cards(body["hand"], t)
            if isinstance(cards, Reply):
                return cards
            entry = self._ready(n, seat, t)
            return entry if isinstance(entry, Reply) else self._reply(
                entry.enter_hand(seat, cards, t), t)
        if keys == {"points"}:
            points = body["points"]
            if type(points) is not int or not -MOST_POINTS <= points <= MOST_POINTS:
                return Reply(False, why=t("hands.points_number", text=shown(points)),
                             status=REFUSED)
            entry = self._ready(n, seat, t)
            return entry if isinstance(entry, Reply) else self._reply(
                entry.enter_points(seat, points, entry.version, t), t)
        if not keys or not self._current(n, seat):
            return bad if not keys else STALE
        if ref.read_only:
            return Reply(False, why=t("guest.match.not_entering"), status=REFUSED)
        result = ref.phone_enter(seat, {k: body[k] for k in keys})
        if result is None:
            return bad
        if isinstance(result, MejaError):
            return Reply(False, why=refusal(t, result), status=REFUSED)
        return self._reply(result, t)

    def _current(self, n: int, seat: int) -> bool:
        """Whether a body drawn from version ``n`` may still be taken: nothing changed since
        but other seats' own entries (a phone enters at once: another seat's entry that came
        in meanwhile leaves its own as it was)."""
        ref = self.referee
        return 0 <= n <= ref.version and all(ref.apart(e, seat) for e in ref.match.events[n:])

    def _ready(self, n: int, seat: int, t: Translator) -> HandEntryReferee[Any, Any] | Reply:
        """The hand entry to record with, for a body drawn from version ``n``; or the reply
        (an old version: nothing to say; a game that takes no hand). Phones enter
        their hands at once: a hand drawn before other seats' hands came in still counts,
        as long as nothing else changed since (this seat's own entry, the round)."""
        ref = self.referee
        if not self._current(n, seat):
            return STALE
        if not isinstance(ref, HandEntryReferee):  # the game takes no hand
            return Reply(False, why=t("guest.match.bad_request"), status=REFUSED)
        if ref.read_only:  # an imported match: the device it came from referees it
            return Reply(False, why=t("guest.match.not_entering"), status=REFUSED)
        return ref

    @staticmethod
    def _cards(hand: object, t: Translator) -> list[str] | Reply:
        """The cards of a hand sent, in the notation; or the refusal."""
        if not isinstance(hand, list) or not all(
                isinstance(c, str) and len(c) <= MOST_CHARS for c in hand[:MOST_CARDS + 1]):
            return Reply(False, why=t("guest.match.bad_request"), status=REFUSED)
        if len(hand) > MOST_CARDS:
            return Reply(False, why=t("guest.match.too_many", n=MOST_CARDS), status=REFUSED)
        try:
            return [str(parse_card(c)) for c in hand]
        except MejaError as error:
            return Reply(False, why=refusal(t, error), status=REFUSED)

    def _reply(self, result: matches.Outcome | str, t: Translator) -> Reply:
        """What became of a recording, for the phone; the host's screen shows a hand saved."""
        ref = self.referee
        if isinstance(result, str):
            return Reply(False, why=result, status=REFUSED)
        if result.done:
            if result.summary_error is not None:
                ref.host.toast(not_saved(ref.t, result.summary_error))
            ref.host.refresh()
            return Reply(True)
        if result.status == matches.STALE:  # another window changed the match: reopened
            ref._said(result)
            return STALE
        if result.status == matches.NOT_SAVED and result.error is not None:
            return Reply(False, why=not_saved(t, result.error), status=REFUSED)
        if result.status == matches.REFUSED and result.reason is not None:
            return Reply(False, why=speaking(ref, t)._refusal(result.reason), status=REFUSED)
        return STALE  # asked from a version that is gone (OLD)


def shown(value: object) -> str:
    """A value sent, short, to say it back."""
    if isinstance(value, str):
        return value[:12]
    try:
        return json.dumps(value)[:12]
    except (TypeError, ValueError):
        return "?"


if TYPE_CHECKING:
    def _seats(referee: Referee[MatchState]) -> Seats:
        return MatchSeats(referee)  # the type checker sees that it keeps the contract
