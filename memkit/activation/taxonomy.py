"""The action-type taxonomy: loads data/action_types.toml (plus a vault override) and
classifies tool calls and natural-language text into action-type ids.

It runs in the PreToolUse hook on every tool call: standard library only, each regex
compiled at most once per process and only when a text holds one of its literals; it
never touches the network or the index, and writes nothing but its cache in `.memkit/`.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from pathlib import Path

from memkit import DATA
from memkit.activation import literals as taxliterals
from memkit.errors import InvalidInput

PACKAGED = DATA / "action_types.toml"
OVERRIDE_NAME = "action_types.toml"
STATE_DIR, CACHE_NAME = ".memkit", "action_types.cache.json"   # disposable, like all of .memkit/
CACHE_VERSION = 5   # bump whenever `taxliterals.literals` or the cache layout changes
CONSEQUENCES = ("high", "normal")
MEMO_SIZE = 4096   # texts whose types a taxonomy remembers
PATTERN_KEYS = ("action", "text", "paths", "requires", "unless")
LIST_KEYS = ("tools", "path_tools", "calls")
KNOWN_KEYS = {"id", "about", "consequence", "benign", "generic", "disabled", *PATTERN_KEYS, *LIST_KEYS}
PATH_KEYS = ("file_path", "notebook_path", "absolute_path", "path", "filename")
ALIASES = {"shell": "Bash", "local_shell": "Bash", "exec_command": "Bash", "container.exec": "Bash"}
PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.MULTILINE)   # Codex apply_patch


class Patterns:
    """The regexes of one key of one type. Each compiles on first use, and is not tried on
    a text that lacks one of its required literals (see `memkit.taxliterals`)."""

    __slots__ = ("_compiled", "any_literal", "literals", "sources", "where")

    def __init__(self, sources: tuple[str, ...], literals: tuple, where: str):
        self.sources, self.literals, self.where = sources, literals, where
        self.any_literal = None if None in literals else frozenset().union(*(c[0] for c in literals))
        self._compiled: list[re.Pattern | None] = [None] * len(sources)

    def compile(self, n: int) -> re.Pattern:
        if self._compiled[n] is None:
            try:
                self._compiled[n] = re.compile(self.sources[n])
            except re.error as e:
                raise InvalidInput(f"{self.where}: invalid regex {self.sources[n]!r}: {e}") from None
        return self._compiled[n]

    def search(self, doc: tuple[str, frozenset]) -> bool:
        text, present = doc
        if self.any_literal is not None and self.any_literal.isdisjoint(present):
            return False
        n = -1
        for clauses in self.literals:   # plain loops: this runs ~50 times per classified text
            n += 1
            if clauses is not None:
                for c in clauses:
                    if c.isdisjoint(present):
                        break
                else:
                    clauses = None
                if clauses is not None:
                    continue
            if (self._compiled[n] or self.compile(n)).search(text):
                return True
        return False


class ActionType:
    """One action type. A plain class, not a dataclass: `dataclasses` costs the hook ~8 ms of imports."""

    __slots__ = ("id", "about", "consequence", "benign", "tools", "path_tools", "calls", "action", "text",
                 "paths", "requires", "unless", "generic")

    def __init__(self, id: str, about: str, consequence: str, benign: bool,
                 tools: frozenset[str] = frozenset(), path_tools: frozenset[str] = frozenset(),
                 calls: frozenset[str] = frozenset(), action: Patterns | None = None, text: Patterns | None = None,
                 paths: Patterns | None = None, requires: tuple[Patterns, ...] = (), unless: Patterns | None = None,
                 generic: bool = False):   # generic: a broad trait (any push, any new file), weak beside a specific type
        self.id, self.about, self.consequence, self.benign = id, about, consequence, benign
        self.tools, self.path_tools, self.calls = tools, path_tools, calls
        self.action, self.text, self.paths, self.requires, self.unless = action, text, paths, requires, unless
        self.generic = generic

    def __repr__(self) -> str:
        return f"ActionType({self.id!r})"


class Call:
    __slots__ = ("tool", "paths", "text", "full")

    def __init__(self, tool: str, paths: tuple[str, ...], text: str, full: str):
        self.tool, self.paths = tool, paths
        self.text = text   # action_text: what the call adds or runs
        self.full = full   # everything in the input, context included (for `requires`)


class Taxonomy:
    def __init__(self, types: dict[str, ActionType], derived: tuple | None = None):
        self.types = types
        self._memo: dict[tuple, frozenset[str]] = {}
        if derived is not None:   # from a snapshot (see _snapshot)
            self._short, self._by_head, self._index, self._always = derived
            self._heads = frozenset(self._by_head)
            return
        keys = [p for t in types.values() for p in (t.action, t.text, t.paths, t.unless, *t.requires) if p]
        literals = {lit for p in keys for cs in p.literals if cs for c in cs for lit in c}
        self._short = tuple(sorted(lit for lit in literals if len(lit) < 3))
        self._by_head: dict[str, list[str]] = {}
        for lit in sorted(literals - set(self._short)):
            self._by_head.setdefault(lit[:3], []).append(lit)
        self._heads = frozenset(self._by_head)
        # literal -> ids of the types whose `action` (or `text`) may match a text holding it
        self._index: dict[str, dict[str, set[str]]] = {"action": {}, "text": {}}
        self._always: dict[str, set[str]] = {"action": set(), "text": set(), "paths": set()}
        for t in types.values():
            for key, found in (("action", t.action), ("text", t.text)):
                for lit in found.any_literal or () if found else ():
                    self._index[key].setdefault(lit, set()).add(t.id)
                if found and found.any_literal is None:
                    self._always[key].add(t.id)
            if t.paths or t.calls:
                self._always["paths"].add(t.id)

    def classify_action(self, tool_name: str, tool_input: dict | str, include_benign: bool = False,
                        context: str = "", relax: bool = False) -> set[str]:
        """context: more of the file being edited, read by `requires`; relax: ignore `requires`
        (the caller then needs other evidence that the context holds, e.g. the same folder)."""
        key = None
        if not context:   # remembered like texts: extraction classifies each call of a session often
            try:
                blob = tool_input if isinstance(tool_input, str) else json.dumps(tool_input, sort_keys=True,
                                                                                 default=str)
            except (TypeError, ValueError, RecursionError):
                blob = ""
            if blob and len(blob) <= 4096:
                key = (tool_name, isinstance(tool_input, str), blob, include_benign, relax)
                known = self._memo.get(key)
                if known is not None:
                    return set(known)
        found = self._classify_action(tool_name, tool_input, include_benign, context, relax)
        if key is not None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            self._memo[key] = frozenset(found)
        return found

    def _classify_action(self, tool_name: str, tool_input: dict | str, include_benign: bool, context: str,
                         relax: bool) -> set[str]:
        call = _call(tool_name, tool_input)
        text, paths = self._doc(call.text), tuple(map(self._doc, call.paths))
        full = self._doc(call.full + ("\n" + context if context else ""))
        types = (self.types[tid] for tid in self._candidates(text[1], "action", "paths"))
        return {t.id for t in types
                if (include_benign or not t.benign) and _applies(t, call.tool, text, full, paths, relax)}

    def classify_text(self, text: str, include_benign: bool = False) -> set[str]:
        """Text and action patterns (lessons quote code); `unless` is not applied to prose.
        Remembered per text: the same trigger and lesson are classified at extraction and again
        by the index, and commands such as "Bash: npm test" recur across sessions."""
        key = (text, include_benign)
        known = self._memo.get(key)
        if known is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            known = self._memo[key] = frozenset(self._classify_text(text, include_benign))
        return set(known)

    def _classify_text(self, text: str, include_benign: bool) -> set[str]:
        doc, found = self._doc(text), set()
        for t in (self.types[tid] for tid in self._candidates(doc[1], "action", "text")):
            if t.benign and not include_benign:
                continue
            if (t.text is not None and t.text.search(doc)) or (
                    t.action is not None and t.action.search(doc) and all(r.search(doc) for r in t.requires)):
                found.add(t.id)
        return found

    def specific(self, type_ids: set[str]) -> set[str]:
        """Drop broad traits when something more specific is there: "don't push to main"
        is about main, not about every push."""
        narrow = {t for t in type_ids if t in self.types and not self.types[t].generic}
        return narrow if narrow else set(type_ids)

    def about(self, type_id: str) -> str:
        found = self.types.get(type_id)
        return found.about if found else type_id.replace(":", " ").replace("-", " ")

    def _candidates(self, present: frozenset, *keys: str) -> set[str]:
        found = set().union(*(self._always[key] for key in keys))
        for index in (self._index[key] for key in keys if key in self._index):
            for lit in present:
                found.update(index.get(lit, ()))
        return found

    def _doc(self, text: str) -> tuple[str, frozenset]:
        """The text with the known literals it contains, found through their first trigram."""
        low = text.lower()
        grams = {low[i:i + 3] for i in range(len(low) - 2)}
        present = {lit for lit in self._short if lit in low}
        for head in grams & self._heads:
            present.update(lit for lit in self._by_head[head]
                           if len(lit) == 3 or lit[-3:] in grams and lit in low)
        return text, frozenset(present)


def _applies(t: ActionType, tool: str, text, full, paths, relax: bool = False) -> bool:
    if t.tools and tool not in t.tools and tool not in t.calls:
        return False
    hit = tool in t.calls or (t.paths is not None and (not t.path_tools or tool in t.path_tools)
                              and any(t.paths.search(p) for p in paths))
    hit = hit or (t.action is not None and t.action.search(text)
                  and (relax or all(r.search(full) for r in t.requires)))
    return hit and not (t.unless is not None and t.unless.search(text))


def action_text(tool_name: str, tool_input: dict | str) -> str:
    """What a tool call does, as text the `action` patterns read (Edit: only added lines)."""
    return _call(tool_name, tool_input).text


def _call(tool_name: str, tool_input: dict | str) -> Call:
    tool = ALIASES.get(tool_name, tool_name)
    if tool == "apply_patch":
        return _patch(tool_input.get("input") or _command(tool_input.get("command"))
                      if isinstance(tool_input, dict) else str(tool_input))
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
    if tool in ("Edit", "MultiEdit"):
        edits = inp.get("edits") if tool == "MultiEdit" else [inp]
        pairs = [(str(e.get("old_string") or ""), str(e.get("new_string") or "")) for e in edits or []
                 if isinstance(e, dict)]
        added = "\n".join(_added(old, new) for old, new in pairs)
        return Call(tool, paths, f"{path}\n{added}", "\n".join([path] + [f"{o}\n{n}" for o, n in pairs]))
    if tool in ("Write", "NotebookEdit"):
        text = f"{path}\n{inp.get('content') or inp.get('new_source') or ''}"
        return Call(tool, paths, text, text)
    if tool in ("WebFetch", "WebSearch", "Read", "Glob", "Grep", "LS"):
        text = "\n".join([path] + [str(inp[k]) for k in ("url", "query", "prompt", "pattern", "glob")
                                   if inp.get(k)]).strip()
        return Call(tool, paths, text, text)
    text = json.dumps(tool_input, ensure_ascii=False, default=str)
    return Call(tool, paths, text, text)


def _parse_input(tool: str, raw: str) -> dict | str:
    """A JSON object when the string holds one; else the string (a Bash command or free text)."""
    try:
        parsed = json.loads(raw) if raw.lstrip().startswith("{") else None
    except ValueError:
        parsed = None
    return parsed if isinstance(parsed, dict) else {"command": raw} if tool == "Bash" else raw


def _command(value) -> str:
    if isinstance(value, list):
        parts = [str(v) for v in value]
        if len(parts) >= 3 and parts[0].endswith("sh") and parts[1] in ("-c", "-lc", "-lic"):
            return parts[2]
        return " ".join(parts)
    return str(value or "")


def _added(old: str, new: str) -> str:
    """The lines of `new` that `old` lacks; all of `new` when it only reorders old lines."""
    before = {line.strip() for line in old.splitlines()}
    fresh = [line for line in new.splitlines() if line.strip() not in before]
    return "\n".join(fresh) if fresh else new


def _patch(body: str) -> Call:
    """A Codex apply_patch envelope: a Write when it only adds files, else an Edit."""
    files = PATCH_FILE.findall(body)
    paths = tuple(p.strip() for _, p in files)
    added = tuple(line[1:] for line in body.splitlines() if line[:1] == "+" and line[:3] != "+++")
    tool = "Write" if files and all(kind == "Add" for kind, _ in files) else "Edit"
    return Call(tool, paths, "\n".join(paths[:1] + added), body)


def load(vault_root: Path | None = None) -> Taxonomy:
    """The packaged taxonomy merged with `<vault_root>/action_types.toml` when present:
    an entry with a known id replaces it, a new id adds a type, `disabled = true` removes."""
    root = Path(vault_root) if vault_root is not None else None
    override = root / OVERRIDE_NAME if root is not None else None
    stamp = override.stat().st_mtime_ns if override is not None and override.is_file() else None
    state = root / STATE_DIR if root is not None and (root / STATE_DIR).is_dir() else None
    return _load(PACKAGED.stat().st_mtime_ns, str(override) if stamp is not None else None, stamp, state)


@functools.lru_cache(maxsize=8)
def _load(_packaged_mtime, override: str | None, _override_mtime, state: Path | None) -> Taxonomy:
    from memkit.activation import snapshot as taxsnapshot

    code = [os.stat(m.__file__).st_mtime_ns for m in (sys.modules[__name__], taxliterals, taxsnapshot)]
    key = [taxsnapshot.SNAPSHOT_VERSION, CACHE_VERSION, list(sys.version_info[:2]), code, _packaged_mtime, override,
           _override_mtime]
    snap = taxsnapshot.read(state, key)
    if snap is not None:
        return snap
    tax = _build(override, state)
    if state is not None:
        taxsnapshot.write(state, key, tax)
    return tax


def _build(override: str | None, state: Path | None) -> Taxonomy:
    cache = _read_cache(state)
    entries = {e["id"]: (e, PACKAGED) for e in _entries(PACKAGED, cache)}
    for entry in _entries(Path(override), cache) if override else ():
        if entry.get("disabled"):
            entries.pop(entry["id"], None)
        else:
            entries[entry["id"]] = (entry, Path(override))
    types = {tid: _compile(entry, source, cache) for tid, (entry, source) in entries.items()}
    if state is not None and cache.pop("dirty"):
        _write_cache(state, cache)
    return Taxonomy(types)


def _entries(path: Path, cache: dict) -> list[dict]:
    """The file's [[type]] tables; cached while it is unchanged, as TOML parsing is slow."""
    try:
        stamp = f"{path.stat().st_mtime_ns}:{path.stat().st_size}"
        if cache["files"].get(str(path), [None])[0] == stamp:
            return cache["files"][str(path)][1]
        import tomllib
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"{path}: cannot read the action types: {e}") from None
    except ValueError as e:   # tomllib.TOMLDecodeError
        raise InvalidInput(f"{path}: malformed TOML: {e} (fix the syntax, or move the file "
                           "away to use the packaged taxonomy)") from None
    entries = data.get("type", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidInput(f"{path}: expected [[type]] tables")
    for n, entry in enumerate(entries, 1):
        _check(entry, path, n)
    cache["files"][str(path)], cache["dirty"] = [stamp, entries], True
    return entries


def _check(entry: dict, path: Path, n: int) -> None:
    tid = entry.get("id")
    if not isinstance(tid, str) or not tid:
        raise InvalidInput(f"{path}: [[type]] number {n} has no id (add id = \"family:name\")")
    where, unknown = f"{path}: action type {tid!r}", sorted(set(entry) - KNOWN_KEYS)
    if unknown:
        raise InvalidInput(f"{where}: unknown keys {unknown} (known: {sorted(KNOWN_KEYS)})")
    if entry.get("disabled"):
        return
    if not isinstance(entry.get("about"), str):
        raise InvalidInput(f"{where} needs about = \"<gerund phrase>\"")
    if entry.get("consequence", "normal") not in CONSEQUENCES:
        raise InvalidInput(f"{where}: consequence must be one of {CONSEQUENCES}")
    for key, value in ((k, entry.get(k, [])) for k in PATTERN_KEYS + LIST_KEYS):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidInput(f"{where}: {key} must be a list of strings")


def _compile(entry: dict, source: Path, cache: dict) -> ActionType:
    """Packaged regexes compile lazily (a test compiles them all), a user's now: errors surface early."""
    tid = entry["id"]

    def patterns(key: str, sources: list[str]) -> Patterns | None:
        made = Patterns(tuple(sources), tuple(taxliterals.literals(p, cache) for p in sources),
                        f"{source}: action type {tid!r}: {key}") if sources else None
        for n in range(len(sources) if made and source != PACKAGED else 0):
            made.compile(n)
        return made

    one = {key: patterns(key, entry.get(key, [])) for key in ("action", "text", "paths", "unless")}
    return ActionType(
        tid, entry["about"], entry.get("consequence", "normal"), bool(entry.get("benign", False)),
        frozenset(entry.get("tools", [])), frozenset(entry.get("path_tools", [])),
        frozenset(entry.get("calls", [])), one["action"], one["text"], one["paths"],
        tuple(patterns("requires", [p]) for p in entry.get("requires", [])), one["unless"],
        bool(entry.get("generic", False)))


def _read_cache(state: Path | None) -> dict:
    try:
        data = json.loads((state / CACHE_NAME).read_text(encoding="utf-8")) if state else {}
        if data["version"] == CACHE_VERSION and isinstance(data["files"], dict):
            return {"literals": dict(data["literals"]), "files": data["files"], "dirty": False}
    except (OSError, ValueError, LookupError, TypeError):
        pass
    return {"literals": {}, "files": {}, "dirty": False}


def _write_cache(state: Path, cache: dict) -> None:
    tmp = state / f".{CACHE_NAME}.{os.getpid()}.tmp"
    try:
        tmp.write_text(json.dumps({"version": CACHE_VERSION, **cache}), encoding="utf-8")
        os.replace(tmp, state / CACHE_NAME)
    except OSError:   # a read-only vault still classifies, only more slowly
        tmp.unlink(missing_ok=True)
