"""A lesson read by clause: what each part of it forbids, asks for, allows, or only explains.

The compiler's first step (`compiler.compile_lesson`): pure text in, (polarity, clause) pairs
out; it names no kinds (the catalogue does that) and never reads a note or the index.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.activation import conditions
from memkit.activation.negation import HARM, WHY_THERE
from memkit.activation.scope import ON_MACHINE

# the polarity of a clause: what it forbids, what it asks for, what it allows, or only why
_FORBID = rxcache.compile(
    r"(?i)(?<!-)\b(never|don'?t|do\s+not|didn'?t|no\b(?!\s+(longer|more|matter|doubt|need)\b)|not\b(?!\s+only\b)|"
    r"nothing\b(?!\s+(else|but|more|much|wrong|new|to\s+do|happens|changes)\b)|"
    rf"{HARM}|"
    r"nor\b|avoid\w*|stop\w*|without|(?:is|are|was|were)n[’']?t\b|(?:is|are|was|were|'s|been|now)\s+deprecated|no-go|off-limits|hands\s+off|"
    r"too\s+(?:long|big|many|much|large|slow|verbose|wide|complex|deep)\b|longer\s+than\b|"
    r"leave\s+(?:\S+\s+){1,5}?alone|"
    r"instead\s+of|rather\s+than|must\s*n[o']t|mustn'?t|should\s*n[o']t|shouldn'?t|can'?t|cannot|"
    r"forbidden|banned|not\s+allowed|disallowed|prohibited|wrong|bad\s+idea|dangerous|unsafe|careful|"
    r"does\s+nothing|has\s+no\s+effect|is\s+(?:a\s+)?no-?op\b|(?:is|are)\s+(?:silently\s+)?ignored|"
    rf"ask\s+(me\s+)?(first|before)|what\s+are\s+you\s+doing|why\s+(did|are|do|would|were)\s+you|{WHY_THERE}|"
    r"what'?s\s+(with|up\s+with)|who\s+(told|asked)\s+you|"
    # a challenge put as a question: "does the docstring add anything?", "why do we need a retry here?"
    r"does\s+(?:[^\s?.!]+\s+){1,8}?add\s+(?:anything|much|any\s+value)|why\s+(?:do|would|should)\s+(?:we|you|i)\s+"
    r"(?:even\s+|really\s+)?need\b|do\s+we\s+(?:really|even|actually)\s+need\b(?=[^?.!\n]{1,80}\?)|"
    r"what(?:'s|\s+(?:was|is))\s+(?:that|this)\s+(?:part|bit|business)\s+with\s+[^?.!\n]{1,60}\?*!|"
    r"what(?:'s|\s+(?:is|are))\s+(?:that|this|those|these|all\s+(?:that|this|those|these))\b[^?.!\n]{0,40}?\s*"
    r"\bdoing\s+(?:in\s+)?(?:here|there)\b(?![^?]{0,5}\?\s*(?:walk|explain|tell)))")   # "what was that part with
# the mocker?!", "what's this print doing here?"
_PRESCRIBE = rxcache.compile(
    r"(?i)\b(use|using|always|only|prefer\w*|should|must|need\s+to|needs\s+to|has\s+to|have\s+to|"
    r"(?:every|each|all|any)\s[^.;!?]{0,60}?\b(?:needs?|requires?|must\s+have)\b|"
    r"instead|put|keep|go(es)?\s+(in|into|through|under)|run|via|through|pin|pinned|wrap\w*|pass|add\b|"
    r"write|follow|we\s+(use|keep|run|follow|need|want)|make\s+sure|remember\s+to|do\s+it\s+as|"
    r"we\s+(?:do|make|build|ship|deploy|open|create|handle|manage|release|send|file)\b[^.;!?,]{0,40}?\b(?:with|using)\b|"
    r"we(?:'re|\s+are)\s+on\b|"   # "we do PRs with the gh cli, not via the browser", "we're on stylua, not lua-format"
    r"starts?\s+with|is\s+done\s+with|comes?\s+from|belongs?\s+in|lives?\s+in|sits?\s+(in|next\s+to)|"
    r"goes?\s+in(to)?|instead|work\s+(?:on|in|from)\s+(?:a\s+|the\s+)?(?:local\s+|own\s+)?cop(?:y|ies))\b|^to\s+[a-z]+\b[^.;:!?]{0,60}?\bit'?s\b")   # "to change one key it's `kv patch`"
_VERBS = (
    r"(?:do|add|put|use|run|keep|move|write|wrap|pin|"
    r"split|mark|fit|call|open|ask|check|go|make|set|pass|leave|link|stage|commit|create|name|rename|prefix|"
    r"return|raise|log|store|send|read|load|start|end|stick|switch|follow|document|describe|explain|tell|"
    r"wait|test|build|install|regenerate|generate|point|bump|lock|sign|squash|rebase|merge|push|deploy|"
    r"annotate|type|validate|escape|quote|sanitize|sanitise|paginate|batch|cache|await|guard|catch|handle|"
    r"fix|change|update|edit|revert|restore|replace|rerun|retry|rewrite|purge|invalidate|flush|rotate|scale|restart|"
    r"reload|drain|migrate|seed|back\s+up|export|import|sync|lint|format|vendor|compile|profile|patch|pull|fetch|"
    r"clone|checkout|stash|tag|publish|upload|promote|release|ship|encrypt|cite|notify|post|review|approve|plan|"
    r"preview|diff|query|filter|index|reindex|limit|throttle|schedule|inject|register|declare|include|"
    r"require|convert|cast|round|email|page|ping|look|show|confirm|find|choose|resume|comment|close|queue|grow|defer|"
    r"copy|report|prompt)\b")
_IMPERATIVE = rxcache.compile(r"(?i)^(please\s+|just\s+|so\s+|then\s+|instead,?\s+|actually,?\s+)?" + _VERBS)
INTERJECTION = rxcache.compile(r"(?i)^(?:(?:no+|nope|nah|stop|wait|w8|hold\s+on|hmm+|ugh|oh|ok(?:ay)?|actually|well|"
                           r"sorry|thanks|thank\s+you|please|pls|right|yes|yeah)\s*[,.!:;—–-]+\s*)+")
_REFUSAL = rxcache.compile(r"(?i)^(?:no+|nope|nah|stop|wait|w8|hold\s+on|ugh|whoa|woah)\s*[,.!:;—–-]")
_UNTIL = rxcache.compile(r"(?i)(?:\b(?:is|are|'re|am|'m|was)?\s*\bnot|\b(?:is|are|was|were)n[’']?t)\s+"
                    r"(?:done|finished|complete|ready)\s+until\b")
# where a thing comes from or goes is no request when the same clause says it is forbidden
_WEAK_ASK = rxcache.compile(r"(?i)comes?\s+from|goes?\s+in(?:to)?|belongs?\s+in|lives?\s+in|sits?\s+(?:in|next\s+to)|through|"
                       r"via|put|keep|pass|add|write|run|starts?\s+with|is\s+done\s+with")
_STRONG_FORBID = rxcache.compile(r"(?i)\b(never|don'?t|do\s+not|must\s*n[o']t|should\s*n[o']t|no-go|forbidden|banned|"
                            r"not\s+allowed|deprecated|off-limits)\b")
_AUX = rxcache.compile(r"(?i)\b(must|should|shall|will|would|can|could|may|might|do|does|did|is|are|was|were|be|"
                  r"been|has|have|had|to|keep|keeps|kept|still|am|'re|'m)\s*$")   # "you keep not following it"
_TOLD = rxcache.compile(r"(?i)\b(?:didn[’']?t|did\s+not|forgot\s+to|never)\b[^.;!?]{0,80}\bas\s+(?:i|we)\s+"
                   r"(?:told|asked|said|showed|explained)\b|\byou\s+forgot\s+to\b")
_ALLOW = rxcache.compile(r"(?i)(?:`([^`]{2,60})`|(\b[\w./:@=-]+(?:\s+[\w./:@=-]+){0,2}))\s+(?:is|are)\s+"
                    r"(?:only\s+)?(?:fine|ok|okay|allowed|safe|acceptable)\b|"
                    # a permission the person gave, then narrows ("I did say you could run the migrations, but …")
                    r"^(?:(?:yes|yeah|ok|okay|sure|I\s+know),?\s+)*I\s+(?:did\s+)?(?:say|said|told\s+you|let\s+you|allowed\s+you)\b"
                    r"(?:\s+that)?\s+(?:you\s+(?:could|can|may)|it'?s\s+(?:fine|ok|okay)\s+to|go\s+ahead)\b")   # not "I told you to …"
# "nothing in library/ gets saved except by `pipeline publish`": the exception is a way the rule allows
_EXCEPT = rxcache.compile(r"(?i)[,(]?\s*\b(?:except|other\s+than|apart\s+from|save\s+for)\s+(?:by\s+|through\s+|via\s+|with\s+|"
                     r"using\s+|in\s+|for\s+)?(?=[`\w./~-])")
_SPLIT = rxcache.compile(r"(?<=[.!?;])\s+|\n+|\s+[-–—]\s+|(?<=[\w.!?)'\"])\s+--\s+(?=[A-Za-z(])"
                    r"|,\s+(?=but\b|so\b|and\s+(?:then|only|never|always)\b)"
                    r"|(?i:,\s+(?=(?:(?:and\s+|but\s+)?(?:don'?t|do\s+not|never|avoid|stop)|(?:and|but)\s+no)\b))"
                    r"|\s+\((?=e\.g\.|i\.e\.|like\b)"
                    r"|(?i:[,:]\s+(?=we\s+(?:need|want)\s+(?!to\b)\w))"
                    r"|(?i:[,:]\s+(?=do\s+(?:a|an|the)\s))"
                    r"|(?i:[,:]\s+(?=(?:please\s+|just\s+|instead\s+|rather\s+)?(?:use|using|always|prefer|put|keep|"
                    r"wrap|run|pass|call|go\s+through|do\s+it|add|write|stick\s+to|switch\s+to|ask|tell|"
                    r"work\s+(?:on|in|from)\s+(?:a\s+|the\s+)?(?:local\s+|own\s+)?cop(?:y|ies))\b))")
# "imports never go into main: make a sandbox env": a rule, then the way (after a rule only; "`products` is
# an alias: create the next index" explains before it asks)
_COLON_WAY = rxcache.compile(r"(?i):\s+(?=(?:please\s+|just\s+|instead\s+)?" + _VERBS + r")")
_INSTEAD = rxcache.compile(r"(?i),?\s*\b(instead\s+of|rather\s+than|not|never|and\s+never|but\s+never|but\s+not)\b\s+(?=\S)")

# a run of capitalised keywords is code ("CREATE OR REPLACE", "ALLOW FILTERING"), not words said
_LEADING_FLAG = rxcache.compile(r"^--?[a-z][\w-]*(?![\w-])(?!\s+(?:was|is|were|did|does|broke|caused|made|again|here|there)\b)\s*\S")
_CAPS_RUN = rxcache.compile(r"\b[A-Z]{2,}(?:\s+[A-Z]{2,})*\b")

# "npm never lets us reuse a version": what a tool or system does not do is a reason, not a rule
_THEIR_NO = rxcache.compile(r"(?i)\b(?!(?:you|we|i|please|just|and|so|but|then|also|ever)\b)[a-z][\w.-]*\s+(?:never|doesn'?t|"
                       r"does\s+not|won'?t|will\s+not)\s+(?:lets?|allows?|accepts?|supports?|works?|handles?|sees?|"
                       r"notices?|knows?|picks?\s+up|reuses?|keeps?)\b")


# "… because the projector isn't idempotent": a state given as the reason, not a rule
_WHY_NOT = rxcache.compile(r"(?i)\b(?:because|since|as|cause|cuz)\s+(?:the\s+|its\s+|their\s+|our\s+|that\s+|this\s+)?"
                      r"(?!(?:you|we|i)\b)[\w.-]+(?:\s+[\w.-]+)?\s+(?:is|are|was|were)(?:n[’']?t|\s+not)\b")


# "the reason it failed is …", "that's because …": a clause that says why something happened
_CAUSE = rxcache.compile(r"(?i)^(?:the\s+(?:reason|cause)\b|(?:it|this|that)\s+(?:failed|fails|broke|breaks|happened|happens)"
                    r"\s+because\b|that'?s\s+(?:because|why)\b)")

# words that bind a clause to the moment: "not yet", "for now" (the compiler reads them too)
MOMENT_WORDS = r"yet|for\s+now|right\s+now|at\s+the\s+moment|for\s+the\s+time\s+being|this\s+time|today"
_MOMENT = rxcache.compile(rf"(?i)\b(?:{MOMENT_WORDS})\b")
_CONDITIONED = rxcache.compile(r"(?i)\b(?:until|unless|before|after|if|when|while|once|"
                          r"(?:is|are|was|were|has|have|had)(?:n[’']?t|\s+not))\b")
_EVER = rxcache.compile(r"(?i)\b(?:never|ever|again|always|any\s*more|any\s*time)\b")


# "that comment is too verbose": a judgement of a piece of the work, not of the reply
_WORK_TOO = rxcache.compile(r"(?i)\b(?:that|this|the|these|those|your|its|my)\s+(?:[\w-]+\s+){0,2}?(?:comments?|messages?|"
                       r"descriptions?|docstrings?|docs?|documentation|readme|changelog|functions?|methods?|class(?:es)?|"
                       r"tests?|specs?|names?|titles?|logs?|sections?|paragraphs?|snippets?|variables?|code|lines?|files?|"
                       r"scripts?|prs?|pull\s+requests?)\s+(?:is|are|was|were|'s|seems?|looks?|feels?|reads?)\s+"
                       r"(?:\w+\s+){0,2}?too\b")
# "restore it to the previous version", "put it back": the clause undoes the change at hand
_UNDO = rxcache.compile(r"(?i)\b(?:restore|revert|undo|roll\s*back|(?:put|change|set|turn|bring)\s+(?:\S+\s+){1,3}?back\b"
                   r"(?!\s+(?:up|on|online)\b)|"   # "bring the server back up" starts it again, undoes nothing
                   r"(?:in|into|to)\s+(?:(?:its|their|the|a)\s+)?(?:previous|original|old|former|earlier)\s+"
                   r"(?:state|version|content|form)|back\s+to\s+(?:the\s+|its\s+)?(?:previous|original|old|way))")
# "before you do that", "before doing it": the step at hand, not a moment that comes back ("before
# we push the branch" is one: who does it says nothing of how often)
_THIS_STEP = rxcache.compile(r"(?i)^(?:(?:you|we|i)\s+)?(?:do|doing)\s+(?:that|this|it)\b|^(?:that|this|it)\b|"   # "before
                        r"^(?:we|i)\s+\w+\s+(?:it|them|this|that|these|those)\b|^you\s+\w+\s+(?:this|that|these|those)\b")
# we commit it", "before you merge this": the step at hand ("check the diff before you commit it" stands)


# "I haven't seen you running coverage", "you forgot to run the linter": a step that should have
# come first
_OMITTED = rxcache.compile(r"(?i)\b(?:(?:i\s+)?(?:haven[’']?t|have\s+not|didn[’']?t|did\s+not)\s+seen?\s+you\s+|"
                      r"you\s+(?:forgot|forget|skipped|didn[’']?t|did\s+not|never)\s+(?:to\s+)?|"
                      r"you\s+should\s+have\s+(?:first\s+)?)(?:run|ran|running|check|checked|checking|test|tested|testing|"
                      r"verify|verified|verifying|lint|linted|linting|format|formatted|formatting|build|built|building|"
                      r"review|reviewed|reviewing|update|updated|updating|rebase|rebased|rebasing|pull|pulled|pulling)\b")


# a clause about a file or folder itself: "compose.yaml is the shared stack", "release-notes/ is what
# customers read", "the sync bot overwrites locales/de", "did you just write the password into .env.local?"
_LEAD = (r"(?:[^:]{0,40}:\s+)?(?:(?:but|and|so|no|nope|actually|also|because|since|wait|remember|note)\b[,:]?\s+){0,3}"
         r"(?:the\s+)?")   # a label ("Review on !2291: "), then a few turning words
_OF_IT = r"\s+(?:is|are|was|were|holds?|has|have|gets?|belongs?\s+to|comes?\s+from|contains?)\b"
# … but not where the work belongs or what is fine: "config.yaml is where the fix goes", "src/ is fine"
_PLACE_OK = rxcache.compile(r"(?i)\b(?:is|are)\s+(?:where|the\s+(?:right\s+)?place|fine|ok|okay|right|correct|good)\b|"
                       r"\bfine\s+to\b|\bsafe\s+to\b|\ballowed\b")
_ASKED = rxcache.compile(r"(?i)^(?:\w+[,.!]\s+)?(?:why\s+did\s+you|did\s+you\s+(?:just|really|actually))\b")
_DONE_TO = r"(?i)\b(?:overwrit\w*|regenerat\w*|clobber\w*|wip(?:e|es|ed|ing)\b)\s+(?:the\s+|all\s+of\s+)?`?"


def spoken_of(clause: str, name: str) -> bool:
    """The clause is about the file or folder NAME itself, not a place it tells the agent to go."""
    n = re.escape(name.rstrip("/")) + r"/?`?"
    text = clause.strip()[:2000]
    if _PLACE_OK.search(text):
        return False
    if re.match(rf"(?i){_LEAD}`?{n}{_OF_IT}", text) or re.search(_DONE_TO + n + r"(?![\w-]|\.\w)", text):
        return True
    return text.endswith("?") and _ASKED.match(text) is not None and re.search(
        rf"(?<![\w/-]){re.escape(name)}(?![\w-])", text) is not None


def omitted(lesson: str) -> bool:
    """The lesson points out a step the agent left out ("I haven't seen you running coverage",
    "you forgot to run the linter"); said after a call the person stopped, the step is due
    before that kind of call."""
    return bool(_OMITTED.search(lesson))


_WORD = rxcache.compile(r"(?<![\w`./\\:(-])[A-Za-z]{7,}(?![\w`./\\:(-])")   # a word of prose, not part of a name


def _slips(word: str) -> set[str]:
    """What a word reads as with one letter dropped or two neighbours swapped: the typing slips
    that turn "docstrings" into "doctrings" or "directory" into "direcotry"."""
    out = {word[:i] + word[i + 1:] for i in range(1, len(word) - 1)}   # the first and last letters stay:
    return out | {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 2)}   # a
    # dropped first letter or a changed end makes another word ("raising", "compute", "summaries")


def mended(text: str, known: dict[str, str]) -> str:
    """The text with a slipped word put back as the catalogue spells it ("doctrings" ->
    "docstrings"); `known` maps each slip of a catalogue word to that word, a slip that two words
    share to "" (left alone). A word the catalogue itself spells is never touched."""
    def mend(m: re.Match) -> str:
        word = m.group(0)
        if any(c.isupper() for c in word[1:]):   # CamelCase: a name, spelled as it is
            return word
        low = word.lower()
        plural = low.endswith("s") and not low.endswith("ss")
        stem = low[:-1] if plural else low
        if stem in known.get("", ()) or low in known.get("", ()):
            return word
        fixed = known.get(stem)
        if not fixed:
            return word
        fixed += "s" if plural else ""
        return fixed.capitalize() if word[0].isupper() else fixed

    parts = text.split("`")   # inside backticks: code, spelled as it is
    return "`".join(_SLIPPED.sub(_said_right, _WORD.sub(mend, part)) if k % 2 == 0 else part
                    for k, part in enumerate(parts))


# the small words a rule turns on, as people slip typing them ("beforu pushit to GH"), and a verb run
# together with its object
_SLIPS = {"before": "befor beforu befroe beofre bfore befoer brfore", "always": "alwasy alwyas allways alwys awlays",
          "never": "nevr nver nevver", "after": "afer aftr atfer", "without": "wihtout witout wihout withou",
          "instead": "insted instaed isntead", "push it": "pushit", "commit it": "commitit", "merge it": "mergeit"}
_SAID_RIGHT = {slip: word for word, slips in _SLIPS.items() for slip in slips.split()}
_SLIPPED = rxcache.compile(r"(?i)(?<![\w`./\\:(-])(" + "|".join(sorted(_SAID_RIGHT, key=len, reverse=True)) + r")(?![\w`./\\:(-])")


def _said_right(m: re.Match) -> str:
    return _SAID_RIGHT[m.group(1).lower()]


def slips_of(words: set[str]) -> dict:
    """The `known` map of `mended` for a vocabulary of words; only words of 9 letters or more are
    mended to (a shorter one is one slip from too many other words: contract, contact)."""
    known: dict = {"": frozenset(words)}
    for w in sorted(w for w in words if len(w) >= 9):
        for slip in _slips(w) - {w}:
            known[slip] = "" if known.get(slip, w) != w else w
    return known


# what a terminal prints: progress counters, "…, done.", "remote:" lines, key fingerprints
_PRINTED = rxcache.compile(r"(?i)\b\d{1,3}%\s*\(\d+/\d+\)|,\s*done\.|(?:^|\s)remote:\s|\bSHA256:[A-Za-z0-9+/]{20,}|"
                      r"\b[0-9a-f]{7,40}\.\.[0-9a-f]{7,40}\b|\bTotal\s+\d+\s+\(delta\s+\d+\)")


def pasted(lesson: str) -> bool:
    """The lesson is a terminal's output pasted in (three or more things only a program prints),
    not words said to the agent: it holds no rule."""
    return len(_PRINTED.findall(lesson)) >= 3


# a suggested change ("```suggestion") or a diff, fenced, and the lines it holds
_CHANGE = rxcache.compile(r"(?ms)^[ \t]*+(?:```|~~~)[ \t]*+(suggestion|diff|patch)[^\n]*+\n(.*?)^[ \t]*+(?:```|~~~)[ \t]*+$")


def spoken_changes(lesson: str) -> str:
    """The lesson with each suggested change or diff it holds said in words the clause reader reads:
    a line taken out is "not `…`."; the lines put in are the fix, left out (read as what to do, a
    line of code asks for things the person never asked: in a lesson it names no kind)."""
    def said(m: re.Match) -> str:
        lines = [ln for ln in m.group(2).splitlines() if ln.strip()][:40] if m.group(1) != "suggestion" else []
        out = [" ".join(ln[1:].replace("`", "").split()) for ln in lines
               if ln.startswith("-") and not ln.startswith("---")]
        return "".join(f"not `{c}`.\n" for c in out if c)
    return _CHANGE.sub(said, lesson[:20000]) if "```" in lesson or "~~~" in lesson else lesson


def judges_work(clause: str) -> bool:
    """The clause finds a piece of the work too long or too much ("that comment is too verbose"),
    which says nothing about how to answer."""
    return bool(_WORK_TOO.search(clause))


MISSING = rxcache.compile(r"^(?:writing|creating)\b[^,;]*\bwithout\b[^,;]*\b(?:header|magic\s+comment|include\s+guard|"
                          r"use\s+strict|strict\s+mode|pragma)\b")   # what a whole file lacks, no line of it


def switched_back(clause: str, about: str) -> bool:
    """The clause asks to switch back on what the kind switches off ("now re-enable the pre-commit
    hooks" of skipping them, "turn certificate checks back on" of turning them off): switching it
    off was the mistake."""
    return bool(_BACK_ON.search(clause) and _OFF.search(about))


_BACK_ON = rxcache.compile(r"(?i)\b(?:re-?enabl\w*|re-?activat\w*|(?:turn|switch|put)\w*\s+(?:\w+\s+){0,4}back\s+on)\b")
_OFF = rxcache.compile(r"(?i)\b(?:skip\w*|disabl\w*|bypass\w*|turn\w*\s+off|switch\w*\s+off|suppress\w*|silenc\w*|"
                       r"ignor\w*|mut(?:e|ing))\b")


def undoes(lesson: str) -> bool:
    """The lesson asks to undo the change at hand ("put it back", "restore the file to that
    version"): what the corrected call touched is what to undo, not a name to warn about."""
    return bool(_UNDO.search(lesson))


_BEFORE = rxcache.compile(r"(?i)(?:\bbefore|(?P<rush>(?P<no>(?:n't|\bnot|\bnever|\bstop|\bquit)\s+(?:\w+\s+)?)?"
                     r"(?:rush|hurr|jump)\w*\s+(?:straight\s+|ahead\s+)?(?:in)?to))\s+"
                     r"(?P<moment>(?:you\s+|we\s+|i\s+)?\w+(?:ing)?\b[^,;.]{0,60})")


def due_before(clause: str, polarity: str) -> re.Match | None:
    """The moment a rule puts a step before: "run the specs before you push", "don't rush to commit"
    (a hurry said no to: "we need to hurry to push the hotfix" is no rule). Its group "moment" is the moment."""
    if polarity not in ("prescribe", "forbid", "instead"):
        return None
    m = _BEFORE.search(clause)
    # a clause that says no ("not rush to commit" read as "rush to commit") carries the no itself
    return None if m and m.group("rush") and not m.group("no") and polarity == "prescribe" else m


def this_step(moment: str, clause: str) -> bool:
    """A "before ..." that orders the steps at hand ("before we commit it", "before you do that")
    rather than naming a moment that comes back ("always ... before we push the branch")."""
    return bool(_THIS_STEP.search(moment.strip())) and not _EVER.search(clause)


_WHY_THERE = rxcache.compile(rf"(?i)\b{WHY_THERE}")
_CURIOUS = rxcache.compile(r"(?i)\bwhat\s+(?:is|are|'s)\s+(?:it|they|that|this|those)\s+for\b|\b(?:i|we)\s+(?:want|would\s+like|'d\s+like)"
                      r"\s+to\s+understand\b|\bjust\s+(?:curious|wondering)\b|\b(?:explain|curious)\b")


def for_now(clause: str) -> bool:
    """A clause that holds back the moment, not a kind of action: "don't touch the specs yet",
    "no deploys for now". A "yet" inside a condition ("never push code that isn't tested yet")
    leaves the rule standing."""
    m = _MOMENT.search(clause)
    if not m or _CONDITIONED.search(clause[:m.start()]) or _EVER.search(clause):
        return False
    no = _FORBID.search(clause[:m.start()])   # "dont run anything on the instrument PC it is acquiring
    # right now": the moment is what the machine is busy with, said after the rule ("don't merge it,
    # it's broken right now" holds for now)
    return not (no and ON_MACHINE.search(clause, 0, m.start()) and _BUSY.search(clause, no.end(), m.start()))


_BUSY = rxcache.compile(r"(?i)\b(?:it|he|she|they|that|this|which)\s*(?:is|are|'s|'re)\s+(?:\w+\s+)?\w+ing\b")


_VERDICT = rxcache.compile(r"(?i)(fine|ok|okay|good|great|sure|alright|allowed|acceptable)\b")
_SUBJECT = rxcache.compile(r"(?i)(i|we|you|they|he|she|it|that|this)\b")   # "I asked you to X, not Y": a sentence
_CODE = rxcache.compile(r"`[^`\n]{1,200}`")


def _masked(text: str) -> str:
    """The text with quoted code blanked out, every position kept."""
    return _CODE.sub(lambda m: "`" + "x" * (len(m.group(0)) - 2) + "`", text) if "`" in text else text


# what a rule says is missing, then how to do it: "nothing touches the firewall without a dead man's switch: …"
_WITHOUT_WAY = rxcache.compile(r"(?i)\bwithout\s+(?:a\s+|an\s+|the\s+|its\s+|their\s+|your\s+)?[^:;.!?]{1,50}:\s+"
                          r"(?!(?:it|it'?s|this|that|because|otherwise|since|we|they|he|she|you|i)\b)")
# a relayed lesson ("Ingrid saw your commit and asked me to pass this on: \"…\"", "fwd from Kenji in #ops:",
# "Review from Nadia on #318:"): who said it and where is no part of the rule, nor are the quotes around it
_RELAY = rxcache.compile(r"(?i)^[^.!?:\n]{0,120}?\b(?:pass(?:ing)?\s+(?:this|it)\s+(?:on|along)|fwd|forward(?:ed|ing)?|"
                    r"relay\w*|review\s+(?:from|by)|(?:comment|note|message|feedback)\s+from|"
                    r"from\s+\w+\s+(?:in|on)\s+(?:#|the\s+(?:mr|pr|review|channel|thread))|on\s+the\s+(?:mr|pr)\b|"
                    r"asked\s+me\s+to\s+(?:tell|pass|say|let)|(?:in|on)\s+#[\w-]+|pasted|wrote)[^.!?:\n]{0,80}?:\s*"
                    r"([\"\u201c]?)")
_CLOSE = {"\"": "\"", "\u201c": "\u201d"}


def unrelayed(lesson: str) -> str:
    """The lesson without the words that say who passed it on (and the quotes around what they said)."""
    m = _RELAY.match(lesson)
    if not m or len(lesson) - m.end() < 20:
        return lesson
    rest = lesson[m.end():]
    if m.group(1):
        at = rest.find(_CLOSE[m.group(1)])
        rest = rest[:at] + rest[at + 1:] if at >= 0 else rest
    return rest


# a statement after a comma with its own subject and verb: the reason a rule gives, up to the next comma
_REASON = rxcache.compile(r"(?i),\s+((?:the|our|its|it|they|that|this|those|these|everyone|nobody|every|some)\b[^,;:]{0,50}?"
                     r"\b(?:is|are|was|were|still|reads?|uses?|needs?|breaks?|depends?|relies|expects?|builds?|built|"
                     r"parses?|calls?|loads?|runs?|triggers?|checks?|owns?|will|would|won'?t|can'?t|cannot|does|"
                     r"doesn'?t|locks?|takes?|sends?|wipes?|deletes?|drops?|overwrites?|leaks?|costs?|goes|means?)\b"
                     r"[^,;:]*)"
                     r"(?:,\s+(.+))?$")


def clauses(lesson: str) -> list[tuple[str, str]]:
    """(polarity, text) per clause: forbid, prescribe, allow, neutral, or moment (a forbid that
    holds for now only, which forbids nothing later). "use X, not Y" and
    "X instead of Y" are split so that Y is forbidden and X prescribed."""
    out: list[tuple[str, str]] = []
    curious = _CURIOUS.search(lesson) is not None   # "why is there X? what is it for": a question, no complaint
    pending, listed = _SPLIT.split(unrelayed(lesson)), {}   # a list's next part -> the connector of its first pair
    k = 0
    while k < len(pending):
        part, k = pending[k].strip(" ,;:"), k + 1
        if part.startswith("\x00"):   # a reason split off below
            out.append(("neutral", part[1:]))
            continue
        if len(part) < 2:
            continue
        cond = conditions.split(part)   # "whenever you touch api/, regenerate the spec": when, then the rule
        rule = clauses(cond[1] or (pending[k] if k < len(pending) else "")) if cond else None
        if rule and conditions.rule(rule):
            k += not cond[1]
            out += [("when", cond[0]), *rule]
            continue
        why = _REASON.search(part)   # "don't remove `legacy_id`, the nightly export still reads it": why, not
        head = part[:why.start()] if why else ""   # what else is forbidden (a bare "no, …" is no rule to split)
        if why and _FORBID.search(_masked(head)) and len(INTERJECTION.sub("", head).split()) > 2:
            part = head
            pending[k:k] = ["\x00" + why.group(1)] + ([why.group(2)] if why.group(2) else [])
        way = _COLON_WAY.search(part)
        if way and _FORBID.search(_masked(part[:way.start()])):
            part, rest = part[:way.start()], part[way.end():]
            pending.insert(k, rest)
        lacking = _WITHOUT_WAY.search(part)
        if lacking and len(part) - lacking.end() >= 8:   # "nothing touches the firewall without a dead man's
            out.append(("forbid", part[:lacking.end()].rstrip(": ")))   # switch: <how to set one up>"
            out.append(("prescribe", part[lacking.end():]))
            continue
        m = _INSTEAD.search(_masked(part))
        if m and _AUX.search(part[:m.start()]):   # ".env must never be committed": a negated verb
            m = None
        head = INTERJECTION.sub("", part[:m.start()]) if m else ""
        # "X, not Y" contrasts two things without a verb ("@Inject into the tick, not @Overwrite"), and
        # the pairs after the first of a list ("A instead of B, C instead of D") need none either
        phrase = len(head.split()) <= 6 and not _FORBID.search(head) and not _SUBJECT.match(head) \
            and not _VERDICT.match(head) and not for_now(head)   # "fine for now, not in prod": when, not what
        contrast = m is not None and phrase and (listed.get(k - 1) == m.group(1).lower()
                                                 or (part[m.start()] == "," and m.group(1).lower() == "not"))
        if m and (_PRESCRIBE.search(head) or _IMPERATIVE.search(head) or contrast) and m.start() > 0:
            out.append(("prescribe", part[:m.start()]))
            what, *rest = re.split(r",\s|\s(?:because|since|as|so)\s", part[m.end():], maxsplit=1)
            out.append(("instead", what))   # what the prescription replaces, without the reason that follows it
            more = re.sub(r"(?i)^(and|or)\s+", "", rest[0].strip()) if rest and part[m.end() + len(what)] == "," else ""
            nxt = _INSTEAD.search(_masked(more))
            if nxt and nxt.group(1).lower() == m.group(1).lower():   # the next pair of a list, said the same way
                pending.insert(k, more)
                listed[k] = m.group(1).lower()
            continue
        if _ALLOW.search(part):
            out.append(("allow", part))
            continue
        ex = _EXCEPT.search(part)
        if ex and ex.start() > 0 and _FORBID.search(_masked(part[:ex.start()])):
            out.append(("forbid", part[:ex.start()]))
            out.append(("allow", part[ex.end():]))
            continue
        said = INTERJECTION.sub("", part)   # "no, we use pnpm here": the "no" answers the agent
        if _TOLD.search(said):   # "you didn't move them under X as I told you": X is what was asked
            out.append(("prescribe", said))
            continue
        until = _UNTIL.search(said)
        if until:   # "no, you're not done until X": X is asked for, whatever came first, and calling
            out.append(("forbid", said[:until.end()]))   # it done before that is the mistake
            out.append(("prescribe", "only when " + said[until.end():].strip()))
            continue
        if _CAUSE.match(said):   # "no, the reason it failed is that …": why, not a rule
            out.append(("neutral", part))
            continue
        theirs = _THEIR_NO.sub(lambda t: " " * len(t.group(0)), said)   # positions kept
        if curious:
            theirs = _WHY_THERE.sub(lambda t: " " * len(t.group(0)), theirs)
        theirs = _WHY_NOT.sub(lambda t: " " * len(t.group(0)), theirs)
        forbid, ask = _FORBID.search(theirs), _PRESCRIBE.search(said) or _IMPERATIVE.search(said)
        plain = _masked(said)   # a word of quoted code weighs nothing against one of the clause's own:
        if forbid and plain[forbid.start()] == "x" and ask and plain[ask.start()] != "x":   # "`if not x` guards…"
            forbid = _FORBID.search(_masked(theirs))
        elif ask and plain[ask.start()] == "x" and forbid and plain[forbid.start()] != "x":   # "`git add .` would
            ask = _PRESCRIBE.search(plain) or _IMPERATIVE.search(plain)   # not work"
        if ask and ask.group(0).isupper() and len(ask.group(0)) > 1:   # "CREATE OR REPLACE …": SQL, not a request
            shouted = _CAPS_RUN.sub(lambda c: "x" * len(c.group(0)), said)
            ask = _PRESCRIBE.search(shouted) or _IMPERATIVE.search(shouted)
        if not forbid and not ask and _REFUSAL.match(part) and said.strip():
            out.append(("forbid", part))      # "no, that's a blocking call in an async handler": what was wrong
            continue
        if not forbid and not ask and _LEADING_FLAG.match(said):   # "--limit a canary group first"
            ask = _LEADING_FLAG.match(said)
        if forbid and (not ask or forbid.start() <= ask.start() or not said[ask.end():forbid.start()].strip()
                       or (_WEAK_ASK.fullmatch(ask.group(0)) and _STRONG_FORBID.search(said))):
            # ("must never", "should not": the modal carries the negation)
            out.append(("moment" if for_now(said) else "forbid", part))
        elif ask:
            out.append(("prescribe", part))
        else:
            out.append(("neutral", part))
    return out


_LOCATED = rxcache.compile(r"(?i)(?<![\w/.-])`?([\w][\w.-]{1,60})`?\s+(?:is|lives|sits|resides|is\s+located)\s+(?:in|under|at)\s+"
                      r"(?:the\s+|my\s+|our\s+)?`?(~?/?[\w.-]*/[\w./-]*[\w]|~/?[\w./-]*|[\w.-]+(?=`?\s+(?:folder|"
                      r"directory|dir)\b))")


def located(lesson: str) -> list[str]:
    """"the app is in the Documents folder": an action on `Documents/app` is where the lesson
    says it lives (it complies)."""
    out = []
    for m in _LOCATED.finditer(lesson):
        where = re.sub(r"^(~|/Users/[^/]+|/home/[^/]+)?/", "", m.group(2)).strip("/")
        if where and re.search(r"[-_.]|\d|.[A-Z]", m.group(1)):   # a name, not "the code lives in …"
            out.append(f"{where}/{m.group(1)}")
    return out[:2]
