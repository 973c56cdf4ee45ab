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


def _after_edits(lessons: list[str]) -> list[dict]:
    out: list[dict] = []
    for n, lesson in enumerate(lessons):
        out += [{"role": "user", "content": f"go on with part {n + 1} of the report layout"},
                {"role": "assistant", "content": "Done, the layout is updated.", "tool_calls": [
                    {"id": f"e{n}", "name": "Edit", "input": {"file_path": f"shelf/report_{n}.py",
                                                              "old_string": "x = 1\n", "new_string": "x = 2\n"}}]},
                {"role": "tool", "tool_call_id": f"e{n}", "content": "ok"},
                {"role": "user", "content": lesson}]
    return out


RAMBLING = ("hmm, I keep thinking about how these reports read for someone who never opened the project before, and "
            "maybe we talked about this already, I don't remember, but the wording in the headers and the little "
            "notes under each table could be friendlier and a bit more consistent with the rest of what we wrote")
RULES = ["I hate when you change the code before explaining what you are about to do. explain it first, always",
         "don't assume what the last summary says is right, check it against the code first, every time",
         "never paste more than twenty lines of output into your answer, point me to the file instead",
         "in this project we keep replies short, a few sentences and no headings"]


def test_a_session_opens_with_its_plainest_rules_and_few_unreviewed_ones(vault, tmp_path):
    ingest(vault, tmp_path, _after_edits([RAMBLING, *RULES]))
    text = opening(vault)
    lines = [ln for ln in text.splitlines() if ln.startswith("- ")]
    assert 1 <= len(lines) <= 3, text
    assert "friendlier" not in text   # the long musing gives way to rules said as rules
    assert any("before explaining" in ln or "every time" in ln or "never paste" in ln for ln in lines)


def test_a_lesson_said_whole_within_another_line_is_not_said_twice():
    from memkit.activation import activate, match

    def cue(note_id: str, lesson: str) -> match.Cue:
        c = match.Cue(match.row_of({"forbids": []}, note_id=note_id))
        c.lesson = lesson
        return c

    long = cue("corr-a", "Now that's quite a jump. I hate when you just drop 100 lines of code without first "
                         "explaining what we are about to do. I want a discussion first")
    short = cue("pref-b", "I hate when you just drop 100 lines of code without first explaining what we are about to do.")
    other = cue("corr-c", "never drop a column in the same release that stops using it")
    chosen = activate.arbitrate([long, short, other], {}, 2000)
    assert [c.note_id for c in chosen] == ["corr-a", "corr-c"]
    assert [c.note_id for c in activate.arbitrate([short, other], {}, 2000)] == ["pref-b", "corr-c"]
