"""The app's games, one entry each: the model's registry entry (``models.registry.GAMES``), the
referee controller and its history summary, the options screen (derived from the engine's
``Options``), the rules documents, the texts domain, and the new-match notes. Adding a game
is adding its modules and one line to :data:`ENTRIES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from app import options
from app.figures import Figures
from app.figures import forty_one as forty_one_figures
from app.figures import kartu_sama as kartu_sama_figures
from app.figures import samba as samba_figures
from app.figures import sums as sums_figures
from app.i18n import Translator
from app.matches import Summary
from app.options import OptionSpec
from app.presenters.base import Make
from app.presenters.forty_one import FortyOnePresenter
from app.presenters.kartu_sama import KartuSamaPresenter
from app.presenters.samba import SambaPresenter
from app.presenters.sums import SumsPresenter
from app.tables import forty_one, kartu_sama, samba, sums
from app.tables.base import Referee
from models.games import GAMES
from models.games.base import State
from models.match import Match
from models.registry import Game
from models.tables.base import MatchState

# Lines the new-match screen shows under the seats, e.g. the teams seating makes:
# ``notes(players, option_values, t) -> list[str]``.
Notes = Callable[[list[str], dict[str, Any], Translator], list[str]]


@dataclass(frozen=True)
class Entry:
    """One game in the app. ``texts`` is its gettext domain (its messages catalog);
    ``rules`` names its rules documents, ``rules/<rules>.<language>.md``; ``figures`` are
    its own figures on the Players screen (``app.figures``)."""

    key: str
    controller: type[Referee[MatchState]]
    summary: Callable[[Match[MatchState]], Summary]
    presenter: Make  # its card table for play on the device
    texts: str
    rules: str
    figures: Figures
    notes: Notes | None = None

    @property
    def game(self) -> Game[State, MatchState]:
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
    Entry("kartu_sama", kartu_sama.Referee, kartu_sama.summary, KartuSamaPresenter, "kartu_sama",
          "kartu_sama", kartu_sama_figures.FIGURES),
    Entry("forty_one", forty_one.Referee, forty_one.summary, FortyOnePresenter, "forty_one",
          "forty_one", forty_one_figures.FIGURES, forty_one.how_it_ends),
    Entry("sums", sums.Referee, sums.summary, SumsPresenter, "sums", "sums",
          sums_figures.FIGURES),
    Entry("samba", samba.Referee, samba.summary, SambaPresenter, "samba", "samba",
          samba_figures.FIGURES, samba.teams),
)}
