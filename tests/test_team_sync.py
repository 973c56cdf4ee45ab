"""Teams on real git: two or three clones of one vault and a bare remote, decisions made on both
sides, `memkit sync` and plain `git pull` with memkit's merge driver — the later decision stands,
the other is kept with who and when, nothing is left marked as a conflict, and a person's own
conflicting words stop sync with one line and the repository as it was."""
from __future__ import annotations

import json

import pytest
from conftest import git
from teamkit import Team, at, clean, head, marked, meta, mk, mkjson

DROP = "corr-never-drop-column-same-release-2c95"
WS = f"workshop/observations/correction/{DROP}.md"
LAYER = f"observations/correction/{DROP}.md"
CONVENTION = "never-use-git-add-a-in-this-repo"


@pytest.fixture
def team(tmp_path):
    t = Team(tmp_path)
    t.alice = t.found("alice")
    t.bob = t.join("bob")
    return t


def test_accept_here_and_reject_there_converge_on_the_later_decision(team, monkeypatch):
    alice, bob = team.alice, team.bob
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    at(monkeypatch, "2026-05-01T10:05:00Z")
    mk(bob, "reject", DROP, "--reason", "true of that migration only", check=True)
    out = mk(bob, "sync", check=True).stdout.splitlines()
    assert out[0].startswith("pulled 1 commit(s) from origin/main (merge commit ")
    assert out[1].startswith(f"placed 1 note(s) by their decision: {DROP} → {WS} (rejected)")
    assert out[2] == "pushed 3 commit(s) to origin/main"
    assert not (bob / LAYER).exists()
    m = meta(bob, WS)
    assert (m["status"], m["reviewed_by"], m["rejected_reason"]) == ("rejected", "bob@team.test",
                                                                    "true of that migration only")
    assert m["history"] == [{"decision": "accepted", "by": "alice@team.test", "at": "2026-05-01T10:00:00Z",
                             "overruled_by": "rejected by bob@team.test at 2026-05-01T10:05:00Z"}]
    assert marked(bob) == [] and clean(bob)
    assert mk(alice, "sync", check=True).stdout.startswith("pulled 3 commit(s) from origin/main (fast-forward)")
    assert head(alice) == head(bob)
    why = mk(alice, "why", DROP, check=True).stdout
    assert "  decided: rejected by Bob <bob@team.test> at " in why
    assert "  disagreed: accepted by Alice <alice@team.test> at " in why and "overruled by the later decision" in why
    assert DROP not in [q["id"] for q in mkjson(alice, "review", "--list")]   # reindexed: decided


def test_the_later_accept_wins_over_an_earlier_reject(team, monkeypatch):
    alice, bob = team.alice, team.bob
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(bob, "reject", DROP, "--reason", "one-off", check=True)
    mk(bob, "sync", check=True)
    at(monkeypatch, "2026-05-01T11:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    mk(bob, "sync", check=True)
    for clone in (alice, bob):
        assert not (clone / WS).exists()
        m = meta(clone, LAYER)
        assert m["status"] == "accepted" and m["reviewed_by"] == "alice@team.test"
        assert "rejected_reason" not in m
        assert m["history"][0]["decision"] == "rejected" and m["history"][0]["reason"] == "one-off"
    assert head(alice) == head(bob)
    log = git(alice, "log", "--format=%an %s", "--full-history", "--", WS, LAYER)
    assert "Bob memkit: reject correction" in log and "Alice memkit: accept correction" in log


def test_accept_against_merge_into_a_library_note(team, monkeypatch):
    alice, bob = team.alice, team.bob
    mk(alice, "promote", "prop-convention-never-use-git-add-repo-fb0c", check=True)
    mk(alice, "sync", check=True)
    mk(bob, "sync", check=True)
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    at(monkeypatch, "2026-05-01T10:01:00Z")
    mk(bob, "merge", DROP, "--into", CONVENTION, check=True)
    mk(bob, "sync", check=True)
    mk(alice, "sync", check=True)
    assert head(alice) == head(bob) and marked(alice) == []
    m = meta(alice, LAYER)
    assert (m["status"], m["promoted_to"]) == ("promoted", f"[[{CONVENTION}]]")
    assert [(h["decision"], h["by"]) for h in m["history"]] == [("accepted", "alice@team.test")]
    lib = meta(alice, f"library/conventions/{CONVENTION}.md")
    assert f"[[{DROP}]]" in lib["sources"] or DROP in json.dumps(lib["sources"])
    assert not (alice / WS).exists()


def test_promote_here_and_a_persons_edit_there_keep_both(team, monkeypatch):
    alice, bob = team.alice, team.bob
    text = (bob / WS).read_text()
    edited = text.replace("Old app servers still read it during a rolling deploy.",
                          "Old app servers still read it during a rolling deploy (we saw this in March).")
    assert edited != text
    (bob / WS).write_text(edited)
    git(bob, "commit", "-qam", "sharpen the migration lesson")
    mk(alice, "promote", DROP, "--as", "convention", "--title", "Three-phase column removal", check=True)
    mk(alice, "sync", check=True)
    mk(bob, "sync", check=True)
    mk(alice, "sync", check=True)
    assert head(alice) == head(bob) and marked(bob) == []
    merged = (bob / LAYER).read_text()
    assert "(we saw this in March)" in merged and "status: promoted" in merged
    from memkit.storage import notes

    assert notes.read(bob / LAYER).edited_by_person()       # still the person's words: memkit leaves them
    assert (bob / "library/conventions/three-phase-column-removal.md").is_file()
    assert not (bob / WS).exists()


def test_a_fact_set_to_two_values_becomes_a_fact_conflict_not_a_git_conflict(team):
    alice, bob = team.alice, team.bob
    mk(alice, "fact", "set", "deploy_window", "tuesdays", check=True)
    mk(bob, "fact", "set", "deploy_window", "thursdays", check=True)
    sides = {c: meta(c, "facts/deploy-window.md") for c in (alice, bob)}
    first = min(sides.values(), key=lambda m: (m["updated"], json.dumps(m["value"])))
    mk(alice, "sync", check=True)
    out = mk(bob, "sync", check=True).stdout
    assert "filed 1 fact conflict(s) set on two clones for review: fc-deploy-window-" in out
    mk(alice, "sync", check=True)
    for clone in (alice, bob):
        fact = meta(clone, "facts/deploy-window.md")
        assert fact["value"] == first["value"] and "contested" not in fact
        [conflict] = mkjson(clone, "fact", "list", "--conflicts")
        other = ({"tuesdays", "thursdays"} - {first["value"]}).pop()
        assert (conflict["key"], conflict["proposed"]["value"], conflict["status"]) == ("deploy_window", other, "open")
        assert conflict["existing"]["value"] == first["value"]
        assert marked(clone) == [] and clean(clone)
    assert head(alice) == head(bob)
    assert conflict["proposed"]["source"] == "user_stated"
    resolved = mk(bob, "fact", "resolve", conflict["id"], "--update", check=True)
    fact = meta(bob, "facts/deploy-window.md")
    assert resolved.returncode == 0 and (fact["value"], fact["source_kind"]) == (other, "user_stated")
    assert "set on another clone" not in fact["history"][0].get("reason", "")


def test_a_fact_set_on_two_clones_keeps_each_values_source_session_and_reason_through_sync_and_resolve(team):
    alice, bob = team.alice, team.bob
    mk(alice, "fact", "set", "db_port", "5431", "--session", "s-0", check=True)
    mk(alice, "sync", check=True)
    mk(bob, "sync", check=True)
    mk(alice, "fact", "set", "db_port", "5432", "--on-conflict", "update", "--session", "s-a",
       "--reason", "the old port clashed with the cache", check=True)
    mk(bob, "fact", "set", "db_port", "5433", "--on-conflict", "update", "--session", "s-b", "--source",
       "agent_inferred", "--reason", "read from the staging compose file", check=True)
    mk(alice, "sync", check=True)
    mk(bob, "sync", check=True)   # alice's value was set first: it holds, bob's is filed
    held = meta(bob, "facts/db-port.md")
    assert (held["value"], held["source_kind"], held["trust"], held["session"]) == ("5432", "user_stated", 0.8,
                                                                                    "[[s-a]]")
    assert [(h["value"], h["reason"]) for h in held["history"]] == [("5431", "the old port clashed with the cache")]
    [conflict] = mkjson(bob, "fact", "list", "--conflicts")
    proposed = conflict["proposed"]
    assert (proposed["value"], proposed["source"], proposed["trust"], proposed["session"], proposed["reason"]) == (
        "5433", "agent_inferred", 0.5, "[[s-b]]", "read from the staging compose file")
    assert "another clone" in proposed["via"] and "another clone" not in proposed["reason"]
    listed = mk(bob, "fact", "list", "--conflicts", check=True).stdout
    assert "'5433' (agent_inferred, trust 0.5) was not applied" in listed
    mk(bob, "fact", "resolve", conflict["id"], "--update", check=True)
    fact = meta(bob, "facts/db-port.md")
    assert (fact["value"], fact["source_kind"], fact["trust"], fact["session"]) == ("5433", "agent_inferred", 0.5,
                                                                                    "[[s-b]]")
    assert [(h["value"], h["reason"], h.get("session"), h["source"]) for h in fact["history"]] == [
        ("5431", "the old port clashed with the cache", "[[s-0]]", "user_stated"),
        ("5432", f"read from the staging compose file (conflict {conflict['id']})", "[[s-a]]", "user_stated")]
    assert fact["history"][1]["from"] == fact["history"][0]["to"]   # 5432 held from alice's change on
    text = (bob / "facts/db-port.md").read_text()
    assert "another clone" not in text and "unknown source" not in text
    got = mk(bob, "fact", "get", "db_port", check=True).stdout
    assert got.startswith("db_port = 5433   trust 0.5, agent_inferred, since ")


def test_two_people_editing_the_same_words_stops_sync_and_changes_nothing(team):
    alice, bob = team.alice, team.bob
    for clone, words in ((alice, "Old app servers may still read it."), (bob, "Rolling deploys still read it.")):
        text = (clone / WS).read_text()
        (clone / WS).write_text(text.replace("Old app servers still read it during a rolling deploy.", words))
        git(clone, "commit", "-qam", "reword")
    mk(alice, "sync", check=True)
    before = head(bob), (bob / WS).read_text()
    proc = mk(bob, "sync")
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith(f"memkit: sync stopped: {WS} changed here and on origin/main in the same place")
    assert "nothing was changed; merge by hand: git merge origin/main" in proc.stderr
    assert (head(bob), (bob / WS).read_text()) == before
    assert clean(bob) and not (bob / ".git" / "MERGE_HEAD").exists()


def test_plain_git_pull_merges_frontmatter_by_rule(team, monkeypatch):
    alice, bob = team.alice, team.bob
    installed = mk(bob, "hooks", "install", "--git", check=True).stdout
    assert "git: pre-commit hook installed" in installed
    assert "merge driver" not in installed          # sync had registered it already: nothing to say
    assert git(bob, "config", "--get", "merge.memkit.driver").strip().endswith("merge-driver %O %A %B %L %P")
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    at(monkeypatch, "2026-05-01T10:02:00Z")
    mk(bob, "reject", DROP, check=True)
    pulled = __import__("subprocess").run(["git", "pull", "--no-rebase", "-q"], cwd=bob, capture_output=True,
                                          text=True)
    assert pulled.returncode == 0, pulled.stderr
    assert marked(bob) == [] and clean(bob)
    m = meta(bob, LAYER)   # git followed the accept's move; the driver merged the two decisions
    assert m["status"] == "rejected" and m["history"][0]["by"] == "alice@team.test"
    out = mk(bob, "sync", check=True).stdout
    assert f"{DROP} → {WS} (rejected)" in out      # sync puts the tombstone back in the workshop
    assert (bob / WS).is_file() and not (bob / LAYER).exists()


def test_sync_finishes_a_pull_that_stopped_on_a_moved_note(team, monkeypatch):
    alice, bob = team.alice, team.bob
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    at(monkeypatch, "2026-05-01T09:00:00Z")   # bob's rejection is the earlier decision
    mk(bob, "reject", DROP, check=True)
    stopped = __import__("subprocess").run(["git", "pull", "--no-rebase", "-q", "-s", "recursive", "-X",
                                            "no-renames"], cwd=bob, capture_output=True, text=True)
    assert stopped.returncode != 0 and "modify/delete" in stopped.stdout + stopped.stderr
    out = mk(bob, "sync", check=True).stdout
    assert out.startswith("finished the merge in progress; 1 note(s) merged by rule")
    assert f"{DROP} → {LAYER} (accepted)" in out
    assert not (bob / WS).exists() and meta(bob, LAYER)["history"][0]["decision"] == "rejected"
    mk(alice, "sync", check=True)
    assert head(alice) == head(bob) and marked(alice) == [] and clean(bob)


def test_sync_resolves_what_a_pull_without_the_driver_left_in_the_frontmatter(team, monkeypatch):
    alice, bob = team.alice, team.bob
    git(bob, "config", "--remove-section", "merge.memkit")     # a clone where nobody registered it
    at(monkeypatch, "2026-05-01T10:00:00Z")
    mk(alice, "accept", DROP, check=True)
    mk(alice, "sync", check=True)
    at(monkeypatch, "2026-05-01T10:09:00Z")
    mk(bob, "reject", DROP, check=True)
    stopped = __import__("subprocess").run(["git", "pull", "--no-rebase", "-q"], cwd=bob, capture_output=True,
                                           text=True)
    assert stopped.returncode != 0 and "CONFLICT (content)" in stopped.stdout
    doctor = mk(bob, "doctor").stdout + mk(bob, "doctor").stderr
    assert "frontmatter holds git conflict markers" in doctor
    out = mk(bob, "sync", check=True).stdout
    assert out.startswith("finished the merge in progress; 1 note(s) merged by rule")
    assert marked(bob) == [] and clean(bob) and meta(bob, WS)["status"] == "rejected"
    assert "merge-driver" in git(bob, "config", "--get", "merge.memkit.driver")   # registered again
