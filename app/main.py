"""Start-up: ``python -m app`` opens the window, ``python -m app --web`` serves a browser.

A mistake on the command line (a port out of range or taken, a data folder that cannot be
written) is said in one line, with exit status 2. Where the desktop window cannot be had
(Flet's desktop client is downloaded at first use, and the machine is offline), the app is
served to the system browser instead, and one line says why and how to get the window.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import socket
import sys
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import NoReturn

import flet as ft

from app.embedding import is_embedded, is_linux_server
from app.shell import Shell
from app.storage import Store, default_data_dir

ASSETS = Path(__file__).resolve().parent.parent / "assets"  # beside main.py, as phones want
FETCH_TIMEOUT = 30  # seconds without a byte before the desktop client's download gives up
# How long a thread keeps the interpreter when another asks for it (Python's default: 5 ms).
# A computer thinking in its thread would otherwise hold back the thread that sends the
# screen: each message of a tap's answer waited up to 5 ms (measured: a tap's p90 110 -> 73
# ms in the browser benchmark); thinking loses a few percent.
SWITCH = 0.0005


class Usage(Exception):
    """A command-line mistake, said in one line."""


class Parser(argparse.ArgumentParser):
    """argparse, its mistakes said in one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {port}")
    return port


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = Parser(prog="python -m app", description="Meja, the card table app")
    parser.add_argument("--web", action="store_true", help="serve the app to a web browser")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to serve on (default 127.0.0.1; 0.0.0.0 for the LAN)")
    parser.add_argument("--port", type=port_number, default=8550,
                        help="port for --web (default 8550)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where matches are kept (default: MEJA_DATA_DIR or the user's "
                             "data folder)")
    return parser.parse_args(argv)


def data_dir(args: argparse.Namespace) -> Path:
    if args.data_dir is not None:
        return Path(args.data_dir)
    return default_data_dir()


def writable(folder: Path) -> Path:
    """``folder``, made if needed; Usage when a file cannot be written there."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise Usage(f"cannot keep data in {folder}: {error.strerror or error}") from None
    return folder


def free(host: str, port: int) -> None:
    """Usage when ``host:port`` cannot be served on (taken, or not this machine's address)."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(info[0], socket.SOCK_STREAM) as s:
            if os.name != "nt":  # as the web server binds: a port left by a crash is free
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(info[4])
    except OSError as error:
        raise Usage(f"cannot serve on {host}:{port}: {error.strerror or error}") from None


def any_free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def desktop_trouble() -> str | None:
    """Why the desktop window cannot open here (None: it can). Flet fetches its desktop client
    once, at first use; offline or behind a proxy that fails."""
    if os.environ.get("FLET_VIEW_PATH"):
        return None
    try:
        import flet_desktop
    except ImportError:
        return "the flet-desktop package is not installed"
    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(FETCH_TIMEOUT)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            flet_desktop.ensure_client_cached()
    except Exception as error:  # noqa: BLE001 - any failure to fetch means no window
        reason = getattr(error, "reason", None) or error
        return f"Flet's desktop client could not be downloaded ({reason})"
    finally:
        socket.setdefaulttimeout(previous)
    return None


def serve(main: Callable[[ft.Page], Awaitable[None]], host: str, port: int) -> None:
    print(f"Meja is served on http://{host}:{port}/", flush=True)
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True,
           assets_dir=str(ASSETS))


def run(argv: Sequence[str] | None = None) -> None:
    """Open the store once, then serve every window or browser session from it."""
    args = parse(argv)
    web = args.web or is_linux_server() or bool(os.environ.get("FLET_FORCE_WEB_SERVER"))
    try:
        folder = writable(data_dir(args))
        if web:
            free(args.host, args.port)
    except Usage as error:
        Parser(prog="python -m app").error(str(error))
    store = Store(folder)
    sys.setswitchinterval(SWITCH)

    async def main(page: ft.Page) -> None:
        await Shell(page, store).start()

    if is_embedded():  # a phone: Flet's client is the app itself
        ft.run(main)
        return
    # Without a screen Flet serves the browser app instead of opening a window, and would then
    # listen on every interface: keep it on the address asked for (127.0.0.1 by default).
    if web:
        serve(main, args.host, args.port)
        return
    trouble = desktop_trouble()
    if trouble is None:
        ft.run(main, assets_dir=str(ASSETS))
        return
    try:
        free("127.0.0.1", args.port)
        port = args.port
    except Usage:  # another Meja has it: any port will do for this one
        port = any_free_port("127.0.0.1")
    print(f"Meja: no desktop window: {trouble}. Opening Meja in your browser instead; "
          "`make desktop` fetches the window once you are online.", flush=True)
    serve(main, "127.0.0.1", port)


if __name__ == "__main__":
    run(sys.argv[1:])
