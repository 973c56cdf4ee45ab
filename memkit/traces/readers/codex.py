"""OpenAI Codex CLI rollout reader: the wrapped format and the legacy (Sep 2025) one.

Owns turning rollout records into turns: typed prompts from event_msg:user_message
(de-duplicated against their response_item copy), tool calls paired with outputs by
call_id, and injected text (AGENTS.md, <environment_context>, developer messages)
kept as system turns. Never presents injected text as typed, never raises on a bad line.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn
from memkit.traces.project import project_of
from memkit.traces.readers.lines import iter_lines

NAME = "codex"
AGENT = "codex"

WRAPPERS = ("session_meta", "turn_context", "response_item", "event_msg", "compacted")
INJECTED = ("# AGENTS.md instructions", "<environment_context>", "<user_instructions>",
            "<INSTRUCTIONS>", "<permissions instructions>", "<collaboration_mode>")
SHELL_COMMAND = "<user_shell_command>"
ABORTED = "<turn_aborted>"
REJECTED = re.compile(r"(?:exec command|patch|command|tool call) rejected by user\.?")
CALLS = ("function_call", "custom_tool_call", "local_shell_call", "web_search_call")
OUTPUTS = ("function_call_output", "custom_tool_call_output")
UUID = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$", re.IGNORECASE)
EXIT = re.compile(r"^(?:Exit code:|Process exited with code)\s*(-?\d+)", re.MULTILINE)
CWD = re.compile(r"<cwd>(.*?)</cwd>", re.DOTALL)
WRAPPED_HEAD = re.compile(r'"type"\s*:\s*"(' + "|".join(WRAPPERS) + ')"')
LEGACY_HEAD = re.compile(r'^\{\s*"(id"\s*:\s*"[^"]*"\s*,\s*"timestamp"|record_type")')


def detect(path: Path, head: str) -> bool:
    first = next((ln.strip() for ln in head.splitlines() if ln.strip()), "")
    try:
        rec = json.loads(first)
    except (ValueError, RecursionError):          # a session_meta line is often longer than the head
        return bool(first.startswith("{") and '"payload"' in first and WRAPPED_HEAD.search(first)
                    or LEGACY_HEAD.match(first))
    if not isinstance(rec, dict):
        return False
    if rec.get("type") in WRAPPERS and isinstance(rec.get("payload"), dict):
        return True
    return "record_type" in rec or _is_legacy_header(rec)


def read(path: Path) -> list[Session]:
    reader = _Reader()
    with open(path, "rb") as f:
        for raw in iter_lines(f):
            if raw is None:      # longer than memkit keeps whole
                reader.skipped += 1
                continue
            reader.line(raw)
    return reader.sessions(path)


def _is_legacy_header(rec: dict[str, Any]) -> bool:
    return "id" in rec and "timestamp" in rec and "type" not in rec and (
        "instructions" in rec or "git" in rec)


class _Reader:
    def __init__(self) -> None:
        self.turns: list[Turn] = []
        self.skipped = 0
        self.meta: dict[str, Any] = {}
        self.calls: dict[str, str] = {}            # call_id -> tool name
        self.open: Turn | None = None              # assistant turn being assembled
        self.copies: list[tuple[str, Turn]] = []   # response_item copies of events
        self.events: Counter[str] = Counter()      # "prompt:<text>" / "abort" seen as events

    def line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", errors="replace").strip()
        if not text:
            return
        try:
            rec = json.loads(text)
        except (ValueError, RecursionError):
            rec = None
        if not isinstance(rec, dict):
            self.skipped += 1
        elif rec.get("type") in WRAPPERS and isinstance(rec.get("payload"), dict):
            self.wrapped(rec["type"], rec["payload"], _ts(rec.get("timestamp")))
        elif "record_type" in rec:
            return
        elif not self.turns and not self.meta and _is_legacy_header(rec):
            self.session_meta(rec)
        else:
            self.item(rec, _ts(rec.get("timestamp")))

    def wrapped(self, kind: str, p: dict[str, Any], ts: str | None) -> None:
        if kind == "session_meta":
            self.session_meta(p)
        elif kind == "turn_context":
            for key in ("cwd", "model"):
                if isinstance(p.get(key), str) and key not in self.meta:
                    self.meta[key] = p[key]
        elif kind == "response_item":
            self.item(p, ts)
        elif kind == "event_msg":
            self.event(p, ts)
        elif kind == "compacted":
            text = _str(p.get("message")) or "[conversation compacted]"
            self.add(Turn(Role.SYSTEM, text, ts, flags=frozenset({Flag.COMPACT_SUMMARY, Flag.META})))

    def session_meta(self, p: dict[str, Any]) -> None:
        for key in ("id", "timestamp", "cwd", "originator", "cli_version", "source"):
            if isinstance(p.get(key), str) and key not in self.meta:
                self.meta[key] = p[key]
        git = p.get("git")
        if isinstance(git, dict) and isinstance(git.get("branch"), str):
            self.meta.setdefault("branch", git["branch"])
        if _str(p.get("instructions")).strip():
            self.add(Turn(Role.SYSTEM, p["instructions"], _ts(p.get("timestamp")),
                          flags=frozenset({Flag.META})))

    def event(self, p: dict[str, Any], ts: str | None) -> None:
        kind = p.get("type")
        if kind == "user_message" and isinstance(p.get("message"), str):
            self.events[f"prompt:{p['message'].strip()}"] += 1
            self.add(Turn(Role.USER, p["message"], ts))
        elif kind == "turn_aborted" and p.get("reason") == "interrupted":
            self.events["abort"] += 1
            self.add(Turn(Role.USER, "[interrupted by user]", ts, flags=frozenset({Flag.INTERRUPT})))

    def item(self, p: dict[str, Any], ts: str | None) -> None:
        kind = p.get("type")
        if kind == "message":
            self.message(p, ts)
        elif kind == "reasoning":
            thinking = _reasoning(p)
            if thinking:
                turn = self.assistant(ts, fresh=True)
                turn.thinking = f"{turn.thinking}\n\n{thinking}" if turn.thinking else thinking
        elif kind in CALLS:
            call = _call(p)
            self.calls[call.id] = call.name
            turn = self.assistant(ts, fresh=False)
            turn.tool_calls = turn.tool_calls + (call,)
        elif kind in OUTPUTS:
            self.output(p, ts)

    def message(self, p: dict[str, Any], ts: str | None) -> None:
        role, text = p.get("role"), _content(p.get("content"))
        if role == "assistant":
            if text:
                turn = self.assistant(ts, fresh=True)
                turn.text = text
        elif role != "user":
            self.add(Turn(Role.SYSTEM, text, ts, flags=frozenset({Flag.META})))
        elif text.lstrip().startswith(INJECTED):
            found = CWD.search(text)
            if found and "cwd" not in self.meta:
                self.meta["cwd"] = found.group(1).strip()
            self.add(Turn(Role.SYSTEM, text, ts, flags=frozenset({Flag.META})))
        elif text.lstrip().startswith(SHELL_COMMAND):
            self.add(Turn(Role.SYSTEM, text, ts, flags=frozenset({Flag.COMMAND})))
        elif text.lstrip().startswith(ABORTED):
            self.copy("abort", Turn(Role.USER, text, ts, flags=frozenset({Flag.INTERRUPT})))
        elif text:
            self.copy(f"prompt:{text.strip()}", Turn(Role.USER, text, ts))

    def copy(self, key: str, turn: Turn) -> None:
        self.copies.append((key, turn))
        self.add(turn)

    def output(self, p: dict[str, Any], ts: str | None) -> None:
        call_id = _str(p.get("call_id"))
        text, code = _output(p.get("output"))
        flags = set()
        if REJECTED.fullmatch(text.strip()):   # the harness's whole answer, not a line a command printed
            flags.add(Flag.REJECTED)
        elif code not in (None, 0):
            flags.add(Flag.ERROR)
        self.add(Turn(Role.TOOL, text, ts, tool_name=self.calls.get(call_id, "tool"),
                      tool_call_id=call_id or None, flags=frozenset(flags)))

    def assistant(self, ts: str | None, fresh: bool) -> Turn:
        """The assistant turn being assembled; a new one if fresh and it already has content."""
        if self.open is None or fresh and (self.open.text or self.open.tool_calls):
            self.open = Turn(Role.ASSISTANT, "", ts)
            self.turns.append(self.open)
        return self.open

    def add(self, turn: Turn) -> None:
        self.open = None
        self.turns.append(turn)

    def dedupe(self) -> list[Turn]:
        """Drop response_item copies of what event_msg records already gave."""
        drop: set[int] = set()
        left = Counter(self.events)
        have_prompts = any(k.startswith("prompt:") for k in self.events)
        for key, turn in self.copies:
            kind = key.split(":", 1)[0]
            if left[key] > 0:
                left[key] -= 1
                drop.add(id(turn))
            elif kind == "prompt" and have_prompts:
                turn.role, turn.flags = Role.SYSTEM, frozenset({Flag.META})
            elif kind == "abort" and self.events["abort"]:
                drop.add(id(turn))
        return [t for t in self.turns if id(t) not in drop]

    def sessions(self, path: Path) -> list[Session]:
        turns = self.dedupe()
        if not turns:
            return []
        match = UUID.search(path.stem)
        sid = _str(self.meta.get("id")) or (match.group(1) if match else path.stem)
        cwd = _str(self.meta.get("cwd"))
        session = Session(sid, AGENT, turns, project=project_of(cwd), cwd=cwd,
                          started=_ts(self.meta.get("timestamp")), skipped_lines=self.skipped)
        session.extra = {k: self.meta[k] for k in ("originator", "cli_version", "source", "model", "branch")
                         if k in self.meta}
        return [session.finish()]


def _call(p: dict[str, Any]) -> ToolCall:
    call_id = _str(p.get("call_id")) or _str(p.get("id"))
    kind = p.get("type")
    if kind == "local_shell_call":
        return ToolCall(call_id, "local_shell", p.get("action"))
    if kind == "web_search_call":
        return ToolCall(call_id, "web_search", p.get("action"))
    raw = p.get("arguments") if kind == "function_call" else p.get("input")
    if isinstance(raw, str) and kind == "function_call":
        try:
            parsed = json.loads(raw)
        except (ValueError, RecursionError):
            parsed = None
        raw = parsed if isinstance(parsed, dict) else raw
    return ToolCall(call_id, _str(p.get("name")) or "tool", raw)


def _output(raw: Any) -> tuple[str, int | None]:
    """The output as text, and the exit code when the output states one."""
    if isinstance(raw, dict):
        text = raw.get("content", raw.get("output"))
        text, code = _output(text)
        return text, 1 if raw.get("success") is False and code is None else code
    if isinstance(raw, list):
        return _content(raw), None
    text = raw if isinstance(raw, str) else ""
    if text.startswith("{"):
        try:
            rec = json.loads(text)
        except (ValueError, RecursionError):
            rec = None
        if isinstance(rec, dict) and isinstance(rec.get("output"), str):
            meta = rec.get("metadata")
            code = meta.get("exit_code") if isinstance(meta, dict) else None
            return rec["output"], code if isinstance(code, int) else None
    match = EXIT.search(text[:500])
    return text, int(match.group(1)) if match else None


def _content(blocks: Any) -> str:
    if isinstance(blocks, str):
        return blocks
    parts = [b.get("text") for b in blocks or [] if isinstance(b, dict)]
    return "\n".join(p for p in parts if isinstance(p, str) and p)


def _reasoning(p: dict[str, Any]) -> str:
    parts = [b.get("text") for b in p.get("summary") or [] if isinstance(b, dict)]
    if not any(parts) and isinstance(p.get("content"), list):
        parts = [b.get("text") for b in p["content"] if isinstance(b, dict)]
    return "\n\n".join(x for x in parts if isinstance(x, str) and x)


def _ts(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


