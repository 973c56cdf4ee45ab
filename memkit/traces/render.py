"""Trace files (layer 1): one complete, readable Markdown file per agent session.

Owns the trace format in both directions: render a Session to Markdown with a
`^tN` anchor on every turn heading, and parse that Markdown back into Turns, so
extraction always reads the file (the source of truth), never the raw log.
Never drops a turn and never lets text inside a turn pose as a turn heading or a link.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from memkit import rxcache
from memkit.layers import Flag, Role
from memkit.traces.model import Session, ToolCall, Turn

AGENT_SHORT = {"claude-code": "claude", "codex": "codex", "aider": "aider", "generic": "generic",
               "gemini-cli": "gemini"}
_HEADING = rxcache.compile(r"^## Turn (\d+) · .* \^t\1\s*$")
_ESCAPED = rxcache.compile(r"^(\\*)## Turn ", re.M)
_META = rxcache.compile(r"^<!-- memkit (\{.*\}) -->$")
_CALL = rxcache.compile(r"^(`{3,})(json|text) memkit-call (\S+) (\S+)\s*$")
_SAFE_TOOL = rxcache.compile(r"\s+")
_OUTPUT = rxcache.compile(r"^(`{3,})text memkit-output\s*$")
_SAFE_ID = rxcache.compile(r"[^A-Za-z0-9]+")
_TICKS = rxcache.compile(r"`+")
_JOINER = "\u2060"   # WORD JOINER: invisible, and no wikilink parser reads `[`+it+`[` as `[[`
_LINK_OPEN = rxcache.compile("\\[(?=\u2060*\\[)")
_LINK_OPENED = rxcache.compile("\\[\u2060(?=\u2060*\\[)")


_RANDOM_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.I)   # a UUID v4


def trace_id(session: Session, length: int = 8, legacy: bool = False) -> str:
    """Readable and deterministic: date, agent, and the session id's first characters when they are
    random (a UUID v4, as Claude Code's), else the first characters of its digest: an aider log's
    `aider-20260409-…`, a console copy's name, a Codex UUID v7 (its time first) or a generic log's
    `session-1` would give two sessions one id, and two clones of a team vault one file for both.
    legacy: the id memkit gave every session before (the session id's own first characters)."""
    date = (session.started or "")[:10]
    date = date if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) else "undated"
    sid = _SAFE_ID.sub("", session.session_id).lower()
    if not sid or sid != session.session_id.replace("-", "").lower() or not (
            legacy or _RANDOM_ID.fullmatch(session.session_id)):
        sid = hashlib.sha256(session.session_id.encode()).hexdigest()  # not random, hostile or odd
    tid = f"{date}-{AGENT_SHORT.get(session.agent, 'generic')}-{sid[:length]}"
    if session.agent_id:
        tid += "-" + (_SAFE_ID.sub("", session.agent_id).lower()[:24] or "agent")
    return tid


# Trace frontmatter keys. The agent's own session id and the source log were once `session` and a
# `source` mapping; other notes use those names for wikilinks, so a property keeps one type in
# Obsidian. Vaults written before still read through session_of() and log_of().
SESSION_KEY = "session_id"
LOG_KEYS = ("log_path", "log_sha256", "log_bytes")


def session_of(meta: dict[str, Any]) -> str:
    """The agent's session id of a trace's frontmatter, in the current or the earlier layout."""
    value = meta.get(SESSION_KEY) or meta.get("session") or ""
    return "" if str(value).startswith("[[") else str(value)


def log_of(meta: dict[str, Any]) -> dict[str, Any]:
    """{path, sha256, bytes} of the log a trace came from (an earlier layout's `source` mapping too)."""
    old = meta.get("source")
    if isinstance(old, dict) and not any(k in meta for k in LOG_KEYS):
        return dict(old)
    return {k.split("_", 1)[1]: meta.get(k) for k in LOG_KEYS if k in meta}


def folder(tid: str) -> str:
    return "traces/undated" if tid.startswith("undated") else f"traces/{tid[:4]}/{tid[5:7]}"


# ---- rendering -------------------------------------------------------------
def render_body(session: Session) -> str:
    when = (session.started or "undated")[:16].replace("T", " ")
    first = next((" ".join(t.text.split())[:80] for t in session.turns if t.typed and t.text.strip()), "")
    where = session.project or session.cwd or session.session_id
    title = _links_off(f"# {where}: {first}" if first else f"# {where}")
    parts = [title, "", f"Session `{session.session_id}` · {session.agent} · {when}"
             + (f" · `{session.cwd}`" if session.cwd else ""), ""]
    if session.parent_session:
        parts += [f"Sub-agent `{session.agent_id}` of session `{session.parent_session}`.", ""]
    for turn in session.turns:
        parts.append(_render_turn(turn))
    return "\n".join(parts).rstrip("\n") + "\n"


def _label(turn: Turn) -> str:
    if turn.role is Role.TOOL:
        label = f"tool {turn.tool_name or ''}".rstrip()
        if Flag.REJECTED in turn.flags:
            return label + " — rejected by the user"
        if Flag.INTERRUPT in turn.flags:
            return label + " — interrupted by the user"
        return label + (" — error" if Flag.ERROR in turn.flags else "")
    if turn.role is Role.USER:
        if Flag.SIDECHAIN in turn.flags:
            return "user (parent agent)"
        return "user — interrupted the agent" if Flag.INTERRUPT in turn.flags else "user"
    if turn.role is Role.SYSTEM:
        marks = sorted(f.value for f in turn.flags if f is not Flag.SIDECHAIN)
        return "system" + (f" ({', '.join(marks)})" if marks else "")
    return "assistant" + (" (sub-agent)" if Flag.SIDECHAIN in turn.flags else "")


def _render_turn(turn: Turn) -> str:
    meta: dict[str, Any] = {"role": turn.role.value}
    for key, value in (("ts", turn.ts), ("tool", turn.tool_name), ("call", turn.tool_call_id),
                       ("name", turn.name)):
        if value:
            meta[key] = value
    if turn.flags:
        meta["flags"] = sorted(f.value for f in turn.flags)
    lines = [f"## Turn {turn.n} · {_label(turn)} ^t{turn.n}",
             f"<!-- memkit {json.dumps(meta, ensure_ascii=False)} -->"]
    if turn.thinking:
        lines.append("> [!thinking]-\n" + "\n".join("> " + x for x in _escape(turn.thinking).split("\n")))
        lines.append("")
    if turn.role is Role.TOOL:
        lines.append(_fence("text memkit-output", _escape(turn.text)))
    elif turn.text:
        lines.append(_closed(_escape(turn.text)))
    for call in turn.tool_calls:
        name = _SAFE_TOOL.sub("_", call.name) or "tool"
        if isinstance(call.input, str):
            lines.append(_fence(f"text memkit-call {name} {call.id or '-'}", _escape(call.input)))
        else:
            lines.append(_fence(f"json memkit-call {name} {call.id or '-'}",
                                _escape(json.dumps(call.input, ensure_ascii=False, indent=1))))
    return "\n".join(lines) + "\n"


CLOSED = "<!-- memkit: fence closed -->"   # after the fence memkit closed for a message that left one open


def _closed(text: str) -> str:
    """A message that opens a code fence and never closes it (a paste cut short) closed, so the
    turns after it stay headings in any Markdown viewer; parsing takes the closing away again."""
    if "``" not in text and "~~" not in text:
        return text
    from memkit.storage.notes import fence_after

    opened = ""
    for line in text.split("\n"):
        opened = fence_after(opened, line)
    return f"{text}\n{opened}\n{CLOSED}" if opened else text


def _fence(info: str, text: str) -> str:
    longest = max((len(m) for m in _TICKS.findall(text)), default=0) if "`" in text else 0   # most hold none
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text}\n{ticks}"   # callers escape: headings are found before fences are


def _escape(text: str) -> str:
    if "## Turn " in text:   # a heading-like line (the search alone would try every character)
        text = _ESCAPED.sub(lambda m: "\\" + m.group(0), text)
    if CLOSED in text:   # the marker said by someone: kept as said, not taken for memkit's
        text = re.sub(rf"^(\\*){re.escape(CLOSED)}$", lambda m: "\\" + m.group(0), text, flags=re.M)
    return _links_off(text)


def _links_off(text: str) -> str:
    """`[[x]]` in a message is the speaker's text, not a link of the vault: an invisible word joiner
    between the brackets shows the same in Obsidian and links nothing (a backslash escape does not
    survive every Markdown parser, nor a code block). Reversible: every `[` before (joiners and)
    `[` gains one joiner; parsing takes one away."""
    return _LINK_OPEN.sub("[" + _JOINER, text) if "[[" in text or _JOINER in text else text


def _unescape(text: str) -> str:
    if _JOINER in text:
        text = _LINK_OPENED.sub("[", text)
    if CLOSED in text:
        text = re.sub(rf"^\\(\\*{re.escape(CLOSED)})$", r"\1", text, flags=re.M)
    return re.sub(r"^\\(\\*## Turn )", r"\1", text, flags=re.M) if "## Turn " in text else text


# ---- parsing ---------------------------------------------------------------
# The heading as a whole-body pattern: `[^\S\n]` keeps a heading on its own line.
_HEADINGS = rxcache.compile(r"^## Turn (\d+) · .* \^t\1[^\S\n]*$", re.M)


def _headings(body: str) -> list[re.Match]:
    """_HEADINGS.finditer(body), tried only where a line starts with "## Turn " (the regex
    engine alone would try every character of a long trace)."""
    starts = [0] if body.startswith("## Turn ") else []
    at = body.find("\n## Turn ")
    while at >= 0:
        starts.append(at + 1)
        at = body.find("\n## Turn ", at + 1)
    return [m for m in (_HEADINGS.match(body, at) for at in starts) if m]


def parse_turns(body: str) -> list[Turn]:
    """The turns of a trace body, as rendered by render_body (edits between turns tolerated)."""
    turns: list[Turn] = []
    heads = _headings(body)
    for k, m in enumerate(heads):
        turn = Turn(Role.SYSTEM, n=int(m.group(1)))
        end = heads[k + 1].start() - 1 if k + 1 < len(heads) else len(body)
        _fill(turn, body[m.end() + 1:end].split("\n") if end > m.end() else [])
        turns.append(turn)
    return turns


def parse_turn(body: str, n: int, spans: dict[int, tuple[int, int]] | None = None) -> Turn | None:
    """Turn n alone, without parsing the others (quoting evidence needs one turn of a long trace).
    spans: `turn_spans(body)`, kept by a caller quoting several turns of one trace."""
    span = (turn_spans(body) if spans is None else spans).get(n)
    if span is None:
        return None
    found = parse_turns(body[span[0]:span[1]])
    return found[0] if found else None


def turn_spans(body: str) -> dict[int, tuple[int, int]]:
    """Where each turn of a body lies, {n: (start, end)}; of two headings with one number the last
    wins, as in a {n: turn} map of parse_turns."""
    heads = _headings(body)
    ends = [m.start() for m in heads[1:]] + [len(body)]
    return {int(m.group(1)): (m.start(), end) for m, end in zip(heads, ends)}


def _fill(turn: Turn, lines: list[str]) -> None:
    meta: dict[str, Any] = {}
    if lines and lines[0].startswith("<!-- memkit {") and (m := _META.match(lines[0])):
        try:
            meta = json.loads(m.group(1))
        except ValueError:
            meta = {}
        lines = lines[1:]
    try:
        turn.role = Role(meta.get("role", "system"))
    except ValueError:
        turn.role = Role.SYSTEM
    turn.ts, turn.tool_name, turn.tool_call_id, turn.name = (meta.get("ts"), meta.get("tool"),
                                                             meta.get("call"), meta.get("name"))
    turn.flags = frozenset(Flag(f) for f in meta.get("flags", []) if f in Flag._value2member_map_)
    text, calls, thinking = _split_blocks(lines)
    turn.text, turn.tool_calls, turn.thinking = text, tuple(calls), thinking


def _split_blocks(lines: list[str]) -> tuple[str, list[ToolCall], str]:
    out: list[str] = []
    calls: list[ToolCall] = []
    thinking: list[str] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if line.startswith("```"):
            call, output = _CALL.match(line), _OUTPUT.match(line)
            if call or output:
                ticks = (call or output).group(1)
                try:
                    j = lines.index(ticks, i + 1)
                except ValueError:
                    j = n
                content = "\n".join(lines[i + 1:j])
                if call:
                    calls.append(_call(call.group(2), call.group(3), call.group(4), content))
                else:
                    out.append(content)
                i = j + 1
                continue
        elif line == "> [!thinking]-":
            j = i + 1
            while j < n and lines[j].startswith(">"):
                thinking.append(lines[j][2:])
                j += 1
            i = j
            continue
        out.append(line)
        i += 1
    while out and not out[-1]:
        out.pop()
    if len(out) >= 2 and out[-1] == CLOSED and out[-2].strip(" `~") == "":   # the fence render closed
        out = out[:-2]
    return _unescape("\n".join(out).strip("\n")), calls, _unescape("\n".join(thinking))


def _call(kind: str, name: str, ident: str, content: str) -> ToolCall:
    ident, content = ("" if ident == "-" else ident), _unescape(content)
    if kind == "text":
        return ToolCall(ident, name, content)
    try:
        data: Any = json.loads(content)
    except ValueError:
        data = content
    return ToolCall(ident, name, data)
