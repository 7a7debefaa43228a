"""Translation: every user-facing text goes through :class:`Translator` and ``app.catalog``."""

from __future__ import annotations

import contextlib
import errno
import locale
import os
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.catalog import CATALOG
from models.errors import MejaError, SetupError
from models.match import Reason

LANGUAGES = {"en": "English", "fr": "Français"}
DEFAULT = "en"


def system_language(candidates: Iterable[str | None] = ()) -> str:
    """The first supported language among ``candidates`` (e.g. the device's locales), then the
    process locale; English when nothing matches."""
    env = [os.environ.get(k) for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        env.append(locale.getlocale()[0])
    for value in [*candidates, *env]:
        code = (value or "").replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def names(items: Sequence[str], t: Translator) -> str:
    """``Ana``, ``Ana and Bea``, ``Ana, Bea and Cid`` in ``t``'s language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return t("common.and", a=", ".join(items[:-1]), b=items[-1])


class Translator:
    """Looks texts up in the catalog of one language, falling back to English."""

    def __init__(self, language: str = DEFAULT) -> None:
        self.language = language if language in CATALOG else DEFAULT

    def __call__(self, key: str, /, **params: object) -> str:
        text = CATALOG[self.language].get(key) or CATALOG[DEFAULT].get(key)
        if text is None:
            raise KeyError(f"missing text: {key}")
        return text.format(**params) if params else text

    def plural(self, key: str, count: int, /, **params: object) -> str:
        """``key.one`` or ``key.other`` by ``count`` (French counts 0 and 1 as singular)."""
        one = count == 1 or (self.language == "fr" and count == 0)
        return self(f"{key}.{'one' if one else 'other'}", n=count, **params)

    def has(self, key: str) -> bool:
        return key in CATALOG[self.language] or key in CATALOG[DEFAULT]


def fields(text: str) -> set[str]:
    """The ``{names}`` a catalog text uses (for the catalog's own tests)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


_SINGULAR = {
    "en": re.compile(r"(?<![\d.])(1 (?:point|card|round win|more card))s\b"),
    "fr": re.compile(r"(?<![\d.])(1 (?:point|carte|manche|manches gagnée))s\b"),
}


def _word(t: Translator, value: object) -> object:
    if isinstance(value, list | tuple):
        return names([str(v) for v in value], t)
    if isinstance(value, Reason):  # a reason inside a reason: said as a clause, no full stop
        return say(t, value.code, value.params).rstrip(".")
    return value


def say(t: Translator, code: str, params: Mapping[str, Any], prefix: str = "reason") -> str:
    """A referee reason (``code`` and ``params`` from the models) in ``t``'s language:
    lists of names are joined, a reason given as a param is said too, ``step`` becomes
    "master card", "2nd card"..., ``packs`` and ``size`` become ``pack`` ("a 52-card pack",
    "2 jeux de 54 cartes"), a ``suit`` letter its word ("spades", "piques")."""
    words: dict[str, object] = {key: _word(t, value) for key, value in params.items()}
    if "step" in params:
        step = int(params["step"])
        words["which"] = t(f"ordinal.{step}") if t.has(f"ordinal.{step}") else t(
            "ordinal.n", n=step + 1
        )
    if "packs" in params and "size" in params:
        words["pack"] = t.plural("reason.pack", int(params["packs"]), size=params["size"])
    if "suit" in params and t.has(f"{prefix}.suit.{params['suit']}"):
        words["suit"] = t(f"{prefix}.suit.{params['suit']}")
    text = t(f"{prefix}.{code}", **words)
    singular = _SINGULAR.get(t.language)
    return singular.sub(r"\1", text) if singular else text


def not_saved(t: Translator, error: OSError) -> str:
    """Why a write failed, in ``t``'s language, and that nothing saved before was lost."""
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return t("save.full")
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return t("save.read_only")
    return t("save.failed", error=error.strerror or type(error).__name__)


def refusal(t: Translator, error: MejaError) -> str:
    """What the models refused, in ``t``'s language: a set-up error, a refused event or a
    refused share code by its reason; any other error as it reads."""
    if isinstance(error, SetupError):
        return say(t, error.code, error.params)
    reason = getattr(error, "reason", None)
    if isinstance(reason, Reason):
        return say(t, reason.code, reason.params)
    return str(error)
