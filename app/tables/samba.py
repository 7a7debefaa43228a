"""Samba at the table: the referee controller. A tap on the table (a hand starts, a side made a
canasta or a samba, who went out) is one event, checked by the match and saved at once. Each
side's result is entered by counts or card by card; it is recorded when the entry leaves that
side or closes the hand, with the reason shown when the pack or the rules refuse it. Screens:
the table, the result entry (``/match/<id>/result``) and the scoreboard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import Translator, card_words, names, sentences
from app.matches import Outcome, Summary
from app.tables import base
from models.cards import check_within, parse_card, samba_pack
from models.errors import MejaError
from models.games.samba import sides_of
from models.games.samba_melds import Breakdown, card_value
from models.match import Close, Event, Match, Out, Start
from models.tables.base import MatchState
from models.tables.samba import (
    CLASSES,
    COPIES,
    COUNTS,
    RED_COPIES,
    SEEN,
    Canasta,
    HandRecord,
    Part,
    Result,
    SambaMade,
    SambaTable,
    StockOut,
    breakdown,
    join,
    tally,
)
from views.hands import grid_cards
from views.room import Room, Seat, Side
from views.round import RoundLine
from views.samba import (
    Choice,
    Count,
    EntryData,
    SambaTableData,
    SideLine,
    entry_view,
    hand_details,
    samba_table_view,
)
from views.scoreboard import ScoreData, Standing
from views.table import Action

if TYPE_CHECKING:
    from app.host import Host

KINDS = ("pure", "mixed", "sambas")
MELDED = "melded"
COPIES_OF = {str(c): n for c, n in Counter(samba_pack()).items()}  # 3 of each, 6 jokers
MOST_COUNT = 999  # a count a phone sends: beyond, the body is not an entry
MOST_CARDS = len(samba_pack())  # the cards of a list a phone sends
BIG_MOST = 20  # canastas or sambas of one kind, on the entry's steppers


def teams(players: list[str], values: Mapping[str, object], t: Translator) -> list[str]:
    """The sides the seating makes, for the new-match screen."""
    n = len(players)
    if n < 2:
        return []
    side = sides_of(n)
    count = max(side) + 1
    if count == n:
        return [t("samba.alone")]
    labels = [" & ".join(p for s, p in enumerate(players) if side[s] == i) for i in range(count)]
    return [t("samba.teams", teams=names(labels, t))]


def number(n: int) -> str:
    """``-740`` with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else number(n)


def summary(match: Match[MatchState]) -> Summary:
    """What the history shows of a Samba game, worked out from its events."""
    table, names, over = match.of(SambaTable).table, match.setup.players, base.over(match)
    history = table.history
    side = table.side_of
    return {
        "status": base.status(over),
        "round": len(table.played) + (0 if over else 1),
        "mode": None,
        "totals": [table.totals[side[s]] for s in range(len(names))],
        "winners": [names[p] for w in table.winners for p in table.members[w]],
        "rounds": [[h.points[side[s]] for s in range(len(names))] for h in history],
    }


def _numbers(sent: Mapping[str, object], keys: tuple[str, ...]) -> dict[str, int] | None:
    """The counts ``keys`` of what a phone sent, each a whole number within reason."""
    out: dict[str, int] = {}
    for k in keys:
        value = sent.get(k)
        if type(value) is not int or not 0 <= value <= MOST_COUNT:
            return None
        out[k] = value
    return out


def _cards(value: object) -> list[str] | None:
    """A list of cards a phone sent, in the notation (not read yet)."""
    if not isinstance(value, list) or len(value) > MOST_CARDS or not all(
            isinstance(c, str) and len(c) <= 4 for c in value):
        return None
    return [str(c) for c in value]


class Referee(base.RoundReferee[SambaTable, HandRecord]):
    """One Samba match loaded from storage, and the taps that change it."""

    table_type = SambaTable

    def __init__(self, host: Host, match_id: str, match: Match[MatchState]) -> None:
        super().__init__(host, match_id, match)
        self._reset()

    def _reset(self) -> None:
        self.side = 0
        self.mode: dict[int, str] = {}
        self.counts: dict[int, dict[str, int]] = {}
        self.cards: dict[int, dict[str, list[str]]] = {}
        self.target: dict[int, str] = {}
        self.touched: set[int] = set()  # the sides whose entry was changed on screen
        self.error = ""

    # -- routing ----------------------------------------------------------------------------
    def view(self, sub: str) -> ft.View:
        shown = self._round_screen(sub)
        if shown is not None:
            return shown
        phase = self.table.phase
        if sub == "result" and phase in ("play", "ended"):
            return self._entry_view()
        if sub == "score" or phase == "over":
            return self._score_view()
        return self._table_view()

    # -- recording --------------------------------------------------------------------------
    def _undone(self, event: Event) -> None:
        if isinstance(event, Result):
            self.counts.pop(event.side, None)
        elif isinstance(event, Part):
            self._sent(self.table.side_of[event.player])
        super()._undone(event)

    def summary(self) -> Summary:
        return summary(self.match)

    # -- the table --------------------------------------------------------------------------
    def _points(self, n: int) -> str:
        return self.t.plural("table.points", n, n=number(n))  # −45: the true minus

    def _table_data(self) -> SambaTableData:
        t, table = self.t, self.table
        phase = table.phase
        h = table.hand
        playing = phase in ("play", "ended")
        number = h.number if playing and h is not None else len(table.played) + 1
        dealer = self.names[table.dealer]
        actions: list[Action] = []
        detail = ""
        if phase in ("idle", "closed"):
            prompt = t("table.deals", name=dealer)
            actions.append(Action("start", t("samba.start", n=number)))
            if table.tie is not None:
                detail = self.say(table.tie)
        elif phase == "play":
            prompt = t("samba.under_way", n=number)
            detail = t("samba.dealt", name=dealer)
            actions.append(Action("result", t("samba.hand_over"), opens=True))
        else:
            prompt = t("samba.hand_ended")
            detail = self.say(h.end) if h is not None and h.end is not None else ""
            actions.append(Action("result", t("samba.enter_results"), opens=True))
        sides, colours = [], self._colours()
        for s in range(table.sides):
            big = table.big(s)
            sides.append(SideLine(
                name=table.side_name(s), total=self._points(table.totals[s]),
                minimum=t("samba.minimum", n=table.minimum(s)),
                melds=t("samba.melds", canastas=h.canastas[s], sambas=h.sambas[s])
                if phase == "play" and h is not None else "",
                going_out=(t("samba.may_out") if big >= 2 else
                           t.plural("samba.may_not_out", 2 - big)) if phase == "play" else "",
                may_out=big >= 2,
                dealer=table.dealer in table.members[s],
                colours=tuple(colours[m] for m in table.members[s]),
            ))
        return SambaTableData(
            route=f"/match/{self.match_id}", title=t("samba.title", n=number), prompt=prompt,
            detail=detail, sides=tuple(sides), playing=phase == "play",
            canasta=t("samba.add_canasta"), samba=t("samba.add_samba"),
            actions=tuple(actions), undo=self._undo_text(), version=self.version, held=self.held,
        )

    def _event_words(self, event: Event) -> str:
        t, table = self.t, self.table
        if isinstance(event, Canasta | SambaMade | Result):
            return t(f"samba.event.{event.kind}", side=table.side_name(event.side))
        if isinstance(event, Out):
            return t("event.out", name=self.names[event.player])
        if isinstance(event, Part):
            return t("samba.event.samba_part", name=self.names[event.player])
        if isinstance(event, Start):
            return t("samba.event.start", n=len(table.hands))
        return t(f"samba.event.{event.kind}")

    def room(self) -> Room:
        """Each player with their side's total, and each side's standing (while a hand is
        played the table screen's detail tells the host what to tap: the room leaves it)."""
        data, table = self._table_data(), self.table
        colours, totals = self._colours(), self.score().totals
        seats = tuple(Seat(name, colours[s], totals[table.side_of[s]], dealer=s == table.dealer)
                      for s, name in enumerate(self.names))
        sides = tuple(Side(s.name, s.colours, s.total, lines=tuple(
            x for x in (s.minimum, s.melds, s.going_out) if x)) for s in data.sides)
        notes = (data.detail,) if data.detail and not data.playing else ()
        return Room(data.title, data.prompt, notes, seats, sides=sides)

    def _table_view(self) -> ft.View:
        return samba_table_view(
            self.t, self._table_data(), on_action=self._button(self._act),
            on_big=self._button(self._big), on_undo=self._button(self.undo, "undo"),
            on_scores=lambda: self._go("score"),
            on_back=lambda: self.host.go("/"), side=self._beside(self.t),
        )

    def _act(self, key: str, at: int | None = None) -> None:
        if key == "result":
            self.error = ""
            return self._go("result")
        if self.record(Start(), at):
            self._reset()
            self.host.refresh()
        return None

    def _big(self, kind: str, side: int, at: int | None = None) -> None:
        if self.record(Canasta(side) if kind == "canasta" else SambaMade(side), at):
            self.host.refresh()

    # -- the result entry -------------------------------------------------------------------
    def _counts(self, side: int) -> dict[str, int]:
        if side not in self.counts:
            h = self.table.hand
            recorded = h.results[side] if h is not None else None
            shares = [] if h is None else [
                p for p in (h.shares[m] for m in self.table.members[side]) if p is not None]
            if recorded is None and shares:  # what the phones sent, for the host to complete
                recorded = join(side, shares)
            if recorded is not None:
                self.counts[side] = recorded.counts()
            else:
                self.counts[side] = Result(side).counts()
                if h is not None:
                    self.counts[side]["sambas"] = h.sambas[side]
        return self.counts[side]

    def _cards(self, side: int) -> dict[str, list[str]]:
        if side not in self.cards:
            self.cards[side] = {MELDED: [], **{f"hand-{p}": [] for p in self.table.members[side]}}
        return self.cards[side]

    def _draft(self, side: int) -> Result:
        counts = self._counts(side)
        if self.mode.get(side) == "cards":
            cards = self._cards(side)
            hands = [[parse_card(c) for c in v] for k, v in cards.items() if k != MELDED]
            return tally(side, [parse_card(c) for c in cards[MELDED]], hands,
                         **{k: counts[k] for k in KINDS})
        return Result(side, **counts)

    def _store(self, side: int, closing: bool = False) -> bool:
        """Record ``side``'s entry if it changed; False (the reason shown) if refused. Leaving
        a side not touched records nothing (a Back from the entry once recorded zeros and
        ended the hand); closing the hand records every side."""
        h = self.table.hand
        if h is None or not closing and side not in self.touched:
            return True
        draft = self._draft(side)
        if h.results[side] == draft:
            return True
        return self._enter(draft)

    def _went_out(self, side: int) -> bool:
        h = self.table.hand
        return h is not None and h.out >= 0 and self.table.side_of[h.out] == side

    def _score_lines(self, parts: Breakdown) -> tuple[str, ...]:
        return tuple(self.t(f"samba.part.{name}", n=signed(points))
                     for name, points in parts.lines())

    def _entry_data(self) -> EntryData:
        t, table = self.t, self.table
        h = table.hand
        assert h is not None
        side = self.side
        counts = self._counts(side)
        mode = self.mode.get(side, "counts")
        colours = self._colours()
        sides = tuple(
            Choice(str(s), table.side_name(s), s == side, done=h.results[s] is not None,
                   colours=tuple(colours[m] for m in table.members[s]))
            for s in range(table.sides)
        )
        endings = tuple(Choice(str(p), name, h.out == p, colours=(colours[p],))
                        for p, name in enumerate(self.names))
        endings += (Choice("stock", t("samba.stock_out"), h.stock),)
        kinds = (Count("pure", t("samba.count.pure"), counts["pure"], 20),
                 Count("mixed", t("samba.count.mixed"), counts["mixed"], 20),
                 Count("sambas", t("samba.count.sambas"), counts["sambas"], 20))
        groups: list[tuple[str, tuple[Count, ...]]] = [(t("samba.group.big"), kinds)]
        extra: dict[str, Any] = {}
        if mode == "counts":
            groups.insert(0, (t("samba.group.melded"), tuple(
                Count(c, t(f"samba.count.{c}"), counts[c], COPIES[c]) for c in CLASSES
            ) + (Count("red_threes", t("samba.count.red_threes"), counts["red_threes"],
                       RED_COPIES),)))
            groups.append((t("samba.group.held"), tuple(
                Count(f"held_{c}", t(f"samba.count.held_{c}"), counts[f"held_{c}"], COPIES[c])
                for c in CLASSES
            ) + (Count("red_held", t("samba.count.red_held"), counts["red_held"],
                       len(table.members[side])),)))
        else:
            cards = self._cards(side)
            target = self.target.get(side, MELDED)
            chosen = cards[target]
            extra = {
                "targets": tuple(
                    Choice(k, t("samba.target.melded"), k == target) if k == MELDED else
                    Choice(k, t("hands.for", name=self.names[int(k.split("-")[1])]),
                           k == target, colours=(colours[int(k.split("-")[1])],))
                    for k in cards
                ),
                "cards": tuple(chosen),
                "cards_line": t.plural("hands.summary", len(chosen), points=sum(
                    card_value(int(parse_card(c))) for c in chosen)),
                "copies": COPIES_OF,
            }
        draft: Result | None = None
        try:
            draft = self._draft(side)
            parts = breakdown(draft, self._went_out(side))
            score = self._score_lines(parts)
            total = t("samba.entry.total", side=table.side_name(side), n=number(parts.total))
        except Exception:  # noqa: BLE001 - an entry the model cannot read shows no score
            score, total = (), table.side_name(side)
        tracked = h.canastas[side] + h.sambas[side]
        hint = t("samba.entry.tracked", canastas=h.canastas[side], sambas=h.sambas[side]) \
            if tracked else ""
        # what is on screen for this side, not what was last recorded for it
        warning = sentences(self.say(w) for w in table.warnings(h, draft))
        sent = [self.names[p] for p in table.members[side] if h.shares[p] is not None]
        problem = h.problems[side]
        error = self.error or (self.say(problem) if problem is not None else "")
        return EntryData(
            route=f"/match/{self.match_id}/result", title=t("samba.entry.title", n=h.number),
            sides=sides, endings=endings, ending_title=t("samba.who_out"), mode=mode,
            modes=(("counts", t("samba.mode.counts")), ("cards", t("samba.mode.cards"))),
            groups=tuple(groups), score=score, score_total=total, hint=hint,
            error=error, warning=warning, close=t("samba.close"), version=self.version,
            phones=t("samba.entry.phones", names=names(sent, t)) if sent else "",
            **extra,
        )

    def _entry_view(self) -> ft.View:
        return entry_view(
            self.t, self._entry_data(), on_side=self._pick_side, on_ending=self._at(self._ending),
            on_mode=self._mode, on_count=self._count, on_target=self._target,
            on_card=self._card, on_undo_card=self._undo_card, on_clear=self._clear,
            on_close=self._at(self._close), on_back=lambda: self._leave(),
        )

    def _leave(self) -> None:
        self._store(self.side)
        self._go()

    def _pick_side(self, key: str) -> None:
        if self._store(self.side):
            self.side = int(key)
        self.host.refresh()

    def _ending(self, key: str, at: int | None = None) -> None:
        event: Event = StockOut() if key == "stock" else Out(int(key))
        self.record(event, at)
        self.host.refresh()

    def _mode(self, mode: str) -> None:
        side = self.side
        if mode == "counts" and self.mode.get(side) == "cards":
            self.counts[side] = self._draft(side).counts()
        self.mode[side] = mode
        self.touched.add(side)
        self.error = ""
        self.host.refresh()

    def _count(self, key: str, delta: int) -> None:
        counts = self._counts(self.side)
        counts[key] = max(0, counts[key] + delta)
        self.touched.add(self.side)
        self.error = ""
        self.host.refresh()

    def _target(self, key: str) -> None:
        self.target[self.side] = key
        self.host.refresh()

    def _card(self, card: str) -> None:
        cards = self._cards(self.side)[self.target.get(self.side, MELDED)]
        copies = COPIES_OF.get(card, 0)
        used = sum(v.count(card) for side in self.cards.values() for v in side.values())
        self.touched.add(self.side)
        self.error = ""
        if used < copies:
            cards.append(card)
        elif card in cards:
            cards[:] = [c for c in cards if c != card]  # a further tap clears the copies
        else:
            self.error = self.t("samba.entry.all_used", card=card_words(card), copies=copies)
        self.host.refresh()

    def _undo_card(self) -> None:
        cards = self._cards(self.side)[self.target.get(self.side, MELDED)]
        if cards:
            cards.pop()
        self.touched.add(self.side)
        self.host.refresh()

    def _clear(self) -> None:
        self._cards(self.side)[self.target.get(self.side, MELDED)].clear()
        self.touched.add(self.side)
        self.host.refresh()

    def _close(self, at: int | None = None) -> None:
        table = self.table
        for side in [self.side, *range(table.sides)]:
            if not self._store(side, closing=True):
                self.side = side
                return self.host.refresh()
        if self._enter(Close()):
            self._reset()
            return self._go("score")
        return self.host.refresh()

    # -- a player's part, from their phone ----------------------------------------------------
    def _sent(self, side: int) -> None:
        """A part came for ``side`` (or went): the entry shows the side as it is now."""
        for kept in (self.counts, self.cards, self.mode):
            kept.pop(side, None)
        self.touched.discard(side)
        if side == self.side:
            self.error = ""

    def apart(self, event: Event, seat: int) -> bool:
        return (isinstance(event, Part) and event.player != seat
                or isinstance(event, Result) and event.side != self.table.side_of[seat])

    def entered(self) -> set[int]:
        """While results are entered: the players whose part, or whose side's result, is in."""
        h, table = self.table.hand, self.table
        if h is None or table.phase != "ended":
            return set()
        return {p for p in range(len(self.names))
                if h.shares[p] is not None or h.results[table.side_of[p]] is not None}

    def phone_entry(self, seat: int) -> dict[str, object] | None:
        """While results are entered: the player's own melds and hand, by counts or card by
        card as the host enters a side's; what they sent, and what their side's result is
        (its refusals about the melds only, its warnings) once every part is in."""
        t, table = self.t, self.table
        h = table.hand
        if h is None or table.phase != "ended" or self.read_only:
            return None
        side = table.side_of[seat]
        part, result, problem = h.shares[seat], h.results[side], h.problems[side]
        others = [self.names[p] for p in table.members[side] if p != seat]
        seen = problem is not None and problem.code in SEEN
        lines: list[str] = []
        if part is not None:
            own = breakdown(part.result(side), went_out=False)
            lines.append(t("samba.part.line", melded=signed(own.melded),
                           held=signed(own.in_hand + own.red_three_in_hand)))
        missing = [self.names[p] for p in table.members[side] if h.shares[p] is None]
        if result is not None:
            lines.append(t("samba.part.recorded", side=table.side_name(side)))
        elif problem is not None and not seen:
            lines.append(t("samba.part.host", side=table.side_name(side)))
        elif part is not None and missing:
            lines.append(t("samba.part.waiting", names=names(missing, t)))

        def steps(keys: tuple[str, ...], labels: dict[str, str],
                  most: dict[str, int]) -> list[list[object]]:
            out: list[list[object]] = []
            for k in keys:
                label = labels[k]
                step: list[object] = [k, label, most[k], t("setup.less", what=label),
                                      t("setup.more", what=label)]
                if most[k] > BIG_MOST:  # a count of many cards: five at a time too
                    step += [t("samba.entry.less5", what=label), t("samba.entry.more5", what=label)]
                out.append(step)
            return out

        count = {k: t(f"samba.count.{k}") for k in (*CLASSES, "red_threes", *KINDS)}
        count |= {f"held_{c}": t(f"samba.count.held_{c}") for c in CLASSES}
        count["red_held"] = t("samba.part.red_held")
        most = {**COPIES, "red_threes": RED_COPIES, **dict.fromkeys(KINDS, BIG_MOST),
                **{f"held_{c}": n for c, n in COPIES.items()}, "red_held": 1}
        return {
            "kind": "part",
            "title": t("samba.part.title"),
            "note": t("samba.part.partner", names=names(others, t)) if others
            else t("samba.part.alone"),
            "modes": [["counts", t("samba.mode.counts")], ["cards", t("samba.mode.cards")]],
            "groups": [
                ["melded", t("samba.group.melded"), steps((*CLASSES, "red_threes"), count, most)],
                ["big", t("samba.group.big"), steps(KINDS, count, most)],
                ["held", t("samba.part.held"), steps(
                    (*(f"held_{c}" for c in CLASSES), "red_held"), count, most)],
            ],
            "targets": [[MELDED, t("samba.part.melds")], ["hand", t("samba.part.hand")]],
            "cards": list(grid_cards(COPIES_OF)),
            "copies": dict(COPIES_OF),
            "sent": None if part is None else {k: getattr(part, k) for k in COUNTS},
            "done": (part is not None or result is not None) and not seen,
            "lines": lines,
            "problem": self.say(problem) if seen and problem is not None else "",
            "warning": sentences(self.say(w) for w in table.warnings(h, side=side))
            if result is not None else "",
            "send": t("samba.part.send"),
            "in": t("samba.part.in"),
        }

    def phone_enter(self, seat: int, body: Mapping[str, object]) -> Outcome | MejaError | None:
        """``{"part": counts}`` (every count of a side's result) or ``{"part": {"melded":
        [cards], "hand": [cards], "pure": n, "mixed": n, "sambas": n}}``: the player's part,
        recorded as the table checks it alone."""
        sent = body.get("part") if set(body) == {"part"} else None
        if not isinstance(sent, Mapping):
            return None
        part = self._part(seat, sent)
        if not isinstance(part, Part):
            return part
        outcome = self.ledger.record(part, self.version)
        if outcome.done:
            self._sent(self.table.side_of[seat])
        return outcome

    def _part(self, seat: int, sent: Mapping[str, object]) -> Part | MejaError | None:
        """The part a phone sent, read field by field (None: not a part)."""
        if set(sent) == set(COUNTS):
            counts = _numbers(sent, COUNTS)
            return None if counts is None else Part(seat, **counts)
        kinds = _numbers(sent, KINDS) if set(sent) == {MELDED, "hand", *KINDS} else None
        lists = [_cards(sent.get(MELDED)), _cards(sent.get("hand"))]
        if kinds is None or lists[0] is None or lists[1] is None:
            return None
        try:
            melded, hand = ([parse_card(c) for c in x] for x in lists if x is not None)
            check_within([*melded, *hand], samba_pack())
        except MejaError as error:
            return error
        counted = tally(self.table.side_of[seat], melded, [hand], **kinds)
        return Part(seat, **{k: getattr(counted, k) for k in COUNTS})

    # -- the scoreboard ---------------------------------------------------------------------
    def _hand_line(self, side: int, parts: Breakdown) -> str:
        return self.t(
            "samba.score.line", side=self.table.side_name(side),
            cards=signed(parts.melded + parts.in_hand),
            bonuses=signed(parts.sambas + parts.pure_canastas + parts.mixed_canastas),
            reds=signed(parts.red_threes + parts.red_three_in_hand),
            out=signed(parts.going_out), total=signed(parts.total),
        )

    def _score_data(self) -> ScoreData:
        t, table = self.t, self.table
        history = table.history
        over = table.phase == "over"
        labels = tuple(table.side_name(s) for s in range(table.sides))
        rounds = tuple(
            tuple("–" for _ in h.points) if h.dropped else
            tuple(f"{number(p)}{' ★' if p == max(h.points) else ''}" for p in h.points)
            for h in table.played
        )
        series = tuple(tuple(h.totals[s] for h in history) for s in range(table.sides))
        places = tuple(
            Standing(place=p.rank, name=names(self._place_sides(p.seats), t),
                  total=self._points(table.totals[table.side_of[p.seats[0]]]),
                  reason=self.say(p.reason))
            for p in table.standings()
        )
        notes: tuple[str, ...] = ()
        if history:
            last = history[-1]
            notes = tuple(self._hand_line(s, b) for s, b in enumerate(last.parts))
            if last.end is not None:
                notes = (self.say(last.end), *notes)
            notes += tuple(self.say(w) for w in table.warnings(last))
        if table.tie is not None:
            notes = (self.say(table.tie), *notes)
        if over:
            winners = [table.side_name(s) for s in table.winners]
            headline = t.plural("score.winner", len(winners), names=names(winners, t))
            if table.end is not None:
                notes = (self.say(table.end), *notes)
        else:
            headline = t("samba.after", n=len(table.played)) if table.played else t("score.none")
        playing = table.phase in ("play", "ended")
        next_dealer = "" if over or playing else t("score.next_dealer",
                                                      name=self.names[table.dealer])
        return ScoreData(
            route=f"/match/{self.match_id}/score", title=t("score.title"), headline=headline,
            names=labels, rounds=rounds,
            totals=tuple(self._points(v) for v in table.totals),
            places=places, round_notes=notes, series=series, next_dealer=next_dealer,
            finished=over, playing=playing, round_marks=self._marks(),
        )

    # -- one hand ---------------------------------------------------------------------------
    ENTRY = "result"

    def _round_lines(self, r: HandRecord) -> tuple[RoundLine, ...]:
        table = self.table
        colours = self._colours()
        best = max(r.points, default=0)
        return tuple(
            RoundLine(name=table.side_name(side), points=self._points(r.points[side]),
                      detail=self._hand_line(side, parts),
                      colour=colours[table.members[side][0]], best=r.points[side] == best)
            for side, parts in enumerate(r.parts)
        )

    def _corrected(self) -> None:
        self._reset()

    def _place_sides(self, seats: tuple[int, ...]) -> list[str]:
        sides = dict.fromkeys(self.table.side_of[s] for s in seats)
        return [self.table.side_name(s) for s in sides]

    def _score_view(self) -> ft.View:
        t = self.t
        details = [
            hand_details(t("samba.hand", n=h.number),
                         [self._hand_line(s, b) for s, b in enumerate(h.parts)], key=f"hand-{i}")
            for i, h in reversed(list(enumerate(self.table.history)))
        ]
        return self._scoreboard(t, extra=details)
