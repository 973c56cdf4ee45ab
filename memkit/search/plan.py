"""Which rows a search ranks: a bounded set, so that a search costs about the same in a vault of any size.

FTS5 scores every row its expression matches, and an OR of a question's words matches most
rows of a large vault. The plan samples each term's newest rows (never more than BUDGET) and,
when the terms hold more than BUDGET rows in all, finds rows in two parts: every row holding
one of the rare terms (BUDGET rows at most in all), and the newest rows holding two of the next
rarest terms (of a short query of common words only, every one of them). A word of one letter
or in more than COMMON rows finds no rows there. Every row found is scored on every term, so
its score is the one an OR of all the terms gives it. Runs no SQL: the caller's `sample` does.
"""
from __future__ import annotations

from collections import namedtuple
from itertools import combinations

BUDGET = 1000      # rows of one table a search ranks at most (BM25 costs 2-4 µs a row)
COMMON = 40_000    # rows: a term in more finds no rows while rarer terms remain (it is still scored)

GROUP = 3          # common terms whose pairs find rows, rarest first

Part = namedtuple("Part", "expr room exact", defaults=(False,))
# an FTS5 expression finding rows, how many rows it may rank, whether it names every term once


def quoted(term: str) -> str:
    return f'"{term}"'


def any_of(terms: list[str]) -> str:
    return " OR ".join(map(quoted, terms))


def every(terms: list[str]) -> str:
    return " AND ".join(map(quoted, terms))


def plan(found: list[str], sample, newest, budget: int | None = None) -> list[Part]:
    """The parts for these terms. sample(expr, floor=0): (rows from rowid floor on that match
    expr, counted newest first up to budget + 1; the lowest rowid of those counted); newest():
    the table's last rowid. A part whose rows outnumber its room ranks only its newest ones."""
    budget = budget or BUDGET
    seen = {t: sample(quoted(t)) for t in found}
    if sum(n for n, _ in seen.values()) <= budget:
        return [Part(any_of(found), budget, True)]
    last = newest()   # a term's rows, where more than budget: extrapolated from how recent its newest budget are
    rows = {t: n if n <= budget else budget * last / max(last - low, 1) for t, (n, low) in seen.items()}
    ordered = sorted(found, key=rows.__getitem__)
    rare, total = [], 0
    for t in ordered:
        if total + rows[t] > budget:
            break
        rare.append(t)
        total += rows[t]
    rest = [t for t in ordered[len(rare):] if rows[t] <= COMMON and len(t) > 1]
    group = rest[:GROUP] or ([] if rare else ordered[len(rare):][:1])
    if not rare and len(group) == len(found) > 2 and sample(every(found))[0] > budget:
        return [Part(every(found), budget, True)]   # plenty of rows hold every term: the newest of them
    parts = [Part(any_of(rare), int(total), len(rare) == len(found))] if rare else []
    exact = not rare and len(group) == len(found) <= 2   # one pair (or one term): every term, once
    if len(group) > 1:   # rows holding two of the common terms at least
        parts.append(Part(" OR ".join(f"({every(pair)})" for pair in combinations(group, 2)), budget - int(total),
                          exact))
    elif group:
        parts.append(Part(quoted(group[0]), budget - int(total), exact))
    return [p for p in parts if p.room > 0]
