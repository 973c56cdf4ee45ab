"""Activation on our own generalisation sets, our real-corrections set and the two public ones, one line per set.

    .venv/bin/python bench/activation_sets.py                       # all five sets
    .venv/bin/python bench/activation_sets.py --sets gen-tune -v    # one set, with run.py's own report
    .venv/bin/python bench/activation_sets.py --json out.json --memkit "python -m memkit"

Our sets (`tests/activation_sets/<set>/*.py`) are built with `../shared/eval/builder/build.py`
into a temporary directory and run with `../shared/eval/activation-dev/run.py --data DIR`; the
public sets `activation-dev` and `activation-dev-2` are run with their own `run.py`, as they are;
`real` (tests/activation_sets/real/, corrections from the shared real logs) with bench/activation_real.py.
`../shared` is the `shared` folder beside the repository (`<parent>/<repo>`, `<parent>/shared`);
`--shared` points elsewhere (a git worktree has no `shared` beside it). Standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SETS_DIR = REPO / "tests" / "activation_sets"
PUBLIC = ("activation-dev", "activation-dev-2")
REAL = "real"                      # built from the shared corpora by bench/activation_real.py, not by the builder
REAL_2 = "real-2"                  # the same vault, other later actions (tests/activation_sets/real-2/probes.jsonl)


def own_sets() -> list[str]:
    if not SETS_DIR.is_dir():
        return []
    return sorted(d.name for d in SETS_DIR.iterdir() if d.is_dir() and any(d.glob("*.py")))


def child_env() -> dict:
    """The caller's environment without what would skew a hook's latency or aim memkit elsewhere:
    bytecode caching stays on, no GIT_* or MEMKIT_* variables leak in."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("GIT_", "MEMKIT_")) and k != "PYTHONDONTWRITEBYTECODE"}


def memkit_argv(cmd: str) -> list[str] | None:
    try:
        argv = shlex.split(cmd)
    except ValueError:
        return None
    if not argv:
        return None
    exe = argv[0]
    found = (os.path.isfile(exe) and os.access(exe, os.X_OK)) if os.sep in exe else shutil.which(exe)
    return argv if found else None


def compile_memkit(argv: list[str]) -> None:
    """Write memkit's .pyc files, as an installed package has them, so no probe compiles sources.
    Uses the interpreter beside the memkit script when there is one."""
    py = Path(argv[0]).with_name("python")
    python = str(py) if os.sep in argv[0] and py.exists() else sys.executable
    subprocess.run([python, "-m", "compileall", "-q", str(REPO / "memkit")], check=False, env=child_env(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def build(name: str, shared: Path, out: Path) -> str | None:
    """Build one of our sets into `out`; returns None or the reason it failed."""
    src = SETS_DIR / name
    modules = sorted(p.name for p in src.glob("*.py"))
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")   # keep __pycache__ out of the set folders
    p = subprocess.run([sys.executable, str(shared / "eval" / "builder" / "build.py"), str(out), *modules],
                       cwd=src, capture_output=True, text=True, env=env, check=False)
    if p.returncode != 0:
        lines = [l.strip() for l in (p.stdout + "\n" + p.stderr).splitlines() if l.strip()]
        problems = [l for l in lines if l.startswith("- ")]
        return "; ".join(problems[:3]) if problems else (lines[-1] if lines else f"exit {p.returncode}")
    return None


def run_set(run_py: Path, data: Path | None, memkit: str, verbose: bool, timeout: float | None,
            tmp: Path, extra: tuple[str, ...] = ()) -> tuple[dict | None, str]:
    """Run one set's harness; returns (figures, error)."""
    out_json = tmp / (run_py.parent.name + "-" + (data.name if data else run_py.stem) + ".json")
    cmd = [sys.executable, str(run_py), "--memkit", memkit, "--json", str(out_json), *extra]
    if data is not None:
        cmd += ["--data", str(data)]
    if verbose:
        cmd.append("-v")
    if timeout:
        cmd += ["--timeout", str(timeout)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=child_env(), check=False)
    if verbose:
        sys.stdout.write(p.stdout)
        sys.stderr.write(p.stderr)
    if p.returncode != 0 or not out_json.is_file():
        tail = (p.stderr or p.stdout).strip().splitlines()
        return None, (tail[-1] if tail else f"run.py exit {p.returncode}")
    return figures(json.loads(out_json.read_text(encoding="utf-8"))), ""


def figures(report: dict) -> dict:
    s, probes = report["summary"], report["probes"]
    pos = [r for r in probes if r["expect"] == "fire"]
    neg = [r for r in probes if r["expect"] == "silent"]
    nsw = [r for r in pos if r["no_shared_words"]]
    hit = lambda rows: sum(r["outcome"] == "hit" for r in rows)
    return {"hit": s["hit_rate"], "hits": hit(pos), "positives": len(pos),
            "hit_no_shared_words": s["hit_rate_no_shared_words"], "nsw_hits": hit(nsw), "nsw_positives": len(nsw),
            "false_fire": s["false_fire_rate"], "false_fires": sum(r["outcome"] == "false_fire" for r in neg),
            "negatives": len(neg), "p50_ms": s["p50_ms"], "p95_ms": s["p95_ms"], "errors": s["errors"],
            "setup_errors": s.get("setup_errors", [])}


def line(name: str, f: dict) -> str:
    extra = f"  errors {f['errors']}" if f["errors"] else ""
    if f["setup_errors"]:
        extra += "  SETUP ERRORS"
    return (f"{name:<18} hit {f['hit']:.2f} ({f['hits']}/{f['positives']})  "
            f"no-shared-words {f['hit_no_shared_words']:.2f} ({f['nsw_hits']}/{f['nsw_positives']})  "
            f"false fire {f['false_fire']:.2f} ({f['false_fires']}/{f['negatives']})  p50 {f['p50_ms']:.0f} ms{extra}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memkit", default=str(Path(sys.executable).parent / "memkit"),
                    help="memkit command line (default: the memkit next to this Python)")
    ap.add_argument("--sets", help="comma-separated sets to run (default: all of " +
                    ", ".join(own_sets() + [REAL] + list(PUBLIC)) + ")")
    ap.add_argument("--shared", help="the shared folder (default: <repo>/../shared)")
    ap.add_argument("--json", metavar="OUT", help="write every set's figures to this JSON file")
    ap.add_argument("--timeout", type=float, help="seconds allowed per probe, passed to run.py")
    ap.add_argument("-v", "--verbose", action="store_true", help="print run.py's own report (-v) for each set")
    args = ap.parse_args()

    shared = Path(args.shared).resolve() if args.shared else REPO.parent / "shared"
    if not (shared / "eval" / "builder" / "build.py").is_file():
        print(f"error: shared eval folder not found at {shared / 'eval'} (pass --shared DIR)", file=sys.stderr)
        return 2
    argv = memkit_argv(args.memkit)
    if argv is None:
        print(f"error: memkit command not found: {args.memkit!r} (pass --memkit CMD)", file=sys.stderr)
        return 2
    ours = own_sets() + [REAL] + ([REAL_2] if (SETS_DIR / REAL_2 / "probes.jsonl").is_file() else [])
    names = [n.strip() for n in args.sets.split(",") if n.strip()] if args.sets else ours + list(PUBLIC)
    unknown = [n for n in names if n not in ours and n not in PUBLIC]
    if unknown:
        print(f"error: unknown set(s) {', '.join(unknown)}; known: {', '.join(ours + list(PUBLIC))}", file=sys.stderr)
        return 2

    compile_memkit(argv)
    harness = shared / "eval" / "activation-dev" / "run.py"
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="memkit-sets-") as tmpdir:
        tmp = Path(tmpdir)
        for name in names:
            if args.verbose:
                print(f"== {name}", flush=True)
            if name in PUBLIC:
                run_py = shared / "eval" / name / "run.py"
                if not run_py.is_file():
                    print(f"{name:<18} skipped: {run_py} not found")
                    continue
                f, err = run_set(run_py, None, args.memkit, args.verbose, args.timeout, tmp)
            elif name in (REAL, REAL_2):
                f, err = run_set(REPO / "bench" / "activation_real.py", None, args.memkit, args.verbose,
                                 args.timeout, tmp, ("--shared", str(shared), "--probes",
                                                     str(SETS_DIR / name / "probes.jsonl")))
            else:
                data = tmp / name
                err = build(name, shared, data)
                if err:
                    print(f"{name:<18} build failed: {err}")
                    results[name] = {"error": "build failed: " + err}
                    continue
                f, err = run_set(harness, data, args.memkit, args.verbose, args.timeout, tmp)
            if f is None:
                print(f"{name:<18} run failed: {err}")
                results[name] = {"error": "run failed: " + err}
                continue
            results[name] = f
            print(line(name, f), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"memkit": args.memkit, "sets": results}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
