"""Episodes (layer 3): sessions and their observations grouped into bounded work units.

Owns cutting traces into segments (at "starting X" / "done with X" markers), joining
segments across sessions into units (task references, shared files, topic, time) and
writing each unit as a candidate episode in workshop/episodes/ with a deterministic id.
Never rewrites an episode a person edited or reviewed (episodes/, a rejected tombstone).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memkit.layers import Flag, Role
from memkit.library import provenance
from memkit.storage import index, notes, queries, templates

VERSION = "episodes@1"
_X = r"(?P<x>[^.!?\n;,]{3,80}?)"
_END = r"(?=[.!?;,\n]|\s+(?:now|today|next|then|please|first)\b|$)"
START = re.compile(r"\b(?:let'?s|lets|we'?ll|we will|I'?m|I am|we'?re|we are|I'?ll|time to)\s+(?:now\s+)?"
                   r"(?:start(?:ing)?|begin(?:ning)?|work(?:ing)?|get started|kick off|continue)\s+"
                   r"(?:work(?:ing)?\s+)?(?:on|with)\s+" + _X + _END
                   + r"|(?:^|[.!?]\s+)(?:start(?:ing)?\s+(?:work\s+)?on|new (?:task|topic):?|next task:?|"
                   r"switching to)\s+" + _X.replace("x>", "y>") + _END, re.IGNORECASE)
DONE = re.compile(r"\b(?:done|finished)\s+with\s+" + _X + _END
                  + r"|\b(?P<y>(?:the|this|that|our)\s[^.!?\n;,]{2,60}?)\s+is\s+(?:done|finished|complete)\b", re.IGNORECASE)
ABANDON = re.compile(r"\b(?:never ?mind|forget (?:it|about (?:it|this|that))|let'?s (?:stop|drop (?:it|this|that))|"
                     r"scrap (?:that|this|it)|give up on (?:it|this)|abandon (?:it|this))\b", re.IGNORECASE)
THANKS = re.compile(r"^\W*(?:thanks?|thank you|thx|perfect|great|looks good|lgtm|awesome|nice|excellent|"
                    r"(?:that )?works|ship it)\b", re.IGNORECASE)
EDITS = {"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch", "write_file", "edit_file"}
_FILE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:py|js|ts|tsx|jsx|md|toml|json|ya?ml|sql|sh|go|rs|rb|"
                   r"java|kt|c|h|cpp|css|html|txt|cfg|ini|lock|env|tf))\b")
_ISSUE = re.compile(r"(?<![\w&#/])#(\d{1,6})\b")
_TICKET = re.compile(r"\b([A-Z][A-Z0-9]{1,9}-\d{1,6})\b")
_NOT_TICKET = re.compile(r"^(?:UTF|SHA|ISO|MD|GPT|TLS|HTTP|PEP|RFC|ES|CP|X)-")
_BRANCH = re.compile(r"\bgit (?:checkout -b|switch -c|branch) ([\w./-]+)")
_COMMIT = re.compile(r"\[[\w./-]+(?: \(root-commit\))? ([0-9a-f]{7,40})\]")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add) File: (.+)$", re.MULTILINE)
_THREAD = re.compile(r"[^.!?\n]*(?:\?|\bTODO\b|\bstill need(?:s)? to\b|\bleft for later\b|\bnot yet\b)[^.!?\n]*[.!?]?")


@dataclass
class Call:
    turn: int
    name: str
    input: Any
    failed: bool = False
    output: str = ""


@dataclass
class Segment:
    trace: str
    project: str
    cwd: str
    lo: int
    hi: int = 0
    started: str = ""
    ended: str = ""
    marker: str = ""                 # X of "let's start on X"
    end: str = ""                    # done | abandoned (a marker closed it)
    prompts: list[tuple[int, str]] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    edited: list[str] = field(default_factory=list)
    named: set[str] = field(default_factory=set)
    refs: set[str] = field(default_factory=set)
    commits: list[str] = field(default_factory=list)
    said: str = ""                   # the agent's last words in the segment

    @property
    def files(self) -> set[str]:
        return set(self.edited) | self.named


# ---- cutting traces into segments ------------------------------------------------
def _when(turn, seg: Segment) -> None:
    if turn.ts:
        seg.started = seg.started or turn.ts
        seg.ended = turn.ts


def _rel(path: str, cwd: str) -> str:
    path = str(path).strip()
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1:]
    return path


def _call_files(name: str, data: Any, cwd: str) -> tuple[list[str], set[str]]:
    if isinstance(data, dict):
        target = data.get("file_path") or data.get("notebook_path") or data.get("path")
        if name in EDITS and target:
            return [_rel(target, cwd)], set()
        cmd = data.get("command") or data.get("cmd") or ""
        cmd = " ".join(cmd) if isinstance(cmd, list) else str(cmd)
        return [], {_rel(m, cwd) for m in _FILE.findall(cmd)}
    if isinstance(data, str) and name in EDITS:
        return [_rel(p.strip(), cwd) for p in _PATCH_FILE.findall(data)], set()
    return [], set()


def refs_in(text: str) -> set[str]:
    found = {f"#{n}" for n in _ISSUE.findall(text)}
    found |= {t for t in _TICKET.findall(text) if not _NOT_TICKET.match(t)}
    return found | {f"branch:{b}" for b in _BRANCH.findall(text)}


def _markers(text: str) -> tuple[str, int, str, int]:
    """(X of a start marker, its position, done|abandoned, its position); -1 when absent."""
    s = START.search(text)
    d = DONE.search(text)
    a = ABANDON.search(text)
    close = ("done", d.start()) if d else ("abandoned", a.start()) if a else ("", -1)
    x = " ".join((s.group("x") or s.group("y") or "").split()) if s else ""
    return x, (s.start() if s else -1), close[0], close[1]


def segments(ctx, branch: str = "") -> list[Segment]:
    """A trace cut at its markers; turns before the first typed prompt are left out."""
    out: list[Segment] = []
    cur: Segment | None = None
    pending: dict[str, Call] = {}
    for t in ctx.turns:
        text = t.text.strip() if t.typed else ""
        if text:
            x, xpos, close, cpos = _markers(text)
            closes = cur is not None and bool(close) and (not x or cpos < xpos)
            if closes:                              # "done with A (… now let's start on B)"
                cur.end, cur.hi = close, t.n
                cur.prompts.append((t.n, text))
            if x or cur is None or (cur.end and not closes):
                cur = Segment(ctx.id, ctx.project, ctx.cwd, t.n, marker=x)
                if branch and branch not in ("main", "master", "HEAD"):
                    cur.refs.add(f"branch:{branch}")
                out.append(cur)
                cur.end = close if close and not closes else ""
                cur.prompts.append((t.n, text))
            elif not closes:
                cur.prompts.append((t.n, text))
            cur.refs |= refs_in(text)
        if cur is None:
            continue
        cur.hi = t.n
        _when(t, cur)
        _absorb(t, cur, pending, ctx.cwd)
    return out


def _absorb(t, seg: Segment, pending: dict[str, Call], cwd: str) -> None:
    if t.role is Role.ASSISTANT:
        seg.said = t.text.strip() or seg.said
        for c in t.tool_calls:
            call = Call(t.n, c.name, c.input)
            seg.calls.append(call)
            pending[c.id or f"{t.n}"] = call
            edited, named = _call_files(c.name, c.input, cwd)
            seg.edited += [f for f in edited if f not in seg.edited]
            seg.named |= named
            seg.refs |= refs_in(json.dumps(c.input) if not isinstance(c.input, str) else c.input)
    elif t.role is Role.TOOL:
        call = pending.pop(t.tool_call_id or "", None) or (seg.calls[-1] if seg.calls else None)
        if call is None:
            return
        call.failed = bool(t.flags & {Flag.ERROR, Flag.REJECTED, Flag.INTERRUPT})
        call.output = t.text[:2000]
        command = str(call.input.get("command", "")) if isinstance(call.input, dict) else ""
        if "git commit" in command and not call.failed:
            seg.commits += [c for c in _COMMIT.findall(t.text) if c not in seg.commits]


# ---- joining segments into units -------------------------------------------------
def _time(ts: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(ts) if ts else None
    except ValueError:
        return None
    return when.replace(tzinfo=UTC) if when and when.tzinfo is None else when   # naive stamps: read as UTC


def _core(text: str) -> str:
    return re.sub(r"^(?:the|a|an|our|this|that|some)\s+", "", text.strip().lower())


def _mentions(goal: str, seg: Segment) -> bool:
    from memkit.similar import fuzz, utils

    core = _core(goal)
    if len(core.split()) < 1 or len(core) < 4:
        return False
    said = " ".join(p for _, p in seg.prompts)
    return fuzz.partial_ratio(core, said, processor=utils.default_process) >= 90


def _score(unit: list[Segment], seg: Segment, cfg: dict[str, Any]) -> int:
    from memkit.similar import fuzz, utils

    last = unit[-1]
    if last.trace == seg.trace:
        return 0     # a session was cut at a marker on purpose
    marker = next((s.marker for s in unit if s.marker), "")
    if marker and _mentions(marker, seg):
        return 3
    if seg.marker:
        return 0     # a new, differently named effort
    if set().union(*(s.refs for s in unit)) & seg.refs:
        return 3
    a, b = _time(last.ended), _time(seg.started)
    if a and b and (b - a).total_seconds() > float(cfg["window_hours"]) * 3600:
        return 0
    if set().union(*(s.files for s in unit)) & seg.files:
        return 2
    first, mine = unit[0].prompts[0][1][:300], seg.prompts[0][1][:300]
    same = fuzz.token_sort_ratio(first, mine, processor=utils.default_process)
    return 2 if same >= float(cfg["topic_similarity"]) else 0


def units(segs: list[Segment], cfg: dict[str, Any]) -> list[list[Segment]]:
    """Greedy, in time order: a segment joins the open unit it scores best with (≥ 2), else starts one."""
    found: list[list[Segment]] = []
    closed: set[int] = set()
    for seg in sorted(segs, key=lambda s: (s.started or "", s.trace, s.lo)):
        scores = [(_score(u, seg, cfg), -i) for i, u in enumerate(found) if i not in closed]
        best = max(scores, default=(0, 0))
        if best[0] >= 2:
            found[-best[1]].append(seg)
            at = -best[1]
        else:
            found.append([seg])
            at = len(found) - 1
        if seg.end:
            closed.add(at)
    return found


# ---- compressing a unit into an episode ------------------------------------------
_BOX = re.compile(r"[│┃┌┐└┘├┤─━╭╮╰╯▶►•✓✗⚡]+")


def _gist(text: str, limit: int = 120) -> str:
    """The first line of a prompt that says something (pasted output and box drawing trimmed)."""
    line = next((x for x in (" ".join(_BOX.sub(" ", y).split()) for y in text.splitlines()) if x), "")
    first = re.split(r"(?<=[.!?])\s", line, maxsplit=1)[0]
    return first if len(first) <= limit else first[:limit].rsplit(" ", 1)[0] + " …"


def goal_of(unit: list[Segment]) -> str:
    """The marker's X, else the first typed prompt of three words or more (a bare "hi" says nothing)."""
    marker = next((s.marker for s in unit if s.marker), "")
    if marker:
        return marker[:1].upper() + marker[1:]
    prompts = [p for s in unit for _, p in s.prompts]
    return _gist(next((p for p in prompts if len(_gist(p).split()) >= 3), prompts[0]))


def outcome_of(unit: list[Segment]) -> str:
    last = unit[-1]
    if last.end:
        return last.end
    final = last.prompts[-1] if last.prompts else (0, "")
    if THANKS.match(final[1]) and len(final[1].split()) <= 12 and len(last.prompts) > 1:
        return "done"
    after = [c for c in last.calls if c.turn > final[0]]
    if after and after[-1].failed:
        return "failed"
    edits = [i for i, c in enumerate(last.calls) if c.name in EDITS]
    if edits:
        checked = [c for c in last.calls[edits[-1] + 1:] if c.name not in EDITS]
        return "done" if checked and not checked[-1].failed else "partial"
    return "open"


def episode_id(goal: str, unit: list[Segment]) -> str:
    from memkit.library.drafts import slug

    span = "|".join(f"{s.trace}:{s.lo}" for s in unit)
    return f"ep-{slug(goal, 40)}-{hashlib.sha256(span.encode()).hexdigest()[:6]}"


def _in(seg: Segment, m: dict[str, Any]) -> bool:
    found = provenance.links(m.get("source"))
    return bool(found) and found[0][0] == seg.trace and seg.lo <= (found[0][1] or 0) <= seg.hi


def _threads(unit: list[Segment], obs: list[dict[str, Any]]) -> list[str]:
    last = unit[-1]
    found = [f"{m.get('lesson') or m.get('question') or m.get('id')} ([[{m['id']}]])" for m in obs
             if m.get("kind") == "question" and _in(last, m)]
    if outcome_of(unit) in ("open", "partial") and last.said:
        found += [" ".join(x.split()) for x in _THREAD.findall(last.said[-1500:]) if len(x.split()) >= 4]
    return list(dict.fromkeys(x[:200] for x in found))[:3]


def compose(vault, unit: list[Segment], obs: list[dict[str, Any]], library: dict[str, list[str]]) -> dict[str, Any]:
    """The frontmatter of the episode a unit becomes (observations: those of its sessions)."""
    from memkit.library.drafts import clean

    mine = [m for m in obs if any(_in(s, m) for s in unit)]
    goal = goal_of(unit)
    lessons = []
    for m in mine:
        if m.get("kind") == "correction" and m.get("lesson"):
            lessons.append(f"{clean(str(m['lesson']))} ([[{m['id']}]])")
        elif m.get("kind") == "negative_result" and m.get("approach"):
            why = f": {m['reason']}" if m.get("reason") else ""
            lessons.append(f"tried {m['approach']}{why} ([[{m['id']}]])")
    ids = {str(m["id"]) for m in mine} | {s.trace for s in unit}
    notes_used = sorted({lib for lib, srcs in library.items() if ids & set(srcs)})
    files = list(dict.fromkeys(f for s in unit for f in s.edited))
    commits = list(dict.fromkeys(c for s in unit for c in s.commits))
    sessions = list(dict.fromkeys(s.trace for s in unit))
    return {"type": "episode", "id": episode_id(goal, unit), "status": "candidate", "goal": goal,
            "sessions": [f"[[{t}]]" for t in sessions],
            "period": {"from": unit[0].started or "", "to": unit[-1].ended or ""},
            "outcome": outcome_of(unit),
            "decisions": [f"[[{m['id']}]]" for m in mine if m.get("kind") == "decision"],
            "lessons": lessons[:8], "open_threads": _threads(unit, mine),
            "artifacts": files[:20] + [f"commit {c}" for c in commits[:10]] + [f"[[{n}]]" for n in notes_used],
            "project": unit[0].project, "created": unit[-1].ended or unit[0].started or "",
            "source": f"[[{unit[0].trace}#^t{unit[0].lo}]]", "extractor": VERSION}


def render(vault, meta: dict[str, Any], unit: list[Segment]) -> str:
    body = templates.render("episode", vault.root, e=meta, segments=[_story(s) for s in unit])
    return notes.render(notes.Note(notes.stamp(meta, body), body))


def _story(seg: Segment) -> dict[str, Any]:
    ran = [c for c in seg.calls if c.name not in EDITS]
    failed = sum(c.failed for c in seg.calls)
    return {"link": f"{seg.trace}#^t{seg.lo}", "end": f"{seg.trace}#^t{seg.hi}", "when": seg.started[:16].replace("T", " "),
            "asked": " ".join(seg.prompts[0][1].split())[:200] if seg.prompts else "",
            "last": " ".join(seg.prompts[-1][1].split())[:200] if len(seg.prompts) > 1 else "",
            "edited": seg.edited[:8], "more": max(0, len(seg.edited) - 8), "ran": len(ran), "failed": failed,
            "said": " ".join(seg.said.split())[:240], "end_marker": seg.end}


# ---- reading the vault --------------------------------------------------------
def load(vault) -> list[tuple[Any, list[Segment]]]:
    """Every main-agent trace with its segments (sub-agent traces belong to their parent's work)."""
    from memkit.errors import InvalidInput
    from memkit.extract import context_for

    out = []
    for path in vault.note_files("traces"):
        try:
            ctx, note = context_for(vault, vault.rel(path))
        except InvalidInput:
            continue
        if not ctx.sidechain and note.meta.get("type") == "trace":
            out.append((ctx, segments(ctx, str(note.meta.get("branch") or ""))))
    return out


def observations(vault) -> list[dict[str, Any]]:
    return [r.meta for r in queries.notes(vault, types=("observation",), not_statuses=("rejected",), by_time=True)]


def library_sources(vault) -> dict[str, list[str]]:
    return {n.id: [t for t, _ in provenance.links(n.meta.get("sources"))]
            for n in queries.indexed(vault, layer="library")}


# ---- writing ------------------------------------------------------------------
def write_episodes(vault, *, refresh: bool = True) -> tuple[dict[str, Any], list, list]:
    """Episodes for every unit, stale ones of memkit's own retired; returns (out, the loaded
    sessions, the observations) for the pattern detectors. The caller holds the vault lock."""
    out: dict[str, Any] = {"written": [], "episodes": [], "unchanged": 0, "kept": [], "lines": []}
    if refresh:
        index.refresh(vault)
    loaded = load(vault)
    obs, library = observations(vault), library_sources(vault)
    produced = set()
    for unit in units([s for _, segs in loaded for s in segs if s.prompts], vault.config.section("episodes")):
        meta = compose(vault, unit, obs, library)
        produced.add(meta["id"])
        _write(vault, meta, render(vault, meta, unit), out)
    _retire(vault, produced, out)
    index.update_paths(vault, [vault.root / r for r in out["written"]])
    out["lines"].append(f"episodes: {len(out['episodes'])} written or updated, {out['unchanged']} unchanged"
                        + (f", {len(out['kept'])} left alone (edited or reviewed)" if out["kept"] else ""))
    return out, loaded, obs


def _write(vault, meta: dict[str, Any], text: str, out: dict[str, Any]) -> None:
    rel = f"workshop/episodes/{meta['id']}.md"
    full = vault.path(rel)
    if (vault.root / "episodes" / f"{meta['id']}.md").exists():
        out["kept"].append(rel)
        return
    if full.exists():
        old = notes.read(full)
        if old.meta.get("status") != "candidate" or old.edited_by_person():
            out["kept"].append(rel)
            out["lines"].append(f"{rel}: edited by hand or decided on; left as it is")
            return
        if full.read_text(encoding="utf-8", errors="replace") == text:
            out["unchanged"] += 1
            return
    vault.write_text(rel, text)
    out["written"].append(rel)
    out["episodes"].append(meta["id"])


def _retire(vault, produced: set[str], out: dict[str, Any]) -> None:
    """An episode memkit wrote for a unit that no longer exists (the session grew) goes, unless edited."""
    for path in vault.note_files("workshop/episodes"):
        if path.stem in produced:
            continue
        note = notes.read(path)
        if (note.meta.get("extractor") == VERSION and note.meta.get("status") == "candidate"
                and note.meta.get("memkit-sha") and not note.edited_by_person()):
            path.unlink()
            out["written"].append(vault.rel(path))


def listing(vault) -> list[dict[str, Any]]:
    """Episodes, candidates and accepted, newest first."""
    index.refresh(vault)
    found = []
    for path, m in queries.notes(vault, types=("episode",)):
        period = m.get("period") if isinstance(m.get("period"), dict) else {}
        found.append({"id": m.get("id"), "path": path, "status": m.get("status"), "goal": m.get("goal"),
                      "outcome": m.get("outcome"), "sessions": [t for t, _ in provenance.links(m.get("sessions"))],
                      "from": period.get("from"), "to": period.get("to")})
    return sorted(found, key=lambda e: (str(e["to"] or ""), str(e["id"])), reverse=True)
