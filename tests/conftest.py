"""Shared fixtures. The browser tests need a system Chromium: in CI a missing browser fails the
run; on a developer's machine without one, those tests are skipped with the reason."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, PAGES, chromium


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
