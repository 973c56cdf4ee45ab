"""Where a vault keeps things, by name: its note folders, its state folder and its index file.

Owns those names, the walk that lists a vault's notes (names and stats, no file read), and
`Layout`, a vault known by its folder alone, as strings: what a search needs to refresh and read
the index when no note changed, without pathlib or the vault module (their imports are a fifth
of a search process). Writes nothing; the index makes a Layout the full Vault the moment a note
must be read.
"""
from __future__ import annotations

import os
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

CONFIG_NAME = "memkit.toml"
STATE_DIR = ".memkit"
NOTE_DIRS = ("traces", "workshop", "observations", "episodes", "facts", "library")


class Layout:
    """root, state and index_path as strings, the root resolved as Vault resolves it."""
    __slots__ = ("index_path", "root", "state")

    def __init__(self, root: str):
        self.root = os.path.realpath(root)
        self.state = os.path.join(self.root, STATE_DIR)
        self.index_path = os.path.join(self.state, "index.sqlite")


def walk(root, tops: tuple[str, ...] | None = None, *, stat: bool = True, ordered: bool = False,
          folders: dict[str, int] | None = None) -> Iterator[tuple[str, str, os.stat_result | None]]:
    """(vault-relative path, path, stat) of the notes Vault.note_files lists (same folders, same
    exclusions), with one stat call per file and no path resolution: a refresh stats every file.
    ordered: depth first in name order, as Vault.note_files (and os.walk) go. folders: filled with
    each folder's mtime, read before the folder is listed (a change meanwhile shows next time)."""
    for top in tops or NOTE_DIRS:
        base = os.path.join(root, top)
        if os.path.islink(base) or not os.path.isdir(base):
            continue
        stack = [(base, top)]
        while stack:
            here, rel = stack.pop()
            try:
                if folders is not None:
                    folders[rel] = os.stat(here).st_mtime_ns
                entries = list(os.scandir(here))
            except OSError:
                continue
            if ordered:
                entries.sort(key=lambda e: e.name)
            dirs = []
            for e in entries:
                try:
                    is_dir, is_link = e.is_dir(), e.is_symlink()
                except OSError:
                    continue
                if is_dir:
                    if not is_link and not e.name.startswith(".") and e.name != "raw":
                        dirs.append((e.path, f"{rel}/{e.name}"))
                elif e.name.endswith(".md") and not is_link:
                    try:
                        st = e.stat(follow_symlinks=False) if stat else None
                    except OSError:
                        continue
                    yield f"{rel}/{e.name}", e.path, st
            stack.extend(reversed(dirs))
