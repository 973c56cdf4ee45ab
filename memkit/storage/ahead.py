"""Index rows computed ahead: by the worker process that wrote the files (it has them at hand and
runs beside others), stored by the one process that writes the database.

Owns the hand-over only: the rows are `index._rows` of the file as it is on disk, and are stored
only while the file is still that file (same time, size and inode). Never stores rows of a file
that changed since; that file is left to `index.update_paths`.
"""
from __future__ import annotations

import sqlite3
from typing import Iterable

from memkit.storage import index


def prepared(vault, rels: Iterable[str]) -> list[tuple]:
    """The rows of files this process just wrote, for `store` in the process owning the database."""
    out = []
    for rel in dict.fromkeys(rels):
        full = vault.root / rel
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
