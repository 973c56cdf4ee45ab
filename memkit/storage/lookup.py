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
_TURN_LINK = re.compile(r"\[\[([^\]#|]+)#\^t(\d+)")


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
            row = con.execute("SELECT path, type FROM files WHERE type='trace' AND (json_extract(meta, "
                              "'$.session_id')=? OR json_extract(meta, '$.session')=?) LIMIT 1",
                              (ident, ident)).fetchone()
        if row and (not kinds or row[1] in kinds):
            return row[0]
        ids = [r[0] for r in con.execute("SELECT id FROM files" + (" WHERE type IN (%s)" % ",".join(
            "?" * len(kinds)) if kinds else ""), kinds)]
        broken = con.execute("SELECT path, message FROM problems WHERE path LIKE ? ESCAPE '\\' LIMIT 1",
                             ("%/" + re.sub(r"([%_\\])", r"\\\1", ident) + ".md",)).fetchone()
    if broken:   # the note is there, but its frontmatter cannot be read: say so, not "not found"
        raise InvalidInput(f"{broken[0]}: {ident} cannot be read ({broken[1]}); fix its frontmatter by hand "
                           "(`memkit doctor` lists every such note)")
    raise NotFound(f"{vault_mod.shown(ident)} not found" + _suggest(ident[:200], ids))


def _suggest(ident: str, ids: list[str]) -> str:
    from memkit.similar import process

    best = process.extract(ident, ids, limit=3, score_cutoff=60)
    return f" (did you mean {', '.join(b[0] for b in best)}?)" if best else ""


def show(vault, ident: str) -> dict[str, Any]:
    key = ident.strip().strip("[]")
    m = _TURN.match(key)   # `ID`, `ID#^tN`; else `ID#Heading`
    base, turn, section = (m.group("id"), m.group("turn"), "") if m else (key.split("#", 1)[0], None,
                                                                            key.split("#", 1)[-1])
    rel = resolve(vault, base)
    note = notes.read(vault.path(rel))
    if section:   # `NOTE-ID#Heading`: one section of a long note, as search names it
        return {"id": note.id, "path": rel, "section": section, "text": _section(note, section)}
    if turn is None:
        text = vault_mod.read_file(vault.path(rel)).decode("utf-8", errors="replace")
        shown = {"id": note.id, "path": rel, "meta": note.meta, "text": text}
        from memkit.activation import catalogue, cues, render

        cue = cues.effective(vault, note.meta)
        if cue is not None:   # what the note fires on, in words (edit its `cue:` to change it)
            shown["cue"] = cue
            shown["text"] = text.rstrip("\n") + "\n\n" + render.describe_line(cue, catalogue.load(vault.root)) + "\n"
        return shown
    for t in traces.parse_turns(note.body):
        if t.n == int(turn):
            return {"id": note.id, "path": rel, "turn": t.n, "role": t.role.value, "text": turn_text(note.id, t)}
    raise NotFound(f"{base} has no turn {turn} (it has {note.meta.get('turns', '?')} turns)")


def _section(note: notes.Note, heading: str) -> str:
    """The `## heading` section of a note's body, down to the next `## ` heading."""
    lines = note.body.splitlines()
    wanted = " ".join(heading.split()).lower()
    start = next((k for k, line in enumerate(lines) if line.startswith("## ")
                  and " ".join(line[3:].split()).lower() == wanted), None)
    if start is None:
        heads = [line[3:].strip() for line in lines if line.startswith("## ")]
        from memkit.storage.printable import printable

        raise NotFound(printable(f"{note.id} has no section {heading!r}" + (f" (it has: {', '.join(heads[:8])})"
                                                                             if heads else "")))
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
    return f"{note.id}#{lines[start][3:].strip()}\n" + "\n".join(lines[start + 1:end]).strip("\n") + "\n"


def turn_text(trace_id: str, t) -> str:
    """One turn as `memkit show ID#^tN` prints it: a header line, the text, its tool calls."""
    calls = "\n".join(f"[{c.name}] {c.input}" for c in t.tool_calls)
    return f"{trace_id}#^t{t.n} · {t.role.value}{' ' + t.tool_name if t.tool_name else ''}" \
           f"{' · ' + t.ts if t.ts else ''}\n{t.text}\n{calls}".rstrip() + "\n"


def trace_turns(vault, ident: str, lo: int, hi: int) -> tuple[notes.Note, list]:
    """The trace called ident and its turns lo..hi (inclusive)."""
    rel = resolve(vault, ident.strip().strip("[]").split("#", 1)[0])
    note = notes.read(vault.root / rel)
    if note.type != "trace":
        raise NotFound(f"{note.id} is a {note.type or 'file'}, not a trace; turns belong to traces")
    return note, [t for t in traces.parse_turns(note.body) if lo <= t.n <= hi]


def anchor(vault, ident: str) -> tuple[str, int]:
    """(trace id, turn) that ident points at: `TRACE#^tN`, or a note whose `source` links a turn."""
    m = _TURN.match(ident.strip().strip("[]"))
    if m and m.group("turn"):
        return m.group("id"), int(m.group("turn"))
    note = notes.read(vault.root / resolve(vault, ident))
    for value in (note.meta.get("source"), note.meta.get("sources"), note.meta.get("session")):
        found = _TURN_LINK.search(str(value or ""))
        if found:
            return found.group(1), int(found.group(2))
    raise NotFound(f"{note.id} points at no trace turn; give an anchor as TRACE-ID#^tN")


def timeline(vault, ident: str, before: int = 3, after: int = 3) -> dict[str, Any]:
    """The turns around an anchor: `before` turns before it, the anchor, `after` turns after it."""
    tid, n = anchor(vault, ident)
    note, turns = trace_turns(vault, tid, n - before, n + after)
    if not any(t.n == n for t in turns):
        raise NotFound(f"{note.id} has no turn {n} (it has {note.meta.get('turns', '?')} turns)")
    return {"trace": note.id, "anchor": n, "project": note.meta.get("project"),
            "total_turns": note.meta.get("turns"), "turns": turns}
