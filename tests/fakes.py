"""What the referee tests share: a shell with just what a referee calls, and the words a
built screen shows."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft

from views.common import children


def run_alone(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` to its end in a thread of its own: a browser test run before may
    hold this thread's event loop (Playwright's), where asyncio.run is refused."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class FakePage:
    """What the shell asks of a Flet page, without a client: a route, views, dialogs, and
    what the other windows were told (``told``). Given its ``shell``, a navigation renders."""

    def __init__(self) -> None:
        self.route = "/"
        self.views: list[Any] = []
        self.dialogs: list[Any] = []
        self.web = False
        self.url = ""
        self.platform = ft.PagePlatform.LINUX
        self.theme_mode = ft.ThemeMode.SYSTEM
        self.told: list[Any] = []
        self.pubsub = SimpleNamespace(send_others=self.told.append, subscribe=lambda *a: None)
        self.shell: Any = None

    def navigate(self, route: str) -> None:
        self.route = route
        if self.shell is not None:
            self.shell.render()

    def update(self, *controls: Any) -> None:
        pass

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        if self.dialogs:
            self.dialogs.pop()

    def run_task(self, fn: Any, *args: Any) -> None:
        close = getattr(fn(*args), "close", None)  # a coroutine never run: closed quietly
        if close:
            close()


class FakeShell:
    """Just what a referee calls (``app.host.Host``): a store, a translator, navigation and
    messages; and the match controller kept (``referees``)."""

    def __init__(self, root: Path, language: str = "en") -> None:
        from app.i18n import Translator
        from app.referees import Referees
        from app.storage import Store

        self.store = Store(root)
        self.t = Translator(language)
        self.route = ""
        self.toasts: list[str] = []
        self.referees = Referees(self)
        self.waiting: list[Callable[[], None]] | None = None  # calls for later; None: at once

    def later(self, seconds: float, call: Callable[[], None]) -> None:
        if self.waiting is None:
            call()
        else:
            self.waiting.append(call)

    def forget(self, match_id: str | None = None) -> None:
        self.referees.forget(match_id)

    def go(self, route: str) -> None:
        self.route = route

    def refresh(self) -> None:
        pass

    def toast(self, text: str) -> None:
        self.toasts.append(text)

    def announce(self, match_id: str) -> None:
        pass

    def new_match(self, *args: object, **kwargs: object) -> None:
        self.route = "/new"


def texts(control: Any) -> str:
    """Every text a built screen shows (values, labels, titles), one a line."""
    out: list[str] = []

    def walk(c: Any) -> None:
        for name in ("value", "label", "content", "text", "title"):
            v = getattr(c, name, None)
            if isinstance(v, str):
                out.append(v)
        for child in children(c):
            walk(child)

    walk(control)
    return "\n".join(out)
