"""Small text readers the extractors share: the person's own words (pasted output left out),
sentences, numbered options, call summaries, and the importance score built from several
weak signals.

Pure functions over strings; no I/O beyond the phrase table the heuristic loads.
"""
from __future__ import annotations

import itertools
import json
import re
from typing import Any

from memkit import rxcache
from memkit.activation.acts import LINE_BREAK
from memkit.extract.phrases import find
from memkit.search.query import stop_words

# "1. …", "**B)** …", "### **Option 4: …**" (an option as a heading of its own)
OPTION = rxcache.compile(r"^[ \t]*(?:#{1,4}\s+)?(?:\*\*)?(?:option\s+)?(?P<k>[1-9]|[A-Da-d])[.):](?:\*\*)?\s+(?P<v>.+?)\s*$",
                         re.M | re.I)
_SENT = rxcache.compile(r"(?<=[.!?])\s+|\n+")
VAGUE_KEYS = {"it", "this", "that", "them", "thing", "things", "which", "what", "there", "here", "one", "you", "i",
              "we", "he", "she", "they", "me", "value", "mode", "up", "these", "those", "all", "both", "everything",
              "something", "anything", "each", "some"}


def clean(text: str) -> str:
    return text.strip().strip("\u200b")


# a terminal's prompt line: `me@mac ~ % ./audit.sh`, `root@pve2:~# qm list`, `PS C:\> git status`, `$ make`
_PROMPT_LINE = rxcache.compile(r"^\s*(?:[\w.-]+@[\w.-]+(?::\S*?)?(?:\s+\S+)?\s*[%$#]|PS [A-Za-z]:\\[^>]*>|[$%]) \S")


def pasted_terminal(text: str) -> bool:
    """The message is a terminal pasted whole: it opens with a prompt line and reads as output, with
    nothing the person wrote before it."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    return bool(_PROMPT_LINE.match(first)) and is_paste(text)


def is_paste(text: str) -> bool:
    """Pasted output (logs, tracebacks, code) rather than a person's sentence."""
    lines = text.splitlines()
    if len(lines) > 25:
        return True
    code = sum(1 for ln in lines if re.match(r"^\s*([{}\[\]$#>|]|at |File \"|\d+[:|]|Traceback)", ln))
    return len(lines) >= 6 and code / len(lines) > 0.5


# A line of program output rather than a sentence: a prompt or shell line, a traceback frame,
# an error or log line, a test summary, a table row, a listing entry, a path on its own.
_OUTPUT = rxcache.compile(
    r"^\s*(?:[$%#] |>>> |\.\.\. |at |File \"|Traceback|[\w.]*(?:Error|Exception|Warning)\b[:(]|"
    r"(?:error|warning|fatal|note|hint|E|npm ERR!|ERROR|WARN|INFO|DEBUG)[:\]]|\[\w+\]|[-=+*~^_]{3,}|"
    r"[|│├└┌┐┘╭╰]|[drwx-]{10}|\d+[:|)]\s|total \d+|\d+ (?:passed|failed|errors?|warnings?)\b|"
    r"[~./]?[\w.-]*/[\w./-]+:?\s*$)", re.I)
_ERRORS = rxcache.compile(r"No such file or directory|command not found|Permission denied|not a git repository|"
                     r"exit (?:code|status) \d+|^On branch \S+$|^Your branch is", re.I)
_FENCE = rxcache.compile(r"^\s*(```|~~~)")


def own_words(text: str) -> str:
    """What the person wrote themselves: code fences, program output and pasted listings left out.
    A line reads as output when it matches _OUTPUT or holds more symbols and digits than letters.
    Dictated text gets its spoken punctuation back ("… instead period restart drops …")."""
    return _undictated(_own_lines(text))


_SPOKEN = rxcache.compile(r"(?i)(?<!\ba)(?<!\ban)(?<!\bthe)(?<!\bone)(?<!\bthis)(?<!\bthat)(?<!\beach)(?<!\bno)"
                          r"(?<!\bper)\s+\b(period|full stop|comma|question mark|exclamation (?:mark|point)|new line|colon)"
                          r"\b[ \t]*")   # "the billing period", "a comma" name the thing
_MARK = {"period": ".", "full stop": ".", "comma": ",", "question mark": "?", "exclamation mark": "!",
         "exclamation point": "!", "new line": "\n", "colon": ":"}


def _undictated(words: str) -> str:
    """Spoken punctuation as punctuation, in a message typed with none and saying two or more."""
    if re.search(r"[.?!;:]", words) or len(_SPOKEN.findall(words[:20_000])) < 2:
        return words
    return _SPOKEN.sub(lambda m: _MARK[m.group(1).lower()] + ("" if m.group(1).lower() == "new line" else " "), words)


def _own_lines(text: str) -> str:
    kept: list[str] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or is_output(line):
            continue
        kept.append(line)
    return "\n".join(kept).strip()


_PROSE = rxcache.compile(r"^[A-Za-z][a-z]+(?: [a-z']+){3,}")   # a sentence
_POINT = rxcache.compile(r"^\d{1,2}[.)]\s+(?=\S)")   # a point of a typed list ("3) thats the old ref, use hg38")


def _typed_point(line: str) -> bool:
    rest = _POINT.sub("", line, count=1)
    if rest == line:
        return False
    letters = sum(ch.isalpha() for ch in rest)
    return (len(re.findall(r"[A-Za-z']{2,}", rest)) >= 4 and letters >= 0.6 * len(rest.replace(" ", ""))
            and not re.search(r"[_=(){}\[\];<>]|\w\.\w", rest))   # no code, no identifiers


def is_output(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return False
    if _ERRORS.search(stripped):
        return True
    if _OUTPUT.search(stripped) and not _PROSE.match(stripped) and not _typed_point(stripped):
        return True
    around = _CODE_SPAN.sub(" ", stripped)   # a person quotes code inline (`1,234.5`); output has no spans
    if around != stripped and len(re.findall(r"[A-Za-z']{2,}", around)) >= 4:
        stripped = around
    letters = sum(ch.isalpha() for ch in stripped)
    return len(stripped) >= 12 and letters < 0.5 * len(stripped.replace(" ", ""))


_CODE_SPAN = rxcache.compile(r"`[^`\n]{1,200}`")


_HARNESS_TAGS = ("<local-command-", "<command-", "<bash-stdout", "<bash-stderr", "<system-reminder")


def is_harness(text: str) -> bool:
    """Text the agent's harness wrote into the person's turn (console glyphs, question-tool notes,
    a local command's output tags, terminal colour codes: nobody types those)."""
    return ("⏺" in text or "⎿" in text or "\x1b[" in text
            or text.startswith("The user wants to clarify these questions") or text.lstrip().startswith(_HARNESS_TAGS))


def value_like(value: str) -> bool:
    """A configuration value rather than a verb: a number, a quoted or code-like token, a place."""
    return bool(re.search(r"\d|[./_:@-]|^[A-Z]", value)) or value.lower() in ("true", "false", "on", "off")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text) if s and s.strip()]


def first_sentence(text: str, limit: int = 200) -> str:
    for s in sentences(text):
        return s[:limit]
    return ""


def last_question(text: str) -> str:
    asked = [s for s in sentences(text) if s.rstrip("* ").endswith("?")]
    return asked[-1].replace("**", "")[:200] if asked else ""


def options(text: str) -> dict[str, str]:
    """The last numbered or lettered list the agent offered: {"1": "…", "2": "…"}."""
    found = [(m.group("k").lower(), m.group("v").replace("**", "").strip(" *")[:200])
             for m in OPTION.finditer(text or "")]
    block: list[tuple[str, str]] = []
    for key, value in reversed(found):
        if block and ord(key) != ord(block[-1][0]) - 1:
            if block[-1][0] in ("1", "a"):
                break
            block = []
        block.append((key, value))
    return dict(reversed(block)) if block and block[-1][0] in ("1", "a") else {}


_PICK = rxcache.compile(r"^(?:(?:yes|yeah|yep|ok|okay|sure|right|agreed)\b[,.!]*\s*)?(?:(?:let'?s|we'?ll|I'?ll|I'?d)\s+)?"
                   r"(?:go (?:with|for)|pick|choose|take|prefer|do|use)?\s*(?:the\s+|option\s+)?", re.I)
_FILLER = frozenset("the a an of to in on for and or with by it this that one option please yes yeah ok okay "
                    "sure let lets let's go we i'll i'd use do take pick choose prefer is be".split())


def named_option(reply: str, options: dict[str, str]) -> str:
    """The key of the one offered option a short reply names in words ("yes, the optional field"):
    the reply shares a word with that option that no other option has, and none with the others'."""
    text = reply.strip()
    if len(options) < 2 or not text or len(text.split()) > 12 or text.endswith("?"):
        return ""
    said = {w for w in re.findall(r"[a-z0-9]+", _PICK.sub("", text.lower())) if w not in _FILLER and len(w) > 2}
    words = {k: {w for w in re.findall(r"[a-z0-9]+", v.lower()) if w not in _FILLER and len(w) > 2}
             for k, v in options.items()}
    hits = {k: said & (ws - set().union(*(o for j, o in words.items() if j != k))) for k, ws in words.items()}
    named = [k for k, h in hits.items() if h]
    if len(named) != 1 or not said or len(hits[named[0]]) < max(1, len(said) // 2):
        return ""
    return named[0]


def describe_call(call, about: str = "") -> str:
    """One line for a tool call. A long edit shows the part the words `about` it name (the line a
    correction is about), not only its first 200 characters."""
    data: Any = call.input
    if isinstance(data, dict):
        if "command" in data or "cmd" in data:   # Codex: `exec_command` {"cmd"}, `shell` with an argv
            from memkit.activation.acts import _command

            return f"{call.name}: {_command(data.get('command', data.get('cmd')))[:300]}"
        path = data.get("file_path") or data.get("path") or data.get("notebook_path") or data.get("url") or ""
        new = data.get("new_string") or data.get("content") or data.get("new_source") or data.get("prompt") or ""
        if not new and isinstance(data.get("edits"), list) and data["edits"]:
            new = (data["edits"][0] or {}).get("new_string", "")
        snippet = _snippet(str(new), about)
        return f"{call.name}: {path}" + (f" — {snippet}" if snippet else "")
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return f"{call.name}: {' '.join(text.split())[:300]}"


_NAMED = rxcache.compile(r"[@$]?[A-Za-z_][\w]{2,}")


def _snippet(text: str, about: str, limit: int = 400) -> str:
    """The first `limit` characters of an edit, or, when a line past them names more of what
    `about` names than any line within them, the text from the line before that one on."""
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    flat = LINE_BREAK.join(lines)   # one line in the frontmatter; the lines still read as lines
    if len(flat) <= limit or not about:
        return flat[:limit].rstrip(LINE_BREAK)
    named = {w.lower() for w in _NAMED.findall(about)} - stop_words()
    ends = list(itertools.accumulate(len(line) + len(LINE_BREAK) for line in lines))   # where each line ends
    score = [len(named & {w.lower() for w in _NAMED.findall(line)}) for line in lines]
    seen = max((s for s, end in zip(score, ends) if end <= limit), default=0)
    best = max(range(len(lines)), key=lambda i: (score[i], -i))
    if score[best] <= seen or ends[best] <= limit:
        return flat[:limit].rstrip(LINE_BREAK)
    return "… " + LINE_BREAK.join(lines[max(0, best - 1):])[:limit].rstrip(LINE_BREAK)


def fact_key(raw: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "_", raw.strip().lower()).strip("_")
    return re.sub(r"^(the|my|our|a|an)_", "", key)


def is_vague(key: str) -> bool:
    return key in VAGUE_KEYS or len(key) < 2 or key.split("_")[0] in VAGUE_KEYS


def importance(base: float, text: str, *, rejected: bool = False, interrupted: bool = False,
               high: bool = False) -> float:
    from memkit.extract.phrases import find as _any

    score = base
    score += 0.15 if rejected else 0.1 if interrupted else 0.0
    score += 0.15 if _any("explicit_markers", text) else 0.0
    score += 0.1 if _any("frustration", text) else 0.0
    score += 0.1 if _any("elaboration", text) or len(text) > 200 else 0.0
    score += 0.1 if high else 0.0
    return min(1.0, round(score, 2))


def unwrap(text: str) -> str:
    """One paragraph per line: a terminal wraps long lines, a blank line ends a paragraph."""
    return re.sub(r"(?<!\n)\n(?!\n)", " ", text.strip())


def lifecycle(lesson: str) -> str:
    """`self` for how the person likes to work, `knowledge` for a rule about the project,
    `operational` for steering this task only. Questions in the lesson state no rule."""
    said = "\n".join(s for s in re.split(r"(?<=[.!?;])\s+|\n+", unwrap(lesson)) if not s.rstrip().endswith("?"))
    if not find("durable_markers", said) and not find("self_markers", said):
        return "operational"
    return "self" if find("self_markers", said) and not re.search(
        r"\b(repo|project|codebase|we|our)\b", said, re.I) else "knowledge"
