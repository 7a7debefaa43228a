"""Where a window goes: the route asked for, the route arrived at, and Back.

A route change is asked of the client (``navigate``) and arrives later (the shell's
``routed``): ``target`` is the route last asked for, or shown. A Back pressed on a screen that
is being left (the tap that leaves it is in, its route change is not) is the Back of the screen
coming: it waits for it (``backing``), then leaves it by its own Back. So Back lands on the
screen below the one being left, never on a screen the old one's Back named from a state
already gone."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from views.common import find

FORMS = ("/new", "/play/new")  # a new match's form: reached only while it is in progress


def parent(route: str) -> str:
    """Where Back goes from ``route``."""
    parts = [p for p in route.split("/") if p]
    if len(parts) >= 3 and parts[0] == "match":
        return f"/match/{parts[1]}"
    return "/"


class Navigation:
    """The routes of one window's ``page``; ``render`` redraws the route already shown."""

    def __init__(self, page: ft.Page, render: Callable[[], None]) -> None:
        self.page = page
        self.render = render
        self.target = "/"  # the route last asked for or shown
        self.backing = False  # Back pressed on a screen being left: for the one coming
        self.asked = ""  # the route asked of the client and not arrived yet

    def go(self, route: str) -> None:
        if route == self.asked:
            return  # on its way already: a second push would come back after a Back
        self.target = route
        if self.page.route == route:
            self.render()
        else:
            self.asked = route
            self.page.navigate(route)

    def arrived(self, route: str, form: bool) -> bool:
        """The route changed to ``route``: whether to show it. A route the app did not ask
        for (the browser's Back or Forward) that leads to a new match's form no longer in
        progress (``form``) leads home: that form was started, or left."""
        self.asked = ""
        if route != self.target and route in FORMS and not form:
            self.go("/")
            return False
        self.target = route
        return True

    def shown(self, route: str) -> None:
        """``route`` is on screen: a Back that waited for it leaves it."""
        if self.backing:
            self.backing = False
            self.pressed(route, None)

    async def popped(self, e: ft.ViewPopEvent) -> None:
        """The system's Back (a phone's back gesture): as the Back of the screen on top."""
        self.pressed(e.route or self.page.route, None)

    def pressed(self, route: str, own: Callable[[object], object] | None) -> None:
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

    def guard(self, view: ft.View) -> ft.View:
        """``view`` with its Back tap going through :meth:`pressed`."""
        button = find(view, "back")
        handler = getattr(button, "on_click", None)
        if handler is None or hasattr(handler, "own"):
            return view

        def back(_e: object) -> None:
            self.pressed(view.route or "/", handler)

        back.own = handler  # type: ignore[attr-defined]
        button.on_click = back
        return view
