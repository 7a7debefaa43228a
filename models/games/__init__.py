"""The game registry: ``GAMES[key]`` is the :class:`~models.games.base.Game` of each engine."""

from models.games import forty_one, kartu_sama, samba, sums
from models.games.base import Game, State

GAMES: dict[str, Game[State]] = {
    game.key: game for game in (kartu_sama.GAME, forty_one.GAME, sums.GAME, samba.GAME)
}

__all__ = ["GAMES", "Game", "forty_one", "kartu_sama", "samba", "sums"]
