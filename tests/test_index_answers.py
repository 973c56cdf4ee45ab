"""What the index answers and the commands print: `doctor`'s unreadable notes and ids two files
hold, `status`'s counts, completion by layer and status, and a hook that meets an index a newer
memkit built (it leaves it alone: no rebuild under the newer one's feet)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from conftest import run_cli


def _note(vault: Path, rel: str, front: str, body: str = "# A note\n\nIt says something.\n") -> None:
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}---\n{body}", encoding="utf-8")


def test_doctor_lists_unreadable_notes_and_each_id_two_files_hold(vault):
    _note(vault, "library/notes/one.md", "type: note\nid: twice\nstatus: active\n")
    _note(vault, "library/notes/two.md", "type: note\nid: twice\nstatus: active\n")
    _note(vault, "library/notes/bad.md", "type: note\nid: [a, b]\n")
    doc = run_cli("--vault", str(vault), "doctor")
    assert doc.returncode == 1
    lines = doc.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines if "`id` is ['a', 'b'], not one value" in line] == [
        "library/notes/bad.md"]
    shared = [line for line in lines if line.endswith(": id twice is held by more than one file; keep one")]
    assert len(shared) == 1
    assert sorted(shared[0].split(": ", 1)[0].split(", ")) == ["library/notes/one.md", "library/notes/two.md"]


def test_status_counts_layers_waiting_candidates_and_unreadable_notes(vault):
    _note(vault, "library/notes/one.md", "type: note\nid: one\nstatus: active\n")
    _note(vault, "library/notes/bad.md", "type: note\nid: [a, b]\n")
    for n, kind in enumerate(("correction", "correction", "preference")):
        _note(vault, f"workshop/observations/cand-{n}.md",
              f"type: observation\nid: cand-{n}\nkind: {kind}\nstatus: candidate\ncreated: 2026-01-0{n + 1}\n")
    _note(vault, "workshop/observations/gone.md", "type: observation\nid: gone\nkind: correction\nstatus: rejected\n")
    data = json.loads(run_cli("--vault", str(vault), "status", "--json", check=True).stdout)
    assert data["layers"] == {"library": 1, "workshop": 4}
    assert data["backlog"] == {"correction": 2, "preference": 1} and data["backlog_total"] == 3
    assert data["oldest_candidate"] is not None and data["index"]["problems"] == 1
    assert data["index"]["refreshed"] is not None


def test_completion_offers_only_the_ids_of_the_layer_and_status_asked_for(vault):
    _note(vault, "library/notes/lib-one.md", "type: note\nid: lib-one\nstatus: active\n")
    _note(vault, "workshop/observations/lib-cand.md",
          "type: observation\nid: lib-cand\nkind: correction\nstatus: candidate\n")
    _note(vault, "workshop/observations/lib_old.md",
          "type: observation\nid: lib_old\nkind: correction\nstatus: rejected\n")
    run_cli("--vault", str(vault), "reindex", check=True)

    def complete(words: str) -> list[str]:
        line = f"memkit --vault {vault} {words}"
        out = run_cli(env={"_MEMKIT_COMPLETE": "bash_complete", "COMP_WORDS": line,
                           "COMP_CWORD": str(len(line.split()) - (0 if line.endswith(" ") else 1))})
        return [w.split(",", 1)[1] for w in out.stdout.splitlines()]

    assert complete("accept lib") == ["lib-cand"]          # waiting in the workshop only
    assert complete("show lib") == ["lib-cand", "lib-one", "lib_old"]
    assert complete("show lib_") == ["lib_old"]            # `_` is a letter of the id, not a wildcard


def test_a_hook_leaves_an_index_a_newer_memkit_built_alone(vault):
    from memkit.storage import index

    _note(vault, "library/notes/one.md", "type: note\nid: one\nstatus: active\n")
    run_cli("--vault", str(vault), "reindex", check=True)
    db = vault / ".memkit" / "index.sqlite"
    newer = str(int(index.SCHEMA_VERSION) + 1)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE meta SET value=? WHERE key='schema'", (newer,))
    payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": str(vault),
               "tool_input": {"command": "git add -A"}}
    hook = run_cli("--vault", str(vault), "check", "--hook", input=json.dumps(payload), check=True)
    assert hook.stdout == "" and hook.stderr == ""
    assert not (vault / ".memkit" / "rebuild.pid").exists()
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == (newer,)
