"""Shared fixtures. The browser tests need a system Chromium: in CI a missing browser fails the
run; on a developer's machine without one, those tests are skipped with the reason. Every test
runs in UTC (dates shown are the device's local time) unless it sets another zone."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, PAGES, chromium


@pytest.fixture(autouse=True)
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set the device's time zone (``TZ``) for a test; UTC unless the test says otherwise
    (the app shows stored UTC times in local time). A browser test's server inherits it."""

    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    set_zone("UTC")
    yield set_zone
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI needs a system Chromium (apt-get install chromium)")
        pytest.skip("no system Chromium here (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(autouse=True)
def close_pages() -> Iterator[None]:
    """A page left open keeps its app drawing and its server session alive: close them."""
    yield
    while PAGES:
        page = PAGES.pop()
        with contextlib.suppress(Exception):
            page.close()
