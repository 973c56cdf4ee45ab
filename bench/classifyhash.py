#!/usr/bin/env python3
"""Does a change to the action catalogue's matching machinery keep every answer? A fingerprint
of what `Catalogue.classify` says over real work, to compare between two trees.

    .venv/bin/python bench/classifyhash.py record bench/out/logs-100 ../shared/corpora/m-claude --out /tmp/acts.pkl
    .venv/bin/python bench/classifyhash.py hash /tmp/acts.pkl                 # in this tree
    OTHER/.venv/bin/python OTHER/bench/classifyhash.py hash /tmp/acts.pkl     # the same, in another tree

`record` ingests each folder of logs into a temporary vault (one process, no workers) and keeps
every act the catalogue classified on the way, then every tool call and turn text of the traces
written. `hash` classifies them all again (acts as recorded; calls with and without safe kinds and
with `requires` relaxed; texts as a lesson and as a request) and prints one digest per group: equal
digests, equal answers. Texts are slow (a long tool output is searched by every kind it names):
`--texts N` takes the first N.
"""
from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def record(logs: list[Path], out: Path) -> None:
    from memkit import pipeline
    from memkit.activation import acts, catalogue
    from memkit.extract import context_for, pool
    from memkit.storage import vault as vault_mod

    pool.PARALLEL_FROM = 10 ** 9   # every act in this process
    seen: dict = {}
    original = catalogue.Catalogue._classify

    def kept(self, act, lesson, relax=False, among=None):   # a reading for some kinds is kept whole
        seen.setdefault((tuple(getattr(act, s) for s in acts.Act.__slots__), lesson, relax), None)
        return original(self, act, lesson, relax, among)

    catalogue.Catalogue._classify = kept
    calls, texts = [], []
    for folder in logs:
        with tempfile.TemporaryDirectory(prefix="memkit-classifyhash-") as tmp:
            vault, _ = vault_mod.init(Path(tmp) / "vault")
            for rel in pipeline.ingest(vault, [folder], commit=False)["traces"]:
                for turn in context_for(vault, rel)[0].turns:
                    texts += [turn.text] if turn.text else []
                    calls += [(c.name, c.input) for c in turn.tool_calls]
    out.write_bytes(pickle.dumps({"acts": list(seen), "calls": calls, "texts": texts}))
    print(f"{len(seen)} acts, {len(calls)} tool calls, {len(texts)} texts -> {out}")


def digest(data: dict, texts: int | None) -> None:
    from memkit.activation import acts, catalogue

    cat = catalogue.load(None)

    def act(values: tuple):
        a = acts.Act.__new__(acts.Act)
        for slot, value in zip(acts.Act.__slots__, values):
            setattr(a, slot, value)
        return a

    groups = {
        "acts": lambda: (sorted(cat._classify(act(v), lesson, relax).items()) for v, lesson, relax in data["acts"]),
        "calls": lambda: ((sorted(cat.classify_action(n, i)), sorted(cat.classify_action(n, i, include_benign=True)),
                           sorted(cat.classify_action(n, i, relax=True))) for n, i in data["calls"]),
        "texts": lambda: ((sorted(cat.classify_text(t, include_benign=True)),
                           sorted(cat.classify(acts.from_prose(t)).items())) for t in data["texts"][:texts]),
    }
    whole = hashlib.sha256()
    for name, answers in groups.items():
        h, t0 = hashlib.sha256(), time.perf_counter()
        for answer in answers():
            h.update(repr(answer).encode())
        whole.update(h.digest())
        print(f"{name}: {h.hexdigest()[:16]} ({time.perf_counter() - t0:.1f} s)")
    print(f"all: {whole.hexdigest()[:16]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="ingest logs and keep what was classified")
    rec.add_argument("logs", type=Path, nargs="+")
    rec.add_argument("--out", type=Path, required=True)
    dig = sub.add_parser("hash", help="classify a recording again and print its digests")
    dig.add_argument("recording", type=Path)
    dig.add_argument("--texts", type=int, default=None, help="only the first N texts")
    args = ap.parse_args()
    if args.command == "record":
        record(args.logs, args.out)
    else:
        digest(pickle.loads(args.recording.read_bytes()), args.texts)


if __name__ == "__main__":
    main()
