"""The phrase table of the heuristic extractor (memkit/data/heuristics.toml), compiled once.

Owns loading and matching the editable regex lists (and the small rule tables that name
what a match means): what a person's message must say to read as a correction, a
preference, a decision, a fact. Pure lookups; never writes.
"""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from typing import Any

from memkit import DATA


@lru_cache(maxsize=1)
def phrases() -> dict[str, Any]:
    data = tomllib.loads((DATA / "heuristics.toml").read_text(encoding="utf-8"))
    flags = re.I | re.M
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = re.compile(value, flags) if isinstance(value, str) else [_compiled(v, flags) for v in value]
    return out


def _compiled(item, flags: int):
    """A regex; or, for a table of rules (`{rx = '…', key = '…'}`), the table with its regex compiled."""
    if isinstance(item, dict):
        return {**item, "rx": re.compile(item["rx"], flags)}
    return re.compile(item, flags)


def find(key: str, text: str) -> re.Match | None:
    """The first match of any regex listed under `key`, or None."""
    for rx in phrases()[key]:
        m = rx.search(text)
        if m:
            return m
    return None
