"""Shell completion of what a command takes by id: note ids, trace ids with their turns
(`ID#^tN`), fact keys and open fact conflicts, read from the index as it is.

Completion runs on every Tab: it never refreshes or creates the index, never writes, and
answers nothing rather than fail (no vault, no index yet, a locked database).
"""
from __future__ import annotations

from contextlib import closing

import click
from click.shell_completion import CompletionItem

LIMIT = 200


def _rows(ctx: click.Context, sql: str, args: tuple) -> list[tuple]:
    from memkit.storage import index
    from memkit.storage import vault as vault_mod

    try:
        v = vault_mod.find(ctx.find_root().params.get("vault_path"))
        with closing(index.connect(v.index_path, create=False)) as con:
            return con.execute(sql, args).fetchall()
    except Exception:  # noqa: BLE001 — completion stays silent: no vault, no index, a busy database
        return []


def _like(incomplete: str) -> str:
    return incomplete.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _ids(ctx: click.Context, incomplete: str, where: str = "1") -> list[CompletionItem]:
    if "#" in incomplete:
        return _turns(ctx, incomplete)
    rows = _rows(ctx, f"SELECT id, type, title FROM files WHERE {where} AND id LIKE ? ESCAPE '\\' "
                      f"ORDER BY id LIMIT {LIMIT}", (_like(incomplete),))
    return [CompletionItem(i, help=f"{t}: {(title or '')[:60]}") for i, t, title in rows]


def _turns(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    base = incomplete.split("#", 1)[0]
    rows = _rows(ctx, "SELECT json_extract(meta, '$.turns') FROM files WHERE id = ? AND type = 'trace'", (base,))
    total = int(rows[0][0] or 0) if rows and str(rows[0][0] or "").isdigit() else 0
    found = [f"{base}#^t{n}" for n in range(1, total + 1)]
    return [CompletionItem(f) for f in found if f.startswith(incomplete)][:LIMIT]


def note_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Any note's id; a trace id followed by `#` completes to its turns."""
    return _ids(ctx, incomplete)


def trace_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, "type = 'trace'")


def reviewable_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Candidates and proposals waiting in the workshop."""
    return _ids(ctx, incomplete, "layer = 'workshop' AND status = 'candidate'")


def library_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, "layer = 'library'")


def fact_key(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    rows = _rows(ctx, "SELECT json_extract(meta, '$.key'), json_extract(meta, '$.value') FROM files "
                      "WHERE layer = 'fact' AND type = 'fact' ORDER BY 1", ())
    return [CompletionItem(k, help=str(v)[:60]) for k, v in rows if str(k).startswith(incomplete)][:LIMIT]


def conflict_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _ids(ctx, incomplete, "type = 'fact-conflict' AND status = 'open'")
