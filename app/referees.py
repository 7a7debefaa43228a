"""The controller of the match a window shows, opened from storage and kept while it is shown:
one owner (:class:`Referees`), which forgets it when the match changes elsewhere (another
window, an import, a restored backup, a write refused as stale)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from app.games import ENTRIES
from app.i18n import Said
from models.match import Match

if TYPE_CHECKING:
    from app.host import Host
    from app.tables.base import Referee
    from models.tables.base import MatchState


def open_match(host: Host, match_id: str) -> Referee[MatchState]:
    """The controller of a saved match (a damaged or unknown one raises MejaError)."""
    try:
        doc = host.store.load_match(match_id)
    except (LookupError, ValueError) as error:
        raise Said(host.t("match.missing")) from error
    match = Match.from_dict({"version": 1, "setup": doc["setup"], "events": doc["events"]})
    table = ENTRIES.get(match.setup.game)
    if table is None:
        raise Said(host.t("match.no_table", game=host.t(f"game.{match.setup.game}")))
    referee = table.controller(host, match_id, match)
    summary = referee.summary()
    stored = doc["summary"] or {}
    referee.read_only = bool(stored.get("imported"))
    if {k: stored.get(k) for k in summary} != summary:  # a summary that could not be saved
        with contextlib.suppress(OSError):
            host.store.update_summary(match_id, {**stored, **summary})
    return referee


class Referees:
    """The one controller a window keeps: the match it shows."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.current: Referee[MatchState] | None = None

    def get(self, match_id: str) -> Referee[MatchState]:
        """The controller of ``match_id``, opened from storage unless it is kept."""
        if self.current is None or self.current.match_id != match_id:
            self.current = open_match(self.host, match_id)
        return self.current

    def forget(self, match_id: str | None = None) -> None:
        """Open ``match_id`` (None: any match) from storage the next time it is shown."""
        if self.current is not None and match_id in (None, self.current.match_id):
            self.current = None
