"""Concurrency: writers serialise on the vault lock (or fail fast naming its holder); readers
never wait for a writer and never see a half-written index."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time

import pytest
from pathlib import Path

import crashkit
from conftest import REPO, git, run_cli, run_process

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
CHECK = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "c1",
         "tool_input": {"command": "git add -A && git commit -m wip"}}
CONTEXT = {"hook_event_name": "UserPromptSubmit", "session_id": "c1", "prompt": "drop the legacy column"}


def _popen(vault: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "memkit", "--vault", str(vault), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _commit_files(vault: Path) -> list[tuple[str, set[str]]]:
    out = git(vault, "log", "--no-renames", "--name-only", "--format=@%s")
    commits = []
    for block in out.split("@")[1:]:
        subject, *files = block.strip().splitlines()
        commits.append((subject, {f for f in files if f}))
    return commits


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_two_ingests_at_once_serialise_and_each_commits_its_own_traces(vault):
    a, b = _popen(vault, "ingest", str(EXAMPLES[0])), _popen(vault, "ingest", str(EXAMPLES[1]))
    for p in (a, b):
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    assert crashkit.check_vault(vault) == [] and crashkit.git_status(vault) == ""
    ingests = [files for subject, files in _commit_files(vault) if subject.startswith("memkit: ingest")]
    assert len(ingests) == 2
    traces = [{f for f in files if f.startswith("traces/")} for files in ingests]
    assert all(len(t) == 1 for t in traces) and traces[0] != traces[1]   # no commit holds the other's trace


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_a_writer_waits_for_the_lock_holder_and_writes_nothing_meanwhile(vault):
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys, time; from pathlib import Path; from memkit.storage.vault import Vault\n"
                               "with Vault(Path(sys.argv[1])).lock():\n print('held', flush=True); time.sleep(1.5)\n",
                               str(vault)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    writer = _popen(vault, "ingest", str(EXAMPLES[0]))
    while holder.poll() is None:
        assert not list((vault / "traces").rglob("*.md")), "a writer wrote while another held the lock"
        time.sleep(0.05)
    _, err = writer.communicate(timeout=60)
    assert writer.returncode == 0, err
    assert list((vault / "traces").rglob("*.md"))


def test_review_while_ingesting_keeps_each_commit_to_its_own_paths(vault):
    run_cli("--vault", str(vault), "ingest", str(EXAMPLES[1]), check=True)
    cid = next((vault / "workshop" / "observations" / "correction").glob("*.md")).stem
    ingest, accept = _popen(vault, "ingest", str(EXAMPLES[0]), str(EXAMPLES[2])), _popen(vault, "accept", cid)
    for p in (ingest, accept):
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    assert crashkit.check_vault(vault) == [] and crashkit.git_status(vault) == ""
    (subject, files), = [c for c in _commit_files(vault) if c[0].startswith("memkit: accept")]
    assert files == {f"workshop/observations/correction/{cid}.md", f"observations/correction/{cid}.md"}


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_the_pre_commit_extraction_and_an_ingest_serialise(vault):
    """What the git hook runs (extract --staged --stage) against a concurrent ingest (the watcher's work)."""
    run_cli("--vault", str(vault), "ingest", "--no-extract", "--no-commit", str(EXAMPLES[0]), check=True)
    git(vault, "add", "traces")
    hook, ingest = _popen(vault, "extract", "--staged", "--stage"), _popen(vault, "ingest", str(EXAMPLES[3]))
    for p in (hook, ingest):
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    assert crashkit.check_vault(vault) == []
    staged = git(vault, "diff", "--cached", "--name-only").split()
    assert any(s.startswith("workshop/") for s in staged)
    assert not any(s.startswith("traces/2026/03/2026-03-12") for s in staged)   # the ingest committed its own


def _hammer(vault: Path, stop: threading.Event, answers: list) -> None:
    rng = random.Random(7)
    while not stop.is_set():
        verb, payload = rng.choice([("check", CHECK), ("context", CONTEXT)])
        start = time.monotonic()
        p = run_process("--vault", str(vault), verb, "--hook", input=json.dumps(payload))
        answers.append((verb, p.returncode, p.stdout, p.stderr, time.monotonic() - start))


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_readers_never_block_on_a_writer_nor_see_a_half_written_index(vault):
    for log in EXAMPLES:
        run_cli("--vault", str(vault), "ingest", str(log), check=True)
    for n in range(40):   # a bigger index takes longer to rebuild
        crashkit.session_log(vault.parent / f"big{n}.jsonl", n, random.Random(n), turns=10)
    run_cli("--vault", str(vault), "ingest", "--no-extract", *map(str, vault.parent.glob("big*.jsonl")), check=True)
    stop, answers = threading.Event(), []
    readers = [threading.Thread(target=_hammer, args=(vault, stop, answers)) for _ in range(2)]
    for t in readers:
        t.start()
    deadline = time.monotonic() + 6
    rebuilds = 0
    holder = subprocess.Popen([sys.executable, "-c",   # a writer holds the vault lock all along
                               "import sys, time; from pathlib import Path; from memkit.storage.vault import Vault\n"
                               "with Vault(Path(sys.argv[1])).lock():\n time.sleep(8)\n", str(vault)])
    while time.monotonic() < deadline:
        crashkit.run(["reindex"], vault)
        rebuilds += 1
    stop.set()
    for t in readers:
        t.join()
    holder.kill()
    assert rebuilds >= 2 and len(answers) >= 10
    for verb, code, out, err, took in answers:
        assert code == 0, err
        assert out == "" or json.loads(out)["hookSpecificOutput"]["additionalContext"].startswith("memkit — ")
        assert "skipped" not in err, f"{verb} --hook saw a broken index: {err}"
        assert took < 5, f"{verb} --hook waited {took:.1f}s"
    assert any(out for _, _, out, _, _ in answers)
