"""The built taxonomy as plain data in `.memkit/action_types.snapshot`, so a hook process
skips the JSON cache and the index building (~20 ms of every call). marshal, not pickle:
no code runs when it loads. Keyed by the packaged and override files' stamps and the
Python version; anything unreadable or stale is rebuilt by the caller.
"""
from __future__ import annotations

import marshal
import os
from pathlib import Path

from memkit.activation.taxonomy import ActionType, Patterns, Taxonomy

SNAPSHOT_NAME, SNAPSHOT_VERSION = "action_types.snapshot", 1   # bump with the layout written below


def _spec(p: Patterns | None) -> tuple | None:
    return None if p is None else (p.sources, p.literals, p.where)


def _patterns(spec: tuple | None) -> Patterns | None:
    return None if spec is None else Patterns(*spec)


def write(state: Path, key: list, tax: Taxonomy) -> None:
    types = [(t.id, t.about, t.consequence, t.benign, t.tools, t.path_tools, t.calls, _spec(t.action),
              _spec(t.text), _spec(t.paths), tuple(_spec(r) for r in t.requires), _spec(t.unless), t.generic)
             for t in tax.types.values()]
    data = marshal.dumps((key, types, (tax._short, tax._by_head, tax._index, tax._always)))
    tmp = state / f".{SNAPSHOT_NAME}.{os.getpid()}.tmp"
    try:
        tmp.write_bytes(data)
        os.replace(tmp, state / SNAPSHOT_NAME)
    except OSError:
        tmp.unlink(missing_ok=True)


def read(state: Path | None, key: list) -> Taxonomy | None:
    try:
        stored, types, derived = marshal.loads((state / SNAPSHOT_NAME).read_bytes()) if state else (None,) * 3
        if stored != key:
            return None
        built = {}
        for (tid, about, consequence, benign, tools, path_tools, calls, action, text, paths, requires, unless,
             generic) in types:
            built[tid] = ActionType(tid, about, consequence, benign, tools, path_tools, calls, _patterns(action),
                                    _patterns(text), _patterns(paths), tuple(map(_patterns, requires)),
                                    _patterns(unless), generic)
        return Taxonomy(built, derived)
    except (OSError, ValueError, EOFError, TypeError):
        return None
