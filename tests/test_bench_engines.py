"""The engine benchmark compares Kartu Sama with OpenSpiel's crazy_eights in one run, and says
so in one line when open_spiel is not installed."""

from __future__ import annotations

import sys

import pytest

from tests import bench_engines


def test_the_ratio_is_printed_with_both_figures(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    bench_engines.versus_open_spiel(runs=1, games=20)
    line = capsys.readouterr().out.strip()
    assert line.startswith("kartu_sama ") and " us/move, open_spiel crazy_eights " in line
    assert float(line.rsplit("ratio ", 1)[1]) > 0


def test_without_open_spiel_the_ratio_is_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import raises ImportError
    bench_engines.versus_open_spiel(runs=1, games=20)
    assert capsys.readouterr().out == "open_spiel not installed: ratio skipped\n"
