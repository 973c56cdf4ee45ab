"""What the agent took back when it redid its work after a correction.

A correction is usually followed by the agent's own fix: it edits out what was wrong and writes
what the person asked for (`sourcemap: true` becomes `sourcemap: 'hidden'`, `driver.to_dict()`
becomes `DriverOut.model_validate(driver)`). The lines it removed hold the mistake in code, in
whatever words the lesson used. A note keeps that fix (`fix:` in its frontmatter, one `-`/`+`
line each); the compiler reads the code the fix took out and did not put back (cue `undone`); the
hook fires when an action writes one of those pieces again. What the fix put in is no compliant
way on its own (a route's decorator, a `.parse(` that any code calls), so it only decides what
counts as taken out.

Pieces are calls (`.to_dict(`, `Seller::all(`, `Variable.get(`), annotations (`@Scheduled`) and
settings whose value the fix changed (`sourcemap: true`). A lesson that compiled to nothing else keeps,
the same way, a setting the corrected edit wrote and the lesson names (`named`). Pure; no I/O.
"""

from __future__ import annotations

import functools
import re

from memkit import rxcache
from memkit.activation import commands

# a call: its owner and member (`cy.contains(`, `Seller::all(`, `driver.to_dict(`) or a bare name
_CALL = rxcache.compile(r"(?<![\w$@])((?:[A-Za-z_$][\w$]*(?:\.|::|->))*)([A-Za-z_$][\w$]*)\s*\(")
_ANNOTATION = rxcache.compile(r"(?<![\w@])@[A-Za-z_][\w.]*")
# a setting: `key: value`, `key = value`, `key=value` (the value a word, a number or a quoted word)
_SETTING = rxcache.compile(r"""(?<![\w.-])([A-Za-z_][\w.-]{2,40})["']?\s*[:=]\s*(["']?[\w.-]{1,30}["']?)(?=\s*[,;)}\]]|\s*$)""",
                      re.M)
# calls too common to mean anything on their own
_COMMON = frozenset("if for while switch return print len str int float bool list dict set map filter get put post "
                    "log new super this self require import assert expect describe it test function func def "
                    "format append push pop join split strip replace keys values items range sorted open close "
                    "then catch resolve reject emit on off call apply bind toString valueOf string number".split())
MAX = 4


def pieces(line: str) -> set[str]:
    """The pieces of code in one line of an edit: calls, annotations, settings with their value."""
    found: set[str] = set()
    for owner, member in _CALL.findall(line):
        if owner:
            if owner.split(".")[0] in ("self", "this", "cls", "super"):   # its own methods name nothing
                continue
            # a snake_case method (`to_dict`) is the same mistake on any instance; another call keeps
            # its owner (`cy.contains(`, `Seller::all(`, `context.Background(`)
            found.add("." + member + "(" if "_" in member.strip("_") and owner.endswith(".") and owner[:1].islower()
                      else owner + member + "(")
        elif member not in _COMMON and len(member) >= 4 and (("_" in member.strip("_")) or not member.islower()):
            found.add(member + "(")
    found |= {a for a in _ANNOTATION.findall(line) if len(a) >= 4}
    for key, value in _SETTING.findall(line):
        found.add(f"{key}: {value.strip(chr(34) + chr(39))}".lower())
    return found


def _keys(settings: set[str]) -> set[str]:
    return {s.split(": ", 1)[0] for s in settings if ": " in s}


def undone(fix: list[str] | tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the pieces the fix took out and did not put back, the pieces it put in) from its `-`/`+`
    lines. A setting counts as taken out only when the fix wrote the same key with another value."""
    removed = set().union(*(pieces(ln[1:]) for ln in fix if ln.startswith("-"))) if fix else set()
    added = set().union(*(pieces(ln[1:]) for ln in fix if ln.startswith("+"))) if fix else set()
    kept_keys = _keys(added)
    wrong = sorted(p for p in removed - added if ": " not in p or p.split(": ", 1)[0] in kept_keys)
    right = sorted(p for p in added - removed if ": " not in p or p.split(": ", 1)[0] in _keys(removed))
    return wrong[:MAX], right[:MAX]


@functools.lru_cache(maxsize=512)   # read on every tool call a cue with undone code meets
def _pattern(piece: str) -> re.Pattern:
    if ": " in piece:   # a setting, written with ':' or '=', quoted or not
        key, value = piece.split(": ", 1)
        return rxcache.compile(rf"(?i)(?<![\w.-]){re.escape(key)}[\"']?\s*[:=]\s*[\"']?{re.escape(value)}(?![\w.-])")
    if piece.startswith("@"):
        return rxcache.compile(rf"(?<![\w@]){re.escape(piece)}(?![\w.])")
    name = piece[:-1]
    lead = r"(?<=\.)" if name.startswith(".") else r"(?<![\w$.])"
    return rxcache.compile(rf"{lead}{re.escape(name.lstrip('.'))}\s*\(")


def written(act, piece: str) -> bool:
    """The action writes the piece again: in an edit's added lines or a command (not one that only
    searches or shows code: `grep -rn "to_dict(" src/`, `git log -S …`)."""
    text = act.added if act.family in ("edit", "write") else _doing(act.command) if act.family == "shell" else ""
    return bool(text) and _pattern(piece).search(text[:20000]) is not None


def _doing(command: str) -> str:
    """The simple commands that do something (a command that only looks has no call signature)."""
    return " ; ".join(p for p in commands.pieces(command)[:20] if commands.call_signature(p))


def keys(piece: str) -> set[str]:
    """Index keys of a piece, among the tokens an action that writes it holds (entities.tokens)."""
    if ": " in piece:
        return {piece.split(": ", 1)[0]}
    words = [w.lower() for w in re.split(r"\.|::|->|\(", piece.lstrip("@.")) if len(w) >= 3]
    return set(words) | ({piece.lower()} if piece.startswith("@") else set())


def named(act, parts: list[tuple[str, str]]) -> list[str]:
    """The settings the corrected edit wrote that the lesson names by their key, with the value the
    edit gave them ("last time someone flipped apply_immediately on that box it rebooted" after an
    edit that added `apply_immediately = true`; "it needs isomericSmiles=True" after
    `isomericSmiles=False`): the code that held the mistake, for a lesson that compiled to nothing
    else. Only a setting: its value tells the repeat from the fix, where a call or an annotation
    (`@Scheduled`) stands in the compliant code too. A key must read as code (`apply_immediately`, or
    written with `=`/`:` or in backticks in the lesson), and a value the lesson asks for is no mistake."""
    if act is None or act.family not in ("edit", "write") or not act.added:
        return []
    said = " ".join(t for _, t in parts)
    asked = " ".join(t for p, t in parts if p != "forbid")
    before = set().union(*(pieces(ln) for ln in act.removed.splitlines()[:400])) if act.removed else set()
    found = set().union(*(pieces(ln) for ln in act.added.splitlines()[:400])) - before
    out = []
    for piece in sorted(p for p in found if ": " in p):
        key, value = piece.split(": ", 1)
        name = rf"(?<![\w$]){re.escape(key)}(?![\w])"
        as_code = "_" in key.strip("_") or re.search(rf"(?i)`{re.escape(key)}\b|{name}\s*[:=]", said)
        if len(key) < 4 or not as_code or not re.search("(?i)" + name, said):
            continue
        if re.search(rf"(?i){name}\W{{1,4}}(?:\w+\W+){{0,1}}{re.escape(value)}(?![\w.-])", asked):
            continue   # the value it asks for ("sourcemap hidden is right")
        out.append(piece)
    return out[:MAX]
