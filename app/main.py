"""Entry point: ``python -m app`` opens the window, ``python -m app --web`` serves a browser."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import flet as ft
from flet.utils.platform_utils import is_linux_server

from app.shell import Shell
from app.storage import Store, default_data_dir


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m app", description="Meja, the card table app")
    parser.add_argument("--web", action="store_true", help="serve the app to a web browser")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to serve on (default 127.0.0.1; 0.0.0.0 for the LAN)")
    parser.add_argument("--port", type=int, default=8550, help="port for --web (default 8550)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where matches are kept (default: MEJA_DATA_DIR or the user's "
                             "data folder)")
    return parser.parse_args(argv)


def data_dir(args: argparse.Namespace) -> Path:
    if args.data_dir is not None:
        return Path(args.data_dir)
    return default_data_dir()


def run(argv: Sequence[str] | None = None) -> None:
    """Open the store once, then serve every window or browser session from it."""
    args = parse(argv)
    store = Store(data_dir(args))

    async def main(page: ft.Page) -> None:
        await Shell(page, store).start()

    # Without a screen Flet serves the browser app instead of opening a window, and would then
    # listen on every interface: keep it on the address asked for (127.0.0.1 by default).
    if args.web or is_linux_server() or os.environ.get("FLET_FORCE_WEB_SERVER"):
        print(f"Meja is served on http://{args.host}:{args.port}/", flush=True)
        ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True,
               assets_dir=str(Path(__file__).parent / "assets"))
    else:
        ft.run(main, assets_dir=str(Path(__file__).parent / "assets"))


if __name__ == "__main__":
    run(sys.argv[1:])
