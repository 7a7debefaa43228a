"""The new-match screen's controller: a match at the table or a game on the device, its
players, dealer, game type and house options, then started through its service
(``views/setup.py``; the form itself: :mod:`app.newmatch`)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import flet as ft

from app import device, matches, records
from app.i18n import not_saved, refusal
from app.newmatch import NewMatchForm, setup_data
from app.play import new_doc
from models.errors import MejaError
from models.registry import first
from views.setup import setup_view

if TYPE_CHECKING:
    from app.window import Window


class SetupScreen:
    """The form being edited (None once its match is started, or left)."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.form: NewMatchForm | None = None

    def new_match(self, players: list[str] | None = None, game: str = "",
                  options: Mapping[str, object] | None = None, dealer: int = 0) -> None:
        self.form = NewMatchForm(game=game or first(), players=list(players or []), dealer=dealer,
                                 options=dict(options or {}), known=self.shell.store.players())
        self.shell.go("/new")

    def new_play(self) -> None:
        self.form = NewMatchForm(players=[], kinds=[], known=self.shell.store.players())
        self.shell.go("/play/new")

    def view(self) -> ft.View | None:
        """The form being edited; None when none is (started, or left): home shows."""
        shell, t, d = self.shell, self.shell.t, self.form
        if d is None:
            return None

        def change(fn: Callable[..., object]) -> Callable[..., None]:
            def handler(*args: object) -> None:
                fn(*args)
                shell.refresh()
            return handler

        def random_dealer() -> None:
            d.draw_dealer(random.Random())
            shell.toast(t("setup.random_drawn", name=d.seats(t)[d.dealer]))

        def mode(value: str) -> None:
            d.options["mode"] = value

        def game(key: str) -> None:
            d.game, d.options, d.typed = key, {}, {}

        def name(text: str) -> None:
            refused = bool(d.name_error)
            d.type_name(text)
            if refused:  # the reason goes once the name is changed; else the field shows it
                shell.refresh()

        return setup_view(
            t, setup_data(d, t, records.people(shell.store)),
            on_game=change(game), on_mode=change(mode),
            on_add=change(lambda name: d.add(name, t)), on_name=name,
            on_seat=change(lambda: d.add_typed(t)),
            on_remove=change(d.remove), on_move=change(d.move),
            on_dealer=change(lambda seat: setattr(d, "dealer", seat)),
            on_random_dealer=change(random_dealer), on_option=change(d.set_option),
            on_level=change(d.next_level), on_help=change(d.switch_help),
            on_computer=change(d.add_computer),
            on_typed=change(d.type_option), on_start=self.start,
            on_back=lambda: shell.go("/"),
        )

    def start(self) -> None:
        """Start the form's match (at the table) or game (on the device): checked once,
        saved by one service call, then shown."""
        shell, d = self.shell, self.form
        if d is None:
            return None  # started already (a double tap): its match is on its way
        if d.error(shell.t):
            return shell.refresh()
        if d.kinds is not None:
            options = dataclasses.asdict(d.game_options())
            doc = new_doc(d.game, d.seats(shell.t), d.kinds, options, d.casual, d.pace, d.helps)
            self.form = None
            if not self.start_play(doc):
                self.form = d  # not saved: the form as it was, to try again
            return None
        try:
            match_id = matches.create(shell.store, d.setup())
        except OSError as error:
            shell.toast(not_saved(shell.t, error))
            return None
        except MejaError as error:  # the form's own check missed it: said, the form kept
            shell.toast(refusal(shell.t, error))
            return None
        self.form = None
        shell.forget()
        shell.go(f"/match/{match_id}")
        return None

    def start_play(self, doc: device.GameDoc) -> bool:
        """Save a new game on the device (``app.play.new_doc``), then show it; whether it
        was saved (a failed write is said)."""
        shell = self.shell
        try:
            key = device.start(shell.store, shell.settings, doc)
        except OSError as error:
            shell.toast(not_saved(shell.t, error))
            return False
        if shell.play is not None:
            shell.play.close()
        shell.play = None
        shell.go(f"/play/{key}")
        return True
