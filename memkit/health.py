"""Vault health: `status` (counts, backlog and its age, index freshness) and `doctor`.

Owns the checks a person runs to trust the vault: frontmatter that fails to
parse, secrets that reached the files, a stale index. Reads only; never repairs
silently — it says what to run.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from memkit.storage import index, notes, queries
from memkit.errors import InvalidInput
from memkit.storage.vault import NOTE_DIRS, read_file


def _age_days(stamp: str) -> float | None:
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return (datetime.now(timezone.utc) - when).total_seconds() / 86400


def status(vault) -> dict[str, Any]:
    stats = index.refresh(vault)
    counts = queries.tally(vault)
    layers, backlog, since = counts.layers, counts.backlog, counts.oldest_candidate_ns
    oldest = datetime.fromtimestamp(since / 1e9, timezone.utc).isoformat() if since else None
    age = _age_days(oldest) if oldest else None
    from memkit.pipeline import PENDING_SCAN, unextracted

    pending = {"extraction": len(unextracted(vault)) if vault.config.get("ingest.extract") else 0,
               "scan": (vault.state / PENDING_SCAN).exists()}
    return {"vault": str(vault.root), "layers": layers, "backlog": backlog, "pending": pending,
            "backlog_total": sum(backlog.values()), "oldest_candidate": oldest,
            "oldest_candidate_days": round(age, 1) if age is not None else None,
            "index": {"refreshed": counts.refreshed, "read_only": bool(stats.get("read_only")),
                      "stale_files_found": stats["indexed"] + stats["removed"], "problems": counts.problems}}


def render_status(data: dict[str, Any]) -> list[str]:
    L = data["layers"]
    lines = [f"vault {data['vault']}",
             "  " + ", ".join(f"{L.get(k, 0)} {k}" for k in ("trace", "workshop", "observation", "episode",
                                                               "fact", "library"))]
    if data["backlog_total"]:
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(data["backlog"].items()))
        lines.append(f"  review backlog: {data['backlog_total']} candidate(s) ({kinds}); "
                     f"oldest {data['oldest_candidate_days']} days old — run `memkit review`")
    else:
        lines.append("  review backlog: empty")
    if data["pending"]["extraction"] or data["pending"]["scan"]:
        what = [f"extraction of {data['pending']['extraction']} trace(s)"] if data["pending"]["extraction"] else []
        what += ["the promotion scan"] if data["pending"]["scan"] else []
        lines.append(f"  not done yet: {' and '.join(what)} — the next `memkit ingest` or `memkit extract` does it")
    ix = data["index"]
    lines.append("  index: read as it is (this vault cannot be written here)" if ix.get("read_only") else
                 f"  index: refreshed now ({ix['stale_files_found']} file(s) were out of date)"
                 + (f"; {ix['problems']} unreadable note(s), see `memkit doctor`" if ix["problems"] else ""))
    return lines


def doctor(vault) -> dict[str, Any]:
    from memkit.activation import restamp
    from memkit.redact import scan

    stats = index.refresh(vault)
    old_cues = 0
    lines, problems = [], []
    for found in queries.unreadable(vault) + queries.shared_ids(vault):
        problems.append({"path": found.path, "problem": found.message})
    problems += _leftovers(vault)
    from memkit import config

    problems += [{"path": "memkit.toml", "problem": msg} for msg in config.problems(vault.root / "memkit.toml")]
    for p in vault.note_files():
        try:
            text = read_file(p).decode("utf-8", errors="replace")
        except InvalidInput:
            continue   # the index refresh above listed it as a problem
        try:
            parsed = notes.parse(text, p)
        except InvalidInput:
            parsed = None   # listed by the index refresh too
        if parsed is not None:
            problems += [{"path": vault.rel(p), "problem": msg} for msg in parsed.problems]
            named = parsed.meta.get("id")
            if isinstance(named, str) and named and named != p.stem and p.parent.name != "raw":
                problems.append({"path": vault.rel(p), "problem": f"its id {named!r} is not its file name; "
                                 f"`memkit show {p.stem}` finds nothing: rename the file or the id to match"})
            old_cues += restamp.is_stale(parsed)   # not a problem: activation compiles them afresh
        for f in scan(text):
            problems.append({"path": vault.rel(p), "problem": f"possible secret ({f.kind}) on line {f.line}"})
    problems += history_secrets(vault)
    for pr in problems:
        lines.append(f"{pr['path']}: {pr['problem']}")
    if any("secret" in p["problem"] for p in problems):
        lines.append("to purge a secret: edit it out of the file and commit; then list it in a file, one per "
                     "line, and rewrite history with `git filter-repo --replace-text <that file>` (or BFG), "
                     "push with --force to every remote, and rotate the secret: it was exposed")
    if stats["indexed"] or stats["removed"]:
        lines.append(f"index was stale: {stats['indexed'] + stats['removed']} file(s) refreshed")
    if old_cues:
        lines.append(f"{old_cues} lesson note(s) show a `cue:` memkit compiled from older code or from words since "
                     "edited (activation compiles them afresh); `memkit reindex --cues` writes the current ones in")
    lines.append("vault is healthy" if not problems else f"{len(problems)} problem(s) found")
    return {"problems": problems, "lines": lines, "index": stats, "stale_cues": old_cues}


def history_secrets(vault) -> list[dict[str, str]]:
    """Secrets in the vault's git history, by the same gate: the lines every commit added to
    the vault's files, and every commit message. Names commit, file and kind, never the secret."""
    import subprocess

    from memkit.redact import scan
    from memkit.storage import git

    repo = git.repo_for(vault.root)
    if repo is None or not repo.head.is_valid():
        return []
    top = Path(repo.working_tree_dir).resolve()
    where = vault.root.relative_to(top).as_posix() if vault.root != top else "."
    found: list[dict[str, str]] = []
    with git._clean_env():
        proc = subprocess.Popen(["git", "log", "--all", "-p", "--no-color", "--no-ext-diff", "--no-renames",
                                 "--format=%x00commit %H%n%B%x00", "--", where], cwd=top,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for commit, place, text in _history_chunks(proc.stdout):
            for f in scan(text):
                found.append({"path": f"git history: commit {commit[:10]}",
                              "problem": f"possible secret ({f.kind}) in {place}"})
        proc.wait()
    return list({(x["path"], x["problem"]): x for x in found}.values())


def _history_chunks(stream):
    """(commit, place, text) from `git log -p`: each message, and the lines each file gained."""
    commit, place, added, message = "", "", [], None
    for raw in stream:
        line = raw.decode("utf-8", errors="replace")
        if line.startswith("\0commit "):
            if added:
                yield commit, place, "".join(added)
            commit, place, added, message = line[8:].strip(), "", [], []
        elif message is not None:
            if line.startswith("\0"):
                yield commit, "its message", "".join(message)
                message = None
            else:
                message.append(line)
        elif line.startswith("diff --git "):
            if added:
                yield commit, place, "".join(added)
            place, added = line.rsplit(" b/", 1)[-1].strip(), []
        elif line.startswith("+") and not line.startswith("+++"):
            added.append(line[1:])
    if added:
        yield commit, place, "".join(added)


def _leftovers(vault) -> list[dict[str, str]]:
    """What a killed writer can leave: a temp file among the notes, git's index.lock."""
    found = [{"path": vault.rel(p), "problem": "temp file left by an interrupted write; delete it"}
             for d in NOTE_DIRS if (vault.root / d).is_dir() for p in (vault.root / d).rglob(".memkit-*.tmp")]
    from memkit.storage import git

    repo = git.repo_for(vault.root)
    lock = Path(repo.git_dir) / "index.lock" if repo is not None else None
    if lock is not None and lock.exists():
        found.append({"path": str(lock), "problem": "git index is locked; if no git command is running, "
                                                    "delete this file"})
    return found


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, default=str)
