"""The `memkit` executable: hook calls take a short path that never imports click.

Owns only the dispatch between the hook fast path and the full command line.
"""
from __future__ import annotations

import sys


def _fast_hook(argv: list[str]) -> int | None:
    """`[--vault V] check|context --hook` straight to memkit.hook, without click: it runs on every tool call."""
    rest, vault_path = list(argv), None
    if rest[:1] == ["--vault"] and len(rest) >= 2:
        vault_path, rest = rest[1], rest[2:]
    elif rest and rest[0].startswith("--vault="):
        vault_path, rest = rest[0].split("=", 1)[1], rest[1:]
    if len(rest) != 2 or rest[0] not in ("check", "context") or rest[1] != "--hook":
        return None
    from memkit.activation import hook

    return hook.run(rest[0], vault_path, sys.stdin.read())


def _fast_pre_commit(argv: list[str]) -> int | None:
    """`[--vault V] hooks run pre-commit` with no trace staged: done, before click is imported."""
    rest, vault_path = list(argv), None
    if rest[:1] == ["--vault"] and len(rest) >= 2:
        vault_path, rest = rest[1], rest[2:]
    if rest != ["hooks", "run", "pre-commit"]:
        return None
    from memkit.integrations import githook

    return 0 if githook.nothing_staged(vault_path) else None


def main() -> None:
    fast = _fast_hook(sys.argv[1:])
    if fast is None:
        fast = _fast_pre_commit(sys.argv[1:])
    if fast is not None:
        sys.exit(fast)
    from memkit.cli import main as cli_main

    cli_main()
