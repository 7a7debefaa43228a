"""Translation: every text the app shows comes from the gettext catalogs in ``app/locale``.

Message ids are the app's dotted keys. The shared texts are the ``meja`` domain, each game's
its own domain named by its key (``app/locale/<language>/LC_MESSAGES/<domain>.po``, compiled
to ``.mo`` by ``make catalogs`` or when the package is built; a game brought from elsewhere
keeps its catalogs in its own folder: :data:`PLACES`). A count inside a text is a unit spec,
``{points:point}``, said by the plural message ``unit.point``.
"""

from __future__ import annotations

import contextlib
import errno
import gettext
import locale
import os
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from models.bots.hint import Hint
from models.errors import MejaError, SetupError
from models.match import Reason
from models.registry import GAMES
from views.common import card_text

LOCALE = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "fr": "Français", "id": "Bahasa Indonesia"}
DEFAULT = "en"
# The folder of a game's catalogs (``<folder>/<language>/LC_MESSAGES/<game>.mo``) when it is
# not LOCALE: a game brought from elsewhere (``app.games.add``).
PLACES: dict[str, Path] = {}
_CARD = re.compile(r"^(?:10|[2-9JQKA])[SHDC]$|^JK$")
# The params that name people or sides, never cards (a player may be called "AS").
_NAMES = {"player", "players", "other", "others", "turn", "name", "names", "winners", "owner",
          "attacker", "ender", "last", "side", "sides", "dealer", "first", "teams"}


def system_language(candidates: Iterable[str | None] = ()) -> str:
    """The first supported language among ``candidates`` (e.g. the device's locales), then the
    process locale; English when nothing matches."""
    env = [os.environ.get(k) for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        env.append(locale.getlocale()[0])
    for value in [*candidates, *env]:
        code = (value or "").replace("-", "_").split("_")[0].split(".")[0].lower()
        code = {"in": "id"}.get(code, code)  # Java's old code for Indonesian
        if code in LANGUAGES:
            return code
    return DEFAULT


def names(items: Sequence[str], t: Translator) -> str:
    """``Ana``, ``Ana and Bea``, ``Ana, Bea and Cid`` in ``t``'s language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return t("common.and", a=", ".join(items[:-1]), b=items[-1])


def _local(stamp: str) -> datetime | None:
    """A stored time (ISO, UTC when it names no zone) in the device's time zone."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone()


def game_title(t: Translator, key: str) -> str:
    """The name of the game ``key`` in ``t``'s language: its texts', else its engine's title
    (a game without a catalog), else the key (a match of a game no longer here)."""
    said = f"game.{key}"
    if t.has(said):
        return t(said)
    game = GAMES.get(key)
    return key if game is None else game.title


def local_time(stamp: str, language: str) -> str:
    """A stored time in the device's local time, to the minute, as ``language`` writes it
    (Babel's CLDR formats: "Nov 25, 2026, 3:30 AM", "25 nov. 2026, 03:30",
    "25 Nov 2026, 03.30"). A text that is no time is shown as it is."""
    from babel import Locale
    from babel.dates import format_date, format_time

    when = _local(stamp)
    if when is None:
        return stamp
    pattern = Locale.parse(language).datetime_formats["medium"]
    said = str(pattern).replace("'", "").replace("{1}", format_date(
        when, "medium", locale=language)).replace("{0}", format_time(
        when, "short", locale=language))
    return said.replace("\u202f", "\u00a0")  # CLDR's narrow space: not in every font


def local_day(stamp: str, language: str) -> str:
    """The device's day of a stored time, as ``language`` writes a date ("Nov 25, 2026")."""
    from babel.dates import format_date

    when = _local(stamp)
    return stamp[:10] if when is None else str(format_date(when, "medium", locale=language))


def sentences(texts: Iterable[str]) -> str:
    """Several messages shown together, each its own sentence: a text that ends without a
    full stop (a reason also said as a clause) gets one, and they follow one another.
    ("Ana played their last card. Cid: 3 cards entered, the table counted 12.")"""
    said = [text.strip() for text in texts if text.strip()]
    return " ".join(text if text[-1] in ".!?…" else text + "." for text in said)


class CatalogMissing(RuntimeError):
    """The compiled catalogs are not there: ``make catalogs`` builds them."""


@lru_cache(maxsize=16)
def _chain(language: str, domains: tuple[tuple[str, Path], ...]) -> gettext.NullTranslations:
    """The domains of ``language``, then of English, as one chain of gettext fallbacks (each
    domain read from its folder). The shared texts must be there in English; a game whose
    texts are not (a game without a catalog) is said by the words its code falls back on."""
    chain: gettext.NullTranslations | None = None
    for lang in dict.fromkeys((language, DEFAULT)):
        for domain, folder in domains:
            try:
                found = gettext.translation(domain, folder, languages=[lang])
            except FileNotFoundError:
                written = (folder / DEFAULT / "LC_MESSAGES" / f"{domain}.po").is_file()
                if lang == DEFAULT and (domain == "meja" or written):
                    raise CatalogMissing(
                        f"no compiled catalog {lang}/{domain}.mo in {folder}: run `make catalogs`"
                    ) from None
                continue
            if chain is None:
                chain = found
            else:
                chain.add_fallback(found)
    assert chain is not None
    return chain


class Translator:
    """Looks texts up in the catalogs of one language, falling back to English."""

    def __init__(self, language: str = DEFAULT, games: Iterable[str] | None = None) -> None:
        """The texts of ``language``: the shared ones and those of ``games`` (every game
        registered, by default)."""
        self.language = language if language in LANGUAGES else DEFAULT
        self.domains = ("meja", *(GAMES if games is None else games))
        self._texts = _chain(self.language, tuple((d, PLACES.get(d, LOCALE))
                                                  for d in self.domains))
        self._format = _Formatter(self)

    def __call__(self, key: str, /, **params: object) -> str:
        text = self._texts.gettext(key)
        if text == key:
            raise KeyError(f"missing text: {key}")
        return self._format.format(text, **params) if params else text

    def plural(self, key: str, count: int, /, **params: object) -> str:
        """The message ``key`` (ids ``key.one`` / ``key.other``) in the form the language uses
        for ``count``, which it gets as ``n``."""
        one, other = f"{key}.one", f"{key}.other"
        text = self._texts.ngettext(one, other, count)
        if text in (one, other):
            raise KeyError(f"missing plural text: {key}")
        return self._format.format(text, **{"n": count, **params})

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text; ``key.one`` / ``key.other`` ask for a plural message."""
        if self._texts.gettext(key) != key:
            return True
        base, _, form = key.rpartition(".")
        if form in ("one", "other"):
            one, other = f"{base}.one", f"{base}.other"
            return self._texts.ngettext(one, other, 2) not in (one, other)
        return False


class _Formatter(string.Formatter):
    """``str.format`` where a unit spec (``{points:point}``) says the count with its unit."""

    def __init__(self, t: Translator) -> None:
        self.t = t

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec.isidentifier() and not isinstance(value, bool):
            # The count as shown ("−740", "1,500", 2.5) picks the form; a count that is not
            # whole takes the general form.
            shown = str(value).replace("−", "-").replace(",", "").replace("\u202f", "")
            try:
                count = int(shown)
            except ValueError:
                count = 2
            with contextlib.suppress(KeyError):
                return self.t.plural(f"unit.{format_spec}", count, n=value)
        return str(super().format_field(value, format_spec))


def fields(text: str) -> set[str]:
    """The ``{names}`` a catalog text uses (for the catalogs' own tests)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def card_words(value: object) -> object:
    """A card in the notation (``QS``, ``10H``) as shown to people (``Q♠``); else ``value``."""
    if isinstance(value, str) and _CARD.match(value):
        return card_text(value)[0]
    return value


def _word(t: Translator, value: object, cards: bool = True) -> object:
    shown = card_words if cards else (lambda v: v)
    if isinstance(value, list | tuple):
        return names([str(shown(v)) for v in value], t)
    if isinstance(value, Reason):  # a reason inside a reason: said as a clause, no full stop
        return say(t, value.code, value.params).rstrip(".")
    if isinstance(value, Hint):  # the move's reason inside the Expert's hint
        return say(t, value.code, value.params, prefix="hint").rstrip(".")
    return shown(value)


def say(t: Translator, code: str, params: Mapping[str, object], prefix: str = "reason") -> str:
    """A referee reason (``code`` and ``params`` from the models) in ``t``'s language:
    lists of names are joined, cards get their suit symbols, a reason given as a param is said
    too, ``step`` becomes "master card", "2nd card"..., ``packs`` and ``size`` become ``pack``
    ("a 52-card pack", "2 jeux de 54 cartes"), a ``suit`` letter its word ("spades")."""
    words: dict[str, object] = {
        key: _word(t, value) if key not in _NAMES else _word(t, value, cards=False)
        for key, value in params.items()
    }
    game = next((g for g in GAMES if code.startswith(f"{g}_")), "")
    if game and t.has(f"{game}.minus"):  # how the game writes a negative number ("−{n}")
        words.update({key: t(f"{game}.minus", n=-value) for key, value in params.items()
                      if isinstance(value, int) and not isinstance(value, bool) and value < 0})
    step, packs, when = params.get("step"), params.get("packs"), params.get("when")
    if isinstance(step, int):
        words["which"] = t(f"ordinal.{step}") if t.has(f"ordinal.{step}") else t(
            "ordinal.n", n=step + 1
        )
    if isinstance(packs, int) and "size" in params:
        words["pack"] = t.plural("reason.pack", packs, size=params["size"])
    if "suit" in params and t.has(f"{prefix}.suit.{params['suit']}"):
        words["suit"] = t(f"{prefix}.suit.{params['suit']}")
    if isinstance(when, str):  # a stored time: in the reader's language
        words["when"] = local_time(when, t.language)
    key = f"{prefix}.{code}"
    if params.get("left") == 0 and t.has(f"{key}_none"):  # an empty pile: nothing was taken
        key += "_none"
    return t(key, **words)


class Said(MejaError):
    """A refusal the app words itself, already in the player's language (``str()``)."""

    def __init__(self, text: str) -> None:
        super().__init__("said")
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, ...]:
        return (Said, (self.text,))


def not_saved(t: Translator, error: OSError) -> str:
    """Why a write failed, in ``t``'s language, and that nothing saved before was lost."""
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return t("save.full")
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return t("save.read_only")
    return t("save.failed", error=error.strerror or type(error).__name__)


def refusal(t: Translator, error: MejaError) -> str:
    """What the models refused, in ``t``'s language: a set-up error, a refused event or a
    refused share code by its reason, any other model error by its code."""
    if isinstance(error, Said):
        return error.text
    if isinstance(error, SetupError):
        return say(t, error.code, error.params)
    reason = getattr(error, "reason", None)
    if isinstance(reason, Reason):
        return say(t, reason.code, reason.params)
    if t.has(f"error.{error.code}"):
        return say(t, error.code, error.params, prefix="error")
    return t("error.other")
