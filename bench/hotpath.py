"""What one `check --hook`, `context --hook` and `search` cost a process on a built vault: the
modules it imports, the SQL statements it runs (top-level ones, as sqlite3's trace callback sees
them) and its CPU time (user + system, median), optionally beside another copy of memkit's source.

    python bench/hotpath.py bench/out/vault-1000
    mkdir -p bench/out/old && git archive REV memkit templates hooks | tar -x -C bench/out/old
    python bench/hotpath.py bench/out/vault-1000 --against bench/out/old     # memkit as it was at REV

A change that must leave the hot paths as they were shows the same modules, the same statements
and the same output on both sides. CPU time is noisy on a shared machine: each side runs in
blocks, warmed first (the packaged catalogue's snapshot in ~/.cache is per source tree, so the
first call after a switch compiles it again), the rounds alternate, and the other tree belongs on
the same file system as this one (imports stat hundreds of files: a slower disk shows as CPU).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import PYTHON, clean_env, compile_package  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PAYLOADS = {
    "check": {"hook_event_name": "PreToolUse", "session_id": "bench", "cwd": "/home/dev/ledger", "tool_name": "Bash",
              "tool_input": {"command": "git add -A && git commit -m 'fix totals'"}},
    "context": {"hook_event_name": "UserPromptSubmit", "session_id": "bench", "cwd": "/home/dev/ledger",
                "prompt": "drop the legacy_status column from orders"},
}
TRACED = r'''
import io, json, sqlite3, sys
seen, connect = [], sqlite3.connect
def traced(*a, **k):
    con = connect(*a, **k)
    con.set_trace_callback(seen.append)
    return con
sqlite3.connect = traced
sys.argv, sys.stdin = ["memkit", *json.loads(sys.argv[1])], io.StringIO(sys.argv[2])
from memkit import entry
out, sys.stdout = sys.stdout, io.StringIO()
try:
    entry.main()
except SystemExit:
    pass
printed, sys.stdout = sys.stdout.getvalue(), out
print(json.dumps({"modules": sorted(sys.modules), "printed": printed,
                  "statements": [s for s in seen if not s.startswith("--")]}))
'''


def cases(vault: str) -> dict[str, list[str]]:
    return {"check": ["--vault", vault, "check", "--hook"], "context": ["--vault", vault, "context", "--hook"],
            "search": ["--vault", vault, "search", "migration column"]}


def env_for(tree: Path) -> dict:
    return clean_env({"PYTHONPATH": str(tree)})


def traced(tree: Path, argv: list[str], stdin: str) -> dict:
    p = subprocess.run([PYTHON, "-c", TRACED, json.dumps(argv), stdin], capture_output=True, text=True,
                       env=env_for(tree), cwd="/", check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def cpu(tree: Path, argv: list[str], stdin: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([PYTHON, "-m", "memkit", *argv], input=stdin, capture_output=True, text=True, env=env_for(tree),
                   cwd="/", check=False)   # a hook that answers nothing still costs what it costs
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("vault")
    ap.add_argument("--against", type=Path, help="another tree holding memkit/ (e.g. from git archive)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=7, help="timed calls per case, side and round")
    args = ap.parse_args()
    compile_package()
    trees = {"this": REPO}
    if args.against:
        subprocess.run([PYTHON, "-m", "compileall", "-q", str(args.against / "memkit")], check=True,
                       env=clean_env(), stdout=subprocess.DEVNULL)
        trees["against"] = args.against
    runs = cases(os.path.abspath(args.vault))
    times: dict[tuple[str, str], list[float]] = {(t, c): [] for t in trees for c in runs}
    seen: dict[tuple[str, str], dict] = {}
    for n in range(args.rounds):
        for side, tree in trees.items():
            for case, argv in runs.items():
                cpu(tree, argv, json.dumps(PAYLOADS.get(case, {})))   # warm
                if n == 0:
                    seen[(side, case)] = traced(tree, argv, json.dumps(PAYLOADS.get(case, {})))
            for _ in range(args.reps):
                for case, argv in runs.items():
                    times[(side, case)].append(cpu(tree, argv, json.dumps(PAYLOADS.get(case, {}))))
    report(trees, runs, times, seen)


def report(trees: dict, runs: dict, times: dict, seen: dict) -> None:
    for case in runs:
        line = [f"{case}:"]
        for side in trees:
            got = seen[(side, case)]
            line.append(f"{side}: {len(got['modules'])} modules, {len(got['statements'])} statements, "
                        f"CPU p50 {statistics.median(times[(side, case)]) * 1000:.1f} ms;")
        if "against" in trees:
            a, b = seen[("this", case)], seen[("against", case)]
            line.append(f"same modules {a['modules'] == b['modules']}, same statements "
                        f"{a['statements'] == b['statements']}, same output {a['printed'] == b['printed']}")
        print(" ".join(line))


if __name__ == "__main__":
    main()
