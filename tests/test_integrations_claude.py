"""Claude Code and Codex hooks: the installer against real settings files, then each
installed command run the way the agent runs it (`bash -c`, the FORMATS.md §1 payload
on stdin), with exact stdout — empty when nothing matches.
"""
from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from conftest import REPO, git, run_cli

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
LOCAL = "settings.local.json"   # the default target: this person's file of the project
SESSION = "8c35adc1-1f2e-4d3c-9b8a-7f6e5d4c3b2a"
EXISTING = {
    "model": "opus",
    "env": {"FOO": "bar"},
    "permissions": {"allow": ["Bash(ls:*)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo lint"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "bash ~/.claude/hooks/persistent-mode.sh"}]}],
    },
}


@pytest.fixture
def project(tmp_path):
    p = tmp_path / "project"
    (p / ".claude").mkdir(parents=True)
    return p


@pytest.fixture
def memory(vault):
    """The vault with the example sessions in it (corrections about git add -A, commit -a, dropping columns)."""
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    return vault


def install(vault: Path, project: Path, *flags: str) -> subprocess.CompletedProcess:
    return run_cli("--vault", str(vault), "hooks", "install", "--claude", "--project-dir", str(project), *flags)


def settings(project: Path, name: str = LOCAL) -> dict:
    return json.loads((project / ".claude" / name).read_text())


def memkit_command(data: dict, event: str) -> str:
    found = [h["command"] for g in data["hooks"][event] for h in g["hooks"] if "memkit" in h["command"]]
    assert len(found) == 1, found
    return found[0]


def run_hook(command: str, payload: dict, cwd: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run(["bash", "-c", command], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=cwd, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc


def hook_json(stdout: str, event: str) -> dict:
    out = json.loads(stdout)
    assert list(out) == ["hookSpecificOutput"]
    assert out["hookSpecificOutput"]["hookEventName"] == event
    return out["hookSpecificOutput"]


# ---- the installer ------------------------------------------------------------------
def test_install_merges_and_keeps_every_other_key(vault, project):
    path = project / ".claude" / LOCAL
    path.write_text(json.dumps(EXISTING, indent=4))
    proc = install(vault, project)
    assert proc.returncode == 0 and proc.stdout.startswith("Claude Code: hooks installed in ")
    data = settings(project)
    assert {k: data[k] for k in ("model", "env", "permissions")} == {k: EXISTING[k] for k in ("model", "env", "permissions")}
    assert data["hooks"]["Stop"] == EXISTING["hooks"]["Stop"]
    assert data["hooks"]["PreToolUse"][0] == EXISTING["hooks"]["PreToolUse"][0]
    assert data["hooks"]["PreToolUse"][1]["matcher"] == "*"
    for event, verb in (("SessionStart", "context --hook"), ("UserPromptSubmit", "context --hook"),
                        ("PreToolUse", "check --hook"), ("SessionEnd", "hooks run session-end")):
        cmd = memkit_command(data, event)
        assert cmd.endswith(f"--vault {vault} {verb}") and cmd.startswith("/")


def test_install_twice_changes_nothing(vault, project):
    path = project / ".claude" / LOCAL
    path.write_text(json.dumps(EXISTING))
    install(vault, project)
    first = path.read_bytes()
    again = install(vault, project)
    assert again.returncode == 0 and "already installed" in again.stdout
    assert path.read_bytes() == first


def test_a_moved_vault_updates_the_entries_in_place(vault, project, tmp_path):
    install(vault, project)
    other = tmp_path / "other-vault"
    run_cli("init", str(other), check=True)
    install(other, project)
    data = settings(project)
    assert all(len(groups) == 1 for groups in data["hooks"].values())
    assert str(other) in memkit_command(data, "PreToolUse") and str(vault) not in json.dumps(data)


@pytest.mark.parametrize("text", ['{"model": "opus",', '["not", "an", "object"]', '{"hooks": {"Stop": {}}}'])
def test_invalid_json_is_refused_and_left_byte_for_byte(vault, project, text):
    path = project / ".claude" / LOCAL
    path.write_text(text)
    proc = install(vault, project)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and str(path) in proc.stderr and "left unchanged" in proc.stderr
    assert path.read_text() == text
    assert run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project-dir", str(project)).returncode == 1
    assert path.read_text() == text


def test_uninstall_removes_only_memkits_entries(vault, project):
    path = project / ".claude" / LOCAL
    path.write_text(json.dumps(EXISTING))
    install(vault, project)
    proc = run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project-dir", str(project), check=True)
    assert "memkit hooks removed" in proc.stdout
    assert settings(project) == EXISTING
    again = run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project-dir", str(project), check=True)
    assert "no memkit hooks" in again.stdout


def test_a_new_file_and_uninstall_leave_no_trace(vault, project):
    path = project / ".claude" / LOCAL
    install(vault, project)
    assert set(settings(project)["hooks"]) == {"SessionStart", "UserPromptSubmit", "PreToolUse", "SessionEnd"}
    run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project-dir", str(project), check=True)
    assert json.loads(path.read_text()) == {}


def test_user_scope_writes_home_settings(vault, project, isolated):
    proc = install(vault, project, "--user")
    assert proc.returncode == 0
    assert (isolated / ".claude" / "settings.json").is_file()
    assert not (project / ".claude" / LOCAL).exists() and not (project / ".claude" / "settings.json").exists()
    status = run_cli("--vault", str(vault), "hooks", "status", "--json", "--project-dir", str(project), check=True)
    data = json.loads(status.stdout)
    assert data["claude-user"]["events"] == ["PreToolUse", "SessionEnd", "SessionStart", "UserPromptSubmit"]
    assert data["claude-project"]["events"] == [] and data["claude-local"]["events"] == []


# ---- the installed commands, end to end -------------------------------------------------
def test_installed_commands_answer_the_hook_protocol(memory, project, tmp_path):
    install(memory, project)
    data = settings(project)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    base = {"session_id": SESSION, "transcript_path": str(tmp_path / "t.jsonl"), "cwd": "/home/dev/ledger"}

    start = run_hook(memkit_command(data, "SessionStart"),
                     {**base, "hook_event_name": "SessionStart", "source": "startup"}, elsewhere)
    hso = hook_json(start.stdout, "SessionStart")
    assert set(hso) == {"hookEventName", "additionalContext"} and "git add -A" in hso["additionalContext"]

    prompt = memkit_command(data, "UserPromptSubmit")
    hit = run_hook(prompt, {**base, "hook_event_name": "UserPromptSubmit",
                            "prompt": "stage everything with git add -A and commit"}, elsewhere)
    assert "git add -A" in hook_json(hit.stdout, "UserPromptSubmit")["additionalContext"]
    miss = run_hook(prompt, {**base, "hook_event_name": "UserPromptSubmit", "prompt": "what time is it"}, elsewhere)
    assert miss.stdout == ""

    check = memkit_command(data, "PreToolUse")
    fired = run_hook(check, {**base, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "toolu_01",
                             "tool_input": {"command": "git add -A && git commit -m wip"}}, elsewhere)
    hso = hook_json(fired.stdout, "PreToolUse")
    assert set(hso) == {"hookEventName", "additionalContext"} and "never use git add -A" in hso["additionalContext"]
    quiet = run_hook(check, {**base, "hook_event_name": "PreToolUse", "tool_name": "Bash",
                             "tool_input": {"command": "ls -la"}}, elsewhere)
    assert quiet.stdout == ""


def test_session_start_on_an_empty_vault_prints_nothing(vault, project, tmp_path):
    install(vault, project)
    proc = run_hook(memkit_command(settings(project), "SessionStart"),
                    {"session_id": "abc123", "transcript_path": "~/.claude/projects/x/abc123.jsonl",
                     "hook_event_name": "SessionStart", "source": "startup"}, tmp_path)
    assert proc.stdout == ""


def claude_transcript(path: Path) -> Path:
    """A small Claude Code transcript: a rejected `git add -A` and the person's correction."""
    env = {"sessionId": SESSION, "cwd": "/home/dev/ledger", "version": "2.1.7", "gitBranch": "main",
           "isSidechain": False, "userType": "external"}
    rejected = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
                "file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the "
                "user to tell you how to proceed.")
    records = [
        {**env, "type": "user", "uuid": "u1", "parentUuid": None, "timestamp": "2026-04-01T10:00:00.000Z",
         "message": {"role": "user", "content": "add the new settings module to git and commit it"}},
        {**env, "type": "assistant", "uuid": "a1", "parentUuid": "u1", "timestamp": "2026-04-01T10:00:05.000Z",
         "requestId": "req_1", "message": {"id": "msg_1", "role": "assistant", "model": "claude-opus-4",
                                           "content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
                                                        "input": {"command": "git add -A && git commit -m wip"}}]}},
        {**env, "type": "user", "uuid": "u2", "parentUuid": "a1", "timestamp": "2026-04-01T10:00:09.000Z",
         "toolUseResult": "Error: " + rejected,
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                                  "content": rejected, "is_error": True}]}},
        {**env, "type": "user", "uuid": "u3", "parentUuid": "u2", "timestamp": "2026-04-01T10:00:30.000Z",
         "message": {"role": "user", "content": "no, never use git add -A in this repo. Stage only the files "
                                                "you changed."}},
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def wait_for(condition, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out waiting")


def test_session_end_ingests_the_transcript_in_the_background(vault, project, isolated, tmp_path):
    install(vault, project)
    transcript = claude_transcript(isolated / ".claude" / "projects" / "-home-dev-ledger" / f"{SESSION}.jsonl")
    proc = run_hook(memkit_command(settings(project), "SessionEnd"),
                    {"session_id": SESSION, "transcript_path": str(transcript), "cwd": "/home/dev/ledger",
                     "hook_event_name": "SessionEnd", "reason": "exit"}, tmp_path)
    assert proc.stdout == ""
    assert "ingesting" in proc.stderr
    wait_for(lambda: "memkit: ingest 1 trace(s)" in git(vault, "log", "--format=%s"))
    traces = list(vault.glob("traces/*/*/*.md"))
    assert [t.name for t in traces] == ["2026-04-01-claude-8c35adc1.md"]
    assert any(vault.glob("workshop/observations/correction/*.md"))
    log = (vault / ".memkit" / "logs" / "session-end.log").read_text()
    assert f"session {SESSION}: ingest {transcript}" in log


def test_session_end_with_a_bad_payload_fails_open(vault, project, tmp_path):
    install(vault, project)
    command = memkit_command(settings(project), "SessionEnd")
    for payload in ({"hook_event_name": "SessionEnd", "reason": "exit"},
                    {"hook_event_name": "SessionEnd", "transcript_path": str(tmp_path / "missing.jsonl")}):
        proc = run_hook(command, payload, tmp_path)
        assert proc.stdout == "" and proc.stderr.startswith("memkit: warning: session-end hook skipped")
    assert not any(vault.glob("traces/*/*/*.md"))


# ---- Codex ---------------------------------------------------------------------------
def test_codex_hooks_deny_once_then_allow(memory, tmp_path, isolated):
    proc = run_cli("--vault", str(memory), "hooks", "install", "--codex", check=True)
    path = isolated / ".codex" / "hooks.json"
    assert str(path) in proc.stdout
    data = json.loads(path.read_text())
    assert set(data["hooks"]) == {"SessionStart", "UserPromptSubmit", "PreToolUse"}
    check = memkit_command(data, "PreToolUse")
    assert check.startswith("env MEMKIT_DELIVERY=deny-once ")
    payload = {"session_id": "codex-1", "transcript_path": "/tmp/r.jsonl", "cwd": "/home/dev/ledger",
               "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git add -A"}}
    first = hook_json(run_hook(check, payload, tmp_path).stdout, "PreToolUse")
    assert first["permissionDecision"] == "deny" and "git add -A" in first["permissionDecisionReason"]
    assert run_hook(check, payload, tmp_path).stdout == ""   # the retry goes through: told once a session
    run_cli("--vault", str(memory), "hooks", "uninstall", "--codex", check=True)
    assert json.loads(path.read_text()) == {}


# ---- team-safe targets -------------------------------------------------------------------
def path_env(**extra: str) -> dict:
    """PATH with this interpreter's bin folder first: `memkit` found as a teammate's install finds it."""
    import os
    import sys

    return {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", **extra}


def test_the_default_local_file_stays_out_of_the_teams_commits(vault, project):
    git(project, "init", "-q")
    proc = install(vault, project)
    assert (project / ".claude" / LOCAL).is_file() and not (project / ".claude" / "settings.json").exists()
    assert ".git/info/exclude" in proc.stdout
    assert "/.claude/settings.local.json" in (project / ".git" / "info" / "exclude").read_text()
    assert git(project, "status", "--porcelain", "--untracked-files=all") == ""
    install(vault, project)   # the second run adds nothing to the exclude file
    assert (project / ".git" / "info" / "exclude").read_text().count("settings.local.json") == 1


def test_the_shared_file_gets_commands_that_work_on_a_teammates_machine(project, tmp_path):
    vault = project / ".memory"
    run_cli("init", str(vault), "--no-git", check=True)
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    proc = install(vault, project, "--project")
    assert "portable" in proc.stdout
    data = settings(project, "settings.json")
    check = memkit_command(data, "PreToolUse")
    assert check == 'memkit --vault "$CLAUDE_PROJECT_DIR"/.memory check --hook'
    assert str(tmp_path) not in json.dumps(data)
    clone = tmp_path / "teammate" / "ledger"          # the same project elsewhere, as a clone has it
    clone.parent.mkdir()
    subprocess.run(["cp", "-r", str(project), str(clone)], check=True)
    (clone / "src").mkdir()
    payload = {"session_id": SESSION, "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "git add -A && git commit -m wip"}, "cwd": str(clone / "src")}
    proc = subprocess.run(["bash", "-c", check], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=clone / "src", env=path_env(CLAUDE_PROJECT_DIR=str(clone)), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "never use git add -A" in hook_json(proc.stdout, "PreToolUse")["additionalContext"]


def test_a_vault_outside_the_project_is_left_to_each_persons_setting(memory, project, tmp_path):
    proc = install(memory, project, "--project")
    assert "MEMKIT_VAULT" in proc.stdout
    check = memkit_command(settings(project, "settings.json"), "PreToolUse")
    assert check == "memkit check --hook"
    payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git add -A"}}
    proc = subprocess.run(["bash", "-c", check], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=tmp_path, env=path_env(MEMKIT_VAULT=str(memory)), timeout=120)
    assert "git add -A" in hook_json(proc.stdout, "PreToolUse")["additionalContext"]
    run_cli("--vault", str(memory), "hooks", "uninstall", "--claude", "--project", "--project-dir", str(project),
            check=True)
    assert settings(project, "settings.json") == {}


def test_codex_project_hooks_are_portable_and_codex_has_no_local_file(project, tmp_path):
    vault = project / ".memory"
    run_cli("init", str(vault), "--no-git", check=True)
    run_cli("--vault", str(vault), "hooks", "install", "--codex", "--project", "--project-dir", str(project),
            check=True)
    data = json.loads((project / ".codex" / "hooks.json").read_text())
    assert memkit_command(data, "PreToolUse") == ('env MEMKIT_DELIVERY=deny-once memkit --vault '
                                                  '"$(git rev-parse --show-toplevel)"/.memory check --hook')
    refused = run_cli("--vault", str(vault), "hooks", "install", "--codex", "--local", "--project-dir", str(project))
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1 and "Codex has no local settings" in refused.stderr


def test_hooks_in_two_settings_files_are_pointed_out(vault, project):
    install(vault, project, "--project")
    proc = install(vault, project)
    assert "note: memkit's hooks are also in" in proc.stdout and "uninstall --claude --project" in proc.stdout
    run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project", "--project-dir", str(project),
            check=True)
    assert "note:" not in install(vault, project).stdout
