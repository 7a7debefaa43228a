"""What the screens' controllers (home, set-up, history, players, settings, rules, sharing,
back-up, the lab, games on the device) ask of the window they are drawn in: the
:class:`app.host.Host` of a match's controller, with the page, the settings, the match
controllers kept, the game on the device and the redraw. The shell implements it; the
controllers name this, never the shell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from app.host import Host

if TYPE_CHECKING:
    import flet as ft

    from app.device import GameDoc
    from app.hardware import Hardware
    from app.preferences import Settings
    from app.referees import Referees


class Screen(Protocol):
    """A screen's controller: its view, drawn from state."""

    def view(self) -> ft.View: ...


class Played(Protocol):
    """The game on the device on screen, as the other screens see it (an
    ``app.play.DevicePlay``, which names this module): its key, and its close when another
    takes its place."""

    @property
    def key(self) -> str: ...
    def close(self) -> None: ...


class Window(Host, Protocol):
    page: ft.Page
    settings: Settings
    referees: Referees
    hardware: Hardware

    @property
    def play(self) -> Played | None:
        """The game on the device on screen, or None."""

    @play.setter
    def play(self, value: None) -> None:
        """No game on the device is on screen any more (the next is opened by its route)."""

    def render(self) -> None:
        """Rebuild every screen of the stack from state (after a change home shows too)."""

    def restyle(self) -> None:
        """Speak the language and wear the theme the settings say."""

    def new_play(self) -> None:
        """Open the form of a new game on the device."""

    def start_play(self, doc: GameDoc) -> bool:
        """Save a new game on the device and show it; whether it was saved (else said)."""
