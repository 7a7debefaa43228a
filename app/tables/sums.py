"""Sums at the table: the referee controller. Each tap (a card on the grid, a pile, a card to
take, a counter) becomes one event, checked by the match (the same check that builds the
screen), saved at once, and the screen redrawn from the derived table. Screens: the table
and the scores.

A counter does not hold play up: once a card is removed, play goes on, and while a counter
is possible (the table says so from the cards seen) the owner's "counters" button stays until
the next move. Tapping it shows the cards that would counter, each with its sum; tapping one
records the counter."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from app.i18n import names, say
from app.matches import Outcome, Summary
from app.tables import base
from models.cards import Card, parse_card
from models.errors import MejaError
from models.games.sums import EITHER, LAST
from models.match import Event, Match, Play, Reason
from models.tables import sums as tb
from models.tables.base import MatchState
from models.tables.sums import Counter, DrawPile, FaceUp, Let, Remove, Stop, SumsTable, TakeBack
from views.hands import grid_cards
from views.room import Pile, Room, Seat
from views.scoreboard import ScoreData, Standing
from views.sums import (
    PlayerScore,
    SumsSeat,
    SumsTableData,
    Tile,
    breakdown_sections,
    sums_table_view,
    symbols,
)
from views.table import Action

CARD_PARAMS = ("card", "played", "helper", "target")
MOVE = 24  # the longest move a phone sends ("target-3-10H")


def summary(match: Match[MatchState]) -> Summary:
    """What the history shows of a game of Sums, worked out from its events."""
    table, names, over = match.of(SumsTable).table, match.setup.players, base.over(match)
    scores = table.scores()
    return {
        "status": base.status(over),
        "round": 1,
        "mode": None,
        "totals": scores,
        "winners": [names[s] for s in table.winners],
        "rounds": [scores] if over else [],
    }


class Referee(base.Referee[SumsTable]):
    """One Sums match loaded from storage, and the taps that change it."""

    table_type = SumsTable

    countering = False  # the owner said they have a counter: the cards that would are shown

    def say(self, reason: Reason, signs: bool = True) -> str:
        """The reason in the player's language; cards as ``7♥`` (``signs``) or ``7H``."""
        params = dict(reason.params)
        if signs:
            for key in CARD_PARAMS:
                if key in params:
                    params[key] = symbols(str(params[key]))
        return say(self.t, reason.code, params)

    # -- routing ----------------------------------------------------------------------------
    def view(self, sub: str) -> ft.View:
        if sub == "score":
            return self._score_view()
        return self._table_view()

    # -- recording --------------------------------------------------------------------------
    def record(self, event: Event, at: int | None = None) -> bool:
        """Check, record and save one event; then the scores if it ended the match, else the
        table redrawn."""
        if not super().record(event, at):
            return False
        self.countering = False
        if self.over:
            self._go("score")
        else:
            self.host.refresh()
        return True

    def _milestone(self, event: Event) -> bool:
        return self.over  # the move that ends the match, whatever its kind

    def _refusal(self, reason: Reason) -> str:
        return self.say(reason, signs=False)

    def summary(self) -> Summary:
        return summary(self.match)

    # -- the table --------------------------------------------------------------------------
    def _points(self, seat: int) -> str:
        return self.t.plural("table.points", self.match.table.scores()[seat])

    def _table_data(self) -> SumsTableData:
        t, table = self.t, self.match.table
        phase = table.phase
        name = self.names[table.current]
        prompt, help_text = "", ""
        notes: list[str] = []
        choices: list[Tile] = []
        actions: list[Action] = []
        grid: dict[str, int] | None = None
        copies = {str(c): n for c, n in table.copies().items()}
        attack = table.counterable
        if attack is None:
            self.countering = False
        asking = attack is not None and (phase == tb.COUNTER or self.countering)
        if attack is not None and asking:
            owner = self.names[attack.owner]
            prompt = t("sums.counter_which", name=owner, attacker=self.names[attack.attacker],
                       played=symbols(str(attack.played)))
            notes.append(t("sums.counter_pick", name=owner))
            choices = [Tile(f"counter-{x.played}", self._formula(x.reason),
                              card=str(x.played)) for x in table.counters()]
            actions.append(Action("let" if phase == tb.COUNTER else "cancel", t("sums.let"),
                                  primary=False))
        elif phase == tb.DEAL:
            prompt, help_text, grid = t("sums.deal", name=name), t("sums.deal_help", name=name), \
                copies
        elif phase in (tb.DRAW, EITHER):
            prompt = t("sums.draw" if phase == tb.DRAW else "sums.either", name=name)
            help_text = t("sums.draw_help", name=name)
            if phase == EITHER and table.hands[table.current]:
                help_text, grid = t("sums.either_help", name=name), copies
        elif phase in (tb.PLACE, LAST):
            prompt = t("sums.place" if phase == tb.PLACE else "sums.last", name=name)
            help_text, grid = t("sums.place_help", name=name), copies
            if phase == LAST:
                notes.append(self.say(tb.why("sums_pile_empty", pile=table.last_pile + 1,
                                             player=name)))
                actions.append(Action("stop", t("sums.stop"), primary=False))
            for e in self.ledger.legal():
                if isinstance(e, TakeBack):
                    actions.append(Action(f"back-{e.card}", t("sums.take_back",
                                                               card=symbols(str(e.card))),
                                          small=True))
        elif phase == tb.TARGET:
            prompt = t("sums.pick", name=name)
            notes.append(t("sums.pick_help", card=symbols(str(table.choices[0].played))))
            choices = [Tile(f"target-{x.owner}-{x.card}", self.say(x.reason))
                       for x in table.choices]
        else:
            prompt = t("sums.over")
            actions.append(Action("scores", t("sums.see_scores"), opens=True))
        if table.last is not None and not choices:
            notes[:0] = self._last_removal()
        if attack is not None and not choices:
            owner = self.names[attack.owner]
            notes.append(t("sums.may_counter", name=owner))
            actions.insert(0, Action("counter", t("sums.counters", name=owner),
                                        primary=False, opens=True))
        colours = self._colours()
        seats = tuple(
            SumsSeat(
                name=n, current=s == table.current and not table.over, hand=table.hands[s],
                score=self._points(s), cards=tuple(str(c) for c in table.in_play[s]),
                removed=t.plural("sums.removed", len(table.captured[s]))
                if table.captured[s] else "",
                colour=colours[s],
            )
            for s, n in enumerate(self.names)
        )
        return SumsTableData(
            route=f"/match/{self.match_id}", title=t("sums.title"), prompt=prompt,
            help=help_text, notes=tuple(notes),
            piles=tuple((t("sums.pile", n=i + 1), n) for i, n in enumerate(table.piles)),
            draw=phase in (tb.DRAW, EITHER) and not asking, seats=seats,
            choices=tuple(choices), grid=grid,
            actions=tuple(actions), undo=self._undo_text(), version=self.version, held=self.held,
        )

    def _last_removal(self) -> list[str]:
        """The last removal and why, in two lines (none yet: no line)."""
        a = self.match.table.last
        if a is None:
            return []
        removed = tb.why("sums_removed", player=self.names[a.attacker], owner=self.names[a.owner],
                         target=str(a.target))
        return [self.t("sums.last_removal", what=self.say(removed)), self.say(a.reason)]

    def _formula(self, reason: tb.Why) -> str:
        """The sum that lets a card counter, short (the prompt names the card it takes):
        ``Q♦ - 5♥ = 7``, or the ace or king rule in words."""
        p = {k: symbols(str(v)) if k in CARD_PARAMS else v for k, v in reason.params.items()}
        if reason.code == "sums_sum":
            return f"{p['played']} + {p['helper']} = {p['total']}"
        if reason.code == "sums_diff":
            return f"{p['played']} - {p['helper']} = {p['total']}"
        if reason.code == "sums_diff_back":
            return f"{p['helper']} - {p['played']} = {p['total']}"
        return self.t(f"sums.rule_{reason.code.removeprefix('sums_')}")

    def _event_words(self, event: Event) -> str:
        params: dict[str, object] = {"name": self.names[getattr(event, "player", 0)]}
        c = getattr(event, "card", None)
        if c is not None:
            params["card"] = symbols(str(c))
        if isinstance(event, DrawPile):
            params["pile"] = event.pile + 1
        return self.t(f"sums.event.{event.kind}", **params)

    def room(self) -> Room:
        """Each player's hand counted and cards face up, the piles, the last removal and why
        (not what the host is asked to tap)."""
        data, table = self._table_data(), self.match.table
        seats = tuple(Seat(s.name, s.colour, s.score, s.hand, s.current, note=s.removed,
                           up=s.cards) for s in data.seats)
        notes = self._last_removal()
        if table.phase == LAST:
            notes.append(self.say(tb.why("sums_pile_empty", pile=table.last_pile + 1,
                                         player=self.names[table.current])))
        return Room(data.title, data.prompt, tuple(notes), seats,  # no pile's top is kept
                    tuple(Pile(label, count, None) for label, count in data.piles))

    def _table_view(self) -> ft.View:
        return sums_table_view(
            self.t, self._table_data(), on_action=self._button(self._act),
            on_card=self._button(self._tap_card), on_undo=self._button(self.undo, "undo"),
            on_scores=lambda: self._go("score"),
            on_back=lambda: self.host.go("/"), side=self._beside(self.t),
        )

    def _tap_card(self, text: str, at: int | None = None) -> None:
        for event in self._card_events(self.match.table.current, parse_card(text)):
            if not self.record(event, at):
                return
            at = None

    def _card_events(self, player: int, c: Card) -> list[Event]:
        """What ``player`` tapping ``c`` records: their face-up card at the deal, else the card
        they place; placed by the owner of a card that may still be countered, on their own
        turn, it is their turn's card, not a counter: "no counter" is said first."""
        table = self.match.table
        event: Event = FaceUp(player, c) if table.phase == tb.DEAL else Play(player, c)
        if table.counter_play(event) and player == table.current:
            return [Let(player), event]
        return [event]

    def _act(self, key: str, at: int | None = None) -> None:
        table = self.match.table
        if key == "scores":
            return self._go("score")
        if key in ("counter", "cancel"):  # the owner has a counter, or not after all
            self.countering = key == "counter"
            self.host.refresh()
            return None
        a = table.counterable
        event = self._event(key, a.owner if key.startswith("counter-") and a is not None
                            else table.current)
        if event is not None:
            self.record(event, at)
        return None

    @staticmethod
    def _event(key: str, player: int) -> Event | None:
        """The event a move's key names for ``player`` (None: no such key): a pile drawn
        from, a card taken back, a card to remove, a counter, no counter, no last card."""
        kind, _, rest = key.partition("-")
        try:
            if kind == "draw" and rest.isdigit():
                return DrawPile(player, int(rest))
            if kind == "back":
                return TakeBack(player, parse_card(rest))
            if kind == "target":
                owner, _, text = rest.partition("-")
                return Remove(player, int(owner), parse_card(text)) if owner.isdigit() else None
            if kind == "counter":
                return Counter(player, parse_card(rest))
        except MejaError:
            return None
        return {"let": Let(player), "stop": Stop(player)}.get(key)

    # -- a player's own moves, from their phone -----------------------------------------------
    def entered(self) -> set[int]:
        """At the deal: the players whose face-up card is in."""
        table = self.match.table
        return {s for s in range(len(self.names)) if table.in_play[s]} if (
            table.phase == tb.DEAL) else set()

    def phone_entry(self, seat: int) -> dict[str, object] | None:
        """What ``seat`` enters on its phone now: its face-up card at the deal; on its turn the
        pile it drew from, the card it placed, the card it takes, or the end; a counter when
        its card was just taken. None when it has nothing to enter."""
        t, table = self.t, self.match.table
        if self.read_only or table.over:
            return None
        phase = table.phase
        grid = list(grid_cards({str(c): n for c, n in table.copies().items()}))
        buttons: list[list[str]] = []
        notes: list[str] = []
        counter: dict[str, object] | None = None
        a = table.counterable
        if a is not None and a.owner == seat:  # its card may still be countered
            counter = {"title": t("sums.phone.counter", attacker=self.names[a.attacker],
                                  played=symbols(str(a.played)), target=symbols(str(a.target))),
                       "buttons": [[f"counter-{x.played}", t(
                           "sums.phone.counter_with", card=symbols(str(x.played)),
                           sum=self._formula(x.reason))] for x in table.counters()]}
        if phase == tb.DEAL:
            if table.in_play[seat]:
                return None
            return {"kind": "turn", "prompt": t("sums.phone.deal"),
                    "help": t("sums.phone.deal_help"), "notes": [], "buttons": [], "grid": grid}
        if counter is not None and (phase == tb.COUNTER or seat != table.current):
            answers = counter["buttons"]
            assert isinstance(answers, list)
            if phase == tb.COUNTER:
                answers.append(["let", t("sums.let")])
            return {"kind": "turn", "prompt": counter["title"],
                    "help": t("sums.phone.counter_help"), "notes": [], "buttons": answers,
                    "grid": []}
        if seat != table.current:
            return None
        key = {tb.DRAW: "draw", EITHER: "either", tb.PLACE: "place", LAST: "last",
               tb.TARGET: "pick"}[phase]
        placing = phase in (tb.PLACE, LAST) or phase == EITHER and table.hands[seat] > 0
        if phase == EITHER and not placing:
            key = "draw"
        if phase in (tb.DRAW, EITHER):
            buttons += [[f"draw-{i}", t("sums.pile", n=i + 1)]
                        for i, n in enumerate(table.piles) if n]
        if phase == LAST:
            buttons.append(["stop", t("sums.stop")])
        buttons += [[f"back-{e.card}", t("sums.take_back", card=symbols(str(e.card)))]
                    for e in self.ledger.legal() if isinstance(e, TakeBack)]
        if phase == tb.TARGET:
            notes.append(t("sums.pick_help", card=symbols(str(table.choices[0].played))))
            buttons += [[f"target-{x.owner}-{x.card}", self.say(x.reason)]
                        for x in table.choices]
        return {"kind": "turn", "prompt": t(f"sums.phone.{key}"),
                "help": t(f"sums.phone.{key}_help") if placing or phase != tb.TARGET else "",
                "notes": notes, "buttons": buttons, "grid": grid if placing else [],
                "counter": counter}

    def phone_enter(self, seat: int, body: Mapping[str, object]) -> Outcome | MejaError | None:
        """``{"move": key}``: ``card-<card>`` (the card tapped on the grid) or a move's key, as
        the host's taps name them, made by ``seat``; each event through the table's check."""
        move = body.get("move") if set(body) == {"move"} else None
        if not isinstance(move, str) or not 0 < len(move) <= MOVE:
            return None
        if move.startswith("card-"):
            try:
                events = self._card_events(seat, parse_card(move[5:]))
            except MejaError as error:
                return error
        else:
            event = self._event(move, seat)
            if event is None:
                return None
            events = [event]
        outcome: Outcome | None = None
        for event in events:
            outcome = self.ledger.record(event, self.version)
            if not outcome.done:
                break
            self.countering = False
        return outcome

    # -- the scores -------------------------------------------------------------------------
    def _score_data(self) -> ScoreData:
        t, table = self.t, self.match.table
        over = table.over
        places = tuple(
            Standing(place=p.rank, name=names([self.names[s] for s in p.seats], t),
                  total=self._points(p.seats[0]), reason=self.say(p.reason))
            for p in table.standings()
        )
        if over:
            winners = [self.names[s] for s in table.winners]
            headline = t.plural("score.winner", len(winners), names=names(winners, t))
        else:
            headline = t("sums.score.so_far")
        return ScoreData(
            route=f"/match/{self.match_id}/score", title=t("sums.score.title"),
            headline=headline, names=tuple(self.names), rounds=(),
            totals=tuple(self._points(s) for s in range(len(self.names))), places=places,
            round_notes=(), series=(), next_dealer="", finished=over, playing=not over,
        )

    def _breakdowns(self) -> list[PlayerScore]:
        t, table = self.t, self.match.table
        winners = table.winners
        out = []
        for s, name in enumerate(self.names):
            in_play, removed = table.breakdown(s)
            out.append(PlayerScore(
                name=name, in_play=tuple(str(c) for c in table.in_play[s]),
                removed=tuple(str(c) for c in table.captured[s]),
                line=t("sums.score.breakdown", in_play=in_play, removed=removed,
                       total=in_play + removed),
                winner=s in winners,
            ))
        return out

    def _score_view(self) -> ft.View:
        # back to the table even once over: the last cards in play stay worth a look
        return self._scoreboard(self.t, extra=breakdown_sections(self.t, self._breakdowns()),
                                back=f"/match/{self.match_id}")

    def _rematch(self) -> None:
        setup = self.match.setup
        options = dict(self.host.store.load_match(self.match_id)["setup"]["options"])
        self.host.new_match(list(setup.players), setup.game, options)
