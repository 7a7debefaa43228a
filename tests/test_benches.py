"""Every benchmark (``make bench``) still imports: a rename elsewhere once left one failing at
its first line, which no test ran."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHES = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))


def test_the_benchmarks_are_found() -> None:
    assert "bench_bots" in BENCHES and "bench_felt" in BENCHES


@pytest.mark.parametrize("name", BENCHES)
def test_a_benchmark_imports(name: str) -> None:
    module = importlib.import_module(f"tests.{name}")
    assert callable(getattr(module, "main", None)), f"{name} has no main()"
