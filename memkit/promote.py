"""Promotion: drafts of library notes from observations, and the cross-session scan.

Owns grouping similar observations across sessions (rapidfuzz), the thresholds in
`[promotion]`, drafting a library note (title, statement, sources, cues, quoted
evidence) and proposals in workshop/proposals/ with deterministic ids. A proposal
that was promoted or rejected is never proposed again. Never writes outside
workshop/proposals/ (review.py applies a person's decisions); the caller holds the lock.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memkit import index, notes, provenance, templates
from memkit.layers import LibraryType

TARGETS = tuple(t.value for t in LibraryType)
SCANNED = ("correction", "preference", "decision", "procedure")
_INTERJECTION = re.compile(r"^(?:no|nope|nah|actually|please|ok(?:ay)?|well|wait|hmm+|also|and|so)\b[,.!:;\s]+",
                           re.IGNORECASE)
_FIRST_CLAUSE = re.compile(r"(?<=[.!?])\s|;\s*|:\s|,\s+(?:and\s+)?(?:my|our|there|since|because)\b")


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---- words --------------------------------------------------------------------
def statement(meta: dict[str, Any], body: str = "") -> str:
    """What an observation says, in one line: its lesson, choice, fact or negative result."""
    kind = meta.get("kind")
    if kind == "fact" and meta.get("key") is not None:
        return f"{meta['key']} = {meta.get('value')}"
    if kind == "negative_result" and meta.get("approach"):
        return f"Tried {meta['approach']}" + (f": it failed because {meta['reason']}" if meta.get("reason") else "")
    for key in ("lesson", "chosen", "statement", "goal"):
        if meta.get(key):
            return " ".join(str(meta[key]).split())
    quoted = next((line[2:].strip() for line in body.splitlines() if line.startswith("> ")), "")
    return quoted or str(meta.get("title") or meta.get("id") or "")


def clean(text: str) -> str:
    """A lesson as a statement: no leading "no," or "actually,", first letter capitalised."""
    text = " ".join(str(text).split())
    while (m := _INTERJECTION.match(text)) and m.end() < len(text):
        text = text[m.end():]
    return text[:1].upper() + text[1:]


def title_for(text: str, limit: int = 70) -> str:
    first = _FIRST_CLAUSE.split(clean(text), maxsplit=1)[0].rstrip(".;:!?, ")
    if len(first) > limit:
        first = first[:limit].rsplit(" ", 1)[0].rstrip(".;:!?, ")
    return first or clean(text)[:limit] or "Untitled"


def slug(text: str, limit: int = 60) -> str:
    out = ""
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        if len(out) + len(word) + 1 > limit:
            break
        out = f"{out}-{word}" if out else word
    return out or "note"


def target_for(meta: dict[str, Any]) -> str:
    """By hand: corrections become conventions, decisions ADRs; otherwise the lifecycle decides."""
    kind = meta.get("kind")
    if kind == "correction":
        return "convention"
    if kind in ("decision", "procedure", "preference"):
        return str(kind)
    return {"self": "preference", "operational": "procedure"}.get(str(meta.get("lifecycle")), "note")


def trace_of(meta: dict[str, Any]) -> str:
    found = provenance.links(meta.get("session")) or provenance.links(meta.get("source"))
    return found[0][0] if found else ""


# ---- drafts -------------------------------------------------------------------
@dataclass
class Draft:
    target: str
    title: str
    statement: str
    observations: list[str]
    turns: list[str]
    cues: list[dict[str, Any]]
    sessions: int = 1
    importance: float = 0.5
    basis: str = ""
    created: str = ""
    context: str = ""
    alternatives: list[str] = field(default_factory=list)
    consequences: list[str] = field(default_factory=list)

    @property
    def sources(self) -> list[str]:
        return [f"[[{o}]]" for o in self.observations] + [f"[[{t}]]" for t in self.turns]


def draft(vault, metas: list[dict[str, Any]], target: str | None = None, title: str | None = None,
          basis: str = "") -> Draft:
    """A library note drafted from observations (the most confident one speaks for the group)."""
    metas = sorted(metas, key=lambda m: (str(m.get("created") or ""), str(m.get("id"))))
    rep = max(metas, key=lambda m: (float(m.get("confidence") or 0), float(m.get("importance") or 0)))
    target = target or target_for(rep)
    text = _prefer(rep) if target == "preference" and rep.get("kind") == "decision" else clean(statement(rep))
    d = Draft(target, title or title_for(text), text, [str(m["id"]) for m in metas],
              provenance.turn_refs([m.get("source") for m in metas if isinstance(m.get("source"), str)]),
              [], len({trace_of(m) for m in metas}), max(float(m.get("importance") or 0.5) for m in metas),
              basis, max(str(m.get("created") or "") for m in metas))
    if target == "decision":
        _adr(vault, d, rep)
    d.cues = [_cue(vault, metas, d)]
    return d


def _prefer(meta: dict[str, Any]) -> str:
    others = [a for a in meta.get("alternatives") or [] if a != meta.get("chosen")]
    return clean(f"prefer {meta.get('chosen')}" + (f" over {', '.join(map(str, others))}" if others else ""))


def _cue(vault, metas: list[dict[str, Any]], d: Draft) -> dict[str, Any]:
    from memkit import taxonomy

    tax = taxonomy.load(vault.root)
    declared = [set(m.get("action_types") or []) for m in metas]
    types = set.intersection(*declared) or set().union(*declared)
    said = tax.classify_text(" ".join(statement(m) for m in metas))
    types = (types & said) or types
    about = next((tax.types[t].about for t in sorted(types & said) if t in tax.types), "")
    done = [re.sub(r"^\w+: | \((?:rejected|interrupted)\)$", "", str(m.get("trigger") or "")) for m in metas]
    done = list(dict.fromkeys(x for x in done if x))
    example = "; ".join(x[:100] for x in done[:3])
    if d.target == "decision":
        options = list(dict.fromkeys(map(str, [metas[0].get("chosen") or d.statement,
                                               *(metas[0].get("alternatives") or [])])))
        return {"trigger": "choosing between " + "; ".join(options), "lesson": f"decided: {d.statement}",
                "action_types": sorted(types)}
    trigger = f"{about} (e.g. {example})" if about and example else about or example or d.title
    return {"trigger": trigger, "lesson": d.statement, "action_types": sorted(types)}


def _adr(vault, d: Draft, rep: dict[str, Any]) -> None:
    """Context, alternatives and consequences for a decision record, from the session it was made in."""
    from rapidfuzz import fuzz, utils

    tid, turns = trace_of(rep), [n for _, n in provenance.links(rep.get("source")) if n]
    others = [m for m in _same_session(vault, tid) if m.get("id") != rep.get("id")]
    task = provenance.quote(vault, tid, 1) if tid else {"text": ""}
    question = str(rep.get("question") or "")
    d.context = (task["text"] + (f" — the agent asked: “{question}”" if question else "")).strip()
    negs = [m for m in others if m.get("kind") == "negative_result"]
    used = set()
    for alt in [str(a) for a in rep.get("alternatives") or [] if a != rep.get("chosen")]:
        hit = next((m for m in negs if fuzz.token_set_ratio(alt, str(m.get("approach")),
                                                            processor=utils.default_process) >= 62), None)
        if hit:
            used.add(hit["id"])
        d.alternatives.append(alt + (f" — tried before, failed: {hit.get('reason')} ([[{hit['id']}]])"
                                     if hit and hit.get("reason") else ""))
    after = turns[0] if turns else 0
    if after > 1 and f"{tid}#^t{after - 1}" not in d.turns:
        d.turns.insert(0, f"{tid}#^t{after - 1}")  # the turn that laid out the options
    d.consequences = [f"{statement(m) if m.get('kind') == 'fact' else clean(statement(m))} ([[{m['id']}]])"
                      for m in others
                      if m["id"] not in used and m.get("kind") in ("fact", "negative_result", "correction",
                                                                   "preference")
                      and all((n or 0) > after for _, n in provenance.links(m.get("source")))]


def _same_session(vault, tid: str) -> list[dict[str, Any]]:
    if not tid:
        return []
    with closing(index.connect(vault.index_path)) as con:
        rows = con.execute("SELECT meta FROM files WHERE type='observation' AND status != 'rejected' AND "
                           "json_extract(meta, '$.session') = ? ORDER BY created, id", (f"[[{tid}]]",)).fetchall()
    return [json.loads(r[0]) for r in rows]


def from_proposal(meta: dict[str, Any]) -> Draft:
    """The draft a proposal holds, with whatever a person edited in its frontmatter."""
    refs = provenance.links(meta.get("sources"))
    return Draft(str(meta.get("target") or "note"), str(meta.get("title") or meta.get("id")),
                 str(meta.get("statement") or ""), [i for i, n in refs if n is None],
                 [f"{i}#^t{n}" for i, n in refs if n is not None],
                 [c for c in meta.get("cues") or [] if isinstance(c, dict)], int(meta.get("recurrence") or 1),
                 float(meta.get("importance") or 0.5), str(meta.get("basis") or ""), str(meta.get("created") or ""),
                 str(meta.get("context") or ""), [str(a) for a in meta.get("alternatives") or []],
                 [str(c) for c in meta.get("consequences") or []])


def body(vault, d: Draft, evidence: list[dict[str, Any]] | None = None) -> str:
    """The note's body, from the template of its type (a vault's templates/ override wins)."""
    if evidence is None:
        cache: dict = {}
        evidence = [provenance.quote(vault, *split_ref(t), cache) for t in d.turns]
    return templates.render(d.target, vault.root, d=d, title=d.title, statement=d.statement, evidence=evidence,
                            observations=d.observations, sessions=d.sessions, basis=d.basis, context=d.context,
                            alternatives=d.alternatives, consequences=d.consequences)


def split_ref(ref: str) -> tuple[str, int]:
    tid, _, n = ref.partition("#^t")
    return tid, int(n or 0)


# ---- the scan -----------------------------------------------------------------
def group(items: list[dict[str, Any]], sim: float, low: float,
          text: Callable[[dict[str, Any]], str] = statement) -> list[list[dict[str, Any]]]:
    """Greedy, oldest first: an item joins the group whose first member says the same thing —
    similar words (≥ sim), or related words (≥ low) plus a shared action type or a similar trigger."""
    from rapidfuzz import fuzz, process, utils

    groups: list[list[dict[str, Any]]] = []
    anchors: list[str] = []
    for m in items:
        found = process.extract(text(m), anchors, scorer=fuzz.token_set_ratio, processor=utils.default_process,
                                score_cutoff=low, limit=None)
        best = next((i for _, score, i in found if score >= sim or _linked(m, groups[i][0], sim)), None)
        if best is None:
            groups.append([m])
            anchors.append(text(m))
        else:
            groups[best].append(m)
    return groups


def _linked(a: dict[str, Any], b: dict[str, Any], sim: float) -> bool:
    from rapidfuzz import fuzz, utils

    if set(a.get("action_types") or []) & set(b.get("action_types") or []):
        return True
    ta, tb = str(a.get("trigger") or ""), str(b.get("trigger") or "")
    return bool(ta and tb) and fuzz.token_set_ratio(ta, tb, processor=utils.default_process) >= sim


def sessions(g: list[dict[str, Any]]) -> int:
    return len({trace_of(m) for m in g})


def scan(vault, *, refresh: bool = True) -> dict[str, Any]:
    """Write proposals for the groups that meet the thresholds. The caller holds the vault lock."""
    if refresh:
        index.refresh(vault)
    cfg = vault.config.section("promotion")
    with closing(index.connect(vault.index_path)) as con:
        obs = {k: _recent(con, k, int(cfg["scan_limit"])) for k in SCANNED}
        known = _proposals(con)
    out: dict[str, Any] = {"written": [], "proposals": [], "retired": [], "lines": []}
    produced = set()
    for d in _drafts(vault, obs, cfg):
        produced.add(_propose(vault, d, known, out))
    _retire(vault, known, produced, out)
    if out["written"]:
        index.update_paths(vault, [vault.root / r for r in out["written"]])
    out["lines"].append(f"promotion scan: {len(out['proposals'])} proposal(s) written or updated"
                        + (f" ({', '.join(out['proposals'])})" if out["proposals"] else "")
                        + (f"; {len(out['retired'])} out-of-date proposal(s) removed" if out["retired"] else ""))
    return out


def _recent(con, kind: str, limit: int) -> list[dict[str, Any]]:
    rows = con.execute("SELECT meta FROM files WHERE type='observation' AND kind=? AND status IN "
                       "('candidate','accepted') AND layer IN ('workshop','observation') "
                       "ORDER BY created DESC, id DESC LIMIT ?", (kind, limit)).fetchall()
    return [json.loads(r[0]) for r in reversed(rows)]


def _proposals(con) -> dict[str, Any]:
    """Proposals so far: decided ones (never again) and open ones whose observations were decided on since."""
    known: dict[str, Any] = {"status": {}, "decided": [], "stale": {}}
    for pid, path, status, meta in con.execute("SELECT id, path, status, meta FROM files WHERE type='proposal'"):
        known["status"][pid] = status
        ids = {i for i, n in provenance.links(json.loads(meta).get("sources")) if n is None}
        if status != "candidate":
            known["decided"].append(ids)
            continue
        marks = ",".join("?" * len(ids))
        live = con.execute(f"SELECT count(*) FROM files WHERE type='observation' AND id IN ({marks}) AND "
                           "status IN ('candidate','accepted')", sorted(ids)).fetchone()[0]
        if live < len(ids):
            known["stale"][pid] = path
    return known


def _retire(vault, known: dict[str, Any], produced: set[str], out: dict[str, Any]) -> None:
    """An open proposal built on observations decided since goes, unless a person edited it."""
    for pid, rel in known["stale"].items():
        full = vault.path(rel)
        if pid in produced or not full.exists():
            continue
        if notes.read(full).edited_by_person():
            out["lines"].append(f"{rel}: out of date but edited by hand; left for you to promote or reject")
            continue
        full.unlink()
        out["written"].append(rel)
        out["retired"].append(pid)


def _drafts(vault, obs: dict[str, list[dict[str, Any]]], cfg: dict[str, Any]):
    sim, low = float(cfg["similarity"]), float(cfg["related_similarity"])
    for kind, target, need in (("correction", "convention", "correction_sessions"),
                               ("procedure", "procedure", "procedure_sessions")):
        for g in group(obs[kind], sim, low):
            if sessions(g) >= int(cfg[need]):
                yield draft(vault, g, target, basis=f"{kind} seen in {sessions(g)} sessions")
    covered: set[str] = set()
    for d, members in _preferences(vault, obs["preference"] + obs["decision"], cfg, sim, low):
        covered |= members
        yield d
    high = float(cfg["decision_importance"])
    for g in group(obs["decision"], sim, low, _topic):
        for m in g:
            if float(m.get("importance") or 0) >= high:
                yield draft(vault, [m], "decision", basis=f"a decision of importance {float(m['importance']):.2f}")
        # one draft ADR per debated topic (its first decision anchors it), unless it became a preference
        debated = [m for m in g if _options(m) > 1 and float(m.get("importance") or 0) < high
                   and m["id"] not in covered]
        if debated:
            again = f", decided {len(debated)} times" if len(debated) > 1 else ""
            yield draft(vault, debated[:1], "decision",
                        basis=f"a debated decision: {_options(debated[0])} options discussed{again}")


def _options(m: dict[str, Any]) -> int:
    return len({str(m.get("chosen")), *map(str, m.get("alternatives") or [])})


def _preferences(vault, items: list[dict[str, Any]], cfg: dict[str, Any], sim: float, low: float):
    """≥ N decisions on one topic across ≥ S sessions that chose the same way at least C of the time."""
    items = sorted(items, key=lambda m: (str(m.get("created") or ""), str(m.get("id"))))
    for g in group(items, sim, low, _topic):
        if len(g) < int(cfg["preference_decisions"]) or sessions(g) < int(cfg["preference_sessions"]):
            continue
        modal = max(group(g, sim, sim, _choice), key=len)
        share = len(modal) / len(g)
        if share >= float(cfg["preference_consistency"]):
            yield draft(vault, modal, "preference",
                        basis=f"the same choice in {len(modal)} of {len(g)} decisions across {sessions(g)} "
                              f"sessions ({share:.0%})"), {str(m["id"]) for m in g}


def _topic(m: dict[str, Any]) -> str:
    """What a decision was about: its options, in any order; a stated preference speaks for itself."""
    if m.get("kind") != "decision":
        return statement(m)
    return " ".join(sorted(map(str, [m.get("chosen"), *(m.get("alternatives") or [])])))


def _choice(m: dict[str, Any]) -> str:
    return str(m.get("chosen") or statement(m))


def proposal_id(d: Draft) -> str:
    anchor = d.observations[0] if d.observations else d.title
    core = re.sub(r"^[a-z]+-|-[0-9a-f]{4}$", "", anchor)
    digest = hashlib.sha256(f"{d.target}|{anchor}".encode()).hexdigest()[:4]
    return f"prop-{d.target}-{slug(core, 40)}-{digest}"


def _propose(vault, d: Draft, known: dict[str, Any], out: dict[str, Any]) -> str:
    pid = proposal_id(d)
    if known["status"].get(pid, "candidate") != "candidate" or any(set(d.observations) <= s
                                                                     for s in known["decided"]):
        return pid
    rel = f"workshop/proposals/{pid}.md"
    full = vault.path(rel)
    text = proposal_text(vault, pid, d)
    if full.exists():
        old = notes.read(full)
        if old.meta.get("status") != "candidate" or full.read_text(encoding="utf-8", errors="replace") == text:
            return pid
        if old.edited_by_person():
            out["lines"].append(f"{rel}: edited by hand, left as it is (the group now has "
                                f"{len(d.observations)} observation(s))")
            return pid
    vault.write_text(rel, text)
    out["written"].append(rel)
    out["proposals"].append(pid)
    return pid


def proposal_text(vault, pid: str, d: Draft) -> str:
    meta: dict[str, Any] = {"type": "proposal", "id": pid, "target": d.target, "title": d.title,
                            "statement": d.statement, "status": "candidate", "created": d.created or now(),
                            "recurrence": d.sessions, "basis": d.basis, "importance": round(d.importance, 2),
                            "sources": d.sources, "cues": d.cues}
    if d.target == "decision":
        meta.update(context=d.context, alternatives=d.alternatives, consequences=d.consequences)
    cache: dict = {}
    evidence = [provenance.quote(vault, *split_ref(t), cache) for t in d.turns]
    text = templates.render("proposal", vault.root, id=pid, target=d.target, basis=d.basis,
                            preview=body(vault, d, evidence))
    return notes.render(notes.Note(notes.stamp(meta, text), text))
