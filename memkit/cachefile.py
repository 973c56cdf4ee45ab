"""The layout of memkit's cache files (the catalogue snapshot, the regex cache): a magic line, the
length of a hot part, the hot part (marshal: no code runs when it loads), read whole, then a cold
part mapped from the file and read only where a caller needs it. A file is written beside itself
and moved into place, so a reader sees the old one or the new one; anything damaged reads as None.
Standard library only: the hooks read these files on every call.
"""
from __future__ import annotations

import marshal
import os


def user_folder() -> str | None:
    """`$XDG_CACHE_HOME/memkit` (`~/.cache/memkit`), made if missing; None when it cannot be."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(base, "memkit")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None
    return path


def write(path, magic: bytes, hot, cold) -> bool:
    """Write the file (hot: what marshal takes; cold: bytes); False when it cannot be written."""
    path = os.fspath(path)
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    try:
        raw = marshal.dumps(hot)
        with open(tmp, "wb") as f:
            f.write(magic + len(raw).to_bytes(8, "little"))
            f.write(raw)
            f.write(cold)
        os.replace(tmp, path)
        return True
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


class Cold:
    """A file's cold part: bytes by (start, end, …), read from the mapped file when asked for."""

    def __init__(self, data, base: int):
        self.data, self.base = data, base

    def __len__(self) -> int:
        return len(self.data) - self.base

    def __getitem__(self, span) -> bytes:
        return self.data[self.base + span[0]:self.base + span[1]]


def read(path, magic: bytes):
    """(the hot part, the cold part as `Cold`), or None when the file is missing, another
    layout's or damaged. A caller checks that the spans it keeps lie within the cold part."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(magic) + 8)
            if len(head) < len(magic) + 8 or not head.startswith(magic):
                return None
            n = int.from_bytes(head[len(magic):], "little")
            hot = marshal.loads(f.read(n))
            try:
                import mmap

                data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError, ImportError):   # a file system that maps nothing: read it
                f.seek(0)
                data = f.read()
        return hot, Cold(data, len(magic) + 8 + n)
    except (OSError, ValueError, EOFError, TypeError, OverflowError, MemoryError):
        return None
