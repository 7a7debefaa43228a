"""Playing a game on the device: people pass the device (their hands hidden between turns),
computer players think off the UI thread at a pace people can follow (app/runner.py). Every
change goes through the game's service (app/device.py), which checks, saves and replays it.
Each round ends on a summary (what each player held, the points, the totals) that a tap
closes; the game is held there until then (``seen``: the rounds whose summary was closed).

A computer player has a seat of its own: ``kind`` says it is one, its name ("Computer 1") is
never a person's, and it stays out of people's statistics (see :func:`seat_names`)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import secrets
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from app.device import DeviceGame, Outcome
from app.games import ENTRIES
from app.guests.seats import OLD, REFUSED, Reply
from app.i18n import Translator, names, not_saved, refusal, say
from app.presenters.base import Presenter, Seating, View
from app.runner import Runner, advice
from models.cards import format_cards
from models.errors import MejaError
from models.games.base import ActionWords, State
from models.people import NEUTRAL, PALETTE, People
from views.common import card_text
from views.felt import SPEEDS, Felt, felt_view, log_sheet, table_size
from views.felt_data import Scene
from views.play import RoundSummary, SeatLine, cover_view, summary_view
from views.scoreboard import round_words

if TYPE_CHECKING:
    from app.window import Window

KINDS = ("person", "simple", "strong", "expert")
CARD_PARAMS = ("card", "target", "helper")  # a hint's cards, shown as on the cards (Q♦)
# the palette's colours in the order computers take them: far apart, so that two computers,
# or a computer beside a person, are told apart at a glance (blue, green, purple, orange...)
COMPUTER_COLOURS = (5, 3, 7, 1, 4, 8, 2, 6, 9, 0)
PACES = (0, 1, 2, 3)  # seconds a computer move stays on screen
LAUNCH = 0.04  # seconds a new card shows where it comes from before it travels
# hints whose words do not name the move: the hint names it first
UNNAMED = frozenset({"only", "sa_meld"})


def move_label(words: ActionWords, t: Translator, seats: Sequence[str]) -> str:
    """An engine's move, told by its :class:`ActionWords` (``discard`` QD, ``remove`` 4S of
    seat 0...), in the player's language, with the cards as people read them (``Q♦``)."""
    cards = [_card(c) for c in words.cards]
    params: dict[str, object] = {
        "card": cards[0] if cards else "—", "cards": " ".join(cards) or "—",
        "meld": f"{_card(words.meld[0])}–{_card(words.meld[-1])}" if words.meld else "—",
    }
    if words.seat >= 0:
        params["name"] = seats[words.seat]
    if words.rank >= 0:
        rank = format_cards([words.rank])[:-1]  # the rank of the ace..king of spades
        params["rank"] = (t(f"move.rank.{rank}") if t.has(f"move.rank.{rank}")
                          else t("move.rank.n", rank=rank))
    key = f"move.{words.code}"
    if t.has(f"{key}.other"):
        return t.plural(key, words.n, **params)
    return t(key, n=words.n, **params)


@dataclasses.dataclass(frozen=True)
class Press(Reply):
    """A tap's answer; ``said``: its refusal is already shown on this screen."""

    said: bool = False


class DevicePlay:
    """One game on the device on screen: turns taps into calls on its :class:`DeviceGame`
    and redraws; its :class:`Runner` plays the computer seats while people are at it."""

    def __init__(self, shell: Window, key: str, doc: dict[str, Any]) -> None:
        self.shell = shell
        self.game = DeviceGame(shell.store, key, doc, line=self._line)
        self.runner = Runner(self.game, self._changed)
        self.shown = -1  # the person whose hand is on screen (pass and play)
        self.hint: tuple[int, str] = (-1, "")  # the hint and the version it was asked at
        self.felt = Felt()  # the card table's controls, kept: its cards move
        self.looks: dict[int, View] = {}  # each person's order, selection, help
        self.scene: Scene | None = None  # the table last drawn

    @property
    def t(self) -> Translator:
        return self.shell.t

    @property
    def key(self) -> str:
        return self.game.key

    @property
    def doc(self) -> dict[str, Any]:
        return self.game.doc

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return self.game.names

    @property
    def kinds(self) -> list[str]:
        return self.game.kinds

    @property
    def route(self) -> str:
        return f"/play/{self.key}"

    @property
    def pending(self) -> bool:
        """Whether a round has ended whose summary is not closed yet (play waits)."""
        return self.game.pending

    def colours(self) -> tuple[str, ...]:
        """Each seat's colour, as the players screen has it now."""
        return seat_colours(self.names, self.kinds, People.from_doc(self.shell.store.people()))

    def people(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "person"]

    # -- screens (drawn from state alone: drawing changes nothing) --------------------------
    def view(self) -> ft.View:
        game = self.game
        title = self.t("play.title", game=self.t(f"game.{self.doc['game']}"))
        if self.pending:
            seen = game.seen
            return summary_view(self.t, self.summary(title),
                                on_next=lambda: self.next_round(seen), on_back=self._leave)
        seat = game.person_turn()
        if (seat >= 0 and seat not in self.guested and len(self.local()) > 1
                and self.shown != seat):
            return cover_view(self.t, self.route, title, self.names[seat],
                              on_ready=lambda: self._reveal(seat), on_back=self._leave,
                              colour=self.colours()[seat], on_invite=self._invite)
        if self.state.is_over:  # the last summary closed: the result stays, and a new game
            summary = dataclasses.replace(self.summary(title), next_label=self.t("play.again"))
            return summary_view(self.t, summary, on_next=self._again, on_back=self._leave)
        return self._table(title, self.presenter)

    @property
    def presenter(self) -> Presenter:
        """The game's card table, in the player's language."""
        return ENTRIES[self.doc["game"]].presenter(self.t, self.names)

    def looking(self) -> int:
        """The seat whose hand the table shows: the person to play here, else the one person
        playing here; -1 (the public table) while others play between several people, or when
        every person plays on a guest phone."""
        seat = self.game.person_turn()
        if seat >= 0 and seat not in self.guested:
            return seat
        local = self.local()
        return local[0] if len(local) == 1 else -1

    def seating(self) -> Seating:
        return Seating(tuple(self.names), self.colours(), tuple(self.kinds), self.t)

    def speed(self) -> int:
        """How long a card travels (ms): the setting; none when the device asks for less
        motion."""
        if getattr(self.shell, "reduce_motion", False):
            return 0
        return SPEEDS.get(str(self.shell.settings.get("speed", "normal")), SPEEDS["normal"])

    def _table(self, title: str, presenter: Presenter) -> ft.View:
        """The card table for the seat looking (its cards moved from the last scene)."""
        seat, version = self.looking(), self.game.version
        look = dataclasses.replace(self.looks.get(seat, View()), help=seat_help(self.doc, seat))
        scene = presenter.scene(self.state, seat, self.seating(), look)
        page = self.shell.page
        hint = self.hint[1] if self.hint[0] == version else ""
        width, height, wide = table_size(getattr(page, "width", None) or 400,
                                         getattr(page, "height", None) or 850,
                                         len(scene.buttons), bool(hint))

        def on_tap(key: str) -> None:
            self.tap(key, seat, version)

        table = self.felt.show(scene, width, height, on_tap=on_tap, t=self.t, order=look.order,
                               on_order=(lambda o: self.order(seat, o)) if seat >= 0 else None,
                               speed=self.speed(), version=version)
        self.scene = scene
        log = self.doc.get("log") or []
        casual = bool(self.doc.get("casual"))
        return felt_view(
            self.t, self.route, title, table, buttons=scene.buttons, on_tap=on_tap,
            caption=str(log[-1]) if log else "", on_log=self._log, on_back=self._leave,
            on_hint=(lambda: self._hint(version)) if look.help and seat >= 0 else None,
            on_undo=(lambda: self.undo(version)) if casual else None,
            can_undo=self.game.last_person_move() is not None, hint=hint, wide=wide,
            on_invite=self._invite if self.people() else None)

    def _invite(self) -> None:
        """Open this game to the players' phones, and show their codes."""
        invite = getattr(self.shell, "invite", None)
        if invite is not None:
            invite.open(self.key, [(s, self.names[s]) for s in self.people()], self.route)

    def summary(self, title: str) -> RoundSummary:
        """The summary of the round just ended, on this game's screen."""
        enders = self.doc.get("enders") or []
        index = len(self.state.results) - 1
        ender = int(enders[index]) if index < len(enders) else -1
        data = round_summary(self.doc["game"], self.state, self.names, self.kinds, self.t, ender,
                             self.colours())
        return dataclasses.replace(data, route=self.route, title=title)

    def _line(self, seats: list[str], seat: int, words: ActionWords, _state: State,
              _action: int) -> str:
        """A move in the log, in the player's language."""
        return self.t("play.moved", name=seats[seat], move=move_label(words, self.t, seats))

    # -- taps: each names the version of the screen it was made on --------------------------
    def move(self, action: int, version: int) -> None:
        """A person's move by its engine action (a tap answered by the table, or a test)."""
        self._after(self.game.move(action, version))

    def tap(self, key: str, seat: int, version: int) -> None:
        """A tap on the card table drawn at ``version`` for ``seat``. None counts while cards
        travel: the second tap of a double tap on a pile may land on the card just taken from
        it, which is the same control in its new place."""
        if self.felt.moving:
            return
        reply = self.press(key, seat, version)
        if reply.status == REFUSED and not reply.said:
            why = reply.why or self._why(key)
            if why:
                self.shell.toast(why)

    def press(self, key: str, seat: int, version: int, t: Translator | None = None) -> Press:
        """A tap on the table drawn at ``version`` for ``seat`` (on this screen, or on a guest
        phone at that seat): a move, a new selection, or why not. A tap on a table already
        replaced changes nothing. ``ok`` once the move is saved; refusals in ``t``'s language
        (a guest phone's; None: this screen's)."""
        if version != self.game.version or seat < 0:
            return Press(False, status=OLD)
        look = self.looks.get(seat, View())
        presenter = (self.presenter if t is None
                     else ENTRIES[self.doc["game"]].presenter(t, self.names))
        answer = presenter.answer(self.state, seat, key, look)
        if answer.action is not None:
            if seat != self.game.person_turn():
                return Press(False, status=OLD)
            outcome = self.game.move(answer.action, version)
            if outcome.changed:
                # what stays selected after a meld (Samba), named for the new hand
                left = answer.chosen if answer.chosen is not None else frozenset()
                self.looks[seat] = dataclasses.replace(look, chosen=left)
                buzz = getattr(self.shell, "buzz", None)
                if buzz is not None and seat not in self.guested:
                    buzz()
            self._after(outcome)
            if outcome.changed:
                return Press(True)
            if outcome.error is not None:  # said on this screen by ``_after``
                return Press(False, self._error(outcome.error, t), REFUSED, said=True)
            return Press(False, (t or self.t)("play.stale") if outcome.reloaded else "", OLD,
                         said=True)
        if answer.chosen is not None:
            self.looks[seat] = dataclasses.replace(look, chosen=answer.chosen)
            if seat == self.looking():
                self._redraw()
            return Press(True)
        return Press(False, answer.why, REFUSED)

    def _error(self, error: MejaError | OSError, t: Translator | None = None) -> str:
        t = t or self.t
        return not_saved(t, error) if isinstance(error, OSError) else refusal(t, error)

    def _why(self, key: str) -> str:
        """What the table said of the card tapped (not lit: why it cannot be played)."""
        scene = self.scene
        if scene is None:
            return ""
        faces = [*scene.hand, *(f for p in scene.piles for f in p.top),
                 *(f for c in scene.chairs for g in c.groups for f in g.cards)]
        found = next((f.why for f in faces if key in (f.tap, f.id) and f.why), "")
        return found or next((p.why for p in scene.piles if p.tap == key and p.why), "")

    def order(self, seat: int, order: str) -> None:
        """Sort the hand by suit or by rank (this person's choice, kept while they play)."""
        self.looks[seat] = dataclasses.replace(self.looks.get(seat, View()), order=order)
        self._redraw()

    def _log(self) -> None:
        """The last moves, in a sheet over the table."""
        self.shell.page.show_dialog(log_sheet(self.t, self.doc.get("log") or []))

    def redraw(self) -> None:
        """The window changed size: the table is laid out again."""
        self._redraw()

    def _redraw(self) -> None:
        """Draw the table again; taps wait while its cards travel."""
        self.shell.refresh()
        self.settle()

    def settle(self) -> None:
        """Once the cards have arrived (their travel's time), taps count again."""
        felt = self.felt
        if not felt.moving:
            return
        delay = self.speed() / 1000 + 0.05

        async def arrived() -> None:
            if felt.launching:  # new cards: shown where they come from, then sent on
                await asyncio.sleep(LAUNCH)
                if felt.launch():
                    with contextlib.suppress(Exception):  # the table left the screen
                        felt.table.update()
            await asyncio.sleep(delay)
            if felt.moving:
                felt.settled()
                with contextlib.suppress(Exception):  # the table left the screen meanwhile
                    felt.table.update()

        with contextlib.suppress(Exception):  # no event loop (a screen built in a test)
            self.shell.page.run_task(arrived)

    def undo(self, version: int) -> None:
        """Take back the last move of a person and the computer moves after it."""
        self._after(self.game.undo(version), shown=lambda: self.state.current_player)

    def next_round(self, seen: int) -> None:
        """Close the summary: the next round starts (or the final result shows)."""
        self._after(self.game.next_round(seen), shown=lambda: -1)

    def _after(self, outcome: Outcome, shown: Callable[[], int] | None = None) -> None:
        """A tap's outcome: the hand to show (``shown``), said and drawn; then the computers
        play if it is their turn."""
        if outcome.changed and shown is not None:
            self.shown = shown()
        self._changed(outcome)
        if outcome.changed or outcome.reloaded:
            self.runner.start()

    def _changed(self, outcome: Outcome) -> None:
        """A change's outcome (a tap's, or a computer's move): said, and shown."""
        if outcome.error is not None:
            self.shell.toast(self._error(outcome.error))
        elif outcome.reloaded:
            self.shell.toast(self.t("play.stale"))
        if outcome.finished:
            self._forget()
        if (outcome.changed or outcome.reloaded) and self.showing:
            self._redraw()
        if outcome.changed or outcome.reloaded:
            self.publish()

    # -- guest phones -------------------------------------------------------------------------
    @property
    def guested(self) -> frozenset[int]:
        """The seats a guest phone holds (their hands are shown there, never here)."""
        guests = getattr(self.shell, "guests", None)
        return guests.seated(self.key) if guests is not None else frozenset()

    def local(self) -> list[int]:
        """The people's seats played on this device."""
        guested = self.guested
        return [s for s in self.people() if s not in guested]

    def publish(self) -> None:
        """The game changed: the guest phones at it are shown it."""
        guests = getattr(self.shell, "guests", None)
        if guests is not None:
            guests.publish(self.key)

    @property
    def showing(self) -> bool:
        """Whether this game is the screen on top."""
        return self.shell.play is self and self.shell.page.route == self.route

    def _forget(self) -> None:
        """A finished game is no longer offered to resume."""
        settings = self.shell.settings
        if self.key in settings.get("plays", []) or settings.get("current_play") == self.key:
            if settings.get("current_play") == self.key:
                settings.pop("current_play")
            settings["plays"] = [k for k in settings.get("plays", []) if k != self.key]
            try:
                self.shell.store.save_settings(settings)
            except OSError as error:
                self.shell.toast(not_saved(self.t, error))

    def _hint(self, version: int) -> None:
        state = self.state
        if version != self.game.version or self.game.person_turn() < 0:
            return
        rng = random.Random(self.doc["seed"] * 7919 + version)
        action, hint = advice(self.doc["game"], state, rng)
        params = {k: card_text(str(v))[0] if k in CARD_PARAMS else v
                  for k, v in hint.params.items()}
        why = say(self.t, hint.code, params, prefix="hint")
        if hint.code in UNNAMED:
            label = move_label(state.action_words(action), self.t, self.names)
            text = self.t("play.hint_move", move=label, why=why)
        else:
            text = self.t("play.hint_text", why=why)
        self.hint = (version, text)
        self.shell.refresh()

    # -- people at the game -------------------------------------------------------------------
    def open(self) -> None:
        """People are at this game's screen: the computers play if it is their turn (the
        screen stays on meanwhile)."""
        self.runner.start()
        self.settle()  # drawn again for a window resized meanwhile: its cards moved
        awake = getattr(self.shell, "keep_awake", None)
        if awake is not None:
            awake(True)

    def close(self) -> None:
        """People left this game's screen (another screen, another game, the game deleted).
        While phones are seated at it, the screen stays on: the host is still the table."""
        self.runner.stop()
        awake = getattr(self.shell, "keep_awake", None)
        if awake is not None and not self.guested:
            awake(False)

    def _reveal(self, seat: int) -> None:
        """The next person is at the device: their hand shows (its cards move to it)."""
        self.shown = seat
        self._redraw()

    def _leave(self) -> None:
        self.shown = -1
        self.shell.go("/")

    def _again(self) -> None:
        doc = new_doc(self.doc["game"], self.names, self.kinds, self.doc["options"],
                      bool(self.doc.get("casual")), int(self.doc.get("pace", 1)),
                      [seat_help(self.doc, s) for s in range(len(self.names))])
        self.shell.start_play(doc)


def new_doc(game: str, players: list[str], kinds: list[str], options: dict[str, Any],
            casual: bool, pace: int, helps: Sequence[bool] | None = None) -> dict[str, Any]:
    """A new game on the device, as saved: each seat with its name, kind and help (whether
    its person sees the legal cards lit and may ask for hints; all by default)."""
    helps = list(helps) if helps is not None else [True] * len(players)
    return {
        "game": game, "options": dict(options), "seed": secrets.randbelow(2**31),
        "seats": [{"name": n, "kind": k, "help": bool(h)}
                  for n, k, h in zip(players, kinds, helps, strict=True)],
        "actions": [], "movers": [], "enders": [], "seen": 0, "log": [], "casual": casual,
        "pace": pace,
    }


def seat_help(doc: dict[str, Any], seat: int) -> bool:
    """Whether the person at ``seat`` plays with help (legal cards lit, hints); a game saved
    before seats chose it, and a seat out of range (the public table), say yes."""
    seats = doc.get("seats") or []
    return bool(seats[seat].get("help", True)) if 0 <= seat < len(seats) else True


def new_key() -> str:
    return f"play-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def _card(code: int | None) -> str:
    """A card code from an observation, as people read it (``Q♦``); none (``None``, or -1
    for Samba's empty discard pile) as a dash."""
    return "—" if code is None or int(code) < 0 else card_text(format_cards([int(code)]))[0]


def computer_name(t: Translator, number: int) -> str:
    return t("play.computer_name", n=number)


def seat_names(players: Sequence[str], kinds: Sequence[str], t: Translator) -> list[str]:
    """The names the seats play under: a person's own, a computer's "Computer 1", "Computer
    2"... counted over the computer seats, skipping any number whose name a person here
    already has (so no two seats share a name, and no computer plays as a listed person)."""
    taken = {p.casefold() for p, k in zip(players, kinds, strict=True) if k == "person"}
    out: list[str] = []
    number = 0
    for player, kind in zip(players, kinds, strict=True):
        if kind == "person":
            out.append(player)
            continue
        number += 1
        while computer_name(t, number).casefold() in taken:
            number += 1
        out.append(computer_name(t, number))
    return out


def seat_colours(players: Sequence[str], kinds: Sequence[str] | None,
                 people: People) -> tuple[str, ...]:
    """Each seat's colour: a person's own (a name not yet known: the one ``people`` would give
    it); a computer, which is no person, takes in seat order the first colour of
    ``COMPUTER_COLOURS`` no one at the table shows (grey only when the palette runs out)."""
    persons = [s for s, _ in enumerate(players) if kinds is None or kinds[s] == "person"]
    own = dict(zip(persons, people.seat_colours([players[s] for s in persons]), strict=True))
    free = iter([i for i in COMPUTER_COLOURS if i not in own.values()])
    out: list[str] = []
    for s in range(len(players)):
        index = own[s] if s in own else next(free, -1)
        out.append(PALETTE[index] if index >= 0 else NEUTRAL)
    return tuple(out)


def round_summary(game: str, state: State, seats: Sequence[str], kinds: Sequence[str],
                  t: Translator, ender: int = -1, colours: Sequence[str] = ()) -> RoundSummary:
    """The summary of the last round ``state`` closed (``ender``: the seat whose move closed
    it, -1 if not known), from the engine's own results: its end, the hands it kept, the
    points and totals, the winners; at the end of the game, the game's winners and why."""
    index = len(state.results) - 1
    result = state.results[index]
    words = round_words(t, game)
    over = state.is_over
    held = _held(game, state, index, t)
    wins = _counts_wins(state)
    lines = tuple(
        SeatLine(name=seats[s], cards=held[s][0], detail=held[s][1],
                 points=str(result.points[s]), total=str(state.scores[s]),
                 won=s in (state.winners if over else result.winners),
                 computer=kinds[s] != "person",
                 colour=colours[s] if s < len(colours) else "")
        for s in range(len(seats))
    )
    how_key = f"play.end.{game}.{result.end}"
    how = (t(how_key, name=seats[ender]) if ender >= 0 and t.has(how_key)
           else t("play.end.other", **words))
    why = [_round_why(game, state, index, seats, t)]
    verdict: tuple[str, ...] = ()
    if over:
        winners = [seats[s] for s in state.winners]
        verdict = (t.plural("play.winner", len(winners), names=names(winners, t)),
                   _match_why(game, state, seats, t))
    heading = (t("play.sum.game_over") if over and game == "sums"
               else t("play.sum.heading", n=index + 1, **words))
    return RoundSummary(
        route="", title="", heading=heading, how=how, lines=lines, why=tuple(w for w in why if w),
        points_label=t("play.sum.points", **words),
        total_label=t("play.sum.wins") if wins else t("score.total"),
        over=over, verdict=verdict,
        next_label=t("play.sum.finish") if over else t("play.sum.next", **words),
    )


def _counts_wins(state: State) -> bool:
    """Whether the game's score is a tally of round wins (Kartu Sama's victory game, 41
    without a running score) rather than points."""
    options = state.options  # type: ignore[attr-defined]
    return (getattr(options, "mode", "") == "victory"
            or getattr(options, "running_score", True) is False)


def _held(game: str, state: Any, index: int, t: Translator) -> list[tuple[tuple[str, ...], str]]:
    """Each seat's cards as the round ended (the notation) and what else counted."""
    seats = range(state.players)
    if game in ("kartu_sama", "forty_one"):
        hands = state.shown[index]
        return [(_notation(hands[s]), "" if hands[s] else t("play.sum.no_cards")) for s in seats]
    if game == "sums":
        return [(_notation(state.in_play[s]), t.plural("sums.removed", len(state.captured[s])))
                for s in seats]
    parts = state.breakdowns[index]  # samba: each side's score, part by part
    out: list[tuple[tuple[str, ...], str]] = []
    for s in seats:
        b = parts[state.side[s]]
        shown = [t(f"samba.part.{k}", n=v) for k, v in dataclasses.asdict(b).items() if v]
        out.append((_notation(state.shown[index][s]), " · ".join(shown)))
    return out


def _notation(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(format_cards(list(cards)).split()) if cards else ()


def _round_why(game: str, state: State, index: int, seats: Sequence[str], t: Translator) -> str:
    """Who won the round (the engine's round winners; Sums is one round: the game's)."""
    result = state.results[index]
    if game == "sums" or not result.winners:
        return ""
    won = [seats[s] for s in result.winners]
    return t.plural("play.sum.won", len(won), names=names(won, t), **round_words(t, game))


def _match_why(game: str, state: Any, seats: Sequence[str], t: Translator) -> str:
    """Why the winners won the game, in the words the scoreboards use."""
    winners = state.winners
    first = winners[0]
    players = [seats[s] for s in winners]
    if game == "kartu_sama":
        if state.options.mode == "victory":
            return say(t, "most_wins", {"players": players, "wins": state.wins[first]})
        return say(t, "lowest_total", {"players": players, "total": state.totals[first]})
    if game == "forty_one":
        if state.options.running_score:
            return say(t, "forty_one_best_total",
                       {"players": players, "total": state.totals[first]})
        return say(t, "forty_one_record", {"players": players, "wins": state.wins[first],
                                           "losses": state.losses[first]})
    if game == "samba":
        return say(t, "samba_highest", {"players": players, "total": state.totals[first]})
    score, removed = state.scores[first], len(state.captured[first])
    level = [s for s in range(state.players) if state.scores[s] == score and s not in winners]
    if level:  # tied on points: more cards removed decided
        return say(t, "sums_first_cards", {
            "players": players, "points": score, "others": [seats[s] for s in level],
            "cards": removed, "other_cards": max(len(state.captured[s]) for s in level)})
    if len(winners) > 1:
        return say(t, "sums_tied", {"players": players, "points": score, "cards": removed})
    return t("play.why.highest", players=names(players, t), total=score)
