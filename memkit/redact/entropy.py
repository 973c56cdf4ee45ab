"""Secrets with no name and no known shape: long random tokens, and base64 that decodes to
text holding a secret (an encoded `.env`, a Kubernetes secret value).

Owns the search for long runs of token characters, done on a byte copy of the text so C
does the scanning, and the tests a run must pass: long, all three character classes, high
entropy, not an id with a known prefix, a hash, a path or image data. Never takes a
hash, UUID, path or an id such as `toolu_…` for a secret.
"""
from __future__ import annotations

import base64
import binascii
import bisect
import math
import re
import string
from collections import Counter
from collections.abc import Callable

from memkit import rxcache
from memkit.redact import patterns
from memkit.redact.patterns import Span

_RUN_CHARS = (string.ascii_letters + string.digits + "+/_=-.").encode()
_TO_A = bytes.maketrans(_RUN_CHARS, b"a" * len(_RUN_CHARS))
_RUN = rxcache.compile(b"a" * 32 + b"a*")   # a literal prefix: the search skips in C to the next long run
MIN_RANDOM, MAX_RANDOM = 32, 200       # an unlabelled token: long enough to be a key, short enough not to be data
KINDS = ("high-entropy", "base64-secret")   # what this search calls what it finds
MIN_ENTROPY = 4.0                      # bits per character; a random base62 key of 32+ has about 4.7
_NAME = rxcache.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}")
_ID_PREFIX = rxcache.compile(
    r"(?:toolu|srvtoolu|msg|req|call|chatcmpl|cmpl|run|file|asst|thread|batch|evt|cus|ch|pi|pm|sub|in|prod|price|acct"
    r"|txn|ord|sess|user|org|proj|ws|team|agent|tool|step|resp|ft|ftjob|vs|fc|rs|ci|sha\d*|md5|blake\d*|sha512)[_-]",
    re.IGNORECASE)
_ID_NAMES = frozenset(["id", "uuid", "guid", "hash", "sha", "digest", "checksum", "etag", "nonce", "version", "ref", "commit", "trace", "span", "request", "correlation", "integrity", "signature", "cid", "oid", "sid", "key_id", "revision", "build", "image", "tag"])
_PATH_WORD = rxcache.compile(r"(?:^|[/.])[a-z]{4,}(?:[/.]|$)|\.[a-z]{1,5}$")
_HEXISH = rxcache.compile(r"[0-9a-fA-F-]+")
_B64 = rxcache.compile(r"[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+={0,2}")
_PRINTABLE = frozenset(string.printable)


def spans(text: str, holds_secret: Callable[[str], bool], known: list[Span] = ()) -> list[Span]:
    """Unlabelled random tokens and base64 whose decoded text holds_secret, as spans; runs
    that end inside a secret already known (in left-to-right order) are not looked at again."""
    if len(text) < 24:
        return []
    ends = [e for _, _, e in known]
    starts = [s for _, s, _ in known]
    ascii_ = text.encode("ascii", "replace")   # one byte per character: positions stay the same
    kinds = ascii_.translate(_CLASSES)         # u, l, d for each letter case and digit, o for the rest
    armour = [m.start() for m in _ARMOUR.finditer(text)] if "-----BEGIN " in text else []
    found: list[Span] = []
    last_end, find, prefixes = -99, kinds.find, patterns.RUN_PREFIXES
    keyed = False   # the run before, in this block, was a secret
    for m in _RUN.finditer(ascii_.translate(_TO_A)):
        start, end = m.span()
        near = start - last_end <= 4   # the next line of one block
        blob = near and end - start >= 40   # lines of one encoded block: data, not a key
        last_end = end
        if near and keyed and end - start <= 16384:   # the next line of a block whose first line is a key
            found[-1] = (found[-1][0], found[-1][1], end)   # (a private key printed without its BEGIN line):
            continue   # one secret, the block; data whose first line looks random goes with it, read by no one
        keyed = False
        if blob or end - start > 16384:
            continue   # image or file data
        upper, digit = find(b"u", start, end) >= 0, find(b"d", start, end) >= 0
        if not (upper and digit) and not ((upper or digit) and (text.startswith(prefixes, start) or (
                find(b"=", start, end) >= 0 or text[start - 1:start] == "\\") and _prefixed(text, start, end))):
            continue   # a key has upper case and digits, unless it is a token with a known prefix
        if _ID_PREFIX.match(text, start):
            continue   # toolu_…, msg_…, req_…: the ids every agent log is full of
        k = bisect.bisect_right(starts, end) - 1
        if k >= 0 and starts[k] < end <= ends[k] + 2:
            continue   # the run ends in a secret found by its shape or name
        if text.startswith(_OPENSSH, start):   # an OpenSSH private key's body without its BEGIN line: its
            found.append(("private-key", start, end))   # first line is the format's name, low in entropy
            keyed = True
            continue
        if text[max(0, start - 7):start] != "base64,":
            here = _run(text, start, end, holds_secret, armour)
            found += here
            keyed = bool(here) and here[-1][2] >= end - 2
    return found


def _prefixed(text: str, start: int, end: int) -> bool:
    """Whether a lower-case token prefix (`dop_v1_`) starts the run, or its value after `=`."""
    prefixes = patterns.RUN_PREFIXES
    if text.startswith(prefixes, start) or (text[start - 1:start] == "\\" and text.startswith(prefixes, start + 1)):
        return True
    i = text.find("=", start, end)
    return i >= 0 and text.startswith(prefixes, i + 1)


def _run(text: str, start: int, end: int, holds_secret: Callable[[str], bool], armour: list[int]) -> list[Span]:
    run = text[start:end]
    if "/" in run and _PATH_WORD.search(run):   # a path or URL: each of its parts on its own
        found, pos = [], start
        for part in run.split("/"):
            if len(part) >= 16:
                found += _part(text, pos, pos + len(part), holds_secret, armour)
            pos += len(part) + 1
        return found
    return _part(text, start, end, holds_secret, armour)


def _part(text: str, start: int, end: int, holds_secret: Callable[[str], bool], armour: list[int]) -> list[Span]:
    run = text[start:end]
    name, sep, value = run.partition("=")
    named = bool(sep and value and _NAME.fullmatch(name))   # NAME=value (a URL query, .env, a command's prefix)
    if named:
        start, run = start + len(name) + 1, value
    escaped = run[:1] in "nrt" and text[start - 1:start] == "\\"   # `\\n` before it in JSON
    token = patterns.prefixed(run[1:] if escaped else run)
    if token:
        return [(token[0], start + escaped, start + escaped + token[1])]
    run = run.rstrip(".-")
    if len(run) < 16 or run.lower() == run or run.upper() == run or not _DIGIT.search(run) or _ID_PREFIX.match(run):
        return []   # a key has both cases and digits; base64 of text has them too
    if (named and _words(name) & _ID_NAMES) or (not named and _ID_LABEL.match(text[max(0, start - 48):start][::-1])):
        return []   # "signature": "…", SHA256:…, commit=… — named as an id, a hash or a fingerprint
    decoded = _decoded(run)
    if decoded is not None:   # base64 of text: a secret only when the text holds one
        return [("base64-secret", start, start + len(run))] if holds_secret(decoded) else []
    if _public(text, start, armour):
        return []
    return [("high-entropy", start + a, start + b) for a, b in _random_parts(run)]


_OPENSSH = "b3BlbnNzaC1rZXktdjE"   # base64 of "openssh-key-v1", how every OpenSSH private key begins
_CLASSES = bytes.maketrans(string.ascii_uppercase.encode() + string.ascii_lowercase.encode() + string.digits.encode(),
                           b"u" * 26 + b"l" * 26 + b"d" * 10)
_DIGIT = rxcache.compile(r"[0-9]")
_ARMOUR = rxcache.compile(r"-----(?:BEGIN|END) ([A-Z0-9 ]{0,40})-----")
_ID_LABEL = rxcache.compile(   # read backwards from the token: `"signature": "`, `SHA256:`, a path or an address
    r"(?i)[/#@]|(?:[\"']\\?)?[ \t]*[:=][ \t]*(?:[\"']\\?)?(?:\d*ahs|5dm|tnirpregnif|erutangis|tsegid|muskcehc"
    r"|ytirgetni|hsah|gate|ecnon)\b")
_PUBLIC_KEY = rxcache.compile(r"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)[ \t]+$")
_CID = rxcache.compile(r"Qm[1-9A-HJ-NP-Za-km-z]{44}")


def _public(text: str, start: int, armour: list[int]) -> bool:
    """A public key or certificate, or a content address: long and random, and meant to be shared."""
    if _PUBLIC_KEY.search(text, max(0, start - 40), start) or _CID.match(text, start):
        return True
    i = bisect.bisect_right(armour, start) - 1   # the armour line before: BEGIN of something not private
    if i < 0:
        return False
    m = _ARMOUR.match(text, armour[i])
    return bool(m) and text.startswith("-----BEGIN", armour[i]) and "PRIVATE" not in m.group(1)


def _random_parts(run: str) -> list[tuple[int, int]]:
    """The parts of a run that look like keys: the whole run unless it is a path, a URL or a
    dotted name; then each segment between '/' and '.'."""
    if not _PATH_WORD.search(run) and "." not in run.strip("="):
        return [(0, len(run))] if random(run) else []
    if re.fullmatch(r"[\w-]{20,}\.[\w-]{6,}\.[\w-]{20,}", run) and any(random(p, 20) for p in run.split(".")):
        return [(0, len(run))]   # three dotted parts, one of them random: a signed token
    out, pos = [], 0
    for part in re.split(r"([/.])", run):
        if part not in ("/", ".") and random(part):
            out.append((pos, pos + len(part)))
        pos += len(part)
    return out


def random(token: str, min_length: int = MIN_RANDOM) -> bool:
    """A key no one named: long, upper and lower case and digits, high entropy, not an id."""
    token = token.rstrip("=")
    if not min_length <= len(token) <= MAX_RANDOM or _HEXISH.fullmatch(token) or _ID_PREFIX.match(token):
        return False
    counts = [sum(map(test, token)) for test in (str.islower, str.isupper, str.isdigit)]
    if min(counts) < 2 or _wordy(token) or _UUID.search(token) or _CID.fullmatch(token):
        return False   # a key mixes upper case, lower case and digits throughout
    return entropy(token) >= MIN_ENTROPY


_WORDISH = rxcache.compile(r"[A-Z]?[a-z]{4,}")
_UUID = rxcache.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _wordy(token: str) -> bool:
    """Mostly words (`Technical_Specifications_2022`, `WeiherHirschfeld2013`): a name, not a key.
    In random base62, runs of four lower-case letters or more cover about a tenth of it."""
    return sum(map(len, _WORDISH.findall(token))) > 0.35 * len(token)


def entropy(token: str) -> float:
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in Counter(token).values())


def _decoded(run: str) -> str | None:
    """The text a base64 run (standard or URL-safe) encodes, when it is printable text."""
    if len(run) < 16 or len(run) > 8192 or len(run.rstrip("=")) % 4 == 1 or not _B64.fullmatch(run):
        return None
    padded = run + "=" * (-len(run) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if ("-" in run or "_" in run) else None, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if len(decoded) < 8 or sum(c in _PRINTABLE for c in decoded) < 0.95 * len(decoded):
        return None
    return decoded


def _words(name: str) -> set[str]:
    return set(re.findall(r"[a-z]+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()))
