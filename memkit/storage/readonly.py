"""The index opened to read only: on the hot paths (hooks, search), and in a vault this process
cannot write (a read-only checkout or mount), where no WAL files can be made and nothing changes it.
"""
from __future__ import annotations

import os

SCHEMA_VERSION = "13"   # of the index's tables (`index.SCHEMA`): another version's index is rebuilt, not read

try:   # the C module, as `index` reads it: the sqlite3 package costs a hook 3 ms of imports
    import _sqlite3 as sqlite3
except ImportError:   # a Python whose sqlite3 has no C module of that name
    import sqlite3


class ReadOnly(sqlite3.Connection):
    """The index of a vault this process cannot write: read as it is, never refreshed."""


def open_readonly(db_path, **options) -> sqlite3.Connection | None:
    """For hot paths: the index as it is, or None when there is none yet (or it is another
    version's). Never writes. options go to sqlite3.connect (a long-running server's own
    connection class; `ReadOnly` for a vault that cannot be written)."""
    if not os.path.exists(db_path):
        return None
    for query in ("mode=ro", "mode=ro&immutable=1"):   # the second: a folder where no WAL files can be made
        con = sqlite3.connect(f"file:{os.fspath(db_path)}?{query}", uri=True, timeout=2.0, **options)
        try:
            row = con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError:
            con.close()
            if os.access(os.path.dirname(db_path) or ".", os.W_OK):
                return None
            continue
        if row and row[0] == SCHEMA_VERSION:
            return con
        con.close()
        return None
    return None


def instead(db_path, error: Exception) -> sqlite3.Connection:
    """The index to read when it cannot be opened to write: as it is, in a vault no file can be made
    in; an error that says what to do when the vault can be written and its index not (another
    user's file, an immutable one)."""
    if writable(os.path.dirname(db_path) or "."):
        from memkit.errors import InvalidInput

        raise InvalidInput(unwritable(db_path, error)) from None
    con = open_readonly(db_path, factory=ReadOnly)
    if con is None:
        raise error
    return con


def unwritable(db_path, error) -> str:
    """What to do about an index that cannot be written in a vault that can (another user's file,
    an immutable one): whether opening it or a later write found out."""
    return f"{db_path}: the index cannot be written ({error}); remove it and run `memkit reindex`"


def writable(folder: str) -> bool:
    """Whether a file can be made in the folder (root passes every mode check; an immutable folder or
    a read-only mount still refuses it)."""
    probe = os.path.join(folder, f".memkit-probe-{os.getpid()}")
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:
        return False
    try:
        os.unlink(probe)
    except OSError:
        pass
    return True
