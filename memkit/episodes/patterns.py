"""Cross-session patterns: procedures, preferences, causal clusters, discoveries' confidence.

Owns four detectors over sessions already cut into segments (memkit.episodes): tool-call
sequences that recur across sessions (→ procedure proposals), accept/reject signals that one
choice explains (→ preference proposals), failures sharing a causal shape from
data/causes.toml (→ pattern-note proposals), and discoveries gaining or losing confidence as
later sessions refer back to them. Writes only workshop/; the caller holds the vault lock.
"""
from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from memkit import DATA
from memkit.episodes.units import EDITS, _call_files
from memkit.layers import Flag, Role
from memkit.library import promote, provenance
from memkit.library.drafts import Draft, now
from memkit.storage import index, notes, queries

CAUSES = DATA / "causes.toml"
READ_ONLY = {"Read", "Grep", "Glob", "LS", "TodoWrite", "TodoRead", "WebSearch", "WebFetch", "BashOutput",
             "NotebookRead", "KillShell", "KillBash", "Task", "ExitPlanMode", "read_file", "list_dir", "view_image",
             "update_plan", "AskUserQuestion", "ListMcpResourcesTool", "TaskOutput"}
# Shell commands that only look around: they are not steps of a procedure.
LOOKING = {"ls", "find", "cat", "echo", "pwd", "which", "tail", "head", "sleep", "grep", "rg", "wc", "tree", "file",
           "stat", "whoami", "date", "printenv", "ps", "less", "du", "df", "type", "git status", "git log", "git diff",
           "git show", "sw_vers", "uname"}
SHELLS = {"Bash", "shell", "exec_command", "local_shell", "container.exec"}
SUBCOMMANDS = {"git", "npm", "yarn", "pnpm", "bun", "cargo", "go", "docker", "kubectl", "pip", "pip3", "uv", "poetry",
               "make", "brew", "apt", "apt-get", "gh", "terraform", "helm", "npx", "bundle", "rails", "mix", "dotnet",
               "alembic", "deno", "just", "nix", "systemctl", "flask", "django-admin", "rake", "gradle", "mvn",
               "memkit", "conda", "pipx", "rustup", "heroku", "fly", "vercel", "aws", "gcloud"}
DIRS = {"migrations", "tests", "test", "docs", "scripts", "workflows", "versions", "fixtures", "alembic", "bench"}
_SKIP = re.compile(r"^(?:[A-Za-z_]\w*=\S*|sudo|time|env|nohup|exec|command)$")
_WORD = re.compile(r"^[a-z][a-z0-9:_-]*$")


# ---- shapes ---------------------------------------------------------------------
def _command(data: Any) -> str:
    cmd = data.get("command") or data.get("cmd") or "" if isinstance(data, dict) else data
    return " ".join(map(str, cmd)) if isinstance(cmd, list) else str(cmd or "")


def program(command: str, flags: bool = False) -> str:
    """`git commit -m …` → `git commit`; `cd x && python -m pytest -q` → `pytest`; flags keeps -g/--global."""
    parts = [p.strip() for p in re.split(r"&&|\|\||;|\||\n", command) if p.strip()]
    parts = [p for p in parts if not re.match(r"^(?:cd|pushd|source|\.|export|set)\b", p)] or parts[:1]
    words = [w for w in (parts[0].split() if parts else []) if w.strip("'\"")]
    while words and _SKIP.match(words[0]):
        words = words[1:]
    if not words:
        return "?"
    prog = words[0].rsplit("/", 1)[-1]
    rest = words[1:]
    if prog.startswith("python") and rest[:1] == ["-m"] and len(rest) > 1:
        prog, rest = rest[1], rest[2:]
    out = prog
    if prog in SUBCOMMANDS and rest and _WORD.match(rest[0]):
        out += " " + rest[0]
        if rest[0] in ("run", "exec", "x") and len(rest) > 1 and _WORD.match(rest[1]):
            out += " " + rest[1]
    if flags:
        out += "".join(f" {w}" for w in rest if w in ("-g", "--global", "--user", "-U", "--upgrade", "--force", "-f"))
    return out


def shape(name: str, data: Any, cwd: str = "") -> str:
    if name in SHELLS:
        return f"Bash({program(_command(data))})"
    edited, _ = _call_files(name, data, cwd)
    if name in EDITS or edited:
        path = Path(edited[0]) if edited else Path("")
        where = path.parent.name if path.parent.name in DIRS else ""
        return f"{name}({where + '/*' if where else '*' + path.suffix if path.suffix else '*'})"
    return name


# ---- procedures from recurring tool-call sequences -------------------------------
def sequence(segs, cwd: str) -> list[tuple[str, int, str]]:
    """(shape, turn, an example) of a session's acting tool calls; repeats of one shape collapse."""
    seq: list[tuple[str, int, str]] = []
    for seg in segs:
        for c in seg.calls:
            if c.name in READ_ONLY or c.failed:
                continue
            s = shape(c.name, c.input, cwd)
            if s[5:-1] in LOOKING and s.startswith("Bash("):
                continue
            example = _command(c.input)[:120] if c.name in SHELLS else (_call_files(c.name, c.input, cwd)[0] or [""])[0]
            if not seq or seq[-1][0] != s:
                seq.append((s, c.turn, example))
    return seq[:3000]


def _subsequences(seq: list[tuple[str, int, str]], gap: int, lo: int = 3, hi: int = 8):
    """Every subsequence of length lo..hi skipping at most `gap` calls in all, with its positions."""
    n = len(seq)
    for i in range(n):
        stack = [((i,), gap)]
        while stack:
            idx, left = stack.pop()
            if len(idx) >= lo:
                yield idx
            if len(idx) == hi:
                continue
            for skip in range(left + 1):
                j = idx[-1] + 1 + skip
                if j < n:
                    stack.append((idx + (j,), left - skip))


def procedures(loaded, cfg_p: dict[str, Any], cfg_e: dict[str, Any]) -> list[Draft]:
    need, gap = int(cfg_p["procedure_sessions"]), int(cfg_e["procedure_gap"])
    seen: dict[tuple[str, ...], dict[str, tuple[int, ...]]] = defaultdict(dict)
    seqs = {}
    for ctx, segs in loaded:
        seq = sequence(segs, ctx.cwd)
        seqs[ctx.id] = seq
        for idx in _subsequences(seq, gap):
            pat = tuple(seq[k][0] for k in idx)
            if len(set(pat)) >= 3 and any(p.startswith("Bash(") for p in pat):
                seen[pat].setdefault(ctx.id, idx)
    found = sorted(((p, occ) for p, occ in seen.items() if len(occ) >= need),
                   key=lambda x: (-len(x[0]), -len(x[1]), x[0]))
    chosen: list[tuple[tuple[str, ...], dict]] = []
    for pat, occ in found:
        if any(set(pat) <= set(p) and set(occ) <= set(o) for p, o in chosen):
            continue
        chosen.append((pat, occ))
        if len(chosen) >= int(cfg_e["max_procedures"]):
            break
    return [_procedure(pat, occ, seqs) for pat, occ in chosen]


PROCEDURE, USUAL = "Procedure: ", "the usual steps: "


def _procedure(pat: tuple[str, ...], occ: dict[str, tuple[int, ...]], seqs) -> Draft:
    tids = sorted(occ)
    first = seqs[tids[0]]
    steps = [f"{k + 1}. `{p}`" + (f" — e.g. `{first[i][2]}`" if first[i][2] else "")
             for k, (p, i) in enumerate(zip(pat, occ[tids[0]]))]
    label = " → ".join(pat)
    title = PROCEDURE + (label if len(label) <= 90 else label[:90].rsplit(" → ", 1)[0] + " → …")
    text = f"The same {len(pat)} steps, in this order, in {len(tids)} sessions:\n\n" + "\n".join(steps)
    cue = {"trigger": pat[0], "lesson": USUAL + label, "action_types": []}
    return Draft("procedure", title, text, [], [f"{t}#^t{seqs[t][occ[t][0]][1]}" for t in tids], [cue],
                 len(tids), 0.5, f"a tool-call sequence seen in {len(tids)} sessions", _date(tids[-1]))


def _date(tid: str) -> str:
    return f"{tid[:10]}T00:00:00Z" if re.match(r"\d{4}-\d{2}-\d{2}", tid) else now()[:10] + "T00:00:00Z"


# ---- preferences from distributed accept/reject signals ---------------------------
def preferences(vault, loaded, obs: list[dict[str, Any]], cfg: dict[str, Any]) -> list[Draft]:
    """Per action type: the choice the person accepts while rejecting the others (≥ N decisions, S sessions, C %)."""
    from memkit.activation import catalogue as taxonomy

    tax = taxonomy.load(vault.root)
    redirected = defaultdict(set)
    for m in obs:
        if m.get("kind") == "correction":
            for tid, n in provenance.links(m.get("source")):
                redirected[tid].add(n or 0)
    signals: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for ctx, segs in loaded:
        calls = [c for s in segs for c in s.calls if c.name in SHELLS]
        for k, c in enumerate(calls):
            nxt = calls[k + 1].turn if k + 1 < len(calls) else 10**9
            said_no = any(c.turn < n < nxt and n - c.turn <= 3 for n in redirected[ctx.id])
            rejected = said_no or bool(c.failed and "rejected" in c.output.lower()) or _refused(ctx, c.turn)
            for domain in tax.classify_action(c.name, c.input):
                signals[domain][program(_command(c.input), flags=True)].append((not rejected, ctx.id, c.turn))
    drafts, done = [], set()
    for domain, choices in sorted(signals.items()):
        d = _preference(domain, choices, cfg)
        if d and d.title not in done:
            done.add(d.title)
            drafts.append(d)
    return drafts


def _refused(ctx, turn: int) -> bool:
    after = [t for t in ctx.turns if t.n > turn and t.role is Role.TOOL][:1]
    return bool(after) and bool(after[0].flags & {Flag.REJECTED, Flag.INTERRUPT})


def _preference(domain: str, choices: dict[str, list], cfg: dict[str, Any]) -> Draft | None:
    acc = {c: sum(ok for ok, _, _ in v) for c, v in choices.items()}
    rej = {c: len(v) - acc[c] for c, v in choices.items()}
    best = max(choices, key=lambda c: (acc[c] - rej[c], c))
    avoided = sorted(c for c in choices if c != best and rej[c])
    if not avoided or not acc[best]:
        return None
    used = choices[best] + [x for c in avoided for x in choices[c]]
    explained = acc[best] + sum(rej[c] for c in avoided)
    share, sessions = explained / len(used), len({tid for _, tid, _ in used})
    if (len(used) < int(cfg["preference_decisions"]) or sessions < int(cfg["preference_sessions"])
            or share < float(cfg["preference_consistency"]) or sum(rej[c] for c in avoided) < 2):
        return None
    title = f"Prefer {best} over {', '.join(avoided)}"
    text = (f"{title} ({domain}): accepted `{best}` {acc[best]} time(s) and rejected "
            + ", ".join(f"`{c}` {rej[c]} time(s)" for c in avoided) + f" across {sessions} sessions.")
    turns = list(dict.fromkeys(f"{tid}#^t{n}" for _, tid, n in sorted(used, key=lambda x: (x[1], x[2]))))[:12]
    cue = {"trigger": ", ".join(avoided), "lesson": f"prefer {best} over {', '.join(avoided)}", "action_types": [domain]}
    return Draft("preference", title, text, [], turns, [cue], sessions, 0.6,
                 f"one choice explains {explained} of {len(used)} decisions across {sessions} sessions ({share:.0%})",
                 _date(max(tid for _, tid, _ in used)))


# ---- causal clusters ---------------------------------------------------------------
@lru_cache(maxsize=1)
def causes() -> dict[str, dict[str, Any]]:
    data = tomllib.loads(CAUSES.read_text(encoding="utf-8"))
    for c in data.values():
        c["strong_rx"] = [re.compile(p, re.IGNORECASE) for p in c.get("strong", [])]
        c["weak_rx"] = [re.compile(p, re.IGNORECASE) for p in c.get("weak", [])]
    return data


def cause_of(text: str) -> str:
    """The causal shape a text names best ('' for none): one strong pattern, or two weak ones."""
    best, top = "", 0
    for name, c in causes().items():
        score = 2 * sum(bool(rx.search(text)) for rx in c["strong_rx"]) + sum(bool(rx.search(text)) for rx in c["weak_rx"])
        if score >= 2 and score > top:
            best, top = name, score
    return best


def instances(vault, obs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Corrections, negative results and failed or abandoned episodes, each with its text and session."""
    items = []
    for m in obs:
        if m.get("kind") == "correction":
            text = f"{m.get('trigger') or ''}. {m.get('lesson') or ''}"
        elif m.get("kind") == "negative_result":
            text = f"{m.get('approach') or ''}. {m.get('reason') or ''}"
        else:
            continue
        items.append({**m, "_text": text, "_session": (provenance.links(m.get("source")) or [("", 0)])[0][0]})
    for _path, m in queries.notes(vault, types=("episode",), not_statuses=("rejected",)):
        if m.get("outcome") in ("failed", "abandoned"):
            text = f"{m.get('goal') or ''}. " + " ".join(map(str, m.get("lessons") or []))
            items.append({**m, "kind": "episode", "_text": text,
                          "_session": (provenance.links(m.get("sessions")) or [("", 0)])[0][0]})
    return items


def clusters(vault, obs: list[dict[str, Any]], cfg: dict[str, Any]) -> list[tuple[Draft, list[str]]]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in instances(vault, obs):
        name = cause_of(item["_text"])
        if name:
            by[name].append(item)
    out = []
    for name, items in sorted(by.items()):
        if len(items) < int(cfg["cluster_instances"]) or len({i["_session"] for i in items}) < int(cfg["cluster_sessions"]):
            continue
        out.append(_cluster(name, sorted(items, key=lambda i: (str(i.get("created") or ""), str(i["id"])))))
    return out


def _cluster(name: str, items: list[dict[str, Any]]) -> tuple[Draft, list[str]]:
    c = causes()[name]
    lines = [f"- [[{i['id']}]] ({i['_session'][:10] or 'undated'}, {i.get('kind')}): {' '.join(i['_text'].split())[:200]}"
             for i in items]
    sessions = len({i["_session"] for i in items})
    text = f"{c['lesson']}.\n\nThe same cause ({name}) behind {len(items)} incidents in {sessions} sessions:\n" + "\n".join(lines)
    obs_ids = [str(i["id"]) for i in items if i.get("kind") != "episode"]
    turns = provenance.turn_refs([i.get("source") for i in items if i.get("kind") != "episode"])
    cue = {"trigger": c["trigger"], "lesson": c["lesson"], "action_types": []}
    d = Draft("note", c["title"], text, obs_ids, turns, [cue], sessions, 0.7,
              f"{len(items)} incidents sharing one cause ({name}) across {sessions} sessions",
              max(str(i.get("created") or "") for i in items))
    return d, [f"[[{i['id']}]]" for i in items if i.get("kind") == "episode"]


# ---- discoveries gain or lose confidence -------------------------------------------
_STOPWORDS = {"about", "after", "again", "being", "could", "doesn", "every", "first", "found", "their", "there",
              "these", "thing", "those", "through", "using", "where", "which", "while", "would", "should",
              "because", "before", "other", "still", "since"}


def _terms(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9_-]{4,}", text.lower()) if w not in _STOPWORDS}


def discoveries(vault, loaded, cfg: dict[str, Any]) -> list[str]:
    """A candidate discovery referred back to in later typed prompts gains confidence; one that
    later sessions never mention fades. Only unedited candidates change; returns the paths written."""
    rows = queries.notes(vault, types=("observation",), kinds=("discovery",), statuses=("candidate",),
                         layer="workshop")
    later = sorted(((ctx.started or "", ctx.id, _terms(" ".join(p for s in segs for _, p in s.prompts)))
                    for ctx, segs in loaded), key=lambda x: x[:2])
    written = []
    for rel, m in rows:
        own = (provenance.links(m.get("source")) or [("", 0)])[0][0]
        terms = _terms(str(m.get("lesson") or ""))
        after = [x for x in later if x[1] != own and x[0] > str(m.get("created") or "")]
        need = min(2, len(terms))
        refs = [f"[[{tid}]]" for _, tid, said in after if need and len(terms & said) >= need]
        base = float(m.get("base_confidence", m.get("confidence") or 0.3))
        conf = min(0.9, base + 0.15 * len(refs)) if refs else (
            round(base * 0.5, 2) if len(after) >= int(cfg["discovery_fade_sessions"]) else base)
        if abs(conf - float(m.get("confidence") or 0)) > 1e-9 or refs != (m.get("referenced_by") or []):
            written += _restate(vault, rel, {"confidence": round(conf, 2), "base_confidence": base,
                                             "referenced_by": refs})
    return written


def _restate(vault, rel: str, changes: dict[str, Any]) -> list[str]:
    note = notes.read(vault.root / rel)
    if note.edited_by_person() or note.meta.get("status") != "candidate":
        return []
    meta = {**note.meta, **changes}
    vault.write_text(rel, notes.render(notes.Note(notes.stamp(meta, note.body), note.body, newline=note.newline)))
    return [rel]


# ---- proposals and the pass as a whole ---------------------------------------------
def propose(vault, d: Draft, extra: dict[str, Any], out: dict[str, Any]) -> None:
    """A proposal in the promotion scan's own format; decided, edited or unchanged ones stay as they are."""
    pid = promote.proposal_id(d.target, d.observations[0] if d.observations else _anchor(vault, d))
    rel = f"workshop/proposals/{pid}.md"
    full = vault.path(rel)
    out["proposals"].append(pid)
    old = notes.read(full) if full.exists() else None
    if old is not None and (old.meta.get("status") != "candidate" or old.edited_by_person()):
        return
    if old is not None and old.meta.get("created") and not d.created:   # undated sessions: the draft
        d = dataclasses.replace(d, created=str(old.meta["created"]))      # keeps the day it was first made
    text = promote.proposal_text(vault, pid, d)
    meta_extra = {"drafted_by": "patterns", **extra}   # the promotion scan leaves what it did not draft
    note = notes.parse(text)
    text = notes.render(notes.Note(notes.stamp({**note.meta, **meta_extra}, note.body), note.body))
    if old is not None and full.read_text(encoding="utf-8", errors="replace") == text:
        return
    vault.write_text(rel, text)
    out["written"].append(rel)


def _anchor(vault, d: Draft) -> str:
    """What a proposal without observations is named by: its title, or a procedure's whole sequence of
    steps. A title is cut at 90 characters, so two sequences sharing their first steps had one id and
    overwrote each other; a proposal already made under a cut title for this very sequence keeps that
    id (a person may have edited or decided it), any other takes its whole sequence's."""
    if d.target != "procedure" or not d.title.endswith(" → …"):
        return d.title
    steps = _steps(d.cues)
    made = vault.path(f"workshop/proposals/{promote.proposal_id(d.target, d.title)}.md")
    if made.is_file() and _steps(notes.read(made).meta.get("cues")) == steps:
        return d.title
    return PROCEDURE + steps


def _steps(cues: Any) -> str:
    """A procedure's whole sequence, as its cue's lesson states it ('' when none does)."""
    lessons = [str(c.get("lesson") or "") for c in cues or [] if isinstance(c, dict)]
    return next((text[len(USUAL):] for text in lessons if text.startswith(USUAL)), "")


def run(vault, loaded=None, obs=None, *, refresh: bool = True) -> dict[str, Any]:
    """Every detector over the vault; returns written paths, proposal ids by kind, lines. Caller holds the lock."""
    from memkit.episodes import units as episodes

    if refresh:
        index.refresh(vault)
    loaded = episodes.load(vault) if loaded is None else loaded
    obs = episodes.observations(vault) if obs is None else obs
    cfg_p, cfg_e = vault.config.section("promotion"), vault.config.section("episodes")
    out: dict[str, Any] = {"written": [], "proposals": [], "lines": []}
    counts = {}
    for kind, found in (("procedure", [(d, {}) for d in procedures(loaded, cfg_p, cfg_e)]),
                        ("preference", [(d, {}) for d in preferences(vault, loaded, obs, cfg_p)]),
                        ("pattern", [(d, {"pattern": True, "episodes": eps} if eps else {"pattern": True})
                                     for d, eps in clusters(vault, obs, cfg_e)])):
        before = len(out["proposals"])
        for d, extra in found:
            propose(vault, d, extra, out)
        counts[kind] = out["proposals"][before:]
    out["by_kind"] = counts
    out["written"] += discoveries(vault, loaded, cfg_e)
    if out["written"]:
        index.update_paths(vault, [vault.root / r for r in out["written"]])
    out["lines"].append("patterns: " + ", ".join(f"{len(v)} {k} proposal(s)" for k, v in counts.items())
                        + f"; {len(out['written'])} file(s) written")
    return out


def detect(vault, *, commit: bool = True) -> dict[str, Any]:
    """`memkit patterns`: every detector under the vault lock, committed with `Memkit-Action: patterns`."""
    from memkit.storage import git

    return git.run_committed(vault, run, lambda out: f"memkit: patterns ({len(out['written'])} file(s))",
                                  "patterns", commit=commit)
