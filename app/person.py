"""The controller of one player's sheet, opened from the players screen: rename, merge with
another spelling, colour, delete; each through :mod:`app.people`, saved, then shown
(``views/person.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from app import people, records
from app.i18n import not_saved, refusal
from models.errors import MejaError
from models.names import clean_name
from models.people import PALETTE
from views.person import person_sheet

if TYPE_CHECKING:
    from app.window import Window


@dataclasses.dataclass
class Typed:
    """What a field holds, kept as it is typed (handlers act on this, never on the field)."""

    text: str = ""

    def set(self, text: str) -> None:
        self.text = text


class PersonSheet:
    """The sheet of the player opened (a dialog over the players screen)."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell

    def open(self, name: str) -> None:
        """The sheet of ``name``: rename, merge, colour, delete (each saved, then shown)."""
        shell, t = self.shell, self.shell.t
        store = shell.store
        known = records.people(store)
        others = [n for n in store.players()
                  if n.casefold() != name.casefold() and not known.is_gone(n)]
        typed = Typed(name)  # the name field's text, as it is typed

        def done(change: Callable[[], object]) -> None:
            try:
                change()
            except OSError as error:
                shell.toast(not_saved(t, error))
                return
            except MejaError as error:  # two names of one match: two people
                shell.toast(refusal(t, error))
                return
            shell.page.pop_dialog()
            shell.refresh()  # in place: a rebuilt view stack can leave the dialog on screen

        def rename() -> None:
            clean = clean_name(typed.text)
            if not clean or clean == name:
                return
            if clean.casefold() in {o.casefold() for o in others}:
                merge(next(o for o in others if o.casefold() == clean.casefold()))
                return
            done(lambda: people.rename(store, name, clean))

        def confirm(text: str, verb: str, change: Callable[[], object]) -> None:
            """Ask in the same dialog (one dialog open at a time closes cleanly)."""
            dialog.content = ft.Text(text, key="confirm-text")
            dialog.actions = [
                ft.TextButton(t("common.cancel"), key="cancel",
                              on_click=lambda _e: shell.page.pop_dialog()),
                ft.FilledButton(verb, key="confirm", on_click=lambda _e: done(change)),
            ]
            dialog.update()

        def merge(other: str) -> None:
            refused = people.merge_refusal(store, name, other)
            if refused is not None:  # said in the dialog, which then only closes
                dialog.content = ft.Text(refusal(t, refused), key="confirm-text")
                dialog.actions = [ft.TextButton(t("common.ok"), key="cancel",
                                                on_click=lambda _e: shell.page.pop_dialog())]
                dialog.update()
                return
            confirm(t("people.merge_confirm", name=name, other=other), t("people.merge"),
                    lambda: people.rename(store, name, other))

        def delete() -> None:
            confirm(t("people.delete_confirm", name=name), t("common.delete"),
                    lambda: people.delete(store, name))

        def close(_e: object) -> None:
            shell.page.pop_dialog()

        dialog = ft.AlertDialog(
            modal=True, title=ft.Text(name),
            content=person_sheet(
                t, name=name, colour=known.colour(name), palette=PALETTE, others=others,
                typed=typed.text, on_type=typed.set, on_rename=rename, on_merge=merge,
                on_delete=delete,
                on_colour=lambda i: done(lambda: people.colour(store, name, i))),
            actions=[ft.TextButton(t("common.cancel"), key="cancel", on_click=close)],
        )
        shell.page.show_dialog(dialog)
