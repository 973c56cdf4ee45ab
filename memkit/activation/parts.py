"""Which part of an act one kind's patterns find it in: the words of a lesson or request, what a
request asks for, the action, the command or the code a text quotes; and, for a concrete act,
its command, its added code (read in the lines the edit keeps around it) or its action.

The catalogue's classifier calls these once per candidate kind; the patterns are the kind's own
(`Rx`), compiled on first use.
"""
from __future__ import annotations

from memkit import rxcache
from memkit.activation.acts import Act, spans_added

_CODE_WORD = rxcache.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}|[A-Za-z_]\w*\(")   # code in prose names something
_PLAIN_WORD = rxcache.compile(r"[a-z]+")   # one lower-case word of prose ("colour", "catalogue") quotes no code


_EVERY = dict.fromkeys(("words", "intent", "action", "command", "code"))   # each key, its patterns narrowed here


def prose_part(k, doc, request: bool = True, tried: dict | None = None) -> str | None:
    """tried: by key, the numbers of the kind's patterns the text can match (`literals.Patterns`),
    a key it lacks not tried; None: each key's patterns narrowed by the text's literals here."""
    rx, tried = k.rx, _EVERY if tried is None else tried
    if "words" in tried and rx.get("words") and _acting(rx["words"], doc, tried["words"]):
        return "words"
    if request and "intent" in tried and rx.get("intent") and rx["intent"].search(doc, tried["intent"]):
        return "intent"   # what a request asks for; a lesson is no request
    for key in ("action", "command", "code"):
        m = _acting(rx[key], doc, tried[key]) if key in tried and rx.get(key) else None
        if m and _quotes(key, m.group(0)):
            return key
    return None


def _quotes(key: str, said: str) -> bool:
    """Whether what a text's action, command or code pattern matched quotes one (an emoji, or
    symbols and a letter or two, "server?? that", quote nothing)."""
    if key == "code":
        return bool(_CODE_WORD.search(said)) and not _PLAIN_WORD.fullmatch(said)
    return any(c.isascii() and c.isalnum() for c in said)


# "the analysis of their git commit history", "the npm install log": a command named as what its
# records are of, not run
_RECORDS = rxcache.compile(r"\s+(?:history|histories|log|logs|graph|hash|hashes|shas?|ids|count|counts|timestamps?|"
                      r"metadata|stats|statistics)\b")


def _acting(rx, doc, only: set | None = None):
    """The first match of a kind's patterns (only: of these) that names the thing done, not its records."""
    if only is None and rx.any_literal is not None and rx.any_literal.isdisjoint(doc[1]):   # most kinds, most
        return None   # texts: no generator for a search that cannot match (a lesson is read against ~300 kinds)
    for m in rx.finditer(doc, only):
        if not _RECORDS.match(doc[0], m.end()):
            return m
    return None


def concrete_part(k, docs: dict, act: Act) -> str | None:
    rx = k.rx
    if rx.get("command"):
        for doc in (docs["command"], docs["shellish"]):
            if doc and rx["command"].search(doc):
                return "command"
    if rx.get("code") and docs["code"] and docs["command"] is None and (not k.langs or act.lang in k.langs):
        if rx["code"].search(docs["code"]):
            return "code"
        if docs["after"] and spans_added(act.after, act.added, rx["code"].finditer(docs["after"])):
            return "around"
    if rx.get("action"):
        doc = docs["action"]   # the command, or the path and the added lines
        if doc and rx["action"].search(doc):
            return "action"
    return None
