"""41's own piece of the scoreboard: the four cards each player showed, with the score and the
suit counted, best first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft

from views.common import card_chip, section


@dataclass(frozen=True)
class ShownHand:
    """One player's cards at the end of a hand."""

    name: str
    cards: tuple[str, ...]  # in the notation: "AH", "10S"
    line: str  # "33 · hearts counted"
    mark: str = ""  # "won", "lost" or ""


def shown_hands(title: str, hands: Sequence[ShownHand]) -> ft.Control:
    """A section listing each player's cards as face-up chips, with their score line."""
    rows = [
        ft.Column(
            [
                ft.Row([ft.Text(h.name, size=16, weight=ft.FontWeight.BOLD, expand=True),
                        ft.Text(h.mark, size=14, color=ft.Colors.PRIMARY)]),
                ft.Row([card_chip(c, size=20) for c in h.cards], spacing=6, wrap=True),
                ft.Text(h.line, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=4, key=f"shown-{i}",
        )
        for i, h in enumerate(hands)
    ]
    return section(title, *rows, key="shown-hands")
