"""Index rows computed ahead: by the worker process that wrote the files (it has them at hand and
runs beside others), stored by the one process that writes the database.

Owns the hand-over only: the rows are `index._rows` of the file as it is on disk, and are stored
only while the file is still that file (same time, size and inode); a file rewritten since with
only a key no other row reads gets its `files` row again (`restamp`). Never stores rows of a
file that changed otherwise; that file is left to `index.update_paths`.
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Iterable

from memkit.storage import index


def prepared(vault, rels: Iterable[str], files: list[str] | None = None) -> list[tuple]:
    """The rows of files this process just wrote, for `store` in the process owning the database;
    files: where each was written, when a rename will put it in place (same time, size, inode)."""
    out = []
    for rel, file in zip(rels, files) if files is not None else ((r, None) for r in dict.fromkeys(rels)):
        full = Path(file) if file else vault.root / rel
        if not rel.endswith(".md") or index.layer_of(rel) == "other":
            continue
        try:
            st = full.stat()
        except FileNotFoundError:   # deleted: update_paths forgets it
            continue
        out.append(index._rows(vault, str(full), rel, st.st_mtime_ns, st.st_size, st.st_ino))
    return out


def store(vault, con: sqlite3.Connection, rows_of_files: list[tuple]) -> list[str]:
    """Store rows `prepared` computed, for the files still as they were read; returns the paths
    stored. The caller commits."""
    index._stamp_new(con, vault)
    stored = []
    for rows in rows_of_files:
        rel, row = rows[0], rows[1]
        try:
            st = (vault.root / rel).stat()
        except FileNotFoundError:
            continue
        if row is None or (row[8], row[9], row[11]) != (st.st_mtime_ns, st.st_size, st.st_ino):
            continue   # a problem, or the file changed since: update_paths reads it
        index._store(con, rows, not index._known(con, rel))
        stored.append(rel)
    return stored


def rows_read(vault, rel: str, note, st: os.stat_result, turns: list | None = None) -> tuple:
    """The rows of a note this process has just read (st taken before reading it), its turns
    parsed already when the reader has them, for `store`."""
    return index.rows_of(vault, note, rel, st.st_mtime_ns, st.st_size, st.st_ino, turns)


def restamped(vault, written: list[tuple[str, object, str]]) -> list[tuple]:
    """The `files` rows of notes this process rewrote with only a frontmatter key the other rows do
    not read (a trace's `extracted` mark), from the notes in memory, for `restamp`: (path, note,
    the file written, which is the temp file a rename will put in place with the same stamp)."""
    out = []
    for rel, note, file in written:
        try:
            st = os.stat(file)
        except FileNotFoundError:
            continue
        out.append(index.file_row(note, rel, st.st_mtime_ns, st.st_size, st.st_ino))
    return out


def restamp(vault, con: sqlite3.Connection, rows: list[tuple]) -> list[str]:
    """Store `restamped` rows over those `store` stored for the file before, while the file is
    still as rewritten and its title unchanged; returns the paths updated. The caller commits."""
    done = []
    for row in rows:
        try:
            st = (vault.root / row[0]).stat()
        except FileNotFoundError:
            continue
        if (row[8], row[9], row[11]) != (st.st_mtime_ns, st.st_size, st.st_ino):
            continue
        cur = con.execute("UPDATE files SET id=?, type=?, kind=?, status=?, layer=?, created=?, mtime_ns=?, size=?,"
                          " meta=?, ino=? WHERE path=? AND title=?", (*row[1:6], *row[7:], row[0], row[6]))
        if cur.rowcount:
            done.append(row[0])
    return done
