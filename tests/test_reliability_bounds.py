"""Every input is bounded: a YAML alias bomb, deep or huge frontmatter, and values of the
wrong type in one hand-edited note are reported naming the file (and key), and every
command keeps working for the rest of the vault."""
from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys
import time

import pytest
from conftest import REPO, run_cli

from memkit.errors import InvalidInput
from memkit.storage import notes

LEVELS = "abcdefghi"
BOMB = "---\ntype: note\nid: bomb\n" + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{x}: &{x} [{','.join(['*' + prev] * 9)}]\n" for prev, x in itertools.pairwise(LEVELS)) + "---\nboom\n"
BOMB_PATH = "library/notes/bomb.md"
COMMANDS = [["reindex"], ["search", "lol"], ["doctor"], ["review", "--list"], ["status"], ["context", "lol"],
            ["check", "git add -A"], ["compile"]]
CORRECTION = "workshop/observations/correction/corr-don-t-stage-everything-commit-b2e9.md"
HOOK = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": "s",
        "tool_input": {"command": "git commit -am 'fix typo'"}}


@pytest.fixture
def example(tmp_path):
    """The example vault, copied, without its index, in a git repository of its own."""
    root = tmp_path / "ex"
    shutil.copytree(REPO / "vault", root, ignore=shutil.ignore_patterns(".memkit"))
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "example"], cwd=root, check=True)
    return root


def _memkit(vault, *args, input=None, timeout=30):
    """A real process with a deadline: a hang fails the test instead of stalling the suite."""
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "memkit", "--vault", str(vault), *args], input=input,
                          capture_output=True, text=True, timeout=timeout, check=False)
    return proc, time.monotonic() - start


def test_the_alias_bomb_is_refused_when_parsed():
    assert len(BOMB) < 800
    started = time.perf_counter()
    with pytest.raises(InvalidInput, match=r"bomb\.md: frontmatter YAML aliases expand to more than"):
        notes.parse(BOMB, REPO / BOMB_PATH)
    assert time.perf_counter() - started < 1.0


def test_small_aliases_and_self_reference():
    note = notes.parse("---\nbase: &b [x, y]\nother: *b\n---\n")
    assert note.meta == {"base": ["x", "y"], "other": ["x", "y"]}
    with pytest.raises(InvalidInput, match="refer to themselves"):
        notes.parse("---\nloop: &l [*l]\n---\n")


@pytest.mark.parametrize("text", ["---\nx: " + "[" * 50_000 + "]" * 50_000 + "\n---\n",
                                  "---\nx: '" + "y" * (2 << 20) + "'\n---\n"], ids=["deep", "huge"])
def test_deep_or_huge_frontmatter_is_one_error(text):
    with pytest.raises(InvalidInput):
        notes.parse(text)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_every_command_survives_the_bomb_in_a_few_seconds(example):
    (example / BOMB_PATH).write_text(BOMB)
    for args in COMMANDS:
        proc, took = _memkit(example, *args)
        assert took < 15, (args, took)
        assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, (args, proc.stderr)
    doctor, _ = _memkit(example, "doctor")
    assert doctor.returncode == 1 and f"{BOMB_PATH}:" in doctor.stdout and "aliases" in doctor.stdout
    check, _ = _memkit(example, "check", "git commit -am 'fix typo'")
    assert "corr-never-use-git-add-repo-5826" in check.stdout


def test_a_hook_on_a_fresh_clone_with_the_bomb_answers(example):
    (example / BOMB_PATH).write_text(BOMB)
    proc, took = _memkit(example, "check", "--hook", input=json.dumps(HOOK))
    assert took < 6, took
    assert "corr-never-use-git-add-repo-5826" in json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]


# ---- typed values -------------------------------------------------------------------
def _replace_key(text: str, key: str, line: str) -> str:
    """The note with `key` (and a nested mapping under it, such as `cue:`) replaced by `line`."""
    out, inside = [], False
    for x in text.split("\n"):
        if inside and x.startswith((" ", "-")):
            continue
        inside = x.startswith(f"{key}:")
        out.append(line if inside else x)
    return "\n".join(out)


@pytest.mark.parametrize("line", ["importance: [1]", "confidence: .nan", "confidence: high", "trust: {a: 1}",
                                  "importance: .inf", "kind: [correction]", "cues: [just text]",
                                  "cue: [not, a, mapping]"])
def test_a_wrong_typed_value_skips_that_note_and_names_file_and_key(example, line):
    path = example / CORRECTION
    key = line.split(":")[0]
    text = path.read_text()
    path.write_text(text.replace("---\n", f"---\n{line}\n", 1) if f"\n{key}:" not in text else
                    _replace_key(text, key, line))
    for args in COMMANDS:
        proc = run_cli("--vault", str(example), *args)
        assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, (args, proc.stderr)
    doctor = run_cli("--vault", str(example), "doctor")
    assert doctor.returncode == 1
    assert f"{CORRECTION}:" in doctor.stdout and f"`{key}`" in doctor.stdout, doctor.stdout
    out = run_cli("--vault", str(example), "check", "--hook", input=json.dumps(HOOK)).stdout
    assert "corr-never-use-git-add-repo-5826" in out   # the other lessons still fire
    assert "corr-don-t-stage-everything-commit-b2e9" not in out


@pytest.mark.parametrize(("value", "read"), [("-0.5", 0.0), ("7", 1.0), ("'0.75'", 0.75)])
def test_a_number_out_of_range_is_clamped_and_reported(example, value, read):
    path = example / CORRECTION
    path.write_text("\n".join(f"confidence: {value}" if x.startswith("confidence:") else x
                              for x in path.read_text().split("\n")))
    note = notes.read(path)
    assert note.meta["confidence"] == read
    out = run_cli("--vault", str(example), "check", "--hook", input=json.dumps(HOOK)).stdout
    assert "corr-never-use-git-add-repo-5826" in out
    doctor = run_cli("--vault", str(example), "doctor")
    assert f"{CORRECTION}: `confidence` is {value}, read as {read}" in doctor.stdout, doctor.stdout


def test_a_single_value_where_a_list_belongs_is_a_list_of_one():
    note = notes.parse("---\nextracted: heuristic@2\naction_types: git:stage-all\n---\n")
    assert note.meta == {"extracted": ["heuristic@2"], "action_types": ["git:stage-all"]}
