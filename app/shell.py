"""The application shell: one per window or browser session. Routes, settings, translation,
and the screens that are not a match (home, new match, history, players, rules, settings)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from app import records
from app.games import ENTRIES
from app.guests.hub import Guests
from app.guests.invite import Invite
from app.i18n import LANGUAGES, Said, Translator, not_saved, refusal, system_language
from app.lab import Lab
from app.newmatch import NewMatchForm, setup_data
from app.play import DevicePlay, new_doc, new_key
from app.referees import Referees
from app.storage import Store
from app.tables.base import over
from models.errors import MejaError
from models.games import GAMES
from models.names import clean_name
from models.people import PALETTE
from views.common import FONTS, find, icon_button, snack, theme
from views.history import history_view
from views.home import Unfinished, home_view
from views.reconcile import reconcile
from views.rules import rules_view
from views.settings import play_section, settings_view
from views.setup import setup_view
from views.stats import person_sheet, stats_view

if TYPE_CHECKING:
    from app.backup_taps import BackupTaps
    from app.share.screens import Sharing

THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
               "dark": ft.ThemeMode.DARK}


@dataclasses.dataclass
class Typed:
    """What a field holds, kept as it is typed (handlers act on this, never on the field)."""

    text: str = ""

    def set(self, text: str) -> None:
        self.text = text


def parent(route: str) -> str:
    """Where Back goes from ``route``."""
    parts = [p for p in route.split("/") if p]
    if len(parts) >= 3 and parts[0] == "match":
        return f"/match/{parts[1]}"
    return "/"


class Shell:
    """Builds the screen for the current route and turns taps into model and storage calls."""

    def __init__(self, page: ft.Page, store: Store) -> None:
        self.page = page
        self.store = store
        self.settings: dict[str, Any] = store.settings()
        self.device_languages: list[str] = []
        self.t = Translator(self._language())
        self.form: NewMatchForm | None = None
        self.rules_game = "kartu_sama"
        self.stats_game = "kartu_sama"
        self.referees = Referees(self)  # the controller of the match on screen
        self.play: DevicePlay | None = None  # the game on the device on screen
        self.lab = Lab(self)
        self.reduce_motion = False  # the device asks for less motion: cards do not travel
        self.services: dict[str, Any] = {}  # haptics, wakelock, semantics: made once, kept
        self.guests = Guests(self)  # the table open to the players' phones
        self.invite = Invite(self, self.guests)
        self.target = "/"  # the route last asked for or shown (see go)
        self.backing = False  # Back pressed on a screen being left: for the one coming

    # -- start-up ---------------------------------------------------------------------------
    async def start(self) -> None:
        page = self.page
        page.title = "Meja"
        page.fonts = dict(FONTS)
        page.theme = theme()
        page.dark_theme = theme()
        page.theme_mode = THEME_MODES.get(self.settings.get("theme", "system"), ft.ThemeMode.SYSTEM)
        try:
            info = await asyncio.wait_for(page.get_device_info(), timeout=2)
            codes = [loc.language_code for loc in getattr(info, "locales", None) or []]
            codes += [getattr(info, "language", None) or ""]
            self.device_languages = [c for c in codes if c]
        except Exception:  # noqa: BLE001 - a platform that cannot tell keeps the default
            self.device_languages = []
        self.t = Translator(self._language())
        self._services()
        self.store.players()  # read now, so that a damaged file is reported on the home screen
        page.on_route_change = lambda _e: self.routed()
        page.on_view_pop = self._view_pop
        page.on_disconnect = lambda _e: self.away()
        page.on_connect = lambda _e: self.back()
        page.pubsub.subscribe(self._on_message)
        if self.settings.get("live"):
            self.sharing.resume_live()
        with contextlib.suppress(OSError):  # the address is taken: the host opens it again
            self.guests.resume()
        self.routed()

    def _services(self) -> None:
        """The device's services a game at the table uses (a client may lack any of them:
        each is guarded, and none stops the app or waits for it)."""
        for name, make in (("haptics", ft.HapticFeedback), ("wakelock", ft.Wakelock),
                           ("semantics", ft.SemanticsService)):
            with contextlib.suppress(Exception):
                self.services[name] = make()
        semantics: Any = self.services.get("semantics")

        async def motion() -> None:
            with contextlib.suppress(Exception):  # not on this client: motion as set
                features = await asyncio.wait_for(semantics.get_accessibility_features(), 2)
                self.reduce_motion = bool(getattr(features, "reduce_motion", False))

        if semantics is not None:
            with contextlib.suppress(Exception):
                self.page.run_task(motion)
        self.page.on_resize = lambda _e: self._resized()

    def _service(self, name: str, method: str) -> None:
        """Call a device service in the background; a client without it changes nothing."""
        service = self.services.get(name)
        if service is None:
            return

        async def call() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(getattr(service, method)(), 2)

        with contextlib.suppress(Exception):
            self.page.run_task(call)

    def buzz(self) -> None:
        """A light tap felt in the hand when a card is played (unless turned off)."""
        if self.settings.get("haptics", True):
            self._service("haptics", "light_impact")

    def keep_awake(self, on: bool) -> None:
        """Keep the screen on while a game is on it."""
        self._service("wakelock", "enable" if on else "disable")

    def _resized(self) -> None:
        """The window changed size: a card table is laid out again for it."""
        if self.play is not None and self.play.showing:
            self.play.redraw()

    def _language(self) -> str:
        chosen = self.settings.get("language", "system")
        return chosen if chosen in LANGUAGES else system_language(self.device_languages)

    async def _view_pop(self, e: ft.ViewPopEvent) -> None:
        """The system's Back (a phone's back gesture): as the Back of the screen on top."""
        self._backed(e.route or self.page.route, None)

    # -- navigation -------------------------------------------------------------------------
    # A route change is asked of the client (``navigate``) and arrives later (``routed``):
    # ``target`` is the route last asked for, or shown. A Back pressed on a screen that is
    # being left (the tap that leaves it is in, its route change is not) is the Back of the
    # screen coming: it waits for it (``backing``), then leaves it by its own Back. So Back
    # lands on the screen below the one being left, never on a screen the old one's Back
    # named from a state already gone.
    def go(self, route: str) -> None:
        self.target = route
        if self.page.route == route:
            self.render()
        else:
            self.page.navigate(route)

    def routed(self) -> None:
        """The route changed (or the app opened on it): people left the game on the device
        they were at, or came to one, whose computer players then stop or play. A route
        the app did not ask for (the browser's Back or Forward) that leads to a new match's
        form no longer in progress leads home: that form was started, or left."""
        route = self.page.route or "/"
        if route != self.target and route in ("/new", "/play/new") and self.form is None:
            return self.go("/")
        self.target = route
        if self.play is not None and route != self.play.route:
            self.play.close()
        self.render()
        if self.play is not None and self.page.route == self.play.route:
            self.play.open()
        self.guests.claim()  # a window that shows the phones' table is their host
        if self.backing:
            self.backing = False
            self._backed(route, None)
        return None

    def _backed(self, route: str, own: Any) -> None:
        """Back was pressed on the screen of ``route`` (``own``: its Back's handler, None: the
        one on top now)."""
        if route != self.target and self.page.route != self.target:
            self.backing = True  # a screen being left: Back is the coming one's
            return
        top = self.page.views[-1] if self.page.views else None
        if route != self.target or own is None:  # the screen on top is the coming one
            own = getattr(find(top, "back"), "on_click", None) if top is not None else None
            route = self.target
            if own is None:
                if route != "/":
                    self.go(parent(route))
                return
            own = getattr(own, "own", own)
        own(None)

    def _guard(self, view: ft.View) -> ft.View:
        """``view`` with its Back tap going through :meth:`_backed`."""
        button = find(view, "back")
        handler = getattr(button, "on_click", None)
        if handler is None or hasattr(handler, "own"):
            return view

        def back(_e: Any) -> None:
            self._backed(view.route or "/", handler)

        back.own = handler  # type: ignore[attr-defined]
        button.on_click = back
        return view

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

    def render(self) -> None:
        """Rebuild the view stack for the current route (home below everything). A view whose
        route is already shown is redrawn in place (see views/reconcile.py): a tap landing on it
        in the same moment is not lost."""
        route = self.page.route or "/"
        views = [self._home()]
        try:
            top = self._screen(route)
        except MejaError as error:
            self.toast(refusal(self.t, error))
            top = None
        if top is not None:
            views.append(self._guard(top))
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
        top = self._guard(top)
        if len(self.page.views) > 1:
            shown = self.page.views[-1]
            if shown is top:  # a screen that keeps its view (the card table): only it changed
                self.page.update(top)
                self._sent()
                return None
            self.page.views[-1] = reconcile(shown, top) if shown.route == top.route else top
        else:
            self.page.views.append(top)
        self.page.update()
        self._sent()
        return None

    def _sent(self) -> None:
        """The screen was sent: a card table sends its cards that changed."""
        if self.play is not None and self.play.showing:
            self.play.sent()

    def _screen(self, route: str) -> ft.View | None:
        """The screen on top of home for ``route`` (None: home itself)."""
        match [p for p in route.split("/") if p]:
            case ["new", *_] | ["play", "new"]:
                return self._setup()
            case ["play", key]:
                return self._play(key).view()
            case ["play", key, "guests"]:
                play = self._play(key)
                return self.invite.view(key, play.route, play.colours())
            case ["lab", *_]:
                return self.lab.view()
            case ["history", *_]:
                return self._history()
            case ["players", *_]:
                return self._stats()
            case ["rules", *_]:
                return self._rules()
            case ["settings", *_]:
                return self._settings()
            case ["import", "camera"]:
                return self.sharing.scan.view()
            case ["import", *_]:
                return self.sharing.import_view()
            case ["match", match_id, "share", *_]:
                return self.sharing.share_view(match_id)
            case ["match", match_id, "guests"]:
                referee = self.referees.get(match_id)
                return self.invite.view(match_id, f"/match/{match_id}",
                                        referee._colours())
            case ["match", match_id, *sub]:
                return self._match(match_id, sub[0] if sub else "")
        return None

    @functools.cached_property
    def sharing(self) -> Sharing:
        """The sharing screens, loaded when one is first shown: the camera, QR and picture
        libraries they bring are not needed to start or to referee a match."""
        from app.share.screens import Sharing

        return Sharing(self)

    @functools.cached_property
    def backups(self) -> BackupTaps:
        """Back up and restore (Settings), loaded when first shown."""
        from app.backup_taps import BackupTaps

        return BackupTaps(self)

    def toast(self, text: str) -> None:
        self.page.show_dialog(snack(text))

    # -- other windows of this process (browser sessions of one server) ---------------------
    def announce(self, match_id: str) -> None:
        """Tell the other windows, and the phones at the table, that this match changed (a
        tap, an undo, an import)."""
        self.page.pubsub.send_others(("match", match_id))
        self.guests.publish(match_id)

    def _on_message(self, message: Any) -> None:
        """A match changed in another window: show it as saved now, wherever it shows."""
        if not (isinstance(message, tuple) and len(message) == 2 and message[0] == "match"):
            return
        match_id = message[1]
        self.forget(match_id or None)  # opened again from storage on the next screen
        self.guests.publish(match_id)
        route = self.page.route or "/"
        if route.startswith(f"/match/{match_id}") or route in ("/", "/history"):
            self.refresh()
        if self.guests.door(match_id) is not None:  # its phones: from the match as saved
            with contextlib.suppress(MejaError):
                self.referees.get(match_id)
            self.guests.publish(match_id)

    # -- home -------------------------------------------------------------------------------
    def _home(self) -> ft.View:
        problems = [records.problem_text(p, self.t) for p in self.store.problems]
        return home_view(
            self.t, unfinished=records.unfinished_lines(self.store, self.plays(), self.t),
            problems=problems, on_dismiss=self._dismiss,
            on_open=self.go,
            on_new=self.new_match,
            on_play=self.new_play,
            on_lab=lambda: self.go("/lab"),
            on_history=lambda: self.go("/history"),
            on_players=lambda: self.go("/players"),
            on_rules=lambda: self.go("/rules"),
            on_settings=lambda: self.go("/settings"),
            on_import=lambda: self.go("/import"),
            on_abandon=self._confirm_abandon,
            on_delete=self._confirm_remove,
        )

    def _confirm_abandon(self, resume: Unfinished) -> None:
        """Leave a match at the table unfinished: off home, kept in History (asked first)."""
        match_id = resume.key

        def abandon() -> None:
            records.abandon_match(self.store, match_id)
            self.forget(match_id)
            self.announce(match_id)  # other windows' home and history

        self.ask(self.t("home.abandon_title"),
                 self.t("home.abandon_text", title=resume.title, players=resume.players),
                 self.t("home.abandon"), abandon)

    def _confirm_remove(self, resume: Unfinished) -> None:
        """Delete an unfinished match (as History does) or game on the device (asked first)."""
        if not resume.on_device:
            return self._confirm_delete(resume.key)
        key = resume.key

        def delete() -> None:
            self.settings = records.drop_play(self.store, self.settings, key)
            if self.play is not None and self.play.key == key:
                self.play.close()
                self.play = None

        return self.ask(self.t("home.delete_play_title"),
                        self.t("home.delete_play_text", title=resume.title,
                               players=resume.players),
                        self.t("common.delete"), delete)

    def plays(self) -> list[str]:
        """Keys of the games started on this device that may be unfinished, newest first."""
        current = self.settings.get("current_play")
        keys = [str(k) for k in self.settings.get("plays") or []]
        return ([current] if current else []) + keys

    def _dismiss(self, index: int) -> None:
        if 0 <= index < len(self.store.problems):
            del self.store.problems[index]
        self.render()

    # -- playing on the device ----------------------------------------------------------------
    def new_play(self) -> None:
        self.form = NewMatchForm(players=[], kinds=[], known=self.store.players())
        self.go("/play/new")

    def start_play(self, doc: dict[str, Any]) -> None:
        key = new_key()
        self.store.save_game(key, doc)
        self.store.remember_players([s["name"] for s in doc["seats"] if s["kind"] == "person"])
        self.settings["current_play"] = key
        self.settings["plays"] = [key, *(k for k in self.plays() if k != key)]
        self.store.save_settings(self.settings)
        if self.play is not None:
            self.play.close()
        self.play = None
        self.go(f"/play/{key}")

    def _play(self, key: str) -> DevicePlay:
        if self.play is None or self.play.key != key:
            doc = self.store.load_game(key)
            if doc is None:
                raise Said(self.t("match.missing"))
            self.play = DevicePlay(self, key, doc)
        return self.play

    # -- new match --------------------------------------------------------------------------
    def new_match(self, players: list[str] | None = None, game: str = "kartu_sama",
                  options: dict[str, Any] | None = None, dealer: int = 0) -> None:
        self.form = NewMatchForm(game=game, players=list(players or []), dealer=dealer,
                           options=dict(options or {}), known=self.store.players())
        self.go("/new")

    def _setup(self) -> ft.View:
        if self.form is None:
            self.form = NewMatchForm(known=self.store.players())
        d = self.form

        def change(fn: Any) -> Any:
            def handler(*args: Any) -> None:
                fn(*args)
                self.refresh()
            return handler

        def random_dealer() -> None:
            d.draw_dealer(random.Random())
            self.toast(self.t("setup.random_drawn", name=d.seats(self.t)[d.dealer]))

        def mode(value: str) -> None:
            d.options["mode"] = value

        def game(key: str) -> None:
            d.game, d.options, d.typed = key, {}, {}

        def name(text: str) -> None:
            refused = bool(d.name_error)
            d.type_name(text)
            if refused:  # the reason goes once the name is changed; else the field shows it
                self.refresh()

        return setup_view(
            self.t, setup_data(d, self.t, records.people(self.store)),
            on_game=change(game), on_mode=change(mode),
            on_add=change(lambda name: d.add(name, self.t)), on_name=name,
            on_seat=change(lambda: d.add_typed(self.t)),
            on_remove=change(d.remove), on_move=change(d.move),
            on_dealer=change(lambda seat: setattr(d, "dealer", seat)),
            on_random_dealer=change(random_dealer), on_option=change(d.set_option),
            on_level=change(d.next_level), on_help=change(d.switch_help),
            on_computer=change(d.add_computer),
            on_typed=change(d.type_option), on_start=self._start_match,
            on_back=lambda: self.go("/"),
        )

    def _start_match(self) -> None:
        d = self.form
        if d is None:
            return None  # started already (a double tap): its match is on its way
        if d.error(self.t):
            return self.refresh()
        if d.kinds is not None:
            options = dataclasses.asdict(d.game_options())
            self.form = None
            return self.start_play(new_doc(d.game, d.seats(self.t), d.kinds, options, d.casual,
                                           d.pace, d.helps))
        try:
            match_id = records.create_match(self.store, d)
        except OSError as error:
            self.toast(not_saved(self.t, error))
            return None
        self.form = None
        self.forget()
        self.go(f"/match/{match_id}")
        return None

    # -- a match ----------------------------------------------------------------------------
    def _match(self, match_id: str, sub: str) -> ft.View:
        """The referee's screen of ``/match/<id>/<sub>``, with a Share button on the
        scoreboard. An imported match only shows its scoreboard: the device it came from
        referees it."""
        referee = self.referees.get(match_id)
        view = referee.view("score" if referee.read_only else sub)
        if (view.route or "").endswith("/score") and isinstance(view.appbar, ft.AppBar):
            invite: list[ft.Control] = [] if referee.read_only or over(referee.match) else [
                icon_button(ft.Icons.PHONELINK_RING, self.t("guests.invite"),
                            key="invite", on_click=lambda _e: self.invite.open(
                                  match_id, list(enumerate(referee.names)),
                                  f"/match/{match_id}"))]
            view.appbar.actions = [*(view.appbar.actions or []), *invite, ft.TextButton(
                self.t("share.button"), icon=ft.Icons.QR_CODE_2, key="share",
                on_click=lambda _e: self.sharing.open_share(match_id))]
        return view

    def forget(self, match_id: str | None = None) -> None:
        """The match's controller (None: any) is out of date: open it again when shown."""
        self.referees.forget(match_id)

    # -- history and players ----------------------------------------------------------------
    def _history(self) -> ft.View:
        return history_view(
            self.t, records.history_lines(self.store, self.t),
            on_open=lambda route: self.go(route),
            on_delete=self._confirm_delete,
            on_back=lambda: self.go("/"),
        )

    def _confirm_delete(self, match_id: str) -> None:
        """Delete a match, from History or home (asked first)."""
        line = next((x for x in records.history_lines(self.store, self.t) if x.id == match_id),
                    None)
        if line is None:
            return

        def delete() -> None:
            self.store.delete_match(match_id)
            self.forget(match_id)
            self.announce(match_id)

        self.ask(self.t("history.confirm_title"),
                 self.t("history.confirm_text", title=line.title, players=line.players),
                 self.t("common.delete"), delete)

    def ask(self, title: str, text: str, verb: str, change: Callable[[], object]) -> None:
        """A confirmation before ``change`` (a deletion); it is saved before the screen shows
        it, and a write that fails is said and changes nothing."""

        def confirm(_e: Any) -> None:
            self.page.pop_dialog()
            try:
                change()
            except OSError as error:
                self.toast(not_saved(self.t, error))
                return
            self.render()  # in place: the dialog's own pop is not undone

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(title), content=ft.Text(text, key="confirm-text"),
            actions=[
                ft.TextButton(self.t("common.cancel"), key="cancel",
                              on_click=lambda _e: self.page.pop_dialog()),
                ft.FilledButton(verb, key="confirm", on_click=confirm),
            ],
        ))

    def _stats(self) -> ft.View:
        people = records.people(self.store)

        def pick(game: str) -> None:
            self.stats_game = game
            self.refresh()

        return stats_view(
            self.t,
            games=[(k, self.t(f"game.{k}")) for k in ENTRIES],
            game=self.stats_game,
            rows=records.player_stats(self.store, self.stats_game),
            lower_is_better=GAMES[self.stats_game].lower_is_better,
            on_game=pick,
            on_back=lambda: self.go("/"),
            people=[(n, PALETTE[people.colour(n)]) for n in self.store.players()
                    if not people.is_gone(n)],
            on_person=self._person,
            figures=records.game_figures(self.store, self.stats_game),
        )

    def _person(self, name: str) -> None:
        """The sheet of one player: rename, merge, colour, delete (each saved, then shown)."""
        people = records.people(self.store)
        others = [n for n in self.store.players()
                  if n.casefold() != name.casefold() and not people.is_gone(n)]
        typed = Typed(name)  # the name field's text, as it is typed

        def done(change: Callable[[], object]) -> None:
            try:
                change()
            except OSError as error:
                self.toast(not_saved(self.t, error))
                return
            except MejaError as error:  # two names of one match: two people
                self.toast(refusal(self.t, error))
                return
            self.page.pop_dialog()
            self.refresh()  # in place: a rebuilt view stack can leave the dialog on screen

        def rename() -> None:
            clean = clean_name(typed.text)
            if not clean or clean == name:
                return
            if clean.casefold() in {o.casefold() for o in others}:
                merge(next(o for o in others if o.casefold() == clean.casefold()))
                return
            done(lambda: records.rename_player(self.store, name, clean))

        def confirm(text: str, verb: str, change: Callable[[], object]) -> None:
            """Ask in the same dialog (one dialog open at a time closes cleanly)."""
            dialog.content = ft.Text(text, key="confirm-text")
            dialog.actions = [
                ft.TextButton(self.t("common.cancel"), key="cancel",
                              on_click=lambda _e: self.page.pop_dialog()),
                ft.FilledButton(verb, key="confirm", on_click=lambda _e: done(change)),
            ]
            dialog.update()

        def merge(other: str) -> None:
            refused = records.merge_refusal(self.store, name, other)
            if refused is not None:  # said in the dialog, which then only closes
                dialog.content = ft.Text(refusal(self.t, refused), key="confirm-text")
                dialog.actions = [ft.TextButton(self.t("common.ok"), key="cancel",
                                                on_click=lambda _e: self.page.pop_dialog())]
                dialog.update()
                return
            confirm(self.t("people.merge_confirm", name=name, other=other), self.t("people.merge"),
                    lambda: records.rename_player(self.store, name, other))

        def delete() -> None:
            confirm(self.t("people.delete_confirm", name=name), self.t("common.delete"),
                    lambda: records.delete_player(self.store, name))

        dialog = ft.AlertDialog(
            modal=True, title=ft.Text(name),
            content=person_sheet(
                self.t, name=name, colour=people.colour(name), palette=PALETTE, others=others,
                typed=typed.text, on_type=typed.set, on_rename=rename, on_merge=merge,
                on_delete=delete,
                on_colour=lambda i: done(lambda: records.set_colour(self.store, name, i))),
            actions=[ft.TextButton(self.t("common.cancel"), key="cancel",
                                   on_click=lambda _e: self.page.pop_dialog())],
        )
        self.page.show_dialog(dialog)

    # -- rules and settings -----------------------------------------------------------------
    def _rules(self) -> ft.View:
        def pick(game: str) -> None:
            self.rules_game = game
            self.refresh()

        in_force = records.options_in_force(self.store, self.rules_game, self.t)
        return rules_view(
            self.t,
            games=[(k, self.t(f"game.{k}")) for k in ENTRIES],
            game=self.rules_game,
            text=rules_text(self.rules_game, self.t.language),
            in_force=in_force,
            on_game=pick,
            on_back=lambda: self.go("/"),
        )

    def _settings(self) -> ft.View:
        def language(value: str) -> None:
            self.settings["language"] = value
            self.store.save_settings(self.settings)
            self.t = Translator(self._language())
            self.render()

        def theme_mode(value: str) -> None:
            self.settings["theme"] = value
            self.store.save_settings(self.settings)
            self.page.theme_mode = THEME_MODES.get(value, ft.ThemeMode.SYSTEM)
            self.render()

        def speed(value: str) -> None:
            self.settings["speed"] = value
            self.store.save_settings(self.settings)
            self.refresh()

        def haptics(on: bool) -> None:
            self.settings["haptics"] = on
            self.store.save_settings(self.settings)
            self.refresh()

        return settings_view(
            self.t,
            play=play_section(self.t, speed=str(self.settings.get("speed", "normal")),
                              haptics=bool(self.settings.get("haptics", True)),
                              reduced=self.reduce_motion, on_speed=speed, on_haptics=haptics),
            language=self.settings.get("language", "system"),
            languages=LANGUAGES,
            theme=self.settings.get("theme", "system"),
            data_dir=str(self.store.root),
            on_language=language,
            on_theme=theme_mode,
            on_back=lambda: self.go("/"),
            backup=self.backups.section(),
            extra=[self.sharing.live_section()],
        )


def rules_text(game: str, language: str) -> str:
    """The rules document of ``game`` in ``language`` (English when not translated)."""
    entry = ENTRIES[game]
    return entry.rules_document(language) or entry.rules_document("en")

