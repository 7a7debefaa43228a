"""The other windows of this process (browser sessions of one server) and the phones at the
table: told when a match changes here, and a change made in another window shown here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.guests.hub import Guests
    from app.window import Window


class News:
    """What one window tells the others, and hears from them, over the page's pubsub."""

    def __init__(self, window: Window, guests: Guests) -> None:
        self.window = window
        self.guests = guests

    def start(self) -> None:
        self.window.page.pubsub.subscribe(self._heard)

    async def _heard(self, message: object) -> None:
        """:meth:`heard` on the window's loop, where its taps and timers run. Flet calls a
        plain function subscribed to pubsub in a thread of its own: a redraw from there ran
        beside one of the window's own (a referee's button let go after its hold) and the
        older screen could be sent last, a change in another tab never shown."""
        self.heard(message)

    def announce(self, match_id: str) -> None:
        """Tell the other windows, and the phones at the table, that this match changed (a
        tap, an undo, an import)."""
        self.window.page.pubsub.send_others(("match", match_id))
        self.guests.publish(match_id)

    def heard(self, message: object) -> None:
        """A match changed in another window: show it as saved now, wherever it shows."""
        if not (isinstance(message, tuple) and len(message) == 2 and message[0] == "match"):
            return
        match_id = message[1]
        window = self.window
        window.forget(match_id or None)  # opened again from storage on the next screen
        self.guests.publish(match_id)
        route = window.page.route or "/"
        if route.startswith(f"/match/{match_id}") or route in ("/", "/history"):
            window.refresh()
        self.guests.reopen(match_id)
