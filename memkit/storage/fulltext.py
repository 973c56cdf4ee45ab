"""The full-text rows of the index: one row per trace turn (or note section), one per note.

Owns which words of a note go into which field — the person's words (`said`), the agent's
prose, its tool calls, tool output, and a note's title — and keeping the two full-text
tables in step: `turns` (ranked per turn) and `docs` (the same words per note, without tool
output, for the note-level ranking); and the search's reads of them (a term's newest rows
counted, best turns, best notes, snippets, the filters on notes), on a connection the caller
opens once per search. Rows are computed from a parsed note in memory; never reads files,
never decides how scores fuse.
"""
from __future__ import annotations

from collections import namedtuple
TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: the index (storage.index) owns the connection
    import sqlite3

MAX_TOOL_TEXT = 65536   # characters of one turn's text, tool output or call input that go into the index (a
# note's longer section is several rows)
FIELDS = ("title", "said", "prose", "calls", "output")   # the ranked columns of `turns`, in order
DOC_FIELDS = FIELDS[:4]                                   # `docs` leaves tool output out
SCHEMA = """
CREATE VIRTUAL TABLE turns USING fts5(path UNINDEXED, turn UNINDEXED, role UNINDEXED, title, said, prose,
                                      calls, output, tokenize='porter unicode61');
CREATE TABLE turn_spans(path TEXT PRIMARY KEY, lo INTEGER, hi INTEGER);
CREATE INDEX turn_spans_lo ON turn_spans(lo);
CREATE VIRTUAL TABLE docs USING fts5(title, said, prose, calls, content='', tokenize='porter unicode61');
"""
TABLES = ("docs", "turns", "turn_spans")
TRACES = "traces/"   # the folder of the notes whose rows are turns
_NOTE_FIELDS = ("trigger", "lesson", "key", "value", "approach", "reason", "goal", "chosen", "statement")


def rows(note, rel: str, title: str, turns: list | None = None) -> list[tuple]:
    """(path, turn, role, title, said, prose, calls, output) for each row a note contributes
    (a trace's turns, when its reader has them parsed already, are not parsed again)."""
    if note.type == "trace":
        return list(_trace_rows(note, rel, turns))
    said = " ".join(str(note.meta.get(k) or "") for k in _NOTE_FIELDS if note.meta.get(k)).strip()[:MAX_TOOL_TEXT]
    parts = [(head, piece) for head, text in _sections(note.body) for piece in _pieces(text)]
    if len(parts) == 1:
        return [(rel, None, note.type or None, title, said, parts[0][1], "", "")]
    # a note with sections: each section a row of its own, under "title — heading" (a long one, several)
    return [(rel, None, note.type or None, f"{title} — {head}" if head else title, said if k == 0 else "", text,
             "", "") for k, (head, text) in enumerate(parts)]


def _pieces(text: str, most: int = MAX_TOOL_TEXT) -> list[str]:
    """A section's text in rows of at most `most` characters, cut at a line: a row's snippet costs
    more than its length (a 4 MB note took minutes to answer a search)."""
    if len(text) <= most:
        return [text]
    out, start = [], 0
    while start < len(text):
        end = start + most
        if end < len(text):
            cut = text.rfind("\n", start + most // 2, end)
            end = cut + 1 if cut > 0 else end
        out.append(text[start:end])
        start = end
    return out


def _sections(body: str) -> list[tuple[str, str]]:
    import re   # indexing only: a search never imports it (re caches the compiled pattern)

    heads = list(re.finditer(r"^## +(.+?)\s*$", body, re.MULTILINE))
    if len(heads) < 2 or len(body) < 1200:
        return [("", body)]
    out = [("", body[:heads[0].start()])] if body[:heads[0].start()].strip() else []
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(body)
        out.append((m.group(1), body[m.end():end]))
    return out


def _trace_rows(note, rel: str, turns: list | None = None):
    from memkit.layers import Flag, Role
    from memkit.traces import render as traces

    for turn in traces.parse_turns(note.body) if turns is None else turns:
        said = prose = output = ""
        if turn.role is Role.USER and turn.typed:   # (a log pasted into a prompt: its first MAX_TOOL_TEXT)
            said = (f"{turn.name}: {turn.text}" if turn.name else turn.text)[:MAX_TOOL_TEXT]
        elif turn.role is Role.ASSISTANT or Flag.SIDECHAIN in turn.flags or Flag.COMPACT_SUMMARY in turn.flags:
            prose = turn.text[:MAX_TOOL_TEXT]
        else:   # tool results, system records, markers and injected text
            output = turn.text[:MAX_TOOL_TEXT]
        calls = "\n".join(f"{c.name} {_call_text(c.input)}" for c in turn.tool_calls)
        yield rel, turn.n, turn.role.value, "", said, prose, calls, output


def _call_text(value) -> str:
    if isinstance(value, str):
        return value[:MAX_TOOL_TEXT]
    import json   # indexing only: a search never needs it

    text = json.dumps(value, ensure_ascii=False)
    return text[:MAX_TOOL_TEXT]


def doc_values(title: str, turn_rows) -> tuple[str, str, str, str]:
    """What `docs` holds for one note: its title and each field of its rows, joined. Built the
    same way when a note is stored and when it is forgotten (FTS5 deletes need the exact text)."""
    said, prose, calls = [], [], []
    for row in turn_rows:
        said.append(row[0])
        prose.append(row[1])
        calls.append(row[2])
    return title, "\n".join(said), "\n".join(prose), "\n".join(calls)


def store(con: sqlite3.Connection, rel: str, title: str, found: list[tuple]) -> None:
    """Insert one note's rows (the caller has forgotten any earlier ones)."""
    if not found:
        return
    con.executemany("INSERT INTO turns(path, turn, role, title, said, prose, calls, output) VALUES(?,?,?,?,?,?,?,?)",
                    found)
    hi = con.execute("SELECT last_insert_rowid()").fetchone()[0]
    lo = hi - len(found) + 1   # one statement in one transaction: FTS5 gives the rows consecutive rowids
    con.execute("INSERT INTO turn_spans VALUES(?,?,?)", (rel, lo, hi))
    con.execute("INSERT INTO docs(rowid, title, said, prose, calls) VALUES(?,?,?,?,?)",
                (lo, *doc_values(title, (r[4:7] for r in found))))


def forget(con: sqlite3.Connection, rel: str, title: str | None) -> None:
    """Drop one note's rows, found by their rowid span (a full-text table is never scanned by path)."""
    span = con.execute("SELECT lo, hi FROM turn_spans WHERE path=?", (rel,)).fetchone()
    if not span:
        return
    old = con.execute("SELECT said, prose, calls FROM turns WHERE rowid BETWEEN ? AND ? ORDER BY rowid", span)
    con.execute("INSERT INTO docs(docs, rowid, title, said, prose, calls) VALUES('delete', ?, ?, ?, ?, ?)",
                (span[0], *doc_values(title or "", old.fetchall())))
    con.execute("DELETE FROM turns WHERE rowid BETWEEN ? AND ?", span)
    con.execute("DELETE FROM turn_spans WHERE path=?", (rel,))


# ---- the search's reads: on the caller's connection (one per search), rows as named tuples ------------
Turn = namedtuple("Turn", "rowid path turn role score")   # a matched row; turn None for a note's section
NoteRank = namedtuple("NoteRank", "path score lo hi")      # a note's rank over its whole text, its rows' span
NoteHead = namedtuple("NoteHead", "id type kind title")    # what a hit shows of its note


class Filters(namedtuple("Filters", "kind layer project since until user", defaults=(None,) * 6)):
    """What narrows a search or a listing: observation kind, layer, project, a date range (ISO,
    compared with a note's `created`, a trace's `started`), the person (`team`: reviewed layers)."""
    __slots__ = ()

    def sql(self) -> tuple[str, list]:
        """` AND …` conditions on the notes' table (as `f`), and their arguments."""
        where, args = [], []
        for column, value in (("f.kind", self.kind), ("f.layer", self.layer)):
            if value:
                where.append(f"{column} = ?")
                args.append(value)
        for key, value in (("project", self.project), ("user", None if self.user == "team" else self.user)):
            if value:
                where.append(f"json_extract(f.meta, '$.{key}') = ?")
                args.append(value)
        if self.user == "team":
            where.append("f.layer IN ('observation', 'episode', 'fact', 'library')")
        if self.since:
            where.append("f.created >= ?")
            args.append(self.since)
        if self.until:   # a bare date includes that whole day
            where.append("f.created <= ?")
            args.append(self.until + ("T99" if len(self.until) == 10 else ""))
        return "".join(f" AND {w}" for w in where), args


def _bm25(fields: tuple[str, ...], weights: dict[str, float], unranked: int = 0, table: str = "") -> str:
    """FTS5's rank function with a weight per ranked column (0 for the unindexed ones before them);
    with a table, called on it (`bm25(turns, …)`), else for `rank MATCH`."""
    return f"bm25({table + ', ' if table else ''}" + ", ".join(["0"] * unranked + [str(weights[f]) for f in fields]) + ")"


def begin_read(con: sqlite3.Connection) -> bool:
    """Start one transaction for a search's reads, unless the caller has one open: one state of the
    index throughout, taken (and checked unchanged by SQLite and FTS5) once rather than per
    statement. True when this call started it (the caller ends it: con.commit())."""
    if con.in_transaction:
        return False
    con.execute("BEGIN")
    return True


def sample(con: sqlite3.Connection, table: str, expr: str, cap: int, floor: int = 0) -> tuple[int, int]:
    """(rows of `turns` or `docs` from rowid floor on that match expr, counted newest first up to
    cap + 1 — the rest are not read; the lowest rowid counted, 0 if none)."""
    n, low = con.execute(f"SELECT count(*), min(rowid) FROM (SELECT rowid FROM {_table(table)} WHERE {table} MATCH ?"
                         " AND rowid >= ? ORDER BY rowid DESC LIMIT ?)", (expr, floor, cap + 1)).fetchone()
    return n, low or 0


def newest(con: sqlite3.Connection, table: str) -> int:
    """The last rowid of `turns` or `docs` (rowids grow as notes are indexed)."""
    return con.execute(f"SELECT max(rowid) FROM {_table(table)}").fetchone()[0] or 0


def _table(name: str) -> str:
    if name not in ("turns", "docs"):
        raise ValueError(name)
    return name


def best_turns(con: sqlite3.Connection, expr: str, weights: dict[str, float], filters: Filters,
               limit: int, floor: int = 0, also: str = "") -> list[tuple[int, float]]:
    """(rowid, score) of the rows from rowid `floor` on that match expr best by their own words
    (BM25 weighted per field), best first; `also`: an expression naming each term once that the
    rows are scored on instead (every term of expr among them). Only rowids: a row's text is read
    for the hits alone."""
    where, args = filters.sql()
    if where:   # a filter joins the notes' rows: FTS5 sorts by rank, SQLite stops at the limit
        return con.execute(f"SELECT t.rowid, -t.rank FROM turns t JOIN files f ON f.path = t.path WHERE turns MATCH ?"
                           f" AND t.rank MATCH '{_bm25(FIELDS, weights, unranked=3)}' AND t.rowid >= ?{where}"
                           f" ORDER BY t.rank LIMIT {int(limit)}", [expr, floor, *args]).fetchall()
    score = _bm25(FIELDS, weights, unranked=3, table="turns")
    if also:
        return _with_also(con, "turns", score, expr, also, floor)[:limit]
    # bm25() sorted by SQLite: FTS5's own `ORDER BY rank` costs twice as much per row
    return con.execute(f"SELECT rowid, -{score} AS s FROM turns WHERE turns MATCH ? AND rowid >= ?"
                       f" ORDER BY s DESC, rowid LIMIT {int(limit)}", [expr, floor]).fetchall()


def _with_also(con: sqlite3.Connection, table: str, score: str, expr: str, also: str,
               floor: int) -> list[tuple[int, float]]:
    """Every row matching expr scored on also's terms, best first. BM25 adds up over the terms an
    expression names, whatever joins them: `(expr) AND (also)` matches the rows expr matches (also
    names each of expr's terms) and scores both, so the rows' score on expr alone is taken off."""
    sql = f"SELECT rowid, -{score} FROM {_table(table)} WHERE {table} MATCH ? AND rowid >= ?"
    own = dict(con.execute(sql, (expr, floor)))
    both = con.execute(sql, (f"({expr}) AND ({also})", floor)).fetchall()
    return sorted(((r, s - own[r]) for r, s in both if r in own), key=lambda rs: (-rs[1], rs[0]))


def turns(con: sqlite3.Connection, scored: list[tuple[int, float]]) -> list[Turn]:
    """The rows of these (rowid, score) pairs, as Turns, in the same order, found by their note's
    span of rowids (a row's own text is not read): `turn` is the row's place in its trace (a
    trace's turns are stored in order, one row each), None in other notes; `role` is None."""
    if not scored:
        return []
    spans = dict(con.execute("SELECT j.value, (SELECT path || char(0) || lo FROM turn_spans WHERE lo <= j.value"
                             " ORDER BY lo DESC LIMIT 1) FROM json_each(?) j", ("[" + ",".join(str(int(r)) for r, _ in scored) + "]",)))
    out = []
    for rowid, score in scored:
        path, _, lo = (spans.get(rowid) or "").partition("\0")
        if path:
            out.append(Turn(rowid, path, rowid - int(lo) + 1 if path.startswith(TRACES) else None, None, score))
    return out


def keys(con: sqlite3.Connection, rowids: list[int]) -> dict[int, tuple[int | None, str, str]]:
    """Each row's turn number, role and title ("note — heading" for a note's section), read from
    the row itself (for the hits shown)."""
    return {r: (turn, role, title) for r, turn, role, title in con.execute(
        f"SELECT rowid, turn, role, title FROM turns WHERE rowid IN ({','.join('?' * len(rowids))})", rowids)}


def best_notes(con: sqlite3.Connection, expr: str, weights: dict[str, float], filters: Filters,
               limit: int, floor: int = 0, also: str = "") -> list[NoteRank]:
    """The notes (from row `floor` on) whose whole text, tool output left out, matches expr best,
    best first; `also` as for best_turns."""
    where, args = filters.sql()
    if where:   # as best_turns: FTS5 sorts by rank
        return [NoteRank(*row) for row in con.execute(
            f"SELECT sp.path, -d.rank, sp.lo, sp.hi FROM docs d JOIN turn_spans sp ON sp.lo = d.rowid JOIN files f"
            f" ON f.path = sp.path WHERE docs MATCH ? AND d.rank MATCH '{_bm25(DOC_FIELDS, weights)}'"
            f" AND d.rowid >= ?{where} ORDER BY d.rank LIMIT {int(limit)}", [expr, floor, *args])]
    score = _bm25(DOC_FIELDS, weights, table="docs")
    best = (_with_also(con, "docs", score, expr, also, floor) if also else con.execute(
        f"SELECT rowid, -{score} AS s FROM docs WHERE docs MATCH ? AND rowid >= ? ORDER BY s DESC, rowid"
        f" LIMIT {int(limit)}", (expr, floor)
    ).fetchall())[:limit]
    if not best:
        return []
    spans = {lo: (path, hi) for path, lo, hi in con.execute(
        f"SELECT path, lo, hi FROM turn_spans WHERE lo IN ({','.join('?' * len(best))})", [r for r, _ in best])}
    return [NoteRank(spans[r][0], s, r, spans[r][1]) for r, s in best if r in spans]


SNIPPET_GAP = 5000   # rowids: hits closer than this are read by one scan of the rows between them


def snippets(con: sqlite3.Connection, expr: str, rowids: list[int]) -> dict[int, str]:
    """The best-matching words of each row, matched words between \\x02 and \\x03. The rows are
    read by rowid range, a range per run of nearby hits: given `rowid IN (…)`, FTS5 seeks every
    term's doclists once per rowid, which costs more than reading the matching rows in between."""
    out: dict[int, str] = {}
    ordered = sorted(rowids)
    start = 0
    for k in range(1, len(ordered) + 1):
        if k < len(ordered) and ordered[k] - ordered[k - 1] <= SNIPPET_GAP:
            continue
        run = ordered[start:k]
        rows = con.execute("SELECT rowid, snippet(turns, -1, char(2), char(3), ' … ', 16) FROM turns WHERE turns MATCH ?"
                           f" AND rowid >= ? AND rowid <= ? AND +rowid IN ({','.join('?' * len(run))})",
                           [expr, run[0], run[-1], *run])
        out.update((r, " ".join((s or "").split())) for r, s in rows)
        start = k
    return out


def heads(con: sqlite3.Connection, paths: list[str]) -> dict[str, NoteHead]:
    """Id, type, kind and title of the notes at these paths (those the index holds)."""
    return {path: NoteHead(*rest) for path, *rest in con.execute(
        f"SELECT path, id, type, kind, title FROM files WHERE path IN ({','.join('?' * len(paths))})", paths)}
