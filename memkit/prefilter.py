"""Cheap literal prefilters for regexes, so a hook compiles only the patterns that can match.

Owns one question: which lowercase substrings must a text contain for a pattern to match?
The answer is a tuple of alternatives (any one suffices) or None when no safe answer exists.
A None never skips a pattern; a wrong answer would hide a lesson, so every rule here is
conservative. Standard library only; results are cached in memory per process.
"""
from __future__ import annotations

import re
from functools import lru_cache

try:  # Python 3.11+: the parser lives in re._parser
    from re import _parser as sre_parse  # type: ignore[attr-defined]
    from re import _constants as sre_c  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_constants as sre_c  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

MIN = 3          # a required literal shorter than this filters too little to be worth it
_LITERAL, _SUB, _BRANCH = sre_c.LITERAL, sre_c.SUBPATTERN, sre_c.BRANCH
_REPEATS = (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT)
_ZERO_WIDTH = (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT)


@lru_cache(maxsize=4096)
def required(pattern: str) -> tuple[str, ...] | None:
    """Alternative substrings (lowercase), at least one of which every match contains."""
    try:
        tree = sre_parse.parse(pattern)
    except re.error:
        return None
    return _seq(list(tree))


def _seq(items: list) -> tuple[str, ...] | None:
    """The best requirement of a sequence: its longest literal run, or a branch of literals."""
    best: tuple[str, ...] | None = None
    run: list[str] = []

    def close() -> None:
        nonlocal best, run
        if len(run) >= MIN:
            best = _better(best, ("".join(run).lower(),))
        run = []

    for op, arg in items:
        if op is _LITERAL:
            run.append(chr(arg))
            continue
        if op in _ZERO_WIDTH:
            continue          # anchors and lookarounds add nothing and break nothing
        close()
        best = _better(best, _item(op, arg))
    close()
    return best


def _item(op, arg) -> tuple[str, ...] | None:
    if op is _SUB:
        return _seq(list(arg[-1]))
    if op is _BRANCH:
        alternatives: list[str] = []
        for branch in arg[1]:
            req = _seq(list(branch))
            if req is None:
                return None   # one branch can match without a literal: no requirement
            alternatives.extend(req)
        return tuple(sorted(set(alternatives)))
    if op in _REPEATS and arg[0] >= 1:
        return _seq(list(arg[2]))
    return None


def _better(a: tuple[str, ...] | None, b: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """Prefer fewer alternatives, then longer shortest literal: the stronger filter."""
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b, key=lambda r: (len(r), -min(len(x) for x in r)))


def may_match(pattern: str, lowered: str) -> bool:
    req = required(pattern)
    return req is None or any(lit in lowered for lit in req)
