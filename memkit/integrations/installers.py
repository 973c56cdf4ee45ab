"""Installing memkit where people already work: git's pre-commit hook and the lifecycle
hooks of Claude Code and Codex CLI (and running the SessionEnd hook).

Owns memkit's own entries only: a hook file marked as memkit's (a hook that was there
is chained, never replaced) and marked commands merged into a settings file (every other
key kept; a file that is not valid JSON is refused and left byte for byte). What it
installs fails open: a memkit problem never blocks a commit or an agent's tool call.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memkit import shipped
from typing import Any

from memkit.errors import InvalidInput, MemkitError
from memkit.storage.vault import Vault

MARKER = "# memkit-managed-hook"
CHAINED = "pre-commit.memkit-chained"
TEMPLATE = shipped("hooks") / "git-pre-commit.sh"
# A settings entry is memkit's when its command runs memkit with one of these verbs.
_VERBS = re.compile(r"\s(check --hook|context --hook|hooks run session-end)\s*$")
_LOG_LIMIT = 1_000_000


def memkit_argv() -> list[str]:
    """The absolute command that runs this very memkit (the script beside the interpreter, else -m)."""
    here = Path(os.path.abspath(sys.executable))
    script = here.parent / "memkit"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(here), "-m", "memkit"]


def command(vault: Vault, *verb: str, env: str = "") -> str:
    return (env + " " if env else "") + shlex.join([*memkit_argv(), "--vault", str(vault.root), *verb])


# ---- git pre-commit --------------------------------------------------------------
def _git_paths(vault: Vault) -> tuple[Path, Path]:
    from memkit.storage import git

    found = git.hooks_dir(vault.root)
    if found is None:
        raise MemkitError(f"{vault.root} is not inside a git repository; run `git init` there first")
    return found


def git_hook_text(vault: Vault, top: Path) -> str:
    rel = vault.root.relative_to(top).as_posix()
    traces = ":(top)" + ("" if rel == "." else rel + "/") + "traces/"
    return (TEMPLATE.read_text()
            .replace("@PYTHON@", shlex.quote(os.path.abspath(sys.executable)))
            .replace("@VAULT@", shlex.quote(str(vault.root)))
            .replace("@TRACES@", shlex.quote(traces)))


def _hook_vault(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("MEMKIT_VAULT_DIR="):
            return shlex.split(line.split("=", 1)[1])[0]
    return ""


def install_git(vault: Vault) -> list[str]:
    top, hooks = _git_paths(vault)
    hook, chained = hooks / "pre-commit", hooks / CHAINED
    text = git_hook_text(vault, top)
    note = ""
    if hook.exists() or hook.is_symlink():
        current = hook.read_text(errors="replace") if hook.exists() else ""
        if MARKER in current:
            other = _hook_vault(current)
            if other and other != str(vault.root):
                raise MemkitError(f"{hook} already runs memkit for the vault {other}; "
                                  f"run `memkit --vault {shlex.quote(other)} hooks uninstall --git` first")
            if current == text:
                return [f"git: pre-commit hook already installed in {hook}", *_merge_driver(vault)]
        elif chained.exists() or chained.is_symlink():
            raise MemkitError(f"{chained} already exists next to a hook that is not memkit's; "
                              "move one of them away, then install again")
        else:
            os.replace(hook, chained)
            note = f"; the hook that was there runs first (moved to {chained.name})"
    hooks.mkdir(parents=True, exist_ok=True)
    _write_atomic(hook, text, mode=0o755)
    return [f"git: pre-commit hook installed in {hook}{note}", *_merge_driver(vault)]


def _merge_driver(vault: Vault) -> list[str]:
    """memkit's notes merge by rule in this clone (.gitattributes and the clone's git config)."""
    from memkit.team import driver

    return driver.install(vault)


def uninstall_git(vault: Vault) -> list[str]:
    _top, hooks = _git_paths(vault)
    hook, chained = hooks / "pre-commit", hooks / CHAINED
    if not hook.is_file() or MARKER not in hook.read_text(errors="replace"):
        return [f"git: no memkit pre-commit hook in {hooks}"]
    hook.unlink()
    if chained.exists() or chained.is_symlink():
        os.replace(chained, hook)
        return [f"git: pre-commit hook removed; the earlier hook is back in {hook}"]
    return [f"git: pre-commit hook removed from {hook}"]


def git_status(vault: Vault) -> dict[str, Any]:
    try:
        _top, hooks = _git_paths(vault)
    except MemkitError as e:
        return {"installed": False, "path": None, "chained": False, "problem": str(e)}
    hook = hooks / "pre-commit"
    text = hook.read_text(errors="replace") if hook.is_file() else ""
    return {"installed": MARKER in text, "path": str(hook), "vault": _hook_vault(text) or None,
            "chained": (hooks / CHAINED).exists()}


# ---- Claude Code and Codex settings ---------------------------------------------
def settings_path(agent: str, scope: str, project_dir: Path | None = None) -> Path:
    folder = ".claude" if agent == "claude" else ".codex"
    name = "settings.json" if agent == "claude" else "hooks.json"
    base = Path.home() if scope == "user" else (project_dir or Path.cwd()).resolve()
    return base / folder / name


def wanted(vault: Vault, agent: str) -> dict[str, dict[str, Any]]:
    """event -> the group memkit adds: {"matcher"?, "hooks": [one command]}."""
    context = {"type": "command", "command": command(vault, "context", "--hook"), "timeout": 10}
    if agent == "codex":   # Codex's PreToolUse drops additionalContext: deny once so the lesson is seen
        check = {"type": "command", "command": command(vault, "check", "--hook", env="env MEMKIT_DELIVERY=deny-once"),
                 "timeout": 10}
        return {"SessionStart": {"hooks": [context]}, "UserPromptSubmit": {"hooks": [dict(context)]},
                "PreToolUse": {"hooks": [check]}}
    check = {"type": "command", "command": command(vault, "check", "--hook"), "timeout": 10}
    end = {"type": "command", "command": command(vault, "hooks", "run", "session-end"), "timeout": 30}
    return {"SessionStart": {"hooks": [context]}, "UserPromptSubmit": {"hooks": [dict(context)]},
            "PreToolUse": {"matcher": "*", "hooks": [check]}, "SessionEnd": {"hooks": [end]}}


def is_memkit(hook: Any) -> bool:
    cmd = hook.get("command") if isinstance(hook, dict) else None
    return isinstance(cmd, str) and "memkit" in cmd and bool(_VERBS.search(cmd))


def read_settings(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    raw = path.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (UnicodeDecodeError, ValueError) as e:
        where = f" (line {e.lineno}, column {e.colno})" if isinstance(e, json.JSONDecodeError) else ""
        raise InvalidInput(f"{path} is not valid JSON{where}; fix it first, it was left unchanged")
    if not isinstance(data, dict):
        raise InvalidInput(f"{path} is not a JSON object; left unchanged")
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict) or not all(
            isinstance(groups, list) and all(isinstance(g, dict) and isinstance(g.get("hooks", []), list)
                                             for g in groups) for groups in hooks.values()):
        raise InvalidInput(f"{path}: its \"hooks\" are not in the shape memkit knows; left unchanged")
    return data


def merge(data: dict[str, Any], groups_wanted: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """data with memkit's entries as wanted: one already there is updated in place; all else kept."""
    out = copy.deepcopy(data)
    hooks = out.setdefault("hooks", {})
    for event, group in groups_wanted.items():
        new, placed, kept = group["hooks"][0], False, []
        for g in hooks.get(event, []):
            rest, had = [], False
            for h in g.get("hooks", []):
                if not is_memkit(h):
                    rest.append(h)
                    continue
                had = True
                if not placed and g.get("matcher") == group.get("matcher"):
                    rest.append({**h, **new})
                    placed = True
            if rest or not had:
                kept.append({**g, "hooks": rest} if had else g)
        if not placed:
            kept.append(copy.deepcopy(group))
        hooks[event] = kept
    return out


def remove(data: dict[str, Any]) -> dict[str, Any]:
    """data without memkit's entries; a group or event left empty by that goes too, nothing else."""
    out = copy.deepcopy(data)
    hooks = out.get("hooks")
    if not isinstance(hooks, dict):
        return out
    removed = False
    for event in list(hooks):
        kept, had_any = [], False
        for g in hooks[event]:
            rest = [h for h in g.get("hooks", []) if not is_memkit(h)]
            had = len(rest) != len(g.get("hooks", []))
            had_any |= had
            if rest or not had:
                kept.append({**g, "hooks": rest} if had else g)
        removed |= had_any
        if had_any and not kept:
            del hooks[event]
        else:
            hooks[event] = kept
    if removed and not hooks:
        del out["hooks"]
    return out


def install_agent(vault: Vault, agent: str, scope: str = "project", project_dir: Path | None = None) -> list[str]:
    path = settings_path(agent, scope, project_dir)
    data = read_settings(path)
    new = merge(data, wanted(vault, agent))
    name = "Claude Code" if agent == "claude" else "Codex"
    if new == data and path.exists():
        return [f"{name}: hooks already installed in {path}"]
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomic(path, json.dumps(new, indent=2, ensure_ascii=False) + "\n")
    return [f"{name}: hooks installed in {path} ({', '.join(wanted(vault, agent))})"]


def install_claude(vault: Vault, scope: str = "project", project_dir: Path | None = None) -> list[str]:
    return install_agent(vault, "claude", scope, project_dir)


def install_codex(vault: Vault, scope: str = "user", project_dir: Path | None = None) -> list[str]:
    return install_agent(vault, "codex", scope, project_dir)


def uninstall_agent(agent: str, scope: str = "project", project_dir: Path | None = None) -> list[str]:
    path = settings_path(agent, scope, project_dir)
    name = "Claude Code" if agent == "claude" else "Codex"
    data = read_settings(path)
    new = remove(data)
    if new == data:
        return [f"{name}: no memkit hooks in {path}"]
    _write_atomic(path, json.dumps(new, indent=2, ensure_ascii=False) + "\n")
    return [f"{name}: memkit hooks removed from {path}"]


def agent_status(agent: str, scope: str, project_dir: Path | None = None) -> dict[str, Any]:
    path = settings_path(agent, scope, project_dir)
    try:
        data = read_settings(path)
    except InvalidInput as e:
        return {"path": str(path), "events": [], "problem": str(e)}
    events = sorted(e for e, groups in data.get("hooks", {}).items()
                    if any(is_memkit(h) for g in groups for h in g.get("hooks", [])))
    return {"path": str(path), "events": events}


def status(vault: Vault, project_dir: Path | None = None) -> dict[str, Any]:
    return {"git": git_status(vault),
            "claude-project": agent_status("claude", "project", project_dir),
            "claude-user": agent_status("claude", "user"),
            "codex-user": agent_status("codex", "user"),
            "codex-project": agent_status("codex", "project", project_dir)}


def _write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    if mode is None:
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ---- the SessionEnd hook ------------------------------------------------------------
def session_end(vault: Vault, raw: str) -> str:
    """Start ingesting the payload's transcript (and its sub-agents) in the background.

    Claude Code gives SessionEnd hooks a short grace period on exit and kills what is still
    running, so the ingest runs detached and logs to .memkit/logs/session-end.log.
    """
    try:
        payload = json.loads(raw) if raw.strip() else None
    except (ValueError, RecursionError):
        payload = None
    path = payload.get("transcript_path") if isinstance(payload, dict) else None
    if not isinstance(path, str) or not path:
        raise InvalidInput("SessionEnd payload without transcript_path; nothing ingested")
    transcript = Path(path).expanduser()
    if not transcript.is_file():
        raise InvalidInput(f"transcript {transcript} not found; nothing ingested")
    paths = [str(transcript)]
    subagents = transcript.with_suffix("") / "subagents"
    if subagents.is_dir():
        paths.append(str(subagents))
    log = vault.state / "logs" / "session-end.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    if log.exists() and log.stat().st_size > _LOG_LIMIT:
        os.replace(log, log.with_suffix(".log.1"))
    argv = [os.path.abspath(sys.executable), "-m", "memkit", "--vault", str(vault.root), "ingest", *paths]
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} session {payload.get('session_id', '?')}: "
                  f"ingest {transcript}\n")
        out.flush()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, close_fds=True, cwd=str(vault.root),
                                env={k: v for k, v in os.environ.items() if not k.startswith("GIT_")})
    return f"ingesting {transcript} in the background (pid {proc.pid}; log {log})"
