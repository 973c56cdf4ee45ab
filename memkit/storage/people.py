"""Who the person at this clone is: `[team] user` in memkit.toml, else git's user.email, else user.name.

Owns naming the person for traces (`user:`), review decisions (`reviewed_by:`) and activation's
own-candidates filter. The hooks call it, so git's answer is cached in `.memkit/person.json`,
keyed by the times and sizes of the git config files it came from. Writes nothing but that cache.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

_memo: dict[str, tuple[list, tuple[str, str]]] = {}


def me(vault) -> str:
    """The person's name for memkit: `[team] user`, else git's email, else git's name ("" if none)."""
    configured = str(vault.config.get("team.user") or "").strip()
    if configured:
        return configured
    name, email = identity(vault.root, vault.state)
    return email or name


def identity(root: Path, state: Path | None = None) -> tuple[str, str]:
    """(user.name, user.email) as git would author a commit in the repository around root."""
    env_name, env_email = os.environ.get("GIT_AUTHOR_NAME", ""), os.environ.get("GIT_AUTHOR_EMAIL", "")
    stamp = [[str(p), *_stat(p)] for p in _config_files(root)] + [env_name, env_email]
    memo = _memo.get(str(root))
    if memo and memo[0] == stamp:
        return memo[1]
    cache = state / "person.json" if state is not None else None
    found = _cached(cache, stamp)
    if found is None:
        found = (env_name or _git_config(root, "user.name"), env_email or _git_config(root, "user.email"))
        _save(cache, stamp, found)
    _memo[str(root)] = (stamp, found)
    return found


def named(vault, user: str | None) -> str | None:
    """A `--user` option's person: `me` is the person at this clone; None stays None (everyone)."""
    if user is None:
        return None
    return me(vault) if user.strip() == "me" else user.strip()


def trailers(vault) -> list[tuple[str, str]]:
    """`Memkit-By: PERSON` for a decision's commit when git's author does not name the person
    (`[team] user` is someone git's identity does not mention); else none: the author says it."""
    who = str(vault.config.get("team.user") or "").strip()
    return [("Memkit-By", who)] if who and who not in identity(vault.root, vault.state) else []


def _config_files(root: Path) -> list[Path]:
    """The files git reads identity from: the repository's config, the global and XDG ones, the system's."""
    home = Path(os.path.expanduser("~"))
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    found = [Path(os.environ.get("GIT_CONFIG_GLOBAL") or home / ".gitconfig"), xdg / "git" / "config",
             Path("/etc/gitconfig")]
    for d in (root, *root.parents):
        dot = d / ".git"
        if dot.is_dir():
            return [dot / "config", *found]
        if dot.is_file():   # a worktree or submodule: `gitdir: PATH`
            text = dot.read_text(errors="replace").strip()
            gitdir = Path(text.split(":", 1)[1].strip()) if text.startswith("gitdir:") else dot
            gitdir = gitdir if gitdir.is_absolute() else d / gitdir
            common = gitdir / "commondir"
            if common.is_file():
                gitdir = gitdir / common.read_text().strip()
            return [gitdir / "config", *found]
    return found


def _stat(path: Path) -> list[int]:
    try:
        st = path.stat()
    except OSError:
        return [0, 0]
    return [st.st_mtime_ns, st.st_size]


def _git_config(root: Path, key: str) -> str:
    import subprocess

    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GIT_") or k in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")}
    try:
        out = subprocess.run(["git", "config", "--get", key], cwd=root, capture_output=True, text=True,
                             check=False, env=env, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def _cached(cache: Path | None, stamp: list) -> tuple[str, str] | None:
    if cache is None:
        return None
    try:
        data = json.loads(cache.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("stamp") != stamp:
        return None
    return str(data.get("name") or ""), str(data.get("email") or "")


def _save(cache: Path | None, stamp: list, found: tuple[str, str]) -> None:
    if cache is None:
        return
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "name": found[0], "email": found[1]}))
        os.replace(tmp, cache)
    except OSError:
        pass   # a read-only vault goes without the cache
