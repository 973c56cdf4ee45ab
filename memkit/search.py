"""Full-text search over the vault through the index (FTS5, BM25 ranking).

Owns turning a person's query into an FTS5 expression and hits into results
that lead to the exact file and, for traces, the best-matching turn. Reads the
index only; refreshes it first when asked to.
"""
from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import asdict, dataclass

from memkit.storage import index

_WORD = re.compile(r"[\w][\w'-]*", re.UNICODE)


@dataclass(frozen=True)
class Hit:
    id: str
    type: str
    kind: str
    title: str
    path: str
    turn: int | None
    score: float
    snippet: str

    def as_dict(self) -> dict:
        """As JSON gives it: the matched words in the snippet marked `**…**` (Markdown emphasis)."""
        return {**asdict(self), "snippet": marked(self.snippet, "**", "**")}


MARK_ON, MARK_OFF = "\x02", "\x03"   # around a matched word in Hit.snippet; no text holds them


def marked(snippet: str, on: str = "", off: str = "") -> str:
    """The snippet with its matched words between on and off (default: unmarked)."""
    return snippet.replace(MARK_ON, on).replace(MARK_OFF, off)


def fts_query(text: str, *, any_word: bool = True) -> str:
    """Each word quoted (so FTS syntax in a query cannot break it), joined by OR or AND."""
    words = [w.strip("'-") for w in _WORD.findall(text)]
    words = [w for w in words if w]
    return f" {'OR' if any_word else 'AND'} ".join(f'"{w}"' for w in words[:32])


@dataclass(frozen=True)
class Filters:
    """What narrows a search or a listing: observation kind, layer, project, a date range (ISO,
    compared with a note's `created`, a trace's `started`)."""
    kind: str | None = None
    layer: str | None = None
    project: str | None = None
    since: str | None = None
    until: str | None = None
    user: str | None = None     # one person's traces and observations; `team`: the reviewed layers

    def sql(self) -> tuple[str, list]:
        where, args = [], []
        if self.user == "team":
            where.append("f.layer IN ('observation', 'episode', 'fact', 'library')")
        elif self.user:
            where.append("json_extract(f.meta, '$.user') = ?")
            args.append(self.user)
        for column, value in (("f.kind", self.kind), ("f.layer", self.layer)):
            if value:
                where.append(f"{column} = ?")
                args.append(value)
        if self.project:
            where.append("json_extract(f.meta, '$.project') = ?")
            args.append(self.project)
        if self.since:
            where.append("f.created >= ?")
            args.append(self.since)
        if self.until:   # a bare date includes that whole day
            where.append("f.created <= ?")
            args.append(self.until + ("T99" if len(self.until) == 10 else ""))
        return "".join(f" AND {w}" for w in where), args


def search(vault, query: str, *, kind: str | None = None, layer: str | None = None,
           limit: int = 10, refresh: bool = True, offset: int = 0, filters: Filters | None = None,
           user: str | None = None) -> list[Hit]:
    """Hits for query, best first: every word (else any word), one hit per file, `offset` skipped."""
    if refresh:
        index.refresh(vault)
    expr = fts_query(query, any_word=False) or ""
    if not expr:
        return []
    filters = filters or Filters(kind=kind, layer=layer, user=user)
    with closing(index.connect(vault.index_path)) as con:
        hits = _run(con, expr, filters, limit + offset)
        if not hits:
            hits = _run(con, fts_query(query), filters, limit + offset)
    return hits[offset:]


def recent(vault, *, limit: int = 10, offset: int = 0, filters: Filters | None = None,
           refresh: bool = True) -> list[dict]:
    """The newest notes (by `created`, a trace by `started`), newest first: recent activity."""
    if refresh:
        index.refresh(vault)
    where, args = (filters or Filters()).sql()
    with closing(index.connect(vault.index_path)) as con:
        rows = con.execute("SELECT f.id, f.type, f.kind, f.status, f.title, f.path, f.created FROM files f"
                           " WHERE 1" + where + " ORDER BY f.created DESC, f.id LIMIT ? OFFSET ?",
                           [*args, limit, offset]).fetchall()
    keys = ("id", "type", "kind", "status", "title", "path", "created")
    return [dict(zip(keys, row)) for row in rows]


def _run(con: sqlite3.Connection, expr: str, filters: Filters, limit: int) -> list[Hit]:
    where, args = filters.sql()
    sql = ("SELECT c.path, c.turn, bm25(chunks) AS rank, snippet(chunks, 3, char(2), char(3), ' … ', 16),"
           " f.id, f.type, f.kind, f.title FROM chunks c JOIN files f ON f.path = c.path"
           " WHERE chunks MATCH ?" + where + " ORDER BY rank LIMIT ?")
    args = [expr, *args, limit * 20]
    best: dict[str, Hit] = {}
    try:
        rows = con.execute(sql, args).fetchall()
    except sqlite3.OperationalError:
        return []
    for path, turn, rank, snip, fid, ftype, fkind, title in rows:
        if path not in best:
            best[path] = Hit(fid, ftype, fkind, title, path, turn, round(-rank, 4), " ".join(snip.split()))
        if len(best) >= limit:
            break
    return list(best.values())
