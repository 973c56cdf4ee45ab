"""What a clause says no to: whether a name in it is near its "no" ("don't write under vendor/"), the
subject of a harm it names ("ALLOW FILTERING on X scans every partition"), or only cited there (where
the rules are, what already says a thing, the earlier work a message describes).

Pure text; read by the lesson compiler through `entities` and `echo`, never on the hot path.
"""
from __future__ import annotations

import re

from memkit.activation.acts import Lazy as _Lazy

# ("I have no doubts about CLAUDE.md", "not only X": a "no" that says yes)
WHY_THERE = r"why\s+(?:is|are)\s+there\b"   # "why is there a printf in the ISR?": a complaint
_NEG = _Lazy(r"(?i)\b(never|don'?t|do\s+not|no(?!\s+(?:doubts?|problems?|questions?|issues?\s+with|worries)\b)|"
             r"not(?!\s+(?:only|just)\b)|nothing|nobody|nowhere|no\s+one|avoid\w*|stop|without|instead\s+of|"
             rf"rather\s+than|\w+n'?t|deprecated|no-go|wrong|leave|what\s+are\s+you\s+doing|why\s+(?:did|are|would)\s+you|{WHY_THERE}|"
             r"(?:stay|keep)\s+out)\b")


# the tool a "use X, not Y" replaces: Y's first word when it is a name ("not argparse", "not scp to copy
# the backups", "not npm for installs"), not a verb or adjective the "not" goes with ("not rush to
# commit", "not specific to my machine", "not complicate it", "not provided by the user")
_PLAIN_VERB = r"(?:rush|hurry|jump|complicate|overthink|overdo|worry|forget|break|touch|change|sure)\b"
_GOES_WITH = (r"(?:(?:to|by|about|for)\s+(?:the|an?|my|our|your|their|his|her|its|this|that|these|those|me|us|him|"
              r"them|it|anyone|everyone|anything)\b|about\b|it\b|its\b|them\b|the\b|an?\b|this\b|that\b|these\b|"
              r"those\b|my\b|our\b|your\b|their\b|things\b|anything\b|everything\b|so\b|too\b|yet\b)")
REPLACED = _Lazy(rf"[`'\"]?(?!{_PLAIN_VERB})([a-z][a-z0-9._+-]{{0,29}}[a-z0-9_+])[`'\"]?(?:$|[,.;:!?]|"
                 rf"\s(?!\s*{_GOES_WITH}))")

# what a thing does that harms ("wipes", "drops it", "replaces the whole", "scans every"): a clause
# saying it forbids that thing (clauses._FORBID reads the same words)
HARM = (r"(?:wreck|clobber)(?:s|ed)?\b|(?:wipe|destroy|corrupt|trash|nuke)(?:s|d|ed)\b|drops?\s+(?:it|them)\b|"
        r"replaces?\s+the\s+(?:whole|entire)\b|scans?\s+(?:every|all|the\s+whole|the\s+entire)\b|"
        r"(?:drop|wipe|delete|destroy|lose|revoke|remove|erase|overwrite|purge|cancel|kill|break|invalidate|reset)s?"
        r"\s+(?:the\s+|our\s+)?(?:whole|entire|every|all)\b")
_HARM = _Lazy(rf"(?i)\b(?:{HARM})")
_LEADING = _Lazy(r"(?i)^\W*(?:(?:but|and|so|because|since|hmm+|well|also)\b\W*)*")


# what a name is cited as, not what the mistake touched: where the rules are ("you keep not following the
# instructions from CLAUDE.md", "see CONTRIBUTING.md"), what already says a thing ("docstrings are redundant
# with describe_/it_ names") or the earlier work a message should describe ("the commit message doesn't
# reflect the changes you made to CLAUDE.md")
_CITED = _Lazy(r"(?i)(?:\b(?:instructions?|rules?|guidance|guidelines?|process|conventions?|checklist|steps)\s+"
               r"(?:(?:written|laid\s+out|described|given)\s+)?(?:from|in|of)|"
               r"\b(?:see|per|according\s+to|redundant\s+with|covered\s+by|already\s+(?:in|covered\s+by)|"
               r"as\s+(?:said|stated|written|described|documented)\s+in)|"
               r"\b(?:the|my|your|our|those|these)\s+(?:changes?|modifications?|edits?|updates?|additions?)\s+"
               r"(?:(?:you|i|we)\s+(?:made|did)\s+)?\(?(?:to|in|of))\s+(?:the\s+|our\s+|my\s+|your\s+)?[`'\"(]?$")


def cited(name: str, text: str) -> bool:
    """The name is cited in the clause (after "the instructions from", "see", "redundant with",
    "the changes you made to"), not named as what to leave alone."""
    at = text.find(name)
    return at > 0 and _CITED.search(text[max(0, at - 60):at]) is not None


def negated(name: str, text: str) -> bool:
    """The name is near what the clause says no to ("don't write under vendor/…", "`x` is
    wrong"), not somewhere in a long sentence that has a "no" in it, nor cited there as where
    the rules are or as the work a message describes."""
    if cited(name, text):
        return False
    at = text.find(name)
    harm = _HARM.search(text)
    if harm and 0 <= at < harm.start() and not _LEADING.sub("", text[:at]).strip():   # "ALLOW FILTERING on X
        return True                                                                   # scans every …": its subject
    return at < 0 or any(m.end() <= at <= m.end() + 80 or (m.start() - 40 <= at < m.start() and not re.search(
        r"(?i)\b(i|we|you|they|he|she)\b", text[at + len(name):m.start()])) for m in _NEG.finditer(text))
