"""Structured facts: the verbs get, set_, list_, history, resolve and import_file.

A different value for a key, or a near-duplicate key, is a conflict: recorded in the
workshop or resolved by an explicit keep/update/both, never applied silently. "Both"
keeps the old value with `context: A` and writes the new one as the key `KEY@B`.
Every change holds the vault lock, writes atomically, is one commit, and is re-indexed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from memkit import redact
from memkit.facts import conflicts as factconflicts, files as factfiles
from memkit.errors import InvalidInput, NotFound
from memkit.facts.updates import ACTIONS, Change, Outcome, Policy, apply, confirm, create, finish
from memkit.facts.conflicts import Conflict, Kind, Proposal
from memkit.facts.files import Fact
from memkit.layers import FactSource

__all__ = ["ImportReport", "Outcome", "Policy", "SetResult", "get", "history", "import_file", "list_",
           "probe", "proposal", "resolve", "set_"]


@dataclass(frozen=True)
class SetResult:
    outcome: Outcome
    key: str
    fact: Fact | None = None
    conflict: Conflict | None = None
    commit: str | None = None
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"outcome": str(self.outcome), "key": self.key,
                "fact": self.fact.as_dict() if self.fact else None,
                "conflict": self.conflict.as_dict() if self.conflict else None, "commit": self.commit,
                "notes": list(self.notes)}


# ---- building a proposal -------------------------------------------------------------
def _one_line(text: Any, limit: int) -> str:
    text = " ".join(str(text or "").split())
    if len(text) > limit:
        raise InvalidInput(f"{text[:40]!r}… is longer than {limit} characters")
    return text


def link(session: str) -> str:
    """A session reference as an Obsidian link: `2026-04-19-claude-0a1b#^t7` → `[[…]]`."""
    s = _one_line(session, 300)
    return s if not s or s.startswith("[[") or " " in s else f"[[{s}]]"


def trust_for(vault, source: str, trust: float | None = None, confirm: bool = False) -> float:
    table = vault.config.section("facts").get("trust", {})
    value = table.get("confirmed", 1.0) if confirm else trust if trust is not None else table.get(source)
    if value is None or not 0.0 <= float(value) <= 1.0:
        raise InvalidInput(f"trust must be a number from 0 to 1 (got {value!r} for source {source})")
    return round(float(value), 3)


def proposal(vault, key: str, value: Any, *, source: str = FactSource.USER_STATED, trust: float | None = None,
             session: str = "", reason: str = "", confirm: bool = False) -> Proposal:
    """A validated proposed value; raises InvalidInput before anything is written."""
    try:
        source = FactSource(str(source))
    except ValueError:
        names = ", ".join(s.value for s in FactSource)
        raise InvalidInput(f"unknown fact source {source!r}: use one of {names}")
    text = str(value if value is not None else "").strip()
    if not text or len(text) > 2000:
        raise InvalidInput(f"a fact value must be 1-2000 characters (got {len(text)}) for {key!r}")
    key = factfiles.normalise_key(key)
    text, _ = redact.value(text, key)   # read under its key: `db_password` names a secret
    return Proposal(key, text, trust_for(vault, source, trust, confirm), str(source),
                    link(redact.line(session)), _one_line(redact.line(reason), 300))


SECRET_NOTE = ("the value held a secret, so it is stored as [REDACTED]; keep secrets in a secret manager "
               "and note only where they live")


def _context(name: str, flag: str) -> str:
    ctx = factfiles.normalise_key(name)
    if "@" in ctx:
        raise InvalidInput(f"{flag} {name!r}: a context is a single word like production or staging")
    return ctx


def contexts_for(kind: Kind, policy: Policy, existing: str, new: str) -> tuple[str, str]:
    """Validated context names; a value conflict resolved as both needs one for each value."""
    if policy != Policy.BOTH:
        return "", ""
    if kind == Kind.VALUE and not (existing and new):
        raise InvalidInput("--both needs --context-existing and --context-new: where each value holds "
                           "(e.g. --context-existing production --context-new staging)")
    pair = (_context(existing, "--context-existing") if existing else "",
            _context(new, "--context-new") if new else "")
    if pair[0] and pair[0] == pair[1]:
        raise InvalidInput(f"the two contexts must differ (both are {pair[0]!r})")
    return pair


def _policy(name: str) -> Policy:
    try:
        return Policy(str(name))
    except ValueError:
        raise InvalidInput(f"unknown conflict policy {name!r}: use one of {', '.join(Policy)}")


# ---- the verbs ---------------------------------------------------------------------
def threshold(vault) -> float:
    return float(vault.config.get("facts.near_key"))


def probe(vault, p: Proposal) -> Conflict | None:
    """The conflict p would cause now (nothing written): lets a person decide before the write."""
    return factconflicts.detect(p, factfiles.all_(vault), threshold(vault))


def set_(vault, key: str, value: Any, *, on_conflict: str = Policy.RECORD, context_existing: str = "",
         context_new: str = "", **given: Any) -> SetResult:
    """Set key to value (given: source, trust, session, reason, confirm); see Outcome for what can happen."""
    p = proposal(vault, key, value, **given)
    hidden = (SECRET_NOTE,) if "[REDACTED:" in p.value and "[REDACTED:" not in str(value) else ()
    policy = _policy(on_conflict)
    with vault.lock():
        facts = factfiles.all_(vault)
        conflict = factconflicts.detect(p, facts, threshold(vault))
        if conflict is None:
            existing = next((f for f in facts if f.key == p.key), None)
            change = confirm(vault, existing, p) if existing else create(vault, p, p.key)
        elif policy == Policy.RECORD:
            conflict, _ = factconflicts.record(vault, conflict)
            change = Change(Outcome.CONFLICT, [conflict.path], [conflict.key],
                            f"memkit: record fact conflict on {conflict.key}")
        else:
            ctx = contexts_for(conflict.kind, policy, context_existing, context_new)
            change = apply(vault, conflict, policy, ctx, p.reason)
        sha, warnings = finish(vault, change, ACTIONS[change.outcome], p.session, (conflict,))
    shown = conflict.key if change.outcome in (Outcome.KEPT, Outcome.CONFLICT) and conflict else p.key
    return SetResult(change.outcome, p.key, factfiles.read(vault, shown), conflict, sha,
                     (*hidden, *change.notes, *warnings))


def resolve(vault, conflict_id: str, choice: str, *, context_existing: str = "", context_new: str = "",
            reason: str = "") -> SetResult:
    """Apply a person's decision (keep, update or both) to a recorded conflict."""
    policy = _policy(choice)
    if policy == Policy.RECORD:
        raise InvalidInput("resolve with keep, update or both")
    with vault.lock():
        c = factconflicts.load(vault, conflict_id)
        if c.status != factconflicts.Status.OPEN:
            raise InvalidInput(f"fact conflict {c.id} is already resolved ({c.resolution}); nothing to do")
        now = moved_on(vault, c) if policy != Policy.KEEP else None
        if now is not None:
            raise InvalidInput(f"fact conflict {c.id} is out of date: {c.key} is now {str(now.value)!r}, not "
                               f"{str(c.existing.get('value'))!r} as when it was recorded; nothing changed (close it "
                               f"with --keep, or set the value you want with `memkit fact set`)")
        ctx = contexts_for(c.kind, policy, context_existing, context_new)
        change = apply(vault, c, policy, ctx, _one_line(reason, 300) or c.proposal.reason, c.id)
        done = factconflicts.mark_resolved(vault, c, str(policy), factfiles.now())
        change = replace(change, paths=change.paths + [done], keys=change.keys or [c.key],
                         subject=f"memkit: resolve fact conflict {c.id} ({policy})")
        sha, warnings = finish(vault, change, "fact-resolve", c.proposal.session, (c,))
    return SetResult(change.outcome, c.key, factfiles.read(vault, c.key), c, sha, (*change.notes, *warnings))


def moved_on(vault, c) -> Fact | None:
    """The fact as it holds now, when a value conflict recorded another value as the existing one (the
    value was set again since): resolving it would apply a stale proposal."""
    if c.kind != factconflicts.Kind.VALUE:
        return None
    now = factfiles.read(vault, c.key)
    return now if now is not None and not factconflicts.same_value(now.value, c.existing.get("value")) else None


def get(vault, key: str) -> Fact:
    k = factfiles.normalise_key(key)
    fact = factfiles.read(vault, k)
    if fact is None:
        from memkit.similar import process

        keys = [f.key for f in factfiles.all_(vault)]
        best = [b[0] for b in process.extract(k, keys, limit=3, score_cutoff=60)]
        hint = f" (did you mean {', '.join(best)}?)" if best else " (see `memkit fact list`)"
        raise NotFound(f"fact {k} not found{hint}")
    return fact


def list_(vault, min_trust: float | None = None) -> list[Fact]:
    """Facts at or above min_trust, highest trust first."""
    facts = [f for f in factfiles.all_(vault) if min_trust is None or f.trust >= min_trust]
    return sorted(facts, key=lambda f: (-f.trust, f.key))


def history(vault, key: str) -> dict[str, Any]:
    """Everything `memkit why` shows for a fact: values with dates, reasons, sessions, conflicts, commits."""
    from memkit.storage import git

    fact = get(vault, key)
    commits = git.log(vault.root, vault.root / fact.path)
    for c in commits:
        c["trailers"] = [tuple(line.split(": ", 1)) for line in c["message"].splitlines()
                         if line.startswith("Memkit-") and ": " in line]
    current = {"value": fact.value, "from": fact.since, "to": None, "trust": fact.trust,
               "source": fact.source, "session": fact.session}
    return {"key": fact.key, "path": fact.path, "fact": fact.as_dict(), "values": [*fact.history, current],
            "conflicts": [c.as_dict() for c in factconflicts.all_(vault, fact.key)], "commits": commits}


# ---- seeding from a file -------------------------------------------------------------
MAX_IMPORT = 500
FIELDS = {"value", "source", "trust", "session", "reason"}


@dataclass(frozen=True)
class ImportReport:
    path: str
    created: tuple[str, ...]
    confirmed: tuple[str, ...]
    conflicts: tuple[Conflict, ...]
    commit: str | None
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "created": list(self.created), "confirmed": list(self.confirmed),
                "conflicts": [c.as_dict() for c in self.conflicts], "commit": self.commit,
                "notes": list(self.notes)}


def _read_mapping(path: Path) -> dict[str, Any]:
    if path.exists() and not path.is_file():
        raise InvalidInput(f"{path}: not a regular file")   # a FIFO would wait for a writer forever
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"{path}: cannot read ({getattr(e, 'strerror', None) or e})")
    import tomllib

    import yaml

    toml = path.suffix.lower() == ".toml"
    try:
        # BaseLoader keeps every YAML scalar as the text typed: `3.10` stays 3.10, not 3.1
        data = tomllib.loads(text) if toml else yaml.load(text, Loader=yaml.BaseLoader)
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as e:
        why = " ".join(str(e).split())[:200]
        raise InvalidInput(f"{path}: not valid {'TOML' if toml else 'YAML'} ({why})")
    if not isinstance(data, dict):
        raise InvalidInput(f"{path}: expected a mapping of fact keys to values")
    return data


def _entries(data: dict[str, Any], prefix: str = ""):
    """key, value pairs; a nested mapping without `value` is a namespace: `db: {host: x}` is `db.host`."""
    for k, v in data.items():
        name = f"{prefix}.{k}" if prefix else str(k)
        if isinstance(v, dict) and "value" not in v:
            yield from _entries(v, name)
        else:
            yield name, v


def _proposals(vault, path: Path, source: str) -> list[Proposal]:
    out: dict[str, Proposal] = {}
    for name, raw in _entries(_read_mapping(path)):
        spec = dict(raw) if isinstance(raw, dict) else {"value": raw}
        value = spec.get("value")
        if set(spec) - FIELDS or isinstance(value, (dict, list)) or value is None or value == "":
            raise InvalidInput(f"{path}: {name}: give a value, or a mapping of {', '.join(sorted(FIELDS))}")
        spec.pop("value")
        value = str(value).lower() if isinstance(value, bool) else value
        spec.setdefault("source", source)
        try:
            p = proposal(vault, name, value, **spec)
        except (InvalidInput, TypeError, ValueError) as e:
            raise InvalidInput(f"{path}: {name}: {e}")
        if p.key in out:
            raise InvalidInput(f"{path}: {name!r} and another entry both normalise to the key {p.key}")
        out[p.key] = p
    if len(out) > MAX_IMPORT:
        raise InvalidInput(f"{path}: {len(out)} facts; import at most {MAX_IMPORT} at a time")
    return list(out.values())


def import_file(vault, path: str | Path, *, source: str = FactSource.USER_STATED) -> ImportReport:
    """Seed facts from a YAML or TOML mapping in one commit; conflicts are recorded, never applied."""
    path = Path(path)
    props = _proposals(vault, path, source)   # all entries are checked before anything is written
    created, confirmed, conflicts, changes = [], [], [], []
    with vault.lock():
        facts = factfiles.all_(vault)
        for p in props:
            conflict = factconflicts.detect(p, facts, threshold(vault))
            if conflict is not None:
                conflict, _ = factconflicts.record(vault, conflict)
                conflicts.append(conflict)
                changes.append(Change(Outcome.CONFLICT, [conflict.path], [conflict.key]))
                continue
            existing = next((f for f in facts if f.key == p.key), None)
            change = confirm(vault, existing, p) if existing else create(vault, p, p.key)
            (confirmed if existing else created).append(p.key)
            changes.append(change)
            facts = [f for f in facts if f.key != p.key] + [factfiles.read(vault, p.key)]
        total = Change(Outcome.CREATED, [r for c in changes for r in c.paths],
                       [k for c in changes for k in c.keys],
                       f"memkit: import {len(created)} fact(s) from {path.name}"
                       + (f", {len(conflicts)} conflict(s) recorded" if conflicts else ""))
        sha, warnings = finish(vault, total, "fact-import", conflicts=tuple(conflicts))
    hidden = sum("[REDACTED:" in p.value for p in props)
    notes = ((f"{hidden} value(s): {SECRET_NOTE}",) if hidden else ()) + tuple(warnings)
    return ImportReport(str(path), tuple(created), tuple(confirmed), tuple(conflicts), sha, notes)
