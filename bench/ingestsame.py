#!/usr/bin/env python3
"""Does a change to ingest write the same vault, and what did it cost: old and new code ingest
the same logs into fresh vaults, in turn, and the vaults' files are compared byte for byte.

    .venv/bin/python bench/ingestsame.py bench/out/logs-1000 --old main
    .venv/bin/python bench/ingestsame.py ../shared/corpora/m-claude ../shared/corpora/spotter --old 1567a03 --rounds 3

`--old` is a source tree or a git revision of this repository (extracted with `git archive`
once, into the temporary folder); `--new` is this tree. Both run as `python -m memkit` with
PYTHONPATH set to their tree, from a fresh folder below the temporary one, each with its own
XDG_CACHE_HOME; their .pyc files are written and their catalogue snapshots built first. Every
file of the vault but `.git/` and `.memkit/` (caches, the index, the lock) must be the same in
every run, byte for byte; a promotion proposal carries the time it was drafted (`created:`, and
so its `memkit-sha:`), so two files that differ only in those two lines count as the same and
are counted apart ("by time"). Console copies (.md) are found only when named, not in a folder.

Figures: wall seconds and CPU seconds of each `memkit ingest` process and its workers (and of
those the system's: creating files is most of it, and it swings with other processes' disk
work on a shared machine).
"""
from __future__ import annotations

import argparse
import filecmp
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SKIP = {".git", ".memkit"}
PROPOSALS = os.path.join("workshop", "proposals", "")


def tree_of(spec: str, tmp: Path) -> Path:
    """A source tree: the folder given, or the revision given extracted from this repository."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", spec + "^{commit}"],
                         capture_output=True, text=True, check=True).stdout.strip()
    out = tmp / f"memkit-{rev[:12]}"
    if not (out / "memkit").is_dir():
        out.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def env_for(tree: Path, cache: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "MEMKIT_VAULT"}
    env.update(PYTHONPATH=str(tree), XDG_CACHE_HOME=str(cache))
    return env


def ingest(python: str, tree: Path, cache: Path, logs: list[Path], work: Path) -> tuple[Path, float, float, float]:
    """A fresh vault with the logs ingested by the tree's code: (vault, wall s, CPU s, of which system)."""
    work.mkdir(parents=True)
    env = env_for(tree, cache)
    subprocess.run([python, "-m", "memkit", "init", "V"], cwd=work, env=env, check=True, capture_output=True)
    before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run([python, "-m", "memkit", "--vault", "V", "ingest", *map(str, logs), "--no-commit"],
                          cwd=work, env=env, capture_output=True, text=True, check=False)
    wall, after = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"ingest with {tree} failed:\n{done.stderr}")
    system = after.ru_stime - before.ru_stime
    return work / "V", wall, after.ru_utime - before.ru_utime + system, system


def warm(python: str, tree: Path, cache: Path, work: Path) -> None:
    """Write the tree's .pyc files (as an install does: no run compiles sources) and build its
    catalogue snapshot in its own cache, outside any timing."""
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run([python, "-m", "compileall", "-q", str(tree / "memkit")], check=True, stdout=subprocess.DEVNULL,
                   env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    subprocess.run([python, "-c", "from memkit.activation import catalogue; catalogue.load(None)"],
                   cwd=work, env=env_for(tree, cache), check=True)


def files(root: Path) -> set[str]:
    found = set()
    for dirpath, dirnames, filenames in os.walk(root):
        if Path(dirpath) == root:
            dirnames[:] = [d for d in dirnames if d not in SKIP]
        found.update(os.path.relpath(os.path.join(dirpath, f), root) for f in filenames)
    return found


_BY_TIME = re.compile(rb"^(?:created: '\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ'|memkit-sha: '?[0-9a-f]+'?)$", re.MULTILINE)


def differences(a: Path, b: Path) -> tuple[list[str], int]:
    """What differs between two vaults, and how many files differ only by the time they were written."""
    fa, fb = files(a), files(b)
    out = [f"only in {a.parent.name}: {p}" for p in sorted(fa - fb)]
    out += [f"only in {b.parent.name}: {p}" for p in sorted(fb - fa)]
    by_time = 0
    for p in sorted(fa & fb):
        if filecmp.cmp(a / p, b / p, shallow=False):
            continue
        same = [_BY_TIME.sub(b"", (v / p).read_bytes()) for v in (a, b)] if p.startswith(PROPOSALS) else [0, 1]
        if same[0] == same[1]:
            by_time += 1
        else:
            out.append(f"differs: {p}")
    return out, by_time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--old", required=True, help="source tree or git revision of the code to compare against")
    ap.add_argument("--new", default=str(REPO), help="source tree of the new code (default: this one)")
    ap.add_argument("--python", default=sys.executable, help="interpreter for both (its memkit dependencies)")
    ap.add_argument("--rounds", type=int, default=1, help="old, new alternated this many times")
    ap.add_argument("--keep", action="store_true", help="keep the vaults (their folder is printed)")
    args = ap.parse_args()
    logs = [p.resolve() for p in args.logs]
    size = sum(p.stat().st_size for log in logs for p in ([log] if log.is_file() else log.rglob("*")) if p.is_file())
    base = Path(tempfile.gettempdir()) / "memkit-ingestsame"
    work = Path(tempfile.mkdtemp(prefix="run-", dir=base.mkdir(exist_ok=True) or base))
    sides = {"old": tree_of(args.old, base), "new": tree_of(args.new, base)}
    caches = {name: base / f"cache-{tree.name}-{abs(hash(str(tree))) % 10**8}" for name, tree in sides.items()}
    for name, tree in sides.items():
        warm(args.python, tree, caches[name], work / f"warm-{name}")
    print(f"{size / 1e6:.1f} MB of logs; old {sides['old']}, new {sides['new']}; load {os.getloadavg()[0]:.1f}")
    first, bad = None, 0
    for r in range(args.rounds):
        for name, tree in sides.items():
            vault, wall, cpu, system = ingest(args.python, tree, caches[name], logs, work / f"{name}-{r}")
            diff, by_time = differences(first, vault) if first is not None else ([], 0)
            first = first or vault
            bad += bool(diff)
            print(f"round {r + 1} {name}: {wall:6.1f} s wall, {cpu:6.1f} s CPU ({system:4.1f} system), "
                  f"{size / 1e6 / wall:5.2f} MB/s, {size / 1e6 / cpu:5.2f} MB per CPU-s, load {os.getloadavg()[0]:.1f}; "
                  + (f"{len(diff)} file(s) differ from old-0" if diff else f"{len(files(vault))} files as old-0")
                + (f" ({by_time} by time)" if by_time else ""))
            for line in diff[:20]:
                print("   ", line)
    if args.keep:
        print(f"vaults kept in {work}")
    else:
        shutil.rmtree(work)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
