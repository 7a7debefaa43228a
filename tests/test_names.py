"""Player names: one written form for what looks the same, cut where people see a character
end, the same on the set-up screen, in a match set-up and in a spreadsheet export."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import Translator
from app.newmatch import NewMatchForm
from app.share.exports import csv_text
from app.storage import Store
from models.errors import SetupError
from models.match import Match, Setup
from models.names import MAX_NAME, clean_name, graphemes

ASTRONAUT = "🧑🏽‍🚀"  # person, skin tone, joiner, rocket: one character on screen
FAMILY = "👨‍👩‍👧‍👦"
FLAG = "🇮🇩"
ENGLAND = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@pytest.mark.parametrize("typed,kept", [
    ("Ane\u0301", "Ané"),  # NFD becomes NFC
    ("An\u200ba", "Ana"),  # zero-width space
    ("Bea\u0000", "Bea"),  # NUL
    ("\u202eCid\u202c", "Cid"),  # bidi override
    ("\u2066Dan\u2069\ufeff", "Dan"),  # isolates, byte order mark
    ("  Eko \t  Budi ", "Eko Budi"),
    ("\u200d", ""),
    (ASTRONAUT + "x", ASTRONAUT + "x"),
])
def test_clean_name(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


@pytest.mark.parametrize("one", [ASTRONAUT, FAMILY, FLAG, ENGLAND, "é", "e\u0301\u0323"])
def test_the_cut_never_splits_a_character(one: str) -> None:
    assert list(graphemes(one * 3)) == [one] * 3
    kept = clean_name("a" + one * 40)
    assert kept == "a" + unicodedata.normalize("NFC", one) * (MAX_NAME - 1)


@given(st.text(max_size=80))
def test_clean_names_are_stable_and_short(text: str) -> None:
    kept = clean_name(text)
    assert clean_name(kept) == kept
    assert len(list(graphemes(kept))) <= MAX_NAME
    assert all(unicodedata.category(c) not in ("Cc", "Cs") for c in kept)


def test_look_alikes_are_one_name_everywhere() -> None:
    with pytest.raises(SetupError) as caught:
        Setup(("Ané", "Ane\u0301"))
    assert caught.value.code == "setup_name_taken"
    with pytest.raises(SetupError):
        Setup(("Ana", "An\u200ba"))
    assert Setup(("A" * 40, "Bea")).players == ("A" * MAX_NAME, "Bea")
    t = Translator("en")
    draft = NewMatchForm(players=[])
    assert draft.add("Ane\u0301", t) == ""
    assert draft.add("Ané", t) == "Ané is already at the table."
    assert draft.add("\u202e" + ASTRONAUT * 30, t) == ""
    assert draft.players == ["Ané", ASTRONAUT * MAX_NAME]


def test_csv_cells_a_spreadsheet_would_evaluate_are_escaped(tmp_path: Path) -> None:
    store = Store(tmp_path)
    players = ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "Ana"]
    match_id = store.create_match(Match.new(players, "kartu_sama").setup.to_dict(),
                                  summary={"rounds": [[-3, 2, 0, 1, 5]], "totals": [-3, 2, 0, 1, 5],
                                           "winners": ["=HYPERLINK(1)"]})
    lines = csv_text(store, match_id).splitlines()
    assert lines[0] == "round,'=HYPERLINK(1),'+1,'-2,'@SUM(A1),Ana"
    assert lines[1] == "1,-3,2,0,1,5"  # numbers stay numbers
    assert lines[-1] == "winners,'=HYPERLINK(1)"
