"""The benchmark suite: builds synthetic vaults of growing size and prints one Markdown table.

    python bench/run.py --quick                       # 100 and 1,000 sessions, few repetitions (< 3 min)
    python bench/run.py --sizes 100,1000,10000        # the full run behind bench/RESULTS.md
    python bench/run.py --sizes 1000 --reuse          # reuse bench/out/vault-1000 (skip the ingest)

Every figure is a median over repeated runs of a real `memkit` process (or the hook script),
timed from spawn to exit, with the floors it cannot beat measured in the same run beside it:
`python -c pass`, a Python process that runs one FTS5 query, and that query in-process.
See bench/README.md for what each row means.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import tomllib
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate  # noqa: E402
from measure import MEMKIT, PYTHON, clean_env, compile_package, in_process, median, p95, run  # noqa: E402

BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"
CORPORA = BENCH.parent.parent / "shared" / "corpora"
Q = tomllib.loads((BENCH / "queries.toml").read_text())
FTS_PROCESS = ("import sqlite3, sys\n"
               "con = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', uri=True)\n"
               "con.execute('SELECT rowid FROM cues_fts WHERE cues_fts MATCH ? ORDER BY rank LIMIT 40',"
               " (sys.argv[2],)).fetchall()\n")
REFRESH = ("import json, sys, time\n"
           "from memkit.storage import index, vault\n"
           "t = time.perf_counter()\n"
           "s = index.refresh(vault.Vault(__import__('pathlib').Path(sys.argv[1])), walk=sys.argv[2] == 'walk')\n"
           "print(json.dumps({'seconds': time.perf_counter() - t, **s}))\n")


class Plan:
    def __init__(self, a: argparse.Namespace):
        self.quick, self.reuse, self.seed = a.quick, a.reuse, a.seed
        self.sizes = [int(x) for x in a.sizes.split(",")] if a.sizes else ([100, 1000] if a.quick else
                                                                            [100, 1000, 10000])
        self.hook_calls = 30 if a.quick else 40
        self.commit_subset = 100 if a.quick else 1000
        self.refresh_reps = 3 if a.quick else 5
        self.search_reps = 1 if a.quick else 3
        self.precommit_reps = 10 if a.quick else 20
        self.staged_reps = 2 if a.quick else 5

    def reindex_reps(self, n: int) -> int:
        return 1 if self.quick or n >= 10000 else 3


class Table:
    """Rows of (measure, target) with one cell per vault size, printed as Markdown."""

    def __init__(self, sizes: list[int]):
        self.sizes, self.rows, self.order = sizes, {}, []

    def put(self, name: str, target: str, n: int | str, cell: str) -> None:
        if name not in self.rows:
            self.rows[name] = {"target": target}
            self.order.append(name)
        self.rows[name][n] = cell
        print(f"  [{n}] {name}: {cell}", file=sys.stderr, flush=True)

    def markdown(self) -> str:
        head = "| measure | target | " + " | ".join(f"{n:,} sessions" if isinstance(n, int) else str(n)
                                                  for n in self.sizes) + " |"
        lines = [head, "|" + "---|" * (len(self.sizes) + 2)]
        for name in self.order:
            row = self.rows[name]
            lines.append(f"| {name} | {row['target']} | " + " | ".join(row.get(n, "—") for n in self.sizes) + " |")
        return "\n".join(lines)


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms" if x >= 0.01 else f"{x * 1000:.2f} ms"


def times(x: float, floor: float, label: str) -> str:
    return f"×{x / floor:.1f} {label}" if floor > 0 else ""


# ---- ingest ---------------------------------------------------------------------------------------
def ingest(vault: Path, logs: Path, *, commit: bool) -> tuple[dict, object]:
    r = run([MEMKIT, "--vault", str(vault), "ingest", str(logs), "--json"] + ([] if commit else ["--no-commit"]))
    data = json.loads(r.out)
    return data, r


def build(plan: Plan, n: int, t: Table) -> Path:
    """bench/out/vault-N, measured while it is built: ingest + extraction throughput and memory."""
    logs, stats = generate.logs(n, plan.seed)
    mb = stats["bytes"] / 1e6
    t.put("logs: MB · turns (claude / generic files)", "", n,
          f"{mb:,.0f} MB · {stats['turns']:,} ({stats['claude']:,} / {stats['generic']:,})")
    root, stamp = OUT / f"vault-{n}", OUT / f"vault-{n}.json"
    want = {"version": generate.GENERATOR_VERSION, "seed": plan.seed, "sessions": n}
    cached = json.loads(stamp.read_text()) if stamp.exists() else {}
    if plan.reuse and {k: cached.get(k) for k in want} == want and (root / ".git").exists():
        info = cached
    else:
        stamp.unlink(missing_ok=True)
        generate.new_vault(root, n, plan.seed, git_repo=False)
        data, r = ingest(root, logs, commit=False)
        info = {**want, "wall": r.wall, "rss_mb": r.rss_mb, "bytes": data["bytes"],
                "candidates": len(data["candidates"]), "traces": len(data["traces"]),
                "built": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        t0 = time.perf_counter()
        generate.git(root, "init", "-q", "-b", "main")
        generate.git(root, "add", "-A")
        generate.git(root, "commit", "-q", "--no-verify", "-m", f"bench: {n} sessions ingested")
        generate.memkit("--vault", str(root), "hooks", "install", "--git", cwd=root)
        info["git_setup"] = time.perf_counter() - t0
        stamp.write_text(json.dumps(info, indent=1))
    note = " (cached)" if info is cached else ""
    t.put("ingest + extraction, `--no-commit`: throughput (wall)", "≥ 20 MB/s", n,
          f"{info['bytes'] / 1e6 / info['wall']:.2f} MB/s ({info['wall']:.1f} s){note}")
    t.put("ingest + extraction: peak RSS", "bounded", n, f"{info['rss_mb']:.0f} MB{note}")
    t.put("observations and proposals written (per session)", "≈ 10", n,
          f"{info['candidates']:,} ({info['candidates'] / max(1, info['traces']):.1f})")
    return root


def ingest_with_commit(plan: Plan, n: int, t: Table) -> None:
    k = min(n, plan.commit_subset)
    logs, _ = generate.logs(k, plan.seed)
    root = OUT / f"commit-{n}"
    generate.new_vault(root, k, plan.seed, git_repo=True)
    data, r = ingest(root, logs, commit=True)
    shutil.rmtree(root, ignore_errors=True)
    t.put("ingest + extraction + git commit: throughput", "≥ 20 MB/s", n,
          f"{data['bytes'] / 1e6 / r.wall:.2f} MB/s ({k:,} sessions, {r.wall:.1f} s, {r.rss_mb:.0f} MB RSS)")


def corpora(t: Table) -> None:
    for name in ("m-claude", "spotter"):
        src = CORPORA / name
        if not src.is_dir():
            continue
        root = OUT / f"corpus-{name}"
        shutil.rmtree(root, ignore_errors=True)
        generate.memkit("init", str(root))
        data, r = ingest(root, src, commit=False)
        shutil.rmtree(root, ignore_errors=True)
        t.put(f"real corpus `{name}`: ingest + extraction", "≥ 20 MB/s", "corpora",
              f"{data['bytes'] / 1e6:.1f} MB, {len(data['traces'])} traces: {data['bytes'] / 1e6 / r.wall:.2f} MB/s "
              f"({r.wall:.1f} s, {r.rss_mb:.0f} MB RSS, {len(data['candidates'])} candidates)")


# ---- index ----------------------------------------------------------------------------------------
def reindex(plan: Plan, root: Path, n: int, t: Table) -> None:
    runs = [run([MEMKIT, "--vault", str(root), "reindex", "--json"]) for _ in range(plan.reindex_reps(n))]
    files = sum(1 for _ in root.glob("*/**/*.md"))
    t.put("full `reindex`: wall (files)", "≤ 60 s", n, f"{median([r.wall for r in runs]):.1f} s ({files:,} files)")
    t.put("full `reindex`: peak RSS", "bounded", n, f"{median([r.rss_mb for r in runs]):.0f} MB")


def incremental(plan: Plan, root: Path, n: int, t: Table) -> None:
    """One changed note without a watcher: the walk of every note (now in the background, after a
    search or status), the folder check every command runs on its way (after an editor's save, a
    new file renamed over the note), and `memkit status` around them."""
    target = sorted((root / "workshop" / "observations" / "correction").glob("*.md"))[0]
    original = target.read_bytes()
    walk, quick, status = [], [], []
    try:
        for k in range(plan.refresh_reps):
            target.write_bytes(original + f"\nbench edit {k}\n".encode())   # in place
            walk.append(json.loads(run([PYTHON, "-c", REFRESH, str(root), "walk"]).out)["seconds"])
            saved = target.with_name(f".{target.name}.bench")   # an editor's save: write, then rename
            saved.write_bytes(original + f"\nbench save {k}\n".encode())
            os.replace(saved, target)
            got = json.loads(run([PYTHON, "-c", REFRESH, str(root), "quick"]).out)
            quick.append(got["seconds"])
            assert got["indexed"] >= 1 or n <= 2000, got   # the saved note was indexed on the way
            target.write_bytes(original)
            status.append(run([MEMKIT, "--vault", str(root), "status", "--json"]).wall)
    finally:
        target.write_bytes(original)
        run([PYTHON, "-c", REFRESH, str(root), "walk"])
    tops = [d for d in ("traces", "workshop", "observations", "episodes", "facts", "library") if (root / d).is_dir()]
    stat_all = [run(["find", *tops, "-name", "*.md", "-printf", "%T@ %s\n"], cwd=root).wall
                for _ in range(plan.refresh_reps)]
    t.put("walk of every note after one note changed in place (`index.refresh(walk=True)`): in the background"
          " after a search or status (and on every refresh below 2,000 notes)", "≤ 0.3 s or off the path", n,
          f"{median(walk):.2f} s (floor, `find -printf` stats every note: {median(stat_all):.2f} s)")
    t.put("refresh on every command's way after an editor's save of one note, no watcher (folder mtimes;"
          " `index.refresh`)", "≤ 0.3 s", n, f"{median(quick):.3f} s")
    t.put("`memkit status` (refreshes, then counts): wall", "", n, f"{median(status):.2f} s")
    watched, status = watched_refresh(plan, root, target, original)
    t.put("incremental refresh after one changed file, `memkit watch` running (change journal)", "≤ 0.3 s", n,
          f"{median(watched):.3f} s")
    t.put("`memkit status`, `memkit watch` running: wall", "", n, f"{median(status):.2f} s")


def watched_refresh(plan: Plan, root: Path, target: Path, original: bytes) -> tuple[list[float], list[float]]:
    """The same edit while a watcher runs: the refresh reads its journal instead of the vault."""
    import signal
    import tempfile

    logs = Path(tempfile.mkdtemp(prefix="bench-watch-"))
    state = root / ".memkit" / "watch.json"   # as after an earlier watcher run: no catch-up of every trace
    state.write_text(json.dumps({"seen": time.time()}))
    proc = subprocess.Popen([MEMKIT, "--vault", str(root), "watch", str(logs)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=clean_env())
    inner, status = [], []
    try:
        deadline = time.monotonic() + 60
        while not (root / ".memkit" / "fresh.json").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        run([PYTHON, "-c", REFRESH, str(root), "quick"])   # the first refresh scans, then follows the journal
        for k in range(plan.refresh_reps):
            target.write_bytes(original + f"\nbench edit {k}\n".encode())
            time.sleep(0.3)   # the event reaches the journal within milliseconds
            r = run([PYTHON, "-c", REFRESH, str(root), "quick"])
            inner.append(json.loads(r.out)["seconds"])
            target.write_bytes(original)
            time.sleep(0.3)
            status.append(run([MEMKIT, "--vault", str(root), "status", "--json"]).wall)
    finally:
        target.write_bytes(original)
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(logs, ignore_errors=True)
    return inner, status


# ---- hooks ----------------------------------------------------------------------------------------
def check_payloads() -> list[dict]:
    base = {"hook_event_name": "PreToolUse", "session_id": "bench-session", "cwd": "/home/dev/ledger"}
    out = [{**base, "tool_name": "Bash", "tool_input": {"command": c}} for c in Q["bash"]]
    out += [{**base, "tool_name": "Edit", "tool_input": {**e, "old_string": "    pass\n"}} for e in Q["edit"]]
    out += [{**base, "tool_name": "Write", "tool_input": w} for w in Q["write"]]
    return out


def context_payloads() -> list[dict]:
    base = {"session_id": "bench-session", "cwd": "/home/dev/ledger"}
    out = [{**base, "hook_event_name": "UserPromptSubmit", "prompt": p} for p in Q["prompts"]]
    return out + [{**base, "hook_event_name": "SessionStart", "source": "startup"}] * 3


def words_of(payload: dict) -> str:
    import re

    text = json.dumps(payload.get("tool_input") or payload.get("prompt") or "")
    found = dict.fromkeys(w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]{2,}", text))
    return " OR ".join(f'"{w}"' for w in list(found)[:24]) or '"session"'


def hooks(plan: Plan, root: Path, n: int, t: Table) -> None:
    index_path = root / ".memkit" / "index.sqlite"
    checks, contexts = check_payloads(), context_payloads()
    calls = plan.hook_calls
    passes = [run([PYTHON, "-c", "pass"]).wall for _ in range(calls)]
    fts_proc = [run([PYTHON, "-c", FTS_PROCESS, str(index_path), words_of(checks[k % len(checks)])]).wall
                for k in range(calls)]
    con = sqlite3.connect(f"file:{index_path}?mode=ro", uri=True)
    exprs = [words_of(p) for p in checks + contexts]
    fts = [s / len(exprs) for s in in_process(lambda: [con.execute(
        "SELECT rowid FROM cues_fts WHERE cues_fts MATCH ? ORDER BY rank LIMIT 40", (e,)).fetchall()
        for e in exprs], 5)]
    cues = con.execute("SELECT count(*) FROM cues").fetchone()[0]
    con.close()
    floor, floor_fts = median(passes), median(fts_proc)
    t.put("floor: `python -c pass` p50", "", n, ms(floor))
    t.put("floor: a Python process running one FTS5 query p50", "", n, ms(floor_fts))
    t.put("floor: the bare FTS5 query in-process p50 (cues in index)", "", n, f"{ms(median(fts))} ({cues:,} cues)")
    for name, payloads in (("check", checks), ("context", contexts)):
        cmd = [MEMKIT, "--vault", str(root), name, "--hook"]
        # each call a session of its own: a lesson is given once a session, and a first answer is the one to time
        runs = [run(cmd, stdin=json.dumps({**payloads[k % len(payloads)], "session_id": f"bench-{k}"}))
                for k in range(calls)]
        walls = [r.wall for r in runs]
        fired = sum(1 for r in runs if r.out.strip())
        errors = sum(1 for r in runs if r.err.strip())
        t.put(f"`{name} --hook` p50 / p95 ({calls} calls; answered)", "p50 ≤ 100 ms", n,
              f"{ms(median(walls))} / {ms(p95(walls))} ({times(median(walls), floor, 'pass')}, "
              f"{times(median(walls), floor_fts, 'FTS process')}; {fired} answered"
              + (f", {errors} warned" if errors else "") + ")")


def search(plan: Plan, root: Path, n: int, t: Table) -> None:
    ours = [run([MEMKIT, "--vault", str(root), "search", q, "--json"]) for _ in range(plan.search_reps)
            for q in Q["search"]]
    walls = [r.wall for r in ours]
    stale = sum(1 for r in ours if "catching up" in r.err)
    floor = median([run([PYTHON, "-c", "pass"]).wall for _ in range(20)])
    t.put("`memkit search --json` p50 / p95 (10 queries; hits are turns)", "p50 ≤ 150 ms, ≤ 3× pass", n,
          f"{ms(median(walls))} / {ms(p95(walls))} ({times(median(walls), floor, 'pass')}; "
          f"{stale} of {len(ours)} said a walk was catching up)")
    if shutil.which("rg"):
        theirs = [run(["rg", "-i", "-F", "-l", "--", q, str(root)], check=False).wall
                  for _ in range(plan.search_reps) for q in Q["search"]]
        t.put("`rg -i -F -l` over the vault p50 (same queries)", "", n,
              f"{ms(median(theirs))} (memkit ×{median(walls) / median(theirs):.2f})")


def http_hooks(plan: Plan, root: Path, n: int, t: Table) -> None:
    """The same hook payloads answered by `memkit serve` over HTTP (a new connection per call, as
    an agent makes them), checked byte for byte against the command hooks' answers."""
    import http.client

    proc = subprocess.Popen([MEMKIT, "--vault", str(root), "serve", "--port", "0"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=clean_env())
    state, token = root / ".memkit" / "serve.json", root / ".memkit" / "serve.token"
    try:
        deadline = time.monotonic() + 120
        while not state.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        port, secret = json.loads(state.read_text())["port"], token.read_text().strip()

        def post(verb: str, body: str) -> tuple[float, bytes]:
            t0 = time.perf_counter()
            con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            con.request("POST", f"/memkit/{verb}", body=body.encode(), headers={"X-Memkit-Token": secret})
            data = con.getresponse().read()
            con.close()
            return time.perf_counter() - t0, data
        for name, payloads in (("check", check_payloads()), ("context", context_payloads())):
            same = sum(post(name, json.dumps(p))[1] == run([MEMKIT, "--vault", str(root), name, "--hook"],
                                                         stdin=json.dumps(p)).out.encode() for p in payloads)
            walls = [post(name, json.dumps(payloads[k % len(payloads)]))[0] for k in range(plan.hook_calls * 3)]
            t.put(f"`{name}` over HTTP (`memkit serve`) p50 / p95 ({len(walls)} calls)", "p50 ≤ 5 ms", n,
                  f"{ms(median(walls))} / {ms(p95(walls))} (answers identical to `{name} --hook`: "
                  f"{same} of {len(payloads)})")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


# ---- git pre-commit hook --------------------------------------------------------------------------
def precommit(plan: Plan, root: Path, n: int, t: Table) -> None:
    hook = root / ".git" / "hooks" / "pre-commit"
    env = clean_env()
    idle = [run([str(hook)], cwd=root, env=env).wall for _ in range(plan.precommit_reps)]
    diff = [run(["git", "diff", "--cached", "--name-only"], cwd=root, env=env).wall
            for _ in range(plan.precommit_reps)]
    t.put("pre-commit hook, nothing staged p50", "≤ 150 ms", n,
          f"{ms(median(idle))} (×{median(idle) / median(diff):.1f} `git diff --cached`: {ms(median(diff))})")
    staged = []
    for k in range(plan.staged_reps):
        with tempfile.TemporaryDirectory() as tmp:
            generate.write_logs(1, plan.seed, Path(tmp), start=10_000_000 + k)
            out = json.loads(generate.memkit("--vault", str(root), "ingest", tmp, "--no-extract", "--no-commit",
                                             "--json").stdout)
        rel = next(f for f in _written(root) if f.startswith("traces/"))
        generate.git(root, "add", "--", rel)
        try:
            staged.append(run([str(hook)], cwd=root, env=env).wall)
        finally:
            generate.git(root, "reset", "-q")
            generate.git(root, "checkout", "-q", "--", ".")
            generate.git(root, "clean", "-fdq", "--", "traces", "workshop")
            generate.memkit("--vault", str(root), "status", "--json")
        assert out["traces"], out
    t.put("pre-commit hook, one new trace staged p50 (extracts, stages)", "", n, f"{ms(median(staged))}")


def _written(root: Path) -> list[str]:
    return [line[3:] for line in generate.git(root, "status", "--porcelain", "-uall").splitlines()]


# ---- the report -----------------------------------------------------------------------------------
def machine() -> list[str]:
    def sh(*cmd: str) -> str:
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        except OSError:
            return "—"
    free = sh("free", "-h").splitlines()
    return [f"- date: {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
            f"- machine: {sh('nproc')} cores (`nproc`), {platform.machine()}, {platform.platform()}",
            "- memory (`free -h`): " + (" ".join(free[1].split()[:4]) if len(free) > 1 else "—"),
            f"- python: {sh(PYTHON, '--version')}, SQLite {sqlite3.sqlite_version}, {sh('git', '--version')}, "
            f"{(sh('rg', '--version').splitlines() or ['no ripgrep'])[0]}",
            f"- command: `python bench/run.py {' '.join(sys.argv[1:])}`"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="sizes 100 and 1,000, fewer repetitions")
    ap.add_argument("--sizes", help="comma-separated session counts, e.g. 100,1000,10000")
    ap.add_argument("--reuse", action="store_true", help="reuse cached vaults in bench/out (ingest figures cached)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--skip-corpora", action="store_true")
    ap.add_argument("--only", help="comma-separated sections after the build: commit, reindex, refresh, hooks, "
                                   "http, search, precommit (default: all)")
    args = ap.parse_args()
    plan = Plan(args)
    only = set(args.only.split(",")) if args.only else None
    OUT.mkdir(parents=True, exist_ok=True)
    compile_package()
    started = time.perf_counter()
    t = Table(plan.sizes)
    for n in plan.sizes:
        print(f"== {n:,} sessions", file=sys.stderr, flush=True)
        root = build(plan, n, t)
        for name, section in (("commit", ingest_with_commit), ("reindex", reindex), ("refresh", incremental),
                              ("hooks", hooks), ("http", http_hooks), ("search", search), ("precommit", precommit)):
            if only is not None and name not in only:
                continue
            if name == "commit":
                section(plan, n, t)
            else:
                section(plan, root, n, t)
    real = Table(["corpora"])
    if not plan.quick and only is None and CORPORA.is_dir() and not args.skip_corpora:
        corpora(real)
    report = "\n".join(machine() + [f"- total wall time of this run: {time.perf_counter() - started:.0f} s", "",
                                    t.markdown()] + (["", real.markdown()] if real.order else []))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    (OUT / f"report-{stamp}.md").write_text(report + "\n")
    print(report)


if __name__ == "__main__":
    main()
