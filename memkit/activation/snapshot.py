"""The built catalogue as plain data in `.memkit/actions.snapshot`, so a hook process skips
reading the TOML files and building the literal tables (tens of ms of every call). marshal,
not pickle: no code runs when it loads. The file is a short hot part (the key, where each kind
lies, the literal tables with the literal index kept by head as one string each), read whole,
then a cold part mapped from the file and read only where a call needs it: each kind's
marshalled bytes, and what lessons and requests are read against. Keyed by the catalogue files'
stamps, memkit's code and the Python version; anything stale is rebuilt by the caller.
"""
from __future__ import annotations

import marshal
import os
from pathlib import Path

from memkit.activation import literals

SNAPSHOT_NAME = "actions.snapshot"
MAGIC = b"memkit-snapshot-2\n"   # then the hot part's length (8 bytes, little-endian), the hot part, the cold
_LENGTH = len(MAGIC) + 8


def _plain(rx) -> tuple | None:
    return None if rx is None else (rx.sources, rx.literals, rx.where, rx.any_literal)


def write(state: Path, key: list, cat) -> None:
    kinds = cat.kinds
    cold, spans = bytearray(), {}
    for kid in kinds:
        raw = kinds.raw(kid) if hasattr(kinds, "raw") else _packed(kinds[kid])   # as stored, if it was read
        spans[kid] = (len(cold), len(cold) + len(raw))
        cold += raw
    from memkit.activation import compiler, intent

    # what lessons and requests are read against (the intent terms of every kind, the compiler's
    # tables: a third of a second to build from every kind, in each process that compiles a lesson)
    made = cat.compiler_packed or marshal.dumps({k: v for k, v in compiler._derived(cat).items() if k != "of"})
    terms = intent.packed(cat).encode()
    tables = {}
    for name, raw in (("intent", terms), ("compiler", made)):
        tables[name] = (len(cold), len(cold) + len(raw))
        cold += raw
    heads = {h: v if isinstance(v, str) else "\0".join(v) for h, v in cat._by_head.items()}
    hot = marshal.dumps((key, spans, (cat._short, heads, literals.buckets(cat._index), cat._always, tables)))
    tmp = state / f".{SNAPSHOT_NAME}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(MAGIC + len(hot).to_bytes(8, "little"))
            f.write(hot)
            f.write(cold)
        os.replace(tmp, state / SNAPSHOT_NAME)
    except (OSError, ValueError):
        tmp.unlink(missing_ok=True)


def _packed(k) -> bytes:
    rx = {name: (tuple(_plain(r) for r in v) if name == "requires" else _plain(v)) for name, v in k.rx.items()}
    return marshal.dumps((k.id, k.about, k.consequence, k.broad, k.safe, k.tools, k.calls, k.path_tools,
                          k.langs, k.alternatives, rx, k.area, k.within))


class Cold:
    """The snapshot's cold part: bytes by (start, end), read from the mapped file when asked for."""

    def __init__(self, data, base: int):
        self.data, self.base = data, base

    def __getitem__(self, span: tuple[int, int]) -> bytes:
        return self.data[self.base + span[0]:self.base + span[1]]


def read(state: Path | None, key: list):
    """(where each kind lies, derived tables, the cold part) when the stored key is `key`, else
    None; the catalogue thaws each kind when a call first needs it."""
    if state is None:
        return None
    try:
        with open(state / SNAPSHOT_NAME, "rb") as f:
            head = f.read(_LENGTH)
            if not head.startswith(MAGIC):
                return None
            n = int.from_bytes(head[len(MAGIC):], "little")
            stored, spans, derived = marshal.loads(f.read(n))
            if stored != key or not isinstance(spans, dict):
                return None
            try:
                import mmap

                data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError, ImportError):   # a file system that maps nothing: read it
                f.seek(0)
                data = f.read()
        if len(data) < _LENGTH + n + max((e for _, e in spans.values()), default=0):
            return None
        return spans, derived, Cold(data, _LENGTH + n)
    except (OSError, ValueError, EOFError, TypeError, OverflowError, MemoryError):
        return None


def user_cache() -> Path | None:
    """Where the packaged catalogue's snapshot is shared by every vault of this user (a fresh
    vault's first hook then reads it instead of compiling ~900 kinds); None when unwritable."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base) / "memkit"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path
