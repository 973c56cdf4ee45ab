"""Fact files on disk: `facts/<id>.md`, their keys, frontmatter and body.

Owns key normalisation (a hostile key never leaves `facts/`), reading a fact file
into a Fact, and writing one back so a person's edits survive: unknown frontmatter
keys and key order stay, and text a person added below memkit's paragraph stays.
Never decides whether a change is allowed; that is facts.py's job.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memkit.storage import notes, templates
from memkit.errors import InvalidInput

MAX_KEY = 80
_PART = re.compile(r"[a-z0-9](?:[a-z0-9_.]*[a-z0-9])?")
_SEPARATORS = re.compile(r"[\s\-]+")
UNCONFIRMED_BELOW = 0.8


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def normalise_key(raw: str) -> str:
    """`Backup Freq` → `backup_freq`; `Backup Frequency@Staging` → `backup_frequency@staging`.

    Only `[a-z0-9_.]` (plus one `@` before a context); no path separators, no `..`.
    """
    text = str(raw or "").strip()
    parts = [_SEPARATORS.sub("_", p.strip()).strip("_") for p in text.lower().split("@")]
    key = "@".join(parts)
    bad = (not key or len(key) > MAX_KEY or len(parts) > 2 or ".." in key
           or any(not _PART.fullmatch(p) for p in parts))
    if bad:
        raise InvalidInput(f"fact key {text!r} is not valid: use 1-{MAX_KEY} characters a-z, 0-9, _ and . "
                           "(optionally KEY@CONTEXT), starting with a letter or digit, without '/' or '..'")
    return key


def base_of(key: str) -> str:
    return key.split("@", 1)[0]


def key_id(key: str) -> str:
    return key.replace("_", "-")


def rel_path(key: str) -> str:
    return f"facts/{key_id(key)}.md"


@dataclass(frozen=True)
class Fact:
    key: str
    value: str
    trust: float
    source: str
    created: str
    updated: str
    context: str = ""
    session: str = ""
    superseded_by: str | None = None
    history: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    path: str = ""

    @property
    def id(self) -> str:
        return key_id(self.key)

    @property
    def unconfirmed(self) -> bool:
        return self.trust < UNCONFIRMED_BELOW

    @property
    def since(self) -> str:
        """When the current value became active: the end of the last history entry, else creation."""
        return str(self.history[-1].get("to") or self.created) if self.history else self.created

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "id": self.id, "value": self.value, "trust": self.trust,
                "source": self.source, "created": self.created, "updated": self.updated, "since": self.since,
                "context": self.context, "session": self.session, "superseded_by": self.superseded_by,
                "unconfirmed": self.unconfirmed, "history": list(self.history), "path": self.path}


def from_note(note: notes.Note, rel: str) -> Fact:
    meta = note.meta
    try:
        trust = float(meta.get("trust") if meta.get("trust") is not None else 0.0)
    except (TypeError, ValueError):
        raise InvalidInput(f"{rel}: trust must be a number from 0 to 1, got {meta.get('trust')!r}")
    history = tuple(h for h in meta.get("history") or [] if isinstance(h, dict))
    value = meta.get("value")
    return Fact(key=normalise_key(str(meta.get("key"))), value="" if value is None else str(value),
                trust=trust, source=source_of(meta), created=str(meta.get("created") or ""),
                updated=str(meta.get("updated") or meta.get("created") or ""),
                context=str(meta.get("context") or ""), session=str(meta.get("session") or ""),
                superseded_by=meta.get("superseded_by") or None, history=history, path=rel)


# A fact's provenance class (user_stated, agent_inferred, system_verified) is `source_kind`, as in a
# fact candidate: `source` is a wikilink to a turn in every other note. Earlier vaults wrote `source`.
SOURCE_KEY = "source_kind"


def source_of(meta: dict[str, Any]) -> str:
    old = meta.get("source")
    return str(meta.get(SOURCE_KEY) or ("" if str(old or "").startswith("[[") else old) or "")


def set_source(meta: dict[str, Any], value: str) -> None:
    """Write the provenance class under its current name; an earlier layout's `source` goes."""
    if SOURCE_KEY not in meta and "source" in meta and not str(meta["source"] or "").startswith("[["):
        items = [(SOURCE_KEY if k == "source" else k, v) for k, v in meta.items()]
        meta.clear()
        meta.update(items)
    put(meta, SOURCE_KEY, value)


def read(vault, key: str) -> Fact | None:
    """The fact stored under key, or None when there is none."""
    rel = rel_path(key)
    full = vault.path(rel)
    if not full.is_file():
        return None
    note = notes.read(full)
    if note.type != "fact" or note.meta.get("key") is None:
        raise InvalidInput(f"{rel} exists but is not a fact file (type: fact, key: …); fix or move it")
    return from_note(note, rel)


def all_(vault) -> list[Fact]:
    """Every readable fact file, sorted by key; unreadable ones are left to `memkit doctor`."""
    found = []
    for path in vault.note_files("facts"):
        try:
            note = notes.read(path)
            if note.type == "fact" and note.meta.get("key") is not None:
                found.append(from_note(note, vault.rel(path)))
        except InvalidInput:
            continue
    return sorted(found, key=lambda f: f.key)


# ---- writing -----------------------------------------------------------------------
def body(vault, meta: dict[str, Any]) -> str:
    """memkit's own rendering of a fact (or conflict) body, from its frontmatter alone."""
    key = str(meta.get("key") or "")
    label = base_of(key).replace("_", " ").replace(".", " ").strip().capitalize()
    return templates.render("fact", vault.root, meta=meta, label=label, id=key_id(key))


def merge_body(current: str, old_render: str, new_render: str) -> tuple[str, bool]:
    """The new body and whether a person's text was kept.

    memkit's paragraph is replaced; anything a person added after it stays. When a
    person rewrote memkit's own part, their whole body stays as it is.
    """
    cur = current.replace("\r\n", "\n")
    if cur == old_render:
        return new_render, False
    if old_render and cur.startswith(old_render.rstrip("\n")):
        return new_render.rstrip("\n") + cur[len(old_render.rstrip("\n")):], True
    return cur, True


def put(meta: dict[str, Any], key: str, value: Any) -> None:
    """Set a key in place; a new key goes before `memkit-sha` so person-added keys keep their places."""
    if key in meta or "memkit-sha" not in meta:
        meta[key] = value
        return
    items = list(meta.items())
    at = [k for k, _ in items].index("memkit-sha")
    meta.clear()
    meta.update(items[:at] + [(key, value)] + items[at:])


def save(vault, rel: str, note: notes.Note | None, meta: dict[str, Any]) -> bool:
    """Write meta (and the body it renders) to rel atomically; returns True when a person's text was kept."""
    new_render = body(vault, meta)
    if note is None:
        text_body, kept, newline = new_render, False, "\n"
    else:
        old_render = body(vault, note.meta)
        text_body, kept = merge_body(note.body, old_render, new_render)
        newline = note.newline
    for key, value in notes.properties(meta).items():
        if key not in meta:
            put(meta, key, value)
    put(meta, "memkit-sha", notes.content_hash(meta, text_body))
    out = notes.Note(meta, text_body.replace("\n", newline), vault.root / rel, newline)
    vault.write_text(rel, notes.render(out))
    return kept


def new_meta(key: str, value: str, trust: float, source: str, *, context: str = "", session: str = "",
             stamp: str | None = None) -> dict[str, Any]:
    when = stamp or now()
    meta: dict[str, Any] = {"type": "fact", "id": key_id(key), "key": key, "value": value, "trust": trust,
                            SOURCE_KEY: source}
    if context:
        meta["context"] = context
    if session:
        meta["session"] = session
    meta.update({"created": when, "updated": when, "superseded_by": None, "history": []})
    return meta


def load_note(vault, rel: str) -> notes.Note | None:
    full: Path = vault.path(rel)
    return notes.read(full) if full.is_file() else None
