"""The app's games, one entry each: the model's registry entry (``models.registry.GAMES``: the
engine, its table and bot), the referee controller and its history summary, the card table
presenter, its figures on the Players screen, the new-match notes, and where its rules
documents and texts are. Its options screen is derived from the engine's ``Options``.

Shared modules find a game here (or in ``models.registry``) and nowhere else: what differs
between games is in the game's own modules (tests/test_plugins.py). A built-in game is its
modules, one line in :data:`ENTRIES` and one in ``models.registry``; a game kept elsewhere
(its modules, its ``rules/`` and ``locale/`` in one folder) is added whole by :func:`add`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from app import i18n, options
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
from models import registry
from models.games.base import State
from models.match import Match
from models.registry import GAMES, Game
from models.tables.base import MatchState

# Lines the new-match screen shows under the seats, e.g. the teams seating makes:
# ``notes(players, option_values, t) -> list[str]``.
Notes = Callable[[list[str], Mapping[str, object], Translator], list[str]]


@dataclass(frozen=True)
class Entry:
    """One game in the app: its model entry (``game``), its referee ``controller`` at a real
    table and the ``summary`` the history keeps of a match, its card table (``presenter``),
    its own ``figures`` on the Players screen (``app.figures``), and the new-match
    ``notes``. Its texts are the gettext domain named by its key and its rules documents
    ``rules/<key>.<language>.md``: the app's own, or those in ``folder`` (with its catalogs
    in ``folder/locale``) for a game kept elsewhere."""

    game: Game[State, MatchState]
    controller: type[Referee[MatchState]]
    summary: Callable[[Match[MatchState]], Summary]
    presenter: Make
    figures: Figures
    notes: Notes | None = None
    folder: Path | None = None

    @property
    def key(self) -> str:
        return self.game.key

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
        folder = resources.files("app") if self.folder is None else self.folder
        path = folder / "rules" / f"{self.key}.{language}.md"
        return path.read_text(encoding="utf-8") if path.is_file() else ""


ENTRIES: dict[str, Entry] = {e.key: e for e in (
    Entry(GAMES["kartu_sama"], kartu_sama.Referee, kartu_sama.summary, KartuSamaPresenter,
          kartu_sama_figures.FIGURES),
    Entry(GAMES["forty_one"], forty_one.Referee, forty_one.summary, FortyOnePresenter,
          forty_one_figures.FIGURES, forty_one.how_it_ends),
    Entry(GAMES["sums"], sums.Referee, sums.summary, SumsPresenter, sums_figures.FIGURES),
    Entry(GAMES["samba"], samba.Referee, samba.summary, SambaPresenter, samba_figures.FIGURES,
          samba.teams),
)}


def add(entry: Entry) -> None:
    """Add a game kept elsewhere, whole: its model entry to ``models.registry`` (its engine,
    table, bot and event kinds), its texts, and its app entry. A key already taken is a
    programming error (ValueError), and adds nothing."""
    if entry.key in ENTRIES:
        raise ValueError(f"key={entry.key!r}")
    registry.add(entry.game)
    if entry.folder is not None:
        i18n.PLACES[entry.key] = entry.folder / "locale"
    ENTRIES[entry.key] = entry


def remove(key: str) -> None:
    """Take the game ``key`` out of the app and the models (what :func:`add` added)."""
    ENTRIES.pop(key, None)
    i18n.PLACES.pop(key, None)
    registry.remove(key)
