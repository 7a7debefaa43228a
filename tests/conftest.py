"""Shared fixtures. The browser tests need a system Chromium: in CI a missing browser fails the
run; on a developer's machine without one, those tests are skipped with the reason."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS, chromium


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
