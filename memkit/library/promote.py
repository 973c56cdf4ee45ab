"""Promotion: the cross-session scan that turns recurring observations into proposals.

Owns grouping similar observations across sessions (rapidfuzz), the thresholds in
`[promotion]`, and proposals in workshop/proposals/ with deterministic ids (the
group's first observation anchors it). A proposal that was promoted or rejected is
never proposed again; one whose observations were decided on since is removed
unless a person edited it. Writes only workshop/proposals/; the caller holds the lock.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from memkit.storage import index, notes, queries, templates
from memkit.library import provenance
from memkit.library.drafts import Draft, body, draft, now, session_ids, slug, split_ref, statement

SCANNED = ("correction", "preference", "decision", "procedure")
LIVE = ("candidate", "accepted")   # an observation's statuses while it can still back a proposal
COMMON = 50    # a word shared by more first members than this says nothing about sameness
SHARED_WORDS = 60   # token-set score of two lessons, one of whose mistakes the other names among more
SAME_CALL = 90   # rapidfuzz ratio of two corrected calls that are the same call (a flag or a name apart)


# ---- the scan -----------------------------------------------------------------
def group(items: list[dict[str, Any]], sim: float, low: float,
          text: Callable[[dict[str, Any]], str] = statement, cat=None) -> list[list[dict[str, Any]]]:
    """Greedy, oldest first: an item joins the group whose first member says the same thing —
    similar words (≥ sim, as a set and in sum), or related words (≥ low) plus the same forbidden kinds
    or the same corrected call. cat: the vault's catalogue (default: the packaged one).
    Only first members sharing a not-too-common word are compared, which keeps a big window fast."""
    from memkit.similar import fuzz, process, utils

    groups: list[list[dict[str, Any]]] = []
    anchors: list[str] = []
    postings: dict[str, list[int]] = {}
    traits: dict = {"cat": cat}   # what _linked reads of an item, worked out once
    for m in items:
        t = text(m)
        keys = _keys(t)
        near = sorted({i for k in keys if len(postings.get(k, ())) <= COMMON for i in postings.get(k, ())})
        found = process.extract(t, [anchors[i] for i in near], scorer=fuzz.token_set_ratio,
                                processor=utils.default_process, score_cutoff=low, limit=None)
        best = next((near[j] for _, score, j in found
                     if _same_words(t, anchors[near[j]], score, sim)
                     or _linked(m, groups[near[j]][0], score, traits)), None)
        if best is None:
            groups.append([m])
            anchors.append(t)
            for k in keys:
                postings.setdefault(k, []).append(len(anchors) - 1)
        else:
            groups[best].append(m)
    return groups


def _keys(text: str) -> set[str]:
    words = {w[:6] for w in re.findall(r"[a-z0-9_]{4,}", text.lower())}
    return words or {" ".join(text.lower().split())}


def _same_words(text: str, anchor: str, score: float, sim: float) -> bool:
    """The same words in about the same number: `score` (token-set) alone puts a short remark inside a
    long one near 100."""
    from memkit.similar import fuzz, utils

    return score >= sim and fuzz.token_sort_ratio(text, anchor, processor=utils.default_process) >= sim


def _linked(a: dict[str, Any], b: dict[str, Any], score: float, traits: dict | None = None) -> bool:
    """Two lessons about one mistake, their words related (`score`): most of the kinds they forbid are
    the same, and each lesson's own words name them (a topic alone, such as committing, with closer
    words: SHARED_WORDS); or what one forbids is all forbidden by the other and their words are closer
    (SHARED_WORDS); or they corrected the same call, one that says what was done. Long texts share half their words by chance, so related words alone link nothing; nor does
    a kind only the corrected call showed (a remark about which fixtures a doc means is no lesson about
    shell scripts because the agent was writing one), a corrected call that merely ran the same
    program, or two edits of one file whose changes the log does not show."""
    from memkit.similar import fuzz, utils

    traits = {} if traits is None else traits
    (ka, call_a), (kb, call_b) = (_traits(m, traits) for m in (a, b))
    both = ka & kb
    if both:
        both = _named(a, both, traits) & _named(b, both, traits)
    if both and score < SHARED_WORDS and all(_broad(k, traits) for k in both):
        both = set()   # a shared topic (any commit, any new test) is no shared mistake
    if both and (2 * len(both) > len(ka | kb) or (both in (ka, kb) and score >= SHARED_WORDS)):
        return True
    return call_a and call_b and fuzz.ratio(str(a.get("trigger") or ""), str(b.get("trigger") or ""),
                                            processor=utils.default_process) >= SAME_CALL


def _traits(m: dict[str, Any], seen: dict) -> tuple[set[str], bool]:
    """What a lesson is about, and whether its trigger holds a call that says what was done (not only
    what the agent said, "proposed: You're right!", nor a bare `git push` or "Update: cli.py");
    kept in `seen` by the item's identity for the length of one scan."""
    from memkit.activation import acts

    if id(m) not in seen:
        calls = acts.from_trigger(str(m.get("trigger") or ""))
        seen[id(m)] = (_about(m), any(_says_what(x) for x in calls))
    return seen[id(m)]


def _says_what(act) -> bool:
    """A corrected call specific enough that correcting it again is the same mistake: an edit with its
    lines, a command with more than a program and its subcommand, another tool with what it was given."""
    if act.family == "prose":
        return False
    if act.family in ("edit", "write"):
        return bool(act.added.strip())
    if act.family == "shell":
        words = act.command.split()
        return len(words) > 2 or (len(words) == 2 and bool(re.search(r"[-/.=~$]", words[1])))
    return bool(act.paths or act.prose)


def _catalogue(seen: dict):
    """The catalogue a scan reads kinds with: the vault's (`group(…, cat=…)`), else the packaged one."""
    if seen.get("cat") is None:
        from memkit.activation import catalogue

        seen["cat"] = catalogue.load(None)
    return seen["cat"]


def _broad(kind: str, seen: dict) -> bool:
    found = _catalogue(seen).kinds.get(kind)
    return found is None or found.broad


def _named(m: dict[str, Any], kinds: set[str], seen: dict) -> set[str]:
    """Which of `kinds` the lesson's own words name, not only its corrected call."""
    key = (id(m), frozenset(kinds))
    if key not in seen:
        seen[key] = _catalogue(seen).classify_text(statement(m), among=kinds)
    return seen[key]


def _about(m: dict[str, Any]) -> set[str]:
    """The kinds of action a lesson is about: those its cue forbids, when it was compiled. Every kind the
    corrected call fell under ("writing a shell script") would link two lessons about different mistakes
    made in calls of one broad kind."""
    cue = m.get("cue")
    if isinstance(cue, dict) and isinstance(cue.get("forbids"), list):
        return {str(k) for k in cue["forbids"]}
    return {str(k) for k in m.get("action_types") or []}


def sessions(g: list[dict[str, Any]]) -> int:
    """Sessions behind a group; an observation said again in later sessions lists them in `sessions`."""
    return len(set().union(*(session_ids(m) for m in g)))


def scan(vault, *, refresh: bool = True) -> dict[str, Any]:
    """Write proposals for the groups that meet the thresholds. The caller holds the vault lock.
    Only a new group, or one that gained or lost observations, is drafted again (drafts read traces)."""
    if refresh:
        index.refresh(vault)
    cfg = vault.config.section("promotion")
    obs = {k: _recent(vault, k, int(cfg["scan_limit"])) for k in SCANNED}
    known = _proposals(vault)
    out: dict[str, Any] = {"written": [], "proposals": [], "retired": [], "lines": []}
    produced, drafted = set(), []
    from memkit.activation import catalogue

    for target, members, basis in _groups(obs, cfg, _occasions(vault, obs), catalogue.load(vault.root)):
        ids = {str(m["id"]) for m in members}
        pid = proposal_id(target, min(members, key=lambda m: (str(m.get("created") or ""), str(m["id"])))["id"])
        produced.add(pid)
        if (known["status"].get(pid, "candidate") != "candidate" or known["open"].get(pid) == ids
                or any(ids <= s for s in known["decided"])):
            continue
        drafted.append((pid, draft(vault, members, target, basis=basis)))
    quotes = _quotes(vault, [ref for _, d in drafted for ref in d.turns])
    for pid, d in drafted:
        _propose(vault, pid, d, out, quotes)
    scanned = {str(m["id"]) for k in SCANNED for m in obs[k]}
    _retire(vault, known, produced, out, scanned)
    if out["written"]:
        index.update_paths(vault, [vault.root / r for r in out["written"]])
    out["lines"].append(f"promotion scan: {len(out['proposals'])} proposal(s) written or updated"
                        + (f" ({', '.join(out['proposals'])})" if out["proposals"] else "")
                        + (f"; {len(out['retired'])} out-of-date proposal(s) removed" if out["retired"] else ""))
    return out


def _recent(vault, kind: str, limit: int) -> list[dict[str, Any]]:
    return [r.meta for r in queries.notes(vault, types=("observation",), kinds=(kind,), statuses=LIVE,
                                          layer=("workshop", "observation"), newest=limit)]


def _proposals(vault) -> dict[str, Any]:
    """Proposals so far: decided ones (never again) and open ones whose observations were decided on since."""
    known: dict[str, Any] = {"status": {}, "decided": [], "stale": set(), "open": {}, "path": {}}
    found = [(p, {i for i, n in provenance.links(p.meta.get("sources")) if n is None})
             for p in queries.indexed(vault, types=("proposal",))]
    opened = set().union(*(ids for p, ids in found if p.status == "candidate"))
    live = queries.count_by_id(vault, opened, types=("observation",), statuses=LIVE) if opened else {}
    for p, ids in found:
        known["status"][p.id] = p.status
        if p.status != "candidate":
            known["decided"].append(ids)
            continue
        known["open"][p.id] = ids
        known["path"][p.id] = p.path
        if sum(live.get(i, 0) for i in ids) < len(ids):
            known["stale"].add(p.id)
    return known


def _retire(vault, known: dict[str, Any], produced: set[str], out: dict[str, Any], scanned: set[str]) -> None:
    """An open proposal goes, unless a person edited it, when observations it was built on were decided
    on since, or when all of them were scanned and no group proposes it any more (a newer memkit groups
    them otherwise). One whose observations fell out of the scan window stays."""
    for pid, ids in known["open"].items():
        rel = known["path"][pid]
        full = vault.path(rel)
        if pid in produced or not full.exists():
            continue
        note = notes.read(full)
        regrouped = bool(ids) and ids <= scanned and bool(note.meta.get("memkit-sha")) and not (
            note.meta.get("drafted_by") == "patterns" or note.meta.get("pattern"))   # a scan's own draft:
        # not one `memkit patterns` wrote, nor one a person wrote
        if pid not in known["stale"] and not regrouped:
            continue
        if note.edited_by_person():
            out["lines"].append(f"{rel}: out of date but edited by hand; left for you to promote or reject")
            continue
        full.unlink()
        out["written"].append(rel)
        out["retired"].append(pid)


def _occasions(vault, obs: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    """Sessions that are one occasion: undated sessions cut from one log file (a console copy pasted
    again after a resume holds the whole history, so its corrections are said in each part)."""
    ids = {i for k in ("correction", "procedure") for m in obs[k] for i in session_ids(m)}
    return {i: "log:" + log for i, log in queries.undated_logs(vault, ids).items()} if ids else {}


def _groups(obs: dict[str, list[dict[str, Any]]], cfg: dict[str, Any], occasions: dict[str, str] | None = None,
            cat=None):
    """(target, observations, basis) for every group that meets its threshold, in sessions that are
    separate occasions. cat: the vault's catalogue."""
    sim, low = float(cfg["similarity"]), float(cfg["related_similarity"])
    occasions = occasions or {}
    for kind, target, need in (("correction", "convention", "correction_sessions"),
                               ("procedure", "procedure", "procedure_sessions")):
        for g in group(obs[kind], sim, low, cat=cat):
            apart = {occasions.get(i, i) for m in g for i in session_ids(m)}   # at most sessions(g)
            if len(apart) >= int(cfg[need]) and (kind != "correction" or any(map(_holds_a_rule, g))):
                yield target, g, f"{kind} seen in {sessions(g)} sessions"
    covered: set[str] = set()
    for target, modal, basis, members in _preferences(obs["preference"] + obs["decision"], cfg, sim, low):
        covered |= members
        yield target, modal, basis
    high = float(cfg["decision_importance"])
    # a pick that only moved the session along (push, commit, proceed) is no record anyone wants
    shaping = [m for m in obs["decision"] if m.get("lifecycle") != "operational"]
    for g in group(shaping, sim, low, _topic):
        for m in g:
            if float(m.get("importance") or 0) >= high:
                yield "decision", [m], f"a decision of importance {float(m['importance']):.2f}"
        # one draft ADR per debated topic (its first decision anchors it), unless it became a preference
        debated = [m for m in g if _options(m) > 1 and float(m.get("importance") or 0) < high
                   and m["id"] not in covered]
        if debated:
            again = f", decided {len(debated)} times" if len(debated) > 1 else ""
            yield "decision", debated[:1], f"a debated decision: {_options(debated[0])} options discussed{again}"


def _holds_a_rule(m: dict[str, Any]) -> bool:
    """A correction a convention can be drafted from: one that lasts beyond its task, or one whose
    cue holds something to act on. "what are you doing?!" said in two sessions is no convention."""
    cue = m.get("cue") if isinstance(m.get("cue"), dict) else {}
    return m.get("lifecycle") != "operational" or any(cue.get(k) for k in ("forbids", "entities", "calls",
                                                                              "prescribes", "standing"))


def _options(m: dict[str, Any]) -> int:
    return len({str(m.get("chosen")), *map(str, m.get("alternatives") or [])})


def _preferences(items: list[dict[str, Any]], cfg: dict[str, Any], sim: float, low: float):
    """≥ N decisions on one topic across ≥ S sessions that chose the same way at least C of the time."""
    items = sorted(items, key=lambda m: (str(m.get("created") or ""), str(m.get("id"))))
    for g in group(items, sim, low, _topic):
        if len(g) < int(cfg["preference_decisions"]) or sessions(g) < int(cfg["preference_sessions"]):
            continue
        modal = max(group(g, sim, sim, _choice), key=len)
        share = len(modal) / len(g)
        if share >= float(cfg["preference_consistency"]):
            basis = f"the same choice in {len(modal)} of {len(g)} decisions across {sessions(g)} sessions ({share:.0%})"
            yield "preference", modal, basis, {str(m["id"]) for m in g}


def _topic(m: dict[str, Any]) -> str:
    """What a decision was about: its options, in any order; a stated preference speaks for itself."""
    if m.get("kind") != "decision":
        return statement(m)
    return " ".join(sorted(map(str, [m.get("chosen"), *(m.get("alternatives") or [])])))


def _choice(m: dict[str, Any]) -> str:
    return str(m.get("chosen") or statement(m))


def proposal_id(target: str, anchor: str) -> str:
    """Deterministic: the target and the group's first observation (a group that grows keeps its id)."""
    core = re.sub(r"^[a-z]+-|-[0-9a-f]{4}$", "", anchor)
    digest = hashlib.sha256(f"{target}|{anchor}".encode()).hexdigest()[:4]
    return f"prop-{target}-{slug(core, 40)}-{digest}"


def _quotes(vault, refs: list[str]) -> dict[str, dict[str, Any]]:
    """Each turn the proposals quote, each trace read once: the sessions that repeat one lesson
    hold the lessons of other groups too (a trace was read again for each proposal quoting it)."""
    by_trace: dict[str, list[str]] = {}
    for ref in dict.fromkeys(refs):
        by_trace.setdefault(split_ref(ref)[0], []).append(ref)
    found = {}
    for same_trace in by_trace.values():
        cache: dict = {}
        found.update((ref, provenance.quote(vault, *split_ref(ref), cache)) for ref in same_trace)
    return found


def _propose(vault, pid: str, d: Draft, out: dict[str, Any], quotes: dict | None = None) -> None:
    rel = f"workshop/proposals/{pid}.md"
    full = vault.path(rel)
    text = proposal_text(vault, pid, d, quotes)
    if full.exists():
        old = notes.read(full)
        if old.meta.get("status") != "candidate" or full.read_text(encoding="utf-8", errors="replace") == text:
            return
        if old.edited_by_person():
            out["lines"].append(f"{rel}: edited by hand, left as it is (the group now has "
                                f"{len(d.observations)} observation(s))")
            return
    vault.write_text(rel, text)
    out["written"].append(rel)
    out["proposals"].append(pid)


def proposal_text(vault, pid: str, d: Draft, quotes: dict | None = None) -> str:
    """The proposal's file text; quotes: its turns already quoted (`_quotes`), else read now."""
    meta: dict[str, Any] = {"type": "proposal", "id": pid, "target": d.target, "title": d.title,
                            "statement": d.statement, "status": "candidate", "created": d.created or now(),
                            "recurrence": d.sessions, "basis": d.basis, "importance": round(d.importance, 2),
                            "sources": d.sources, "cues": d.cues}
    if d.target == "decision":
        meta.update(context=d.context, alternatives=d.alternatives, consequences=d.consequences)
    cache: dict = {}
    evidence = [dict(quotes[t]) if quotes and t in quotes else provenance.quote(vault, *split_ref(t), cache)
                for t in d.turns]
    text = templates.render("proposal", vault.root, id=pid, target=d.target, basis=d.basis,
                            preview=body(vault, d, evidence))
    return notes.render(notes.Note(notes.stamp(meta, text), text))
