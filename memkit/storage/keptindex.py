"""The index kept open by a long-running reader (memkit serve) across many answers.

Owns one read-only SQLite connection: opened once, reopened when the index file is replaced
(a rebuild makes a new file) or the connection fails, and the rows of its statements without
parameters (the projects the cues name, the workshop's backlog) kept until another process
commits to the index. It never writes the index and never hands out rows the index no longer
holds: every call first asks SQLite whether the index changed (PRAGMA data_version).
"""
from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from memkit.storage.index import open_readonly

MEMO_ROWS = 2000       # a larger result is read again each time rather than kept
CACHE_KIB = 32 * 1024  # SQLite's page cache for the kept connection: the hooks' pages stay in memory


class Rows(list):
    """Kept rows, read as a cursor's are."""

    def fetchall(self) -> list:
        return list(self)

    def fetchone(self):
        return self[0] if self else None


class Connection(sqlite3.Connection):
    """The connection every answer shares. A SELECT without parameters reads the same rows until
    the index changes, so its rows are kept; close() leaves it open for the next answer."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.kept: dict[str, Rows] = {}

    def execute(self, sql: str, parameters=(), /):
        if parameters or not sql.startswith("SELECT"):
            return super().execute(sql, parameters)
        rows = self.kept.get(sql)
        if rows is None:
            rows = Rows(super().execute(sql).fetchall())
            if len(rows) <= MEMO_ROWS:
                self.kept[sql] = rows
        return rows

    def close(self) -> None:   # an answer is done with it; the server is not
        pass

    def release(self) -> None:
        super().close()


class KeptIndex:
    """Called as `open_index` is: the kept connection, current as of this call, or None when
    there is no index (or one another memkit version built, as open_readonly says)."""

    def __init__(self, path: Path):
        self.path = path
        self.con: Connection | None = None
        self.file: tuple[int, int] | None = None   # (device, inode) of the file it reads
        self.version: int | None = None            # PRAGMA data_version when its rows were kept
        self.lock = threading.Lock()

    def __call__(self) -> Connection | None:
        with self.lock:
            try:
                st = os.stat(self.path)
            except OSError:
                self._drop()
                return None
            if self.con is not None and self.file == (st.st_dev, st.st_ino):
                try:
                    version = self.con.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error:
                    version = None
                if version is not None:
                    if version != self.version:
                        self.con.kept.clear()
                        self.version = version
                    return self.con
            self._drop()
            return self._open((st.st_dev, st.st_ino))

    def _open(self, file: tuple[int, int]) -> Connection | None:
        con = open_readonly(self.path, factory=Connection, check_same_thread=False)
        if not isinstance(con, Connection):
            return None
        con.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        self.con, self.file = con, file
        self.version = con.execute("PRAGMA data_version").fetchone()[0]
        return con

    def _drop(self) -> None:
        if self.con is not None:
            self.con.release()
        self.con = self.file = self.version = None

    def close(self) -> None:
        with self.lock:
            self._drop()
