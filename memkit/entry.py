"""The `memkit` executable: hook calls and plain searches take a short path that never imports click.

Owns only the dispatch between the fast paths and the full command line. A fast path that
meets anything unusual (an option it does not know, an error) leaves the call to click.
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


def _fast_search(argv: list[str]) -> int | None:
    """`[--vault V] search QUERY [--json] [--limit N] [--by turn|note]`, printed as click would."""
    rest, vault_path = list(argv), None
    if rest[:1] == ["--vault"] and len(rest) >= 2:
        vault_path, rest = rest[1], rest[2:]
    elif rest and rest[0].startswith("--vault="):
        vault_path, rest = rest[0].split("=", 1)[1], rest[1:]
    if rest[:1] != ["search"]:
        return None
    opts = _search_options(rest[1:])
    if opts is None:
        return None
    import os

    from memkit import search
    from memkit.storage import vault as vault_mod

    colour = not opts["as_json"] and sys.stdout.isatty() and not os.environ.get("NO_COLOR") \
        and os.environ.get("TERM") != "dumb"
    try:
        out, note = search.answer(vault_mod.find(vault_path), opts.pop("query"), **opts, colour=colour)
    except Exception:   # noqa: BLE001 — click says it, the one way every command does
        return None
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        return 0
    sys.stderr.write(note)
    return 0


def _search_options(args: list[str]) -> dict | None:
    opts: dict = {"query": None, "as_json": False, "limit": 10, "by": "turn"}
    it = iter(args)
    for arg in it:
        name, eq, value = arg.partition("=")
        if arg == "--json":
            opts["as_json"] = True
        elif name in ("--limit", "--by"):
            value = value if eq else next(it, None)
            if name == "--limit":
                if value is None or not value.isdigit() or not 1 <= int(value) <= 1000:
                    return None
                opts["limit"] = int(value)
            elif value in ("turn", "note"):
                opts["by"] = value
            else:
                return None
        elif arg.startswith("-") or opts["query"] is not None:
            return None
        else:
            opts["query"] = arg
    return opts if opts["query"] is not None else None


def main() -> None:
    fast = _fast_hook(sys.argv[1:])
    if fast is None:
        fast = _fast_pre_commit(sys.argv[1:])
    if fast is None:
        fast = _fast_search(sys.argv[1:])
    if fast is not None:
        sys.exit(fast)
    from memkit.cli import main as cli_main

    cli_main()
