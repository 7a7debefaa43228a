"""The gettext catalogs: every English message is translated in every language, with its
fields and the language's own plural forms; every key the code asks for exists; the compiled
catalogs match their sources; the Translator says plurals and cards right."""

from __future__ import annotations

import ast
import gettext
import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages import checkers
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo

from app.i18n import LANGUAGES, LOCALE, Translator, fields, say, system_language
from models.match import Match
from tests import fingerprints
from tests.catalogs import CATALOG, DOMAINS, catalog, po_path

ROOT = Path(__file__).resolve().parent.parent
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
                "id": "nplurals=1; plural=0;"}
# Texts that read the same as in English: names of games, marks, and words the language
# shares with English ("Scores", "Jokers" in French, "Target" in Indonesian).
SAME_AS_ENGLISH = {
    "fr": {"hands.points.one", "hands.points.other", "table.points.one", "table.points.other",
           "table.scores", "score.title", "play.fact.scores", "sums.score.title",
           "unit.point.one", "unit.point.other", "samba.count.jokers", "samba.count.sambas",
           "stats.fig.sambas",
           "sums.pile", "setup.zero.auto", "guest.points", "guest.total", "lab.level.expert",
           "felt.level.expert"},
    "id": {"opt.kartu_sama.target", "opt.samba.target", "guest.total", "guest.rank_J"},
}
NAMES = {"common.ok", "game.forty_one", "game.samba", "game.sums", "game.kartu_sama",
         "samba.add_canasta", "samba.add_samba", "score.total", "sums.title", "guest.joker",
         "lab.p", "lab.p_below"}


def messages(language: str, domain: str) -> dict[Any, Any]:
    return {m.id: m for m in catalog(language, domain) if m.id}


def test_the_domains_are_the_shared_texts_and_one_per_game() -> None:
    from models.registry import GAMES

    assert set(DOMAINS) == {"meja", *GAMES}
    assert set(Translator().domains) == set(DOMAINS)
    for language in LANGUAGES:
        for domain in DOMAINS:
            assert po_path(language, domain).is_file(), (language, domain)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_catalog_has_its_language_plural_forms(language: str) -> None:
    for domain in DOMAINS:
        assert catalog(language, domain).plural_forms == PLURAL_FORMS[language], domain
        for message in catalog(language, domain):
            if message.id:  # Babel's own check: as many forms as the language has
                checkers.num_plurals(catalog(language, domain), message)


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_english_message_is_translated_with_its_fields(language: str) -> None:
    for domain in DOMAINS:
        english, other = messages("en", domain), messages(language, domain)
        assert other.keys() == english.keys(), (language, domain,
                                                sorted(other.keys() ^ english.keys()))
        for key, source in english.items():
            target = other[key]
            assert not target.fuzzy, (language, key)
            forms = target.string if isinstance(key, tuple) else (target.string,)
            english_forms = source.string if isinstance(key, tuple) else (source.string,)
            wanted = set().union(*(fields(f) for f in english_forms))
            for form in forms:
                assert form, (language, key, "untranslated")
                assert fields(form) <= wanted, (language, key, form)
            # the general form keeps every field (a singular may say "one" for {n})
            assert fields(forms[-1]) == fields(english_forms[-1]), (language, key, forms[-1])


def test_english_catalog_is_complete_and_plurals_have_both_ids() -> None:
    for domain in DOMAINS:
        for key, message in messages("en", domain).items():
            forms = message.string if isinstance(key, tuple) else (message.string,)
            assert all(forms), key
            if isinstance(key, tuple):
                assert key == (key[0], key[0].removesuffix(".one") + ".other"), key


@pytest.mark.parametrize("language", ["fr", "id"])
def test_no_english_left_in_the_catalogs(language: str) -> None:
    english = CATALOG["en"]
    same = [k for k, text in CATALOG[language].items()
            if text == english[k] and k not in NAMES | SAME_AS_ENGLISH[language]
            and any(c.isalpha() for c in re.sub(r"\{[^}]*\}", "", text))]
    assert not same, same


def test_keys_used_in_code_exist() -> None:
    """What Babel extracts from app/ and views/ (``t("key")``, ``t.plural("key", n)``) is in
    the English catalog."""
    keys = CATALOG["en"]
    missing = []
    for folder in ("app", "views"):
        for filename, _, key, _, _ in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")],
                keywords={"t": (1,), "plural": (1,)}):
            if not isinstance(key, str) or "{" in key or "." not in key:
                continue
            known = [k for k in keys if key.startswith(k)]  # Babel joins `t("a" if x else "b")`
            if key not in keys and f"{key}.one" not in keys and not any(
                    key[len(k):] in keys for k in known):
                missing.append(f"{folder}/{filename}: {key}")
    assert not missing, missing


REASON_CLASSES = {"Reason", "Why", "SambaReason", "ShareWhy", "_SetupWhy", "SetupError", "_why",
                  "reason", "ShareError"}
# The model errors the app says as ``error.<code>``, and the functions that return such a code.
ERROR_CLASSES = {"MejaError", "CardError", "IllegalAction", "InvalidMeld"}
ERROR_FUNCTIONS = {"group_problem", "sequence_problem"}


def constants(node: ast.expr) -> list[str]:
    """The strings an argument can be: a constant, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value else []
    if isinstance(node, ast.IfExp):
        return constants(node.body) + constants(node.orelse)
    return []


def error_codes() -> set[str]:
    """Every error code written out in the models: the first argument of an error, or what a
    function that names a problem returns."""
    codes: set[str] = set()
    for path in (ROOT / "models").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args
                    and getattr(node.func, "id", None) in ERROR_CLASSES):
                codes.update(constants(node.args[0]))
            if isinstance(node, ast.FunctionDef) and node.name in ERROR_FUNCTIONS:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        codes.update(constants(inner.value))
    return codes


def model_codes() -> set[str]:
    """Every reason code written out in the models (the first argument of a reason)."""
    codes: set[str] = set()
    for path in (ROOT / "models").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and (getattr(node.func, "id", None) or getattr(node.func, "attr", None))
                    in REASON_CLASSES):
                codes.add(node.args[0].value)
    return codes


def test_every_reason_code_the_models_write_has_a_text() -> None:
    codes = model_codes()
    assert len(codes) > 100
    keys = CATALOG["en"]
    missing = sorted(c for c in codes if f"reason.{c}" not in keys and f"reason.{c}.one"
                     not in keys)
    assert not missing, missing


def test_every_hint_code_has_a_text() -> None:
    keys = CATALOG["en"]
    codes = set()
    for path in (ROOT / "models" / "bots").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Hint"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                codes.add(node.args[0].value)
    assert codes and not sorted(c for c in codes if f"hint.{c}" not in keys)


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one", "samba", "sums"])
def test_every_reason_of_a_random_walk_is_said_in_every_language(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables' refusals met in seeded random walks are said, fields filled, in each
    language (a missing text or field raises)."""
    said: list[str] = []
    translators = [Translator(language) for language in LANGUAGES]

    def speak(match: Match, event: Any) -> str:
        why = match.why_not(event)
        if why is not None:
            said.extend(say(t, why.code, why.params) for t in translators)
        return "ok"

    monkeypatch.setattr(fingerprints, "_reason", speak)
    for seed in (0, 1):
        fingerprints.table(game, 3 if game != "samba" else 4, {}, seed)
    assert said and not [s for s in said if "{" in s]


def plain(messages: Any) -> dict[object, object]:
    """id -> text of a catalog, plural ids and forms as tuples (read_mo gives lists)."""
    return {tuple(m.id) if isinstance(m.id, list | tuple) else m.id:
            tuple(m.string) if isinstance(m.id, list | tuple) else m.string
            for m in messages if m.id}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_compiled_catalogs_match_their_sources(language: str) -> None:
    for domain in DOMAINS:
        po, mo = po_path(language, domain), po_path(language, domain).with_suffix(".mo")
        assert mo.is_file(), f"{mo.name} of {language} is not compiled: run `make catalogs`"
        with mo.open("rb") as compiled:
            built = plain(read_mo(compiled))
        source = plain(catalog(language, domain))
        assert built == source, (
            f"{language}/{domain}.mo is older than {po.name}: run `make catalogs`")


def test_the_standard_library_reads_the_compiled_catalogs() -> None:
    found = gettext.translation("meja", LOCALE, languages=["id"])
    assert found.ngettext("unit.card.one", "unit.card.other", 1) == "{n} kartu"


def test_translator_fills_fields_and_falls_back_to_english() -> None:
    t = Translator("fr")
    assert t("setup.name_taken", name="Ana") == "Ana est déjà à la table."
    assert Translator("xx").language == "en"
    with pytest.raises(KeyError):
        t("no.such.key")
    with pytest.raises(KeyError):
        t.plural("no.such.key", 2)


def test_plural_follows_the_language() -> None:
    en, fr, id_ = Translator("en"), Translator("fr"), Translator("id")
    assert en.plural("history.won", 2, names="Ana and Bea").endswith("together")
    assert fr.plural("history.won", 1, names="Ana") == "Ana a gagné"
    assert [en.plural("hands.points", n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [fr.plural("hands.points", n) for n in (0, 1, 2)] == ["0 pt", "1 pt", "2 pts"]
    assert [id_.plural("hands.points", n) for n in (0, 1, 2)] == ["0 poin", "1 poin", "2 poin"]
    assert en.plural("table.points", 1) == "1 pt"
    assert en("hands.mismatch", name="Ana", entered=1, expected=2) == (
        "Ana: 1 card entered, the table counted 2.")
    assert fr("hands.mismatch", name="Ana", entered=1, expected=2).startswith("Ana : 1 carte ")


def test_counts_inside_reasons_take_their_unit_in_the_right_form() -> None:
    params = {"players": ["Ana"], "points": 1, "other_points": 5, "others": ["Bea"]}
    assert say(Translator("en"), "win_points", params) == (
        "Ana won the round: 1 point against 5 for Bea")
    assert say(Translator("en"), "lowest_total", {"players": ["Ana"], "total": 2}) == (
        "Ana: lowest total, 2 points")
    assert "1 point " in say(Translator("fr"), "win_points", params)
    assert say(Translator("id"), "win_points", params) == (
        "Ana menang ronde: 1 poin lawan 5 untuk Bea")


def test_a_count_keeps_its_own_writing() -> None:
    en, fr = Translator("en"), Translator("fr")
    assert en("samba.entry.total", side="Ana", n="−740") == "Ana: −740 points"
    assert en("samba.entry.total", side="Ana", n=1) == "Ana: 1 point"
    assert fr("samba.entry.total", side="Ana", n="1,5") == "Ana : 1,5 points"
    assert en("reason.lowest_total", players="Ana", total=2.5) == "Ana: lowest total, 2.5 points"


def test_cards_in_reasons_show_their_suit_symbols() -> None:
    params = {"players": ["Ana"], "points": 3, "cards": 2, "others": ["Bea"], "step": 0,
              "card": "JS", "other_card": "QS"}
    assert say(Translator("en"), "win_master", params).endswith(
        "lower master card: J♠ against Q♠")
    assert say(Translator("fr"), "no_match", {"card": "10H", "top": "KD"}) == (
        "10♥ ne suit pas K♦")
    assert "J♠" in say(Translator("id"), "sums_seen", {"card": "JS"})
    assert say(Translator("en"), "not_turn", {"turn": "AS", "player": "Bea"}).startswith(
        "It is AS's")  # a player's name is a name, even one that reads as a card


def test_system_language() -> None:
    assert system_language(["fr-FR"]) == "fr"
    assert system_language(["de_DE", "fr"]) == "fr"
    assert system_language(["id-ID"]) == "id"
    assert system_language(["in_ID"]) == "id"
    assert system_language(["xx"]) in LANGUAGES


def test_every_text_has_a_translation_in_each_language_by_key() -> None:
    rng = random.Random(0)
    keys = [k for k in CATALOG["en"] if not k.endswith((".one", ".other"))]
    for key in rng.sample(keys, 50):
        for language in LANGUAGES:
            assert Translator(language).has(key), (language, key)


def test_every_coded_model_error_has_a_text() -> None:
    """``MejaError(code, ...)`` in the models, the engines' refusals and Samba's meld problems
    among them: the app says ``error.<code>`` in every language."""
    codes = error_codes()
    assert len(codes) >= 70
    assert {"ks_no_match", "fo_stop_low", "sa_below", "su_hand_full", "meld_seq_gap",
            "card_once", "no_bot"} <= codes
    for language in LANGUAGES:
        assert not sorted(c for c in codes if f"error.{c}" not in CATALOG[language]), language


def test_model_errors_are_said_in_the_players_language() -> None:
    from app.i18n import Said, refusal
    from models.cards import parse_card
    from models.errors import MejaError
    from models.match import Event

    with pytest.raises(MejaError) as bad_card:
        parse_card("ZZ")
    with pytest.raises(MejaError) as bad_event:
        Event.from_dict({"kind": "nope"})
    english = [refusal(Translator("en"), e) for e in (bad_card.value, bad_event.value)]
    assert english[0] == "'ZZ' is not a card: write the rank then the suit, like AS, 10H, QD or JK."
    for language in LANGUAGES:
        t = Translator(language)
        for error, in_english in zip((bad_card.value, bad_event.value), english, strict=True):
            said = refusal(t, error)
            assert said and "{" not in said and said != str(error)
            assert (said == in_english) == (language == "en"), (language, said)
    unworded = MejaError("no_such_code")
    assert refusal(Translator("fr"), unworded) == "Ce n'est pas possible maintenant."
    assert refusal(Translator("id"), Said("Sudah dikatakan")) == "Sudah dikatakan"


def test_every_game_has_its_rules_in_every_language() -> None:
    """The in-app rules documents: one per game and language, section for section."""
    from models.registry import GAMES

    for game in GAMES:
        sections = {}
        for language in LANGUAGES:
            text = (ROOT / "app" / "rules" / f"{game}.{language}.md").read_text(encoding="utf-8")
            sections[language] = [line for line in text.splitlines() if line.startswith("#")]
        counts = {language: len(found) for language, found in sections.items()}
        assert len(set(counts.values())) == 1, (game, counts)


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one", "samba", "sums"])
def test_the_engines_refusals_are_said_in_every_language(game: str) -> None:
    """Every illegal action met in a seeded random game is refused with a code the catalogs
    say in each language: never the generic "not possible now", never a field left open."""
    from app.i18n import refusal
    from models.errors import IllegalAction
    from models.registry import GAMES

    translators = [Translator(language) for language in LANGUAGES]
    generic = {t.language: t("error.other") for t in translators}
    state = GAMES[game].new_game(4, 3)
    rng = random.Random(3)
    codes: set[str] = set()
    for _ in range(60):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        for action in rng.sample(range(400), 12):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                state.clone().apply(action)
            codes.add(caught.value.code)
            for t in translators:
                said = refusal(t, caught.value)
                assert said != generic[t.language] and "{" not in said, (t.language, said)
        state.apply(rng.choice(sorted(legal)))
    assert codes


def test_every_damaged_file_reason_has_a_text() -> None:
    """app/storage.py says why a file was set aside as a code (``Damaged("json", ...)``);
    the home screen says ``damaged.<code>`` with its fields in every language."""
    codes: dict[str, set[str]] = {}
    tree = ast.parse((ROOT / "app" / "storage.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Damaged"
                and node.args and isinstance(node.args[0], ast.Constant)):
            codes[node.args[0].value] = {k.arg for k in node.keywords if k.arg}
    assert len(codes) >= 9
    for language in LANGUAGES:
        for code, params in codes.items():
            assert fields(CATALOG[language][f"damaged.{code}"]) == params, (language, code)
