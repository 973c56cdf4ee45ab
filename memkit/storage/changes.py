"""What changed since the index last looked, found without stat-ing every note of the vault.

Three sources, cheapest first. While `memkit watch` runs, its change journal names every note
file that changes. Without it, each note folder's mtime tells which folders gained, lost or
replaced a file (an editor's save-by-rename, a git checkout, memkit's own atomic writes); only
those folders are listed, by name and inode. A note rewritten in place changes no folder: a
small vault is walked whole each time, a large one in the background when its last walk is
older than STALE seconds — and the refresh says how old that walk is.

The watcher (sole writer) appends one vault-relative path per line to
`.memkit/changes-<pid>-<start>` and names that file in `.memkit/fresh.json`. The index
remembers which journal it follows and up to which byte (table meta), in the same
transaction as the rows it updates. The journal is trusted only while the watcher that
writes it is alive (it holds the flock on .memkit/watch.pid); a line starting with "!"
(a folder moved or deleted, events lost in an overflow) asks for one full scan. Without a
live watcher, refresh scans as before: this is an accelerator, never the source of truth.
"""
from __future__ import annotations

import os
import sys
import time

from memkit.storage.layout import NOTE_DIRS
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MARKER = "fresh.json"
RESCAN = "!rescan"


class Journal:
    """The watcher's side: one journal per watcher run."""

    def __init__(self, vault) -> None:
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
        import json

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
        fd = os.open(os.path.join(state, "watch.pid"), os.O_RDONLY)
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
    """The journal a live watcher is writing, when it covers every note folder there is. Takes a
    Vault or a Layout (paths joined as strings)."""
    try:
        with open(os.path.join(vault.state, MARKER), encoding="utf-8") as f:
            text = f.read()
        import json   # only with a watcher's marker: a search without one never imports it

        marker = json.loads(text)
        name, tops = str(marker["journal"]), set(marker["tops"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if any(os.path.isdir(os.path.join(vault.root, t)) and t not in tops for t in NOTE_DIRS):
        return None   # a folder made after the watcher started is not watched
    if not os.path.isfile(os.path.join(vault.state, name)) or not _watcher_alive(vault.state):
        return None
    return name


def position(vault, name: str | None) -> int:
    try:
        return os.path.getsize(os.path.join(vault.state, name)) if name else 0
    except OSError:
        return 0


def since(vault, name: str, offset: int) -> tuple[list[str], int] | None:
    """The paths noted from byte `offset` on and the offset after them; None: scan everything."""
    try:
        with open(os.path.join(vault.state, name), "rb") as f:
            f.seek(offset)
            data = f.read()
    except OSError:
        return None
    complete = data[:data.rfind(b"\n") + 1]   # a line being written is read next time
    lines = [line.decode("utf-8", errors="surrogateescape") for line in complete.split(b"\n")[:-1]]
    if any(line.startswith("!") for line in lines):
        return None
    return list(dict.fromkeys(lines)), offset + len(complete)


# ---- without a watcher: folder mtimes, and a walk of every note now and then -------------------------
SYNC_WALK = 2000       # notes: a vault this small is walked whole on every refresh (a few ms)
STALE = 5.0            # seconds: an older walk is repeated in the background
SETTLED_NS = 2 * 10**9   # a folder changed this recently may change again within one mtime tick


def walked(con, started: float, folders: dict[str, int]) -> None:
    """Record a walk of every note: when it started and each folder's mtime as it was listed."""
    con.execute("DELETE FROM folders")
    con.executemany("INSERT INTO folders VALUES(?, ?)", [(rel, _settled(m, started)) for rel, m in folders.items()])
    con.execute("INSERT OR REPLACE INTO meta VALUES('walked', ?)", (repr(started),))


def _settled(mtime_ns: int, now: float) -> int:
    return mtime_ns if mtime_ns < now * 1e9 - SETTLED_NS else -1   # -1: list it again next time


def _notes(con) -> int:
    """The notes the index holds, counted up to SYNC_WALK + 1 (rowids grow with every re-index,
    so the last one would count a small vault edited for months as a large one)."""
    return con.execute("SELECT count(*) FROM (SELECT 1 FROM files LIMIT ?)", (SYNC_WALK + 1,)).fetchone()[0]


def small(con) -> bool:
    """A vault walked whole on every refresh (its folders' mtimes are not consulted)."""
    return _notes(con) <= SYNC_WALK


def walkable(con) -> bool:
    """An index that holds notes and is small: walked whole by a long-running process's own
    thread (an empty one is the hooks' background rebuild's to fill)."""
    return 0 < _notes(con) <= SYNC_WALK


def freshen(vault, con, apply: Callable[[list[tuple], list[str], dict], None]) -> dict[str, float]:
    """The cheap refresh (the caller has checked there is no live watcher): the folders that
    changed are listed and `apply(jobs, gone, stats)` indexes their new and replaced notes (jobs as
    the index's walk makes them) and forgets the ones gone; the whole vault is walked when it is
    small, or in the background when its last walk is older than STALE."""
    stats: dict[str, float] = {"indexed": 0, "removed": 0, "problems": 0, "unchanged": 0}
    row = con.execute("SELECT value FROM meta WHERE key='walked'").fetchone()
    if row is None or small(con):
        return {}   # the caller walks
    _folders(vault, con, apply, stats)
    age = time.time() - float(row[0])
    if age > STALE:
        stats["stale"] = age
        walk_in_background(vault)
    return stats


def _folders(vault, con, apply: Callable, stats: dict) -> None:
    known = dict(con.execute("SELECT path, mtime_ns FROM folders"))
    queue, now, todo, seen = [*known, *(t for t in NOTE_DIRS if t not in known)], time.time(), [], {}
    gone: dict[str, None] = {}   # each once, in the order found
    while queue:
        rel = queue.pop()
        try:
            mtime = os.stat(os.path.join(vault.root, rel)).st_mtime_ns
        except OSError:
            if rel in known:
                _gone(con, rel, gone)
            continue
        if mtime == known.get(rel) or rel in seen:
            continue
        seen[rel] = _settled(mtime, now)
        queue += [sub for sub in _listed(vault, con, rel, todo, gone) if sub not in known]
    apply(todo, list(gone), stats)
    con.executemany("INSERT OR REPLACE INTO folders VALUES(?, ?)", seen.items())
    con.commit()


def _listed(vault, con, rel: str, todo: list, gone: dict) -> list[str]:
    """List one changed folder: its notes that are new or replaced go to todo, the ones gone to
    gone; returns its subfolders. Names and inodes only; a note is stat-ed when its inode moved."""
    depth = rel.count("/") + 1
    indexed = {p: (ino, m, s) for p, ino, m, s in con.execute(
        "SELECT path, ino, mtime_ns, size FROM files WHERE path > ? AND path < ? UNION ALL "
        "SELECT path, ino, -1, -1 FROM problems WHERE path > ? AND path < ?", (rel + "/", rel + "0") * 2)
        if p.count("/") == depth}
    subs = []
    try:
        entries = list(os.scandir(os.path.join(vault.root, rel)))
    except OSError:
        entries = []
    for e in entries:
        try:
            is_dir, is_link = e.is_dir(), e.is_symlink()
            if is_dir and not is_link and not e.name.startswith(".") and e.name != "raw":
                subs.append(f"{rel}/{e.name}")
            elif not is_dir and not is_link and e.name.endswith(".md"):
                old = indexed.pop(f"{rel}/{e.name}", None)
                if old is None or old[0] != e.inode():
                    st = e.stat(follow_symlinks=False)
                    if old is None or old != (st.st_ino, st.st_mtime_ns, st.st_size):
                        todo.append((e.path, f"{rel}/{e.name}", st.st_mtime_ns, st.st_size, old is None, st.st_ino))
        except OSError:
            continue
    gone.update(dict.fromkeys(indexed))
    return subs


def _gone(con, rel: str, gone: dict) -> None:
    """A folder that is no more: every note under it is gone, and so are its subfolders' mtimes."""
    gone.update(dict.fromkeys(path for path, in con.execute(
        "SELECT path FROM files WHERE path > ? AND path < ? UNION ALL SELECT path FROM problems WHERE path > ? "
        "AND path < ?", (rel + "/", rel + "0") * 2).fetchall()))
    con.execute("DELETE FROM folders WHERE path = ? OR (path > ? AND path < ?)", (rel, rel + "/", rel + "0"))


_SPAWNED: dict[str, int] = {}   # vault state folder -> pid of the walk this process started there
WALK_LOCK = "walk.lock"   # in .memkit/: held by the background walk while it runs (storage.walker)


def walk_in_background(vault) -> None:
    """Start one walk of every note in a process of its own, unless one is running already for this vault."""
    for state, pid in list(_SPAWNED.items()):   # a long-running caller (the MCP server) reaps its walks
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                del _SPAWNED[state]
        except ChildProcessError:
            del _SPAWNED[state]
    state = os.fspath(vault.state)
    if state in _SPAWNED or _walk_running(state):
        return
    devnull = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    try:
        # -P: the caller's folder is not put on the path (a `memkit/` folder there would run instead)
        _SPAWNED[state] = os.posix_spawn(sys.executable, [sys.executable, "-P", "-m", "memkit.storage.walker",
                                                          os.fspath(vault.root)], os.environ,
                                         file_actions=devnull, setsid=True)
    except OSError:
        pass


def _walk_running(state) -> bool:
    import fcntl

    try:
        fd = os.open(os.path.join(state, WALK_LOCK), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
