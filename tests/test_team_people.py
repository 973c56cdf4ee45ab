"""Per-person memory in a team vault: traces and decisions carry the person, `search --user` and
`context/check --user` filter by them, and another person's unreviewed candidates do not fire for
you until someone reviews them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import git, write_generic
from teamkit import Team, meta, mk, mkjson

DIST = "never delete dist/ in this repo because the release job reads it. Only remove build/."


def dist_session(path: Path, sid: str) -> Path:
    return write_generic(path, [
        {"role": "user", "content": "clean up the build folder", "timestamp": "2026-04-01T10:00:00Z"},
        {"role": "assistant", "content": "I'll remove it.", "timestamp": "2026-04-01T10:00:05Z",
         "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "rm -rf build/ dist/"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "", "rejected": True, "timestamp": "2026-04-01T10:00:06Z"},
        {"role": "user", "content": f"no, {DIST}", "timestamp": "2026-04-01T10:00:10Z"},
        {"role": "assistant", "content": "Understood, only build/.", "timestamp": "2026-04-01T10:00:15Z"},
    ], {"session_id": sid, "agent": "generic", "project": "shop", "cwd": "/home/dev/shop"})


@pytest.fixture
def team(tmp_path):
    t = Team(tmp_path)
    t.alice = t.found("alice")
    t.bob = t.join("bob")
    mk(t.bob, "ingest", str(dist_session(tmp_path / "bob.jsonl", "bob-0001")), check=True)
    mk(t.bob, "sync", check=True)
    mk(t.alice, "sync", check=True)
    [t.dist] = [q["id"] for q in mkjson(t.alice, "review", "--list") if q["statement"].endswith("only remove build/.")
                or DIST in q["statement"]]
    return t


def test_traces_and_candidates_carry_the_person_who_ran_the_session(team):
    alice = team.alice
    trace = next((alice / "traces").rglob("2026-04-01-generic-*.md"))
    assert meta(alice, str(trace.relative_to(alice)))["user"] == "bob@team.test"
    ledger = next((alice / "traces").rglob("2026-03-02-claude-*.md"))
    assert meta(alice, str(ledger.relative_to(alice)))["user"] == "alice@team.test"
    cand = mkjson(alice, "review", "--list")
    owners = {q["id"]: meta(alice, q["path"]).get("user") for q in cand if q["type"] == "observation"}
    assert owners[team.dist] == "bob@team.test" and "alice@team.test" in owners.values()
    again = mk(alice, "ingest", str(dist_session(team.root / "alice-copy.jsonl", "bob-0001")), check=True)
    assert "0 new" in again.stdout                   # the same session again: the trace keeps its owner
    assert meta(alice, str(trace.relative_to(alice)))["user"] == "bob@team.test"


def test_another_persons_candidate_does_not_fire_until_it_is_reviewed(team):
    alice, bob = team.alice, team.bob
    fires = json.loads(mk(bob, "check", "rm -rf dist/", "--json", check=True).stdout)["cues"]
    assert [c["id"] for c in fires if c["id"] == team.dist] == [team.dist]
    hook = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "rm -rf dist/"}}
    assert team.dist in mk(bob, "check", "--hook", input=json.dumps(hook), check=True).stdout
    assert team.dist not in mk(alice, "check", "--hook", input=json.dumps(hook), check=True).stdout
    assert team.dist not in mk(alice, "check", "rm -rf dist/", check=True).stdout
    assert team.dist in mk(alice, "check", "rm -rf dist/", "--user", "bob@team.test", check=True).stdout
    assert team.dist not in mk(bob, "check", "rm -rf dist/", "--user", "team", check=True).stdout
    assert team.dist in mk(bob, "context", "delete the dist folder with rm -rf", "--user", "me", check=True).stdout
    mk(bob, "accept", team.dist, check=True)
    mk(bob, "sync", check=True)
    mk(alice, "sync", check=True)
    assert team.dist in mk(alice, "check", "--hook", input=json.dumps(hook), check=True).stdout
    assert team.dist in mk(alice, "check", "rm -rf dist/", "--user", "team", check=True).stdout


def test_search_filters_to_one_person_or_the_team(team):
    alice, bob = team.alice, team.bob
    everyone = mkjson(alice, "search", "release")
    assert {h["id"] for h in everyone} >= {team.dist}
    bobs = mkjson(alice, "search", "release", "--user", "bob@team.test")
    assert bobs and all(meta(alice, h["path"]).get("user") == "bob@team.test" for h in bobs)
    mine = mkjson(bob, "search", "release", "--user", "me")
    assert [h["id"] for h in mine] == [h["id"] for h in bobs]
    assert all(h["path"].split("/")[0] in ("observations", "episodes", "facts", "library")
               for h in mkjson(alice, "search", "release", "--user", "team"))
    mk(alice, "accept", team.dist, check=True)
    assert team.dist in [h["id"] for h in mkjson(alice, "search", "release", "--user", "team")]


def test_team_user_in_memkit_toml_names_the_person_in_traces_decisions_and_commits(tmp_path):
    team = Team(tmp_path)
    alice = team.found("alice", ingest=False)
    toml = alice / "memkit.toml"
    assert '[team]\nuser = ""' in toml.read_text()
    toml.write_text(toml.read_text().replace('[team]\nuser = ""', '[team]\nuser = "ana"'))
    mk(alice, "ingest", str(dist_session(tmp_path / "s.jsonl", "ana-0001")), check=True)
    trace = next((alice / "traces").rglob("*.md"))
    assert meta(alice, str(trace.relative_to(alice)))["user"] == "ana"
    [cand] = [q for q in mkjson(alice, "review", "--list") if q["kind"] == "correction"]
    mk(alice, "reject", cand["id"], "--reason", "obvious", check=True)
    assert meta(alice, cand["path"])["reviewed_by"] == "ana"
    body = git(alice, "log", "-1", "--format=%an%n%B")
    assert body.startswith("Alice\n") and "Memkit-Action: reject" in body and "Memkit-By: ana" in body
    why = mk(alice, "why", cand["id"], check=True).stdout
    assert "decided: rejected by ana at " in why
    toml.write_text(toml.read_text().replace('user = "ana"', 'user = "alice@team.test"'))
    mk(alice, "fact", "set", "release_day", "friday", check=True)
    assert "Memkit-By" not in git(alice, "log", "-1", "--format=%B")   # the author says who: no trailer
