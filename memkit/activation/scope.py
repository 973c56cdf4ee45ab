"""Where a lesson holds: project, environment, folders, and whether a read is the mistake too."""

from __future__ import annotations

import re

_STAY_OUT = re.compile(r"(?i)\b(?:stay|keep)\s+out\s+of\b|\bwhat\s+are\s+you\s+doing\s+in\b|\b(?:don'?t|do\s+not|never)\s+"
                       r"(?:read|look\s+(?:at|in|into)|open|go\s+(?:in|into)|browse|dig\s+into)\b|\bconcern\s+yourself\b|"
                       r"\boff-limits\b|\bhands\s+off\b|\bnone\s+of\s+your\s+business\b")
_SPOKEN_PROD = re.compile(r"(?i)(?<![\w/.-])(?:prod|production)(?![\w/.-])")   # in prose, not a path
_ENV = {"prod": re.compile(r"(?i)\b(prod|production)\b"), "staging": re.compile(r"(?i)\bstaging\b")}


def scope_of(project: str, parts: list[tuple[str, str]], act=None) -> dict:
    """Where a lesson holds: its project, the environment it says no to (or the corrected call ran
    in and it speaks of), the folders it names, and whether reading there is the mistake too."""
    scope: dict = {}
    if project:
        scope["project"] = project
    text = " ".join(t for p, t in parts if p in ("forbid", "neutral"))
    said = " ".join(t for p, t in parts if p == "forbid")   # a reason naming prod scopes nothing
    called = act.command if act is not None and act.family == "shell" else ""
    everything = " ".join(t for _, t in parts)
    # the corrected call ran against production and the lesson speaks of production ("production
    # flags are her call; we turn them on in staging only"): the lesson is about that environment
    env = [name for name, rx in _ENV.items() if rx.search(said)
           or (name == "prod" and rx.search(called) and _SPOKEN_PROD.search(everything))]
    if _STAY_OUT.search(everything):   # "stay out of X": reading it is the mistake too
        scope["reads"] = True
    if env:
        scope["env"] = env
    paths = [m.group(1) for m in re.finditer(r"(?i)\b(?:in|under|inside|within)\s+`?((?:[\w.-]+/)+)`?", text)]
    if paths:
        scope["paths"] = list(dict.fromkeys(paths))[:4]
    return scope
