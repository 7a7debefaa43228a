"""The referee controllers of the games Meja referees at a real table, one module a game:
its ``Referee`` (built with ``(host, match_id, match)``, the host an ``app.host.Host``;
``view(sub)`` gives the screen for ``/match/<id>/<sub>``) and its ``summary(match)`` for the
history. :mod:`app.games` registers them."""
