"""Entities: the folders, files, commands, flags, packages, identifiers and services a lesson names,
and the same things in an action. A cue that names one fires on an action that touches it (unless
the action complies); a name in what the lesson prescribes is a sign of compliance instead.

Standard library only (it runs on the hot path for the action's side); bounded work.
"""
from __future__ import annotations

import fnmatch
import re

from memkit import rxcache
from memkit.activation import acts
from memkit.activation.acts import Lazy as _Lazy
from memkit.activation.commands import arg_words, command_name, commands_of, valued_flags
from memkit.activation.negation import REPLACED, cited, negated

MAX_ENTITIES = 12
TICK = _Lazy(r"`([^`\n]{1,80})`")   # a name or command in backticks
_TOKEN = _Lazy(r"(?<![\w/.~-])(~?[\w.@+-]*[\w/](?:[\w./@+-]|::(?=[A-Za-z_]))*(?:\(\))?|--?[a-zA-Z][\w-]*)")
_EXT = rxcache.compile(r"\.(py|pyi|js|jsx|ts|tsx|mjs|cjs|go|rs|rb|php|java|kt|kts|swift|c|h|cc|cpp|hpp|cs|ex|exs|sh|"
                  r"sql|ya?ml|json|toml|ini|cfg|conf|env|md|mdx|txt|lock|tf|proto|graphql|html|css|scss|ipynb|"
                  r"csv|xml|gradle|dart|vue|svelte|lua|r|jl|zig|nix)$", re.I)
_FLAG = rxcache.compile(r"^--[a-z][a-z0-9-]{2,}$|^-[a-zA-Z]$")
_IDENT = rxcache.compile(r"^[A-Za-z_][\w]*((?:\.|::)[A-Za-z_]\w*)+(\(\))?$|^[a-z0-9]+(_[a-z0-9]+)+$|^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$"
                    r"|^(?![a-z]+I$)[a-z]+[A-Z]\w*$|^\w+\(\)$")   # ("whenI": a word run into "I", no name)
_HYPHENATED = rxcache.compile(r"^[a-z0-9]+(-[a-z0-9]+){2,}$|^(?=[^-]*[A-Z0-9])[A-Za-z0-9]+(-[A-Za-z0-9]+)+$")
# words that look like names but are not entities a lesson is about
_COMMON = frozenset("e.g i.e etc e.g. i.e. vs a.m p.m n/a and/or w/o w/ i/o ci/cd up-to-date read-only "
                    "e-mail re-run one-off follow-up step-by-step".split())
_STOP = frozenset("an the and for with that this from into you your are was were have has not but all any can will "
                  "should would could must use using used just like then than them they what when where which who how "
                  "why its our out get got let make made need needs want wants file files code new add please here there "
                  "some more only also does did done don't dont never always run git their his her its my "
                  "on in at to of by it is as or one each every".split())
_SCHEME = rxcache.compile(r"^[a-z][a-z0-9+.-]*://", re.I)
_CALL_SHAPE = rxcache.compile(r"^[A-Za-z_][\w.]*\($")
_MARKED = rxcache.compile(r"^[@$][A-Za-z_]\w*$")   # an annotation, a decorator, a rune: `@Transactional`, `$state`
# language keywords that give a name its shape in code (`new HttpClient`, `export let`)
_KEYWORDS = frozenset("new export let var val const static private public protected internal async await def fun "
                      "func class struct extends implements import throw raise return yield override final "
                      "abstract readonly lateinit mut unsafe".split())
_FOLDER = _Lazy(r"(?<![\w/.-])([\w.-]{2,40}/?)\s+(?:folders?|director(?:y|ies)|dirs?)\b", re.I)


def kind_of(name: str) -> str:
    """What a name looks like: path, flag, ident, code, command, word."""
    n = name.strip()
    if _SCHEME.match(n):
        return "url"
    if _FLAG.match(n):
        return "flag"
    if _MARKED.match(n):
        return "ident"
    if " " in n and len(n.split()) == 2 and any(w in _KEYWORDS for w in n.lower().split()):
        return "code"
    if _CALL_SHAPE.match(n):   # a call as the corrected edit wrote it: `Payouts.create(`
        return "code"
    if "/" in n.strip("/") or n.endswith("/") or _EXT.search(n) or (n.startswith(".") and len(n) > 2):
        return "path"
    if _IDENT.match(n) or _HYPHENATED.match(n):
        return "ident"
    if " " in n:
        return "command"
    return "word"


# plain words that name no thing a lesson could be about ("use those names", "never goes quiet")
_ORDINARY = frozenset("those these goes go going went gone gets better worse best worst good bad fine okay really "
                      "quiet instead same other another something anything everything nothing thing things way "
                      "first last next again even still yet much many most less least very too".split())


def ordinary(name: str) -> bool:
    """A plain word of the language rather than a name: no entity, no compliant way."""
    return kind_of(name) == "word" and name.strip().lower() in _NO_NAMES


def fires_alone(name: str) -> bool:
    """A name specific enough that touching it is reason to recall the lesson by itself."""
    return kind_of(name) in ("path", "flag", "ident", "code", "command")


def _clean(name: str) -> str:
    n = name.strip().strip(",;:!?\"'[]{}")
    n = n if n.endswith((" .", " ..")) else n.rstrip(".")   # `git add .`: the dot is the argument
    n = n[:-2] if n.endswith("()") else n.strip("()")
    return n[2:] if n.startswith("./") else n


def names_in(text: str) -> list[str]:
    """Candidate names in a piece of lesson text: `quoted code` first, then name-shaped tokens."""
    found: list[str] = []
    for m in TICK.finditer(text):
        span = _clean(m.group(1))
        if span:
            found.append(span)
    rest = TICK.sub(" ", text)
    for m in _TOKEN.finditer(rest):
        tok = _clean(m.group(1))
        if len(tok) < 3 or tok.lower() in _COMMON or tok.isdigit() or _SCHEME.match(tok):
            continue
        if kind_of(tok) != "word":
            found.append(tok)
    for m in _KEYWORD_RUN.finditer(rest):   # "ALLOW FILTERING", "CREATE OR REPLACE": a statement's keywords
        words = set(m.group(0).split())      # ("DO NOT TOUCH OUR IMPLEMENTATION" is shouting, not code)
        if not words & _SHOUTED and words & _STATEMENT:
            found.append(m.group(0))
    for m in _FOLDER.finditer(rest):   # "__tests__ folders", "the node-modules dir": a folder by name
        if re.search(r"[_.-]|\d|[a-z][A-Z]", m.group(1).strip("_")) or m.group(1).startswith("_"):
            name = m.group(1).strip("/")
            found = [n for n in found if n != name] + [name + "/"]
    return [n for n in dict.fromkeys(found) if not generic_path(n)]


_KEYWORD_RUN = _Lazy(r"(?<![\w.-])[A-Z]{2,}(?:[ \t]+[A-Z]{2,}){1,3}(?![\w.-])")
_STATEMENT = frozenset("SELECT FROM WHERE INSERT UPDATE DELETE CREATE DROP ALTER TABLE INDEX REPLACE ALLOW FILTERING "
                       "GRANT REVOKE JOIN UNION ORDER GROUP BY LIMIT VALUES INTO SET PRIMARY KEY FOREIGN CASCADE "
                       "TRUNCATE VACUUM FULL ANALYZE EXPLAIN WITH RECURSIVE BEGIN COMMIT ROLLBACK TRANSACTION VIEW "
                       "TRIGGER PROCEDURE FUNCTION DATABASE SCHEMA NULL DEFAULT UNIQUE CONSTRAINT LOCK CONCURRENTLY "
                       "RETURNING DISTINCT HAVING NOWAIT SKIP LOCKED MERGE UPSERT COPY OWNER COLUMN RENAME ADD MODIFY "
                       "OPTIMIZE REINDEX CLUSTER REFRESH MATERIALIZED EXISTS IF NOT".split())
_SHOUTED = frozenset("NOT NEVER NO DONT DO PLEASE ALWAYS STOP ONLY NOW AND THE YOU WE IT IS ARE OK WTF FYI IMO PR "
                     "ASAP TODO FIXME NB PS AI".split())
_HOME = _Lazy(r"^(~|\$HOME|/Users/[^/]+|/home/[^/]+|/root)(?=/|$)")
_ROOTS = frozenset("Users home tmp var usr opt etc private mnt Volumes srv bin".split())


def generic_path(name: str) -> bool:
    """A home folder or a system root (`/Users/x/`, `~/`, `/tmp/`): every action on the machine
    passes through one, so touching it says nothing about a lesson."""
    rest = _HOME.sub("", name.strip()).strip("/")
    return kind_of(name) == "path" and (not rest or (name.startswith("/") and rest in _ROOTS))


_QUOTED = _Lazy(r"(?<![\w\"])\"([^\"\n]{2,40})\"(?![\w\"])")


def from_lesson(parts: list[tuple[str, str]], trigger) -> dict[str, list[str]]:
    """{"forbids": names the lesson warns about, "complies": names it asks for}. A name in the
    corrected action too is kept first (it is what the correction was about)."""
    # a proposal in words touched nothing: the names it mentions are no target of the correction
    touched = tokens(trigger) if trigger is not None and trigger.family != "prose" else set()
    objects = _objects(trigger) if trigger is not None else set()
    ran = commands_of(trigger) if trigger is not None else set()   # programs the call ran
    forbid: list[str] = []
    comply: list[str] = []
    replaced: list[str] = []
    for polarity, text in parts:
        names = names_in(text)
        quoted = [q.strip() for q in _QUOTED.findall(text) if q.strip()]   # "Ready for QA", "use client"
        if polarity == "prescribe":   # the compliant way: names that say it, not an example's values
            comply.extend(n for n in names if _distinctive(n, text))
            comply.extend(quoted)
            comply.extend(w for w in _tool_words(text) if w not in ran)   # the corrected call's own program: no sign
        elif polarity == "allow":
            comply.extend(n for n in names if not _ALLOWED.search(text))   # allowed(): with its condition
        elif polarity in ("forbid", "instead"):
            forbid.extend(n for n in names if polarity == "instead" or negated(n, text)
                          or (_norm(n) in touched and _norm(n) not in ran and not cited(n, text)))
            forbid.extend(q for q in quoted if " " in q and negated(q, text))
            first = REPLACED.match(text.strip())
            if polarity == "instead" and first and first.group(1) not in _STOP and first.group(1) not in _PLAIN:
                forbid.append(first.group(1))   # "use click, not argparse": the tool it replaces
                replaced.append(first.group(1))
        else:   # a reason or a remark: a name there counts when the corrected call touched it (a
            # program named in passing, "is this better than `rg`?", is no program it forbids)
            forbid.extend(n for n in names if _norm(n) not in ran and not cited(n, text) and (
                _norm(n) in touched or any(_norm(n) in t for t in touched if "/" in t)))
        if polarity in ("forbid", "instead") and touched:   # plain words the corrected call acted on or ran
            within = {seg for n in names if "/" in n for seg in _norm(n).split("/")}   # "docs/api/" names them
            plain = [w for w in re.findall(r"[A-Za-z][\w.-]{2,}", TICK.sub(" ", text))
                     if w.lower() in objects and w.lower() not in _STOP and w.lower() not in within]
            forbid.extend(plain)
            forbid.extend(_coordinated(text, plain))
    forbid.extend(_spoken_of(parts))
    # the call's value a clause says no to ("never to main") first, else the value the lesson names
    forbid = valued_flags(forbid, " ".join(text for _, text in parts), trigger,
                          " ".join(text for p, text in parts if p in ("forbid", "instead")))
    comply_set = {c.lower() for c in comply}
    forbid = list({_norm(n): n for n in reversed(forbid) if n.lower() not in comply_set}.values())[::-1]
    confirmed = [n for n in forbid if _norm(n) in touched or any(_norm(n) in t for t in touched if "/" in t)]
    forbid = confirmed + [n for n in forbid if n not in confirmed and (fires_alone(n) or n in replaced)]
    walls = {f.rstrip("/").lower() for f in forbid if "/" in f}   # "not in app/legacy/ … app/legacy only
    comply = [c for c in dict.fromkeys(comply) if c.rstrip("/").lower() not in walls   # gets fixes": no way in
              and (" " in c or not any(o != c and o.lower().startswith(c.lower() + " ") for o in comply))]
    return {"forbids": forbid[:MAX_ENTITIES], "complies": comply[:MAX_ENTITIES]}


def _spoken_of(parts: list[tuple[str, str]]) -> list[str]:
    """Folders an explanation names that a rule speaks of in words: "exports/marc/ and marcxml/ are
    a snapshot … never edit the MARC exports" forbids both folders the snapshot is."""
    said = {w.rstrip("s") for p, t in parts if p in ("forbid", "instead")   # in words, not in the paths themselves
            for w in re.findall(r"[a-z]{3,}", re.sub(r"\S*/\S*", " ", t.lower()))}
    found: list[str] = []
    for polarity, text in parts:
        if polarity not in ("neutral", "forbid"):
            continue
        paths = [n for n in names_in(text) if kind_of(n) == "path" and not generic_path(n)]
        if any(_named_by(n, said) for n in paths):
            found.extend(paths)
    return found


def _named_by(path: str, said: set[str]) -> bool:
    words = [w.rstrip("s") for w in re.findall(r"[a-z]{3,}", _norm(path).rsplit(".", 1)[0]) if w not in _STOP]
    return len(words) >= 2 and all(w in said for w in words[-2:])


_ALLOWED = _Lazy(r"(?i)(?:`([^`]{2,60})`|((?<![\w./:@=-])[\w./:@=-]+(?:[ \t]+[\w./:@=-]+){0,2}))\s+"
                      r"(?:is|are)\s+(?:only\s+)?(?:fine|ok|okay|allowed|safe|acceptable)\b"
                      r"(?:\s+(?:only\s+)?((?:in|on|for|inside|under|within)\s+[^.;,]{2,60}))?")
_CONDITION = rxcache.compile(r"^(.*?) \[((?:in|on|for|inside|under|within) .+)\]$")
_PLAIN = frozenset("local the a an running just that this it which in on at after before for by with to from of only "
                   "until now yet again today anymore ever later so".split())   # "why not now?" names no tool
_NO_NAMES = _ORDINARY | _STOP | _PLAIN
_EXAMPLE = _Lazy(r"(?i)\b(e\.g\.|for\s+example|for\s+instance|such\s+as|like)\b")


def _distinctive(name: str, text: str) -> bool:
    """A name that says the compliant way (a command, a flag, an API, a path, a tool) rather than
    a value from an example (`batch_id=batch_id` after "e.g.")."""
    cut = _EXAMPLE.search(text)
    if cut and text.find(name) > cut.start() and kind_of(name) != "path":
        return False
    return kind_of(name) in ("path", "flag", "command", "url") or "." in name or "(" in name or " " in name \
        or f"`{name}`" in text


def _coordinated(text: str, words: list[str]) -> list[str]:
    """Names listed with one the corrected call used: "force-push develop or main" after a push
    of develop also names main."""
    found = []
    for w in words:
        for m in re.finditer(rf"(?i)\b{re.escape(w)}\s*(?:,|\bor\b|\band\b|/)\s*([A-Za-z][\w.-]{{1,30}})\b|"
                             rf"\b([A-Za-z][\w.-]{{1,30}})\s*(?:,|\bor\b|\band\b|/)\s*{re.escape(w)}\b", text):
            other = (m.group(1) or m.group(2) or "").lower()
            if other and other not in _STOP and other not in _PLAIN and other != w.lower():
                found.append(m.group(1) or m.group(2))
    return found


def _objects(act) -> set[str]:
    """What a corrected call ran and acted on: the commands it ran, their arguments past the
    subcommand (not flags), the segments of the paths it touched."""
    found: set[str] = set()
    for piece in acts.pieces(_SAID.sub(" ", act.command[:20000])):   # a message says, it does not act on
        words = [w.strip("\"'").lower() for w in piece.split()]
        found.update(w for w in words[2:] if w and not w.startswith("-"))
        name = command_name(piece)
        if name:
            found.add(name)
    for path in act.paths:
        found.update(seg for seg in _norm(path).split("/") if seg)
    return found


# "with" names a tool only where the name ends the phrase or runs with flags ("do it with jq", "with
# helm upgrade --install"), not where it qualifies a noun ("with cloud indicators")
_TOOL_WORD = _Lazy(r"(?i)\b(?:use|using|via|through|prefer|from|run|with(?=\s+`|\s+[a-z][\w.+-]{1,24}(?:\s*(?:$|[,;:!?()])|"
                   r"'s\b|\s+[-—–]\s|(?:\s+[a-z][\w.-]*){0,2}\s+--?[a-z]|\s+(?:instead|here|only|now|for|to|and|or|too|"
                   r"from|in|on|so|not|rather|when|if)\b)))\s+`?([a-z][a-z0-9.+_-]{1,24})`?")
# a command given in brackets as the way: "(createdb restore_1211, pg_restore -d restore_1211 …)"
_BRACKETED = _Lazy(r"\(\s*`?([a-z][a-z0-9.+_-]{1,24})\s+(?:-{1,2}[A-Za-z]|[\w./-]*[_/.\d][\w./-]*)")


def _tool_words(text: str) -> list[str]:
    """The tool a prescription names ("we use uv here", "comes from brew", a command in brackets);
    not the first part of a path ("from tests/conftest.py") or a dotted name."""
    return [m.group(1).lower() for rx in (_TOOL_WORD, _BRACKETED) for m in rx.finditer(text)
            if m.group(1).lower() not in _STOP and len(m.group(1)) >= 2 and m.group(1)[-1] != "."
            and text[m.end(1):m.end(1) + 1] not in ("/", ".", "(", "_")]


def allowed(clause: str) -> list[str]:
    """Actions a clause names as fine ("local `terraform plan` is fine")."""
    found = []
    for m in _ALLOWED.finditer(clause):
        term = (m.group(1) or " ".join(w for w in (m.group(2) or "").split() if w.lower() not in _PLAIN)).strip()
        if len(term) >= 2 and term.lower() not in _PLAIN:
            found.append(f"{term} [{' '.join(m.group(3).split())}]" if m.group(3) else term)
    return found


def condition(term: str) -> tuple[str, list[str]]:
    """("unwrap", ["tests"]) for "unwrap [in tests]": an allowance that holds only where its
    condition's words show in the action."""
    m = _CONDITION.match(term)
    if not m:
        return term, []
    words = [w.lower() for w in re.findall(r"[A-Za-z][\w-]{2,}", m.group(2)) if w.lower() not in _STOP
             and w.lower() not in _PLAIN and w.lower() not in ("own", "your", "their", "our", "under", "inside", "within")]
    return m.group(1), words


def meets(act_tokens: set[str], words: list[str]) -> bool:
    """Some word of a condition (or its stem) is among the action's tokens or inside its paths."""
    for w in words:
        stem = w[:-1] if w.endswith("s") and len(w) > 4 else w
        if any(stem in t for t in act_tokens):
            return True
    return not words


def _norm(name: str) -> str:
    return name.lower().strip("/").lstrip("-")


_ACT_TOKEN = rxcache.compile(r"(?:[\w.@+~/-]|::(?=\w))+")   # `std::vector`, `Repo::find` whole
_MEMBER = rxcache.compile(r"\.|::")


def keys(name: str) -> set[str]:
    """The index keys of a named entity: its normalised form and, for a path, its last part
    (an action's tokens hold path segments)."""
    n = _norm(_clean(name))
    if not n or " " in n:
        return set()
    return {n, n.rsplit("/", 1)[-1]} if "/" in n else {n}


def tokens(act, limit: int = 4000) -> set[str]:
    """The names an action touches: its paths (whole and by segment), the words of its command,
    identifiers in its added lines; lower-case, bounded."""
    texts = (act.command, act.added[:20000], act.prose[:20000] if act.family == "prose" else "")
    return _names_of(act.paths, texts, limit)


_SAID = _Lazy(r"""(?s)<<-?\s*['"]?(\w+)['"]?\n.*?\n\1\b|"(?:[^"\\]|\\.)*\s(?:[^"\\]|\\.)*"|'[^']*\s[^']*'|"""
              r"""(?<=\s)"[^"\n]*\s[^"]*\Z""")   # the last: a message cut off before its closing quote


def targets(act) -> set[str]:
    """What an action acts on: its paths and its command's words outside quoted prose (a commit
    message or a heredoc says things about the change; it does not act on them)."""
    if act.family != "shell":
        return tokens(act)
    return _names_of(act.paths, (_SAID.sub(" ", act.command[:20000]),))


_SOURCE_EXT = frozenset("md mdx txt rst py pyi js jsx ts tsx mjs cjs json yaml yml toml ini cfg conf sh bash go rs rb "
                        "php java kt kts swift c h cc cpp hpp cs ex exs html css scss sql xml csv lua dart vue svelte "
                        "r jl zig nix gradle tf proto graphql".split())


def _names_of(paths, texts, limit: int = 4000) -> set[str]:
    out: set[str] = set()
    for path in paths:
        p = _norm(path)
        out.add(p)
        out.update(seg for seg in p.split("/") if seg)
        ext = p.rsplit("/", 1)[-1][1:].rpartition(".")[2] if "." in p.rsplit("/", 1)[-1][1:] else ""
        if ext and ext not in _SOURCE_EXT:   # "never the .ipynb JSON": a file of that type is touched
            out.add("." + ext)                # (not every .md or .py: a lesson names those in passing)
    for text in texts:
        for m in _ACT_TOKEN.finditer(text):
            tok = m.group(0).lower().strip("./-")
            if len(tok) >= 2:
                out.add(tok)
                if "/" in tok:
                    out.update(seg for seg in tok.split("/") if seg)
                elif "::" in tok or ("." in tok and not _EXT.search(tok)):   # db.notes.replaceone, std::vector:
                    out.update(seg for seg in _MEMBER.split(tok) if len(seg) >= 3)   # each part a name too
                if (ext := _EXT.search(tok)) and ext.group(1) not in _SOURCE_EXT:   # `sed -i … x.ipynb`: that type
                    out.add("." + ext.group(1))
                host = tok[1:].rpartition("@")[2] if "@" in tok[1:] else ""
                if host:   # lab@mspc-01: the host too
                    out.add(host)
            if len(out) >= limit:
                return out
    return out


def runs(act, name: str) -> bool:
    """The action runs or imports a program or package of that name (`grep -r …`, `import argparse`)."""
    n = _norm(_clean(name))
    if not n or not re.fullmatch(r"[a-z][a-z0-9._+-]*", n):
        return False
    if act.command and n in commands_of(act):
        return True
    code = act.added[:20000]
    return bool(code) and re.search(rf"(?m)^\s*(?:import|from|use|require|using)\s+{re.escape(n)}\b|"
                                    rf"\brequire\(['\"]{re.escape(n)}['\"]\)|\b{re.escape(n)}\.", code) is not None


def touches(act_tokens: set[str], act_text: str, name: str) -> bool:
    """The action touches a named entity: as a whole token, a path segment, or a path inside it (a
    folder only as a folder: `tokens/` is not the `tokens` of `pnpm tokens:build`)."""
    n = _norm(_clean(name))
    if not n:
        return False
    if n in act_tokens:
        return not name.rstrip().endswith("/") or "/" in n or _as_folder(n, act_text)
    if "/" in n:
        return any(t == n or t.endswith("/" + n) or ("/" + n + "/") in ("/" + t + "/") for t in act_tokens if "/" in t)
    if " " in n:
        return n in " ".join(act_text.lower().split())
    return False


def reaching(segment: str) -> bool:
    """A path segment that is a file pattern naming something (`*-diary`, `test_*.py`; not `*.py`, `**`)."""
    return ("*" in segment or "?" in segment) and "/" not in segment and len(re.sub(r"[*?\[\]]", "", segment)) >= 4


def reached(name: str, globs: list[str]) -> bool:   # `*-diary` reaches claude-dev-log-diary
    return bool(globs) and any(fnmatch.fnmatchcase(_norm(_clean(name)), g) for g in globs)

def holds(act_tokens: set[str], low: str, term: str) -> bool:
    """The action (its tokens, its text lower-cased on single spaces) holds a term: a long or
    non-word term as written, a short word as a whole token (`op` is not in `open`)."""
    return (term in low) if (len(term) >= 5 or not term.isalnum()) else touches(act_tokens, low, term)


def _as_folder(n: str, text: str) -> bool:
    """The text names the folder as one: `tokens/…`, `…/tokens/…`, `…/tokens` at a path's end."""
    return re.search(rf"(?i)(?<![\w.-]){re.escape(n)}/|/{re.escape(n)}(?![\w.-])", text) is not None


def unwrapped(act, terms: list[str], named: list[str]) -> list[str]:
    """"always go through `fvm flutter`" after a bare `flutter analyze`: the program the corrected
    call ran without the wrapper the lesson asks for is what it forbids (the wrapped form complies)."""
    if act is None or act.family != "shell":
        return []
    ran = commands_of(act)
    known = {_norm(n) for n in named}
    return sorted({t.split()[-1].lower() for t in terms if " " in t.strip() and t.split()[-1].lower() in ran
                   and t.split()[0].lower() not in ran and t.split()[-1].lower() not in known})


_COMPOUND = _Lazy(r"(?<![\w./-])([a-z]{3,12}(?:[-_][a-z]{3,12}){1,2})(?![\w./-])")


def spelled_out(act, parts: list[tuple[str, str]], named: list[str]) -> tuple[list[str], list[str]]:
    """"never erase the flash" after `idf.py erase-flash`: a subcommand of the corrected call whose
    words the forbidding clause says is what it forbids, in either spelling (erase_flash); and a
    sibling the lesson asks for instead ("app-flash only writes the app") complies."""
    if act is None or act.family != "shell":
        return [], []
    said = {w[:4] for p, text in parts if p == "forbid" for w in re.findall(r"[a-z]{3,}", text.lower())}
    out: list[str] = []
    for token in _COMPOUND.findall(act.command[:2000]):
        if all(w[:4] in said for w in re.split(r"[-_]", token)):
            out += [token, token.replace("-", "_") if "-" in token else token.replace("_", "-")]
    known = {_norm(n) for n in named}
    forbidden = [t for t in dict.fromkeys(out) if t not in known][:4]
    ends = {re.split(r"[-_]", t)[-1] for t in forbidden}
    siblings = [t for p, text in parts if p in ("prescribe", "allow") for t in _COMPOUND.findall(text.lower())
                if re.split(r"[-_]", t)[-1] in ends and t not in forbidden]
    return forbidden, list(dict.fromkeys(siblings))


def excused(act, terms: list[str]) -> list[str]:
    """The names that comply, less any part of where the corrected call acted (its file, a folder
    on its path, its file type, a flag or argument of its command): the call was wrong there, so
    none of them makes an action right."""
    if act is None:
        return terms
    where = {n for p in act.paths for n in (_norm(p), *_norm(p).split("/"))}
    where |= set(arg_words(act.command or ""))   # the flags and arguments it ran with (`--environment-id master`)
    ends = tuple("." + p.rsplit(".", 1)[-1].lower() for p in act.paths if "." in p.rsplit("/", 1)[-1])
    return [t for t in terms if _norm(t) not in where and t.lower() not in where and t.lower().lstrip("*") not in ends]


_CODE_NAME = _Lazy(r"(?<![\w$@])([@$][A-Za-z_]\w*|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)")


def code_shapes(act, parts: list[tuple[str, str]], named: list[str]) -> list[str]:
    """The code a forbidding clause names in the shape the corrected edit wrote it: a type, an
    annotation or a rune with the keyword beside it that the clause names too ("don't new up
    HttpClient" after `new HttpClient()`: `new HttpClient`), an annotation alone, or a keyword
    phrase the clause names (`export let`)."""
    if act is None or act.family not in ("edit", "write"):
        return []
    code = " ".join(re.sub(r"[(){};,]", " ", act.added[:20000]).split())
    out: list[str] = []
    for polarity, text in parts:
        if not code or polarity not in ("forbid", "instead"):
            continue
        words = re.findall(r"[@$]?[A-Za-z_]\w*", text)
        said = {w.lower() for w in words}
        for name in dict.fromkeys(_CODE_NAME.findall(text)):
            out += _shapes(code, name, said)
        out += [f"{a} {b}" for a, b in zip(words, words[1:]) if a.lower() in _KEYWORDS and b.lower() in _KEYWORDS
                and re.search(rf"(?<![\w$@]){re.escape(a)} {re.escape(b)}\b", code)]
    known = {_norm(n) for n in named}
    return [s for s in dict.fromkeys(out) if _norm(s) not in known][:4]


def _shapes(code: str, name: str, said: set[str]) -> list[str]:
    found = []
    for m in re.finditer(rf"(?:(\w+) )?(?<![\w$@]){re.escape(name)}(?![\w])(?: (\w+))?", code):
        left, right = (m.group(1) or "").lower(), (m.group(2) or "").lower()
        if left in _KEYWORDS and left in said:
            found.append(f"{m.group(1)} {name}")
        elif right in _KEYWORDS and right in said:
            found.append(f"{name} {m.group(2)}")
    if found or not _MARKED.match(name):
        return found
    return [name] if re.search(rf"(?<![\w$@]){re.escape(name)}(?![\w])", code) else []
