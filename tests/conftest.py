"""Shared fixtures: an isolated HOME and git identity for every test, and helpers to
run the real `memkit` command line in-process or as a subprocess."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
CORPORA = SHARED / "corpora"
DEVSET = SHARED / "eval" / "activation-dev"


def pytest_sessionstart(session):
    """Write memkit's bytecode once. Tests start hundreds of memkit processes; where
    PYTHONDONTWRITEBYTECODE is set (it is on this project's machines) each of them would
    otherwise compile memkit's sources again, as no installed package would."""
    import compileall

    compileall.compile_dir(str(REPO / "memkit"), quiet=1)


@pytest.fixture(autouse=True)
def isolated(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    for key in list(os.environ):
        if key.startswith("GIT_") or key.startswith("MEMKIT_") or key.startswith("XDG_"):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    gitconfig = home / ".gitconfig"
    gitconfig.write_text("[user]\n\tname = Test Person\n\temail = test@example.com\n"
                         "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(gitconfig))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    return home


def run_cli(*args: str, input: str | None = None, cwd: Path | None = None, env: dict | None = None,
            check: bool = False) -> subprocess.CompletedProcess:
    """The real memkit executable in a subprocess (what hooks and people run)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "memkit", *args], input=input, capture_output=True, text=True,
                          cwd=cwd, env=full_env, timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"memkit {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def vault(tmp_path):
    """A fresh vault with its own git repository."""
    root = tmp_path / "vault"
    run_cli("init", str(root), check=True)
    return root


def write_generic(path: Path, messages: list[dict], session: dict | None = None) -> Path:
    """A log in memkit's generic JSONL format."""
    lines = [json.dumps({"type": "session", **session})] if session else []
    lines += [json.dumps(m) for m in messages]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout
