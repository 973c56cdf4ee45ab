"""`memkit sync`: fetch, merge, resolve memkit's notes by rule, reindex, push — one command for a
person, a hook or cron.

Owns the order of those steps and their refusals. It holds the vault lock, never prompts, first
commits the notes memkit wrote and nobody edited, and refuses (changing nothing) when the person
has uncommitted edits in the vault. A merge that stops on two people's words is aborted, so the
repository is as it was; a push the remote refuses because it moved is retried once. Only the
vault's notes are memkit's to resolve: any other conflict is the person's.
"""
from __future__ import annotations

from typing import Any

from memkit.errors import InvalidInput, MemkitError
from memkit.storage import index, notes
from memkit.team import driver, gitrun, settle

SUBJECT = "memkit: sync with {upstream}"
# what git says when the remote branch moved before or while we pushed
MOVED = ("[rejected]", "non-fast-forward", "fetch first", "failed to update ref", "cannot lock ref")


def sync(vault, *, push: bool = True) -> dict[str, Any]:
    """Bring the vault level with its remote (and its index with the files); returns what happened,
    one line per outcome."""
    with vault.lock():
        repo = gitrun.open_repo(vault.root)
        out: dict[str, Any] = {"remote": None, "branch": None, "committed": None, "pulled": 0, "merge": None,
                               "resolved": [], "settled": [], "fact_conflicts": [], "pushed": 0, "held": 0, "retried": False,
                               "lines": []}
        config = repo.config()
        branch = out["branch"] = _branch(repo)
        base = _finish_merge(vault, repo, out) if repo.merging() else None
        _prepare(vault, repo, config, out)
        remote, remote_branch, tracked = _upstream(config, branch)
        out["remote"] = f"{remote}/{remote_branch}"
        _commit_own(vault, repo, out)
        for _ in range(2):
            _fetch(repo, remote)
            base = _merge(vault, repo, f"refs/remotes/{remote}/{remote_branch}", out) or base
            _settle(vault, repo, base, out)
            if not push:
                _held(repo, f"refs/remotes/{remote}/{remote_branch}", out)
                break
            if _push(repo, remote, remote_branch, tracked, out):
                break
            out["retried"] = True
            out["lines"].append(f"{out['remote']} moved during the sync; merging again")
        else:
            raise MemkitError(f"{out['remote']} moved again during the sync; your commits are here, "
                              "run `memkit sync` again")
        if not any((out["committed"], out["pulled"], out["pushed"], out["held"])):
            out["lines"].append(f"up to date with {out['remote']}")
        return out


def _prepare(vault, repo, config: dict[str, str], out: dict[str, Any]) -> None:
    """The merge driver is declared for the vault and registered in this clone (git does not clone it)."""
    if driver.declare(vault):
        from memkit.storage import git

        sha = git.commit(vault.root, [vault.root / driver.ATTRIBUTES], "memkit: merge notes by rule",
                         [("Memkit-Action", "merge-driver")])
        out["lines"].append(f"declared memkit's merge driver in .gitattributes (commit {str(sha)[:10]})")
    driver.register(repo.top, config)


def _branch(repo) -> str:
    if (repo.git_dir / "rebase-merge").exists() or (repo.git_dir / "rebase-apply").exists():
        raise MemkitError("a rebase is in progress; finish it (git rebase --continue) or abort it, then sync")
    head = (repo.git_dir / "HEAD").read_text(errors="replace").strip()
    if not head.startswith("ref: refs/heads/"):
        raise MemkitError("HEAD is detached (not on a branch); switch to your branch (git switch NAME), "
                          "then sync")
    return head.removeprefix("ref: refs/heads/")


def _upstream(config: dict[str, str], branch: str) -> tuple[str, str, bool]:
    """(remote, its branch, whether the branch already tracks it): the upstream, else the only remote."""
    remote, merge_ref = config.get(f"branch.{branch}.remote", ""), config.get(f"branch.{branch}.merge", "")
    if remote and remote != "." and merge_ref:
        return remote, merge_ref.removeprefix("refs/heads/"), True
    remotes = sorted(k[len("remote."):-len(".url")] for k in config
                     if k.startswith("remote.") and k.endswith(".url"))
    if not remotes:
        raise MemkitError("no git remote to sync with; add the team's with `git remote add origin URL`")
    if len(remotes) > 1 and "origin" not in remotes:
        raise MemkitError(f"{branch} has no upstream and there are several remotes ({', '.join(remotes)}); "
                          f"choose one with `git branch --set-upstream-to REMOTE/{branch}`")
    return ("origin" if "origin" in remotes else remotes[0]), branch, False


def _commit_own(vault, repo, out: dict[str, Any]) -> None:
    """Commit the notes memkit wrote that nobody edited; refuse when the person has uncommitted edits here."""
    mine, theirs = _uncommitted(vault, repo)
    if theirs:
        more = f" and {len(theirs) - 1} more" if len(theirs) > 1 else ""
        raise MemkitError(f"you have uncommitted edits in the vault ({theirs[0]}{more}); commit or stash them, "
                          "then sync — nothing was changed")
    if not mine:
        return
    from memkit.storage import git

    sha = git.commit(vault.root, [vault.root / r for r in mine],
                     f"memkit: commit {len(mine)} file(s) memkit wrote, before sync", [("Memkit-Action", "sync")])
    if sha:
        out["committed"] = sha
        out["lines"].append(f"committed {len(mine)} file(s) memkit wrote (commit {sha[:10]})")


def _uncommitted(vault, repo) -> tuple[list[str], list[str]]:
    """(memkit's own changed notes, the person's changed vault files), vault-relative."""
    spec = repo.prefix or "."
    raw = repo.run("status", "--porcelain=v1", "-z", "--untracked-files=all", "--", spec).stdout.split("\0")
    mine, theirs = [], []
    entries = iter(raw)
    for entry in entries:
        if len(entry) < 4:
            continue
        code, path = entry[:2], entry[3:]
        if code[0] in "RC":
            next(entries, None)   # the rename's source path follows
        rel = repo.in_vault(path)
        if rel is None or rel.startswith(".memkit/"):
            continue
        if rel in (".gitignore", driver.ATTRIBUTES):   # memkit's lines in them; a new one is init's
            mine += [rel] if code == "??" else []
            continue
        if not settle.is_note(rel) and not _scaffold(vault, rel):
            theirs.append(rel)
        elif _memkits(vault, rel):
            mine.append(rel)
        else:
            theirs.append(rel)
    return mine, theirs


def _scaffold(vault, rel: str) -> bool:
    """What `memkit init` made and nobody changed: the folders' .gitkeep files, the untouched memkit.toml."""
    from memkit import config

    full = vault.root / rel
    if rel.endswith("/.gitkeep"):
        return full.is_file() and full.stat().st_size == 0
    return rel == "memkit.toml" and full.is_file() and full.read_text(errors="replace") == config.TEMPLATE


def _memkits(vault, rel: str) -> bool:
    """A note memkit wrote and nobody edited since; a deleted note memkit moved elsewhere; init's scaffold."""
    full = vault.root / rel
    if not settle.is_note(rel):
        return _scaffold(vault, rel)
    if not full.exists():
        other = settle.twin(rel)
        return bool(other and (vault.root / other).is_file())
    try:
        note = notes.read(full)
    except InvalidInput:
        return False
    from memkit.team import merge

    return not merge.by_person(note)


def _fetch(repo, remote: str) -> None:
    proc = repo.run("fetch", "--quiet", "--prune", remote, check=False)
    if proc.returncode != 0:
        raise MemkitError(f"cannot reach {remote} ({gitrun.last_line(proc)}); nothing pulled or pushed — "
                          "sync again when it is reachable")


def _merge(vault, repo, upstream: str, out: dict[str, Any]) -> str | None:
    """Merge the upstream in; returns the merge base (None when there was nothing to merge)."""
    head, theirs = repo.revs("HEAD", upstream)
    if theirs is None or head == theirs:
        return None
    found = repo.run("merge-base", "HEAD", upstream, check=False) if head else None
    base = found.stdout.strip() if found is not None and found.returncode == 0 else None
    if base == theirs:   # the upstream is already in HEAD
        return None
    name = upstream.removeprefix("refs/remotes/")
    proc = repo.run("merge", "--no-verify", "--no-edit", "-m", SUBJECT.format(upstream=name),
                    "-m", "Memkit-Action: sync", upstream, check=False)
    if proc.returncode != 0 and not repo.merging():
        raise MemkitError(f"cannot merge {name}: {_refusal(proc)}; nothing was changed")
    if proc.returncode != 0:
        _resolve(vault, repo, name, abort=True, out=out)
    pulled = repo.count(f"{head}..{theirs}") if head else repo.count(theirs)
    out["pulled"] += pulled
    now = repo.rev("HEAD")
    fast = now == theirs
    out["merge"] = None if fast else now
    by_rule = f"; {len(out['resolved'])} note(s) merged by rule" if out["resolved"] else ""
    how = "fast-forward" if fast else f"merge commit {str(out['merge'])[:10]}"
    out["lines"].append(f"pulled {pulled} commit(s) from {name} ({how}{by_rule})")
    return base


def _refusal(proc) -> str:
    """Why git would not start the merge, naming the person's files it would have overwritten."""
    lines = (proc.stderr or "").splitlines()
    at = next((i for i, x in enumerate(lines) if "would be overwritten by merge" in x), None)
    if at is None:
        said = gitrun.last_line(proc)
        return said + (" (this vault and the remote's began apart: clone the remote's vault instead)"
                       if "unrelated histories" in said else "")
    files = [x.strip() for x in lines[at + 1:] if x.startswith(("\t", "    "))]
    what = "untracked files" if "untracked" in lines[at] else "uncommitted changes to"
    return f"your {what} {', '.join(files) or 'some files'} would be overwritten; commit or stash them, then sync"


def _resolve(vault, repo, name: str, *, abort: bool, out: dict[str, Any], subject: str = "") -> None:
    """Finish a stopped merge whose only conflicts are memkit's notes; otherwise abort it (when sync
    started it) and refuse."""
    resolved, blocked = settle.unmerged(vault, repo)
    if blocked:
        if abort:
            repo.run("merge", "--abort", check=False)
        more = f" and {len(blocked) - 1} more" if len(blocked) > 1 else ""
        raise MemkitError(f"sync stopped: {blocked[0]}{more} changed here and on {name} in the same place — "
                          + ("nothing was changed; merge by hand: git merge " + name if abort else
                             "resolve it (git status), commit, then sync"))
    settle.apply(vault, repo, resolved)
    out["resolved"] += sorted(resolved)
    trailers = "\n".join(["Memkit-Action: sync", *(f"Memkit-Resolved: {p}" for p in sorted(resolved))])
    repo.run("commit", "--no-verify", "-q", "-m", subject or SUBJECT.format(upstream=name), "-m", trailers)


def _finish_merge(vault, repo, out: dict[str, Any]) -> str:
    """A `git pull` that stopped on memkit's notes (a note moved on one side, decided on the other)."""
    head, theirs = repo.rev("HEAD"), repo.rev("MERGE_HEAD")
    base = repo.out("merge-base", "HEAD", "MERGE_HEAD")
    _resolve(vault, repo, "the other side", abort=False, out=out, subject="memkit: finish the merge in progress")
    out["lines"].append(f"finished the merge in progress; {len(out['resolved'])} note(s) merged by rule")
    out["pulled"] += repo.count(f"{head}..{theirs}")
    return base


def _settle(vault, repo, base: str | None, out: dict[str, Any]) -> None:
    done = settle.settle(vault, repo, base)
    out["lines"] += done["kept"]
    if not done["paths"]:
        return
    from memkit.storage import git

    trailers = [("Memkit-Action", "sync")] + [("Memkit-Conflict", c) for c in done["conflicts"]]
    sha = git.commit(vault.root, [vault.root / r for r in done["paths"]],
                     "memkit: settle notes decided on two clones", trailers)
    index.update_paths(vault, [vault.root / r for r in done["paths"]])
    out["settled"] += done["notes"]
    out["fact_conflicts"] += done["conflicts"]
    if done["notes"]:
        out["lines"].append(f"placed {len(done['notes'])} note(s) by their decision: {', '.join(done['notes'])}"
                            + (f" (commit {sha[:10]})" if sha else ""))
    if done["conflicts"]:
        out["lines"].append(f"filed {len(done['conflicts'])} fact conflict(s) set on two clones for review: "
                            f"{', '.join(done['conflicts'])} (memkit fact list --conflicts)")


def _ahead(repo, upstream: str) -> int:
    counted = repo.run("rev-list", "--count", f"{upstream}..HEAD", check=False)
    return int(counted.stdout.strip() or 0) if counted.returncode == 0 else repo.count("HEAD")


def _held(repo, upstream: str, out: dict[str, Any]) -> None:
    out["held"] = _ahead(repo, upstream)
    if out["held"]:
        out["lines"].append(f"{out['held']} commit(s) not pushed (--no-push)")


def _push(repo, remote: str, remote_branch: str, tracked: bool, out: dict[str, Any]) -> bool:
    """Push the branch; False when the remote moved meanwhile (the caller merges again)."""
    ahead = _ahead(repo, f"refs/remotes/{remote}/{remote_branch}")
    if not ahead and tracked:
        return True
    args = ["push", "--porcelain", *([] if tracked else ["--set-upstream"]), remote,
            f"HEAD:refs/heads/{remote_branch}"]
    proc = repo.run(*args, check=False)
    if proc.returncode != 0:
        said = (proc.stdout or "") + (proc.stderr or "")
        if any(sign in said for sign in MOVED):
            return False
        raise MemkitError(f"cannot push to {remote} ({gitrun.last_line(proc)}); your commits are here — "
                          "sync again later")
    if ahead:
        out["pushed"] += ahead
        out["lines"].append(f"pushed {ahead} commit(s) to {remote}/{remote_branch}")
    return True
