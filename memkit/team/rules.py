"""The rules that merge two versions of one note's frontmatter, field by field.

Owns the team's contract for concurrent changes: a review decision made on both sides goes to the
later one (by its timestamp; on the same second a rejection wins, then the name) and the other is
kept in the note's `history` with who and when; a fact's value set on both sides stays the one
set first and the other is `contested` (sync files it as a fact conflict); lists such as `sources`
are unions in order; counters, importance and confidence take the maximum; `updated` the later.
Any other key changed on both sides: a person's edit beats memkit's, memkit's later write beats its
earlier one, and two people's edits are a conflict. Pure: three mappings in, one out.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()
UNION = ("sources", "sessions", "cues", "tags", "aliases", "action_types", "extracted", "history",
         "variants", "contested", "lessons", "decisions", "open_threads", "artifacts", "alternatives")
MAXIMUM = ("importance", "confidence", "trust", "recurrence", "sessions_count", "count")
LATER = ("updated", "ended", "reviewed", "resolved")
EARLIER = ("created", "started")
SHA = "memkit-sha"
# a decision is several keys that change together; `time` orders two decisions, `by` names who made it
DECISIONS = {
    "observation": ("reviewed", "reviewed_by", ("status", "reviewed", "reviewed_by", "rejected_reason",
                                                "promoted_to")),
    "fact-conflict": ("resolved", "resolved_by", ("status", "resolution", "resolved", "resolved_by")),
}
DECISIONS["proposal"] = DECISIONS["episode"] = DECISIONS["observation"]
# a fact's provenance is `source_kind` (facts.files.SOURCE_KEY); vaults before it wrote `source`
FACT_VALUE = ("value", "trust", "source_kind", "source", "session", "updated", "context")
TRACE_CONTENT = ("turns", "ended", "source", "redactions", "skipped_lines")


@dataclass
class Sides:
    """Base, ours and theirs, and whether a person (not memkit) last wrote each side."""

    base: dict[str, Any]
    ours: dict[str, Any]
    theirs: dict[str, Any]
    ours_person: bool = False
    theirs_person: bool = False


@dataclass
class Outcome:
    meta: dict[str, Any]
    conflicts: list[str] = field(default_factory=list)   # keys two people changed differently
    trace_side: str = ""                                 # the side whose trace content won ("ours"/"theirs")


def merge(s: Sides) -> Outcome:
    """The merged frontmatter: keys in ours' order, then theirs' new keys; memkit-sha left to the caller."""
    kind = str(s.ours.get("type") or s.theirs.get("type") or "")
    out = Outcome({})
    claimed: dict[str, Any] = {}
    if kind in DECISIONS:
        claimed.update(_decision(s, *DECISIONS[kind]))
    elif kind == "fact":
        claimed.update(_fact_value(s))
    elif kind == "trace":
        claimed.update(_trace(s, out))
    later = _later_side(s)
    for key in _keys(s):
        if key == SHA:
            continue
        if key in claimed:
            value = claimed[key]
        else:
            value = _field(key, s, later, out)
        if value is not MISSING:
            out.meta[key] = value
    for key, value in claimed.items():   # a key neither side had yet (the first `history` entry)
        if key not in out.meta and value is not MISSING:
            out.meta[key] = value
    return out


def _keys(s: Sides) -> list[str]:
    return list(dict.fromkeys([*s.ours, *s.theirs]))


def _field(key: str, s: Sides, later: str, out: Outcome) -> Any:
    b, o, t = s.base.get(key, MISSING), s.ours.get(key, MISSING), s.theirs.get(key, MISSING)
    if _same(o, t) or _same(t, b):
        return o
    if _same(o, b):
        return t
    if key in UNION:
        return union(b, o, t)
    if key in MAXIMUM and _number(o) and _number(t):
        return max(o, t)
    if key in LATER and o is not MISSING and t is not MISSING:
        return max(o, t, key=str)
    if key in EARLIER and o is not MISSING and t is not MISSING:
        return min(o, t, key=str)
    if s.ours_person != s.theirs_person:     # a person's edit beats memkit's
        return o if s.ours_person else t
    if s.ours_person and s.theirs_person:    # two people: theirs to decide
        out.conflicts.append(key)
        return o
    return o if later == "ours" else t       # memkit against memkit: the later write


def union(b: Any, o: Any, t: Any) -> list:
    """Items of both sides in order (ours first), without those either side removed from the base."""
    base, ours, theirs = (_as_list(x) for x in (b, o, t))
    removed = [x for x in base if not _contains(ours, x) or not _contains(theirs, x)]
    merged: list = []
    for item in ours + theirs:
        if not _contains(merged, item) and not _contains(removed, item):
            merged.append(item)
    return merged


def _decision(s: Sides, time: str, by: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """The decision keys from the side that decided (or decided later); the other decision joins `history`."""
    snap = {side: tuple(_key(m.get(k, MISSING)) for k in keys) for side, m in
            (("base", s.base), ("ours", s.ours), ("theirs", s.theirs))}
    if snap["theirs"] in (snap["base"], snap["ours"]):
        return _pick(s.ours, keys)
    if snap["ours"] == snap["base"]:
        return _pick(s.theirs, keys)
    lost, won = sorted((s.ours, s.theirs), key=lambda m: _rank(m, time, by))
    picked = _pick(won, keys)
    if not lost.get(time) or str(lost.get("status")) == "candidate":
        return picked   # the other side made no decision (a candidate extracted there too)
    history = union(s.base.get("history", MISSING), s.ours.get("history", MISSING),
                    s.theirs.get("history", MISSING))
    entry = {"decision": lost.get("status"), "by": lost.get(by) or "", "at": lost.get(time) or ""}
    for src, dest in (("rejected_reason", "reason"), ("promoted_to", "into"), ("resolution", "resolution")):
        if lost.get(src):
            entry[dest] = lost[src]
    entry["overruled_by"] = f"{won.get('status')} by {won.get(by) or 'someone'} at {won.get(time) or '?'}"
    if not _contains(history, entry):
        history.append(entry)
    picked["history"] = history
    return picked


def _rank(meta: dict[str, Any], time: str, by: str) -> tuple:
    """Later wins; on the same second a rejection wins (the cautious call), then the name decides."""
    return (str(meta.get(time) or ""), str(meta.get("status")) == "rejected", str(meta.get(by) or ""),
            _key(meta.get("status")))


def _pick(meta: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: meta.get(k, MISSING) for k in keys}


def _fact_value(s: Sides) -> dict[str, Any]:
    """A value set on both sides: the one set first holds, the other is contested (never applied silently)."""
    b, o, t = (m.get("value", MISSING) for m in (s.base, s.ours, s.theirs))
    if _same(o, t) or _same(t, b) or _same(o, b):
        return {}
    first, second = sorted((s.ours, s.theirs), key=lambda m: (str(m.get("updated") or ""), _key(m.get("value"))))
    picked = _pick(first, FACT_VALUE)
    # history entries only the set-aside side wrote record how it reached its value, the last one why:
    # they go with that value (in the old value's entry they would date and explain a change that never held)
    own = [h for h in _as_list(second.get("history", MISSING))
           if not _contains(_as_list(s.base.get("history", MISSING)), h)
           and not _contains(_as_list(first.get("history", MISSING)), h)]
    if own:
        history = union(s.base.get("history", MISSING), s.ours.get("history", MISSING),
                        s.theirs.get("history", MISSING))
        picked["history"] = [h for h in history if not _contains(own, h)]
    contested = union(s.base.get("contested", MISSING), s.ours.get("contested", MISSING),
                      s.theirs.get("contested", MISSING))
    why = own[-1] if own and isinstance(own[-1], dict) else {}
    said = {"value": second.get("value"), "trust": second.get("trust"), "source": _provenance(second),
            "session": second.get("session"), "reason": why.get("reason")}
    entry = {k: v for k, v in said.items() if v not in (None, "")}
    entry["date"] = second.get("updated") or second.get("created") or ""
    if not _contains(contested, entry):
        contested.append(entry)
    picked["contested"] = contested
    return picked


def _provenance(meta: dict[str, Any]) -> str:
    """user_stated, agent_inferred or system_verified: `source_kind`, or an earlier vault's `source`
    (never a wikilink, which `source` is in every other note)."""
    old = str(meta.get("source") or "")
    return str(meta.get("source_kind") or ("" if old.startswith("[[") else old))


def _trace(s: Sides, out: Outcome) -> dict[str, Any]:
    """A session ingested on both sides at different lengths: the longer trace is the whole one."""
    if all(_same(s.ours.get(k, MISSING), s.theirs.get(k, MISSING)) for k in TRACE_CONTENT):
        return {}
    def size(m: dict[str, Any]) -> tuple:
        return (int(m.get("turns") or 0) if _number(m.get("turns")) else 0, str(m.get("ended") or ""))
    out.trace_side = "ours" if size(s.ours) >= size(s.theirs) else "theirs"
    return _pick(s.ours if out.trace_side == "ours" else s.theirs, TRACE_CONTENT)


def _later_side(s: Sides) -> str:
    def when(m: dict[str, Any]) -> tuple:
        return tuple(str(m.get(k) or "") for k in ("updated", "reviewed", "resolved", "ended", "created"))
    return "theirs" if when(s.theirs) > when(s.ours) else "ours"


def _as_list(value: Any) -> list:
    if value is MISSING or value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _key(value: Any) -> str:
    return "\0missing" if value is MISSING else json.dumps(value, sort_keys=True, default=str)


def _same(a: Any, b: Any) -> bool:
    return _key(a) == _key(b)


def _contains(items: list, item: Any) -> bool:
    k = _key(item)
    return any(_key(x) == k for x in items)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
