"""Secret redaction: the gate every text passes through before memkit writes it.

Owns the table of secret patterns, `redact` (replace each secret with
"[REDACTED:<kind>]") and `scan` (report secrets without changing text, for
`memkit doctor`). It must never let a secret through in clear text, never keep or
log what it removed, and never remove more than the secret: names, users and hosts stay.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

_PEM_TO_END = r"(?:[^-]|-(?!----))*+-----END[A-Z0-9 ]{0,24}PRIVATE KEY(?: BLOCK)?-----"
_NOT_IN_URL = r"'\"<>\[\]{}\\^|`"  # characters a URL never holds unescaped
_PEM_CUT_SHORT = r"(?:(?:\s|\\[nr])++[A-Za-z0-9+/=]{8,}+)++"  # no END line: header plus base64 lines

# Secrets recognisable on their own: (kind, literal prefix, pattern for the rest).
# A group named "s" marks the part replaced; without one the whole match is replaced.
_TOKENS: tuple[tuple[str, str, str], ...] = (
    ("private-key", "-----BEGIN ",
     rf"[A-Z0-9 ]{{0,24}}PRIVATE KEY(?: BLOCK)?-----(?:{_PEM_TO_END}|{_PEM_CUT_SHORT})"),
    ("aws-access-key", "AKIA", r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("aws-access-key", "ASIA", r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ("github-token", "ghp_", r"[A-Za-z0-9]{36,251}"),
    ("github-token", "gho_", r"[A-Za-z0-9]{36,251}"),
    ("github-token", "ghu_", r"[A-Za-z0-9]{36,251}"),
    ("github-token", "ghs_", r"[A-Za-z0-9]{36,251}"),
    ("github-token", "ghr_", r"[A-Za-z0-9]{36,251}"),
    ("github-token", "github_pat_", r"[A-Za-z0-9_]{22,251}"),
    ("gitlab-token", "glpat-", r"[A-Za-z0-9_-]{20,64}"),
    ("slack-token", "xox", r"[abposr]-[A-Za-z0-9-]{10,250}"),
    ("slack-token", "xapp-", r"\d-[A-Za-z0-9-]{10,250}"),
    ("slack-webhook", "hooks.slack.com/", r"(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9_/+-]{16,256})"),
    ("anthropic-key", "sk-ant-", r"[A-Za-z0-9_-]{20,256}"),
    ("openai-key", "sk-", r"(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,256}|[A-Za-z0-9]{32,256}(?![\w-]))"),
    ("stripe-key", "sk_live_", r"[A-Za-z0-9]{16,256}"),
    ("stripe-key", "sk_test_", r"[A-Za-z0-9]{16,256}"),
    ("stripe-key", "rk_live_", r"[A-Za-z0-9]{16,256}"),
    ("stripe-key", "rk_test_", r"[A-Za-z0-9]{16,256}"),
    ("stripe-key", "whsec_", r"[A-Za-z0-9]{24,256}"),
    ("google-api-key", "AIza", r"[A-Za-z0-9_-]{35}(?![\w-])"),
    ("npm-token", "npm_", r"[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("jwt", "eyJ", r"[A-Za-z0-9_-]{8,8192}+\.eyJ[A-Za-z0-9_-]{8,8192}+\.[A-Za-z0-9_-]{8,8192}+"),
    ("url-password", "://", rf"[^\s:/@{_NOT_IN_URL}]{{0,128}}+:(?P<s>[^\s/{_NOT_IN_URL}]{{1,256}})@"),
)

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
    + "|".join(sorted(_SECRET_SUFFIXES, key=len, reverse=True))
    + r"|[0-9]+))*+(?:\\?[\"'])?\]?(?:[ \t]*(?::=|=>|==|[=:>])|[ \t]+[^\s-]))"
)

# Characters a pattern is searched from, best first: rare in agent logs and shared by many
# patterns, so the combined search stops at few places and tries few alternatives there.
# Every literal above holds one of them.
_ANCHORS = "JxAKPBHCkphc/"

# A secret's name, word by word (camelCase and snake_case split): the last word that
# names a secret may be followed only by words that describe its form.
_SECRET_WORD = re.compile(
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
_PLACEHOLDER = re.compile(
    r"\$\w+|\$\{[^{}]*\}|\$\(.*\)|%\(?\w+\)?s?|%\w+%|\{\{.*\}\}|\{[\w.]*\}|<[^<>]*>|\[[^\[\]]*\]"
    r"|(?i:[x*•#._-]+|your[\w-]*|.*\.\.\..*|.*….*|.*redacted.*|.*(?:\*{3}|•{3}|x{5}).*)"
)
_MIN_VALUE = 4  # shorter values are flags, numbers and fragments, not secrets
_OPENING = re.compile(  # an opening quote, then an HTTP auth scheme when the name is an Authorization header
    r"(?P<open>\\[\"']|[\"'`])?(?P<scheme>(?:[Bb]earer|BEARER|[Bb]asic|[Tt]oken|[Dd]igest)[ \t]+)?"
)
_CONTENT = {  # a value's text, by how it opens; long enough for any secret but a key block
    "": re.compile(r"[^\s\"'`\\,;<>&]{1,16384}+"),  # bare, up to a delimiter
    '\\"': re.compile(r"[^\"\\\r\n]{1,16384}+"),  # inside a JSON-escaped string: \"value\"
    "\\'": re.compile(r"[^'\\\r\n]{1,16384}+"),
    '"': re.compile(r'(?:[^"\\\r\n]|\\.){1,16384}+'),
    "'": re.compile(r"(?:[^'\\\r\n]|\\.){1,16384}+"),
    "`": re.compile(r"[^`\r\n]{1,16384}+"),
}
_ASSIGNMENT = re.compile(
    r"(?P<name>[\w.-]{1,96}+)(?P<close>\\?[\"'])?\]?(?P<op>[ \t]*(?::=|=>|==|[=:>])[ \t]*|[ \t]+)"
)
_JOINT = re.compile(r"(?:is|was|are)[ \t]+|value=")
_ANNOTATION_THEN_EQ = re.compile(r"[ \t]*=(?!=)[ \t]*")
_TYPE = re.compile(r"[A-Za-z_][\w.]*(?:\[[^\]\n]*\])?")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_.]*")
_CALL = re.compile(r"[A-Za-z_][\w.]*[(\[]")
_PATH = re.compile(r"(?:[A-Za-z]:|~|\.{1,2})?[/\\][\w.@+~%-]*(?:[/\\][\w.@+~%-]*)*")
_PROSE = re.compile(r"\S+(?: \S+){2,}[.!?]")
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9+/=_.~-]+")
_HASHLIKE = re.compile(r"[0-9a-f]+|[0-9A-F]+|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_AWS_SECRET = re.compile(r"[A-Za-z0-9/+]{40}")
_NAME_BACK = re.compile(r"[\w.-]{0,64}")  # matched on the reversed text before a name core
_WORD_BREAKS = (re.compile(r"([a-z0-9])([A-Z])"), re.compile(r"([A-Z]+)([A-Z][a-z])"))
_LETTERS = re.compile(r"[a-z]+")
_OPENERS = {")": "(", "]": "[", "}": "{"}
_WORDLIKE_KINDS = frozenset(k for k, _, _ in _TOKENS) - {"private-key", "url-password", "slack-webhook"}


_Span = tuple[str, int, int]  # kind, start, end


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    line: int  # 1-based


def redact(text: str) -> tuple[str, int]:
    """Return text with every secret replaced by "[REDACTED:<kind>]" and the number of replacements."""
    spans = _spans(text)
    if not spans:
        return text, 0
    parts: list[str] = []
    last = 0
    for kind, start, end in spans:
        parts += (text[last:start], f"[REDACTED:{kind}]")
        last = end
    parts.append(text[last:])
    return "".join(parts), len(spans)


def scan(text: str) -> list[Finding]:
    """Find the secrets in text without changing it (for `memkit doctor`)."""
    found, line, last = [], 1, 0
    for kind, start, end in _spans(text):
        line += text.count("\n", last, start)
        last = start
        found.append(Finding(kind, start, end, line))
    return found


def _build() -> tuple[re.Pattern[str], dict[str, tuple[str, int, str | None]]]:
    """One regex for all patterns, and what each alternative's closing group names.

    Each alternative starts at its pattern's anchor (see _ANCHORS), a literal, so the search
    skips in C from one anchor character to the next; it checks the rest of its literal behind
    it and ends with an empty group naming it. Alternatives are grouped by anchor.
    """
    by_anchor: dict[str, list[str]] = {}
    meta: dict[str, tuple[str, int, str | None]] = {}
    names = [("name", v, _core_end(v, then) + _NAME_TAIL)
             for core, then in _NAME_CORES.items() for v in _cases(core)]
    for i, (kind, literal, rest) in enumerate(_TOKENS + tuple(names)):
        a = next(literal.index(c) for c in _ANCHORS if c in literal)
        head = re.escape(literal[:a + 1])
        checks = f"(?<={head})" if a else ""
        if kind in _WORDLIKE_KINDS:  # "task-…" is not "sk-…"; also keeps long runs linear
            checks += f"(?<![\\w-]{head})"
        if kind == "name" and literal.lower() == "key":  # "key" alone names no secret: `"key": "Enter"`
            checks += f"(?<=[\\w.-]{head})"
        group = f"{'n' if kind == 'name' else 't'}{i}"
        rest = rest.replace("(?P<s>", f"(?P<s{i}>")
        alternative = f"{checks}{re.escape(literal[a + 1:])}{rest}(?P<{group}>)"
        by_anchor.setdefault(literal[a], []).append(alternative)
        meta[group] = (kind, a, f"s{i}" if f"(?P<s{i}>" in rest else None)
    return re.compile("|".join(f"{re.escape(c)}(?:{'|'.join(alts)})" for c, alts in by_anchor.items())), meta


def _cases(core: str) -> list[str]:
    return list(dict.fromkeys((core, core.title(), core.upper())))


def _core_end(variant: str, then: str) -> str:
    """A lookahead: the core's word ends here or continues only as `then` allows."""
    letters, then = ("[A-Z]", then.upper()) if variant.isupper() else ("[a-z]", then)
    return f"(?!(?!{then}){letters})" if then else f"(?!{letters})"


_SCAN, _ALTERNATIVES = _build()


def _spans(text: str) -> list[_Span]:
    """(kind, start, end) for each secret, left to right, never overlapping."""
    first = _SCAN.search(text)
    if not first:
        return []  # the common case, kept cheap for the many short texts of a log
    spans: list[_Span] = []
    done = 0
    for m in _SCAN.finditer(text, first.start()):
        if m.start() < done:
            continue  # inside a secret already found
        kind, anchor, secret = _ALTERNATIVES[m.lastgroup or ""]
        if kind == "name":
            hit = _assignment(text, m.start())
        else:
            hit = _token(text, m, kind, m.start() - anchor, secret)
        if hit and hit[1] >= done:
            done = hit[2]
            spans.append(hit)
    return spans


def _token(text: str, m: re.Match[str], kind: str, start: int, secret: str | None) -> _Span | None:
    if kind == "openai-key" and not _looks_random(text[start:m.end()]):
        return None
    if secret:
        value = m.group(secret)
        if _is_placeholder(value):
            return None
        # https://x:ghp_…@github.com holds a github-token
        return _token_kind(value) or kind, m.start(secret), m.end(secret)
    return kind, start, m.end()


class _Context(NamedTuple):
    name: str
    op: str  # "=", ":", "=>", ":=", "==", ">" or "" (a space)
    spaced: bool  # space before the operator, as in code rather than .env
    opener: str  # the quote that opened a string the operator is inside of: "Password:" is a label
    text: str
    start: int  # where the name starts in text


def _assignment(text: str, anchor: int) -> _Span | None:
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


def _value(c: _Context, pos: int) -> _Span | None:
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
    start, end = v.start(), v.start() + len(value)
    if c.op == ":" and not quote and _TYPE.fullmatch(value) and (eq := _ANNOTATION_THEN_EQ.match(text, end)):
        return _value(c._replace(op="=", spaced=True, opener=""), eq.end())  # `token: str = "…"`
    if c.op == ">" and (quote or text[end:end + 2] != "</"):
        return None
    if not _is_literal(value, quote, scheme, c, text[end:end + 2]):
        return None
    return _kind(c.name, value, scheme), start, end


def _is_literal(value: str, quote: str, scheme: bool, c: _Context, after: str) -> bool:
    """Whether a value is a secret's literal text, not a placeholder, reference, path or prose."""
    if len(value) < _MIN_VALUE or value.endswith(":") or "://" in value or _is_placeholder(value):
        return False
    if value[0] in "/\\~." and _PATH.fullmatch(value) and not _looks_random(value):
        return False
    if scheme:
        return len(value) >= 8 and not value.isalpha()
    if not c.op:  # name and value separated by a space only: a CLI flag, or prose
        if c.name.startswith("-"):
            return quote != "" or not _is_expression(value)
        return _looks_random(value) or (_words(c.name) == ("bearer",) and _looks_random(value, 8))
    if quote:
        return not _PROSE.fullmatch(value)
    if _is_expression(value):
        return False
    if c.op == ":":
        if not _at_line_start(c.text, c.start):
            return _looks_random(value)  # "invalid token: expected …" is prose
        return not (value.isalpha() and after[:1] == " " and after[1:2].isalpha())
    return not (_IDENTIFIER.fullmatch(value) and (c.spaced or after[:1] in (",", ")")))  # a variable


def _is_expression(value: str) -> bool:
    """A reference, template, call or YAML tag rather than a literal."""
    return value[0] in "$%{([<|>!&*#~" or bool(_CALL.match(value))


def _trim(value: str) -> str:
    """Drop closing brackets that belong to the surrounding code: `f(token=abc)`."""
    while value[-1:] in _OPENERS and value.count(_OPENERS[value[-1]]) < value.count(value[-1]):
        value = value[:-1]
    return value


def _kind(name: str, value: str, scheme: bool) -> str:
    if token := _token_kind(value):
        return token
    words = _words(name)
    if scheme or "authorization" in words or "bearer" in words:
        return "auth-header"
    if _AWS_SECRET.fullmatch(value) and ("aws" in words or {"secret", "access"} <= set(words)):
        return "aws-secret-key"
    return "env-secret" if name.lstrip("-").isupper() else "generic-secret"


def _token_kind(value: str) -> str | None:
    """The kind of token the whole value is (`GITHUB_TOKEN=ghp_…` is a github-token), if any."""
    m = _SCAN.search(value)
    if not m:
        return None
    kind, anchor, secret = _ALTERNATIVES[m.lastgroup or ""]
    whole = kind != "name" and not secret and m.start() == anchor and m.end() == len(value)
    return kind if whole else None


@lru_cache(maxsize=4096)
def _is_secret_name(name: str) -> bool:
    words = _words(name)
    if not words or words[0] in _NOT_SECRET_FIRST:
        return False
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


def _is_placeholder(value: str) -> bool:
    value = value.strip()
    return not value or value.lower() in _NON_VALUES or bool(_PLACEHOLDER.fullmatch(value))


def _at_line_start(text: str, start: int) -> bool:
    """Whether only indentation, a list dash or `export` precede start on its line (YAML, .env)."""
    before = text[max(0, start - 80):start]
    line = before.rsplit("\n", 1)[-1].rsplit("\\n", 1)[-1]
    return (len(line) < len(before) or start < 80) and line.strip(" \t-") in ("", "export")


def _looks_random(value: str, min_length: int = 16) -> bool:
    """Long, mixed character classes, high entropy: a key, not a word, path, hash or UUID."""
    if len(value) < min_length or not _TOKEN_CHARS.fullmatch(value) or _HASHLIKE.fullmatch(value):
        return False
    if "/" in value and "." in value:
        return False  # a relative path such as logs/3f2a-….jsonl
    classes = sum(any(test(c) for c in value) for test in (str.islower, str.isupper, str.isdigit))
    counts = Counter(value).values()
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts)
    return classes >= 2 and entropy >= 3.0
