"""Pipelines resume after a crash: a run killed after its traces are written, inside
extraction, or before its promotion scan is finished by the next run, which converges to
the vault a clean run makes, file for file — also when `.memkit/` was deleted meanwhile.

The kill loop kills `memkit ingest` (and `memkit extract`) at random moments on a few real
sessions from ../shared/corpora (skipped when absent): MEMKIT_RESUME_KILLS kills (default 6;
the full loop is `MEMKIT_RESUME_KILLS=60 pytest tests/test_reliability_resume.py -s`).
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import crashkit
import pytest
from conftest import CORPORA, git, run_cli

KILLS = int(os.environ.get("MEMKIT_RESUME_KILLS", "6"))
SEED = int(os.environ.get("MEMKIT_KILL_SEED", "20261201"))
ARCHIVE = CORPORA / "m-claude" / "Archives"
REAL = [ARCHIVE / f"{sid}.jsonl" for sid in ("8914a511-2982-4b5b-886b-cb526da278b1",
                                             "343e3472-b9b6-4561-ade0-21d1a4730c11",
                                             "9be1d737-c769-4d5e-b69d-3e0f4f13a1ce",
                                             "c76e5be5-ffd2-4901-a935-885527c83a61")]

# A kill at a chosen point: the real pipeline in a process that dies (os._exit, as SIGKILL
# would: no cleanup) when it reaches the named step.
DIE_AT = """
import os, sys
from pathlib import Path
from memkit import extract, pipeline
from memkit.storage.vault import Vault
point, vault, logs = sys.argv[1], Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]]
def die(*args, **kwargs):
    os._exit(9)
if point == "extraction":
    pipeline._extract_paths = die
elif point == "scan":
    pipeline._scan = die
elif point == "mark":   # inside extraction: after the first trace's candidates, before its mark
    extract._mark = die
elif point == "commit":
    pipeline._commit = die
pipeline.ingest(Vault(vault), logs)
"""


def _files(vault: Path) -> dict[str, bytes]:
    return {p.relative_to(vault).as_posix(): p.read_bytes() for p in sorted(vault.rglob("*"))
            if p.is_file() and not {".git", ".memkit"} & set(p.relative_to(vault).parts)}


def _differences(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    return sorted(f"{k}: {'missing' if k not in b else 'extra' if k not in a else 'differs'}"
                  for k in set(a) | set(b) if a.get(k) != b.get(k))


def _generated(tmp_path: Path) -> list[Path]:
    """Sessions with a repeated correction: candidates in each, a proposal across them."""
    work = tmp_path / "logs"
    work.mkdir()
    rng = random.Random(7)
    return [crashkit.session_log(work / f"s{n}.jsonl", n, rng, turns=3) for n in range(3)]


@pytest.fixture
def clean(tmp_path):
    """(logs, the files a clean run makes from them, the vault before any run)."""
    logs = _generated(tmp_path)
    empty = tmp_path / "empty"
    run_cli("init", str(empty), check=True)
    reference = tmp_path / "reference"
    shutil.copytree(empty, reference)
    run_cli("--vault", str(reference), "ingest", *map(str, logs), check=True)
    made = _files(reference)
    assert any(k.startswith("workshop/observations/") for k in made)
    assert any(k.startswith("workshop/proposals/") for k in made)
    return logs, made, empty


def _fresh(empty: Path, where: Path) -> Path:
    shutil.copytree(empty, where)
    return where


@pytest.mark.parametrize("point", ["extraction", pytest.param("mark", marks=pytest.mark.slow), "scan",
                                   pytest.param("commit", marks=pytest.mark.slow)])
def test_a_run_killed_at_each_step_is_finished_by_the_next(clean, tmp_path, point):
    logs, made, empty = clean
    vault = _fresh(empty, tmp_path / "v")
    proc = subprocess.run([sys.executable, "-c", DIE_AT, point, str(vault), *map(str, logs)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 9, proc.stderr
    assert crashkit.check_vault(vault) == []
    if point == "commit":
        assert _files(vault) == made and crashkit.git_status(vault) != ""   # all written, nothing committed
    else:
        assert _files(vault) != made   # the killed run did not finish
    if point in ("extraction", "mark"):
        status = run_cli("--vault", str(vault), "status").stdout
        assert "not done yet: extraction of" in status, status
    run_cli("--vault", str(vault), "ingest", *map(str, logs), check=True)
    assert _differences(made, _files(vault)) == []
    assert crashkit.git_status(vault) == ""
    assert "not done yet" not in run_cli("--vault", str(vault), "status").stdout


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_deleting_the_cache_after_a_kill_still_converges(clean, tmp_path):
    logs, made, empty = clean
    for point in ("extraction", "scan"):
        vault = _fresh(empty, tmp_path / point)
        subprocess.run([sys.executable, "-c", DIE_AT, point, str(vault), *map(str, logs)], capture_output=True, check=False)
        shutil.rmtree(vault / ".memkit")
        run_cli("--vault", str(vault), "ingest", *map(str, logs), check=True)
        assert _differences(made, _files(vault)) == [], point


def test_extract_resumes_too(clean, tmp_path):
    logs, made, empty = clean
    vault = _fresh(empty, tmp_path / "v")
    subprocess.run([sys.executable, "-c", DIE_AT, "extraction", str(vault), *map(str, logs)], capture_output=True, check=False)
    run_cli("--vault", str(vault), "extract", "--session", logs[0].stem, check=False)   # any writing run
    out = run_cli("--vault", str(vault), "extract", "--all", check=True)
    assert _differences(made, _files(vault)) == [], out.stdout


# ---- the kill loop on real sessions --------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not all(p.is_file() for p in REAL), reason="../shared/corpora absent")
def test_kill_loop_on_real_sessions_converges_to_the_clean_run(tmp_path):
    rng = random.Random(SEED)
    empty = tmp_path / "empty"
    run_cli("init", str(empty), check=True)
    reference = _fresh(empty, tmp_path / "reference")
    started = time.monotonic()
    crashkit.run(["ingest", *map(str, REAL)], reference)
    clean_seconds = time.monotonic() - started
    made = _files(reference)
    assert any(k.startswith("workshop/proposals/") for k in made), "the sessions should give a proposal"
    kills, finished, diverged = 0, 0, []
    for n in range(KILLS):
        vault = _fresh(empty, tmp_path / f"k{n}")
        if n % 3 == 2:   # extraction on its own: ingest without it, then kill `extract --all`
            crashkit.run(["ingest", "--no-extract", *map(str, REAL)], vault)
            argv = ["extract", "--all"]
        else:
            argv = ["ingest", *map(str, REAL)]
        code, _ = crashkit.run(argv, vault, kill_after=rng.uniform(0.05, clean_seconds))
        kills += code == -signal.SIGKILL
        finished += code == 0
        assert crashkit.check_vault(vault) == [], f"kill {n}"
        if rng.random() < 0.25:
            shutil.rmtree(vault / ".memkit", ignore_errors=True)   # the cache is disposable
        code, err = crashkit.run(argv, vault)
        assert code == 0, err
        if argv[0] == "extract":   # extract leaves its files for the person to commit
            git(vault, "add", "-A")
            git(vault, "commit", "-qm", "person commits", "--allow-empty")
        assert crashkit.git_status(vault) == "", f"kill {n}: left uncommitted"
        if diff := _differences(made, _files(vault)):
            diverged.append((n, argv[0], diff[:5]))
        shutil.rmtree(vault)
    print(f"\nresume loop: {kills} kills, {finished} runs finished first, {len(diverged)} diverged "
          f"of {KILLS} (clean run {clean_seconds:.1f} s)")
    assert diverged == []
