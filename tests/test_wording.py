"""Each game in its own words, in each language: the scoreboards say "hand" / "donne" / "main"
where the rules do, and a set-up the engines refuse is explained in the player's language."""

from __future__ import annotations

import ast
import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest

from app.i18n import Translator, fields, refusal, say
from app.newmatch import NewMatchForm
from app.share.live import scoreboard
from app.storage import Store
from models.cards import parse_card
from models.errors import SetupError
from models.match import Close, Hand, Match, Out, Start
from models.registry import GAMES
from models.tables.samba import Canasta, Result
from tests.catalogs import CATALOG
from tests.fakes import texts
from views.scoreboard import ScoreData, Standing, round_words, scoreboard_view

ROOT = Path(__file__).resolve().parent.parent

# What the rules of each game call one deal played and scored (app/rules/<game>.<lang>.md).
WORDS = {
    "kartu_sama": {"en": ("round", "rounds"), "fr": ("manche", "manches"),
                   "id": ("ronde", "ronde")},
    "forty_one": {"en": ("hand", "hands"), "fr": ("main", "mains"), "id": ("babak", "babak")},
    "samba": {"en": ("hand", "hands"), "fr": ("donne", "donnes"), "id": ("babak", "babak")},
    "sums": {"en": ("round", "rounds"), "fr": ("manche", "manches"), "id": ("ronde", "ronde")},
}
OTHER_WORDS = {"en": ("round", "hand"), "fr": ("manche", "main", "donne"),
               "id": ("ronde", "babak")}


def others(game: str, language: str) -> list[str]:
    """The words of the other games, which this game's screens must never say."""
    own = WORDS[game][language][0]
    return [w for w in OTHER_WORDS[language] if w != own]


# -- the scoreboards ------------------------------------------------------------------------


def test_every_game_has_the_word_of_its_rules() -> None:
    assert set(WORDS) == set(GAMES)
    for game, by_language in WORDS.items():
        for language, (word, words) in by_language.items():
            assert round_words(Translator(language), game) == {"word": word, "words": words}
            rules = (ROOT / "app" / "rules" / f"{game}.{language}.md").read_text().lower()
            if game != "sums":  # one game of Sums is one round: its rules never count them
                assert word in rules, (game, language)
    assert round_words(Translator("fr"), "") == {"word": "manche", "words": "manches"}
    assert round_words(Translator("fr"), "no_such_game")["word"] == "manche"


def score_data(game: str, headline: str) -> ScoreData:
    return ScoreData(
        route="/match/x/score", title="Scores", headline=headline, names=("Ana", "Bea"),
        rounds=(("120", "-40"),), totals=("120", "-40"),
        places=(Standing(1, "Ana", "120", ""), Standing(2, "Bea", "-40", "")),
        round_notes=("Ana: +120",), series=((120,), (-40,)), next_dealer="",
        finished=False, playing=False, game=game,
    )


@pytest.mark.parametrize("language", ["en", "fr", "id"])
@pytest.mark.parametrize("game", sorted(WORDS))
def test_the_scoreboard_speaks_of_the_games_own_rounds(game: str, language: str) -> None:
    t = Translator(language)
    view = scoreboard_view(t, score_data(game, "·"), on_continue=print, on_rematch=None,
                           on_home=print, on_back=print)
    shown = texts(view)
    word, words = WORDS[game][language]
    expected = {
        "en": [f"Last {word}", words.capitalize(), f"Totals over the {words}", f"Next {word}"],
        "fr": [f"Dernière {word}", words.capitalize(), f"Totaux au fil des {words}",
               f"{word.capitalize()} suivante"],
        "id": [f"{word.capitalize()} terakhir", words.capitalize(), f"Total per {words}",
               f"{word.capitalize()} berikutnya"],
    }[language]
    for line in expected:
        assert line in shown.splitlines(), (line, shown)
    for other in others(game, language):
        assert other not in shown.lower(), (other, shown)


def test_french_samba_scoreboard_says_donne_never_manche() -> None:
    t = Translator("fr")
    view = scoreboard_view(t, score_data("samba", "Après la donne 1"), on_continue=print,
                           on_rematch=None, on_home=print, on_back=print)
    shown = texts(view)
    assert "Donne suivante" in shown and "Dernière donne" in shown
    assert "manche" not in shown.lower()


def referee_shell(tmp_path: Path, language: str) -> Any:
    class Shell:
        def __init__(self) -> None:
            self.store = Store(tmp_path)
            self.t = Translator(language)
            self.route = ""

        def go(self, route: str) -> None:
            self.route = route

        def refresh(self) -> None:
            pass

        def toast(self, text: str) -> None:
            raise AssertionError(text)

        def announce(self, match_id: str) -> None:
            pass

        def new_match(self, *args: object, **kwargs: object) -> None:
            self.route = "/new"

    return Shell()


def test_a_samba_referee_shows_donnes_in_french(tmp_path: Path) -> None:
    from app.tables.samba import Referee

    players = ["Ana", "Bea", "Cid", "Dan"]
    shell = referee_shell(tmp_path, "fr")
    match_id = shell.store.create_match({"game": "samba", "players": players, "options": {}})
    ref = Referee(shell, match_id, Match.new(players, "samba"))
    for event in (Start(), Canasta(0), Canasta(0),
                  Result(0, aces_twos=4, high=14, low=3, pure=1, mixed=1, jokers=1, red_threes=1),
                  Result(1, high=6, held_high=5, held_jokers=1, red_held=1), Out(2), Close()):
        assert ref.record(event)
    shown = texts(ref.view("score"))
    assert "Après la donne 1" in shown and "Donne suivante" in shown
    assert "manche" not in shown.lower()


def live(tmp_path: Path, game: str, players: list[str], rounds: list[list[int]],
         language: str) -> dict[str, Any]:
    store = Store(tmp_path)
    match_id = store.create_match({"game": game, "players": players, "options": {}})
    store.update_summary(match_id, {"status": "playing", "round": len(rounds) + 1,
                                    "totals": [sum(r) for r in zip(*rounds, strict=True)],
                                    "winners": [], "rounds": rounds})
    store.set_current_match(match_id)
    return scoreboard(store, Translator(language))


@pytest.mark.parametrize("language", ["en", "fr", "id"])
@pytest.mark.parametrize("game", sorted(WORDS))
def test_the_live_scoreboard_speaks_of_the_games_own_rounds(tmp_path: Path, game: str,
                                                           language: str) -> None:
    players = ["Ana", "Bea", "Cid", "Dan"]
    board = live(tmp_path, game, players, [[5, 0, 5, 0], [0, 7, 0, 7]], language)
    word = WORDS[game][language][0]
    assert board["round_label"] == word.capitalize()
    after = {"en": f"After {word} 2", "fr": f"Après la {word} 2",
             "id": f"Setelah {word} 2"}[language]
    assert board["headline"] == after
    shown = f"{board['round_label']} {board['headline']}".lower()
    for other in others(game, language):
        assert other not in shown


def test_the_live_scoreboard_of_a_french_samba_match(tmp_path: Path) -> None:
    board = live(tmp_path, "samba", ["Ana", "Bea", "Cid", "Dan"], [[2365, -20, 2365, -20]],
                 "fr")
    assert (board["round_label"], board["headline"]) == ("Donne", "Après la donne 1")


@pytest.mark.parametrize("language", ["en", "fr", "id"])
@pytest.mark.parametrize("game", sorted(WORDS))
def test_history_and_home_say_the_games_own_round(tmp_path: Path, game: str,
                                                  language: str) -> None:
    from app.records import history_lines, unfinished_lines

    t = Translator(language)
    store = Store(tmp_path)
    match_id = store.create_match({"game": game, "players": ["Ana", "Bea"], "options": {}})
    store.update_summary(match_id, {"status": "playing", "round": 3, "mode": None,
                                    "totals": [0, 0], "winners": [], "rounds": []})
    word = WORDS[game][language][0]
    (line,) = history_lines(store, t)
    assert line.status.endswith(f" {word} 3")
    (home,) = unfinished_lines(store, [], t)
    title = home.title
    assert title.endswith(f" · {word} 3")
    for other in others(game, language):
        assert f" {other} " not in f" {line.status} {title} "


# -- set-up refusals ------------------------------------------------------------------------

BAD_SETUPS: list[tuple[str, int, dict[str, object]]] = [
    ("kartu_sama", 7, {}),
    ("kartu_sama", 13, {"packs": 2}),
    ("kartu_sama", 1, {}),
    ("kartu_sama", 3, {"first_dealer": 3}),
    ("kartu_sama", 2, {"packs": 9}),
    ("kartu_sama", 2, {"hand_size": 0}),
    ("kartu_sama", 2, {"joker_follow": "next"}),
    ("kartu_sama", 2, {"dealer": "right"}),
    ("kartu_sama", 2, {"mode": "golf"}),
    ("kartu_sama", 2, {"target": 0}),
    ("kartu_sama", 2, {"first_dealer": -1}),
    ("kartu_sama", 2, {"colour": True}),
    ("kartu_sama", 2, {"jokers": 1}),
    ("kartu_sama", 2, {"packs": "2"}),
    ("kartu_sama", 2, {"mode": 3}),
    ("forty_one", 9, {}),
    ("forty_one", 4, {"hands": 0}),
    ("forty_one", 4, {"stop_threshold": 42}),
    ("forty_one", 4, {"first_dealer": 4}),
    ("samba", 7, {}),
    ("samba", 4, {"target": 0}),
    ("samba", 4, {"hands": -1}),
    ("samba", 4, {"top_minimum": 155}),
    ("sums", 9, {}),
    ("sums", 2, {"packs": 5}),
    ("sums", 2, {"piles": 1}),
    ("sums", 2, {"hand_size": -1}),
    ("sums", 2, {"take_back": True, "draw_or_play": True}),
    ("sums", 8, {"packs": 1, "hand_size": 7}),
    ("sums", 8, {"packs": 2, "hand_size": 12}),
]


@pytest.mark.parametrize(("game", "players", "options"), BAD_SETUPS)
def test_engine_setup_refusals_have_a_reason_in_each_language(
        game: str, players: int, options: dict[str, object]) -> None:
    with pytest.raises(SetupError) as info:
        GAMES[game].new_game(players, 0, options)
    error = info.value
    english = refusal(Translator("en"), error)
    assert english != str(error) and "{" not in english
    french = refusal(Translator("fr"), error)
    assert french != english and "{" not in french
    again = pickle.loads(pickle.dumps(error))
    assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))


def test_every_setup_error_in_the_models_has_a_known_code_and_its_fields() -> None:
    used: set[str] = set()
    for path in (ROOT / "models").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SetupError":
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant), (
                    f"{path.name}:{node.lineno}: SetupError takes a code")
                key = f"reason.{first.value}"
                assert key in CATALOG["en"], (path.name, node.lineno, key)
                used.add(first.value)
                names = {k.arg for k in node.keywords}
                if None not in names:  # no **spread: the fields are all there is
                    assert names == fields(CATALOG["en"][key]), (path.name, node.lineno)
    assert len(used) >= 30
    for code in used:
        assert f"reason.{code}" in CATALOG["fr"] and f"reason.{code}" in CATALOG["id"]


def draft(game: str, players: int, **options: object) -> NewMatchForm:
    return NewMatchForm(game=game, players=[f"P{i}" for i in range(players)], options=dict(options))


def test_the_new_match_screen_shows_engine_refusals_in_french() -> None:
    fr = Translator("fr")
    assert draft("sums", 8, packs=1, hand_size=7).error(fr) == (
        "8 joueurs demandent 66 cartes (7 en main et 1 en jeu chacun, et une pour chacune des "
        "2 piles communes) ; un jeu de 52 cartes en compte 52.")
    assert draft("sums", 2, take_back=True, draw_or_play=True).error(fr).startswith(
        "Les variantes reprise et piocher ou poser ne se combinent pas")
    assert draft("kartu_sama", 7).error(fr) == (
        "7 joueurs demandent 57 cartes (8 chacun et une à retourner) ; un jeu de 52 cartes en "
        "compte 52.")
    assert draft("kartu_sama", 13, packs=2).error(fr) == (
        "13 joueurs demandent 105 cartes (8 chacun et une à retourner) ; 2 jeux de 52 cartes "
        "en comptent 104.")
    assert draft("samba", 7).error(fr) == "Samba se joue de 2 à 6 joueurs, pas 7."
    assert draft("forty_one", 4, stop_threshold=42).error(fr).startswith(
        "Les points pour arrêter vont de 0")
    assert draft("kartu_sama", 3, short_pack=True, hand_size=12).error(Translator("en")) == (
        "3 players need 37 cards (12 each and one to turn up); a 32-card pack has 32.")
    assert draft("sums", 4).error(fr) == ""


# -- the pack and the hints: facts from the models, words from the catalog -------------------

PACKS = [  # Kartu Sama options, and a card that pack does not hold (None: it holds them all)
    ({}, "JK"),
    ({"short_pack": True}, "2S"),
    ({"jokers": True}, None),
    ({"short_pack": True, "jokers": True, "packs": 2}, "6H"),
    ({"packs": 3}, "JK"),
]
ENGLISH_PACK = re.compile(r"pack|card|\bof\b|\bleaves?\b|\bhold\b")


@pytest.mark.parametrize(("options", "missing"), PACKS)
def test_the_pack_in_a_refusal_is_said_in_the_players_language(
        options: dict[str, object], missing: str | None) -> None:
    match = Match.new(["Ana", "Bea"], "kartu_sama", options)
    match.record(Start())
    cards = list(match.table.cards)
    match.record(Hand(0, tuple(cards[: len(cards) // 2])))
    reasons = [match.why_not(Hand(1, tuple(cards[len(cards) // 2:])))]  # the whole pack
    if missing is not None:
        reasons.append(match.why_not(Hand(1, (parse_card(missing),))))
    assert [r.code if r else None for r in reasons] == ["too_many_cards", "not_in_pack"][
        : len(reasons)]
    packs = int(str(options.get("packs", 1)))
    size = (32 if options.get("short_pack") else 52) + (2 if options.get("jokers") else 0)
    english = f"a {size}-card pack" if packs == 1 else f"{packs} packs of {size} cards"
    french = f"un jeu de {size} cartes" if packs == 1 else f"{packs} jeux de {size} cartes"
    for reason in reasons:
        assert reason is not None
        assert not any(isinstance(v, str) and " " in v for v in reason.params.values())  # facts
        en = say(Translator("en"), reason.code, reason.params)
        fr = say(Translator("fr"), reason.code, reason.params)
        id_ = say(Translator("id"), reason.code, reason.params)
        assert english in en and "{" not in en
        assert french in fr and "{" not in fr
        assert f"{packs} dek isi {size} kartu" in id_ and "{" not in id_
        assert not ENGLISH_PACK.search(fr), fr


ENGLISH_HINT = re.compile(
    r"\b(spades|hearts|diamonds|clubs|your|colour|only|meld|draw|play|the|and|of|takes?)\b", re.I)
HINT_OPTIONS = {"kartu_sama": {"jokers": True, "rounds": 1}, "forty_one": {"hands": 1},
                "samba": {"hands": 1}, "sums": {}}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_are_said_in_french(game: str) -> None:
    """Every hint of a game's first moves, said in French: its params are facts (cards,
    numbers, a suit letter), its words the catalog's."""
    from models import computers

    fr = Translator("fr")
    state = GAMES[game].new_game(2 if game == "sums" else 4, 1, HINT_OPTIONS[game])
    rng = random.Random(1)
    for _ in range(60):
        if state.is_over:
            break
        for action in state.legal_actions():
            hint = computers.explain(game, state, action)
            assert not any(isinstance(v, str) and " " in v for v in hint.params.values()), hint
            line = say(fr, hint.code, hint.params, prefix="hint")
            assert "{" not in line and not ENGLISH_HINT.search(line), line
        state.apply(rng.choice(state.legal_actions()))


def test_hints_with_a_suit_or_a_sum_in_french() -> None:
    from models.bots.hint import Hint
    from models.bots.sums import _take
    from models.games.sums import capture

    fr = Translator("fr")

    def said(hint: Hint) -> str:
        return say(fr, hint.code, hint.params, prefix="hint")

    stop = Hint("fo_stop", {"suit": "H", "score": 41})
    assert said(stop) == "Arrêter : quatre cœurs qui valent 41"
    assert say(Translator("en"), stop.code, stop.params, prefix="hint") == (
        "Stop: four hearts worth 41")
    assert said(Hint("fo_discard", {"card": "2C", "score": 30, "suit": "S"})) == (
        "Défausser 2♣ : la main garde 30 en piques")  # cards with their suit symbols
    c = {text: int(parse_card(text)) for text in ("7H", "5D", "QD", "3H", "9D", "6H", "QH", "AD")}
    take = _take("7H", capture(c["7H"], [c["5D"]], c["QD"]))
    assert say(Translator("en"), take.code, take.params, prefix="hint") == (
        "Play 7♥: it takes Q♦ (7♥ + your 5♦ = 12)")
    assert said(take) == "Jouer 7♥ : elle prend Q♦ (7♥ + votre 5♦ = 12)"
    back = _take("3H", capture(c["3H"], [c["9D"]], c["6H"]))
    assert said(back) == "Jouer 3♥ : elle prend 6♥ (votre 9♦ - 3♥ = 6)"
    ace = _take("QH", capture(c["QH"], [], c["AD"]))
    assert said(ace) == "Jouer Q♥ : elle prend A♦ (une dame prend un as de la même couleur)"
    assert said(Hint("only")) == "Le seul coup permis"


def test_french_agrees_with_the_count_and_never_elides_or_genders_a_name(tmp_path: Path) -> None:
    """"1 saisies", "Main de Ana", "Citra est sorti": a name can begin with a vowel and be
    anyone's, and a count can be 1."""
    from app.referees import open_match
    from tests.fakes import FakeShell

    t = Translator("fr")
    assert t("hands.mismatch", name="Ana", entered=1, expected=3) == (
        "Ana : 1 carte saisie, la table en comptait 3.")
    assert t("hands.mismatch", name="Ana", entered=2, expected=3) == (
        "Ana : 2 cartes saisies, la table en comptait 3.")
    assert Translator("id")("hands.mismatch", name="Ana", entered=2, expected=3) == (
        "Ana: 2 kartu dimasukkan, meja menghitung 3.")
    shell = FakeShell(tmp_path, "fr")
    match = Match.new(["Ana", "Eva", "Citra"], "kartu_sama")
    ref = open_match(shell, shell.store.create_match(match.setup.to_dict()))
    ref._act("start")
    shown = texts(ref.view(""))
    assert "Eva n'a plus de carte" in shown and "est sorti" not in shown
    ref._act("out")
    ref.entry_seat = 0
    shown = texts(ref.view("hands"))
    assert "Main : Ana" in shown and "Main de" not in shown
    for key in ("hands.for", "hands.points_for", "event.hand", "event.joker", "event.points",
                "guest.take_seat", "guests.qr"):
        assert " de {name}" not in CATALOG["fr"][key], key
