"""Reading and writing one note: YAML frontmatter plus a Markdown body.

Owns the byte-level format of every vault file. It must never reorder or drop a
key a person added, never write a second frontmatter block, and never resolve
YAML tags beyond plain data (the safe loader, with timestamps kept as strings).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from memkit.storage import yamlfast
from memkit.storage.vault import read_file
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

_FENCE = re.compile(r"^---[ \t]*\r?$", re.M)
# Keys memkit itself keeps up to date; a change to them is not a person's edit.
VOLATILE_KEYS = frozenset({"memkit-sha", "extracted", "updated"})


@dataclass
class Note:
    meta: dict[str, Any]
    body: str
    path: Path | None = None
    newline: str = "\n"
    raw_meta: str | None = field(default=None, repr=False)  # the frontmatter text as read

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
    try:
        meta = yamlfast.load(raw, _RESOLVERS) if raw.strip() else {}
        if meta is None:
            meta = yaml.load(raw, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f" line {mark.line + 2}" if mark else ""
        raise InvalidInput(f"{path or 'note'}:{line} frontmatter is not valid YAML ({getattr(e, 'problem', e)})")
    if not isinstance(meta, dict):
        raise InvalidInput(f"{path or 'note'}: frontmatter is not a mapping of keys to values")
    body = text[closing.end():]
    body = body[len(newline):] if body.startswith(newline) else body.lstrip("\r\n")
    return Note(meta, body, path, newline, raw)


def read(path: Path) -> Note:
    """The note in a file of the vault: a regular file, never reached through a symbolic link."""
    return parse(read_file(path).decode("utf-8", errors="replace"), path)


def dump_meta(meta: dict[str, Any]) -> str:
    fast = yamlfast.dump(meta, _RESOLVERS)   # flat frontmatter, as memkit writes it
    if fast is not None:
        return fast
    return yaml.dump(meta, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100000)


def render(note: Note, *, keep_raw: bool = False) -> str:
    """File text for a note. keep_raw reuses the frontmatter text as read (a body-only change)."""
    fm = note.raw_meta if keep_raw and note.raw_meta is not None else dump_meta(note.meta)
    nl = note.newline
    fm = fm.replace("\r\n", "\n").replace("\n", nl)
    if not fm.endswith(nl):
        fm += nl
    return f"---{nl}{fm}---{nl}{note.body}"


def content_hash(meta: dict[str, Any], body: str) -> str:
    """Hash of what a person could edit: the body and every non-volatile key."""
    stable = {k: v for k, v in meta.items() if k not in VOLATILE_KEYS}
    blob = json.dumps(stable, sort_keys=True, default=str, ensure_ascii=False) + "\0" + body.replace("\r\n", "\n")
    return hashlib.sha256(blob.encode("utf-8", errors="replace")).hexdigest()[:16]


def stamp(meta: dict[str, Any], body: str) -> dict[str, Any]:
    """meta with `memkit-sha` set to the hash of what memkit is about to write."""
    out = {k: v for k, v in meta.items() if k != "memkit-sha"}
    out["memkit-sha"] = content_hash(out, body)
    return out


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
