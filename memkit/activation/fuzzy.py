"""String similarity for the hook: rapidfuzz's `token_sort_ratio`, computed in Python while
the work is small.

Importing rapidfuzz costs a hook process 11–15 ms, more than comparing a few hundred short
triggers with a bit-parallel LCS (Allison–Dix / Hyyrö, the algorithm rapidfuzz uses for its
Indel ratio). Past BUDGET characters in one process the rest goes to rapidfuzz, so a call
with many long triggers is never slower than before. Both give the same value.
"""
from __future__ import annotations

from memkit import rxcache

BUDGET = 40_000   # characters compared in Python per process before rapidfuzz takes over
_spent = 0
_LATIN1_SPACE = rxcache.compile(r"[^\S\x85\xa0]+")


def token_sort_ratio(a: str, b: str) -> float:
    """0–100: the normalised Indel similarity of the two strings with their words sorted."""
    global _spent
    if _spent > BUDGET:
        from memkit.similar import fuzz

        return fuzz.token_sort_ratio(a, b)
    a, b = " ".join(sorted(_words(a))), " ".join(sorted(_words(b)))
    if not a or not b:
        return 100.0 if a == b else 0.0
    total = len(a) + len(b)
    _spent += total
    return (1.0 - (total - 2 * _lcs(a, b)) / total) * 100   # rapidfuzz's arithmetic, to the last bit


def _words(text: str) -> list[str]:
    """Split as rapidfuzz does: a string of 8-bit characters does not break at NEL or NBSP."""
    if text.isascii() or max(text) > "\xff":
        return text.split()
    return [w for w in _LATIN1_SPACE.split(text) if w]


def _lcs(a: str, b: str) -> int:
    """Length of the longest common subsequence, one machine-word-like step per character of a."""
    if len(a) < len(b):
        a, b = b, a
    masks: dict[str, int] = {}
    bit = 1
    for ch in b:
        masks[ch] = masks.get(ch, 0) | bit
        bit <<= 1
    full = bit - 1
    v = full
    get = masks.get
    for ch in a:
        m = get(ch)
        if m:
            u = v & m
            v = ((v + u) | (v - u)) & full
    return len(b) - bin(v).count("1")
