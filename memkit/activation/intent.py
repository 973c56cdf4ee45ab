"""What a request asks for, read against what the lessons are about.

A request rarely names the kind of action it leads to in the catalogue's words ("wipe everything
cached at the CDN" for a full purge). Each kind a lesson forbids or is about is described by the
catalogue: its id, what it is about, the words people use for it. A request that speaks of the
same rare things as one of those descriptions is about that kind of action. The terms and their
weights (rarity across the whole catalogue) are computed when a cue enters the index; the hook
only intersects the request's terms with them.
"""
from __future__ import annotations

import functools
import math
import re

from memkit import rxcache
from memkit.activation import acts

THRESHOLD = 5.0   # summed rarity of the shared terms at which a request is about a kind
LONG = 12         # a request's own terms past which its shared terms weigh less (`about`)
MAX_TERMS = 60    # terms kept per kind, rarest first
LEAST = 2         # a request that is about a kind shares two of its terms at least (one rare word alone
# decides nothing), and a cue is looked up only through two

_WORD = rxcache.compile(r"[a-z][a-z0-9]{1,}")
_STOP = frozenset("""
the and for with from into onto that this these those them they their there then than what when where which
while who whom whose why how are was were been being have has had does did doing done will would should could
can may might must shall not nor any all each every some more most other others such only own same also very
just too out off over under again further once here about above below after before between through during
without within against among upon per via yet both either neither its it's our ours your yours his her hers
you we i me my mine use used using uses run runs running ran file files code data make makes made get gets got
let put take takes need needs want wants please still new old like now one two way ways thing things lot bit
instead rather already never always don't dont isn't doesn't can't won't
don isn doesn didn won wasn weren aren couldn shouldn wouldn haven hasn hadn
good great nice bad better best wrong sure really actually look looks looked see seen seem seems think thought
know knew mean meant say said tell told guess maybe perhaps probably though although however around yourself
myself ourselves mention mentioned whole okay yes yeah thanks thank hey else even quite stuff something
anything sense
""".split())
# (the second part: what an apostrophe leaves of a negation, and the words of conversation, judging and
# thinking aloud: "good, but I think it looks wrong" speaks of no kind of action; words of scope and
# waiting, "everything", "too many", "wait for", do)
# the short forms people type for the words a catalogue spells out
_SHORT = {"cert": "certificate", "certs": "certificates", "db": "database", "dbs": "databases", "repo": "repository",
          "repos": "repositories", "config": "configuration", "configs": "configurations", "env": "environment",
          "envs": "environments", "auth": "authentication", "creds": "credentials", "deps": "dependencies",
          "dep": "dependency", "pkg": "package", "pkgs": "packages", "msg": "message", "msgs": "messages",
          "k8s": "kubernetes", "perms": "permissions", "prod": "production", "docs": "documentation",
          "doc": "documentation", "infra": "infrastructure", "admin": "administrator", "dir": "directory",
          "dirs": "directories", "img": "image", "imgs": "images", "pw": "password", "pwd": "password",
          "ts": "typescript", "js": "javascript", "py": "python",
          "app": "application", "apps": "applications", "lib": "library", "libs": "libraries", "tz": "timezone",
          "vm": "machine", "vms": "machines", "prefs": "preferences", "stats": "statistics"}
# (suffix, what replaces it, the shortest stem it leaves): the longest first, so a word's forms
# meet ("printers", "printer", "print"; "wiped", "wiping", "wipe"; "migration", "migrate")
_SUFFIXES = (("ations", "at", 3), ("ation", "at", 3), ("ments", "", 4), ("ment", "", 4), ("ings", "", 3),
             ("ing", "", 3), ("ies", "y", 3), ("ied", "y", 3), ("ers", "", 3), ("ed", "", 3), ("es", "", 3),
             ("er", "", 3), ("ly", "", 4), ("s", "", 3))
# a request that only asks to be told something ("which isolation level does it use?")
_ASKS_ONLY = rxcache.compile(r"(?is)^\s*(?:what|which|why|how|where|when|who|whose|is|are|does|do|did|was|were|has|"
                        r"have)\b.*\?\s*$")
_REGEX_NOISE = rxcache.compile(r"\\[a-zA-Z]|\(\?[a-zA-Z]+\)|[^A-Za-z' ]")


def stem(word: str) -> str:
    """A crude stem, the same for a word's common forms (revoke, revokes, revoked, revoking) and
    for the roots the catalogue's patterns spell (`wip\\w*`, `delet\\w*`, `empt(y|ied)`)."""
    cut = False
    for suffix, put, least in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= least and not (
                suffix == "s" and word.endswith(("ss", "us", "is"))):
            word, cut = word[:-len(suffix)] + put, True
            break
    if cut and len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiou" and (
            word[-1] not in "ls" or len(word) >= 6):   # cancell(ing), stopp(ed); not roll(ing), pass(ed)
        word = word[:-1]
    if len(word) >= 4 and word[-1] == "e":
        word = word[:-1]
    if len(word) >= 4 and word[-1] == "y" and word[-2] not in "aeiou":   # empty, emptied
        word = word[:-1]
    return word[:6]


def _terms(text: str):
    """(word, its term) for each word of the text that can carry meaning."""
    for w in _WORD.findall(text.lower()[:20000]):
        if w not in _STOP and (len(w) > 2 or w in _SHORT):
            yield w, stem(_SHORT.get(w, w))


@functools.lru_cache(maxsize=16)
def stems(text: str) -> frozenset[str]:
    return frozenset(t for _, t in _terms(text))


def asks_only(text: str) -> bool:
    """The request asks to be told something, not for work ("did the sync go through? show me the
    last three commits": a question, and a request to be shown)."""
    text = text[:2000].strip()
    if _ASKS_ONLY.match(text):
        return True
    said = [s for s in re.split(r"(?<=[?.!])\s+", text) if s.strip()]
    return len(said) > 1 and all(s.rstrip().endswith("?") or _SHOW_ME.match(s) for s in said) and any(
        s.rstrip().endswith("?") for s in said)


# "show me the log for the last three", "list the open ones": asks to see, changes nothing
_SHOW_ME = rxcache.compile(r"(?i)^\s*(?:(?:pls|please)\s+)?(?:show|tell|list)\s+(?:me|us)\b(?![^.?!]{0,80}"
                      r"(?:\bhow\s+to\b|,|;|\band\b|\bthen\b|\bscript\b))")


def answering(cat) -> set[str]:
    """The kinds every plain question meets (how an answer is written: its length, its format),
    once per catalogue."""
    found = getattr(cat, "_answering", None)
    if found is None:
        found = cat._answering = set(cat.kinds_of(acts.from_prose("what does this do?")))
    return found


def _described(kind) -> set[str]:
    words = [kind.id.replace(":", " ").replace("-", " "), kind.about]
    for part in ("words", "intent"):   # how people say it, and how they ask for the goal that leads to it
        rx = kind.rx.get(part)
        if rx is not None:
            words += [_REGEX_NOISE.sub(" ", _unlooked(s)) for s in rx.sources]
    return stems(" ".join(words))


def _unlooked(source: str) -> str:
    """A pattern without its lookarounds: the words it must not meet (a page, not the API) say what
    the kind is not, and the words a request opens with ("can you") what any request says."""
    out, i = [], 0
    while i < len(source):
        m = _LOOK.search(source, i)
        if not m:
            out.append(source[i:])
            break
        out.append(source[i:m.start()])
        depth, j = 1, m.end()
        while j < len(source) and depth:
            if source[j] == "\\":
                j += 1
            elif source[j] == "[":   # a class: its brackets and parentheses are characters
                j += 2 if source[j + 1:j + 2] == "]" else 1
                while j < len(source) and source[j] != "]":
                    j += 2 if source[j] == "\\" else 1
            elif source[j] == "(":
                depth += 1
            elif source[j] == ")":
                depth -= 1
            j += 1
        i = j
    return " ".join(out)


_LOOK = rxcache.compile(r"(?<!\\)\(\?<?[=!]")


def table(cat) -> tuple[dict, dict]:
    """(terms of every kind, rarity of every term), built once per catalogue (or read back from
    the string its snapshot keeps, `packed`)."""
    built = getattr(cat, "_intent", None)
    if built is None:
        stored = getattr(cat, "intent_packed", "")
        terms = ({kid: frozenset(found.split()) for kid, _, found in (ln.partition("\t") for ln in stored.split("\n"))}
                 if stored else {kid: _described(cat.kinds[kid]) for kid in cat.kinds})
        seen: dict[str, int] = {}
        for found in terms.values():
            for t in found:
                seen[t] = seen.get(t, 0) + 1
        n = max(1, len(terms))
        built = (terms, {t: math.log(n / (1 + c)) for t, c in seen.items()})
        cat._intent = built
    return built


def packed(cat) -> str:
    """The terms of every kind as one string (a line per kind: its id, a tab, its terms), for the
    catalogue's snapshot."""
    return "\n".join(f"{kid}\t{' '.join(sorted(found))}" for kid, found in table(cat)[0].items())


def weights(cat, kinds) -> dict[str, dict[str, float]]:
    """For each kind, its terms with their rarity (the rarest MAX_TERMS, none below zero)."""
    terms, rarity = table(cat)
    out = {}
    for kid in sorted(kinds):
        found = _rarest(terms.get(kid, ()), rarity, lambda w: w > 0)
        if found:
            out[kid] = found
    return out


def _rarest(found, rarity: dict, keep) -> dict[str, float]:
    """The kind's terms whose rarity `keep` accepts, the rarest MAX_TERMS of them, rounded."""
    kept = sorted(((t, rarity[t]) for t in found if keep(rarity[t])), key=lambda x: (-x[1], x[0]))
    return {t: round(w, 2) for t, w in kept[:MAX_TERMS]}


def keys(weighted: dict[str, dict[str, float]]) -> set[str]:
    """The index keys a request finds the cue by: its kinds' terms."""
    return {"\u2248" + t for terms in weighted.values() for t in terms}


# a file's extension ("library.py", "notes.md") says what the file holds, not what is asked of it
_EXTENSION = rxcache.compile(r"(?<=[A-Za-z0-9_-])\.[A-Za-z][A-Za-z0-9]{0,5}\b")


def _said(text: str) -> frozenset[str]:
    return stems(_EXTENSION.sub(" ", text))


def request_keys(text: str) -> list[str]:
    return sorted("\u2248" + t for t in _said(text))[:200]


def about(weighted: dict, text: str) -> tuple[str, float, list[str]]:
    """The kind the request speaks of most, how strongly, and through which terms. A long message
    (a person's plan for the day, a pasted review) shares a few terms with many kinds by chance:
    past LONG terms of its own, what it shares counts for less in proportion."""
    said = _said(text)
    damp = min(1.0, LONG / len(said)) if said else 1.0
    best = ("", 0.0, [])
    for kid, terms in weighted.items():
        shared = sorted(said & terms.keys())
        if len(shared) < LEAST:   # one word alone ("fine") is no request about a kind
            continue
        score = sum(terms[t] for t in shared) * damp
        if score > best[1]:
            best = (kid, score, shared)
    return best


def spoken(text: str, terms) -> list[str]:
    """The request's own words behind these terms, for a person reading why a lesson fired."""
    wanted = set(terms)
    return list(dict.fromkeys(w for w, t in _terms(text) if t in wanted))


# A lesson that names no kind by the catalogue's patterns ("the parents' app sent 1,140 notices at
# 22:10 because the timetable went out twice") is still about some kind of action when it speaks at
# length in that kind's rarest words: four of them at least, each a term few kinds share (a rarity of
# LESSON_RARE: under one kind in fifty), weighing LESSON_THRESHOLD together. Common words of the
# catalogue (change, back, local, first) are left out: a long, chatty lesson says them all.
LESSON_THRESHOLD = 25.0
LESSON_LEAST = 4
LESSON_RARE = 4.0


def lesson_index(cat, skip: frozenset = frozenset()) -> dict[str, list[tuple[str, float]]]:
    """Every rare term of the specific kinds (none broad, none harmless, none of the `skip` areas),
    with the kinds it describes and its weight (built once per catalogue: the compiler's
    tables, which the catalogue's snapshot keeps)."""
    terms, rarity = table(cat)
    built: dict[str, list[tuple[str, float]]] = {}
    for kid, k in sorted(cat.kinds.items()):
        if k.broad or k.safe or k.area in skip:
            continue
        for t, w in _rarest(terms.get(kid, ()), rarity, lambda w: w >= LESSON_RARE).items():
            built.setdefault(t, []).append((kid, w))
    return built


def lesson_kind(index: dict, text: str) -> tuple[str, float, list[str]]:
    """The kind a lesson's words describe best (through `lesson_index`), when it speaks of it at
    length (else "")."""
    score: dict[str, float] = {}
    shared: dict[str, list[str]] = {}
    for t in _said(text):
        for kid, w in index.get(t, ()):
            score[kid] = score.get(kid, 0.0) + w
            shared.setdefault(kid, []).append(t)
    best = max(score, key=lambda k: (score[k], k), default="")
    if not best or score[best] < LESSON_THRESHOLD or len(shared[best]) < LESSON_LEAST:
        return "", 0.0, []
    return best, score[best], sorted(shared[best])
