"""`memkit sync` at the edges: no repository, no remote, no upstream, a detached HEAD, a remote that
cannot be reached or that moves during the sync, memkit's own uncommitted notes, a person's
uncommitted edits, and a vault that is a folder inside a project's repository."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import git
from teamkit import EXAMPLES, Team, at, clean, head, marked, meta, mk, mkjson, person

DROP = "corr-never-drop-column-same-release-2c95"
WS = f"workshop/observations/correction/{DROP}.md"
LAYER = f"observations/correction/{DROP}.md"


def refused(vault: Path, needle: str) -> str:
    proc = mk(vault, "sync")
    assert proc.returncode == 1 and proc.stdout == "", proc.stdout
    assert proc.stderr.startswith("memkit: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert needle in proc.stderr, proc.stderr
    return proc.stderr


def test_sync_refuses_without_a_repository_a_remote_or_a_branch(tmp_path):
    mk(tmp_path, "init", str(tmp_path / "loose"), "--no-git", check=True)
    refused(tmp_path / "loose", "is not in a git repository")
    solo = tmp_path / "solo"
    mk(tmp_path, "init", str(solo), check=True)
    refused(solo, "no git remote to sync with; add the team's with `git remote add origin URL`")
    git(solo, "checkout", "-q", "--detach")
    git(solo, "remote", "add", "origin", str(tmp_path / "nowhere.git"))
    refused(solo, "HEAD is detached (not on a branch)")
    git(solo, "checkout", "-q", "main")
    before = head(solo)
    refused(solo, "cannot reach origin (")
    assert head(solo) == before and clean(solo)


def test_first_sync_pushes_and_sets_the_upstream_then_json_says_what_happened(tmp_path):
    team = Team(tmp_path)
    alice = team.found("alice", ingest=False)
    assert git(alice, "config", "--get", "branch.main.remote").strip() == "origin"
    assert git(alice, "config", "--get", "branch.main.merge").strip() == "refs/heads/main"
    mk(alice, "ingest", str(EXAMPLES), "--no-commit", check=True)     # memkit's notes, not yet committed
    out = mkjson(alice, "sync")
    assert out["committed"] and out["pushed"] == 1 and out["remote"] == "origin/main" and out["branch"] == "main"
    assert out["lines"][0].startswith("committed ") and "file(s) memkit wrote" in out["lines"][0]
    assert clean(alice)
    assert "Memkit-Action: sync" in git(alice, "log", "-1", "--format=%B")
    bob = team.join("bob")
    assert sorted(p.name for p in (bob / "traces").rglob("*.md")) == sorted(p.name for p in
                                                                          (alice / "traces").rglob("*.md"))
    again = mkjson(bob, "sync")
    assert (again["pulled"], again["pushed"], again["lines"]) == (0, 0, ["up to date with origin/main"])
    mk(bob, "reject", DROP, check=True)
    remote_head = git(team.remote, "rev-parse", "main")
    held = mkjson(bob, "sync", "--no-push")
    assert (held["pushed"], held["held"], held["lines"]) == (0, 1, ["1 commit(s) not pushed (--no-push)"])
    assert git(team.remote, "rev-parse", "main") == remote_head
    assert mkjson(bob, "sync")["pushed"] == 1 and git(team.remote, "rev-parse", "main") != remote_head


def test_a_persons_uncommitted_edit_stops_sync_before_anything_changes(tmp_path):
    team = Team(tmp_path)
    alice, bob = team.found("alice"), team.join("bob")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    note = bob / WS
    text = note.read_text().replace("rolling deploy.", "rolling deploy, as we learned.")
    note.write_text(text)
    before = head(bob)
    refused(bob, f"you have uncommitted edits in the vault ({WS}); commit or stash them, then sync")
    assert head(bob) == before and note.read_text() == text and not (bob / LAYER).exists()


def test_a_remote_that_moves_during_the_sync_is_merged_and_pushed_again(tmp_path, monkeypatch):
    team = Team(tmp_path)
    alice, bob, carol = team.found("alice"), team.join("bob"), team.join("carol")
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(carol, "accept", DROP, check=True)          # committed, not pushed yet
    mk(bob, "reject", "neg-tried-circuit-breaker-last-year-e379", check=True)
    mark = tmp_path / "pushed-once"
    hook = bob / ".git" / "hooks" / "pre-push"
    hook.write_text("#!/bin/sh\n"                  # carol pushes first, while bob's push is under way
                    f"[ -e {mark} ] && exit 0\ntouch {mark}\ncd {carol} && env -i PATH=\"$PATH\" HOME=\"$HOME\" "
                    f"GIT_CONFIG_GLOBAL=\"$GIT_CONFIG_GLOBAL\" git push -q origin HEAD:main\n")
    hook.chmod(0o755)
    out = mk(bob, "sync", check=True).stdout.splitlines()
    assert out[0] == "origin/main moved during the sync; merging again"
    assert out[1].startswith("pulled 1 commit(s) from origin/main (merge commit ")
    assert out[-1] == "pushed 2 commit(s) to origin/main"
    mk(carol, "sync", check=True)
    mk(alice, "sync", check=True)
    assert head(alice) == head(bob) == head(carol)
    assert meta(alice, LAYER)["status"] == "accepted" and marked(alice) == []


@pytest.fixture
def project(tmp_path):
    """A project repository whose vault is its `.memory/` folder, and a second clone of it."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    alice = tmp_path / "alice"
    alice.mkdir()
    git(alice, "init", "-q", "-b", "main")
    person(alice, "alice")
    (alice / "app.py").write_text("RETRIES = 3\nTIMEOUT = 10\n")
    (alice / "README.md").write_text("# app\n")
    mk(alice, "init", str(alice / ".memory"), check=True)
    git(alice, "add", "-A")
    git(alice, "commit", "-qm", "app and its memory")
    git(alice, "remote", "add", "origin", str(remote))
    mk(alice / ".memory", "ingest", str(EXAMPLES), check=True)
    mk(alice / ".memory", "sync", check=True)
    bob = tmp_path / "bob"
    subprocess.run(["git", "clone", "-q", str(remote), str(bob)], check=True)
    person(bob, "bob")
    return alice, bob


def test_a_vault_inside_a_project_repository(project, monkeypatch):
    alice, bob = project
    assert (alice / ".memory" / ".gitattributes").read_text().count("merge=memkit") == 6
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice / ".memory", "accept", DROP, check=True)
    (alice / "app.py").write_text("RETRIES = 5\nTIMEOUT = 10\n")
    git(alice, "commit", "-qam", "more retries")
    mk(alice / ".memory", "sync", check=True)
    at(monkeypatch, "2026-05-01T10:03:00Z")
    mk(bob / ".memory", "reject", DROP, check=True)
    (bob / "notes.txt").write_text("my scratch file, untracked\n")
    (bob / "app.py").write_text("RETRIES = 3\nTIMEOUT = 10\n# bob was here\n")   # unstaged, outside the vault
    before = head(bob)
    refused(bob / ".memory", "cannot merge origin/main: your uncommitted changes to app.py would be overwritten")
    assert head(bob) == before and (bob / "app.py").read_text().endswith("# bob was here\n")
    git(bob, "checkout", "--", "app.py")
    (bob / "README.md").write_text("# app\n\nbob's draft\n")   # a change the merge does not touch
    out = mk(bob / ".memory", "sync", check=True).stdout
    assert "pulled 2 commit(s) from origin/main" in out and f"{DROP} → {WS} (rejected)" in out
    assert (bob / "README.md").read_text() == "# app\n\nbob's draft\n"     # the person's, kept
    assert (bob / "notes.txt").is_file()
    assert (bob / "app.py").read_text() == "RETRIES = 5\nTIMEOUT = 10\n"
    assert meta(bob / ".memory", WS)["status"] == "rejected" and marked(bob / ".memory") == []


def test_a_conflict_in_the_projects_own_files_is_the_persons(project):
    alice, bob = project
    for clone, value in ((alice, "7"), (bob, "9")):
        (clone / "app.py").write_text(f"RETRIES = {value}\nTIMEOUT = 10\n")
        git(clone, "commit", "-qam", f"retries {value}")
    mk(alice / ".memory", "sync", check=True)
    before = head(bob)
    err = refused(bob / ".memory", "sync stopped: app.py changed here and on origin/main in the same place")
    assert "nothing was changed" in err
    assert head(bob) == before and (bob / "app.py").read_text() == "RETRIES = 9\nTIMEOUT = 10\n"
    assert clean(bob) and not (bob / ".git" / "MERGE_HEAD").exists()


def test_init_and_hooks_install_register_the_driver(tmp_path):
    vault = tmp_path / "v"
    mk(tmp_path, "init", str(vault), check=True)
    assert "merge-driver %O %A %B %L %P" in git(vault, "config", "--get", "merge.memkit.driver")
    assert git(vault, "check-attr", "merge", "--", "workshop/observations/correction/x.md").strip().endswith(
        "merge: memkit")
    assert git(vault, "check-attr", "merge", "--", "memkit.toml").strip().endswith("merge: unspecified")
    assert ".gitattributes" in git(vault, "show", "--stat", "--format=", "HEAD")
    git(vault, "config", "--unset-all", "merge.memkit.driver")
    out = mk(vault, "hooks", "install", "--git", check=True).stdout
    assert "memkit's merge driver registered" in out
    assert os.access(vault / ".git" / "hooks" / "pre-commit", os.X_OK)
