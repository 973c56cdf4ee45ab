"""Pushback that no opening phrase announces: the last resort of `pushback.verdict`.

People correct an agent in ways a list of openers misses: wearily ("once again, this repo is
pnpm"), by quoting its own words back ("'should be fine' — it isn't"), as one point among others
("3) that's the hg19 ref, kill it and restart with hg38"), by asking not to ("can we not do
!important there"), or by telling the agent, beside a colleague, what the rule is ("@nina look at
this. @assistant the team rule is …"). Each sign here is read only after the agent acted or
proposed something, and each needs the message to say what is wrong or what to do instead.
"""
from __future__ import annotations

import re

# the person has said it before
_WEARY = re.compile(r"(?i)\b(?:once\s+again|yet\s+again|(?:for\s+)?the\s+(?:second|third|fourth|fifth|nth|\d+(?:st|nd|rd|th))"
                    r"\s+time|like\s+i\s+(?:said|told\s+you|mentioned|asked)|as\s+i\s+(?:said|told\s+you|mentioned|asked)|"
                    r"i(?:'ve)?\s+(?:already|just)\s+(?:said|told\s+you|asked)|how\s+many\s+times|i\s+keep\s+(?:saying|telling))\b")
# what is wrong, or what to do instead
_WRONG = re.compile(r"(?i)\b(?:not|no|never|don'?t|dont|isn'?t|isnt|aren'?t|wasn'?t|doesn'?t|won'?t|can'?t|cant|wrong|worse|broke\w*|"
                    r"instead|stays?|undo|revert|back)\b")
_DO = re.compile(r"(?i)^(?:so\s+|pls\s+|please\s+|then\s+|and\s+|just\s+)*(?:use|do|delete|remove|drop|keep|put|move|make|set|"
                 r"add|switch|change|run|restart|rerun|regenerate|redo|take|kill|cancel|scancel|stop|undo|revert|read|"
                 r"leave|go\s+back|find)\b")
# "can we not do !important there", "let's not", "could you not"
_NOT_DO = re.compile(r"(?i)\b(?:can|could)\s+(?:we|you)\s+(?:please\s+)?not\b|\blet'?s\s+not\b")
# a point of a list or of a status update that takes the work back
_POINT = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+")
_TAKE_BACK = re.compile(r"(?i)\b(?:kill|cancel|scancel|stop)\s+(?:it|that|this|the\s+(?:job|run))\b[^.;]{0,30}\b(?:and|then)\s+"
                        r"(?:restart|rerun|resubmit|redo|start\s+(?:it\s+)?again)|"
                        r"\b(?:delete|remove|drop|scrap|bin)\s+(?:that|this|the|it)\b[^.;]{0,30}\band\s+(?:regenerate|redo|rerun|"
                        r"rebuild|recreate|do\s+it\s+again|start\s+over)|"
                        r"\btake\s+(?:the\s+|that\s+|it\s+)?[\w.-]*[^.;]{0,30}\b(?:back\s+)?out\b|"
                        r"\b(?:put|set|change|turn)\s+(?:it|that|this|them|(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?)\s+back\s+to\b")
# words the agent said, quoted at the start and answered
_QUOTE = re.compile(r"^\s*[\"'“‘]([^\"'“”‘’\n]{8,120})[\"'”’]\s*(?:[—–:-]|,)?\s*(.+)", re.S)
# "Almost, but you aren't …", "Almost. Please use …", "not quite: …": near, and what is still wrong
_ALMOST = re.compile(r"(?is)^\W*(?:almost|nearly|not\s+quite|close)\s*(?:[,.!:;]+|\s[—–-])\s*(?:but\s+)?(\S.*)")
_PLEASE = re.compile(r"(?i)\b(?:please|pls|plz)\b")
# "if you edit an applied migration one more time …"
_AGAIN_IF = re.compile(r"(?i)\bif\s+(?:you|u)\s+[^.;!?]{2,80}?\b(?:again|one\s+more\s+time)\b")
# a point of a list that says what is wrong with the work
_FAULT = re.compile(r"(?i)\b(?:not|no|won'?t|doesn'?t|isn'?t|can'?t|missing|wrong|instead|broken|breaks|strips?)\b")
# what a list of points about the work is introduced by: "few fixes:", "needs a pass:", "scancel that, then"
_REVIEW = re.compile(r"(?i)\b(?:fix(?:es)?|pass|issues?|problems?|nits?|wrong|broken|review|cancel|scancel|kill|stop|redo)\b")
_FENCE = re.compile(r"(?m)^\s*(?:```|~~~)")
# the prose beside a snippet sets it against what the agent did: "raw body, not parsed json"
_CONTRAST = re.compile(r"(?i)\b(?:not|instead|rather\s+than|isn'?t|wrong|blows?\s+up|anyone\s+can)\b")
# the agent, addressed beside someone else: "@assistant", "(bot: keep clap at 3)"
_ADDRESSED = re.compile(r"(?i)(?:^|\s)@(?:assistant|claude|agent|bot|ai|codex|copilot)(?![\w/.-])|\((?:bot|claude|agent|assistant)\s*:\s*")


def verdict(words: str, proposal: str, raw: str = "") -> str:
    """How the message takes back the agent's work ("" when it does not)."""
    almost = _ALMOST.match(words)
    if almost and (_WRONG.search(almost.group(1)) or _DO.match(almost.group(1)) or _PLEASE.search(almost.group(1))
                   or words.lstrip(" \t\"'*_").lower().startswith("not") and len(almost.group(1).split()) >= 3):
        return "said it was almost right"
    parts = _parts(words)
    if _WEARY.search(words) and (_WRONG.search(_WEARY.sub(" ", words)) or any(_DO.match(s) for s in parts)) \
            or _AGAIN_IF.search(words):
        return "said it again"
    quoted = _QUOTE.match(words)
    if quoted and _said(quoted.group(1), proposal) and _WRONG.search(quoted.group(2)):
        return "quoted the agent back"
    if _NOT_DO.search(words):
        return "asked it not to"
    told = _ADDRESSED.search(words)
    if told and (_WRONG.search(words) or any(_DO.match(s) for s in _parts(words[told.end():]))):
        return "told the agent beside a colleague"
    if len(parts) >= 2 and any(_TAKE_BACK.search(s) for s in parts):
        return "took the work back among other points"
    lines = words.splitlines()
    points = [s for s in lines if _POINT.match(s)]
    if len(points) >= 2 and any(_FAULT.search(s) for s in points) and _REVIEW.search(" ".join(lines[:2])):
        return "listed what to fix"
    if raw and _written_code(raw) and len(words.split()) <= 40 and _CONTRAST.search(words) and "?" not in words:
        return "showed the right code"
    return ""


def _written_code(raw: str) -> bool:
    """A fenced block the person wrote (code), not output pasted from a terminal or a log."""
    from memkit.extract.signals import is_output

    blocks = re.findall(r"(?ms)^\s*(?:```|~~~)[^\n]*\n(.*?)^\s*(?:```|~~~)", raw)
    lines = [ln for b in blocks for ln in b.splitlines() if ln.strip()]
    return bool(lines) and 2 * sum(is_output(ln) or _PROMPT.match(ln) is not None for ln in lines) < len(lines)


_PROMPT = re.compile(r"^\s*(?:\S+@\S+\s.*[%$#]\s|[$%#]\s|>>>\s)")   # a shell or REPL prompt


def _said(quote: str, proposal: str) -> bool:
    q = " ".join(quote.lower().split())
    return len(q.split()) >= 3 and q in " ".join(proposal.lower().split())


def _parts(words: str) -> list[str]:
    """The message's points: its lines and sentences, list markers taken off."""
    out = []
    for line in words.splitlines():
        for s in re.split(r"(?<=[.!?;])\s+|\s+[—–]\s+", line):
            s = _POINT.sub("", s).strip()
            if s:
                out.append(s)
    return out
