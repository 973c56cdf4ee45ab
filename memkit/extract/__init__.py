"""Extraction (layer 2): typed observation candidates from traces, into the workshop.

Owns the one interface both extractors implement (`extract(ctx, config) ->
[Candidate]`), deterministic ids, and the rules of re-running: the same trace
writes nothing new; a newer extractor version replaces its own unreviewed,
unedited candidates; a reviewed or rejected candidate (the tombstone) is never
touched or proposed again. Never writes outside workshop/ and the trace's
`extracted` key.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memkit.storage import notes, templates
from memkit.traces import render as traces
from memkit.errors import InvalidInput, MemkitError
from memkit.layers import OBSERVATIONS
from memkit.traces.model import Turn
from memkit.storage.vault import Vault

PREFIX = {str(kind): prefix for kind, (prefix, _, _) in OBSERVATIONS.items()}
_STOP = set("a an the to of in on for and or but is are was be it this that we you i me my our your "
            "please just so with as at by from not no don't dont do does did".split())


@dataclass(frozen=True)
class Candidate:
    kind: str
    turn: int                         # the turn holding the evidence (usually the person's words)
    statement: str                    # what was learned, in the person's own words
    confidence: float
    importance: float
    lifecycle: str
    fields: dict[str, Any] = field(default_factory=dict)   # trigger, lesson, action_types, key, value…
    evidence: tuple[tuple[int, str, str], ...] = ()         # (turn, role, text)
    how: str = ""                                           # "rejected the call", "interrupted", …
    created: str | None = None


@dataclass
class TraceContext:
    id: str
    rel: str
    session: str
    project: str
    cwd: str
    started: str
    agent: str
    sidechain: bool
    turns: list[Turn]
    user: str = ""          # the person who ran the session (the trace's `user:`)


def extractor(name: str):
    if name not in ("heuristic", "anthropic"):
        raise InvalidInput(f"unknown extractor {name!r}; choose heuristic or anthropic")
    return importlib.import_module(f"memkit.extract.{name}")


def candidate_id(ctx: TraceContext, c: Candidate, digits: int = 4) -> str:
    """Readable and stable: kind, the statement's first words, a digest of where it was said.
    Callers ask for more digits when the short id is taken by another session's candidate."""
    words = [w for w in re.findall(r"[a-z0-9]+", c.statement.lower()) if w not in _STOP][:5]
    slug = "-".join(words)[:40].strip("-") or "note"
    digest = hashlib.sha256(f"{ctx.id}|{c.turn}|{c.kind}|{c.statement}".encode()).hexdigest()[:digits]
    return f"{PREFIX.get(c.kind, c.kind[:4])}-{slug}-{digest}"


def _free_id(vault: Vault, ctx: TraceContext, c: Candidate, existing: dict[str, str],
             made: dict[str, str] | None = None) -> str:
    """The candidate's id; a longer one when the short id belongs to another session's candidate
    (same first words, same 4 hex digits: common for short corrections such as "no, stop").
    made: the session of each id this run gave, its files not written yet."""
    cid = candidate_id(ctx, c)
    for digits in (8, 16, 64):
        known = existing.get(cid)
        if known is None:
            return cid
        try:
            session = made[cid] if made and cid in made else notes.read(vault.root / known).meta.get("session")
        except InvalidInput:
            return cid
        if session in (None, f"[[{ctx.id}]]"):
            return cid
        cid = candidate_id(ctx, c, digits)
    return cid


def context_for(vault: Vault, rel: str) -> tuple[TraceContext, notes.Note]:
    note = notes.read(vault.root / rel)
    m = note.meta
    ctx = TraceContext(note.id, rel, traces.session_of(m), str(m.get("project") or ""),
                       str(m.get("cwd") or ""), str(m.get("started") or ""), str(m.get("agent") or ""),
                       bool(m.get("parent")), traces.parse_turns(note.body), str(m.get("user") or ""))
    return ctx, note


def run(vault: Vault, trace_rels: list[str], name: str | None = None, *, force: bool = False) -> dict[str, Any]:
    """Extract from these traces. The caller holds the vault lock."""
    mod = extractor(name or vault.config.get("extract.extractor"))
    tag = f"{mod.NAME}@{mod.VERSION}"
    existing = _existing(vault)
    older = _older_candidates(vault, tag, existing)
    out: dict[str, Any] = {"written": [], "deleted": [], "counts": {}, "errors": [], "traces": 0, "lines": []}
    job = Job(vault, mod, tag, existing, older, force)
    if mod.NAME == "heuristic":   # every core; repeats gathered before anything is written
        from memkit.extract import batch

        batch.run(job, trace_rels, out)
    else:
        for rel in trace_rels:
            job.one(rel, out)
    out["errors"] = _gathered(out["errors"])
    counts = ", ".join(f"{n} {k}" for k, n in sorted(out["counts"].items())) or "none"
    again = f"; {len(out['gathered'])} said again, added to the first saying" if out.get("gathered") else ""
    out["lines"].append(f"extracted from {out['traces']} trace(s) with {tag}: {counts}{again}")
    return out


def _gathered(errors: list[str]) -> list[str]:
    """One line for one failure of many traces ("ANTHROPIC_API_KEY is not set" for each of 300)."""
    by: dict[str, list[str]] = {}
    for e in errors:
        rel, sep, why = e.partition(": ")
        if sep and rel.startswith("traces/"):
            by.setdefault(why, []).append(rel)
        else:
            by.setdefault(e, []).append("")
    return [why if not rels[0] else f"{rels[0]}: {why}" if len(rels) == 1
            else f"{len(rels)} traces ({rels[0]}, …): {why}" for why, rels in by.items()]


class Job:
    """Extraction of one trace with what every trace shares (read once, before any worker forks)."""

    def __init__(self, vault: Vault, mod, tag: str, existing: dict[str, str], older: dict, force: bool):
        self.vault, self.mod, self.tag, self.existing, self.older, self.force = vault, mod, tag, existing, older, force

    def one(self, rel: str, out: dict[str, Any]) -> None:
        """One trace's candidates written, then its mark, before the next trace (the model's
        extractor: a run killed half way keeps the traces it finished)."""
        got = self.found(rel, out)
        if got is not None:
            ctx, note, found = got
            _write_all(self.vault, ctx, found, self.tag, self.existing, self.older.get(f"[[{ctx.id}]]", {}), out)
            _mark(self.vault, rel, note, self.tag, out)

    def found(self, rel: str, out: dict[str, Any]) -> tuple[TraceContext, notes.Note, list[Candidate]] | None:
        """The trace's candidates, none written; None for a trace this extractor has done (or that
        cannot be read, or that the extractor failed on: said in out["errors"])."""
        try:
            ctx, note = context_for(self.vault, rel)
        except InvalidInput as e:
            out["errors"].append(str(e))
            return None
        if self.tag in (note.meta.get("extracted") or []) and not self.force:
            return None
        out["traces"] += 1
        try:
            return ctx, note, [] if ctx.sidechain else self.mod.extract(ctx, self.vault.config)
        except MemkitError as e:
            out["errors"].append(f"{rel}: {e}")
            return None


def _existing(vault: Vault) -> dict[str, str]:
    """Observation ids (file stems) to vault-relative paths, as Vault.note_files would list them
    (same folders, exclusions and order) but from names alone: no stat, no Path per file."""
    from memkit.storage import index

    return {os.path.splitext(rel.rsplit("/", 1)[-1])[0]: rel
            for rel, _path, _st in index._walk(vault.root, ("workshop/observations", "observations"),
                                                stat=False, ordered=True)}


def _older_candidates(vault: Vault, tag: str, existing: dict[str, str]) -> dict[str, dict[str, str]]:
    """Workshop candidates an older version of this extractor may have left, by session link.

    Only those can be replaced or dropped, so the index narrows the search instead of every
    candidate file being read for every trace: the rows it holds of another version, plus any
    workshop file it has not seen yet (read here; too many of those and the index is refreshed).
    """
    from memkit.storage import index, queries

    workshop = {rel for rel in existing.values() if "workshop" in rel.split("/")}
    for attempt in (0, 1):
        known = queries.paths(vault, layer="workshop")
        older = queries.older_candidates(vault, tag)
        unseen = [rel for rel in workshop if rel not in known]
        if len(unseen) <= 500 or attempt:
            break
        index.refresh(vault)
    by_session: dict[str, dict[str, str]] = {}
    for c in older:
        if c.path in workshop:
            by_session.setdefault(str(c.session), {})[_stem(c.path)] = c.path
    for rel in unseen:
        try:
            session = notes.read(vault.root / rel).meta.get("session")
        except InvalidInput:
            continue
        by_session.setdefault(str(session), {})[_stem(rel)] = rel
    return by_session


def _stem(rel: str) -> str:
    return os.path.splitext(rel.rsplit("/", 1)[-1])[0]


def _write_all(vault: Vault, ctx: TraceContext, found: list[Candidate], tag: str,
               existing: dict[str, str], older: dict[str, str], out: dict[str, Any]) -> None:
    new_ids = set()
    for c in found:
        rel = None
        for _attempt in (0, 1):   # a new id is created, never replaced: another worker may take it meanwhile
            cid = _free_id(vault, ctx, c, existing)
            known = existing.get(cid)
            if cid in new_ids or (known is not None and not _replaceable(vault.root / known, tag)):
                break
            new_ids.add(cid)
            rel = f"workshop/observations/{c.kind}/{cid}.md"
            note = notes.Note(*_note(vault, ctx, c, cid, tag))
            try:
                vault.write_text(rel, notes.render(note), exclusive=known is None)
                break
            except FileExistsError:
                existing[cid], rel = rel, None   # taken: the next id looks past it
        if rel is None:
            continue
        existing[cid] = rel
        out["written"].append(rel)
        out["counts"][c.kind] = out["counts"].get(c.kind, 0) + 1
    _drop_stale(vault, ctx, tag, new_ids, existing, older, out)


def _replaceable(path: Path, tag: str) -> bool:
    """Only an unreviewed, unedited candidate written by an older version of this extractor."""
    try:
        note = notes.read(path)
    except InvalidInput:
        return False
    ext = str(note.meta.get("extractor") or "")
    return ("workshop" in path.parts and note.meta.get("status") == "candidate"
            and ext.split("@")[0] == tag.split("@")[0] and ext != tag and not note.edited_by_person())


def _drop_stale(vault: Vault, ctx: TraceContext, tag: str, keep: set[str], existing: dict[str, str],
                older: dict[str, str], out: dict[str, Any]) -> None:
    link = f"[[{ctx.id}]]"
    for cid, rel in list(older.items()):
        path = vault.root / rel
        if cid in keep or existing.get(cid) != rel or "workshop" not in rel.split("/") or not path.exists():
            continue
        try:
            note = notes.read(path)
        except InvalidInput:
            continue
        if note.meta.get("session") == link and _replaceable(path, tag):
            path.unlink()
            existing.pop(cid)
            out["deleted"].append(rel)
            out["written"].append(rel)   # the deletion is part of what gets committed


def meta_of(ctx: TraceContext, c: Candidate, cid: str, tag: str) -> dict[str, Any]:
    """A candidate's frontmatter before its action types and cue: all gathering reads of it."""
    meta: dict[str, Any] = {"type": "observation", "id": cid, "kind": c.kind, "status": "candidate",
                            "lifecycle": c.lifecycle, "confidence": round(c.confidence, 2),
                            "importance": round(c.importance, 2), "created": c.created or ctx.started,
                            "session": f"[[{ctx.id}]]", "source": f"[[{ctx.id}#^t{c.turn}]]",
                            "extractor": tag, "project": ctx.project, **({"user": ctx.user} if ctx.user else {})}
    meta.update({k: v for k, v in c.fields.items() if v not in (None, "", []) and k != "repeated_at"})
    if c.fields.get("repeated_at"):   # the same words again later in the session
        meta["sources"] = [meta["source"]] + [f"[[{ctx.id}#^t{n}]]" for n in c.fields["repeated_at"]]
    return meta


def _note(vault: Vault, ctx: TraceContext, c: Candidate, cid: str, tag: str) -> tuple[dict, str]:
    meta = meta_of(ctx, c, cid, tag)
    if c.kind in ("correction", "preference") and "action_types" not in c.fields:
        from memkit.activation import catalogue as taxonomy

        tax = taxonomy.load(vault.root)
        meta["action_types"] = sorted(tax.classify_text(str(c.fields.get("trigger") or ""))
                                      | tax.classify_text(c.statement))
    body = templates.render("observation", vault.root, kind=c.kind, statement=c.statement, trace=ctx.id,
                            turn=c.turn, how=c.how, evidence=[{"turn": t, "role": r, "text": x}
                                                              for t, r, x in c.evidence],
                            **{"trigger_about": "", **c.fields})
    meta.pop("trigger_about", None)
    from memkit.activation import cues

    cues.attach(vault, meta)   # the compiled cue: what this lesson fires on, editable by a person
    if meta.get("sources"):
        body = body.rstrip("\n") + "\n\nSaid again: " + ", ".join(meta["sources"][1:]) + "\n"
    return notes.stamp(meta, body), body


def _mark(vault: Vault, rel: str, note: notes.Note, tag: str, out: dict[str, Any]) -> None:
    name = tag.split("@")[0]
    done = [t for t in (note.meta.get("extracted") or []) if str(t).split("@")[0] != name] + [tag]
    if done == note.meta.get("extracted"):
        return
    note.meta["extracted"] = done
    vault.write_text(rel, notes.render(note))
    out["written"].append(rel)
