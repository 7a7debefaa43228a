"""The game registry: ``GAMES[key]`` is the :class:`~models.games.base.Game` of each game: its
engine, and by name its table (``GAMES[key].table()``) and computer player (``.bot()``).
Adding a game is its modules and one line here (and one in ``app.games``)."""

from models.games import forty_one, kartu_sama, samba, sums
from models.games.base import Game, State

GAMES: dict[str, Game[State]] = {
    game.key: game for game in (kartu_sama.GAME, forty_one.GAME, sums.GAME, samba.GAME)
}

__all__ = ["GAMES", "Game", "forty_one", "kartu_sama", "samba", "sums"]
