"""Fact conflicts: what counts as one, and the files that record them in `workshop/facts/`.

A conflict is a proposed value for a key that holds another value, or a proposed
key that nearly matches an existing key (`backup_freq` vs `backup_frequency`).
Owns detection and the conflict files a person resolves. Never changes a fact
file: applying a resolution is facts.py's job.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from memkit.facts import files as factfiles
from memkit.storage import notes
from memkit.errors import InvalidInput, NotFound
from memkit.facts.files import Fact

FOLDER = "workshop/facts"
_ID = re.compile(r"fc-[a-z0-9@](?:[a-z0-9._@-]*[a-z0-9])?")
_SEGMENT = re.compile(r"[_.]")
_DIGITS = re.compile(r"\d+")


class Kind(StrEnum):
    VALUE = "value"          # the same key, another value
    NEAR_KEY = "near-key"    # another key that nearly matches an existing one


class Status(StrEnum):
    OPEN = "open"
    RESOLVED = "resolved"


@dataclass(frozen=True)
class Proposal:
    key: str
    value: str
    trust: float
    source: str
    session: str = ""
    reason: str = ""              # why the value is what it is, as whoever set it said
    date: str = field(default_factory=factfiles.now)
    via: str = ""                 # how it arrived when not set here (a sync merge): never a reason

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "trust": self.trust, "source": self.source, "date": self.date,
                "session": self.session, "reason": self.reason, "via": self.via}


@dataclass(frozen=True)
class Conflict:
    id: str
    kind: Kind
    key: str                      # the existing key the conflict is about
    existing: dict[str, Any]      # value, trust, source, date (since when it holds)
    proposal: Proposal
    status: Status = Status.OPEN
    resolution: str = ""
    path: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": str(self.kind), "key": self.key, "proposed_key": self.proposal.key,
                "existing": self.existing, "proposed": self.proposal.as_dict(), "status": str(self.status),
                "resolution": self.resolution, "path": self.path}

    def describe(self) -> str:
        """One line naming both values, e.g. for the error a non-interactive `fact set` ends with."""
        e, p = self.existing, self.proposal
        named = f" as {p.key}" if self.kind == Kind.NEAR_KEY else ""
        return (f"{self.key} is {str(e.get('value'))!r} ({e.get('source')}, trust {e.get('trust')}, "
                f"since {str(e.get('date'))[:10]}); {p.value!r}{named} ({p.source}, trust {p.trust}) "
                "was not applied")


def same_value(a: Any, b: Any) -> bool:
    return " ".join(str(a).split()).casefold() == " ".join(str(b).split()).casefold()


def _abbreviates(short: str, long: str) -> bool:
    """`freq` of `frequency`, `db` of `database`, `cfg` of `config`: a prefix or initial-led subsequence."""
    if short == long:
        return True
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0]:
        return False
    rest = iter(long)
    return long.startswith(short) or all(ch in rest for ch in short)


def _near(a: str, b: str, threshold: float) -> float:
    """How near two different base keys are (0 when not near): rapidfuzz ratio or an abbreviation."""
    from memkit.similar import fuzz

    if _DIGITS.findall(a) != _DIGITS.findall(b):  # service_1_owner and service_2_owner are siblings
        return 0.0
    score = fuzz.ratio(a, b)
    if score >= threshold:
        return score
    sa, sb = _SEGMENT.split(a), _SEGMENT.split(b)
    if len(sa) == len(sb) and all(_abbreviates(*sorted((x, y), key=len)) for x, y in zip(sa, sb)):
        return max(score, threshold)
    return 0.0


def near_key(key: str, facts: list[Fact], threshold: float) -> Fact | None:
    """The existing fact whose key nearly matches key (another base key), best first."""
    base = factfiles.base_of(key)
    scored = [(_near(base, factfiles.base_of(f.key), threshold), f) for f in facts
              if factfiles.base_of(f.key) != base and not f.superseded_by]
    scored = [(s, f) for s, f in scored if s > 0]
    return max(scored, key=lambda sf: (sf[0], "@" not in sf[1].key))[1] if scored else None


def detect(p: Proposal, facts: list[Fact], threshold: float) -> Conflict | None:
    """The conflict p would cause against the stored facts, or None (not written anywhere)."""
    existing = next((f for f in facts if f.key == p.key), None)
    if existing is not None:
        if same_value(existing.value, p.value):
            return None
        kind, other = Kind.VALUE, existing
    else:
        other = near_key(p.key, facts, threshold)
        if other is None:
            return None
        kind = Kind.NEAR_KEY
    snapshot = {"value": other.value, "trust": other.trust, "source": other.source, "date": other.since}
    seed = f"{kind}\0{other.key}\0{p.key}\0{other.value}\0{p.value}"
    digest = hashlib.sha256(seed.encode()).hexdigest()[:8]
    return Conflict(f"fc-{other.id}-{digest}", kind, other.key, snapshot, p)


# ---- conflict files ----------------------------------------------------------------
def _meta(c: Conflict) -> dict[str, Any]:
    meta: dict[str, Any] = {"type": "fact-conflict", "id": c.id, "kind": str(c.kind), "key": c.key}
    if c.kind == Kind.NEAR_KEY:
        meta["proposed_key"] = c.proposal.key
    meta.update({"status": str(c.status), "created": c.proposal.date, "existing": dict(c.existing),
                 "proposed": {k: v for k, v in c.proposal.as_dict().items() if v not in ("", None)}})
    return meta


def record(vault, c: Conflict) -> tuple[Conflict, bool]:
    """Write c to the workshop; an identical open conflict is reused. Returns (conflict, newly written)."""
    cid, n = c.id, 1
    while (vault.root / FOLDER / f"{cid}.md").exists():
        found = load(vault, cid)
        if found.status == Status.OPEN:
            return found, False
        n += 1
        cid = f"{c.id}-{n}"
    c = Conflict(cid, c.kind, c.key, c.existing, c.proposal, path=f"{FOLDER}/{cid}.md")
    factfiles.save(vault, c.path, None, _meta(c))
    return c, True


def _from_note(note: notes.Note, rel: str) -> Conflict:
    m = note.meta
    p = m.get("proposed") or {}
    proposed_key = factfiles.normalise_key(str(m.get("proposed_key") or m.get("key")))
    proposal = Proposal(proposed_key, str(p.get("value")),
                        float(p.get("trust") or 0), str(p.get("source") or ""), str(p.get("session") or ""),
                        str(p.get("reason") or ""), str(p.get("date") or m.get("created") or ""),
                        str(p.get("via") or ""))
    return Conflict(str(m.get("id") or note.id), Kind(str(m.get("kind") or "value")),
                    factfiles.normalise_key(str(m.get("key"))),
                    dict(m.get("existing") or {}), proposal, Status(str(m.get("status") or "open")),
                    str(m.get("resolution") or ""), rel)


def load(vault, conflict_id: str) -> Conflict:
    """The conflict called conflict_id; NotFound names the open ones it might have meant."""
    cid = str(conflict_id).strip().strip("[]").removesuffix(".md").rsplit("/", 1)[-1]
    rel = f"{FOLDER}/{cid}.md"
    if _ID.fullmatch(cid) and ".." not in cid and vault.path(rel).is_file():
        note = notes.read(vault.path(rel))
        if note.type == "fact-conflict":
            return _from_note(note, rel)
    from memkit.similar import process

    ids = [c.id for c in all_(vault) if c.status == Status.OPEN]
    best = [b[0] for b in process.extract(cid, ids, limit=3, score_cutoff=50)]
    hint = (f" (did you mean {', '.join(best)}?)" if best
            else f" ({len(ids)} open; see `memkit fact list --conflicts`)")
    raise NotFound(f"fact conflict {conflict_id!r} not found{hint}")


def all_(vault, key: str | None = None) -> list[Conflict]:
    found = []
    for path in vault.note_files(FOLDER):
        try:
            note = notes.read(path)
            keys = (None, note.meta.get("key"), note.meta.get("proposed_key"))
            if note.type == "fact-conflict" and key in keys:
                found.append(_from_note(note, vault.rel(path)))
        except (InvalidInput, ValueError, TypeError):  # an unreadable workshop file is doctor's business
            continue
    return sorted(found, key=lambda c: (c.proposal.date, c.id))


def mark_resolved(vault, c: Conflict, resolution: str, when: str) -> str:
    """Set the conflict file's status to resolved (keeping anything a person added); returns its path."""
    note = notes.read(vault.path(c.path))
    meta = dict(note.meta)
    from memkit.storage import people

    who = people.me(vault)
    for key, value in (("status", str(Status.RESOLVED)), ("resolution", resolution), ("resolved", when),
                       *([("resolved_by", who)] if who else [])):
        factfiles.put(meta, key, value)
    factfiles.save(vault, c.path, note, meta)
    return c.path
