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

from memkit import DATA, rxcache


@lru_cache(maxsize=1)
def phrases() -> dict[str, Any]:
    data = tomllib.loads((DATA / "heuristics.toml").read_text(encoding="utf-8"))
    flags = re.I | re.M
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = rxcache.compile(value, flags) if isinstance(value, str) else [_compiled(v, flags) for v in value]
    return out


def _compiled(item, flags: int):
    """A regex; or, for a table of rules (`{rx = '…', key = '…'}`), the table with its regex compiled."""
    if isinstance(item, dict):
        return {**item, "rx": rxcache.compile(item["rx"], flags)}
    return rxcache.compile(item, flags)


def find(key: str, text: str) -> re.Match | None:
    """The first match of any regex listed under `key`, or None."""
    low = _lowered(text)
    for rx, needs in zip(phrases()[key], _needs()[key]):
        if low is not None and not _holds(low, needs):
            continue
        m = rx.search(text)
        if m:
            return m
    return None


# \s in a pattern holds these in an ASCII text besides the six spaces the literals know of
_ODD_SPACE = rxcache.compile(r"[\x1c-\x1f]")


def listed(key: str, text: str) -> list:
    """The regexes (or rules) listed under `key` that text may match, in their order: of an ASCII
    text, those it holds a literal of each of their clauses of (`activation.literals`: every match
    holds one, lower-cased; IGNORECASE and lower() agree on ASCII); every one of another text."""
    low = _lowered(text)
    items = phrases()[key]
    return items if low is None else [item for item, needs in zip(items, _needs()[key]) if _holds(low, needs)]


def _lowered(text: str) -> str | None:
    """The text as the literals are searched in, or None when they cannot rule a phrase out."""
    return text.lower() if text.isascii() and not _ODD_SPACE.search(text) else None


def _holds(low: str, needs: tuple) -> bool:
    for clause in needs:
        for lit in clause:
            if lit in low:
                break
        else:
            return False
    return True


@lru_cache(maxsize=1)
def _needs() -> dict[str, list[tuple]]:
    """Each listed regex's literal clauses, ASCII ones only (an ASCII text may match a pattern's
    other letters under IGNORECASE, the Kelvin sign's k)."""
    from memkit.activation import literals

    cache: dict = {"literals": {}, "dirty": False}
    return {key: [tuple(c for c in literals.literals((v["rx"] if isinstance(v, dict) else v).pattern, cache) or ()
                        if all(lit.isascii() for lit in c)) for v in value]
            for key, value in phrases().items() if isinstance(value, list)}
