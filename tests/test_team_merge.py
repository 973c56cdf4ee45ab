"""The merge driver's rules on notes written by memkit and by people: decisions, unions, maxima,
timestamps, a person's edit against memkit's, two people's edits, traces of different lengths,
and files that are not notes — through the `memkit merge-driver` command git runs."""
from __future__ import annotations

from pathlib import Path

from conftest import run_cli

from memkit.storage import notes
from memkit.team import merge


def note(body: str = "# A lesson\n\nNever drop a column in one release.\n", **meta) -> str:
    """A note as memkit writes it (stamped), unless `person=True` edits it afterwards."""
    person = meta.pop("person", False)
    full = {"type": "observation", "id": "corr-x-1a2b", "kind": "correction", "status": "candidate", **meta}
    text = notes.render(notes.Note(notes.stamp(full, body), body))
    return text.replace("Never drop", "Please never drop") if person else text


def drive(tmp_path: Path, base: str, ours: str, theirs: str, path: str = "workshop/x.md"):
    files = []
    for name, text in (("O", base), ("A", ours), ("B", theirs)):
        (tmp_path / name).write_text(text)
        files.append(str(tmp_path / name))
    proc = run_cli("merge-driver", *files, "7", path)
    return proc.returncode, (tmp_path / "A").read_text()


def parsed(text: str) -> notes.Note:
    return notes.parse(text)


def test_lists_are_unions_in_order_and_counters_take_the_maximum(tmp_path):
    base = note(sources=["[[t1#^t4]]"], importance=0.5, recurrence=1, updated="2026-05-01T10:00:00Z")
    ours = note(sources=["[[t1#^t4]]", "[[t2#^t3]]"], importance=0.7, recurrence=2, updated="2026-05-02T10:00:00Z")
    theirs = note(sources=["[[t1#^t4]]", "[[t3#^t9]]"], importance=0.6, recurrence=3,
                  updated="2026-05-03T10:00:00Z", tags=["db"])
    code, text = drive(tmp_path, base, ours, theirs)
    m = parsed(text).meta
    assert code == 0
    assert m["sources"] == ["[[t1#^t4]]", "[[t2#^t3]]", "[[t3#^t9]]"]
    assert (m["importance"], m["recurrence"], m["updated"], m["tags"]) == (0.7, 3, "2026-05-03T10:00:00Z", ["db"])
    assert not parsed(text).edited_by_person()            # memkit merged memkit's notes: its hash again


def test_a_source_removed_on_one_side_stays_removed(tmp_path):
    base = note(sources=["[[a#^t1]]", "[[b#^t2]]"])
    ours = note(sources=["[[a#^t1]]"])
    theirs = note(sources=["[[a#^t1]]", "[[b#^t2]]", "[[c#^t3]]"])
    assert parsed(drive(tmp_path, base, ours, theirs)[1]).meta["sources"] == ["[[a#^t1]]", "[[c#^t3]]"]


def test_two_decisions_on_the_same_second_go_to_the_rejection(tmp_path):
    base = note()
    ours = note(status="accepted", reviewed="2026-05-01T10:00:00Z", reviewed_by="alice@team.test")
    theirs = note(status="rejected", reviewed="2026-05-01T10:00:00Z", reviewed_by="bob@team.test",
                  rejected_reason="a one-off")
    for a, b in ((ours, theirs), (theirs, ours)):       # the same answer from either side
        m = parsed(drive(tmp_path, base, a, b)[1]).meta
        assert (m["status"], m["reviewed_by"], m["rejected_reason"]) == ("rejected", "bob@team.test", "a one-off")
        assert [(h["decision"], h["by"]) for h in m["history"]] == [("accepted", "alice@team.test")]


def test_a_persons_edit_beats_memkits_and_stays_the_persons(tmp_path):
    base = note(lesson="never drop a column")
    ours = note(lesson="never drop a column", confidence=0.9, status="accepted", reviewed="2026-05-01T10:00:00Z")
    theirs = note(lesson="never drop a column in the release that stops reading it", person=True)
    code, text = drive(tmp_path, base, ours, theirs)
    merged = parsed(text)
    assert code == 0
    assert merged.meta["lesson"] == "never drop a column in the release that stops reading it"
    assert merged.meta["status"] == "accepted" and merged.meta["confidence"] == 0.9
    assert "Please never drop" in merged.body and merged.edited_by_person()


def test_two_people_changing_one_field_or_one_line_are_left_for_a_person(tmp_path):
    base = note(lesson="never drop a column")
    ours = note(lesson="never drop a column in production", person=True)
    theirs = note(lesson="never drop a column without a backup", person=True)
    code, text = drive(tmp_path, base, ours, theirs)
    assert code == 1
    assert "<<<<<<< ours\nlesson: never drop a column in production\n=======\n" \
           "lesson: never drop a column without a backup\n>>>>>>> theirs\n" in text
    base = note("# A lesson\n\nDo it in phases.\n")
    body_ours, body_theirs = (base.replace("in phases", f"in {n} phases") for n in ("three", "two"))
    code, text = drive(tmp_path, base, body_ours, body_theirs)
    assert code == 1 and "<<<<<<< ours\nDo it in three phases.\n=======\nDo it in two phases.\n>>>>>>> theirs" in text


def test_memkit_appending_on_both_sides_keeps_both_lines(tmp_path):
    base = note("# Convention\n\nStage files by name.\n")
    ours = note("# Convention\n\nStage files by name.\n\nAlso seen ([[corr-a]]):\n- quote a\n")
    theirs = note("# Convention\n\nStage files by name.\n\nAlso seen ([[corr-b]]):\n- quote b\n")
    code, text = drive(tmp_path, base, ours, theirs)
    assert code == 0 and "- quote a\n" in text and "- quote b\n" in text and "<<<<<<<" not in text


def test_the_longer_trace_of_a_session_is_the_whole_one(tmp_path):
    def trace(turns: int) -> str:
        body = "# shop\n\n" + "".join(f"## Turn {n} · user ^t{n}\nsaid {n}\n\n" for n in range(1, turns + 1))
        meta = {"type": "trace", "id": "2026-05-01-generic-abcd1234", "turns": turns,
                "ended": f"2026-05-01T10:0{turns}:00Z", "extracted": ["heuristic@2"]}
        return notes.render(notes.Note(notes.stamp(meta, body), body))
    code, text = drive(tmp_path, trace(2), trace(5), trace(3), "traces/2026/05/x.md")
    merged = parsed(text)
    assert code == 0 and merged.meta["turns"] == 5 and "said 5" in merged.body and "said 3\n\n## Turn 4" in merged.body


def test_a_file_that_is_not_a_note_gets_gits_own_merge(tmp_path):
    base, ours, theirs = "a\nb\nc\nd\ne\n", "a\nB\nc\nd\ne\n", "a\nb\nc\nD\ne\n"
    code, text = drive(tmp_path, base, ours, theirs)
    assert (code, text) == (0, "a\nB\nc\nD\ne\n")
    broken = "---\nid: [unclosed\n---\nx\n"
    code, text = drive(tmp_path, base, broken, theirs)
    assert code == 1 and "<<<<<<< ours" in text


def test_an_unchanged_side_keeps_its_bytes(tmp_path):
    ours = note().replace("kind: correction", "kind: 'correction'   # a person's quoting")
    code, text = drive(tmp_path, note(), ours, note())
    assert (code, text) == (0, ours)
    assert merge.merge_texts(note(), note(), ours).text == ours


def test_a_decision_against_an_undecided_copy_leaves_no_history(tmp_path):
    decided = note(status="accepted", reviewed="2026-05-01T10:00:00Z", reviewed_by="alice@team.test")
    for a, b in ((decided, note()), (note(), decided)):   # the same candidate, extracted on two clones
        m = parsed(drive(tmp_path, "", a, b)[1]).meta
        assert (m["status"], m["reviewed_by"]) == ("accepted", "alice@team.test") and "history" not in m


def test_the_command_git_runs_is_the_installed_memkit_whatever_folder_git_runs_it_in(tmp_path):
    import subprocess

    from memkit.team import driver

    (tmp_path / "repo" / "memkit").mkdir(parents=True)   # a repository with a folder of that name
    (tmp_path / "repo" / "memkit" / "__init__.py").write_text("")
    (tmp_path / "repo" / "memkit" / "__main__.py").write_text(
        f"open({str(tmp_path / 'wrong-code-ran')!r}, 'w').close()\n")
    for name, text in (("O", note()), ("A", note()), ("B", note(person=True))):
        (tmp_path / name).write_text(text)
    cmd = driver.command().replace("%O", str(tmp_path / "O")).replace("%A", str(tmp_path / "A")) \
        .replace("%B", str(tmp_path / "B")).replace("%L", "7").replace("%P", "workshop/x.md")
    proc = subprocess.run(cmd, shell=True, cwd=tmp_path / "repo", capture_output=True, text=True, timeout=60)
    assert not (tmp_path / "wrong-code-ran").exists()
    assert proc.returncode == 0 and "Please never drop" in (tmp_path / "A").read_text()
