"""memkit beside the pre-commit framework (https://pre-commit.com), with the real `pre-commit`.

Through `repo:` (this repository, the framework builds memkit's environment) a commit with a
staged trace carries its candidates and one with nothing staged says nothing; after
`pre-commit install` over memkit's own hook, `hooks status` says what runs and a reinstall
ends the framework's migration mode. The entry exits before click with nothing staged.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, git, run_cli

EXAMPLE = REPO / "examples" / "sessions" / "2026-03-04-ledger-commit.jsonl"
TRACE = "traces/2026/03/2026-03-04-claude-e41f09d2.md"
OFFLINE = ("Could not find a version", "No matching distribution", "Failed to establish a new connection",
           "Temporary failure in name resolution", "Network is unreachable", "ProxyError")


def env(home: Path) -> dict:
    """memkit and pre-commit from this interpreter's folder on PATH; the framework's cache in home."""
    bin_dir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "PRE_COMMIT_HOME": str(home),
            "PRE_COMMIT_COLOR": "never"}


def run(cwd: Path, *argv: str, e: dict, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run(list(argv), cwd=cwd, capture_output=True, text=True, env=e, timeout=900, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


def stage_a_trace(vault: Path) -> None:
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    git(vault, "add", "traces")


@pytest.fixture(scope="module")
def framework_home(tmp_path_factory):
    if shutil.which("pre-commit", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("the pre-commit package is not installed (pip install -e '.[dev]')")
    return tmp_path_factory.mktemp("pre-commit-home")


def this_repository(tmp_path: Path) -> tuple[str, str]:
    """A clone of this repository's committed state (what a `repo:` entry points at), and its commit."""
    clone = tmp_path / "memkit-src"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(clone)], check=True, capture_output=True)
    return str(clone), git(clone, "rev-parse", "HEAD").strip()


@pytest.mark.slow
def test_the_framework_runs_memkit_extract_from_its_repo_entry(vault, tmp_path, framework_home):
    url, rev = this_repository(tmp_path)
    (vault / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {url}\n    rev: {rev}\n    hooks:\n      - id: memkit-extract\n")
    git(vault, "add", ".pre-commit-config.yaml")
    git(vault, "commit", "-q", "-m", "use the pre-commit framework")
    e = env(framework_home)
    run(vault, "pre-commit", "install", e=e)
    built = run(vault, "pre-commit", "install-hooks", e=e, check=False)
    if built.returncode != 0 and any(m in built.stdout + built.stderr for m in OFFLINE):
        pytest.skip("the framework could not build memkit's environment offline")
    assert built.returncode == 0, built.stdout + built.stderr

    stage_a_trace(vault)
    proc = run(vault, "git", "commit", "-m", "a session", e=e)
    files = git(vault, "show", "--name-only", "--format=", "HEAD").split()
    assert TRACE in files and any(f.startswith("workshop/observations/correction/") for f in files)
    assert "memkit" in proc.stdout + proc.stderr and "migration mode" not in proc.stdout + proc.stderr
    assert git(vault, "status", "--porcelain") == ""

    (vault / "notes.txt").write_text("nothing of the vault\n")
    git(vault, "add", "notes.txt")
    quiet = run(vault, "git", "commit", "-m", "no trace", e=e)
    assert "extracted" not in quiet.stdout + quiet.stderr and "migration mode" not in quiet.stdout + quiet.stderr
    assert git(vault, "show", "--name-only", "--format=", "HEAD").split() == ["notes.txt"]

    status = run_cli("--vault", str(vault), "hooks", "status", check=True).stdout
    assert "git pre-commit: through the pre-commit framework (memkit-extract in" in status


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_pre_commit_install_over_memkits_hook_then_memkit_takes_the_front_again(vault, tmp_path):
    if shutil.which("pre-commit", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("the pre-commit package is not installed (pip install -e '.[dev]')")
    e = env(tmp_path / "pc-home")
    (vault / ".pre-commit-config.yaml").write_text(
        "repos:\n  - repo: local\n    hooks:\n      - id: says-hello\n        name: says hello\n"
        "        entry: echo hello-from-the-framework\n        language: system\n        pass_filenames: false\n"
        "        always_run: true\n")
    git(vault, "add", ".pre-commit-config.yaml")
    git(vault, "commit", "-q", "-m", "framework config")
    run_cli("--vault", str(vault), "hooks", "install", "--git", check=True)
    moved = run(vault, "pre-commit", "install", e=e)              # memkit's hook becomes pre-commit.legacy
    assert "migration mode" in moved.stdout + moved.stderr
    status = run_cli("--vault", str(vault), "hooks", "status", check=True).stdout
    assert "run by the pre-commit framework in migration mode" in status
    stage_a_trace(vault)
    run(vault, "git", "commit", "-m", "one", e=e)
    assert any(f.startswith("workshop/observations/") for f in committed(vault))

    fixed = run_cli("--vault", str(vault), "hooks", "install", "--git", check=True).stdout
    assert "migration-mode warning is gone" in fixed
    assert not (vault / ".git" / "hooks" / "pre-commit.legacy").exists()
    status = run_cli("--vault", str(vault), "hooks", "status", check=True).stdout
    assert "(runs the pre-commit framework's hook first)" in status
    stage_another(vault, "2026-03-09-ledger-release.jsonl")
    second = run(vault, "git", "commit", "-m", "two", e=e)
    out = second.stdout + second.stderr
    assert out.count("Passed") == 1 and out.count("extracted from 1 trace(s)") == 1, out
    assert any(f.startswith("workshop/observations/") for f in committed(vault))

    again = run(vault, "pre-commit", "install", e=e)               # the framework moves memkit aside once more
    assert "migration mode" in again.stdout + again.stderr
    stage_another(vault, "2026-03-12-ledger-retries.jsonl")
    third = run(vault, "git", "commit", "-m", "three", e=e)
    out = third.stdout + third.stderr
    assert out.count("Passed") == 1 and out.count("extracted from 1 trace(s)") == 1, out   # each runs once
    run_cli("--vault", str(vault), "hooks", "uninstall", "--git", check=True)
    assert "memkit" not in (vault / ".git" / "hooks" / "pre-commit").read_text()


def committed(vault: Path) -> list[str]:
    return git(vault, "show", "--name-only", "--format=", "HEAD").split()


def stage_another(vault: Path, name: str) -> None:
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(REPO / "examples" / "sessions" / name),
            check=True)
    git(vault, "add", "traces")


def test_the_entry_with_nothing_staged_is_silent_and_never_imports_click(vault):
    probe = ("import sys\nfrom memkit import entry\nsys.argv = ['memkit', 'hooks', 'run', 'pre-commit']\n"
             "try:\n    entry.main()\nexcept SystemExit as e:\n    code = e.code\n"
             "print(code, 'click' in sys.modules, 'memkit.pipeline' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=vault, capture_output=True, text=True, timeout=60, check=False)
    assert (proc.stdout, proc.stderr) == ("0 False False\n", "")
    stage_a_trace(vault)
    staged = subprocess.run([sys.executable, "-m", "memkit", "hooks", "run", "pre-commit"], cwd=vault,
                            capture_output=True, text=True, timeout=120, check=False)
    assert staged.returncode == 0 and "extracted from 1 trace(s)" in staged.stderr
    assert any(f.startswith("workshop/") for f in git(vault, "diff", "--cached", "--name-only").split())
