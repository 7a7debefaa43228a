"""Refactoring changes no rule: seeded play gives the same fingerprints as when they were taken
(tests/fingerprints.py says how to retake them when a rule change is meant)."""

import json

from tests.fingerprints import FILE, compute


def test_seeded_play_is_unchanged() -> None:
    expected = json.loads(FILE.read_text())
    got = compute()
    changed = sorted(k for k in expected if got.get(k) != expected[k])
    assert not changed, f"{len(changed)} of {len(expected)} fingerprints changed: {changed[:8]}"
    assert got.keys() == expected.keys()
