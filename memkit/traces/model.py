"""The normalised shape every log reader produces: a Session of Turns.

Readers parse their format once, here at the boundary; everything downstream
(trace rendering, extraction) sees only these values. No I/O in this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memkit.layers import Flag, Role


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    input: Any  # usually a dict; a string for free-form tools (apply_patch)


@dataclass
class Turn:
    role: Role
    text: str = ""
    ts: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()     # assistant turns
    tool_name: str | None = None              # tool turns: the tool whose result this is
    tool_call_id: str | None = None           # tool turns: the call this answers
    flags: frozenset[Flag] = frozenset()
    thinking: str = ""                        # assistant reasoning, kept for completeness
    name: str | None = None                   # speaker name when the format has one
    n: int = 0                                # assigned when the trace is rendered: 1, 2, ...

    @property
    def typed(self) -> bool:
        """True when a person typed this turn (not a marker, not injected text)."""
        return self.role is Role.USER and not (self.flags & {Flag.INTERRUPT, Flag.META,
                                                              Flag.COMPACT_SUMMARY, Flag.COMMAND,
                                                              Flag.SIDECHAIN})


@dataclass
class Session:
    session_id: str
    agent: str                                # claude-code, codex, aider, generic
    turns: list[Turn] = field(default_factory=list)
    project: str = ""
    cwd: str = ""
    started: str | None = None
    ended: str | None = None
    parent_session: str | None = None         # sub-agent sessions name their parent
    agent_id: str | None = None               # sub-agent id within the parent session
    skipped_lines: int = 0                    # lines that were not valid records
    extra: dict[str, Any] = field(default_factory=dict)

    def finish(self) -> "Session":
        """Fill started/ended from turn timestamps and number the turns."""
        stamps = [t.ts for t in self.turns if t.ts]
        if stamps:
            self.started = self.started or min(stamps)
            self.ended = max(stamps + ([self.ended] if self.ended else []))
        for i, turn in enumerate(self.turns, 1):
            turn.n = i
        return self
