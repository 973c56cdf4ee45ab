#!/usr/bin/env python3
"""Which catalogue kinds real agent work lands on: every tool call and every typed prompt of the
shared corpora (../shared/corpora), classified. A precision check for catalogue authors: a kind
that fires on many innocent calls is a false alarm waiting to happen.

    python bench/catalogue_coverage.py                    # counts per kind, calls and prompts
    python bench/catalogue_coverage.py --kind git:stage-all --show 20
    python bench/catalogue_coverage.py --area vcs --timing

--shared DIR (or $MEMKIT_SHARED) points at the shared folder when it is not beside the repository.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memkit.activation import acts, catalogue  # noqa: E402
from memkit.traces import ingest  # noqa: E402


def corpus_items(shared: Path):
    """(source, Act) for every tool call and typed prompt memkit's readers find."""
    root = shared / "corpora"
    files = sorted(p for p in root.rglob("*") if p.suffix in (".jsonl", ".md") and p.is_file()
                   and (p.suffix == ".jsonl" or p.name.startswith("day-")))
    for path in files:
        try:
            name = ingest.detect(path)
            sessions = ingest.reader(name).read(path)
        except Exception:   # a file no reader takes is not this script's business
            continue
        for session in sessions:
            for turn in session.turns:
                where = f"{path.relative_to(root)}#t{turn.n}"
                for call in turn.tool_calls:
                    yield "call", where, acts.from_call(call.name, call.input)
                if turn.typed and turn.text.strip():
                    yield "prompt", where, acts.from_prose(turn.text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.environ.get("MEMKIT_SHARED", str(REPO.parent / "shared")))
    ap.add_argument("--kind", help="show the items one kind lands on")
    ap.add_argument("--area", help="only kinds of this area (file name)")
    ap.add_argument("--show", type=int, default=10, help="items to show with --kind")
    ap.add_argument("--timing", action="store_true", help="time the classification")
    args = ap.parse_args()
    shared = Path(args.shared)
    if not (shared / "corpora").is_dir():
        print(f"catalogue_coverage: no corpora under {shared} (pass --shared DIR)", file=sys.stderr)
        return 2
    cat = catalogue.build(sorted(catalogue.PACKAGED.glob("*.toml")))
    items = list(corpus_items(shared))
    counts: dict[str, Counter] = defaultdict(Counter)
    shown: dict[str, list] = defaultdict(list)
    start = time.perf_counter()
    for what, where, act in items:
        for kid in cat.classify(act):
            k = cat.kinds[kid]
            if args.area and k.area != args.area:
                continue
            counts[kid][what] += 1
            if kid == args.kind and len(shown[kid]) < args.show:
                shown[kid].append((what, where, act.text[:160].replace("\n", " ⏎ ")))
    spent = time.perf_counter() - start
    calls = sum(1 for w, _, _ in items if w == "call")
    print(f"{calls} tool calls, {len(items) - calls} typed prompts, {len(cat.kinds)} kinds")
    for kid, c in sorted(counts.items(), key=lambda kv: -sum(kv[1].values())):
        k = cat.kinds[kid]
        flags = "".join(f for f, on in (("S", k.safe), ("B", k.broad)) if on)
        print(f"{c['call']:6} calls {c['prompt']:5} prompts  {kid} {flags}")
    for kid, rows in shown.items():
        print(f"\n{kid}:")
        for what, where, text in rows:
            print(f"  [{what}] {where}: {text}")
    if args.timing:
        print(f"\nclassified {len(items)} items in {spent:.2f} s ({1000 * spent / max(1, len(items)):.2f} ms each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
