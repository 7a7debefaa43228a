"""The app's games, one entry each: the engine's registry entry (``models.games.GAMES``), the
referee controller and its history summary, the options screen (derived from the engine's
``Options``), the rules documents, the texts domain, and the new-match notes. Adding a game
is adding its modules and one line to :data:`ENTRIES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from app import options
from app.options import OptionSpec
from app.presenters.base import Make
from app.presenters.kartu_sama import KartuSama
from app.tables import forty_one, kartu_sama, samba, sums
from app.tables.base import Referee
from models.games import GAMES
from models.games.base import Game
from models.match import Match

# Lines the new-match screen shows under the seats, e.g. the teams seating makes:
# ``notes(players, option_values, t) -> list[str]``.
Notes = Callable[[list[str], dict[str, Any], Any], list[str]]


@dataclass(frozen=True)
class Entry:
    """One game in the app. ``texts`` is its gettext domain (its messages catalog);
    ``rules`` names its rules documents, ``rules/<rules>.<language>.md``."""

    key: str
    controller: type[Referee]
    summary: Callable[[Match], dict[str, Any]]
    texts: str
    rules: str
    notes: Notes | None = None
    presenter: Make | None = None  # its card table on the device (none: the form)

    @property
    def game(self) -> Game[Any]:
        """The engine's registry entry (engine, table, bot, options)."""
        return GAMES[self.key]

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The house options the set-up screens offer."""
        return options.specs(self.game.options_type)

    @property
    def modes(self) -> tuple[str, ...]:
        """The game types the set-up screens offer (none: one type)."""
        return options.modes(self.game.options_type)

    def rules_document(self, language: str) -> str:
        """The rules document in ``language`` ("" when it is not written)."""
        path = resources.files("app") / "rules" / f"{self.rules}.{language}.md"
        return path.read_text(encoding="utf-8") if path.is_file() else ""


ENTRIES: dict[str, Entry] = {e.key: e for e in (
    Entry("kartu_sama", kartu_sama.Referee, kartu_sama.summary, "kartu_sama", "kartu_sama",
          presenter=KartuSama),
    Entry("forty_one", forty_one.Referee, forty_one.summary, "forty_one", "forty_one",
          forty_one.how_it_ends),
    Entry("sums", sums.Referee, sums.summary, "sums", "sums"),
    Entry("samba", samba.Referee, samba.summary, "samba", "samba", samba.teams),
)}
