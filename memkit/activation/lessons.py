"""What a lesson's own words say about compliant actions: the terms it prescribes
(`scan_iter`, `--force-with-lease`, "use pnpm") and the actions it calls fine
("local `terraform plan` is fine").

Computed once per cue when the index is built (stored in the cue's `extra` with
VERSION), so the hook reads them instead of running these regexes on every call;
activation computes them itself only for rows an older memkit indexed.
"""
from __future__ import annotations

import functools
import re

VERSION = 1   # bump when the analysis changes: stored results of another version are recomputed
STOP = set("the and for with that this from into you your are was were have has not but all any can will "
           "should would could must use using used just like then than them they what when where which who "
           "how why its it's our out get got let make made need needs want wants file files code new add "
           "please here there some more only also does did done don't dont".split())
_VAGUE = {"the", "a", "an", "it", "them", "this", "that", "care", "caution", "one", "some", "more", "less"}
_PLAIN = ("local", "the", "a", "an", "running", "just")


@functools.lru_cache(maxsize=1)
def _rx() -> dict[str, re.Pattern]:
    return {
        "prescribe": re.compile(r"\b(?:use|using|instead|wrap\w*|pass\w*|type it as|go(?:es)? in|starts? with|"
                                r"parse\w*|put|call|run|keep|always|only|via|through|with)\b", re.I),
        "forbid": re.compile(r"\b(?:never|don'?t|do not|no|not|avoid|stop|without|instead of|rather than)\b", re.I),
        "token": re.compile(r"`([^`]{3,60})`|\b([A-Za-z_][\w.]*(?:\(\))|[a-z]+_[a-z_]+|[A-Z][A-Z0-9_]{3,}|"
                            r"set -[a-z]+(?: pipefail)?)|(?<![\w-])(--[a-z][a-z0-9-]{3,})"),
        "tool_word": re.compile(r"\b(?:use|using|with|via|through|prefer)\s+([a-z][a-z0-9.+-]{1,20})\b"),
        "allow": re.compile(r"(?:`([^`]{3,60})`|([\w./-]+(?: [\w./-]+){0,2}))\s+(?:is|are)\s+(?:fine|ok|okay|"
                            r"allowed|safe|acceptable)\b", re.I),
        "clause": re.compile(r"[.;\n]|,\s+"),
    }


def prescribed_terms(lesson: str) -> list[str]:
    """Distinctive terms the lesson asks for (not those it forbids): `scan_iter`, `set -euo pipefail`…"""
    rx = _rx()
    terms: list[str] = []
    if not rx["prescribe"].search(lesson):
        return terms
    for clause in rx["clause"].split(lesson):
        ask, forbid = rx["prescribe"].search(clause), rx["forbid"].search(clause)
        if not ask or (forbid and forbid.start() < ask.start()):
            continue
        for m in rx["token"].finditer(clause[ask.start():]):
            term = (m.group(1) or m.group(2) or m.group(3) or "").strip()
            if len(term) >= 4 and term.lower() not in STOP:
                terms.append(term)
        for m in rx["tool_word"].finditer(clause[ask.start():]):   # "we use pnpm", "with uv"
            if m.group(1) not in STOP and m.group(1) not in _VAGUE:
                terms.append(m.group(1))
    return terms


def allowed_actions(lesson: str) -> list[list[str]]:
    """The actions the lesson names as fine, each as the words an action's text must hold."""
    found: list[list[str]] = []
    low = lesson.lower()
    if not any(w in low for w in ("fine", "ok", "allowed", "safe", "acceptable")):
        return found
    for m in _rx()["allow"].finditer(lesson):
        term = (m.group(1) or m.group(2) or "").lower()
        words = [w for w in term.split() if w not in _PLAIN]
        if words:
            found.append(words)
    return found


def analysis(lesson: str) -> dict:
    """What the index stores in a cue's `extra` for the hot path."""
    return {"lx": VERSION, "prescribed": prescribed_terms(lesson), "allowed": allowed_actions(lesson)}
