"""What a person sees in a terminal: search marks matched words in bold on a terminal only
(plain into a pipe, plain with NO_COLOR), and Tab completes note ids, trace turns and fact keys."""
from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest
from conftest import REPO, run_cli

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
BOLD = "\x1b[1m"


@pytest.fixture
def memory(vault):
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    run_cli("--vault", str(vault), "fact", "set", "backup_frequency", "every 3 days", check=True)
    return vault


def on_a_terminal(vault, *args: str, **env: str) -> str:
    """memkit's stdout as a terminal shows it (a pseudo-terminal)."""
    leader, follower = pty.openpty()
    proc = subprocess.run([sys.executable, "-m", "memkit", "--vault", str(vault), *args], stdout=follower,
                          stderr=subprocess.PIPE, env={**os.environ, "TERM": "xterm", **env}, timeout=120, check=False)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.returncode == 0, proc.stderr
    return b"".join(chunks).decode("utf-8", "replace")


def test_search_is_plain_in_a_pipe_and_bold_on_a_terminal(memory):
    piped = run_cli("--vault", str(memory), "search", "circuit breaker", check=True).stdout
    assert "circuit breaker" in piped.lower() and "**circuit**" not in piped.lower() and "\x1b[" not in piped
    shown = on_a_terminal(memory, "search", "circuit breaker")
    assert f"{BOLD}circuit\x1b[22m" in shown.lower().replace("\x1b[1m", BOLD)
    assert "\x1b[" not in on_a_terminal(memory, "search", "circuit breaker", NO_COLOR="1")


def complete(vault, words: str) -> list[str]:
    line = f"memkit --vault {vault} {words}"
    out = run_cli(env={"_MEMKIT_COMPLETE": "bash_complete", "COMP_WORDS": line,
                       "COMP_CWORD": str(len(line.split()) - (0 if line.endswith(" ") else 1))}).stdout
    return [row.split(",", 1)[1] for row in out.splitlines() if row]


def test_tab_completes_ids_turns_and_fact_keys(memory):
    assert "corr-never-use-git-add-repo-5826" in complete(memory, "show corr-never")
    assert complete(memory, "show 2026-03-04-claude-e41f09d2#^t")[:2] == ["2026-03-04-claude-e41f09d2#^t1",
                                                                         "2026-03-04-claude-e41f09d2#^t2"]
    assert complete(memory, "extract --session 2026-03-1") == ["2026-03-12-claude-5c6d7e8f"]
    assert complete(memory, "fact get back") == ["backup_frequency"]
    assert all(i.startswith(("corr-", "dec-", "fact-", "neg-", "pref-", "prop-")) for i in complete(memory, "accept "))
    assert complete(memory.parent / "nowhere", "show corr") == []


def test_completion_is_documented():
    readme = (REPO / "README.md").read_text()
    assert "_MEMKIT_COMPLETE=bash_source memkit" in readme and "_MEMKIT_COMPLETE=zsh_source memkit" in readme
