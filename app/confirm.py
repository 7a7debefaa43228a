"""The dialog that asks before a deletion (a match, a game on the device) or an abandon, from
home or History: the change it confirms is saved before the screens show it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import not_saved

if TYPE_CHECKING:
    from app.window import Window


def ask(shell: Window, title: str, text: str, verb: str, change: Callable[[], object]) -> None:
    """Ask ``title``/``text``; ``verb`` confirms ``change`` (a service call), then every
    screen is drawn again. A write that fails is said and changes nothing."""

    def confirm(_e: object) -> None:
        shell.page.pop_dialog()
        try:
            change()
        except OSError as error:
            shell.toast(not_saved(shell.t, error))
            return
        shell.render()  # in place: the dialog's own pop is not undone

    shell.page.show_dialog(ft.AlertDialog(
        modal=True, title=ft.Text(title), content=ft.Text(text, key="confirm-text"),
        actions=[
            ft.TextButton(shell.t("common.cancel"), key="cancel",
                          on_click=lambda _e: shell.page.pop_dialog()),
            ft.FilledButton(verb, key="confirm", on_click=confirm),
        ],
    ))
