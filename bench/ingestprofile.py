#!/usr/bin/env python3
"""Where an ingest's time goes: `memkit ingest LOGS --no-commit` in-process, timed by phase.

    .venv/bin/python bench/ingestprofile.py bench/out/logs-1000            # wall time per phase
    .venv/bin/python bench/ingestprofile.py bench/out/logs-1000 --profile  # and the main process's
                                                                           # busiest functions
    .venv/bin/python bench/ingestprofile.py bench/out/logs-1000 --profile --serial   # all in one process:
                                                                           # the workers' functions too

Phases are the pipeline's own steps (read, render and write the traces; extraction; index rows;
the promotion scan; the file-system sync), each timed from its start to its end in the main
process, workers included; CPU counts this process and its workers (a phase's CPU includes its
workers' only when their pool closes inside it: exact with --serial). The vault is a fresh
temporary one and is deleted afterwards.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PHASES = [("memkit.traces.ingest", "ingest", "read, render, redact, write traces"),
          ("memkit.pipeline", "_extract_paths", "heuristic extraction (candidates written)"),
          ("memkit.extract.batch", "_plan", "  of which: ids given, repeats gathered (in memory)"),
          ("memkit.extract.batch", "_write_all", "  of which: first sayings written"),
          ("memkit.extract.batch", "mark", "  of which: traces marked extracted (written again, in the first pass)"),
          ("memkit.extract.batch", "_mark_all", "  of which: everything put in place, indexed"),
          ("memkit.storage.index", "update_paths", "index rows of what was written"),
          ("memkit.pipeline", "_scan", "promotion scan"),
          ("memkit.storage.vault", "_sync_file_system", "one file-system sync")]


def timed(spent: dict[str, float]):
    import importlib

    for module, name, label in PHASES:
        mod = importlib.import_module(module)
        original = getattr(mod, name)

        def wrapper(*args, _original=original, _label=label, **kwargs):
            t0, c0 = time.perf_counter(), _cpu()
            try:
                return _original(*args, **kwargs)
            finally:
                wall, cpu = spent.get(_label, (0.0, 0.0))
                spent[_label] = (wall + time.perf_counter() - t0, cpu + _cpu() - c0)
        setattr(mod, name, wrapper)


def _cpu() -> float:
    """CPU-seconds of this process and of its reaped workers (a pool's are counted when it closes)."""
    return sum(os.times()[:4])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", type=Path, nargs="+", help="folders or files (console copies must be named)")
    ap.add_argument("--profile", action="store_true", help="cProfile the main process too")
    ap.add_argument("--serial", action="store_true",
                    help="one process (no workers), so that --profile sees every function's time")
    ap.add_argument("--top", type=int, default=30, help="functions listed by --profile")
    ap.add_argument("--save", type=Path, help="write the profile to this file (for pstats or snakeviz)")
    ap.add_argument("--sort", default="tottime", help="pstats order for --profile (tottime, cumulative)")
    args = ap.parse_args()
    if args.serial:
        os.cpu_count = lambda: 1   # both worker pools ask it
    from memkit import pipeline
    from memkit.storage import vault as vault_mod

    size = sum(p.stat().st_size for log in args.logs for p in ([log] if log.is_file() else log.rglob("*"))
               if p.is_file())
    spent: dict[str, float] = {}
    timed(spent)
    with tempfile.TemporaryDirectory(prefix="memkit-ingestprofile-") as tmp:
        vault, _ = vault_mod.init(Path(tmp) / "vault")
        prof = cProfile.Profile() if args.profile else None
        c0, t0 = os.times(), time.perf_counter()
        if prof:
            prof.enable()
        result = pipeline.ingest(vault, args.logs, commit=False)
        if prof:
            prof.disable()
        wall, c1 = time.perf_counter() - t0, os.times()
    cpu = sum(c1[:4]) - sum(c0[:4])   # this process and its workers: steadier than wall on a busy machine
    print(f"{size / 1e6:.1f} MB of logs, {len(result['traces'])} traces, {len(result['candidates'])} candidates: "
          f"{wall:.1f} s, {size / 1e6 / wall:.2f} MB/s (CPU {cpu:.1f} s, {size / 1e6 / cpu:.2f} MB per CPU-second)\n")
    print("| phase | wall | share | CPU |\n|---|---:|---:|---:|")
    for _m, _n, label in PHASES:
        if label in spent:
            print(f"| {label} | {spent[label][0]:.2f} s | {spent[label][0] / wall:.0%} | {spent[label][1]:.2f} s |")
    rest = wall - sum(v[0] for k, v in spent.items() if not k.startswith(" "))
    print(f"| everything else | {rest:.2f} s | {rest / wall:.0%} | |")
    if prof:
        out = io.StringIO()
        if args.save:
            prof.dump_stats(args.save)
        pstats.Stats(prof, stream=out).sort_stats(args.sort).print_stats(args.top)
        print("\n```\n" + out.getvalue().strip() + "\n```")


if __name__ == "__main__":
    main()
