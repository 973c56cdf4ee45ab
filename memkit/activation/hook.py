"""The Claude Code hook protocol for `check --hook` and `context --hook`.

Owns reading a hook payload from stdin and writing the exact JSON the agent
expects (or nothing). It must never break the agent: bad input means exit 0,
empty stdout and one line on stderr. Imports nothing heavy (no click).
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
TYPE_CHECKING = False   # `typing` costs the hook ~3 ms of imports; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

EVENTS_CONTEXT = ("SessionStart", "UserPromptSubmit")
FIRST_BUILD_WAIT = 8.0   # seconds a hook waits for a fresh clone's index (a large one keeps building)


def _warn(msg: str) -> None:
    print(f"memkit: {msg}", file=sys.stderr)


def read_payload(raw: str) -> dict[str, Any] | None:
    try:
        data = json.loads(raw) if raw.strip() else None
    except (ValueError, RecursionError):
        _warn("hook input is not JSON; ignored")
        return None
    if not isinstance(data, dict):
        _warn("hook input is not a JSON object; ignored")
        return None
    return data


def run(command: str, vault_path: str | None, raw: str) -> int:
    """Entry for `memkit [--vault V] check|context --hook`; returns the exit status (always 0)."""
    payload = read_payload(raw)
    if payload is None:
        return 0
    try:
        from memkit.storage import vault as vault_mod

        vault = vault_mod.find(vault_path, cwd=None)
        if not vault.index_path.exists():   # first call on a fresh clone: build the index once,
            from memkit.activation import hookindex  # in the background; a small vault is ready in time

            if hookindex.rebuild_in_background(vault):   # never wait for a build that cannot happen
                hookindex.wait_built(vault, FIRST_BUILD_WAIT)
    except Exception as e:  # fail open: the agent's tool call must go on
        if os.environ.get("MEMKIT_DEBUG"):
            raise
        _warn(f"{command} --hook skipped: {e}")
        return 0
    sys.stdout.write(reply(command, vault, payload))
    return 0


def reply(command: str, vault, payload: dict[str, Any]) -> str:
    """The exact text `check|context --hook` prints for a payload: a JSON line, or nothing.
    `memkit serve` answers with the same text over HTTP."""
    answer = check_output if command == "check" else context_output
    try:
        try:
            out = answer(vault, payload)
        except sqlite3.OperationalError:   # a writer closing the index removed its WAL files as we opened it
            out = answer(vault, payload)
    except Exception as e:  # fail open: the agent's tool call must go on
        if os.environ.get("MEMKIT_DEBUG"):
            raise
        _warn(f"{command} --hook skipped: {e}")
        return ""
    return json.dumps(out, ensure_ascii=False) + "\n" if out else ""


def check_output(vault, payload: dict[str, Any]) -> dict[str, Any] | None:
    from memkit.activation import activate, told

    tool = payload.get("tool_name")
    if not isinstance(tool, str) or not tool:
        _warn("PreToolUse payload without tool_name; ignored")
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, (dict, str)):
        tool_input = {}
    session = told.session_of(payload)
    mode = os.environ.get("MEMKIT_DELIVERY") or str(vault.config.get("activation.delivery"))  # per agent
    said = told.ids(vault, told.TOOL, session) if mode != "ask" else frozenset()   # "ask": every time
    result = activate.check(vault, tool, tool_input, _cwd(payload), said)
    if not result.cues:
        return None
    hso: dict[str, Any] = {"hookEventName": "PreToolUse", "additionalContext": result.text}
    from memkit.activation import render

    reason = render.reason(result.cues[0])   # neutralised like every recalled line
    if mode == "ask" or (result.high and vault.config.get("activation.ask_high_consequence")):
        hso["permissionDecision"] = "ask"
        hso["permissionDecisionReason"] = reason
    elif mode == "deny-once" and _first_time(vault, payload, result):
        hso["permissionDecision"] = "deny"
        hso["permissionDecisionReason"] = f"{reason} — if it does not apply, retry the call."
    told.add(vault, told.TOOL, session, [c.note_id for c in result.cues])
    return {"hookSpecificOutput": hso}


def _cwd(payload: dict[str, Any]) -> str | None:
    """The payload's working folder; one that is no text is left out (the lessons are still given)."""
    cwd = payload.get("cwd")
    if cwd is None or isinstance(cwd, str):
        return cwd
    _warn("hook input's cwd is not a string; answered without it")
    return None


def _first_time(vault, payload: dict[str, Any], result) -> bool:
    """deny-once: a call is denied once per session for the lessons it meets. Its retry goes through,
    whatever lesson it meets then (the ones said before it are not said again, so others may rank in),
    and a lesson that denied one call denies no other."""
    import hashlib

    from memkit.activation import told

    does = payload.get("tool_input")   # what the call does: an agent words its description afresh each try
    if isinstance(does, dict):
        does = {k: v for k, v in does.items() if k not in _SAYS_ONLY}
    call = "call:" + hashlib.sha256(json.dumps([payload.get("tool_name"), does], sort_keys=True,
                                               default=str).encode()).hexdigest()[:16]
    session = told.session_of(payload) or "none"
    seen = told.ids(vault, told.DENIED, session)
    cues = {c.note_id for c in result.cues}
    if call in seen:
        return False
    first = not cues <= seen
    told.add(vault, told.DENIED, session, [call, *cues] if first else [call])   # only a denial's lessons
    return first


_SAYS_ONLY = frozenset({"description", "timeout", "run_in_background"})   # tool input that does nothing


def context_output(vault, payload: dict[str, Any]) -> dict[str, Any] | None:
    from memkit.activation import activate, told

    event = payload.get("hook_event_name") or ("UserPromptSubmit" if "prompt" in payload else
                                               "SessionStart" if "source" in payload else None)
    if event not in EVENTS_CONTEXT:
        _warn(f"context --hook does not handle {event!r}; ignored" if event else
              "context --hook: the payload names no hook_event_name (SessionStart or UserPromptSubmit); ignored")
        return None
    task = payload.get("prompt") if event == "UserPromptSubmit" else None
    if event == "UserPromptSubmit" and not isinstance(task, str):
        _warn("UserPromptSubmit payload without prompt; ignored")
        return None
    session = told.session_of(payload)
    if event == "SessionStart":   # the standing rules open a session; lines at a request or a call say
        # a lesson where it applies, once a session (`told`), and again after the context was compacted
        if payload.get("source") in ("compact", "clear"):
            told.forget(vault, session)
        told.prune(vault)
    said = told.ids(vault, told.PROMPT, session) if task else frozenset()   # session start: the standing rules
    result = activate.context(vault, task, None, _cwd(payload), told=said)
    if result.cues and event == "UserPromptSubmit":
        told.add(vault, told.PROMPT, session, [c.note_id for c in result.cues])
    text = result.text
    if event == "SessionStart":
        reminder = _backlog_reminder(vault)
        text = "\n".join(x for x in (text, reminder) if x)
    if not text:
        return None
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}


def _backlog_reminder(vault) -> str:
    from contextlib import closing

    from memkit.activation import hookindex
    from memkit.storage import index

    con = hookindex.open_index(vault)
    if con is None:
        return ""
    with closing(con):
        waiting, oldest = index.workshop_backlog(con)
    if not waiting or oldest is None:
        return ""
    import time

    row = (waiting, oldest)
    age = (time.time() - row[1] / 1e9) / 86400   # waiting since it entered the workshop
    limit = float(vault.config.get("activation.review_reminder_days"))
    if age < limit:
        return ""
    return (f"memkit: {row[0]} memory candidate(s) wait for review, the oldest {age:.0f} days old — "
            "ask the person to run `memkit review`.")
