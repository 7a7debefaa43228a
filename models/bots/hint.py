"""The one-line "why" of a computer move: a ``code`` and its parameters (the app translates
the code; :meth:`Hint.describe` gives the English), like ``models.match.Reason``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TEXTS: dict[str, str] = {
    "only": "The only move allowed",
    # Kartu Sama
    "ks_out": "Play {card}: it is the last card, the round ends",
    "ks_joker": "Play the joker: the hand can pay the {count} cards it asks",
    "ks_joker_forced": "Play the joker: no other card matches",
    "ks_pay": "Play {card} toward the joker: {left} more to pay",
    "ks_shed": "Play {card}: it sheds {points} points and leaves {follow} cards that follow it",
    "ks_draw": "Draw {count}: no card matches {card}",
    "ks_draw_debt": "Draw {count}: the joker cannot be paid",
    "ks_draw_choice": "Draw {count} instead of playing",
    "ks_keep": "Keep the cards just drawn",
    # 41
    "fo_stop": "Stop: four {suit} worth {score}",
    "fo_take": "Take {card}: the hand goes from {before} to {after}",
    "fo_draw": "Draw from the stock: {card} does not improve the hand ({score})",
    "fo_draw_first": "Draw from the stock",
    "fo_end": "End play: the stock is empty and {card} does not improve {score}",
    "fo_discard": "Discard {card}: the hand keeps {score} in {suit}",
    # Samba
    "sa_yes": "Yes: the side has what going out needs",
    "sa_no": "No: keep playing",
    "sa_take": "Take the pile ({count} cards) with {card}",
    "sa_draw": "Draw two from the stock",
    "sa_stop": "Stop: the stock is empty",
    "sa_red3": "Meld {card}: red 3s go down at once",
    "sa_black3": "Meld the black 3s and go out",
    "sa_meld": "More cards on the table, fewer left in hand",
    "sa_finish": "Done melding: keep the rest for later",
    "sa_cancel": "Take the melds back: they do not reach the {minimum} needed",
    "sa_ask": "Ask the partner: the side may go out",
    "sa_discard": "Discard {card}: a card worth {points} that the hand does not need",
    "sa_discard_block": "Discard {card}: a black 3 blocks the pile",
    # Sums
    "su_draw": "Draw {card} from pile {pile}",
    "su_draw_take": "Draw {card} from pile {pile}: it can take {target} next",
    "su_take_sum": "Play {card}: it takes {target} ({card} + your {helper} = {total})",
    "su_take_diff": "Play {card}: it takes {target} ({card} - your {helper} = {total})",
    "su_take_diff_back": "Play {card}: it takes {target} (your {helper} - {card} = {total})",
    "su_take_ace": "Play {card}: it takes {target} (a queen takes an ace of the same colour)",
    "su_take_king": "Play {card}: it takes {target} (a 2 takes a king of the same colour)",
    "su_place": "Play {card}: it scores {points} and takes nothing",
    "su_target": "Remove {target}: the most points within reach",
    "su_counter": "Counter with {card}: it takes {target} back",
    "su_let": "Let the attack go: no counter is worth it",
    "su_stop": "End the game without a last card",
    "su_take_back": "Take back {card}",
    # search
    "searched": "{action}: best in {worlds} sampled deals ({share}% of its rivals' value)",
    # words inside hints: {suit}, said from the param suit (S H D C)
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
}


@dataclass(frozen=True)
class Hint:
    """Why a move is good: ``code`` (a key of :data:`TEXTS`) and its ``params`` (cards in the
    notation, numbers, a ``suit`` letter: facts the app says in the player's language)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """The hint in English."""
        words = dict(self.params)
        if "suit" in words:
            words["suit"] = TEXTS[f"suit.{words['suit']}"]
        return TEXTS[self.code].format(**words)

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}`` with JSON-able values."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        return self.describe()
