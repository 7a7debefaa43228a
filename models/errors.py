"""Domain errors, each with a message a player understands."""


class MejaError(ValueError):
    """A request the rules or the pack cannot allow; ``str(error)`` is meant for players."""


class SetupError(MejaError):
    """A game or match that cannot be set up as asked (too many players for the pack...)."""


class IllegalAction(MejaError):
    """An action that is not legal in the current state."""
