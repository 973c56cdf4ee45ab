"""A full rebuild of a large vault parses on every core; it must give the index that indexing
the same files one by one gives. (Timings live in bench/, never here.)"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from memkit.storage import index, notes
from memkit.storage.vault import Vault


def _observation(n: int) -> str:
    meta = {"type": "observation", "id": f"corr-bench-{n:05d}", "kind": "correction", "status": "candidate",
            "lifecycle": "operational", "confidence": 0.8, "importance": 0.6, "created": "2026-03-02T10:00:00Z",
            "session": f"[[2026-03-02-claude-{n:08x}]]", "source": f"[[2026-03-02-claude-{n:08x}#^t4]]",
            "extractor": "heuristic@1", "trigger": f"Bash: git add -A && git commit -m 'change {n}' (rejected)",
            "lesson": f"never stage everything ({n}); stage only the files you changed",
            "action_types": ["git:stage-all"]}
    return notes.render(notes.Note(notes.stamp(meta, f"Correction {n}.\n"), f"Correction {n}.\n"))


def _dump(db: Path) -> dict:
    con = sqlite3.connect(db)
    out = {"files": sorted(r[:-1] for r in con.execute("SELECT * FROM files")),   # the inode last
           "turns": sorted(con.execute("SELECT path, turn, role, title, said, prose, calls, output FROM turns")),
           "cues": sorted(con.execute("SELECT path, note_id, cue_type, trigger, lesson, kinds, names, status,"
                                      " reviewed, created, session, source, extra FROM cues")),
           "kinds": sorted(con.execute("SELECT c.path, k.kind FROM cue_kinds k JOIN cues c ON c.rowid = k.cue")),
           "names": sorted(con.execute("SELECT c.path, n.name FROM cue_names n JOIN cues c ON c.rowid = n.cue")),
           "match": sorted(con.execute("SELECT path FROM turns WHERE turns MATCH 'stage'")),
           "docs": sorted(con.execute("SELECT t.path FROM docs JOIN turns t ON t.rowid = docs.rowid"
                                      " WHERE docs MATCH 'stage'")),
           "cue_match": sorted(con.execute("SELECT rowid IS NOT NULL FROM cues_fts WHERE cues_fts MATCH 'stage'"))}
    con.close()
    return out


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_parallel_rebuild_equals_one_by_one(vault):
    v = Vault(vault)
    folder = vault / "workshop" / "observations" / "correction"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(index.PARALLEL_FROM + 50):
        (folder / f"corr-bench-{n:05d}.md").write_text(_observation(n))
    (folder / "corr-broken.md").write_text("---\ntype: [unclosed\n---\nbody\n")
    index.refresh(v, full=True)
    rebuilt = _dump(v.index_path)
    for suffix in ("", "-wal", "-shm"):
        Path(str(v.index_path) + suffix).unlink(missing_ok=True)
    index.update_paths(v, sorted(folder.glob("*.md")))
    one_by_one = _dump(v.index_path)
    assert len(rebuilt["files"]) == index.PARALLEL_FROM + 50
    assert rebuilt == one_by_one
    con = sqlite3.connect(v.index_path)
    assert con.execute("SELECT count(*) FROM problems").fetchone()[0] == 1


def test_a_rebuild_on_a_thread_of_a_server_forks_no_workers(vault, monkeypatch):
    import multiprocessing
    import threading

    v = Vault(vault)
    folder = vault / "workshop" / "observations" / "correction"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(8):
        (folder / f"corr-bench-{n:05d}.md").write_text(_observation(n))
    monkeypatch.setattr(index, "PARALLEL_FROM", 3)   # past it, the main thread would fork a pool

    def no_fork(*_a, **_k):
        raise AssertionError("forked from a thread that is not the main one")
    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    failed: list = []
    thread = threading.Thread(target=lambda: _catch(failed, lambda: index.refresh(v, full=True)))
    thread.start()
    thread.join(60)
    assert failed == [] and len(_dump(v.index_path)["files"]) == 8


def _catch(failed: list, work) -> None:
    try:
        work()
    except BaseException as e:   # noqa: BLE001 — handed to the test's thread
        failed.append(e)


def _lock(paths: list[Path], on: bool) -> bool:
    """Make the files read-only for this process: by their mode, or for root (whom no mode stops)
    by the immutable attribute; False when neither can be had here."""
    import os
    import subprocess

    if os.geteuid() != 0:
        for p in paths:
            p.chmod(p.stat().st_mode & ~0o222 if on else p.stat().st_mode | 0o200)
        return True
    try:
        done = subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], capture_output=True)
    except OSError:
        return False
    return done.returncode == 0


def test_a_vault_that_cannot_be_written_is_read_as_it_is(vault):
    import json

    from conftest import run_cli, write_generic

    log = write_generic(vault.parent / "ro.jsonl", [{"role": "user", "content": "deploy the billing worker"},
                                                   {"role": "assistant", "content": "Deployed."},
                                                   {"role": "user", "content": "no, never deploy on fridays"}])
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    state = vault / ".memkit"
    frozen = [state / "index.sqlite", state]
    for extra in state.glob("index.sqlite-*"):
        extra.unlink()
    before = (state / "index.sqlite").stat().st_mtime_ns
    if not _lock(frozen, True):
        pytest.skip("no way to make a file read-only for this user here")
    try:
        status = json.loads(run_cli("--vault", str(vault), "status", "--json", check=True).stdout)
        assert status["index"]["read_only"] is True and status["layers"]["trace"] == 1
        hits = run_cli("--vault", str(vault), "search", "fridays", check=True).stdout
        assert "fridays" in hits
    finally:
        _lock(frozen, False)
    assert (state / "index.sqlite").stat().st_mtime_ns == before


def test_an_index_that_alone_cannot_be_written_is_one_line_saying_what_to_do(vault):
    import json

    from conftest import run_cli, write_generic

    first = write_generic(vault.parent / "one.jsonl", [{"role": "user", "content": "deploy the billing worker"}])
    run_cli("--vault", str(vault), "ingest", str(first), check=True)
    db = vault / ".memkit" / "index.sqlite"
    for extra in db.parent.glob("index.sqlite-*"):
        extra.unlink()
    if not _lock([db], True):
        pytest.skip("no way to make a file read-only for this user here")
    try:
        second = write_generic(vault.parent / "two.jsonl", [{"role": "user", "content": "now the mailer"}])
        out = run_cli("--vault", str(vault), "ingest", str(second))
        assert out.returncode == 1 and out.stderr.count("\n") == 1
        assert "index cannot be written" in out.stderr and "memkit reindex" in out.stderr
        assert json.loads(run_cli("--vault", str(vault), "status", "--json").stdout or "{}").get("index", {}).get(
            "read_only") is not True   # the vault can be written: it is not read as a read-only one
    finally:
        _lock([db], False)
