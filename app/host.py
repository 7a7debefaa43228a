"""What a screen's controller may ask of the window it is drawn in: a small typed interface,
which the shell (``app.shell.Shell``) implements and tests fake. Controllers name this, never
the shell: they need not know it, and nothing imports the shell but ``app.main``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from app.i18n import Translator
    from app.storage import Store


class Host(Protocol):
    """Storage, texts, navigation and messages: what a match's controller calls."""

    store: Store
    t: Translator

    def go(self, route: str) -> None:
        """Show ``route`` (redrawn when it is already shown)."""

    def refresh(self) -> None:
        """Redraw the screen on top from state."""

    def toast(self, text: str) -> None:
        """Say ``text`` for a moment."""

    def later(self, seconds: float, call: Callable[[], None]) -> None:
        """Call ``call`` in ``seconds``, on the window's own loop (as a tap is)."""

    def announce(self, match_id: str) -> None:
        """Tell the other windows that this match changed."""

    def forget(self, match_id: str | None = None) -> None:
        """The match's controller (None: any) is out of date: open it again when shown."""

    def new_match(self, players: list[str] | None = None, game: str = "",
                  options: Mapping[str, object] | None = None, dealer: int = 0) -> None:
        """Open the new-match screen with these players, game (the first one by default)
        and options."""
