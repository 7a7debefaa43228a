"""One played round, opened from the scoreboard: who dealt, how it ended, each player's (or
side's) hand or count and points, the corrections made to it, and the buttons that correct it
or delete it (the deletion asks first and says what will change)."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from views.common import (
    CARD_FONT,
    Handler,
    Tr,
    big_button,
    card_chip,
    dot,
    drawn,
    screen,
    section,
)


@dataclass(frozen=True)
class RoundLine:
    name: str  # a player, or a side ("Ana & Cid")
    points: str  # "12 points"
    cards: tuple[str, ...] = ()  # the hand in the notation ("QS", "10H"), shown with suits
    detail: str = ""  # what the cards do not say: "went out", "3 canastas, 1 samba..."
    colour: str = ""  # the player's colour (#RRGGBB), "" for none
    best: bool = False  # won the round


@dataclass(frozen=True)
class RoundData:
    route: str
    title: str  # "Round 2"
    facts: tuple[str, ...]  # "Bea dealt", "Ana went out"
    lines: tuple[RoundLine, ...]
    changes: tuple[str, ...] = ()  # "Corrected during round 4"...
    deleted: bool = False
    confirm: str = ""  # what deleting changes, while the deletion is asked about
    correct: str = ""  # the correction button's label: "Correct this round"
    delete: str = ""  # the deletion button's label: "Delete this round"
    version: int = 0  # of the match's state the screen is drawn from (see app.reconcile)


def _line(i: int, line: RoundLine) -> ft.Control:
    head = ft.Row(
        [dot(line.colour),
         ft.Text(line.name, size=17, weight=ft.FontWeight.W_600),
         *([ft.Text("★", size=17, font_family=CARD_FONT, key=f"round-best-{i}")]
           if line.best else []),
         ft.Container(expand=True),
         ft.Text(line.points, size=17, weight=ft.FontWeight.BOLD, key=f"round-points-{i}")],
        spacing=8,
    )
    rows: list[ft.Control] = [head]
    if line.cards:
        rows.append(ft.Row([card_chip(c, size=16) for c in line.cards], wrap=True, spacing=4,
                           run_spacing=4, key=f"round-cards-{i}"))
    if line.detail:
        rows.append(ft.Text(line.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT,
                            key=f"round-detail-{i}"))
    return ft.Container(ft.Column(rows, spacing=6), padding=ft.Padding.symmetric(vertical=6),
                        key=f"round-line-{i}")


def round_view(
    t: Tr,
    data: RoundData,
    *,
    on_correct: Handler | None,
    on_delete: Handler | None,
    on_confirm: Handler,
    on_cancel: Handler,
    on_back: Handler,
) -> ft.View:
    """The round's facts and hands, its corrections, and (at the bottom) Correct and Delete;
    while a deletion is asked about, the bottom says what it changes and asks to confirm."""
    body: list[ft.Control] = []
    if data.deleted:
        body.append(ft.Text(t("round.deleted"), size=17, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ERROR, key="round-deleted"))
    body.append(ft.Column([ft.Text(f, size=16, key=f"round-fact-{i}")
                           for i, f in enumerate(data.facts)], spacing=4))
    body.append(section(t("round.hands"), *[_line(i, x) for i, x in enumerate(data.lines)]))
    if data.changes:
        body.append(section(t("round.changes"),
                            *[ft.Text(c, key=f"round-change-{i}")
                              for i, c in enumerate(data.changes)], key="round-changes"))
    bottom = ft.Column(spacing=8)
    if data.confirm:
        bottom.controls += [
            ft.Text(data.confirm, size=16, key="round-confirm-text"),
            drawn(big_button(t("round.delete_yes"), on_confirm, key="round-delete-yes",
                              icon=ft.Icons.DELETE, primary=False, danger=True), data.version),
            big_button(t("round.keep"), on_cancel, key="round-keep", primary=False),
        ]
    else:
        if data.correct and on_correct is not None:
            bottom.controls.append(drawn(big_button(data.correct, on_correct,
                                                     key="round-correct", icon=ft.Icons.EDIT),
                                         data.version))
        if on_delete is not None and not data.deleted:
            bottom.controls.append(big_button(data.delete, on_delete, key="round-delete",
                                              icon=ft.Icons.DELETE_OUTLINE, primary=False))
    return screen(data.route, data.title, body, on_back=on_back, back_label=t("common.back"),
                  bottom=bottom if bottom.controls else None)

