"""What the device itself offers a window (a client may lack any of it: each is guarded, and
none stops the app or waits for it): the languages it speaks, a light tap felt in the hand,
the screen kept on, and whether the device asks for less motion."""

from __future__ import annotations

import asyncio
import contextlib

import flet as ft

from app.preferences import Settings


class Hardware:
    """The device's services of one window: made once, kept referenced."""

    def __init__(self, page: ft.Page, settings: Settings) -> None:
        self.page = page
        self.settings = settings
        self.services: dict[str, ft.Service] = {}  # haptics, wakelock, semantics
        self.reduce_motion = False  # the device asks for less motion: cards do not travel
        self.languages: list[str] = []  # the device's, first the one it prefers

    async def ask_languages(self) -> None:
        """Learn the device's languages, first the one it prefers (none: a platform that
        cannot tell, which keeps the default)."""
        try:
            info = await asyncio.wait_for(self.page.get_device_info(), timeout=2)
        except Exception:  # noqa: BLE001 - any failure to ask means no answer
            self.languages = []
            return
        codes = [loc.language_code for loc in getattr(info, "locales", None) or []]
        codes += [getattr(info, "language", None) or ""]
        self.languages = [c for c in codes if c]

    def buzz(self) -> None:
        """A light tap felt in the hand when a card is played (unless turned off)."""
        if self.settings.get("haptics", True):
            self.call("haptics", "light_impact")

    def keep_awake(self, on: bool) -> None:
        """Keep the screen on while a game is on it."""
        self.call("wakelock", "enable" if on else "disable")

    def start(self) -> None:
        for name, make in (("haptics", ft.HapticFeedback), ("wakelock", ft.Wakelock),
                           ("semantics", ft.SemanticsService)):
            with contextlib.suppress(Exception):
                self.services[name] = make()
        semantics = self.services.get("semantics")

        async def motion(service: ft.SemanticsService) -> None:
            with contextlib.suppress(Exception):  # not on this client: motion as set
                features = await asyncio.wait_for(service.get_accessibility_features(), 2)
                self.reduce_motion = bool(getattr(features, "reduce_motion", False))

        if isinstance(semantics, ft.SemanticsService):
            with contextlib.suppress(Exception):
                self.page.run_task(motion, semantics)

    def call(self, name: str, method: str) -> None:
        """Call a device service in the background; a client without it changes nothing."""
        service = self.services.get(name)
        if service is None:
            return

        async def call() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(getattr(service, method)(), 2)

        with contextlib.suppress(Exception):
            self.page.run_task(call)
