"""The optional LLM compile pass: one request per new lesson asks the configured model which
catalogue kinds the lesson forbids and which comply, which names it is about, and whether it
is a rule for every session. The answer is checked against the catalogue before it replaces
the heuristic cue; anything that does not fit leaves the heuristic cue in place.

Runs only when `[llm] compile = true` and a key is set; never on the hot path. The model
chooses among catalogue kinds (an enum) and short strings: no regex it writes is ever run.
"""
from __future__ import annotations

import sys
import time
from typing import Any

from memkit.errors import MemkitError

MAX_KINDS = 8
MAX_NAMES = 12
SYSTEM = ("You compile a coding agent's lesson into a structured cue. A lesson is something a person told "
          "the agent after it did something wrong. Choose, from the catalogue kinds given, the kinds of "
          "action the lesson forbids (what went wrong, and whatever it says never to do) and the kinds that "
          "comply with it (the way it asks for). List the concrete names it is about (folders, files, "
          "commands, flags, packages, identifiers, services) exactly as written, and the short terms of the "
          "compliant way (a command, a flag, an API). Say standing=true only for a rule about how to work "
          "or answer in every session rather than before one kind of action. Use only kinds from the list.")


def enabled(config) -> bool:
    try:
        return bool(config.get("llm.compile"))
    except (KeyError, TypeError):
        return False


def schema(kind_ids: list[str]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False,
            "required": ["forbids", "complies", "entities", "standing"],
            "properties": {
                "forbids": {"type": "array", "items": {"type": "string", "enum": kind_ids}, "maxItems": MAX_KINDS},
                "complies": {"type": "array", "items": {"type": "string", "maxLength": 80},
                             "maxItems": MAX_NAMES,
                             "description": "catalogue kind ids, or short terms of the compliant way"},
                "entities": {"type": "array", "items": {"type": "string", "maxLength": 120},
                             "maxItems": MAX_NAMES},
                "standing": {"type": "boolean"}}}


def prompt(cat, lesson: str, trigger: str, heuristic: dict) -> str:
    kinds = "\n".join(f"{k.id}: {k.about}" for k in sorted(cat.kinds.values(), key=lambda k: k.id) if not k.safe)
    return (f"Catalogue kinds:\n{kinds}\n\nThe corrected action: {trigger or '(none recorded)'}\n"
            f"The lesson, in the person's words: {lesson}\n\n"
            f"A first heuristic reading (improve on it): forbids {heuristic.get('forbids')}, "
            f"complies {heuristic.get('complies')}, entities {heuristic.get('entities')}.")


def check(answer: Any, cat) -> dict[str, Any]:
    """The answer as cue fields, or MemkitError when it does not fit the catalogue's schema."""
    if not isinstance(answer, dict):
        raise MemkitError("lesson compiler: the reply is not an object")
    out: dict[str, Any] = {}
    for key, limit in (("forbids", MAX_KINDS), ("complies", MAX_NAMES), ("entities", MAX_NAMES)):
        value = answer.get(key)
        if not isinstance(value, list) or len(value) > limit or not all(isinstance(v, str) and v.strip()
                                                                        and len(v) <= 120 for v in value):
            raise MemkitError(f"lesson compiler: '{key}' is not a short list of strings")
        out[key] = [" ".join(v.split()) for v in value]
    unknown = [k for k in out["forbids"] if k not in cat.kinds]
    if unknown:
        raise MemkitError(f"lesson compiler: unknown kinds {unknown}")
    if not isinstance(answer.get("standing"), bool):
        raise MemkitError("lesson compiler: 'standing' is not true or false")
    out["standing"] = answer["standing"]
    return out


_GAVE_UP = 0.0   # when the model last failed: the lessons of the next GIVE_UP seconds keep their heuristic cue
GIVE_UP = 300.0   # (a run's later lessons, not a long-running watcher's or MCP server's for good)


def refine(vault, cat, cue: dict, lesson: str, trigger: str) -> dict:
    """The cue the model gives for a lesson, checked; the heuristic cue when anything fails."""
    from memkit import llm

    global _GAVE_UP
    config = vault.config
    if _GAVE_UP and time.monotonic() - _GAVE_UP < GIVE_UP:   # it failed a moment ago: said once already
        return cue
    try:
        api = llm.client(config, "lesson compiler")
        kind_ids = sorted(k.id for k in cat.kinds.values() if not k.safe)
        answer = llm.forced_tool(api, config, "lesson compiler", system=SYSTEM,
                                 prompt=prompt(cat, lesson[:3000], trigger[:600], cue), tool="compile_lesson",
                                 description="The structured cue of one lesson.", schema=schema(kind_ids),
                                 max_tokens=800)
    except MemkitError as e:   # no key, no answer, refused: the same for every later lesson of the run
        _GAVE_UP = time.monotonic()
        print(f"memkit: {e}; keeping the heuristic cue of this lesson and of the run's later ones", file=sys.stderr)
        return cue
    try:
        fields = check(answer, cat)
    except MemkitError as e:   # this reply did not fit
        print(f"memkit: {e}; keeping the heuristic cue", file=sys.stderr)
        return cue
    return {**cue, **fields, "compiled": f"llm:{config.get('anthropic.model')}"}
