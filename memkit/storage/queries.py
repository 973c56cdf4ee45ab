"""Questions the features ask the index about notes, answered with named rows.

The index (`storage.index`) owns the schema and keeps it fresh; this module owns the reads the
rest of memkit makes of its `files` table, so a feature never writes SQL nor decodes a row by
position. Each function opens and closes its own connection; none refreshes the index first.
"""
from __future__ import annotations

import json
from collections import namedtuple
from contextlib import closing
from dataclasses import dataclass

from memkit.storage import index

NoteRow = namedtuple("NoteRow", "path meta")   # a vault-relative path and its frontmatter as a dict


@dataclass(frozen=True)
class IndexedNote:
    """A note as the index lists it: where it is, its id (frontmatter `id`, else the file's stem),
    type, status and frontmatter."""
    path: str
    id: str
    type: str
    status: str
    meta: dict


def _rows(vault, sql: str, args=(), *, create: bool = True) -> list[tuple]:
    with closing(index.connect(vault.index_path, create=create)) as con:
        return con.execute(sql, args).fetchall()


def like_prefix(prefix: str) -> str:
    """A LIKE pattern (ESCAPE '\\') for the values that start with prefix."""
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def note_path(vault, ident: str) -> str | None:
    """The vault-relative path of the note with this id (the first by path), or None."""
    rows = _rows(vault, "SELECT path FROM files WHERE id=? ORDER BY path LIMIT 1", (ident,))
    return rows[0][0] if rows else None


def notes(vault, *, by_time: bool = False, newest: int | None = None, **filters) -> list[NoteRow]:
    """Notes by type, observation kind, layer, status (or not), session link and extractor name
    (the filters of `_where`). In path order, or by `created` then id with `by_time`; `newest`:
    only that many, the newest by `created` then id, still oldest first."""
    where, args = _where(**filters)
    if newest is not None:
        rows = _rows(vault, "SELECT path, meta FROM files" + where + " ORDER BY created DESC, id DESC LIMIT ?",
                     [*args, newest])[::-1]
    else:
        rows = _rows(vault, "SELECT path, meta FROM files" + where
                     + (" ORDER BY created, id" if by_time else " ORDER BY path"), args)
    return [NoteRow(path, json.loads(meta)) for path, meta in rows]


def indexed(vault, **filters) -> list[IndexedNote]:
    """The notes `notes` finds with these filters, with their ids and statuses, in path order."""
    where, args = _where(**filters)
    return [IndexedNote(path, ident, kind, status, json.loads(meta)) for path, ident, kind, status, meta in
            _rows(vault, "SELECT path, id, type, status, meta FROM files" + where + " ORDER BY path", args)]


def count_by_id(vault, ids, **filters) -> dict[str, int]:
    """How many of the notes these filters find hold each of these ids (an id two files hold
    counts twice); ids none holds are left out."""
    where, args = _where(**filters)
    sql = ("SELECT id, count(*) FROM files" + (where + " AND" if where else " WHERE")
           + " id IN (SELECT value FROM json_each(?)) GROUP BY id")
    return dict(_rows(vault, sql, [*args, json.dumps(sorted(ids))]))


def _where(*, types: tuple = (), kinds: tuple = (), layer: str | tuple | None = None, statuses: tuple = (),
           not_statuses: tuple = (), session: str | None = None, extractor_prefix: str | None = None,
           or_types: tuple = ()) -> tuple[str, list]:
    """The WHERE clause: type, kind, layer (one or several), status in or not in a set, the session
    link, the extractor name's start; `or_types` adds whole types regardless of kind ("corrections,
    or any episode")."""
    where, args = [], []

    def among(column: str, values: tuple) -> str:
        args.extend(values)
        return f"{column} IN ({', '.join('?' * len(values))})"

    match = [among("type", types)] if types else []
    if kinds:
        match.append(among("kind", kinds))
    if match:
        where.append("(" + " AND ".join(match) + ")" if not or_types else
                     "((" + " AND ".join(match) + ") OR " + among("type", or_types) + ")")
    elif or_types:
        where.append(among("type", or_types))
    if layer:
        where.append(among("layer", (layer,) if isinstance(layer, str) else tuple(layer)))
    if statuses:
        where.append(among("status", statuses))
    if not_statuses:
        where.append("NOT " + among("status", not_statuses))
    if session is not None:
        where.append("json_extract(meta, '$.session') = ?")
        args.append(session)
    if extractor_prefix:
        where.append("json_extract(meta, '$.extractor') LIKE ? ESCAPE '\\'")
        args.append(like_prefix(extractor_prefix))
    return (" WHERE " + " AND ".join(where) if where else ""), args
