"""What each game derives from a match's events at a real table: ``models.tables.<game>``
defines ``Table`` (see :class:`models.match.Table`)."""
