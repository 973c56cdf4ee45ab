"""Questions the features ask the index about notes, answered with named rows.

The index (`storage.index`) owns the schema and keeps it fresh; this module owns the reads the
rest of memkit makes of its `files` table, so a feature never writes SQL nor decodes a row by
position. Each function opens and closes its own connection; none refreshes the index first.
"""
from __future__ import annotations

import json
from collections import namedtuple
from contextlib import closing

from memkit.storage import index

NoteRow = namedtuple("NoteRow", "path meta")   # a vault-relative path and its frontmatter as a dict


def note_path(vault, ident: str) -> str | None:
    """The vault-relative path of the note with this id (the first by path), or None."""
    with closing(index.connect(vault.index_path)) as con:
        row = con.execute("SELECT path FROM files WHERE id=? ORDER BY path LIMIT 1", (ident,)).fetchone()
    return row[0] if row else None


def notes(vault, *, types: tuple = (), kinds: tuple = (), layer: str | None = None, statuses: tuple = (),
          not_statuses: tuple = (), session: str | None = None, extractor_prefix: str | None = None,
          or_types: tuple = (), by_time: bool = False) -> list[NoteRow]:
    """Notes by type, observation kind, layer, status (or not), session link and extractor name;
    `or_types` adds whole types regardless of kind ("corrections, or any episode"). In path order,
    or by `created` then id with `by_time`."""
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
        where.append("layer = ?")
        args.append(layer)
    if statuses:
        where.append(among("status", statuses))
    if not_statuses:
        where.append("NOT " + among("status", not_statuses))
    if session is not None:
        where.append("json_extract(meta, '$.session') = ?")
        args.append(session)
    if extractor_prefix:
        where.append("json_extract(meta, '$.extractor') LIKE ? ESCAPE '\\'")
        args.append(extractor_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    sql = "SELECT path, meta FROM files" + (" WHERE " + " AND ".join(where) if where else "") \
        + (" ORDER BY created, id" if by_time else " ORDER BY path")
    with closing(index.connect(vault.index_path)) as con:
        return [NoteRow(path, json.loads(meta)) for path, meta in con.execute(sql, args)]
