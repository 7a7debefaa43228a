"""Fifth at a real table: the referee controller (the table, the hands at a round's end, the
scoreboard), the history's summary of a match, and the game's figures on the Players
screen."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from app.figures import Figures
from app.i18n import names
from app.matches import Summary
from app.tables import base
from app.tables.entry import HandEntryReferee
from models.cards import format_cards, parse_card
from models.match import Event, Match, Out, Setup, Start
from models.tables.base import MatchState
from tests.fifth.engine import hand_points
from tests.fifth.table import FifthTable, Round, Stuck
from views.hands import HandEntryData, PlayerHand
from views.round import RoundLine
from views.scoreboard import ScoreData, Standing
from views.table import Action, Seat, TableData, table_view

CARDS = tuple(format_cards([c]) for c in range(52))


def summary(match: Match[MatchState]) -> Summary:
    """What the history shows of a match, from its events."""
    table, over = match.of(FifthTable).table, base.over(match)
    return {
        "status": base.status(over),
        "round": len(table.played) + (0 if over else 1),
        "mode": "",
        "totals": list(table.totals),
        "winners": [match.setup.players[s] for s in table.winners] if over else [],
        "rounds": [list(r.points) for r in table.history],
    }


def tallies(setup: Setup, events: Sequence[Event]) -> list[dict[str, int]]:
    """Each seat's figures: the rounds played and those it went out in."""
    table = FifthTable(setup)
    for e in events:
        table.apply(e)
    return [{"fifth_rounds": len(table.history),
             "fifth_out": sum(r.out == s for r in table.history)}
            for s in range(len(setup.players))]


FIGURES = Figures(("fifth_rounds", "fifth_out"), tallies)


class Referee(HandEntryReferee[FifthTable, Round]):
    """One Fifth match loaded from storage, and the taps that change it."""

    table_type = FifthTable

    def view(self, sub: str) -> ft.View:
        shown = self._round_screen(sub)
        if shown is not None:
            return shown
        phase = self.table.phase
        if sub == "hands" and phase == "ended":
            if not self._has_hand(self.entry_seat):  # the player who went out holds nothing
                self.entry_seat = self._next_seat(self.entry_seat) or 0
            return self._hand_screen(self.t)
        if sub == "score" or phase == "over":
            return self._scoreboard(self.t)
        return table_view(self.t, self._table_data(), on_action=self._at(self._act),
                          on_undo=self._at(self.undo), on_scores=lambda: self._go("score"),
                          on_back=lambda: self.host.go("/"), side=self._beside(self.t))

    def summary(self) -> Summary:
        return summary(self.match)

    # -- the table ------------------------------------------------------------------------------
    def _table_data(self) -> TableData:
        t, table = self.t, self.table
        r, phase = table.round, table.phase
        legal = {(e.kind, getattr(e, "player", -1)) for e in self.ledger.legal()}
        actions: list[Action] = []
        if phase in ("idle", "closed"):
            prompt = t("table.deals", name=self.names[table.dealer])
            actions.append(Action("start", t("fifth.table.start")))
        elif phase == "play":
            prompt = t("fifth.table.playing")
            actions += [Action(f"out-{s}", t("fifth.table.out", name=name))
                        for s, name in enumerate(self.names) if ("out", s) in legal]
            actions.append(Action("stuck", t("fifth.table.stuck"), primary=False))
        else:
            prompt = t("table.round_over")
            actions.append(Action("hands", t("table.enter_hands"), opens=True))
        colours = self._colours()
        seats = tuple(Seat(name=name, cards=None, dealer=s == table.dealer, current=False,
                           total=t.plural("table.points", table.totals[s]), colour=colours[s])
                      for s, name in enumerate(self.names))
        return TableData(
            route=f"/match/{self.match_id}", title=t("fifth.table.title", n=len(table.played) + 1),
            prompt=prompt, detail=self.say(r.end) if r is not None and r.end else "",
            seats=seats, pile=0, top=None, warning="", actions=tuple(actions),
            undo=self._undo_text(), version=self.version)

    def _act(self, key: str, at: int | None = None) -> None:
        if key == "hands":
            return self._open_hands()
        event: Event = (Start() if key == "start" else Stuck() if key == "stuck"
                        else Out(int(key.removeprefix("out-"))))
        if self.record(event, at):
            if self.table.phase == "ended":
                return self._open_hands()
            self.host.refresh()
        return None

    def _event_words(self, event: Event) -> str:
        player = getattr(event, "player", None)
        return self.t(f"fifth.event.{event.kind}",
                      name=self.names[player] if isinstance(player, int) else "")

    # -- the hands ------------------------------------------------------------------------------
    def _round(self) -> Round | None:
        return self.table.round

    def _copies(self) -> dict[str, int]:
        return dict.fromkeys(CARDS, 1)

    def _has_hand(self, seat: int) -> bool:
        r = self.table.round
        return r is None or seat != r.out

    def _lacks(self, seat: int, cards: Sequence[str]) -> str:
        empty = self._has_hand(seat) and not cards
        return self.t("hands.empty", name=self.names[seat]) if empty else ""

    def _points_of(self, cards: Sequence[str]) -> int:
        return hand_points(parse_card(c) for c in cards)

    def _hands_data(self) -> HandEntryData:
        t, r = self.t, self.table.round
        assert r is not None
        colours = self._colours()
        players = []
        for s, name in enumerate(self.names):
            cards, typed = self._entry(s), self._typed(s)
            points = self._points_of(cards)
            players.append(PlayerHand(
                name=name, cards=tuple(cards), points=points,
                summary=t.plural("hands.summary", len(cards), points=points), expected=None,
                done=r.hands[s] is not None or typed is not None, out=s == r.out,
                typed=typed if not cards else None, colour=colours[s]))
        return HandEntryData(
            route=f"/match/{self.match_id}/hands", title=t("hands.title", round=r.number),
            players=tuple(players), current=self.entry_seat, copies=self._copies(),
            error=self.error, next=self._next_seat(self.entry_seat),
            typing=self._is_typing(self.entry_seat), can_type=self.CAN_TYPE,
            points=self._points_typed(self.entry_seat), version=self.version)

    def _pick_player(self, seat: int) -> None:
        if not self._entry(self.entry_seat) or self._store_hand(self.entry_seat):
            self.entry_seat = seat
        self._redraw()

    def _tap_card(self, card: str) -> None:
        cards = self._entry(self.entry_seat)
        others = [s for s in range(len(self.names)) if s != self.entry_seat
                  and card in self._entry(s)]
        self.error = ""
        if card in cards:
            cards.remove(card)
        elif others:
            self.error = self.t("hands.taken", card=card, copies=1,
                                names=names([self.names[s] for s in others], self.t))
        else:
            cards.append(card)
        self._redraw()

    # -- the scoreboard -------------------------------------------------------------------------
    def _score_data(self) -> ScoreData:
        t, table = self.t, self.table
        over = table.phase == "over"
        rounds = tuple(tuple("–" for _ in r.points) if r.dropped else
                       tuple(f"{p}{' ★' if s in r.winners else ''}" for s, p in enumerate(r.points))
                       for r in table.played)
        places = tuple(Standing(place=p.rank, name=names([self.names[s] for s in p.seats], t),
                                total=t.plural("table.points", table.totals[p.seats[0]]),
                                reason=self.say(p.reason)) for p in table.standings())
        winners = [self.names[s] for s in table.winners]
        played = len(table.played)
        headline = (t.plural("score.winner", len(winners), names=names(winners, t)) if over
                    else t("score.after", round=played) if played else t("score.none"))
        playing = table.phase in ("play", "ended")
        return ScoreData(
            route=f"/match/{self.match_id}/score", title=t("score.title"), headline=headline,
            names=tuple(self.names), rounds=rounds,
            totals=tuple(t.plural("table.points", x) for x in table.totals), places=places,
            round_notes=(self.say(table.end),) if table.end is not None else (),
            series=tuple(tuple(r.totals[s] for r in table.history)
                         for s in range(len(self.names))),
            next_dealer="" if over or playing else t("score.next_dealer",
                                                     name=self.names[table.dealer]),
            finished=over, playing=playing, round_marks=self._marks())

    def _round_lines(self, r: Round) -> tuple[RoundLine, ...]:
        colours = self._colours()
        return tuple(RoundLine(name=name, points=self.t.plural("table.points", r.points[s]),
                               cards=tuple(format_cards([c]) for c in r.hands[s] or ()),
                               colour=colours[s], best=s in r.winners)
                     for s, name in enumerate(self.names))
