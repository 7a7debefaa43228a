"""The gettext catalogs as the tests read them: Babel's ``read_po`` of every ``.po`` file."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.i18n import LANGUAGES, LOCALE

DOMAINS = sorted(p.stem for p in (LOCALE / "en" / "LC_MESSAGES").glob("*.po"))


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def catalog(language: str, domain: str) -> Catalog:
    with po_path(language, domain).open("rb") as source:
        return read_po(source, locale=language, domain=domain)


@cache
def texts(language: str) -> dict[str, str]:
    """Every text of ``language`` by key; a plural message by the ids of its forms
    (``key.one``, ``key.other``), each with the last form the language has for it."""
    found: dict[str, str] = {}
    for domain in DOMAINS:
        for message in catalog(language, domain):
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = list(message.string)
                for i, key in enumerate(message.id):
                    found[key] = forms[min(i, len(forms) - 1)]
            else:
                found[message.id] = message.string
    return found


CATALOG = {language: texts(language) for language in LANGUAGES}
