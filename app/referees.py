"""The controller of the match a window shows, opened from storage and kept while it is shown:
one owner (:class:`Referees`), which forgets it when the match changes elsewhere (another
window, an import, a restored backup, a write refused as stale)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from app.games import ENTRIES
from app.i18n import Said, game_title
from app.tables.base import over
from models.match import Match
from views.guests import invite_menu, take_back_asked

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
        raise Said(host.t("match.no_table", game=game_title(host.t, match.setup.game)))
    referee = table.controller(host, match_id, match)
    summary = referee.summary()
    stored = doc["summary"] or {}
    referee.read_only = bool(stored.get("imported"))
    if {k: stored.get(k) for k in summary} != summary:  # a summary that could not be saved
        with contextlib.suppress(OSError):
            referee.ledger.mend_summary(stored)
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

    def screen(self, match_id: str, sub: str,
               invite: Callable[[str, list[tuple[int, str]], str, int], None],
               share: Callable[[str], None]) -> ft.View:
        """The referee's screen of ``/match/<id>/<sub>``, with the buttons that invite the
        players' phones (``invite``: the match, its seats, where the invite goes back to) and
        share the match on the scoreboard. An imported match only shows its scoreboard: the
        device it came from referees it."""
        referee = self.get(match_id)
        view = referee.view("score" if referee.read_only else sub)
        at = referee.version
        seat = referee.asks.asking(at)
        if seat >= 0:  # a phone asks to take back its move: the host answers on any screen
            view.controls = [take_back_asked(
                self.host.t, referee.names[seat], lambda what: referee.answer(what, at)),
                *view.controls]
        if (view.route or "").endswith("/score") and isinstance(view.appbar, ft.AppBar):
            t = self.host.t
            seats = list(enumerate(referee.names))
            phones: list[ft.Control] = [] if referee.read_only or over(referee.match) else [
                invite_menu(t, seats, lambda seat: invite(match_id, seats, f"/match/{match_id}",
                                                          seat))]
            view.appbar.actions = [*(view.appbar.actions or []), *phones, ft.TextButton(
                t("share.button"), icon=ft.Icons.QR_CODE_2, key="share",
                on_click=lambda _e: share(match_id))]
        return view
