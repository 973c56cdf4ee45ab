"""Pushback that no opening phrase announces: the last resort of `pushback.verdict`.

People correct an agent in ways a list of openers misses: wearily ("once again, this repo is
pnpm"), by quoting its own words back ("'should be fine' — it isn't"), as one point among others
("3) that's the hg19 ref, kill it and restart with hg38"), by asking not to ("can we not do
!important there"), or by telling the agent, beside a colleague, what the rule is ("@nina look at
this. @assistant the team rule is …"). Each sign here is read only after the agent acted or
proposed something, and each needs the message to say what is wrong or what to do instead;
praise or a go-ahead beside it makes it none.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.extract.signals import is_output

# the person has said it before, as the message's first words: "once again, …", "for the third time, …"
_WEARY = rxcache.compile(r"(?i)^\W*(?:once\s+again|yet\s+again|for\s+the\s+(?:second|third|fourth|fifth|nth|\d+(?:st|nd|rd|th))"
                    r"\s+time|(?:like|as)\s+i\s+(?:already\s+)?(?:said|told\s+you)(?:\s+\w+){0,2}?|"
                    r"i(?:'ve|\s+have)?\s+already\s+(?:said|told\s+you|asked))\s*[,.:;!—–-]")
_HOW_MANY = rxcache.compile(r"(?i)\bhow\s+many\s+times\s+(?:do\s+i\s+have\s+to|must\s+i|have\s+i)\b")
# what is wrong, or what to do instead
_WRONG = rxcache.compile(r"(?i)\b(?:not|no|never|don'?t|dont|isn'?t|isnt|aren'?t|wasn'?t|doesn'?t|won'?t|can'?t|cant|wrong|worse|"
                    r"broke\w*|instead|stays?|undo|revert)\b")
_NEGATED = rxcache.compile(r"(?i)^\W*(?:no|nope|nah|not|wrong|it\s+(?:is|was|does)n'?t|it'?s\s+not|that'?s\s+not|"
                      r"(?:is|was|does)n'?t|it\s+(?:is|was|does)\s+not)\b")
_STAYS = rxcache.compile(r"(?i)\b(?:stays|stay\s+(?:as|in|on)|has\s+to\s+stay|must\s+stay)\b")   # "the guard stays"
# praise or a go-ahead: no pushback beside it
_APPROVED = rxcache.compile(r"(?i)\b(?:great|nice|perfect|awesome|excellent|lgtm|looks\s+good|not\s+bad|well\s+done|thanks|"
                       r"thank\s+you|go\s+ahead|ship\s+it|merge\s+(?:it|when)|cleaner|works\s+(?:now|great))\b")
_DO = rxcache.compile(r"(?i)^(?:so\s+|pls\s+|please\s+|then\s+|and\s+|just\s+)*(?:use|do|delete|remove|drop|keep|put|move|make|set|"
                 r"add|switch|change|run|restart|rerun|regenerate|redo|take|kill|cancel|scancel|stop|undo|revert|read|"
                 r"leave|go\s+back|find)\b")
# "can we not do !important there", "let's not make X part of this script": not what the agent did
_NOT_DO = rxcache.compile(r"(?i)\b(?:(?:can|could)\s+(?:we|you)\s+(?:please\s+)?not|let'?s\s+not)\s+(?:do|use|make|add|put|"
                     r"keep|have|touch|change|include|hardcode|write|call|create|go\s+with|rely\s+on)\b")
# a point of a list or of a status update that takes the work back
_POINT = rxcache.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+")
_TAKE_BACK = rxcache.compile(r"(?i)\b(?:kill|cancel|scancel|stop)\s+(?:it|that|this|the\s+(?:job|run))\b[^.;]{0,30}\b(?:and|then)\s+"
                        r"(?:restart|rerun|resubmit|redo|start\s+(?:it\s+)?again)|"
                        r"\b(?:delete|remove|drop|scrap|bin)\s+(?:that|this|it)\b[^.;]{0,30}\band\s+(?:regenerate|redo|rerun|"
                        r"rebuild|recreate|do\s+it\s+again|start\s+over)|"
                        r"\btake\s+(?:the\s+|that\s+|this\s+|it\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+back\s+out\b")
# words the agent said, quoted at the start and answered
_QUOTE = rxcache.compile(r"^\s*[\"'“‘]([^\"'“”‘’\n]{8,120})[\"'”’]\s*(?:[—–:-]|,)?\s*(.+)", re.S)
# "Almost, but you aren't …", "Almost. Please use …", "not quite: …": near, and what is still wrong
_ALMOST = rxcache.compile(r"(?is)^\W*(?:almost|nearly|not\s+quite|close)\s*(?:[,.!:;]+|\s[—–-])\s*(?:but\s+)?(\S.*)")
_PLEASE = rxcache.compile(r"(?i)\b(?:please|pls|plz)\b")
# "if you edit an applied migration one more time I'm taking away write access": a threat
_AGAIN_IF = rxcache.compile(r"(?i)\bif\s+(?:you|u)\s+[^.;!?]{2,80}?\b(?:again|one\s+more\s+time)\b[^.;!?]{0,20}\b(?:i'?ll|i\s+will|"
                       r"i'?m|i\s+am|we'?ll|we\s+will)\b")
# a point of a list that says what is wrong with the work
_FAULT = rxcache.compile(r"(?i)\b(?:not|no|won'?t|doesn'?t|isn'?t|can'?t|missing|wrong|instead|broken|breaks|strips?)\b")
# how a list of points about the work opens: "few fixes:", "needs a pass before it goes out:", "scancel that, then"
_REVIEW = rxcache.compile(r"(?i)\b(?:(?:few|some|couple(?:\s+of)?|two|three)\s+fix(?:es)?|fix(?:es)?\s*:|needs?\s+(?:a|another)\s+pass|"
                     r"before\s+it\s+goes|nits?\s*:|(?:kill|cancel|scancel|stop)\s+(?:it|that|this))\b")
_NEW_WORK = rxcache.compile(r"(?i)\b(?:new|todo|to\s+do|to\s+look\s+at|checklist|tomorrow|next|later|backlog|ideas?)\b")
# the prose beside a snippet sets it against what the agent did: "raw body, not parsed json"
_CONTRAST = rxcache.compile(r"(?i)\b(?:not|instead\s+of|rather\s+than|isn'?t|blows?\s+up|anyone\s+can)\b")
_CODE_MARK = rxcache.compile(r"[(){}=;\[\]]|=>|->|::")
# the agent, addressed beside someone else: "@assistant", "(bot: keep clap at 3)"
_AGENT = r"(?:assistant|claude|agent|bot|ai|codex|copilot)"
_ADDRESSED = rxcache.compile(rf"(?i)(?:^|\s)@{_AGENT}(?![\w/.-])|\({_AGENT}\s*:\s*")
_COLLEAGUE = rxcache.compile(rf"(?i)(?:^|\s)@(?!{_AGENT}(?![\w/.-]))[A-Za-z][\w.-]*(?![\w/-])")


def verdict(words: str, proposal: str, raw: str = "") -> str:
    """How the message takes back the agent's work ("" when it does not)."""
    words = words[:4000]
    almost = _ALMOST.match(words)
    if almost and (_WRONG.search(almost.group(1)) or _DO.match(almost.group(1)) or _PLEASE.search(almost.group(1))
                   or words.lstrip(" \t\"'*_").lower().startswith("not") and len(almost.group(1).split()) >= 3) \
            and not _APPROVED.search(almost.group(1)):
        return "said it was almost right"
    parts = _parts(words)
    weary = _WEARY.match(words)
    rest = words[weary.end():] if weary else ""
    if (weary and (_WRONG.search(rest) or any(_DO.match(s) for s in _parts(rest))) or _HOW_MANY.search(words)
            or _AGAIN_IF.search(words)) and not _APPROVED.search(words):
        return "said it again"
    quoted = _QUOTE.match(words)
    if quoted and _said(quoted.group(1), proposal) and (_NEGATED.match(quoted.group(2)) or _STAYS.search(quoted.group(2))) \
            and not _APPROVED.search(quoted.group(2)):
        return "quoted the agent back"
    if _NOT_DO.search(words):
        return "asked it not to"
    told = _ADDRESSED.search(words)
    if told and _COLLEAGUE.search(words) and (_WRONG.search(words[told.end():]) or any(
            _DO.match(s) for s in _parts(words[told.end():]))) and not _APPROVED.search(words):
        return "told the agent beside a colleague"
    if len(parts) >= 2 and any(_TAKE_BACK.search(s) for s in parts):
        return "took the work back among other points"
    lines = [ln for ln in words.splitlines() if ln.strip()]
    points = [s for s in lines if _POINT.match(s)]
    lead = lines[0] if lines and not _POINT.match(lines[0]) else ""
    if len(points) >= 2 and any(_FAULT.search(s) for s in points) and _REVIEW.search(lead) and not _NEW_WORK.search(lead):
        return "listed what to fix"
    if raw and len(words.split()) <= 40 and "?" not in words and _CONTRAST.search(words) \
            and not _APPROVED.search(words) and _written_code(raw):
        return "showed the right code"
    return ""


def _written_code(raw: str) -> bool:
    """A fenced block the person wrote (code), not output pasted from a terminal or a log."""
    lines, inside = [], False
    for line in raw[:20000].splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            inside = not inside
        elif inside and line.strip():
            lines.append(line)
    code = sum(bool(_CODE_MARK.search(ln)) and not is_output(ln) and not _prompted(ln) for ln in lines)
    return bool(lines) and 2 * code > len(lines)


def _prompted(line: str) -> bool:
    """A line that starts at a shell or REPL prompt (`$ ls`, `ana@laptop ~ % ls`, `>>> x`)."""
    s = line.lstrip()
    if s.startswith(("$ ", "% ", "# ", ">>> ")):
        return True
    head = s.split(" ", 1)[0]
    return "@" in head and len(head) <= 80 and any(f" {p} " in s[:120] for p in "%$#")


def _said(quote: str, proposal: str) -> bool:
    q = " ".join(quote.lower().split())
    return len(q.split()) >= 3 and q in " ".join(proposal.lower().split())


def _parts(words: str) -> list[str]:
    """The message's points: its lines and sentences, list markers taken off."""
    out = []
    for line in words.splitlines():
        for s in re.split(r"(?<=[.!?;]) | [—–] ", " ".join(line.split())):
            s = _POINT.sub("", s).strip()
            if s:
                out.append(s)
    return out


# ---- what the agent just did, named in the person's pushback -------------------------------------
# a token that is code (a flag, a dotted or namespaced name, a call, a tag), not a word of prose
_TOKEN = rxcache.compile(r"`([^`\n]{2,80})`|(?<![\w`])(--?[A-Za-z][\w-]+|[A-Za-z_:$@.][\w$@]*(?:[._:/-]+[\w$@]+)+(?:\(\))?|"
                    r"[A-Za-z_]\w*\(\)|:[a-z][\w.-]+)")
_PLAIN = rxcache.compile(r"[a-z]{4,}")
_PLAIN_STOP = frozenset("""this that these those there their them they what when where which with without would
should could have been being were will your yours from into onto over than then just also only ever never
always every other some more most much very still again here thing things stuff make made doing done does
dont don't isn't aren't wasn't instead because before after while about like same whole each both""".split())
# a word that says no (not the "no" of a `--no-cache` flag)
_JUDGES = rxcache.compile(r"(?i)(?<![\w-])(?:no|not|never|don'?t|dont|doesn'?t|isn'?t|aren'?t|won'?t|can'?t|cant|"
                     r"shouldn'?t|wrong|missing|instead|stop|undo|revert|put\s+\w+\s+back)(?![\w-])")
# a sentence that approves, or is at ease with, what it names ("--force-with-lease is fine here")
_AT_EASE = rxcache.compile(r"(?i)\b(?:fine|ok(?:ay)?|good|great|nice|right|correct|expected|perfect|thanks|works?|"
                      r"worked|no\s+(?:worries|problem|need)|don'?t\s+worry)\b")
# a place, not an act: a path, a file, a branch, a host
_PLACE = rxcache.compile(r"/|\.[A-Za-z]{1,5}$|^[\w-]+-\d+$")
_WORDY = rxcache.compile(r"^[a-z]+(?:-[a-z]+)+$")   # "long-running": a hyphenated word of prose


def names_the_act(words: str, acted, proposal: str = "") -> str:
    """The thing the agent did that a sentence saying no to it names — only a sentence that says
    no, asks no question and is not at ease with it: a piece of code the agent's commands ran or
    its edits wrote (`--break-system-packages`, `.unwrap()`, `:latest`; not a path, a file or a
    host, which new work names as often), or two words of the commands it ran and of what it said
    it did ("no forced rotations on live hosts" after "I forced a rotation on db-2"). "" when no
    such sentence names it."""
    done = " ".join(_call_text(c) for c in acted[-8:])[:50_000]
    if not done.strip():
        return ""
    said = None
    for s in _parts(words[:4000])[:40]:
        if s.rstrip().endswith("?") or not _JUDGES.search(s) or _AT_EASE.search(s):
            continue
        for m in list(_TOKEN.finditer(s))[:20]:
            for piece in (m.group(1) or m.group(2)).split()[:6]:
                token = piece.strip("'\"()[]{}").rstrip(".,;:!?")
                if (len(token) >= 3 and re.search(r"[A-Za-z]", token) and token.lower() not in _PLAIN_STOP
                        and not _PLACE.search(token) and not _WORDY.match(token)
                        and re.search(_whole(token), done)):
                    return token
        if said is None:   # the words of what it ran and said it did, not of the files it wrote
            ran = " ".join(str(c.input.get("command", "")) for c in acted[-8:] if isinstance(c.input, dict))
            said = {_stem(w) for w in _PLAIN.findall((ran + " " + proposal[-2000:]).lower())[:2000]}
        both = sorted(({_stem(w) for w in _PLAIN.findall(s.lower())} & said) - _PLAIN_STOP)
        if len(both) >= 2:
            return " ".join(both[:2])
    return ""


# a sentence content with what it names ("about what I expected", "what we want for staging")
_CONTENT = rxcache.compile(r"(?i)\b(?:fine|ok(?:ay)?|good|great|nice|perfect|expected|thanks|thank you|"
                           r"no (?:worries|problem)|what (?:we|I) (?:want|wanted|need|needed))\b")
_CAMEL = rxcache.compile(r"(?<![\w`])[a-z]+[A-Z][A-Za-z0-9]*(?![\w`])")   # isomericSmiles


def content(words: str) -> bool:
    """A sentence of the message is content with what was done ("about what I expected")."""
    return any(_CONTENT.search(s) for s in _parts(words[:4000])[:40])


def act_token(words: str, acted) -> str:
    """A piece of code the agent's last calls ran or wrote that the message names in a sentence that
    asks nothing and is not at ease with it (`apply_immediately`, `isomericSmiles`, `SENTRY_DSN` for
    a `sentry_dsn` it wrote); not a path, a file or a host. "" when it names none."""
    done = " ".join(_call_text(c) for c in acted[-8:])[:50_000]
    if not done.strip():
        return ""
    said = [s for s in _parts(words[:4000])[:40] if not s.rstrip().endswith("?") and not _CONTENT.search(s)]
    found = [p for s in said for m in _TOKEN.finditer(s) for p in (m.group(1) or m.group(2)).split()[:6]]
    found += [w for s in said for w in _CAMEL.findall(s)]
    for piece in found[:40]:
        token = piece.strip("'\"()[]{}").rstrip(".,;:!?").split("=")[0]
        if (len(token) >= 3 and _CODE_SHAPED.search(token) and not _PLACE.search(token)
                and not _WORDY.match(token) and re.search(_whole(token), done, re.I)):
            return token
    return ""


# code by its shape, not a word in backticks (`stories`): a separator inside, a call, a flag, camelCase
_CODE_SHAPED = rxcache.compile(r"[A-Za-z0-9][._:=][A-Za-z0-9]|[A-Za-z0-9]_[A-Za-z0-9]|\(\)|^--?[A-Za-z]|[a-z][A-Z]")


_OWN_LACK = rxcache.compile(r"(?i)\bI (?:\w+ )?(?:couldn'?t|could not|can'?t|cannot|didn'?t|did not|don'?t|do not)\b")


def stated(sentences: list[str]) -> str:
    """What the sentences state: the questions and what the person says they could not do left out
    ("I couldn't find where it's set" says no to nothing)."""
    return " ".join(_OWN_LACK.sub("", s) for s in sentences if not s.rstrip().endswith("?")).strip()


def _whole(token: str) -> str:
    """The token as a whole piece of code: `port` is not the `port` of `import os`."""
    head = r"(?<![\w-])" if token[0].isalnum() or token[0] == "_" else ""
    tail = r"(?![\w-])" if token[-1].isalnum() or token[-1] == "_" else ""
    return head + re.escape(token) + tail


def _call_text(call) -> str:
    return " ".join(call_values(call))


def call_values(call) -> list[str]:
    """What a call ran or wrote, value by value (not its description, nor the text an edit replaced)."""
    if isinstance(call.input, dict):
        return [str(v) for k, v in call.input.items() if k not in ("description", "old_string")]
    return [str(call.input)]


def _stem(word: str) -> str:
    for suffix in ("ations", "ation", "ings", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[:-len(suffix)]
    return word
