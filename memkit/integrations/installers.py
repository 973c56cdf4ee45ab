"""Installing memkit where people already work: the lifecycle hooks of Claude Code and Codex
CLI (and running the SessionEnd hook); git's pre-commit hook is githook.py's.

Owns memkit's own entries only: marked commands merged into a settings file (every other
key kept; a file that is not valid JSON is refused and left byte for byte). What it
installs fails open: a memkit problem never blocks an agent's tool call.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from memkit.storage import files
from memkit.errors import InvalidInput
from memkit.storage.vault import Vault

# A settings entry is memkit's when its command runs memkit with one of these verbs.
_VERBS = re.compile(r"\s(check --hook|context --hook|hooks run session-end)\s*$")
_LOG_LIMIT = 1_000_000


def memkit_argv() -> list[str]:
    """The absolute command that runs this very memkit (the script beside the interpreter, else -m)."""
    here = Path(os.path.abspath(sys.executable))
    script = here.parent / "memkit"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(here), "-P", "-m", "memkit"]   # -P: a memkit/ folder in the project never runs instead


def command(vault: Vault, *verb: str, env: str = "") -> str:
    return (env + " " if env else "") + shlex.join([*memkit_argv(), "--vault", str(vault.root), *verb])


# ---- Claude Code and Codex settings ---------------------------------------------
# Where the hooks go. `local` (Claude Code's .claude/settings.local.json) and `user` are one
# person's files: the commands name this machine's memkit and vault by absolute path. `project`
# (.claude/settings.json, .codex/hooks.json) is a file a team commits: its commands run
# `memkit` from PATH and find the vault as every teammate's checkout has it.
SCOPES = {"claude": ("local", "project", "user"), "codex": ("user", "project")}
DEFAULT_SCOPE = {"claude": "local", "codex": "user"}
SHARED = {("claude", "project"), ("codex", "project")}


def settings_path(agent: str, scope: str, project_dir: Path | None = None) -> Path:
    if scope not in SCOPES[agent]:
        raise InvalidInput(f"{_name(agent)} has no {scope} settings file; use one of --{', --'.join(SCOPES[agent])}")
    folder = ".claude" if agent == "claude" else ".codex"
    name = "settings.local.json" if scope == "local" else "settings.json" if agent == "claude" else "hooks.json"
    base = Path.home() if scope == "user" else (project_dir or Path.cwd()).resolve()
    return base / folder / name


def _name(agent: str) -> str:
    return "Claude Code" if agent == "claude" else "Codex"


def portable(vault: Vault, agent: str, project_dir: Path | None, *verb: str, env: str = "") -> str:
    """A command that works in a teammate's checkout: `memkit` from PATH, and the vault by its place
    in the project (Claude Code's $CLAUDE_PROJECT_DIR, else the git top level); a vault outside
    the project is left to each person's $MEMKIT_VAULT or a memkit.toml above their working folder."""
    base = (project_dir or Path.cwd()).resolve()
    try:
        rel = vault.root.resolve().relative_to(base).as_posix()
    except ValueError:
        rel = None
    if rel is None:
        where = []
    else:
        top = '"$CLAUDE_PROJECT_DIR"' if agent == "claude" else '"$(git rev-parse --show-toplevel)"'
        where = ["--vault", top + ("" if rel == "." else "/" + shlex.quote(rel))]
    return (env + " " if env else "") + " ".join(["memkit", *where, *map(shlex.quote, verb)])


def wanted(vault: Vault, agent: str, scope: str = "", project_dir: Path | None = None) -> dict[str, dict[str, Any]]:
    """event -> the group memkit adds: {"matcher"?, "hooks": [one command]}."""
    def cmd(*verb: str, env: str = "") -> str:
        if (agent, scope) in SHARED:
            return portable(vault, agent, project_dir, *verb, env=env)
        return command(vault, *verb, env=env)

    context = {"type": "command", "command": cmd("context", "--hook"), "timeout": 10}
    if agent == "codex":   # Codex's PreToolUse drops additionalContext: deny once so the lesson is seen
        check = {"type": "command", "command": cmd("check", "--hook", env="env MEMKIT_DELIVERY=deny-once"),
                 "timeout": 10}
        return {"SessionStart": {"hooks": [context]}, "UserPromptSubmit": {"hooks": [dict(context)]},
                "PreToolUse": {"hooks": [check]}}
    check = {"type": "command", "command": cmd("check", "--hook"), "timeout": 10}
    end = {"type": "command", "command": cmd("hooks", "run", "session-end"), "timeout": 30}
    from memkit.integrations import serve

    http = serve.http_hooks(vault) if (agent, scope) not in SHARED else None   # `memkit serve` answers
    if http:
        context, check = http["SessionStart"], http["PreToolUse"]
    return {"SessionStart": {"hooks": [context]}, "UserPromptSubmit": {"hooks": [dict(context)]},
            "PreToolUse": {"matcher": "*", "hooks": [check]}, "SessionEnd": {"hooks": [end]}}


def is_memkit(hook: Any) -> bool:
    from memkit.integrations import serve

    cmd = hook.get("command") if isinstance(hook, dict) else None
    return (isinstance(cmd, str) and "memkit" in cmd and bool(_VERBS.search(cmd))) or serve.is_http_hook(hook)


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
                if not placed and g.get("matcher") == group.get("matcher"):   # a new type: a new entry
                    rest.append({**h, **new} if h.get("type") == new.get("type") else dict(new))
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


def install_agent(vault: Vault, agent: str, scope: str = "", project_dir: Path | None = None) -> list[str]:
    scope = scope or DEFAULT_SCOPE[agent]
    path = settings_path(agent, scope, project_dir)
    data = read_settings(path)
    groups = wanted(vault, agent, scope, project_dir)
    new = merge(data, groups)
    shared = "; commands are portable (memkit on PATH" + (
        ", the vault by its place in the project)" if "--vault" in json.dumps(groups) else
        ", the vault from each person's $MEMKIT_VAULT or memkit.toml)") if (agent, scope) in SHARED else ""
    if new == data and path.exists():
        return [f"{_name(agent)}: hooks already installed in {path}", *_also_elsewhere(agent, scope, project_dir)]
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(path, json.dumps(new, indent=2, ensure_ascii=False) + "\n")
    lines = [f"{_name(agent)}: hooks installed in {path} ({', '.join(groups)}){shared}"]
    if scope == "local":
        lines += _keep_out_of_git(path)
    return lines + _also_elsewhere(agent, scope, project_dir)


def _also_elsewhere(agent: str, scope: str, project_dir: Path | None) -> list[str]:
    """The agent runs the hooks of every settings file it reads: memkit's in two of them fire twice."""
    out = []
    for other in SCOPES[agent]:
        found = agent_status(agent, other, project_dir) if other != scope else {"events": []}
        if found["events"]:
            out.append(f"  note: memkit's hooks are also in {found['path']}; {_name(agent)} runs both — remove "
                       f"one with `memkit hooks uninstall --{agent} --{other}`")
    return out


def _keep_out_of_git(path: Path) -> list[str]:
    """A local settings file names this machine's paths: keep it out of the project's commits
    (in .git/info/exclude, which is not shared) unless git ignores it already."""
    from memkit.storage import git

    found = git.hooks_dir(path.parent)
    if found is None:
        return []
    top = found[0]
    rel = path.relative_to(top).as_posix() if path.is_relative_to(top) else None
    if rel is None or git.ignored(top, rel):
        return []
    exclude = git.info_dir(top) / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    old = exclude.read_text(encoding="utf-8") if exclude.exists() else ""
    files.write_atomic(exclude, old + ("" if not old or old.endswith("\n") else "\n") + f"/{rel}\n")
    return [f"  {rel} added to {exclude} (a file with this machine's paths stays out of commits)"]


def install_claude(vault: Vault, scope: str = "", project_dir: Path | None = None) -> list[str]:
    return install_agent(vault, "claude", scope, project_dir)


def install_codex(vault: Vault, scope: str = "", project_dir: Path | None = None) -> list[str]:
    return install_agent(vault, "codex", scope, project_dir)


def uninstall_agent(agent: str, scope: str = "", project_dir: Path | None = None) -> list[str]:
    path = settings_path(agent, scope or DEFAULT_SCOPE[agent], project_dir)
    data = read_settings(path)
    new = remove(data)
    if new == data:
        return [f"{_name(agent)}: no memkit hooks in {path}"]
    files.write_atomic(path, json.dumps(new, indent=2, ensure_ascii=False) + "\n")
    return [f"{_name(agent)}: memkit hooks removed from {path}"]


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
    from memkit.integrations import githook

    out: dict[str, Any] = {"git": githook.status(vault)}
    for agent, scopes in SCOPES.items():
        for scope in scopes:
            out[f"{agent}-{scope}"] = agent_status(agent, scope, project_dir)
    return out


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
    argv = [os.path.abspath(sys.executable), "-P", "-m", "memkit", "--vault", str(vault.root), "ingest", *paths]
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} session {payload.get('session_id', '?')}: "
                  f"ingest {transcript}\n")
        out.flush()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, close_fds=True, cwd=str(vault.root),
                                env={k: v for k, v in os.environ.items() if not k.startswith("GIT_")})
    return f"ingesting {transcript} in the background (pid {proc.pid}; log {log})"
