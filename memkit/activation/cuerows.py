"""The activation cues a note contributes to the index, derived from its frontmatter.

Pure derivation: observations (corrections, preferences, negative results, facts,
decisions), library notes' `cues:` (backflow), fact files and episodes each give
rows of trigger → lesson with their action types. Never reads other files.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from memkit.activation import lessons as lesson_words
from memkit.storage.notes import Note

OBS_CUE = {"correction": "correction", "preference": "preference", "decision": "preference",
           "negative_result": "negative_result", "fact": "fact", "procedure": "procedure"}
DEAD = {"rejected", "superseded"}
REVIEWED = {"accepted", "promoted", "active"}


def _taxonomy(vault):
    from memkit.activation import catalogue as taxonomy

    cached = getattr(vault, "_taxonomy", None)
    if cached is None:
        cached = taxonomy.load(vault.root)
        vault._taxonomy = cached
    return cached


def _list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value or []]


def _types(vault, declared: Any, *texts: str, own: set[str] | None = None) -> str:
    """The cue's action types, as index text; `own` collects those the texts themselves have."""
    found = set(_list(declared))
    tax = _taxonomy(vault)
    for t in texts:
        if t:
            said = tax.classify_text(t)
            found |= said
            if own is not None:
                own |= said
    narrow = tax.specific(found)
    # broad traits stay as weak "~type" cues: enough for a prompt's intent, never for a tool call
    return " ".join(sorted(narrow) + sorted("~" + t for t in found - narrow))


def _row(rel, note_id, cue_type, trigger, lesson, types, meta, reviewed, extra=None):
    return (rel, note_id, cue_type, trigger, lesson, types, str(meta.get("status") or ""), int(reviewed),
            str(meta.get("created") or meta.get("updated") or ""), str(meta.get("session") or ""),
            str(meta.get("source") or ""), float(meta.get("importance") or 0.5),
            float(meta.get("confidence") or meta.get("trust") or 0.5), str(meta.get("consequence") or ""),
            str(meta.get("project") or ""), int(meta.get("sessions_count") or 1),
            json.dumps(extra or {}, ensure_ascii=False, default=str))


def rows(note: Note, rel: str, vault) -> Iterator[tuple[Any, ...]]:
    meta = note.meta
    kind = str(meta.get("type") or "")
    if str(meta.get("status") or "") in DEAD:
        return
    if kind == "observation":
        yield from _observation(note, rel, vault)
    elif kind in ("convention", "procedure", "decision", "preference", "note"):
        # A library note hides the observations it was promoted from (activate.arbitrate reads
        # extra["sources"]); a person reviewed it, and it was seen in as many sessions as it cites.
        links = [str(s).strip("[]") for s in _list(meta.get("sources"))]
        sources = [s for s in links if "#" not in s]
        seen = {s.split("#", 1)[0] for s in links if "#" in s}
        facts = {**meta, "confidence": meta.get("confidence", 1.0),
                 "sessions_count": meta.get("sessions_count") or max(1, len(seen))}
        for cue in meta.get("cues") or []:
            if isinstance(cue, dict) and (cue.get("lesson") or cue.get("trigger")):
                trig, les = str(cue.get("trigger") or ""), str(cue.get("lesson") or "")
                yield _row(rel, note.id, f"library:{kind}", trig, les,
                           _types(vault, cue.get("action_types"), trig, les), facts, True,
                           {"title": meta.get("title") or note.id, "sources": sources,
                            "last": max((t[:10] for t in seen if t[:4].isdigit()), default=""),
                            "words": sorted(_taxonomy(vault).classify_text(les)), **lesson_words.analysis(les)})
    elif kind == "fact" and meta.get("key") is not None and not rel.startswith("workshop/"):
        key, value = str(meta["key"]), str(meta.get("value"))
        yield _row(rel, note.id, "fact", key.replace("_", " "), f"{key} = {value}",
                   _types(vault, meta.get("action_types"), key.replace("_", " ")), meta,
                   float(meta.get("trust") or 0) >= 0.8, {"trust": meta.get("trust"), "value": value})
    elif kind == "episode" and meta.get("goal"):
        lessons = " ".join(_list(meta.get("lessons")))
        lesson = f"{meta.get('outcome', 'open')}: {lessons}".strip()
        yield _row(rel, note.id, "precedent", str(meta["goal"]), lesson,
                   _types(vault, meta.get("action_types"), str(meta["goal"])), meta,
                   not rel.startswith("workshop/"))


def _observation(note: Note, rel: str, vault) -> Iterator[tuple[Any, ...]]:
    meta = note.meta
    cue_type = OBS_CUE.get(str(meta.get("kind") or ""))
    if not cue_type:
        return
    trigger = str(meta.get("trigger") or meta.get("approach") or meta.get("key") or "")
    lesson = str(meta.get("lesson") or meta.get("reason") or meta.get("chosen") or meta.get("value") or "")
    if cue_type == "fact":
        lesson = f"{meta.get('key')} = {meta.get('value')}"
    if not lesson:
        return
    own: set[str] = set()
    of_trigger = _types(vault, None, trigger)
    types = _types(vault, meta.get("action_types"), lesson, own=own) or of_trigger
    from_trigger = set(of_trigger.split()) & set(types.split()) - {t for t in types.split() if t.startswith("~")}
    primary = sorted(from_trigger)[0] if from_trigger else ""
    extra = {"primary": primary, "words": sorted(own)}
    if cue_type in ("correction", "preference"):   # what activate.complies and .allowed read
        extra.update(lesson_words.analysis(lesson))
    yield _row(rel, note.id, cue_type, trigger, lesson, types,
               meta, str(meta.get("status") or "") in REVIEWED and not rel.startswith("workshop/"), extra)
