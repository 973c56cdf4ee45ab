"""The git commands `memkit sync` runs (fetch, merge, push, and what they leave behind), as processes.

Sync lives on git's own outcomes — a merge that stopped, a push the remote refused, a remote that
cannot be reached — so it runs git itself and reads exit codes and messages, with the variables
a hook inherits (GIT_DIR, GIT_INDEX_FILE…) removed, no prompts, and C-locale messages. memkit's own
commits still go through memkit.storage.git. Never runs a command that discards a person's work
(`merge --abort` is run only on a merge sync itself started).
"""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from memkit.errors import MemkitError

_KEEP = ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL",
         "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS")
TIMEOUT = 300


@dataclass
class Repo:
    top: Path          # the work tree's top
    git_dir: Path
    prefix: str        # the vault's folder inside the work tree ("" when the vault is the repository)

    def run(self, *args: str, check: bool = True, timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _KEEP}
        env.update(GIT_TERMINAL_PROMPT="0", GIT_MERGE_AUTOEDIT="no", LC_ALL="C", LANGUAGE="C")
        try:
            proc = subprocess.run(["git", *args], cwd=self.top, capture_output=True, text=True, env=env,
                                  timeout=timeout, errors="replace", check=False)
        except subprocess.TimeoutExpired:
            raise MemkitError(f"git {args[0]} took longer than {int(timeout)} s; nothing more was done")
        if check and proc.returncode != 0:
            raise MemkitError(f"git {args[0]} failed: {last_line(proc)}")
        return proc

    def out(self, *args: str) -> str:
        return self.run(*args).stdout.strip()

    def ok(self, *args: str) -> bool:
        return self.run(*args, check=False).returncode == 0

    def vault_path(self, rel: str) -> str:
        """A work-tree path for a vault-relative one."""
        return f"{self.prefix}/{rel}" if self.prefix else rel

    def in_vault(self, path: str) -> str | None:
        """The vault-relative path of a work-tree path, or None when it lies outside the vault."""
        if not self.prefix:
            return path
        return path[len(self.prefix) + 1:] if path.startswith(self.prefix + "/") else None

    def rev(self, ref: str) -> str | None:
        proc = self.run("rev-parse", "--verify", "-q", ref + "^{commit}", check=False)
        return proc.stdout.strip() if proc.returncode == 0 else None

    def revs(self, *refs: str) -> list[str | None]:
        """Each ref's commit (None where there is none), in one git call when all exist."""
        proc = self.run("rev-parse", *refs, check=False)
        if proc.returncode == 0:
            return list(proc.stdout.split())
        return [self.rev(r) for r in refs]

    def config(self) -> dict[str, str]:
        """The repository's git configuration (all scopes), keys as git spells them."""
        out = self.run("config", "--list", "-z", check=False).stdout
        return dict(entry.split("\n", 1) for entry in out.split("\0") if "\n" in entry)

    def show(self, ref: str, path: str) -> str | None:
        """A file's text at a commit (or an index stage, `:2`), or None when it has none."""
        proc = self.run("show", f"{ref}:{path}", check=False)
        return proc.stdout if proc.returncode == 0 else None

    def count(self, spec: str) -> int:
        return int(self.out("rev-list", "--count", spec) or 0)

    def unmerged(self) -> dict[str, set[int]]:
        """Paths a stopped merge left unmerged, with the stages present (1 base, 2 ours, 3 theirs)."""
        stages: dict[str, set[int]] = {}
        for line in self.run("ls-files", "-u", "-z").stdout.split("\0"):
            if "\t" in line:
                info, path = line.split("\t", 1)
                stages.setdefault(path, set()).add(int(info.split()[2]))
        return stages

    def merging(self) -> bool:
        return (self.git_dir / "MERGE_HEAD").exists()


def open_repo(vault_root: Path) -> Repo:
    """The repository around the vault; MemkitError when there is none."""
    probe = Repo(vault_root, vault_root, "")
    proc = probe.run("rev-parse", "--show-toplevel", "--absolute-git-dir", check=False)
    if proc.returncode != 0:
        raise MemkitError(f"{vault_root} is not in a git repository; a team shares a vault through one "
                          "(git init, git remote add origin URL)")
    top, git_dir = (Path(x) for x in proc.stdout.strip().splitlines()[:2])
    rel = vault_root.resolve().relative_to(top.resolve()).as_posix()
    return Repo(top.resolve(), git_dir, "" if rel == "." else rel)


def last_line(proc: subprocess.CompletedProcess) -> str:
    """git's reason in one line (its last words on stderr, else stdout), without `fatal:`/`error:`."""
    lines = [x.strip() for x in (proc.stderr or proc.stdout or "").splitlines() if x.strip()
             and not x.strip().startswith("hint:")]
    text = next((x for x in lines if x.startswith(("fatal:", "error:"))), lines[-1] if lines else "no message")
    for tag in ("fatal: ", "error: "):
        text = text.removeprefix(tag)
    return text
