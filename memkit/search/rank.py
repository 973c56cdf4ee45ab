"""How hits are ranked: BM25 over fields per turn, fused with the same words' rank per note.

A turn's score is its weighted BM25 (the person's words weigh most, tool output least) relative
to the best turn's, plus a little of its neighbours' (a question and its answer sit side by
side), plus NOTE_WEIGHT times its note's BM25 over the note's whole text relative to the best
note's: a turn of the session that is about the query outranks a stray mention elsewhere.
Runs no SQL (storage.fulltext reads the ranked rows); every figure a hit shows can be recomputed
from these constants.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import partial

from memkit.search import plan
from memkit.storage import fulltext
from memkit.storage.fulltext import Turn
TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

WEIGHTS = {"title": 3.0, "said": 2.0, "prose": 1.0, "calls": 0.6, "output": 0.3}   # per field of a turn
NOTE_WEIGHT = 0.75    # a note's own rank against its turn's
NEIGHBOUR = 0.1       # each adjacent turn's share
TURNS = 300           # turns ranked by their own words before fusion
NOTES = 100           # notes ranked by their whole text
NOTE_TURNS = (10, 3)  # the best notes' own best turns join the candidates: (notes, turns each)


def ranked(con: sqlite3.Connection, found: list[str], filters: fulltext.Filters) -> list[Turn]:
    """Every candidate turn, its score fused, best first: the rows the plan bounds (every matching
    row when a filter narrows the search, as a filter is applied after ranking)."""
    sample = _sampler(con)
    if filters.sql()[0]:
        parts = [plan.Part(plan.any_of(found), 0, True)]
    else:
        parts = plan.plan(found, partial(sample, "turns", plan.BUDGET), partial(fulltext.newest, con, "turns"))
    scored, notes = {}, {}
    for part in parts:   # a row found by two parts has the same score in both: every term is scored
        also = "" if part.exact else plan.any_of(found)
        scored.update(fulltext.best_turns(con, part.expr, WEIGHTS, filters, 2 * plan.BUDGET,
                                          _floor(sample, "turns", part), also))
        notes.update((n.path, n) for n in fulltext.best_notes(con, part.expr, WEIGHTS, filters, NOTES,
                                                              _floor(sample, "docs", part), also))
    ordered = sorted(scored.items(), key=lambda rs: (-rs[1], rs[0]))
    best = sorted(notes.values(), key=lambda n: (-n.score, n.lo))[:NOTES]
    chosen = dict(ordered[:TURNS])
    chosen.update(_within(ordered, best[:NOTE_TURNS[0]], NOTE_TURNS[1]))
    turns = fulltext.turns(con, sorted(chosen.items(), key=lambda rs: (-rs[1], rs[0])))
    return fuse(turns, {n.path: n.score for n in best})


def _sampler(con: sqlite3.Connection) -> Callable[..., tuple[int, int]]:
    """fulltext.sample(con, table, expr, cap, floor) as sample(table, cap, expr, floor=0), each
    count read once per search (a part's bound often counts what the plan counted already)."""
    seen: dict[tuple, tuple[int, int]] = {}

    def sample(table: str, cap: int, expr: str, floor: int = 0) -> tuple[int, int]:
        key = (table, cap, expr, floor)
        if key not in seen:
            seen[key] = fulltext.sample(con, table, expr, cap, floor)
        return seen[key]
    return sample


def _floor(sample: Callable[..., tuple[int, int]], table: str, part: plan.Part) -> int:
    """The lowest rowid a part ranks in a table: its newest `room` rows (0: all of them, or no bound)."""
    if not part.room:
        return 0
    n, low = sample(table, part.room, part.expr)
    return low if n > part.room else 0


def _within(scored: list[tuple[int, float]], notes: list, each: int) -> dict[int, float]:
    """The best `each` of the scored rows inside each note's span of rows."""
    spans = sorted((n.lo, n.hi) for n in notes)
    starts = [lo for lo, _ in spans]
    taken: dict[int, int] = {}
    out = {}
    for rowid, score in scored:
        k = bisect_right(starts, rowid) - 1
        if k >= 0 and rowid <= spans[k][1] and taken.get(k, 0) < each:
            taken[k] = taken.get(k, 0) + 1
            out[rowid] = score
    return out


def fuse(turns: list[Turn], notes: dict[str, float]) -> list[Turn]:
    """The turns with their fused scores (rounded to 4 places), best first, then by row."""
    if not turns:
        return []
    top_turn = max(t.score for t in turns) or 1.0
    top_note = max(notes.values(), default=0.0) or 1.0
    own = {(t.path, t.turn): t.score / top_turn for t in turns}
    out = []
    for t in turns:
        score = t.score / top_turn + NOTE_WEIGHT * notes.get(t.path, 0.0) / top_note
        if t.turn is not None:
            score += NEIGHBOUR * (own.get((t.path, t.turn - 1), 0.0) + own.get((t.path, t.turn + 1), 0.0))
        out.append(Turn(t.rowid, t.path, t.turn, t.role, round(score, 4)))   # _replace: 3x the time
    out.sort(key=lambda t: (-t.score, t.rowid))
    return out


def by_note(found: list[Turn]) -> list[Turn]:
    """One candidate per note, its best turn, in the order of their best turns."""
    seen: dict[str, Turn] = {}
    for t in found:
        seen.setdefault(t.path, t)
    return list(seen.values())
