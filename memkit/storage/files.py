"""Files on disk, safely: the vault's boundary (no symbolic link followed, no FIFO or device
opened, no name a file cannot have) and the one atomic write (temp file, fsync, rename).

The lowest storage module: it imports nothing of memkit but its errors, so notes, the vault,
the installers and every cache use it without a cycle.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from memkit.errors import InvalidInput

# Every path memkit reads or writes passes here: notes.read opens through read_file, and
# Vault.path (every write, every path a person or an agent names) through inside. A symbolic
# link inside the vault is never followed, even to another file of the vault: the index does
# not list linked notes either, so what a command can reach is what a search can show.
_MAX_PATH = 1024      # characters of a vault-relative path
_MAX_NAME = 255       # bytes of one file or folder name (the usual file-system limit)
_REAL_DIRS: set[str] = set()   # folders already seen to hold no link on their way from /


def inside(root: Path, rel: str | Path) -> Path:
    """root / rel, when that is a path inside root that no symbolic link leads through."""
    text = str(rel)
    if "\x00" in text or len(text) > _MAX_PATH or any(len(p.encode("utf-8", "surrogateescape")) > _MAX_NAME
                                                      for p in Path(text).parts):
        raise InvalidInput(f"path {shown(text)} is not a name a vault file can have (too long or odd)")
    rel = Path(rel)
    if rel.is_absolute() or ".." in rel.parts:
        raise InvalidInput(f"path {shown(text)} is outside the vault")
    full = root / rel
    real = os.path.realpath(full)
    if real != str(full):
        where = "outside the vault" if not Path(real).is_relative_to(root) else "to another file"
        raise InvalidInput(f"path {shown(text)} leads {where} through a symbolic link; memkit follows none")
    return full


def read_file(path: Path) -> bytes:
    """The bytes of one regular file, opened without following a symbolic link and without
    waiting on a FIFO or a device; raises InvalidInput naming the file otherwise."""
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in _REAL_DIRS:
        if os.path.realpath(folder) != folder:
            raise InvalidInput(f"{path}: leads through a symbolic link; memkit follows none")
        _REAL_DIRS.add(folder)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        why = "is a symbolic link; memkit follows none" if e.errno == errno.ELOOP else f"cannot read ({e.strerror})"
        raise InvalidInput(f"{shown(str(path))}: {why}") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InvalidInput(f"{shown(str(path))}: not a regular file; memkit reads only notes")
        return f.read()


def is_file(path: Path) -> bool:
    """A regular file, not through a link (a linked note is no note: see inside)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def shown(text: str, limit: int = 80) -> str:
    """A path or id for a one-line message: quoted, control characters escaped, cut short."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


# A kill can strike between a temp file's creation and its rename, and between a write and
# the commit that should hold it. Temp files therefore live in .memkit/tmp (never among the
# notes; the next writer removes those of dead processes), and every path written under the
# lock is journalled in .memkit/journal as "pid<TAB>path": a clean release drops the
# writer's own lines, so lines of another pid are work of a killed run that git.commit
# carries into the next commit.


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """path's new content, all or nothing: a temp file beside it, fsynced, renamed over it; the
    mode kept (or `mode`)."""
    if mode is None:
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    import tempfile   # here, not at the top: a hook imports this module and never writes a file

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
