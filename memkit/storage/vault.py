"""The vault on disk: its root, its folders, its lock, and safe writes.

Owns files only. Every write is atomic (temp file, fsync or one sync of many, rename) and stays
inside the vault; a file a person edited since memkit wrote it is never
rewritten automatically. Features are functions that take a Vault.
"""
from __future__ import annotations

import errno
import itertools
import os
import time
from contextlib import contextmanager
from pathlib import Path
TYPE_CHECKING = False   # `typing` costs the hook ~3 ms of imports; annotations are strings here
if TYPE_CHECKING:
    from typing import Iterator

    from memkit import config as config_mod   # imported where used: a search reads no configuration

from memkit.errors import InvalidInput, VaultLocked, VaultNotFound
from memkit.storage.layout import CONFIG_NAME, NOTE_DIRS, STATE_DIR   # named once, in layout

LAYER_DIRS = (
    "traces", "workshop/observations", "workshop/episodes", "workshop/facts", "workshop/proposals",
    "observations", "episodes", "facts",
    "library/conventions", "library/procedures", "library/decisions", "library/preferences", "library/notes",
)
_UMASK = os.umask(0)
os.umask(_UMASK)
_FILE_MODE = 0o666 & ~_UMASK


class Vault:
    def __init__(self, root: Path):
        self.root = root.resolve()
        self._config: config_mod.Config | None = None
        self._locked = False
        self._sync_later = False   # inside deferred_sync(): one file-system sync at the end
        self._renames: list[tuple] | None = None   # inside replacing(): put in place at the end

    # ---- locations -------------------------------------------------------
    @property
    def state(self) -> Path:
        return self.root / STATE_DIR

    @property
    def index_path(self) -> Path:
        return self.state / "index.sqlite"

    @property
    def config(self) -> config_mod.Config:
        if self._config is None:
            from memkit import config as config_mod

            self._config = config_mod.load(self.root / CONFIG_NAME)
        return self._config

    def path(self, rel: str | Path) -> Path:
        """An absolute path for a vault-relative one; refuses anything that leaves the vault,
        spelled out (`../`, absolute) or through a symbolic link, and names no file can have."""
        return inside(self.root, rel)

    def rel(self, path: Path) -> str:
        if not path.is_absolute():
            return Path(path).as_posix()
        try:
            return Path(os.path.realpath(path)).relative_to(self.root).as_posix()
        except ValueError:
            raise InvalidInput(f"{shown(str(path))} is outside the vault {self.root}") from None

    def note_files(self, *dirs: str) -> Iterator[Path]:
        """Every Markdown note under the given layer folders (all layers by default), sorted."""
        for d in dirs or NOTE_DIRS:
            base = self.root / d
            if not base.is_dir() or base.is_symlink():
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames[:] = sorted(x for x in dirnames if not x.startswith(".") and x != "raw")
                for name in sorted(filenames):
                    p = Path(dirpath) / name
                    if name.endswith(".md") and not p.is_symlink():
                        yield p

    # ---- writing ---------------------------------------------------------
    def write_text(self, rel: str | Path, text: str, *, exclusive: bool = False) -> Path:
        """Atomically write text (UTF-8) to a vault path; exclusive refuses to replace a file.
        Text that has not been through the redaction gate (notes.render) goes through it here."""
        full = self.path(rel)
        text = _gated(full, text)
        full.parent.mkdir(parents=True, exist_ok=True)
        if exclusive and full.exists():
            raise FileExistsError(errno.EEXIST, "exists", str(full))
        if self._locked:
            _journal_add(self.state, Path(rel).as_posix())
        fd, tmp = _mkstemp(self.state, full.parent)
        later = self._renames is not None
        try:
            os.fchmod(fd, _FILE_MODE)  # mkstemp makes 0600; notes are ordinary files
            with os.fdopen(fd, "wb") as f:
                f.write(text.encode("utf-8", errors="surrogateescape"))
                f.flush()
                if not later and (not self._sync_later or (not exclusive and full.exists())):   # a replaced
                    os.fsync(f.fileno())   # note is synced now: some file systems may otherwise leave it empty
            if later:
                self._renames.append((tmp, full, exclusive))
            elif exclusive:
                _place_new(tmp, full)
            else:
                os.replace(tmp, full)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return full

    @contextmanager
    def deferred_sync(self) -> Iterator[None]:
        """Many writes, one sync: files written inside are flushed to disk together on the way out
        (an fsync per file cost a third of an ingest). The caller commits only after this ends."""
        if self._sync_later:
            yield
            return
        self._sync_later = True
        try:
            yield
        finally:
            self._sync_later = False
            _sync_file_system(self.root)

    @contextmanager
    def replacing(self, pending: list[tuple] | None = None) -> Iterator[None]:
        """Files written inside are put in place together on the way out, after one file-system
        sync instead of an fsync each: a kill leaves each whole, the old or the new (or none), and
        the new text is on disk before its name. Until then a file reads as it was. With `pending`,
        the (temp file, path, exclusive) triples are added to it instead, for `put_in_place` later."""
        if self._renames is not None:
            yield
            return
        self._renames = []
        try:
            yield
        finally:
            renames, self._renames = self._renames, None
            if pending is None:
                put_in_place(self.root, renames)
            else:
                pending += renames

    def remove(self, rel: str | Path) -> None:
        """Delete a vault file (journalled like a write, so a killed run's deletion is committed too)."""
        full = self.path(rel)
        if self._locked:
            _journal_add(self.state, Path(rel).as_posix())
        full.unlink()

    # ---- locking ---------------------------------------------------------
    @contextmanager
    def lock(self, wait: float = 10.0) -> Iterator[None]:
        """The writer lock. Held by one process at a time; released by the OS if it dies."""
        import fcntl

        self.state.mkdir(parents=True, exist_ok=True)
        path = self.state / "lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + wait
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                        raise VaultLocked(f"vault is locked by pid {holder} (another memkit is writing); "
                                          "try again when it finishes")
                    time.sleep(0.05)
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
            _clean_temp(self.state)
            self.config   # a broken memkit.toml stops a writer here, before it writes anything
            global _LOCK_OWNER
            self._locked, _LOCK_OWNER = True, os.getpid()
            yield
            _journal_drop_own(self.state)
        finally:
            self._locked, _LOCK_OWNER = False, None
            os.close(fd)  # closing releases the flock


def _gated(full: Path, text: str) -> str:
    """text through the redaction gate, unless it has been: a note is read and rendered again
    (its frontmatter redacted value by value, so the YAML stays valid), other text redacted."""
    from memkit import redact

    if isinstance(text, redact.Redacted) or not redact.spans(text):
        return text
    if full.suffix == ".md" and text.startswith("---"):
        from memkit.storage import notes

        try:
            return notes.render(notes.parse(text, full))
        except InvalidInput:
            pass
    return redact.redact(text)[0]


# ---- the boundary -----------------------------------------------------------------
from memkit.storage.files import inside, is_file, read_file, shown  # noqa: F401  (the vault's boundary)


def _place_new(tmp: str, full: Path) -> None:
    """Move a written temp file to a path that must not exist yet (FileExistsError if it does)."""
    try:
        os.link(tmp, full)
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS):
            raise
        os.close(os.open(full, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))   # no hard links here:
        os.replace(tmp, full)                                                 # claim the name, then fill it
        return
    os.unlink(tmp)


def put_in_place(root: Path, renames: list[tuple]) -> list[Path]:
    """Temp files `Vault.replacing` wrote, renamed over their paths in order after one sync of them
    all; an exclusive one whose path was taken meanwhile is dropped. Returns the paths taken."""
    taken = []
    if renames:
        _sync_file_system(root)
    for tmp, full, exclusive in renames:
        if not exclusive:
            os.replace(tmp, full)
            continue
        try:
            _place_new(tmp, full)
        except FileExistsError:
            os.unlink(tmp)
            taken.append(full)
    return taken


def _sync_file_system(root: Path) -> None:
    """syncfs(2) on the vault's file system where the C library has it, else sync(2)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        fd = os.open(root, os.O_RDONLY)
        try:
            if libc.syncfs(fd) == 0:
                return
        finally:
            os.close(fd)
    except (OSError, AttributeError):
        pass
    os.sync()


_TMP_OK: dict[tuple[str, str], bool] = {}   # (state, folder) -> may the temp file live in state/tmp
_serial = itertools.count()


def _mkstemp(state: Path, folder: Path) -> tuple[int, str]:
    """A new temp file for an atomic write: `.memkit-<pid>-<n>.tmp`, in .memkit/tmp when that is on
    the folder's file system (os.replace needs one), else beside the note."""
    key = (str(state), str(folder))
    if key not in _TMP_OK:
        try:
            (state / "tmp").mkdir(parents=True, exist_ok=True)
            _TMP_OK[key] = os.stat(state / "tmp").st_dev == os.stat(folder).st_dev
        except OSError:
            _TMP_OK[key] = False
    where = state / "tmp" if _TMP_OK[key] else folder
    while True:
        path = os.path.join(where, f".memkit-{os.getpid()}-{next(_serial)}-{time.monotonic_ns() % 10**9}.tmp")
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), path
        except FileExistsError:
            continue
        except FileNotFoundError:   # the tmp folder was removed meanwhile
            if where == folder:
                raise
            _TMP_OK[key], where = False, folder


def _clean_temp(state: Path) -> None:
    """Remove temp files of processes that are gone (the caller holds the lock)."""
    for p in (state / "tmp").glob(".memkit-*.tmp"):
        pid = p.name.split("-")[1]
        if pid.isdigit() and not pid_alive(int(pid)):
            p.unlink(missing_ok=True)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


_LOCK_OWNER: int | None = None   # the pid holding the writer lock: workers it forks journal as it


def _journal_add(state: Path, rel: str) -> None:
    with open(state / "journal", "a", encoding="utf-8") as f:
        f.write(f"{_LOCK_OWNER or os.getpid()}\t{rel}\n")


def _journal_drop_own(state: Path) -> None:
    path = state / "journal"
    if path.exists():
        mine = f"{os.getpid()}\t"
        keep = [x for x in path.read_text(encoding="utf-8").splitlines(True) if not x.startswith(mine)]
        if keep:
            path.write_text("".join(keep), encoding="utf-8")
        else:
            path.unlink()


def orphans(state: Path) -> list[str]:
    """Paths written by a killed writer and not committed since (journalled by another pid)."""
    path = state / "journal"
    if not path.exists():
        return []
    mine = f"{os.getpid()}\t"
    return list(dict.fromkeys(x.split("\t", 1)[1] for x in path.read_text(encoding="utf-8").splitlines()
                              if "\t" in x and not x.startswith(mine)))


def forget_orphans(state: Path) -> None:
    path = state / "journal"
    if path.exists():
        mine = f"{os.getpid()}\t"
        keep = [x for x in path.read_text(encoding="utf-8").splitlines(True) if x.startswith(mine)]
        path.write_text("".join(keep), encoding="utf-8")


def find(explicit: str | Path | None = None, cwd: Path | None = None) -> Vault:
    """--vault, then $MEMKIT_VAULT, then the nearest memkit.toml upward from cwd."""
    chosen = explicit or os.environ.get("MEMKIT_VAULT")
    if chosen:
        root = Path(chosen).expanduser()
        if not (root / CONFIG_NAME).is_file():
            raise VaultNotFound(f"{root} is not a memkit vault (no {CONFIG_NAME}); create one with `memkit init {root}`")
        return Vault(root)
    here = (cwd or Path.cwd()).resolve()
    for d in (here, *here.parents):
        if (d / CONFIG_NAME).is_file():
            return Vault(d)
    raise VaultNotFound("no memkit vault here: pass --vault PATH, set MEMKIT_VAULT, or run `memkit init`")


def init(root: Path) -> tuple[Vault, list[str]]:
    """Create the vault folders and files that are missing; returns what was created."""
    root = root.expanduser()
    if root.exists() and not root.is_dir():
        raise InvalidInput(f"{root} exists and is not a folder")
    root.mkdir(parents=True, exist_ok=True)
    vault = Vault(root)
    created = []
    for d in LAYER_DIRS:
        p = vault.root / d
        if not p.exists():
            p.mkdir(parents=True)
            (p / ".gitkeep").touch()
            created.append(d + "/")
    if not (vault.root / CONFIG_NAME).exists():
        from memkit import config as config_mod

        vault.write_text(CONFIG_NAME, config_mod.TEMPLATE)
        created.append(CONFIG_NAME)
    ignore = vault.root / ".gitignore"
    if not ignore.exists() or ".memkit/" not in ignore.read_text(errors="replace"):
        old = ignore.read_text(errors="replace") if ignore.exists() else ""
        vault.write_text(".gitignore", old + ("" if not old or old.endswith("\n") else "\n") + ".memkit/\n")
        created.append(".gitignore")
    return vault, created
