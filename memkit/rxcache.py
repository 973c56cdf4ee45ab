"""Regular expressions compiled once per machine rather than once per process.

A hook process lives some fifty milliseconds and compiles seventy-odd patterns (memkit's own and
the catalogue kinds a call needs), a fifth of its time, and the next tool call compiles the same
ones again. `compile` keeps what `re` makes of a pattern (the regex engine's code) in the user's
cache, keyed by the interpreter, and hands it straight to the engine next time: the engine checks
the code as it takes it, and anything unusual (another Python, a damaged or stale file, code the
engine refuses) falls back to `re.compile`. The result is the very pattern `re.compile` gives
(patterns compare equal when their code does).

The processes a person or an agent waits on keep what they compiled: the hook and search fast
paths (`save`, before they end) and the ingest and extraction runs (`keep_at_exit`: the pre-commit
hook's extraction and a session's ingest compile some 650 patterns of their own, a third of a
small ingest's time). Any other process (a review, a test run through the catalogue) does not:
it compiles thousands of patterns neither path needs, and the file stays the size of what they use.

The cache file: a magic line, the hot part's length, the hot part (a key of the interpreter; the
patterns' numbers, from their text and flags, sorted, and beside them where each entry lies and its
checksum, both as flat arrays: a lookup is a bisection, and loading costs the same at any size),
then the entries (marshal: no code runs when they load), mapped from the file and read one by one.
"""
from __future__ import annotations

import marshal
import os
import re
import sys
import zlib
from array import array
from bisect import bisect_left

from memkit import cachefile

try:
    import _sre
    from re import _compiler, _parser

    _ENGINE = [sys.implementation.name, list(sys.version_info[:3]), _sre.MAGIC, _sre.CODESIZE]
except (ImportError, AttributeError):   # another implementation of Python: re.compile alone
    _sre = None

NAME = "regex.cache"
MAGIC = b"memkit-regex-cache-3\n"
MAX_ENTRIES = 8_000   # past this the file starts over from what the last process compiled

_state: dict = {"loaded": False, "keys": array("Q"), "spans": array("Q"), "cold": None, "new": {}, "dir": None}


def compile(pattern: str, flags: int = 0) -> re.Pattern:
    """re.compile(pattern, flags), from the kept code when this machine compiled it before."""
    if _sre is None or type(pattern) is not str or flags & re.DEBUG:
        return re.compile(pattern, flags)
    flags = int(flags)
    if not _state["loaded"]:
        _load()
    key = _key(pattern, flags)
    span = _span(key)
    if span is not None:
        made = _from_entry(span, pattern, flags)
        if made is not None:
            return made
    made = re.compile(pattern, flags)   # raises re.error as it always does
    if _state["dir"] is not None and key not in _state["new"]:
        entry = _entry(pattern, flags)
        if entry is not None:
            _state["new"][key] = entry
    return made


def _span(key: int) -> tuple[int, int, int] | None:
    keys = _state["keys"]
    i = bisect_left(keys, key)
    if i == len(keys) or keys[i] != key:
        return None
    spans = _state["spans"]
    return spans[3 * i], spans[3 * i + 1], spans[3 * i + 2]


def _key(pattern: str, flags: int) -> int:
    return zlib.crc32(pattern.encode("utf-8", "surrogatepass")) << 12 | flags & 0xFFF


def _from_entry(span: tuple[int, int, int], pattern: str, flags: int) -> re.Pattern | None:
    try:
        raw = _state["cold"][span]
        if zlib.crc32(raw) != span[2]:   # damaged on disk: a changed letter would still be valid code
            return None
        text, asked, final, code, groups, groupindex, indexgroup = marshal.loads(raw)
        if text != pattern or asked != flags:   # another pattern with the same number
            return None
        return _sre.compile(pattern, final, code, groups, groupindex, indexgroup)
    except Exception:   # a damaged entry, code the engine refuses: compiled afresh
        return None


def _entry(pattern: str, flags: int) -> bytes | None:
    """The pattern as `re` compiles it: the engine's code and group tables (as
    re._compiler.compile hands them to the engine), or None when this Python's `re` differs."""
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        made = (pattern, flags, flags | parsed.state.flags, [int(c) for c in code], parsed.state.groups - 1,
                groupindex, tuple(indexgroup))
        if _sre.compile(*made[:1], *made[2:]) != re.compile(pattern, flags):   # what re makes, or nothing
            return None
        return marshal.dumps(made)
    except Exception:
        return None


def _load() -> None:
    _state["loaded"] = True
    folder = cachefile.user_folder()
    if folder is None:
        return
    _state["dir"] = folder
    found = _read(os.path.join(folder, NAME))
    if found is not None:
        _state["keys"], _state["spans"], _state["cold"] = found


def _read(path: str):
    """(keys, spans, the entries as `cachefile.Cold`), or None when the file is missing, damaged
    or kept by another interpreter."""
    found = cachefile.read(path, MAGIC)
    if found is None:
        return None
    try:
        (engine, packed_keys, packed_spans), cold = found
        if engine != _ENGINE:
            return None
        keys, spans = array("Q", packed_keys), array("Q", packed_spans)
    except (TypeError, ValueError):
        return None
    if len(spans) != 3 * len(keys) or len(cold) < max(spans[1::3], default=0):
        return None
    return keys, spans, cold


def keep_at_exit() -> None:
    """`save` when this process exits normally (once, however often asked); forked workers, which
    end without exit handlers, keep nothing."""
    if not _state.get("at_exit"):
        import atexit

        _state["at_exit"] = True
        atexit.register(save)


def save() -> None:
    """Add what this process compiled afresh to the file (with what other processes added
    since it was read); nothing when there is nothing new. Never raises."""
    new, folder = _state["new"], _state["dir"]
    if not new or folder is None:
        return
    path = os.path.join(folder, NAME)
    try:
        found = _read(path)
        entries = {}
        if found is not None and len(found[0]) + len(new) <= MAX_ENTRIES:
            keys, spans, cold = found
            entries = {k: bytes(cold[spans[3 * i:3 * i + 2]]) for i, k in enumerate(keys)}
        entries.update(new)
        blob, keys, spans = bytearray(), array("Q"), array("Q")
        for k in sorted(entries):
            raw = entries[k]
            keys.append(k)
            spans.extend((len(blob), len(blob) + len(raw), zlib.crc32(raw)))
            blob += raw
        if cachefile.write(path, MAGIC, (_ENGINE, keys.tobytes(), spans.tobytes()), blob):
            new.clear()
    except Exception:   # a cache: a process that cannot keep it answers all the same
        pass
