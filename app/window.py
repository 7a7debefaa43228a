"""What the screens beside a match (sharing, import, back-up, the lab, games on the device) ask
of the window they are drawn in: the :class:`app.host.Host` of a match's controller, with the
page, the settings, the match controllers kept, and the game on the device. The shell
implements it; these screens name this, never the shell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from app.host import Host

if TYPE_CHECKING:
    import flet as ft

    from app.referees import Referees


class Window(Host, Protocol):
    page: ft.Page
    settings: dict[str, Any]
    referees: Referees
    play: Any  # the game on the device on screen (an ``app.play.DevicePlay``, which imports
    # this module), or None

    def start_play(self, doc: dict[str, Any]) -> None:
        """Save a new game on the device and show it."""
