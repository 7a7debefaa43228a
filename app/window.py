"""What the screens' controllers (home, set-up, history, players, settings, rules, sharing,
back-up, the lab, games on the device) ask of the window they are drawn in: the
:class:`app.host.Host` of a match's controller, with the page, the settings, the match
controllers kept, the game on the device and the redraw. The shell implements it; the
controllers name this, never the shell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from app.host import Host

if TYPE_CHECKING:
    import flet as ft

    from app.hardware import Hardware
    from app.preferences import Settings
    from app.referees import Referees


class Screen(Protocol):
    """A screen's controller: its view, drawn from state."""

    def view(self) -> ft.View: ...


class Window(Host, Protocol):
    page: ft.Page
    settings: Settings
    referees: Referees
    hardware: Hardware
    play: Any  # the game on the device on screen (an ``app.play.DevicePlay``, which imports
    # this module), or None

    def render(self) -> None:
        """Rebuild every screen of the stack from state (after a change home shows too)."""

    def restyle(self) -> None:
        """Speak the language and wear the theme the settings say."""

    def new_play(self) -> None:
        """Open the form of a new game on the device."""

    def start_play(self, doc: dict[str, Any]) -> bool:
        """Save a new game on the device and show it; whether it was saved (else said)."""
