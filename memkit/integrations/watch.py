"""`memkit watch`: follow agent log folders and the vault's traces; handle each session once it is quiet.

The only module that imports watchdog. Owns the one-watcher-per-vault lock
(`.memkit/watch.pid`, holding the pid), debouncing (a file is handled after
`quiet_seconds` without writes), the catch-up after a restart and a status line per
session. Writes nothing itself: every write goes through pipeline.ingest or
pipeline.extract, which take the vault lock, so a replayed event is harmless.
"""
from __future__ import annotations

import json
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from memkit import pipeline
from memkit.storage import changes
from memkit.errors import MemkitError, VaultLocked
from memkit.traces.ingest import COPY_SUFFIXES, LOG_SUFFIXES, a_copy
from memkit.storage.vault import Vault

LOG, TRACE = "log", "trace"


def default_paths(vault: Vault) -> list[Path]:
    """Claude Code's log folder, Codex's when present, and memkit.toml's `watch.paths`."""
    home = Path.home()
    found = [home / ".claude" / "projects"]
    if (home / ".codex" / "sessions").is_dir():
        found.append(home / ".codex" / "sessions")
    found += [Path(str(p)).expanduser() for p in vault.config.get("watch.paths") or []]
    return found


@contextmanager
def single(vault: Vault) -> Iterator[None]:
    """One watcher per vault: an flock on .memkit/watch.pid, released by the OS if the process dies."""
    import fcntl

    vault.state.mkdir(parents=True, exist_ok=True)
    fd = os.open(vault.state / "watch.pid", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            raise MemkitError(f"already watching this vault (pid {holder})")
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)


class Pending:
    """Files with events, by path: (what it is, wall time of its last event). Thread-safe."""

    def __init__(self) -> None:
        self._items: dict[Path, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def touch(self, path: Path, kind: str, when: float | None = None) -> None:
        with self._lock:
            self._items[path] = (kind, when if when is not None else time.time())

    def pop_quiet(self, quiet: float) -> list[tuple[Path, str]]:
        now = time.time()
        with self._lock:
            due = [(p, k) for p, (k, t) in self._items.items() if now - t >= quiet]
            for p, _k in due:
                del self._items[p]
        return sorted(due)

    def oldest(self) -> float | None:
        with self._lock:
            return min((t for _k, t in self._items.values()), default=None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


def _classifier(vault: Vault) -> Callable[[str], str | None]:
    traces = vault.root / "traces"

    def kind(path: str) -> str | None:
        p = Path(path)
        if p.name.startswith("."):
            return None
        if traces in p.parents:
            raw = traces / "raw"
            return TRACE if p.suffix == ".md" and raw not in p.parents else None
        if vault.root in p.parents:
            return None
        if p.name.endswith(LOG_SUFFIXES) or (p.name.endswith(COPY_SUFFIXES) and a_copy(p)):
            return LOG
        return None
    return kind


def _handler(pending: Pending, kind_of: Callable[[str], str | None], journal: changes.Journal | None = None):
    from watchdog.events import FileSystemEventHandler

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
            if journal is not None and event.event_type not in ("opened", "closed_no_write"):
                for raw in (event.src_path, getattr(event, "dest_path", "")):
                    if raw:
                        journal.note(os.fsdecode(raw), event.is_directory, event.event_type)
            if event.is_directory or event.event_type in ("deleted", "opened", "closed_no_write"):
                return
            for raw in (event.src_path, getattr(event, "dest_path", "")):
                path = os.fsdecode(raw) if raw else ""
                kind = kind_of(path) if path else None
                if kind and (event.event_type != "moved" or path == os.fsdecode(event.dest_path)):
                    pending.touch(Path(path), kind)
    return Handler()


class Watcher:
    def __init__(self, vault: Vault, folders: list[Path], quiet: float, echo: Callable[[str], None]):
        self.vault, self.folders, self.quiet, self.echo = vault, folders, quiet, echo
        self.pending = Pending()
        self.kind_of = _classifier(vault)
        self.own: dict[Path, int] = {}        # traces this watcher wrote: path -> mtime_ns
        self.commit = bool(vault.config.get("watch.commit") and vault.config.get("git.commit"))
        self.extract = bool(vault.config.get("ingest.extract"))
        self.stop = threading.Event()
        self._observer = None
        self._tag: str | None = None

    # -- state across restarts ---------------------------------------------------
    @property
    def state_path(self) -> Path:
        return self.vault.state / "watch.json"

    def catch_up(self) -> int:
        """Queue what changed while no watcher ran (everything, the first time): ingest is idempotent."""
        try:
            since = float(json.loads(self.state_path.read_text())["seen"])
        except (OSError, ValueError, KeyError, TypeError):
            since = 0.0
        count = 0
        for root in [*self.folders, self.vault.root / "traces"]:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    path = Path(dirpath) / name
                    kind = self.kind_of(str(path))
                    try:
                        mtime = path.stat().st_mtime
                    except OSError:
                        continue
                    if kind and mtime >= since:   # >=: a trace left pending at the last stop is due
                        self.pending.touch(path, kind, mtime)
                        count += 1
        return count

    def save_state(self) -> None:
        """Everything older than what is still pending has been handled (or was before the last run)."""
        oldest = self.pending.oldest()
        seen = time.time() if oldest is None else oldest
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"seen": seen}))
        os.replace(tmp, self.state_path)

    # -- handling -------------------------------------------------------------------
    def handle(self, due: list[tuple[Path, str]]) -> None:
        logs = [p for p, k in due if k == LOG and p.is_file()]
        if logs:
            self._ingest(logs)
        for path in (p for p, k in due if k == TRACE and p.is_file()):
            if self.stop.is_set():   # SIGTERM during a long catch-up: stop now, the rest waits for next time
                self.pending.touch(path, TRACE, path.stat().st_mtime)
                continue
            self._extract(path)

    def _ingest(self, logs: list[Path]) -> None:
        try:
            result = pipeline.ingest(self.vault, logs, commit=self.commit)
        except VaultLocked as e:   # another writer is busy: try again after the next quiet period
            self.echo(f"{_now()} waiting    {e}")
            for log in logs:
                self.pending.touch(log, LOG)
            return
        except Exception as e:
            if len(logs) > 1:      # one bad session must not hold back the others
                for log in logs:
                    self._ingest([log])
                return
            if os.environ.get("MEMKIT_DEBUG") and not isinstance(e, MemkitError):
                raise
            self.echo(f"{_now()} failed     {logs[0]}: {e}")
            return
        for f in result["files"]:
            traces = ", ".join(f["traces"]) or "-"
            self.echo(f"{_now()} {f['status']:<10} {f['path']} -> {traces}"
                      + (f": {f['message']}" if f["status"] in ("error", "edited", "empty") else ""))
        for rel in result["traces"]:
            full = self.vault.root / rel
            if full.exists():
                self.own[full] = full.stat().st_mtime_ns
        if result["candidates"] or result["commit"]:
            self.echo(f"{_now()} {len(result['candidates'])} file(s) from extraction"
                      + (f", committed {result['commit'][:10]}" if result["commit"] else ""))

    def _extract(self, path: Path) -> None:
        if not self.extract or self.own.get(path) == path.stat().st_mtime_ns or self._done(path):
            return
        rel = self.vault.rel(path)
        try:
            result = pipeline.extract(self.vault, session=rel, commit=self.commit)
        except VaultLocked as e:
            self.echo(f"{_now()} waiting    {e}")
            self.pending.touch(path, TRACE)
            return
        except MemkitError as e:
            self.echo(f"{_now()} failed     {rel}: {e}")
            return
        for error in result["errors"]:
            self.echo(f"{_now()} failed     {error}")
        if result["traces"] and not result["errors"]:
            self.echo(f"{_now()} extracted  {rel}: {len(result['written'])} file(s)"
                      + (f", committed {result['commit'][:10]}" if result.get("commit") else ""))

    def _done(self, path: Path) -> bool:
        """The trace already carries this extractor's mark: nothing to do, and no lock to take
        (a first catch-up over a large vault meets thousands of these)."""
        from memkit import extract
        from memkit.storage import notes

        if self._tag is None:
            mod = extract.extractor(str(self.vault.config.get("extract.extractor")))
            self._tag = f"{mod.NAME}@{mod.VERSION}"
        try:
            return self._tag in (notes.read(path).meta.get("extracted") or [])
        except MemkitError:
            return False

    # -- the loop ---------------------------------------------------------------------
    def run(self, *, once: bool = False, timeout: float | None = None) -> None:
        import warnings

        from watchdog.observers import Observer

        # watchdog re-registers a folder created under a watched one, and says so on stderr
        warnings.filterwarnings("ignore", message="Callback with id", category=RuntimeWarning)
        observer = Observer()
        (self.vault.root / "traces").mkdir(exist_ok=True)
        journal = changes.Journal(self.vault)
        handler = _handler(self.pending, self.kind_of, journal)
        notes_dirs = [self.vault.root / t for t in journal.tops if t != "traces"]
        for folder in [*self.folders, self.vault.root / "traces", *notes_dirs]:
            if folder.is_dir():
                observer.schedule(handler, str(folder), recursive=True)
        started = time.time()
        observer.start()
        self._observer = observer
        overflow = _OverflowAlarm(journal)
        logging.getLogger("watchdog").addHandler(overflow)
        journal.publish()   # index refreshes now read the journal instead of stat-ing every note
        try:
            queued = self.catch_up()
            where = ", ".join(str(f) for f in self.folders if f.is_dir()) or "no agent log folder"
            self.echo(f"watching {where} and {self.vault.root / 'traces'} (quiet after {self.quiet:g}s"
                      + (f"; {queued} file(s) changed since the last run" if queued else "") + ")")
            self._loop(once, timeout, started)
        finally:
            journal.withdraw()
            logging.getLogger("watchdog").removeHandler(overflow)
            observer.stop()
            observer.join(timeout=5)
            self.save_state()

    def _loop(self, once: bool, timeout: float | None, started: float) -> None:
        tick = max(0.05, min(1.0, self.quiet / 4))
        while not self.stop.wait(tick):
            if self._observer is not None and not self._observer.is_alive():
                self.echo(f"{_now()} failed     the file observer stopped; restart `memkit watch`")
                break   # run() withdraws the journal: refreshes scan again
            due = self.pending.pop_quiet(self.quiet)
            if due:
                try:
                    self.handle(due)
                except Exception as e:  # the watcher outlives any one session's problem
                    if os.environ.get("MEMKIT_DEBUG"):
                        raise
                    self.echo(f"{_now()} failed     {type(e).__name__}: {e}")
            if (once and not len(self.pending)) or (timeout is not None and time.time() - started >= timeout):
                break


class _OverflowAlarm(logging.Handler):
    """watchdog logs a warning when the kernel dropped events: the next refresh scans everything."""

    def __init__(self, journal: changes.Journal):
        super().__init__(logging.WARNING)
        self.journal = journal

    def emit(self, record: logging.LogRecord) -> None:
        if "overflow" in record.getMessage().lower():
            self.journal.append(changes.RESCAN)


def _now() -> str:
    return time.strftime("%H:%M:%S")


def watch(vault: Vault, paths: list[Path] | None = None, *, quiet: float | None = None, once: bool = False,
          timeout: float | None = None, echo: Callable[[str], None] = print) -> None:
    """Follow the folders until SIGINT/SIGTERM (or, with once, until nothing is pending)."""
    folders = [p.expanduser().resolve() for p in (paths or default_paths(vault))]
    quiet = float(vault.config.get("watch.quiet_seconds")) if quiet is None else quiet
    with single(vault):
        watcher = Watcher(vault, folders, quiet, echo)
        with _signals(watcher.stop):
            watcher.run(once=once, timeout=timeout)
    echo("stopped")


@contextmanager
def _signals(stop: threading.Event) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {s: signal.signal(s, lambda *_: stop.set()) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in saved.items():
            signal.signal(s, h)
