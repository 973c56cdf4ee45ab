"""The anthropic extractor, end to end: the real SDK against a local Messages API server."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_generic
from messages_api import MessagesServer
from memkit.storage import notes

SESSION = [
    {"role": "user", "content": "clean up the old sessions table", "timestamp": "2026-04-01T09:00:00Z"},
    {"role": "assistant", "content": "Dropping it.", "timestamp": "2026-04-01T09:00:10Z",
     "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "psql -c 'DROP TABLE sessions'"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
    {"role": "user", "content": "never drop tables by hand, write a migration so staging gets it too",
     "timestamp": "2026-04-01T09:01:00Z"},
]


def answer(req):
    tool = req["tools"][0]["name"]
    if tool == "record_corrections":
        return {"items": [{"turn": 4, "trigger": "Bash: psql -c 'DROP TABLE sessions'",
                           "lesson": "never drop tables by hand, write a migration so staging gets it too",
                           "confidence": 0.95},
                          {"turn": 99, "trigger": "x", "lesson": "a turn that does not exist"}]}
    if tool == "record_facts":
        return {"items": [{"turn": 1, "key": "legacy_table", "value": "sessions"}]}
    return {"items": []}


def setup(vault: Path, tmp_path: Path, url: str) -> dict:
    toml = vault / "memkit.toml"          # no SDK retries: the error paths answer at once
    toml.write_text(toml.read_text().replace("max_retries = 2", "max_retries = 0"))
    log = write_generic(tmp_path / "a.jsonl", SESSION, {"session_id": "anth-1", "agent": "generic", "project": "api"})
    run_cli("--vault", str(vault), "ingest", "--no-extract", str(log), check=True)
    return {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "test-key"}


def test_requests_are_schema_constrained_and_candidates_written(vault, tmp_path):
    with MessagesServer(answer) as server:
        env = setup(vault, tmp_path, server.url)
        proc = run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    tools = [r["body"]["tools"][0]["name"] for r in server.requests]
    assert tools == ["record_corrections", "record_preferences", "record_decisions", "record_facts",
                     "record_negative_results"]
    first = server.requests[0]
    assert first["path"] == "/v1/messages" and "test-key" in (first["headers"].get("x-api-key", "") + first["headers"].get("authorization", ""))
    assert first["body"]["tool_choice"] == {"type": "tool", "name": "record_corrections"}
    assert "[t4] USER: never drop tables by hand" in first["body"]["messages"][0]["content"]
    assert "REJECTED BY THE USER" in first["body"]["messages"][0]["content"]
    written = json.loads(proc.stdout)["written"]
    corr = [p for p in written if "/correction/" in p]
    assert len(corr) == 1 and any("/fact/" in p for p in written)      # the turn-99 item was refused
    note = notes.read(vault / corr[0])
    assert note.meta["extractor"] == "anthropic@1" and note.meta["source"].endswith("#^t4]]")
    assert note.meta["lesson"].startswith("never drop tables") and "schema-migration:table-drop" in note.meta[
        "action_types"]


def test_error_paths_are_one_line(vault, tmp_path):
    with MessagesServer(answer) as server:
        env = setup(vault, tmp_path, server.url)
        run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic", env=env)
        for status, words in ((401, "refused"), (429, "rate-limited"), (500, "answered 500")):
            server.status = status
            # a fresh trace each time: one already extracted by anthropic@1 asks nothing
            log = write_generic(tmp_path / f"s{status}.jsonl", SESSION, {"session_id": f"err-{status}"})
            run_cli("--vault", str(vault), "ingest", "--no-extract", str(log), check=True)
            proc = run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic", env=env)
            assert proc.returncode == 1 and words in proc.stderr and "Traceback" not in proc.stderr
        server.status = 200
        server.raw_input = {"wrong": "shape"}
        log = write_generic(tmp_path / "bad.jsonl", SESSION, {"session_id": "err-bad"})
        run_cli("--vault", str(vault), "ingest", "--no-extract", str(log), check=True)
        proc = run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic", env=env)
        assert proc.returncode == 1 and "does not fit the schema" in proc.stderr
    nokey = run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic",
                    env={"ANTHROPIC_API_KEY": ""})
    assert nokey.returncode == 1 and "ANTHROPIC_API_KEY is not set" in nokey.stderr
    assert nokey.stderr.strip().count("\n") <= 3


FIXED = [
    {"role": "user", "content": "return the driver from GET /drivers/{id}"},
    {"role": "assistant", "content": "Added.", "tool_calls": [
        {"id": "e1", "name": "Edit", "input": {"file_path": "api/drivers.py", "old_string": "pass\n",
                                               "new_string": "    return row.to_dict()\n"}}]},
    {"role": "tool", "tool_call_id": "e1", "content": "ok"},
    {"role": "user", "content": "no, routes answer through their Out schema"},
    {"role": "assistant", "content": "Switched.", "tool_calls": [
        {"id": "e2", "name": "Edit", "input": {"file_path": "api/drivers.py", "old_string": "    return row.to_dict()\n",
                                               "new_string": "    return DriverOut.model_validate(row)\n"}}]},
    {"role": "tool", "tool_call_id": "e2", "content": "ok"},
]


def test_a_correction_the_model_finds_keeps_the_agents_own_fix(vault, tmp_path):
    def found(req):
        if req["tools"][0]["name"] == "record_corrections":
            return {"items": [{"turn": 4, "trigger": "Edit: api/drivers.py",
                               "lesson": "routes answer through their Out schema", "confidence": 0.9}]}
        return {"items": []}

    with MessagesServer(found) as server:
        env = setup(vault, tmp_path, server.url)
        log = write_generic(tmp_path / "f.jsonl", FIXED, {"session_id": "anth-fix", "agent": "generic", "project": "api"})
        run_cli("--vault", str(vault), "ingest", "--no-extract", str(log), check=True)
        proc = run_cli("--vault", str(vault), "extract", "--all", "--extractor", "anthropic", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    written = [notes.read(vault / p) for p in json.loads(proc.stdout)["written"] if "/correction/" in p]
    assert len(written) == 2   # the refused DROP TABLE of the other session had no fix to keep
    [note] = [n for n in written if "fix" in n.meta]
    assert note.meta["fix"] == ["-return row.to_dict()", "+return DriverOut.model_validate(row)"]
    assert note.meta["cue"]["undone"] == [".to_dict("]
