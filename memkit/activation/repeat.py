"""Whether an action repeats the call a lesson corrected: nearly the same change or command
(`near`), or the same program and subcommands run again (`repeated`). Read by `match` when it
judges a cue; what it finds (`Cue.again`) also decides whether a lesson already given in a session
is given again: the mistake itself, about to happen, is worth a second line.
"""
from __future__ import annotations

import re

from memkit.activation import acts, commands

NEAR = 0.85   # token-sort similarity at which an action repeats the corrected one


def _said_only(cat, kid: str) -> bool:
    return kid in cat.kinds and cat.kinds[kid].said_only


def about_call(cue, cat) -> bool:
    """The lesson says something about the call it corrected: a kind an action shows, a name, or a
    word of it (an aside typed after an unrelated call makes that call no mistake)."""
    if any(not _said_only(cat, k) for k in cue.kinds) or cue.cue.get("entities"):
        return True
    said = set(re.findall(r"[a-z][a-z0-9_-]{3,}", cue.lesson.lower()))
    return bool(said & set(re.findall(r"[a-z][a-z0-9_-]{3,}", (cue.cue.get("example") or "").lower())))


def read_first(cue, probe, cat, specific: set[str]) -> bool:
    """The command, a near repeat of the corrected one, is read by the catalogue as kinds other than
    the lesson's: the corrected call came before the mistake (it read the slots; the lesson forbids
    dropping one), so repeating it is none."""
    return probe.act.family == "shell" and bool(probe.kinds) and not cue.kinds & probe.kinds and any(
        not _said_only(cat, k) for k in specific)


def near(cue, probe) -> float:
    example = cue.cue.get("example") or ""
    if probe.kind != "tool" or len(example) < 8 or len(probe.text) < 8:
        return 0.0
    tool = cue.trigger.split(":", 1)[0]
    if acts.family(tool) != probe.act.family:
        return 0.0
    from memkit.activation import fuzzy

    return fuzzy.token_sort_ratio(example[:400], probe.text[:400]) / 100.0


def programs(cue) -> set[str]:
    """The programs the corrected command ran (`helm` of `helm upgrade …`)."""
    if acts.family(cue.trigger.split(":", 1)[0]) != "shell":
        return set()
    return commands.commands_of(acts.from_command(cue.cue.get("example") or ""))


def repeated(cue, probe) -> str:
    """The corrected command the action runs again (its program and subcommands), or ""."""
    args = cue.cue.get("args")
    for piece, words in probe.heads:
        for call in cue.cue.get("calls") or ():
            if commands.repeats(piece, call, words) and commands.with_args(piece, args):
                return call + (" with " + ", ".join(args) if args else "")
    return ""
