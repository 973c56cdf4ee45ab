"""What a lesson says to keep: "don't remove `legacy_id`", "never drop the @deprecated markers",
"keep the X-Request-Id header", "don't take credit away from claude-3-7-sonnet". A later edit that
takes one of them out (its removed lines hold the name, its added lines do not) repeats the mistake,
whatever kind of action it is; an edit that uses the name, or adds code beside it, keeps it.

Read by the lesson compiler (`settle`) and by the hook (`gone`: what an edit takes out, from its
own old and new text, or for a file written whole, from the file as it is on disk).
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.activation import entities
from memkit.activation.acts import Lazy as _Lazy

_TAKE_OUT = (r"(?:remov|delet|drop|strip|rip\w*\s+out|tak\w*\s+(?:\w+\s+){0,2}?(?:out|away)|"
             r"get\w*\s+rid\s+of|throw\w*\s+away|lose|los)")
_KEEPS = _Lazy(rf"(?i)(?:\b(?:don'?t|do\s+not|never|stop|no\s+more)\s+(?:\w+\s+)?{_TAKE_OUT}\w*"
               r"(?:\s+from)?|\bkeep|\bpreserve|\bretain|\bleave\s+in(?:\s+place)?)"
               r"\s+(?P<rest>[^.;!?\n]{1,80})")


def kept(parts: list[tuple[str, str]]) -> list[str]:
    """The names the lesson's clauses say to keep (at most two a clause, six in all)."""
    out: list[str] = []
    for polarity, text in parts:
        if polarity == "allow":
            continue
        for m in _KEEPS.finditer(text):
            out.extend(n for n in entities.names_in(m.group("rest"))[:2] if n not in out)
    return out[:6]


def settle(cue: dict, parts: list[tuple[str, str]], undone: list[str]) -> None:
    """The cue's `undone` and `kept` (a name to keep is no name to stay away from: a later edit
    that uses it complies)."""
    if undone:
        cue["undone"] = undone
    names = kept(parts)
    if names:
        cue["kept"] = names
        low = {n.lower() for n in names}
        cue["entities"] = [e for e in cue["entities"] if e.lower() not in low]


def gone(act, tokens: set[str]) -> set[str]:
    """The names an edit or a whole-file write takes out: in its removed lines, not among the action's
    own `tokens` (a name with a version or date after it also without: claude-3-7-sonnet-20250219)."""
    if act.family not in ("edit", "write") or not act.removed:
        return set()
    out = entities._names_of((), (act.removed[:20000],)) - tokens
    return out | {m.group(1) for t in out for m in [_VERSIONED.match(t)] if m}


_VERSIONED = rxcache.compile(r"^(.{3,}?)[-_@]v?\d[\d.]*$")


def removes(act, name: str) -> bool:
    """The edit takes the named thing out: the removed text holds it (as a whole name, or as one with
    a version after it), the added text does not."""
    said = r"\s+".join(re.escape(w) for w in name.split())
    rx = rxcache.compile(rf"(?i)(?<![\w@]){said}(?![A-Za-z0-9_])")
    return rx.search(act.removed) is not None and rx.search(act.added) is None
