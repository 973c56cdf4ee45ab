#!/usr/bin/env python3
"""How many corrections heuristic extraction finds, by the way people phrase them.

Reads the cases of tests/data/correction-styles/<half>.json (short generic sessions whose last
message is a correction, or a near miss that is none; written by hand, by style: thanks-but,
relayed, pasted error then rule, rule before the act, question after the fact, for next time,
terse, long and rambling), ingests each half into a fresh temporary vault, and counts, per style,
the corrections found on sessions that hold one (recall) and the sessions that do not but got
one (false corrections).

    .venv/bin/python bench/extraction_styles.py                   # both halves
    .venv/bin/python bench/extraction_styles.py --half holdout --misses
    .venv/bin/python bench/extraction_styles.py --half fresh-holdout --lessons

`study` is the half read while changing extraction; `holdout` is only measured. `fresh-study` and
`fresh-holdout` are a later pair in other styles (socratic questions, sarcasm, emoji, consequences
only, answers to the agent's question, relayed questions, pasted alerts, polite and indirect),
written by a helper that read no memkit code; the same rule holds. `third-study` and
`third-holdout` are a third such pair (a story of a past incident, a point buried in a status
update, non-native English, a conditional warning, the person taking the work over, weary
repetition, the agent's words quoted back, a numbered list of fixes, the agent addressed beside a
colleague, a code snippet with a few words). `fourth-study` and `fourth-holdout` are a fourth
(a pivot halfway through praise, a lowercase run-on, review bullets, only the right command, the
tool blamed, the mechanism taught, a policy quoted, the damage reported, a colleague's objection
endorsed, prose mixed with code). `fifth-study` and `fifth-holdout` are a fifth (dictated speech, a hedged
challenge, "it used to work", labelled review comments, exasperation, who cleans up the fallout, part
accepted and part not, the docs or a spec cited, an end user's complaint pasted, an analogy or a
teammate's way). `rules-study` and `rules-holdout` hold standing rules instead (`expect: preference`:
a rule given with the task, a team convention cited, a tool the project uses, what may happen in
prod, "whenever you…", an aside after approval, a soft wish), beside one-off instructions that look
like them; there any lesson counts, found or false. `sixth-study` and `sixth-holdout` are a sixth
(written in another language, British understatement, typed on a phone, a suggested change or a
diff in place of the agent's code, a metric that got worse, the agent's claim contradicted, a
permission taken back, a point buried in a list of next tasks, what the screen shows now, a bare
rule right after the act that broke it). `--lessons` counts any lesson
note (correction, preference, negative result), since each of them reaches the agent.
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "correction-styles"
MEMKIT = [sys.executable, "-m", "memkit"]


LESSONS = ("correction", "preference", "negative_result")


def run(half: str, misses: bool, lessons: bool = False) -> dict:
    cases = json.loads((DATA / f"{half}.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        vault, logs = Path(tmp) / "vault", Path(tmp) / "logs"
        logs.mkdir()
        subprocess.run([*MEMKIT, "init", str(vault)], check=True, capture_output=True)
        ids = {}
        for n, case in enumerate(cases):
            sid = f"{n:08d}-style"
            ids[sid[:8]] = case
            lines = [json.dumps({"type": "session", "session_id": sid, "agent": "generic", "project": "styles"})]
            lines += [json.dumps(m) for m in case["messages"]]
            (logs / f"{sid}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        subprocess.run([*MEMKIT, "--vault", str(vault), "ingest", str(logs), "--no-commit"], check=True,
                       capture_output=True)
        found, any_lesson = set(), set()
        kinds = LESSONS if lessons else ("correction",)
        of_trace = {}   # trace id -> the case's key (the session id's first 8 characters), as each trace says
        for trace in (vault / "traces").rglob("*.md"):
            said = re.search(r"^session_id: ['\"]?([^'\"\n]+)", trace.read_text(encoding="utf-8"), re.M)
            if said:
                of_trace[trace.stem] = said.group(1)[:8]
        for kind in LESSONS:
            for note in (vault / "workshop" / "observations" / kind).glob("*.md"):
                text = note.read_text(encoding="utf-8")
                for sid in {of_trace[t] for t in re.findall(r"\[\[([^\]#|]+)", text) if t in of_trace} & set(ids):
                    any_lesson.add(sid)
                    if kind in kinds:
                        found.add(sid)
    table: dict = collections.defaultdict(collections.Counter)
    rules = any(c["expect"] == "preference" for c in cases)   # a half of standing rules: any lesson is one
    for sid, case in ids.items():
        row = table[case["style"]]
        if case["expect"] == "preference":   # a standing rule: found as any lesson (a preference, or a
            found |= {sid} & any_lesson       # durable correction of the act it follows)
        if case["expect"] in ("correction", "preference"):
            row["corrections"] += 1
            row["found"] += sid in found
            if misses and sid not in found:
                print(f"  missed {case['id']}: {case['note']}")
        else:
            row["near misses"] += 1
            row["false"] += sid in (any_lesson if rules or lessons else found)
            if misses and sid in found:
                print(f"  false  {case['id']}: {case['note']}")
    return table


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    halves = sorted(p.stem for p in DATA.glob("*.json"))
    ap.add_argument("--half", choices=(*halves, "both", "all"), default="both",
                    help="a file of tests/data/correction-styles (default: study and holdout; all: every file)")
    ap.add_argument("--lessons", action="store_true", help="count preferences and negative results too")
    ap.add_argument("--misses", action="store_true", help="name each missed or false case (study halves only: a "
                    "holdout half is measured, not read; --read-holdout to name its cases anyway)")
    ap.add_argument("--read-holdout", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--json", type=Path, help="write the figures here too")
    args = ap.parse_args()
    out = {}
    for half in (("study", "holdout") if args.half == "both" else halves if args.half == "all" else (args.half,)):
        table = run(half, args.misses and ("holdout" not in half or args.read_holdout), args.lessons)
        tot = collections.Counter()
        print(f"{half}: style | found / corrections | false / near misses")
        for style, row in sorted(table.items()):
            tot.update(row)
            print(f"  {style:26} {row['found']:3} / {row['corrections']:<3} {row['false']:3} / {row['near misses']}")
        print(f"  {'all':26} {tot['found']:3} / {tot['corrections']:<3} {tot['false']:3} / {tot['near misses']}"
              f"   recall {tot['found'] / max(1, tot['corrections']):.2f}")
        out[half] = {s: dict(r) for s, r in table.items()}
    if args.json:
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
