"""Shared fixtures. The browser tests need a system Chromium: in CI a missing browser fails the
run; on a developer's machine without one, those tests are skipped with the reason. Every test
runs in UTC (dates shown are the device's local time) unless it sets another zone.

`make test` runs the suite on every core (pytest-xdist, ``--dist loadgroup``): the browser
tests are one group, run one after the other on one worker (one Chromium, one server at a
time: their waits are timed for that), first, while the other workers take the rest."""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

from tests.browser import CHROMIUM_ARGS, PAGES, Web, chromium

OUTCOME = pytest.StashKey[dict[str, pytest.TestReport]]()




class Scheduling(LoadGroupScheduling):
    """``--dist loadgroup`` with the browser tests (tests/test_e2e_*.py) one group, sent first
    (the largest). xdist reads a test's group from a suffix its collection adds to the test's
    id, which pytest 9.2 no longer lets it change (pytest-xdist issue 1386): the file says it."""

    def _split_scope(self, nodeid: str) -> str:
        return "browser" if nodeid.startswith("tests/test_e2e_") else super()._split_scope(nodeid)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Scheduling | None:
    return Scheduling(config, log) if config.getvalue("dist") == "loadgroup" else None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Any:
    """Each phase's report, kept on the test (the ``web`` fixture asks whether it failed)."""
    report = yield
    item.stash.setdefault(OUTCOME, {})[report.when] = report
    return report


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


@pytest.fixture
def web(browser: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Web]:
    """The app in web mode on the test's data folder (``tmp_path / "data"``), its pages in the
    session's Chromium: see :class:`tests.browser.Web`. A failed test leaves
    tests/screenshots/failure-<test>-<page>.png."""
    served = Web(browser, tmp_path / "data")
    yield served
    call = request.node.stash.get(OUTCOME, {}).get("call")
    name = re.sub(r"[^\w.-]+", "-", request.node.nodeid.split("/")[-1].replace(".py::", "-"))
    served.close(name if call is not None and call.failed else None)
