"""Episodes (layer 3): work units across sessions, the pattern detectors (procedures, preferences,
causal patterns) and `tried`.

`units` segments sessions into work units and writes them as episodes; `patterns` runs the detectors over the
same sessions; this package joins the two (episodes first, then the detectors), so neither
module imports the other's caller."""
from __future__ import annotations

from typing import Any


def build(vault, *, commit: bool = True) -> dict[str, Any]:
    """Write every unit as a candidate episode and run the pattern detectors; commit. Takes the lock."""
    from memkit.storage import git

    return git.run_committed(vault, write_all, lambda out: f"memkit: build {len(out['episodes'])} episode(s)",
                             "episodes", commit=commit)


def write_all(vault, *, refresh: bool = True) -> dict[str, Any]:
    """Episodes for every unit, stale ones of memkit's own retired, then the pattern detectors
    over the same sessions. The caller holds the vault lock; nothing is committed."""
    from memkit.episodes import patterns, units

    out, loaded, obs = units.write_episodes(vault, refresh=refresh)
    found = patterns.run(vault, loaded, obs, refresh=False)
    out["written"] += found["written"]
    out["patterns"] = found["by_kind"]
    out["lines"] += found["lines"]
    return out
