"""The git pre-commit hook: real repositories, real `git commit`, the installed shell script.

A commit that adds a trace carries its candidates; a hook that was there first still
runs (and still blocks when it fails); memkit's own failure warns and lets the commit
through; nothing outside the vault is ever staged.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import REPO, git, run_cli

EXAMPLE = REPO / "examples" / "sessions" / "2026-03-04-ledger-commit.jsonl"


def commit(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "commit", *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False)


def committed(cwd: Path, rev: str = "HEAD") -> list[str]:
    return git(cwd, "show", "--name-only", "--format=", rev).split()


def install(vault: Path) -> subprocess.CompletedProcess:
    return run_cli("--vault", str(vault), "hooks", "install", "--git", check=True)


def test_a_committed_trace_carries_its_candidates_in_the_same_commit(vault):
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", str(EXAMPLE), check=True)
    assert any(vault.glob("workshop/observations/*/*.md")), "the example session yields a candidate"
    git(vault, "add", "traces")
    before = int(git(vault, "rev-list", "--count", "HEAD"))
    proc = commit(vault, "-m", "add a session")
    assert proc.returncode == 0, proc.stderr
    files = committed(vault)
    assert [f for f in files if f.startswith("traces/")] == ["traces/2026/03/2026-03-04-claude-e41f09d2.md"]
    assert any(f.startswith("workshop/observations/correction/") for f in files)
    assert all(f.startswith(("traces/", "workshop/")) for f in files)
    assert int(git(vault, "rev-list", "--count", "HEAD")) == before + 1
    assert git(vault, "status", "--porcelain") == ""


def test_the_hook_extracts_a_trace_that_was_never_extracted(vault):
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    assert not any(vault.glob("workshop/observations/*/*.md"))
    git(vault, "add", "traces")
    proc = commit(vault, "-m", "add a session")
    assert proc.returncode == 0, proc.stderr
    assert "extracted from 1 trace(s)" in proc.stderr
    files = committed(vault)
    assert any(f.startswith("workshop/observations/correction/") for f in files)
    trace = git(vault, "show", "HEAD:traces/2026/03/2026-03-04-claude-e41f09d2.md")
    assert "- heuristic@" in trace          # the trace's `extracted` mark went into the commit too
    assert git(vault, "status", "--porcelain") == ""


def test_commit_all_stages_into_the_index_being_committed(vault):
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    (vault / "memkit.toml").write_text((vault / "memkit.toml").read_text() + "\n# touched\n")
    proc = commit(vault, "-a", "-m", "everything")      # git commits from its own index.lock here
    assert proc.returncode == 0, proc.stderr
    files = committed(vault)
    assert "memkit.toml" in files and any(f.startswith("workshop/observations/") for f in files)
    assert git(vault, "status", "--porcelain") == ""


def test_commit_with_paths_leaves_the_index_in_step_with_the_commit(vault):
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    proc = commit(vault, "-m", "just the traces", "--", "traces")   # git commits a temporary index here
    assert proc.returncode == 0, proc.stderr
    assert any(f.startswith("workshop/observations/") for f in committed(vault))
    assert git(vault, "status", "--porcelain") == ""


def test_nothing_staged_under_traces_means_no_python_and_no_output(vault):
    install(vault)
    (vault / "notes.txt").write_text("a note\n")
    git(vault, "add", "notes.txt")
    proc = commit(vault, "-m", "a note")
    assert proc.returncode == 0 and proc.stderr == ""
    assert committed(vault) == ["notes.txt"]


def test_an_existing_hook_is_chained_runs_first_and_is_restored(vault, tmp_path):
    hooks = vault / ".git" / "hooks"
    mark = tmp_path / "user-hook-ran"
    original = f"#!/bin/sh\necho ran >> '{mark}'\n"
    (hooks / "pre-commit").write_text(original)
    (hooks / "pre-commit").chmod(0o755)
    out = install(vault).stdout
    assert "moved to pre-commit.memkit-chained" in out
    assert "memkit-managed-hook" in (hooks / "pre-commit").read_text()
    assert "already installed" in install(vault).stdout       # idempotent: no second chaining
    run_cli("--vault", str(vault), "ingest", "--no-commit", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    assert commit(vault, "-m", "session").returncode == 0
    assert mark.read_text() == "ran\n"
    assert any(f.startswith("workshop/") for f in committed(vault))
    run_cli("--vault", str(vault), "hooks", "uninstall", "--git", check=True)
    assert (hooks / "pre-commit").read_text() == original
    assert not (hooks / "pre-commit.memkit-chained").exists()


def test_a_failing_user_hook_still_blocks_the_commit(vault):
    hooks = vault / ".git" / "hooks"
    (hooks / "pre-commit").write_text("#!/bin/sh\necho 'lint failed' >&2\nexit 1\n")
    (hooks / "pre-commit").chmod(0o755)
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    head = git(vault, "rev-parse", "HEAD")
    proc = commit(vault, "-m", "session")
    assert proc.returncode != 0 and "lint failed" in proc.stderr
    assert git(vault, "rev-parse", "HEAD") == head


@pytest.mark.parametrize("config", ['[extract]\nextractor = "anthropic"\n', '[extract]\nextractor = "nonesuch"\n'])
def test_a_broken_extractor_warns_once_and_the_commit_goes_on(vault, config):
    (vault / "memkit.toml").write_text(config)
    git(vault, "commit", "-qam", "use another extractor")
    install(vault)
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    proc = commit(vault, "-m", "session")
    assert proc.returncode == 0
    warnings = [line for line in proc.stderr.splitlines() if "memkit" in line]
    assert len(warnings) == 1 and warnings[0].startswith("memkit: warning: no candidates extracted")
    assert committed(vault) == ["traces/2026/03/2026-03-04-claude-e41f09d2.md"]


def test_a_corrupted_trace_does_not_block_the_commit(vault):
    install(vault)
    bad = vault / "traces" / "2026" / "03" / "2026-03-05-claude-deadbeef.md"
    bad.parent.mkdir(parents=True)
    bad.write_text("---\ntype: trace\nid: [unclosed\n---\nbody\n")
    git(vault, "add", "traces")
    proc = commit(vault, "-m", "a damaged trace")
    assert proc.returncode == 0
    assert "2026-03-05-claude-deadbeef.md" in proc.stderr
    assert committed(vault) == ["traces/2026/03/2026-03-05-claude-deadbeef.md"]


def test_a_vault_inside_a_project_stages_nothing_outside_it(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    git(project, "init", "-q")
    (project / "app.py").write_text("print('v1')\n")
    git(project, "add", "app.py")
    git(project, "commit", "-qm", "app")
    run_cli("init", str(project / ".memory"), check=True)
    git(project, "add", ".memory")
    git(project, "commit", "-qm", "vault")
    install(project / ".memory")
    assert (project / ".git" / "hooks" / "pre-commit").exists()
    (project / "app.py").write_text("print('v2, not ready')\n")     # a change the person did not stage
    (project / "scratch.txt").write_text("local notes\n")
    run_cli("--vault", str(project / ".memory"), "ingest", "--no-commit", str(EXAMPLE), check=True)
    git(project, "add", ".memory/traces")
    proc = commit(project, "-m", "a session")
    assert proc.returncode == 0, proc.stderr
    files = committed(project)
    assert files and all(f.startswith((".memory/traces/", ".memory/workshop/")) for f in files)
    assert any(f.startswith(".memory/workshop/observations/") for f in files)
    status = git(project, "status", "--porcelain").splitlines()
    assert status == [" M app.py", "?? scratch.txt"]


def test_core_hooks_path_is_respected(vault):
    git(vault, "config", "core.hooksPath", ".githooks")
    install(vault)
    assert (vault / ".githooks" / "pre-commit").is_file()
    assert not (vault / ".git" / "hooks" / "pre-commit").exists()
    run_cli("--vault", str(vault), "ingest", "--no-commit", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    assert commit(vault, "-m", "session").returncode == 0
    assert any(f.startswith("workshop/") for f in committed(vault))


def test_hook_status_and_a_second_vault_in_the_same_repository(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    git(project, "init", "-q")
    for name in ("a", "b"):
        run_cli("init", str(project / name), check=True)
    run_cli("--vault", str(project / "a"), "hooks", "install", check=True)
    other = run_cli("--vault", str(project / "b"), "hooks", "install")
    assert other.returncode == 1 and "already runs memkit for the vault" in other.stderr
    status = run_cli("--vault", str(project / "a"), "hooks", "status", check=True).stdout
    assert status.startswith("git pre-commit: installed in ")
    assert os.access(project / ".git" / "hooks" / "pre-commit", os.X_OK)


def test_the_pre_commit_framework_entry_fails_open(vault):
    """`.pre-commit-hooks.yaml`'s entry, run the way the framework runs it (from the repository top)."""
    import yaml

    spec = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())[0]
    assert spec["id"] == "memkit-extract" and spec["pass_filenames"] is False
    entry = spec["entry"].split()[1:]
    run_cli("--vault", str(vault), "ingest", "--no-commit", "--no-extract", str(EXAMPLE), check=True)
    git(vault, "add", "traces")
    ok = run_cli(*entry, cwd=vault)
    assert ok.returncode == 0 and "extracted from 1 trace(s)" in ok.stderr
    assert any(line.startswith("A  workshop/") for line in git(vault, "status", "--porcelain").splitlines())
    (vault / "memkit.toml").write_text('[extract]\nextractor = "nonesuch"\n')
    broken = run_cli(*entry, cwd=vault)
    assert broken.returncode == 0 and broken.stderr.startswith("memkit: warning: pre-commit hook skipped")


@pytest.mark.slow
def test_committing_thousands_of_removed_paths_names_none_on_a_command_line(vault):
    """A deletion of many notes (a re-extraction retiring them, a killed run's removals) is
    committed whole: git is told the paths through files, never through its argument list."""
    from memkit.storage import git as git_mod

    folder = vault / "workshop" / "observations" / ("x" * 120)
    folder.mkdir(parents=True)
    paths = [folder / f"note-{'y' * 100}-{i:05d}.md" for i in range(9000)]   # ~2.2 MB of names
    for p in paths:
        p.write_text("---\ntype: observation\n---\nx\n")
    assert git_mod.commit(vault, paths, "add", [])
    for p in paths:
        p.unlink()
    sha = git_mod.commit(vault, paths, "remove", [])
    assert sha and git(vault, "ls-tree", "-r", "--name-only", "HEAD", "--", str(folder)) == ""
    assert git(vault, "status", "--porcelain") == ""
