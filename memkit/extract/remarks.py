"""Remarks on the agent's act that correct it without the usual words of pushback: a review's
labelled comments ("blocking: …", "L88 nit: …"), a spec or the docs cited against it ("RFC 7519
§4.1.4 — exp is a NumericDate"), a regression reported ("`syncr -v push` used to print every
file. now: error: …"), a user's complaint passed on ("ticket 8812: "The export opens as one
column …""), and the hedges people put before a challenge ("I might be wrong, but
shouldn't Amount be cents?"). Each reads the person's own words; the caller knows the agent acted.
And code given in place of the agent's (`replaces`): a review's suggested change, or a diff that
takes out lines the agent's calls wrote.
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
# what is usual, or was before, set beside what is there now ("it's normally around 24K a day", "it was
# ~900 MB before", "went from 182 kB to 251 kB"), and what a screen or a run shows broken
_USUAL = rxcache.compile(r"(?i)\b(?:normally|usually|typically|ordinarily|baseline)\b|\b(?:was|were)\b[^.\n]{0,40}\bbefore\b|"
                         r"\b(?:went|jumped|rose|grew|climbed|spiked|ballooned|shot\s+up)\s+(?:up\s+)?from\b(?:[^.\n]|\.(?=\d)){1,30}\bto\b|"
                         r"\b(?:doubled|tripled|quadrupled|ballooned|regress\w*)\b|"
                         r"\b\d+(?:\.\d+)?\s?(?:x|times)\s+(?:slower|bigger|larger|heavier|higher|longer|more|worse)\b|"
                         r"\b(?:slower|bigger|larger|heavier|higher|longer|worse|more\s+expensive)\s+than\s+(?:before|it\s+was|"
                         r"yesterday|last\s+\w+|the\s+old)\b")
_BROKEN = rxcache.compile(r"(?i)\b(?:stuck|cut\s+off|clipped|broken|blank|frozen|freezes|hangs|forever|never\s+"
                          r"(?:disappears|goes\s+away|loads|finishes|stops)|no\s+way\s+to|(?:is|are)\s+gone|"
                          r"disappeared|overlaps?|crash(?:es|ed|ing)?|OOM\w*|misaligned|overflow(?:s|ing)?|off-?screen|"
                          r"unreadable|garbled|flicker\w*|(?:won'?t|doesn'?t|does\s+not|can'?t|cannot)\s+(?:close|open|load|"
                          r"scroll|respond|render|show\s+up|reach|click|tap|see)|does\s+nothing|nothing\s+happens|NaN|undefined|"
                          r"(?:white|blank|black)\s+(?:screen|page)|squashed|squished|stretched|(?:sits?|is|are)\s+on\s+top\s+of|"
                          r"(?:is|are)\s+(?:now\s+|still\s+|completely\s+|totally\s+)?(?:empty|hidden|invisible|missing))\b")
# tied to the act: said to be so now, or since the change
_SINCE_ACT = rxcache.compile(r"(?i)\b(?:now|no\s+longer|anymore|since\s+(?:this|that|your|the)\s+\w+|with\s+this|"
                             r"after\s+(?:this|that|your|the)\s+(?:change|fix|edit|commit|deploy|release|merge|rollout|"
                             r"upgrade|bump|refactor|update)|since\s+(?:it|this|that)\s+(?:went\s+out|shipped|landed|"
                             r"was\s+(?:deployed|merged|released))|than\s+(?:before|it\s+was))\b")
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
                            r"alone|for\s+now|like\s+that)\b|\bfine\s+as\s+(?:it\s+)?is\b|"
                            r"\b(?:leave|keep)\s+it[,.]?\s+(?:it'?s|that'?s)\s+fine\b")
_UNSURE = rxcache.compile(r"(?i)\b(?:not\s+sure|maybe|perhaps|I\s+guess|we'?ll\s+see|no\s+idea|dunno|tbh)\b")


def kind(words: str, raw: str, signs: set[str]) -> str:
    """How the message corrects the act it answers, or "": review labels, a spec cited beside a
    sign of pushback, a regression reported. signs: the message's signs of pushback (pushback.scene_signs)."""
    if _REVIEW.search(words):
        return "reviewed the act"
    if _CITES.search(words) and signs & {"no", "judged", "rule"}:
        return "cited the spec against the act"
    if (_USED_TO.search(raw) and _NOW_NOT.search(raw) or broke(words)) and not rework.content(words):
        return "reported what the act broke"
    if _COMPLAINT.search(raw) and not rework.content(words):
        return "passed on a complaint about the act"
    return ""


def broke(words: str) -> bool:
    """What the act left is reported worse than usual or broken ("the panel now says 2.4 Mil … it's
    normally around 24K", "now there's a spinner stuck … forever"), in the person's own words."""
    return bool(_SINCE_ACT.search(words) and (_USUAL.search(words) or _BROKEN.search(words)))


def unhedged(sentence: str) -> str:
    """The sentence without the hedge it opens with ("I might be wrong here but shouldn't …")."""
    return HEDGE.sub("", sentence.strip(), count=1)


def left_as_is(words: str) -> bool:
    """Unsure musing that ends by leaving the work as it is: no correction."""
    return bool(_LEAVE_IT.search(words) and _UNSURE.search(words))


# a fenced block's opening line and its info string ("```suggestion", "~~~diff")
_FENCE = rxcache.compile(r"^[ \t]*+(?:```|~~~)[ \t]*+([\w+-]*+)")
_WRITES = frozenset({"Edit", "MultiEdit", "Write", "NotebookEdit", "apply_patch", "str_replace_based_edit_tool"})


def replaces(raw: str, acted) -> bool:
    """The message gives code in place of code the agent's last calls wrote: a ```suggestion block
    (a review's suggested change replaces the lines under review) after an edit, or a diff whose
    removed lines are lines those calls wrote. A diff that only adds is new work, not a correction."""
    blocks = _blocks(raw[:20000])
    if not blocks:
        return False
    if any(info == "suggestion" for info, _ in blocks) and any(
            c.name in _WRITES or isinstance(c.input, dict) and "file_path" in c.input for c in acted[-8:]):
        return True
    wrote = {_squeezed(line) for c in acted[-8:] for value in rework.call_values(c) for line in value.splitlines()}
    for info, lines in blocks:   # a block with no info string is a diff when it both takes out and puts in
        signs = {ln[:1] for ln in lines}
        if info in ("diff", "patch") or not info and {"+", "-"} <= signs and signs <= set("+-@ "):
            removed = [_squeezed(ln[1:]) for ln in lines if ln.startswith("-") and not ln.startswith("---")]
            if any(len(r) >= 6 and r in wrote for r in removed):
                return True
    return False


def _blocks(raw: str) -> list[tuple[str, list[str]]]:
    """(info string, lines) of each fenced block."""
    out, info, lines = [], None, []
    for line in raw.splitlines():
        m = _FENCE.match(line)
        if m and info is None:
            info, lines = m.group(1).lower(), []
        elif m:
            out.append((info, [ln for ln in lines if ln.strip()]))
            info = None
        elif info is not None:
            lines.append(line)
    return out


def _squeezed(line: str) -> str:
    return " ".join(line.split())
