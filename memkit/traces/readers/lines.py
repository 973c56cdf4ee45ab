"""Reading a JSONL log one line at a time with bounded memory.

Owns the size limit on one line: a longer line (a pathological tool output) is read past
in chunks, never held whole, and reported as None so the reader counts it as skipped.
"""
from __future__ import annotations

from typing import BinaryIO, Iterator

MAX_LINE = 32 * 2**20   # bytes; a line longer than this is not a record memkit can keep whole
_CHUNK = 2**20


BOM = b"\xef\xbb\xbf"   # a UTF-8 byte-order mark some editors and Windows tools write first


def iter_lines(f: BinaryIO, limit: int = MAX_LINE) -> Iterator[bytes | None]:
    first = True
    while True:
        line = f.readline(limit + 1)
        if not line:
            return
        if first:
            line, first = line.removeprefix(BOM), False
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while True:   # too long: skip to the end of this line without keeping it
            rest = f.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
        yield None
