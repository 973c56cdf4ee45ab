"""Shell completion of what a command takes by id: note ids, trace ids with their turns
(`ID#^tN`), fact keys and open fact conflicts, read from the index as it is.

Completion runs on every Tab: it never refreshes or creates the index, never writes, and
answers nothing rather than fail (no vault, no index yet, a locked database).
"""
from __future__ import annotations

import click
from click.shell_completion import CompletionItem

LIMIT = 200


def _ask(ctx: click.Context, question: str, *args, **filters):
    """What storage.queries' function `question` answers about the command line's vault; [] when
    there is no answer (no vault, no index, a busy database)."""
    from memkit.storage import queries
    from memkit.storage import vault as vault_mod

    try:
        v = vault_mod.find(ctx.find_root().params.get("vault_path"))
        return getattr(queries, question)(v, *args, **filters)
    except Exception:  # noqa: BLE001 — completion stays silent: no vault, no index, a busy database
        return []


def _ids(ctx: click.Context, incomplete: str, **filters) -> list[CompletionItem]:
    if "#" in incomplete:
        return _turns(ctx, incomplete)
    found = _ask(ctx, "ids_starting", incomplete, LIMIT, **filters)
    return [CompletionItem(n.id, help=f"{n.type}: {(n.title or '')[:60]}") for n in found]


def _turns(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    base = incomplete.split("#", 1)[0]
    turns = _ask(ctx, "trace_turns", base)
    total = int(turns) if str(turns or "").isdigit() else 0
    found = [f"{base}#^t{n}" for n in range(1, total + 1)]
    return [CompletionItem(f) for f in found if f.startswith(incomplete)][:LIMIT]


def note_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Any note's id; a trace id followed by `#` completes to its turns."""
    return _ids(ctx, incomplete)


def trace_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, types=("trace",))


def reviewable_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Candidates and proposals waiting in the workshop."""
    return _ids(ctx, incomplete, layer="workshop", statuses=("candidate",))


def library_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, layer="library")


def fact_key(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return [CompletionItem(f.key, help=str(f.value)[:60]) for f in _ask(ctx, "fact_values")
            if str(f.key).startswith(incomplete)][:LIMIT]


def conflict_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, types=("fact-conflict",), statuses=("open",))
