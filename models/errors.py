"""Domain errors: a ``code`` and its parameters, which the app says in the player's language
(``error.<code>``, set-up errors ``reason.<code>``)."""

from __future__ import annotations

from collections.abc import Mapping


def call(code: str, params: Mapping[str, object]) -> str:
    """A code and its parameters written as a call: ``not_turn(player='Ana', turn='Bea')``."""
    args = ", ".join(f"{key}={value!r}" for key, value in params.items())
    return f"{code}({args})"


class MejaError(ValueError):
    """A request the rules or the pack cannot allow: ``code`` and ``params`` say why (the app's
    ``error.<code>``); ``str()`` is the code and params, ``card_text(text='ZZ')``."""

    def __init__(self, code: str, /, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        return call(self.code, self.params)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(cls: type[MejaError], code: str, params: dict[str, object]) -> MejaError:
    return cls(code, **params)


class SetupError(MejaError):
    """A game or match that cannot be set up as asked (too many players for the pack...);
    the app says it as ``reason.<code>``."""


class IllegalAction(MejaError):
    """An action that is not legal in the current state."""
