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
from pathlib import Path

from memkit import cachefile
from memkit.activation import literals

SNAPSHOT_NAME = "actions.snapshot"
MAGIC = b"memkit-snapshot-2\n"   # the layout: memkit/cachefile.py


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
    cachefile.write(state / SNAPSHOT_NAME, MAGIC,
                    (key, spans, (cat._short, heads, literals.buckets(cat._index), cat._always, tables)), cold)


def _packed(k) -> bytes:
    rx = {name: (tuple(_plain(r) for r in v) if name == "requires" else _plain(v)) for name, v in k.rx.items()}
    return marshal.dumps((k.id, k.about, k.consequence, k.broad, k.safe, k.tools, k.calls, k.path_tools,
                          k.langs, k.alternatives, rx, k.area, k.within))


def read(state: Path | None, key: list):
    """(where each kind lies, derived tables, the cold part) when the stored key is `key`, else
    None; the catalogue thaws each kind when a call first needs it."""
    found = cachefile.read(state / SNAPSHOT_NAME, MAGIC) if state is not None else None
    if found is None:
        return None
    try:
        (stored, spans, derived), cold = found
        ends = [e for _, e in (*spans.values(), *derived[4].values())]
        if stored != key or len(cold) < max(ends, default=0):   # cut short: rebuilt, not half read
            return None
    except (TypeError, ValueError, AttributeError, IndexError):
        return None
    return spans, derived, cold


def user_cache() -> Path | None:
    """Where the packaged catalogue's snapshot is shared by every vault of this user (a fresh
    vault's first hook then reads it instead of compiling ~900 kinds); None when unwritable."""
    folder = cachefile.user_folder()
    return Path(folder) if folder is not None else None
