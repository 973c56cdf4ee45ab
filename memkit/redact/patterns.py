"""Secrets found by their own shape or by the name they are given: the token table
(memkit/data/secrets.toml plus the shapes below), and names such as `API_KEY=`, `"token":`,
`--password`. One combined regex is searched from rare anchor characters, so text without
secrets costs one fast scan. Never removes more than the secret: names, users, hosts stay.
"""
from __future__ import annotations

import math
import re
import tomllib
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from memkit import rxcache

_PEM_TO_END = r"(?:[^-]|-(?!----))*+-----END[A-Z0-9 ]{0,24}PRIVATE KEY(?: BLOCK)?-----"
_NOT_IN_URL = r"'\"<>\[\]{}\\^|`"  # characters a URL never holds unescaped
_PEM_CUT_SHORT = r"(?:(?:\s|\\[nr])++[A-Za-z0-9+/=]{8,}+)++"  # no END line: header plus base64 lines
_DATA = Path(__file__).resolve().parent.parent / "data" / "secrets.toml"

# Shapes too intricate for the data file: (kind, literal prefix, pattern for the rest, options).
# A group named "s" marks the part replaced; without one the whole match is replaced.
_SHAPES: tuple[tuple[str, str, str, str], ...] = (
    ("private-key", "-----BEGIN ",
     rf"[A-Z0-9 ]{{0,24}}PRIVATE KEY(?: BLOCK)?-----(?:{_PEM_TO_END}|{_PEM_CUT_SHORT})", "loose"),
    ("openai-key", "sk-", r"(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,256}|[A-Za-z0-9]{32,256}(?![\w-]))", "random"),
    ("url-password", "://", rf"[^\s:/@{_NOT_IN_URL}]{{0,128}}+:(?P<s>[^\s/{_NOT_IN_URL}]{{1,256}})@", "loose"),
    ("url-token", "://", r"(?P<s>[A-Za-z0-9_~-]{20,128})@(?=[\w-]+\.)", "loose random"),
)


def _table() -> tuple[tuple[str, str, str, str], ...]:
    rows = tomllib.loads(_DATA.read_text(encoding="utf-8"))["token"]
    return tuple((r[0], r[1], r[2], r[3] if len(r) > 3 else "") for r in rows)


_ALL = _SHAPES + _table()
_TOKENS = tuple(row for row in _ALL if "run" not in row[3].split())   # searched by the combined regex
_IN_RUNS = tuple(row for row in _ALL if "run" in row[3].split())      # looked for at a run's start
RUN_PREFIXES = tuple(sorted({row[1] for row in _IN_RUNS}, key=lambda p: (-len(p), p)))
_RUN_RULES = {prefix: [(kind, rxcache.compile(re.escape(prefix) + rest), "random" in options.split())
                       for kind, p, rest, options in _IN_RUNS if p == prefix] for prefix in RUN_PREFIXES}


def prefixed(run: str) -> tuple[str, int] | None:
    """(kind, length) of a token with a lower-case prefix that run starts with (`dop_v1_…`)."""
    if not run.startswith(RUN_PREFIXES):
        return None
    for prefix in RUN_PREFIXES:
        if run.startswith(prefix):
            for kind, rx, random in _RUN_RULES[prefix]:
                m = rx.match(run)
                if m and (not random or random_or_long_hex(m.group()[len(prefix):])):
                    return kind, m.end()
    return None

# Secret names contain one of these cores (in any case), followed by `=`, `:`, `=>`, `>` or
# a space; each core lists what may continue it within its word ("passwd", "secrets"; not
# "passed", "tokens", "author", "keyword"). _assignment reads the whole name and decides.
_NAME_CORES = {"pass": "w|phrase", "pwd": "", "secret": "s|key", "token": "", "cred": "s|ential",
               "key": "", "auth": "orization", "Bearer": ""}  # lowercase "bearer" is prose
_SECRET_SUFFIXES = frozenset({
    "value", "val", "str", "string", "b64", "base64", "hex", "raw", "plain", "plaintext", "text",
    "data", "base", "pem", "der", "enc", "encoded", "new", "old", "current", "confirm",
    "confirmation", "again", "repeat", "primary", "secondary", "prod", "production", "dev",
    "staging", "live", "local", "override", "v"
})
_NAME_TAIL = (  # the rest of the name (only words describing its form), then `=`, `:`, … or a space
    r"(?=[a-zA-Z]*(?:[_.-]?(?i:"
    + "|".join(sorted(_SECRET_SUFFIXES, key=lambda s: (-len(s), s)))
    + r"|id|[0-9]+))*+(?:\\?[\"'])?\]?(?:[ \t]*(?::=|=>|==|[=:>])|[ \t]+[^\s-]))"
)

# Printable characters, rarest first in agent logs (Claude Code, Codex, console copies): the
# combined search starts from a few rare characters that every literal holds one of.
_RARE = "^$?@&!;%<~|>#QJzYXV]`'+H[WZjGKF*O}{qMN)(LPRBDUICxEAS=7T98v65w3/4k2y\\b_01,gf.h-m:uplcdria\"noste "

# A secret's name, word by word (camelCase and snake_case split): the last word that
# names a secret may be followed only by words that describe its form.
_SECRET_WORD = rxcache.compile(
    r"[a-z]*pass(?:w(?:or)?d|phrase)s?|(?:db|pg|my|sql|ftp|smtp|redis|ldap)?pass|[a-z]*pwd"
    r"|[a-z]*secrets?|[a-z]*token|creds?|credentials?|[a-z]*apikey|auth|authorization|bearer"
    r"|(?:access|private|secret|encryption|master|account|client|session|deploy|hmac)key"
)
_KEY_OWNERS = frozenset({
    "api", "access", "private", "secret", "signing", "encryption", "master", "account", "app",
    "license", "client", "session", "deploy", "hmac", "auth", "consumer", "storage", "subscription",
    "webhook"
})
_NOT_SECRET_FIRST = frozenset({
    "max", "min", "num", "total", "n", "is", "has", "use", "no", "list", "show", "export", "import",
    "delete", "remove", "rotate", "generate", "gen", "read", "print", "verify", "check", "validate",
    "require", "allow", "enable", "disable", "reset"
})

# Values that stand for a secret instead of being one.
_NON_VALUES = frozenset({
    "true", "false", "yes", "no", "on", "off", "null", "none", "nil", "undefined", "empty", "str",
    "string", "bytes", "int", "bool", "any", "object", "optional", "required", "changeme",
    "change-me", "change_me", "placeholder", "dummy", "example", "secret", "password", "passwd",
    "token", "apikey", "api_key", "api-key"
})
_PLACEHOLDER = rxcache.compile(
    r"\$\w+|\$\{[^{}]*\}|\$\(.*\)|%\(?\w+\)?s?|%\w+%|\{\{.*\}\}|\{[\w.]*\}|<[^<>]*>|\[[^\[\]]*\]"
    r"|(?i:[x*•#._-]+|your[\w-]*|.*\.\.\..*|.*….*|.*redacted.*|.*(?:\*{3}|•{3}|x{5}).*)"
)
_MIN_VALUE = 4  # shorter values are flags, numbers and fragments, not secrets
_OPENING = rxcache.compile(  # an opening quote, then an HTTP auth scheme when the name is an Authorization header
    r"(?P<open>\\[\"']|[\"'`])?(?P<scheme>(?:[Bb]earer|BEARER|[Bb]asic|[Tt]oken|[Dd]igest)[ \t]+)?"
)
_CONTENT = {  # a value's text, by how it opens; long enough for any secret but a key block
    "": rxcache.compile(r"[^\s\"'`\\,;<>&]{1,16384}+"),  # bare, up to a delimiter
    '\\"': rxcache.compile(r"[^\"\\\r\n]{1,16384}+"),  # inside a JSON-escaped string: \"value\"
    "\\'": rxcache.compile(r"[^'\\\r\n]{1,16384}+"),
    '"': rxcache.compile(r'(?:[^"\\\r\n]|\\.){1,16384}+'),
    "'": rxcache.compile(r"(?:[^'\\\r\n]|\\.){1,16384}+"),
    "`": rxcache.compile(r"[^`\r\n]{1,16384}+"),
}
_ASSIGNMENT = rxcache.compile(
    r"(?P<name>[\w.-]{1,96}+)(?P<close>\\?[\"'])?\]?(?P<op>[ \t]*(?::=|=>|==|[=:>])[ \t]*|[ \t]+)"
)
_JOINT = rxcache.compile(r"(?:is|was|are)[ \t]+|value=")
_ANNOTATION_THEN_EQ = rxcache.compile(r"[ \t]*=(?!=)[ \t]*")
_TYPE = rxcache.compile(r"[A-Za-z_][\w.]*(?:\[[^\]\n]*\])?")
_IDENTIFIER = rxcache.compile(r"[A-Za-z_][A-Za-z_.]*")
_CALL = rxcache.compile(r"[A-Za-z_][\w.]*[(\[]")
_PATH = rxcache.compile(r"(?:[A-Za-z]:|~|\.{1,2})?[/\\][\w.@+~%-]*(?:[/\\][\w.@+~%-]*)*")
_PROSE = rxcache.compile(r"\S+(?: \S+){2,}[.!?]")
_TOKEN_CHARS = rxcache.compile(r"[A-Za-z0-9+/=_.~-]+")
_HASHLIKE = rxcache.compile(r"[0-9a-f]+|[0-9A-F]+|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_AWS_SECRET = rxcache.compile(r"[A-Za-z0-9/+]{40}")
_NAME_BACK = rxcache.compile(r"[\w.-]{0,64}")  # matched on the reversed text before a name core
_WORD_BREAKS = (rxcache.compile(r"([a-z0-9])([A-Z])"), rxcache.compile(r"([A-Z]+)([A-Z][a-z])"))
_LETTERS = rxcache.compile(r"[a-z]+")
_OPENERS = {")": "(", "]": "[", "}": "{"}
_BREAK = rxcache.compile(r"(?:\r?\n|(?:\\+r)?\\+n)[ \t>]*")   # a line break inside a token: a wrapped terminal line
_PIECES = rxcache.compile(r"[\w-]{2,250}" + _BREAK.pattern + r"[\w-]{2,250}")


Span = tuple[str, int, int]  # kind, start, end


class _Rule(NamedTuple):
    kind: str
    anchor: int            # offset of the anchor character in the prefix
    secret: str | None     # the group holding the part replaced, if not the whole match
    random: bool           # the token must look random too
    back: re.Pattern[str] | None   # what must precede the prefix (read backwards), part of the secret


def _build() -> tuple[re.Pattern[str], dict[str, _Rule]]:
    """One regex for all patterns, and what each alternative's closing group names.

    Each alternative starts at an anchor character of its literal, so the search skips in C
    from one anchor character to the next; it checks the rest of its literal behind it and
    ends with an empty group naming it (`t…` a token, `w…` a token a line break cut in two,
    `n…` a secret's name). The anchors are few and rare (see _anchors); tokens that differ
    only in their prefix (`ghp_`, `gho_`…) share one alternative.
    """
    units = _units(_TOKENS + tuple(("name", v, _core_end(v, then) + _NAME_TAIL, "")
                                   for core, then in _NAME_CORES.items() for v in _cases(core)))
    anchors = _anchors([_common(lits) for _, lits in units])
    by_anchor: dict[str, list[str]] = {}
    meta: dict[str, _Rule] = {}
    for i, ((kind, rest, options), lits) in enumerate(units):
        common = _common(lits)
        a = min((k for k in range(len(lits[0])) if lits[0][k] in anchors and common[k] != "\0"),
                key=lambda k: _weight(lits[0][k]))
        head = _either(sorted({lit[:a + 1] for lit in lits}))
        checks = f"(?<={head})" if a else ""
        if kind != "name" and "loose" not in options:  # "task-…" is not "sk-…" (but "\\nsk-…" in JSON is)
            checks += f"(?:(?<![\\w-]{head})|(?<=\\\\[nrt]{head}))"
        if kind == "name" and lits[0].lower() == "key":  # "key" alone names no secret: `"key": "Enter"`
            checks += f"(?<=[\\w.-]{head})"
        rest = rest.replace("(?P<s>", f"(?P<s{i}>")
        if kind == "name":
            ending = f"(?P<n{i}>)"
        elif "back=" in options or not lits[0][:1].isalnum():
            ending = f"(?P<t{i}>)"
        else:   # first the same prefix with a piece, a line break and more: a wrapped terminal line
            rest = f"(?={_PIECES.pattern})(?P<w{i}>)|{rest}"   # zero width: the scan goes on after the prefix
            ending = f"(?P<t{i}>)"
        tail = _either(sorted({lit[a + 1:] for lit in lits}))
        by_anchor.setdefault(lits[0][a], []).append(f"{checks}{tail}(?:{rest}{ending})")
        back = next((rxcache.compile(o[5:]) for o in options.split() if o.startswith("back=")), None)
        rule = _Rule(kind, a, f"s{i}" if f"(?P<s{i}>" in rest else None, "random" in options.split(), back)
        meta[f"n{i}"] = meta[f"t{i}"] = meta[f"w{i}"] = rule
    return rxcache.compile("|".join(f"{re.escape(c)}(?:{'|'.join(alts)})" for c, alts in by_anchor.items())), meta


def _units(rows) -> list[tuple[tuple[str, str, str], list[str]]]:
    """Rows grouped: tokens of one kind, rest and options whose prefixes have one length and
    share a character at some position become one unit; every other row is a unit alone."""
    groups: dict[tuple, list[str]] = {}
    for kind, literal, rest, options in rows:
        key = (kind, rest, options, len(literal)) if kind != "name" else (kind, rest, options, literal)
        groups.setdefault(key, []).append(literal)
    units = []
    for (kind, rest, options, _), lits in groups.items():
        parts = [lits] if set(_common(lits)) != {"\0"} else [[lit] for lit in lits]
        units += [((kind, rest, options), part) for part in parts]
    return units


def _common(lits: list[str]) -> str:
    """The characters all literals share, by position ("\\0" where they differ)."""
    return "".join(c if all(lit[k] == c for lit in lits) else "\0" for k, c in enumerate(lits[0]))


def _either(texts: list[str]) -> str:
    return re.escape(texts[0]) if len(texts) == 1 else "(?:" + "|".join(map(re.escape, texts)) + ")"


def _anchors(literals: list[str]) -> set[str]:
    """Few, rare characters, one in every literal at least: a greedy weighted set cover."""
    chosen: set[str] = set()
    left = set(literals)
    while left:
        best = max(sorted(set("".join(left)) - {"\0"}), key=lambda c: sum(c in lit for lit in left) / _weight(c))
        chosen.add(best)
        left = {lit for lit in left if best not in lit}
    return chosen


def _weight(c: str) -> float:
    """How often c occurs in agent logs, roughly: each step along _RARE is 15 % more frequent."""
    rank = _RARE.find(c)
    return 1.15 ** (rank if rank >= 0 else len(_RARE))


def _cases(core: str) -> list[str]:
    return list(dict.fromkeys((core, core.title(), core.upper())))


def _core_end(variant: str, then: str) -> str:
    """A lookahead: the core's word ends here or continues only as `then` allows."""
    letters, then = ("[A-Z]", then.upper()) if variant.isupper() else ("[a-z]", then)
    return f"(?!(?!{then}){letters})" if then else f"(?!{letters})"


_SCAN, _ALTERNATIVES = _build()


def spans(text: str, named: list[int] | None = None) -> list[Span]:
    """(kind, start, end) for each secret, left to right (a wrapped token may overlap). named, when given,
    collects where a secret's name stood with no value in code form after it (for prose)."""
    first = _SCAN.search(text)
    if not first:
        return []  # the common case, kept cheap for the many short texts of a log
    found: list[Span] = []
    done = 0
    for m in _SCAN.finditer(text, first.start()):
        group = m.lastgroup or ""
        if m.start() < done and group[0] != "w":
            continue  # inside a secret already found (a wrapped token may run on past it)
        rule = _ALTERNATIVES[group]
        if rule.kind == "name":
            hit = _assignment(text, m.start())
        else:
            hit = _wrapped(text, m, rule) if group[0] == "w" else _token(text, m, rule)
        if hit and (hit[1] >= done or group[0] == "w"):   # overlaps are joined by the caller
            done = max(done, hit[2])
            found.append(hit)
        elif rule.kind == "name" and named is not None:
            named.append(m.start() - rule.anchor)
    return found


def _wrapped(text: str, m: re.Match[str], rule: _Rule) -> Span | None:
    """A token a line break cut in two (a terminal wraps a long line): checked joined; the span
    covers both pieces and the break."""
    start = m.start() - rule.anchor
    pieces = _PIECES.match(text, m.end())
    piece = text[start:pieces.end()]
    brk = _BREAK.search(piece, m.end() - start)
    after = piece[brk.end():]
    first = _SCAN.match(piece[:brk.start()], rule.anchor)
    if first and first.lastgroup == m.lastgroup.replace("w", "t") and _token(piece, first, rule) and not (
            any(c.isdigit() for c in after) or (after.lower() != after and after.upper() != after)):
        hit = _token(piece, first, rule)   # a whole token before the break, a word after it
        return hit and (hit[0], start + hit[1], start + hit[2])
    joined = piece[:brk.start()] + after
    hit = _SCAN.match(joined, rule.anchor)   # the joined text may be another token of the same prefix
    whole = _ALTERNATIVES[hit.lastgroup] if hit and hit.lastgroup and hit.lastgroup[0] == "t" else None
    if whole is None or whole.anchor != rule.anchor or not _token(joined, hit, whole) or hit.end() <= brk.start():
        return None   # not a whole token, or one that ends before the break
    return whole.kind, start, start + _offset(piece, hit.end())


def _offset(piece: str, joined_end: int) -> int:
    """Where in piece (with its break) the joined position joined_end falls."""
    brk = _BREAK.search(piece)
    return joined_end if joined_end <= brk.start() else joined_end + brk.end() - brk.start()


def _token(text: str, m: re.Match[str], rule: _Rule) -> Span | None:
    start = m.start() - rule.anchor
    if rule.back is not None:
        before = rule.back.match(text[max(0, start - 64):start][::-1])
        if not before:
            return None
        start -= before.end()
    if rule.random and not random_or_long_hex(m.group(rule.secret) if rule.secret else text[start:m.end()]):
        return None
    if rule.secret:
        value = m.group(rule.secret)
        if is_placeholder(value):
            return None
        # https://x:ghp_…@github.com holds a github-token
        return token_kind(value) or rule.kind, m.start(rule.secret), m.end(rule.secret)
    return rule.kind, start, m.end()


def random_or_long_hex(value: str) -> bool:
    core = value.split("-", 1)[-1] if value.startswith("sk-") else value
    return looks_random(core) or (len(core) >= 32 and bool(_HEX.fullmatch(core)))


_HEX = rxcache.compile(r"[0-9a-f]+")


class _Context(NamedTuple):
    name: str
    op: str  # "=", ":", "=>", ":=", "==", ">" or "" (a space)
    spaced: bool  # space before the operator, as in code rather than .env
    opener: str  # the quote that opened a string the operator is inside of: "Password:" is a label
    text: str
    start: int  # where the name starts in text


def _assignment(text: str, anchor: int) -> Span | None:
    """A secret's value after its name (`API_KEY=…`, `"token": "…"`, `--password …`), or None."""
    back = _NAME_BACK.match(text[max(0, anchor - 64):anchor][::-1])
    start = anchor - (back.end() if back else 0)
    if text[start - 1:start] == "\\" and text[start:start + 1] in ("n", "r", "t"):
        start += 1  # the name follows an escaped newline: \nAPI_KEY=…
    m = _ASSIGNMENT.match(text, start)
    if not m or not _is_secret_name(m["name"]):
        return None
    op = m["op"].strip()
    if op == ">" and text[start - 1:start] != "<":
        return None  # a comparison, not <password>…</password>
    opener = text[start - 1:start] if text[start - 1:start] in ('"', "'") and not m["close"] else ""
    return _value(_Context(m["name"], op, m["op"][:1] in " \t", opener, text, start), m.end())


def _value(c: _Context, pos: int) -> Span | None:
    text = c.text
    if not c.op and (joint := _JOINT.match(text, pos)):  # `secret is …`, `key="ApiKey" value="…"`
        pos, c = joint.end(), c._replace(op="=" if joint.group().startswith("value") else "")
    if not (opening := _OPENING.match(text, pos)):
        return None  # never: everything in _OPENING is optional
    quote = opening["open"] or ""
    scheme = bool(opening["scheme"]) and bool({"auth", "authorization"} & set(_words(c.name)))
    v = _CONTENT[quote].match(text, opening.end() if scheme else pos + len(quote))
    if not v or (quote and quote[-1] == c.opener) or "-----BEGIN" in v.group():
        return None  # no value, the closing quote of a label, or a key block (a token of its own)
    value = _trim(v.group())
    if value.endswith(":") and not value[:-1].isalpha() and text[v.start() + len(value):][:1] in ("", " ", "\n"):
        value = value[:-1]   # `--token X: …` (a title that follows): the colon is the sentence's
    start, end = v.start(), v.start() + len(value)
    if c.op == ":" and not quote and _TYPE.fullmatch(value) and (eq := _ANNOTATION_THEN_EQ.match(text, end)):
        return _value(c._replace(op="=", spaced=True, opener=""), eq.end())  # `token: str = "…"`
    if c.op == ">" and (quote or text[end:end + 2] != "</"):
        return None
    if not _is_literal(value, quote, scheme, c, text[end:end + 2]):
        return None
    if c.op == ":" and not quote and text[start - 1:start] == ":" and _GLUED_WORD.fullmatch(value):
        return None   # `secrets:commit`, `password:required`: one lower-case word glued to its name is an id
    return _kind(c.name, value, scheme), start, end


_GLUED_WORD = rxcache.compile(r"[a-z]+(?:-[a-z]+)*")


def _is_literal(value: str, quote: str, scheme: bool, c: _Context, after: str) -> bool:
    """Whether a value is a secret's literal text, not a placeholder, reference, path or prose."""
    if len(value) < _MIN_VALUE or value.endswith(":") or "://" in value or is_placeholder(value):
        return False
    if value[0] in "/\\~." and _PATH.fullmatch(value) and not looks_random(value):
        return False
    if scheme:
        return len(value) >= 8 and not value.isalpha()
    if not c.op:  # name and value separated by a space only: a CLI flag, or prose
        if c.name.startswith("-"):
            return quote != "" or not _is_expression(value)
        return looks_random(value) or (_words(c.name) == ("bearer",) and looks_random(value, 8))
    if quote:
        return not _PROSE.fullmatch(value)
    if _is_expression(value):
        return False
    if c.op == ":":
        if not _at_line_start(c.text, c.start):
            return looks_random(value)  # "invalid token: expected …" is prose
        return not (value.isalpha() and after[:1] == " " and (after[1:2].isalpha() or after[1:2] == "["))
    return not (_IDENTIFIER.fullmatch(value) and (c.spaced or after[:1] in (",", ")")))  # a variable


def _is_expression(value: str) -> bool:
    """A reference, template, call or YAML tag rather than a literal."""
    return value[0] in "$%{([<|>!&*#~" or bool(_CALL.match(value))


def _trim(value: str) -> str:
    """Drop closing brackets that belong to the surrounding code (`f(token=abc)`) and Markdown
    emphasis that closes around it (`**always-auth=true**`)."""
    while value[-1:] in _OPENERS and value.count(_OPENERS[value[-1]]) < value.count(value[-1]):
        value = value[:-1]
    return value.rstrip("*") if value.endswith("**") and "**" not in value[:-2] else value


def _kind(name: str, value: str, scheme: bool) -> str:
    if token := token_kind(value):
        return token
    words = _words(name)
    if scheme or "authorization" in words or "bearer" in words:
        return "auth-header"
    if _AWS_SECRET.fullmatch(value) and ("aws" in words or {"secret", "access"} <= set(words)):
        return "aws-secret-key"
    return "env-secret" if name.lstrip("-").isupper() else "generic-secret"


def token_kind(value: str) -> str | None:
    """The kind of token the whole value is (`GITHUB_TOKEN=ghp_…` is a github-token), if any."""
    m = _SCAN.search(value)
    if not m:
        return None
    rule = _ALTERNATIVES[m.lastgroup or ""]
    whole = rule.kind != "name" and not rule.secret and m.start() == rule.anchor and m.end() == len(value)
    return rule.kind if whole and _token(value, m, rule) else None


def names_secret(name: str) -> bool:
    """Whether a key or variable name names a secret (`db_password`, `apiKey`, `--token`)."""
    return _is_secret_name(name)


@lru_cache(maxsize=4096)
def _is_secret_name(name: str) -> bool:
    words = _words(name)
    if not words or words[0] in _NOT_SECRET_FIRST:
        return False
    if words[-3:] == ("private", "key", "id"):
        return True   # a service account's key id: GCP lists it beside the key
    for i in range(len(words) - 1, -1, -1):
        word = words[i]
        if _SECRET_WORD.fullmatch(word) or (word == "key" and i and words[i - 1] in _KEY_OWNERS):
            return True
        if word not in _SECRET_SUFFIXES:
            return False
    return False


@lru_cache(maxsize=4096)
def _words(name: str) -> tuple[str, ...]:
    for breaks in _WORD_BREAKS:
        name = breaks.sub(r"\1_\2", name)
    return tuple(_LETTERS.findall(name.lower()))


def is_placeholder(value: str) -> bool:
    value = value.strip()
    return not value or value.lower() in _NON_VALUES or bool(_PLACEHOLDER.fullmatch(value))


def _at_line_start(text: str, start: int) -> bool:
    """Whether only indentation, a list dash or `export` precede start on its line (YAML, .env)."""
    before = text[max(0, start - 80):start]
    line = before.rsplit("\n", 1)[-1].rsplit("\\n", 1)[-1]
    return (len(line) < len(before) or start < 80) and line.strip(" \t-") in ("", "export")


def looks_random(value: str, min_length: int = 16) -> bool:
    """Long, mixed character classes, high entropy: a key, not a word, path, hash or UUID."""
    if len(value) < min_length or not _TOKEN_CHARS.fullmatch(value) or _HASHLIKE.fullmatch(value):
        return False
    if "/" in value and "." in value:
        return False  # a relative path such as logs/3f2a-….jsonl
    classes = sum(any(test(c) for c in value) for test in (str.islower, str.isupper, str.isdigit))
    counts = Counter(value).values()
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts)
    return classes >= 2 and entropy >= 3.0
