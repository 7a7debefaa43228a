"""Shared fixtures. The browser tests need a system Chromium: in CI a missing browser fails the
run; on a developer's machine without one, those tests are skipped with the reason. Every test
runs in UTC (dates shown are the device's local time) unless it sets another zone.

`make test` runs the suite on every core (pytest-xdist, ``--dist loadgroup``): the browser
tests in two groups, each one test after the other on one worker (games on the device first;
screens and the referee last, on the worker that ran the other tests meanwhile)."""

from __future__ import annotations

import contextlib
import os
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

from tests.browser import CHROMIUM_ARGS, PAGES, Web, chromium

OUTCOME = pytest.StashKey[dict[str, pytest.TestReport]]()

E2E = re.compile(r"tests/test_e2e_(\w+)\.py::")
# Browser tests of screens and of the referee at a real table (no computer players, no quick
# taps on a card table): a group of their own, sent last, to the worker that ran the other
# tests while the first group ends. About a third of the browser tests' time: both workers
# end together.
LATE = {"app", "backup", "board", "camera", "colours", "corrections", "dark", "draft",
        "guest_fit", "home", "invite", "results", "samba", "setup", "share", "signs", "sums",
        "tabs", "typed", "wide"}


def group(nodeid: str) -> str | None:
    """The xdist group of a test: "browser", "browser-late" or none."""
    found = E2E.match(nodeid)
    return None if found is None else "browser-late" if found[1] in LATE else "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order the workers are given the tests (see :class:`Scheduling`)."""
    order = {"browser": 0, None: 1, "browser-late": 2}
    items.sort(key=lambda item: order[group(item.nodeid)])


class Scheduling(LoadGroupScheduling):
    """``--dist loadgroup`` with the browser tests in two groups, each run one test after the
    other on one worker: "browser" first, then every other test one at a time to any worker,
    then "browser-late" (the collection's order, kept). xdist reads
    a test's group from a suffix its collection adds to the test's id, which pytest 9.2 no
    longer lets it change (pytest-xdist issue 1386): the file says it here."""

    def _split_scope(self, nodeid: str) -> str:
        return group(nodeid) or super()._split_scope(nodeid)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Scheduling | None:
    if config.getvalue("dist") != "loadgroup":
        return None
    config.option.loadscopereorder = False  # the largest group first would send both at once
    return Scheduling(config, log)


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


@pytest.fixture(autouse=True)
def deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The games a test starts in its own process are dealt from its name: each run deals
    them alike, so a failure bound to a deal fails again (a browser test's server is a
    process of its own: a test that needs one deal saves its game with a seed)."""
    import app.play

    draw = random.Random(request.node.nodeid)
    monkeypatch.setattr(app.play, "fresh_seed", lambda: draw.randrange(2**31))


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
