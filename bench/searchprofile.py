#!/usr/bin/env python3
"""Where one `memkit search` spends its time, by phase and by query shape, on a built vault.

In-process, warm (each query asked REPEAT times, medians): the refresh (folders and the walk's
age), opening the index, each of the ranking's SQL reads (best turns, best notes, a note's own
turns), the fusion in Python, the snippets, the notes' heads and the JSON. Then the whole
process: `memkit search --json` beside `python -c pass`, wall clock and CPU time, for one or
more installs side by side (rounds alternate between them).

    .venv/bin/python bench/searchprofile.py bench/out/vault-10000
    .venv/bin/python bench/searchprofile.py bench/out/vault-10000 --no-phases --process /tmp/old/bin/python /tmp/new/bin/python
    .venv/bin/python bench/searchprofile.py bench/out/vault-10000 --agree     # beside every matching row ranked
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))
REPEAT = 5
SHAPES = {   # query shapes: a rare word or two, common words, a person's long question
    "rare": ["pnpm", "three-phase removal", "terraform plan", "redis TTL"],
    "common": ["timeout", "fixtures", "drop column", "force push", "connection pool size"],
    "question": ["why did the billing tests fail on CI after we changed the connection pool size?",
                 "what did we decide about parameterised queries in the orders service and why",
                 "how do I run the migration that drops the legacy status column without downtime"],
}


def in_process(root: Path) -> None:
    from memkit import search
    from memkit.storage import index
    from memkit.storage.vault import Vault

    vault = Vault(root)
    print(f"| shape | query | refresh | open | {' | '.join(PHASES)} | json | total (ms) | hits |")
    print("|---" * (7 + len(PHASES)) + "|")
    for shape, queries in SHAPES.items():
        for q in queries:
            rows: dict[str, list[float]] = defaultdict(list)
            for _ in range(REPEAT):
                phases: dict[str, list[float]] = defaultdict(list)
                _PHASES[0] = phases
                t0 = time.perf_counter()
                index.refresh(vault, cues=False)
                t1 = time.perf_counter()
                con = index.open_readonly(vault.index_path)
                con.close()
                t2 = time.perf_counter()
                hits = search.search(vault, q, refresh=False)
                t3 = time.perf_counter()
                json.dumps([h.as_dict() for h in hits], indent=2, ensure_ascii=False, default=str)
                t4 = time.perf_counter()
                rows["refresh"].append(t1 - t0)
                rows["open"].append(t2 - t1)
                rows["json"].append(t4 - t3)
                rows["total"].append(t4 - t0 - (t2 - t1))
                for p in PHASES:
                    rows[p].append(sum(phases.get(p, [])))
            med = {k: statistics.median(v) * 1000 for k, v in rows.items()}
            print(f"| {shape} | {q[:40]} | {med['refresh']:.1f} | {med['open']:.1f} | "
                  + " | ".join(f"{med[p]:.1f}" for p in PHASES)
                  + f" | {med['json']:.1f} | {med['total']:.1f} | {len(hits)} |")


PHASES = ["sample", "best_turns", "best_notes", "turns", "fuse", "snippets", "heads", "keys"]
_PHASES: list = [defaultdict(list)]


def install_timers() -> None:
    """Every wrapped read adds to the current query's phases (`_PHASES[0]`)."""
    from memkit.search import rank
    from memkit.storage import fulltext

    for mod, name in [(fulltext, n) for n in PHASES if hasattr(fulltext, n)] + [(rank, "fuse")]:
        if not hasattr(mod, name):
            continue
        fn = getattr(mod, name)

        def inner(*a, _fn=fn, _name=name, **k):
            t0 = time.perf_counter()
            try:
                return _fn(*a, **k)
            finally:
                _PHASES[0][_name].append(time.perf_counter() - t0)
        setattr(mod, name, inner)


def cpu_run(cmd: list[str]) -> tuple[float, float, str]:
    """(wall, CPU user + system, stderr) of one process: CPU time is the steadier figure on a busy machine."""
    import os
    import subprocess

    from measure import clean_env

    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=clean_env(), text=True, cwd="/")
    err = p.stderr.read()
    _, _, usage = os.wait4(p.pid, 0)
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, err


def whole_process(root: Path, pythons: list[str]) -> None:
    """Each Python's `memkit search --json` per query shape, in alternating rounds: wall and CPU p50/p95."""
    from measure import median, p95

    for py in pythons:
        subprocess_run([py, "-m", "compileall", "-q", str(Path(py).parent.parent / "lib")])
    print(f"\n| memkit | shape | wall p50 / p95 | CPU p50 / p95 | x pass (wall) | said catching up |\n|---|---|---|---|---|---|")
    got: dict = {}
    for _ in range(3):
        for py in pythons:
            got.setdefault((py, "pass"), []).extend(cpu_run([py, "-c", "pass"])[:2] for _ in range(5))
            for shape, queries in SHAPES.items():
                for q in queries:
                    r = cpu_run([str(Path(py).with_name("memkit")), "--vault", str(root), "search", q, "--json"])
                    got.setdefault((py, shape), []).append(r)
    for py in pythons:
        floor = median([w for w, _ in got[(py, "pass")]])
        for shape in SHAPES:
            runs = got[(py, shape)]
            walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
            print(f"| {py} | {shape} | {median(walls) * 1000:.0f} / {p95(walls) * 1000:.0f} ms | "
                  f"{median(cpus) * 1000:.0f} / {p95(cpus) * 1000:.0f} ms | x{median(walls) / floor:.1f} | "
                  f"{sum('catching up' in r[2] for r in runs)} of {len(runs)} |")
        print(f"| {py} | `python -c pass` | {floor * 1000:.0f} ms | "
              f"{median([c for _, c in got[(py, 'pass')]]) * 1000:.0f} ms | | |")


def subprocess_run(cmd: list[str]) -> None:
    import subprocess

    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def agreement(root: Path) -> None:
    """The bounded ranking beside the exhaustive one (every matching row ranked): shared hits of the top 10."""
    from memkit import search
    from memkit.search import plan
    from memkit.storage.vault import Vault

    vault, budget = Vault(root), plan.BUDGET
    print("\n| shape | query | top-10 turns shared | their scores, bounded / all | top-5 notes shared | first hit same |"
          "\n|---|---|---|---|---|---|")
    for shape, queries in SHAPES.items():
        for q in queries:
            got = {}
            for b in (budget, 10**9):
                plan.BUDGET = b
                got[b] = (search.search(vault, q, refresh=False), search.search(vault, q, refresh=False, by="note",
                                                                                limit=5))
            plan.BUDGET = budget
            (t1, n1), (t2, n2) = got[budget], got[10**9]
            shared = len({(h.path, h.turn) for h in t1} & {(h.path, h.turn) for h in t2})
            notes = len({h.path for h in n1} & {h.path for h in n2})
            ratio = sum(h.score for h in t1) / (sum(h.score for h in t2) or 1)   # near-ties of templated rows
            print(f"| {shape} | {q[:40]} | {shared}/{len(t2)} | {ratio:.3f} | {notes}/{len(n2)} | "
                  f"{'yes' if t1[:1] == t2[:1] or (t1 and t2 and t1[0].path == t2[0].path) else 'no'} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("vault", type=Path)
    ap.add_argument("--budget", type=int, help="rows a search ranks at most (memkit.search.plan.BUDGET)")
    ap.add_argument("--no-phases", action="store_true", help="skip the in-process phases")
    ap.add_argument("--agree", action="store_true", help="also compare with the exhaustive ranking")
    ap.add_argument("--process", nargs="*", metavar="PYTHON",
                    help="also time whole processes: the memkit beside each of these Pythons (default BENCH_PYTHON's)")
    a = ap.parse_args()
    if a.budget:
        from memkit.search import plan

        plan.BUDGET = a.budget
    install_timers()
    if not a.no_phases:
        in_process(a.vault.resolve())
    if a.agree:
        agreement(a.vault.resolve())
    if a.process is not None:
        from measure import PYTHON

        whole_process(a.vault.resolve(), a.process or [PYTHON])


if __name__ == "__main__":
    main()
