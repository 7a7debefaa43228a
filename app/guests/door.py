"""The door of a table open to guest phones: a link (and a short code) per seat, the phone
seated there, a watch link that can never act, and whether the host has locked the table.

A seat's link holds a 128-bit token from ``secrets``; a phone holds a device key of its own
(in an HttpOnly cookie), of which the door keeps only a hash. Tokens and keys are compared in
constant time. The door is plain data, saved with the host's settings so that guests find
their seats again after the host restarts; it is changed on the host's event loop only."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import asdict, dataclass, field, replace
from typing import Any

# short codes: no 0/O, 1/I/L, so they are typed as read
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 6

SEATED = "seated"
ASKING = "asking"  # a second phone asks for a seat held by another: the host decides
LOCKED = "locked"


def token() -> str:
    """A new 128-bit secret, fit for a link."""
    return secrets.token_urlsafe(16)


def short_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))


def device_hash(key: str) -> str:
    """What the door keeps of a phone's device key."""
    return hashlib.sha256(key.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time equality of two secrets (an empty one never matches)."""
    return bool(a) and bool(b) and hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True)
class Ticket:
    """One seat's way in: its link's token, its short code, the phone seated there (the hash
    of its device key, "" when free) and a phone asking for it ("" when none)."""

    seat: int
    name: str
    token: str
    code: str
    device: str = ""
    asking: str = ""


@dataclass(frozen=True)
class Door:
    """The table ``key`` (a game on the device, ``play-…``, or a match id) open to guests."""

    key: str
    tickets: tuple[Ticket, ...]
    watch: str = field(default_factory=token)
    locked: bool = False
    port: int = 0  # the port guests were given (kept after a restart when it is free)

    @classmethod
    def open(cls, key: str, seats: list[tuple[int, str]]) -> Door:
        """A new door with a fresh token and code for each of ``seats`` (seat, name)."""
        codes: set[str] = set()
        while len(codes) < len(seats):
            codes.add(short_code())
        return cls(key, tuple(Ticket(s, n, token(), c)
                              for (s, n), c in zip(seats, sorted(codes), strict=True)))

    # -- who is who ---------------------------------------------------------------------------
    def by_token(self, value: str) -> Ticket | None:
        """The ticket whose link holds ``value``."""
        return self._find("token", value)

    def by_code(self, value: str) -> Ticket | None:
        """The ticket of a short code as typed (any case, spaces or a dash inside)."""
        return self._find("code", value.strip().upper().replace(" ", "").replace("-", ""))

    def _find(self, field: str, value: str) -> Ticket | None:
        """Every ticket compared in constant time, so the time taken tells nothing."""
        found = None
        for ticket in self.tickets:
            if same(getattr(ticket, field), value):
                found = ticket
        return found

    def ticket(self, seat: int) -> Ticket | None:
        return next((t for t in self.tickets if t.seat == seat), None)

    def seated(self) -> frozenset[int]:
        """The seats a guest phone holds."""
        return frozenset(t.seat for t in self.tickets if t.device)

    def holder(self, token_value: str, device: str) -> Ticket | None:
        """The ticket of ``token_value`` if the phone of ``device`` (a hash) is seated there."""
        ticket = self.by_token(token_value)
        return ticket if ticket is not None and same(ticket.device, device) else None

    # -- changes (each returns the new door) --------------------------------------------------
    def join(self, ticket: Ticket, device: str) -> tuple[Door, str]:
        """The phone of ``device`` asks for ``ticket``'s seat: taken if free (or its own);
        else it waits for the host's yes (a second phone). A locked table takes no one new."""
        if same(ticket.device, device):
            return self, SEATED
        if self.locked:
            return self, LOCKED
        if not ticket.device:
            return self._put(replace(ticket, device=device, asking="")), SEATED
        return self._put(replace(ticket, asking=device)), ASKING

    def allow(self, seat: int) -> Door:
        """The host says yes: the phone asking takes the seat (the one there leaves)."""
        ticket = self.ticket(seat)
        if ticket is None or not ticket.asking:
            return self
        return self._put(replace(ticket, device=ticket.asking, asking=""))

    def refuse(self, seat: int) -> Door:
        ticket = self.ticket(seat)
        return self if ticket is None else self._put(replace(ticket, asking=""))

    def unseat(self, seat: int) -> Door:
        """The phone at ``seat`` leaves it; its link and code are new (the old ones open
        nothing any more)."""
        ticket = self.ticket(seat)
        if ticket is None:
            return self
        taken = {t.code for t in self.tickets}
        code = short_code()
        while code in taken:
            code = short_code()
        return self._put(replace(ticket, device="", asking="", token=token(), code=code))

    def lock(self, locked: bool) -> Door:
        return replace(self, locked=locked)

    def _put(self, ticket: Ticket) -> Door:
        return replace(self, tickets=tuple(ticket if t.seat == ticket.seat else t
                                           for t in self.tickets))

    # -- saved with the settings -------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, doc: Any) -> Door | None:
        """A saved door; None when it is damaged (a door is then opened anew)."""
        try:
            tickets = tuple(Ticket(int(t["seat"]), str(t["name"]), str(t["token"]),
                                   str(t["code"]), str(t.get("device", "")),
                                   str(t.get("asking", ""))) for t in doc["tickets"])
            return cls(str(doc["key"]), tickets, str(doc["watch"]), bool(doc.get("locked")),
                       int(doc.get("port") or 0))
        except (KeyError, TypeError, ValueError):
            return None
