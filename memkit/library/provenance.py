"""Provenance: where a note came from, down to the session turns — `memkit why`.

Owns following a note's links (library note → observations / episodes → trace
turns; a fact's history → its sessions), quoting the turns they point at, and the
commits that created and changed each file on the way. Reads only; never writes.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from memkit.storage import index, notes
from memkit.traces import render as traces
from memkit.errors import InvalidInput

LINK = re.compile(r"\[\[([^\]|#]+)(?:#\^?t(\d+))?(?:\|[^\]]*)?\]\]")
REF_KEYS = ("sources", "source", "session", "sessions", "decisions", "episodes")
QUOTE_CACHE = 64   # trace bodies a quoting run keeps
QUOTE_CHARS = 300
MAX_DEPTH = 3
# review actions (commit trailers) and the status each leaves a note in
DECIDING = {"accept": "accepted", "reject": "rejected", "promote": "promoted", "merge": "promoted",
            "fact-resolve": "resolved"}
DECIDED = ("observation", "proposal", "episode", "fact-conflict")   # the notes a person decides on


def links(value: Any) -> list[tuple[str, int | None]]:
    """(id, turn or None) for every wikilink in a frontmatter value (a string or a list)."""
    texts = [value] if isinstance(value, str) else [str(v) for v in value or [] if not isinstance(v, dict)]
    found = []
    for text in texts:
        bare = text if "[[" in text else f"[[{text}]]" if "#^t" in text and " " not in text else ""
        for m in LINK.finditer(bare):
            found.append((m.group(1).strip(), int(m.group(2)) if m.group(2) else None))
    return found


def turn_refs(value: Any) -> list[str]:
    """`trace#^tN` for every turn link, in order, without repeats."""
    out: list[str] = []
    for tid, n in links(value):
        ref = f"{tid}#^t{n}"
        if n is not None and ref not in out:
            out.append(ref)
    return out


def find(vault, ident: str) -> str | None:
    """The vault-relative path of the note with this id, from the index (None when unknown)."""
    from memkit.storage import queries

    return queries.note_path(vault, ident)


def trace_path(vault, tid: str) -> Path | None:
    guess = vault.root / traces.folder(tid) / f"{tid}.md"
    if guess.is_file():
        return guess
    rel = find(vault, tid)
    return vault.root / rel if rel else None


def quote(vault, tid: str, n: int, cache: dict | None = None, limit: int = QUOTE_CHARS) -> dict[str, Any]:
    """One trace turn as evidence: who said what, when, cut to `limit` characters. The cache
    holds trace bodies (and where their turns lie) by id (bounded: a promotion scan quotes from
    thousands of traces)."""
    cache = {} if cache is None else cache
    if tid not in cache:
        if len(cache) >= QUOTE_CACHE:
            cache.pop(next(iter(cache)))
        path = trace_path(vault, tid)
        try:
            body = notes.read(path).body if path else None
        except InvalidInput:
            body = None
        cache[tid] = (body, traces.turn_spans(body)) if body is not None else (None, None)
    found = {"link": f"{tid}#^t{n}", "trace": tid, "turn": n, "role": "", "ts": "", "text": ""}
    body, spans = cache[tid]
    turn = traces.parse_turn(body, n, spans) if body is not None else None
    if turn is None:
        found["missing"] = "trace not in the vault" if body is None else "no such turn"
        return found
    calls = " ".join(f"[{c.name}] {c.input}" for c in turn.tool_calls)
    text = " ".join(f"{turn.text} {calls}".split())
    found.update(role=turn.role.value + (f" {turn.tool_name}" if turn.tool_name else ""), ts=turn.ts or "",
                 text=text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …")
    return found


def commits(vault, rel: str) -> list[dict[str, str]]:
    """Commits that created or changed the file, oldest first; a reviewed note's workshop past included."""
    from memkit.storage import git

    # its life in the workshop came first, so those commits lead (dates tie within a second)
    paths = ([f"workshop/{rel}"] if rel.split("/", 1)[0] in ("observations", "episodes") else []) + [rel]
    seen: dict[str, dict[str, str]] = {}
    for p in paths:   # both sides of a team's merge: a decision the merge overruled is history too
        for c in reversed(git.log(vault.root, vault.root / p, full_history=True)):
            seen.setdefault(c["sha"], {"sha": c["sha"], "date": c["date"], "subject": c["subject"],
                                       "author": c.get("author", ""), **_trailers(c.get("message", ""))})
    return sorted(seen.values(), key=lambda c: c["date"])


def _trailers(message: str) -> dict[str, str]:
    found = {}
    for line in message.splitlines():
        for key, name in (("Memkit-Action: ", "action"), ("Memkit-By: ", "by")):
            if line.startswith(key):
                found[name] = line[len(key):].strip()
    return found


def decisions(meta: dict[str, Any], commits_: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Who decided on a note, oldest first — its review commits (their author, or Memkit-By), else what
    the note keeps (`reviewed_by`, and the decisions a team's merge overruled in `history`) — each
    marked `stands`, `agreed` (the same decision again) or `disagreed`."""
    found = [{"decision": DECIDING[c["action"]], "by": c.get("by") or c.get("author", ""), "at": c["date"],
              "commit": c["sha"]} for c in commits_ if c.get("action") in DECIDING]
    if not found:
        found = [{"decision": h.get("decision"), "by": h.get("by") or "", "at": str(h.get("at") or ""),
                  "reason": h.get("reason") or ""} for h in meta.get("history") or []
                 if isinstance(h, dict) and h.get("decision")]
        if meta.get("reviewed"):
            found.append({"decision": meta.get("status"), "by": meta.get("reviewed_by") or "",
                          "at": str(meta["reviewed"])})
    current = str(meta.get("status") or "")
    last = max((i for i, d in enumerate(found) if d["decision"] == current), default=None)
    for i, d in enumerate(found):
        d["verdict"] = "stands" if i == last else "agreed" if d["decision"] == current else "disagreed"
    return found


def why(vault, ident: str) -> dict[str, Any]:
    """The provenance chain of one note (id, `id#^tN` is refused, or a vault path)."""
    index.refresh(vault)
    rel = _resolve(vault, ident)
    return _node(vault, rel, set(), 0, {}, {})


def _resolve(vault, ident: str) -> str:
    from memkit.storage import lookup

    raw = ident.strip()
    path = Path(raw).expanduser()
    if path.is_absolute() and path.is_file():
        try:
            return vault.rel(path)
        except ValueError:
            raise InvalidInput(f"{raw} is outside the vault {vault.root}")
    if "#" in raw:
        raise InvalidInput(f"{raw!r} is a trace turn; `memkit show {raw}` prints it")
    return lookup.resolve(vault, raw)


def _node(vault, rel: str, seen: set[str], depth: int, cache: dict, trace_commits: dict) -> dict[str, Any]:
    note = notes.read(vault.root / rel)
    seen.add(note.id)
    meta = note.meta
    node: dict[str, Any] = {"id": note.id, "type": note.type, "kind": meta.get("kind") or meta.get("target"),
                            "status": meta.get("status"), "title": notes.title_of(note), "path": rel,
                            "created": meta.get("created") or meta.get("started"),
                            "promoted_to": meta.get("promoted_to"), "commits": commits(vault, rel),
                            "turns": [], "sources": [], "history": []}
    node["decisions"] = decisions(meta, node["commits"]) if note.type in DECIDED else []
    refs = [r for key in REF_KEYS for r in links(meta.get(key))]
    turn_traces = {tid for tid, n in refs if n is not None}
    for tid, n in refs:
        if n is not None:
            if all(t["link"] != f"{tid}#^t{n}" for t in node["turns"]):
                node["turns"].append(_turn(vault, tid, n, cache, trace_commits))
        elif tid not in seen and tid not in turn_traces and depth < MAX_DEPTH:
            node["sources"].append(_source(vault, tid, seen, depth, cache, trace_commits))
    reached = {t["link"] for src in node["sources"] for t in src.get("turns", [])}
    node["turns"] = [t for t in node["turns"] if t["link"] not in reached]  # shown under their observation
    if note.type == "fact":
        node["history"] = [_history(vault, h, cache, trace_commits) for h in meta.get("history") or []
                           if isinstance(h, dict)]
    return node


def _source(vault, tid: str, seen: set[str], depth: int, cache: dict, trace_commits: dict) -> dict[str, Any]:
    rel = find(vault, tid)
    if rel is None:
        seen.add(tid)
        return {"id": tid, "missing": "not in the vault", "commits": [], "turns": [], "sources": []}
    return _node(vault, rel, seen, depth + 1, cache, trace_commits)


def _turn(vault, tid: str, n: int, cache: dict, trace_commits: dict) -> dict[str, Any]:
    found = quote(vault, tid, n, cache)
    if tid not in trace_commits:
        path = trace_path(vault, tid)
        trace_commits[tid] = commits(vault, vault.rel(path)) if path else []
    found["trace_commits"] = trace_commits[tid]
    return found


def _history(vault, entry: dict, cache: dict, trace_commits: dict) -> dict[str, Any]:
    out = {k: entry.get(k) for k in ("value", "from", "to", "reason", "session")}
    out["turns"] = [_turn(vault, tid, n, cache, trace_commits) for tid, n in links(entry.get("session"))
                    if n is not None]
    return out


# ---- rendering ----------------------------------------------------------------
def render(node: dict[str, Any], indent: int = 0) -> list[str]:
    pad = "  " * indent
    if node.get("missing"):
        return [f"{pad}← {node['id']} ({node['missing']})"]
    head = f"{node['type']} {node['id']}" + (f" [{node['kind']}]" if node.get("kind") else "")
    title = node["title"] if len(node["title"]) <= 100 else node["title"][:100].rsplit(" ", 1)[0] + " …"
    lines = [f"{pad}{'← ' if indent else ''}{head} — {title} ({node.get('status') or 'no status'})",
             f"{pad}  {node['path']}" + (f" · promoted to {node['promoted_to']}" if node.get("promoted_to") else "")]
    lines += [f"{pad}  commit {c['sha'][:10]} {c['date'][:19]} {c['subject']}" for c in node["commits"]]
    lines += [_decision_line(d, pad) for d in node.get("decisions", [])]
    for h in node.get("history", []):
        lines.append(f"{pad}  was {h['value']!r} from {h.get('from')} to {h.get('to')}"
                     + (f" — {h['reason']}" if h.get("reason") else "")
                     + (f" ({h['session']})" if h.get("session") else ""))
        lines += _turn_lines(h["turns"], pad + "    ")
    lines += _turn_lines(node["turns"], pad + "  ")
    for src in node["sources"]:
        lines += render(src, indent + 1)
    return lines


def _decision_line(d: dict[str, Any], pad: str) -> str:
    label = {"stands": "decided", "agreed": "also", "disagreed": "disagreed"}[d["verdict"]]
    line = f"{pad}  {label}: {d['decision']} by {d['by'] or 'someone'} at {str(d['at'])[:19]}"
    line += f" (commit {d['commit'][:10]})" if d.get("commit") else ""
    line += f" — {d['reason']}" if d.get("reason") else ""
    return line + (" — overruled by the later decision" if d["verdict"] == "disagreed" else "")


def _turn_lines(turns: list[dict[str, Any]], pad: str) -> list[str]:
    lines = []
    for t in turns:
        if t.get("missing"):
            lines.append(f"{pad}← turn {t['link']} ({t['missing']})")
            continue
        lines.append(f"{pad}← turn {t['link']} · {t['role']}" + (f" · {t['ts']}" if t["ts"] else ""))
        lines.append(f"{pad}    > {t['text']}")
        lines += [f"{pad}    trace commit {c['sha'][:10]} {c['date'][:19]} {c['subject']}"
                  for c in t.get("trace_commits", [])]
    return lines
