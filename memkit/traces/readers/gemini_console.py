"""Gemini CLI console copies: what the terminal showed, pasted into a Markdown or text file.

Owns splitting the text into blocks (`> ` prompts or prompts drawn in a box, `✦` agent text,
boxes of `✔`/`-`/`x` tool calls with their output, `ℹ`/`✕` notices, `$` shell-mode lines) and
turning them into turns, one session per start banner. Tool names become the names Gemini
CLI's own tool API uses. Never counts text inside a tool box or the agent's text as typed,
and never raises on odd text.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn
from memkit.traces.project import project_of
from memkit.traces.readers.console import _body, _dedent, _join, _lines  # the same text conventions

NAME = "gemini_console"
AGENT = "gemini-cli"

BANNER = "Tips for getting started:"          # printed once when the CLI starts: a new session
GLYPHS = {"✔": "", "✓": "", "-": "rejected", "x": "error", "✕": "error", "✗": "error", "?": "", "o": "",
          "⊷": ""}
HEADER = re.compile(r"^(?P<glyph>[✔✓x✕✗?o⊷-])\s{1,2}(?P<name>[A-Za-z_][\w.:-]*)(?: (?P<args>.*))?$")
# display names -> the tool API's names (the ones activation's families know)
TOOLS = {"Shell": "run_shell_command", "ReadFile": "read_file", "ReadManyFiles": "read_many_files",
         "WriteFile": "write_file", "Edit": "replace", "Replace": "replace", "FindFiles": "glob",
         "ReadFolder": "list_directory", "SearchText": "search_file_content",
         "GoogleSearch": "google_web_search", "WebFetch": "web_fetch", "SaveMemory": "save_memory",
         "Save Memory": "save_memory"}
COMMAND = re.compile(r"^/[\w:-]+(\s|$)")
CANCELLED = "Request cancelled."
ABORTED = re.compile(r"\b(user|person) (aborted|cancell?ed)\b", re.I)
TARGET_DIR = re.compile(r"Target Dir: `([^`]+)`")
FOOTER = re.compile(r"^(~?/\S*) \([^)]*\)\s{2,}\S.*\bsandbox\b")   # status line: cwd (branch) … sandbox …
META = frozenset({Flag.META})


@dataclass
class _Block:
    kind: str                  # banner prompt text notice error bang tools info footer
    lines: list[str] = field(default_factory=list)
    start: int = 0             # 1-based line of the file where the block starts


def detect(path: Path, head: str) -> bool:
    if "⏺" in head or "⎿" in head:              # Claude Code's glyphs: the other console reader
        return False
    lines = head.splitlines()
    gemini = (any(ln.startswith("✦ ") or (ln.startswith(" │ ") and HEADER.match(_content(ln, 1)))
                  for ln in lines) or (BANNER in head and "/help for more information" in head))
    prompt = any(ln.startswith("> ") or ln.startswith("│  > ") for ln in lines)
    return gemini and prompt


def read(path: Path) -> list[Session]:
    builder = _Builder(path.stem)
    for block in blocks(_lines(path)):
        builder.block(block)
    return builder.done()


# ---- blocks ------------------------------------------------------------------------------
def blocks(lines: Iterable[str]) -> Iterator[_Block]:
    """The copy's blocks in order; lines that belong to none (the logo, warnings) are dropped."""
    cur: _Block | None = None
    it = enumerate(lines, 1)
    for n, line in it:
        if line.startswith(("╭", " ╭")):
            if cur:
                yield cur
            cur = None
            box, n_end = _box(line, it)
            yield _Block(_box_kind(line, box), box, n)
            if n_end is not None:               # a box the copy left open: that line starts anew
                cur = _start(n_end[1], n_end[0])
            continue
        if cur and (not line.strip() or line.startswith("  ")):
            cur.lines.append(line)              # continuation lines are indented by two
            continue
        if cur:
            yield cur
        cur = _start(line, n)
    if cur:
        yield cur


def _start(line: str, n: int) -> _Block | None:
    kind = _kind(line)
    return _Block(kind, [line], n) if kind else None


def _kind(line: str) -> str | None:
    if line.startswith("> ") or line == ">":
        return "prompt"
    for mark, kind in (("✦ ", "text"), ("ℹ ", "notice"), ("✕ ", "error"), ("$ ", "bang")):
        if line.startswith(mark):
            return kind
    if line.startswith(BANNER):
        return "banner"
    return "footer" if FOOTER.match(line) else None


def _box(first: str, it) -> tuple[list[str], tuple[int, str] | None]:
    """The content lines of a box (borders removed); and the line that ended it, when the
    copy dropped the closing edge."""
    col = first.index("╭")
    out: list[str] = []
    for n, line in it:
        if line[col:col + 1] == "╰":
            return out, None
        if line[col:col + 1] != "│":
            return out, (n, line)
        out.append(_content(line, col))
    return out, None


def _content(line: str, col: int) -> str:
    """A box line without its left edge (and the space after it) and its right edge."""
    body = line[col + 1:]
    body = body[1:] if body.startswith(" ") else body
    return re.sub(r"\s*│$", "", body).rstrip()


def _box_kind(first: str, box: list[str]) -> str:
    if first.startswith(" "):
        return "tools"
    opening = next((ln.strip() for ln in box if ln.strip()), "")
    return "prompt" if opening.startswith("> ") or opening == ">" else "info"


# ---- turns -------------------------------------------------------------------------------
class _Builder:
    def __init__(self, stem: str):
        self.stem = stem
        self.sessions: list[Session] = []
        self.session: Session | None = None
        self.calls = 0

    def block(self, b: _Block) -> None:
        if b.kind == "banner":
            self.close()
            self.session = Session("", AGENT)
        elif b.kind == "prompt":
            self.prompt(prompt_text(b))
        elif b.kind == "text":
            self.add(Turn(Role.ASSISTANT, _body(b.lines)))
        elif b.kind == "tools":
            self.tools(b.lines)
        elif b.kind == "notice":
            text = _body(b.lines)
            interrupt = text == CANCELLED
            self.add(Turn(Role.USER if interrupt else Role.SYSTEM, text,
                          flags=frozenset({Flag.INTERRUPT}) if interrupt else META))
        elif b.kind == "error":
            self.add(Turn(Role.SYSTEM, _body(b.lines), flags=META))
        elif b.kind == "bang":
            self.add(Turn(Role.USER, _body(b.lines), flags=frozenset({Flag.COMMAND})))
        elif b.kind == "footer":
            self.place(FOOTER.match(b.lines[0]).group(1))

    def add(self, turn: Turn) -> None:
        if self.session is None:
            self.session = Session("", AGENT)
        self.session.turns.append(turn)

    def place(self, cwd: str) -> None:
        if self.session is not None and not self.session.cwd:
            self.session.cwd = cwd
            self.session.project = project_of(cwd)

    def prompt(self, text: str) -> None:
        if text:
            self.add(Turn(Role.USER, text, flags=frozenset({Flag.COMMAND}) if COMMAND.match(text) else frozenset()))

    def tools(self, lines: list[str]) -> None:
        for glyph, name, args, output in _calls(lines):
            self.calls += 1
            call = ToolCall(f"c{self.calls}", TOOLS.get(name, name), _input(TOOLS.get(name, name), args))
            turns = self.session.turns if self.session else []
            last = turns[-1] if turns else None
            if last and last.role is Role.ASSISTANT and not last.tool_calls:
                last.tool_calls = (call,)
            else:
                self.add(Turn(Role.ASSISTANT, "", tool_calls=(call,)))
            status = GLYPHS.get(glyph, "")
            if status == "error" and ABORTED.search(output):
                status = "rejected"              # the person stopped it while it ran
            flags = frozenset({Flag.REJECTED if status == "rejected" else Flag.ERROR}) if status else frozenset()
            if output or flags:
                self.add(Turn(Role.TOOL, output or "cancelled", tool_name=call.name, tool_call_id=call.id,
                              flags=flags))
            found = TARGET_DIR.search(output)
            if found:
                self.place(found.group(1))

    def close(self) -> None:
        if self.session is not None and self.session.turns:
            self.session.session_id = f"gemini-{self.stem}-{len(self.sessions) + 1}"
            self.sessions.append(self.session.finish())
        self.session, self.calls = None, 0

    def done(self) -> list[Session]:
        self.close()
        return self.sessions


def prompt_text(b: _Block) -> str:
    """What the person typed: the `> ` marker, the indent of later lines and the CLI's
    trailing ` \\` (how a line break is typed) removed."""
    lines = b.lines[next((k for k, ln in enumerate(b.lines) if ln.strip()), len(b.lines)):]
    if not lines:
        return ""
    first = lines[0].lstrip()
    width = len(lines[0]) - len(first) + 2
    rest = [_dedent(ln, width) for ln in lines[1:]]
    text = "\n".join([first[2:] if first.startswith("> ") else ""] + rest)
    return re.sub(r"[ \t]+\\$", "", text, flags=re.M).strip()


def _calls(lines: list[str]) -> Iterator[tuple[str, str, str, str]]:
    """(glyph, display name, arguments, output) for each call drawn in a tool box."""
    head, out = None, []
    for line in lines:
        m = HEADER.match(line)
        if m:
            if head:
                yield (*head, _join(out))
            head, out = (m.group("glyph"), m.group("name"), (m.group("args") or "").strip()), []
        elif head:
            out.append(_dedent(line, 3))
    if head:
        yield (*head, _join(out))


def _input(name: str, args: str) -> dict:
    if name == "run_shell_command":
        command, description = _split_description(args)
        return {"command": command, **({"description": description} if description else {})}
    if name == "replace":
        m = re.match(r"^(.+?): (.*?) => (.*)$", args)
        if m:
            return {"file_path": m.group(1), "old_string": _clip(m.group(2)), "new_string": _clip(m.group(3))}
        return {"file_path": args}
    if name == "write_file":
        if args.startswith("{"):
            try:
                data = json.loads(args)
                return data if isinstance(data, dict) else {"raw": args}
            except ValueError:
                return {"raw": args}
        return {"file_path": args.removeprefix("Writing to ").strip()}
    if name in ("read_file", "list_directory"):
        return {"file_path" if name == "read_file" else "path": args}
    quoted = re.match(r"^'([^']*)'", args) or re.search(r'"([^"]*)"', args)
    if name in ("glob", "search_file_content") and quoted:
        return {"pattern": quoted.group(1)}
    if name in ("google_web_search", "web_fetch") and quoted:
        return {"query" if name == "google_web_search" else "prompt": quoted.group(1)}
    return {"raw": args}


def _split_description(args: str) -> tuple[str, str]:
    """`cmd (why)` -> (cmd, why): the last parenthesised group when it closes the line."""
    if not args.endswith(")"):
        return args, ""
    depth = 0
    for i in range(len(args) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(args[i], 0)
        if depth == 0:
            return (args[:i].rstrip(), args[i + 1:-1]) if i > 0 and args[i - 1] == " " else (args, "")
    return args, ""


def _clip(text: str) -> str:
    return text[:-3] if text.endswith("...") else text
