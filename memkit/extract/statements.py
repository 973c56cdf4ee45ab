"""What a person states: facts about their environment and approaches that failed.

Owns turning the person's own words into fact candidates (a key and a value: what is
installed, where a thing lives, a port or a version, a machine, an account, what they had to
do to get access, a stated figure) and negative-result candidates (what was tried, and why it
was given up). The phrases are data (memkit/data/heuristics.toml). Reads only the words the
caller hands over; never reads pasted output or the agent's words as the person's.
"""
from __future__ import annotations

import re

from memkit.extract import Candidate, signals
from memkit.extract.phrases import listed

MAX_FACTS = 3        # per message: a long status report is not a list of facts
MAX_NEGATIVE = 2
KEY_LIMIT = 40
NAMED_KEYS = ("branch", "region", "timezone")   # their values are plain names


def facts(turn, text: str) -> list[Candidate]:
    """Fact candidates from one message: the configuration shapes ("set X to N", "the port is N")
    first, then the environment shapes; a stretch of text yields at most one fact."""
    out: list[Candidate] = []
    taken: list[tuple[int, int]] = []
    for rx in listed("facts", text):
        for m in rx.finditer(text):
            key = signals.fact_key(m.group("key")) + ("_location" if "location" in rx.groupindex else "")
            if signals.value_like(m.group("value").strip(" .`'\"")) or key.endswith(NAMED_KEYS):
                _add(out, taken, turn, text, m, key, m.group("value"), m.group(0).strip())
    for rule in listed("environment_facts", text):
        for m in rule["rx"].finditer(text):
            groups = {k: _bare(v or "") for k, v in m.groupdict().items()}
            groups["thing"] = _named(groups.get("thing", ""))
            if _sentence(text, m).rstrip().endswith("?"):
                continue                       # a question states nothing
            key = _key(rule["key"].format(**groups))
            value = re.sub(r"\s+", " ", rule.get("value", "{value}").format(**groups)).strip()
            _add(out, taken, turn, text, m, key, value, _sentence(text, m))
    return out[:MAX_FACTS]


def _add(out, taken, turn, text, m, key: str, value: str, statement: str) -> None:
    value = value.strip(" .`'\"")
    if not key or not value or len(key) > KEY_LIMIT or signals.is_vague(key) or value.lower() in signals.VAGUE_KEYS:
        return
    if any(m.start() < end and start < m.end() for start, end in taken):
        return
    taken.append((m.start(), m.end()))
    out.append(Candidate("fact", turn.n, statement, 0.6, 0.45, "knowledge",
                         {"key": key, "value": value, "source_kind": "user_stated"}, created=turn.ts))


def _bare(value: str) -> str:
    return value.strip().strip("`'\"").strip()


def _named(thing: str) -> str:
    """The words that name the thing, without what follows ("X using my Y account" -> "X")."""
    return re.split(r"\s+(?:using|with|via|through|because|so|but|and)\b", thing, maxsplit=1)[0]


def _key(raw: str) -> str:
    """A fact key from the words that name the thing: lower-case, underscores, at most
    KEY_LIMIT characters cut at a word."""
    key = signals.fact_key(raw)
    if len(key) > KEY_LIMIT:
        key = key[:KEY_LIMIT].rsplit("_", 1)[0]
    return key


def _sentence(text: str, m: re.Match) -> str:
    """The sentence (or line) the match sits in: the person's own words, whole."""
    start = max(text.rfind(sep, 0, m.start()) for sep in (". ", "! ", "? ", "\n"))
    ends = [i for i in (text.find(sep, m.end()) for sep in (". ", "! ", "? ", "\n")) if i >= 0]
    return text[start + 1 if start >= 0 else 0:min(ends) + 1 if ends else len(text)].strip()


def negatives(turn, text: str) -> list[Candidate]:
    """Negative-result candidates: an approach tried and given up, with why when it is said."""
    out: list[Candidate] = []
    taken: list[tuple[int, int]] = []
    for rx in listed("negative_results", text):
        for m in rx.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            approach = m.group("approach").strip(" ,`")
            reason = (m.groupdict().get("reason") or "").strip()
            if signals.is_vague(signals.fact_key(approach)):
                continue
            taken.append((m.start(), m.end()))
            out.append(Candidate("negative_result", turn.n, m.group(0).strip(), 0.6, 0.55, "knowledge",
                                 {"approach": approach, "reason": reason}, created=turn.ts))
    return out[:MAX_NEGATIVE]
