"""The application shell, one per window or browser session: it routes each route to its
screen's controller, and is the window they draw in (translator, theme, services, redraw)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import flet as ft

from app.device import GameDoc
from app.guests.hub import Guests
from app.guests.invite import Invite
from app.hardware import Hardware
from app.history import HistoryScreen
from app.home import HomeScreen
from app.i18n import LANGUAGES, Said, Translator, refusal, system_language
from app.lab import Lab
from app.navigation import Navigation
from app.news import News
from app.play import DevicePlay
from app.preferences import Settings
from app.referees import Referees
from app.rules_screen import RulesScreen
from app.settings import THEME_MODES, SettingsScreen
from app.setup import SetupScreen
from app.stats import StatsScreen
from app.storage import Store
from app.window import Screen
from models.errors import MejaError
from views.common import dress, snack
from views.reconcile import reconcile

if TYPE_CHECKING:
    from app.share.screens import Sharing


class Shell:
    """Routes each screen to its controller, and is the window they draw in."""

    def __init__(self, page: ft.Page, store: Store) -> None:
        self.page = page
        self.store = store
        self.settings = Settings(store)
        self.hardware = Hardware(page, self.settings)
        self.t = Translator("en")
        self.restyle()
        self.buzz, self.keep_awake = self.hardware.buzz, self.hardware.keep_awake
        self.referees = Referees(self)  # the controller of the match on screen
        self.play: DevicePlay | None = None  # the game on the device on screen
        self.home, self.setup = HomeScreen(self), SetupScreen(self)
        self.screens: dict[str, Screen] = {  # the screen of each ``/<name>`` route
            "history": HistoryScreen(self), "players": StatsScreen(self),
            "rules": RulesScreen(self), "lab": Lab(self),
            "settings": SettingsScreen(self, lambda: self.sharing.live_section())}
        self.guests = Guests(self)  # the table open to the players' phones
        self.invite = Invite(self, self.guests)
        self.news = News(self, self.guests)  # what the other windows are told, and tell
        self.nav = Navigation(page, self.render)

    # -- start-up ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Set up the page, its language, theme and device services, and show its route."""
        page = self.page
        dress(page)
        await self.hardware.ask_languages()
        self.restyle()
        self.hardware.start()
        page.on_resize = lambda _e: self.resized()
        self.store.players()  # read now, so that a damaged file is reported on the home screen
        page.on_route_change = lambda _e: self.routed()
        page.on_view_pop = self.nav.popped
        page.on_disconnect = lambda _e: self.away()
        page.on_connect = lambda _e: self.back()
        self.news.start()
        if self.settings.get("live"):
            self.sharing.resume_live()
        with contextlib.suppress(OSError):  # the address is taken: the host opens it again
            self.guests.resume()
        self.routed()

    def restyle(self) -> None:
        """Speak the language and wear the theme the settings say (the device's language
        unless one is chosen)."""
        chosen = self.settings.get("language", "system")
        self.t = Translator(chosen if chosen in LANGUAGES
                            else system_language(self.hardware.languages))
        self.page.theme_mode = THEME_MODES.get(self.settings.get("theme", "system"),
                                               ft.ThemeMode.SYSTEM)

    @property
    def reduce_motion(self) -> bool:
        return self.hardware.reduce_motion

    # -- navigation (see app/navigation.py) ------------------------------------------------
    def go(self, route: str) -> None:
        self.nav.go(route)

    def routed(self) -> None:
        """The route changed (or the app opened on it): people left the game on the device
        they were at, or came to one, whose computer players then stop or play."""
        route = self.page.route or "/"
        if not self.nav.arrived(route, self.setup.form is not None):
            return
        if self.play is not None and route != self.play.route:
            self.play.close()
        self.render()
        if self.play is not None and self.page.route == self.play.route:
            self.play.open()
        self.guests.claim()  # a window that shows the phones' table is their host
        self.nav.shown(route)

    def away(self) -> None:
        """The browser tab was closed (or lost its connection): the computers stop playing
        for no one; the game waits, saved."""
        if self.play is not None:
            self.play.close()

    def back(self) -> None:
        """The tab is connected again: the game on screen plays on (and its phones)."""
        if self.play is not None and self.page.route == self.play.route:
            self.play.open()
        self.guests.claim()

    # -- drawing ----------------------------------------------------------------------------
    def resized(self) -> None:
        """The window changed size: a screen laid out for its size (a card table, the
        invite) is drawn again for it."""
        if self.play is not None and self.play.showing:
            self.play.redraw()
        elif (self.page.route or "").endswith("/guests"):
            self.refresh()

    def render(self) -> None:
        """Rebuild the view stack for the current route (home below everything). A view whose
        route is already shown is redrawn in place (see views/reconcile.py): a tap landing on it
        in the same moment is not lost."""
        route = self.page.route or "/"
        views = [self.home.view()]
        try:
            top = self._screen(route)
        except MejaError as error:
            self.toast(refusal(self.t, error))
            top = None
        if top is not None:
            views.append(self.nav.guard(top))
        shown = {v.route: v for v in self.page.views}
        views = [reconcile(shown[v.route], v) if v.route in shown else v for v in views]
        self.page.views.clear()
        self.page.views.extend(views)
        self.page.update()
        self._sent()

    def refresh(self) -> None:
        """Rebuild only the screen on top (a tap's answer: cheaper than a full render)."""
        top = self._screen(self.page.route or "/")
        if top is None:
            return self.render()
        top = self.nav.guard(top)
        if len(self.page.views) > 1:
            shown = self.page.views[-1]
            if shown is top:  # a screen that keeps its view (the card table): only it changed
                return self._sent(top)
            self.page.views[-1] = reconcile(shown, top) if shown.route == top.route else top
        else:
            self.page.views.append(top)
        self.page.update()
        self._sent()
        return None

    def _sent(self, view: ft.View | None = None) -> None:
        """The screen was sent (or ``view``, to send): a card table sends its changed cards."""
        if self.play is not None and self.play.showing:
            self.play.sent(view)
        elif view is not None:
            self.page.update(view)

    def _screen(self, route: str) -> ft.View | None:
        """The screen on top of home for ``route`` (None: home itself)."""
        match [p for p in route.split("/") if p]:
            case ["new", *_] | ["play", "new"]:
                return self.setup.view()
            case ["play", key]:
                return self._play(key).view()
            case ["play", key, "guests"]:
                play = self._play(key)
                return self.invite.view(key, play.route, play.colours())
            case [name, *_] if name in self.screens:
                return self.screens[name].view()
            case ["import", "camera"]:
                return self.sharing.scan.view()
            case ["import", *_]:
                return self.sharing.import_view()
            case ["match", match_id, "share", *_]:
                return self.sharing.share_view(match_id)
            case ["match", match_id, "guests"]:
                referee = self.referees.get(match_id)
                return self.invite.view(match_id, f"/match/{match_id}", referee._colours())
            case ["match", match_id, *sub]:
                return self.referees.screen(match_id, sub[0] if sub else "", self.invite.open,
                                            lambda key: self.sharing.open_share(key))
        return None

    def _play(self, key: str) -> DevicePlay:
        """The controller of the game on the device under ``key`` (opened from storage)."""
        if self.play is None or self.play.key != key:
            saved = self.store.load_game(key)
            if saved is None:
                raise Said(self.t("match.missing"))
            self.play = DevicePlay(self, key, GameDoc.from_dict(saved))
        return self.play

    @functools.cached_property
    def sharing(self) -> Sharing:
        """The sharing screens, loaded when one is first shown: the camera, QR and picture
        libraries they bring are not needed to start or to referee a match."""
        from app.share.screens import Sharing

        return Sharing(self)

    # -- what the screens' controllers ask of the window -----------------------------------
    def new_match(self, players: list[str] | None = None, game: str = "",
                  options: Mapping[str, object] | None = None, dealer: int = 0) -> None:
        self.setup.new_match(players, game, options, dealer)

    def new_play(self) -> None:
        self.setup.new_play()

    def start_play(self, doc: GameDoc) -> bool:
        return self.setup.start_play(doc)

    def forget(self, match_id: str | None = None) -> None:
        """The match's controller (None: any) is out of date: open it again when shown."""
        self.referees.forget(match_id)

    def toast(self, text: str) -> None:
        self.page.show_dialog(snack(text))

    def later(self, seconds: float, call: Callable[[], None]) -> None:
        async def wait() -> None:
            await asyncio.sleep(seconds)
            call()

        self.page.run_task(wait)

    def announce(self, match_id: str) -> None:
        self.news.announce(match_id)
