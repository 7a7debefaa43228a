"""What a window hears from the other windows (app/news.py) is handled on the loop where its
taps and timers run, as Flet's own server wires pubsub (a hub on that loop, with a pool of
threads for plain functions): a redraw for news never runs beside one of the window's own."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

from flet.pubsub.pubsub_client import PubSubClient
from flet.pubsub.pubsub_hub import PubSubHub

from app.news import News


class Window:
    """A window as News sees it: its page (route, pubsub) and what it is asked to do."""

    def __init__(self, pubsub: PubSubClient, route: str) -> None:
        self.page = SimpleNamespace(pubsub=pubsub, route=route)
        self.refreshed: list[int] = []  # the thread of each redraw
        self.forgotten: list[str | None] = []
        self.drawn = threading.Event()

    def forget(self, match_id: str | None = None) -> None:
        self.forgotten.append(match_id)

    def refresh(self) -> None:
        self.refreshed.append(threading.get_ident())
        self.drawn.set()


class Guests:
    def publish(self, match_id: str) -> None:
        pass

    def reopen(self, match_id: str) -> None:
        pass


def test_news_from_another_window_is_handled_on_the_windows_loop() -> None:
    async def run() -> tuple[int, Window]:
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(2) as pool:
            hub = PubSubHub(loop=loop, executor=pool)
            here = Window(PubSubClient(hub, "here"), "/match/m1")
            News(here, Guests()).start()  # type: ignore[arg-type]
            PubSubClient(hub, "there").send_others(("match", "m1"))
            # waited in a thread: the loop stays free to handle the news
            assert await asyncio.to_thread(here.drawn.wait, 10)
        return threading.get_ident(), here

    loop_thread, here = asyncio.run(run())
    assert here.forgotten == ["m1"]
    assert here.refreshed == [loop_thread]  # on the loop, not in a thread of the pool


def test_news_of_another_match_redraws_nothing_here() -> None:
    window: Any = Window(SimpleNamespace(), "/match/m1")
    News(window, Guests()).heard(("match", "m2"))
    assert window.forgotten == ["m2"] and window.refreshed == []
