"""Full-text search over the vault: turns (and note sections) ranked by their fields and their note.

Owns the search verb and its results: a hit is one trace turn or note section, or with
`by="note"` one note and its best turn, so a hit leads to the exact turn. Reads the index
through storage (fulltext's ranked rows, queries' listings) and writes no SQL; a refresh first
asks the folders what changed (changes.freshen) and never walks a large vault on the way.
Imports no more than a hook does: the command line answers without click.
"""
from __future__ import annotations

from collections import namedtuple

from memkit.storage.printable import printable
from memkit.search import query as query_mod
from memkit.search import rank
from memkit.storage import fulltext, index
from memkit.storage.index import sqlite3   # the C module, as the index opens it
from memkit.storage.fulltext import Filters   # what narrows a search or a listing; part of this API

MARK_ON, MARK_OFF = "\x02", "\x03"   # around a matched word in Hit.snippet; no text holds them
HIT_KEYS = ("id", "type", "kind", "title", "path", "turn", "score", "snippet", "role", "section")


class Hit(namedtuple("Hit", HIT_KEYS, defaults=(None, None))):
    """One result (immutable). `turn`: the trace turn, else None; `role`: who spoke in it;
    `section`: the heading of a long note's section (`memkit show ID#heading`), else None."""
    __slots__ = ()

    def as_dict(self) -> dict:
        """As JSON gives it: the matched words in the snippet marked `**…**` (Markdown emphasis)."""
        return {**self._asdict(), "snippet": marked(self.snippet, "**", "**")}


def marked(snippet: str, on: str = "", off: str = "") -> str:
    """The snippet with its matched words between on and off (default: unmarked)."""
    return snippet.replace(MARK_ON, on).replace(MARK_OFF, off)


def search(vault, query: str, *, kind: str | None = None, layer: str | None = None, limit: int = 10,
           refresh: bool = True, offset: int = 0, filters: Filters | None = None, by: str = "turn",
           con: sqlite3.Connection | None = None) -> list[Hit]:
    """Hits for query, best first, `offset` skipped: turns, or with by="note" one hit per note.
    con: the index already open (left open), else one is opened for this search."""
    if refresh:   # on a connection of its own: a caller's may be read-only
        index.refresh(vault, cues=False)
    found = query_mod.terms(query)
    if not found:
        return []
    filters = filters or Filters(kind=kind, layer=layer)
    expr = query_mod.expression(found)   # every term, for the snippets' marks
    if con is not None:
        return _found(con, found, filters, expr, by, offset, limit)
    con = index.open_readonly(vault.index_path) or index.connect(vault.index_path)
    try:   # closed by hand: contextlib would be the search's one import more
        return _found(con, found, filters, expr, by, offset, limit)
    finally:
        con.close()


def _found(con: sqlite3.Connection, found: list[str], filters: Filters, expr: str, by: str, offset: int,
           limit: int) -> list[Hit]:
    own = fulltext.begin_read(con)
    try:
        try:
            rows = rank.ranked(con, found, filters)
        except sqlite3.OperationalError:   # a term FTS5 cannot take: nothing found, never an error
            return []
        rows = (rank.by_note(rows) if by == "note" else rows)[offset:offset + limit]
        return _hits(con, expr, rows)
    finally:
        if own:
            con.commit()   # it read only


def _hits(con: sqlite3.Connection, expr: str, rows: list[fulltext.Turn]) -> list[Hit]:
    if not rows:
        return []
    snips = fulltext.snippets(con, expr, [t.rowid for t in rows])
    heads = fulltext.heads(con, sorted({t.path for t in rows}))
    keys = fulltext.keys(con, [t.rowid for t in rows])
    out, seen = [], set()
    for t in rows:
        head = heads.get(t.path) or fulltext.NoteHead(t.path, "", "", "")
        turn, role, title = keys.get(t.rowid, (None, None, ""))
        if turn is None and (t.path, title) in seen:
            continue   # another row of one long section: its best row stands for it
        seen.add((t.path, title))
        section = title[len(head.title) + 3:] if turn is None and title.startswith(f"{head.title} — ") else None
        out.append(Hit(head.id, head.type, head.kind, title if section else head.title, t.path, turn, t.score,
                       snips.get(t.rowid, ""), role if turn is not None else None, section))
    return out


def recent(vault, *, limit: int = 10, offset: int = 0, filters: Filters | None = None,
           refresh: bool = True) -> list[dict]:
    """The newest notes (by `created`, a trace by `started`), newest first: recent activity."""
    from dataclasses import asdict

    from memkit.storage import queries

    if refresh:
        index.refresh(vault)
    return [asdict(n) for n in queries.recent(vault, filters or Filters(), limit=limit, offset=offset)]


def lines(hits: list[Hit], on: str = "", off: str = "") -> list[str]:
    """Hits as a terminal shows them: where (id#^tN), kind or type, title; then the snippet."""
    out = []
    for h in hits:
        where = f"{h.id}#^t{h.turn}" if h.turn else f"{h.id}#{h.section}" if h.section else h.id
        who = f" · {h.role}" if h.role else ""
        out.append(f"{printable(where)}  [{h.kind or h.type}{who}] {printable(h.title)}\n    "
                   f"{marked(printable(h.snippet), on, off)}")
    return out


def answer(vault, query: str, *, filters: Filters | None = None, limit: int = 10, by: str = "turn",
           as_json: bool = False, colour: bool = False, con: sqlite3.Connection | None = None) -> tuple[str, str]:
    """What `memkit search` prints: (stdout, a note for stderr when the index may miss recent edits).
    con: an index a caller keeps fresh itself (memkit serve's), read as it is; else the index is
    refreshed first, on one connection for both (a second would find the first's log removed)."""
    if con is not None:
        stats, hits = {}, search(vault, query, limit=limit, filters=filters, by=by, refresh=False, con=con)
    else:
        own = index.connect(vault.index_path)
        try:
            stats = index.refresh(vault, cues=False, con=own)   # reads no cue: their compiler is checked elsewhere
            hits = search(vault, query, limit=limit, filters=filters, by=by, refresh=False, con=own)
        finally:
            own.close()
    if as_json:
        out = hits_json(hits)
    elif not hits:
        out = f"no match for {query!r}"
    else:
        out = "\n".join(lines(hits, *(("\x1b[1m", "\x1b[22m") if colour else ("", ""))))
    return out + "\n", stale_note(stats.get("stale"))


def hits_json(hits: list[Hit]) -> str:
    """The hits as `json.dumps([h.as_dict() …], indent=2, ensure_ascii=False, default=str)` writes
    them, without importing json (a tenth of a search process's own time): every value is a
    string, a number or null, and anything else is written as its str(), as default=str does."""
    if not hits:
        return "[]"
    return "[\n" + ",\n".join("  {\n" + ",\n".join(f"    {_string(k)}: {_value(v)}" for k, v in h.as_dict().items())
                              + "\n  }" for h in hits) + "\n]"


def _value(v) -> str:
    if isinstance(v, str):
        return _string(v)
    if v is None:
        return "null"
    if v is True or v is False:
        return "true" if v else "false"
    if isinstance(v, int):
        return int.__repr__(v)
    if isinstance(v, float):   # as json's floatstr writes it (NaN: the one float unequal to itself)
        if v != v:  # noqa: PLR0124
            return "NaN"
        return "Infinity" if v == _INF else "-Infinity" if v == -_INF else float.__repr__(v)
    return _string(str(v))


_INF = float("inf")
try:
    from _json import encode_basestring as _string   # the C function json.dumps(ensure_ascii=False) calls
except ImportError:   # another Python: the module's own
    from json.encoder import py_encode_basestring as _string


def stale_note(age: float | None) -> str:
    """One line when the index answered before a walk of every note caught up with edits in place."""
    if not age:
        return ""
    when = f"{age:.0f} s" if age < 120 else f"{age / 60:.0f} min" if age < 7200 else f"{age / 3600:.0f} h"
    return (f"memkit: notes edited in place in the last {when} may be missing; the index is catching up in the "
            "background (`memkit watch` keeps it current)\n")
