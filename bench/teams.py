"""A team on one machine: clones of one vault and a bare file:// remote, interleaved ingests,
accepts, rejects, merges, promotions and fact changes over many rounds, every round ending in
`memkit sync` on every clone.

    python bench/teams.py                                  # 5 clones × 200 rounds
    python bench/teams.py --clones 3 --rounds 15 --seed 3  # the size the test suite runs
    python bench/teams.py --keep bench/out/team            # keep the clones to look at

Checks at the end, after two more syncs per clone: no conflict marker and no unreadable note
in memkit's notes, every clone at the same commit and tree, no observation lost (every id any
clone ever pushed is in the final tree, in exactly one place). Prints the figures as Markdown.
Actions run through memkit's library verbs in this process; git and the merge driver run as
the real processes they are.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memkit.errors import MemkitError
from memkit.storage import notes
from memkit.storage.vault import Vault

ACTIONS = (("ingest", 30), ("overlap", 10), ("accept", 18), ("reject", 14), ("promote", 8), ("merge", 8),
           ("fact", 12))
VERBS = [("rm -rf {x}/", "delete {x}/", "the release job reads it"),
         ("git push --force origin {x}", "force-push {x}", "others build on it"),
         ("pip install {x}", "pip install {x} globally", "the lock file pins it"),
         ("alembic downgrade {x}", "downgrade {x} in place", "prod data depends on it"),
         ("docker system prune -af --filter label={x}", "prune {x} images", "CI caches them"),
         ("terraform destroy -target={x}", "destroy {x}", "the staging stack shares it")]
THINGS = ["dist", "vendor", "main", "release", "cache", "assets", "fixtures", "docs", "build-tools", "schemas",
          "billing", "ledger", "search", "payments", "exports"]
FACT_KEYS = ("deploy_window", "retry_limit", "db_port")
FACT_VALUES = ("tuesdays", "thursdays", "3", "5", "5432", "6432")
MARKERS = re.compile(r"^(<{7}|>{7}|={7})( |$)", re.MULTILINE)
NOTE_DIRS = ("traces", "workshop", "observations", "episodes", "facts", "library")


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


def session_log(folder: Path, n: int, rng: random.Random) -> Path:
    """A generic log of one session: a tool call the person refused, then their correction."""
    cmd, said, why = VERBS[n % len(VERBS)]
    thing = THINGS[(n // len(VERBS)) % len(THINGS)]
    day = f"2026-04-{1 + n % 28:02d}T{8 + n % 10:02d}:00:"
    lines = [{"type": "session", "session_id": f"team-{n:05d}", "agent": "generic", "project": "shop",
              "cwd": "/home/dev/shop"},
             {"role": "user", "content": f"tidy up {thing} before the release", "timestamp": day + "00Z"},
             {"role": "assistant", "content": "On it.", "timestamp": day + "05Z",
              "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": cmd.format(x=thing)}}]},
             {"role": "tool", "tool_call_id": "c1", "content": "", "rejected": True, "timestamp": day + "06Z"},
             {"role": "user", "content": f"no, never {said.format(x=thing)} in this repo because {why}.",
              "timestamp": day + "10Z"},
             {"role": "assistant", "content": "Understood.", "timestamp": day + "15Z"}]
    path = folder / f"team-{n:05d}.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


class Bench:
    def __init__(self, root: Path, clones: int, seed: int, echo=print):
        self.root, self.rng, self.echo = root, random.Random(seed), echo
        self.logs = root / "logs"
        self.logs.mkdir(parents=True)
        self.remote = root / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(self.remote)], check=True)
        self.sessions: list[int] = []
        self.seen: set[str] = set()              # observation ids any clone ever pushed
        self.stats: Counter = Counter()
        self.sync_times: list[float] = []
        self.vaults = [self._clone(i) for i in range(clones)]

    def _clone(self, i: int) -> Vault:
        path = self.root / f"clone-{i}"
        if i == 0:
            subprocess.run([sys.executable, "-m", "memkit", "init", str(path)], check=True, capture_output=True)
            git(path, "branch", "-M", "main")   # the remote's branch, whatever git's default is here
            git(path, "remote", "add", "origin", f"file://{self.remote}")
        else:
            git(self.root, "clone", "-q", f"file://{self.remote}", str(path))
        git(path, "config", "user.name", f"Person {i}")
        git(path, "config", "user.email", f"person{i}@team.test")
        vault = Vault(path)
        self.sync(vault)
        return vault

    # ---- one person's turn -------------------------------------------------------
    def act(self, vault: Vault) -> None:
        names, weights = zip(*ACTIONS)
        action = self.rng.choices(names, weights)[0]
        try:
            done = getattr(self, "_" + action)(vault)
        except MemkitError as e:   # e.g. a proposal out of date since a merge: a person would rescan
            self.stats[f"{action} refused: {re.sub(r'[a-z]+-[a-z0-9-]+', 'ID', str(e)).split(';')[0][:60]}"] += 1
            return
        self.stats[action if done else action + " (nothing to do)"] += 1

    def _ingest(self, vault: Vault) -> bool:
        n = len(self.sessions)
        self.sessions.append(n)
        return self._ingest_log(vault, session_log(self.logs, n, self.rng))

    def _overlap(self, vault: Vault) -> bool:
        """A session another clone ingested already: the same trace, arriving twice."""
        if not self.sessions:
            return False
        return self._ingest_log(vault, self.logs / f"team-{self.rng.choice(self.sessions):05d}.jsonl")

    def _ingest_log(self, vault: Vault, log: Path) -> bool:
        from memkit import pipeline

        pipeline.ingest(vault, [log])
        return True

    def _queue(self, vault: Vault, kind: str | None = None) -> list[dict]:
        from memkit.library import review

        return [q for q in review.queue(vault) if kind is None or q["type"] == kind]

    def _pick(self, vault: Vault, kind: str | None = "observation") -> dict | None:
        found = self._queue(vault, kind)
        return self.rng.choice(found[:3]) if found else None   # the oldest few: people collide on them

    def _accept(self, vault: Vault) -> bool:
        from memkit.library import review

        item = self._pick(vault)
        return bool(item) and bool(review.accept(vault, [item["id"]]))

    def _reject(self, vault: Vault) -> bool:
        from memkit.library import review

        item = self._pick(vault)
        return bool(item) and bool(review.reject(vault, [item["id"]], reason="not a lasting rule"))

    def _promote(self, vault: Vault) -> bool:
        from memkit.library import review

        item = self._pick(vault, None)
        if item is None:
            return False
        if item["type"] == "proposal":
            review.promote(vault, [item["id"]])
        else:
            review.promote(vault, [item["id"]], "convention", f"Team rule {self.rng.randrange(6)}")
        return True

    def _merge(self, vault: Vault) -> bool:
        from memkit.library import review

        library = sorted((vault.root / "library" / "conventions").glob("*.md"))
        item = self._pick(vault)
        if not library or item is None:
            return False
        review.merge(vault, item["id"], self.rng.choice(library).stem)
        return True

    def _fact(self, vault: Vault) -> bool:
        from memkit.facts import store

        store.set_(vault, self.rng.choice(FACT_KEYS), self.rng.choice(FACT_VALUES))
        return True

    # ---- sync and the checks --------------------------------------------------------
    def sync(self, vault: Vault) -> None:
        from memkit.team import sync

        start = time.perf_counter()
        out = sync.sync(vault)
        self.sync_times.append(time.perf_counter() - start)
        self.stats["merge commits"] += bool(out["merge"])
        self.stats["notes resolved by rule"] += len(out["resolved"])
        self.stats["notes placed by their decision"] += len(out["settled"])
        self.stats["fact conflicts filed"] += len(out["fact_conflicts"])
        self.stats["pushes retried"] += bool(out["retried"])
        self.seen |= observations(vault.root)

    def round(self) -> None:
        for vault in self.vaults:
            self.act(vault)
        order = list(self.vaults)
        self.rng.shuffle(order)
        for vault in order:
            self.sync(vault)

    def check(self) -> dict:
        for _ in range(2):
            for vault in self.vaults:
                self.sync(vault)
        heads = {git(v.root, "rev-parse", "HEAD").strip() for v in self.vaults}
        trees = {git(v.root, "rev-parse", "HEAD^{tree}").strip() for v in self.vaults}
        final = observation_paths(self.vaults[0].root)
        ids = Counter(Path(p).stem for p in final)
        return {"heads": len(heads), "trees": len(trees),
                "marked": sorted({m for v in self.vaults for m in marked(v.root)}),
                "lost": sorted(self.seen - set(ids)), "twice": sorted(i for i, n in ids.items() if n > 1),
                "dirty": [str(v.root) for v in self.vaults if git(v.root, "status", "--porcelain").strip()]}


def observation_paths(root: Path) -> list[str]:
    out = git(root, "ls-tree", "-r", "--name-only", "HEAD", "--", "workshop/observations", "observations")
    return [p for p in out.splitlines() if p.endswith(".md")]


def observations(root: Path) -> set[str]:
    return {Path(p).stem for p in observation_paths(root)}


def marked(root: Path) -> list[str]:
    bad = []
    for top in NOTE_DIRS:
        for p in (root / top).rglob("*.md"):
            text = p.read_text(encoding="utf-8", errors="replace")
            try:
                notes.parse(text, p)
            except MemkitError:
                bad.append(str(p.relative_to(root)))
                continue
            if MARKERS.search(text):
                bad.append(str(p.relative_to(root)))
    return bad


def run(root: Path, clones: int = 5, rounds: int = 200, seed: int = 7, echo=print) -> dict:
    """The whole benchmark in root; returns the checks and the figures."""
    start = time.perf_counter()
    bench = Bench(root, clones, seed, echo)
    for r in range(rounds):
        bench.round()
        if echo and (r + 1) % max(1, rounds // 10) == 0:
            echo(f"round {r + 1}/{rounds}: {len(bench.seen)} observations, "
                 f"sync p50 {statistics.median(bench.sync_times):.2f} s")
    checks = bench.check()
    root0 = bench.vaults[0].root
    return {**checks, "clones": clones, "rounds": rounds, "seed": seed,
            "seconds": round(time.perf_counter() - start, 1), "syncs": len(bench.sync_times),
            "sync_p50": round(statistics.median(bench.sync_times), 3),
            "sync_p95": round(sorted(bench.sync_times)[int(0.95 * (len(bench.sync_times) - 1))], 3),
            "sync_max": round(max(bench.sync_times), 3), "observations": len(bench.seen),
            "traces": len(list((root0 / "traces").rglob("*.md"))),
            "library": len(list((root0 / "library").rglob("*.md"))),
            "overruled": sum("overruled_by" in p.read_text() for p in (root0 / "observations").rglob("*.md"))
            + sum("overruled_by" in p.read_text() for p in (root0 / "workshop").rglob("*.md")),
            "commits": int(git(root0, "rev-list", "--count", "HEAD")), "stats": dict(sorted(bench.stats.items()))}


def report(r: dict) -> str:
    ok = not (r["marked"] or r["lost"] or r["twice"] or r["dirty"]) and r["heads"] == r["trees"] == 1
    rows = [("clones × rounds (seed)", f"{r['clones']} × {r['rounds']} ({r['seed']})"),
            ("wall time", f"{r['seconds']} s"), ("syncs", r["syncs"]),
            ("sync p50 / p95 / max", f"{r['sync_p50']} / {r['sync_p95']} / {r['sync_max']} s"),
            ("commits on the remote", r["commits"]), ("traces / observations / library notes",
                                                     f"{r['traces']} / {r['observations']} / {r['library']}"),
            ("decisions overruled (kept in history)", r["overruled"]),
            ("conflict markers or unreadable notes", len(r["marked"])),
            ("clones at one commit / one tree", f"{r['heads'] == 1} / {r['trees'] == 1}"),
            ("observations lost / in two places", f"{len(r['lost'])} / {len(r['twice'])}"),
            *((k, v) for k, v in r["stats"].items()), ("all checks", "pass" if ok else "FAIL")]
    return "| | |\n|---|---|\n" + "\n".join(f"| {k} | {v} |" for k, v in rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clones", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", type=Path, help="Build the clones here (kept) instead of a temporary folder.")
    args = ap.parse_args()
    if args.keep:
        shutil.rmtree(args.keep, ignore_errors=True)
        args.keep.mkdir(parents=True)
    root = args.keep or Path(tempfile.mkdtemp(prefix="memkit-team-"))
    try:
        result = run(root, args.clones, args.rounds, args.seed)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print(report(result))
    return 0 if "FAIL" not in report(result) else 1


if __name__ == "__main__":
    sys.exit(main())
