"""What the referee tests share: a shell with just what a referee calls, and the words a
built screen shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from views.common import children


class FakeShell:
    """Just what a referee calls: a store, a translator, navigation and messages."""

    def __init__(self, root: Path, language: str = "en") -> None:
        from app.i18n import Translator
        from app.storage import Store

        self.store = Store(root)
        self.t = Translator(language)
        self.route = ""
        self.toasts: list[str] = []

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
