"""Decisions: a person's choice among the alternatives the agent offered, or one they name.

Owns reading what the agent offered (a numbered list, a bulleted list under its question,
the two sides of an "X, or Y?" question), telling which alternative the reply picks (by
number, by a word only that alternative has, or by doing what it proposes), and explicit
choices and reversals the person states. Never records a pick that only moves the session
along (commit, push, proceed), and never a bare "yes" to a single proposal.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.extract import Candidate, pushback, signals
from memkit.extract.phrases import find, phrases

_BULLET = rxcache.compile(r"^\s*[-*•]\s+(?:\*\*)?(.+?)(?:\*\*)?\s*$")
_ASKING = rxcache.compile(r"\?\s*$|\b(would you like|do you want|want me to|should (?:i|we)|shall (?:i|we)|"
                     r"which|prefer|or)\b", re.I)
# how an alternative is put to the person, before the verb that says what it does
_LEAD = rxcache.compile(r"^(?:what do you think\s*[-–—:,]?\s*|so\s+|then\s+|alternatively,?\s+)?(?:or\s+)?"
                   r"(?:(?:do|would)\s+you\s+(?:want|like|prefer)\s+(?:me\s+)?(?:to\s+)?|"
                   r"(?:should|shall|can|could|would|will)\s+(?:we|i|you)\s+|(?:want|like)\s+me\s+to\s+|"
                   r"(?:we|i)\s+(?:could|can|should|might)\s+|let\s+me\s+|i'?ll\s+)?(?:just\s+|actually\s+|simply\s+|first\s+)?",
                   re.I)
_MENU = rxcache.compile(r"\b(options?|choices?|alternatives?|approaches|ways to)\b", re.I)
_OPENERS = rxcache.compile(r"^(?:ok(?:ay)?|yes|yeah|yep|sure|please|just|let'?s|let us|then|first|so|and|but|"
                      r"i think|i'd say)\b[,]?\s*", re.I)
# words that open a clause without saying what to do
_NOT_VERBS = frozenset("do go be have get proceed continue is are was were it this that these those there the a an "
                       "we i you they he she my our your no not only then finally first also but and or so if "
                       "when what which why how maybe perhaps".split())


def alternatives(text: str) -> dict[str, str]:
    """What the agent's last words offer: a bulleted list under its question or the two sides
    of its last "X, or Y?" question, when they come after its last numbered list; else that
    numbered list. Keys "1", "2", …"""
    return _asked(text) or signals.options(text)


def _asked(text: str) -> dict[str, str]:
    """Alternatives put as a question after the last numbered list (a plan or a list of findings
    is not a menu; the question that follows it is)."""
    numbered = list(signals.OPTION.finditer(text or ""))
    tail = (text or "")[numbered[-1].end():] if numbered else (text or "")
    return _bullets(tail) or _either(tail)


def _bullets(text: str) -> dict[str, str]:
    lines = [ln for ln in (text or "").splitlines() if ln.strip()]
    end = len(lines)
    while end and not _BULLET.match(lines[end - 1]) and len(lines) - end < 2:
        end -= 1                            # at most a closing line after the list
    start = end
    while start and _BULLET.match(lines[start - 1]):
        start -= 1
    items = [_BULLET.match(ln).group(1).strip() for ln in lines[start:end]]
    intro = lines[start - 1] if start else ""
    asked = intro.rstrip().endswith(":") and _ASKING.search(intro) or all(i.endswith("?") for i in items)
    if len(items) < 2 or len(items) > 6 or not asked:
        return {}
    return {str(k): item.rstrip("?").strip() for k, item in enumerate(items, 1)}


def _either(text: str) -> dict[str, str]:
    asked = [s for s in signals.sentences(text or "") if s.rstrip("* ").endswith("?")]
    if not asked:
        return {}
    last = asked[-1].rstrip("?* ").strip()
    if re.match(r"^or\b", last, re.I) and len(asked) >= 2:
        sides = [asked[-2].rstrip("?* "), last]
    else:
        sides = re.split(r",?\s+or\s+(?=(?:should|shall|would|do|just|maybe|perhaps|we|i|you|to|\w+ing)\b)", last,
                         maxsplit=1, flags=re.I)
    sides = [s.strip() for s in sides if len(s.split()) >= 2]
    return {"1": sides[0], "2": sides[1]} if len(sides) == 2 else {}


def _plain(option: str) -> str:
    """The alternative without the way it was asked ("should we check X" -> "check X")."""
    option = re.sub(r",?\s+or$", "", option.strip(" *`"))
    lead = _LEAD.match(option)
    rest = option[lead.end():].strip()
    return rest if lead.end() and len(rest.split()) >= 2 else option


def _verb(option: str) -> str:
    rest = _LEAD.sub("", option.strip(" *`"), count=1)
    word = re.match(r"[a-z]+", rest.lower())
    return word.group(0) if word else ""


def verb_pick(reply: str, options: dict[str, str]) -> str:
    """The key of the one alternative whose verb a clause of the reply opens with ("Revert."
    when asked "revert it, or keep it and add a test?")."""
    verbs = {k: _verb(v) for k, v in options.items()}
    unique = {v: k for k, v in verbs.items() if v and v not in _NOT_VERBS and list(verbs.values()).count(v) == 1}
    for clause in re.split(r"[.;!?,\n]|\b(?:but|then|and then)\b", reply):
        clause = clause.strip()
        while _OPENERS.match(clause) and _OPENERS.match(clause).end():
            clause = clause[_OPENERS.match(clause).end():].strip()
        word = re.match(r"[a-z]+", clause.lower())
        if word and word.group(0) in unique:
            return unique[word.group(0)]
    return ""


# several options picked by number or letter ("start with option 4, 5", "A + B", "1 and 3"), or
# both sides of a question that offered two
_SEVERAL = rxcache.compile(r"^\s*(?:(?:let'?s |I'?ll |we'?ll )?(?:go with|choose|pick|take|do|start with|begin with)\s+)?"
                           r"(?:options?\s+|numbers?\s+|#)?(?P<keys>[1-9a-d](?:\s*(?:,|\+|&|\band\b|\bthen\b)\s*"
                           r"(?:options?\s+|#)?[1-9a-d]){1,5})\b[.)]?\s*(?:please|pls|first|then)?[.!]?\s*$", re.I)
_BOTH = rxcache.compile(r"^\s*(?:let'?s\s+|we'?ll\s+)?(?:do\s+|go with\s+|take\s+)?both(?:\s+of them)?(?:,?\s+please)?"
                        r"\s*[.!]?\s*$", re.I)


REPLY_KEPT = 500   # characters of a reply that picked by number or letter, kept beside the option it names


def decision(turns, i, text: str) -> Candidate | None:
    offered = pushback.proposal(turns, i)
    asked, listed = _asked(offered), signals.options(offered)
    options = asked or listed   # alternatives(offered), its question and its list read once
    several = _several(turns[i], text, asked, listed, offered)
    if several:
        return several
    m = phrases()["decision_reply"].match(text)
    # naming an item in words picks it only from a menu: a list the agent asks about or calls options
    menu = bool(signals.last_question(offered)) or bool(_MENU.search(offered))
    choice = m.group("choice").lower() if m else (signals.named_option(text, options) if menu else "")
    if not m and not choice and len(text.split()) <= 60:
        choice = verb_pick(text, asked)     # "do what that one says": only for a question's alternatives
    if not m and not choice:
        choice, options = _pasted(text, listed, options)
    if m or choice:
        if choice in options and len(options) >= 2 and not operational(options[choice]):
            chosen = _plain(options[choice])
            alts = [_plain(v) for k, v in options.items() if k != choice]
            question = signals.last_question(offered)
            said = {"reply": text.strip()[:REPLY_KEPT]} if m else {}   # "2": the person's own words, kept
            return Candidate("decision", turns[i].n, text.strip() if not m else f"chose {chosen}", 0.7, 0.55,
                             _lifecycle(question), {"chosen": chosen, "alternatives": alts,
                                                    "question": question, **said}, created=turns[i].ts)
        return None
    return _stated(turns[i], text)


def _pasted(text: str, listed: dict[str, str], options: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The reply opens with one of the agent's listed options copied back ("Option 2: Use PowerShell
    as Primary Shell (Recommended)" and its details): that option, among the agent's list."""
    first = signals.OPTION.match(text.lstrip("\n"))
    key = first.group("k").lower() if first else ""
    if key in listed and _opening(first.group("v").replace("**", "")) == _opening(listed[key]):
        return key, listed
    return "", options


def _opening(option: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", option.lower())[:8]


def _several(turn, text: str, asked: dict[str, str], listed: dict[str, str], offered: str) -> Candidate | None:
    """Two or more of the offered options picked at once: by their numbers or letters in the
    agent's own list (not the sides of its closing question, which have none), or "both" to a
    question that offered two. None when any of them only moves the session along."""
    m = _SEVERAL.match(text)
    if m:
        options = listed
        keys = list(dict.fromkeys(k.lower() for k in re.findall(r"(?<![a-z])[1-9a-d](?![a-z])", m.group("keys"), re.I)))
    elif _BOTH.match(text):
        options = asked if len(asked) == 2 else listed
        keys = list(options) if len(options) == 2 else []
    else:
        return None
    if len(keys) < 2 or len(options) <= 1 or any(k not in options or operational(options[k]) for k in keys):
        return None
    chosen, question = [_plain(options[k]) for k in keys], signals.last_question(offered)
    return Candidate("decision", turn.n, text.strip(), 0.65, 0.5, _lifecycle(question),
                     {"chosen": "; ".join(chosen), "alternatives": [_plain(v) for k, v in options.items() if k not in keys],
                      "question": question}, created=turn.ts)


def _stated(turn, text: str) -> Candidate | None:
    """A choice the person names themselves ("let's go with X, not Y"), or one they reverse."""
    for rx in phrases()["decision_explicit"] + phrases()["decision_reversals"]:
        m = rx.search(text)
        if not m or _question_at(text, m) or text.rstrip().endswith("?") or operational(m.group("chosen")):
            continue
        pronoun = m.group("chosen").split()[0].lower() in signals.VAGUE_KEYS      # "let's use this" names nothing
        if rx in phrases()["decision_reversals"] or not pronoun:
            chosen = m.group("chosen").strip()
            alts = [m.group("rejected").strip()] if "rejected" in rx.groupindex and m.group("rejected") else []
            return Candidate("decision", turn.n, m.group(0).strip(), 0.6, 0.5, "knowledge",
                             {"chosen": chosen, "alternatives": alts}, created=turn.ts)
    return None


def _question_at(text: str, m: re.Match) -> bool:
    """The match sits in a question ("which one will we use?"): nothing was chosen."""
    end = min([i for i in (text.find(c, m.end() - 1) for c in ".!?\n") if i >= 0] or [len(text)])
    return text[end:end + 1] == "?"


def reverses(text: str) -> bool:
    """The person changes an earlier choice of their own."""
    return bool(find("decision_reversals", text))


def offered(proposal: str, dec: Candidate) -> bool:
    """The choice is among what the agent offered: a listed option, or one side of its "X or Y?"."""
    if dec.fields.get("question") is not None and alternatives(proposal):
        return True
    asked = signals.last_question(proposal).lower()
    chosen = {w for w in re.findall(r"[a-z]{4,}", str(dec.fields.get("chosen") or "").lower())}
    return " or " in asked and bool(chosen & set(re.findall(r"[a-z]{4,}", asked)))


def _lifecycle(question: str) -> str:
    """A pick of what to do next, where to start or whether to go ahead steers this session only."""
    return "operational" if question and find("next_step_questions", question) else "knowledge"


def operational(option: str) -> bool:
    """An option that only moves the session along (push, commit, proceed, show the diff)."""
    return bool(find("operational_options", option.strip(" *`")))
