"""Claude Code transcript JSONL reader (2.0 and 2.1 layouts, sub-agent files included).

Owns turning records into turns: assistant records grouped by message id, tool
results paired with their calls, rejections and interrupts marked, and every
injected record (meta, reminders, command wrappers, compaction summaries) kept
but never presented as something the person typed. Never raises on a bad line.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn
from memkit.traces.project import project_of
from memkit.traces.readers.lines import iter_lines

NAME = "claude-code"
AGENT = "claude-code"

REJECTION = "The user doesn't want to proceed with this tool use"
FEEDBACK = "the user said:\n"
INTERRUPT_PREFIX = "[Request interrupted by user"
WRAPPERS = ("<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>",
            "<local-command-stderr>", "<local-command-caveat>", "<task-notification>", "<bash-input>",
            "<bash-stdout>", "<bash-stderr>", "Caveat:", "<user-prompt-submit-hook>")
ENVELOPE = ('"sessionId"', '"parentUuid"', '"leafUuid"', '"file-history-snapshot"', '"queue-operation"')


def detect(path: Path, head: str) -> bool:
    return path.suffix == ".jsonl" and any(k in head for k in ENVELOPE)


def read(path: Path) -> list[Session]:
    state = _Reader(path)
    with open(path, "rb") as f:
        for raw in iter_lines(f):
            state.line(raw)
    return state.sessions()


class _Reader:
    def __init__(self, path: Path):
        self.path = path
        self.turns: list[Turn] = []
        self.skipped = 0
        self.meta: dict[str, Any] = {}
        self.calls: dict[str, str] = {}          # tool_use id -> tool name
        self.open_msg: tuple[str, Turn] | None = None  # assistant message being assembled
        self.summaries: list[str] = []

    def line(self, raw: bytes | None) -> None:
        if raw is None:          # longer than memkit keeps whole
            self.skipped += 1
            return
        text = raw.decode("utf-8", errors="replace").strip()
        if not text:
            return
        try:
            rec = json.loads(text)
        except (ValueError, RecursionError):
            self.skipped += 1
            return
        if not isinstance(rec, dict):
            self.skipped += 1
            return
        self.record(rec)

    def record(self, rec: dict[str, Any]) -> None:
        kind = rec.get("type")
        for key in ("sessionId", "cwd", "agentId", "gitBranch", "version", "slug"):
            if rec.get(key) and key not in self.meta:
                self.meta[key] = rec[key]
        if rec.get("isSidechain"):
            self.meta["sidechain"] = True
        if kind == "assistant":
            self.assistant(rec)
        elif kind == "user":
            self.user(rec)
        elif kind == "system":
            self.system(rec)
        elif kind == "summary" and isinstance(rec.get("summary"), str):
            self.summaries.append(rec["summary"])
        elif kind == "queue-operation" and rec.get("operation") == "enqueue" and isinstance(rec.get("content"), str):
            self.add(Turn(Role.SYSTEM, rec["content"], rec.get("timestamp"), flags=frozenset({Flag.QUEUED})))

    def add(self, turn: Turn) -> None:
        self.open_msg = None if turn.role is not Role.ASSISTANT else self.open_msg
        self.turns.append(turn)

    def assistant(self, rec: dict[str, Any]) -> None:
        msg = rec.get("message") if isinstance(rec.get("message"), dict) else {}
        mid = msg.get("id") or rec.get("uuid") or ""
        blocks = msg.get("content")
        blocks = [{"type": "text", "text": blocks}] if isinstance(blocks, str) else (blocks or [])
        if self.open_msg and self.open_msg[0] == mid:
            turn = self.open_msg[1]
        else:
            turn = Turn(Role.ASSISTANT, "", rec.get("timestamp"), flags=self.side(rec))
            self.turns.append(turn)
            self.open_msg = (mid, turn)
        for b in blocks:
            if not isinstance(b, dict):
                continue
            if b.get("type") == "text" and b.get("text"):
                turn.text = _join(turn.text, b["text"])
            elif b.get("type") == "thinking" and b.get("thinking"):
                turn.thinking = _join(turn.thinking, b["thinking"])
            elif b.get("type") == "tool_use":
                call = ToolCall(str(b.get("id") or ""), str(b.get("name") or "tool"), b.get("input"))
                turn.tool_calls = turn.tool_calls + (call,)
                self.calls[call.id] = call.name
        if rec.get("isApiErrorMessage"):
            turn.flags = turn.flags | {Flag.ERROR}

    def side(self, rec: dict[str, Any]) -> frozenset[Flag]:
        return frozenset({Flag.SIDECHAIN}) if rec.get("isSidechain") else frozenset()

    def user(self, rec: dict[str, Any]) -> None:
        msg = rec.get("message") if isinstance(rec.get("message"), dict) else {}
        content = msg.get("content")
        ts, side = rec.get("timestamp"), self.side(rec)
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        texts: list[str] = []
        for b in content or []:
            if isinstance(b, dict) and b.get("type") == "tool_result":
                self.tool_result(b, ts, side)
            elif isinstance(b, dict) and b.get("type") == "text":
                texts.append(str(b.get("text") or ""))
            elif isinstance(b, dict) and b.get("type") == "image":
                texts.append("[image]")
        text = "\n".join(t for t in texts if t)
        if text:
            role, flags = self.classify_user(text, rec)
            self.add(Turn(role, text, ts, flags=flags | side))

    @staticmethod
    def classify_user(text: str, rec: dict[str, Any]) -> tuple[Role, frozenset[Flag]]:
        stripped = text.lstrip()
        if rec.get("isCompactSummary"):
            return Role.SYSTEM, frozenset({Flag.COMPACT_SUMMARY, Flag.META})
        if rec.get("isMeta") or stripped.startswith("<system-reminder>"):
            return Role.SYSTEM, frozenset({Flag.META})
        if stripped.startswith(INTERRUPT_PREFIX):
            return Role.USER, frozenset({Flag.INTERRUPT})
        if stripped.startswith(WRAPPERS):
            return Role.SYSTEM, frozenset({Flag.COMMAND})
        return Role.USER, frozenset()

    def tool_result(self, b: dict[str, Any], ts: str | None, side: frozenset[Flag]) -> None:
        out = _content_text(b.get("content"))
        flags = set(side)
        if b.get("is_error") is True:   # the harness's own verdict; the text alone is the tool's (or the agent's)
            flags.add(Flag.ERROR)
            if out.startswith(REJECTION):
                flags.add(Flag.REJECTED)
            elif out.startswith(INTERRUPT_PREFIX):
                flags.add(Flag.INTERRUPT)
        call_id = str(b.get("tool_use_id") or "")
        self.add(Turn(Role.TOOL, out, ts, tool_name=self.calls.get(call_id, "tool"),
                      tool_call_id=call_id, flags=frozenset(flags)))

    def system(self, rec: dict[str, Any]) -> None:
        sub = rec.get("subtype") or ""
        if sub in ("turn_duration", "api_error") or not rec.get("content") and sub != "compact_boundary":
            return
        text = str(rec.get("content") or sub)
        if sub == "compact_boundary":
            text = f"[conversation compacted ({(rec.get('compactMetadata') or {}).get('trigger', '?')})]"
        flags = {Flag.HOOK} if "hook" in sub else {Flag.COMMAND} if sub == "local_command" else {Flag.META}
        self.add(Turn(Role.SYSTEM, text, rec.get("timestamp"), flags=frozenset(flags) | self.side(rec)))

    def sessions(self) -> list[Session]:
        sid = str(self.meta.get("sessionId") or self.path.stem)
        if not self.turns and not self.summaries:
            return []
        cwd = str(self.meta.get("cwd") or "")
        s = Session(sid, AGENT, self.turns, project=project_of(cwd), cwd=cwd, skipped_lines=self.skipped)
        if self.meta.get("sidechain") or self.path.stem.startswith("agent-"):
            s.parent_session, s.agent_id = sid, str(self.meta.get("agentId") or self.path.stem[6:])
        s.extra = {k: self.meta[k] for k in ("gitBranch", "version", "slug") if k in self.meta}
        if self.summaries:
            s.extra["titles"] = self.summaries[-5:]
        return [s.finish()]


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for b in content or []:
        if isinstance(b, dict):
            parts.append(str(b.get("text") or ("[image]" if b.get("type") == "image" else "")))
    return "\n".join(p for p in parts if p)


def _join(a: str, b: str) -> str:
    return f"{a}\n\n{b}" if a else b


def rejection_feedback(text: str) -> str:
    """The reason a person typed when rejecting a tool call, if the harness recorded one."""
    i = text.find(FEEDBACK)
    return text[i + len(FEEDBACK):].strip() if i >= 0 else ""
