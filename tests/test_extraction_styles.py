"""Corrections by the way people phrase them, over the hand-written style cases (bench/extraction_styles.py).

The study half was read while changing extraction and the holdout half only measured; both are
held to the figures measured when this test was written, so a change that loses corrections or
finds them where there are none fails here (the bench prints which).
"""
from __future__ import annotations

import collections
import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "extraction_styles.py"


def _bench():
    spec = importlib.util.spec_from_file_location("extraction_styles", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@pytest.mark.parametrize("half, least, most_false", [("study", 43, 1), ("holdout", 30, 2)])
def test_corrections_found_by_style_hold_their_measured_figures(half, least, most_false):
    total = collections.Counter()
    for row in _bench().run(half, misses=False).values():
        total.update(row)
    assert total["corrections"] == 48 and total["near misses"] == 20
    assert total["found"] >= least
    assert total["false"] <= most_false
