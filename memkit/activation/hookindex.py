"""The index as the hooks meet it: opened read-only, and built in the background when it is
missing (a fresh clone) or was built by an older memkit (an upgrade), so a hook never waits
for a rebuild it could not finish within the agent's timeout.
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from memkit.storage.index import SCHEMA_VERSION, open_readonly


def open_index(vault) -> sqlite3.Connection | None:
    """open_readonly for the hooks; an index another memkit version built is rebuilt in the
    background (once), so an upgrade does not leave activation blind until some command runs.
    A long-running server (memkit serve) sets `vault.kept`: its connection, kept open."""
    kept = getattr(vault, "kept", None)
    con = kept.index() if kept is not None else open_readonly(vault.index_path)
    if con is None and vault.index_path.exists() and not _newer(vault.index_path):
        rebuild_in_background(vault)
    return con


def _newer(db_path: Path) -> bool:
    """The index was built by a newer memkit (an older one must not rebuild it under its feet)."""
    from memkit.storage import queries

    try:
        return int(queries.built_by(db_path) or 0) > int(SCHEMA_VERSION)
    except (ValueError, TypeError):
        return False


def rebuild_in_background(vault) -> bool:
    """Start `memkit reindex` in the background unless one is running; True when a rebuild is
    under way (started now or before), False when none can happen (the vault is read-only)."""
    import subprocess
    import sys

    guard = vault.state / "rebuild.pid"
    for _attempt in (0, 1):   # created exclusively: two hooks at once start one rebuild
        try:
            vault.state.mkdir(parents=True, exist_ok=True)
            fd = os.open(guard, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            break
        except FileExistsError:
            if _builder(guard) is not None:
                return True
            try:
                guard.unlink(missing_ok=True)   # its rebuild ended, or the number now names another process
            except OSError:
                return False
        except OSError:
            return False
    else:
        return False
    try:
        proc = subprocess.Popen([sys.executable, "-P", "-m", "memkit", "--vault", str(vault.root), "reindex"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        os.write(fd, f"{proc.pid} {_started(proc.pid) or 0}".encode())
    except OSError:
        guard.unlink(missing_ok=True)
        return False
    finally:
        os.close(fd)
    return True


def _builder(guard: Path) -> int | None:
    """The pid of the rebuild the guard file names, while that very process runs (a pid number
    alone may since name another process: the file records the process's start time too)."""
    import time

    try:
        text = guard.read_text().split()
        age = time.time() - guard.stat().st_mtime
    except OSError:
        return None
    if not text:
        return -1 if age < 30 else None   # another hook is starting it this very moment
    try:
        pid, started = int(text[0]), (int(text[1]) if len(text) > 1 else None)
    except ValueError:
        return None
    if pid <= 0 or (started is None and age > 600):
        return None   # no pid, or an old guard without a start time: no rebuild takes this long
    if not os.path.isdir("/proc/self"):   # no /proc: liveness is all there is to know
        from memkit.storage.vault import pid_alive

        return pid if pid_alive(pid) else None
    now = _started(pid)
    return pid if now is not None and started in (None, now) else None   # else gone, or the number reused


def _started(pid: int) -> int | None:
    """A running process's start time (clock ticks after boot) from /proc; None when it is gone
    or a zombie (a rebuild that ended before the hook that started it collected it)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return None if fields[0] in (b"Z", b"X") else int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def wait_built(vault, seconds: float) -> bool:
    """Wait until the index holds a finished refresh (or `seconds` pass)."""
    import time

    from memkit.storage import queries

    deadline = time.monotonic() + seconds
    guard = vault.state / "rebuild.pid"
    while True:
        con = open_readonly(vault.index_path)
        if con is not None:
            try:
                if queries.refreshed(con) is not None:
                    return True
            except sqlite3.DatabaseError:
                pass
            finally:
                con.close()
        if time.monotonic() >= deadline or _builder(guard) is None and not vault.index_path.exists():
            return False   # out of time, or the rebuild ended without an index: nothing more will come
        time.sleep(0.05)
