"""The translation catalog: every language has every text, with the same fields."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.catalog import CATALOG
from app.i18n import Translator, fields, system_language

ROOT = Path(__file__).resolve().parent.parent


def test_every_language_has_every_key_with_the_same_fields() -> None:
    english = CATALOG["en"]
    for language, texts in CATALOG.items():
        assert texts.keys() == english.keys(), language
        for key, text in texts.items():
            assert fields(text) == fields(english[key]), (language, key)


def test_keys_used_in_code_exist() -> None:
    """Every literal key passed to t(...) in app/ and views/ is in the catalog."""
    missing = []
    for folder in ("app", "views"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name | ast.Attribute)
                    and (getattr(node.func, "id", None) == "t"
                         or getattr(node.func, "attr", None) in ("t",))
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and node.args[0].value not in CATALOG["en"]
                ):
                    missing.append(f"{path.name}: {node.args[0].value}")
    assert not missing


def test_translator_fills_fields_and_falls_back_to_english() -> None:
    t = Translator("fr")
    assert t("setup.name_taken", name="Ana") == "Ana est déjà à la table."
    assert Translator("xx").language == "en"
    with pytest.raises(KeyError):
        t("no.such.key")


def test_plural_follows_the_language() -> None:
    assert Translator("en").plural("history.won", 2, names="Ana and Bea").endswith("together")
    assert Translator("fr").plural("history.won", 1, names="Ana") == "Ana a gagné"


def test_system_language() -> None:
    assert system_language(["fr-FR"]) == "fr"
    assert system_language(["de_DE", "fr"]) == "fr"
    assert system_language(["xx"]) in ("en", "fr")
