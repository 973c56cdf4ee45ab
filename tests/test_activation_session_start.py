"""What a session opens with: rules for every session, reviewed lessons and durable corrections —
not a pick the person made among the agent's options once, nor a correction that steered one task
(those wait for the action they are about, or for review)."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_generic

START = {"hook_event_name": "SessionStart", "source": "startup", "cwd": "/home/dev/shelf", "session_id": "s"}


def ingest(vault: Path, tmp_path: Path, messages: list[dict]) -> None:
    log = write_generic(tmp_path / "s.jsonl", messages, {"session_id": "s1", "agent": "generic", "project": "shelf"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def opening(vault: Path) -> str:
    out = run_cli("--vault", str(vault), "context", "--hook", input=json.dumps(START), check=True).stdout
    return json.loads(out)["hookSpecificOutput"]["additionalContext"] if out.strip() else ""


COMMIT = {"role": "assistant", "content": "Committing.", "tool_calls": [
    {"id": "c1", "name": "Bash", "input": {"command": "git add -A && git commit -m 'loader'"}}]}
PICK = [{"role": "user", "content": "let's support sample books"},
        {"role": "assistant", "content": "Two ways to model samples:\n1. an optional is_sample field on the Book "
                                         "record\n2. a separate SampleBook type with its own loader\n"
                                         "Which do you prefer?"},
        {"role": "user", "content": "2"}]
DURABLE = [{"role": "user", "content": "commit the loader"}, COMMIT,
           {"role": "tool", "tool_call_id": "c1", "content": "[main 1a2b3c] loader"},
           {"role": "user", "content": "no, never use git add -A in this repo. stage the files you changed by name, "
                                       "my scratch notes live in the tree"}]


def test_a_session_opens_with_a_durable_correction_but_not_with_a_pick_among_options(vault, tmp_path):
    ingest(vault, tmp_path, PICK + DURABLE)
    assert list((vault / "workshop" / "observations" / "decision").glob("*.md"))   # the pick is recorded
    text = opening(vault)
    assert "git add -A" in text
    assert "SampleBook" not in text


def test_a_correction_for_the_task_at_hand_waits_for_its_action(vault, tmp_path):
    ingest(vault, tmp_path, [
        {"role": "user", "content": "fix the loader test"},
        {"role": "assistant", "content": "Editing.", "tool_calls": [
            {"id": "e1", "name": "Edit", "input": {"file_path": "shelf/loader.py", "old_string": "x = 1\n",
                                                   "new_string": "x = 2\n"}}]},
        {"role": "tool", "tool_call_id": "e1", "content": "ok"},
        {"role": "user", "content": "no, use the other fixture file for this one"}])
    [corr] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    assert "lifecycle: operational" in corr.read_text()
    assert "other fixture" not in opening(vault)
