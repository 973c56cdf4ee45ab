"""Hooks never wait for what cannot come: a rebuild.pid whose number a live process reuses,
a vault where no index can be built, a FIFO named by an Edit. Each call answers (or stays
silent) at once, as Claude Code runs it: a real process with the payload on stdin."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from conftest import REPO

PAYLOAD = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "s",
           "tool_input": {"command": "git commit -am 'fix typo'"}}
LESSON = "corr-never-use-git-add-repo-5826"


@pytest.fixture
def example(tmp_path):
    root = tmp_path / "ex"
    shutil.copytree(REPO / "vault", root, ignore=shutil.ignore_patterns(".memkit"))
    return root


def _hook(vault, payload=PAYLOAD, timeout=30):
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "memkit", "--vault", str(vault), "check", "--hook"],
                          input=json.dumps(payload), capture_output=True, text=True, timeout=timeout, check=False)
    return proc, time.monotonic() - start


@pytest.fixture
def stranger():
    """A live process that is not memkit's rebuild."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield proc
    proc.kill()
    proc.wait()


def test_a_pid_file_naming_a_reused_pid_does_not_stall_the_hook(example, stranger):
    (example / ".memkit").mkdir()
    guard = example / ".memkit" / "rebuild.pid"
    guard.write_text(str(stranger.pid))
    old = time.time() - 3600
    os.utime(guard, (old, old))
    proc, took = _hook(example)
    assert proc.returncode == 0 and took < 6, (took, proc.stderr)
    assert LESSON in proc.stdout


def test_a_pid_file_in_the_current_format_naming_another_process_is_stale(example, stranger):
    (example / ".memkit").mkdir()
    (example / ".memkit" / "rebuild.pid").write_text(f"{stranger.pid} 1")   # its start time is not 1
    proc, took = _hook(example)
    assert took < 6 and LESSON in proc.stdout, (took, proc.stderr)


def test_a_vault_where_no_index_can_be_built_answers_at_once(example):
    (example / ".memkit").write_text("not a folder")   # the state folder cannot be created
    for _ in range(2):
        proc, took = _hook(example)
        assert proc.returncode == 0 and took < 4, (took, proc.stderr)   # not the 8 s first-build wait
        assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) <= 1


@contextmanager
def read_only(folder):
    """The folder as a read-only file system would leave it: nothing can be created in it
    (root ignores permissions, so as root the folder is made immutable instead)."""
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False).returncode != 0:
            pytest.skip("running as root where chattr +i is not available")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        return
    os.chmod(folder, 0o555)
    try:
        yield
    finally:
        os.chmod(folder, 0o755)


def test_a_read_only_vault_without_an_index_answers_at_once(example):
    with read_only(example):
        for _ in range(2):
            proc, took = _hook(example)
            assert proc.returncode == 0 and took < 4, (took, proc.stderr)   # not the 8 s first-build wait
            assert len(proc.stderr.strip().splitlines()) <= 1
    assert not (example / ".memkit").exists()


def test_an_edit_of_a_fifo_is_never_opened(example, tmp_path):
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    payload = {"hook_event_name": "PreToolUse", "tool_name": "Edit", "session_id": "s",
               "tool_input": {"file_path": str(fifo), "old_string": "a", "new_string": "b"}}
    proc, took = _hook(example, payload, timeout=20)
    assert proc.returncode == 0 and took < 10, took
