"""No English on French or Indonesian screens: the referees' screens, built as a match is
played (seeded random walks through each table), and the app's other screens, show no text
of the English catalog that the language says otherwise."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from app.i18n import LANGUAGES, Translator
from models.match import Match
from tests import fingerprints
from tests.catalogs import CATALOG
from tests.fakes import FakeShell, texts

SUBS = ("", "score", "hands", "result")


def english_patterns(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each English text that ``language`` words otherwise, as a pattern of a whole line (its
    fields match anything), when it has a word of its own outside the fields."""
    out = []
    own = CATALOG[language]
    for key, text in CATALOG["en"].items():
        bare = re.sub(r"\{[^}]*\}", "", text)
        if own.get(key) == text or not re.search(r"[A-Za-z]{3,}", bare):
            continue
        parts = re.split(r"\{[^}]*\}", text)
        pattern = ".+?".join(re.escape(p) for p in parts)
        out.append((key, re.compile(rf"(?:^|\n){pattern}(?:$|\n)")))
    return out


def english_on(shown: str, patterns: list[tuple[str, re.Pattern[str]]],
               allowed: set[str]) -> list[str]:
    found = []
    for key, pattern in patterns:
        match = pattern.search(shown)
        if match and match.group(0).strip() not in allowed:
            found.append(f"{key}: {match.group(0).strip()}")
    return found


def walk_screens(game: str, language: str, root: Path, seed: int) -> str:
    """Every line of text shown on the screens of a random walk through ``game``'s table."""
    from app.games import ENTRIES

    players = [f"P{i}" for i in range(4 if game == "samba" else 3)]
    shell: Any = FakeShell(root, language)
    match_id = shell.store.create_match({"game": game, "players": players, "options": {}})
    ref = ENTRIES[game].controller(shell, match_id, Match.new(players, game))
    rng = random.Random(seed)
    shown: list[str] = []
    for _ in range(120):
        for sub in SUBS:
            try:
                shown.append(texts(ref.view(sub)))
            except Exception:  # noqa: BLE001 - a screen the phase does not have
                continue
        offered = ref.match.legal_events()
        filled = [e for e in (fingerprints._fill(ref.match, e, rng) for e in offered)
                  if e is not None]
        if not filled:
            break
        ref.record(rng.choice(filled))
    # each line once (the English texts are single lines, and most lines repeat: the check
    # of the walk's unique lines takes a fiftieth of the time)
    return "\n".join(dict.fromkeys(line for text in shown + shell.toasts
                                    for line in text.split("\n")))


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
@pytest.mark.parametrize("game", ["kartu_sama", "forty_one", "samba", "sums"])
def test_no_english_on_a_referees_screens(game: str, language: str, tmp_path: Path) -> None:
    shown = walk_screens(game, language, tmp_path, seed=1)
    assert len(shown) > 500
    names = {f"P{i}" for i in range(4)}
    english = english_on(shown, english_patterns(language), names)
    assert not english, english
    assert "{" not in shown.replace("{}", "")


def test_the_english_check_finds_english() -> None:
    found = english_on("Ronde 2\nStart round 2\nP1 to play", english_patterns("id"), set())
    assert {line.split(": ", 1)[1] for line in found} == {"Start round 2", "P1 to play"}


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_no_english_on_home_settings_and_new_match(language: str, tmp_path: Path) -> None:
    from app.newmatch import NewMatchForm
    from views.home import Unfinished, home_view
    from views.settings import settings_view

    t = Translator(language)
    handlers = {k: (lambda *a: None) for k in (
        "on_open", "on_new", "on_history", "on_players", "on_rules", "on_settings", "on_play",
        "on_lab", "on_dismiss")}
    shown = [texts(home_view(t, unfinished=[Unfinished("/", "x", "y", t("home.touched", when="1"))],
                             problems=[], **handlers))]
    shown.append(texts(settings_view(t, language="system", languages=LANGUAGES, theme="system",
                                     data_dir="data", on_language=print, on_theme=print,
                                     on_back=print)))
    for game in ("kartu_sama", "forty_one", "samba", "sums"):
        error = NewMatchForm(game=game, players=["Ana"] * 9, options={}).error(t)
        shown.append(error or "")
    english = english_on("\n".join(shown), english_patterns(language), set(LANGUAGES.values()))
    assert not english, english


def test_settings_offer_every_language_in_its_own_name() -> None:
    from views.settings import settings_view

    view = settings_view(Translator("fr"), language="system", languages=LANGUAGES,
                         theme="system", data_dir="data", on_language=print, on_theme=print,
                         on_back=print)
    shown = texts(view)
    assert all(name in shown for name in ("English", "Français", "Bahasa Indonesia"))
