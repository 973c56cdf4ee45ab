"""Crash harness: run one memkit writer in a subprocess and SIGKILL it at a random moment.

Each operation prepares work for itself (a new log, a candidate, a fact value), runs the
real `python -m memkit` in its own process group, and kills the whole group (memkit and
the git it may be running) after a seeded random delay. `check_vault` then states what
must hold after any kill: every note parses, none is empty or carries a second frontmatter
block, and git's object store is sound.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from memkit.storage import notes

SKIP_DIRS = {".git", ".memkit"}


def run(argv: list[str], vault: Path, *, kill_after: float | None = None) -> tuple[int, str]:
    """Run memkit; with kill_after, SIGKILL its process group then. Returns (returncode, stderr)."""
    proc = subprocess.Popen([sys.executable, "-m", "memkit", "--vault", str(vault), *argv],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    if kill_after is None:
        _, err = proc.communicate(timeout=120)
        return proc.returncode, err
    try:
        proc.wait(timeout=kill_after)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    try:
        os.killpg(proc.pid, signal.SIGKILL)   # a git child that outlived memkit
    except ProcessLookupError:
        pass
    return proc.returncode, err


def session_log(path: Path, n: int, rng: random.Random, turns: int = 6) -> Path:
    """A generic log with a rejected tool call and a correction (extraction finds a candidate)."""
    sid = f"{n:04d}{rng.getrandbits(64):016x}-crash"
    lines = [{"type": "session", "session_id": sid, "agent": "claude-code", "project": "crash", "cwd": "/w/crash"}]
    day = f"2026-05-{1 + n % 28:02d}"
    for t in range(turns):
        lines += [
            {"role": "user", "content": f"step {t}: tidy module m{n}_{t} " + "word " * rng.randint(5, 200),
             "timestamp": f"{day}T10:{t:02d}:00Z"},
            {"role": "assistant", "content": "I'll commit everything.", "timestamp": f"{day}T10:{t:02d}:05Z",
             "tool_calls": [{"id": f"c{t}", "name": "Bash", "input": {"command": f"git add -A && git commit -m s{t}"}}]},
            {"role": "tool", "tool_call_id": f"c{t}", "name": "Bash", "rejected": True,
             "content": "The user doesn't want to proceed with this tool use.", "timestamp": f"{day}T10:{t:02d}:07Z"},
            {"role": "user", "content": f"no, never use git add -A here (case {n}-{t}); stage only files you changed.",
             "timestamp": f"{day}T10:{t:02d}:09Z"},
        ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


@dataclass
class Op:
    name: str
    prepare: Callable[[Path, Path, int, random.Random], list[str]]   # (vault, work dir, n, rng) -> argv
    commits: bool = True     # a completed run leaves `git status` clean


def _candidates(vault: Path) -> list[str]:
    base = vault / "workshop" / "observations"
    return sorted(p.stem for p in base.rglob("*.md") if "status: candidate" in p.read_text())


def _prep_ingest(vault: Path, work: Path, n: int, rng: random.Random) -> list[str]:
    return ["ingest", str(session_log(work / f"s{n}.jsonl", n, rng))]


def _prep_extract(vault: Path, work: Path, n: int, rng: random.Random) -> list[str]:
    log = session_log(work / f"s{n}.jsonl", n, rng)
    code, err = run(["ingest", "--no-extract", str(log)], vault)
    assert code == 0, err
    return ["extract", "--all"]


def _prep_review(verb: str):
    def prepare(vault: Path, work: Path, n: int, rng: random.Random) -> list[str]:
        if not _candidates(vault):
            code, err = run(["ingest", str(session_log(work / f"s{n}.jsonl", n, rng))], vault)
            assert code == 0, err
        return [verb, rng.choice(_candidates(vault))]
    return prepare


def _prep_fact(vault: Path, work: Path, n: int, rng: random.Random) -> list[str]:
    return ["fact", "set", f"crash.key_{n % 7}", f"value {n} {rng.random():.6f}", "--on-conflict", "update"]


def _prep_reindex(vault: Path, work: Path, n: int, rng: random.Random) -> list[str]:
    return ["reindex"]


OPS = [Op("ingest", _prep_ingest), Op("extract", _prep_extract, commits=False),
       Op("accept", _prep_review("accept")), Op("reject", _prep_review("reject")),
       Op("fact-set", _prep_fact), Op("reindex", _prep_reindex, commits=False)]


def check_vault(vault: Path) -> list[str]:
    """Every damage a kill could leave in the files, as lines (empty: sound)."""
    bad = []
    for dirpath, dirnames, filenames in os.walk(vault):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            rel = p.relative_to(vault).as_posix()
            if name.startswith(".memkit-") and name.endswith(".tmp"):
                bad.append(f"{rel}: temp file left in the vault")
            if not name.endswith(".md"):
                continue
            data = p.read_bytes()
            if not data.strip():
                bad.append(f"{rel}: empty")
                continue
            try:
                note = notes.parse(data.decode("utf-8"), p)
            except Exception as e:   # noqa: BLE001 - any failure is damage
                bad.append(f"{rel}: {e}")
                continue
            if not note.meta:
                bad.append(f"{rel}: no frontmatter")
            if note.body.lstrip().startswith("---") and "\ntype:" in note.body[:2000]:
                bad.append(f"{rel}: second frontmatter block")
    fsck = subprocess.run(["git", "fsck", "--no-progress"], cwd=vault, capture_output=True, text=True)
    if fsck.returncode != 0:
        bad.append(f"git fsck: {fsck.stderr.strip()[:300]}")
    return bad


def git_status(vault: Path) -> str:
    return subprocess.run(["git", "status", "--porcelain"], cwd=vault, capture_output=True, text=True,
                          check=True).stdout


def timed(argv: list[str], vault: Path) -> float:
    start = time.monotonic()
    code, err = run(argv, vault)
    assert code == 0, err
    return time.monotonic() - start
