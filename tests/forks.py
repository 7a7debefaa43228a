"""The browser tests' app servers, each forked from one process that imported the app once:
the standard library's fork server (:mod:`multiprocessing`, its modules preloaded). A
server's start is mostly its imports (0.85 s of CPU of its 0.9 s), and a run starts about
two hundred of them on two cores. Used where the system has a fork server; elsewhere each
server is its own ``python -m app`` (see :class:`tests.browser.Server`)."""

from __future__ import annotations

import functools
import multiprocessing
import os
import runpy
import sys
import time
from multiprocessing.context import ForkServerContext

# what ``python -m app --web`` imports, its web server's too (imported once it serves)
PRELOAD = ["app.main", "flet_web.fastapi.serve_fastapi_web_app", "uvicorn",
           "uvicorn.protocols.http.httptools_impl", "uvicorn.protocols.websockets.auto",
           "websockets.server", "websockets.extensions.permessage_deflate", "httptools",
           "anyio._core._sockets", "flet.messaging.session"]

@functools.cache
def forks() -> ForkServerContext | None:
    """This test worker's fork server (started at its first server), None where the system
    has none."""
    if not sys.platform.startswith("linux"):
        return None
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def serve(argv: list[str], env: dict[str, str], log: str, cwd: str) -> None:
    """In the forked process: what ``python -m app`` does with ``argv`` and the environment
    ``env`` in the folder ``cwd``, its output appended to ``log``."""
    out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    time.tzset()  # the test's time zone (TZ)
    # the system's way to start processes, as in ``python -m app`` (the lab's), not the fork
    # server this process came from (which it was told to use)
    multiprocessing.set_start_method(None, force=True)
    sys.argv = ["app", *argv]
    runpy.run_module("app", run_name="__main__", alter_sys=True)
