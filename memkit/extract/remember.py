"""`remember`: one observation candidate written on purpose (by an agent through MCP, or a person).

Owns turning a statement into a candidate in workshop/observations/<kind>/, with the id
scheme, frontmatter and template extraction uses. Never writes outside the workshop,
never overwrites a note (the same statement from the same session is the same id), and
redacts secrets before anything is written.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from memkit import extract
from memkit.storage import index, notes, templates
from memkit.errors import InvalidInput, NotFound
from memkit.storage.vault import Vault

TAG = "mcp@1"
KINDS = tuple(extract.PREFIX)
FIELDS = {"correction": ("trigger", "lesson", "action_types"), "fact": ("key", "value"),
          "negative_result": ("approach", "reason"), "decision": ("alternatives", "chosen")}
LIFECYCLE = {"preference": "self", "question": "operational"}


def _trace(vault: Vault, session: str | None) -> notes.Note | None:
    """The trace of the calling session, when it has been ingested already."""
    if not session:
        return None
    from memkit.storage import lookup

    try:
        rel = lookup.resolve(vault, session, kinds=("trace",))
    except (NotFound, InvalidInput):
        return None
    return notes.read(vault.root / rel)


def _fields(kind: str, text: str, given: dict[str, Any] | None) -> dict[str, Any]:
    from memkit.redact import redact

    extra = {k: v for k, v in (given or {}).items() if v not in (None, "", [])}
    unknown = sorted(set(extra) - set(FIELDS.get(kind, ())))
    if unknown:
        allowed = ", ".join(FIELDS.get(kind, ())) or "none"
        raise InvalidInput(f"{', '.join(unknown)} do not apply to a {kind} (fields for it: {allowed})")
    if kind == "negative_result" and not extra.get("approach"):   # "tried X, it failed because Y"
        from types import SimpleNamespace

        from memkit.extract import statements

        said = statements.negatives(SimpleNamespace(n=0, ts=None), text)
        extra.update({k: v for k, v in (said[0].fields if said else {"approach": text}).items() if v and k not in extra})
    elif kind == "decision":
        extra.setdefault("chosen", text)
    elif kind != "fact":   # the statement where every reader of a candidate looks for it, as extraction puts it
        extra.setdefault("lesson", text)
    return {k: (redact(v)[0] if isinstance(v, str) else v) for k, v in extra.items()}


def remember(vault: Vault, text: str, *, kind: str = "discovery", session: str | None = None,
             fields: dict[str, Any] | None = None, importance: float = 0.5, confidence: float = 0.6,
             extractor: str = TAG, commit: bool = True) -> dict[str, Any]:
    """Write one candidate and commit it (when `[git] commit` is on, trailers naming it and its
    turn); returns {"id", "path", "written", "commit"} (written False: it was there already).

    A fact is an agent's inference until a person accepts it: `source_kind: agent_inferred`,
    `trust` at most the agent-inferred trust (0.5 by default), whatever the caller says."""
    from memkit.redact import redact

    if kind not in KINDS:
        raise InvalidInput(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    statement = redact((text or "").strip())[0]
    if not statement:
        raise InvalidInput("nothing to remember: the text is empty")
    extra = _fields(kind, statement, fields)
    if kind == "fact":
        extra.update(_fact_fields(vault, extra))
    trace = _trace(vault, session)
    trace_id = trace.id if trace else ""
    turn = int(trace.meta.get("turns") or 0) if trace else 0
    ctx = extract.TraceContext(trace_id or session or "mcp", "", session or "", "", "", "", "", False, [])
    cand = extract.Candidate(kind, turn, statement, confidence, importance, LIFECYCLE.get(kind, "knowledge"),
                             extra, created=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    cid = extract.candidate_id(ctx, cand)
    rel = f"workshop/observations/{kind}/{cid}.md"
    meta, body = _note(vault, cand, cid, extractor, trace, session)
    with vault.lock():
        if (vault.root / rel).exists():
            return {"id": cid, "path": rel, "written": False, "commit": None}
        vault.write_text(rel, notes.render(notes.Note(meta, body)), exclusive=True)
        index.update_paths(vault, [vault.root / rel])
        sha = _commit(vault, rel, cid, kind, meta) if commit else None
    return {"id": cid, "path": rel, "written": True, "commit": sha}


def _fact_fields(vault: Vault, extra: dict[str, Any]) -> dict[str, Any]:
    from memkit.facts import files as factfiles

    if not extra.get("key") or extra.get("value") in (None, ""):
        raise InvalidInput("a fact needs fields key and value")
    value = " ".join(str(extra["value"]).split())
    if len(value) > 2000:
        raise InvalidInput(f"a fact value must be 1-2000 characters (got {len(value)})")
    ceiling = float(vault.config.section("facts").get("trust", {}).get("agent_inferred", 0.5))
    return {"key": factfiles.normalise_key(str(extra["key"])), "value": value,
            "source_kind": "agent_inferred", "trust": round(min(ceiling, 0.5), 3)}


def _commit(vault: Vault, rel: str, cid: str, kind: str, meta: dict[str, Any]) -> str | None:
    if not vault.config.get("git.commit"):
        return None
    from memkit.storage import git

    trailers = [("Memkit-Action", "remember"), ("Memkit-Candidate", cid)]
    if str(meta.get("source") or "").startswith("[[") and "#^t" in str(meta.get("source")):
        trailers.append(("Memkit-Source", str(meta["source"])))
    return git.commit(vault.root, [vault.root / rel], f"memkit: remember {kind} {cid}", trailers)


def _note(vault: Vault, c: extract.Candidate, cid: str, tag: str, trace: notes.Note | None,
          session: str | None) -> tuple[dict[str, Any], str]:
    meta: dict[str, Any] = {"type": "observation", "id": cid, "kind": c.kind, "status": "candidate",
                            "lifecycle": c.lifecycle, "confidence": round(c.confidence, 2),
                            "importance": round(c.importance, 2), "created": c.created}
    origin = "remembered through " + ("MCP" if tag.startswith("mcp") else tag.split("@")[0])
    if trace is not None:
        anchor = f"#^t{c.turn}" if c.turn else ""
        meta.update(session=f"[[{trace.id}]]", source=f"[[{trace.id}{anchor}]]",
                    project=str(trace.meta.get("project") or ""))
    elif session:   # the agent's own session id, as a trace names it; the link comes with its ingest
        meta["session_id"] = session
        origin += f" in session {session} (not ingested yet)"
    meta["extractor"] = tag
    meta.update(c.fields)
    body = templates.render("observation", vault.root, kind=c.kind, statement=c.statement,
                            trace=trace.id if trace else "", turn=c.turn, how="", evidence=[],
                            trigger_about=c.fields.get("trigger", ""), origin=origin, **c.fields)
    body = body.rstrip("\n") + "\n"
    from memkit.activation import cues

    cues.attach(vault, meta)   # the compiled cue, as every lesson note written carries it
    return notes.stamp(meta, body), body
