"""The change journal: while `memkit watch` runs, it notes every note file that changes, so
an index refresh reads those paths instead of stat-ing every note of the vault.

The watcher (sole writer) appends one vault-relative path per line to
`.memkit/changes-<pid>-<start>` and names that file in `.memkit/fresh.json`. The index
remembers which journal it follows and up to which byte (table meta), in the same
transaction as the rows it updates. The journal is trusted only while the watcher that
writes it is alive (it holds the flock on .memkit/watch.pid); a line starting with "!"
(a folder moved or deleted, events lost in an overflow) asks for one full scan. Without a
live watcher, refresh scans as before: this is an accelerator, never the source of truth.
"""
from __future__ import annotations

import json
import os

MARKER = "fresh.json"
RESCAN = "!rescan"


class Journal:
    """The watcher's side: one journal per watcher run."""

    def __init__(self, vault) -> None:
        from memkit.storage.vault import NOTE_DIRS

        self.root = str(vault.root)
        self.state = vault.state
        self.name = f"changes-{os.getpid()}-{int(os.times().elapsed * 1000)}"
        self.tops = [t for t in NOTE_DIRS if (vault.root / t).is_dir() and not (vault.root / t).is_symlink()]
        for old in self.state.glob("changes-*"):   # journals of earlier watcher runs
            old.unlink(missing_ok=True)
        self.path = self.state / self.name
        self.path.touch()

    def publish(self) -> None:
        """Called once the observers run: from now on every change reaches the journal."""
        tmp = self.state / f".{MARKER}.{os.getpid()}.tmp"
        tmp.write_text(json.dumps({"pid": os.getpid(), "journal": self.name, "tops": self.tops}))
        os.replace(tmp, self.state / MARKER)

    def withdraw(self) -> None:
        (self.state / MARKER).unlink(missing_ok=True)
        self.path.unlink(missing_ok=True)

    def note(self, path: str, is_directory: bool = False, event: str = "") -> None:
        """An absolute path an event named; only notes under the vault's note folders count. A
        folder's "modified" is any change inside it, and the files of a folder created under a
        watched one have events of their own: only a folder moved or deleted hides changes."""
        if not path.startswith(self.root + os.sep) or (is_directory and event in ("created", "modified")):
            return
        rel = path[len(self.root) + 1:].replace(os.sep, "/")
        parts = rel.split("/")   # the folders and files index._walk reads, no others
        skipped = [p.startswith(".") or p == "raw" for p in parts]
        if parts[0] not in self.tops or any(skipped[:-1]):
            return
        if is_directory:
            if len(parts) == 1:   # a note folder itself moved or deleted: its watch went with it
                (self.state / MARKER).unlink(missing_ok=True)   # refreshes scan until the next watcher
            elif not skipped[-1]:
                self.append(RESCAN)   # a folder moved or deleted carries notes no event names
        elif rel.endswith(".md"):
            self.append(RESCAN if "\n" in rel else rel)   # one line per path

    def append(self, line: str) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, (line + "\n").encode("utf-8", errors="surrogateescape"))
        finally:
            os.close(fd)


def _watcher_alive(state) -> bool:
    """True while a watcher holds the flock on .memkit/watch.pid (the OS drops it if it dies)."""
    import fcntl

    try:
        fd = os.open(state / "watch.pid", os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def current(vault) -> str | None:
    """The journal a live watcher is writing, when it covers every note folder there is."""
    from memkit.storage.vault import NOTE_DIRS

    try:
        marker = json.loads((vault.state / MARKER).read_text(encoding="utf-8"))
        name, tops = str(marker["journal"]), set(marker["tops"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if any((vault.root / t).is_dir() and t not in tops for t in NOTE_DIRS):
        return None   # a folder made after the watcher started is not watched
    if not (vault.state / name).is_file() or not _watcher_alive(vault.state):
        return None
    return name


def position(vault, name: str | None) -> int:
    try:
        return os.path.getsize(vault.state / name) if name else 0
    except OSError:
        return 0


def since(vault, name: str, offset: int) -> tuple[list[str], int] | None:
    """The paths noted from byte `offset` on and the offset after them; None: scan everything."""
    try:
        with open(vault.state / name, "rb") as f:
            f.seek(offset)
            data = f.read()
    except OSError:
        return None
    complete = data[:data.rfind(b"\n") + 1]   # a line being written is read next time
    lines = [line.decode("utf-8", errors="surrogateescape") for line in complete.split(b"\n")[:-1]]
    if any(line.startswith("!") for line in lines):
        return None
    return list(dict.fromkeys(lines)), offset + len(complete)
