#!/usr/bin/env python3
"""Does a later request reach a lesson it is about? Lesson and request pairs written by hand, in
everyday words, scored in process (the compiler, the catalogue, the matcher; no vault, no hook).

    .venv/bin/python bench/request_pairs.py                 # both halves
    .venv/bin/python bench/request_pairs.py --half holdout --misses

tests/data/request-pairs/<half>.json holds rows of {lesson, trigger, fire: [requests], silent:
[requests]}: the lesson as the person said it, the call it corrected (a trigger as memkit writes
it), requests that should recall it and requests in the same area that should not. `study` was
read while widening the catalogue's request vocabulary; `holdout` was written after that work
and is only measured (before and after figures in bench/RESULTS.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "request-pairs"

from memkit.activation import acts, catalogue, compiler, match  # noqa: E402


def fires(cat, cue: dict, request: str) -> bool:
    act = acts.from_prose(request)
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, cat.classify(act), cat, kind="prompt"), cat) > 0


def score(half: str, misses: bool) -> dict:
    cat = catalogue.load(None)
    rows = json.loads((DATA / f"{half}.json").read_text(encoding="utf-8"))
    hit = pos = false = neg = 0
    for row in rows:
        cue = compiler.compile_lesson(cat, row["lesson"], row.get("trigger", ""))
        for request in row.get("fire", []):
            pos += 1
            ok = fires(cat, cue, request)
            hit += ok
            if misses and not ok:
                print(f"  missed: {row['lesson'][:60]!r} <- {request!r}")
        for request in row.get("silent", []):
            neg += 1
            bad = fires(cat, cue, request)
            false += bad
            if misses and bad:
                print(f"  false:  {row['lesson'][:60]!r} <- {request!r}")
    return {"half": half, "recalled": hit, "requests": pos, "false": false, "near_misses": neg}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--half", choices=("study", "holdout"), action="append", help="one half (default: both)")
    ap.add_argument("--misses", action="store_true", help="list the requests missed and the false recalls")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    out = [score(h, args.misses) for h in (args.half or ["study", "holdout"])]
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for f in out:
            print(f"{f['half']:<8} recalled {f['recalled']}/{f['requests']}   "
                  f"false {f['false']}/{f['near_misses']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
