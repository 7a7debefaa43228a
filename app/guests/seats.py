"""What an open table offers its guests: each seat's view, and a guest's action done through
the same service call as a tap on the host. A game on the device (``app.guests.play_seats``) and a
match at the table (``app.guests.match_seats``) each implement :class:`Seats`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from app.i18n import Translator
    from models.bots.hint import Hint

OK = 200
OLD = 409  # drawn from a version that is gone: nothing to say
REFUSED = 422  # the rules (or a bad body) say no: ``why``
AWAY = 503  # the host's screen for this table is not open


@dataclass(frozen=True)
class Reply:
    """What became of a guest's action: ``ok`` once it is saved; else ``why`` in the player's
    words ("" when there is nothing to tell)."""

    ok: bool
    why: str = ""
    status: int = OK


STALE = Reply(False, status=OLD)
ACCEPT, REFUSE = "accept", "refuse"  # the host's answers to a phone asking to take back


@dataclass
class Asks:
    """What the guest phones at a game on the device ask of its host, beside their moves
    (``app.guests.asks``): kept by the game's screen, not saved."""

    closed: dict[int, frozenset[int]] = field(default_factory=dict)  # summaries seen: seats
    # whose phone closed that summary
    thinking: set[tuple[int, int]] = field(default_factory=set)  # (seat, version) hints asked
    hints: dict[int, tuple[int, int, Hint]] = field(default_factory=dict)  # seat: (version,
    # action, hint)
    undo: tuple[int, int] | None = None  # (seat, version) asking to take back its move
    answers: dict[int, tuple[int, bool]] = field(default_factory=dict)  # seat: (version,
    # accepted)

    def asking(self, version: int) -> int:
        """The seat asking to take back its move on the table of ``version``, -1: none."""
        undo = self.undo
        return undo[0] if undo is not None and undo[1] == version else -1


class Seats(Protocol):
    """One table open to guests."""

    def seats(self) -> list[tuple[int, str]]:
        """The seats a guest may take: (seat, name) of each person's seat."""
        ...

    def room(self, t: Translator) -> dict[str, object]:
        """What the table screen's link shows now in ``t``'s language: the public table drawn
        large (:mod:`app.guests.room`), never a card of a hand. JSON-able."""
        ...

    def payload(self, seat: int, t: Translator) -> dict[str, object]:
        """What ``seat`` sees now in ``t``'s language (-1: the public table), from what that
        seat may see only. JSON-able."""
        ...

    def act(self, seat: int, body: Mapping[str, object], t: Translator | None = None) -> Reply:
        """A guest's action (parsed JSON, not yet checked), on the host's event loop, through
        the service call a tap on the host makes; its refusals in ``t``'s language (None: the
        host's)."""
        ...
