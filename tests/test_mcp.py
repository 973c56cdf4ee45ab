"""The MCP server through the real SDK's in-memory client: list the tools, call each one.

Errors are tool errors carrying memkit's one-line message; the writing tools write only
a candidate in the workshop (remember) or a fact by the facts rules (fact_set).
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import anyio
import pytest
from conftest import REPO, git, run_cli
from mcp import Client

from memkit.integrations import mcp_server
from memkit.storage import vault as vault_mod

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
TOOLS = {"search", "context", "check", "show", "why", "fact_get", "fact_set", "remember"}


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
    return json.loads(text(result))


def test_the_tools_are_listed_with_descriptions(vault):
    tools = session(vault, lambda c: c.list_tools()).tools
    assert {t.name for t in tools} == TOOLS
    for t in tools:
        assert t.description and len(t.description) < 400, t.name
        assert t.input_schema["type"] == "object"


def test_search_finds_the_turn(memory):
    hits = payload(call(memory, "search", {"query": "git add -A", "limit": 5}))["hits"]
    assert hits and set(hits[0]) == {"id", "type", "kind", "title", "path", "turn", "score", "snippet"}
    trace = next(h for h in hits if h["type"] == "trace")
    assert trace["turn"] is not None
    bad = call(memory, "search", {"query": "x", "layer": "nowhere"})
    assert bad.is_error and "unknown layer 'nowhere'" in text(bad)


def test_context_and_check_recall_the_correction(memory):
    ctx = payload(call(memory, "context", {"task": "stage everything with git add -A and commit"}))
    assert "git add -A" in ctx["text"] and ctx["cues"]
    fired = payload(call(memory, "check", {"action": "git add -A && git commit -m wip"}))
    assert any("git add -A" in c["lesson"] for c in fired["cues"])
    silent = payload(call(memory, "check", {"action": "ls -la"}))
    assert silent["cues"] == [] and silent["text"] == ""


def test_show_an_id_a_turn_and_an_unknown_id(memory):
    [hit] = payload(call(memory, "search", {"query": "never use git add", "kind": "correction", "limit": 1}))["hits"]
    shown = call(memory, "show", {"id": hit["id"]})
    assert not shown.is_error and text(shown).startswith("---\ntype: observation\n")
    turn = call(memory, "show", {"id": "2026-03-04-claude-e41f09d2#^t4"})
    assert text(turn).startswith("2026-03-04-claude-e41f09d2#^t4 · user")
    missing = call(memory, "show", {"id": "corr-no-such-thing-0000"})
    assert missing.is_error and "'corr-no-such-thing-0000' not found" in text(missing)


def test_why_explains_or_says_it_is_not_in_this_build(memory):
    [hit] = payload(call(memory, "search", {"query": "never use git add", "kind": "correction", "limit": 1}))["hits"]
    result = call(memory, "why", {"id": hit["id"]})
    if importlib.util.find_spec("memkit.library.provenance") is None:
        assert result.is_error and text(result).endswith("why is not available in this build")
        return
    chain = payload(result)
    assert chain["id"] == hit["id"] and "2026-03-04-claude-e41f09d2" in json.dumps(chain)
    unknown = call(memory, "why", {"id": "corr-no-such-thing-0000"})
    assert unknown.is_error and "not found" in text(unknown)


def test_fact_set_then_get_and_a_conflict_is_recorded_not_applied(vault):
    missing = call(vault, "fact_get", {"key": "backup_frequency"})
    assert missing.is_error and "fact backup_frequency not found" in text(missing)
    first = payload(call(vault, "fact_set", {"key": "backup_frequency", "value": "every 3 days",
                                             "source": "user_stated"}))
    assert first["fact"]["value"] == "every 3 days"
    got = payload(call(vault, "fact_get", {"key": "backup_frequency"}))
    assert got["value"] == "every 3 days" and got["trust"] == 0.8
    other = payload(call(vault, "fact_set", {"key": "backup_frequency", "value": "every 5 days"}))
    assert other["outcome"] == "conflict"
    assert payload(call(vault, "fact_get", {"key": "backup_frequency"}))["value"] == "every 3 days"
    assert list(vault.glob("workshop/facts/*.md"))
    refused = call(vault, "fact_set", {"key": "k", "value": "v", "source": "system_verified"})
    assert refused.is_error and "source must be agent_inferred or user_stated" in text(refused)


def test_remember_writes_one_candidate_in_the_workshop(memory):
    before = {p.relative_to(memory) for p in memory.rglob("*.md")}
    args = {"text": "The ledger's CI runs the migrations against a copy of production first.",
            "session": "2026-03-04-claude-e41f09d2"}
    made = payload(call(memory, "remember", args))
    assert made["written"] and made["path"].startswith("workshop/observations/discovery/")
    after = {p.relative_to(memory) for p in memory.rglob("*.md")}
    assert {p.as_posix() for p in after - before} == {made["path"]}
    note = (memory / made["path"]).read_text()
    for line in ("status: candidate", "kind: discovery", "extractor: mcp@1",   # t6: the session's latest turn
                 "session: '[[2026-03-04-claude-e41f09d2]]'", "source: '[[2026-03-04-claude-e41f09d2#^t6]]'"):
        assert line in note
    assert payload(call(memory, "remember", args)) == {**made, "written": False}    # same words, same id
    hits = payload(call(memory, "search", {"query": "copy of production", "layer": "workshop"}))["hits"]
    assert hits[0]["id"] == made["id"]


def test_remember_a_correction_becomes_a_cue_and_bad_input_is_a_tool_error(vault):
    made = payload(call(vault, "remember", {
        "text": "never run terraform apply without a saved plan", "kind": "correction",
        "fields": {"trigger": "Bash: terraform apply"}}))
    note = (vault / made["path"]).read_text()
    assert "lesson: never run terraform apply without a saved plan" in note and "source: mcp" in note
    for args, message in (({"text": "x", "kind": "gossip"}, "unknown kind 'gossip'"),
                          ({"text": "   "}, "nothing to remember"),
                          ({"text": "x", "fields": {"key": "k"}}, "key do not apply to a discovery")):
        result = call(vault, "remember", args)
        assert result.is_error and message in text(result)
    assert git(vault, "status", "--porcelain", "--", "library", "observations", "facts") == ""


def test_memkit_mcp_speaks_stdio(memory):
    """The real command: initialize, list tools, call one, over the process's stdin and stdout."""
    from mcp import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "memkit", "--vault", str(memory), "mcp"])

    async def main():
        async with Client(params) as client:
            tools = await client.list_tools()
            result = await client.call_tool("show", {"id": "2026-03-04-claude-e41f09d2#^t1"})
            return {t.name for t in tools.tools}, text(result)
    names, shown = anyio.run(main)
    assert names == TOOLS and "add the new settings module" in shown


def test_no_vault_is_one_line_and_exit_1(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "memkit", "--vault", str(tmp_path), "mcp"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1 and "is not a memkit vault" in proc.stderr
