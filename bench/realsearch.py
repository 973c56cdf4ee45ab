#!/usr/bin/env python3
"""Finding a past session in real logs: memkit search beside deja-vu and claude-mem, in one run.

The shared real logs (../shared/corpora: m-claude and spotter, Claude Code transcripts; the
bookminder-console copies of the terminal) go into one memkit vault (`memkit ingest`, with
extraction, as a person runs it) and, laid out under a temporary HOME/.claude/projects, into
deja-vu's and claude-mem's indexes. Every question of bench/realsearch.toml is then asked of each
tool as a whole process, the way a person or an agent runs it, REPEAT times; a question counts
when the tool's first hit is in the expected session (memkit: a trace of that session, or a note
taken from it). Each question is asked of every tool in turn, REPEAT rounds; times are medians over
every call, beside `python -c pass`.

    .venv/bin/python bench/realsearch.py                          # memkit alone
    .venv/bin/python bench/realsearch.py --deja /tmp/deja/out/deja --claude-mem bench/out/venv-claude-mem/bin/claude-mem
    .venv/bin/python bench/realsearch.py --served     # and memkit with `memkit serve` running (a copy of the vault)

claude-mem searches only its last 30 days unless told otherwise; it is given `--days 100000`.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
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
    def ask(q: str) -> tuple[str, float]:
        r = run([binary, "search", q, "--json", "--limit", "10"], env=env, check=False)
        try:
            hits = json.loads(r.out or "{}").get("hits") or []
        except ValueError:
            hits = []
        return (str((hits[0].get("session") or {}).get("id") or "") if hits else ""), r.wall
    return ask


def claude_mem_first(binary: str, env: dict):
    def ask(q: str) -> tuple[str, float]:
        r = run([binary, "--backend", "claude", "search", q, "--json", "--days", "100000", "--limit", "10"],
                env=env, check=False)
        try:
            hits = json.loads(r.out or "{}").get("results") or []
        except ValueError:
            hits = []
        return (str(hits[0].get("session_id") or "") if hits else ""), r.wall
    return ask


def score(tools: dict, questions: list[list[str]], names: dict[str, set[str]]) -> dict[str, dict]:
    """Each tool's count of expected sessions first and its p50; every question is asked of the
    tools in turn, REPEAT rounds, so that a busy moment of the machine weighs on all of them alike."""
    found, walls, misses = dict.fromkeys(tools, 0), {t: [] for t in tools}, {t: [] for t in tools}
    floor = []   # `python -c pass`, in the same rotation
    same_of = {expected: {expected} | {a for sid, also in names.items() if sid.startswith(expected) for a in also}
               for _, expected in questions}
    for q, expected in questions:
        got = dict.fromkeys(tools, "")
        for _ in range(REPEAT):
            for name, ask in tools.items():
                got[name], wall = ask(q)
                walls[name].append(wall)
            floor.append(run([PYTHON, "-c", "pass"]).wall)
        for name in tools:
            if got[name] and any(got[name].startswith(x) or x.startswith(got[name]) for x in same_of[expected]):
                found[name] += 1
            else:
                misses[name].append(f"{q!r}: expected {expected}, first hit {got[name] or 'none'}")
    return {t: {"found": found[t], "of": len(questions), "p50_ms": statistics.median(walls[t]) * 1000,
                "misses": misses[t], "floor_ms": statistics.median(floor) * 1000} for t in tools}


def serving(vault: Path) -> subprocess.Popen:
    """`memkit serve` for this vault on a free port, once it answers (its state file is written)."""
    proc = subprocess.Popen([MEMKIT, "--vault", str(vault), "serve", "--port", "0"], env=clean_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not (vault / ".memkit" / "serve.json").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            sys.exit("realsearch: memkit serve did not start")
        time.sleep(0.1)
    return proc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deja", help="a deja-vu binary (see ../shared/peers/README.md)")
    ap.add_argument("--claude-mem", help="the claude-mem 1.0.3 command (pip install claude-mem==1.0.3)")
    ap.add_argument("--served", action="store_true",
                    help="also ask a copy of memkit's vault with `memkit serve` running for it")
    ap.add_argument("--verbose", "-v", action="store_true", help="list every miss")
    args = ap.parse_args()
    if not CORPORA.is_dir():
        sys.exit(f"realsearch: {CORPORA} not found (set MEMKIT_SHARED)")
    compile_package()
    results: dict[str, dict] = {}
    server = None
    with tempfile.TemporaryDirectory(prefix="memkit-realsearch-") as tmp:
        vault = Path(tmp) / "vault"
        build_memkit(vault)
        sessions, names = sessions_of_memkit(vault), aliases(vault)
        tools = {"memkit": memkit_first(vault, sessions)}
        if args.served:   # a copy, so that the row above is a process searching alone
            shutil.copytree(vault, Path(tmp) / "served", ignore=shutil.ignore_patterns("index.sqlite-*", "serve.*"))
            server = serving(Path(tmp) / "served")
            tools["memkit, `memkit serve` running"] = memkit_first(Path(tmp) / "served", sessions)
        env = lay_out_home(Path(tmp) / "home")
        if args.deja:
            run([args.deja, "index"], env=env)
            tools["deja-vu"] = deja_first(args.deja, env)
        if args.claude_mem:
            run([args.claude_mem, "cc-index"], env=env)
            tools["claude-mem 1.0.3"] = claude_mem_first(args.claude_mem, env)
        try:
            claude = score(tools, QUESTIONS["claude"], names)
            console = score({k: v for k, v in tools.items() if k.startswith("memkit")}, QUESTIONS["console"], names)
        finally:
            if server is not None:
                server.terminate()
                server.wait(30)
        results = {t: {"claude": claude[t], **({"console": console[t]} if t in console else {})} for t in tools}
    floor = results["memkit"]["claude"]["floor_ms"]
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
