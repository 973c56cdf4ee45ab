"""Frontmatter as memkit writes it, read without PyYAML: flat `key: value` lines and lists of
scalars. Anything else (nested maps, block or double-quoted strings, comments, anchors…)
returns None and the caller hands the text to PyYAML, so the result is always what the YAML
loader would give (a property test holds the two together).

Why: a reindex of 120,000 notes spent a fifth of its time building Python objects in
PyYAML's constructor for frontmatter this simple.
"""
from __future__ import annotations

import re

_KEY = re.compile(r"([A-Za-z][A-Za-z0-9_-]*):(?: (.*))?$")
_ITEM = re.compile(r"( *)- (.*)$")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]+$")
_BOOL = {**dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
         **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False)}
_NULL = {"", "~", "null", "Null", "NULL"}
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
FAIL = object()
_ODD = re.compile("\r(?!\n)|[\x85\u2028\u2029\ufeff]|[^\x09\x0A\x0D\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
MAX_KEY = 1000   # PyYAML reads no simple key past 1024 characters


def load(raw: str, resolvers: dict) -> dict | None:
    """The mapping, or None when the text needs the real YAML loader. `resolvers` are the
    loader's implicit resolvers (first character -> [(tag, regex)], those for any first
    character already appended; None -> those alone), so scalars get the types that loader
    would give them."""
    if _ODD.search(raw):
        return None   # YAML's other line breaks, or characters its reader refuses
    out: dict = {}
    lines = raw.split("\n")
    i, n = 0, len(lines)
    while i < n:
        line = lines[i].rstrip("\r")
        i += 1
        if not line.strip():
            continue
        m = _KEY.match(line)
        if m is None or len(m.group(1)) > MAX_KEY:
            return None
        key, rest = m.group(1), (m.group(2) or "").strip(" ")
        if _plain(key, resolvers) is not key:   # a key YAML reads as a bool, a number or null
            return None
        if rest:
            value = _scalar(rest, resolvers)
            if value is FAIL:
                return None
            out[key] = value
            continue
        if i < n and lines[i][:1] == " " and not _ITEM.match(lines[i]):
            sub, i = _mapping(lines, i, resolvers)   # one level of `  key: value` (a trace's source)
            if sub is None:
                return None
            out[key] = sub
            continue
        items, indent = [], None
        while i < n:
            nxt = lines[i].rstrip("\r")
            im = _ITEM.match(nxt)
            if im is None:
                if nxt[:1] in (" ", "\t") or nxt.strip() == "-":
                    return None   # nested structure or an empty item
                break
            if indent is None:
                indent = im.group(1)
            elif im.group(1) != indent:
                return None
            item = im.group(2).strip(" ")
            if not item:
                return None
            if item[0] not in "'\"" and (item.startswith("- ") or ": " in item or item.endswith(":")):
                return None   # a nested list or a mapping inside the list
            value = _scalar(item, resolvers)
            if value is FAIL:
                return None
            items.append(value)
            i += 1
        out[key] = items if indent is not None else None
    return out or None   # nothing but blank lines: YAML's null, the caller's business


def _mapping(lines: list[str], i: int, resolvers: dict, depth: int = 0) -> tuple[dict | None, int]:
    """A nested mapping as PyYAML writes one: `  key: value`, `  key:` with its list items at the
    same indent (`  - item`), or one more nested mapping (a trace's source, a note's cue)."""
    sub: dict = {}
    indent = len(lines[i]) - len(lines[i].lstrip(" "))
    while i < len(lines):
        line = lines[i].rstrip("\r")
        lead = len(line) - len(line.lstrip(" "))
        if not line.strip() or lead < indent:
            break                # the mapping ends: a blank line or an outer key
        if lead > indent:
            return None, i       # deeper than this mapping without a key to hold it
        m = _KEY.match(line[indent:])
        if m is None:
            return None, i
        key, rest = m.group(1), (m.group(2) or "").strip(" ")
        if _plain(key, resolvers) is not key or key in sub:
            return None, i
        i += 1
        if rest:
            value = _scalar(rest, resolvers)
            if value is FAIL:
                return None, i
            sub[key] = value
            continue
        nxt = lines[i].rstrip("\r") if i < len(lines) else ""
        lead = len(nxt) - len(nxt.lstrip(" "))
        if _ITEM.match(nxt) and lead == indent:
            items = []
            while i < len(lines):
                im = _ITEM.match(lines[i].rstrip("\r"))
                if im is None or len(im.group(1)) != indent:
                    break
                item = im.group(2).strip(" ")
                if not item or (item[0] not in "'\"" and (item.startswith("- ") or ": " in item
                                                          or item.endswith(":"))):
                    return None, i
                value = _scalar(item, resolvers)
                if value is FAIL:
                    return None, i
                items.append(value)
                i += 1
            sub[key] = items
        elif lead > indent and depth == 0 and nxt.strip() and not _ITEM.match(nxt):
            inner, i = _mapping(lines, i, resolvers, depth + 1)
            if inner is None:
                return None, i
            sub[key] = inner
        else:
            return None, i
    return sub, i


def _scalar(text: str, resolvers: dict):
    if text == "[]":
        return []
    if text == "{}":
        return {}
    if text[0] == "'":
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != "'" or "'" in inner.replace("''", ""):
            return FAIL
        return inner.replace("''", "'")
    if text[0] == '"':
        inner = text[1:-1]
        if len(text) < 2 or text[-1] != '"' or '"' in inner or "\\" in inner:
            return FAIL
        return inner
    return _plain(text, resolvers)


def _plain(text: str, resolvers: dict):
    """A plain scalar with the type the YAML loader would resolve it to (FAIL when unsure)."""
    if (text[0] in _INDICATORS and not (text[0] == "-" and len(text) > 1 and text[1] not in " \t")) \
            or ": " in text or " #" in text or text.endswith(":") or "\t" in text:
        return FAIL
    for tag, rx in resolvers.get(text[0], resolvers.get(None, ())):
        if rx.match(text):
            kind = tag.rsplit(":", 1)[-1]
            if kind == "int" and _INT.match(text):
                return int(text)
            if kind == "float" and _FLOAT.match(text):
                return float(text)
            if kind == "bool" and text in _BOOL:
                return _BOOL[text]
            if kind == "null" and text in _NULL:
                return None
            return FAIL
    return text


# ---- writing ---------------------------------------------------------------------------
def dump(meta: dict, resolvers: dict) -> str | None:
    """`key: value` lines that `load` (and PyYAML) read back to this very mapping, or None when
    a value needs PyYAML's emitter (nested structures, multi-line or unprintable strings…)."""
    if not meta:
        return None
    out: list[str] = []
    for key, value in meta.items():
        if not isinstance(key, str) or len(key) > MAX_KEY or not _KEY.fullmatch(key + ":") \
                or _plain(key, resolvers) is not key:
            return None
        if isinstance(value, list):
            if not value:
                out.append(f"{key}: []")
                continue
            out.append(f"{key}:")
            for item in value:
                text = _emit(item, resolvers)
                if text is None:
                    return None
                out.append(f"- {text}")
        elif isinstance(value, dict):
            if not value:
                out.append(f"{key}: {{}}")
                continue
            out.append(f"{key}:")
            for sub, item in value.items():
                text = _emit(item, resolvers)
                if text is None or not isinstance(sub, str) or not _KEY.fullmatch(sub + ":") \
                        or _plain(sub, resolvers) is not sub:
                    return None
                out.append(f"  {sub}: {text}")
        else:
            text = _emit(value, resolvers)
            if text is None:
                return None
            out.append(f"{key}: {text}")
    return "\n".join(out) + "\n"


def _emit(value, resolvers: dict) -> str | None:
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text if _FLOAT.match(text) else None
    if not isinstance(value, str) or not value or not value.isprintable():
        return None
    if value == value.strip() and _plain(value, resolvers) is value:
        return value
    return "'" + value.replace("'", "''") + "'"


# ---- writing nested frontmatter, byte for byte as PyYAML would -------------------------------
# A note's `cue:` (a mapping holding lists and a mapping) sends `dump` to PyYAML, the slowest step
# of writing a candidate. `dump_nested` writes those shapes itself, but only where its bytes are
# certainly PyYAML's block style: a string it is not sure PyYAML writes plain or in single quotes
# (a leading `?`, `:`, `.` or space, a character outside the Basic Multilingual Plane, anything
# unprintable) sends the whole mapping back to PyYAML.
_QUOTED_START = frozenset("#,[]{}&*!|>'\"%@`")   # PyYAML never starts a plain scalar with these
_UNSURE_START = frozenset("?:. ")
_MAX_NESTED_TEXT = 4096   # PyYAML folds nothing this short at the width memkit writes


def dump_nested(meta: dict, resolvers: dict) -> str | None:
    """The frontmatter PyYAML would write for a mapping of scalars, lists of scalars and mappings
    of those (two levels deep), or None when unsure."""
    out: list[str] = []
    return "\n".join(out) + "\n" if meta and _block(meta, resolvers, "", 0, out) else None


def _block(mapping: dict, resolvers: dict, pad: str, depth: int, out: list[str]) -> bool:
    for key, value in mapping.items():
        if not isinstance(key, str) or _exact(key, resolvers) != key or not _KEY.fullmatch(key + ":"):
            return False
        if isinstance(value, dict):
            if not value:
                out.append(f"{pad}{key}: {{}}")
                continue
            out.append(f"{pad}{key}:")
            if depth >= 2 or not _block(value, resolvers, pad + "  ", depth + 1, out):
                return False
        elif isinstance(value, list):
            out.append(f"{pad}{key}: []" if not value else f"{pad}{key}:")
            for item in value:
                text = _exact(item, resolvers)
                if text is None:
                    return False
                out.append(f"{pad}- {text}")
        else:
            text = _exact(value, resolvers)
            if text is None:
                return False
            out.append(f"{pad}{key}: {text}")
    return True


def _exact(value, resolvers: dict) -> str | None:
    """A scalar as PyYAML's emitter writes it, or None when unsure."""
    if value is None or isinstance(value, (bool, int, float)):
        return _emit(value, resolvers)   # a float only as `digits.digits`, as PyYAML writes it
    if value == "":
        return "''"
    if not isinstance(value, str) or len(value) > _MAX_NESTED_TEXT or not value.isprintable() \
            or value[0] in _UNSURE_START or value[-1] == " " or max(value) > "\uffff" or "\ufeff" in value:
        return None
    if value[0] not in _QUOTED_START and not value.startswith("---") and _plain(value, resolvers) is value:
        return value
    return "'" + value.replace("'", "''") + "'"
