"""What a lesson says a construct of code needs: "every scheduled method needs @SchedulerLock"
after an edit that added `@Scheduled` without it, "wrap it in zplField()" after one that wrote
`^FD%s` bare. The construct as the corrected code wrote it (a name the lesson says too) is what
the cue fires on; the names the lesson asks for that the code lacked comply.

Read only when the lesson names no kind and no entity of its own: the compiler's last words on
a lesson about code, not a second reading of every lesson.
"""
from __future__ import annotations

import re

from memkit import rxcache

# a name as code writes it: `quoted`, an annotation or decorator, a call, a dotted or snake_case
# name, a camelCase or CamelCase one (two humps at least)
_CODE = rxcache.compile(r"`([^`\n]{2,60})`|(?<![\w$@])(@[A-Za-z_]\w*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\(\)?|"
                        r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|"
                        r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+(?:[A-Z][a-z0-9]*)+)")
MOST = 4


def of(act, parts: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """(names the corrected code holds that the lesson speaks of, names a rule of the lesson asks
    for that the code lacks); both empty unless there is one of each."""
    if act is None or act.family not in ("edit", "write") or not act.added.strip():
        return [], []
    code = act.added[:20000]
    said = [(p, n) for p, text in parts for n in _names(text)]
    held = [n for _, n in said if _holds(code, n)]
    asked = [n for p, n in said if p != "neutral" and not _holds(code, n)
             and not any(n.lower() in h.lower() or h.lower() in n.lower() for h in held)]
    if not held or not asked:
        return [], []
    return list(dict.fromkeys(held))[:2], list(dict.fromkeys(asked))[:MOST]


def _names(text: str) -> list[str]:
    out = []
    for m in _CODE.finditer(text):
        name = (m.group(1) or m.group(2)).strip()
        if len(name.strip("@()")) >= 3 and not re.fullmatch(r"[a-z]+\(\)?", name):   # "e.g(" or "it()": no name
            out.append(name)
    return out


def _holds(code: str, name: str) -> bool:
    bare = name.rstrip("()")
    tail = r"\s*\(" if name.endswith("(") or name.endswith("()") else r"(?![\w])"
    return re.search(rf"(?<![\w$@]){re.escape(bare)}{tail}", code) is not None
