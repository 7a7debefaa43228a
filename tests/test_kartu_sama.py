"""Kartu Sama: every rule and option of docs/rules.md, on exact positions."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from models.cards import JOKER_CODE, format_cards, parse_cards, shuffle
from models.errors import IllegalAction, SetupError
from models.games import kartu_sama as ks
from models.games.kartu_sama import DRAW, FREE, PASS, KartuSama
from models.registry import GAMES
from tests.english import english, refused

JK = JOKER_CODE


def c(text: str) -> int:
    """One card code."""
    return int(parse_cards(text)[0])


def codes(text: str) -> list[int]:
    return [int(x) for x in parse_cards(text)]


def shown(cards: Sequence[int]) -> str:
    """Cards in code order, printed: compares hands as multisets."""
    return format_cards(sorted(cards))


def table(
    players: int = 2,
    options: object = None,
    *,
    hands: Sequence[str],
    discard: str = "5S",
    pile: str = "",
    current: int = 0,
    dealer: int | None = None,
    base: int | None = None,
    debt: int = 0,
    totals: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
) -> KartuSama:
    """A fresh state with the given table: ``pile`` is written top card first."""
    state = ks.new_game(players, seed=1, options=options)
    arrange(state, hands, discard, pile, current, dealer, base, debt, totals, wins)
    return state


def arrange(
    state: KartuSama,
    hands: Sequence[str],
    discard: str = "5S",
    pile: str = "",
    current: int = 0,
    dealer: int | None = None,
    base: int | None = None,
    debt: int = 0,
    totals: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
) -> None:
    """Lay out a table on ``state`` (any round of a match)."""
    assert len(hands) == state.players
    state.hands = [sorted(codes(h)) for h in hands]
    state.discard = codes(discard)
    state.pile = codes(pile)[::-1]  # the engine keeps the top of the pile at the end
    top = state.discard[-1]
    state.base = base if base is not None else (FREE if top == JK else top)
    state.current = current
    state.debt = debt
    state.drawn = []
    if dealer is not None:
        state.dealer = dealer
    if totals is not None:
        state.totals = list(totals)
    if wins is not None:
        state.wins = list(wins)


def play(state: KartuSama, *actions: str | int) -> None:
    for action in actions:
        state.apply(c(action) if isinstance(action, str) else action)


# -- options and set-up -------------------------------------------------------------------


def test_defaults_are_the_rules() -> None:
    o = ks.Options()
    assert (o.jokers, o.short_pack, o.packs, o.hand_size) == (False, False, 1, 8)
    assert (o.may_draw, o.play_after_draw, o.reshuffle) == (False, False, False)
    assert (o.joker_follow, o.dealer, o.mode) == ("any", "left", "points")
    assert (o.target, o.rounds, o.wins, o.first_dealer) == (100, 0, 3, 0)
    assert len(o.cards()) == 52


def test_registry_entry() -> None:
    game = GAMES["kartu_sama"]
    assert game.factory is ks.KartuSama and game.title == ks.RULES.title
    assert (game.min_players, game.max_players, game.lower_is_better) == (2, 20, True)
    state = game.new_game(3, seed=5, options={"jokers": True})
    assert isinstance(state, KartuSama)
    assert state.options.jokers
    assert game.options({"packs": 2}) == ks.Options(packs=2)


@pytest.mark.parametrize(
    ("options", "size"),
    [
        ({}, 52),
        ({"jokers": True}, 54),
        ({"short_pack": True}, 32),
        ({"short_pack": True, "jokers": True}, 34),
        ({"packs": 3}, 156),
        ({"packs": 2, "jokers": True}, 108),
    ],
)
def test_pack_options(options: dict[str, object], size: int) -> None:
    state = ks.new_game(2, seed=3, options=options)
    cards = state.options.cards()
    assert len(cards) == size
    assert sorted(state.pile + state.discard + [x for h in state.hands for x in h]) == sorted(cards)
    assert cards.count(JK) == (2 * state.options.packs if state.options.jokers else 0)
    if state.options.short_pack:
        assert {x % 13 + 1 for x in cards if x != JK} == {1, 7, 8, 9, 10, 11, 12, 13}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (
            4,
            {"short_pack": True},
            "4 players need 33 cards (8 each and one to turn up); a 32-card pack has 32.",
        ),
        (
            7,
            {},
            "7 players need 57 cards (8 each and one to turn up); a 52-card pack has 52.",
        ),
        (
            13,
            {"packs": 2},
            "13 players need 105 cards (8 each and one to turn up); 2 packs of 52 cards have 104.",
        ),
        (
            3,
            {"hand_size": 18},
            "3 players need 55 cards (18 each and one to turn up); a 52-card pack has 52.",
        ),
        (1, {}, "Kartu Sama is played by 2 to 20 players, not 1."),
        (21, {"packs": 8}, "Kartu Sama is played by 2 to 20 players, not 21."),
        (3, {"first_dealer": 3}, "The first dealer must be one of the 3 players."),
    ],
)
def test_setup_refusals(players: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError) as info:
        ks.new_game(players, options=options)
    assert english(info.value) == message


def test_setups_at_the_limit_are_accepted() -> None:
    assert len(ks.new_game(3, options={"short_pack": True}).pile) == 32 - 25
    assert len(ks.new_game(4, options={"short_pack": True, "jokers": True}).pile) == 1
    assert len(ks.new_game(6).pile) == 52 - 49
    assert len(ks.new_game(3, options={"hand_size": 17}).pile) == 0
    assert len(ks.new_game(20, options={"packs": 4}).pile) == 208 - 161


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"packs": 0}, "1 to 8 packs"),
        ({"packs": 9}, "1 to 8 packs"),
        ({"hand_size": 0}, "at least one card"),
        ({"joker_follow": "next"}, "After a joker: choose one of any, last_non_joker."),
        ({"dealer": "right"}, "Dealer rotation: choose one of left, loser."),
        ({"mode": "golf"}, "Game type: choose one of points, victory."),
        ({"target": 0}, "must be positive"),
        ({"rounds": -1}, "must be positive"),
        ({"wins": 0}, "must be positive"),
        ({"first_dealer": -1}, "seat number"),
        ({"colour": True}, "Unknown option 'colour'"),
        ({"jokers": 1}, "yes or no"),
        ({"packs": "2"}, "whole number"),
        ({"mode": 3}, "is a word"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with refused(SetupError, match=words.replace("(", r"\(").replace(".", r"\.")):
        ks.new_game(2, options=options)


# -- the deal -----------------------------------------------------------------------------


def expected_deal(
    players: int, seed: int, dealer: int, size: int = 8, options: object = None
) -> tuple[list[list[int]], int, list[int]]:
    """Deal by hand from the documented shuffle: 3 each, 2 each, one up, the rest each."""
    deck = ks.RULES.options(options).cards()
    shuffle(deck, f"kartu_sama/{seed}/0/0")
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[int]] = [[] for _ in range(players)]

    def take(n: int) -> list[int]:
        got = deck[len(deck) - n :]
        del deck[len(deck) - n :]
        return got

    first = min(3, size)
    second = min(2, size - first)
    for batch in (first, second):
        for seat in order:
            hands[seat] += take(batch)
    up = deck.pop()
    for seat in order:
        hands[seat] += take(size - first - second)
    return hands, up, deck


@pytest.mark.parametrize(("players", "seed", "dealer"), [(3, 7, 0), (4, 11, 2), (2, 0, 1)])
def test_deal_three_two_up_three_from_the_dealers_left(
    players: int, seed: int, dealer: int
) -> None:
    state = ks.new_game(players, seed, {"first_dealer": dealer})
    hands, up, pile = expected_deal(players, seed, dealer)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    assert state.discard == [up]
    assert state.pile == pile
    assert all(len(h) == 8 for h in state.hands)
    assert state.dealer == dealer
    assert state.current == (dealer + 1) % players


def test_deal_batches_go_to_the_right_seats() -> None:
    """Seed 7, 3 players, dealer 0: seat 1 takes the top three cards, seat 2 the next three..."""
    deck = ks.Options().cards()
    shuffle(deck, "kartu_sama/7/0/0")
    top = deck[::-1]  # top card first
    state = ks.new_game(3, 7)
    s1, s2, s0 = state.hands[1], state.hands[2], state.hands[0]
    assert sorted(top[0:3] + top[9:11] + top[16:19]) == s1
    assert sorted(top[3:6] + top[11:13] + top[19:22]) == s2
    assert sorted(top[6:9] + top[13:15] + top[22:25]) == s0
    assert state.discard == [top[15]]
    assert state.pile[::-1] == top[25:]


def test_deal_is_pinned() -> None:
    """A saved game replays only if the shuffle never changes: pin one deal."""
    state = ks.new_game(3, 7)
    assert [format_cards(h) for h in state.hands] == [
        "3S 5S 8S KS 2H QD AC 4C",
        "10S 4H 8H 10H 3D KD 2C 8C",
        "6H KH AD 2D 7D 10D 7C JC",
    ]
    assert format_cards(state.discard) == "9D"
    assert len(state.pile) == 27


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6, 10])
def test_hand_size_option(size: int) -> None:
    state = ks.new_game(3, 4, {"hand_size": size})
    hands, up, pile = expected_deal(3, 4, 0, size, {"hand_size": size})
    assert [len(h) for h in state.hands] == [size] * 3
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    assert state.discard == [up]
    assert state.pile == pile


def test_hands_are_kept_in_code_order() -> None:
    state = ks.new_game(4, 9)
    rng = random.Random(1)
    for _ in range(60):
        assert all(h == sorted(h) for h in state.hands)
        state.apply(rng.choice(state.legal_actions()))


# -- turns --------------------------------------------------------------------------------


def test_a_card_matches_by_rank_or_suit() -> None:
    state = table(hands=["2S KS 5H 5D 9H QC", "3C"], discard="5S")
    assert state.legal_actions() == codes("2S KS 5H 5D")
    assert state.is_legal(c("5H")) and not state.is_legal(c("9H"))
    play(state, "5H")
    assert state.top == c("5H")
    assert state.current == 1


def test_must_play_if_able() -> None:
    state = table(hands=["2S 9H", "3C"], discard="5S", pile="AD 2D")
    assert DRAW not in state.legal_actions()
    assert not state.is_legal(DRAW)
    with refused(IllegalAction, match="A player who can play must play a card."):
        state.apply(DRAW)
    with refused(IllegalAction, match=r"^9♥ does not match 5♠\.$"):
        state.apply(c("9H"))
    with refused(IllegalAction, match="not in the player's hand"):
        state.apply(c("5D"))
    with refused(IllegalAction, match="nothing to pass"):
        state.apply(PASS)
    for bad in (-1, 55, 100):
        assert not state.is_legal(bad)
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.actions == []


def test_may_draw_option() -> None:
    state = table(options={"may_draw": True}, hands=["2S 9H", "3C"], pile="AD 2D 4C")
    assert state.legal_actions() == [c("2S"), DRAW]
    play(state, DRAW)
    assert shown(state.hands[0]) == shown(codes("2S AD 2D 9H"))
    assert state.current == 1
    assert state.top == c("5S")


def test_may_draw_does_not_excuse_a_joker_debt() -> None:
    o = {"may_draw": True, "jokers": True}
    state = table(options=o, hands=["JK 6S 7S 8S", "3C"], pile="AD 2D 4C 4D")
    play(state, "JK")
    assert DRAW not in state.legal_actions()
    with refused(IllegalAction, match=r"^After a joker, 2 more cards must be played"):
        state.apply(DRAW)


def test_cannot_play_draws_two_and_the_turn_passes() -> None:
    state = table(players=3, hands=["9H 2D", "3C", "4C"], pile="AD 2D 4C KH")
    assert state.legal_actions() == [DRAW]
    assert state.draw_count() == (2, "normal")
    play(state, DRAW)
    assert shown(state.hands[0]) == shown(codes("AD 2D 2D 9H"))
    assert state.pile == codes("KH 4C")
    assert state.current == 1
    assert state.last_draw == (0, 2, "normal")
    assert state.top == c("5S")


def test_no_play_after_the_draw() -> None:
    state = table(hands=["9H 2D", "3C"], pile="6S 7S KH")
    play(state, DRAW)  # 6S would match 5S, but the turn has passed
    assert state.current == 1
    assert c("6S") in state.hands[0]


def test_play_after_draw_option_plays_a_drawn_card() -> None:
    state = table(options={"play_after_draw": True}, hands=["9H 2D", "3C"], pile="6S 7D KH")
    play(state, DRAW)
    assert state.current == 0
    assert state.drawn == codes("6S 7D")
    assert state.legal_actions() == [c("6S"), PASS]
    assert not state.is_legal(c("7D")) and not state.is_legal(DRAW)
    with refused(IllegalAction, match="Play one of the cards just drawn"):
        state.apply(c("9H"))
    play(state, "6S")
    assert state.current == 1
    assert state.drawn == []
    assert shown(state.hands[0]) == shown(codes("7D 9H 2D"))


def test_play_after_draw_option_may_keep_the_cards() -> None:
    state = table(options={"play_after_draw": True}, hands=["9H 2D", "3C"], pile="6S 7D KH")
    play(state, DRAW, PASS)
    assert state.current == 1
    assert shown(state.hands[0]) == shown(codes("6S 9H 2D 7D"))
    assert state.top == c("5S")


def test_play_after_draw_only_drawn_cards() -> None:
    o = {"play_after_draw": True, "may_draw": True}
    state = table(options=o, hands=["5D 9H", "3C"], pile="6S 7D KH")
    play(state, DRAW)
    assert state.legal_actions() == [c("6S"), PASS]  # 5D stays in the hand this turn
    assert not state.is_legal(c("5D"))


def test_play_after_draw_with_nothing_playable_passes_at_once() -> None:
    state = table(options={"play_after_draw": True}, hands=["9H 2D", "3C"], pile="7D 8D KH")
    play(state, DRAW)
    assert state.current == 1
    assert state.drawn == []


def test_one_card_draws_players_plus_one() -> None:
    state = table(players=3, hands=["9H", "3C", "4C"], pile="AD 2D 3D 4D 5D")
    assert state.draw_count() == (4, "last_card")
    play(state, DRAW)
    assert shown(state.hands[0]) == shown(codes("9H AD 2D 3D 4D"))
    assert state.pile == codes("5D")
    assert state.last_draw == (0, 4, "last_card")
    assert state.current == 1


def test_one_card_draws_players_plus_one_for_five_players() -> None:
    state = table(players=5, hands=["9H", "3C", "4C", "6C", "7C"], pile=" ".join(["AD"] * 7))
    play(state, DRAW)
    assert len(state.hands[0]) == 7


# -- end of round -------------------------------------------------------------------------


def test_round_ends_when_the_last_card_is_played() -> None:
    state = table(players=3, hands=["6S", "AH 2C", "KD"], pile="AD 2D 3D")
    play(state, "6S")
    result = state.results[-1]
    assert result.end == "out"
    assert result.points == (0, 13, 1)
    assert result.winners == (0,)
    assert result.moves == 1
    assert state.totals == [0, 13, 1]
    assert state.round_no == 1
    assert not state.is_over


def test_round_ends_when_the_pile_cannot_cover_a_draw() -> None:
    state = table(players=3, hands=["9H 2D", "3C", "4C"], pile="AH")
    play(state, DRAW)
    result = state.results[-1]
    assert result.end == "pile"
    assert result.points == (2 + 9 + 11, 3, 4)  # the card taken counts
    assert state.last_draw == (0, 1, "normal")
    assert state.round_no == 1


def test_round_ends_on_an_empty_pile_with_nothing_taken() -> None:
    state = table(hands=["9H 2D", "3C"], pile="")
    play(state, DRAW)
    assert state.results[-1].end == "pile"
    assert state.results[-1].points == (11, 3)
    assert state.last_draw == (0, 0, "normal")


def test_one_card_draw_beyond_the_pile_ends_the_round() -> None:
    state = table(players=3, hands=["9H", "3C", "4C"], pile="AD 2D 3D")
    play(state, DRAW)
    assert state.results[-1].end == "pile"
    assert state.results[-1].points == (9 + 11 + 2 + 3, 3, 4)


def test_exactly_emptying_the_pile_does_not_end_the_round() -> None:
    state = table(hands=["9H 2D", "3C 4C"], pile="AH 2H")
    play(state, DRAW)
    assert state.results == []
    assert state.pile == []
    assert state.current == 1
    play(state, DRAW)
    assert state.results[-1].end == "pile"
    assert state.results[-1].points == (9 + 2 + 11 + 2, 7)


def test_discard_is_never_reshuffled_by_default() -> None:
    state = table(hands=["9H 2D", "3C"], discard="7S 8S 6S 5S", pile="AH")
    play(state, DRAW)
    assert state.results[-1].end == "pile"


def test_reshuffle_option() -> None:
    o = {"reshuffle": True}
    state = table(options=o, hands=["9H 2D", "3C"], discard="7S 8S 6S 5S", pile="AH")
    play(state, DRAW)
    assert state.results == []
    assert state.discard == codes("5S")
    assert c("AH") in state.hands[0]  # the old pile is drawn first
    assert len(state.hands[0]) == 4
    assert len(state.pile) == 2
    assert sorted(state.hands[0] + state.pile) == sorted(codes("9H 2D AH 7S 8S 6S"))
    assert state.reshuffles == 1
    again = table(options=o, hands=["9H 2D", "3C"], discard="7S 8S 6S 5S", pile="AH")
    play(again, DRAW)
    assert again.pile == state.pile  # deterministic


def test_reshuffle_that_still_falls_short_ends_the_round() -> None:
    o = {"reshuffle": True, "jokers": True}
    state = table(options=o, players=3, hands=["9H", "3C", "4C"], discard="7S 5S", pile="AH")
    play(state, DRAW)  # needs 4, pile 1 + 1 reshuffled
    assert state.results[-1].end == "pile"
    assert state.results[-1].points == (9 + 11 + 7, 3, 4)


def test_reshuffle_with_only_the_top_card_ends_the_round() -> None:
    state = table(options={"reshuffle": True}, hands=["9H 2D", "3C"], discard="5S", pile="AH")
    play(state, DRAW)
    assert state.results[-1].end == "pile"


# -- jokers -------------------------------------------------------------------------------

J = {"jokers": True}


def test_joker_goes_on_anything() -> None:
    state = table(options=J, hands=["JK 9H", "3C"], discard="5S")
    assert state.legal_actions() == [JK]
    state = table(options=J, hands=["JK 9H", "3C"], discard="JK 5S 4D")
    assert state.legal_actions() == [JK]


def test_after_a_joker_play_players_more_cards() -> None:
    state = table(players=3, options=J, hands=["JK 6S KH KD 2D 9C", "3C", "4C"])
    play(state, "JK")
    assert state.debt == 3
    assert state.current == 0
    play(state, "KH")
    assert (state.debt, state.current) == (2, 0)
    play(state, "KD")
    assert (state.debt, state.current) == (1, 0)
    play(state, "2D")
    assert (state.debt, state.current) == (0, 1)
    assert state.discard == codes("5S JK KH KD 2D")


def test_the_card_right_after_a_joker_is_free_then_each_matches_the_one_below() -> None:
    state = table(options=J, hands=["JK KH 2S KD 9C", "3C"], discard="5S")
    play(state, "JK")
    assert state.legal_actions() == sorted(codes("KH 2S KD 9C"))
    assert state.observation(0).to_match is None
    play(state, "KH")  # matches nothing on the 5S, but free after the joker
    assert not state.is_legal(c("2S")) and not state.is_legal(c("9C"))
    assert state.legal_actions() == codes("KD")
    with refused(IllegalAction, match=r"^2♠ does not match K♥\.$"):
        state.apply(c("2S"))
    play(state, "KD")
    assert state.current == 1


def test_last_non_joker_option() -> None:
    o = {"jokers": True, "joker_follow": "last_non_joker"}
    state = table(options=o, hands=["JK KH 9S 5D 2D", "3C"], discard="5S")
    play(state, "JK")
    assert state.legal_actions() == codes("9S 5D")
    assert not state.is_legal(c("KH"))
    with refused(IllegalAction, match=r"^K♥ does not match 5♠\.$"):  # not "match JK"
        state.apply(c("KH"))
    assert state.observation(0).to_match == c("5S")
    play(state, "5D")
    assert state.legal_actions() == codes("2D")
    play(state, "2D")
    assert state.current == 1


def test_last_non_joker_through_a_stack() -> None:
    o = {"jokers": True, "joker_follow": "last_non_joker"}
    state = table(options=o, hands=["JK JK KH 9S 2D 3D 4D", "3C"], discard="5S")
    play(state, "JK", "JK")
    assert state.debt == 3
    assert state.legal_actions() == codes("9S")  # still the 5S to match


def test_stacking_a_joker_while_paying() -> None:
    state = table(players=3, options=J, hands=["JK JK KH 2S 3S 4S 5H 6H 7H", "3C", "4C"])
    play(state, "JK", "KH")
    assert state.debt == 2
    play(state, "JK")  # counts one paid, adds 3: 2 - 1 + 3
    assert state.debt == 4
    assert state.base == FREE
    play(state, "2S", "3S", "4S")
    assert (state.debt, state.current) == (1, 0)
    assert state.legal_actions() == [DRAW]  # 5H 6H 7H do not follow the 4S


def test_stacked_jokers_while_free_each_add_players() -> None:
    state = table(options=J, hands=["JK JK 9H 9D 9C", "3C"], discard="5S")
    play(state, "JK", "JK")
    assert state.debt == 3  # 2, then 2 - 1 + 2


def test_failing_a_debt_draws_two_times_players_flat() -> None:
    state = table(
        players=3,
        options=J,
        hands=["JK JK KH 9D 7C 2S", "3C", "4C"],
        pile="AD 2D 3D 4D 5D 6D 7D 8D",
    )
    play(state, "JK", "KH", "JK", "9D")
    assert state.debt == 3
    assert state.legal_actions() == [DRAW]
    assert state.draw_count() == (6, "joker")
    play(state, DRAW)
    assert shown(state.hands[0]) == shown(codes("7C 2S AD 2D 3D 4D 5D 6D"))
    assert state.pile == codes("8D 7D")
    assert state.debt == 0
    assert state.current == 1
    assert state.last_draw == (0, 6, "joker")
    assert state.discard == codes("5S JK KH JK 9D")  # cards already played stay


def test_failing_a_debt_with_one_card_still_draws_two_times_players() -> None:
    state = table(players=3, options=J, hands=["JK KH 9D", "3C", "4C"], pile=" ".join(["2D"] * 8))
    play(state, "JK", "KH")
    assert state.hands[0] == codes("9D")
    assert state.draw_count() == (6, "joker")
    play(state, DRAW)
    assert len(state.hands[0]) == 7


def test_no_play_after_a_failed_debt_even_with_the_option() -> None:
    o = {"jokers": True, "play_after_draw": True}
    state = table(options=o, hands=["JK KH 9D", "3C"], pile="KD KS QH QD")
    play(state, "JK", "KH")
    play(state, DRAW)
    assert state.current == 1
    assert state.drawn == []


def test_failing_a_debt_beyond_the_pile_ends_the_round() -> None:
    state = table(options=J, hands=["JK KH 9D", "3C"], pile="2D 3D")
    play(state, "JK", "KH", DRAW)
    assert state.results[-1].end == "pile"
    assert state.results[-1].points == (9 + 2 + 3, 3)


def test_a_joker_as_the_last_card_ends_the_round() -> None:
    state = table(options=J, hands=["JK", "3C 7D"])
    play(state, "JK")
    assert state.results[-1].end == "out"
    assert state.results[-1].points == (0, 10)
    assert state.debt == 0


def test_going_out_while_paying_ends_the_round() -> None:
    state = table(players=4, options=J, hands=["JK KH", "3C", "4C", "5C"])
    play(state, "JK", "KH")
    assert len(state.results) == 1
    assert state.results[-1].end == "out"
    assert state.results[-1].points == (0, 3, 4, 5)


def test_joker_turned_up_first_card_is_free() -> None:
    state = table(options=J, hands=["KH 2C", "3C"], discard="JK")
    assert state.legal_actions() == codes("KH 2C")
    assert state.debt == 0
    play(state, "2C")
    assert state.current == 1
    o = {"jokers": True, "joker_follow": "last_non_joker"}
    state = table(options=o, hands=["KH 2C", "3C"], discard="JK")
    assert state.legal_actions() == codes("KH 2C")


def test_joker_turned_up_in_a_real_deal() -> None:
    state = ks.new_game(3, 8, J)
    assert state.discard == [JK]
    assert state.base == FREE
    assert state.debt == 0
    hand = state.hands[state.current]
    assert state.legal_actions() == sorted(set(hand))


# -- scoring and ranking ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("2S", 2),
        ("3H", 3),
        ("4D", 4),
        ("5C", 5),
        ("6S", 6),
        ("7H", 7),
        ("8D", 8),
        ("9C", 9),
        ("10S", 10),
        ("JH", 1),
        ("QD", 1),
        ("KC", 1),
        ("AS", 11),
        ("JK", 20),
        ("", 0),
        ("2S 10H JD QC KS AS JK", 46),
        ("AS AS AH", 33),
    ],
)
def test_hand_points(cards: str, points: int) -> None:
    assert ks.hand_points(parse_cards(cards)) == points


def ranked(**hands: str) -> list[list[str]]:
    return ks.rank_round({name: parse_cards(text) for name, text in hands.items()})


def test_rank_round_by_points() -> None:
    assert ranked(a="9S", b="2H 3H", c="AS") == [["b"], ["a"], ["c"]]


def test_rank_round_more_cards_wins_equal_points() -> None:
    assert ranked(a="5S", b="2H 3H", c="2D 2C JH") == [["c"], ["b"], ["a"]]


def test_rank_round_lower_master_card() -> None:
    assert ranked(a="10S JH", b="9S 2H") == [["b"], ["a"]]
    assert ranked(a="KS", b="JS", c="QS") == [["b"], ["c"], ["a"]]
    assert ranked(a="JK 2S", b="AS AH") == [["b"], ["a"]]  # joker > ace
    assert ranked(a="AS 2S", b="10S 3S") == [["b"], ["a"]]  # ace > 10
    assert ranked(a="10S 2S", b="9S 3S") == [["b"], ["a"]]  # 10 > 9


def test_rank_round_next_cards() -> None:
    assert ranked(a="10S 5H 2D", b="10H 4S 3C") == [["b"], ["a"]]
    assert ranked(a="9S 2H KD", b="9H 2D QC") == [["b"], ["a"]]  # third card: Q < K
    assert ranked(a="2S JH JD", b="2H KS KH") == [["a"], ["b"]]


def test_rank_round_shared() -> None:
    assert ranked(a="9S JH", b="9H JS", c="AS") == [["a", "b"], ["c"]]
    assert ranked(a="7S", b="7H") == [["a", "b"]]


def test_master_card_order() -> None:
    order = ks.master_cards(parse_cards("KS 2H JD QC AS JK 10H 9C"))
    assert format_cards(order) == "JK AS 10H 9C 2H KS QC JD"


def test_decider() -> None:
    p = parse_cards
    assert ks.decider(p("9S"), p("AS")) == ("points", 0)
    assert ks.decider(p("5S"), p("2H 3H")) == ("cards", 0)
    assert ks.decider(p("10S JH"), p("9S 2H")) == ("master", 0)
    assert ks.decider(p("10S 5H 2D"), p("10H 4S 3C")) == ("master", 1)
    assert ks.decider(p("9S 2H KD"), p("9H 2D QC")) == ("master", 2)
    assert ks.decider(p("9S JH"), p("9H JS")) == ("tie", 0)


def test_round_winners_follow_the_victory_rule() -> None:
    state = table(players=3, hands=["9H 2D", "9C 2S", "AH"], pile="")
    play(state, DRAW)
    assert state.results[-1].winners == (0, 1)


# -- the match ----------------------------------------------------------------------------


def test_points_game_goes_on_below_the_target() -> None:
    state = table(hands=["6S", "AH 2C"], totals=[0, 86])
    play(state, "6S")
    assert state.totals == [0, 99]
    assert not state.is_over
    assert state.scores == [0, 99]
    assert state.winners == []


def test_points_game_ends_when_someone_reaches_the_target() -> None:
    state = table(hands=["6S", "AH 2C"], totals=[10, 87])
    play(state, "6S")
    assert state.totals == [10, 100]
    assert state.is_over
    assert state.current_player == -1
    assert state.legal_actions() == []
    assert state.winners == [0]
    assert not state.is_legal(DRAW)
    with refused(IllegalAction, match="The match is over."):
        state.apply(DRAW)


def test_points_game_target_option() -> None:
    state = table(options={"target": 20}, hands=["6S", "AH 2C"], totals=[10, 7])
    play(state, "6S")
    assert state.is_over
    assert state.winners == [0]


def test_points_game_ties_share_the_win() -> None:
    state = table(players=3, hands=["6S", "JH", "5H"], totals=[91, 90, 95])
    play(state, "6S")
    assert state.totals == [91, 91, 100]
    assert state.winners == [0, 1]


def test_fixed_rounds_option() -> None:
    state = table(options={"rounds": 2}, hands=["6S", "AH 2C"], totals=[0, 300])
    play(state, "6S")
    assert not state.is_over  # the target does not count
    arrange(state, ["9H 2D", "6C"], pile="", current=0)
    play(state, DRAW)
    assert len(state.results) == 2
    assert state.is_over
    assert state.totals == [0 + 11, 300 + 13 + 6]
    assert state.winners == [0]


def test_fixed_rounds_ignore_the_target() -> None:
    state = table(options={"rounds": 3}, hands=["6S", "AH 2C"], totals=[0, 150])
    play(state, "6S")
    assert not state.is_over


def test_victory_game_first_to_n_round_wins() -> None:
    o = {"mode": "victory", "wins": 2}
    state = table(options=o, hands=["6S", "AH 2C"], wins=[0, 1], totals=[0, 0])
    play(state, "6S")
    assert state.wins == [1, 1]
    assert not state.is_over
    state = table(options=o, hands=["6S", "AH 2C"], wins=[1, 0])
    play(state, "6S")
    assert state.is_over
    assert state.winners == [0]
    assert state.scores == [2, 0]


def test_victory_game_ignores_points_totals() -> None:
    o = {"mode": "victory"}
    state = table(options=o, hands=["6S", "AH 2C"], totals=[0, 500])
    play(state, "6S")
    assert not state.is_over


def test_victory_game_shared_round_wins() -> None:
    o = {"mode": "victory", "wins": 2}
    state = table(players=3, options=o, hands=["9H 2D", "9C 2S", "AH"], wins=[1, 1, 1])
    play(state, DRAW)
    assert state.wins == [2, 2, 1]
    assert state.is_over
    assert state.winners == [0, 1]


def test_dealer_passes_left() -> None:
    state = table(players=3, hands=["6S", "AH 2C", "KD"], dealer=2, current=0)
    play(state, "6S")
    assert state.dealer == 0
    assert state.current == 1
    state = ks.new_game(3, 5)
    assert (state.dealer, state.current) == (0, 1)


def test_first_dealer_option() -> None:
    state = ks.new_game(4, 5, {"first_dealer": 3})
    assert (state.dealer, state.current) == (3, 0)


def test_loser_deals_option() -> None:
    o = {"dealer": "loser"}
    state = table(players=3, options=o, hands=["6S", "AH 2C", "KD"], dealer=0, current=0)
    play(state, "6S")
    assert state.dealer == 1
    assert state.current == 2


def test_loser_deals_tie_goes_to_the_nearest_left_of_the_dealer() -> None:
    o = {"dealer": "loser"}
    state = table(players=3, options=o, hands=["9C", "6S", "9D"], dealer=2, current=1)
    play(state, "6S")
    assert state.dealer == 0
    state = table(players=3, options=o, hands=["9C", "6S", "9D"], dealer=0, current=1)
    play(state, "6S")
    assert state.dealer == 2


def test_each_round_is_a_new_deal() -> None:
    state = table(players=3, hands=["6S", "AH 2C", "KD"])
    play(state, "6S")
    assert all(len(h) == 8 for h in state.hands)
    assert state.debt == 0 and state.drawn == []
    assert len(state.pile) == 52 - 25
    assert state.round_moves == 0


# -- several packs ------------------------------------------------------------------------


def test_identical_cards_are_listed_once_and_both_playable() -> None:
    state = table(options={"packs": 2}, hands=["6S 6S 9S 2H", "3C 6H"], discard="5S")
    assert state.legal_actions() == codes("6S 9S")
    play(state, "6S")
    assert state.hands[0] == codes("6S 9S 2H")
    play(state, "6H")
    assert state.legal_actions() == codes("6S 2H")
    play(state, "6S")
    assert state.discard == codes("5S 6S 6H 6S")


def test_two_jokers_of_one_pack_are_listed_once() -> None:
    state = table(options=J, hands=["JK JK 9H", "3C"], discard="5S")
    assert state.legal_actions() == [JK]


def test_identical_drawn_cards_are_listed_once() -> None:
    o = {"packs": 2, "play_after_draw": True}
    state = table(options=o, hands=["9H 2D", "3C"], pile="6S 6S KH")
    play(state, DRAW)
    assert state.legal_actions() == [c("6S"), PASS]


# -- views and copies ---------------------------------------------------------------------


def test_observation_shows_only_what_the_seat_may_see() -> None:
    state = table(players=3, hands=["6S 9H", "AH 2C", "KD"], pile="QH QS")
    seen = state.observation(1)
    assert {f.name for f in dataclasses.fields(seen)} == {
        "seat", "hand", "hand_sizes", "top", "discard", "to_match", "draw_pile", "debt",
        "drawn", "current", "dealer", "round", "totals", "wins", "legal",
    }  # fmt: skip
    assert list(seen.hand) == codes("AH 2C")
    assert seen.hand_sizes == (2, 2, 1)
    assert seen.draw_pile == 2  # a count, never the cards
    assert list(seen.discard) == codes("5S") and seen.top == c("5S")
    assert seen.legal == () and seen.drawn == ()  # not this seat's turn
    assert seen.current == 0
    assert list(state.observation(0).legal) == codes("6S")
    assert list(state.observation(0).hand) == codes("6S 9H")


def test_observation_drawn_cards_only_for_the_drawer() -> None:
    state = table(options={"play_after_draw": True}, hands=["9H 2D", "3C"], pile="6S 7D KH")
    play(state, DRAW)
    assert list(state.observation(0).drawn) == codes("6S 7D")
    assert state.observation(1).drawn == ()


def test_action_str() -> None:
    state = ks.new_game(2)
    assert state.action_str(DRAW) == "draw"
    assert state.action_str(PASS) == "pass"
    assert state.action_str(c("10H")) == "10H"
    assert state.action_str(JK) == "JK"


def test_clone_is_independent() -> None:
    state = table(players=3, hands=["6S 9H", "AH 2C", "KD"], pile="QH QS")
    copy = state.clone()
    play(copy, "6S")
    assert state.hands[0] == codes("6S 9H")
    assert state.discard == codes("5S")
    assert state.actions == []
    assert state.current == 0
    assert copy.current == 1


def test_replay_gives_the_same_state() -> None:
    state = ks.new_game(4, 21, {"jokers": True, "reshuffle": True})
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    again = ks.RULES.replay(4, 21, {"jokers": True, "reshuffle": True}, state.actions)
    assert isinstance(again, KartuSama)
    assert again.results == state.results
    assert again.totals == state.totals
    assert again.hands == state.hands
