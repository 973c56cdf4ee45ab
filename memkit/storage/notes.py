"""Reading and writing one note: YAML frontmatter plus a Markdown body.

Owns the byte-level format of every vault file and the types of the keys memkit reads:
a value of the wrong type is refused naming the file and key, a number out of range is
clamped and reported. It must never reorder or drop a key a person added, never write a
second frontmatter block, never resolve YAML tags beyond plain data (the safe loader,
timestamps kept as strings), and never expand YAML aliases past a small bound.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from memkit.storage import schema, yamlfast
from memkit.storage.files import read_file
from memkit.errors import InvalidInput

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Loader(_Base):  # type: ignore[misc,valid-type]
    """The safe loader, but timestamps stay strings so they round-trip byte for byte."""


_Loader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in _Base.yaml_implicit_resolvers.items()
}

_ANY_START = _Loader.yaml_implicit_resolvers.get(None, [])
_RESOLVERS = {ch: list(found) + _ANY_START for ch, found in _Loader.yaml_implicit_resolvers.items() if ch is not None}
_RESOLVERS[None] = list(_ANY_START)

# Writing quotes every string a standard YAML reader (PyYAML, Obsidian's Dataview) would take
# for a timestamp, so `created` is one type, an ISO string, wherever the note is read.
_DUMP_RESOLVERS = {ch: list(found) + _Base.yaml_implicit_resolvers.get(None, [])
                   for ch, found in _Base.yaml_implicit_resolvers.items() if ch is not None}
_DUMP_RESOLVERS[None] = list(_Base.yaml_implicit_resolvers.get(None, []))

_FENCE = re.compile(r"^---[ \t]*\r?$", re.M)
_CONFLICT = re.compile(r"^(<{7}|>{7}) ", re.M)
# Keys memkit itself keeps up to date; a change to them is not a person's edit.
VOLATILE_KEYS = frozenset({"memkit-sha", "extracted", "updated"})


@dataclass
class Note:
    meta: dict[str, Any]
    body: str
    path: Path | None = None
    newline: str = "\n"
    raw_meta: str | None = field(default=None, repr=False)  # the frontmatter text as read
    problems: tuple[str, ...] = ()   # values read other than written (clamped); doctor lists them

    @property
    def id(self) -> str:
        return str(self.meta.get("id") or (self.path.stem if self.path else ""))

    @property
    def type(self) -> str:
        return str(self.meta.get("type") or "")

    def edited_by_person(self) -> bool:
        """True when the content differs from what memkit last wrote (its recorded hash)."""
        recorded = self.meta.get("memkit-sha")
        return bool(recorded) and recorded != content_hash(self.meta, self.body)


def parse(text: str, path: Path | None = None) -> Note:
    """A note from file text; raises InvalidInput naming the path and line."""
    newline = "\r\n" if "\r\n" in text[:4096] else "\n"
    if not text.startswith("---"):
        return Note({}, text, path, newline)
    first = _FENCE.match(text)
    closing = _FENCE.search(text, first.end()) if first else None
    if not first or not closing:
        raise InvalidInput(f"{path or 'note'}: frontmatter starts with '---' but never closes")
    raw = text[first.end():closing.start()].lstrip("\r\n")
    if len(raw) > MAX_FRONTMATTER:
        raise InvalidInput(f"{path or 'note'}: frontmatter is {len(raw) // 1024} KB; memkit reads at most "
                           f"{MAX_FRONTMATTER // 1024} KB of it (move long text into the body)")
    try:
        meta = yamlfast.load(raw, _RESOLVERS) if raw.strip() else {}
        if meta is None:
            meta = _load(raw, path)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f" line {mark.line + 2}" if mark else ""
        if _CONFLICT.search(raw):
            raise InvalidInput(f"{path or 'note'}:{line} frontmatter holds git conflict markers (a merge stopped "
                               "here); resolve them by hand, or let `memkit sync` merge memkit's notes by rule")
        raise InvalidInput(f"{path or 'note'}:{line} frontmatter is not valid YAML ({getattr(e, 'problem', e)})")
    except RecursionError:
        raise InvalidInput(f"{path or 'note'}: frontmatter is nested too deeply to read") from None
    if not isinstance(meta, dict):
        raise InvalidInput(f"{path or 'note'}: frontmatter is not a mapping of keys to values")
    problems = schema.check(meta, path or "note")
    body = text[closing.end():]
    body = body[len(newline):] if body.startswith(newline) else body.lstrip("\r\n")
    if meta.get("type") != "trace" and (line := conflicted(body)):   # (a trace quotes what tools printed)
        problems = (*problems, f"its text holds git conflict markers (line {line} of the body): a merge stopped "
                               "there; resolve them by hand")
    return Note(meta, body, path, newline, raw, problems)


_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fence_after(fence: str, line: str) -> str:
    """The code fence open after `line` ("" for none), `fence` the one open before it: a fence
    opens with three or more backticks or tildes (a backtick fence's info holds no backtick) and
    closes with a bare run of the same character, as long or longer (CommonMark)."""
    m = _FENCE_LINE.match(line) if line[:4].lstrip()[:1] in ("`", "~") else None
    if m is None:
        return fence
    mark, rest = m.group(1), m.group(2)
    if not fence:
        return "" if mark[0] == "`" and "`" in rest else mark
    return "" if mark[0] == fence[0] and len(mark) >= len(fence) and not rest.strip() else fence


def conflicted(body: str) -> int:
    """The body's line where a git merge left conflict markers (`<<<<<<< `, `=======`, `>>>>>>> `
    in turn, outside a code fence: a note that shows a conflict as an example holds none), else 0."""
    if "<<<<<<< " not in body:
        return 0
    fence, start = "", 0
    for n, line in enumerate(body.split("\n"), 1):
        was, fence = fence, fence_after(fence, line)
        if was or fence:
            continue
        if line.startswith("<<<<<<< "):
            start, step = n, 1
        elif start and step == 1 and line.rstrip() == "=======":
            step = 2
        elif start and step == 2 and line.startswith(">>>>>>> "):
            return start
    return 0


MAX_FRONTMATTER = 1 << 20    # characters of YAML between the fences
MAX_ALIASED = 10_000         # values YAML aliases may add beyond those written out


def _load(raw: str, path: Path | None) -> Any:
    """The safe loader, refusing frontmatter whose aliases (`&a` … `*a`) expand to more than
    MAX_ALIASED values beyond the text's own, or refer to themselves: a few hundred bytes of
    nested aliases otherwise become billions of values in every reader that walks them."""
    loader = _Loader(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        written, expanded = _sizes(node)
        if expanded < 0 or expanded - written > MAX_ALIASED:
            why = "refer to themselves" if expanded < 0 else f"expand to more than {MAX_ALIASED:,} values"
            raise InvalidInput(f"{path or 'note'}: frontmatter YAML aliases {why}; write the values out")
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _sizes(root: Any) -> tuple[int, int]:
    """(distinct nodes, nodes once every alias is expanded; -1 for a cycle), without recursion
    and stopping as soon as the expansion passes the bound."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    limit = MAX_ALIASED * 4 + 1_000_000
    while stack:
        node, done = stack.pop()
        key = id(node)
        kids = _children(node)
        if done:
            open_.discard(key)
            sizes[key] = 1 + sum(sizes[id(k)] for k in kids)
            if sizes[key] > limit:
                return len(sizes), sizes[key]
        elif key in open_:
            return len(sizes), -1
        elif key not in sizes:
            open_.add(key)
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in sizes)
    return len(sizes), sizes[id(root)]


def _children(node: Any) -> list[Any]:
    value = node.value
    if isinstance(value, str):
        return []
    return [x for pair in value for x in pair] if value and isinstance(value[0], tuple) else list(value)


def read(path: Path) -> Note:
    """The note in a file of the vault: a regular file, never reached through a symbolic link."""
    return parse(read_file(path).decode("utf-8", errors="replace"), path)


def dump_meta(meta: dict[str, Any]) -> str:
    fast = yamlfast.dump(meta, _DUMP_RESOLVERS)   # flat frontmatter, as memkit writes it
    if fast is None:
        fast = yamlfast.dump_nested(meta, _DUMP_RESOLVERS)   # a candidate's cue: PyYAML's own bytes
    if fast is not None:
        return fast
    return yaml.dump(meta, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100000)


def render(note: Note, *, keep_raw: bool = False) -> str:
    """File text for a note, through the redaction gate: every frontmatter value (read under its
    key) and the body. keep_raw reuses the frontmatter text as read (a body-only change)."""
    from memkit import redact

    meta, _ = redact.data(note.meta)
    fm = note.raw_meta if keep_raw and note.raw_meta is not None and meta is note.meta else dump_meta(meta)
    nl = note.newline
    fm = fm.replace("\r\n", "\n").replace("\n", nl)
    if not fm.endswith(nl):
        fm += nl
    return redact.Redacted(f"---{nl}{fm}---{nl}{_gated(note.body, note.meta)}")


def content_hash(meta: dict[str, Any], body: str) -> str:
    """Hash of what a person could edit: the body and every non-volatile key."""
    stable = {k: v for k, v in meta.items() if k not in VOLATILE_KEYS}
    blob = json.dumps(stable, sort_keys=True, default=str, ensure_ascii=False) + "\0" + body.replace("\r\n", "\n")
    return hashlib.sha256(blob.encode("utf-8", errors="replace")).hexdigest()[:16]


def stamp(meta: dict[str, Any], body: str) -> dict[str, Any]:
    """meta as memkit writes it: Obsidian `tags` (and `aliases` for a library note) when it has
    none, and `memkit-sha` set to the hash of what memkit is about to write (after the gate)."""
    from memkit import redact

    out = {k: v for k, v in meta.items() if k != "memkit-sha"}
    out.update((k, v) for k, v in properties(out, body).items() if k not in out)
    out["memkit-sha"] = content_hash(redact.data(out)[0], _gated(body, None))
    return out


LIBRARY_TYPES = frozenset({"convention", "procedure", "decision", "preference", "note"})


def properties(meta: dict[str, Any], body: str = "") -> dict[str, Any]:
    """The Obsidian properties memkit gives a note: a nested tag per type (and observation kind),
    e.g. `memkit/observation/correction`, and a library note's title as an alias, so
    `[[Stage only the files you changed]]` resolves."""
    kind = str(meta.get("type") or "")
    if not kind:
        return {}
    tag = f"memkit/{kind}" + (f"/{meta['kind']}" if kind == "observation" and meta.get("kind") else "")
    out: dict[str, Any] = {"tags": [tag]}
    if kind in LIBRARY_TYPES:
        title = title_of(Note(meta, body))
        if title and title != meta.get("id") and "[" not in title and "|" not in title and "#" not in title:
            out["aliases"] = [title]
    return out


_last: list[Any] = [None, None]   # the body the gate saw last, and what it made of it (stamp, then render)


def _gated(body: str, meta: dict[str, Any] | None) -> str:
    """The body through the redaction gate, searched once: a body already through it, or the
    unchanged body of a note memkit wrote (its recorded hash still matches), is not searched again."""
    from memkit import redact

    if isinstance(body, redact.Redacted):
        return body
    if _last[0] is body:
        return _last[1]
    if meta is not None and meta.get("memkit-sha") and meta["memkit-sha"] == content_hash(meta, body):
        return body
    _last[0], _last[1] = body, redact.redact(body)[0]
    return _last[1]


def title_of(note: Note) -> str:
    for line in note.body.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    m = note.meta
    if m.get("key") is not None and m.get("value") is not None and m.get("type") in ("fact", "observation"):
        return f"{m['key']} = {m['value']}"
    for key in ("title", "lesson", "goal", "approach", "chosen", "statement"):
        if m.get(key):
            return " ".join(str(m[key]).split())[:120]
    return note.id
