"""How hits are ranked: BM25 over fields per turn, fused with the same words' rank per note.

A turn's score is its weighted BM25 (the person's words weigh most, tool output least) relative
to the best turn's, plus a little of its neighbours' (a question and its answer sit side by
side), plus NOTE_WEIGHT times its note's BM25 over the note's whole text relative to the best
note's: a turn of the session that is about the query outranks a stray mention elsewhere.
Reads the index only; every figure a hit shows can be recomputed from these constants.
"""
from __future__ import annotations

import sqlite3

WEIGHTS = {"title": 3.0, "said": 2.0, "prose": 1.0, "calls": 0.6, "output": 0.3}   # per field of a turn
NOTE_WEIGHT = 0.75    # a note's own rank against its turn's
NEIGHBOUR = 0.1       # each adjacent turn's share
TURNS = 300           # turns ranked by their own words before fusion
NOTES = 100           # notes ranked by their whole text
NOTE_TURNS = (10, 3)  # the best notes' own best turns join the candidates: (notes, turns each)
# FTS5 ranks by these itself (`rank MATCH`), which sorts inside the full-text table
_TURN_RANK = "bm25(0, 0, 0, {title}, {said}, {prose}, {calls}, {output})".format(**WEIGHTS)
_DOC_RANK = "bm25({title}, {said}, {prose}, {calls})".format(**WEIGHTS)


def ranked(con: sqlite3.Connection, expr: str, where: str, args: list) -> list[tuple[float, int, str, int | None, str]]:
    """(score, rowid, path, turn, role) of every candidate turn, best first."""
    if where:   # a filter joins the notes' rows: FTS5 cannot sort for the join
        turn_sql = (f"SELECT t.rowid, t.path, t.turn, t.role, -t.rank FROM turns t JOIN files f ON f.path = t.path"
                    f" WHERE turns MATCH ? AND t.rank MATCH '{_TURN_RANK}'{where} ORDER BY t.rank LIMIT {TURNS}")
        doc_sql = (f"SELECT sp.path, -d.rank, sp.lo, sp.hi FROM docs d JOIN turn_spans sp ON sp.lo = d.rowid"
                   f" JOIN files f ON f.path = sp.path WHERE docs MATCH ? AND d.rank MATCH '{_DOC_RANK}'{where}"
                   f" ORDER BY d.rank LIMIT {NOTES}")
    else:
        turn_sql = (f"SELECT rowid, path, turn, role, -rank FROM turns WHERE turns MATCH ? AND rank MATCH "
                    f"'{_TURN_RANK}' ORDER BY rank LIMIT {TURNS}")
        doc_sql = (f"SELECT sp.path, -d.rank, sp.lo, sp.hi FROM (SELECT rowid, rank FROM docs WHERE docs MATCH ? AND"
                   f" rank MATCH '{_DOC_RANK}' ORDER BY rank LIMIT {NOTES}) d JOIN turn_spans sp ON sp.lo = d.rowid"
                   " ORDER BY d.rank")
    turns = {r[0]: r for r in con.execute(turn_sql, [expr, *args])}
    notes = con.execute(doc_sql, [expr, *args]).fetchall()
    for _path, _s, lo, hi in notes[:NOTE_TURNS[0]]:
        for r in con.execute(f"SELECT rowid, path, turn, role, -rank FROM turns WHERE turns MATCH ? AND rank MATCH"
                             f" '{_TURN_RANK}' AND rowid BETWEEN ? AND ? ORDER BY rank LIMIT {NOTE_TURNS[1]}",
                             (expr, lo, hi)):
            turns.setdefault(r[0], r)
    return fuse(list(turns.values()), {p: s for p, s, _lo, _hi in notes})


def fuse(turns: list[tuple], notes: dict[str, float]) -> list[tuple[float, int, str, int | None, str]]:
    if not turns:
        return []
    top_turn = max(r[4] for r in turns) or 1.0
    top_note = max(notes.values(), default=0.0) or 1.0
    own = {(r[1], r[2]): r[4] / top_turn for r in turns}
    out = []
    for rowid, path, turn, role, s in turns:
        score = s / top_turn + NOTE_WEIGHT * notes.get(path, 0.0) / top_note
        if turn is not None:
            score += NEIGHBOUR * (own.get((path, turn - 1), 0.0) + own.get((path, turn + 1), 0.0))
        out.append((round(score, 4), rowid, path, turn, role))
    out.sort(key=lambda r: (-r[0], r[1]))
    return out


def by_note(found: list[tuple]) -> list[tuple]:
    """One candidate per note, its best turn, in the order of their best turns."""
    seen: dict[str, tuple] = {}
    for row in found:
        seen.setdefault(row[2], row)
    return list(seen.values())


def snippets(con: sqlite3.Connection, expr: str, rowids: list[int]) -> dict[int, str]:
    """The best-matching words of each row, matched words between \\x02 and \\x03."""
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    rows = con.execute(f"SELECT rowid, snippet(turns, -1, char(2), char(3), ' … ', 16) FROM turns WHERE turns MATCH ?"
                       f" AND rowid IN ({marks})", [expr, *rowids]).fetchall()
    return {r: " ".join((s or "").split()) for r, s in rows}
