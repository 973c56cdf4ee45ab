"""memkit's own generic JSONL format: an optional session header, then one message per line.

Owns mapping each message line to exactly one turn (never merging or splitting
lines) and pairing tool results with their calls by id. Never raises on a bad
line: it is counted in skipped_lines, and unknown keys are ignored.
"""
from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn
from memkit.traces.project import project_of
from memkit.traces.readers.lines import iter_lines

NAME = "generic"
AGENT = "generic"

ROLES = {"user": Role.USER, "assistant": Role.ASSISTANT, "tool": Role.TOOL, "system": Role.SYSTEM}
FOREIGN_KEYS = ("sessionId", "uuid", "parentUuid")          # a Claude Code record, not ours
WRAPPER_TYPES = ("session_meta", "turn_context", "response_item", "event_msg", "compacted")
HEAD_START = re.compile(r'\{\s*"(role"\s*:\s*"(user|assistant|tool|system)|type"\s*:\s*"session)"')


def detect(path: Path, head: str) -> bool:
    for line in head.splitlines():
        rec = _parse(line)
        if rec is None:
            if HEAD_START.match(line) and not any(f'"{k}"' in line for k in FOREIGN_KEYS):
                return True                    # a first line longer than the head
            continue
        if rec.get("type") == "session" and "payload" not in rec:
            return True
        if any(k in rec for k in FOREIGN_KEYS) or rec.get("type") in WRAPPER_TYPES:
            return False
        return rec.get("role") in ROLES and "content" in rec
    return False


def read(path: Path) -> list[Session]:
    header: dict[str, Any] = {}
    turns: list[Turn] = []
    calls: dict[str, str] = {}                # tool call id -> tool name
    skipped = 0
    with open(path, "rb") as f:
        for raw in iter_lines(f):
            if raw is None:      # longer than memkit keeps whole
                skipped += 1
                continue
            line = raw.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            rec = _parse(line)
            if rec is None:
                skipped += 1
            elif rec.get("type") == "session" and not turns and not header:
                header = rec
            elif rec.get("role") in ROLES:
                turns.append(_turn(rec, calls))
            else:
                skipped += 1
    if not turns:
        return []
    cwd = _str(header.get("cwd"))
    session = Session(_str(header.get("session_id")) or path.stem, _str(header.get("agent")) or AGENT,
                      turns, project=_str(header.get("project")) or project_of(cwd), cwd=cwd,
                      skipped_lines=skipped)
    return [session.finish()]


def _turn(rec: dict[str, Any], calls: dict[str, str]) -> Turn:
    role = ROLES[rec["role"]]
    turn = Turn(role, _content(rec.get("content")), _timestamp(rec.get("timestamp")),
                name=_str(rec.get("name")) or None)
    if role is Role.ASSISTANT:
        turn.tool_calls = tuple(_calls(rec.get("tool_calls")))
        calls.update((c.id, c.name) for c in turn.tool_calls)
    elif role is Role.TOOL:
        turn.tool_call_id = _str(rec.get("tool_call_id")) or None
        turn.tool_name = turn.name or calls.get(turn.tool_call_id or "") or None
        turn.name = None
        turn.flags = frozenset({Flag.ERROR} if rec.get("is_error") else ()) | (
            {Flag.REJECTED} if rec.get("rejected") else set())
    elif role is Role.USER and rec.get("interrupt"):
        turn.flags = frozenset({Flag.INTERRUPT})
    elif role is Role.SYSTEM:
        turn.flags = frozenset({Flag.META})
    return turn


def _calls(raw: Any) -> list[ToolCall]:
    out = []
    for k, c in enumerate(raw if isinstance(raw, list) else [], 1):
        if isinstance(c, dict):
            args = c.get("input", c.get("arguments"))
            if isinstance(args, str):
                args = _json_or_str(args)
            out.append(ToolCall(_str(c.get("id")) or f"call-{k}", _str(c.get("name")) or "tool", args))
    return out


def _content(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text") if isinstance(b, dict) else b for b in content]
        return "\n".join(p for p in parts if isinstance(p, str) and p)
    return "" if content is None else json.dumps(content, ensure_ascii=False)


def _parse(line: str) -> dict[str, Any] | None:
    try:
        rec = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return rec if isinstance(rec, dict) else None


def _json_or_str(text: str) -> Any:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return text
    return value if isinstance(value, dict) else text


def _timestamp(value: Any) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        stamp = datetime.fromtimestamp(value / 1000 if value > 1e11 else value, UTC)
        return stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return value if isinstance(value, str) and value else None


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


