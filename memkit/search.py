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
        return asdict(self)


def fts_query(text: str, *, any_word: bool = True) -> str:
    """Each word quoted (so FTS syntax in a query cannot break it), joined by OR or AND."""
    words = [w.strip("'-") for w in _WORD.findall(text)]
    words = [w for w in words if w]
    return f" {'OR' if any_word else 'AND'} ".join(f'"{w}"' for w in words[:32])


def search(vault, query: str, *, kind: str | None = None, layer: str | None = None,
           limit: int = 10, refresh: bool = True, user: str | None = None) -> list[Hit]:
    """Hits best first; user keeps one person's traces and observations (`team`: the reviewed layers)."""
    if refresh:
        index.refresh(vault)
    expr = fts_query(query, any_word=False) or ""
    if not expr:
        return []
    with closing(index.connect(vault.index_path)) as con:
        hits = _run(con, expr, kind, layer, limit, user)
        if not hits:
            hits = _run(con, fts_query(query), kind, layer, limit, user)
    return hits


def _run(con: sqlite3.Connection, expr: str, kind: str | None, layer: str | None, limit: int,
         user: str | None = None) -> list[Hit]:
    sql = ("SELECT c.path, c.turn, bm25(chunks) AS rank, snippet(chunks, 3, '**', '**', ' … ', 16),"
           " f.id, f.type, f.kind, f.title FROM chunks c JOIN files f ON f.path = c.path"
           " WHERE chunks MATCH ?")
    args: list = [expr]
    if kind:
        sql += " AND f.kind = ?"
        args.append(kind)
    if layer:
        sql += " AND f.layer = ?"
        args.append(layer)
    if user == "team":
        sql += " AND f.layer IN ('observation', 'episode', 'fact', 'library')"
    elif user is not None:
        sql += " AND json_extract(f.meta, '$.user') = ?"
        args.append(user)
    sql += " ORDER BY rank LIMIT ?"
    args.append(limit * 20)
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
