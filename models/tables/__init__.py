"""What each game derives from a match's events at a real table: ``models.tables.<game>``
defines its table class (a :class:`models.tables.base.MatchState`) and its own event kinds
(``EVENTS``), which :mod:`models.registry` names and registers."""
