"""Whether an action contradicts a fact: it names the fact and states another value.

Owns the cheap test activation runs on fact cues in `check` and `context`
("schedule a backup every 5 days" against backup_frequency = every 3 days).
Standard library only, no I/O: it runs on the hot path. An action that repeats
the fact's own value must stay silent; a false alarm costs less than a miss.
"""
from __future__ import annotations

import re

from memkit import rxcache

_WORD = rxcache.compile(r"[a-z0-9]+")
_NUMBER = rxcache.compile(r"\d+(?:[.,:]\d+)*")
_LETTERS = rxcache.compile(r"[a-z]{2,}")
_QUOTED = rxcache.compile(r"[\"'`]([^\"'`\n]{1,80})[\"'`]")
_ASSIGNED = rxcache.compile(r"(?:=|:|\bto\b|\bis\b)\s*([\w./:@-]+)")
MENTION = 0.6       # share of the key's words an action must name before a bare value counts


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _named(word: str, words: set[str]) -> bool:
    stem = word.rstrip("s")
    if word in words or stem in words:
        return True
    return len(word) >= 5 and any(w[:5] == word[:5] for w in words if len(w) >= 5)


def mention(key: str, action: str) -> float:
    """The share of the key's words the action names (`backup_frequency@staging`: three words)."""
    wanted = [w for w in _words(key.replace("_", " ").replace(".", " ").replace("@", " ")) if not w.isdigit()]
    if not wanted:
        return 0.0
    have = set(_words(action))
    return sum(_named(w, have) for w in wanted) / len(wanted)


def _frame(value: str) -> re.Pattern | None:
    """`every 3 days` → a pattern for `every N days`; None unless the value mixes numbers and words."""
    low = " ".join(value.lower().split())
    if not _NUMBER.search(low) or not _LETTERS.search(_NUMBER.sub(" ", low)):
        return None
    parts = ["".join(r"\s+" if ch == " " else re.escape(ch) for ch in part) for part in _NUMBER.split(low)]
    return re.compile(r"(?<![\w.])" + r"\d+(?:[.,:]\d+)*".join(parts) + r"(?!\w)")


def _stated(action: str) -> list[str]:
    """Value-like tokens in an action: numbers, quoted strings, what follows `=`, `:`, `to`, `is`."""
    low = action.lower()
    found = _NUMBER.findall(low) + [q.strip() for q in _QUOTED.findall(low)] + _ASSIGNED.findall(low)
    return [t for t in found if t]


def contradiction(key: str, value: str, action: str) -> str | None:
    """The part of action that states another value for key, or None when it agrees or is unrelated."""
    named = mention(key, action)
    if not named or not value.strip():
        return None
    own = value.lower().strip()
    frame = _frame(own)
    if frame is not None:
        for m in frame.finditer(" ".join(action.lower().split())):
            if _NUMBER.findall(m.group(0)) != _NUMBER.findall(own):
                return m.group(0)
    if named < MENTION:
        return None
    stated = _stated(action)
    own_tokens = set(_NUMBER.findall(own)) or {own, *_words(own)}
    if not stated or any(t in own_tokens or t == own for t in stated) or own in action.lower():
        return None
    return stated[0]
