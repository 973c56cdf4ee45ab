"""Secrets recognised by where they stand: a command's password option (`mysql -pX`,
`curl -u user:X`, `sshpass -p X`), credential files (netrc, pgpass), and a password or key
stated in prose ("the admin password is X"). Each rule is searched only in text that holds
its literal, so most text costs a few substring checks. Never takes a placeholder
(`$PASS`, `<password>`) or a word of prose for a secret.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.redact.patterns import Span, is_placeholder, looks_random

_V = r"""(?P<s>'[^'\n]{1,256}'|"[^"\n]{1,256}"|\\"[^"\\\n]{1,256}\\"|[^\s'"\\;|&]{1,256})"""  # a value, maybe quoted
_GAP = r"[^\n|;&]{0,300}?"   # the rest of the same command
_LINE = r"(?:^|(?<=\\n)|(?<=[\"']))[ \t#>*-]*"   # a line's start (also in JSON, a quote, a list, a title)
_PGPASS = r"""(?P<s>[^\s:"'\\]{4,256})(?=[ \t]*(?:$|\\n|["'])|: )"""   # host:port:db:user:password

# (literal, kind, pattern with the secret in group "s"). Each pattern starts with its literal,
# so the search skips in C to the literal's next occurrence; the literal must start a word.
RULES: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple((lit, kind, rxcache.compile(rx, re.MULTILINE)) for lit, kind, rx in (
    ("curl", "curl-password", (rf"""curl\b{_GAP}\s(?:-u|--user)(?:=|\s*)(?P<q>['"]?)[^\s'":\[\]]{{1,100}}:"""
                               r"""(?P<s>[^\s'"]{3,256})(?P=q)""")),
    ("mysql", "mysql-password", rf"mysql(?:dump|admin|import|show|check)?\b{_GAP}\s-p(?=[^\s-]){_V}"),
    ("mariadb", "mysql-password", rf"mariadb(?:-dump)?\b{_GAP}\s-p(?=[^\s-]){_V}"),
    ("sshpass", "sshpass-password", rf"sshpass\b{_GAP}\s-p\s*{_V}"),
    ("redis-cli", "redis-password", rf"redis-cli\b{_GAP}\s(?:-a|--pass)\s+{_V}"),
    ("login", "registry-password", rf"login\b{_GAP}\s-p\s*{_V}"),
    ("twine", "pypi-password", rf"twine\b{_GAP}\s-p\s*{_V}"),
    ("htpasswd", "htpasswd-password", (r"htpasswd\s+(?:-\w+\s+)*-\w*b\w*\s+(?:-\w+\s+)*\S+\s+[^\s-]\S*\s+"
                                       rf"{_V}")),
    ("-pass", "openssl-password", r"-pass(?:in|out|word)?\s+['\"]?pass:(?P<s>[^\s'\"]{3,256})"),
    ("snyk", "snyk-token", r"snyk\s+(?:auth\s+|config\s+set\s+api=)(?P<s>[0-9a-fA-F-]{36})"),
    ("gh secret set", "github-secret", rf"gh secret set\b{_GAP}\s(?:-b|--body)[=\s]\s*{_V}"),
    ("machine", "netrc-password", (r"machine\s+\S+(?:\s+(?:login|account|port)\s+\S+){0,3}\s+password\s+"
                                   r"(?P<s>[^\s'\"]{1,256})")),
    (":5432:", "pgpass-password", rf"{_LINE}[\w.*-]+:5432:[\w.*-]+:[\w.*@-]+:{_PGPASS}"),
    (":*:", "pgpass-password", rf"{_LINE}[\w.*-]+:\*:[\w.*-]+:[\w.*@-]+:{_PGPASS}"),
))
_LOGIN_TOOLS = rxcache.compile(r"\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras|twine)\b[^\n|;&]{0,40}$")

# a password, passphrase or key stated in words, read where a secret's name was seen but no
# value followed it in code form: "the admin password is X", "wifi password: X"
_PROSE = rxcache.compile(
    r"(?P<word>pass(?:word|phrase|code)?|passwd|pwd|secret|token|key)s?\b"
    r"(?:[ \t]+(?:[a-z]+(?:'s)?)){0,4}?"
    r"[ \t]*(?:\b(?:is|was|are)\b|:)[ \t]+['\"`]?(?P<s>(?:[^\s'\"`\\()\[\]{}<>,;]|\\(?![nrt\"'\\])){4,256}?)['\"`]?"
    r"(?=[\s,;)\\]|[.!?](?:\s|$)|$)",
    re.IGNORECASE)
_CODE = rxcache.compile(r"[A-Za-z_][\w.]*")
_PROSE_WORDS = frozenset(
    ["required", "wrong", "correct", "invalid", "incorrect", "empty", "set", "stored", "saved", "missing", "expired", "changed", "valid", "ok", "okay", "optional", "needed", "shown", "hidden", "masked", "encrypted", "hashed", "unknown", "none", "null", "true", "false", "here", "there", "below", "above", "the", "a", "an", "in", "on", "at", "to", "of", "for", "not", "now", "still", "also", "just", "too", "very", "same", "different", "new", "old", "this", "that", "configured", "rotated", "revoked", "generated", "provided", "supplied", "used", "sent", "checked", "verified", "accepted", "rejected", "long", "short", "strong", "weak", "secure", "insecure"])


def spans(text: str, named: list[int] | None = None) -> list[Span]:
    """The secrets the rules find; named: where patterns saw a secret's name with no value after it."""
    found: list[Span] = []
    for literal, kind, rx in RULES:
        if literal in text:
            found += [(kind, m.start("s"), m.end("s")) for m in rx.finditer(text)
                      if _real(m.group("s")) and _starts_word(text, m.start(), kind)]
    for pos in named or ():
        hit = _prose(text, pos)
        if hit:
            found.append(hit)
    return found


def _starts_word(text: str, start: int, kind: str) -> bool:
    """The command's name stands alone (not `xcurl`), and `login -p` belongs to a registry tool."""
    if start and (text[start - 1].isalnum() or text[start - 1] in "_"):
        return False
    return kind != "registry-password" or bool(_LOGIN_TOOLS.search(text, max(0, start - 60), start))


def _real(value: str) -> bool:
    """A value as written, not a placeholder, variable or substitution."""
    inner = value.strip("'\"\\")
    return len(inner) >= 3 and not is_placeholder(inner) and inner[0] not in "$%<{(`" and "REDACTED" not in inner


def _prose(text: str, pos: int) -> Span | None:
    m = _PROSE.match(text, pos)
    if not m or (pos and text[pos - 1].isalpha()):
        return None
    value = m.group("s").rstrip(".,;:!?")
    word = m.group("word").lower()
    if word == "pass" and re.search(r"[a-z]", text[m.end("word"):m.start("s")].replace("is", "", 1), re.I):
        return None   # "pass this on: …" relays words; a bare "pass" names a secret only as "pass: X", "pass is X"
    if not _real(value) or value.lower() in _PROSE_WORDS or "://" in value or value[0] in "/~.":
        return None
    if _CODE.fullmatch(value) and not any(c.isdigit() for c in value):
        return None   # a name in code (`password: str`, `token: self.token`), not a value
    if word.startswith("pass") or word == "pwd":   # a password needs no randomness, but not a word
        ok = len(value) >= 6 and (any(c.isdigit() for c in value) or not value.isalpha())
    else:
        ok = looks_random(value)
    return ("prose-secret", m.start("s"), m.start("s") + len(value)) if ok else None
