"""A lesson note's stored `cue:` after memkit's compiler moved on: `doctor` counts the notes that
show an old one, `reindex --cues` writes the current one in (one commit), and a cue a person
wrote, or a note a person edited, keeps what the person did."""
from __future__ import annotations

import json

from conftest import git, run_cli
from test_extract_pushback import after_edit, candidates, ingest

from memkit.activation import compiler
from memkit.storage import notes


def _lessons(vault, tmp_path) -> list[notes.Note]:
    ingest(vault, tmp_path, "one", after_edit("no, never keep a module level cache in the client, tests leak"))
    ingest(vault, tmp_path, "two", after_edit("stop, revert the retry loop, the transport already retries"))
    ingest(vault, tmp_path, "three", after_edit("don't touch src/client.py at all, it is generated"))
    found = candidates(vault, "correction")
    assert len(found) == 3 and all(n.meta["cue"]["compiled"] == compiler.NAME for n in found)
    return found


def _write(note: notes.Note, meta: dict, body: str | None = None, stamp: bool = True) -> None:
    body = note.body if body is None else body
    meta = notes.stamp(meta, body) if stamp else meta
    note.path.write_text(notes.render(notes.Note(meta, body)), encoding="utf-8")


def test_old_cues_are_counted_then_written_again_and_a_persons_work_is_kept(vault, tmp_path):
    old, persons, edited = _lessons(vault, tmp_path)
    # as an older memkit wrote it: another compiler, another reading
    _write(old, {**old.meta, "cue": {**old.meta["cue"], "compiled": "heuristic@1", "forbids": ["vcs:force-push"]}})
    mine = {**persons.meta["cue"], "compiled": "person", "forbids": ["vcs:force-push"]}
    _write(persons, {**persons.meta, "cue": mine})
    # a person edited this one's body after memkit wrote it, and its cue is old too
    _write(edited, {**edited.meta, "cue": {**edited.meta["cue"], "compiled": "heuristic@2"}}, stamp=True)
    _write(notes.read(edited.path), notes.read(edited.path).meta, body=edited.body + "\nMy own remark.\n", stamp=False)
    persons_text = persons.path.read_text(encoding="utf-8")
    git(vault, "add", "-A")
    git(vault, "commit", "-qm", "older notes")

    doctor = run_cli("--vault", str(vault), "doctor", "--json")
    assert json.loads(doctor.stdout)["stale_cues"] == 2
    shown = run_cli("--vault", str(vault), "doctor")
    assert "2 lesson note(s) show a `cue:`" in shown.stdout and "reindex --cues" in shown.stdout

    done = run_cli("--vault", str(vault), "reindex", "--cues", "--json", check=True)
    report = json.loads(done.stdout)["cues"]
    assert sorted(report["recompiled"]) == sorted(str(n.path.relative_to(vault)) for n in (old, edited))
    assert git(vault, "log", "-1", "--format=%s").startswith("memkit: cues compiled again")
    assert git(vault, "status", "--porcelain", "--untracked-files=no").strip() == ""

    now = notes.read(old.path)
    assert now.meta["cue"]["compiled"] == compiler.NAME and "vcs:force-push" not in now.meta["cue"]["forbids"]
    assert not now.edited_by_person()
    assert persons.path.read_text(encoding="utf-8") == persons_text   # a person's cue is theirs
    kept = notes.read(edited.path)
    assert kept.meta["cue"]["compiled"] == compiler.NAME
    assert kept.body.endswith("My own remark.\n") and kept.edited_by_person()   # still marked as theirs

    again = run_cli("--vault", str(vault), "reindex", "--cues", "--json", check=True)
    assert json.loads(again.stdout)["cues"]["recompiled"] == []
    assert json.loads(run_cli("--vault", str(vault), "doctor", "--json").stdout)["stale_cues"] == 0


def test_reindex_without_cues_leaves_the_notes_alone(vault, tmp_path):
    old = _lessons(vault, tmp_path)[0]
    _write(old, {**old.meta, "cue": {**old.meta["cue"], "compiled": "heuristic@1"}})
    before = old.path.read_bytes()
    run_cli("--vault", str(vault), "reindex", check=True)
    assert old.path.read_bytes() == before


def test_a_lesson_holding_a_suggested_change_is_current_once_compiled(vault, tmp_path):
    said = ("no, not like that:\n```diff\n- cache = {}\n+ cache = LRU(maxsize=128)\n```\n"
            "never an unbounded module level cache in the client")
    ingest(vault, tmp_path, "diff", after_edit(said))
    [note] = candidates(vault, "correction")
    assert "```" in note.meta["lesson"]
    doctor = json.loads(run_cli("--vault", str(vault), "doctor", "--json", check=True).stdout)
    assert doctor["stale_cues"] == 0   # it was counted stale for ever: `reindex --cues` wrote the same cue again
    assert "0 note(s)" in run_cli("--vault", str(vault), "reindex", "--cues", check=True).stdout


def test_a_persons_uncommitted_edit_is_not_committed_with_the_recompiled_cues(vault, tmp_path):
    old, other, _ = _lessons(vault, tmp_path)
    for note in (old, other):
        _write(note, {**note.meta, "cue": {**note.meta["cue"], "compiled": "heuristic@1"}})
    git(vault, "add", "-A")
    git(vault, "commit", "-qm", "older notes")
    edited = notes.read(other.path)   # a person's edit, not committed yet: its lesson and importance
    _write(edited, {**edited.meta, "lesson": "never keep a cache in the client.", "importance": 0.3}, stamp=False)
    out = run_cli("--vault", str(vault), "reindex", "--cues", check=True).stdout
    rel = str(other.path.relative_to(vault))
    assert f"left uncommitted, as your edits in them are: {rel}" in out
    shown = git(vault, "show", "HEAD", "--stat", "--format=%s")
    assert shown.startswith("memkit: cues compiled again") and rel not in shown
    assert rel in git(vault, "status", "--porcelain")
    kept = notes.read(other.path)
    assert kept.meta["lesson"] == "never keep a cache in the client." and kept.meta["cue"]["compiled"] == compiler.NAME
