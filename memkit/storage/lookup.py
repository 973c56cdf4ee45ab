"""Finding notes by id: exact, by session id, or with a 'did you mean' when missing.

Owns resolving what a person typed (an id, a path, `trace#^tN`) to one file,
through the index. Never guesses silently: an unknown id is an error with suggestions.
"""
from __future__ import annotations

import os
import re
from contextlib import closing
from typing import Any

from memkit.storage import index, notes
from memkit.traces import render as traces
from memkit.errors import InvalidInput, NotFound
from memkit.storage import vault as vault_mod

_TURN = re.compile(r"^(?P<id>[^#]+?)(?:#\^?t(?P<turn>\d+))?$")


def resolve(vault, ident: str, kinds: tuple[str, ...] = ()) -> str:
    """The vault-relative path of the note called ident (id, path or session id)."""
    ident = ident.strip().strip("[]")
    if ident.endswith(".md") and os.path.lexists(vault.path(ident)):   # the boundary refuses links and `../`
        if not vault_mod.is_file(vault.root / ident):
            raise InvalidInput(f"{ident} is not a regular file; memkit reads only notes")
        return ident
    index.refresh(vault)
    with closing(index.connect(vault.index_path)) as con:
        row = con.execute("SELECT path, type FROM files WHERE id=? ORDER BY path LIMIT 1", (ident,)).fetchone()
        if row is None:
            row = con.execute("SELECT path, type FROM files WHERE type='trace' AND "
                              "json_extract(meta, '$.session')=? LIMIT 1", (ident,)).fetchone()
        if row and (not kinds or row[1] in kinds):
            return row[0]
        ids = [r[0] for r in con.execute("SELECT id FROM files" + (" WHERE type IN (%s)" % ",".join(
            "?" * len(kinds)) if kinds else ""), kinds)]
    raise NotFound(f"{vault_mod.shown(ident)} not found" + _suggest(ident[:200], ids))


def _suggest(ident: str, ids: list[str]) -> str:
    from rapidfuzz import process

    best = process.extract(ident, ids, limit=3, score_cutoff=60)
    return f" (did you mean {', '.join(b[0] for b in best)}?)" if best else ""


def show(vault, ident: str) -> dict[str, Any]:
    m = _TURN.match(ident.strip().strip("[]"))
    base, turn = (m.group("id"), m.group("turn")) if m else (ident, None)
    rel = resolve(vault, base)
    note = notes.read(vault.path(rel))
    if turn is None:
        text = vault_mod.read_file(vault.path(rel)).decode("utf-8", errors="replace")
        return {"id": note.id, "path": rel, "meta": note.meta, "text": text}
    for t in traces.parse_turns(note.body):
        if t.n == int(turn):
            calls = "\n".join(f"[{c.name}] {c.input}" for c in t.tool_calls)
            text = f"{note.id}#^t{t.n} · {t.role.value}{' ' + t.tool_name if t.tool_name else ''}" \
                   f"{' · ' + t.ts if t.ts else ''}\n{t.text}\n{calls}".rstrip() + "\n"
            return {"id": note.id, "path": rel, "turn": t.n, "role": t.role.value, "text": text}
    raise NotFound(f"{base} has no turn {turn} (it has {note.meta.get('turns', '?')} turns)")
