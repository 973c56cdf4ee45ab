"""The built catalogue as plain data in `.memkit/actions.snapshot`, so a hook process skips
reading the TOML files and building the literal tables (tens of ms of every call). marshal,
not pickle: no code runs when it loads. Each kind is kept as its own marshalled bytes and
built only when a call needs it; each literal group as one string. Keyed by the catalogue
files' stamps, memkit's code and the Python version; anything stale is rebuilt by the caller.
"""
from __future__ import annotations

import marshal
import os
from pathlib import Path

from memkit.activation import literals

SNAPSHOT_NAME = "actions.snapshot"


def _plain(rx) -> tuple | None:
    return None if rx is None else (rx.sources, rx.literals, rx.where)


def write(state: Path, key: list, cat) -> None:
    kinds = dict(getattr(cat.kinds, "_packed", None) or {})   # a thawed catalogue's kinds, as they were stored
    for k in () if kinds else cat.kinds.values():
        rx = {name: (tuple(_plain(r) for r in v) if name == "requires" else _plain(v)) for name, v in k.rx.items()}
        kinds[k.id] = marshal.dumps((k.id, k.about, k.consequence, k.broad, k.safe, k.tools, k.calls, k.path_tools,
                                     k.langs, k.alternatives, rx, k.area, k.within))
    heads = {h: v if isinstance(v, str) else "\0".join(v) for h, v in cat._by_head.items()}
    index = {lit: v if isinstance(v, str) else literals.packed(v) for lit, v in cat._index.items()}
    from memkit.activation import compiler, intent

    # strings: a hook unmarshals them in a fraction of a millisecond; what lessons and requests are
    # read against (the intent terms of every kind, the compiler's tables: a third of a second to
    # build from every kind, in each process that compiles a lesson) stay one string each until asked for
    made = getattr(cat, "_compiler_packed", b"") or marshal.dumps(
        {k: v for k, v in compiler._derived(cat).items() if k != "of"})   # (as it was read, if it was)
    derived = (cat._short, heads, index, cat._always, intent.packed(cat), made)
    tmp = state / f".{SNAPSHOT_NAME}.{os.getpid()}.tmp"
    try:
        tmp.write_bytes(marshal.dumps((key, kinds, derived)))
        os.replace(tmp, state / SNAPSHOT_NAME)
    except (OSError, ValueError):
        tmp.unlink(missing_ok=True)


def read(state: Path | None, key: list):
    """(kinds as marshalled bytes by id, derived tables) when the stored key is `key`, else None;
    the catalogue thaws each kind when a call first needs it."""
    if state is None:
        return None
    try:
        stored, kinds, derived = marshal.loads((state / SNAPSHOT_NAME).read_bytes())
        if stored != key or not isinstance(kinds, dict):
            return None
        return kinds, derived
    except (OSError, ValueError, EOFError, TypeError):
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
