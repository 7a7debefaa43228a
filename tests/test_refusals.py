"""One check for "may I" and "do it": every engine's ``why_illegal(action)`` is None exactly
when ``is_legal(action)`` holds, and ``apply`` refuses an illegal action with that very reason,
changing nothing (python-chess / pokerkit style). Random games, random action codes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.errors import IllegalAction
from models.games import forty_one, samba, sums
from models.games.base import Rules, State
from models.registry import GAMES
from tests.fifth.engine import RULES as FIFTH

# every action code of a game is below this (Kartu Sama: the cards, DRAW and PASS)
CODES = {"kartu_sama": 55, "forty_one": forty_one.ACTIONS, "sums": sums.ACTIONS,
         "samba": samba.NUM_ACTIONS, "fifth": 53}
SET_UPS = [("kartu_sama", 3, None), ("kartu_sama", 4, {"jokers": True, "may_draw": True,
                                                        "play_after_draw": True}),
           ("forty_one", 3, None), ("sums", 3, {"take_back": True}),
           ("sums", 2, {"draw_or_play": True}), ("samba", 4, {"hands": 1}),
           ("fifth", 2, None)]


def rules(key: str) -> Rules[State]:
    return FIFTH if key == "fifth" else GAMES[key]


def asked(state: State, key: str, rng: random.Random) -> list[int]:
    """The actions to ask about: the legal ones, a sample of every code, and out of range."""
    codes = CODES[key]
    return [*state.legal_actions(), *rng.sample(range(codes), min(codes, 60)), -1, codes]


@pytest.mark.parametrize(("key", "players", "options"), SET_UPS,
                         ids=[f"{k}-{p}" for k, p, _ in SET_UPS])
@given(seed=st.integers(0, 2**31 - 1), walk=st.integers(0, 2**31 - 1))
@settings(max_examples=15, deadline=None)
def test_why_illegal_is_the_check_apply_makes(key: str, players: int, options: object,
                                             seed: int, walk: int) -> None:
    state = rules(key).new_game(players, seed, options)
    rng = random.Random(walk)
    moves = 0
    while not state.is_over and moves < 400:
        if moves % 7 == 0:
            for action in asked(state, key, rng):
                why = state.why_illegal(action)
                assert state.is_legal(action) == (why is None)
                if why is None:
                    assert action in state.legal_actions()
                    continue
                assert isinstance(why, IllegalAction) and why.code
                before = list(state.actions)
                with pytest.raises(IllegalAction) as refused:
                    state.apply(action)
                assert (refused.value.code, refused.value.params) == (why.code, why.params)
                assert state.actions == before
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    if state.is_over:  # nothing is legal at the end
        assert all(state.why_illegal(a) is not None for a in range(CODES[key]))
