"""Each game's knowledge for the computer players (``models.bots.<game>``: its
:class:`~models.bots.base.Playbook`), and the search they share. The players themselves, by
name and game, are :mod:`models.computers`."""
