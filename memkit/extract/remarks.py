"""Remarks on the agent's act that correct it without the usual words of pushback: a review's
labelled comments ("blocking: …", "L88 nit: …"), a spec or the docs cited against it ("RFC 7519
§4.1.4 — exp is a NumericDate"), a regression reported ("`syncr -v push` used to print every
file. now: error: …"), a user's complaint passed on ("ticket 8812: "The export opens as one
column …""), and the hedges people put before a challenge ("I might be wrong, but
shouldn't Amount be cents?"). Each reads the person's own words; the caller knows the agent acted.
"""
from __future__ import annotations

from memkit import rxcache
from memkit.extract import rework

# conventional review labels at the start of a line, optionally after a line reference ("L88 blocking:")
_REVIEW = rxcache.compile(r"(?im)^[ \t]*+(?:[-*][ \t]*+)?(?:L\d++(?:-L?\d++)?[ \t]*+[:,-]?[ \t]*+)?(?:blocking|blocker|issue|"
                          r"nit|nitpick|suggestion|must[- ]fix|change request|request(?:ed)? change)s?[ \t]*+"
                          r"(?:\([^)\n]{0,30}\))?[ \t]*+:")
# a standard, a specification or the documentation cited by name
_CITES = rxcache.compile(r"(?i)\b(?:RFC\s?\d{3,5}|ISO[\s/]?\d{3,5}|PEP\s?\d{1,4}|WCAG\s?\d(?:\.\d)?)\b|§\s?\d|"
                         r"\b(?:the|their|its|our|official)\s+(?:\w+\s+)?(?:docs|documentation|spec|specification|manual|"
                         r"man\s?page|reference|api\s+reference|style\s?guide|changelog|release\s+notes)\s+"
                         r"(?:say|says|said|state|states|is\s+clear|explicitly|literally)\b|"
                         r"\b(?:according\s+to|per)\s+(?:the\s+)?(?:\w+\s+)?(?:docs|documentation|spec|specification|RFC)\b")
# it worked before the change and does not now
_USED_TO = rxcache.compile(r"(?i)\b(?:used\s+to|(?:was|were)\s+working|worked\s+(?:fine\s+|perfectly\s+)?(?:before|until|"
                           r"last\s+\w+|yesterday|this\s+morning)|(?:this|that|it)\s+worked\b)")
_NOW_NOT = rxcache.compile(r"(?i)\b(?:now|no\s+longer|anymore|any\s+more|since\s+(?:this|that|your|the)\s+(?:change|build|"
                           r"release|commit|update|version|deploy))\b")
# a complaint passed on: a line naming feedback, a ticket or a review, then the quoted words
_COMPLAINT = rxcache.compile(r"(?im)^[^\n]{0,60}\b(?:feedback|tickets?|complaints?|reviews?|bug\s+reports?|support|"
                             r"customers?|users?|testers?|emails?)\b[^\n]{0,40}:[ \t]*\n?[ \t\n]{0,20}(?:>|[\"“])")
# what people say before a challenge to soften it
HEDGE = rxcache.compile(r"(?i)^(?:(?:I|i)\s+(?:might|may|could)\s+be\s+wrong(?:\s+(?:here|about\s+this|on\s+this))?|"
                        r"not\s+(?:100\s?%|totally|entirely|completely|quite)\s+sure(?:\s+(?:about\s+this|here|of\s+this))?|"
                        r"correct\s+me\s+if\s+I'?m\s+wrong|unless\s+I'?m\s+missing\s+something|"
                        r"maybe\s+I'?m\s+missing\s+something|just\s+(?:a\s+)?thought|genuine\s+question)"
                        r"[,.:;!]*\s*(?:but\s*,?\s*)?")
# the person leaves the work as it is after all ("maybe it belongs in lib/? not sure. leave it for now")
_LEAVE_IT = rxcache.compile(r"(?i)\b(?:leave|keep)\s+(?:it|them|that|this)\s+(?:where\s+it\s+is|as\s+it\s+is|as\s+is|"
                            r"alone|for\s+now|like\s+that)\b|\bfine\s+as\s+(?:it\s+)?is\b")
_UNSURE = rxcache.compile(r"(?i)\b(?:not\s+sure|maybe|perhaps|I\s+guess|we'?ll\s+see|no\s+idea|dunno|tbh)\b")


def kind(words: str, raw: str, signs: set[str]) -> str:
    """How the message corrects the act it answers, or "": review labels, a spec cited beside a
    sign of pushback, a regression reported. signs: the message's signs of pushback (pushback.scene_signs)."""
    if _REVIEW.search(words):
        return "reviewed the act"
    if _CITES.search(words) and signs & {"no", "judged", "rule"}:
        return "cited the spec against the act"
    if _USED_TO.search(raw) and _NOW_NOT.search(raw) and not rework.content(words):
        return "reported what the act broke"
    if _COMPLAINT.search(raw) and not rework.content(words):
        return "passed on a complaint about the act"
    return ""


def unhedged(sentence: str) -> str:
    """The sentence without the hedge it opens with ("I might be wrong here but shouldn't …")."""
    return HEDGE.sub("", sentence.strip(), count=1)


def left_as_is(words: str) -> bool:
    """Unsure musing that ends by leaving the work as it is: no correction."""
    return bool(_LEAVE_IT.search(words) and _UNSURE.search(words))
