"""The new-match draft: game, seats, first dealer, game type and house options, validated."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

from app.games import ENTRIES
from app.i18n import Translator, refusal
from app.options import visible
from app.play import seat_names
from models.errors import MejaError
from models.games import GAMES
from models.names import clean_name
from views.setup import OptionRow, SetupData

MIN_PLAYERS = 2


@dataclass
class Draft:
    """What the new-match screen is editing."""

    game: str = "kartu_sama"
    players: list[str] = field(default_factory=list)
    dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    known: list[str] = field(default_factory=list)  # names remembered from earlier matches
    kinds: list[str] | None = None  # playing on the device: "person", "simple" or "strong"
    casual: bool = True  # on the device: undo and hints allowed
    pace: int = 1  # on the device: seconds a computer move stays on screen

    def values(self) -> dict[str, Any]:
        """Every option value: the game's defaults overridden by the draft."""
        defaults = dataclasses.asdict(GAMES[self.game].options())
        return {**defaults, **self.options}

    def add(self, name: str, t: Translator) -> str:
        """Seat a player; returns an error text or ''."""
        name = clean_name(name)
        if not name:
            return t("setup.name_empty")
        if name.casefold() in (p.casefold() for p in self.players):
            return t("setup.name_taken", name=name)
        game = GAMES[self.game]
        if len(self.players) >= game.max_players:
            return t("setup.too_many", game=t(f"game.{self.game}"), n=game.max_players)
        self.players.append(name)
        if self.kinds is not None:
            self.kinds.append("person")
        return ""

    def remove(self, seat: int) -> None:
        del self.players[seat]
        if self.kinds is not None:
            del self.kinds[seat]
        if self.dealer >= len(self.players):
            self.dealer = max(0, len(self.players) - 1)

    def move(self, seat: int, step: int) -> None:
        other = seat + step
        if 0 <= other < len(self.players):
            for seats in (self.players, self.kinds or []):
                seats[seat], seats[other] = seats[other], seats[seat]
            if self.dealer in (seat, other):
                self.dealer = other if self.dealer == seat else seat

    def draw_dealer(self, rng: random.Random) -> None:
        if self.players:
            self.dealer = rng.randrange(len(self.players))

    def game_options(self) -> Any:
        """The game's Options for this draft (raises MejaError when impossible)."""
        values = self.values()
        if "first_dealer" in values:  # games without a dealer (Sums) have no such option
            values["first_dealer"] = self.dealer
        return GAMES[self.game].options(values)

    def next_kind(self, seat: int) -> None:
        """Playing on the device: a person, then each level of computer player, in turn."""
        if self.kinds is not None and seat < len(self.kinds):
            kinds = ("person", "simple", "strong")
            self.kinds[seat] = kinds[(kinds.index(self.kinds[seat]) + 1) % len(kinds)]

    def set_option(self, key: str, value: object) -> None:
        if key == "casual":
            self.casual = bool(value)
        elif key == "pace":
            self.pace = int(value)  # type: ignore[call-overload]
        else:
            self.options[key] = value

    def error(self, t: Translator) -> str:
        """Why this match cannot start, in the player's language; '' when it can."""
        if len(self.players) < MIN_PLAYERS:
            return t("setup.need_players", n=MIN_PLAYERS)
        if self.kinds is not None and "person" not in self.kinds:
            return t("play.need_person")
        try:
            GAMES[self.game].new_game(len(self.players), 0, self.game_options())
        except MejaError as error:
            return refusal(t, error)
        return ""


def setup_data(draft: Draft, t: Translator) -> SetupData:
    """The plain data the new-match view shows (a table match, or a game on the device)."""
    values = draft.values()
    table = ENTRIES.get(draft.game)
    specs = visible(table.options if table else (), values)
    rows = tuple(
        OptionRow(
            key=s.key, kind=s.kind, value=values[s.key],
            label=t(f"opt.{draft.game}.{s.key}"), help=t(f"opt.{draft.game}.{s.key}.help"),
            low=s.low, high=s.high, step=s.step,
            choices=tuple((c, t(f"opt.{draft.game}.{s.key}.{c}")) for c in s.choices),
        )
        for s in specs
    )
    known = tuple(n for n in draft.known if n not in draft.players)
    playing = draft.kinds is not None
    # on the device a computer seat shows the name it will play under, never a person's
    seats = seat_names(draft.players, draft.kinds, t) if draft.kinds is not None \
        else draft.players
    if playing:
        rows += (
            OptionRow("casual", "bool", draft.casual, t("play.casual"), t("play.casual.help")),
            OptionRow("pace", "int", draft.pace, t("play.pace"), t("play.pace.help"), 0, 3),
        )
    return SetupData(
        games=tuple((k, t(f"game.{k}")) for k in (GAMES if playing else ENTRIES)),
        game=draft.game,
        modes=tuple((m, t(f"mode.{m}")) for m in (table.modes if table else ())),
        mode=str(values.get("mode", "")),
        players=tuple(seats),
        known=known,
        dealer=draft.dealer,
        options=rows,
        error=draft.error(t),
        notes=tuple(table.notes(list(draft.players), values, t)) if table and table.notes
        else (),
        kinds=tuple(t(f"play.kind.{k}") for k in draft.kinds or ()),
        route="/play/new" if playing else "/new",
        title=t("play.new_title") if playing else "",
        start_label=t("play.start") if playing else "",
    )

