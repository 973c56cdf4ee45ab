"""A person's query as full-text terms: any text searches, and nothing in it is FTS5 syntax.

Owns splitting a query into words and "quoted phrases", leaving out the words that only say how
a question is asked (memkit/data/stopwords.txt) unless nothing else is left, and writing the
FTS5 expression in which every term is quoted. Never raises on any input.
"""
from __future__ import annotations

import os
import re

_WORD = re.compile(r"\w+", re.UNICODE)
_PHRASE = re.compile(r'"([^"]*)"')
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
    phrases = [" ".join(_WORD.findall(p.lower())) for p in _PHRASE.findall(text)]
    words = [w.lower() for w in _WORD.findall(_PHRASE.sub(" ", text))]
    stop = stop_words()
    kept = [w for w in words if w not in stop]
    found = [p for p in phrases if p] + (kept if kept or phrases else words)
    return list(dict.fromkeys(found))[:MAX_TERMS]


def expression(found: list[str]) -> str:
    """An FTS5 expression matching any of the terms (ranking rewards the rows holding more)."""
    return " OR ".join(f'"{t}"' for t in found)
