"""The new-match form: game, seats, first dealer, game type and house options, validated."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from app.games import ENTRIES
from app.i18n import Translator, game_title, refusal
from app.options import choice, explained, label, visible
from app.play import seat_colours, seat_names
from models.errors import MejaError
from models.match import Setup
from models.names import clean_name
from models.people import People
from models.registry import GAMES, first
from views.setup import OptionRow, SetupData

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")

MIN_PLAYERS = 2
PACE_MOST = 3  # seconds a computer's move may stay on screen
# Fewer cards than this many per player left to draw after the deal earn a warning: a
# player who cannot play draws, so a pile smaller than two draws each (6 players on one
# 52-card pack at Kartu Sama: 3 cards) runs dry in the first turns and the round ends on an
# empty pile instead of someone going out. Four or five players on one pack (19 and 11 cards)
# stay clear of it.
DRAWS_EACH = 2
LEVELS = {"simple": "strong", "strong": "expert", "expert": "simple"}  # a tap's next level


@dataclass
class NewMatchForm:
    """What the new-match screen is editing."""

    game: str = field(default_factory=first)
    players: list[str] = field(default_factory=list)
    dealer: int = 0
    options: dict[str, object] = field(default_factory=dict)
    known: list[str] = field(default_factory=list)  # names remembered from earlier matches
    # playing on the device: each seat's kind ("person", or a computer's level: "simple",
    # "strong", "expert"; a computer's seat holds no name, "") and whether its person plays
    # with help
    kinds: list[str] | None = None
    helps: list[bool] = field(default_factory=list)
    casual: bool = True  # on the device: undo and hints allowed
    pace: int = 1  # on the device: seconds a computer move stays on screen
    typed: dict[str, str] = field(default_factory=dict)  # a number field's text, not its value
    name: str = ""  # the name field's text, not yet seated (refused: ``name_error`` says why)
    name_error: str = ""

    def __post_init__(self) -> None:
        if self.kinds is not None:
            self.helps = (self.helps + [True] * len(self.kinds))[: len(self.kinds)]

    def values(self) -> dict[str, object]:
        """Every option value: the game's defaults overridden by the form."""
        defaults = dataclasses.asdict(GAMES[self.game].options())
        return {**defaults, **self.options}

    def type_name(self, text: str) -> None:
        """The name field changed: its text, and no reason yet to refuse it."""
        self.name, self.name_error = text, ""

    def add_typed(self, t: Translator) -> str:
        """Seat the name typed ("+" and Enter alike); the field is then empty."""
        return self.add(self.name, t)

    def add(self, name: str, t: Translator) -> str:
        """Seat a player; returns an error text or '' (the refused name and its reason stay
        in ``name`` and ``name_error`` for the screen; a name typed stays until seated)."""
        error = self._seat(name, t)
        if error:
            self.name, self.name_error = name, error
        elif name == self.name:
            self.name, self.name_error = "", ""
        return error

    def _seat(self, name: str, t: Translator) -> str:
        name = clean_name(name)
        if not name:
            return t("setup.name_empty")
        if name.casefold() in (p.casefold() for p in self.players):
            return t("setup.name_taken", name=name)
        game = GAMES[self.game]
        if len(self.players) >= game.max_players:
            return t("setup.too_many", game=game_title(t, self.game), n=game.max_players)
        self.players.append(name)
        if self.kinds is not None:
            self.kinds.append("person")
            self.helps.append(True)
        return ""

    def add_computer(self, seats: int) -> None:
        """Playing on the device: one more seat, a computer's (quick to begin with). ``seats``
        is the count of seats the "+ Computer" tapped was drawn with: the second tap of a
        double tap, drawn before the first one's answer, adds nothing."""
        if self.kinds is None or seats != len(self.players):
            return
        if len(self.players) < GAMES[self.game].max_players:
            self.players.append("")
            self.kinds.append("simple")
            self.helps.append(True)

    def next_level(self, seat: int) -> None:
        """A computer seat's level, quick, strong or expert, in turn (a person's seat stays
        one)."""
        if self.kinds is not None and 0 <= seat < len(self.kinds):
            self.kinds[seat] = LEVELS.get(self.kinds[seat], self.kinds[seat])

    def switch_help(self, seat: int) -> None:
        """A person's help (legal cards lit, hints) on or off."""
        if self.kinds is not None and 0 <= seat < len(self.kinds) \
                and self.kinds[seat] == "person":
            self.helps[seat] = not self.helps[seat]

    def seats(self, t: Translator) -> list[str]:
        """The names the seats play under (a computer's: "Computer 1"...)."""
        return seat_names(self.players, self.kinds, t) if self.kinds is not None \
            else list(self.players)

    def remove(self, seat: int) -> None:
        del self.players[seat]
        if self.kinds is not None:
            del self.kinds[seat]
            del self.helps[seat]
        if self.dealer >= len(self.players):
            self.dealer = max(0, len(self.players) - 1)

    def move(self, seat: int, step: int) -> None:
        other = seat + step

        def swap(seats: list[T]) -> None:
            seats[seat], seats[other] = seats[other], seats[seat]

        if 0 <= other < len(self.players):
            swap(self.players)
            if self.kinds is not None:  # only when playing on the device
                swap(self.kinds)
                swap(self.helps)
            if self.dealer in (seat, other):
                self.dealer = other if self.dealer == seat else seat

    def draw_dealer(self, rng: random.Random) -> None:
        if self.players:
            self.dealer = rng.randrange(len(self.players))

    def game_options(self) -> DataclassInstance:
        """The game's Options for this form (raises MejaError when impossible)."""
        values = self.values()
        if "first_dealer" in values:  # games without a dealer (Sums) have no such option
            values["first_dealer"] = self.dealer
        return GAMES[self.game].options(values)

    def setup(self) -> Setup:
        """The match this form starts at the table (raises MejaError when impossible)."""
        return Setup(tuple(self.players), self.game, self.game_options())

    def set_option(self, key: str, value: object) -> None:
        self.typed.pop(key, None)
        if key == "casual":
            self.casual = bool(value)
        elif key == "pace":
            self.pace = int(value)  # type: ignore[call-overload]
        else:
            self.options[key] = value

    def type_option(self, key: str, text: str) -> None:
        """A number typed in an option's field: taken when it is one within the option's
        bounds (no digit at all is 0 where 0 means "automatic" or "off"), otherwise kept as
        typed, with the value before it, until it is fixed."""
        self.typed[key] = text
        value = self._typed_value(key)
        if value is not None:
            if key == "pace":
                self.pace = value
            else:
                self.options[key] = value

    def _limits(self, key: str) -> tuple[int, int, str]:
        """The bounds of number option ``key`` and what its 0 means ('': a count)."""
        if key == "pace":
            return 0, PACE_MOST, ""
        table = ENTRIES.get(self.game)
        spec = next((s for s in (table.options if table else ()) if s.key == key), None)
        return (spec.low, spec.high, spec.zero) if spec else (0, 0, "")

    def _typed_value(self, key: str) -> int | None:
        """The number typed for ``key``, when it is one the option takes."""
        low, high, zero = self._limits(key)
        value = _number(self.typed.get(key, ""), bool(zero))
        return value if value is not None and low <= value <= high else None

    def problem(self, key: str, t: Translator) -> str:
        """Why the number typed for option ``key`` is not taken ('' when it is)."""
        if key not in self.typed or self._typed_value(key) is not None:
            return ""
        low, high, zero = self._limits(key)
        if zero:
            return t(f"setup.number_{zero}", low=max(1, low), high=high)
        return t("setup.number_range", low=low, high=high)

    def warning(self, t: Translator) -> str:
        """What will go badly in a match that may start ('' when nothing): a tiny draw pile."""
        if self.error(t):
            return ""
        n, game = len(self.players), GAMES[self.game]
        if game.stock is None:  # no draw pile to run dry
            return ""
        left = game.stock(game.new_game(n, 0, self.game_options()))
        if left < DRAWS_EACH * n:
            return t.plural("setup.small_pile", left, players=n)
        return ""

    def error(self, t: Translator) -> str:
        """Why this match cannot start, in the player's language; '' when it can."""
        for key in self.typed:
            if self.problem(key, t):
                what = t("play.pace") if key == "pace" else label(t, self.game, key)
                return t("setup.fix_number", what=what)
        if len(self.players) < MIN_PLAYERS:
            return t("setup.need_players", n=MIN_PLAYERS)
        if self.kinds is not None and "person" not in self.kinds:
            return t("play.need_person")
        try:
            GAMES[self.game].new_game(len(self.players), 0, self.game_options())
        except MejaError as error:
            return refusal(t, error)
        return ""


def _number(text: str, zero: bool) -> int | None:
    """The whole number in ``text`` (None: not one). Where 0 means "automatic" or "off"
    (``zero``), a field with no digit at all (emptied, or its word: "Auto") says 0."""
    text = text.strip()
    if zero and not any(c.isdigit() for c in text):
        return 0
    return int(text) if text.isascii() and text.isdigit() else None


def setup_data(form: NewMatchForm, t: Translator, people: People | None = None) -> SetupData:
    """The plain data the new-match view shows (a table match, or a game on the device); each
    seat in its player's colour (a name not yet known: the one ``people`` would give it; a
    computer seat: a colour no one at the table shows)."""
    values = form.values()
    table = ENTRIES.get(form.game)
    specs = visible(table.options if table else (), values)
    rows = tuple(
        OptionRow(
            key=s.key, kind=s.kind, value=values[s.key],
            label=label(t, form.game, s.key), help=explained(t, form.game, s.key),
            low=s.low, high=s.high, step=s.step,
            choices=tuple((c, choice(t, form.game, s.key, c)) for c in s.choices),
            zero=t(f"setup.zero.{s.zero}") if s.zero else "",
            typed=form.typed.get(s.key), problem=form.problem(s.key, t),
        )
        for s in specs
    )
    known = tuple(n for n in form.known if n not in form.players)
    playing = form.kinds is not None
    # on the device a computer seat shows the name it will play under, never a person's
    seats = form.seats(t)
    if playing:
        rows += (
            OptionRow("casual", "bool", form.casual, t("play.casual"), t("play.casual.help")),
            OptionRow("pace", "int", form.pace, t("play.pace"), t("play.pace.help"), 0,
                      PACE_MOST, typed=form.typed.get("pace"), problem=form.problem("pace", t)),
        )
    return SetupData(
        games=tuple((k, game_title(t, k)) for k in (GAMES if playing else ENTRIES)),
        game=form.game,
        modes=tuple((m, t(f"mode.{m}")) for m in (table.modes if table else ())),
        mode=str(values.get("mode", "")),
        players=tuple(seats),
        colours=seat_colours(form.players, form.kinds, people or People()),
        known=known,
        dealer=form.dealer,
        options=rows,
        error=form.error(t),
        warning=form.warning(t),
        name=form.name,
        name_error=form.name_error,
        notes=tuple(table.notes(list(seats), values, t)) if table and table.notes
        else (),
        kinds=tuple("" if k == "person" else t(f"play.kind.{k}") for k in form.kinds or ()),
        helps=tuple(h if k == "person" else None
                    for k, h in zip(form.kinds or (), form.helps, strict=True)),
        computers=playing, full=len(seats) >= GAMES[form.game].max_players,
        route="/play/new" if playing else "/new",
        title=t("play.new_title") if playing else "",
        start_label=t("play.start") if playing else "",
    )

