"""A rule said with its condition: "whenever you touch anything under api/, regenerate the openapi
spec", "if you add a dependency, pin it", "every time a string goes into Localizable.strings, add
the de and fr keys". The condition is the moment the rule is due: the clause reader splits it off
(polarity "when"), the compiler makes the kinds of action it describes moments the cue fires
before, and the files, folders and commands it names things an action meets by touching them.

A condition counts only before a rule ("when you ran it, it locked the table" is a story, "if you
look at X, isn't Y worth following?" a question), only when it describes an act of someone working
("if you want, …", "when you say …" describe no act), and never in the past ("if you had asked, …").
"""
from __future__ import annotations

import re

from memkit import rxcache

_WHEN = r"(?:whenever|every[ \t]+time|each[ \t]+time|any[ \t]*time|(?P<if>when|if))[ \t]+"   # how a condition opens
# the lead-ins a standing rule opens with, then the condition up to its comma and the rule after it
_CONDITION = rxcache.compile(
    r"(?i)^(?:(?:and|also|btw|so|fyi|oh|for\s+the\s+future|going\s+forward|from\s+now\s+on|in\s+future|"
    r"next\s+time|in\s+general|as\s+a\s+rule)[,:]?[ \t]+)*+"
    rf"(?P<cond>{_WHEN}[^,;:]{{3,120}}?)(?:[ \t]*,[ \t]*(?P<rest>\S.*))?$")
# "when"/"if" need someone doing something: "if the build fails, …" is a state, not an act
_SOMEONE = rxcache.compile(r"(?i)^(?:when|if)[ \t]+(?:you|we|someone|anyone|anybody|somebody|an[ \t]+agent)[ \t]+"
                           r"(?:(?:ever|do|does|have[ \t]+to|need[ \t]+to|are[ \t]+going[ \t]+to|'re[ \t]+going[ \t]+to)"
                           r"[ \t]+)?(?P<verb>[a-z']+)")
_NO_ACT = frozenset("want wants like prefer can could would might may need needs mind have has had did was were "
                    "are is 're 've 'd already get got think feel see know look notice compare ask say says tell mean talk answer "
                    "reply respond aren't don't didn't can't".split())
_PAST = rxcache.compile(r"(?i)^(?:whenever|every[ \t]+time|each[ \t]+time|any[ \t]*time)[ \t]+(?:you|we)[ \t]+"
                        r"(?:did|were|was|had|\w+ed)\b")
_LEAD = rxcache.compile(rf"(?i)^{_WHEN}")
RULES = ("prescribe", "forbid", "instead", "allow")


def rule(parts: list[tuple[str, str]]) -> bool:
    """The clauses after a condition open with a rule, not a question ("if you look at X, isn't Y
    worth following?" asks)."""
    return bool(parts) and parts[0][0] in RULES and not parts[0][1].rstrip().endswith("?")


def split(part: str) -> tuple[str, str] | None:
    """(condition, rule) of a clause that opens with a condition of an act ("" for the rule when
    the clause is the condition alone: the rule is the next one), else None."""
    m = _CONDITION.match(part)
    if not m or _PAST.match(m.group("cond")) or m.group("cond").count('"') % 2:   # a comma inside a quote
        return None
    if m.group("if"):
        who = _SOMEONE.match(m.group("cond"))
        if not who or who.group("verb").lower() in _NO_ACT or re.fullmatch(r"[a-z]+ed", who.group("verb").lower()):
            return None
    return m.group("cond"), m.group("rest") or ""


def moment(condition: str) -> str:
    """The act a condition describes, as a "before …" clause reads it: "before you touch api/"."""
    return "before " + _LEAD.sub("", condition.strip())


def due(cat, parts: list[tuple[str, str]], unlike: frozenset, names_in, kind_of) -> set[str]:
    """The kinds of act the rule's conditions describe (none of the areas `unlike`, none safe); a
    condition that names its place ("each time you edit the terraform under infra/prod") is due
    there alone, through the names."""
    from memkit.activation.acts import from_prose

    return {k for polarity, text in parts if polarity == "when" and not _named(text, names_in, kind_of)
            for k in cat.kinds_of(from_prose(moment(text)), lesson=True)
            if cat.kinds[k].area not in unlike and not cat.kinds[k].safe}


def names(parts: list[tuple[str, str]], known: list[str], names_in, kind_of) -> list[str]:
    """The files, folders and commands the rule's conditions name, beside those `known`: touching
    one is the rule's moment."""
    return [n for polarity, text in parts if polarity == "when" for n in _named(text, names_in, kind_of)
            if n not in known]


def _named(condition: str, names_in, kind_of) -> list[str]:
    return [n for n in names_in(condition) if kind_of(n) in ("path", "command", "ident", "flag", "code")]
