"""Which project a session belongs to: the name of the folder it was started in (one rule for
every reader, and for the hooks' actions)."""
from __future__ import annotations


def project_of(cwd: str | None) -> str:
    return (cwd or "").replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
