"""The moves of a game on the device in the player's words: every engine describes each action
as a code and its facts (``action_words``), the app says them in English and French with the
cards as the screens show them; random legal play checks every move of the four games."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest

from app.i18n import Translator
from app.play import move_label
from models.cards import parse_cards
from models.games.base import ActionWords
from models.games.samba import ADD, DISCARD, START_GROUP
from models.registry import GAMES
from tests.catalogs import CATALOG
from views.common import card_text

EN, FR = Translator("en"), Translator("fr")
NAMES = ["Ana", "Bea", "Cid", "Dan", "Eva", "Fay", "Gil", "Hal"]
CARD = re.compile(r"^(?:10|[2-9AJQK])[SHDC]$|^JK$")
RANKS = re.compile(r"^(?:10|[2-9AJQK])s$")  # "the As", "the 5s": a rank, not a word
# English an engine speaks (action_str) that a French label must never show
ENGLISH = {
    "draw", "discard", "meld", "melds", "melding", "take", "add", "pile", "sequence", "stop",
    "pass", "partner", "seat", "remove", "let", "go", "back", "end", "done", "ask", "yes", "no",
    "the", "with", "onto", "of", "to", "and", "naturals", "black", "play", "keep", "counter",
}
# (game, players, options, seeds, most moves a game): between them every code of every game
RUNS: list[tuple[str, int, dict[str, Any], range, int]] = [
    ("kartu_sama", 3, {}, range(10), 400),
    ("kartu_sama", 4, {"play_after_draw": True, "jokers": True}, range(10), 400),
    ("forty_one", 4, {}, range(10), 400),
    ("forty_one", 2, {}, range(10), 400),
    ("samba", 4, {"hands": 1}, range(8), 600),
    ("samba", 6, {"hands": 1}, range(3), 600),
    ("samba", 2, {"hands": 1}, range(38, 39), 400),  # this one runs the stock out
    ("sums", 3, {}, range(10), 400),
    ("sums", 2, {"take_back": True}, range(10), 400),
    ("sums", 5, {"draw_or_play": True}, range(5), 400),
]


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-zà-ÿ]+", text.lower()))


def shown(cards: str) -> list[str]:
    return [card_text(c)[0] for c in cards.split()]


def check_state(game: str, state: Any, seen: set[str]) -> None:
    """Every legal move now: a code of the engine, a label in each language that tells the
    engine's cards, French without the engine's English; no two moves read the same."""
    labels: dict[str, list[str]] = {"en": [], "fr": []}
    for action in state.legal_actions():
        said = state.action_words(action)
        engine = state.action_str(action)
        assert said.code in WORD_CODES[game], (game, engine, said)
        seen.add(said.code)
        en, fr = (move_label(said, t, NAMES) for t in (EN, FR))
        labels["en"].append(en)
        labels["fr"].append(fr)
        assert en.strip() and fr.strip(), (engine, en, fr)
        cards = [w for w in engine.split() if CARD.match(w)]
        for card in shown(" ".join(cards)):
            assert card in en and card in fr, (engine, en, fr)
        english = ENGLISH | words(" ".join(w for w in engine.split()
                                            if not CARD.match(w) and not RANKS.match(w)))
        if game == "sums":  # the French rules draw from a "pile" too
            english.discard("pile")
        assert not words(fr) & {w for w in english if len(w) > 1}, (engine, fr)
        assert not re.search(r"\{\w*\}|seat \d", en + fr), (en, fr)
    for language, found in labels.items():
        assert len(set(found)) == len(found), (game, language, found)


WORD_CODES = {game: set(importlib.import_module(f"models.games.{game}").WORD_CODES)
              for game in GAMES}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_play_says_every_move_in_both_languages(game: str) -> None:
    seen: set[str] = set()
    for key, players, options, seeds, most in RUNS:
        if key != game:
            continue
        for seed in seeds:
            state = GAMES[game].new_game(players, seed, options)
            rng = random.Random(seed)
            for _ in range(most):
                if state.is_over:
                    break
                check_state(game, state, seen)
                state.apply(rng.choice(state.legal_actions()))
    assert seen == WORD_CODES[game]  # every code was said, so every code has its texts


def test_every_code_has_its_texts() -> None:
    for language, texts in CATALOG.items():
        for game, codes in WORD_CODES.items():
            for code in codes:
                assert f"move.{code}" in texts or f"move.{code}.other" in texts, (
                    language, game, code)


def test_french_words_and_plurals() -> None:
    def both(said: ActionWords) -> tuple[str, str]:
        return move_label(said, EN, NAMES), move_label(said, FR, NAMES)

    five_h, five_s, two_c, queen_d, four_s = parse_cards("5H 5S 2C QD 4S")
    assert both(ActionWords("meld", (five_h, five_s, two_c))) == (
        "Meld 5♥ 5♠ 2♣", "Poser 5♥ 5♠ 2♣")
    assert both(ActionWords("add_group", (five_h,), rank=4)) == (
        "Add 5♥ to the 5s", "Ajouter 5♥ aux 5")
    assert both(ActionWords("add_group", (queen_d,), rank=0))[1] == "Ajouter Q♦ aux as"
    assert both(ActionWords("add_group", (queen_d,), rank=11)) == (
        "Add Q♦ to the queens", "Ajouter Q♦ aux dames")
    assert both(ActionWords("discard", (queen_d,))) == ("Discard Q♦", "Défausser Q♦")
    assert both(ActionWords("draw", n=1)) == ("Draw 1 card", "Piocher 1 carte")
    assert both(ActionWords("draw", n=3)) == ("Draw 3 cards", "Piocher 3 cartes")
    assert both(ActionWords("remove", (four_s,), seat=1)) == (
        "Remove Bea's 4♠", "Retirer 4♠ à Bea")
    assert both(ActionWords("add_seq", (five_h,), n=2, meld=tuple(parse_cards("6H 7H 8H")))) == (
        "Add 5♥ to sequence 2 (6♥–8♥)", "Ajouter 5♥ à la séquence 2 (6♥–8♥)")


def test_samba_words_follow_its_actions() -> None:
    state = GAMES["samba"].new_game(4, 1)
    assert state.action_str(DISCARD + 51) == "discard KC"
    assert state.action_words(DISCARD + 51) == ActionWords("discard", (51,))
    group = START_GROUP + 4 * 70  # the first start of a group of 5s: three 5 of spades
    assert state.action_words(group) == ActionWords("meld", tuple(parse_cards("5S 5S 5S")))
    assert state.action_words(ADD + 4 * 53 + 17) == ActionWords("add_group", (17,), rank=4)
    assert move_label(state.action_words(ADD + 4 * 53 + 17), FR, NAMES) == "Ajouter 5♥ aux 5"


def first(game: str, players: int, options: dict[str, Any], wanted: Any) -> Any:
    """The first state of random play (seeds 0, 1...) where ``wanted(state)`` holds."""
    for seed in range(50):
        state = GAMES[game].new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            if wanted(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {game} state found")


def codes(state: Any) -> set[str]:
    return {state.action_words(a).code for a in state.legal_actions()}


class HintShell:
    """What a game on the device needs of the shell to give a hint."""

    def __init__(self, language: str) -> None:
        self.t = Translator(language)
        self.store = None  # a hint saves nothing

    def refresh(self) -> None:
        pass


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_show_the_cards_as_the_screen_does(game: str) -> None:
    from app.play import DevicePlay, new_doc

    players = 4 if game == "samba" else 3
    rng = random.Random(5)
    doc = new_doc(game, ["Ana", "Bea", "Cid", "Dan"][:players], ["person"] * players, {},
                  True, 0)
    play = DevicePlay(HintShell("fr"), "k", doc)  # type: ignore[arg-type]
    raw = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")
    for _ in range(20):  # a strong player thinks up to 0.2 s a hint
        if play.state.is_over:
            break
        play._hint(play.game.version)
        assert play.hint[2] and not raw.search(play.hint[2]), play.hint
        play.state.apply(rng.choice(play.state.legal_actions()))


@pytest.mark.parametrize("language", ["en", "fr", "id"])
def test_a_hint_names_its_move_once(language: str) -> None:
    """Issue: the hint read "Play 6♠. DevicePlay 6♠: ...". A hint whose reason names the move is
    said alone; one whose reason does not ("the only move allowed") names the move first."""
    from app.play import DevicePlay, move_label, new_doc

    only = 0
    for game in sorted(GAMES):
        players = 4 if game == "samba" else 3
        doc = new_doc(game, ["Ana", "Bea", "Cid", "Dan"][:players], ["person"] * players, {},
                      True, 0)
        doc.seed = 3
        play = DevicePlay(HintShell(language), "k", doc)  # type: ignore[arg-type]
        rng = random.Random(3)
        for _ in range(12):
            if play.state.is_over:
                break
            state = play.state
            play._hint(play.game.version)
            text = play.hint[2]
            labels = [move_label(state.action_words(a), play.t, play.names)
                      for a in state.legal_actions()]
            assert all(text.count(label) <= 1 for label in labels), text
            if len(labels) == 1:
                only += 1
                assert labels[0] in text, text
            play.state.apply(rng.choice(state.legal_actions()))
    assert only  # a move alone was hinted


def test_a_games_own_hint_that_names_no_move_gets_its_move_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Samba's "more cards on the table" says no move: its playbook lists it as ``unnamed``,
    and the hint button names the move first; the same hint's code in another game's hint
    says it alone."""
    import app.play
    from app.play import DevicePlay, new_doc
    from models.bots.hint import Hint

    said = {}
    for game in ("samba", "kartu_sama"):
        doc = new_doc(game, ["Ana", "Bea", "Cid", "Dan"], ["person"] * 4, {}, True, 0)
        play = DevicePlay(HintShell("en"), "k", doc)  # type: ignore[arg-type]
        action = play.state.legal_actions()[0]
        monkeypatch.setattr(app.play, "advice", lambda *_, a=action: (a, Hint("sa_meld")))
        play._hint(play.game.version)
        label = move_label(play.state.action_words(action), play.t, play.names)
        said[game] = (play.hint[2], label)
    text, label = said["samba"]
    assert text.startswith(f"Hint: {label}. ") and text.endswith("fewer left in hand"), text
    text, label = said["kartu_sama"]
    assert label not in text and text.startswith("Hint: More cards"), text
