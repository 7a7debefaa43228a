"""The referee controllers of the games Meja referees at a real table, one module a game:
its ``Referee`` (built with ``(shell, match_id, match)``; ``view(sub)`` gives the screen for
``/match/<id>/<sub>``) and its ``summary(match)`` for the history. :mod:`app.games` registers
them."""
