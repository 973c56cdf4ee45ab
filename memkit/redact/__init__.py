"""Secret redaction: the one gate every text passes through before memkit writes it.

Owns `redact` (replace each secret with "[REDACTED:<kind>]"), `scan` (report secrets
without changing text, for `memkit doctor`), and the forms of the gate for structured data
(`data`) and one-line labels (`line`). Three searches feed it: shapes and names
(patterns), command-line and prose contexts (context), and unlabelled tokens by entropy or
base64 contents (entropy). It must never let a secret through in clear text, never keep
or log what it removed, and never remove more than the secret: names, users, hosts stay.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memkit import rxcache
from memkit.redact import context, entropy, patterns


class Redacted(str):
    """Text that has been through the gate: writing it again needs no second search."""

    __slots__ = ()


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    line: int  # 1-based


def redact(text: str) -> tuple[Redacted, int]:
    """text with every secret replaced by "[REDACTED:<kind>]", and the number of replacements."""
    if isinstance(text, Redacted):
        return text, 0
    found = spans(text)
    if not found:
        return Redacted(text), 0
    parts: list[str] = []
    last = 0
    for kind, start, end in found:
        parts += (text[last:start], f"[REDACTED:{kind}]")
        last = end
    parts.append(text[last:])
    return Redacted("".join(parts)), len(found)


def scan(text: str) -> list[Finding]:
    """Find the secrets in text without changing it (for `memkit doctor`)."""
    out, line, last = [], 1, 0
    for kind, start, end in spans(text):
        line += text.count("\n", last, start)
        last = start
        out.append(Finding(kind, start, end, line))
    return out


def spans(text: str) -> list[patterns.Span]:
    """Every secret in text as (kind, start, end), left to right; overlapping finds are joined."""
    named: list[int] = []
    found = patterns.spans(text, named)
    found += context.spans(text, named)
    found += entropy.spans(text, _inner, sorted(found, key=lambda s: s[1]))
    if len(found) < 2:
        return found
    found.sort(key=lambda s: (s[1], -s[2]))
    merged = [found[0]]
    for kind, start, end in found[1:]:
        k, s, e = merged[-1]
        if start < e:   # overlapping: one redaction covering both, named by a shape or name over entropy
            merged[-1] = (kind if k in entropy.KINDS and kind not in entropy.KINDS else k, s, max(e, end))
        else:
            merged.append((kind, start, end))
    return merged


def _inner(text: str) -> bool:
    """Whether decoded text holds a secret (for base64 contents): shapes, names and contexts."""
    named: list[int] = []
    return bool(patterns.spans(text, named) or context.spans(text, named))


_CONTROL = rxcache.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def line(text: Any, limit: int = 300) -> Redacted:
    """A one-line label (a title, a commit subject, a trailer): control and direction
    characters dropped, whitespace folded, at most limit characters, and redacted."""
    flat = " ".join(_CONTROL.sub("", str(text or "")).split())[:limit]
    return redact(flat)[0]


def data(obj: Any, key: str = "") -> tuple[Any, int]:
    """A copy of structured data (frontmatter) with every string redacted, each read under the
    key that holds it (`db_password: hunter2` is a secret by its name), and the number of
    secrets; the object itself when nothing changed. Keys are names, never redacted."""
    if isinstance(obj, str):
        return value(obj, key)
    if isinstance(obj, dict):
        pairs = {k: data(v, str(k)) for k, v in obj.items()}
        changed = any(new is not obj[k] for k, (new, _) in pairs.items())
        return ({k: new for k, (new, _) in pairs.items()} if changed else obj), sum(n for _, n in pairs.values())
    if isinstance(obj, list):
        items = [data(v, key) for v in obj]
        changed = any(new is not old for (new, _), old in zip(items, obj))
        return ([new for new, _ in items] if changed else obj), sum(n for _, n in items)
    return obj, 0


_SEEN: set[tuple[str, str]] = set()   # (key, value) found clean; a value holding a secret is never kept
SEEN_SIZE, SEEN_LONGEST = 8192, 4096   # values remembered; longer ones are searched each time


def value(text: str, key: str = "") -> tuple[str, int]:
    """One value through the gate, read under the name that holds it: `db_password: hunter2`.
    A plain str (YAML's safe dumper knows no other), the value itself when nothing was found.
    A note's values are gated when it is stamped and again when it is rendered: a clean value
    is searched once."""
    if type(text) is not str or len(text) > SEEN_LONGEST:
        return _value(text, key)
    if (key, text) in _SEEN:
        return text, 0
    found = _value(text, key)
    if not found[1]:
        if len(_SEEN) >= SEEN_SIZE:
            _SEEN.clear()
        _SEEN.add((key, text))
    return found


def _value(text: str, key: str) -> tuple[str, int]:
    out, count = redact(text)
    if key and not count and patterns.names_secret(key):   # read "key: value" as the file has it
        framed = f"{key}: {text}"
        found = [s for s in spans(framed) if s[2] > len(key) + 2]
        if found:
            out, count = redact(framed)
            out = out[len(key) + 2:] if out.startswith(f"{key}: ") else f"[REDACTED:{found[0][0]}]"
    return (str(out), count) if count or type(text) is not str else (text, 0)
