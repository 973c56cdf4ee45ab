"""What a lesson asks for that the corrected call lacked (or already held).

"use `pulumi config set --secret`" after `pulumi config set db_password x`, or "--limit a canary
group first" after `awx job_templates launch x`: the same command without what the lesson asks for
recalls it; with it, it complies.
"""

from __future__ import annotations

import re

from memkit.activation import acts, entities
from memkit.activation.commands import ANY_PROGRAM, head
from memkit.activation.entities import TICK


# subcommands whose next word is what they act on, not another subcommand
_ACTS_ON = frozenset("delete rm remove build upgrade install uninstall run create apply get describe push pull start stop "
                     "restart logs exec deploy destroy scale rollout edit patch update add drop kill".split())


def lacking(act, parts: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """"use `pulumi config set --secret`" after `pulumi config set db_password x`: the command the
    lesson asks for is the corrected one with flags it lacked. The same command recalls the
    lesson (a name it forbids); with those flags, or as the lesson spells it, it complies."""
    if act is None or act.family != "shell":
        return [], []
    called = head(act.command.splitlines()[0] if act.command else "")
    said = [m for p, text in parts if p in ("prescribe", "allow") for m in TICK.findall(text)]
    for line in said:
        asked = head(line)
        common = [a for a, b in zip(asked, called) if a == b]
        common = common[:next((i for i, (a, b) in enumerate(zip(asked, called)) if a != b), len(common))]
        flags = [w.split("=", 1)[0] for w in line.split() if w.startswith("-")]
        missing = [f for f in dict.fromkeys(flags) if f not in act.command.split() and not any(
            w.startswith(f + "=") for w in act.command.split())]
        if len(common) >= 2 and missing:
            return [" ".join(common)], [line.strip()] + missing
    # "--limit a canary group and --job_type check first" after `awx job_templates launch x`: the
    # flags it asks for that the command (program and subcommand) ran without
    pieces = acts.pieces(act.command)
    last = head(pieces[-1].strip()) if pieces else []
    flags = [f for p, text in parts if p == "prescribe" and not TICK.search(text) and last   # not another
             and not re.search(rf"(?<![\w./-]){re.escape(last[0])}\b", text)   # command of its program
             for f in re.findall(r"(?<![\w`-])--[a-z][\w-]{1,30}", text)]
    missing = [f for f in dict.fromkeys(flags) if not re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", act.command)]
    last = last[:next((i for i, w in enumerate(last) if i and not (   # `zowe zos-jobs submit`, `aws sqs purge-queue`:
        re.fullmatch(r"[a-z_]+", w) or re.fullmatch(r"[a-z]+(?:-[a-z]+)+", w) and (   # a subcommand; not what
            i == 1 or i == 2 and last[1] not in _ACTS_ON))), len(last))]   # a verb acts on (`kubectl delete old-pods`)
    if missing and (len(last) >= 2 or last and re.search(r"\w[-_]\w", last[0])) and last[0] not in ANY_PROGRAM and (
            len(missing) == len(set(flags))):   # the last command (a compound name alone: `migrate-to-uv`)
        return [" ".join(last)], [" ".join(last + missing)] + missing
    return [], []


def held_already(term: str, calls: list, named: list[str]) -> bool:
    """The corrected call already held the term ("ttl" after a record written with its TTL): it
    cannot tell a compliant action from the mistake — unless the lesson names what is wrong and
    the call holds none of it (the call was not the mistake: "we use click, not argparse")."""
    t = " ".join(term.lower().split()).rstrip("()")
    for a in calls:
        if a.family not in ("shell", "edit", "write"):
            continue
        tokens, low = entities.tokens(a), " ".join(a.text.lower().split())
        if len(t) >= 2 and entities.holds(tokens, low, t) and (
                not named or any(entities.touches(tokens, low, n) for n in named)):
            return True
    return False
