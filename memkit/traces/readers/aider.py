"""aider chat history reader (`.aider.chat.history.md`): one Markdown file, many sessions.

Owns splitting the file on `# aider chat started at` headers and its lines into
typed input (`####`), aider's own output (`>`) and the assistant's Markdown reply,
with SEARCH/REPLACE edit blocks turned into Edit tool calls. Never presents aider's
output, a /code echo or a `####` line inside the reply's fences or edit blocks as typed,
and never raises on odd bytes or torn blocks.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from memkit.traces.model import Session, ToolCall, Turn
from memkit.layers import Flag, Role

NAME = "aider"
AGENT = "aider"

HEADER = re.compile(r"^# aider chat started at (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)")
PROMPT = re.compile(r"^####(?: |$)")
OUTPUT = re.compile(r"^>(?: |$)")
COMMAND = re.compile(r"^(/[\w-]+)\s*(.*)$", re.DOTALL)
MESSAGE_MODES = ("/code", "/ask", "/architect", "/context")   # "/code X" sends X as a prompt
INTERRUPT = re.compile(r"^\^C( again to exit| KeyboardInterrupt)?$")
APPLIED = re.compile(r"^Applied edit to (.+)$")
REFUSED = re.compile(r"\(Y\)es/\(N\)o.*\]: *(n|no)$", re.IGNORECASE)
FAILED = ("did not conform to the edit format", "failed to match", "SearchReplaceNoExactMatch")


def detect(path: Path, head: str) -> bool:
    return path.name.endswith(".aider.chat.history.md") or "# aider chat started at" in head


def read(path: Path) -> list[Session]:
    project = path.resolve().parent.name
    sessions: list[Session] = []
    current = _Session(f"aider-{project}-prelude", None, project)
    for line in _lines(path):
        m = HEADER.match(line)
        if m:
            sessions.append(current.finish())
            y, mo, d, h, mi, s = m.groups()
            current = _Session(f"aider-{y}{mo}{d}-{h}{mi}{s}", f"{y}-{mo}-{d}T{h}:{mi}:{s}", project)
        else:
            current.line(line.rstrip(), line.endswith("  "))
    sessions.append(current.finish())
    return _unique([s for s in sessions if s.turns and (s.started or any(t.typed for t in s.turns))])


def _lines(path: Path) -> Iterator[str]:
    with open(path, "rb") as f:
        for raw in f:
            yield raw.decode("utf-8", errors="replace").lstrip("\ufeff").rstrip("\r\n")


def _unique(sessions: list[Session]) -> list[Session]:
    """Two sessions started in the same second get -2, -3 … so ids stay unique and stable."""
    seen: dict[str, int] = {}
    for s in sessions:
        seen[s.session_id] = seen.get(s.session_id, 0) + 1
        if seen[s.session_id] > 1:
            s.session_id = f"{s.session_id}-{seen[s.session_id]}"
    return sessions


class _Session:
    def __init__(self, session_id: str, started: str | None, project: str):
        self.session = Session(session_id, AGENT, project=project, started=started)
        self.mode: str | None = None          # "user", "aider", "reply" or None between blocks
        self.buf: list[str] = []
        self.fence = False                    # inside a ``` fence of the reply
        self.block = False                    # inside a SEARCH/REPLACE edit block of the reply
        self.blanks = 0                       # blank lines just before this one
        self.echo: str | None = None          # the prompt a /code X will echo next
        self.edits: list[ToolCall] = []       # edits of the last reply awaiting aider's verdict

    def line(self, line: str, hard: bool = False) -> None:
        """One line, right-stripped; hard: it ended in aider's Markdown hard break (two spaces), which
        aider writes after each typed line and each line of its own output, and a reply holds verbatim.
        In the reply's code, `####` and `>` lines are the reply's — unless, after a blank line, they
        end in that hard break: then the reply was cut off inside its fence and the person typed on."""
        code = self.mode == "reply" and (self.fence or self.block) and not (hard and self.blanks)
        self.blanks = self.blanks + 1 if not line else 0
        if PROMPT.match(line) and not code:
            self.switch("user")
            self.buf.append(line[5:])
        elif OUTPUT.match(line) and not code:
            self.switch("aider")
            self.buf.append(line[2:])
        elif not line:
            if self.mode in ("user", "aider"):
                self.switch(None)
            elif self.mode == "reply":
                self.buf.append("")
        else:                                 # reply text, or an unprefixed line of aider output
            if self.mode != "aider":
                self.switch("reply")
            if self.mode == "reply":
                self.code(line.strip())
            self.buf.append(line)

    def code(self, s: str) -> None:
        """Follow the reply's ``` fences and SEARCH/REPLACE blocks (a block may stand outside a fence)."""
        if s.startswith("```"):
            self.fence = not self.fence
        elif s.startswith("<<<<<<< SEARCH"):
            self.block = True
        elif s.startswith(">>>>>>> REPLACE"):
            self.block = False

    def switch(self, mode: str | None) -> None:
        if mode == self.mode:
            return
        lines, self.buf = self.buf, []
        if self.mode == "user":
            self.prompt(_trim(lines).strip())
        elif self.mode == "aider":
            self.output(lines)
        elif self.mode == "reply":
            self.reply(_trim(lines))
        self.mode, self.fence, self.block = mode, False, False

    def add(self, turn: Turn) -> None:
        if not self.session.turns:
            turn.ts = self.session.started
        self.session.turns.append(turn)

    def prompt(self, text: str) -> None:
        self.edits = []
        if self.echo is not None and text == self.echo:
            self.echo = None
            return
        self.echo = None
        m = COMMAND.match(text)
        if m and m.group(1) in MESSAGE_MODES and m.group(2).strip():
            self.echo = m.group(2).strip()
            self.add(Turn(Role.USER, self.echo))
        elif m:
            self.add(Turn(Role.USER, text, flags=frozenset({Flag.COMMAND})))
        elif text:
            self.add(Turn(Role.USER, text))

    def output(self, lines: list[str]) -> None:
        self.verdicts([ln.strip() for ln in lines])
        chunk: list[str] = []
        for line in lines:
            if INTERRUPT.match(line.strip()):
                self.system(chunk)
                chunk = []
                self.add(Turn(Role.USER, line.strip(), flags=frozenset({Flag.INTERRUPT})))
            else:
                chunk.append(line)
        self.system(chunk)

    def system(self, lines: list[str]) -> None:
        text = _trim(lines)
        if text.strip():
            self.add(Turn(Role.SYSTEM, text))

    def verdicts(self, lines: list[str]) -> None:
        """Turn aider's answer to the last reply's edits into tool turns."""
        edits, self.edits = self.edits, []
        applied = {m.group(1) for m in map(APPLIED.match, lines) if m}
        refused = {lines[i - 1] for i, ln in enumerate(lines) if i and REFUSED.search(ln)}
        failure = next((ln for ln in lines if any(f in ln for f in FAILED)), "")
        for call in edits:
            path = call.input["file_path"]
            if path in refused:
                text, flags = f"The user refused the edit to {path}", {Flag.REJECTED}
            elif path in applied:
                text, flags = f"Applied edit to {path}", set()
            elif failure:
                text, flags = failure, {Flag.ERROR}
            else:
                continue
            self.add(Turn(Role.TOOL, text, tool_name="Edit", tool_call_id=call.id, flags=frozenset(flags)))

    def reply(self, text: str) -> None:
        if not text:
            return
        first = sum(len(t.tool_calls) for t in self.session.turns) + 1
        self.edits = _edits(text.split("\n"), first)
        self.add(Turn(Role.ASSISTANT, text, tool_calls=tuple(self.edits)))

    def finish(self) -> Session:
        self.switch(None)
        return self.session.finish()


def _edits(lines: list[str], first: int) -> list[ToolCall]:
    """SEARCH/REPLACE blocks, each named by the path line before its fence (or inside it)."""
    calls: list[ToolCall] = []
    state, path, before_fence, last = "", "", "", ""
    old: list[str] = []
    new: list[str] = []
    for line in lines:
        s = line.strip()
        if state == "search":
            if re.fullmatch(r"={7,}", s):
                state = "replace"
            else:
                old.append(line)
        elif state == "replace":
            if s.startswith(">>>>>>> REPLACE"):
                calls.append(ToolCall(f"edit-{first + len(calls)}", "Edit", {
                    "file_path": path, "old_string": "\n".join(old), "new_string": "\n".join(new)}))
                state = ""
            else:
                new.append(line)
        elif s.startswith("<<<<<<< SEARCH"):
            if not last.startswith(">>>>>>>"):
                path = _path(before_fence if last.startswith("```") else last)
            state, old, new = "search", [], []
        elif s.startswith("```") and not last.startswith("```"):
            before_fence = last
        if s:
            last = s
    return calls


def _path(line: str) -> str:
    return line.strip().strip("`*").strip().rstrip(":")


def _trim(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n")
