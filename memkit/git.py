"""Git, through GitPython: find the repository around a vault and commit its files.

Owns every git call memkit makes. A memkit commit contains only the paths memkit
wrote (the person's own staged changes stay staged and out of it), carries
`Memkit-*` trailers, and runs with inherited GIT_* variables stripped.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from memkit.errors import MemkitError

IDENTITY = ("memkit", "memkit@localhost")


@contextmanager
def _clean_env() -> Iterator[None]:
    """Hooks run with GIT_DIR, GIT_INDEX_FILE… set for *their* repository; drop them."""
    saved = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("GIT_")
             and k not in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL")}
    try:
        yield
    finally:
        os.environ.update(saved)


def repo_for(path: Path):
    """The git repository that contains path, or None."""
    import git

    with _clean_env():
        try:
            return git.Repo(path, search_parent_directories=True)
        except (git.InvalidGitRepositoryError, git.NoSuchPathError):
            return None


def init(path: Path) -> None:
    import git

    with _clean_env():
        git.Repo.init(path)


def message(subject: str, trailers: list[tuple[str, str]], body: str = "") -> str:
    text = subject.strip()
    if body:
        text += "\n\n" + body.strip()
    if trailers:
        text += "\n\n" + "\n".join(f"{k}: {v}" for k, v in trailers)
    return text + "\n"


def commit(root: Path, paths: list[Path], subject: str, trailers: list[tuple[str, str]],
           body: str = "") -> str | None:
    """Commit exactly these paths (added, changed or deleted); returns the sha, or None if nothing changed."""
    import git

    repo = repo_for(root)
    if repo is None or not paths:
        return None
    with _clean_env():
        top = Path(repo.working_tree_dir).resolve()
        rels = sorted({p.resolve().relative_to(top).as_posix() if p.exists() else
                       (p.parent.resolve() / p.name).relative_to(top).as_posix() for p in paths})
        try:
            repo.git.add("--all", "--", *rels)
            changed = repo.git.diff("--cached", "--name-only", "--", *rels)
            if not changed.strip():
                return None
            env = {} if _has_identity(repo) else {
                "GIT_AUTHOR_NAME": IDENTITY[0], "GIT_AUTHOR_EMAIL": IDENTITY[1],
                "GIT_COMMITTER_NAME": IDENTITY[0], "GIT_COMMITTER_EMAIL": IDENTITY[1]}
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write(message(subject, trailers, body))
            try:
                repo.git.commit("--only", "--no-verify", "-q", "-F", f.name, "--", *rels, env=env)
            finally:
                os.unlink(f.name)
        except git.GitCommandError as e:
            raise MemkitError(f"git commit failed: {(e.stderr or str(e)).strip().splitlines()[-1]}")
        return repo.head.commit.hexsha


def _has_identity(repo) -> bool:
    reader = repo.config_reader()
    return reader.has_option("user", "name") and reader.has_option("user", "email")


def log(root: Path, path: Path | None = None, grep: str | None = None) -> list[dict]:
    """Commits touching path (or matching grep), newest first: sha, date, subject, message."""
    import git

    repo = repo_for(root)
    if repo is None:
        return []
    with _clean_env():
        kwargs = {"grep": grep} if grep else {}
        try:
            commits = list(repo.iter_commits(paths=str(path) if path else None, **kwargs))
        except (ValueError, git.GitCommandError):
            return []
    return [{"sha": c.hexsha, "date": c.committed_datetime.isoformat(), "subject": c.summary,
             "message": c.message} for c in commits]


def staged(root: Path) -> list[str]:
    """Vault-relative paths staged in the repository around root (added or modified)."""
    repo = repo_for(root)
    if repo is None:
        return []
    with _clean_env():
        top = Path(repo.working_tree_dir).resolve()
        out = repo.git.diff("--cached", "--name-only", "--diff-filter=AM", "-z", env=_hook_indexes()[0])
    rels = []
    for name in filter(None, out.split("\0")):
        full = top / name
        try:
            rels.append(full.resolve().relative_to(root.resolve()).as_posix())
        except ValueError:
            continue
    return rels


def stage(root: Path, paths: list[Path]) -> None:
    """git add exactly these paths (inside the vault)."""
    repo = repo_for(root)
    if repo is None or not paths:
        return
    with _clean_env():
        for env in _hook_indexes():
            repo.git.add("--", *[str(p) for p in paths], env=env)


def _hook_indexes() -> list[dict[str, str]]:
    """Inside a pre-commit hook, the index being committed (`commit -a` and `commit PATH` use their own),
    passed as MEMKIT_GIT_INDEX_FILE because every GIT_* variable is stripped. `commit PATH` commits a
    temporary next-index-N.lock and keeps the real index locked as index.lock: a path goes into both."""
    index = os.environ.get("MEMKIT_GIT_INDEX_FILE")
    if not index:
        return [{}]
    found = [{"GIT_INDEX_FILE": index}]
    real = Path(index).with_name("index.lock")
    if Path(index).name.startswith("next-index-") and real.exists():
        found.append({"GIT_INDEX_FILE": str(real)})
    return found


def hooks_dir(root: Path) -> tuple[Path, Path] | None:
    """(top of the working tree, hooks folder) of the repository around root; honours core.hooksPath."""
    repo = repo_for(root)
    if repo is None or repo.working_tree_dir is None:
        return None
    with _clean_env():
        top = Path(repo.working_tree_dir).resolve()
        return top, (top / repo.git.rev_parse("--git-path", "hooks")).resolve()
