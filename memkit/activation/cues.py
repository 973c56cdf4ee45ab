"""The activation cues a note contributes to the index, from its frontmatter.

Observations (corrections, preferences, decisions, negative results, facts), library notes'
`cues:` (backflow), fact files and episodes each give rows. A lesson's compiled `cue:` is read
from the note when it still matches the lesson's text (or a person wrote it), else compiled
here. Pure derivation: never reads other files, never writes the note.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from memkit import rxcache
from memkit.activation import compiler, entities, intent, redo
from memkit.activation import scope as scope_mod
from memkit.layers import OBSERVATIONS
from memkit.storage.notes import Note

OBS_CUE = {str(kind): cue for kind, (_, cue, _) in OBSERVATIONS.items() if cue}
LESSONS = ("correction", "preference", "negative_result", "procedure")
DEAD = {"rejected", "superseded"}
REVIEWED = {"accepted", "promoted", "active"}
LIBRARY = ("convention", "procedure", "decision", "preference", "note")


def catalogue_of(vault):
    from memkit.activation import catalogue

    cached = getattr(vault, "_catalogue", None)
    if cached is None:
        cached = catalogue.load(vault.root)
        vault._catalogue = cached
    return cached


def _list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value or [] if isinstance(v, (str, int, float))]


def _num(value: Any, default: float) -> float:
    try:
        n = float(value)
    except (TypeError, ValueError):
        return default
    return n if n == n and -1e9 < n < 1e9 else default   # NaN and infinities are not values


_SCOPE_NAMES = {"env": lambda n: n.strip().lower(), "paths": str.strip, "hosts": scope_mod.host_of}


def valid(cue) -> dict | None:
    """A cue as stored in frontmatter, checked and normalised; None when it is not one."""
    if not isinstance(cue, dict):
        return None
    out: dict = {}
    for key in ("forbids", "calls", "args", "entities", "prescribes", "complies", "before", "first", "topics", "undone",
                "kept", "needs"):
        value = cue.get(key) or []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return None
        out[key] = [str(v)[:200] for v in value if isinstance(v, (str, int, float)) and str(v).strip()][:40]
    for key in ("calls", "args", "before", "first", "topics", "undone", "kept", "needs"):   # optional: only when set
        if not out[key]:
            del out[key]
    scope = cue.get("scope") or {}
    scope = dict(scope) if isinstance(scope, dict) else {}
    for key, norm in _SCOPE_NAMES.items():   # lists of names, as the compiler writes them (a person may write one bare)
        names = scope.pop(key, None)
        names = [names] if isinstance(names, (str, int, float)) else names if isinstance(names, list) else []
        names = [norm(str(n)) for n in names if isinstance(n, (str, int, float)) and str(n).strip()][:12]
        if names:
            scope[key] = names
    out["scope"] = scope
    out["example"] = str(cue.get("example") or "")[:300]
    out["standing"] = cue.get("standing") is True
    out["compiled"] = str(cue.get("compiled") or "")
    if cue.get("of") is not None:
        out["of"] = str(cue["of"])
    return out


def cue_for(vault, meta: dict, lesson: str, trigger: str, kind: str) -> dict:
    """The note's stored cue when it still stands, else a fresh compile."""
    stored = valid(meta.get("cue"))
    fix = fix_of(meta)
    if stored is not None and compiler.is_current(meta.get("cue"), lesson, trigger, fix):
        return stored
    if meta.get("type") == "observation" and meta.get("kind") == "decision":
        kind = "decision"   # a choice made once recalls itself where it comes up again, not in every session
    return compiler.compile_lesson(catalogue_of(vault), lesson, trigger, kind=kind,
                                   project=str(meta.get("project") or ""),
                                   declared=tuple(_list(meta.get("action_types"))),
                                   lifecycle=str(meta.get("lifecycle") or ""), fix=fix)


def _row(rel, note_id, cue_type, trigger, lesson, cue: dict | None, meta, reviewed, extra=None, cat=None):
    extra = dict(extra or {})
    asked: set[str] = set()
    if cue is not None:
        extra["cue"] = cue
        about = [*cue.get("forbids", []), *cue.get("topics", [])]
        if cat is not None and about:   # the terms a request about these kinds of action speaks of (a way of
            # handing things over is met by its own patterns only: "give me the command" is no talk of commands)
            weighted = intent.weights(cat, [k for k in about if k in cat.kinds and (
                k in cue.get("forbids", ()) or cat.kinds[k].area not in compiler.STANDING_AREAS)])
            if weighted:
                extra["intent"] = weighted
                asked = intent.keys(weighted)
    kinds = " ".join([*(cue or {}).get("forbids", []), *("~" + k for k in (cue or {}).get("topics", []))])
    names = " ".join(sorted({key for n in (cue or {}).get("entities", []) for key in entities.keys(n)}
                            | {c.split()[0] for c in (cue or {}).get("calls", []) if c.split()}   # its program
                            | {k for piece in (cue or {}).get("undone", []) for k in redo.keys(piece)}
                            | {key for n in (cue or {}).get("kept", []) for key in entities.keys(n)}
                            | asked))
    return (rel, note_id, cue_type, trigger, lesson, kinds, names, str(meta.get("status") or ""), int(reviewed),
            str(meta.get("created") or meta.get("updated") or ""), str(meta.get("session") or ""),
            str(meta.get("source") or ""), min(1.0, max(0.0, _num(meta.get("importance"), 0.5))),
            min(1.0, max(0.0, _num(meta.get("confidence", meta.get("trust")), 0.5))),
            str(meta.get("lifecycle") or ""), str(meta.get("project") or ""),
            max(1, int(_num(meta.get("sessions_count"), 1))), json.dumps(extra, ensure_ascii=False, default=str))


def rows(note: Note, rel: str, vault) -> Iterator[tuple[Any, ...]]:
    meta = note.meta
    kind = str(meta.get("type") or "")
    if str(meta.get("status") or "") in DEAD:
        return
    if kind == "observation":
        yield from _observation(note, rel, vault)
    elif kind in LIBRARY:
        yield from _library(note, rel, vault, kind)
    elif kind == "fact" and meta.get("key") is not None and not rel.startswith("workshop/"):
        key, value = str(meta["key"]), str(meta.get("value"))
        yield _row(rel, note.id, "fact", key.replace("_", " "), f"{key} = {value}", None, meta,
                   _num(meta.get("trust"), 0) >= 0.8, {"trust": meta.get("trust"), "value": value})
    elif kind == "episode" and meta.get("goal"):
        lessons = " ".join(_list(meta.get("lessons")))
        goal = str(meta["goal"])
        cue = compiler.compile_lesson(catalogue_of(vault), goal, kind="precedent")
        yield _row(rel, note.id, "precedent", goal, f"{meta.get('outcome', 'open')}: {lessons}".strip(), cue,
                   meta, not rel.startswith("workshop/"), cat=catalogue_of(vault))


def _library(note: Note, rel: str, vault, kind: str) -> Iterator[tuple[Any, ...]]:
    """A library note hides the observations it was promoted from (arbitration reads
    extra["sources"]); a person reviewed it, and it was seen in as many sessions as it cites."""
    meta = note.meta
    links = [s.strip("[]") for s in _list(meta.get("sources"))]
    sources = [s for s in links if "#" not in s]
    seen = {s.split("#", 1)[0] for s in links if "#" in s}
    facts = {**meta, "confidence": meta.get("confidence", 1.0),
             "sessions_count": meta.get("sessions_count") or max(1, len(seen))}
    entries = _entries(meta)
    for entry in entries:
        trig, les = str(entry.get("trigger") or ""), str(entry.get("lesson") or "")
        own = {**meta, "action_types": entry.get("action_types"), "fix": entry.get("fix")}   # each entry's own fix
        if len(entries) > 1:
            own.pop("cue", None)   # the note's one `cue:` speaks for a single entry only
        yield _row(rel, note.id, f"library:{kind}", trig, les, cue_for(vault, own, les, trig, f"library:{kind}"),
                   facts, True, {"title": meta.get("title") or note.id, "sources": sources,
                                 "last": max((t[:10] for t in seen if t[:4].isdigit()), default="")},
                   cat=catalogue_of(vault))


def _observation(note: Note, rel: str, vault) -> Iterator[tuple[Any, ...]]:
    meta = note.meta
    kind = str(meta.get("kind") or "")
    cue_type = OBS_CUE.get(kind)
    if not cue_type:
        return
    trigger = str(meta.get("trigger") or meta.get("approach") or meta.get("key") or "")
    lesson = str(meta.get("lesson") or meta.get("reason") or meta.get("chosen") or meta.get("value") or "")
    if cue_type == "fact":
        lesson = f"{meta.get('key')} = {meta.get('value')}"
    if not lesson:
        return
    cue = None
    if cue_type != "fact":
        found = lesson_of(meta)   # what the cue is compiled from (None: a note that does not fire)
        if found is None:
            return
        cue = cue_for(vault, meta, found[0], found[1], cue_type)
    reviewed = str(meta.get("status") or "") in REVIEWED and not rel.startswith("workshop/")
    owner = {"user": str(meta["user"])} if meta.get("user") and not reviewed else None   # whose candidate
    yield _row(rel, note.id, cue_type, trigger, lesson, cue, meta, reviewed, owner, cat=catalogue_of(vault))


_ORDER = rxcache.compile(r"(?i)\s*(start|begin|first|next|then|proceed|continue|go\s+ahead|move\s+on)\b")


def lesson_of(meta: dict) -> tuple[str, str, str] | None:
    """(lesson, corrected call, cue type) of a note that can fire, as its cue is compiled from;
    None for notes that do not fire."""
    kind = str(meta.get("type") or "")
    if kind == "observation":
        obs = str(meta.get("kind") or "")
        cue_type = OBS_CUE.get(obs)
        if cue_type in (None, "fact"):
            return None
        trigger = str(meta.get("trigger") or meta.get("approach") or "")
        lesson = str(meta.get("lesson") or meta.get("reason") or meta.get("chosen") or "")
        if obs == "negative_result":   # the approach that failed is what to recall before
            return f"{trigger}: {lesson}", "", cue_type
        if obs == "decision":   # the choice is the way to go, the alternatives are not
            if _ORDER.match(str(meta.get("chosen") or "")):   # "begin with the setup" over "start with the
                return None                                   # README": the order of one day's work
            alternatives = ", ".join(_list(meta.get("alternatives")))
            return (f"use {meta.get('chosen') or lesson}" + (f", not {alternatives}" if alternatives else ""),
                    "", cue_type)
        return (lesson, trigger, cue_type) if lesson else None
    if kind in LIBRARY:
        entries = _entries(meta)
        if len(entries) == 1:
            return str(entries[0].get("lesson") or ""), str(entries[0].get("trigger") or ""), f"library:{kind}"
    return None


def _entries(meta: dict) -> list[dict]:
    """A library note's cue entries: what it was promoted from, each a lesson and its trigger."""
    return [c for c in meta.get("cues") or [] if isinstance(c, dict) and (c.get("lesson") or c.get("trigger"))]


def fix_of(meta: dict) -> tuple[str, ...]:
    """The agent's own fix a note keeps (`fix:`), or a library note's from its one cue entry."""
    if meta.get("fix") or str(meta.get("type") or "") not in LIBRARY:
        return tuple(_list(meta.get("fix")))
    entries = _entries(meta)
    return tuple(_list(entries[0].get("fix"))) if len(entries) == 1 else ()


def effective(vault, meta: dict) -> dict | None:
    """The cue a note fires with: its stored one while it stands, else compiled now."""
    found = lesson_of(meta)
    if found is None:
        return None
    lesson, trigger, cue_type = found
    return cue_for(vault, meta, lesson, trigger, cue_type)


def attach(vault, meta: dict) -> dict:
    """Store the compiled cue in a note's frontmatter as memkit writes the note. A cue a person
    wrote (`compiled: person`) stays as it is; so does a model's cue of the same lesson. With
    `[llm] compile = true` a new lesson is also compiled by the model (one request)."""
    stored = meta.get("cue")
    if isinstance(stored, dict) and stored.get("compiled") == "person":
        return meta
    found = lesson_of(meta)
    if found is None:
        return meta
    lesson, trigger, cue_type = found
    if isinstance(stored, dict) and str(stored.get("compiled") or "").startswith("llm:") \
            and compiler.is_current(stored, lesson, trigger, fix_of(meta)):
        return meta
    cue = cue_for(vault, {k: v for k, v in meta.items() if k != "cue"}, lesson, trigger, cue_type)
    from memkit.activation import llmcompile

    if llmcompile.enabled(vault.config):
        cue = llmcompile.refine(vault, catalogue_of(vault), cue, lesson, trigger)
    meta["cue"] = cue
    return meta
