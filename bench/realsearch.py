#!/usr/bin/env python3
"""Finding a past session in real logs: memkit search beside deja-vu and claude-mem, in one run.

The shared real logs (../shared/corpora: m-claude and spotter, Claude Code transcripts; the
bookminder-console copies of the terminal) go into one memkit vault (`memkit ingest`, with
extraction, as a person runs it) and, laid out under a temporary HOME/.claude/projects, into
deja-vu's and claude-mem's indexes. Every question of bench/realsearch.toml is then asked of each
tool as a whole process, the way a person or an agent runs it, REPEAT times; a question counts
when the tool's first hit is in the expected session (memkit: a trace of that session, or a note
taken from it). Times are medians over every call, beside `python -c pass`.

    .venv/bin/python bench/realsearch.py                          # memkit alone
    .venv/bin/python bench/realsearch.py --deja /tmp/deja/out/deja --claude-mem bench/out/venv-claude-mem/bin/claude-mem

claude-mem searches only its last 30 days unless told otherwise; it is given `--days 100000`.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from measure import MEMKIT, PYTHON, clean_env, compile_package, run

SHARED = Path(os.environ.get("MEMKIT_SHARED") or BENCH.parent.parent / "shared")
CORPORA = SHARED / "corpora"
QUESTIONS = tomllib.loads((BENCH / "realsearch.toml").read_text(encoding="utf-8"))
REPEAT = 3


def build_memkit(root: Path) -> None:
    run([MEMKIT, "init", str(root)])
    logs = [CORPORA / "m-claude", CORPORA / "spotter", *sorted((CORPORA / "bookminder-console").glob("day-*.md"))]
    run([MEMKIT, "--vault", str(root), "ingest", *map(str, logs), "--no-commit"], check=False)


def aliases(root: Path) -> dict[str, set[str]]:
    """A session's other name: the log file's stem, which deja-vu and claude-mem report as its id."""
    con = sqlite3.connect(root / ".memkit" / "index.sqlite")
    out: dict[str, set[str]] = {}
    for meta, in con.execute("SELECT meta FROM files WHERE type='trace'"):
        m = json.loads(meta)
        stem = str(m.get("log_path") or "").rsplit("/", 1)[-1].split(".")[0]
        out.setdefault(str(m.get("session_id") or ""), set()).update(x for x in (stem,) if x)
    con.close()
    return out


def sessions_of_memkit(root: Path) -> dict[str, str]:
    """Each note's path -> the session it comes from (a trace's own, a note's `session` link)."""
    con = sqlite3.connect(root / ".memkit" / "index.sqlite")
    traces = {f"[[{i}]]": json.loads(m).get("session_id") or "" for i, m in
              con.execute("SELECT id, meta FROM files WHERE type='trace'")}
    out = {}
    for path, ftype, meta in con.execute("SELECT path, type, meta FROM files"):
        m = json.loads(meta)
        out[path] = str(m.get("session_id") or "") if ftype == "trace" else traces.get(str(m.get("session")), "")
    con.close()
    return out


def memkit_first(root: Path, sessions: dict[str, str]):
    def ask(q: str) -> tuple[str, float]:
        r = run([MEMKIT, "--vault", str(root), "search", q, "--json", "--limit", "10"])
        hits = json.loads(r.out)
        return (sessions.get(hits[0]["path"], "") if hits else ""), r.wall
    return ask


def lay_out_home(home: Path) -> dict[str, str]:
    projects = home / ".claude" / "projects"
    shutil.copytree(CORPORA / "m-claude" / "Archives", projects / "-home-m-M-Claude")
    shutil.copytree(CORPORA / "spotter", projects / "-home-m-spotter", ignore=shutil.ignore_patterns("*.md"))
    return clean_env({"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
                      "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local" / "share")})


def deja_first(binary: str, env: dict):
    run([binary, "index"], env=env)

    def ask(q: str) -> tuple[str, float]:
        r = run([binary, "search", q, "--json", "--limit", "10"], env=env, check=False)
        try:
            hits = json.loads(r.out or "{}").get("hits") or []
        except ValueError:
            hits = []
        return (str((hits[0].get("session") or {}).get("id") or "") if hits else ""), r.wall
    return ask


def claude_mem_first(binary: str, env: dict):
    run([binary, "cc-index"], env=env)

    def ask(q: str) -> tuple[str, float]:
        r = run([binary, "--backend", "claude", "search", q, "--json", "--days", "100000", "--limit", "10"],
                env=env, check=False)
        try:
            hits = json.loads(r.out or "{}").get("results") or []
        except ValueError:
            hits = []
        return (str(hits[0].get("session_id") or "") if hits else ""), r.wall
    return ask


def score(ask, questions: list[list[str]], names: dict[str, set[str]]) -> dict:
    found, walls, misses = 0, [], []
    for q, expected in questions:
        got = ""
        for _ in range(REPEAT):
            got, wall = ask(q)
            walls.append(wall)
        same = {expected} | {a for sid, also in names.items() if sid.startswith(expected) for a in also}
        if got and any(got.startswith(x) or x.startswith(got) for x in same):
            found += 1
        else:
            misses.append(f"{q!r}: expected {expected}, first hit {got or 'none'}")
    return {"found": found, "of": len(questions), "p50_ms": statistics.median(walls) * 1000, "misses": misses}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deja", help="a deja-vu binary (see ../shared/peers/README.md)")
    ap.add_argument("--claude-mem", help="the claude-mem 1.0.3 command (pip install claude-mem==1.0.3)")
    ap.add_argument("--verbose", "-v", action="store_true", help="list every miss")
    args = ap.parse_args()
    if not CORPORA.is_dir():
        sys.exit(f"realsearch: {CORPORA} not found (set MEMKIT_SHARED)")
    compile_package()
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="memkit-realsearch-") as tmp:
        vault = Path(tmp) / "vault"
        build_memkit(vault)
        ask, names = memkit_first(vault, sessions_of_memkit(vault)), aliases(vault)
        results["memkit"] = {k: score(ask, QUESTIONS[k], names) for k in ("claude", "console")}
        env = lay_out_home(Path(tmp) / "home")
        if args.deja:
            results["deja-vu"] = {"claude": score(deja_first(args.deja, env), QUESTIONS["claude"], names)}
        if args.claude_mem:
            results["claude-mem 1.0.3"] = {"claude": score(claude_mem_first(args.claude_mem, env),
                                                           QUESTIONS["claude"], names)}
    floor = statistics.median(run([PYTHON, "-c", "pass"]).wall for _ in range(30)) * 1000
    print("| tool | Claude Code transcripts: expected session first | console copies | search p50 (whole process) |")
    print("|---|---:|---:|---:|")
    for name, r in results.items():
        c, k = r["claude"], r.get("console")
        console = f"{k['found']}/{k['of']}" if k else "—"
        print(f"| {name} | {c['found']}/{c['of']} | {console} | "
              f"{c['p50_ms']:.0f} ms (×{c['p50_ms'] / floor:.1f} `python -c pass`) |")
    print(f"| floor: `python -c pass` | | | {floor:.0f} ms |")
    if args.verbose:
        for name, r in results.items():
            for part in r.values():
                for miss in part["misses"]:
                    print(f"- {name}: {miss}")


if __name__ == "__main__":
    main()
