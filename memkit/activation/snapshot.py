"""The built catalogue as plain data in `.memkit/actions.snapshot`, so a hook process skips
reading the TOML files and building the literal tables (tens of ms of every call). marshal,
not pickle: no code runs when it loads. Keyed by the catalogue files' stamps, memkit's code
and the Python version; anything unreadable or stale is rebuilt by the caller.
"""
from __future__ import annotations

import marshal
import os
from pathlib import Path

SNAPSHOT_NAME = "actions.snapshot"


def _plain(rx) -> tuple | None:
    return None if rx is None else (rx.sources, rx.literals, rx.where)


def write(state: Path, key: list, cat) -> None:
    kinds = []
    for k in cat.kinds.values():
        rx = {name: (tuple(_plain(r) for r in v) if name == "requires" else _plain(v)) for name, v in k.rx.items()}
        kinds.append((k.id, k.about, k.consequence, k.broad, k.safe, k.tools, k.calls, k.path_tools, k.langs,
                      k.alternatives, rx, k.area))
    derived = (cat._short, cat._by_head, cat._index, cat._always)
    tmp = state / f".{SNAPSHOT_NAME}.{os.getpid()}.tmp"
    try:
        tmp.write_bytes(marshal.dumps((key, kinds, derived)))
        os.replace(tmp, state / SNAPSHOT_NAME)
    except (OSError, ValueError):
        tmp.unlink(missing_ok=True)


def read(state: Path | None, key: list):
    from memkit.activation.catalogue import Catalogue, Kind, Rx

    if state is None:
        return None
    try:
        stored, kinds, derived = marshal.loads((state / SNAPSHOT_NAME).read_bytes())
        if stored != key:
            return None
        built = {}
        for (kid, about, consequence, broad, safe, tools, calls, path_tools, langs, alternatives, rx,
             area) in kinds:
            made = {name: (tuple(Rx(*r) for r in v) if name == "requires" else Rx(*v)) for name, v in rx.items()}
            built[kid] = Kind(kid, about, consequence, broad, safe, tools, calls, path_tools, langs, alternatives,
                              made, area)
        return Catalogue(built, derived)
    except (OSError, ValueError, EOFError, TypeError):
        return None
