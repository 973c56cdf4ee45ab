"""Declaring memkit's merge driver: `.gitattributes` in the vault, `merge.memkit` in the clone's git config.

Owns the lines memkit adds to the vault's `.gitattributes` (its note folders only; every other line
kept) and the `[merge "memkit"]` entry of the repository's config, which git does not carry from
clone to clone — `memkit init`, `memkit hooks install --git` and `memkit sync` each register it.
Never touches a line it did not write.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ATTRIBUTES = ".gitattributes"
FOLDERS = ("traces", "workshop", "observations", "episodes", "facts", "library")
HEADER = "# memkit: notes merge by rule (memkit merge-driver; see `memkit sync --help`)"
LINES = tuple(f"{folder}/**/*.md merge=memkit" for folder in FOLDERS)
NAME = "memkit notes: frontmatter by rule, bodies three-way"


def attributes_text(old: str) -> str | None:
    """The .gitattributes text with memkit's lines added, or None when they are all there."""
    have = set(old.splitlines())
    missing = [line for line in LINES if line not in have]
    if not missing:
        return None
    block = ([HEADER] if HEADER not in have else []) + missing
    return old + ("" if not old or old.endswith("\n") else "\n") + "\n".join(block) + "\n"


def declare(vault) -> bool:
    """Add memkit's lines to the vault's .gitattributes; True when the file changed."""
    path = vault.root / ATTRIBUTES
    old = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    new = attributes_text(old)
    if new is None:
        return False
    vault.write_text(ATTRIBUTES, new)
    return True


def command() -> str:
    """What git runs: this very memkit, by its interpreter (so a venv's memkit is the one that merges)."""
    return shlex.join([os.path.abspath(sys.executable), "-P", "-m", "memkit", "merge-driver"]) + " %O %A %B %L %P"


def register(top: Path, current: dict[str, str] | None = None) -> bool:
    """Set `merge.memkit.driver` in the repository's own config (current: its config as read already);
    True when it changed."""
    wanted = {"merge.memkit.name": NAME, "merge.memkit.driver": command()}
    changed = False
    for key, value in wanted.items():
        have = current.get(key) if current is not None else _config(top, "--get", key).stdout.strip()
        if have != value:
            _config(top, key, value)
            changed = True
    return changed


def registered(top: Path) -> bool:
    return _config(top, "--get", "merge.memkit.driver").stdout.strip() == command()


def install(vault) -> list[str]:
    """Declare and register the driver for the repository around the vault (the installers' one call);
    a changed .gitattributes is committed as memkit's own file."""
    from memkit.storage import git

    found = git.hooks_dir(vault.root)
    if found is None:
        return []
    top = found[0]
    lines = []
    if declare(vault):
        if vault.config.get("git.commit"):
            git.commit(vault.root, [vault.root / ATTRIBUTES], "memkit: merge notes by rule",
                       [("Memkit-Action", "merge-driver")])
        lines.append(f"git: {vault.root / ATTRIBUTES} routes memkit's notes to its merge driver")
    if register(top):
        lines.append(f"git: memkit's merge driver registered in {top}'s git config (merge.memkit)")
    return lines


def _config(top: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GIT_") or k in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")}
    return subprocess.run(["git", "config", "--local", *args], cwd=top, capture_output=True, text=True,
                          check=False, env=env, timeout=30)
