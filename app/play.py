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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import flet as ft

from app import device
from app.device import LOG_LINES, DeviceGame, GameDoc, Moved, Outcome, Seat
from app.games import ENTRIES
from app.guests.seats import ACCEPT, OLD, REFUSE, REFUSED, Asks, Reply
from app.i18n import Translator, game_title, names, not_saved, refusal, say
from app.presenters.base import Presenter, Seating, View
from app.runner import Runner, advice
from models.bots.hint import Hint
from models.cards import format_cards
from models.errors import MejaError
from models.games.base import ActionWords, State
from models.people import NEUTRAL, PALETTE, People
from views import patch
from views.between import RoundSummary, SeatLine, cover_view, summary_view
from views.common import card_text
from views.felt import SPEEDS, Felt
from views.felt_data import Scene
from views.felt_screen import Entry, FeltScreen, Line, frame, log_sheet
from views.guests import invite_menu
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
DOUBLE = 0.3  # seconds: a second tap on the same thing within it is the same tap
NO_TAP = ("", -1, -1.0, -1)  # no last tap: what, by whom, when, the version it left
# hints whose words do not name the move, in every game (a game's own: its playbook's
# ``unnamed``): the hint names it first
UNNAMED = frozenset({"only"})


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


def hint_words(t: Translator, game: str, state: State, action: int, hint: Hint,
               seats: Sequence[str]) -> str:
    """A hint in ``t``'s language: the move (when its reason does not name it) and why."""
    params = {k: card_text(str(v))[0] if k in CARD_PARAMS else v
              for k, v in hint.params.items()}
    why = say(t, hint.code, params, prefix="hint")
    if hint.code in UNNAMED or hint.code in ENTRIES[game].game.bot.unnamed:
        label = move_label(state.action_words(action), t, seats)
        return t("play.hint_move", move=label, why=why)
    return t("play.hint_text", why=why)


def moved_line(moved: Moved, t: Translator, seats: Sequence[str]) -> str:
    """One move of the log in ``t``'s language: "Ana played Q♦"."""
    return t("play.moved", name=seats[moved.seat], move=move_label(moved.words, t, seats))


def log_entries(moves: Sequence[Moved], t: Translator, seats: Sequence[str], game: str,
                lines: int = LOG_LINES,
                word: Callable[[Moved], str] | None = None) -> list[Entry]:
    """The last moves, newest first, each round's moves under its number (each worded by
    ``word``: :func:`moved_line` unless told)."""
    shown = list(moves[-lines:])[::-1]
    out: list[Entry] = []
    for i, moved in enumerate(shown):
        head = ""
        if i == 0 or shown[i - 1].round != moved.round:
            said = t("play.log.round", n=moved.round + 1, **round_words(t, game))
            head = said[:1].upper() + said[1:]
        out.append(Entry(word(moved) if word else moved_line(moved, t, seats), head))
    return out


@dataclasses.dataclass(frozen=True)
class Press(Reply):
    """A tap's answer; ``said``: its refusal is already shown on this screen."""

    said: bool = False


class DevicePlay:
    """One game on the device on screen: turns taps into calls on its :class:`DeviceGame`
    and redraws; its :class:`Runner` plays the computer seats while people are at it."""

    def __init__(self, shell: Window, key: str, doc: GameDoc,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.shell = shell
        self.game = DeviceGame(shell.store, key, doc)
        self.runner = Runner(self.game, self._changed)
        self.shown = -1  # the person whose hand is on screen (pass and play)
        self.hint: tuple[int, int, str] = (-1, -1, "")  # its version, action and words
        self.said: tuple[int, Line] | None = None  # a message and the version it is about
        self.felt = Felt()  # the card table's controls, kept: its cards move
        self.screen = FeltScreen()  # the screen around it, kept: its parts change
        self.looks: dict[int, View] = {}  # each person's order, selection, help
        self.asks = Asks()  # what the guest phones ask of the host (app.guests.asks)
        self.scene: Scene | None = None  # the table last drawn
        self.sheet: ft.BottomSheet | None = None  # the last moves, while open
        self.clock = clock
        self._tapped: tuple[str, int, float, int] = NO_TAP  # the last tap
        self._turn = -1  # the person last told it is their turn (a tick in the hand)
        self._log_words: tuple[object, list[Entry]] = (None, [])
        self._worded: tuple[str, dict[Moved, str]] = ("", {})  # each move's line, by language
        self._colours: tuple[str, ...] | None = None

    @property
    def t(self) -> Translator:
        return self.shell.t

    @property
    def key(self) -> str:
        return self.game.key

    @property
    def doc(self) -> GameDoc:
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
        """Each seat's colour, as the players screen has it (read when people come to the
        game: the players screen, where colours change, is another screen)."""
        if self._colours is None:
            self._colours = seat_colours(self.names, self.kinds,
                                         People.from_doc(self.shell.store.people()))
        return self._colours

    def people(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "person"]

    # -- screens (drawn from state alone: drawing changes nothing) --------------------------
    def view(self) -> ft.View:
        game = self.game
        title = game_title(self.t, self.doc.game)
        if self.pending:
            seen = game.seen
            return summary_view(self.t, self.summary(title),
                                on_next=lambda: self.next_round(seen), on_back=self._leave)
        seat = game.person_turn()
        if (seat >= 0 and seat not in self.guested and len(self.local()) > 1
                and self.shown != seat):
            return cover_view(self.t, self.route, title, self.names[seat],
                              on_ready=lambda: self._reveal(seat), on_back=self._leave,
                              colour=self.colours()[seat],
                              on_invite=lambda: self._invite(seat))
        if self.state.is_over:  # the last summary closed: the result stays, and a new game
            summary = dataclasses.replace(self.summary(title), next_label=self.t("play.again"))
            return summary_view(self.t, summary, on_next=self._again, on_back=self._leave)
        return self._table(title, self.presenter)

    @property
    def presenter(self) -> Presenter:
        """The game's card table, in the player's language."""
        return ENTRIES[self.doc.game].presenter(self.t, self.names)

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
        if self.hint[0] == version and seat >= 0:
            scene = dataclasses.replace(scene, hinted=hinted(
                presenter, self.state, seat, look, scene, self.hint[1]))
        page = self.shell.page
        shape = frame(getattr(page, "width", None) or 400, getattr(page, "height", None) or 850,
                      len(scene.buttons))

        def on_tap(key: str, what: str = "") -> None:
            self.tap(key, seat, version, what)

        stamp = f"{seat}.{version}"
        table = self.felt.show(scene, *shape.table, on_tap=on_tap, t=self.t, order=look.order,
                               on_order=(lambda o: self.order(seat, o)) if seat >= 0 else None,
                               speed=self.speed(), stamp=stamp,
                               on_why=self.explain if seat >= 0 else None)
        self.scene = scene
        casual = self.doc.casual
        return self.screen.show(
            self.t, self.route, title, table, frame=shape, buttons=scene.buttons,
            on_tap=on_tap, line=self.line(version), log=self.log(), on_log=self._log,
            on_back=self._leave,
            on_hint=(lambda: self._hint(version)) if look.help and seat >= 0 else None,
            can_hint=self.game.person_turn() == seat,  # a hint is for one's own turn
            on_undo=(lambda: self.undo(version)) if casual else None,
            on_redo=(lambda: self.redo(version)) if casual else None,
            can_undo=self.game.last_person_move() is not None, can_redo=self.game.can_redo,
            invite=invite_menu(self.t, [(s, self.names[s]) for s in self.people()],
                               self._invite) if self.people() else None,
            hinted=frozenset(scene.hinted),
            stamp=stamp, on_answer=lambda what: self.answer(what, version))

    def line(self, version: int) -> Line:
        """What the message line says now: a message about this version, else the hint asked
        at it, else the last move of the round."""
        seat = self.asks.asking(version)
        if seat >= 0:  # a phone asks to take back its move: the host answers here
            return Line(self.t("play.asks_undo", name=self.names[seat]), "ask",
                        ((ACCEPT, self.t("play.accept")), (REFUSE, self.t("play.refuse"))))
        if self.said is not None and self.said[0] == version:
            return self.said[1]
        if self.hint[0] == version and self.hint[2]:
            return Line(self.hint[2], "hint")
        moves = self.game.moves
        if moves and moves[-1].round == len(self.state.results) - (1 if self.pending else 0):
            return Line(moved_line(moves[-1], self.t, self.names))
        return Line("")

    def log(self) -> list[Entry]:
        """The last moves in words (worded again only when a move or the language changed)."""
        key = (len(self.game.moves), self.game.moves[-1:], self.t.language)
        if self._log_words[0] != key:
            if self._worded[0] != self.t.language:
                self._worded = (self.t.language, {})
            worded = self._worded[1]

            def word(moved: Moved) -> str:  # a move already worded is not worded again
                if moved not in worded:
                    worded[moved] = moved_line(moved, self.t, self.names)
                return worded[moved]

            self._log_words = (key, log_entries(self.game.moves, self.t, self.names,
                                                self.doc.game, word=word))
        return self._log_words[1]

    def _invite(self, seat: int) -> None:
        """Open this game to the players' phones, and show their codes at ``seat``'s."""
        invite = getattr(self.shell, "invite", None)
        if invite is not None:
            invite.open(self.key, [(s, self.names[s]) for s in self.people()], self.route,
                        seat)

    def summary(self, title: str) -> RoundSummary:
        """The summary of the round just ended, on this game's screen."""
        enders = self.doc.enders
        index = len(self.state.results) - 1
        ender = int(enders[index]) if index < len(enders) else -1
        data = round_summary(self.doc.game, self.state, self.names, self.kinds, self.t, ender,
                             self.colours())
        return dataclasses.replace(data, route=self.route, title=title)

    # -- taps: each names the version of the screen it was made on --------------------------
    def move(self, action: int, version: int) -> None:
        """A person's move by its engine action (a tap answered by the table, or a test)."""
        self._after(self.game.move(action, version))

    def tap(self, key: str, seat: int, version: int, what: str = "") -> None:
        """A tap on the card table drawn at ``version`` for ``seat``, on the thing ``what``
        (a card's face id, a pile: the same thing whatever it means now). A second tap on the
        same thing within :data:`DOUBLE` seconds, on the table the first one left, is the same
        tap (a double tap: a card selected stays selected, a pile drawn from once is drawn
        from once). Taps made while cards travel count like any other: the cards go on to
        their new places."""
        now = self.clock()
        what = what or key
        last_what, last_seat, when, after = self._tapped
        if (what, seat, version) == (last_what, last_seat, after) and now - when < DOUBLE:
            return  # the second half of a double tap, on the table the first one left
        reply = self.press(key, seat, version)
        if reply.status != OLD:  # a tap on a table already replaced is no first half
            self._tapped = (what, seat, now, self.game.version)
        if reply.status == REFUSED and not reply.said:
            why = reply.why or self._why(key)
            if why:
                self.say(Line(why, "refusal"))

    def explain(self, key: str) -> None:
        """A tap on what the table shows as not playable now: why not, in the table's words
        (nothing is played or chosen, whatever the state: such a tap changes nothing)."""
        why = self._why(key)
        if why:
            self.say(Line(why, "refusal"))

    def say(self, line: Line) -> None:
        """Show ``line`` on the message line until the game moves on."""
        self.said = (self.game.version, line)
        if self.showing:
            self._redraw()

    def press(self, key: str, seat: int, version: int, t: Translator | None = None) -> Press:
        """A tap on the table drawn at ``version`` for ``seat`` (on this screen, or on a guest
        phone at that seat): a move, a new selection, or why not. A tap on a table already
        replaced changes nothing. ``ok`` once the move is saved; refusals in ``t``'s language
        (a guest phone's; None: this screen's)."""
        if version != self.game.version or seat < 0:
            return Press(False, status=OLD)
        look = self.looks.get(seat, View())
        presenter = (self.presenter if t is None
                     else ENTRIES[self.doc.game].presenter(t, self.names))
        answer = presenter.answer(self.state, seat, key, look)
        actions = answer.actions or ((answer.action,) if answer.action is not None else ())
        if actions:
            if seat != self.game.person_turn():
                return Press(False, status=OLD)
            outcome = (self.game.move(actions[0], version) if len(actions) == 1
                       else self.game.apply_all(list(actions), version))
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
        """The last moves, in a sheet over the table, the message of the moment above them;
        once, however often it is tapped before it shows."""
        if self.sheet is not None:
            return
        self.sheet = log_sheet(self.t, self.log(), self.line(self.game.version))
        self.sheet.on_dismiss = self._closed
        self.shell.page.show_dialog(self.sheet)

    def _closed(self, _e: object) -> None:
        self.sheet = None

    def redraw(self) -> None:
        """The window changed size: the table is laid out again."""
        self._redraw()

    def _redraw(self) -> None:
        self.shell.refresh()

    def sent(self, view: ft.View | None = None) -> None:
        """The screen was sent, or ``view``, the table's own, is to be sent: the cards whose
        paper, print or motion changed go too (isolated, the page's update does not look into
        them), with ``view`` in one patch; new cards, shown where they come from, are sent on
        their way a moment later."""
        felt, page = self.felt, self.shell.page
        changed = felt.flush()
        with contextlib.suppress(Exception):  # the table left the page meanwhile
            if view is not None:
                patch.send(page, view, [*changed, view])
            elif changed:
                patch.send(page, felt.table, changed)
        if not felt.launching:
            return

        async def launch() -> None:
            await asyncio.sleep(LAUNCH)
            cards = felt.launch()
            with contextlib.suppress(Exception):
                if cards:
                    patch.send(page, felt.table, cards)

        with contextlib.suppress(Exception):  # no event loop (a screen built in a test)
            page.run_task(launch)

    def undo(self, version: int) -> None:
        """Take back the last move of a person and the computer moves after it."""
        self._after(self.game.undo(version), shown=lambda: self.state.current_player)

    def redo(self, version: int) -> None:
        """Make again what the last undo took back."""
        self._after(self.game.redo(version), shown=lambda: self.state.current_player)

    def answer(self, what: str, version: int) -> None:
        """The host accepts (the move is taken back) or refuses a phone's request to take
        back its move, drawn at ``version``; the phone hears which."""
        seat = self.asks.asking(version)
        if seat < 0 or version != self.game.version:
            return  # drawn for a request that is gone: the second tap of a double tap
        self.asks.undo = None
        if what == ACCEPT:
            self.undo(version)
        self.asks.answers[seat] = (self.game.version, self.game.version != version)
        self._redraw()
        self.publish()  # the phone hears the answer

    def next_round(self, seen: int) -> None:
        """Close the summary: the next round starts (or the final result shows). Its table is
        a new one, though the version is the same: a tap on it is never the second half of
        the last tap of the round before."""
        outcome = self.game.next_round(seen)
        if outcome.changed:
            self._tapped = NO_TAP
        self._after(outcome, shown=lambda: -1)

    def _after(self, outcome: Outcome, shown: Callable[[], int] | None = None) -> None:
        """A tap's outcome: the hand to show (``shown``), said and drawn; then the computers
        play if it is their turn."""
        if outcome.changed and shown is not None:
            self.shown = shown()
        self._changed(outcome)
        if outcome.changed or outcome.reloaded:
            self.runner.start()

    def _changed(self, outcome: Outcome) -> None:
        """A change's outcome (a tap's, or a computer's move): said, and shown; the person
        whose turn it now is feels it."""
        if outcome.error is not None:
            kind = "note" if isinstance(outcome.error, OSError) else "refusal"
            self.said = (self.game.version, Line(self._error(outcome.error), kind))
        elif outcome.reloaded:
            self.said = (self.game.version, Line(self.t("play.stale"), "note"))
        if outcome.finished:
            self._forget()
        if outcome.changed or outcome.reloaded:
            self._tick()
        if (outcome.changed or outcome.reloaded or outcome.error is not None) and self.showing:
            self._redraw()
        if outcome.changed or outcome.reloaded:
            self.publish()

    def _tick(self) -> None:
        """A tick in the hand when the turn comes to a person playing on this device."""
        seat = self.game.person_turn()
        if seat >= 0 and seat != self._turn and seat not in self.guested:
            buzz = getattr(self.shell, "buzz", None)
            if buzz is not None and self.game.moves and self.game.moves[-1].seat != seat:
                buzz()
        self._turn = seat

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
        try:
            device.forget(self.shell.settings, self.key)
        except OSError as error:
            self.said = (self.game.version, Line(not_saved(self.t, error), "note"))

    def _hint(self, version: int) -> None:
        state = self.state
        if version != self.game.version or self.game.person_turn() < 0:
            return
        rng = random.Random(self.doc.seed * 7919 + version)
        action, hint = advice(self.doc.game, state, rng)
        self.hint = (version, action, hint_words(self.t, self.doc.game, state, action, hint,
                                                 self.names))
        self.shell.refresh()

    # -- people at the game -------------------------------------------------------------------
    def open(self) -> None:
        """People are at this game's screen: the computers play if it is their turn (the
        screen stays on meanwhile)."""
        self._colours = None  # the players screen may have changed them meanwhile
        self.runner.start()
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
        doc = new_doc(self.doc.game, self.names, self.kinds, self.doc.options,
                      self.doc.casual, int(self.doc.pace),
                      [seat_help(self.doc, s) for s in range(len(self.names))])
        self.shell.start_play(doc)


def hinted(presenter: Presenter, state: State, seat: int, look: View, scene: Scene,
           action: int) -> tuple[str, ...]:
    """The taps on ``scene`` that make ``action`` (a card, a pile, a button), else the cards
    of the hand the move names: what the table marks for a hint."""
    taps = [f.tap for f in scene.hand if f.tap] + [p.tap for p in scene.piles if p.tap]
    taps += [g.tap for side in scene.sides for g in side.groups if g.tap]
    taps += [f.tap for c in scene.chairs for g in c.groups for f in g.cards if f.tap]
    taps += [b.tap for b in scene.buttons]
    out = []
    for tap in taps:
        answer = presenter.answer(state, seat, tap, look)
        if answer.action == action or answer.actions[:1] == (action,):
            out.append(tap)
    if out:
        return tuple(out)
    named = Counter(format_cards([c]) for c in state.action_words(action).cards)
    for face in scene.hand:
        if face.tap and named[face.code] > 0:
            named[face.code] -= 1
            out.append(face.tap)
    return tuple(out)


def fresh_seed() -> int:
    """A new game's seed: a deal nobody can foresee (the test suite draws it from each test's
    name instead, so that a test deals the same games on every run)."""
    return secrets.randbelow(2**31)


def new_doc(game: str, players: list[str], kinds: list[str], options: Mapping[str, object],
            casual: bool, pace: float, helps: Sequence[bool] | None = None) -> GameDoc:
    """A new game on the device: each seat with its name, kind and help (whether its person
    sees the legal cards lit and may ask for hints; all by default)."""
    helps = list(helps) if helps is not None else [True] * len(players)
    seats = tuple(Seat(n, k, bool(h)) for n, k, h in zip(players, kinds, helps, strict=True))
    return GameDoc(game, dict(options), fresh_seed(), seats, casual=casual, pace=pace)


def seat_help(doc: GameDoc, seat: int) -> bool:
    """Whether the person at ``seat`` plays with help (legal cards lit, hints); a seat out of
    range (the public table) says yes."""
    return doc.seats[seat].help if 0 <= seat < len(doc.seats) else True


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
    it, -1 if not known), from the engine's own results and what the game's presenter says of
    them (:meth:`Presenter.ending`): its end, the hands it kept, the points and totals, the
    winners; at the end of the game, the game's winners and why."""
    index = len(state.results) - 1
    result = state.results[index]
    words = round_words(t, game)
    over = state.is_over
    ending = ENTRIES[game].presenter(t, seats).ending(state, seats, t)
    lines = tuple(
        SeatLine(name=seats[s], cards=ending.held[s][0], detail=ending.held[s][1],
                 points=str(result.points[s]), total=str(state.scores[s]),
                 won=s in (state.winners if over else result.winners),
                 computer=kinds[s] != "person",
                 colour=colours[s] if s < len(colours) else "")
        for s in range(len(seats))
    )
    how_key = f"play.end.{game}.{result.end}"
    how = (t(how_key, name=seats[ender]) if ender >= 0 and t.has(how_key)
           else t("play.end.other", **words))
    verdict: tuple[str, ...] = ()
    if over:
        winners = [seats[s] for s in state.winners]
        verdict = (t.plural("play.winner", len(winners), names=names(winners, t)),
                   ending.verdict)
    return RoundSummary(
        route="", title="",
        heading=ending.heading or t("play.sum.heading", n=index + 1, **words),
        how=how, lines=lines, why=(ending.why,) if ending.why else (),
        points_label=t("play.sum.points", **words),
        total_label=t("play.sum.wins") if ending.wins else t("score.total"),
        over=over, verdict=verdict,
        next_label=t("play.sum.finish") if over else t("play.sum.next", **words),
    )
