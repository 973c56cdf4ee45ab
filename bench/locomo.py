#!/usr/bin/env python3
"""LoCoMo evidence retrieval: memkit search beside a plain BM25 over the same turns.

Every LoCoMo session of every conversation is written as memkit's generic JSONL (one line per
turn, the speaker as `name`, the session's own date) into a temporary folder, ingested into one
temporary vault (no extraction, no commit), and every question of categories 1-4 is asked,
verbatim, of `memkit.search.search` and of an Okapi BM25 over the very same turn texts that this
script implements (lower-cased words, k1 1.2, b 0.75, no stemming, no stop words).

    .venv/bin/python bench/locomo.py                       # all ten conversations, table on stdout
    .venv/bin/python bench/locomo.py --deja /tmp/deja/out/deja   # deja-vu on the same sessions too
    .venv/bin/python bench/locomo.py --json out.json --only 0,1,2
    .venv/bin/python bench/locomo.py --budget 100          # the bounded ranking as a large vault meets it

Figures per question, averaged (README in bench/ says more):
- turn recall@10: evidence turns among the first 10 turn hits, over the evidence turns;
- session recall@10: evidence sessions among the sessions of those 10 hits, over the evidence sessions;
- session hit@1 / hit@5: an evidence session first / among the first five distinct sessions
  (memkit: its `by="note"` ranking; BM25: sessions in the order their turns rank).
The data set (../shared/corpora/locomo, non-commercial licence) is read, never copied.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("MEMKIT_SHARED") or ROOT.parent / "shared")
DATA = SHARED / "corpora" / "locomo" / "data" / "locomo10.json"
CATEGORIES = (1, 2, 3, 4)
NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_EVIDENCE = re.compile(r"D(\d+):(\d+)")
_WORD = re.compile(r"\w+")


# ---- the data, as sessions of turns ----------------------------------------------------------------
def sessions_of(sample: dict) -> list[tuple[int, str, list[dict]]]:
    """(session number, ISO start, turns) of one conversation, in order."""
    conv = sample["conversation"]
    out = []
    for key, turns in conv.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if not m or not isinstance(turns, list):
            continue
        when = _date(conv.get(f"{key}_date_time", ""))
        out.append((int(m.group(1)), when, turns))
    return sorted(out)


def _date(text: str) -> datetime:
    try:
        return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")
    except ValueError:
        return datetime(2023, 1, 1, 12, 0)


def turn_text(turn: dict) -> str:
    """What a turn says: its text, and the caption of a photo it shares."""
    text = str(turn.get("text") or "")
    if turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def write_logs(samples: list[dict], folder: Path) -> dict[tuple[str, int, str], int]:
    """One generic JSONL file per session; returns (sample, session, dia_id) -> trace turn number."""
    where: dict[tuple[str, int, str], int] = {}
    for sample in samples:
        sid = sample["sample_id"]
        for number, start, turns in sessions_of(sample):
            lines = [{"type": "session", "session_id": session_key(sid, number), "agent": "generic",
                      "project": f"locomo-{sid}"}]
            for k, turn in enumerate(turns):
                lines.append({"role": "user", "name": turn.get("speaker") or "", "content": turn_text(turn),
                              "timestamp": (start + timedelta(seconds=30 * k)).strftime("%Y-%m-%dT%H:%M:%SZ")})
                where[(sid, number, str(turn.get("dia_id")))] = k + 1
            path = folder / f"{session_key(sid, number)}.jsonl"
            path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return where


def session_key(sample_id: str, number: int) -> str:
    return f"locomo-{sample_id}-s{number:02d}"


def questions(samples: list[dict], where: dict) -> list[dict]:
    """Questions of categories 1-4 with their evidence as (session key, turn) pairs; evidence ids
    that name no turn of the data are dropped (counted in the report)."""
    out = []
    for sample in samples:
        sid = sample["sample_id"]
        for qa in sample["qa"]:
            if qa.get("category") not in CATEGORIES:
                continue
            gold, dropped = set(), 0
            for m in _EVIDENCE.finditer(json.dumps(qa.get("evidence"))):
                number, dia = int(m.group(1)), f"D{m.group(1)}:{m.group(2)}"
                turn = where.get((sid, number, dia))
                if turn is None:
                    dropped += 1
                else:
                    gold.add((session_key(sid, number), turn))
            if gold:
                out.append({"q": qa["question"], "cat": qa["category"], "gold": gold, "dropped": dropped})
    return out


# ---- the baseline: plain Okapi BM25 over the same turns --------------------------------------------
class BM25:
    def __init__(self, docs: list[tuple[tuple[str, int], str]], k1: float = 1.2, b: float = 0.75):
        self.keys = [key for key, _ in docs]
        self.k1, self.b = k1, b
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.lengths = []
        for i, (_key, text) in enumerate(docs):
            words = _WORD.findall(text.lower())
            self.lengths.append(len(words))
            for word, tf in Counter(words).items():
                self.postings[word].append((i, tf))
        self.avg = sum(self.lengths) / max(1, len(self.lengths))

    def rank(self, query: str, limit: int) -> list[tuple[str, int]]:
        n, scores = len(self.lengths), defaultdict(float)
        for word in set(_WORD.findall(query.lower())):
            posting = self.postings.get(word, ())
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, tf in posting:
                norm = tf + self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avg)
                scores[i] += idf * tf * (self.k1 + 1) / norm
        best = sorted(scores, key=lambda i: -scores[i])[:limit]
        return [self.keys[i] for i in best]


# ---- memkit -----------------------------------------------------------------------------------------
def build_vault(logs: Path, root: Path):
    from memkit import pipeline
    from memkit.storage import vault as vault_mod

    vault, _ = vault_mod.init(root)
    t0 = time.perf_counter()
    pipeline.ingest(vault, [logs], extract=False, commit=False)
    return vault, time.perf_counter() - t0


def memkit_ranker(vault, limit: int):
    from memkit import search

    session_of: dict[str, str] = {}

    def key(hit) -> str:
        if hit.path not in session_of:
            session_of[hit.path] = _session_key_of(vault, hit.path)
        return session_of[hit.path]

    def turns(query: str) -> list[tuple[str, int]]:
        return [(key(h), h.turn) for h in search.search(vault, query, limit=limit, refresh=False)]

    def sessions(query: str) -> list[str]:
        return list(dict.fromkeys(key(h) for h in search.search(vault, query, limit=limit, refresh=False, by="note")))
    return turns, sessions


def _session_key_of(vault, rel: str) -> str:
    from memkit.storage import notes

    meta = notes.read(vault.root / rel).meta
    return str(meta.get("session_id") or meta.get("session") or rel)


# ---- deja-vu (optional) -----------------------------------------------------------------------------
def deja_ranker(binary: str, samples: list[dict], home: Path, limit: int):
    """deja-vu over the same sessions laid out as Claude Code transcripts under HOME/.claude/projects."""
    proj = home / ".claude" / "projects" / "-work-locomo"
    proj.mkdir(parents=True)
    for sample in samples:
        for number, start, turns in sessions_of(sample):
            key = session_key(sample["sample_id"], number)
            (proj / f"{key}.jsonl").write_text("".join(
                json.dumps({"type": "user", "sessionId": key, "uuid": f"{key}-{k}",
                            "timestamp": (start + timedelta(seconds=30 * k)).isoformat() + "Z",
                            "message": {"role": "user", "content": f"{turn.get('speaker')}: {turn_text(turn)}"}}) + "\n"
                for k, turn in enumerate(turns)), encoding="utf-8")
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
           "DEJA_CLAUDE_ROOT": str(home / ".claude" / "projects")}
    subprocess.run([binary, "index"], env=env, check=True, capture_output=True)

    def sessions(query: str) -> list[str]:
        r = subprocess.run([binary, "search", query, "--json", "--limit", str(limit)], env=env,
                           capture_output=True, text=True, check=False)
        try:
            data = json.loads(r.stdout or "[]")
        except ValueError:
            return []
        hits = data.get("hits", []) if isinstance(data, dict) else []
        return list(dict.fromkeys(str((h.get("session") or {}).get("id") or "") for h in hits
                                  if isinstance(h, dict)))
    return sessions


# ---- scoring ----------------------------------------------------------------------------------------
def score(qs: list[dict], turns_of, sessions_of_, limit: int) -> dict:
    per_cat: dict = defaultdict(lambda: defaultdict(list))
    times = []
    for q in qs:
        gold_sessions = {s for s, _ in q["gold"]}
        t0 = time.perf_counter()
        got = turns_of(q["q"]) if turns_of else []
        ranked = sessions_of_(q["q"]) if sessions_of_ else []
        times.append(time.perf_counter() - t0)
        row = {}
        if turns_of:
            top = got[:limit]
            row["turn_recall"] = len(q["gold"] & set(top)) / len(q["gold"])
            row["session_recall"] = len(gold_sessions & {s for s, _ in top}) / len(gold_sessions)
        row["hit1"] = float(bool(ranked[:1]) and ranked[0] in gold_sessions)
        row["hit5"] = float(bool(gold_sessions & set(ranked[:5])))
        for cat in (q["cat"], "all"):
            for k, v in row.items():
                per_cat[cat][k].append(v)
    out = {str(c): {k: sum(v) / len(v) for k, v in d.items()} | {"n": len(next(iter(d.values())))}
           for c, d in per_cat.items()}
    out["median_ms"] = statistics.median(times) * 1000
    return out


def table(results: dict[str, dict]) -> str:
    cols = [("turn_recall", "turn recall@10"), ("session_recall", "session recall@10"),
            ("hit1", "session hit@1"), ("hit5", "session hit@5")]
    lines = ["| system | questions | " + " | ".join(c for _, c in cols) + " | median query |",
             "|---|---:|" + "---:|" * (len(cols) + 1)]
    for name, r in results.items():
        a = r["all"]
        cells = [f"{a[k]:.3f}" if k in a else "—" for k, _ in cols]
        lines.append(f"| {name} | {a['n']} | " + " | ".join(cells) + f" | {r['median_ms']:.1f} ms |")
    lines += ["", "| system | category | n | " + " | ".join(c for _, c in cols) + " |",
              "|---|---|---:|" + "---:|" * len(cols)]
    for name, r in results.items():
        for c in CATEGORIES:
            if str(c) in r:
                d = r[str(c)]
                lines.append(f"| {name} | {c} {NAMES[c]} | {d['n']} | "
                             + " | ".join(f"{d[k]:.3f}" if k in d else "—" for k, _ in cols) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--only", help="comma-separated conversation indexes (0-9); default all")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--deja", help="a deja-vu binary to run on the same sessions")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--budget", type=int, help="rows a search ranks at most (memkit.search.plan.BUDGET): a small "
                    "one makes this small vault's common words as common as a large vault's")
    args = ap.parse_args()
    if args.budget:
        from memkit.search import plan
        plan.BUDGET = args.budget
    if not args.data.is_file():
        sys.exit(f"locomo: {args.data} not found (pass --data or set MEMKIT_SHARED)")
    samples = json.loads(args.data.read_text(encoding="utf-8"))
    if args.only:
        samples = [samples[int(i)] for i in args.only.split(",")]
    with tempfile.TemporaryDirectory(prefix="memkit-locomo-") as tmp:
        logs = Path(tmp) / "logs"
        logs.mkdir()
        where = write_logs(samples, logs)
        qs = questions(samples, where)
        docs = []
        for sample in samples:
            for number, _start, turns in sessions_of(sample):
                for k, turn in enumerate(turns):
                    docs.append(((session_key(sample["sample_id"], number), k + 1),
                                 f"{turn.get('speaker')}: {turn_text(turn)}"))
        vault, ingest_s = build_vault(logs, Path(tmp) / "vault")
        bm25 = BM25(docs)
        turns, sessions = memkit_ranker(vault, args.limit)
        results = {"memkit": score(qs, turns, sessions, args.limit)}
        results["BM25 over turns"] = score(
            qs, lambda q: bm25.rank(q, args.limit),
            lambda q: list(dict.fromkeys(s for s, _ in bm25.rank(q, 200))), args.limit)
        if args.deja:
            results["deja-vu"] = score(qs, None, deja_ranker(args.deja, samples, Path(tmp) / "home", args.limit),
                                       args.limit)
    dropped = sum(q["dropped"] for q in qs)
    print(f"LoCoMo, categories 1-4: {len(qs)} questions over {len(docs):,} turns in {len({d[0][0] for d in docs})} "
          f"sessions, one index (ingest {ingest_s:.1f} s); {dropped} evidence id(s) naming no turn left out\n")
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
