"""`memkit watch` with real watchdog, as a real process: bursts of writes become one ingest
once the session is quiet; one watcher per vault; a trace that arrives by hand is
extracted; SIGTERM stops it cleanly. Every wait is bounded.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import REPO, git, run_cli, write_generic

QUIET = 1.0
EXAMPLE = REPO / "examples" / "sessions" / "2026-03-04-ledger-commit.jsonl"


class Watcher:
    def __init__(self, vault: Path, *args: str):
        self.out = vault.parent / f"watch-{time.monotonic_ns()}.log"
        self.file = open(self.out, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "memkit", "--vault", str(vault), "watch", *args,
                                      "--quiet-seconds", str(QUIET)], stdout=self.file, stderr=subprocess.STDOUT,
                                     text=True)
        self.wait_for("watching ")

    def lines(self) -> list[str]:
        return self.out.read_text().splitlines()

    def wait_for(self, text: str, count: int = 1, seconds: float = 30.0) -> list[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = [line for line in self.lines() if text in line]
            if len(found) >= count:
                return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"no {text!r} in the watcher's output:\n{self.out.read_text()}")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=30)
        self.file.close()
        return code


@pytest.fixture
def watchers():
    started: list[Watcher] = []
    yield started
    for w in started:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait(timeout=10)


def messages(n: int, start: int = 0) -> list[dict]:
    return [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} about the ledger",
             "timestamp": f"2026-05-01T10:{i:02d}:00Z"} for i in range(start, start + n)]


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_a_session_written_in_bursts_is_ingested_once_it_is_quiet(vault, tmp_path, watchers):
    logs = tmp_path / "logs"
    logs.mkdir()
    w = Watcher(vault, str(logs))
    watchers.append(w)
    log = logs / "s1.jsonl"
    header = json.dumps({"type": "session", "session_id": "burst-1", "agent": "generic", "project": "ledger"})
    with open(log, "w") as f:
        f.write(header + "\n")
        for burst in range(4):                    # each pause is shorter than the quiet period
            f.writelines(json.dumps(m) + "\n" for m in messages(3, burst * 3))
            f.flush()
            time.sleep(QUIET * 0.4)
            assert not any(vault.glob("traces/*/*/*.md")), "ingested before the session went quiet"
    w.wait_for(f"{log}")
    time.sleep(QUIET * 2.5)                       # a replayed or late event must not ingest it again
    handled = [line for line in w.lines() if str(log) in line]
    assert len(handled) == 1 and " written " in handled[0]
    traces = list(vault.glob("traces/*/*/*.md"))
    assert len(traces) == 1 and "turns: 12" in traces[0].read_text()
    assert git(vault, "log", "--format=%s").splitlines()[0] == "memkit: ingest 1 trace(s)"

    with open(log, "a") as f:                     # the session goes on: its trace is updated
        f.write(json.dumps(messages(1, 12)[0]) + "\n")
    assert " updated " in w.wait_for(f"{log}", count=2)[1]
    assert w.stop() == 0
    assert w.lines()[-1] == "stopped"


def test_a_second_watcher_on_the_same_vault_refuses(vault, tmp_path, watchers):
    logs = tmp_path / "logs"
    logs.mkdir()
    first = Watcher(vault, str(logs))
    watchers.append(first)
    second = run_cli("--vault", str(vault), "watch", str(logs), "--timeout", "5")
    assert second.returncode == 1
    assert second.stderr == f"memkit: already watching this vault (pid {first.proc.pid})\n"
    assert first.proc.poll() is None
    assert first.stop() == 0
    again = run_cli("--vault", str(vault), "watch", str(logs), "--once")   # the lock died with the first
    assert again.returncode == 0, again.stderr


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_a_trace_added_by_hand_is_extracted(vault, tmp_path, watchers):
    other = tmp_path / "other"
    run_cli("init", str(other), check=True)
    run_cli("--vault", str(other), "ingest", "--no-extract", str(EXAMPLE), check=True)
    [trace] = other.glob("traces/*/*/*.md")
    logs = tmp_path / "logs"
    logs.mkdir()
    w = Watcher(vault, str(logs))
    watchers.append(w)
    target = vault / trace.relative_to(other)
    target.parent.mkdir(parents=True)
    shutil.copy(trace, target)                    # as a sync tool or `git pull` would
    line = w.wait_for("extracted ")[0]
    assert target.relative_to(vault).as_posix() in line and "committed" in line
    assert any(vault.glob("workshop/observations/correction/*.md"))
    assert "- heuristic@" in target.read_text()
    assert git(vault, "status", "--porcelain", "--", "workshop") == ""
    assert w.stop() == 0


def test_once_catches_up_on_what_changed_since_the_last_run(vault, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    write_generic(logs / "a.jsonl", messages(2), {"session_id": "once-a", "agent": "generic"})
    old = time.time() - 60
    os.utime(logs / "a.jsonl", (old, old))
    first = run_cli("--vault", str(vault), "watch", str(logs), "--once", "--quiet-seconds", "0.5")
    assert first.returncode == 0, first.stderr
    assert "1 file(s) changed since the last run" in first.stdout and " written " in first.stdout
    second = run_cli("--vault", str(vault), "watch", str(logs), "--once", "--quiet-seconds", "0.5")
    assert "changed since the last run" not in second.stdout and "written" not in second.stdout
    write_generic(logs / "b.jsonl", messages(2), {"session_id": "once-b", "agent": "generic"})
    third = run_cli("--vault", str(vault), "watch", str(logs), "--once", "--quiet-seconds", "0.5")
    assert "1 file(s) changed since the last run" in third.stdout
    assert [line.split()[1] for line in third.stdout.splitlines() if str(logs) in line
            and line[:2].isdigit()] == ["written"]


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_one_broken_log_does_not_stop_the_watcher(vault, tmp_path, watchers):
    logs = tmp_path / "logs"
    logs.mkdir()
    w = Watcher(vault, str(logs))
    watchers.append(w)
    (logs / "broken.jsonl").write_bytes(b"\x00\x01 not a log at all\n")
    w.wait_for("broken.jsonl")
    write_generic(logs / "good.jsonl", messages(2), {"session_id": "good-1", "agent": "generic"})
    assert " written " in w.wait_for("good.jsonl")[0]
    assert w.proc.poll() is None
    assert w.stop() == 0
