"""Git, through GitPython: find the repository around a vault and commit its files.

Owns every git call memkit makes. A memkit commit contains only the paths memkit
wrote (the person's own staged changes stay staged and out of it), carries
`Memkit-*` trailers, and runs with inherited GIT_* variables stripped.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from memkit.errors import MemkitError
from memkit.storage.vault import pid_alive as vault_alive

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


# Read-only git commands (status, diff) refresh the index opportunistically and take .git/index.lock
# to do it; a memkit killed meanwhile (with its git) would leave a lock nothing explains. They skip it.
READ_ONLY = {"GIT_OPTIONAL_LOCKS": "0"}


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


# Trailers that name a note or a turn carry it as a wikilink: `]]` ends the value, so
# `git log -F --grep "Memkit-Source: [[2026-03-02-claude-b7c1e0aa#^t5]]"` finds that turn and
# never turn 58 or 582, and the value reads as the vault's own links do.
LINKED_TRAILERS = frozenset({"Memkit-Source", "Memkit-Observation", "Memkit-Candidate", "Memkit-Trace",
                             "Memkit-Note", "Memkit-Proposal", "Memkit-Conflict"})


def trailer(key: str, value: str) -> str:
    value = " ".join(str(value).split())
    if key in LINKED_TRAILERS and value:
        value = f"[[{value.strip('[]')}]]"
    return f"{key}: {value}"


def message(subject: str, trailers: list[tuple[str, str]], body: str = "") -> str:
    """A commit message through the redaction gate: the subject and each trailer one line."""
    from memkit import redact

    text = redact.line(subject, 1000)
    if body:
        text += "\n\n" + redact.redact(body.strip())[0]
    if trailers:
        text += "\n\n" + "\n".join(trailer(k, redact.line(v, 1000)) for k, v in trailers)
    return text + "\n"


def commit(root: Path, paths: list[Path], subject: str, trailers: list[tuple[str, str]],
           body: str = "") -> str | None:
    """Commit exactly these paths (added, changed or deleted); returns the sha, or None if nothing changed.
    A git that briefly holds the index lock (git's own background work after a killed run) gets one
    wait-and-retry before the failure is reported."""
    try:
        return _commit(root, paths, subject, trailers, body)
    except MemkitError as e:
        if "index.lock" not in str(e) and "remove the file manually" not in str(e):
            raise
        repo = repo_for(root)
        lock = Path(repo.git_dir) / "index.lock" if repo is not None else None
        deadline = time.monotonic() + 10
        while lock is not None and lock.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        return _commit(root, paths, subject, trailers, body)


def _commit(root: Path, paths: list[Path], subject: str, trailers: list[tuple[str, str]],
            body: str = "") -> str | None:
    import git

    from memkit.storage import vault as vault_mod

    repo = repo_for(root)
    carried = [root / r for r in vault_mod.orphans(root / vault_mod.STATE_DIR)]
    if repo is None or not (paths or carried):
        return None
    with _clean_env(), _owned_index(Path(repo.git_dir)):
        # the work of a killed run joins this commit; a removed file git never knew is no path to commit
        paths = _tracked_or_present(repo, list(paths) + carried)
        top = Path(repo.working_tree_dir).resolve()
        rels = sorted({p.resolve().relative_to(top).as_posix() if p.exists() else
                       (p.parent.resolve() / p.name).relative_to(top).as_posix() for p in paths})
        # git add knows the work tree and the index only; a deletion a killed run already staged
        # is in HEAD alone, and naming it to `add` would fail (the commit below still takes it)
        addable = [r for r in rels if (top / r).exists() or (top / r).is_symlink()]
        gone = [r for r in rels if r not in set(addable)]
        try:
            if gone:   # ls-files takes no pathspec file: read the index once and intersect
                addable += sorted(set(gone) & set(repo.git.ls_files("-z", "--full-name").split("\0")))
            if addable:
                with _pathspec_file(sorted(set(addable))) as spec:
                    repo.git.add("--all", *spec)
            staged = set(repo.git.diff("--cached", "--name-only", "--no-renames", "-z",
                                       env=READ_ONLY).split("\0"))
            # only what changed against HEAD: a file a killed run had staged and then removed is
            # in neither the index nor HEAD any more, and naming it would fail the commit
            named = set(rels)
            changed = sorted(n for n in staged if n and (n in named or any(
                "/".join(n.split("/")[:k]) in named for k in range(1, n.count("/") + 1))))
            if not changed:
                vault_mod.forget_orphans(root / vault_mod.STATE_DIR)
                return None
            env = {} if _has_identity(repo) else {
                "GIT_AUTHOR_NAME": IDENTITY[0], "GIT_AUTHOR_EMAIL": IDENTITY[1],
                "GIT_COMMITTER_NAME": IDENTITY[0], "GIT_COMMITTER_EMAIL": IDENTITY[1]}
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write(message(subject, trailers, body))
            try:
                with _pathspec_file(changed) as spec:
                    repo.git.commit("--only", "--no-verify", "-q", "-F", f.name, *spec, env=env)
            finally:
                os.unlink(f.name)
        except git.GitCommandError as e:
            raise MemkitError(f"git commit failed: {(e.stderr or str(e)).strip().splitlines()[-1]}")
        vault_mod.forget_orphans(root / vault_mod.STATE_DIR)
        return repo.head.commit.hexsha


@contextmanager
def _pathspec_file(rels: list[str]) -> Iterator[list[str]]:
    """The git arguments naming these paths, through a file: an ingest of thousands of sessions
    names more paths than a command line holds (E2BIG)."""
    with tempfile.NamedTemporaryFile("w", suffix=".pathspec", delete=False) as f:
        f.write("\0".join(rels))
    try:
        yield [f"--pathspec-from-file={f.name}", "--pathspec-file-nul"]
    finally:
        os.unlink(f.name)


@contextmanager
def _owned_index(git_dir: Path) -> Iterator[None]:
    """Mark memkit's own git run in .git/memkit-owner, so that an index.lock a killed memkit leaves
    behind can be told from one a person's git holds: the first is removed, the second reported.
    The mark lies beside the lock it explains, not in the disposable .memkit cache (a person who
    deletes the cache after a kill would leave the lock unexplained)."""
    lock, owner = git_dir / "index.lock", git_dir / "memkit-owner"
    if owner.exists():   # a killed memkit ran git here: let its orphaned git finish before we look
        deadline = time.monotonic() + 30
        while _git_running_in(git_dir.parent.resolve()) and time.monotonic() < deadline:
            time.sleep(0.1)
        # a git killed while it moved a ref leaves that ref's lock too (HEAD.lock, refs/heads/main.lock)
        for ref_lock in [git_dir / "HEAD.lock", git_dir / "packed-refs.lock", *git_dir.glob("refs/heads/**/*.lock")]:
            if ref_lock.exists():
                _clear_stale(ref_lock, owner)
    if lock.exists():
        _clear_stale(lock, owner)
    owner.write_text(str(os.getpid()))
    try:
        yield
    finally:
        owner.unlink(missing_ok=True)


def _clear_stale(lock: Path, owner: Path, wait: float = 2.0, patience: float = 30.0) -> None:
    start = time.monotonic()
    top = lock_dir(lock).parent.resolve()
    while lock.exists():   # a running git finishes; a killed memkit's orphaned git may still be running
        waited = time.monotonic() - start
        if waited >= patience or (waited >= wait and not _git_running_in(top)):
            break
        time.sleep(0.1)
    try:
        pid, marked = int(owner.read_text().strip() or 0), owner.stat().st_mtime
        made = lock.stat().st_mtime
    except (OSError, ValueError):
        pid, marked, made = 0, 0.0, 0.0
    if pid and not vault_alive(pid) and made >= marked - 1:   # made while that memkit ran git
        lock.unlink(missing_ok=True)
        sys.stderr.write(f"memkit: removed a stale .git/{lock.relative_to(lock_dir(lock)).as_posix()} left by a "
                         f"killed memkit (pid {pid})\n")
    elif lock.exists():
        raise MemkitError(f"git is locked: {lock} exists (a git command is running, or one crashed); "
                          "if no git is running, remove it and run again")


def lock_dir(lock: Path) -> Path:
    """The .git folder a lock file lies in (refs/heads/main.lock lies three folders down)."""
    return next(p for p in lock.parents if p.name == ".git" or (p / "HEAD").is_file() and (p / "objects").is_dir())


def _git_running_in(top: Path) -> bool:
    """Is a git process working in this repository (Linux /proc; elsewhere: assume not)?"""
    proc = Path("/proc")
    if not proc.is_dir():
        return False
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0", 1)[0]
            if cmd.rsplit(b"/", 1)[-1] == b"git" and Path(os.readlink(entry / "cwd")).resolve() == top:
                return True
        except (OSError, ValueError):
            continue
    return False


def _tracked_or_present(repo, paths: list[Path]) -> list[Path]:
    gone = [p for p in paths if not p.exists()]
    tracked: set[str] = set()
    if gone:   # in the index, or in HEAD with its deletion already staged by a killed `git add`
        # a few paths are named to git; many are looked up in its whole listing (a command line
        # naming thousands of paths fails with E2BIG)
        named = ["--", *map(str, gone)] if len(gone) <= 200 else []
        tracked = set(repo.git.ls_files("-z", "--full-name", *named).split("\0"))
        try:
            tracked |= set(repo.git.ls_tree("-r", "-z", "--name-only", "--full-name", "HEAD", *named).split("\0"))
        except Exception:   # noqa: BLE001 - no HEAD yet
            pass
    top = Path(repo.working_tree_dir).resolve()
    return [p for p in paths if p.exists() or (p.parent.resolve() / p.name).relative_to(top).as_posix() in tracked]


def _has_identity(repo) -> bool:
    reader = repo.config_reader()
    return reader.has_option("user", "name") and reader.has_option("user", "email")


def log(root: Path, path: Path | None = None, grep: str | None = None, full_history: bool = False) -> list[dict]:
    """Commits touching path (or matching grep), newest first: sha, date, subject, message, author.
    full_history: also the commits of a merged side whose change the merge did not keep as it was."""
    import git

    repo = repo_for(root)
    if repo is None:
        return []
    with _clean_env():
        kwargs = {"grep": grep} if grep else {}
        if full_history:
            kwargs["full_history"] = True
        try:
            commits = list(repo.iter_commits(paths=str(path) if path else None, **kwargs))
        except (ValueError, git.GitCommandError):
            return []
    return [{"sha": c.hexsha, "date": c.committed_datetime.isoformat(), "subject": c.summary,
             "message": c.message, "author": f"{c.author.name} <{c.author.email}>"} for c in commits]


def uncommitted(root: Path, rels: list[str] | None = None) -> list[str]:
    """Vault-relative paths of files in the vault (of rels, when given) that are new or changed
    since the last commit."""
    repo = repo_for(root)
    if repo is None or not repo.head.is_valid() or rels == []:
        return []
    where = [str(root / r) for r in rels] if rels is not None else [str(root)]
    with _clean_env():
        top = Path(repo.working_tree_dir).resolve()
        out = repo.git.status("--porcelain", "-z", "--untracked-files=all", "--", *where, env=READ_ONLY)
    rels = []
    for entry in filter(None, out.split("\0")):
        try:
            rels.append((top / entry[3:]).resolve().relative_to(root.resolve()).as_posix())
        except ValueError:
            continue
    return rels


def persons_edits(vault, loaded: list[tuple]) -> list[str]:
    """Of (path, note) pairs, the paths of notes a person edited and has not committed (none when
    memkit commits nothing): a commit of memkit's carries them only saying so, or leaves them out."""
    edited = [rel for rel, note in loaded if note.edited_by_person()]
    if not edited or not vault.config.get("git.commit"):
        return []
    return uncommitted(vault.root, edited)


def staged(root: Path) -> list[str]:
    """Vault-relative paths staged in the repository around root (added or modified)."""
    repo = repo_for(root)
    if repo is None:
        return []
    with _clean_env():
        top = Path(repo.working_tree_dir).resolve()
        out = repo.git.diff("--cached", "--name-only", "--diff-filter=AM", "-z",
                            env={**READ_ONLY, **_hook_indexes()[0]})
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


def ignored(top: Path, rel: str) -> bool:
    """Whether git ignores rel (a path under the working tree top)."""
    repo = repo_for(top)
    if repo is None:
        return False
    import git

    with _clean_env():
        try:
            repo.git.check_ignore("-q", rel)
            return True
        except git.GitCommandError:
            return False


def info_dir(top: Path) -> Path:
    """The repository's info folder (for info/exclude: ignore rules that are not shared)."""
    repo = repo_for(top)
    with _clean_env():
        return (top / repo.git.rev_parse("--git-path", "info")).resolve()


def run_committed(vault, work, subject, action: str, *, commit: bool = True) -> dict:
    """work(vault) under the vault lock, then one commit of what it wrote (when `[git] commit`
    is on), trailer `Memkit-Action: <action>`; subject(result) is the commit's subject."""
    with vault.lock():
        out = work(vault)
        out["commit"] = None
        if commit and out["written"] and vault.config.get("git.commit"):
            out["commit"] = _commit_paths(vault.root, [vault.root / r for r in out["written"]], subject(out),
                                          [("Memkit-Action", action)])
    return out


_commit_paths = commit   # run_committed's `commit` flag hides the function's name there
