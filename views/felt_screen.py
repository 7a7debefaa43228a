"""The screen around the card table: the app bar (back, hint, undo and redo, phones), the
message line over the table (what the table says now: a refusal, a hint, else the last move),
the table, and the moves that are no card (under it on a phone, in a column beside it on a wide
screen, where the last moves stay in view). Every height is fixed, so the table's size is known
before it is drawn (:func:`frame`), and nothing the table lays out can be covered."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.common import Filled, Handler, Tonal, Tr, drawn, icon_button
from views.felt_data import Button
from views.reconcile import reconcile

APPBAR = 56
PAD = 8  # the view's padding
LINE = 40  # the message line over the table
ROW = 52  # a row of buttons under the table
GAP = 6
SIDE = 240  # the column beside the table on a wide screen
WIDE = 700  # from this window width, wider than tall, the column sits beside the table


@dataclass(frozen=True)
class Frame:
    """Where the screen's parts go on a window: the table's size, whether the buttons and the
    last moves sit beside it (``wide``), and the buttons' rows and columns under it."""

    table: tuple[float, float]
    wide: bool
    rows: int
    columns: int


def frame(width: float, height: float, buttons: int) -> Frame:
    """The screen's parts on a window of ``width`` x ``height`` with ``buttons`` moves that
    are no card: under the table two to a row on a phone; beside it on a wide window."""
    wide = width > height and width >= WIDE
    columns = 1 if buttons <= 1 else 2
    rows = 0 if wide else math.ceil(buttons / columns)
    inner_w = width - 2 * PAD - (SIDE + GAP if wide else 0)
    inner_h = height - APPBAR - 2 * PAD - LINE - GAP - below(rows, wide)
    return Frame((max(280.0, inner_w), max(200.0, inner_h)), wide, rows, columns)


def below(rows: int, wide: bool) -> float:
    """The height under the table: the buttons' rows (and the space before them)."""
    return 0.0 if wide else GAP + rows * ROW + max(0, rows - 1) * GAP


@dataclass(frozen=True)
class Line:
    """What the message line says: ``kind`` is ``move`` (the last move), ``refusal``, ``hint``,
    ``note`` (a saving that failed, a game changed elsewhere) or ``ask`` (a phone asks the
    host: its ``answers``, each a key and its label)."""

    text: str
    kind: str = "move"
    answers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Entry:
    """A line of the last moves, worded; ``round`` starts a new round above it."""

    text: str
    round: str = ""


COLOURS = {"refusal": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
           "hint": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
           "note": (ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
           "ask": (ft.Colors.PRIMARY_CONTAINER, ft.Colors.ON_PRIMARY_CONTAINER)}


ICONS = {"refusal": ft.Icons.BLOCK, "hint": ft.Icons.LIGHTBULB,
         "note": ft.Icons.INFO_OUTLINE, "ask": ft.Icons.PHONE_ANDROID}
WHOLE = ("hint", "refusal", "note")  # the messages a phone opens whole above the last moves


def _said(line: Line, lines: int | None, key: str) -> list[ft.Control]:
    """A message's icon and words, in its colour (at most ``lines`` lines, cut with an
    ellipsis)."""
    fg = COLOURS.get(line.kind, (None, None))[1]
    icon = ICONS.get(line.kind)
    text = ft.Text(line.text, size=14, color=fg, expand=True, max_lines=lines,
                   overflow=ft.TextOverflow.ELLIPSIS if lines else ft.TextOverflow.CLIP, key=key,
                   weight=ft.FontWeight.W_500 if line.kind != "move" else None)
    return [ft.Icon(icon, size=18, color=fg), text] if icon is not None else [text]


def message_line(t: Tr, line: Line, on_log: Handler | None,
                 on_answer: Callable[[str], None] | None = None) -> ft.Control:
    """The line over the table: the message of the moment on its own colour, or the last
    move; a phone's request with the host's answers instead. On a phone (``on_log``) the
    last moves are a tap on their icon away, leaving the words most of the width, and a
    message the line may cut opens whole, above the last moves, at a tap on its words."""
    bg, fg = COLOURS.get(line.kind, (None, None))
    parts = _said(line, 2, "message")
    if line.answers and on_answer is not None:
        parts += [ft.TextButton(label, key=f"answer-{key}", style=ft.ButtonStyle(color=fg),
                                on_click=functools.partial(_answer, on_answer, key))
                  for key, label in line.answers]
    elif on_log is not None:
        if line.kind in WHOLE and line.text:
            words = parts.pop()
            parts.append(ft.Container(words, expand=True, key="message-whole",
                                      on_click=lambda _e: on_log()))
        parts.append(named_icon(ft.Icons.HISTORY, t("felt.last_moves"), "last-moves", on_log))
    return ft.Container(ft.Row(parts, spacing=6), height=LINE, bgcolor=bg,
                        border_radius=ft.BorderRadius.all(8),
                        padding=ft.Padding.only(left=8 if bg else 2), key="message-line")


def _answer(on_answer: Callable[[str], None], key: str, _e: object) -> None:
    on_answer(key)


def log_lines(t: Tr, entries: Sequence[Entry], key: str = "log") -> list[ft.Control]:
    """The last moves, newest first, a line between two rounds."""
    if not entries:
        return [ft.Text(t("felt.no_moves"), size=14, key=f"{key}-none")]
    out: list[ft.Control] = []
    for i, entry in enumerate(entries):
        if entry.round:
            out.append(ft.Row([ft.Text(entry.round, size=12, weight=ft.FontWeight.BOLD,
                                       color=ft.Colors.PRIMARY),
                               ft.Container(ft.Divider(height=1), expand=True)],
                              spacing=6, key=f"{key}-round-{i}"))
        out.append(ft.Text(entry.text, size=14, key=f"{key}-{i}"))
    return out


def log_sheet(t: Tr, entries: Sequence[Entry], line: Line | None = None) -> ft.BottomSheet:
    """The last moves in a sheet over the table (a phone), under the message of the moment
    in full (a hint, a refusal, a note: the line over the table may cut it)."""
    top: list[ft.Control] = []
    if line is not None and line.text and line.kind in WHOLE:
        top.append(ft.Container(ft.Row(_said(line, None, "sheet-message"), spacing=6),
                                bgcolor=COLOURS[line.kind][0], padding=ft.Padding.all(8),
                                border_radius=ft.BorderRadius.all(8), key="sheet-line"))
    return ft.BottomSheet(ft.Container(ft.Column(
        [*top, ft.Text(t("felt.last_moves"), size=18, weight=ft.FontWeight.BOLD),
         *log_lines(t, entries)],
        spacing=4, scroll=ft.ScrollMode.AUTO, tight=True), padding=ft.Padding.all(16)),
        key="log-sheet")


def named_icon(icon: ft.IconData, label: str, key: str, on_click: Handler | None,
               disabled: bool = False) -> ft.IconButton:
    """An icon button a screen reader names."""
    return icon_button(icon, label, key=key, disabled=disabled or on_click is None,
                       on_click=(lambda _e: on_click()) if on_click is not None else None)


def _buttons(buttons: Sequence[Button], on_tap: Callable[[str, str], None], columns: int,
             hinted: frozenset[str], stamp: str) -> list[ft.Control]:
    made: list[ft.Control] = []
    for b in buttons:
        style = ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            shape=ft.RoundedRectangleBorder(radius=12),
            text_style=ft.TextStyle(size=15, weight=ft.FontWeight.W_600),
            side=ft.BorderSide(3, "#00B8D4") if b.tap in hinted else None)
        cls = Filled if b.primary or len(buttons) == 1 else Tonal
        # drawn anew for each state: a tap on one drawn before is on a control gone
        made.append(drawn(cls(b.label, key=f"button-{b.tap}", height=ROW, style=style,
                              expand=True, on_click=functools.partial(_tap, on_tap, b.tap)),
                          stamp))
    if columns == 1:
        return made
    return [ft.Row(made[i:i + columns], spacing=GAP) for i in range(0, len(made), columns)]


def _tap(on_tap: Callable[[str, str], None], key: str, _e: object) -> None:
    on_tap(key, f"button:{key}")


class FeltScreen:
    """The card table's screen, kept: built once for a route, then each redraw changes its
    parts in place (the message line's slot, the moves' columns, the last moves, the app
    bar's buttons), so that a tap's answer sends those and never rebuilds the table's column
    (whose client would build every card again). The view is keyed: a screen of another kind
    on the route (a summary) replaces it instead of being copied onto it."""

    KEY = "felt-screen"

    def __init__(self) -> None:
        self.view: ft.View | None = None
        self.drawn: dict[str, object] = {}
        self.parts: dict[str, ft.Control] = {}

    def show(
        self, t: Tr, route: str, title: str, table: ft.Control, *, frame: Frame,
        buttons: Sequence[Button], on_tap: Callable[[str, str], None], line: Line,
        log: Sequence[Entry], on_log: Handler, on_back: Handler,
        on_hint: Handler | None = None, on_undo: Handler | None = None,
        on_redo: Handler | None = None, can_undo: bool = False, can_redo: bool = False,
        invite: ft.Control | None = None, hinted: frozenset[str] = frozenset(),
        stamp: str = "", on_answer: Callable[[str], None] | None = None,
        can_hint: bool = True,
    ) -> ft.View:
        """The screen (see the module's docstring), its parts as given now; ``on_answer``
        hears the host's answer to a phone's request on the message line."""
        if self.view is None or self.view.route != route or self.parts["table"] is not table:
            self._build(route, table)
        view, parts = self.view, self.parts
        assert view is not None and isinstance(view.appbar, ft.AppBar)
        # what a tap on a part drawn for another state does is nothing: its control is new
        actions: list[ft.Control] = []
        if on_hint is not None:
            actions.append(named_icon(ft.Icons.LIGHTBULB, t("play.hint"), "hint-button",
                                      on_hint, disabled=not can_hint))
        if on_undo is not None:
            actions.append(named_icon(ft.Icons.UNDO, t("play.undo"), "undo", on_undo,
                                      disabled=not can_undo))
            actions.append(named_icon(ft.Icons.REDO, t("play.redo"), "redo", on_redo,
                                      disabled=not can_redo))
        if invite is not None:  # the menu of the seats' invites (views/guests.py)
            invite = self._invite(invite)
            actions.append(invite)
        appbar = view.appbar
        if self._changed("actions", (stamp, can_hint, can_undo, can_redo,
                                     [a.key for a in actions],
                                     t("play.hint"))):
            appbar.actions = [a if a is invite else self._action(drawn(a, stamp))
                              for a in actions]
        if self._changed("title", (title, t("common.back"))):
            assert isinstance(appbar.title, ft.Text)
            appbar.title.value = title
        if self._changed("back", t("common.back")):  # it leaves: the same in any state
            appbar.leading = named_icon(ft.Icons.ARROW_BACK, t("common.back"), "back", on_back)
        slot = parts["line"]
        assert isinstance(slot, ft.Container)
        if self._changed("line", (line, frame.wide, t("felt.last_moves"),
                                  stamp if line.answers else "")):
            slot.content = reconcile(slot.content, message_line(
                t, line, None if frame.wide else on_log, on_answer))
        if self._changed("moves", (tuple(buttons), stamp, hinted, frame.wide, frame.columns)):
            made = _buttons(buttons, on_tap, 1 if frame.wide else frame.columns, hinted, stamp)
            _set(parts["moves"], [] if frame.wide else made)
            _set(parts["side-moves"], made if frame.wide else [])
        if self._changed("log", (tuple(log), frame.wide, t("felt.last_moves"))):
            _set(parts["side-log"], log_lines(t, log, "side-log") if frame.wide else [])
            heading = parts["log-heading"]
            assert isinstance(heading, ft.Text)
            heading.value = t("felt.last_moves")
        main, side = parts["main"], parts["side"]
        assert isinstance(main, ft.Column) and isinstance(side, ft.Column)
        main.width = frame.table[0]
        side.visible = frame.wide
        side.height = frame.table[1] + LINE + GAP
        return view

    def _action(self, button: ft.Control) -> ft.Control:
        """An action of the app bar drawn for this state, or the one shown when it is the
        same disabled button: nothing can tap it, so it need not be drawn anew (and sent)."""
        appbar = self.view.appbar if self.view is not None else None
        shown = appbar.actions or [] if isinstance(appbar, ft.AppBar) else []
        kept = next((a for a in shown if a.key == button.key), None)
        return kept if kept is not None and getattr(button, "disabled", False) else button

    def _invite(self, menu: ft.Control) -> ft.Control:
        """The invite menu kept while its seats and words are the same: what it does does not
        depend on the state, and a menu open while the computers play stays the one tapped
        (drawn anew at each move, its tap went to a control gone)."""
        items = menu.items if isinstance(menu, ft.PopupMenuButton) else []
        said = (menu.key, [(i.key, i.content) for i in items])
        changed, kept = self._changed("invite", said), self.parts.get("invite")
        if kept is not None and not changed:
            return kept
        self.parts["invite"] = menu
        return menu

    def _changed(self, part: str, data: object) -> bool:
        """Whether ``part`` is to be drawn anew (what it shows changed)."""
        if self.drawn.get(part, self) == data:
            return False
        self.drawn[part] = data
        return True

    def _build(self, route: str, table: ft.Control) -> None:
        """The screen's frame, its parts empty: one shape on every window (the table's parent
        never changes: a control moved to another parent is mounted again, and its cards
        with it), the table's column and beside it a column shown on a wide window only (the
        buttons and the last moves)."""
        line = ft.Container(key="message-slot", height=LINE)
        moves = ft.Column(spacing=GAP, key="moves",
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        main = ft.Column(
            [line, table, moves], spacing=GAP, tight=True, key="main",
            # scrolls only when a table too crowded for any size grew taller than the window
            scroll=ft.ScrollMode.AUTO, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        side_moves = ft.Column(spacing=GAP, key="side-moves",
                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        heading = ft.Text("", size=14, weight=ft.FontWeight.BOLD)
        side_log = ft.Column(spacing=2, scroll=ft.ScrollMode.AUTO, expand=True, key="side-log")
        side = ft.Column([side_moves, heading, side_log], width=SIDE, spacing=GAP,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key="side")
        body = ft.Row([main, side], spacing=GAP, key="body", expand=True,
                      vertical_alignment=ft.CrossAxisAlignment.START)
        self.view = ft.View(
            route=route, key=self.KEY, controls=[body], padding=ft.Padding.all(PAD),
            appbar=ft.AppBar(
                title=ft.Text("", key="title", max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                automatically_imply_leading=False, toolbar_height=APPBAR))
        self.parts = {"line": line, "moves": moves, "main": main, "side": side,
                      "side-moves": side_moves, "side-log": side_log, "log-heading": heading,
                      "table": table}
        self.drawn = {}


def _set(column: ft.Control, controls: list[ft.Control]) -> None:
    assert isinstance(column, ft.Column)
    column.controls = controls


def felt_view(
    t: Tr, route: str, title: str, table: ft.Control, *, frame: Frame,
    buttons: Sequence[Button], on_tap: Callable[[str, str], None], line: Line,
    log: Sequence[Entry], on_log: Handler, on_back: Handler,
    on_hint: Handler | None = None, on_undo: Handler | None = None,
    on_redo: Handler | None = None, can_undo: bool = False, can_redo: bool = False,
    invite: ft.Control | None = None, hinted: frozenset[str] = frozenset(), stamp: str = "",
) -> ft.View:
    """The card table's screen drawn once (see :class:`FeltScreen`)."""
    return FeltScreen().show(
        t, route, title, table, frame=frame, buttons=buttons, on_tap=on_tap, line=line,
        log=log, on_log=on_log, on_back=on_back, on_hint=on_hint, on_undo=on_undo,
        on_redo=on_redo, can_undo=can_undo, can_redo=can_redo, invite=invite,
        hinted=hinted, stamp=stamp)


__all__ = ["Entry", "Frame", "Line", "FeltScreen", "below", "felt_view", "frame", "log_lines",
           "log_sheet", "message_line", "named_icon"]
