"""Computer players: legal moves, hints, determinized deals that cannot peek, and win rates
over a few seeded games (the big numbers are in ``python -m tests.bench_bots``)."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections import Counter
from typing import Any

import pytest

from app.simulate import main as simulate_main
from models import computers
from models.bots.hint import Hint
from models.bots.search import pick
from models.errors import MejaError
from models.games import forty_one, kartu_sama, samba, sums
from models.registry import GAMES
from tests.english import EN, english, refused

# one round per game keeps the games short
ONE_ROUND: dict[str, Any] = {
    "kartu_sama": {"rounds": 1},
    "forty_one": None,
    "samba": {"hands": 1},
    "sums": None,
}
ENGINES: dict[str, Any] = {
    "kartu_sama": kartu_sama, "forty_one": forty_one, "samba": samba, "sums": sums,
}


def play_to(game: str, players: int, seed: int, moves: int) -> Any:
    """A game played ``moves`` moves by the rule of thumb, stopped at a real choice."""
    state = GAMES[game].new_game(players, seed, ONE_ROUND[game])
    simple, rng = computers.chooser(game, "simple"), random.Random(seed)
    done = 0
    while not state.is_over and (done < moves or len(state.legal_actions()) < 2):
        state.apply(simple(state, rng) if done % 3 else rng.choice(state.legal_actions()))
        done += 1
    return state


def duel(game: str, a: computers.Chooser, b: computers.Chooser, deals: int, seed: int = 0) -> float:
    """A's share of the wins over ``deals`` deals (two seats, four in Kartu Sama: A B A B),
    each played twice with the seats swapped (ties count half)."""
    players = 4 if game == "kartu_sama" else 2
    won = 0.0
    for deal in range(deals):
        for flip in (0, 1):
            state = GAMES[game].new_game(players, seed + deal, ONE_ROUND[game])
            seats = [a if (s + flip) % 2 == 0 else b for s in range(players)]
            rng = random.Random(deal)
            while not state.is_over:
                state.apply(seats[state.current_player](state, rng))
            won += sum(1 for s in state.winners if seats[s] is a) / len(state.winners)
    return won / (2 * deals)


# -- the public API ------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", computers.NAMES)
def test_every_player_makes_legal_moves_to_the_end(game: str, name: str) -> None:
    searching = name in ("strong", "expert")
    choose = (computers.strong(game, worlds=2, cap=None) if name == "strong"
              else computers.expert(game, 6) if name == "expert"
              else computers.chooser(game, name))
    players = 4 if game != "sums" else 3
    state = GAMES[game].new_game(players, 3, ONE_ROUND[game])
    rng = random.Random(3)
    moves = 0
    while not state.is_over and moves < (150 if searching else 5000):
        action = choose(state, rng)
        assert state.is_legal(action)
        state.apply(action)
        moves += 1
    assert searching or state.is_over


def test_unknown_game_or_player_is_refused_in_words() -> None:
    with refused(MejaError, match="No computer player called 'clever'"):
        computers.chooser("sums", "clever")
    with refused(MejaError, match="no game 'poker'"):
        computers.chooser("poker", "simple")


def test_simulate_plays_with_bots() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = simulate_main(["sums", "--players", "2", "--games", "2", "--bots",
                              "simple,random", "--json"])
    assert code == 0
    report = json.loads(out.getvalue())
    assert report["games"] == 2 and report["moves"] > 0


@pytest.mark.parametrize(("args", "said"), [
    (["--bots", "simple,clever"],
     "No computer player called 'clever'. Choose one of: random, simple, strong, expert."),
    (["--players", "1"], "Sums is played by 2 to 8 players, not 1."),
])
def test_simulate_says_an_error_in_a_sentence(args: list[str], said: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = simulate_main(["sums", "--games", "1", "--language", "en", *args])
    assert code == 2 and err.getvalue().strip() == said


# -- hints ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_legal_move_has_a_one_line_hint(game: str) -> None:
    codes: Counter[str] = Counter()
    options = {"jokers": True, "rounds": 1} if game == "kartu_sama" else ONE_ROUND[game]
    for seed in range(2):
        state = GAMES[game].new_game(4 if game != "sums" else 2, seed, options)
        simple, rng = computers.chooser(game, "simple"), random.Random(seed)
        while not state.is_over:
            for action in state.legal_actions():
                hint = computers.explain(game, state, action)
                assert EN.has(f"hint.{hint.code}")
                line = english(hint)
                assert line and "\n" not in line and "{" not in line
                assert hint.to_dict() == {"code": hint.code, "params": dict(hint.params)}
                json.dumps(hint.to_dict())
                codes[hint.code] += 1
            state.apply(simple(state, rng) if rng.random() < 0.8 else rng.choice(
                state.legal_actions()))
    assert len(codes) >= 4, codes


def test_a_forced_move_says_so_and_an_illegal_one_is_refused() -> None:
    state = kartu_sama.new_game(2, 0, {"rounds": 1})
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    (only,) = state.legal_actions()
    hint = computers.explain("kartu_sama", state, only)
    assert hint == Hint("only")  # the move itself is shown beside the hint
    illegal = next(a for a in range(55) if not state.is_legal(a))
    with refused(MejaError, match="not a legal move"):
        computers.explain("kartu_sama", state, illegal)


def test_kartu_sama_hints_name_the_card_and_the_reason() -> None:
    state = kartu_sama.new_game(3, 1)
    state.hands[state.current] = [0, 9, 12]  # AS 10S KS
    state.base = 11  # QS on top
    hint = computers.explain("kartu_sama", state, 9)
    assert english(hint) == "Play 10♠: it sheds 10 points and leaves 2 cards that follow it"
    assert str(hint) == "ks_shed(card='10S', points=10, follow=2)"
    assert computers.chooser("kartu_sama", "simple")(state, random.Random(0)) == 0  # AS: 11 points


def test_sums_hint_gives_the_sum() -> None:
    state = sums.new_game(2, 0)
    seat = state.current
    state.hands[seat] = [sorted(state.hands[seat])[0]]
    card = state.hands[seat][0]
    for action in state.legal_actions():
        line = english(computers.explain("sums", state, action))
        assert line.startswith("Draw")
    state.apply(state.legal_actions()[0])
    hint = computers.explain("sums", state, card)
    assert hint.code in ("su_take_sum", "su_take_diff", "su_take_diff_back", "su_take_ace",
                         "su_take_king", "su_place")


# -- determinized deals --------------------------------------------------------------------
def hidden_places(game: str, state: Any, seat: int) -> list[list[int]]:
    """The lists holding cards ``seat`` cannot see, in the real state (the test may reorder
    them)."""
    others = [state.hands[s] for s in range(state.players) if s != seat]
    if game == "kartu_sama":
        return [*others, state.pile]
    if game == "forty_one":
        return [*others, state.stock]
    if game == "samba":
        return [*others, state.stock]  # the pile under its top stays: cnt-free
    return others + [p for p in state.piles]


def swap_hidden(game: str, state: Any, seat: int) -> Any:
    """A copy of ``state`` whose hidden cards (other hands, the stock) are dealt otherwise:
    what ``seat`` sees is unchanged."""
    new = state.clone()
    places = hidden_places(game, new, seat)
    if game == "sums":  # the tops of the community piles are seen
        cards = [c for p in places[: new.players - 1] for c in p]
        cards += [c for p in places[new.players - 1 :] for c in p[:-1]]
    else:
        cards = [c for p in places for c in p]
    cards.reverse()
    cards = cards[len(cards) // 2 :] + cards[: len(cards) // 2]
    at = 0
    for place in places:
        keep = place[-1:] if game == "sums" and place in places[new.players - 1 :] and place else []
        size = len(place) - len(keep)
        place[:] = cards[at : at + size] + keep
        at += size
    for s in range(new.players):
        if s != seat and game in ("kartu_sama", "forty_one", "sums"):
            new.hands[s].sort()
    if game == "samba":
        for s in range(new.players):
            new.cnt[s] = [new.hands[s].count(c) for c in range(53)]
    return new


@pytest.mark.parametrize("game", sorted(GAMES))
def test_strong_player_cannot_peek(game: str) -> None:
    """Other seats' hidden cards dealt otherwise: same observation, same sampled deals, same
    decision from the same rng seed."""
    strong = computers.strong(game, worlds=3, cap=None)
    checked = 0
    for seed in range(4):
        state = play_to(game, 3 if game != "samba" else 4, seed, 6 + 5 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        other = swap_hidden(game, state, seat)
        assert other.hands != state.hands or game == "samba"
        assert other.observation(seat) == state.observation(seat)
        engine = ENGINES[game]
        a = engine.determinize(state, seat, random.Random(9))
        b = engine.determinize(other, seat, random.Random(9))
        assert a.hands == b.hands
        assert strong(state, random.Random(seed)) == strong(other, random.Random(seed))
        checked += 1
    assert checked >= 3


def _multiset(game: str, state: Any) -> Counter[int]:
    if game == "kartu_sama":
        places = [*state.hands, state.pile, state.discard]
    elif game == "forty_one":
        places = [*state.hands, state.stock, state.pile]
    elif game == "samba":
        places = [*state.hands, state.stock, state.pile]
        places += [m for side in range(state.nsides) for m in state.melds(side)]
    else:
        places = [*state.hands, *state.piles, *state.in_play, *state.captured]
    return Counter(c for p in places for c in p)


@pytest.mark.parametrize("who", ["engine", "book"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_determinize_keeps_what_the_seat_sees_and_every_card(game: str, who: str) -> None:
    determinize = ENGINES[game].determinize if who == "engine" else computers.book(game).determinize
    for seed in range(5):
        state = play_to(game, 3, seed, 4 + 9 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        world = determinize(state, seat, random.Random(seed))
        assert world.observation(seat) == state.observation(seat)
        assert _multiset(game, world) == _multiset(game, state)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.legal_actions() == state.legal_actions()
        rng = random.Random(seed)
        while not world.is_over and len(world.results) == len(state.results):
            world.apply(rng.choice(world.legal_actions()))


def test_forty_one_keeps_a_card_seen_taken_with_its_taker() -> None:
    state = forty_one.new_game(3, 2)
    state.apply(forty_one.DRAW)
    discard = state.hands[state.current][0]
    state.apply(discard)
    taker = state.current
    state.apply(forty_one.TAKE)
    state.apply(next(a for a in state.legal_actions() if a != discard))
    assert forty_one.known_cards(state)[taker] == [discard]
    seat = state.current
    for k in range(10):
        world = forty_one.determinize(state, seat, random.Random(k))
        assert discard in world.hands[taker]


def test_forty_one_sampled_hands_follow_what_opponents_collect() -> None:
    """The strong player's deals give an opponent the suit its play shows it collects far
    more often than a random deal, and a hand from which it would have made its last
    discard."""
    from models.bots.forty_one import _agrees, _reads

    simple = computers.chooser("forty_one", "simple")
    hits = {"engine": 0, "book": 0}
    tries = agreed = 0
    for deal in range(25):
        state = forty_one.new_game(2, 300 + deal)
        rng = random.Random(deal)
        while not state.is_over and state.hand_moves < 12:
            state.apply(simple(state, rng))
        if state.is_over:
            continue
        seat = state.current_player
        rival = 1 - seat
        _, last, locked = _reads(state)
        assert last[rival] >= 0
        assert _agrees(state.hands[rival], last[rival], locked[rival])  # the real hand does
        suit = forty_one.counted_suit(state.hands[rival])
        for k in range(4):
            for who, determinize in (("engine", forty_one.determinize),
                                     ("book", computers.book("forty_one").determinize)):
                world = determinize(state, seat, random.Random(k))
                hits[who] += forty_one.counted_suit(world.hands[rival]) == suit
                if who == "book":
                    agreed += _agrees(world.hands[rival], last[rival], locked[rival])
            tries += 1
    assert hits["book"] >= 0.75 * tries and hits["book"] >= hits["engine"] + 0.15 * tries, hits
    assert agreed >= 0.9 * tries


def test_samba_sampled_hands_hold_nothing_their_side_would_have_melded() -> None:
    strong = computers.book("samba").determinize
    checked = opened = 0
    for seed in range(6):
        state = play_to("samba", 2, seed, 60 + 10 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        rival = 1 - seat
        groups = state.groups[state.side[rival]]
        for k in range(3):
            hand = strong(state, seat, random.Random(k)).hands[rival]
            assert not set(hand) & set(samba.RED_THREES)
            if state.opened[state.side[rival]]:
                opened += 1
                for r, group in enumerate(groups):
                    if group is not None and r != 2:
                        assert all(c % 13 != r for c in hand if c < 52 and c % 13 != 1)
            checked += 1
    assert checked >= 9 and opened >= 3


# -- choosing well -------------------------------------------------------------------------
def test_forty_one_strong_player_searches_the_stop() -> None:
    state = forty_one.new_game(2, 0)
    state.hands[state.current] = [13, 17, 18, 19]  # AH 5H 6H 7H
    assert forty_one.STOP in state.legal_actions()
    assert computers.book("forty_one").searched(state)
    assert computers.chooser("forty_one", "simple")(state, random.Random(0)) == forty_one.STOP


def test_samba_value_counts_melds_on_the_way_to_a_canasta() -> None:
    """An unfinished rollout values a side's groups and sequences of 4 to 6 cards above their
    card points, more as they near seven, a sequence (a samba to come) more than a group."""
    value = computers.book("samba").value
    state = samba.new_game(2, 0, {"hands": 1})
    seat = state.current
    side = state.side[seat]
    kings = [12, 25, 38, 51, 12, 25, 38]  # KS KH KD KC KS KH KD: 10 points each
    hope = []
    for size in range(3, 8):
        state.groups[side][12] = kings[:size]
        hope.append(round(value(state, seat, 0) * 1000) - 10 * size)
    assert hope[0] == 0 and 0 < hope[1] < hope[2] < hope[3] < 500
    assert hope[4] == 500  # seven: a pure canasta, its bonus counted in full
    state.groups[side][12] = None
    state.seqs[side] = [[0, 0, 5]]  # 4S to 9S: 40 points
    assert round(value(state, seat, 0) * 1000) - 40 > hope[3]


def test_pick_keeps_the_rule_of_thumb_unless_another_is_clearly_better() -> None:
    assert pick([[0.0, 1.0, 0.0], [0.1, 1.0, -0.1]]) == 0  # no clear gain
    assert pick([[0.0, 0.0, 0.0, 0.0], [1.0, 0.9, 1.1, 1.0], [0.5] * 4]) == 1


@pytest.mark.parametrize(("game", "deals", "floor"), [
    ("kartu_sama", 15, 0.6), ("forty_one", 15, 0.65), ("samba", 3, 0.65), ("sums", 15, 0.75),
])
def test_simple_beats_random(game: str, deals: int, floor: float) -> None:
    share = duel(game, computers.chooser(game, "simple"), computers.random_player, deals, seed=100)
    assert share >= floor, share


@pytest.mark.parametrize(("game", "deals", "floor"), [("kartu_sama", 6, 0.55), ("sums", 16, 0.55)])
def test_strong_beats_simple(game: str, deals: int, floor: float) -> None:
    share = duel(game, computers.strong(game, worlds=8, cap=None),
                 computers.chooser(game, "simple"), deals, seed=200)
    assert share >= floor, share


def test_a_search_out_of_time_falls_back_on_the_rule_of_thumb() -> None:
    state = play_to("sums", 2, 1, 5)
    hurried = computers.strong("sums", cap=0.0)
    simple = computers.chooser("sums", "simple")
    assert hurried(state, random.Random(0)) == simple(state, random.Random(0))
