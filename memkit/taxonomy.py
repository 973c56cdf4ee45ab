"""The action-type taxonomy: loads data/action_types.toml (plus a vault override) and
classifies concrete tool calls and natural-language text into action-type ids.

It runs inside the PreToolUse hook on every tool call, so it imports only the standard
library, compiles every pattern once per file version, and never touches the network,
the index or the vault beyond reading `<vault>/action_types.toml`.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from memkit.errors import InvalidInput

PACKAGED = Path(__file__).parent / "data" / "action_types.toml"
OVERRIDE_NAME = "action_types.toml"
CONSEQUENCES = ("high", "normal")
PATTERN_KEYS = ("action", "text", "paths", "requires", "unless")
LIST_KEYS = ("tools", "path_tools", "calls")
KNOWN_KEYS = {"id", "about", "consequence", "benign", "disabled", *PATTERN_KEYS, *LIST_KEYS}
EDIT_TOOLS = frozenset({"Edit", "MultiEdit"})

# Other agents' names for the same tools (Codex, Gemini CLI, the Anthropic text editor tool).
ALIASES = {
    "bash": "Bash", "shell": "Bash", "local_shell": "Bash", "exec_command": "Bash",
    "container.exec": "Bash", "run_shell_command": "Bash", "execute_command": "Bash",
    "write_file": "Write", "create_file": "Write", "replace": "Edit", "edit_file": "Edit",
    "read_file": "Read", "list_directory": "LS", "search_file_content": "Grep", "glob": "Glob",
    "web_fetch": "WebFetch", "web_search": "WebSearch", "google_web_search": "WebSearch",
}
PATH_KEYS = ("file_path", "notebook_path", "absolute_path", "path", "filename")
PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.M)
INLINE_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")


@dataclass(frozen=True)
class ActionType:
    id: str
    about: str
    consequence: str
    benign: bool
    tools: frozenset[str] = frozenset()
    path_tools: frozenset[str] = frozenset()
    calls: frozenset[str] = frozenset()
    action: re.Pattern | None = None
    text: re.Pattern | None = None
    paths: re.Pattern | None = None
    requires: tuple[re.Pattern, ...] = ()
    unless: re.Pattern | None = None


@dataclass(frozen=True)
class Call:
    """One tool call reduced to what the patterns read."""

    tool: str
    paths: tuple[str, ...]
    text: str     # action_text: what the call adds or runs
    full: str     # everything in the input, context included (for `requires`)


class Taxonomy:
    def __init__(self, types: dict[str, ActionType]):
        self.types = types

    def classify_action(self, tool_name: str, tool_input: dict | str,
                        include_benign: bool = False) -> set[str]:
        call = _call(tool_name, tool_input)
        return {t.id for t in self.types.values()
                if (include_benign or not t.benign) and _applies(t, call)}

    def classify_text(self, text: str, include_benign: bool = False) -> set[str]:
        found = set()
        for t in self.types.values():
            if t.benign and not include_benign:
                continue
            if t.text is not None and t.text.search(text):
                found.add(t.id)
            elif t.action is not None and t.action.search(text) and _all(t.requires, text):
                found.add(t.id)
        return found

    def about(self, type_id: str) -> str:
        found = self.types.get(type_id)
        return found.about if found else type_id.replace(":", " ").replace("-", " ")


def _all(patterns: tuple[re.Pattern, ...], text: str) -> bool:
    return all(p.search(text) for p in patterns)


def _applies(t: ActionType, call: Call) -> bool:
    if t.calls and call.tool in t.calls:
        hit = True
    elif t.tools and call.tool not in t.tools:
        return False
    else:
        hit = (t.paths is not None and (not t.path_tools or call.tool in t.path_tools)
               and any(t.paths.search(p) for p in call.paths))
        hit = hit or (t.action is not None and t.action.search(call.text) is not None
                      and _all(t.requires, call.full))
    return hit and not (t.unless is not None and t.unless.search(call.text))


def action_text(tool_name: str, tool_input: dict | str) -> str:
    """What a tool call does, as text the `action` patterns read (Edit: only added lines)."""
    return _call(tool_name, tool_input).text


def _call(tool_name: str, tool_input: dict | str) -> Call:
    tool = ALIASES.get(tool_name, tool_name)
    if tool == "apply_patch":
        return _patch(_patch_body(tool_input))
    if isinstance(tool_input, str):
        tool_input = _parse_input(tool, tool_input)
        if isinstance(tool_input, str):
            return Call(tool, (), tool_input, tool_input)
    inp = tool_input if isinstance(tool_input, dict) else {"input": tool_input}
    path = next((str(inp[k]) for k in PATH_KEYS if isinstance(inp.get(k), str)), "")
    paths = (path,) if path else ()
    if tool == "Bash":
        command = _command(inp.get("command", inp.get("cmd")))
        return Call(tool, (), command, command)
    if tool in EDIT_TOOLS:
        edits = inp.get("edits") if tool == "MultiEdit" else [inp]
        pairs = [(_str(e, "old_string", "old_str"), _str(e, "new_string", "new_str"))
                 for e in edits or [] if isinstance(e, dict)]
        added = "\n".join(_added(old, new) for old, new in pairs)
        full = "\n".join([path] + [f"{old}\n{new}" for old, new in pairs])
        return Call(tool, paths, f"{path}\n{added}", full)
    if tool in ("Write", "NotebookEdit"):
        text = f"{path}\n{_str(inp, 'content', 'new_source', 'file_text')}"
        return Call(tool, paths, text, text)
    if tool in ("WebFetch", "WebSearch", "Read", "Glob", "Grep", "LS"):
        keys = ("url", "query", "prompt", "pattern", "glob")
        text = "\n".join([path] + [str(inp[k]) for k in keys if inp.get(k)]).strip()
        return Call(tool, paths, text, text)
    text = json.dumps(tool_input, ensure_ascii=False, default=str)
    return Call(tool, paths, text, text)


def _parse_input(tool: str, raw: str) -> dict | str:
    """A JSON object when the string holds one; else the string (a Bash command or free text)."""
    if raw.lstrip().startswith("{"):
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            return parsed
    return {"command": raw} if tool == "Bash" else raw


def _command(value) -> str:
    if isinstance(value, list):
        parts = [str(v) for v in value]
        if len(parts) >= 3 and parts[0].endswith("sh") and parts[1] in ("-c", "-lc", "-lic"):
            return parts[2]
        return " ".join(parts)
    return str(value or "")


def _str(inp: dict, *keys: str) -> str:
    return next((inp[k] for k in keys if isinstance(inp.get(k), str)), "")


def _added(old: str, new: str) -> str:
    """The lines of `new` that `old` lacks; all of `new` when it only reorders old lines."""
    before = {line.strip() for line in old.splitlines()}
    fresh = [line for line in new.splitlines() if line.strip() not in before]
    return "\n".join(fresh) if fresh else new


def _patch_body(tool_input: dict | str) -> str:
    if isinstance(tool_input, dict):
        return _str(tool_input, "input", "patch", "content") or _command(tool_input.get("command"))
    return str(tool_input)


def _patch(body: str) -> Call:
    """A Codex apply_patch envelope: a Write when it only adds files, else an Edit."""
    files = PATCH_FILE.findall(body)
    paths = tuple(p.strip() for _, p in files)
    added = [line[1:] for line in body.splitlines() if line.startswith("+") and not line.startswith("+++")]
    tool = "Write" if files and all(kind == "Add" for kind, _ in files) else "Edit"
    return Call(tool, paths, "\n".join(paths[:1] + tuple(added)), body)


def load(vault_root: Path | None = None) -> Taxonomy:
    """The packaged taxonomy merged with `<vault_root>/action_types.toml` when present:
    an entry with a known id replaces it, a new id adds a type, `disabled = true` removes."""
    override = Path(vault_root) / OVERRIDE_NAME if vault_root is not None else None
    stamp = _mtime(override) if override is not None else None
    return _load(_mtime(PACKAGED), str(override) if stamp is not None else None, stamp)


def _mtime(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


@functools.lru_cache(maxsize=8)
def _load(_packaged_mtime, override: str | None, _override_mtime) -> Taxonomy:
    entries = {e["id"]: (e, PACKAGED) for e in _entries(PACKAGED)}
    if override is not None:
        for entry in _entries(Path(override)):
            if entry.get("disabled"):
                entries.pop(entry["id"], None)
            else:
                entries[entry["id"]] = (entry, Path(override))
    return Taxonomy({tid: _compile(entry, source) for tid, (entry, source) in entries.items()})


def _entries(path: Path) -> list[dict]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise InvalidInput(f"{path}: malformed TOML: {e} (fix the syntax, or move the file "
                           "away to use the packaged taxonomy)") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"{path}: cannot read the action types: {e}") from None
    entries = data.get("type", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidInput(f"{path}: expected [[type]] tables")
    for n, entry in enumerate(entries, 1):
        _check(entry, path, n)
    return entries


def _check(entry: dict, path: Path, n: int) -> None:
    tid = entry.get("id")
    if not isinstance(tid, str) or not tid:
        raise InvalidInput(f"{path}: [[type]] number {n} has no id (add id = \"family:name\")")
    unknown = set(entry) - KNOWN_KEYS
    if unknown:
        raise InvalidInput(f"{path}: action type {tid!r}: unknown keys {sorted(unknown)} "
                           f"(known: {sorted(KNOWN_KEYS)})")
    if entry.get("disabled"):
        return
    if not isinstance(entry.get("about"), str):
        raise InvalidInput(f"{path}: action type {tid!r} needs about = \"<gerund phrase>\"")
    if entry.get("consequence", "normal") not in CONSEQUENCES:
        raise InvalidInput(f"{path}: action type {tid!r}: consequence must be one of {CONSEQUENCES}")
    for key in PATTERN_KEYS + LIST_KEYS:
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidInput(f"{path}: action type {tid!r}: {key} must be a list of strings")


def _compile(entry: dict, source: Path) -> ActionType:
    tid = entry["id"]

    def one(key: str) -> re.Pattern | None:
        return _join(entry.get(key, []), source, tid, key)

    return ActionType(
        tid, entry["about"], entry.get("consequence", "normal"), bool(entry.get("benign", False)),
        frozenset(entry.get("tools", [])), frozenset(entry.get("path_tools", [])),
        frozenset(entry.get("calls", [])), one("action"), one("text"), one("paths"),
        tuple(_join([p], source, tid, "requires") for p in entry.get("requires", [])),
        one("unless"))


def _join(patterns: list[str], source: Path, tid: str, key: str) -> re.Pattern | None:
    """One compiled alternation; inline flags become scoped groups so they stay local."""
    if not patterns:
        return None
    parts = []
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as e:
            raise InvalidInput(f"{source}: action type {tid!r}: invalid regex in {key}: "
                               f"{pattern!r}: {e}") from None
        if BACKREF.search(pattern):
            raise InvalidInput(f"{source}: action type {tid!r}: {key} pattern {pattern!r} uses a "
                               "numbered backreference; use a named group (?P<q>…)(?P=q)")
        flags = INLINE_FLAGS.match(pattern)
        parts.append(f"(?{flags.group(1)}:{pattern[flags.end():]})" if flags else f"(?:{pattern})")
    try:
        return re.compile("|".join(parts))
    except re.error as e:   # e.g. one group name used in two patterns of the same key
        raise InvalidInput(f"{source}: action type {tid!r}: the {key} patterns clash: {e}") from None


BACKREF = re.compile(r"(?<!\\)\\[1-9]")
