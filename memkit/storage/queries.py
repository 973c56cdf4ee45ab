"""Questions memkit asks the index about notes, answered with named rows.

The index (`storage.index`) owns the schema and keeps it fresh; this module owns the other reads
of its notes, problems and state — notes by type, kind, layer and status, what `status`, `doctor`,
a merge, an extraction and shell completion look for — so a feature never writes SQL nor decodes a
row by position (the search's full-text reads are `storage.fulltext`'s). Each function opens and
closes its own connection (`refreshed` reads the one it is given); none writes or refreshes first.
"""
from __future__ import annotations

import json
import sqlite3
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


def _like_prefix(prefix: str) -> str:
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
    return [IndexedNote(path, ident, note_type, status, json.loads(meta)) for path, ident, note_type, status, meta
            in _rows(vault, "SELECT path, id, type, status, meta FROM files" + where + " ORDER BY path", args)]


def count_by_id(vault, ids, **filters) -> dict[str, int]:
    """How many of the notes these filters find hold each of these ids (an id two files hold
    counts twice); ids none holds are left out."""
    where, args = _where(**filters)
    sql = ("SELECT id, count(*) FROM files" + (where + " AND" if where else " WHERE")
           + " id IN (SELECT value FROM json_each(?)) GROUP BY id")
    return dict(_rows(vault, sql, [*args, json.dumps(sorted(ids))]))


def undated_logs(vault, ids) -> dict[str, str]:
    """For the traces among these ids that carry no date, the log file each was read from."""
    sql = ("SELECT id, json_extract(meta, '$.log_path') FROM files WHERE type='trace' AND id IN "
           "(SELECT value FROM json_each(?)) AND json_extract(meta, '$.started') IS NULL")
    return {i: str(log) for i, log in _rows(vault, sql, [json.dumps(sorted(ids))]) if log}


def _where(*, types: tuple = (), kinds: tuple = (), layer: str | tuple | None = None, statuses: tuple = (),
           not_statuses: tuple = (), session: str | None = None, sessions: tuple = (),
           extractor_prefix: str | None = None, or_types: tuple = ()) -> tuple[str, list]:
    """The WHERE clause: type, kind, layer (one or several), status in or not in a set, the session
    link (one, or any of several), the extractor name's start; `or_types` adds whole types regardless
    of kind ("corrections, or any episode")."""
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
    if sessions:
        where.append(among("json_extract(meta, '$.session')", sessions))
    if extractor_prefix:
        where.append("json_extract(meta, '$.extractor') LIKE ? ESCAPE '\\'")
        args.append(_like_prefix(extractor_prefix))
    return (" WHERE " + " AND ".join(where) if where else ""), args


def paths(vault, **filters) -> set[str]:
    """The paths of the notes these filters find (those of `_where`)."""
    where, args = _where(**filters)
    return {path for path, in _rows(vault, "SELECT path FROM files" + where, args)}


# ---- listings ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Listed:
    """A note in a listing of recent activity."""
    id: str
    type: str
    kind: str
    status: str
    title: str
    path: str
    created: str


def recent(vault, filters, *, limit: int, offset: int = 0) -> list[Listed]:
    """The newest notes by `created` (a trace's `started`), then id, that `filters` (a
    fulltext.Filters) lets through; `offset` of them skipped, at most `limit`."""
    where, args = filters.sql()
    return [Listed(*row) for row in _rows(
        vault, "SELECT f.id, f.type, f.kind, f.status, f.title, f.path, f.created FROM files f WHERE 1" + where
               + " ORDER BY f.created DESC, f.id LIMIT ? OFFSET ?", [*args, limit, offset])]


# ---- extraction ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CandidateLink:
    """A workshop candidate's path and the session link it holds (its frontmatter `session`)."""
    path: str
    session: object


def unextracted(vault, extractor: str) -> list[str]:
    """The traces (not raw logs) no version of this extractor (its name, before the @) ran on, by path."""
    return [path for path, in _rows(
        vault, "SELECT path FROM files WHERE type='trace' AND path NOT LIKE 'traces/raw/%' AND NOT EXISTS "
               "(SELECT 1 FROM json_each(files.meta, '$.extracted') WHERE value LIKE ?) ORDER BY path",
        (f"{extractor}@%",))]


def older_candidates(vault, tag: str) -> list[CandidateLink]:
    """The workshop's candidate observations another version of the extractor `tag` (name@version) wrote."""
    return [CandidateLink(path, session) for path, session in _rows(
        vault, "SELECT path, json_extract(meta, '$.session') FROM files WHERE layer='workshop' AND "
               "type='observation' AND status='candidate' AND json_extract(meta, '$.extractor') LIKE ? "
               "AND json_extract(meta, '$.extractor') != ?", (f"{tag.split('@')[0]}@%", tag))]


# ---- what `status` and `doctor` report --------------------------------------------------------------
@dataclass(frozen=True)
class Tally:
    """The vault in numbers: notes per layer, candidates waiting per kind (a type where there is no
    kind), the file time of the oldest waiting one, unreadable notes, the index's last refresh."""
    layers: dict
    backlog: dict
    oldest_candidate_ns: int | None
    problems: int
    refreshed: str | None


@dataclass(frozen=True)
class Problem:
    """What is wrong with a path (or, for an id held twice, with several paths, joined by ', ')."""
    path: str
    message: str


def tally(vault) -> Tally:
    """The numbers `status` shows, read in one go."""
    with closing(index.connect(vault.index_path)) as con:
        layers = dict(con.execute("SELECT layer, count(*) FROM files GROUP BY layer").fetchall())
        backlog = dict(con.execute("SELECT COALESCE(NULLIF(kind,''), type), count(*) FROM files WHERE "
                                   "layer='workshop' AND status='candidate' GROUP BY 1").fetchall())
        # waiting since it entered the workshop (the file's time), not since the session happened
        since = con.execute("SELECT min(mtime_ns) FROM files WHERE layer='workshop' AND status='candidate'"
                            ).fetchone()[0]
        problems = con.execute("SELECT count(*) FROM problems").fetchone()[0]
        return Tally(layers, backlog, since, problems, refreshed(con))


def unreadable(vault) -> list[Problem]:
    """The notes the index could not read, with why, by path."""
    return [Problem(path, message) for path, message in
            _rows(vault, "SELECT path, message FROM problems ORDER BY path")]


def shared_ids(vault) -> list[Problem]:
    """Each id more than one file holds, with those files."""
    return [Problem(paths, f"id {ident} is held by more than one file; keep one") for ident, paths in _rows(
        vault, "SELECT id, group_concat(path, ', ') FROM files WHERE id != '' GROUP BY id HAVING count(*) > 1 "
               "ORDER BY id")]


# ---- after a merge ----------------------------------------------------------------------------------
def misplaced(vault) -> list[str]:
    """Observations and episodes in the wrong place for their status — accepted or promoted yet in the
    workshop, candidates or rejected in the layer — or held by two files, by path."""
    return [path for path, in _rows(vault, """SELECT path FROM files WHERE type IN ('observation', 'episode') AND (
    (layer = 'workshop' AND status IN ('accepted', 'promoted')
     AND (path LIKE 'workshop/observations/%' OR path LIKE 'workshop/episodes/%'))
 OR (layer IN ('observation', 'episode') AND status IN ('candidate', 'rejected'))
 OR id IN (SELECT id FROM files WHERE type IN ('observation', 'episode') GROUP BY id HAVING count(*) > 1))
 ORDER BY path""")]


def contested_facts(vault) -> list[str]:
    """The facts whose value two people set differently (they hold a `contested` key)."""
    return [path for path, in _rows(vault, "SELECT path FROM files WHERE type = 'fact' AND layer = 'fact' "
                                           "AND json_extract(meta, '$.contested') IS NOT NULL")]


# ---- shell completion: the index as it is, never created (InvalidInput when there is none) -------------
@dataclass(frozen=True)
class Titled:
    """A note's id, type and title."""
    id: str
    type: str
    title: str


@dataclass(frozen=True)
class FactValue:
    """A fact's key and value as its frontmatter holds them."""
    key: object
    value: object


def ids_starting(vault, prefix: str, limit: int, **filters) -> list[Titled]:
    """The notes (with the filters of `_where`) whose id starts with prefix, by id, at most limit."""
    where, args = _where(**filters)
    sql = ("SELECT id, type, title FROM files" + (where + " AND" if where else " WHERE")
           + " id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?")
    return [Titled(*row) for row in _rows(vault, sql, [*args, _like_prefix(prefix), limit], create=False)]


def trace_turns(vault, ident: str) -> object:
    """The `turns` a trace's frontmatter holds (as written there), None when there is no such trace."""
    rows = _rows(vault, "SELECT json_extract(meta, '$.turns') FROM files WHERE id = ? AND type = 'trace'",
                 (ident,), create=False)
    return rows[0][0] if rows else None


def fact_values(vault) -> list[FactValue]:
    """Every fact's key and value, by key."""
    return [FactValue(*row) for row in _rows(
        vault, "SELECT json_extract(meta, '$.key'), json_extract(meta, '$.value') FROM files "
               "WHERE layer = 'fact' AND type = 'fact' ORDER BY 1", create=False)]


# ---- the index itself -------------------------------------------------------------------------------
def built_by(db_path) -> str | None:
    """The schema version the index file at db_path holds, whichever it is; None when it holds none.
    Opened read-only: never writes, never creates."""
    try:
        con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=2.0)
        try:
            row = con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return None
    return row[0] if row else None


def refreshed(con) -> str | None:
    """When the index open on con was last brought up to date (UTC, SQLite's datetime), None before."""
    row = con.execute("SELECT value FROM meta WHERE key='refreshed'").fetchone()
    return row[0] if row else None
