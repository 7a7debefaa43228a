"""Domain errors, each with a message a player understands."""

from __future__ import annotations

from typing import Any

# Why a game or a match cannot be set up as asked: a code and its parameters (numbers, names,
# words of the rules). These are the English texts; the app translates ``reason.<code>``.
SETUP_TEXTS: dict[str, str] = {
    # players and names
    "setup_players": "{game} is played by {low} to {high} players, not {players}.",
    "setup_player_list": "The players are a list of names.",
    "setup_name_empty": "Every player needs a name.",
    "setup_name_taken": "{name} is already at the table.",
    "setup_first_dealer": "The first dealer is a seat number from 0.",
    "setup_dealer_seat": "The first dealer must be one of the {players} players.",
    # the games and the shape of a set-up
    "setup_unknown_game": "Unknown game '{game}'. Games: {games}.",
    "setup_no_table": "Meja cannot referee '{game}' at a table yet.",
    "setup_shape": "A match set-up is a dict with 'game', 'players' and 'options'.",
    "setup_fields": "A match set-up names its game and lists its players.",
    # options of any game
    "setup_options": "Options must be a dict or {kind}, not {got}.",
    "setup_unknown_option": "Unknown option '{key}'. Known options: {known}.",
    "setup_option_bool": "Option '{key}' is yes or no (true/false), not {value}.",
    "setup_option_int": "Option '{key}' is a whole number, not {value}.",
    "setup_option_word": "Option '{key}' is a word, not {value}.",
    # packs and deals
    "setup_no_pack": "At least one pack of cards is needed.",
    "setup_jokers": "The number of jokers cannot be negative.",
    "setup_packs": "Use from 1 to {most} packs of cards.",
    "setup_packs_auto": "Use from 1 to {most} packs of cards (0 chooses by the number of "
    "players).",
    "setup_hand_size": "Each player needs at least one card.",
    "setup_deal_one": "{players} players need {need} cards ({each} each and one to turn up); "
    "a {size}-card pack has {have}.",
    "setup_deal_many": "{players} players need {need} cards ({each} each and one to turn up); "
    "{packs} packs of {size} cards have {have}.",
    # Kartu Sama
    "setup_joker_follow": "After a joker: choose one of {choices}.",
    "setup_dealer": "Dealer rotation: choose one of {choices}.",
    "setup_mode": "Game type: choose one of {choices}.",
    "setup_targets": "Target, rounds and wins must be positive numbers.",
    # 41
    "setup_hands_range": "A match has from {low} to {high} hands.",
    "setup_stop_threshold": "The points needed to stop go from 0 (no threshold) to {high}, "
    "the best hand.",
    # Samba
    "setup_target": "The target score must be a positive number.",
    "setup_hands_negative": "The number of hands cannot be negative (0 plays to the target).",
    "setup_top_minimum": "The first-meld minimum from 7000 points is 150 or 160.",
    # Sums
    "setup_piles": "Sums needs from 2 to {most} community piles.",
    "setup_hand_negative": "The number of cards in hand cannot be negative.",
    "setup_take_back": "The take-back and draw-or-play variants cannot be combined: players "
    "could take cards back and play them again forever without drawing.",
    "setup_sums_deal_one": "{players} players need {need} cards ({hand} in hand and 1 in play "
    "each, and one for each of the {piles} community piles); one 52-card pack has {have}.",
    "setup_sums_deal_many": "{players} players need {need} cards ({hand} in hand and 1 in play "
    "each, and one for each of the {piles} community piles); {packs} packs of 52 cards have "
    "{have}.",
}


class MejaError(ValueError):
    """A request the rules or the pack cannot allow. ``str(error)`` says it in English;
    ``code`` and ``params``, when given, say it for a translation (the app's
    ``error.<code>``)."""

    def __init__(self, message: str = "", /, *, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params


class SetupError(MejaError):
    """A game or match that cannot be set up as asked (too many players for the pack...).

    ``code`` (a key of :data:`SETUP_TEXTS`) and ``params`` say why, for a translation;
    ``str(error)`` is the reason in English."""

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(SETUP_TEXTS[code].format(**params))
        self.code = code
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup_error, (type(self), self.code, self.params))


def _setup_error(cls: type[SetupError], code: str, params: dict[str, Any]) -> SetupError:
    return cls(code, **params)


class IllegalAction(MejaError):
    """An action that is not legal in the current state."""
