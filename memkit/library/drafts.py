"""Drafts of library notes: what a group of observations (or a proposal) would become.

Owns the words of a draft (title, statement, the id's slug), its sources (the
observations and every trace turn behind them), its cues for activation, the parts
of a decision record taken from the session it was made in, and rendering its body
from the packaged templates (a vault's templates/ override wins). Never writes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memkit.storage import notes, templates
from memkit.library import provenance

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


# a sentence that states a way of working, not the surprise, thanks or question around it
_RULE = re.compile(r"\b(?:never|always|don'?t|do\s+not|dont|doesn'?t|must(?:n'?t)?|should(?:n'?t)?|(?<!-)only|"
                   r"no\s+longer|avoid|instead|make\s+sure|from\s+now\s+on|next\s+time|prefer|keep|use)\b",
                   re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_DANGLING = re.compile(r"(?:\s+(?:a|an|the|to|of|in|on|at|by|for|with|from|is|are|was|were|be|and|or|but|that|"
                       r"this|its|their|our|your|my))+$", re.IGNORECASE)   # a title does not end mid-phrase
_JOINT = re.compile(r",\s|\s(?:and|but|so|because|since|or|then|which|while)\s|\s[-–—]\s", re.IGNORECASE)


def title_for(text: str, limit: int = 70) -> str:
    """The lesson's first clause, taken from its first sentence that states a rule when the lesson
    opens with something else ("Thanks! but …", "STOP. never restart it", "You purged it?? … we never
    purge a dead-letter queue")."""
    said = [clean(s) for s in _SENTENCE.split(clean(text)) if s.strip()]
    rule = next((s for s in said if _RULE.search(s) and not s.rstrip().endswith("?")), None)
    if rule is not None and _RULE.search(said[0]) is None:
        text = rule
    first = _FIRST_CLAUSE.split(clean(text), maxsplit=1)[0].rstrip(".;:!?, ")
    if len(first) > limit:   # cut where a clause ends ("… both changes | and doesn't waste …"), else at a word
        joints = [m.start() for m in _JOINT.finditer(first[:limit + 1]) if m.start() >= limit // 3]
        first = first[:joints[-1]] if joints else _DANGLING.sub("", first[:limit].rsplit(" ", 1)[0])
        first = first.rstrip(".;:!?, ")
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


def session_ids(meta: dict[str, Any]) -> set[str]:
    """The traces an observation was said in: its `sessions` when it was said again, else its own."""
    return {i for s in meta.get("sessions") or [] for i, _ in provenance.links(s)} or {trace_of(meta)}


def _said_at(metas: list[dict[str, Any]]) -> list[str]:
    return [s for m in metas for s in [m.get("source"), *(m.get("sources") or [])] if isinstance(s, str)]


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
              provenance.turn_refs(_said_at(metas)),
              [], len(set().union(*(session_ids(m) for m in metas))), max(float(m.get("importance") or 0.5) for m in metas),
              basis, max(str(m.get("created") or "") for m in metas))
    if target == "decision":
        _adr(vault, d, rep)
    d.cues = [_cue(vault, metas, d)]
    return d


def _prefer(meta: dict[str, Any]) -> str:
    others = [a for a in meta.get("alternatives") or [] if a != meta.get("chosen")]
    return clean(f"prefer {meta.get('chosen')}" + (f" over {', '.join(map(str, others))}" if others else ""))


def _cue(vault, metas: list[dict[str, Any]], d: Draft) -> dict[str, Any]:
    from memkit.activation import catalogue as taxonomy

    tax = taxonomy.load(vault.root)
    declared = [set(m.get("action_types") or []) for m in metas]
    types = set.intersection(*declared) or set().union(*declared)
    said = tax.classify_text(" ".join(statement(m) for m in metas), among=types)   # read only as types & said
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
    entry = {"trigger": trigger, "lesson": d.statement, "action_types": sorted(types)}
    fix = list(dict.fromkeys(x for m in metas for x in (m.get("fix") or []) if isinstance(x, str)))[:16]
    if fix:   # the agents' own fixes: the code they took out still recalls the convention
        entry["fix"] = fix
    return entry


def _adr(vault, d: Draft, rep: dict[str, Any]) -> None:
    """Context, alternatives and consequences for a decision record, from the session it was made in."""
    from memkit.similar import fuzz, utils

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
    from memkit.storage import queries

    return [r.meta for r in queries.notes(vault, types=("observation",), not_statuses=("rejected",),
                                          session=f"[[{tid}]]", by_time=True)]


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


def fold(vault, lib: notes.Note, d: Draft) -> str:
    """The text of a library note with a draft merged in: its sources, a new cue (or the action types
    of a cue that says the same), a quoted line per turn. A person's words in it stay as they are."""
    from memkit.similar import fuzz, utils

    meta = dict(lib.meta)
    sources = [str(s) for s in meta.get("sources") or []]
    meta["sources"] = sources + [s for s in d.sources if s not in sources]
    cues = [dict(c) for c in meta.get("cues") or [] if isinstance(c, dict)]
    sim = float(vault.config.get("promotion.similarity"))
    for cue in d.cues:
        same = next((c for c in cues if fuzz.token_set_ratio(str(c.get("lesson")), cue["lesson"],
                                                              processor=utils.default_process) >= sim), None)
        if same is None:
            cues.append(cue)
        else:
            same["action_types"] = sorted(set(same.get("action_types") or []) | set(cue["action_types"]))
    meta["cues"], meta["updated"] = cues, now()
    from memkit.activation import cues as cue_mod

    cue_mod.attach(vault, meta)
    quotes = [provenance.quote(vault, *split_ref(t)) for t in d.turns]
    added = "\n".join(f"- [[{q['link']}]]: “{q['text']}”" for q in quotes) or f"- {d.statement}"
    body = lib.body.rstrip("\n") + f"\n\nAlso seen ({', '.join(f'[[{o}]]' for o in d.observations)}):\n{added}\n"
    meta = meta if lib.edited_by_person() else notes.stamp(meta, body)
    return notes.render(notes.Note(meta, body, newline=lib.newline))
