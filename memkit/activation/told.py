"""What the agent was already told in one session, so a hook does not say it again.

An agent that runs the test suite thirty times in a session was handed the same lesson before each
run: the line costs context every time and teaches the agent to skim memkit's lines. A lesson (or
fact) recalled once in a session stays in the agent's context: before calls it is recalled again
only when the call repeats the very one it corrected (or the action is of high consequence), at
requests not again; a line at a request does not silence the line before the call itself. After
the context was compacted or cleared (SessionStart with source "compact" or "clear") all is said
again. Kept per session as a small JSON list of note ids under the vault's state folder; files
older than KEEP_DAYS go at session start. The same store keeps `deny-once`'s denials.
"""
from __future__ import annotations

import hashlib
import json
import os
import time

TOOL, PROMPT, DENIED = "told-tool", "told-prompt", "deny-once"   # a line before a call is said again before
# a call only when the call repeats the corrected one; a line at a request leaves the calls their own
KEEP_DAYS = 3.0


def _path(vault, name: str, session: str):
    return vault.state / name / (hashlib.sha256(session.encode()).hexdigest()[:16] + ".json")


def session_of(payload: dict) -> str:
    """A hook payload's session id ("" when it names none)."""
    found = payload.get("session_id")
    return "" if found is None else str(found)


def ids(vault, name: str, session: str) -> frozenset[str]:
    """The note ids kept for this session ("" keeps nothing: a caller that names no session)."""
    if not session:
        return frozenset()
    try:
        found = json.loads(_path(vault, name, session).read_text())
        return frozenset(str(x) for x in found) if isinstance(found, list) else frozenset()
    except (OSError, ValueError, TypeError, RecursionError):   # gone, unreadable or not ours: nothing was told
        return frozenset()


def add(vault, name: str, session: str, new) -> bool:
    """Keep `new` for this session; False when all of them were kept already. A store that cannot be
    written (a read-only or full disk) keeps nothing and costs the answer nothing: everything stays new.
    Two hooks of one session at once may each keep their own ids (the later write wins): at worst a
    lesson is said twice."""
    if not session:
        return True
    seen = ids(vault, name, session)
    if set(new) <= seen:
        return False
    path = _path(vault, name, session)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(sorted(seen | set(new))))
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
    return True


def forget(vault, session: str) -> None:
    """The agent's context was compacted or cleared: what it was told is gone from it."""
    for name in (TOOL, PROMPT) if session else ():
        try:
            _path(vault, name, session).unlink()
        except OSError:
            pass


def prune(vault, now: float | None = None) -> None:
    """Sessions not heard of for KEEP_DAYS are over."""
    cutoff = (now if now is not None else time.time()) - KEEP_DAYS * 86400
    for name in (TOOL, PROMPT, DENIED):
        try:
            old = [e.path for e in os.scandir(vault.state / name) if e.stat().st_mtime < cutoff]
        except OSError:
            continue
        for path in old:
            try:
                os.unlink(path)
            except OSError:
                pass
