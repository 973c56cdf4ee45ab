"""A team on one machine for the tests: a bare remote and clones of one vault, each with its own person."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from conftest import REPO, git, run_cli

from memkit.storage import notes

EXAMPLES = REPO / "examples" / "sessions"
MARKERS = re.compile(r"^(<{7}|>{7}|={7})( |$)", re.MULTILINE)


class Team:
    def __init__(self, root: Path):
        self.root = root
        self.remote = root / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(self.remote)], check=True)

    def found(self, name: str, *, ingest: bool = True) -> Path:
        """The first clone: a new vault, the example sessions ingested, pushed."""
        path = self.root / name
        mk(self.root, "init", str(path), check=True)
        person(path, name)
        git(path, "remote", "add", "origin", str(self.remote))
        if ingest:
            mk(path, "ingest", str(EXAMPLES), check=True)
        mk(path, "sync", check=True)
        return path

    def join(self, name: str) -> Path:
        path = self.root / name
        subprocess.run(["git", "clone", "-q", str(self.remote), str(path)], check=True, capture_output=True)
        person(path, name)
        mk(path, "sync", check=True)
        return path


def person(path: Path, name: str) -> None:
    git(path, "config", "user.name", name.title())
    git(path, "config", "user.email", f"{name}@team.test")


def mk(vault: Path, *args: str, **kw):
    return run_cli("--vault", str(vault), *args, **kw)


def mkjson(vault: Path, *args: str, **kw):
    return json.loads(mk(vault, *args, "--json", check=True, **kw).stdout)


def at(monkeypatch, when: str) -> None:
    """The clock review decisions are stamped with."""
    from memkit.library import drafts

    monkeypatch.setattr(drafts, "now", lambda: when)


def meta(vault: Path, rel: str) -> dict:
    return notes.read(vault / rel).meta


def head(path: Path) -> str:
    return git(path, "rev-parse", "HEAD").strip()


def marked(vault: Path) -> list[str]:
    """Notes that hold git conflict markers or do not parse."""
    bad = []
    for top in ("traces", "workshop", "observations", "episodes", "facts", "library"):
        for p in (vault / top).rglob("*.md"):
            text = p.read_text(encoding="utf-8", errors="replace")
            try:
                notes.parse(text, p)
            except Exception:   # noqa: BLE001 - any failure to parse is what this looks for
                bad.append(str(p.relative_to(vault)))
                continue
            if MARKERS.search(text):
                bad.append(str(p.relative_to(vault)))
    return bad


def clean(path: Path) -> bool:
    return git(path, "status", "--porcelain", "--untracked-files=no").strip() == ""
