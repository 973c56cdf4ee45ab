"""What a person sets against the agent's act to correct it, without the usual words of pushback:
what was expected beside what the act gave ("expected `1,234.50`, actual: `1,234.5`"), crosses on a
checklist of the work ("❌ line 18 still calls `client.query()`"), an agreement recalled beside a
rule ("like we agreed on Monday — nothing new goes under /api"), a bare value asked back
("`.envrc`?", "replicaCount: 1 in prod?"), what the act put in, asked to be taken out ("take both
out", "drop the .service file"), what the act will cause beside what to do instead ("… lands in
Loki with this. log the route"), the person's own version of a draft the agent proposed, and a
step the agent handed to the person, handed back ("you run it"). Each reads the person's own
words; the caller knows the agent acted or spoke. `kind` names the first that holds after an act;
pushback asks `bare_value` and `handed_back` itself, before and after its other checks.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.extract import rework, signals

# ---- expected, and what the act gave ------------------------------------------------
_NO_VALUE = r"(?!\s+(?:fine|ok|okay|good|enough|plenty|safe|able|done|ready|live|up|there|back|gone|merged)\b)"
_EXPECTED = rxcache.compile(r"(?i)\b(?:expected|expecting|(?:should|supposed\s+to)\s+(?:say|be|read|show|print|return|"
                            r"output|display|give|come\s+out\s+as))\b" + _NO_VALUE)
_ACTUAL = rxcache.compile(r"(?i)\b(?:actual(?:ly)?|(?:but\s+|instead\s+)?got|(?:right\s+now|currently|instead|but|now|today)"
                          r"\s+(?:it|this|that|they|we|I)?\s*(?:says|said|is|are|reads|shows|showed|prints|printed|returns|"
                          r"returned|outputs|displays|gives|gave|get|see|comes\s+out\s+as)|"
                          r"it\s+(?:says|reads|shows|prints|returns|gives|comes\s+out\s+as))\b")
_SHOULD = rxcache.compile(r"(?i)(?:,|;|—|-|\bbut)\s*(?:it\s+|this\s+|that\s+)?should(?:'?ve)?\s+(?:be|say|read|show|print|return|"
                          r"output|give|come\s+out\s+as)\b" + _NO_VALUE)
_GIVES = rxcache.compile(r"(?i)\b(?:gives|gave|returns|returned|prints|printed|says|said|shows|showed|outputs|comes\s+out\s+as)\b")
_VALUE = rxcache.compile(r"`[^`\n]{1,80}`|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”|(?<!\w)'[^'\n]{1,60}'(?!\w)|-?\d[\d,.]*%?")
_STOP = rxcache.compile(r"[.;!?](?:\s|$)|\n")   # where a sentence's values end


def mismatch(words: str) -> bool:
    """What was expected set beside what the act gave, and the two differ ("for 3 it should say
    "3 items", right now it says "3 item(s)""; "median([1, 2, 3, 4]) gives 3 with this, should be
    2.5"). Checked examples that all match are a verification."""
    words = words[:4000]
    for should in _SHOULD.finditer(words):   # what it gives, then what it should
        gave = list(_GIVES.finditer(words, max(0, should.start() - 160), should.start()))
        want = _values(words[should.end():_end(words, should.end())])
        if gave and want and _values(words[gave[-1].end():should.start()]) - want:
            return True
    for e in _EXPECTED.finditer(words):
        a = _ACTUAL.search(words, e.end(), e.end() + 300)
        if not a:
            continue
        nxt = _EXPECTED.search(words, a.end(), a.end() + 300)
        want, got = _values(words[e.end():a.start()]), _values(words[a.end():min(_end(words, a.end()), nxt.start() if nxt else len(words))])
        if got and want and want != got:
            return True
    return False


def _end(words: str, at: int) -> int:
    """Where the sentence that goes on at `at` ends, at most 300 characters on."""
    stop = _STOP.search(words, at, at + 300)
    return stop.start() if stop else min(len(words), at + 300)


def _values(text: str) -> set[str]:
    return {v.strip("`\"'“”").rstrip(".,;:") for v in _VALUE.findall(text)} - {""}


# ---- a checklist of the work, with crosses ------------------------------------------
# (not ✗ nor ✕: test runners print those beside a failing test, in output a person pastes)
_CROSS = rxcache.compile(r"(?:❌|✘|✖|☒)\ufe0f?[ \t]*+([^\n]*)")
_MINE = rxcache.compile(r"(?i)\b(?:on\s+me|mine|I'?ll|I\s+will|I'?m\s+(?:doing|on|handling)|for\s+me|not\s+(?:for\s+you|yours)|"
                        r"nothing\s+(?:more\s+|else\s+)?for\s+you|later|next\s+(?:sprint|week|release)|out\s+of\s+scope|"
                        r"not\s+needed|n/a|skip(?:ped)?\s+on\s+purpose)\b")


def crossed(words: str) -> bool:
    """A checklist of the work with an item crossed that is the agent's to mend (not one the person
    keeps for themself: "❌ security review — that one's on me")."""
    return any(not _MINE.search(m.group(1)) for m in _CROSS.finditer(words[:4000]))


# ---- an agreement recalled ----------------------------------------------------------
_AGREED = rxcache.compile(r"(?i)\b(?:(?:like|as)\s+(?:we|I|you\s+and\s+I)\s+(?:(?:already|just)\s+)?(?:agreed|discussed|decided|"
                          r"said|settled(?:\s+on)?|planned)|we\s+(?:already\s+|literally\s+)?(?:went\s+through|talked\s+about|"
                          r"discussed|covered|agreed\s+on|settled|decided\s+on)\s+(?:this|that|it)|"
                          r"(?:that'?s|this\s+is|it'?s)\s+not\s+what\s+we\s+(?:agreed|decided|discussed|settled\s+on))\b")


def recalls_agreement(words: str) -> bool:
    return bool(_AGREED.search(words[:4000]))


# ---- a bare value asked back --------------------------------------------------------
_BARE = rxcache.compile(r"^\s*+(?:`[^`\n]{1,60}`|[\w.~/$:=@*+,\[\]{}<>\"'-]{2,60}(?:[ \t]+[\w.~/$:=@*+,\"'-]{1,30}){0,2})"
                        r"(?:[ \t]+(?:in|on|for|at|under|into)[ \t]+(?:the[ \t]+)?[\w./-]{2,30})?[ \t]*+\?{1,3}[ \t]*+$")
_CODEISH = rxcache.compile(r"`|(?:^|\s)[./~$]\S|\w[./:=_]\w|\w:\s+\S")
_ASKING = rxcache.compile(r"(?i)^\s*(?:what|why|how|where|when|who|which|whose|is|are|was|were|do|does|did|can|could|should|"
                          r"would|will|shall|may|might|have|has|any|anything|ok|okay|done|ready|really|sure|right|yes|no)\b")


def bare_value(words: str) -> bool:
    """The whole message is a value the act used or left out, asked back with a question mark
    ("`.envrc`?", "replicaCount: 1 in prod?", "`.venv/bin/pip`?"): a value in the shape of code, a
    path or a setting, not a question in words ("tests?", "done?")."""
    text = words.strip()
    return (len(text) <= 90 and bool(_BARE.match(text)) and bool(_CODEISH.search(text)) and not _ASKING.match(text)
            and not _CONTENT.search(text))


# ---- a step handed to the person, handed back ---------------------------------------
# the agent's last words hand a step to the person ("After running that, let me know if it works",
# "You can now check the CI run on GitHub") and the person says to do it oneself ("you run it and prompt
# me", "Use gh to check the CI status"): the agent should have done the step it handed over
_HANDS_OVER = rxcache.compile(r"(?i)\b(after (you run|running|you'?ve run) (that|this|it|the)|once you'?(ve)? (run|ran|tried|checked)\b|"
                         r"(you can|you could|you'?ll need to|you need to|you should|please) (now |then )?"
                         r"(run|execute|check|verify|test|try|open|paste|restart|confirm|look at)\b|"
                         r"run (the following|this|these) commands?\b|run (that|this|it)\b[^.\n]{0,40}\b(let me know|tell me|paste)\b|"
                         r"let me know (if it works|the (results?|outcome|output)|"
                         r"what (it|you) (says|see|get))|paste (the|its) output)")
_TAKE_IT_BACK = rxcache.compile(r"(?i)^(please,?\s+)?(you (run|do|check|try|execute|can run|can check|can do)\b|"
                           r"(?:(?<=please )|(?<=please, ))(run|execute|perform) (the|a|an|it|that|this|those|these|them)\b|"
                           r"(do|run|check|execute|try) (it|that|this) (yourself|for me)\b|"
                           r"use `?[\w.-]+`?( cli| tools?)? to (check|run|see|look|verify|find|get|view|read)\b|"
                           r"(can'?t|couldn'?t|why don'?t|why can'?t) you (just )?(run|check|do|try|use)\b)")


def handed_back(proposal: str, words: str) -> bool:
    """The agent's last words handed a step to the person, who says to do it oneself."""
    return bool(_HANDS_OVER.search(proposal[-600:]) and _TAKE_IT_BACK.match(words))


# ---- what the act put in, asked to be taken out -------------------------------------
_TAKE_OUT = rxcache.compile(r"(?i)(?:^|[.;:!?—–]\s*|\s-\s|\b(?:and|then|so)\s+)(?:please\s+|pls\s+|just\s+)?(?:take|pull|rip)\s+"
                            r"(?:both|them|it|those|these|that|this|all\s+(?:of\s+)?(?:it|them|that|those))\s+(?:back\s+)?out\b(?!\s+of\b)")
_REMOVE = rxcache.compile(r"(?i)(?:^|[.;:!?,—–]\s*|\s-\s|\b(?:and|then|so|but)\s+)(?:please\s+|pls\s+|just\s+)?(?:drop|remove|delete|"
                          r"ditch|lose|bin|get\s+rid\s+of|take\s+out|rip\s+out|pull\s+out|git\s+(?:checkout|restore)(?:\s+--)?)\s+"
                          r"((?:[^.;:!?\n]|[.:](?=\w)){1,60})")
_POINTS_BACK = rxcache.compile(r"(?i)(?:them|those|these|both|all)\b")   # "delete those (files) too"
_PIECE = rxcache.compile(r"`([^`\n]{2,60})`|(?<![\w.$@/-])((?:[\w-]*+\.[A-Za-z][\w.-]*|[\w.-]*+/[\w./-]+|[a-z]+[A-Z]\w*|\w+_\w+))")


def takes_out(words: str, acted) -> bool:
    """A sentence asks to take out what the agent's last calls put in: by pointing back at it ("take
    both out"), by naming a piece of it (".service file", `useCache`), which the calls wrote, or by
    a pronoun for pieces the message names ("you left scratch.py and out.json in the root. delete them")."""
    if _TAKE_OUT.search(words[:4000]):
        return True
    words = words[:4000]
    said = [m.group(1) for m in _REMOVE.finditer(words)]
    if not said:
        return False
    done = " ".join(" ".join(rework.call_values(c)) for c in acted[-8:])[:50_000]
    if any(_POINTS_BACK.match(x) for x in said):   # "delete them": the pieces are named elsewhere in the message
        said.append(words)
    return any(_wrote(piece, done) for text in said for g in _PIECE.findall(text) for piece in g if piece)


def _wrote(piece: str, done: str) -> bool:
    parts = [piece] if re.search(re.escape(piece), done, re.I) else piece.split("/")
    return len(piece) >= 3 and all(len(x) >= 3 and re.search(re.escape(x), done, re.I) for x in parts)


# ---- what the act will cause, and a draft said over ---------------------------------
# what the act will cause, said of it ("that all goes straight into Datadog with this", "this'll make it
# most of an hour", "is now baked into a layer", "a seq scan on every single login")
_OF_THE_ACT = rxcache.compile(r"(?i)\b(?:with\s+(?:this|that|these|your\s+(?:change|edit|fix|version))(?!\s+(?:one|too|as\s+well)\b)|"
                              r"(?:this|that)(?:'ll|\s+will)\s+(?!be\s+(?:fine|great|good|enough)\b)\w+|(?:is|are)\s+now\s+(?!(?:fine|good|"
                              r"working|correct|right|done|green|live|up|deployed|available|merged|fixed|running|online|"
                              r"in\s+place|ready|released|published|out)\b)\w+|(?:on|for|in)\s+every\s+(?:single\s+)?(?:login|request|call|page\s+"
                              r"load|visitor|client|user|customer|row|run|build|push|deploy|message|event|render|frame)|per\s+(?:page\s+"
                              r"load|request|row|call|login|message|frame|render))\b")
_CONTENT = rxcache.compile(r"(?i)\b(?:fine|ok(?:ay)?|good|great|nice|perfect|thanks|thank\s+you|done|works|working|green|"
                           r"ready|merged?|ship\s+it|lgtm|(?:tests?|build|ci|checks?)\s+(?:pass(?:es|ed|ing)?))\b")


def consequence(words: str) -> bool:
    """The message says what the act will cause, and nothing in it is content with the work."""
    return bool(_OF_THE_ACT.search(words[:4000])) and not _CONTENT.search(words[:4000])


def rewrites_draft(raw: str, proposal: str) -> bool:
    """The whole message is the person's own version of a draft the agent proposed in a fenced
    block (a commit message, release notes, a reply): prose in a block, said instead of the agent's."""
    mine, theirs = _only_block(raw), _blocks_of(proposal)
    return bool(mine) and _prose(mine) and any(_prose(b) and b.strip() != mine.strip() for b in theirs)


_FENCED = rxcache.compile(r"(?ms)^[ \t]*(?:```|~~~)[^\n]*\n(.*?)^[ \t]*(?:```|~~~)[ \t]*$")


def _blocks_of(text: str) -> list[str]:
    return _FENCED.findall(text[-6000:])


def _only_block(raw: str) -> str:
    found = _FENCED.findall(raw[:6000])
    outside = _FENCED.sub(" ", raw[:6000])
    return found[0] if len(found) == 1 and len(outside.split()) <= 3 else ""


def _prose(block: str) -> bool:
    lines = [ln for ln in block.splitlines() if ln.strip()]
    letters = sum(ch.isalpha() for ch in block)
    return (len(block.split()) >= 5 and letters >= 0.6 * len("".join(block.split()))
            and sum(signals.is_output(ln) for ln in lines) <= len(lines) // 5)


# ---- another agent's work, handed to this one to mend --------------------------------
# the message opens by naming the agent it is for ("Gemini, …", "@opus", "reviewer agent: …") and
# speaks of what another did ("what Claude just did", "the Dockerfile the previous agent wrote")
_TO_AGENT = rxcache.compile(r"(?i)^\s*@?(?:opus|sonnet|haiku|claude|gemini|gpt[\w.-]*|codex|copilot|cursor|"
                            r"(?:the\s+)?(?:reviewer|reviewing|review|second|other|next)\s+(?:agent|model)|reviewer)\b\s*[,:—–-]?")
_OTHERS_WORK = rxcache.compile(r"(?i)\b(?:opus|sonnet|haiku|claude|gemini|gpt[\w.-]*|codex|copilot|cursor|(?:the\s+)?"
                               r"(?:previous|other|first|last|earlier)\s+(?:agent|model|session))(?:'s)?\s+(?:\w+\s+){0,3}?"
                               r"(?:just\s+)?(?:did|does|wrote|writes|changed|shipped|made|proposed|built|added|new|key|code|"
                               r"change|fix|version|plan|dockerfile|edit)\b|\b(?:the\s+)?\w+\s+(?:the\s+)?"
                               r"(?:previous|other|first)\s+(?:agent|model)\s+(?:just\s+)?(?:wrote|made|did|built)\b")


def hands_to_another(words: str) -> bool:
    """The message hands another agent's work to this one (named at its start), and is not content
    with that work."""
    return bool(_TO_AGENT.match(words) and _OTHERS_WORK.search(words[:4000]) and not _CONTENT.search(words[:4000]))


def kind(words: str, acted, signs: set[str], new_work, directs=lambda: False) -> str:
    """How the message sets something against the act, or "". signs: its signs of pushback
    (pushback.scene_signs); new_work(): whether it opens new work; directs(): whether a sentence of
    it says what to do (both asked only when needed)."""
    if mismatch(words):
        return "set what was expected against what the act gave"
    if crossed(words):
        return "crossed out items of the act on a checklist"
    if recalls_agreement(words) and signs & {"no", "rule", "judged"}:
        return "recalled an agreement the act went against"
    if takes_out(words, acted) and not new_work():
        return "asked to take out what the act put in"
    if consequence(words) and directs() and not new_work():
        return "said what the act will cause, and what to do instead"
    if hands_to_another(words) and (signs & {"no", "judged", "rule"} or directs()):
        return "handed the act to another agent to mend"
    return ""
