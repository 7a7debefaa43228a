"""41 at the table: the referee controller. Each tap becomes one event, checked by the match
(the same check that greys the buttons), saved at once, and the screen redrawn from the derived
table. Screens: the table (turns, stock, who stopped), the cards of each hand (four taps a
player), and the scoreboard (scores with the suit counted, tie-breaks in words, the tally)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from app.i18n import card_words, names, say
from app.matches import Summary
from app.tables import base
from app.tables.entry import HandEntryReferee
from models.cards import SUITS, format_cards, parse_card
from models.games.forty_one import HAND_SIZE, counted_suit, hand_score
from models.match import Close, Event, Hand, Match, Points, Reason, Start
from models.tables.base import MatchState
from models.tables.forty_one import (
    PACK,
    Deal,
    DrawStock,
    Finish,
    FortyOneTable,
    Resume,
    Show41,
    StockOut,
    Stop,
    TakeDiscard,
)
from views.common import Tr, drawn, small_button
from views.forty_one import ShownHand, shown_hands
from views.hands import HandEntryData, PlayerHand
from views.room import Room
from views.round import RoundLine
from views.scoreboard import ScoreData, Standing
from views.table import Action, Seat, TableData, table_view

# The shared screens speak of a draw pile; 41 plays from a stock. (The scoreboard says
# "hand" by itself: it knows the game.)
SWAPS = {
    "table.pile": "forty_one.stock",
    "hands.save": "forty_one.hands.save",
}

EVENT_WORDS: dict[type[Event], str] = {
    Start: "forty_one.event.start",
    DrawStock: "forty_one.event.draw",
    TakeDiscard: "forty_one.event.take",
    Stop: "forty_one.event.stop",
    StockOut: "forty_one.event.stock_out",
    Show41: "forty_one.event.41",
    Hand: "forty_one.event.hand",
    Points: "forty_one.event.points",
    Close: "forty_one.event.close",
    Finish: "forty_one.event.finish",
    Resume: "forty_one.event.resume",
}

CARDS = tuple(format_cards([c]) for c in range(PACK))
COPIES = dict.fromkeys(CARDS, 1)
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class FortyOneWords:
    """The translator handed to the shared screens, with 41's words swapped in."""

    def __init__(self, t: Tr) -> None:
        self.t = t

    def __call__(self, key: str, /, **params: object) -> str:
        return str(self.t(SWAPS.get(key, key), **params))

    def plural(self, key: str, count: int, /, **params: object) -> str:
        return str(self.t.plural(SWAPS.get(key, key), count, **params))


def how_it_ends(players: list[str], values: Mapping[str, object], t: Tr) -> list[str]:
    """The new-match screen's line on how a 41 match ends."""
    return [t("forty_one.how_it_ends_total" if values.get("running_score")
              else "forty_one.how_it_ends")]


def summary(match: Match[MatchState]) -> Summary:
    """What the history shows of a 41 match, worked out from its events."""
    table, names, over = match.of(FortyOneTable).table, match.setup.players, base.over(match)
    history = table.history
    running = table.options.running_score
    return {
        "status": base.status(over),
        "round": len(table.played) + (0 if over else 1),
        "mode": None,
        "totals": list(table.totals if running else table.wins),
        "winners": [names[s] for s in table.winners] if over else [],
        "rounds": [list(d.points) for d in history],
    }


class Referee(HandEntryReferee[FortyOneTable, Deal]):
    """One 41 match loaded from storage, and the taps that change it."""

    table_type = FortyOneTable

    ENTRY_PHASES = ("ended",)
    HAND_CAP = HAND_SIZE

    def say(self, reason: Reason) -> str:
        params = dict(reason.params)
        if "nth" in params:
            params["which"] = self.t(f"forty_one.which.{params['nth']}")
        return say(self.t, reason.code, params)

    # -- routing ----------------------------------------------------------------------------
    def view(self, sub: str) -> ft.View:
        shown = self._round_screen(sub)
        if shown is not None:
            return shown
        phase = self.match.table.phase
        if sub == "hands" and phase in self.ENTRY_PHASES:
            return self._hands_view()
        if sub == "score" or phase == "over":
            return self._score_view()
        return self._table_view()

    # -- recording --------------------------------------------------------------------------
    def _milestone(self, event: Event) -> bool:
        return super()._milestone(event) or isinstance(event, Finish | Resume)

    def _undone(self, event: Event) -> None:
        if isinstance(event, Finish):
            return self._go()
        return super()._undone(event)

    def summary(self) -> Summary:
        return summary(self.match)

    def _total(self, seat: int) -> str:
        table = self.match.table
        if table.options.running_score:
            return str(self.t.plural("table.points", table.totals[seat]))
        return str(self.t("forty_one.tally", wins=table.wins[seat], losses=table.losses[seat]))

    def _event_words(self, event: Event) -> str:
        player = getattr(event, "player", None)
        name = self.names[player] if isinstance(player, int) else ""
        return str(self.t(EVENT_WORDS[type(event)], name=name, n=len(self.match.table.deals)))

    # -- the table --------------------------------------------------------------------------
    def _table_data(self) -> TableData:
        t, table = self.t, self.match.table
        d = table.deal
        phase = table.phase
        legal = self.ledger.legal()
        kinds = {e.kind for e in legal}
        actions: list[Action] = []
        prompt, detail, warning = "", "", ""
        number = len(table.deals) + (1 if phase in ("idle", "closed") else 0)
        if phase in ("idle", "closed"):
            prompt = t("forty_one.deals", dealer=self.names[table.dealer],
                       first=self.names[table.first])
            warning = t("forty_one.how_it_ends_total" if table.options.running_score
                        else "forty_one.how_it_ends")
            actions.append(Action("start", t("forty_one.start", n=number)))
            if "forty_one_finish" in kinds:
                actions.append(Action("finish", t("forty_one.finish"), small=True))
        elif phase == "play":
            assert d is not None
            turn = self.names[d.turn]
            prompt = t("forty_one.to_play", name=turn)
            note = table.stock_note()
            if note is not None:
                warning = self.say(note)
            elif not d.moves:
                warning = t("forty_one.first_turn")
            if "forty_one_draw" in kinds:
                actions.append(Action("draw", t("forty_one.drew")))
            if "forty_one_take" in kinds:
                actions.append(Action("take", t("forty_one.took"), primary=not d.stock))
            if "forty_one_stock_out" in kinds:
                actions.append(Action("stock_out", t("forty_one.declined", name=turn),
                                      primary=False, danger=True))
            actions.append(Action("stop", t("forty_one.stopped", name=turn), primary=False))
            actions += [Action(f"41-{e.player}", t("forty_one.shows_41", name=self.names[e.player]),
                               small=True)
                        for e in legal if isinstance(e, Show41)]
        elif phase == "ended":
            assert d is not None
            prompt = t("forty_one.hand_over")
            detail = self.say(d.end) if d.end else ""
            actions.append(Action("hands", t("forty_one.enter_cards"), opens=True))
        playing = phase in ("play", "ended")
        colours = self._colours()
        seats = tuple(
            Seat(name=name, cards=None, dealer=s == table.dealer,
                 current=phase == "play" and s == table.turn, total=self._total(s),
                 colour=colours[s])
            for s, name in enumerate(self.names)
        )
        return TableData(
            route=f"/match/{self.match_id}", title=t("forty_one.title", n=number),
            prompt=prompt, detail=detail, seats=seats,
            pile=d.stock if d is not None and playing else PACK - HAND_SIZE * table.n,
            top=None, warning=warning, actions=tuple(actions), undo=self._undo_text(),
            version=self.version, held=self.held,
        )

    def room(self) -> Room:
        return base.counted(self._table_data(), self.t("felt.forty_one.stock"))

    def _table_view(self) -> ft.View:
        return table_view(
            FortyOneWords(self.t), self._table_data(), on_action=self._button(self._act),
            on_undo=self._button(self.undo, "undo"),
            on_scores=lambda: self._go("score"), on_back=lambda: self.host.go("/"),
            side=self._beside(FortyOneWords(self.t)),
        )

    def _act(self, key: str, at: int | None = None) -> None:
        table = self.match.table
        if key == "hands":
            return self._open_hands()
        turn = table.turn
        if key.startswith("41-"):
            event: Event = Show41(int(key[3:]))
        else:
            makers: dict[str, Callable[[], Event]] = {
                "start": Start, "finish": Finish,
                "draw": lambda: DrawStock(turn), "take": lambda: TakeDiscard(turn),
                "stop": lambda: Stop(turn), "stock_out": lambda: StockOut(turn),
            }
            event = makers[key]()
        if self.record(event, at):
            if isinstance(event, Finish):
                return self._go("score")
            self.host.refresh()
        return None

    # -- the cards --------------------------------------------------------------------------
    def _round(self) -> Deal | None:
        return self.match.table.deal

    def _copies(self) -> dict[str, int]:
        return COPIES

    def _lacks(self, seat: int, cards: Sequence[str]) -> str:
        if len(cards) != HAND_SIZE:
            return str(self.t("forty_one.hands.short", name=self.names[seat], n=len(cards)))
        return ""

    def _points_of(self, cards: Sequence[str]) -> int:
        return hand_score([parse_card(c) for c in cards])

    def _summary(self, cards: list[str]) -> tuple[int, str]:
        if not cards:
            return 0, self.t("forty_one.hands.none")
        codes = [parse_card(c) for c in cards]
        points = self._points_of(cards)
        suit = self.t(f"forty_one.suit.{counted_suit(codes)}")
        return points, self.t("forty_one.hands.summary", n=len(cards), points=points, suit=suit)

    def _hands_data(self) -> HandEntryData:
        t, table = self.t, self.match.table
        d = table.deal
        assert d is not None
        players, colours = [], self._colours()
        for s, name in enumerate(self.names):
            cards = self._entry(s)
            points, summary = self._summary(cards)
            typed = self._typed(s) if not cards else None
            players.append(PlayerHand(
                name=name, cards=tuple(cards), points=points, summary=summary, expected=None,
                done=(self._recorded(s) == cards and len(cards) == HAND_SIZE or typed is not None
                      or s in self.sent),
                typed=typed, colour=colours[s],
            ))
        ender = self.names[d.ender]
        threshold = table.options.stop_threshold
        if d.how == "41":
            hint = t("forty_one.hands.holder", name=ender)
        elif d.how == "stop" and threshold:
            hint = t("forty_one.hands.stopper_threshold", name=ender, points=threshold)
        elif d.how == "stop":
            hint = t("forty_one.hands.stopper", name=ender)
        else:
            hint = self.say(d.end) if d.end else ""
        return HandEntryData(
            route=f"/match/{self.match_id}/hands", title=t("forty_one.hands.title", n=d.number),
            players=tuple(players), current=self.entry_seat, copies=self._copies(),
            error=self.error, warning=hint, next=self._next_seat(self.entry_seat),
            typing=self._is_typing(self.entry_seat), can_type=self.CAN_TYPE,
            points=self._points_typed(self.entry_seat), version=self.version,
        )

    def _hands_view(self) -> ft.View:
        return self._hand_screen(FortyOneWords(self.t))

    def _pick_player(self, seat: int) -> None:
        self.entry_seat = seat
        self.error = ""
        self._redraw()

    def _tap_card(self, card: str) -> None:
        seat = self.entry_seat
        cards = self._entry(seat)
        self.error = ""
        holder = next((s for s in range(len(self.names))
                       if s != seat and card in self._entry(s)), None)
        if card in cards:
            cards.remove(card)
        elif holder is not None:
            self.error = self.t("forty_one.hands.taken", card=card_words(card),
                                name=self.names[holder])
        elif len(cards) >= HAND_SIZE:
            self.error = self.t("forty_one.hands.full", name=self.names[seat])
        else:
            cards.append(card)
            following = self._next_seat(seat)
            if len(cards) == HAND_SIZE and self._store_hand(seat) and following is not None:
                self.entry_seat = following
        self._redraw()

    # -- the scoreboard ---------------------------------------------------------------------
    def _cell(self, d: Deal, seat: int) -> str:
        mark = " ★" if seat == d.winner else " ▼" if seat == d.loser else ""
        typed = " *" if seat in d.typed else ""
        return f"{d.points[seat]}{SUIT_SIGNS.get(d.suits[seat], '')}{typed}{mark}"

    def _score_data(self) -> ScoreData:
        t, table = self.t, self.match.table
        history = table.history
        over = table.phase == "over"
        running = table.options.running_score
        places = tuple(
            Standing(place=p.rank, name=names([self.names[s] for s in p.seats], t),
                  total=self._total(p.seats[0]), reason=self.say(p.reason))
            for p in table.standings()
        )
        notes: tuple[str, ...] = ()
        if history:
            last = history[-1]
            notes = tuple(self.say(p.reason) for p in table.places(last))
            if last.end is not None:
                notes = (self.say(last.end), *notes)
        if over:
            winners = [self.names[s] for s in table.winners]
            headline = t.plural("score.winner", len(winners), names=names(winners, t))
            if table.end is not None:
                notes = (self.say(table.end), *notes)
        elif history:
            headline = t("forty_one.score.after", n=len(table.played))
        else:
            headline = t("forty_one.score.none")
        playing = table.phase in ("play", "ended")
        next_up = "" if over or playing or not history else t(
            "forty_one.score.next", dealer=self.names[table.dealer],
            first=self.names[table.first])
        return ScoreData(
            route=f"/match/{self.match_id}/score", title=t("score.title"), headline=headline,
            names=tuple(self.names),
            rounds=tuple(tuple("–" if d.dropped else self._cell(d, s)
                               for s in range(len(self.names))) for d in table.played),
            round_marks=self._marks(),
            totals=tuple(self._total(s) for s in range(len(self.names))),
            places=places, round_notes=notes,
            series=tuple(tuple((d.totals if running else d.wins)[s] for d in history)
                         for s in range(len(self.names))),
            next_dealer=next_up, finished=over, playing=playing,
        )

    def _shown(self) -> list[ft.Control]:
        """The cards of the last hand, best first; and, once finished, a way back."""
        t, table = self.t, self.match.table
        history = table.history
        extra: list[ft.Control] = []
        if history:
            d = history[-1]
            rows = [
                ShownHand(
                    name=self.names[s],
                    cards=shown_order(d.hands[s] or (), d.suits[s]),
                    line=t("forty_one.score.typed_line", points=d.points[s]) if s in d.typed
                    else t("forty_one.score.line", points=d.points[s],
                           suit=t(f"forty_one.suit.{d.suits[s]}")),
                    mark=t("forty_one.score.won") if s == d.winner
                    else t("forty_one.score.lost") if s == d.loser else "",
                )
                for s in d.order
            ]
            extra.append(shown_hands(t("forty_one.score.cards", n=d.number), rows))
        if table.phase == "over" and self.match.events:
            undo = self._button(self.undo, "undo")
            extra.append(drawn(small_button(self._undo_text(), undo, key="undo",
                                            icon=ft.Icons.UNDO), self.version))
            if not self.read_only:
                resume = self._button(self._resume, "reopen")
                extra.append(drawn(small_button(t("forty_one.resume"), resume,
                                                key="reopen", icon=ft.Icons.PLAY_ARROW),
                                   self.version))
        return extra

    def _resume(self, at: int | None = None) -> None:
        """Play on after the match was finished: it is reopened, the next hand to deal."""
        if self._said(self.ledger.record(Resume(), self.version if at is None else at)):
            self._go()

    # -- one hand ---------------------------------------------------------------------------
    def _round_lines(self, r: Deal) -> tuple[RoundLine, ...]:
        t, colours = self.t, self._colours()
        return tuple(
            RoundLine(name=self.names[s], points=t.plural("table.points", r.points[s]),
                      cards=shown_order(r.hands[s] or (), r.suits[s]),
                      detail=t("forty_one.score.won") if s == r.winner
                      else t("forty_one.score.lost") if s == r.loser else "",
                      colour=colours[s], best=s == r.winner)
            for s in (r.order or range(len(self.names)))
        )

    def _score_view(self) -> ft.View:
        return self._scoreboard(FortyOneWords(self.t), extra=self._shown())


def shown_order(cards: Sequence[int], counted: str) -> tuple[str, ...]:
    """A hand as shown: the counted suit first, then S H D C; the ace, then K down to 2."""
    first = SUITS.index(counted) if counted else 0

    def key(card: int) -> tuple[bool, int, int]:
        rank = card % 13
        return (card // 13 != first, card // 13, -(13 if rank == 0 else rank))

    return tuple(format_cards([c]) for c in sorted(cards, key=key))
