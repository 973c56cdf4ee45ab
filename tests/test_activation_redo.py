"""The agent's own fix after a correction: the code it took out fires when it is written again.

Pure readings of a fix's lines (redo.pieces / undone / written), then one session end to end:
a generic log ingested through the command line, the note's `fix:` and cue on disk, and the
PreToolUse hook answering a later edit that writes the removed code again and one that writes the
fixed form.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.activation import acts, redo
from memkit.storage import notes


@pytest.mark.parametrize("line, piece", [
    ("    return {**slot.to_dict(), 'ok': True}", ".to_dict("),          # a snake_case method: any instance
    ("  cy.contains('Pay now').click()", "cy.contains("),                # a call keeps its owner
    ("foreach (Invoice::all() as $i) {", "Invoice::all("),
    ("ctx := context.Background()", "context.Background("),
    ("    @Cacheable(\"rates\")", "@Cacheable"),
    ("    minify: false,", "minify: false"),                            # a setting with its value
    ("TIMEOUT = 0", "timeout: 0"),
])
def test_the_pieces_of_code_in_a_line(line, piece):
    assert piece in redo.pieces(line)


def test_plain_calls_and_the_objects_own_methods_are_no_pieces():
    found = redo.pieces("print(len(items)); self.refresh_cache(); this.renderRow(r)")
    assert found == set()


def test_what_the_fix_took_out_and_did_not_put_back():
    wrong, right = redo.undone(["-    minify: false,", "+    minify: 'esbuild',", "-    outDir: 'dist',",
                                "+    outDir: 'dist',"])
    assert wrong == ["minify: false"] and right == ["minify: esbuild"]
    # a setting the fix dropped without writing its key again says nothing about the key's value
    assert redo.undone(["-    debug: true,"]) == ([], [])
    # a call the fix kept on both sides is no mistake
    assert redo.undone(["-x = api.fetch_all(1)", "+x = api.fetch_all(1, limit=50)"]) == ([], [])


@pytest.mark.parametrize("trigger, piece, expected", [
    ("Edit: /a/vite.config.ts — build: { minify: false }", "minify: false", True),
    ("Edit: /a/settings.py — MINIFY = False", "minify: false", True),        # another language's spelling
    ("Edit: /a/vite.config.ts — build: { minify: 'esbuild' }", "minify: false", False),
    ("Edit: /a/r.py — return shift.to_dict()", ".to_dict(", True),
    ("Edit: /a/r.py — return ShiftOut.model_validate(shift)", ".to_dict(", False),
    ("Edit: /a/r.py — # to_dict is gone", ".to_dict(", False),               # named, not called
    ("Bash: php artisan tinker --execute 'Invoice::all()->count()'", "Invoice::all(", True),
])
def test_an_action_writes_a_piece_again(trigger, piece, expected):
    assert redo.written(acts.from_trigger(trigger)[0], piece) is expected


ROUTE = "src/api/routes/drivers.py"
SESSION = [
    {"role": "user", "content": "add GET /drivers/{id}"},
    {"role": "assistant", "content": "Added the route.", "tool_calls": [
        {"id": "e1", "name": "Edit", "input": {"file_path": ROUTE, "old_string": "router = APIRouter()\n",
                                               "new_string": "router = APIRouter()\n\n@router.get('/drivers/{id}')\n"
                                                             "def read(id: int):\n    driver = repo.get(id)\n"
                                                             "    return driver.to_dict()\n"}}]},
    {"role": "tool", "tool_call_id": "e1", "content": "ok"},
    {"role": "user", "content": "no. routes answer through their Out schema, the raw row leaks columns we "
                                "must never send"},
    {"role": "assistant", "content": "Switched to the schema.", "tool_calls": [
        {"id": "e2", "name": "Edit", "input": {"file_path": ROUTE, "old_string": "    return driver.to_dict()\n",
                                               "new_string": "    return DriverOut.model_validate(driver)\n"}}]},
    {"role": "tool", "tool_call_id": "e2", "content": "ok"},
]


def _edit(new: str) -> dict:
    return {"hook_event_name": "PreToolUse", "tool_name": "Edit", "cwd": "/home/dev/fleet",
            "tool_input": {"file_path": "/home/dev/fleet/src/api/routes/shifts.py", "old_string": "pass\n",
                           "new_string": new}}


def test_a_fix_the_agent_made_is_kept_and_its_removed_code_fires_again(vault: Path, tmp_path: Path):
    log = write_generic(tmp_path / "s.jsonl", SESSION, {"session_id": "s1", "agent": "generic", "project": "fleet"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [note] = [notes.read(p) for p in (vault / "workshop" / "observations" / "correction").glob("*.md")]
    assert note.meta["fix"] == ["-return driver.to_dict()", "+return DriverOut.model_validate(driver)"]
    assert note.meta["cue"]["undone"] == [".to_dict("]
    shown = run_cli("--vault", str(vault), "show", note.meta["id"], check=True).stdout
    assert "writing `.to_dict(` again" in shown

    def context(new: str) -> str:
        proc = run_cli("--vault", str(vault), "check", "--hook", input=json.dumps(_edit(new)), check=True)
        return (json.loads(proc.stdout or "{}").get("hookSpecificOutput") or {}).get("additionalContext", "")

    assert "Out schema" in context("    shift = repo.get(id)\n    return shift.to_dict()\n")
    assert "Out schema" not in context("    shift = repo.get(id)\n    return ShiftOut.model_validate(shift)\n")


def test_code_that_was_there_before_the_agent_is_no_part_of_its_fix(vault: Path, tmp_path: Path):
    # after the correction the agent also replaces a line it never wrote: the file's own import
    tidy = {"id": "e3", "name": "Edit", "input": {"file_path": ROUTE, "old_string": "from .db import repo\n",
                                                  "new_string": "from .db import repo\nfrom .schemas import DriverOut\n"}}
    session = SESSION[:4] + [{"role": "assistant", "content": "Importing the schema.", "tool_calls": [tidy]},
                             {"role": "tool", "tool_call_id": "e3", "content": "ok"}] + SESSION[4:]
    tidy["input"]["old_string"] = "import json\n"   # a line of the file as it was
    tidy["input"]["new_string"] = "from .schemas import DriverOut\n"
    log = write_generic(tmp_path / "s.jsonl", session, {"session_id": "s2", "agent": "generic", "project": "fleet"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [note] = [notes.read(p) for p in (vault / "workshop" / "observations" / "correction").glob("*.md")]
    assert "-import json" not in note.meta["fix"] and "-return driver.to_dict()" in note.meta["fix"]


def test_a_promoted_convention_keeps_the_fix_and_fires_on_it(vault: Path, tmp_path: Path):
    log = write_generic(tmp_path / "s.jsonl", SESSION, {"session_id": "s3", "agent": "generic", "project": "fleet"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [obs] = [notes.read(p) for p in (vault / "workshop" / "observations" / "correction").glob("*.md")]
    made = json.loads(run_cli("--vault", str(vault), "promote", obs.meta["id"], "--title", "Routes answer through "
                              "their Out schema", "--json", check=True).stdout)
    [made] = made if isinstance(made, list) else [made]
    conv = notes.read(vault / made["path"])
    assert conv.meta["type"] == "convention" and conv.meta["cues"][0]["fix"] == obs.meta["fix"]
    assert conv.meta["cue"]["undone"] == [".to_dict("]
    edit = json.dumps({"file_path": "/home/dev/fleet/src/api/routes/shifts.py", "old_string": "pass\n",
                       "new_string": "    return shift.to_dict()\n"})
    fired = json.loads(run_cli("--vault", str(vault), "check", "--tool", "Edit", edit, "--json", "--user", "team",
                               check=True).stdout)   # reviewed notes only: the convention, not the candidate
    assert made["id"] in [c["id"] for c in fired["cues"]]


def _named(trigger: str, lesson: str) -> list[str]:
    from memkit.activation.clauses import clauses

    return redo.named(acts.from_trigger(trigger)[0], clauses(lesson))


@pytest.mark.parametrize("trigger, lesson, expected", [
    # a setting by its key, with the value the edit gave it
    ("Edit: /i/rds.tf — instance_class = \"db.r6g.large\" ⏎ apply_immediately = true",
     "last time someone flipped apply_immediately on that box it rebooted during QA's run", ["apply_immediately: true"]),
    ("Edit: /p/dedupe.py — key = Chem.MolToSmiles(mol, isomericSmiles=False)",
     "that merged every enantiomer pair. it needs isomericSmiles=True", ["isomericsmiles: false"]),
])
def test_the_settings_of_the_corrected_edit_that_the_lesson_names(trigger, lesson, expected):
    assert _named(trigger, lesson) == expected


@pytest.mark.parametrize("trigger, lesson", [
    # a call or an annotation stands in the compliant code too: only a setting's value tells them apart
    ("Write: /s/jobs/Digest.java — @Scheduled(cron = \"0 0 7 * * MON\") ⏎ public void run() {}",
     "a bare @Scheduled fires on each replica; every job takes a lock first"),
    ("Edit: /w/room_live.ex — {:ok, assign(socket, messages: Chat.list_messages(room.id))}",
     "list_messages keeps the whole history of the room in every tab's process"),
    ("Edit: /t/MailTest.java — @Test ⏎ void sendsMail() { relay.send(msg); }",
     "the test hits the real SMTP relay; mock the mailer"),
    # a key in plain words is prose as often as code
    ("Edit: /a/import.py — retries = 0 ⏎ timeout = 5", "no retries means one blip fails the import; the timeout is fine"),
    # the value it asks for is the value the edit wrote
    ("Edit: /a/vite.config.ts — sourcemap: 'hidden'", "keep sourcemap: hidden, and ship the maps to the tracker"),
    ("Edit: /a/vite.config.ts — source_map: 'hidden'", "source_map hidden is right, leave it"),
    # nothing the edit wrote is named
    ("Edit: /a/views.py — writer = csv.writer(response)", "finance opens these in Excel, they need a BOM"),
])
def test_code_the_lesson_does_not_name_as_the_mistake_is_left_out(trigger, lesson):
    assert _named(trigger, lesson) == []


def test_a_setting_that_was_there_before_the_edit_is_not_what_it_wrote():
    from memkit.activation.clauses import clauses

    act = acts.from_trigger("Edit: /i/rds.tf — apply_immediately = true ⏎ instance_class = \"db.r6g.large\"")[0]
    act.removed = "apply_immediately = true"
    assert redo.named(act, clauses("apply_immediately reboots the box mid-day")) == []


def test_code_searched_for_or_shown_is_not_written_again():
    for command in ('grep -rn "shift.to_dict(" src/', 'git log -S "shift.to_dict(" --oneline',
                    'git grep -n "shift.to_dict("'):
        assert not redo.written(acts.from_command(command), ".to_dict(")
    assert redo.written(acts.from_command('python -c "print(shift.to_dict())"'), ".to_dict(")


def test_reading_again_what_the_agent_read_before_the_mistake_is_no_repeat_of_it(vault: Path, tmp_path: Path):
    look = "psql -h orders-db-primary -U postgres -Atc \"SELECT slot_name, active FROM pg_replication_slots\""
    session = [
        {"role": "user", "content": "the orders db disk is nearly full, sort it out"},
        {"role": "assistant", "content": "Checking the replication slots.", "tool_calls": [
            {"id": "b1", "name": "Bash", "input": {"command": look}}]},
        {"role": "tool", "tool_call_id": "b1", "content": "debezium_orders|f"},
        {"role": "user", "content": "stop. that slot belongs to the connector, a slot is never dropped to free disk. "
                                    "grow the volume instead"},
    ]
    log = write_generic(tmp_path / "s.jsonl", session, {"session_id": "s4", "agent": "generic", "project": "ops"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [note] = [notes.read(p) for p in (vault / "workshop" / "observations" / "correction").glob("*.md")]
    assert "db:replication-slot-drop" in note.meta["cue"]["forbids"]

    def fired(command: str) -> bool:
        payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": "/srv/ops",
                   "tool_input": {"command": command}}
        proc = run_cli("--vault", str(vault), "check", "--hook", input=json.dumps(payload), check=True)
        return "never dropped" in proc.stdout

    assert not fired(look.replace("orders-db", "billing-db"))   # the same read again is no mistake
    assert fired("psql -h orders-db-primary -c \"SELECT pg_drop_replication_slot('debezium_orders')\"")
