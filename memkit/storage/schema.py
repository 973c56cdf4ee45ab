"""The types of the frontmatter keys memkit reads, checked once as a note is parsed.

Owns the table of typed keys and what happens to a value of the wrong type: a number out
of its range is clamped (and reported, so `doctor` lists it); anything memkit could not use
(a list for a number, NaN, a mapping for a name) refuses the note with a message naming
the file and the key, so one hand edit never breaks a command for the rest of the vault.
Never changes a key it does not know.
"""
from __future__ import annotations

import math
from typing import Any

from memkit.errors import InvalidInput

UNIT = ("confidence", "importance", "trust")                    # numbers from 0 to 1
COUNT = ("turns", "redactions", "skipped_lines", "recurrence", "sessions_count")   # whole numbers ≥ 0
NAME = ("id", "type", "kind", "status", "lifecycle", "extractor", "key", "outcome", "target")  # one word or line
TEXT = ("title", "trigger", "lesson", "goal", "statement", "approach", "reason", "chosen")
LIST = ("extracted", "action_types", "sources", "cues", "lessons", "tags", "aliases", "alternatives",
        "decisions", "open_threads", "artifacts", "history")
MAPPINGS = ("cues",)                                            # lists whose items are mappings
CUE_LISTS = ("forbids", "entities", "prescribes", "complies")


def check(meta: dict[str, Any], where: object) -> tuple[str, ...]:
    """Bring meta's typed values into range in place; returns what was changed, as messages.
    Raises InvalidInput naming `where` and the key for a value memkit cannot use."""
    changed: list[str] = []
    for key in UNIT:
        if key in meta and meta[key] is not None:
            meta[key] = _number(meta[key], where, key, 0.0, 1.0, changed)
    for key in COUNT:
        if key in meta and meta[key] is not None:
            meta[key] = int(_number(meta[key], where, key, 0, None, changed))
    for key in NAME + TEXT:
        if isinstance(meta.get(key), (list, dict)):
            _refuse(where, key, meta[key], "one value" if key in NAME else "text")
    for key in LIST:
        if key in meta and meta[key] is not None and not isinstance(meta[key], list):
            if isinstance(meta[key], dict):
                _refuse(where, key, meta[key], "a list")
            meta[key] = [meta[key]]   # one value where a list belongs is a list of one
    for key in MAPPINGS:
        if any(not isinstance(item, dict) for item in meta.get(key) or []):
            _refuse(where, key, meta[key], "a list of mappings")
    if "cue" in meta and meta["cue"] is not None:
        _cue(meta, where)
    return tuple(changed)


def _number(value: Any, where: object, key: str, low: float, high: float | None, changed: list[str]) -> float:
    number = value
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            _refuse(where, key, value, "a number")
    if isinstance(number, bool) or not isinstance(number, (int, float)) or not math.isfinite(number):
        _refuse(where, key, value, "a number")
    clamped = max(low, number if high is None else min(high, number))
    if clamped != number or isinstance(value, str):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        changed.append(f"`{key}` is {value!r}, read as {clamped} (a number {span})")
    return clamped


def _cue(meta: dict[str, Any], where: object) -> None:
    cue = meta["cue"]
    if not isinstance(cue, dict):
        _refuse(where, "cue", cue, "a mapping")
    for key in CUE_LISTS:
        if key in cue and cue[key] is not None and not isinstance(cue[key], list):
            if isinstance(cue[key], dict):
                _refuse(where, f"cue.{key}", cue[key], "a list")
            cue[key] = [cue[key]]
    if "scope" in cue and cue["scope"] is not None and not isinstance(cue["scope"], dict):
        _refuse(where, "cue.scope", cue["scope"], "a mapping")


def _refuse(where: object, key: str, value: Any, wanted: str) -> None:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:40] + "…"
    raise InvalidInput(f"{where}: `{key}` is {shown}, not {wanted}; fix the value (the note is skipped until then)")
