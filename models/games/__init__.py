"""The four game engines, one module each (rules, state, scoring, tie-breakers): leaves that
import no table and no bot. Each says what it is in its ``RULES``; :mod:`models.registry`
joins every engine to its table and bot in ``GAMES`` (``from models.registry import
GAMES``)."""
