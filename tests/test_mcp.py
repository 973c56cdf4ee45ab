"""The MCP server through the real SDK client: in memory, and `memkit mcp` over stdio.

Every tool is annotated and answers with structured content beside its text; bad arguments
are one-line tool errors; long notes come in pages; everything an agent writes is a
committed candidate in the workshop (a fact too: agent-inferred, trust 0.5).
"""
from __future__ import annotations

import json
import subprocess
import sys

import anyio
import pytest
from conftest import REPO, git, run_cli, write_generic
from mcp import Client

from memkit.integrations import mcp as mcp_server
from memkit.storage import vault as vault_mod

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
READS = {"search", "recent", "timeline", "show", "fetch", "context", "check", "why", "fact_get"}
WRITES = {"remember", "fact_set"}
T2 = "2026-03-04-claude-e41f09d2"


@pytest.fixture
def memory(vault):
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    return vault


def session(vault, calls):
    """Run calls(client) against a server for vault; returns what it returns."""
    server = mcp_server.build(vault_mod.find(str(vault)))

    async def main():
        async with Client(server) as client:
            return await calls(client)
    return anyio.run(main)


def call(vault, name: str, args: dict):
    return session(vault, lambda c: c.call_tool(name, args))


def text(result) -> str:
    return "".join(block.text for block in result.content)


def payload(result):
    assert not result.is_error, text(result)
    assert result.structured_content is not None
    return result.structured_content


def error(result) -> str:
    assert result.is_error
    message = text(result)
    assert "\n" not in message and "pydantic" not in message and "http" not in message, message
    return message


def test_every_tool_is_annotated_and_every_parameter_described(vault):
    tools = session(vault, lambda c: c.list_tools()).tools
    assert {t.name for t in tools} == READS | WRITES
    for t in tools:
        a = t.annotations
        assert t.description and len(t.description) < 400 and a.title, t.name
        assert (a.read_only_hint, a.destructive_hint, a.idempotent_hint) == (t.name in READS, False, True), t.name
        for name, schema in t.input_schema["properties"].items():
            assert schema.get("description"), f"{t.name}.{name}"
    schemas = {t.name: t.input_schema["properties"] for t in tools}
    assert "enum" in json.dumps(schemas["remember"]["kind"]) and "source" not in schemas["fact_set"]
    assert schemas["search"]["limit"]["maximum"] == 100


@pytest.mark.parametrize("name, args, message", [
    ("context", {"budget": -5}, "budget: Input should be greater than or equal to 50 (got -5)"),
    ("remember", {"text": "x", "kind": "gossip"}, "kind: Input should be 'correction'"),
    ("search", {"query": "x", "limit": 500}, "limit: Input should be less than or equal to 100"),
    ("search", {"query": "x", "since": "last week"}, "since: String should match pattern"),
    ("search", {"query": "x", "since": "2026-13-45"}, "since: '2026-13-45' is no date there is"),
    ("recent", {"until": "2026-02-30"}, "until: '2026-02-30' is no date there is"),
    ("fact_set", {"key": "k", "value": "v", "source": "user_stated"}, "unknown argument(s) source"),
    ("show", {"id": "x", "turns": "9-2"}, "turns: give N or A-B"),
    ("check", {"tool": "Bash"}, "check needs action"),
])
def test_bad_arguments_are_one_line_tool_errors(memory, name, args, message):
    before = git(memory, "status", "--porcelain")
    assert message in error(call(memory, name, args))
    assert git(memory, "status", "--porcelain") == before


def test_search_filters_and_pages(memory):
    first = payload(call(memory, "search", {"query": "git", "limit": 2}))
    assert len(first["hits"]) == 2 and first["next_offset"] == 2
    second = payload(call(memory, "search", {"query": "git", "limit": 2, "offset": 2}))
    def at(page):   # a hit is a turn (or a note): pages never repeat one
        return {(h["path"], h["turn"]) for h in page["hits"]}
    assert at(second) and not at(first) & at(second)
    hits = payload(call(memory, "search", {"query": "git add", "kind": "correction", "limit": 5}))["hits"]
    assert hits and {h["kind"] for h in hits} == {"correction"} and "**" in hits[0]["snippet"]
    dated = payload(call(memory, "search", {"query": "git", "layer": "trace", "since": "2026-03-03"}))["hits"]
    assert dated and all(h["id"] >= "2026-03-03" for h in dated)
    assert payload(call(memory, "search", {"query": "column", "until": "2026-03-02"}))["hits"]
    assert payload(call(memory, "search", {"query": "column", "project": "elsewhere"}))["hits"] == []
    assert payload(call(memory, "search", {"query": "column", "project": "ledger"}))["hits"]


def test_recent_is_newest_first(memory):
    notes = payload(call(memory, "recent", {"limit": 5, "layer": "trace"}))["notes"]
    assert [n["id"] for n in notes] == sorted((n["id"] for n in notes), reverse=True)
    assert notes[0]["id"].startswith("2026-03-12")


def test_timeline_around_a_turn_and_an_observation(memory):
    around = payload(call(memory, "timeline", {"anchor": f"{T2}#^t4", "before": 2, "after": 1}))
    assert [t["ref"] for t in around["turns"]] == [f"{T2}#^t{n}" for n in (2, 3, 4, 5)]
    assert "rejected" in around["turns"][1]["flags"] and around["turns"][2]["role"] == "user"
    [hit] = payload(call(memory, "search", {"query": "never use git add", "kind": "correction", "limit": 1}))["hits"]
    by_note = payload(call(memory, "timeline", {"anchor": hit["id"], "before": 1, "after": 0}))
    assert by_note["trace"] == T2 and by_note["anchor"] == 4
    assert "no turn 99" in error(call(memory, "timeline", {"anchor": f"{T2}#^t99"}))


def test_show_pages_a_long_trace_and_gives_turn_ranges(vault, tmp_path):
    log = write_generic(tmp_path / "long.jsonl", [
        {"role": "user", "content": "show me the build log"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "make"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "compiling\n" * 30_000},
        {"role": "user", "content": "thanks"}], {"session_id": "long-1", "agent": "generic", "project": "p"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [trace] = payload(call(vault, "recent", {"layer": "trace"}))["notes"]
    page = call(vault, "show", {"id": trace["id"], "max_chars": 5000})
    data = payload(page)
    assert data["total_chars"] > 300_000 and data["next_offset"] == 5000 and len(text(page)) < 5200
    assert "offset=5000" in text(page)
    last = payload(call(vault, "show", {"id": trace["id"], "offset": data["total_chars"] - 100}))
    assert last["next_offset"] is None
    turns = call(vault, "show", {"id": trace["id"], "turns": "1-2"})
    assert text(turns).startswith(f"{trace['id']}#^t1 · user") and "compiling" not in text(turns)
    assert payload(turns)["turns"] == {"from": 1, "to": 2, "of": 4}
    tool_turn = payload(call(vault, "show", {"id": f"{trace['id']}#^t3", "max_chars": 1000}))
    assert tool_turn["type"] == "turn" and tool_turn["next_offset"] == 1000


def test_fetch_several_ids_in_one_call(memory):
    [hit] = payload(call(memory, "search", {"query": "never use git add", "kind": "correction", "limit": 1}))["hits"]
    notes = payload(call(memory, "fetch", {"ids": [hit["id"], f"{T2}#^t4", "corr-no-such-thing-0000"],
                                           "max_chars": 500}))["notes"]
    assert [n["id"] for n in notes] == [hit["id"], f"{T2}#^t4", "corr-no-such-thing-0000"]
    assert notes[0]["text"].startswith("---\ntype: observation") and "git add -A" in notes[1]["text"]
    assert "not found" in notes[2]["error"]


def test_check_takes_any_case_and_the_real_tool_input(memory):
    drop = "op.drop_column('users', 'legacy_flag')"
    for args in ({"action": drop, "tool": "edit", "file_path": "migrations/versions/0042_drop.py"},
                 {"tool": "Edit", "tool_input": {"file_path": "migrations/versions/0042_drop.py",
                                                 "old_string": "", "new_string": drop}},
                 {"action": drop, "tool": "WRITE", "file_path": "migrations/versions/0042_drop.py"}):
        fired = payload(call(memory, "check", args))
        assert any("three-phase" in c["lesson"] for c in fired["cues"]), args
    assert payload(call(memory, "check", {"action": "git add -A && git commit -m wip", "tool": "bash"}))["cues"]
    assert payload(call(memory, "check", {"action": "ls -la"}))["cues"] == []


def test_context_why_and_unknown_ids(memory):
    ctx = payload(call(memory, "context", {"task": "stage everything with git add -A and commit"}))
    assert "git add -A" in ctx["text"] and ctx["cues"]
    [hit] = payload(call(memory, "search", {"query": "never use git add", "kind": "correction", "limit": 1}))["hits"]
    assert T2 in json.dumps(payload(call(memory, "why", {"id": hit["id"]})))
    assert "'corr-no-such-thing-0000' not found" in error(call(memory, "show", {"id": "corr-no-such-thing-0000"}))
    assert "fact backup_frequency not found" in error(call(memory, "fact_get", {"key": "backup_frequency"}))


def test_remember_commits_one_candidate_and_links_its_turn(memory):
    before = {p.relative_to(memory) for p in memory.rglob("*.md")}
    args = {"text": "The ledger's CI runs the migrations against a copy of production first.", "session": T2}
    made = payload(call(memory, "remember", args))
    assert made["written"] and made["status"] == "candidate"
    after = {p.relative_to(memory) for p in memory.rglob("*.md")}
    assert {p.as_posix() for p in after - before} == {made["path"]}
    note = (memory / made["path"]).read_text()
    for line in ("status: candidate", "kind: discovery", "extractor: mcp@1",   # t6: the session's latest turn
                 f"session: '[[{T2}]]'", f"source: '[[{T2}#^t6]]'"):
        assert line in note
    assert git(memory, "status", "--porcelain") == ""
    message = git(memory, "log", "-1", "--format=%B")
    assert f"Memkit-Candidate: [[{made['id']}]]" in message and f"Memkit-Source: [[{T2}#^t6]]" in message
    again = payload(call(memory, "remember", args))    # same words, same id, nothing new
    assert again["id"] == made["id"] and not again["written"] and again["commit"] is None
    hits = payload(call(memory, "search", {"query": "copy of production", "layer": "workshop"}))["hits"]
    assert hits[0]["id"] == made["id"]


def test_remember_without_a_session_links_nothing_that_does_not_exist(vault):
    made = payload(call(vault, "remember", {"text": "never run terraform apply without a saved plan",
                                            "kind": "correction", "fields": {"trigger": "Bash: terraform apply"}}))
    note = (vault / made["path"]).read_text()
    assert "lesson: never run terraform apply without a saved plan" in note
    assert "[[" not in note and "when :" not in note and "when Bash: terraform apply:" in note
    assert note.endswith("Source: remembered through MCP\n") and "source:" not in note
    assert git(vault, "status", "--porcelain") == ""
    unknown_session = payload(call(vault, "remember", {"text": "the staging DB is read-only on Fridays",
                                                       "session": "0c2b1a9e-not-ingested"}))
    note = (vault / unknown_session["path"]).read_text()
    assert "session_id: 0c2b1a9e-not-ingested" in note and "[[" not in note
    assert "fields" in error(call(vault, "remember", {"text": "x", "fields": {"key": "k"}}))


def test_what_an_agent_remembers_is_read_as_its_words_in_every_kind(vault):
    """The statement is where review, the hooks, `tried` and promotion read it, not only in the body."""
    said = {"preference": "Always use pnpm in this repo, never npm",
            "discovery": "the staging database is wiped every night at 02:00",
            "negative_result": "tried yarn berry, it failed because the plugins broke",
            "decision": "go with the queue, not the cron job"}
    made = {kind: payload(call(vault, "remember", {"text": text, "kind": kind})) for kind, text in said.items()}
    listed = run_cli("--vault", str(vault), "review", "--list", check=True).stdout
    for kind, text in said.items():
        assert made[kind]["id"] not in listed.replace(f"{made[kind]['id']}  [", "")   # never the id as its title
    assert said["preference"] in listed and "Tried yarn berry: it failed because the plugins broke" in listed
    pref = (vault / made["preference"]["path"]).read_text()
    assert f"lesson: {said['preference']}" in pref and "\ncue:\n" in pref and "deps:npm" in pref
    assert "pnpm" in run_cli("--vault", str(vault), "check", "npm install lodash", check=True).stdout
    assert "the plugins broke" in run_cli("--vault", str(vault), "tried", "yarn berry", check=True).stdout
    run_cli("--vault", str(vault), "accept", made["discovery"]["id"], check=True)
    run_cli("--vault", str(vault), "promote", made["discovery"]["id"], "--as", "convention", "--title",
            "Staging is wiped nightly", check=True)
    [note] = (vault / "library").rglob("staging-is-wiped-nightly.md")
    assert "wiped every night at 02:00" in note.read_text()


def test_fact_set_is_an_unconfirmed_candidate_never_a_fact(vault):
    run_cli("--vault", str(vault), "fact", "set", "backup_frequency", "every 5 days", check=True)
    facts_before = (vault / "facts" / "backup-frequency.md").read_text()
    made = payload(call(vault, "fact_set", {"key": "Backup Frequency", "value": "every 3 days",
                                            "reason": "the cron file says so"}))
    assert made["path"].startswith("workshop/observations/fact/") and made["unconfirmed"]
    assert made["current"]["value"] == "every 5 days"
    note = (vault / made["path"]).read_text()
    for line in ("key: backup_frequency", "value: every 3 days", "source_kind: agent_inferred", "trust: 0.5",
                 "status: candidate"):
        assert line in note
    assert (vault / "facts" / "backup-frequency.md").read_text() == facts_before
    assert payload(call(vault, "fact_get", {"key": "backup_frequency"}))["value"] == "every 5 days"
    assert git(vault, "status", "--porcelain") == ""
    assert "Memkit-Action: remember" in git(vault, "log", "-1", "--format=%B")
    assert "unknown argument(s) trust" in error(call(vault, "fact_set", {"key": "k", "value": "v", "trust": 1}))


def test_resources_and_prompts(memory):
    async def calls(c):
        resources = {str(r.uri) for r in (await c.list_resources()).resources}
        templates = {t.uri_template for t in (await c.list_resource_templates()).resource_templates}
        prompts = {p.name for p in (await c.list_prompts()).prompts}
        facts = await c.read_resource("memkit://facts")
        guide = await c.read_resource("memkit://guide")
        prompt = await c.get_prompt("recall_before_acting", {"task": "remove the legacy column from users"})
        return resources, templates, prompts, facts, guide, prompt
    run_cli("--vault", str(memory), "fact", "set", "db_port", "5432", check=True)
    resources, templates, prompts, facts, guide, prompt = session(memory, calls)
    assert {"memkit://guide", "memkit://library", "memkit://facts"} <= resources
    assert {"memkit://library/{id}", "memkit://facts/{key}"} <= templates
    assert {"recall_before_acting", "keep_what_was_learned"} <= prompts
    assert json.loads(facts.contents[0].text)[0]["key"] == "db_port"
    assert "`check`" in guide.contents[0].text
    assert "three-phase" in prompt.messages[0].content.text


def test_a_resource_that_is_not_there_is_not_found_in_one_line(memory, caplog):
    from mcp.shared.exceptions import MCPError

    async def read(c, uri):
        try:
            await c.read_resource(uri)
        except MCPError as e:
            return e.error
        raise AssertionError(f"{uri} was read")

    async def calls(c):
        return [await read(c, uri) for uri in ("memkit://facts/nope", "memkit://library/nope")]

    fact, note = session(memory, calls)
    assert fact.code == -32602 and "fact nope not found" in fact.message, fact
    assert note.code == -32602 and "nope" in note.message and "template" not in note.message, note
    assert "Traceback" not in caplog.text


def test_memkit_mcp_speaks_stdio(memory):
    """The real command: initialize, list tools, call one, over the process's stdin and stdout."""
    from mcp import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "memkit", "--vault", str(memory), "mcp"])

    async def main():
        async with Client(params) as client:
            tools = await client.list_tools()
            result = await client.call_tool("show", {"id": f"{T2}#^t1"})
            return {t.name for t in tools.tools}, text(result)
    names, shown = anyio.run(main)
    assert names == READS | WRITES and "add the new settings module" in shown


def test_no_vault_is_one_line_and_exit_1(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "memkit", "--vault", str(tmp_path), "mcp"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, check=False)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and "is not a memkit vault" in proc.stderr
