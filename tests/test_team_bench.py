"""The team benchmark at the size of the test suite: 3 clones × 15 rounds of interleaved ingests,
accepts, rejects, merges, promotions and fact changes against one bare file:// remote, every round
ending in `memkit sync` — no conflict marker, one commit and one tree everywhere, nothing lost."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import REPO


def _bench():
    spec = importlib.util.spec_from_file_location("bench_teams", REPO / "bench" / "teams.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_teams", mod)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
def test_three_clones_fifteen_rounds_converge_with_nothing_lost(tmp_path):
    bench = _bench()
    r = bench.run(tmp_path / "team", clones=3, rounds=15, seed=3, echo=None)
    assert r["marked"] == [] and r["dirty"] == []
    assert (r["heads"], r["trees"]) == (1, 1)
    assert r["lost"] == [] and r["twice"] == []
    assert r["observations"] >= 10 and r["traces"] >= 10
    assert r["stats"]["merge commits"] >= 5                    # the clones did diverge and merge
    assert r["overruled"] >= 1                                  # and decided on the same note twice
    assert "all checks | pass" in bench.report(r)
