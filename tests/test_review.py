"""Review and promotion through the real CLI and real git: two sessions with the same
correction in other words → a convention proposal → promote → provenance in the note,
in `git log --grep` and in `why` → compile into CLAUDE.md → `check` ranks the convention
first. Also tombstones, the interactive walk on stdin, merge, ADRs, the preference
threshold, facts in `why`, the backlog reminder and 50 candidates through the verbs.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

import pytest
from conftest import REPO, git, run_cli

from memkit.storage import notes

EXAMPLES = REPO / "examples" / "sessions"
COMMIT, RELEASE, RETRIES = ("2026-03-04-ledger-commit.jsonl", "2026-03-09-ledger-release.jsonl",
                            "2026-03-12-ledger-retries.jsonl")
T1, T2 = "2026-03-04-claude-e41f09d2", "2026-03-09-claude-0a1b2c3d"


def mk(vault: Path, *args: str, **kw):
    return run_cli("--vault", str(vault), *args, **kw)


def mkjson(vault: Path, *args: str, **kw):
    return json.loads(mk(vault, *args, "--json", check=True, **kw).stdout)


def ingest(vault: Path, tmp_path: Path, *names: str) -> None:
    logs = tmp_path / "logs"
    logs.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(EXAMPLES / name, logs / name)
    mk(vault, "ingest", *[str(logs / n) for n in names], check=True)


def meta(vault: Path, rel: str) -> dict:
    return notes.read(vault / rel).meta


def log(vault: Path, *args: str) -> str:
    return git(vault, "log", "--format=%H%n%B%n----", *args)


def queue(vault: Path) -> list[dict]:
    return mkjson(vault, "review", "--list")


def proposal(vault: Path, target: str) -> dict:
    [found] = [q for q in queue(vault) if q["type"] == "proposal" and q["kind"] == target]
    return found


def test_two_sessions_become_a_convention_with_provenance_compile_and_check(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    assert git(vault, "status", "--porcelain") == ""            # the proposal joined the ingest commit
    prop = proposal(vault, "convention")
    assert len(prop["observations"]) == 2 and prop["recurrence"] == 2
    assert prop["turns"] == [f"{T1}#^t4", f"{T2}#^t5"]
    corr = prop["observations"]
    before = mkjson(vault, "check", "git commit -am wip")
    assert {c["id"] for c in before["cues"]} >= set(corr) and not any(c["reviewed"] for c in before["cues"])

    # a person's own staged work is never swept into a memkit commit
    (vault / "scratch.txt").write_text("my notes\n")
    git(vault, "add", "scratch.txt")
    done = mkjson(vault, "promote", prop["id"])
    [result] = done
    note_id, rel = result["id"], result["path"]
    assert rel == f"library/conventions/{note_id}.md"
    assert git(vault, "diff", "--cached", "--name-only").split() == ["scratch.txt"]
    changed = git(vault, "show", "--name-status", "--format=", "HEAD").split("\n")
    assert not any("scratch" in line for line in changed)

    m = meta(vault, rel)
    assert (m["type"], m["status"], m["id"]) == ("convention", "active", note_id)
    assert m["sources"] == [f"[[{corr[0]}]]", f"[[{corr[1]}]]", f"[[{T1}#^t4]]", f"[[{T2}#^t5]]"]
    assert "git:stage-all" in m["cues"][0]["action_types"] and m["cues"][0]["lesson"]
    assert m["created"] and m["updated"]
    for link in m["sources"]:                                  # every link resolves, down to the turn
        target, _, turn = link.strip("[]").partition("#^t")
        hits = list(vault.rglob(f"{target}.md"))
        assert len(hits) == 1, link
        if turn:
            assert re.search(rf"^## Turn {turn} · .* \^t{turn}$", hits[0].read_text(), re.MULTILINE)
            shown = mk(vault, "show", link.strip("[]"), check=True).stdout
            assert shown.startswith(link.strip("[]")) and "user" in shown
    for oid in corr:                                            # observations left the workshop, same file name
        assert not list((vault / "workshop").rglob(f"{oid}.md"))
        om = meta(vault, f"observations/correction/{oid}.md")
        assert om["status"] == "promoted" and om["promoted_to"] == f"[[{note_id}]]"
    assert meta(vault, f"workshop/proposals/{prop['id']}.md")["status"] == "promoted"

    # git log --grep finds the promotion by either source turn, with every trailer
    title = notes.title_of(notes.read(vault / rel))
    for source in (f"{T1}#^t4", f"{T2}#^t5"):
        found = log(vault, "-F", "--grep", f"Memkit-Source: [[{source}]]")
        assert found.count("----") == 1
        assert f'memkit: promote convention "{title}"' in found
        assert "Memkit-Action: promote" in found and all(f"Memkit-Observation: [[{o}]]" in found for o in corr)

    why = mk(vault, "why", note_id, check=True).stdout
    for expected in (*corr, "never use git add -A in this repo", "don't stage everything with commit -a",
                     "memkit: promote convention", "memkit: ingest", f"{T1}#^t4", f"{T2}#^t5"):
        assert expected in why, expected
    chain = mkjson(vault, "why", rel)
    assert [s["id"] for s in chain["sources"]] == corr
    assert chain["sources"][0]["turns"][0]["text"].startswith("no, never use git add -A")
    assert [c["subject"][:14] for c in chain["sources"][1]["commits"]] == ["memkit: ingest", "memkit: promot"]

    out = mk(vault, "compile", check=True).stdout
    block = (vault / "CLAUDE.md").read_text()
    assert "wrote the memkit block" in out and block.startswith("<!-- memkit:begin -->")
    assert note_id in block and "Never use git add -A" in block
    assert "Memkit-Action: compile" in log(vault, "-1")

    after = mkjson(vault, "check", "git commit -am wip")
    assert after["cues"][0]["id"] == note_id and after["cues"][0]["type"] == "library:convention"
    ranked = [c["id"] for c in after["cues"]]
    assert all(o not in ranked or ranked.index(o) > 0 for o in corr)
    hook = mk(vault, "check", "--hook", check=True, input=json.dumps(
        {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git commit -am fix"}}))
    assert note_id in json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"].splitlines()[1]


def test_compile_touches_nothing_outside_the_markers(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    path = vault / "CLAUDE.md"
    mine = "# My project\r\n\r\nRead the docs first.\r\n<!-- memkit:begin -->\r\nold\r\n<!-- memkit:end -->\r\ntail\r\n"
    path.write_bytes(mine.encode())
    git(vault, "add", "CLAUDE.md")
    git(vault, "commit", "-qm", "person: CLAUDE.md")
    mk(vault, "compile", check=True)
    first = path.read_bytes().decode()
    head, tail = mine.split("<!-- memkit:begin -->")[0], mine.split("<!-- memkit:end -->")[1]
    assert first.startswith(head + "<!-- memkit:begin -->\r\n") and first.endswith("<!-- memkit:end -->" + tail)
    assert "No reviewed conventions yet" in first                # candidates never graduate
    assert "never use git add -A" not in first.lower()
    assert "\n" not in first.replace("\r\n", "")

    mk(vault, "promote", proposal(vault, "convention")["id"], check=True)
    second = mk(vault, "compile", "--json", check=True)
    text = path.read_bytes().decode()
    assert json.loads(second.stdout)["changed"] and "Never use git add -A" in text
    assert text.startswith(head) and text.endswith("<!-- memkit:end -->" + tail)
    assert "\n" not in text.replace("\r\n", "")
    assert "up to date" in mk(vault, "compile", check=True).stdout
    assert git(vault, "status", "--porcelain") == ""

    for broken in (text + "<!-- memkit:begin -->\r\n", text.replace("<!-- memkit:end -->", ""),
                   "<!-- memkit:end -->\n<!-- memkit:begin -->\n"):
        path.write_bytes(broken.encode())
        proc = mk(vault, "compile")
        assert proc.returncode == 1 and "markers" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
        assert path.read_bytes() == broken.encode()


def test_compile_with_nothing_reviewed_makes_no_file(vault):
    commits = git(vault, "rev-list", "--count", "HEAD")
    out = mk(vault, "compile", check=True)
    assert "nothing reviewed yet" in out.stdout and not (vault / "CLAUDE.md").exists()
    assert git(vault, "rev-list", "--count", "HEAD") == commits


def test_compile_in_a_project_repo_appends_the_block_and_respects_uncommitted_edits(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    git(project, "init", "-q")
    (project / "CLAUDE.md").write_text("# Project rules\n\nBe kind.")
    git(project, "add", "CLAUDE.md")
    git(project, "commit", "-qm", "rules")
    memory = project / ".memory"
    run_cli("init", str(memory), check=True)
    assert not (memory / ".git").exists()
    ingest(memory, tmp_path, COMMIT, RELEASE)
    mk(memory, "promote", proposal(memory, "convention")["id"], check=True)
    mk(memory, "compile", check=True)
    text = (project / "CLAUDE.md").read_text()
    assert text.startswith("# Project rules\n\nBe kind.\n\n<!-- memkit:begin -->\n") and text.endswith("end -->\n")
    assert "Memkit-Action: compile" in log(project, "-1")
    assert git(project, "status", "--porcelain", "--", "CLAUDE.md") == ""

    # a person's uncommitted edit in the file: memkit writes its block but does not commit their words
    (project / "CLAUDE.md").write_text(text.replace("Be kind.", "Be kind. Be brief."))
    mk(memory, "compile", "--target", "AGENTS.md", check=True)
    agents = (project / "AGENTS.md").read_text()
    assert "Never use git add -A" in agents and "Memkit-Action: compile" in log(project, "-1")
    ingest(memory, tmp_path, "2026-03-02-ledger-migration.jsonl")
    [corr] = [q["id"] for q in queue(memory)]
    mk(memory, "accept", corr, check=True)                       # an accepted correction joins the block
    out = mk(memory, "compile", check=True).stdout
    text = (project / "CLAUDE.md").read_text()
    assert "did not commit" in out and "Be kind. Be brief." in text and "### Frequent corrections" in text
    assert "never drop a column in the same release" in text.lower()
    assert "CLAUDE.md" in git(project, "status", "--porcelain")


def test_a_rejected_candidate_stays_rejected_when_extracted_again(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    corr = proposal(vault, "convention")["observations"][0]
    rel = f"workshop/observations/correction/{corr}.md"
    out = mkjson(vault, "reject", corr, "--reason", "only true for that repo")
    assert out[0]["action"] == "reject"
    m = meta(vault, rel)
    assert m["status"] == "rejected" and m["rejected_reason"] == "only true for that repo"
    found = log(vault, "-F", "--grep", f"Memkit-Observation: [[{corr}]]", "--grep", "Memkit-Action: reject",
                "--all-match")
    assert found.count("----") == 1 and f"{T1}#^t4" in found and "Reason: only true for that repo" in found

    # the proposal built on it is out of date: promoting it refuses, the next scan removes it
    stale = proposal(vault, "convention")["id"]
    refused = mk(vault, "promote", stale)
    assert refused.returncode == 1 and "out of date" in refused.stderr
    scan = mkjson(vault, "review", "--scan")
    assert scan["retired"] == [stale] and not (vault / f"workshop/proposals/{stale}.md").exists()

    mk(vault, "extract", "--all", check=True)
    trace = next(vault.rglob(f"{T1}.md"))                        # a backfill: the trace forgets it was extracted
    tmeta = notes.read(trace)
    tmeta.meta.pop("extracted")
    trace.write_text(notes.render(tmeta))
    mk(vault, "extract", "--all", check=True)
    assert meta(vault, rel)["status"] == "rejected"
    assert len(list(vault.rglob(f"{corr}.md"))) == 1
    assert corr not in [q["id"] for q in queue(vault)]
    assert corr not in [c["id"] for c in mkjson(vault, "check", "git add -A")["cues"]]
    assert mkjson(vault, "review", "--scan")["proposals"] == []


def test_a_rejected_proposal_is_never_proposed_again(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    pid = proposal(vault, "convention")["id"]
    mk(vault, "reject", pid, "--reason", "I will write it myself", check=True)
    assert meta(vault, f"workshop/proposals/{pid}.md")["status"] == "rejected"
    trace = next(vault.rglob(f"{T2}.md"))
    tmeta = notes.read(trace)
    tmeta.meta.pop("extracted")
    trace.write_text(notes.render(tmeta))
    mk(vault, "extract", "--all", check=True)
    assert mkjson(vault, "review", "--scan")["proposals"] == []
    assert [q["id"] for q in queue(vault) if q["type"] == "proposal"] == []


def test_interactive_review_driven_through_stdin(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE, RETRIES)
    items = queue(vault)
    assert [i["type"] for i in items[:2]] == ["proposal", "proposal"]       # proposals first, oldest first
    created = [i["created"] for i in items[2:]]
    assert created == sorted(created)
    walk = mk(vault, "review", input="a\nr\nnot useful\nq\n", check=True)
    assert "[1/" in walk.stdout and "evidence" in walk.stdout and "recurrence: 2" in walk.stdout
    assert "> no, never use git add -A" in walk.stdout
    assert "reviewed: 1 promoted, 1 rejected" in walk.stdout
    first, second = items[0], items[1]
    assert meta(vault, first["path"])["status"] == "promoted"
    assert meta(vault, second["path"])["rejected_reason"] == "not useful"
    subjects = git(vault, "log", "--format=%s", "-3").splitlines()
    assert subjects[0].startswith("memkit: reject") and subjects[1].startswith("memkit: promote convention")
    assert git(vault, "status", "--porcelain") == ""

    # the rest: promote with a chosen type and title, skip, and the end of input quits
    rest = queue(vault)
    assert rest[0]["id"].startswith("dec-chose-retries") and rest[0]["suggested"] == "decision"
    walk = mk(vault, "review", input="p\nnote\nRetries over a circuit breaker\ns\n", check=True)
    assert "promoted to note retries-over-a-circuit-breaker" in walk.stdout and "1 skipped" in walk.stdout
    m = meta(vault, "library/notes/retries-over-a-circuit-breaker.md")
    assert m["sources"] == [f"[[{rest[0]['id']}]]", "[[2026-03-12-claude-5c6d7e8f#^t3]]"]
    assert [q["id"] for q in queue(vault)] == [q["id"] for q in rest[1:]]


def test_edit_in_editor_then_accept(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    editor = tmp_path / "edit.py"
    editor.write_text("import sys, pathlib\np = pathlib.Path(sys.argv[1])\n"
                      "p.write_text(p.read_text().replace('title: Never use git add -A in this repo',"
                      " 'title: Stage only the files you changed'))\n")
    walk = mk(vault, "review", input="e\na\nq\n", env={"EDITOR": f"{sys.executable} {editor}"}, check=True)
    assert "reviewed: 1 promoted, 1 edited" in walk.stdout
    m = meta(vault, "library/conventions/stage-only-the-files-you-changed.md")
    assert m["type"] == "convention" and len(m["sources"]) == 4
    assert "# Stage only the files you changed" in (vault / "library/conventions/stage-only-the-files-you-changed.md"
                                                    ).read_text()


def test_an_editor_that_does_not_run_leaves_the_item_and_the_review_goes_on(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    walk = mk(vault, "review", input="e\na\nq\n", env={"EDITOR": str(tmp_path / "no-such-editor")})
    assert walk.returncode == 0 and "reviewed: 1 promoted" in walk.stdout
    assert walk.stderr.count("cannot edit here") == 1 and "Traceback" not in walk.stderr


def test_promote_by_hand_then_merge_the_second_session(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    first, second = proposal(vault, "convention")["observations"]
    [made] = mkjson(vault, "promote", first, "--title", "Stage only the files you changed")
    assert made["id"] == "stage-only-the-files-you-changed"
    m = meta(vault, made["path"])
    assert m["type"] == "convention" and m["sources"] == [f"[[{first}]]", f"[[{T1}#^t4]]"]
    merged = mkjson(vault, "merge", second, "--into", made["id"])
    assert merged["action"] == "merge"
    m = meta(vault, made["path"])
    assert f"[[{second}]]" in m["sources"] and f"[[{T2}#^t5]]" in m["sources"] and len(m["cues"]) == 1
    assert "don't stage everything" in (vault / made["path"]).read_text()
    assert meta(vault, f"observations/correction/{second}.md")["promoted_to"] == f"[[{made['id']}]]"
    found = log(vault, "-F", "--grep", f"Memkit-Source: [[{T2}#^t5]]")
    assert "Memkit-Action: merge" in found and f"Memkit-Note: [[{made['id']}]]" in found
    assert mkjson(vault, "review", "--scan")["retired"]                  # the two-session proposal is spent
    bad = mk(vault, "merge", first, "--into", "no-such-note")
    assert bad.returncode == 1 and "not found" in bad.stderr and "Traceback" not in bad.stderr


def test_a_debated_decision_becomes_a_draft_adr(vault, tmp_path):
    ingest(vault, tmp_path, RETRIES)
    prop = proposal(vault, "decision")
    assert "debated" in prop["basis"]
    [made] = mkjson(vault, "promote", prop["id"])
    text = (vault / made["path"]).read_text()
    assert made["path"].startswith("library/decisions/")
    for section in ("## Context", "## Decision", "## Alternatives considered", "## Consequences"):
        assert section in text
    assert "payment provider times out" in text                          # context: the task of the session
    assert "circuit breaker around the provider client — tried before, failed" in text
    assert "retry_limit = 3" in text                                     # a consequence recorded later on
    assert "[[2026-03-12-claude-5c6d7e8f#^t3]]" in meta(vault, made["path"])["sources"]


def _write_decision(vault: Path, n: int, session: str, chosen: str, other: str, importance: float = 0.5) -> str:
    oid = f"dec-test-runner-{n:04x}"
    m = {"type": "observation", "id": oid, "kind": "decision", "status": "candidate", "lifecycle": "knowledge",
         "confidence": 0.7, "importance": importance, "created": f"2026-04-0{n % 9 + 1}T10:00:00Z",
         "session": f"[[{session}]]", "source": f"[[{session}#^t3]]", "extractor": "heuristic@1",
         "chosen": chosen, "alternatives": [other]}
    body = f"**Decision**:\n> chose {chosen}\n"
    path = vault / "workshop/observations/decision" / f"{oid}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(notes.render(notes.Note(notes.stamp(m, body), body)))
    return oid


@pytest.mark.parametrize("agreeing, expected", [(4, True), (3, False)])
def test_preference_needs_five_decisions_three_sessions_and_eighty_percent(vault, agreeing, expected):
    sessions = ["2026-04-01-claude-aaaa0001", "2026-04-02-claude-aaaa0002", "2026-04-03-claude-aaaa0003"]
    for n in range(5):
        yes = n < agreeing
        _write_decision(vault, n + 1, sessions[n % 3], "pytest" if yes else "unittest", "unittest" if yes else "pytest")
    git(vault, "add", "workshop")
    git(vault, "commit", "-qm", "five decisions")
    scan = mkjson(vault, "review", "--scan")
    prefs = [p for p in scan["proposals"] if p.startswith("prop-preference-")]
    assert bool(prefs) is expected
    adrs = [p for p in scan["proposals"] if p.startswith("prop-decision-")]
    assert len(adrs) == (0 if expected else 1)                            # one draft ADR per debated topic
    if expected:
        m = meta(vault, f"workshop/proposals/{prefs[0]}.md")
        assert m["statement"] == "Prefer pytest over unittest" and "4 of 5 decisions" in m["basis"]
        assert len([s for s in m["sources"] if "#" not in s]) == 4
    assert "Memkit-Action: propose" in log(vault, "-1") and git(vault, "status", "--porcelain") == ""
    assert mkjson(vault, "review", "--scan")["proposals"] == []             # deterministic: nothing new


def test_a_high_importance_decision_is_proposed_at_once(vault):
    _write_decision(vault, 1, "2026-04-01-claude-aaaa0001", "postgres", "postgres", importance=0.9)
    [pid] = mkjson(vault, "review", "--scan")["proposals"]
    assert pid.startswith("prop-decision-") and "importance 0.90" in meta(vault, f"workshop/proposals/{pid}.md")["basis"]


def test_why_follows_a_fact_history_and_a_plain_observation(vault, tmp_path):
    ingest(vault, tmp_path, RETRIES)
    trace = "2026-03-12-claude-5c6d7e8f"
    mk(vault, "fact", "set", "retry_limit", "5", "--session", f"{trace}#^t1", check=True)
    mk(vault, "fact", "set", "retry_limit", "3", "--session", f"{trace}#^t6", "--reason", "user said so",
       "--on-conflict", "update", check=True)
    out = mk(vault, "why", "facts/retry-limit.md", check=True).stdout
    assert "was '5'" in out and "user said so" in out and "the payment provider times out" in out
    assert "fact-set" in out or "memkit: " in out
    data = mkjson(vault, "why", "retry-limit")
    assert data["history"][0]["turns"][0]["link"] == f"{trace}#^t1"
    assert data["commits"] and data["turns"][0]["text"] == "also set the retry limit to 3"
    obs = next(q for q in queue(vault) if q["kind"] == "negative_result")
    plain = mk(vault, "why", obs["id"], check=True).stdout
    assert "we tried a circuit breaker last year" in plain and "memkit: ingest 1 trace(s)" in plain
    assert mk(vault, "why", "nope-not-here").returncode == 1


def test_backlog_shows_in_status_and_reminds_at_session_start(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    month_ago = time.time() - 30 * 86400        # the backlog's age counts from when candidates were written
    for path in (vault / "workshop").rglob("*.md"):
        os.utime(path, (month_ago, month_ago))
    status = mkjson(vault, "status")
    assert status["backlog"] == {"correction": 2, "proposal": 1} and status["oldest_candidate_days"] > 14
    assert "review backlog: 3 candidate(s)" in mk(vault, "status", check=True).stdout
    start = json.dumps({"hook_event_name": "SessionStart", "session_id": "s1", "cwd": str(vault)})
    hook = json.loads(mk(vault, "context", "--hook", input=start, check=True).stdout)
    assert "3 memory candidate(s) wait for review" in hook["hookSpecificOutput"]["additionalContext"]
    config = vault / "memkit.toml"
    config.write_text(config.read_text().replace("review_reminder_days = 14", "review_reminder_days = 100000"))
    quiet = mk(vault, "context", "--hook", input=start, check=True).stdout
    assert "wait for review" not in quiet


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_fifty_candidates_through_the_non_interactive_verbs(vault, capsys):
    ids = []
    for n in range(60):
        oid = f"disc-candidate-number-{n:02d}-{n:04x}"
        m = {"type": "observation", "id": oid, "kind": "discovery", "status": "candidate", "lifecycle": "knowledge",
             "confidence": 0.5, "importance": 0.4, "created": f"2026-05-01T10:{n:02d}:00Z",
             "session": "[[2026-05-01-claude-bbbb0001]]", "source": f"[[2026-05-01-claude-bbbb0001#^t{n + 1}]]",
             "extractor": "heuristic@1"}
        body = f"**Discovery**:\n> module {n} reads its settings from the environment\n"
        path = vault / "workshop/observations/discovery" / f"{oid}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notes.render(notes.Note(notes.stamp(m, body), body)))
        ids.append(oid)
    git(vault, "add", "workshop")
    git(vault, "commit", "-qm", "sixty candidates")
    typo = mk(vault, "accept", ids[0], "disc-candidat-number-01")   # a typo changes nothing
    assert typo.returncode == 1 and "did you mean" in typo.stderr
    assert meta(vault, f"workshop/observations/discovery/{ids[0]}.md")["status"] == "candidate"

    start = time.perf_counter()
    mk(vault, "accept", *ids[:50], check=True)
    fifty = time.perf_counter() - start
    start = time.perf_counter()
    for oid in ids[50:55]:
        mk(vault, "accept", oid, check=True)
    per_call = (time.perf_counter() - start) / 5
    mk(vault, "reject", *ids[55:], "--reason", "noise", check=True)
    assert len(list((vault / "observations/discovery").glob("*.md"))) == 55
    assert len(git(vault, "log", "--format=%s", "--grep", "Memkit-Action: accept").splitlines()) == 55
    assert len(git(vault, "log", "--format=%s", "--grep", "Memkit-Action: reject").splitlines()) == 5
    assert git(vault, "status", "--porcelain") == ""
    assert mk(vault, "review", "--list", check=True).stdout.strip() == "nothing to review"
    with capsys.disabled():
        print(f"\n[review timing] accept 50 ids in one call: {fifty:.2f}s ({fifty / 50 * 1000:.0f} ms each);"
              f" one id per call: {per_call:.2f}s per call (≈ {per_call * 50:.0f}s for 50)")


def test_errors_are_one_line_and_change_nothing(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    head = git(vault, "rev-parse", "HEAD")
    pid = proposal(vault, "convention")["id"]
    corr = proposal(vault, "convention")["observations"][0]
    for args in (("promote", "no-such-id"), ("promote", pid, corr), ("promote", pid, "--as", "nonsense"),
                 ("accept", "../../etc/passwd"), ("merge", corr, "--into", corr), ("why", f"{T1}#^t4")):
        proc = mk(vault, *args)
        assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, args
        assert proc.returncode == 2 or len(proc.stderr.strip().splitlines()) == 1, args   # 2: a usage error
    assert git(vault, "rev-parse", "HEAD") == head and git(vault, "status", "--porcelain") == ""
    assert mk(vault, "review", "--list", check=True).stdout.count("[") == 3


def _write_correction(vault: Path, n: int, lesson: str) -> str:
    oid, session = f"corr-stage-by-name-{n:04x}", f"2026-03-2{n}-claude-cccc000{n}"
    m = {"type": "observation", "id": oid, "kind": "correction", "status": "candidate", "lifecycle": "operational",
         "confidence": 0.8, "importance": 0.7, "created": f"2026-03-2{n}T10:00:00Z", "session": f"[[{session}]]",
         "source": f"[[{session}#^t4]]", "extractor": "heuristic@1", "trigger": "Bash: git add . (rejected)",
         "lesson": lesson, "action_types": ["git:stage-all"]}
    body = f"**Correction**:\n> {lesson}\n"
    (vault / "workshop/observations/correction" / f"{oid}.md").write_text(
        notes.render(notes.Note(notes.stamp(m, body), body)))
    return oid


def test_a_growing_group_keeps_its_proposal_and_a_hand_edited_proposal_is_left_alone(vault, tmp_path):
    ingest(vault, tmp_path, COMMIT, RELEASE)
    pid = proposal(vault, "convention")["id"]
    # written but never committed (as after `ingest --no-commit`): moving it later must still commit
    third = _write_correction(vault, 3, "stop staging everything with git add ., my scratch files are in the tree")
    assert mkjson(vault, "review", "--scan")["proposals"] == [pid]          # same id, one more session
    path = vault / f"workshop/proposals/{pid}.md"
    m = meta(vault, f"workshop/proposals/{pid}.md")
    assert m["recurrence"] == 3 and f"[[{third}]]" in m["sources"]
    path.write_text(path.read_text().replace(f"title: {m['title']}", "title: Stage files by name"))
    _write_correction(vault, 4, "don't stage everything with git add -A; scratch files live in the tree")
    scan = mkjson(vault, "review", "--scan")
    assert scan["proposals"] == [] and any("edited by hand" in line for line in scan["lines"])
    [made] = mkjson(vault, "promote", pid)
    assert made["id"] == "stage-files-by-name"
    assert len([s for s in meta(vault, made["path"])["sources"] if "#" not in s]) == 3


def test_the_scan_quotes_each_turn_as_a_quote_on_its_own_would(vault, tmp_path):
    """The promotion scan quotes the turns of all its proposals reading each trace once: the same
    quote for every turn, a missing turn or trace said so, each turn once."""
    from memkit.library import promote, provenance
    from memkit.library.drafts import split_ref
    from memkit.storage.vault import Vault

    ingest(vault, tmp_path, COMMIT, RELEASE, RETRIES)
    v = Vault(vault)
    turns = [f"{T1}#^t{n}" for n in (1, 2, 3)] + [f"{T2}#^t2", f"{T1}#^t2", f"{T2}#^t999", "2026-01-01-claude-00000000#^t1"]
    found = promote._quotes(v, turns)
    assert list(found) == list(dict.fromkeys(turns))
    assert all(found[ref] == provenance.quote(v, *split_ref(ref)) for ref in turns)
    assert found[f"{T2}#^t999"]["missing"] == "no such turn"
    assert found["2026-01-01-claude-00000000#^t1"]["missing"] == "trace not in the vault"
    assert found[f"{T1}#^t1"]["text"]


def test_lessons_about_different_mistakes_made_in_one_broad_kind_of_call_stay_apart():
    """Two long corrections share a broad kind of the corrected call (a shell script) and, by chance, half
    their words; they forbid different things, so no convention is drafted from the pair. Nor from one
    shared kind among several, or from corrected calls that merely ran the same program. The same lesson
    said again in other words does group."""
    from memkit.library import promote
    from memkit.similar import fuzz, utils

    docs = ("Leena just commented on the PR: please don't touch versioned_docs/, those are frozen snapshots of "
            "what shipped; so only docs/ for the upcoming release. if an older version ever needs a fix she "
            "decides, and it goes through scripts/backport.sh, not by hand")
    dlq = ("wait, you purged it?? every message in there is a payout that failed, money a merchant is owed. we "
           "never purge a dead-letter queue. find out why they failed, get the fix deployed, then move them back "
           "with the redrive. if some really have to be dropped, export them with scripts/dlq-dump.sh first")
    dlq_again = ("no, don't purge the DLQ again: those are failed payouts, money merchants are owed. fix why they "
                 "failed, deploy, then redrive them to the source queue; dump with scripts/dlq-dump.sh first")

    def obs(n: int, lesson: str, trigger: str, forbids: list[str]) -> dict:
        return {"id": f"corr-{n}", "lesson": lesson, "trigger": trigger,
                "action_types": ["shell:script-write", *forbids], "cue": {"forbids": forbids}}

    edit = "Bash: sed -i 's/1000/5000/' versioned_docs/version-2.3/cli/import.md"
    purge = "Bash: aws sqs purge-queue --queue-url https://sqs.eu-west-1.amazonaws.com/4129/payouts-dlq"
    sim, low = 62, 50   # the scan's thresholds as memkit.toml sets them by default
    assert low <= fuzz.token_set_ratio(docs, dlq, processor=utils.default_process) < sim

    def sizes(*items: dict) -> list[int]:
        return [len(g) for g in promote.group(list(items), sim, low)]

    assert sizes(obs(1, docs, edit, ["docs:edit-versioned"]), obs(2, dlq, purge, ["queue:purge"])) == [1, 1]
    assert sizes(obs(1, docs, edit, ["docs:edit-versioned", "pr:create"]), obs(2, dlq, purge, ["pr:create"])) == [1, 1]
    assert sizes(obs(1, docs, "Bash: python figs/fig3_soc.py", []),
                 obs(2, dlq, "Bash: python manage.py create_user --email a@b.example --role agent", [])) == [1, 1]
    assert sizes(obs(1, dlq, purge, ["queue:purge"]),
                 obs(2, dlq_again, "Bash: aws sqs purge-queue --queue-url $DLQ_URL", ["queue:purge"])) == [2]
    assert sizes(obs(1, docs, "proposed: You're absolutely right!", []),
                 obs(2, dlq, "proposed: You are absolutely right!", [])) == [1, 1]   # the agent's words
    # one lesson names the mistake among others (the scratch files it would have staged), in closer words
    assert sizes(obs(1, "no, never use git add -A in this repo. Stage only the files you changed; there are "
                        "local scratch files in the tree.", "Bash: git add -A && git commit -m 'add settings'",
                     ["git:stage-all"]),
                 obs(2, "don't stage everything with commit -a, my notes and scratch files are in the tree. Add "
                        "the changed files by name.", "Bash: git commit -am 'release 2.4.0'",
                     ["git:stage-all", "files:scratch-file", "conduct:personal-notes"])) == [2]


@pytest.mark.parametrize("lesson, title", [
    ("Thanks! but I can't tell the two lines apart, I'm colourblind. series never differ only by colour, "
     "add markers", "Series never differ only by colour, add markers"),
    ("STOP. never restart it; this box holds 40k open websocket connections", "Never restart it"),
    ("You purged it?? every message is a payout a merchant is owed. we never purge a dead-letter queue. "
     "find out why they failed", "We never purge a dead-letter queue"),
    ("no, stage files by name. git add -A picks up my scratch files", "Stage files by name"),
    ("Don't touch prod with kubectl. Argo CD syncs everything from the repo", "Don't touch prod with kubectl"),
    ("The nightly export runs at 02:00 UTC; it waits for the warehouse load", "The nightly export runs at 02:00 UTC"),
    # too long for a title: cut where a clause ends, else at a word that does not leave it mid-phrase
    ("make sure the release notes name both fixes and don't bury the breaking change under the list of chores",
     "Make sure the release notes name both fixes"),
    ("Never restart the ingest worker while the nightly reconciliation is running because it drops the batch",
     "Never restart the ingest worker"),
    ("Use the staging bucket for every upload of customer exports to the partner portal during the pilot",
     "Use the staging bucket for every upload of customer exports"),
])
def test_a_draft_is_titled_by_the_rule_its_lesson_states(lesson, title):
    """A correction often opens with thanks, a shout or a question; its title is the sentence that says
    what to do, so a promoted convention is not called "Thanks" or "STOP"."""
    from memkit.library import drafts

    assert drafts.title_for(lesson) == title


def test_a_shared_file_a_bare_command_a_topic_or_a_kind_only_the_call_showed_links_no_two_lessons():
    """Console copies show an edit only as "Update: path", and one file is edited in every session;
    `git push` is pushed in every session; committing is a topic, not a mistake; and a kind the corrected
    call showed (the agent was writing a shell script) says nothing of a lesson whose words never name
    it. None of these makes two different corrections one convention. The same edit, lines and all,
    corrected in two sessions still does."""
    from memkit.library import promote

    sim, low = 62, 50

    def obs(n: int, lesson: str, trigger: str, forbids: list[str]) -> dict:
        return {"id": f"corr-{n}", "lesson": lesson, "trigger": trigger, "cue": {"forbids": forbids}}

    def sizes(*items: dict) -> list[int]:
        return [len(g) for g in promote.group(list(items), sim, low)]

    tariffs = "no, the tariff on an invoice is keyed by region code, not by the display name of the region"
    retries = "no, the invoice number is not the order number, take it from the ledger"
    edit = "Update: billing/invoice.py (rejected)"
    assert sizes(obs(1, tariffs, edit, []), obs(2, retries, edit, [])) == [1, 1]
    assert sizes(obs(1, "hold on, that branch is the release branch, ask me before you push to it",
                     "run_shell_command: git push", []),
                 obs(2, "hold on, we push only after the reviewer has looked at it, not before",
                     "run_shell_command: git push", [])) == [1, 1]
    assert sizes(obs(1, "let's fix the order of the changelog entries first before we commit it", edit, ["git:commit"]),
                 obs(2, "I think we should commit the schema now and stop for today", edit, ["git:commit"])) == [1, 1]
    assert sizes(obs(1, "which fixtures do you mean? there are three, the scripts fill only the sqlite one",
                     "Write: tools/seed.sh — echo seeding", ["shell:no-strict-mode"]),
                 obs(2, "is that the export for finance? the scripts write two files, only the csv one is ours",
                     "Write: tools/export.sh — echo exporting", ["shell:no-strict-mode"])) == [1, 1]
    same = "Edit: billing/invoice.py — total = round(subtotal * rate, 2)"
    assert sizes(obs(1, "no, round only the final amount, never each line", same, []),
                 obs(2, "again: never round each line, only what the customer pays", same, [])) == [2]


def test_a_proposal_no_grouping_makes_any_more_goes_unless_edited_or_out_of_the_window(vault, tmp_path):
    """Proposals are drafts the scan writes: one drafted by an older grouping (here: the group's two
    corrections under another id) is removed once every observation it names was scanned and no group
    proposes it; a person's edit keeps it; so does a scan window that no longer reaches its observations."""
    ingest(vault, tmp_path, COMMIT, RELEASE)
    pid = proposal(vault, "convention")["id"]
    real = notes.read(vault / f"workshop/proposals/{pid}.md")

    def older(name: str, edit: str = "") -> Path:
        meta = {**real.meta, "id": name}
        path = vault / f"workshop/proposals/{name}.md"
        path.write_text(notes.render(notes.Note(notes.stamp(meta, real.body), real.body)) + edit)
        return path

    gone, kept = older("prop-convention-an-older-grouping-0001"), older("prop-convention-an-older-grouping-0002", "mine\n")
    scan = mkjson(vault, "review", "--scan")
    assert not gone.exists() and scan["retired"] == [gone.stem]
    assert kept.exists() and any(kept.name in line and "edited by hand" in line for line in scan["lines"])
    assert (vault / f"workshop/proposals/{pid}.md").exists()

    outside = older("prop-convention-an-older-grouping-0003")
    toml = vault / "memkit.toml"
    toml.write_text(re.sub(r"(?m)^scan_limit = \d+", "scan_limit = 1", toml.read_text()))
    assert mkjson(vault, "review", "--scan")["retired"] == [] and outside.exists()


def test_the_queue_puts_what_lasts_before_one_off_steers(vault):
    """Hundreds of one-off steers must not bury the few rules: after the proposals come the candidates
    that hold beyond their task (a rule, or a lesson said in several sessions), the most important first."""
    def write(n: int, lesson: str, lifecycle: str, importance: float, sessions: int = 1) -> str:
        oid = f"corr-queue-{n:04x}"
        m = {"type": "observation", "id": oid, "kind": "correction", "status": "candidate", "lifecycle": lifecycle,
             "confidence": 0.8, "importance": importance, "created": f"2026-03-0{n}T10:00:00Z",
             "session": f"[[2026-03-0{n}-claude-aaaa000{n}]]", "source": f"[[2026-03-0{n}-claude-aaaa000{n}#^t4]]",
             "extractor": "heuristic@1", "trigger": "Bash: make deploy (rejected)", "lesson": lesson}
        if sessions > 1:
            m["sessions"] = [f"[[2026-03-0{n}-claude-aaaa000{n}]]", "[[2026-04-01-claude-bbbb0001]]"]
        body = f"**Correction**:\n> {lesson}\n"
        folder = vault / "workshop/observations/correction"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{oid}.md").write_text(
            notes.render(notes.Note(notes.stamp(m, body), body)))
        return oid

    steer = write(1, "no, the other file first", "operational", 0.9)
    again = write(2, "run the linter before you show me a diff", "operational", 0.6, sessions=2)
    rule = write(3, "we never deploy on Fridays in this team", "knowledge", 0.8)
    minor = write(4, "we keep the changelog in past tense", "knowledge", 0.5)
    assert [q["id"] for q in queue(vault)] == [rule, again, minor, steer]


def test_one_off_exclamations_said_in_two_sessions_draft_no_convention():
    """"what are you doing?!" typed in two sessions is the same words, and no rule: a convention is drafted
    only from a group with a lesson that lasts or a cue that holds something to act on."""
    from memkit.library import promote

    cfg = {"correction_sessions": 2, "similarity": 62, "related_similarity": 50, "procedure_sessions": 3,
           "preference_decisions": 5, "preference_sessions": 3, "preference_consistency": 0.8,
           "decision_importance": 0.8}

    def obs(n: int, lesson: str, lifecycle: str = "operational", cue: dict | None = None) -> dict:
        return {"id": f"corr-{n}", "kind": "correction", "lesson": lesson, "lifecycle": lifecycle,
                "session": f"[[2026-03-0{n}-claude-aaaa000{n}]]", "cue": cue or {"forbids": []}}

    def drafted(*items: dict) -> list[int]:
        found = {"correction": list(items), "procedure": [], "preference": [], "decision": []}
        return [len(g) for target, g, _ in promote._groups(found, cfg) if target == "convention"]

    assert drafted(obs(1, "what are you doing now?!"), obs(2, "what are you doing?!")) == []
    assert drafted(obs(1, "what are you doing now?!"), obs(2, "what are you doing?!", "knowledge")) == [2]
    assert drafted(obs(1, "stop pushing to main, open a PR", cue={"forbids": ["git:push-main"]}),
                   obs(2, "don't push to main, open a PR")) == [2]


def test_a_proposal_the_scan_did_not_draft_is_never_removed_by_it(vault, tmp_path):
    """A procedure or preference `memkit patterns` drafted from turns alone names no observation, and
    a proposal a person wrote has no memkit stamp: no grouping makes either, and the scan leaves both."""
    ingest(vault, tmp_path, COMMIT, RELEASE)
    real = notes.read(vault / f"workshop/proposals/{proposal(vault, 'convention')['id']}.md")
    turns_only = {**real.meta, "id": "prop-procedure-release-steps-0001", "target": "procedure",
                  "sources": [f"[[{T1}#^t2]]", f"[[{T2}#^t2]]"]}
    made = vault / "workshop/proposals/prop-procedure-release-steps-0001.md"
    made.write_text(notes.render(notes.Note(notes.stamp(turns_only, real.body), real.body)))
    mine = vault / "workshop/proposals/prop-convention-written-by-hand-0002.md"
    meta = {k: v for k, v in real.meta.items() if k != "memkit-sha"}
    mine.write_text(notes.render(notes.Note({**meta, "id": mine.stem}, real.body)))
    scan = mkjson(vault, "review", "--scan")
    assert made.exists() and mine.exists() and scan["retired"] == []


def test_kinds_of_the_vaults_own_catalogue_link_lessons_too(vault):
    """A team's kind (actions/*.toml in the vault) is read by the scan as the hooks read it."""
    from memkit.activation import catalogue
    from memkit.library import promote
    from memkit.storage.vault import Vault

    (vault / "actions").mkdir(exist_ok=True)
    (vault / "actions" / "team.toml").write_text(
        '[[kind]]\nid = "acme:force-main"\nabout = "force-pushing the main branch"\n'
        "command = ['\\bgit\\s+push\\b.*(--force|-f)\\b']\n"
        "words = ['(?i)\\bforce[- ]push(ed|ing)?\\b']\n")
    cat = catalogue.load(Vault(vault).root)
    assert "acme:force-main" in cat.kinds

    def obs(n: int, lesson: str) -> dict:
        return {"id": f"corr-{n}", "lesson": lesson, "trigger": "Bash: git push -f origin main",
                "cue": {"forbids": ["acme:force-main"]}}

    a = obs(1, "no! never force-push main, the release tooling reads its history")
    b = obs(2, "you force-pushed main again, the nightly build lost its tag; open a PR instead")
    assert [len(g) for g in promote.group([a, b], 62, 50, cat=cat)] == [2]


def test_a_persons_uncommitted_edit_kept_by_a_decision_is_named_in_its_commit(vault, tmp_path):
    ingest(vault, tmp_path, "2026-03-02-ledger-migration.jsonl", COMMIT)
    first, second = [q["id"] for q in queue(vault) if q["type"] == "observation"][:2]
    [path] = (vault / "workshop").rglob(f"{first}.md")
    path.write_text(path.read_text() + "Checked with the DBA: the column is unused.\n")
    out = mk(vault, "accept", first, check=True).stdout
    assert "with your uncommitted edit of workshop/" in out
    message = git(vault, "log", "-1", "--format=%B")
    assert f"Memkit-Kept-Edit: {path.relative_to(vault).as_posix()}" in message and "is kept in this commit" in message
    [moved] = (vault / "observations").rglob(f"{first}.md")
    assert moved.read_text().endswith("Checked with the DBA: the column is unused.\n")
    mk(vault, "reject", second, check=True)                      # nothing of the person's: nothing said
    assert "Kept-Edit" not in git(vault, "log", "-1", "--format=%B")
    assert git(vault, "status", "--porcelain") == ""


def test_conflict_markers_in_a_notes_text_are_named_by_doctor_and_stop_a_decision(vault, tmp_path):
    ingest(vault, tmp_path, "2026-03-02-ledger-migration.jsonl")
    [cid] = [q["id"] for q in queue(vault) if q["type"] == "observation"][:1]
    [path] = (vault / "workshop").rglob(f"{cid}.md")
    text = path.read_text()
    at = text.index("\n---\n", 4) + 5
    path.write_text(text[:at] + "<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin/main\n" + text[at:])
    doctor = mk(vault, "doctor")
    assert "git conflict markers (line 1 of the body)" in doctor.stdout + doctor.stderr
    shown = path.read_text()   # shown as an example in a code block, a conflict is no conflict
    path.write_text(shown.replace("<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin/main\n",
                                  "```\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin/main\n```\n"))
    assert "conflict markers" not in mk(vault, "doctor").stdout
    path.write_text(shown)
    before = git(vault, "rev-parse", "HEAD")
    refused = mk(vault, "accept", cid)
    assert refused.returncode != 0 and "conflict markers" in refused.stderr and len(refused.stderr.splitlines()) == 1
    assert git(vault, "rev-parse", "HEAD") == before and path.exists()
