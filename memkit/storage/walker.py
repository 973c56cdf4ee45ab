"""The background walk of every note: `python -m memkit.storage.walker VAULT`, one at a time per vault.

`changes.walk_in_background` starts it when a large vault's last walk is older than
changes.STALE; it stats every note and brings the index up to date (index.refresh), holding
.memkit/walk.lock meanwhile. It sits above both the index and the change journal so that
neither has to import the other back. Prints nothing: nobody reads its output.
"""
from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path

from memkit.storage import index
from memkit.storage.changes import WALK_LOCK
from memkit.storage.vault import Vault


def walk(root: str) -> None:
    vault = Vault(Path(root))
    fd = os.open(vault.state / WALK_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return
    try:
        index.refresh(vault, walk=True)
    finally:
        os.close(fd)


if __name__ == "__main__":
    try:
        walk(sys.argv[1])
    except Exception:   # noqa: BLE001 — nobody reads this process's output; the next refresh tries again
        sys.exit(1)
