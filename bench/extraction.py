#!/usr/bin/env python3
"""Score memkit's heuristic extraction against hand-labelled typed prompts.

For every chosen label file in tests/data/extraction-labels/ (one per console day, or one per
folder of Claude Code JSONL logs), its logs from ../shared/corpora are ingested into a fresh
temporary vault with the default heuristic extractor, every observation written to
workshop/observations/<kind>/ is read, and each one is matched by its words to one typed
prompt of the same session (LABELING.md, last paragraph). The matched prompt's hand label
decides whether the observation was right. Then, over every shared real log ingested into
one vault, how many candidates memkit writes per session.

A console-day label file names its prompts by `line`; a JSONL label file (m-claude.jsonl,
spotter.jsonl) names them by log `file`, `turn` (memkit's turn number) and `session`. With no
--files only the console days are scored, as before; name the others (--files m-claude,spotter)
or ask for --files all.

    .venv/bin/python bench/extraction.py                  # every console-day label file, table on stdout
    .venv/bin/python bench/extraction.py --files 007,009 --verbose
    .venv/bin/python bench/extraction.py --files m-claude,spotter --verbose --no-sessions
    .venv/bin/python bench/extraction.py --json out.json --no-sessions

Matching (documented in bench/README.md): an observation's evidence is its quote-like
frontmatter (lesson, chosen, value, reason, approach), its `>` quote blocks and its
double-quoted strings; its body (without the agent's call and the links) only when it has
none of those. Each evidence string is compared, as lower-cased words, with each prompt of
the observation's own session. A prompt qualifies when the two share a run of at least
RUN_LONG consecutive words, or a run of at least RUN_MIN words covering RUN_SHARE of the
evidence, or when CONTAIN_SHARE of the evidence's content words (at least CONTAIN_MIN of
them) occur in the prompt. The qualifying prompt with the highest score (the larger of run
share and content-word share) wins; ties go to the longer run, then to the prompt nearest
the observation's own source turn (identical prompts pasted twice). No qualifying prompt:
the observation is "unmatched". An evidence string that is the whole prompt, word for word,
qualifies however short it is (a decision keeps the reply "2" that picked its option, `reply`).
The source link itself never decides a match; how often the text match agrees with it is
printed as a check on the matcher.

Standard library and memkit only; nothing outside the temporary folders is written.
"""
from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import re
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MEMKIT_SHARED") or ROOT.parent / "shared")   # ../shared beside the repository
CORPORA = SHARED / "corpora"
LABELS = ROOT / "tests" / "data" / "extraction-labels"
KINDS = ("correction", "preference", "decision", "fact", "negative_result")
LABEL_VALUES = KINDS + ("none",)

# Matching thresholds (see the module docstring and bench/README.md).
RUN_LONG = 8          # this many consecutive shared words is a match whatever the lengths
RUN_MIN = 3           # a shorter run must still be this long ...
RUN_SHARE = 0.6       # ... and cover this share of the evidence's words
CONTAIN_SHARE = 0.7   # or this share of the evidence's content words occur in the prompt ...
CONTAIN_MIN = 4       # ... counting at least this many distinct content words
EVIDENCE_KEYS = ("lesson", "chosen", "reply", "value", "reason", "approach")
STOP = frozenset(("a", "an", "the", "to", "of", "in", "on", "at", "for", "from", "by", "with", "and", "or",
    "but", "if", "then", "so", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this",
    "that", "these", "those", "there", "here", "we", "you", "i", "me", "my", "our", "your", "he", "she",
    "they", "them", "their", "his", "her", "do", "does", "did", "done", "not", "no", "yes", "just", "please",
    "can", "could", "would", "should", "will", "shall", "may", "might", "must", "have", "has", "had", "let",
    "let's", "lets", "what", "which", "who", "how", "why", "when", "where", "all", "any", "some", "more",
    "most", "also", "too", "very", "really", "about", "into", "out", "up", "down", "over", "than", "only",
    "own", "same", "such", "again", "now", "ok", "okay"))
WORD = re.compile(r"\w+(?:'\w+)*")
QUOTED = re.compile(r'"([^"\n]{12,})"|“([^”\n]{12,})”')


def set_shared(path: Path) -> None:
    global SHARED, CORPORA
    SHARED, CORPORA = path, path / "corpora"


# ---- typed prompts, as memkit's console readers see them ------------------------------
@dataclass
class Prompt:
    line: int            # 1-based line of the day file where the prompt starts (0 for a JSONL log)
    text: str
    session: str         # memkit's session id, e.g. console-day-007-2 or gemini-day-012-1, or a JSONL sessionId
    turn: int            # the prompt's turn number in that session's trace
    label: dict = field(default_factory=dict)
    label_line: int = 0  # line of the label file holding this prompt's label


class _Line(str):
    """A line of the day file that remembers its number (memkit's block reader keeps it)."""
    n = 0


def _numbered(path: Path):
    with open(path, "rb") as f:
        for i, raw in enumerate(f, 1):
            line = _Line(raw.decode("utf-8", errors="replace").replace("\u00a0", " ").rstrip())
            line.n = i
            yield line


def typed_prompts(path: Path) -> list[Prompt]:
    """Every typed prompt of a console copy, with its line, session and turn.

    The blocks come from memkit's own console readers (memkit.traces.readers.console for
    Claude Code, gemini_console for Gemini CLI), so what counts as a typed prompt is exactly
    memkit's notion: `> ` blocks outside assistant text, not slash commands, not compaction
    summaries, not text drawn inside a tool box. The result is checked against the reader's
    read(): same prompts, same order."""
    from memkit.traces.readers import console, gemini_console

    with open(path, "rb") as f:
        head = f.read(8192).decode("utf-8", errors="replace")
    if gemini_console.detect(path, head):
        return _gemini_prompts(path)
    starts = []
    for block in console._blocks(_numbered(path)):
        if block.kind != "prompt":
            continue
        text = console._body(block.lines).strip()
        if text and not text.startswith(console.CONTINUED) and not console.COMMAND.match(text):
            starts.append((block.lines[0].n, text))
    typed = [(s.session_id, t) for s in console.read(path) for t in s.turns if t.typed]
    if [text for _, text in starts] != [t.text for _, t in typed]:
        raise RuntimeError(f"{path}: the prompt blocks disagree with memkit's console reader")
    return [Prompt(line, text, sid, t.n) for (line, text), (sid, t) in zip(starts, typed)]


def _gemini_prompts(path: Path) -> list[Prompt]:
    """The same for a Gemini CLI copy, from memkit's Gemini console reader's blocks."""
    from memkit.traces.readers import gemini_console as gemini

    starts = []
    for block in gemini.blocks(_numbered(path)):
        text = gemini.prompt_text(block) if block.kind == "prompt" else ""
        if text and not gemini.COMMAND.match(text):
            starts.append((block.start, text))
    typed = [(s.session_id, t) for s in gemini.read(path) for t in s.turns if t.typed]
    if [text for _, text in starts] != [t.text for _, t in typed]:
        raise RuntimeError(f"{path}: the prompt blocks disagree with memkit's Gemini console reader")
    return [Prompt(line, text, sid, t.n) for (line, text), (sid, t) in zip(starts, typed)]


def jsonl_prompts(path: Path) -> list[Prompt]:
    """Every typed prompt of a Claude Code JSONL log, as memkit's Claude reader sees it: user
    turns that are not interrupts, injected meta or reminders, command wrappers, compaction
    summaries or sub-agent records. Its session is the log's sessionId, which is the
    `session_id` of the trace memkit writes for it."""
    from memkit.traces.readers import claude

    return [Prompt(0, t.text, s.session_id, t.n) for s in claude.read(path) for t in s.turns if t.typed]


def jsonl_logs(folder: Path) -> list[Path]:
    """The JSONL logs below a corpus folder, sub-agent logs included (they hold no typed prompt)."""
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file())


def prompt_sha(text: str) -> str:
    """First 12 hex digits of the SHA-1 of the prompt with its whitespace collapsed."""
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def label_rows(label_file: Path) -> list[dict]:
    rows = [json.loads(ln) for ln in label_file.read_text().splitlines() if ln.strip()]
    if not rows:
        raise ValueError(f"{label_file}: no labels")
    return rows


def labels_by_turn(rows: list[dict]) -> bool:
    """True for a label file of JSONL logs (prompts named by turn), False for a console day (by line)."""
    return "turn" in rows[0]


def load_labels(label_file: Path) -> tuple[Path, list[Prompt]]:
    """The day file a label file describes and its prompts, each carrying its label.
    Raises ValueError when a label does not identify a typed prompt (wrong line or hash)."""
    rows = label_rows(label_file)
    if labels_by_turn(rows):
        raise ValueError(f"{label_file}: labels JSONL logs by turn; use load_log_labels")
    day = CORPORA / rows[0]["file"]
    prompts = {p.line: p for p in typed_prompts(day)}
    out = []
    for i, row in enumerate(rows, 1):
        p = prompts.get(row["line"])
        if p is None or prompt_sha(p.text) != row["sha1"]:
            raise ValueError(f"{label_file.name}:{i}: no typed prompt at {row['file']}:{row['line']} "
                             f"with sha1 {row['sha1']}")
        p.label, p.label_line = row, i
        out.append(p)
    return day, out


def load_log_labels(label_file: Path) -> tuple[list[Path], list[Prompt]]:
    """The logs a label file describes, in order of first mention, and its prompts, each carrying
    its label. Console days by line (load_labels), JSONL logs by file, turn and session.
    Raises ValueError when a label does not identify a typed prompt (wrong turn, session or hash)."""
    rows = label_rows(label_file)
    if not labels_by_turn(rows):
        day, prompts = load_labels(label_file)
        return [day], prompts
    logs: dict[str, dict[int, Prompt]] = {}
    out = []
    for i, row in enumerate(rows, 1):
        if row["file"] not in logs:
            logs[row["file"]] = {p.turn: p for p in jsonl_prompts(CORPORA / row["file"])}
        p = logs[row["file"]].get(row["turn"])
        if p is None or prompt_sha(p.text) != row["sha1"] or p.session != row["session"]:
            raise ValueError(f"{label_file.name}:{i}: no typed prompt at {row['file']} turn {row['turn']} "
                             f"of session {row['session']} with sha1 {row['sha1']}")
        p.label, p.label_line = row, i
        out.append(p)
    return [CORPORA / f for f in logs], out


# ---- vaults and observations ---------------------------------------------------------
def ingest(root: Path, paths: list[Path]) -> None:
    """A fresh vault at root (no git), the logs ingested with the default extractor, no commit."""
    from memkit import pipeline
    from memkit.storage import vault

    v, _ = vault.init(root)
    extractor = v.config.get("extract.extractor")
    if extractor != "heuristic":
        raise RuntimeError(f"the default extractor is {extractor!r}, not heuristic")
    pipeline.ingest(v, paths, fmt="auto", extract=True, commit=False, progress=False)


@dataclass
class Obs:
    rel: str
    kind: str
    meta: dict
    body: str
    session: str          # memkit session id of the trace it came from
    source_turn: int | None
    match: Prompt | None = None
    score: float = 0.0
    run: int = 0
    echo: bool = False    # a further source of a gathered observation (counts for recall only)


def _link(value) -> str:
    m = re.search(r"\[\[([^\]#|]+)", str(value or ""))
    return m.group(1) if m else ""


def read_observations(root: Path) -> tuple[list[Obs], dict[str, str]]:
    """Every observation candidate of the vault, and trace id -> memkit session id
    (for every trace, with or without observations; sub-agent traces map to "")."""
    from memkit.storage import notes

    traces = {}
    for path in sorted((root / "traces").rglob("*.md")):
        meta = notes.read(path).meta
        if meta.get("type") == "trace":
            session = meta.get("session_id") or meta.get("session") or ""   # a trace's own session id
            traces[str(meta.get("id") or path.stem)] = "" if meta.get("parent") else str(session)
    out = []
    for path in sorted((root / "workshop" / "observations").rglob("*.md")):
        note = notes.read(path)
        m = note.meta
        links = [str(m.get("source") or "")] + [str(s) for s in m.get("sources") or [] if s != m.get("source")]
        for k, link in enumerate(links):
            src = re.search(r"\^t(\d+)\]\]", link)
            session = traces.get(_link(link) or _link(m.get("session")), "")
            out.append(Obs(str(path.relative_to(root)), str(m.get("kind") or path.parent.name), m, note.body,
                           session, int(src.group(1)) if src else None, echo=k > 0))
    return out, traces


# ---- matching --------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def _content(words: list[str]) -> set[str]:
    return {w for w in words if w not in STOP and (len(w) > 1 or w.isdigit())}


def evidence(obs: Obs) -> list[str]:
    """The observation's quote-like text: the person's words, as far as memkit kept them."""
    found = [str(obs.meta[k]) for k in EVIDENCE_KEYS if obs.meta.get(k) not in (None, "", [])]
    body = re.sub(r"`[^`]*`", " ", obs.body)                       # the agent's calls, code spans
    quote: list[str] = []
    for line in body.splitlines() + [""]:
        if line.startswith(">"):
            quote.append(line.lstrip(">").strip())
        elif quote:
            found.append(" ".join(quote))
            quote = []
    found += [a or b for a, b in QUOTED.findall(body)]
    if not found:
        rest = [ln for ln in body.splitlines() if ln.strip() and not ln.startswith("Source:")]
        found = [re.sub(r"\[\[[^\]]*\]\]|\*\*[^*]*\*\*", " ", " ".join(rest))]
    seen, out = set(), []
    for text in found:
        key = " ".join(text.split())
        if key and key not in seen:
            seen.add(key)
            out.append(key)
    return out


def _longest_run(a: list[str], b: list[str]) -> int:
    if not a or not b:
        return 0
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sm.find_longest_match(0, len(a), 0, len(b)).size


def match_one(obs: Obs, prompts: list[Prompt], words: dict[int, list[str]]) -> None:
    """Set obs.match to the best qualifying prompt of its session (or leave it None)."""
    best = None
    for text in evidence(obs):
        ev = _words(text)
        ev_content = _content(ev)
        if not ev:
            continue
        for p in prompts:
            pw = words[id(p)]
            shared = ev_content & set(pw)
            run = _longest_run(ev, pw) if shared or len(ev) <= RUN_MIN else 0
            contain = len(shared) / len(ev_content) if ev_content else 0.0
            ok = (run >= RUN_LONG or (run >= RUN_MIN and run >= RUN_SHARE * len(ev))
                  or (contain >= CONTAIN_SHARE and len(ev_content) >= CONTAIN_MIN)
                  or ev == pw)   # the whole prompt, word for word, however short ("2")
            if not ok:
                continue
            score = max(run / len(ev), contain)
            near = -abs(p.turn - obs.source_turn) if obs.source_turn is not None else 0
            key = (round(score, 6), run, near)
            if best is None or key > best[0]:
                best = (key, p, score, run)
    if best:
        _, obs.match, obs.score, obs.run = best


def match_all(observations: list[Obs], prompts: list[Prompt]) -> None:
    by_session: dict[str, list[Prompt]] = defaultdict(list)
    for p in prompts:
        by_session[p.session].append(p)
    words = {id(p): _words(p.text) for p in prompts}
    for obs in observations:
        match_one(obs, by_session.get(obs.session, []), words)


# ---- scoring -------------------------------------------------------------------------
def _acceptable(p: Prompt, kind: str) -> bool:
    return p.label.get("label") == kind or kind in (p.label.get("also") or [])


def _noise(obs: Obs) -> bool:
    """Unmatched, or matched to a prompt labelled none that does not list this kind in `also`."""
    return obs.match is None or (obs.match.label.get("label") == "none" and not _acceptable(obs.match, obs.kind))


def score(observations: list[Obs], prompts: list[Prompt]) -> dict:
    """Precision, noise and duplicates count each written observation once; recall also counts the
    further sources of a gathered observation (the same words said again, e.g. in a replayed copy)."""
    every, observations = observations, [o for o in observations if not o.echo]
    per_kind = {}
    for kind in KINDS:
        written = [o for o in observations if o.kind == kind]
        good = [o for o in written if o.match is not None and _acceptable(o.match, kind)]
        labelled = [p for p in prompts if p.label.get("label") == kind]
        hit = {id(o.match) for o in every if o.kind == kind and o.match is not None}
        found = [p for p in labelled if id(p) in hit]
        per_kind[kind] = {
            "labelled": len(labelled), "labelled_also": sum(1 for p in prompts if kind in (p.label.get("also") or [])),
            "written": len(written), "correct": len(good), "found": len(found),
            "precision": len(good) / len(written) if written else None,
            "recall": len(found) / len(labelled) if labelled else None,
        }
    other = [o for o in observations if o.kind not in KINDS]
    noisy = [o for o in observations if _noise(o)]
    strict = [o for o in observations if o.match is None or o.match.label.get("label") == "none"]
    pairs = Counter((o.kind, id(o.match)) for o in observations if o.match is not None)
    dups = {k: n for k, n in pairs.items() if n > 1}
    with_source = [o for o in observations if o.match is not None and o.source_turn is not None]
    agree = sum(1 for o in with_source if o.match.turn == o.source_turn)
    durable = [p for p in prompts if p.label.get("label") in ("correction", "preference")]
    return {
        "prompts": len(prompts),
        "labels": dict(Counter(p.label.get("label") for p in prompts)),
        "per_kind": per_kind,
        "other_kinds": dict(Counter(o.kind for o in other)),
        "observations": len(observations),
        "unmatched": sum(1 for o in observations if o.match is None),
        "noise": len(noisy), "noise_share": len(noisy) / len(observations) if observations else None,
        "noise_strict": len(strict),
        "duplicates": {"pairs": len(dups), "extra_observations": sum(n - 1 for n in dups.values())},
        "matched_own_source_turn": {"agree": agree, "of": len(with_source)},
        "durable_recall": {
            str(flag).lower(): _recall_of([p for p in durable if p.label.get("durable") is flag], every)
            for flag in (True, False)},
        "preference_or_durable": _preference_recall(prompts, every),
        "lifecycle_of_corrections": _lifecycle_agreement(prompts, every),
    }


def _durable(o: Obs) -> bool:
    return o.kind == "preference" or (o.kind == "correction" and o.meta.get("lifecycle") in ("knowledge", "self"))


def _preference_recall(prompts: list[Prompt], observations: list[Obs]) -> dict:
    """Prompts whose label or `also` holds preference that got a preference or a durable correction."""
    wanted = [p for p in prompts if _acceptable(p, "preference")]
    hit = {id(o.match) for o in observations if o.match is not None and _durable(o)}
    found = sum(1 for p in wanted if id(p) in hit)
    return {"labelled": len(wanted), "found": found, "recall": found / len(wanted) if wanted else None}


def _lifecycle_agreement(prompts: list[Prompt], observations: list[Obs]) -> dict:
    """Of the labelled corrections found, how often the written lifecycle agrees with `durable`."""
    by_prompt: dict[int, Obs] = {}
    for o in observations:
        if o.kind == "correction" and o.match is not None:
            by_prompt.setdefault(id(o.match), o)
    pairs = [(p.label.get("durable"), _durable(by_prompt[id(p)])) for p in prompts
             if p.label.get("label") == "correction" and id(p) in by_prompt]
    return {"found": len(pairs), "agree": sum(1 for want, got in pairs if bool(want) == got),
            "durable_as_durable": sum(1 for want, got in pairs if want and got),
            "one_off_as_durable": sum(1 for want, got in pairs if not want and got)}


def _recall_of(prompts: list[Prompt], observations: list[Obs]) -> dict:
    hit = {id(o.match) for o in observations if o.match is not None and o.kind == "correction"} | \
          {id(o.match) for o in observations if o.match is not None and o.kind == "preference"}
    found = sum(1 for p in prompts if id(p) in hit)
    return {"labelled": len(prompts), "found": found}


def details(observations: list[Obs], prompts: list[Prompt], day_of: dict[int, str]) -> dict:
    """False positives and misses, with where to look them up."""
    fps, misses = [], []
    for o in observations:
        if o.kind in KINDS and not o.echo and (o.match is None or not _acceptable(o.match, o.kind)):
            where = None if o.match is None else _where(o.match, day_of)
            fps.append({"kind": o.kind, "observation": o.rel, "prompt": where,
                        "label": None if o.match is None else o.match.label.get("label"),
                        "evidence": (evidence(o) or [""])[0][:90]})
    got = defaultdict(set)
    for o in observations:
        if o.match is not None:
            got[id(o.match)].add(o.kind)
    for p in prompts:
        kind = p.label.get("label")
        if kind in KINDS and kind not in got[id(p)]:
            misses.append({"kind": kind, "prompt": _where(p, day_of), "durable": p.label.get("durable"),
                           "got": sorted(got[id(p)]), "why": p.label.get("why", "")})
    return {"false_positives": fps, "misses": misses}


def _where(p: Prompt, day_of: dict[int, str]) -> str:
    label_file = day_of[id(p)]
    at = f"{p.label.get('file')}:{p.line}" if p.line else f"{p.label.get('file')} t{p.turn}"
    return f"{label_file}:{p.label_line} ({at})"


# ---- candidates per session ----------------------------------------------------------
def candidates_per_session(tmp: Path) -> dict:
    paths = [CORPORA / "m-claude", CORPORA / "spotter"] + sorted((CORPORA / "bookminder-console").glob("day-*.md"))
    root = tmp / "all-logs"
    ingest(root, [p for p in paths if p.exists()])
    observations, traces = read_observations(root)
    main_traces = [t for t, sid in traces.items() if sid]
    observations = [o for o in observations if not o.echo]
    per = Counter(_link(o.meta.get("session")) for o in observations)
    counts = [per.get(t, 0) for t in main_traces]
    return {"traces": len(main_traces), "subagent_traces": len(traces) - len(main_traces),
            "observations": len(observations), "by_kind": dict(Counter(o.kind for o in observations)),
            "median": statistics.median(counts) if counts else None, "max": max(counts) if counts else None,
            "mean": round(statistics.mean(counts), 2) if counts else None}


# ---- report --------------------------------------------------------------------------
def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:5.1f}%"


def table(result: dict) -> str:
    rows = ["| kind | labelled | (+also) | written | precision | recall |",
            "|---|---:|---:|---:|---:|---:|"]
    for kind, k in result["per_kind"].items():
        prec = f"{_pct(k['precision'])} ({k['correct']}/{k['written']})" if k["written"] else "—"
        rec = f"{_pct(k['recall'])} ({k['found']}/{k['labelled']})" if k["labelled"] else "—"
        rows.append(f"| {kind} | {k['labelled']} | {k['labelled_also']} | {k['written']} | {prec} | {rec} |")
    lines = ["\n".join(rows), ""]
    other = ", ".join(f"{n} {k}" for k, n in sorted(result["other_kinds"].items())) or "none"
    n = result["observations"]
    lines.append(f"observations written: {n} (kinds outside the table: {other})")
    lines.append(f"noise: {result['noise']}/{n} = {_pct(result['noise_share']).strip()} "
                 f"({result['unmatched']} match no prompt; strict, ignoring `also`: {result['noise_strict']})")
    d = result["duplicates"]
    lines.append(f"duplicates: {d['extra_observations']} extra observation(s) on {d['pairs']} (prompt, kind) pair(s)")
    a = result["matched_own_source_turn"]
    lines.append(f"matcher check: {a['agree']}/{a['of']} matched observations land on their own source turn")
    dr = result["durable_recall"]
    lines.append("corrections+preferences found (any of the two kinds): durable "
                 f"{dr['true']['found']}/{dr['true']['labelled']}, one-off {dr['false']['found']}/{dr['false']['labelled']}")
    pr = result["preference_or_durable"]
    lines.append(f"preference in label or `also`, found as a preference or a durable correction: "
                 f"{pr['found']}/{pr['labelled']} = {_pct(pr['recall']).strip()}")
    lc = result["lifecycle_of_corrections"]
    lines.append(f"lifecycle of the corrections found: {lc['agree']}/{lc['found']} agree with the durable label "
                 f"({lc['durable_as_durable']} durable written durable, {lc['one_off_as_durable']} one-off written durable)")
    return "\n".join(lines)


def label_files(choice: str | None) -> list[Path]:
    """No choice: the console-day label files. "all": every label file. Else days (007), stems
    (m-claude, spotter) or label file paths, comma-separated."""
    files = sorted(LABELS.glob("*.jsonl"))
    if not choice:
        return [f for f in files if not labels_by_turn(label_rows(f))]
    if choice.strip() == "all":
        return files
    picked = []
    for item in (c.strip() for c in choice.split(",") if c.strip()):
        path = Path(item)
        if path.exists():
            picked.append(path)
            continue
        day = item.removeprefix("day-").removesuffix(".md").zfill(3)
        hits = [f for f in files if f.stem.endswith(f"-{day}") or f.stem == item]
        if not hits:
            raise SystemExit(f"no label file for {item!r} in {LABELS}")
        picked += hits
    return picked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", help="days, label file stems or label files, comma-separated "
                    "(007,009; m-claude,spotter; a .jsonl path; all); default: every console day")
    ap.add_argument("--json", metavar="OUT", help="also write every figure, false positive and miss to OUT")
    ap.add_argument("--verbose", action="store_true", help="list false positives and misses")
    ap.add_argument("--no-sessions", action="store_true", help="skip candidates per session (ingests every shared log)")
    ap.add_argument("--shared", type=Path, help="the shared folder (default: $MEMKIT_SHARED, else ../shared)")
    args = ap.parse_args(argv)
    if args.shared:
        set_shared(args.shared)
    if not CORPORA.is_dir():
        print(f"extraction bench: {SHARED} not found (the shared corpora sit beside the repository folder)")
        return 2
    files = label_files(args.files)
    all_obs: list[Obs] = []
    all_prompts: list[Prompt] = []
    day_of: dict[int, str] = {}
    per_file = {}
    with tempfile.TemporaryDirectory(prefix="memkit-extraction-bench-") as tmp:
        for i, lf in enumerate(files):
            logs, prompts = load_log_labels(lf)
            root = Path(tmp) / f"vault-{i}"
            ingest(root, logs)
            observations, _ = read_observations(root)
            match_all(observations, prompts)
            for p in prompts:
                day_of[id(p)] = str(lf.relative_to(ROOT))
            per_file[lf.name] = {"labels": dict(Counter(p.label["label"] for p in prompts)),
                                 "observations": dict(Counter(o.kind for o in observations if not o.echo))}
            all_obs += observations
            all_prompts += prompts
        result = score(all_obs, all_prompts)
        result["files"] = per_file
        result["thresholds"] = {"run_long": RUN_LONG, "run_min": RUN_MIN, "run_share": RUN_SHARE,
                                "contain_share": CONTAIN_SHARE, "contain_min": CONTAIN_MIN}
        print(f"{len(files)} label file(s), {len(all_prompts)} typed prompts: "
              + ", ".join(f"{n} {k}" for k, n in sorted(result["labels"].items())))
        print()
        print(table(result))
        extra = details(all_obs, all_prompts, day_of)
        if args.verbose:
            print("\nfalse positives (kind, label file line, corpus line, label of the matched prompt):")
            for fp in extra["false_positives"]:
                print(f"  {fp['kind']:<15} {fp['prompt'] or 'unmatched':<62} {fp['label'] or '':<15} "
                      f"{fp['observation']}")
            print("\nmisses (labelled kind not written for the prompt):")
            for m in extra["misses"]:
                dur = {True: "durable", False: "one-off", None: ""}[m["durable"]]
                got = f" got {','.join(m['got'])}" if m["got"] else ""
                print(f"  {m['kind']:<15} {m['prompt']:<62} {dur:<8}{got}  {m['why']}")
        if not args.no_sessions:
            result["candidates_per_session"] = sess = candidates_per_session(Path(tmp))
            print(f"\ncandidates per session over every shared real log ({sess['traces']} traces, "
                  f"{sess['subagent_traces']} sub-agent traces left out): median {sess['median']}, "
                  f"max {sess['max']}, mean {sess['mean']} ({sess['observations']} observations: "
                  + ", ".join(f"{n} {k}" for k, n in sorted(sess["by_kind"].items())) + ")")
    if args.json:
        result.update(extra)
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
