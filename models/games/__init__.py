"""The game registry: ``GAMES[key]`` is the :class:`~models.games.base.Game` of each engine."""

from models.games import kartu_sama
from models.games.base import Game

GAMES: dict[str, Game] = {game.key: game for game in (kartu_sama.GAME,)}

__all__ = ["GAMES", "Game", "kartu_sama"]
