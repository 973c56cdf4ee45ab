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
    background (once), so an upgrade does not leave activation blind until some command runs."""
    con = open_readonly(vault.index_path)
    if con is None and vault.index_path.exists() and not _newer(vault.index_path):
        rebuild_in_background(vault)
    return con


def _newer(db_path: Path) -> bool:
    """The index was built by a newer memkit (an older one must not rebuild it under its feet)."""
    try:
        con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=2.0)
        try:
            row = con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        finally:
            con.close()
        return bool(row) and int(row[0]) > int(SCHEMA_VERSION)
    except (sqlite3.DatabaseError, ValueError, TypeError):
        return False


def rebuild_in_background(vault) -> None:
    import subprocess
    import sys
    import time

    from memkit.storage.vault import pid_alive

    guard = vault.state / "rebuild.pid"
    for _attempt in (0, 1):   # created exclusively: two hooks at once start one rebuild
        try:
            vault.state.mkdir(parents=True, exist_ok=True)
            fd = os.open(guard, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            break
        except FileExistsError:
            try:
                pid = int(guard.read_text().strip() or 0)
                fresh = time.time() - guard.stat().st_mtime < 30
            except (OSError, ValueError):
                pid, fresh = 0, False
            if pid == 0 and fresh:   # another hook is starting it this very moment
                return
            if pid <= 0 or not pid_alive(pid):   # its rebuild ended (or never wrote its pid)
                guard.unlink(missing_ok=True)
                continue
            return
        except OSError:
            return
    else:
        return
    try:
        proc = subprocess.Popen([sys.executable, "-m", "memkit", "--vault", str(vault.root), "reindex"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        os.write(fd, str(proc.pid).encode())
    except OSError:
        guard.unlink(missing_ok=True)
    finally:
        os.close(fd)


def wait_built(vault, seconds: float) -> bool:
    """Wait until the index holds a finished refresh (or `seconds` pass)."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        con = open_readonly(vault.index_path)
        if con is not None:
            try:
                if con.execute("SELECT 1 FROM meta WHERE key='refreshed'").fetchone():
                    return True
            except sqlite3.DatabaseError:
                pass
            finally:
                con.close()
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
