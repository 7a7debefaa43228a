"""Model errors, reasons and hints in the app's English words: the models emit codes and
parameters, and the tests that check the wording read it through the English catalog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from app.i18n import Translator, refusal, say
from models.bots.hint import Hint
from models.errors import MejaError

EN = Translator("en")


def english(said: MejaError | Hint | Any) -> str:
    """An error as the app refuses it, a hint as the hint line says it, a reason as said."""
    if isinstance(said, MejaError):
        return refusal(EN, said)
    if isinstance(said, Hint):
        return say(EN, said.code, said.params, prefix="hint")
    return say(EN, said.code, said.params)


@contextmanager
def refused(kind: type[MejaError] = MejaError, match: str = "") -> Iterator[Any]:
    """Like ``pytest.raises(kind, match=...)``, matching the English the app shows."""
    with pytest.raises(kind) as caught:
        yield caught
    text = english(caught.value)
    assert re.search(match, text), (match, text)
