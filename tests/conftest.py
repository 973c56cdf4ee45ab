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
GITCONFIG = ("[user]\n\tname = Test Person\n\temail = test@example.com\n"
             "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")


def pytest_sessionstart(session):
    """Write memkit's bytecode once. Tests start hundreds of memkit processes; where
    PYTHONDONTWRITEBYTECODE is set (it is on this project's machines) each of them would
    otherwise compile memkit's sources again, as no installed package would."""
    import compileall
    import tempfile

    compileall.compile_dir(str(REPO / "memkit"), quiet=1)
    # fixtures wider than a test (module-scoped vaults) run before `isolated`: they write as the
    # same person the tests check as (traces carry `user:`, activation fires a person's own candidates)
    gitconfig = Path(tempfile.mkdtemp(prefix="memkit-tests-")) / ".gitconfig"
    gitconfig.write_text(GITCONFIG)
    os.environ["GIT_CONFIG_GLOBAL"], os.environ["GIT_CONFIG_NOSYSTEM"] = str(gitconfig), "1"


TEST_CACHE = "MEMKIT_TESTS_XDG_CACHE"   # inherited by the xdist workers the first process starts


def pytest_configure(config):
    """One user cache for the whole run, holding the packaged catalogue's snapshot, as a machine
    where memkit has run before has it. Made before any fixture runs and before the workers start:
    module-scoped fixtures (which run before `isolated`) would otherwise build ~2,400 kinds into the
    person's own ~/.cache, and each worker would build them again (seconds each, at the same time)."""
    import tempfile

    if not os.environ.get(TEST_CACHE):
        cache = Path(tempfile.mkdtemp(prefix="memkit-tests-cache-"))
        config._memkit_cache = cache   # this process made it: it removes it when the run ends
        os.environ[TEST_CACHE] = str(cache)
        os.environ["XDG_CACHE_HOME"] = str(cache)
        from memkit.activation import catalogue

        catalogue.load(None)
    os.environ["XDG_CACHE_HOME"] = os.environ[TEST_CACHE]


def pytest_unconfigure(config):
    import shutil

    made = getattr(config, "_memkit_cache", None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
        os.environ.pop(TEST_CACHE, None)


@pytest.fixture(scope="session")
def user_cache() -> Path:
    return Path(os.environ[TEST_CACHE])


@pytest.fixture(autouse=True)
def isolated(tmp_path_factory, monkeypatch, user_cache):
    home = tmp_path_factory.mktemp("home")
    for key in list(os.environ):
        if (key.startswith("GIT_") or key.startswith("MEMKIT_") or key.startswith("XDG_")) and key != TEST_CACHE:
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(user_cache))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    gitconfig = home / ".gitconfig"
    gitconfig.write_text(GITCONFIG)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(gitconfig))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    return home


def run_process(*args: str, input: str | None = None, cwd: Path | None = None, env: dict | None = None,
                check: bool = False) -> subprocess.CompletedProcess:
    """The real memkit executable in a subprocess: for tests where the process is the point
    (hooks as the agent runs them, signals, kill loops, installed entry points)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "memkit", *args], input=input, capture_output=True, text=True,
                          cwd=cwd, env=full_env, timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"memkit {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


def run_cli(*args: str, input: str | None = None, cwd: Path | None = None, env: dict | None = None,
            check: bool = False) -> subprocess.CompletedProcess:
    """The memkit command line in-process (entry.main, as the executable runs it: the hook fast
    path, click, the one-line error translation), with its own stdin, stdout, stderr, environment
    and working directory. MEMKIT_TEST_PROCESSES=1 runs every call as a real process instead."""
    if os.environ.get("MEMKIT_TEST_PROCESSES"):
        return run_process(*args, input=input, cwd=cwd, env=env, check=check)
    from click.testing import CliRunner

    from memkit import entry

    old_argv, old_cwd = sys.argv, os.getcwd()
    code: int = 0
    with CliRunner().isolation(input=input or "", env=env) as (out, err, _mixed):
        sys.argv = ["memkit", *args]
        try:
            if cwd is not None:
                os.chdir(cwd)
            entry.main()
        except SystemExit as e:
            if isinstance(e.code, str):
                sys.stderr.write(e.code + "\n")
                code = 1
            else:
                code = int(e.code or 0)
        finally:
            sys.argv = old_argv
            os.chdir(old_cwd)
            sys.stdout.flush()
            sys.stderr.flush()
        stdout = out.getvalue().decode("utf-8", "replace")
        stderr = err.getvalue().decode("utf-8", "replace")
    proc = subprocess.CompletedProcess(["memkit", *args], code, stdout, stderr)
    if check and code != 0:
        raise AssertionError(f"memkit {' '.join(args)} failed ({code}):\n{stdout}\n{stderr}")
    return proc


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture(scope="session")
def _made_vault(tmp_path_factory):
    """One `memkit init` per test process; each test gets a copy (a fifth of the time of an init)."""
    root = tmp_path_factory.mktemp("made") / "vault"
    run_cli("init", str(root), check=True)
    for sample in (root / ".git" / "hooks").glob("*.sample"):   # git's examples: a quarter of a vault's files
        sample.unlink()
    return root


@pytest.fixture
def vault(tmp_path, _made_vault):
    """A fresh vault with its own git repository (`memkit init`'s, copied: nothing in it names its folder)."""
    import shutil

    root = tmp_path / "vault"
    shutil.copytree(_made_vault, root, symlinks=True)
    return root


def write_generic(path: Path, messages: list[dict], session: dict | None = None) -> Path:
    """A log in memkit's generic JSONL format."""
    lines = [json.dumps({"type": "session", **session})] if session else []
    lines += [json.dumps(m) for m in messages]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout
