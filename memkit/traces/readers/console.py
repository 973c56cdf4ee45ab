"""Claude Code console copies: what the terminal showed, pasted into a Markdown or text file.

Owns splitting the text into blocks (`> ` prompts, `⏺` assistant text and tool calls,
`⎿` results, thinking, boxes) and turning them into turns, one session per welcome
banner. Never counts quoted `> ` lines inside assistant text as prompts, never
presents command or attachment output as typed, and never raises on odd text.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn
from memkit.traces.project import project_of

NAME = "console"
AGENT = "claude-code"

DOTS = ("⏺", "●")                              # the assistant glyph, old and new terminals
RESULT = "  ⎿"
CLOSING = (")", ")…")                      # how the last line of a tool call's header ends
TOOL = re.compile(r"^[⏺●] ([A-Za-z_][\w.:-]*(?: \(MCP\))?)\((.*)$", re.DOTALL)
BARE_TOOLS = {"Update Todos": "TodoWrite", "User approved Claude's plan:": "ExitPlanMode"}
FILE_TOOLS = ("Read", "Write", "Update", "Edit", "MultiEdit", "Create", "NotebookEdit", "NotebookRead")
HOOK = re.compile(r"^(PreToolUse|PostToolUse|UserPromptSubmit|Stop|SubagentStop|SessionStart|"
                  r"SessionEnd|Notification|PreCompact)\b\S* \[")
SPINNER = re.compile(r"^[·✢✳✶✻✽*] \S+… \(")
COMMAND = re.compile(r"^/[\w:-]+(\s|$)")
KEYED_ARG = re.compile(r'^\w+: (?:"(.*?)"|([^,]*))', re.DOTALL)   # 2025 style: Read(file_path: "TODO.md")
CWD = re.compile(r"cwd: (.*?)\s*│?\s*$")
WELCOME = "Welcome to Claude Code"
MARK = "\x00box"                            # stands in the line stream for a box the copy drew
BANNER = MARK + ":welcome:"
COMPACTED = re.compile(r"^=+ Previous Conversation Compacted =+")
CONTINUED = "This session is being continued from a previous conversation"   # a summary, not typed
META = frozenset({Flag.META})
COMPACT = frozenset({Flag.COMPACT_SUMMARY, Flag.META})
INTERRUPTED = "Interrupted by user"
MARKERS = {"hook": (Role.SYSTEM, "", frozenset({Flag.HOOK})),
           "interrupt": (Role.USER, INTERRUPTED, frozenset({Flag.INTERRUPT})),
           "compacted": (Role.SYSTEM, "[conversation compacted]", META)}
REJECTIONS = ("No (tell Claude what to do differently)", "User rejected")
NO_CHANGES = "(No changes)"                 # an edit the person declined: the copy shows no diff
EDITS = ("Update", "Edit", "MultiEdit", "Write", "Create", "NotebookEdit")
PROGRESS = ("Waiting…", "Running…")


def detect(path: Path, head: str) -> bool:
    glyph = "⏺" in head or "●" in head and "⎿" in head
    return glyph and any(ln.startswith("> ") for ln in head.splitlines())


def read(path: Path) -> list[Session]:
    builder = _Builder(path.stem)
    for block in _blocks(_lines(path)):
        builder.block(block)
    return builder.done()


def _lines(path: Path) -> Iterator[str]:
    with open(path, "rb") as f:
        for raw in f:
            yield raw.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\u00a0", " ").rstrip()


@dataclass
class _Block:
    kind: str          # banner prompt bang text thinking call result hook interrupt compacted
    lines: list[str] = field(default_factory=list)
    fence: bool = False             # a column-0 ``` fence is open inside assistant text
    open_args: bool = False         # a tool call whose (arguments) continue on later lines

    def add(self, line: str) -> None:
        self.lines.append(line)
        if self.kind == "text" and line.startswith("```"):
            self.fence = not self.fence


def _blocks(lines: Iterator[str]) -> Iterator[_Block]:
    cur: _Block | None = None
    for line in _unbox(lines):
        if cur and cur.open_args and not line.startswith(DOTS + (RESULT, MARK)):
            cur.add(line)
            cur.open_args = not line.endswith(CLOSING)
            continue
        kind = _kind(line, cur)
        if kind is None:
            if cur:
                cur.add(line)
            continue
        if cur:
            yield cur
        cur = None if kind == "noise" else _Block(kind, [line])
        if cur and kind == "call":
            cur.open_args = not line.endswith(CLOSING)
    if cur:
        yield cur


def _unbox(lines: Iterator[str]) -> Iterator[str]:
    """The lines with each ╭…╰ box replaced by one marker line (a welcome banner keeps its cwd)."""
    box: list[str] | None = None
    for line in lines:
        if box is not None:
            if line.startswith("│"):
                box.append(line)
                continue
            yield _marker(box)
            box = None
            if line.startswith("╰"):
                continue
        if line.startswith("╭"):
            box = [line]
        else:
            yield line
    if box is not None:
        yield _marker(box)


def _marker(box: list[str]) -> str:
    cwd = next((m.group(1) for m in map(CWD.search, box) if m), "")
    return BANNER + cwd if any(WELCOME in ln for ln in box) else MARK


def _kind(line: str, cur: _Block | None) -> str | None:
    if line.startswith(MARK):                 # any box ends the block before it
        return "banner" if line.startswith(BANNER) else "noise"
    if line.startswith("> ") or line == ">":   # a prompt only where one can start: not inside agent text
        quoted = cur is not None and cur.kind in ("text", "result", "thinking") and (cur.fence or cur.lines[-1] != "")
        return None if quoted else "prompt"   # a Markdown quote in a reply, or a line a tool printed
    if line.startswith(DOTS):
        return "call" if TOOL.match(line) or line[2:].strip() in BARE_TOOLS else "text"
    if line.startswith(RESULT):
        return "result"
    if line.startswith("✻ Thinking"):
        return "thinking"
    if line.startswith("! "):
        return "bang"
    if line == INTERRUPTED:
        return "interrupt"
    if COMPACTED.match(line):
        return "compacted"
    if HOOK.match(line):
        return "hook"
    return "noise" if SPINNER.match(line) else None


class _Builder:
    def __init__(self, stem: str):
        self.stem = stem
        self.sessions: list[Session] = []
        self.session: Session | None = None
        self.calls = 0                         # tool calls so far in this session: ids c1, c2 …
        self.pending: ToolCall | None = None   # the call the next ⎿ results answer
        self.context = META                    # flags of ⎿ results that answer no call
        self.items: list[str] = []

    def block(self, b: _Block) -> None:
        if b.kind == "result":
            self.items.append(_result_item(b.lines))
            return
        self.flush(b.kind)
        if b.kind == "banner":
            self.close()
            cwd = b.lines[0][len(BANNER):]
            self.session = Session("", AGENT, cwd=cwd, project=project_of(cwd))
            return
        self.pending, self.context = None, META
        if b.kind in MARKERS:                  # one-line blocks: hook messages, interrupts, compaction
            role, text, flags = MARKERS[b.kind]
            self.add(Turn(role, text or b.lines[0], flags=flags))
        else:
            getattr(self, b.kind)(b)

    def add(self, turn: Turn) -> None:
        if self.session is None:
            self.session = Session("", AGENT)
        self.session.turns.append(turn)

    def last_assistant(self) -> Turn | None:
        turns = self.session.turns if self.session else []
        return turns[-1] if turns and turns[-1].role is Role.ASSISTANT else None

    def prompt(self, b: _Block) -> None:
        text = _body(b.lines).strip()
        if text.startswith(CONTINUED):
            self.add(Turn(Role.SYSTEM, text, flags=COMPACT))
        elif text:
            flags = frozenset({Flag.COMMAND}) if COMMAND.match(text) else frozenset()
            self.context = flags or META
            self.add(Turn(Role.USER, text, flags=flags))

    def bang(self, b: _Block) -> None:
        self.context = frozenset({Flag.COMMAND})
        self.add(Turn(Role.USER, _join(b.lines), flags=frozenset({Flag.COMMAND})))

    def text(self, b: _Block) -> None:
        text = _body(b.lines)
        if text.startswith("Compact summary"):
            self.context = COMPACT             # its ⎿ lines are the summary and re-read files
            return
        last = self.last_assistant()
        if last and not last.text and not last.tool_calls:
            last.text = text                   # the reply that follows its thinking
        else:
            self.add(Turn(Role.ASSISTANT, text))

    def thinking(self, b: _Block) -> None:
        self.add(Turn(Role.ASSISTANT, "", thinking=_join([_dedent(ln, 2) for ln in b.lines[1:]])))

    def call(self, b: _Block) -> None:
        self.attach(_tool_call(b.lines, self.next_id()))

    def next_id(self) -> str:
        self.calls += 1
        return f"c{self.calls}"

    def attach(self, call: ToolCall) -> None:
        self.pending = call
        last = self.last_assistant()
        if last and not last.tool_calls:
            last.tool_calls = (self.pending,)
        else:
            self.add(Turn(Role.ASSISTANT, "", tool_calls=(self.pending,)))

    def flush(self, following: str = "") -> None:
        """Close the pending results; `following` is the kind of the block that comes next."""
        items, self.items = [it for it in self.items if it not in PROGRESS], []
        if self.pending is None and any(it.startswith(REJECTIONS) for it in items):
            # a refused plan: after the agent's text, or shown at once after the prompt
            self.attach(ToolCall(self.next_id(), "ExitPlanMode", {"raw": ""}))
        if self.pending is not None and items:
            declined = (following == "prompt" and items == [NO_CHANGES]
                        and self.pending.name in EDITS)   # the person said no to the edit and typed
            self.tool_result(self.pending, items, declined)
        elif items:                            # command output, attachments, a bare interrupt
            body = [it for it in items if it != INTERRUPTED]
            if body:
                self.add(Turn(Role.SYSTEM, "\n".join(body), flags=self.context))
            if len(body) < len(items):         # the copy shows one interrupt as two ⎿ lines
                self.add(Turn(Role.USER, INTERRUPTED, flags=frozenset({Flag.INTERRUPT})))
        self.pending = None

    def tool_result(self, call: ToolCall, items: list[str], declined: bool = False) -> None:
        interrupted = INTERRUPTED in items
        body = [it for it in items if it != INTERRUPTED]
        flags: set[Flag] = set()
        if declined or any(it.startswith(REJECTIONS) for it in body):
            flags.add(Flag.REJECTED)
        elif interrupted and not body or any(it.startswith("Error") for it in body):
            flags.add(Flag.ERROR)
        self.add(Turn(Role.TOOL, "\n".join(body) or INTERRUPTED, tool_name=call.name,
                      tool_call_id=call.id, flags=frozenset(flags)))
        if interrupted:
            self.add(Turn(Role.USER, INTERRUPTED, flags=frozenset({Flag.INTERRUPT})))

    def close(self) -> None:
        if self.session is not None and self.session.turns:
            self.session.session_id = f"console-{self.stem}-{len(self.sessions) + 1}"
            self.sessions.append(self.session.finish())
        self.session, self.calls = None, 0

    def done(self) -> list[Session]:
        self.flush()
        self.close()
        return self.sessions


def _tool_call(lines: list[str], call_id: str) -> ToolCall:
    m = TOOL.match("\n".join(lines))
    if not m:
        header = lines[0][2:].strip()
        return ToolCall(call_id, BARE_TOOLS.get(header, header), {"raw": ""})
    name, args = m.group(1), re.sub(r"\)…?$", "", m.group(2).rstrip())
    keyed = KEYED_ARG.match(args)
    if keyed and name in FILE_TOOLS + ("Bash",):
        args = next(g for g in keyed.groups() if g is not None)
    key = "command" if name == "Bash" else "file_path" if name in FILE_TOOLS else "raw"
    return ToolCall(call_id, name, {key: args})


def _result_item(lines: list[str]) -> str:
    first = lines[0][len(RESULT):]
    first = first[2:] if first.startswith("  ") else first.lstrip(" ")
    return "\n".join([first] + [_dedent(ln, 5) for ln in lines[1:]]).rstrip()


def _body(lines: list[str]) -> str:
    """A block's text without its marker ("> ", "⏺ ") and the 2-space indent of later lines."""
    return _join([lines[0][2:]] + [_dedent(ln, 2) for ln in lines[1:]])


def _dedent(line: str, width: int) -> str:
    stripped = line.lstrip(" ")
    return stripped if len(line) - len(stripped) <= width else line[width:]


def _join(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n")


