"""Shared building blocks of every screen: the scaffold, big buttons, card chips, sections.

Wide screens (``WIDE`` logical pixels and more: a laptop, a tablet held sideways) get two panes
side by side where a screen asks for them, and one column of a readable width otherwise. The
layout is chosen by the client as the window changes size (a ``ResponsiveRow`` whose columns
depend on the width), so builders do not know the width: below ``WIDE`` the screen is the
phone's single column, unchanged."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import flet as ft


class Tr(Protocol):
    """What builders say texts with (``app.i18n.Translator``): a key and its fields, or a
    plural message by its count."""

    def __call__(self, key: str, /, **params: object) -> str: ...

    def plural(self, key: str, count: int, /, **params: object) -> str: ...

Handler = Callable[[], object]
C = TypeVar("C", bound=ft.Control)

SEED = ft.Colors.GREEN_800
MAX_WIDTH = 640  # one column: a readable width on a laptop
SPREAD = 1120  # two panes side by side
WIDE = 900  # the window width (logical pixels) from which the panes sit side by side
BREAKPOINTS: dict[ft.ResponsiveRowBreakpoint | str, ft.Number] = {"xs": 0, "wide": WIDE}
SIDE_SPLIT = 7  # a table's share of the 12 columns, beside its standings
TOUCH = 56  # minimum height of a primary touch target, in logical pixels
TARGET = 48  # the smallest any touch target may be, each way (Material's accessibility floor)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD_FONT = "Cards"  # assets/fonts/Cards.ttf: has the suit signs the default font lacks
FONTS = {CARD_FONT: "fonts/Cards.ttf"}
# Card colours from the theme, so that they read on the light and the dark surface alike (a
# fixed red 700 falls to 3.7:1 on the dark surface, a purple 700 to 2.2:1; text needs 4.5:1).
RED = ft.Colors.ERROR
BLACK = ft.Colors.ON_SURFACE
JOKER = ft.Colors.TERTIARY


# Material 3's type scale (size, line height, weight, letter spacing), as Flutter's own theme
# has it: a text style given in the theme replaces Flutter's whole, not only what it sets.
TYPE_SCALE = {
    "display_large": (57, 64, 400, -0.25), "display_medium": (45, 52, 400, 0),
    "display_small": (36, 44, 400, 0), "headline_large": (32, 40, 400, 0),
    "headline_medium": (28, 36, 400, 0), "headline_small": (24, 32, 400, 0),
    "title_large": (22, 28, 400, 0), "title_medium": (16, 24, 500, 0.15),
    "title_small": (14, 20, 500, 0.1), "label_large": (14, 20, 500, 0.1),
    "label_medium": (12, 16, 500, 0.5), "label_small": (11, 16, 500, 0.5),
    "body_large": (16, 24, 400, 0.5), "body_medium": (14, 20, 400, 0.25),
    "body_small": (12, 16, 400, 0.4),
}
# The platforms' text fonts, as Flutter's theme picks them (the web client's, Android's; Apple's;
# Windows'; Linux's), then the card font for the signs they lack.
TEXT_FONTS = ["Roboto", "CupertinoSystemText", "Segoe UI", "Ubuntu", "Cantarell", "DejaVu Sans",
              "Liberation Sans", "Arial", CARD_FONT]


def dress(page: ft.Page) -> None:
    """The app's title, fonts and themes on ``page``."""
    page.title = "Meja"
    page.fonts = dict(FONTS)
    page.theme = theme()
    page.dark_theme = theme()


def theme() -> ft.Theme:
    """The app's theme. Every text style falls back on the card font for the glyphs the
    platform's font lacks: a suit sign inside a sentence (an error, a hint, a button) is drawn
    with it, offline, instead of an empty box (the web client would fetch a fallback font from
    the internet)."""
    styles = ft.TextTheme(**{
        name: ft.TextStyle(size=size, height=line / size, weight=ft.FontWeight(f"w{weight}"),
                           letter_spacing=spacing, color=ft.Colors.ON_SURFACE,
                           font_family_fallback=TEXT_FONTS)
        for name, (size, line, weight, spacing) in TYPE_SCALE.items()})
    return ft.Theme(color_scheme_seed=SEED, text_theme=styles)


def tap(handler: Handler | None) -> Callable[[object], object] | None:
    """Adapt a no-argument callback to a Flet event handler."""
    if handler is None:
        return None
    return lambda _e: handler()


def panes(
    first: Sequence[ft.Control], second: Sequence[ft.Control], *, split: int = 6,
    key: str | None = None,
) -> ft.Control:
    """Two groups of controls: one under the other on a phone, side by side on a wide screen
    (``first`` spans ``split`` of 12 columns). Goes in a screen's scrolling column."""
    if not first or not second:
        return ft.Column([*first, *second], spacing=12, key=key,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.ResponsiveRow(
        [_pane(first, {"xs": 12, "wide": split}), _pane(second, {"xs": 12, "wide": 12 - split})],
        breakpoints=dict(BREAKPOINTS), spacing={"xs": 12, "wide": 24}, run_spacing=12, key=key,
    )


def tiles(controls: Sequence[ft.Control], *, key: str | None = None) -> ft.Control:
    """Like items (matches, cards of a list): one under the other on a phone, two a row on a
    wide screen."""
    for c in controls:
        c.col = {"xs": 12, "wide": 6}
    return ft.ResponsiveRow(list(controls), breakpoints=dict(BREAKPOINTS), spacing=12,
                            run_spacing=12, key=key)


def _pane(controls: Sequence[ft.Control], col: ft.ResponsiveNumber, spacing: int = 12,
          **kw: Any) -> ft.Column:
    return ft.Column(list(controls), spacing=spacing, col=col,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH, **kw)


def _spread(bottom: ft.Control, split: int) -> ft.Control:
    """A pinned bottom under two panes: on a wide screen its buttons sit side by side at the
    right end (a single one under the second pane); on a phone it is the column it was."""
    if not isinstance(bottom, ft.Column):
        return bottom
    items = bottom.controls
    buttons = [c for c in items if not isinstance(c, (ft.Text, ft.Row))]
    share = 12 - split if len(buttons) == 1 else max(3, 12 // max(1, len(buttons)))
    for c in items:
        c.col = {"xs": 12} if isinstance(c, (ft.Text, ft.Row)) else {"xs": 12, "wide": share}
    return ft.ResponsiveRow(
        list(items), breakpoints=dict(BREAKPOINTS), alignment=ft.MainAxisAlignment.END,
        spacing={"xs": bottom.spacing, "wide": 24}, run_spacing=bottom.spacing,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def screen(
    route: str,
    title: str,
    controls: Sequence[ft.Control],
    *,
    on_back: Handler | None = None,
    back_label: str = "Back",
    actions: Sequence[ft.Control] = (),
    bottom: ft.Control | None = None,
    side: Sequence[ft.Control] = (),
    split: int | None = None,
) -> ft.View:
    """A screen: an app bar with an optional back button, and a centred, scrolling column that
    stays readable on a laptop. ``bottom`` stays pinned under the scrolling part.

    ``side`` widens the screen on a wide one: the controls (and ``bottom``) take ``split`` of
    12 columns (``SIDE_SPLIT`` unless told), and ``side`` the rest, beside them with a scroll of
    its own. A phone does not show ``side``. Without it, ``split`` widens the screen for
    :func:`panes` in the controls; ``bottom`` then stays under the first pane."""
    leading = (
        icon_button(ft.Icons.ARROW_BACK, back_label, key="back", on_click=tap(on_back))
        if on_back
        else None
    )
    if side and split is None:
        split = SIDE_SPLIT
    body = ft.Column(
        list(controls), spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    column: list[ft.Control] = [body]
    if bottom is not None:
        if isinstance(bottom, ft.Column):
            bottom.horizontal_alignment = ft.CrossAxisAlignment.STRETCH
        if split is not None and not side:
            bottom = _spread(bottom, split)
        column.append(bottom)
    main: ft.Control = ft.Column(column, expand=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if side and split is not None:
        main = ft.ResponsiveRow(
            [_pane(column, {"xs": 12, "wide": split}, spacing=10),
             _pane([ft.Column(list(side), spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
                   {"xs": 0, "wide": 12 - split}, key="beside")],
            breakpoints=dict(BREAKPOINTS), spacing=24, expand=True,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
        )
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            title=ft.Text(title, key="title"),
            leading=leading,
            automatically_imply_leading=False,
            actions=list(actions),
        ),
        controls=[
            ft.Row(
                # expand_loose: as wide as the window up to ``width``, narrower on a phone
                [ft.Container(main, width=MAX_WIDTH if split is None else SPREAD,
                              expand=True, expand_loose=True)],
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                expand=True,
            )
        ],
        padding=ft.Padding.all(12),
    )


def named_icon(icon: ft.IconData, name: str, **kw: Any) -> ft.Icon:
    """An icon whose ``name`` a screen reader hears: inside a button, the button's name."""
    return ft.Icon(icon, semantics_label=name, **kw)


def named_text(text: str, name: str) -> ft.Text:
    """A button's short words (``−5``, ``+ Canasta``) that a screen reader hears in full
    (``Jokers: 5 less``, ``Ana & Cid: + Canasta``): the name of the button they are in."""
    return ft.Text(text, semantics_label=name)


def icon_button(icon: ft.IconData, name: str, **kw: Any) -> ft.IconButton:
    """An icon button named ``name`` on the button itself (what a screen reader says of it,
    what a test finds it by). No tooltip: Flet's Tooltip kept out of the semantics tree
    cost the text fields beside it their typing in the browser (see docs/flet.md)."""
    colour = kw.get("icon_color")  # the icon is a control of its own: it takes the colour
    return ft.IconButton(named_icon(icon, name, **({"color": colour} if colour else {})), **kw)


def named_switch(switch: ft.Switch, name: str) -> ft.Control:
    """A switch whose label is drawn beside it (with its explanation), named ``name`` for a
    screen reader: the name merged into the switch's own node, the size of the switch."""
    return ft.MergeSemantics(content=ft.Semantics(label=name, content=switch))


def drawn(control: C, version: int | str | None) -> C:
    """``control`` (a button that changes the match) keyed with the version of the state it
    was drawn from (``act-play@12``): a redraw from another version replaces it, here
    (app/reconcile.py) and in Flet's own diff, instead of updating it. So a tap that lands on it
    once the state has changed (the second tap of a double tap) names a control that is gone,
    or the version it was drawn from: either way it changes nothing. A disabled one cannot be
    tapped: it is keyed for no state (``act-play@off``), so it is kept while it stays
    disabled, and enabling it draws a new one (the web client does not give a button enabled
    again in place its tap for screen readers back)."""
    if version is not None and control.key is not None:  # an unkeyed filler stays so
        drawn_for = "off" if getattr(control, "disabled", False) else version
        control.key = f"{control.key}@{drawn_for}"
    return control


def same_key(shown: object, key: str) -> bool:
    """Whether a control keyed ``shown`` is the one named ``key``, drawn at any version."""
    return shown == key or (isinstance(shown, str) and shown.rpartition("@")[0] == key)


class _Steady:
    """A styled button that sends its style once. Flet copies a button's style before every
    send (``Button.before_update``) and sends the copy whole, changed or not: on each tap,
    every styled button of every screen under the one shown. The last copy is kept while
    the new one is equal."""

    _internals: dict[str, Any]

    def before_update(self) -> None:
        kept = self._internals.get("style")
        super().before_update()  # type: ignore[misc]
        if kept is not None and self._internals.get("style") == kept:
            self._internals["style"] = kept


class Filled(_Steady, ft.FilledButton):
    """A filled button (the main action) whose style is sent once."""


class Tonal(_Steady, ft.FilledTonalButton):
    """A tonal button (a secondary action) whose style is sent once."""


def big_button(
    label: str,
    on_click: Handler | None,
    *,
    key: str,
    icon: ft.IconData | None = None,
    primary: bool = True,
    disabled: bool = False,
    danger: bool = False,
) -> ft.Control:
    """A full-width button at least 56 px high: the main way to act on every screen."""
    style = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=16, vertical=16),
        shape=ft.RoundedRectangleBorder(radius=14),
        text_style=ft.TextStyle(size=17, weight=ft.FontWeight.W_600),
        bgcolor=ft.Colors.ERROR_CONTAINER if danger else None,
    )
    cls = Filled if primary else Tonal
    return cls(
        label, icon=icon, key=key, on_click=tap(on_click), disabled=disabled or on_click is None,
        style=style, height=TOUCH + 8,
    )


def small_button(
    label: str, on_click: Handler | None, *, key: str, icon: ft.IconData | None = None
) -> ft.Control:
    return ft.OutlinedButton(
        label, icon=icon, key=key, on_click=tap(on_click), disabled=on_click is None, height=48
    )


def section(title: str, *controls: ft.Control, key: str | None = None) -> ft.Control:
    """A titled card grouping related controls."""
    return ft.Card(
        ft.Container(
            ft.Column(
                [ft.Text(title, size=16, weight=ft.FontWeight.BOLD), *controls], spacing=8
            ),
            padding=ft.Padding.all(14),
        ),
        key=key,
        semantic_container=False,  # keep each button and text reachable on its own
    )


def card_text(text: str) -> tuple[str, str | None]:
    """A card's notation as shown to people (``Q♦``) and its colour."""
    if text == "JK":
        return "JK★", JOKER
    rank, suit = text[:-1], text[-1]
    return rank + SUIT_SYMBOLS.get(suit, suit), RED if suit in "HD" else BLACK


def card_chip(text: str, *, size: int = 18, key: str | None = None) -> ft.Control:
    """A small face-up card showing rank and suit in the suit's colour."""
    label, color = card_text(text)
    return ft.Container(
        ft.Text(label, size=size, color=color, font_family=CARD_FONT),
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SURFACE,
        key=key,
    )


def choices(
    items: Sequence[tuple[str, str]], selected: str, on_select: Callable[[str], None], *, key: str
) -> ft.Control:
    """One choice among a few (a game, a mode): chips that wrap on a narrow screen."""
    return ft.Row(
        [ft.Chip(label=ft.Text(label), selected=value == selected, key=f"{key}-{value}",
                 on_select=lambda _e, v=value: on_select(v), show_checkmark=True)
         for value, label in items],
        wrap=True, spacing=8, run_spacing=8, key=key,
    )


# A message floats this high above the window's bottom edge: over the pinned bottom button
# row of a screen (a big button, TOUCH + 8 high, in the view's 12 px padding), not on it.
SNACK_LIFT = TOUCH + 8 + 12 + 12


def snack(text: str) -> ft.SnackBar:
    """A passing message (saved, drawn, refused): it floats above the pinned buttons of the
    screen, so a tap meant for Start or Next never lands on it."""
    return ft.SnackBar(
        ft.Text(text), behavior=ft.SnackBarBehavior.FLOATING,
        margin=ft.Margin.only(left=12, right=12, bottom=SNACK_LIFT),
    )


def dot(colour: str, *, key: str | None = None, size: int = 12) -> ft.Control:
    """A player's colour as a small round dot beside their name (decorative: the name says who
    it is); none (``""``) keeps the room empty, so names stay aligned."""
    return ft.Container(width=size, height=size, border_radius=ft.BorderRadius.all(size / 2),
                        bgcolor=colour or ft.Colors.TRANSPARENT, key=key)


def seat_mark(colour: str, current: bool, *, index: int) -> ft.Control:
    """A seat's mark before its name: the player's colour as a dot, ringed in the primary
    colour on the seat to play (its line is highlighted and its name bold as well). One slot
    for both keeps a long name its width on a phone."""
    return ft.Container(dot(colour, key=f"colour-{index}"), key=f"mark-{index}", width=22,
                        height=22, alignment=ft.Alignment.CENTER,
                        border_radius=ft.BorderRadius.all(11),
                        border=ft.Border.all(2.5, ft.Colors.PRIMARY) if current else None)


def message(text: str, *, key: str, error: bool = False) -> ft.Control:
    """A line of feedback; errors in the error colour."""
    return ft.Text(
        text, key=key, color=ft.Colors.ERROR if error else None, size=15,
        weight=ft.FontWeight.W_500 if error else None,
    )


def find(root: object, key: str) -> Any:
    """The control with ``key`` under ``root`` (depth first), for tests and controllers."""
    if same_key(getattr(root, "key", None), key):
        return root
    for child in children(root):
        found = find(child, key)
        if found is not None:
            return found
    return None


def children(control: object) -> list[ft.BaseControl]:
    """The direct children of a control, whatever attribute holds them."""
    out: list[ft.BaseControl] = []
    for name in ("appbar", "content", "leading", "label", "title", "subtitle", "trailing",
                 "bottom_appbar"):
        value = getattr(control, name, None)
        if isinstance(value, ft.BaseControl):
            out.append(value)
    for name in ("controls", "actions", "items"):
        value = getattr(control, name, None)
        if isinstance(value, list):
            out.extend(v for v in value if isinstance(v, ft.BaseControl))
    return out
