"""The engine benchmark compares Kartu Sama with OpenSpiel's crazy_eights in one run, and says
so in one line when open_spiel is not installed. open_spiel is the ``bench`` extra, not a test
dependency: the comparison is checked against a stand-in with OpenSpiel's API (its figures are
``make bench``'s)."""

from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import Any

import pytest

from tests import bench_engines

DEAL, TURNS = 5, 7  # a stand-in game: 5 chance outcomes dealt, then 7 player moves


class State:
    """A game in OpenSpiel's API that refuses what the real one would: a chance outcome it did
    not offer, an illegal move, a move after the end."""

    def __init__(self, played: list[State]) -> None:
        self.history: list[int] = []
        played.append(self)

    def is_terminal(self) -> bool:
        return len(self.history) == DEAL + TURNS

    def is_chance_node(self) -> bool:
        return len(self.history) < DEAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return [(100 + a, 0.5) for a in range(2)]

    def legal_actions(self) -> list[int]:
        assert not self.is_chance_node() and not self.is_terminal()
        return [len(self.history), len(self.history) + 1]

    def apply_action(self, action: int) -> None:
        assert not self.is_terminal()
        offered = ([a for a, _ in self.chance_outcomes()] if self.is_chance_node()
                   else self.legal_actions())
        assert action in offered, (action, offered)
        self.history.append(action)


def stand_in(played: list[State]) -> Any:
    def load_game(name: str, params: dict[str, Any]) -> Any:
        assert name == "crazy_eights" and params == {"players": 4}
        return SimpleNamespace(new_initial_state=lambda: State(played))

    return SimpleNamespace(load_game=load_game)


def test_the_ratio_is_printed_with_both_figures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[State] = []
    monkeypatch.setitem(sys.modules, "pyspiel", stand_in(played))
    bench_engines.versus_open_spiel(runs=2, games=20)
    line = capsys.readouterr().out.strip()
    assert line.startswith("kartu_sama ") and " us/move, open_spiel crazy_eights " in line
    assert float(line.rsplit("ratio ", 1)[1]) > 0
    # every game of both runs dealt by chance and played to its end by legal moves
    assert len(played) == 2 * 20 and all(s.is_terminal() for s in played)


def test_without_open_spiel_the_ratio_is_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import raises ImportError
    bench_engines.versus_open_spiel(runs=1, games=20)
    assert capsys.readouterr().out == "open_spiel not installed: ratio skipped\n"
