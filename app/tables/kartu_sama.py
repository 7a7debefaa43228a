"""Kartu Sama at the table: the referee controller. Each tap becomes one event, checked by the
match (the same check that greys the buttons), saved at once, and the screen redrawn from the
derived table. Screens: the table, the hand entry, and the scoreboard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import flet as ft

from app.i18n import card_words, names, sentences
from app.matches import Summary
from app.tables import base
from app.tables.entry import HandEntryReferee
from models.cards import format_cards, parse_card
from models.games.kartu_sama import hand_points
from models.match import Event, Match, Out, Play, Start
from models.tables.base import MatchState
from models.tables.kartu_sama import Draw, DrawPlan, Fail, Joker, KartuSamaTable, Pay, Round
from views.hands import HandEntryData, PlayerHand
from views.room import Room
from views.round import RoundLine
from views.scoreboard import ScoreData, Standing
from views.table import Action, Seat, TableData, table_view


def summary(match: Match[MatchState]) -> Summary:
    """What the history shows of a Kartu Sama match, worked out from its events."""
    table, names, over = match.of(KartuSamaTable).table, match.setup.players, base.over(match)
    history = table.history
    return {
        "status": base.status(over),
        "round": len(table.played) + (0 if over else 1),
        "mode": table.options.mode,
        "totals": list(table.wins if table.options.mode == "victory" else table.totals),
        "winners": [names[s] for s in table.winners] if over else [],
        "rounds": [list(r.points) for r in history],
    }


class Referee(HandEntryReferee[KartuSamaTable, Round]):
    """One Kartu Sama match loaded from storage, and the taps that change it."""

    table_type = KartuSamaTable

    ENTRY_PHASES = ("play", "ended")  # hands may be entered before the round ends

    # -- routing ----------------------------------------------------------------------------
    def view(self, sub: str) -> ft.View:
        shown = self._round_screen(sub)
        if shown is not None:
            return shown
        table = self.match.table
        if sub == "hands" and table.phase in self.ENTRY_PHASES:
            return self._hands_view()
        if sub == "score" or table.phase == "over":
            return self._score_view()
        return self._table_view()

    # -- recording --------------------------------------------------------------------------
    def summary(self) -> Summary:
        return summary(self.match)

    # -- the table --------------------------------------------------------------------------
    def _total(self, seat: int) -> str:
        table = self.match.table
        if table.options.mode == "victory":
            return self.t.plural("table.wins", table.wins[seat])
        return self.t.plural("table.points", table.totals[seat])

    def _table_data(self) -> TableData:
        t, table = self.t, self.match.table
        r = table.round
        phase = table.phase
        legal = {e.kind: e for e in self.ledger.legal()}
        actions: list[Action] = []
        prompt, detail, warning = "", "", ""
        number = len(table.played) + (1 if phase in ("idle", "closed") else 0)
        if r is not None and phase in ("play", "ended"):
            number = r.number
        title = t("table.title", round=number)
        dealer = self.names[table.dealer]
        if phase in ("idle", "closed"):
            prompt = t("table.deals", name=dealer)
            detail = ""
            actions.append(Action("start", t("table.start", round=number)))
        elif phase == "play":
            assert r is not None
            turn = self.names[r.turn]
            prompt = t("table.to_play", name=turn)
            debt = table.debt_reason()
            detail = self.say(debt) if debt else ""
            plan = table.must_draw()
            if "play" in legal:
                actions.append(Action("play", t("table.played")))
            if "pay" in legal:
                actions.append(Action("pay", t("table.paid", n=r.debt)))
            if "joker" in legal:
                actions.append(Action("joker", t("table.joker"), primary=False))
            if plan is not None and ("draw" in legal or "fail" in legal):
                label = self._draw_label(plan)
                actions.append(Action("fail" if "fail" in legal else "draw", label,
                                      primary=False, danger=plan.ends))
                notes = [self.say(x) for x in plan.reasons[1:]]
                warning = sentences(notes)
            if r.extra >= 0 and r.extra != r.turn:
                actions.append(Action("extra", t("table.played_drawn",
                                                 name=self.names[r.extra]), small=True))
            if "out" in legal:
                actions.append(Action("out", t("table.out", name=turn), small=True))
            actions.append(Action("hands", t("table.enter_hands_now"), small=True,
                                  opens=True))
        elif phase == "ended":
            assert r is not None
            prompt = t("table.round_over")
            detail = self.say(r.end) if r.end else ""
            actions.append(Action("hands", t("table.enter_hands"), opens=True))
        # Once play ends the counts and the pile stay as the table kept them: what each hand
        # should hold when it is entered.
        counted = r is not None and (phase == "play" or phase == "ended" and r.tracked)
        colours = self._colours()
        seats = tuple(
            Seat(
                name=name,
                cards=r.counts[s] if counted and r is not None else None,
                dealer=s == table.dealer,
                current=phase == "play" and r is not None and s == r.turn,
                total=self._total(s),
                note=t("table.owes", n=r.debt) if phase == "play" and r is not None
                and r.debt and s == r.turn else "",
                colour=colours[s],
            )
            for s, name in enumerate(self.names)
        )
        top = None
        if r is not None and phase == "play" and r.base is not None and r.base < 53:
            top = format_cards([r.base])
        return TableData(
            route=f"/match/{self.match_id}", title=title, prompt=prompt, detail=detail,
            seats=seats, pile=r.pile if r is not None and phase in ("play", "ended") else
            table.pack - table.n * table.options.hand_size - 1,
            top=top, warning=warning, actions=tuple(actions), undo=self._undo_text(),
            version=self.version, held=self.held,
        )

    def _draw_label(self, plan: DrawPlan) -> str:
        t = self.t
        if plan.why == "joker":
            text = t("table.fail", n=plan.count)
        elif plan.why == "last_card":
            text = t("table.draw_last", n=plan.count, players=self.match.table.n)
        else:
            text = t("table.draw", n=plan.count)
        if plan.ends:
            text += " · " + t("table.ends_round")
        return text

    def _event_words(self, event: Event) -> str:
        t = self.t
        who = self.names[event.player] if hasattr(event, "player") and isinstance(
            getattr(event, "player", None), int) else ""
        key = f"event.{event.kind}" + ("_none" if getattr(event, "count", 1) == 0 else "")
        params: dict[str, object] = {"name": who}
        if isinstance(event, Draw | Fail):
            params["n"] = event.count
        if isinstance(event, Start):
            params["round"] = len(self.match.table.rounds)
        return t(key, **params) if t.has(key) else event.kind

    def room(self) -> Room:
        return base.counted(self._table_data(), self.t("play.fact.draw_pile"),
                            self.t("felt.kartu_sama.discard"))

    def _table_view(self) -> ft.View:
        return table_view(
            self.t, self._table_data(), on_action=self._button(self._act),
            on_undo=self._button(self.undo, "undo"),
            on_scores=lambda: self._go("score"), on_back=lambda: self.host.go("/"),
            side=self._beside(self.t),
        )

    def _act(self, key: str, at: int | None = None) -> None:
        table = self.match.table
        r = table.round
        if key == "hands":
            return self._open_hands()
        event: Event | None = None
        if key == "start":
            event = Start()
        elif r is not None:
            turn = r.turn
            plan = table.must_draw()
            makes: dict[str, Callable[[], Event]] = {
                "play": lambda: Play(turn),
                "pay": lambda: Pay(turn),
                "joker": lambda: Joker(turn),
                "out": lambda: Out(turn),
                "extra": lambda: Play(r.extra),
                "draw": lambda: Draw(turn, plan.takes if plan else 2),
                "fail": lambda: Fail(turn, plan.takes if plan else 2),
            }
            event = makes[key]()
        if event is not None and self.record(event, at):
            if key != "start" and table.phase == "ended":  # the round just ended: the hands
                return self._open_hands()
            self.host.refresh()
        return None

    # -- the hands --------------------------------------------------------------------------
    def _copies(self) -> dict[str, int]:
        return {format_cards([c]): n for c, n in Counter(self.match.table.cards).items()}

    def _round(self) -> Round | None:
        return self.match.table.round

    def _has_hand(self, seat: int) -> bool:
        r = self.match.table.round
        return r is None or seat != r.out

    def _lacks(self, seat: int, cards: Sequence[str]) -> str:
        if self._has_hand(seat) and not cards:
            return str(self.t("hands.empty", name=self.names[seat]))
        return ""

    def _points_of(self, cards: Sequence[str]) -> int:
        return hand_points(parse_card(c) for c in cards)

    def _hands_data(self) -> HandEntryData:
        t, table = self.t, self.match.table
        r = table.round
        assert r is not None
        players, colours = [], self._colours()
        for s, name in enumerate(self.names):
            cards = self._entry(s)
            points = self._points_of(cards)
            typed = self._typed(s) if not cards else None
            players.append(PlayerHand(
                name=name, cards=tuple(cards), points=points,
                summary=t.plural("hands.summary", len(cards), points=points),
                expected=r.counts[s] if r.tracked and s != r.out else None,
                done=r.hands[s] is not None or typed is not None or s in self.sent,
                out=s == r.out, typed=typed, colour=colours[s],
            ))
        mismatch = [
            t("hands.mismatch", name=p.name, entered=len(p.cards), expected=p.expected)
            for i, p in enumerate(players) if i != self.entry_seat and p.done and p.off
        ]
        end = [self.say(r.end)] if r.end is not None and r.end.code != "hands_recorded" else []
        return HandEntryData(
            route=f"/match/{self.match_id}/hands", title=t("hands.title", round=r.number),
            players=tuple(players), current=self.entry_seat, copies=self._copies(),
            error=self.error, warning=sentences(end + mismatch),
            next=self._next_seat(self.entry_seat), typing=self._is_typing(self.entry_seat),
            can_type=self.CAN_TYPE, points=self._points_typed(self.entry_seat),
            version=self.version,
        )

    def _hands_view(self) -> ft.View:
        r = self.match.table.round
        if r is not None and self.entry_seat == r.out:
            self.entry_seat = next((s for s in range(len(self.names)) if s != r.out), 0)
        return self._hand_screen(self.t)

    def _pick_player(self, seat: int) -> None:
        """Show another player's hand, recording the one shown first. A hand not touched yet
        is not recorded: an empty hand says its player went out."""
        shown = self.entry_seat
        untouched = not self._entry(shown) and self._recorded(shown) is None
        if untouched or self._store_hand(shown):
            self.entry_seat = seat
        self._redraw()

    def _tap_card(self, card: str) -> None:
        cards = self._entry(self.entry_seat)
        copies = self._copies().get(card, 0)
        used = sum(self._entry(s).count(card) for s in range(len(self.names)))
        self.error = ""
        if cards.count(card) >= copies or used >= copies:
            others = [self.names[s] for s in range(len(self.names))
                      if s != self.entry_seat and card in self._entry(s)]
            if cards.count(card) >= copies and copies > 1:
                cards[:] = [c for c in cards if c != card]  # a further tap clears the copies
            elif others:
                self.error = self.t("hands.taken", card=card_words(card), copies=copies,
                                    names=names(others, self.t))
            elif copies == 1:
                cards.remove(card)
        else:
            cards.append(card)
            self._complete(self.entry_seat)
        self._redraw()

    def _complete(self, seat: int) -> None:
        """A hand that holds as many cards as the table counted is recorded, and the next
        player to enter is shown."""
        r = self.match.table.round
        if r is None or not r.tracked or len(self._entry(seat)) != r.counts[seat]:
            return
        following = self._next_seat(seat)
        if self._store_hand(seat) and following is not None:
            self.entry_seat = following

    # -- the scoreboard ---------------------------------------------------------------------
    def _score_data(self) -> ScoreData:
        t, table = self.t, self.match.table
        history = table.history
        over = table.phase == "over"
        victory = table.options.mode == "victory"
        rounds = tuple(
            tuple("–" for _ in r.points) if r.dropped else
            tuple(f"{p}{' *' if s in r.typed else ''}{' ★' if s in r.winners else ''}"
                  for s, p in enumerate(r.points))
            for r in table.played
        )
        series = tuple(
            tuple((r.wins if victory else r.totals)[s] for r in history)
            for s in range(len(self.names))
        )
        places = tuple(
            Standing(place=p.rank, name=names([self.names[s] for s in p.seats], t),
                  total=self._total(p.seats[0]), reason=self.say(p.reason))
            for p in table.standings()
        )
        notes: tuple[str, ...] = ()
        if history:
            last = history[-1]
            notes = tuple(self.say(p.reason) for p in last.places)
            if last.end is not None:
                notes = (self.say(last.end), *notes)
            notes += tuple(self.say(w) for w in last.warnings)
        if over:
            winners = [self.names[s] for s in table.winners]
            headline = t.plural("score.winner", len(winners), names=names(winners, t))
            if table.end is not None:
                notes = (self.say(table.end), *notes)
        else:
            played = len(table.played)
            headline = t("score.after", round=played) if played else t("score.none")
        playing = table.phase in ("play", "ended")
        next_dealer = "" if over or playing else t("score.next_dealer",
                                                      name=self.names[table.dealer])
        return ScoreData(
            route=f"/match/{self.match_id}/score", title=t("score.title"), headline=headline,
            names=tuple(self.names), rounds=rounds,
            totals=tuple(self._total(s) for s in range(len(self.names))),
            places=places, round_notes=notes, series=series, next_dealer=next_dealer,
            finished=over, playing=playing, round_marks=self._marks(),
        )

    def _score_view(self) -> ft.View:
        return self._scoreboard(self.t)

    # -- one round --------------------------------------------------------------------------
    def _round_lines(self, r: Round) -> tuple[RoundLine, ...]:
        t, colours = self.t, self._colours()
        return tuple(
            RoundLine(name=name, points=t.plural("table.points", r.points[s]),
                      cards=tuple(format_cards([c]) for c in r.hands[s] or ()),
                      detail=t("round.went_out") if s == r.out else "",
                      colour=colours[s], best=s in r.winners)
            for s, name in enumerate(self.names)
        )
