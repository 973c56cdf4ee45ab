"""How hits are ranked: BM25 over fields per turn, fused with the same words' rank per note.

A turn's score is its weighted BM25 (the person's words weigh most, tool output least) relative
to the best turn's, plus a little of its neighbours' (a question and its answer sit side by
side), plus NOTE_WEIGHT times its note's BM25 over the note's whole text relative to the best
note's: a turn of the session that is about the query outranks a stray mention elsewhere.
Runs no SQL (storage.fulltext reads the ranked rows); every figure a hit shows can be recomputed
from these constants.
"""
from __future__ import annotations

import sqlite3

from memkit.storage import fulltext
from memkit.storage.fulltext import Turn

WEIGHTS = {"title": 3.0, "said": 2.0, "prose": 1.0, "calls": 0.6, "output": 0.3}   # per field of a turn
NOTE_WEIGHT = 0.75    # a note's own rank against its turn's
NEIGHBOUR = 0.1       # each adjacent turn's share
TURNS = 300           # turns ranked by their own words before fusion
NOTES = 100           # notes ranked by their whole text
NOTE_TURNS = (10, 3)  # the best notes' own best turns join the candidates: (notes, turns each)


def ranked(con: sqlite3.Connection, expr: str, filters: fulltext.Filters) -> list[Turn]:
    """Every candidate turn, its score fused, best first."""
    turns = {t.rowid: t for t in fulltext.best_turns(con, expr, WEIGHTS, filters, TURNS)}
    notes = fulltext.best_notes(con, expr, WEIGHTS, filters, NOTES)
    for note in notes[:NOTE_TURNS[0]]:
        for t in fulltext.turns_within(con, expr, WEIGHTS, note, NOTE_TURNS[1]):
            turns.setdefault(t.rowid, t)
    return fuse(list(turns.values()), {n.path: n.score for n in notes})


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
        out.append(t._replace(score=round(score, 4)))
    out.sort(key=lambda t: (-t.score, t.rowid))
    return out


def by_note(found: list[Turn]) -> list[Turn]:
    """One candidate per note, its best turn, in the order of their best turns."""
    seen: dict[str, Turn] = {}
    for t in found:
        seen.setdefault(t.path, t)
    return list(seen.values())
