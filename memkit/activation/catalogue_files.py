"""The action catalogue's files (`memkit/data/actions/<area>.toml`, a vault's `actions/*.toml` and
a legacy `action_types.toml`): read, every kind table checked, the legacy [[type]] tables mapped
to kinds. Only a catalogue being built reads them (`catalogue.build`); a hook never does.
"""
from __future__ import annotations

import re
from pathlib import Path

from memkit.errors import InvalidInput

CONSEQUENCES = ("high", "normal")
FAMILIES = ("shell", "edit", "write", "read", "search", "web", "task", "mcp", "other")
PATTERN_KEYS = ("action", "command", "code", "paths", "words", "intent", "requires", "unless")
LIST_KEYS = ("tools", "calls", "path_tools", "langs", "alternatives", "within", "examples", "counter")
KNOWN_KEYS = {"id", "about", "consequence", "broad", "safe", "disabled", *PATTERN_KEYS, *LIST_KEYS}
LEGACY_KEYS = {"text": "words", "benign": "safe", "generic": "broad"}
LEGACY_TOOLS = {"Bash": "shell", "Edit": "edit", "MultiEdit": "edit", "Write": "write", "NotebookEdit": "write",
                "Read": "read", "NotebookRead": "read", "Glob": "search", "Grep": "search", "LS": "search",
                "WebFetch": "web", "WebSearch": "web"}


def read_file(path: Path) -> tuple[str, list[dict]]:
    """(area, [kind tables]) of one catalogue file, checked; a legacy [[type]] file is mapped."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"{path}: cannot read the action catalogue: {e}") from None
    except ValueError as e:
        raise InvalidInput(f"{path}: malformed TOML: {e} (fix the syntax, or move the file away)") from None
    legacy = "type" in data and "kind" not in data
    entries = data.get("type" if legacy else "kind", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidInput(f"{path}: expected [[kind]] tables")
    if legacy:
        entries = [_from_legacy(e) for e in entries]
    for n, entry in enumerate(entries, 1):
        check(entry, path, n)
    return str(data.get("area") or path.stem), entries


def _from_legacy(entry: dict) -> dict:
    out = {LEGACY_KEYS.get(k, k): v for k, v in entry.items()}
    for key in ("tools", "calls", "path_tools"):
        if key in out:
            out[key] = sorted({LEGACY_TOOLS.get(t, t.lower()) for t in out[key]})
    return out


def check(entry: dict, path: Path, n: int) -> None:
    kid = entry.get("id")
    if not isinstance(kid, str) or not re.fullmatch(r"[a-z0-9][a-z0-9.+-]*(:[a-z0-9][a-z0-9.+-]*)+", kid):
        raise InvalidInput(f"{path}: [[kind]] number {n} needs an id like \"area:name\" (got {kid!r})")
    where, unknown = f"{path}: kind {kid!r}", sorted(set(entry) - KNOWN_KEYS)
    if unknown:
        raise InvalidInput(f"{where}: unknown keys {unknown} (known: {sorted(KNOWN_KEYS)})")
    if entry.get("disabled"):
        return
    if not isinstance(entry.get("about"), str) or not entry["about"].strip():
        raise InvalidInput(f"{where} needs about = \"<what the agent is doing, as a gerund phrase>\"")
    if entry.get("consequence", "normal") not in CONSEQUENCES:
        raise InvalidInput(f"{where}: consequence must be one of {CONSEQUENCES}")
    for key in PATTERN_KEYS + LIST_KEYS:
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidInput(f"{where}: {key} must be a list of strings")
    for key in ("tools", "calls", "path_tools"):
        bad = sorted(set(entry.get(key, [])) - set(FAMILIES))
        if bad:
            raise InvalidInput(f"{where}: {key} takes tool families {list(FAMILIES)}, not {bad}")
    if not any(entry.get(k) for k in ("action", "command", "code", "paths", "words", "intent", "calls")):
        raise InvalidInput(f"{where} matches nothing: give it command, code, action, paths, words, intent or calls")


def say_building() -> None:
    """A person waits for the build (the first command after an install or an edit of a kind): say so."""
    import sys

    if sys.stderr.isatty():
        print("memkit: compiling the action catalogue (once, a few seconds)…", file=sys.stderr, flush=True)
