"""HTTP/1.1 for the guest server, on the standard library's asyncio streams: one request read
whole under a deadline, one answer written whole under a deadline.

Why asyncio and not ``http.server``'s threads: a connection that is idle, slow or a stream
costs a socket and a small task here, not one of a few threads, so that no crowd of them can
keep a seated phone's tap waiting. The guards a real server has are here: a deadline for a
request's headers (however slowly they drip), a bound on their size, a deadline on every
write (a phone that stops reading is dropped), connections bounded per address and in all,
and no body ever left on a connection: an answer given before the body is read closes it.
Only what the guest page sends is understood: GET, HEAD, POST with a ``Content-Length``."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import io
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus

HEAD = 8192  # the largest request line and headers
IDLE = 10.0  # seconds from a connection's accept (or its last answer) to a request's whole
# headers: an idle connection and a slow one are closed alike
BODY_WAIT = 5.0  # seconds a body may take to arrive
SEND_WAIT = 10.0  # seconds an answer (or a push) may wait for the phone to read it
LINGER = 2.0  # seconds a connection closed after an answer reads on (and drops) what comes
LINGER_BYTES = 65536  # ... and how much of it
CONNECTIONS = 256  # connections open at once (well below a process's open files)
PER_ADDRESS = 16  # connections one address may hold (a phone's browser opens about 6)
METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")


class Refused(Exception):
    """A request that cannot be read: answered with ``status``, then the connection closes."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@dataclass
class Request:
    """One request as read: its body is read only when asked for (``body`` None till then)."""

    method: str
    path: str
    headers: http.client.HTTPMessage
    peer: str
    length: int | None  # the declared body size (None: none declared)
    close: bool  # the client asks to close after this answer
    body: bytes | None = None

    def header(self, name: str, most: int = 200) -> str:
        return str(self.headers.get(name, ""))[:most]

    @property
    def unread(self) -> bool:
        """Whether a body may be left on the connection (the answer must then close it): one
        declared and not read, or a POST's that was not read (declared or not)."""
        return self.body is None and (bool(self.length) or self.method not in ("GET", "HEAD"))


@dataclass
class Answer:
    """An answer to send whole: status, type, body, and headers (``more`` may repeat, such as
    Set-Cookie)."""

    status: int
    body: bytes = b""
    kind: str = "text/plain; charset=utf-8"
    headers: Mapping[str, str] = field(default_factory=dict)
    more: tuple[tuple[str, str], ...] = ()


def _strict_int(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise Refused(400)
    return int(text)


async def read_request(reader: asyncio.StreamReader, peer: str) -> Request | None:
    """The next request's line and headers, within :data:`IDLE` (None: the connection was
    closed between requests). Raises :class:`Refused` for one that cannot be read, and
    TimeoutError past the deadline."""
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), IDLE)
    except asyncio.IncompleteReadError as error:
        if error.partial.strip():
            raise Refused(400) from None
        return None
    except asyncio.LimitOverrunError:
        raise Refused(431) from None
    line, _, rest = head.partition(b"\r\n")
    parts = line.decode("iso-8859-1").split(" ")
    if len(parts) != 3 or parts[2] not in ("HTTP/1.1", "HTTP/1.0"):
        raise Refused(400)
    method, target, version = parts
    if method not in METHODS:
        raise Refused(501)
    if not target.startswith("/"):
        raise Refused(400)
    try:
        headers = http.client.parse_headers(io.BytesIO(rest))
    except http.client.HTTPException:
        raise Refused(431) from None
    if headers.get_all("Transfer-Encoding"):
        raise Refused(501)  # no chunked bodies: the page sends none
    lengths = headers.get_all("Content-Length") or []
    hosts = headers.get_all("Host") or []
    if len(lengths) > 1 or len(hosts) > 1:
        raise Refused(400)  # two framings or two hosts: a request smuggled in
    length = _strict_int(lengths[0].strip()) if lengths else None
    connection = str(headers.get("Connection", "")).lower()
    close = version == "HTTP/1.0" or "close" in connection
    return Request(method, target.split("?")[0], headers, peer, length, close)


async def read_body(reader: asyncio.StreamReader, request: Request) -> bytes:
    """The body of ``request`` (its declared length), within :data:`BODY_WAIT`."""
    request.body = await asyncio.wait_for(reader.readexactly(request.length or 0), BODY_WAIT)
    return request.body


def encode(answer: Answer, close: bool, head: bool = False) -> bytes:
    """``answer`` as bytes: its head, then its body (not for a HEAD request)."""
    lines = [f"HTTP/1.1 {answer.status} {HTTPStatus(answer.status).phrase}",
             "Server: Meja", f"Content-Type: {answer.kind}",
             f"Content-Length: {len(answer.body)}"]
    lines += [f"{k}: {v}" for k, v in (*answer.headers.items(), *answer.more)]
    if close:
        lines.append("Connection: close")
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    return data if head else data + answer.body


def stream_head(headers: Iterable[tuple[str, str]]) -> bytes:
    """The head of an event stream (it ends with the connection)."""
    lines = ["HTTP/1.1 200 OK", "Server: Meja", "Content-Type: text/event-stream; charset=utf-8",
             *(f"{k}: {v}" for k, v in headers), "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def send(writer: asyncio.StreamWriter, data: bytes) -> None:
    """Write ``data`` and wait until the phone has taken it, within :data:`SEND_WAIT`."""
    writer.write(data)
    await asyncio.wait_for(writer.drain(), SEND_WAIT)


async def linger(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Close after an answer without losing it: our side ends (the answer goes first), and
    what the phone still sends (a body not read) is read and dropped for a moment, so that
    the system does not reset the connection before the phone has read the answer."""
    with contextlib.suppress(OSError, RuntimeError):
        if writer.can_write_eof():
            writer.write_eof()
    left = LINGER_BYTES
    with contextlib.suppress(OSError, TimeoutError):
        async with asyncio.timeout(LINGER):
            while left > 0:
                data = await reader.read(min(left, 4096))
                if not data:
                    return
                left -= len(data)


class Gate:
    """The connections open, per address and in all (on the server's loop only)."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()

    def enter(self, peer: str) -> bool:
        """Count a new connection in; False: refused (too many from ``peer``, or in all)."""
        if self.open.total() >= CONNECTIONS or self.open[peer] >= PER_ADDRESS:
            return False
        self.open[peer] += 1
        return True

    def leave(self, peer: str) -> None:
        self.open[peer] -= 1
        if self.open[peer] <= 0:
            del self.open[peer]
