"""A person's query as full-text terms: any text searches, and nothing in it is FTS5 syntax.

Owns splitting a query into words and "quoted phrases" (without `re`), leaving out the words
that only say how a question is asked (memkit/data/stopwords.txt) unless nothing else is left,
and writing the FTS5 expression in which every term is quoted. Never raises on any input.
"""
from __future__ import annotations

import os

MAX_TERMS = 32
_STOP: frozenset[str] | None = None


def stop_words() -> frozenset[str]:
    global _STOP
    if _STOP is None:
        path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "stopwords.txt")
        try:
            with open(path, encoding="utf-8") as f:
                _STOP = frozenset(w.strip() for w in f if w.strip() and not w.startswith("#"))
        except OSError:
            _STOP = frozenset()
    return _STOP


def terms(text: str) -> list[str]:
    """The query's terms, in order, each once: a quoted phrase is one term (its words, lower-cased,
    joined by spaces); other words alone, the stop words left out while anything else remains."""
    quoted, rest = _phrases(text)
    phrases = [" ".join(words_of(p.lower())) for p in quoted]
    words = [w.lower() for w in words_of(rest)]
    stop = stop_words()
    kept = [w for w in words if w not in stop]
    found = [p for p in phrases if p] + (kept if kept or phrases else words)
    return list(dict.fromkeys(found))[:MAX_TERMS]


def words_of(text: str) -> list[str]:
    """The runs of word characters, as the regular expression `\\w+` finds them (a letter, digit or
    underscore of any script: str.isalnum), without `re` (its import is a fifth of a search process)."""
    out, start = [], None
    for k, c in enumerate(text):
        if c.isalnum() or c == "_":
            if start is None:
                start = k
        elif start is not None:
            out.append(text[start:k])
            start = None
    if start is not None:
        out.append(text[start:])
    return out


def _phrases(text: str) -> tuple[list[str], str]:
    """The "quoted phrases" (each pair of double quotes, left to right) and the text with each one
    replaced by a space, as `re.findall(r'"([^"]*)"')` and `re.sub` give them; an odd last quote stays."""
    parts = text.split('"')
    pairs = (len(parts) - 1) // 2
    rest = " ".join(parts[0:2 * pairs + 1:2])
    if len(parts) % 2 == 0:   # an odd number of quotes: the last one opens no phrase
        rest += '"' + parts[-1]
    return parts[1:2 * pairs:2], rest


def expression(found: list[str]) -> str:
    """An FTS5 expression matching any of the terms (ranking rewards the rows holding more)."""
    return " OR ".join(f'"{t}"' for t in found)
