"""Episodes, `tried` and cross-session patterns through the real CLI: multi-session scenarios
written as generic JSONL, ingested, then `episodes build`, `tried` and `patterns`; assertions on
the files in workshop/ and on git. The corpora runs skip when ../shared/corpora is absent.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPORA, git, run_cli, write_generic

from memkit.storage import notes
from memkit.traces.model import Session
from memkit.traces.render import trace_id


def tid(session_id: str, day: str) -> str:
    """The trace id memkit gives one of these generic sessions."""
    return trace_id(Session(session_id=session_id, agent="generic", started=f"{day}T09:00:00Z"))


def mk(vault: Path, *args: str, **kw):
    return run_cli("--vault", str(vault), *args, **kw)


def mkjson(vault: Path, *args: str):
    return json.loads(mk(vault, *args, "--json", check=True).stdout)


class Log:
    """A session in generic JSONL: person prompts, agent tool calls and their results."""

    def __init__(self, sid: str, day: str, cwd: str = "/home/dev/shop"):
        self.sid, self.day, self.cwd, self.msgs, self.minute, self.calls = sid, day, cwd, [], 0, 0

    def _ts(self) -> str:
        self.minute += 1
        return f"{self.day}T10:{self.minute:02d}:00Z"

    def user(self, text: str) -> Log:
        self.msgs.append({"role": "user", "content": text, "timestamp": self._ts()})
        return self

    def say(self, text: str) -> Log:
        self.msgs.append({"role": "assistant", "content": text, "timestamp": self._ts()})
        return self

    def call(self, name: str, inp: dict, out: str = "ok", *, error: bool = False, rejected: bool = False) -> Log:
        self.calls += 1
        cid = f"{self.sid}-c{self.calls}"
        self.msgs.append({"role": "assistant", "content": "", "timestamp": self._ts(),
                          "tool_calls": [{"id": cid, "name": name, "input": inp}]})
        tool = {"role": "tool", "tool_call_id": cid, "content": out, "timestamp": self._ts()}
        if error:
            tool["is_error"] = True
        if rejected:
            tool["rejected"] = True
        self.msgs.append(tool)
        return self

    def edit(self, path: str) -> Log:
        return self.call("Edit", {"file_path": f"{self.cwd}/{path}", "old_string": "a", "new_string": "b"})

    def bash(self, command: str, out: str = "ok", **kw) -> Log:
        return self.call("Bash", {"command": command}, out, **kw)

    def write(self, folder: Path) -> Path:
        return write_generic(folder / f"{self.sid}.jsonl", self.msgs,
                             {"session_id": self.sid, "agent": "generic", "project": "shop", "cwd": self.cwd})


def ingest(vault: Path, tmp_path: Path, *logs: Log) -> None:
    folder = tmp_path / "logs"
    folder.mkdir(exist_ok=True)
    mk(vault, "ingest", *[str(log.write(folder)) for log in logs], check=True)


def episodes(vault: Path) -> dict[str, dict]:
    return {p.stem: notes.read(p).meta for p in sorted((vault / "workshop" / "episodes").glob("*.md"))}


def proposals(vault: Path) -> list[dict]:
    return [notes.read(p).meta for p in sorted((vault / "workshop" / "proposals").glob("*.md"))]


def export_feature() -> list[Log]:
    s1 = (Log("aaaa0001", "2026-03-10").user("Let's start on the export feature. It should write orders as CSV.")
          .say("I'll add an exporter module.").edit("shop/export.py").bash("pytest -q tests/test_export.py")
          .say("Should I stream rows or build the whole file in memory?")
          .user("We'll go with streaming rows instead of building the file in memory.").edit("shop/export.py"))
    s2 = (Log("aaaa0002", "2026-03-11").user("Add a header row and quoting to the CSV writer")
          .edit("shop/export.py").edit("tests/test_export.py").bash("pytest -q", "1 failed", error=True)
          .user("no, don't quote numbers, only text fields").edit("shop/export.py").bash("pytest -q", "5 passed"))
    s3 = (Log("aaaa0003", "2026-03-12").user("Hook the exporter into the admin page")
          .edit("shop/admin.py").edit("shop/export.py").bash("pytest -q", "9 passed")
          .bash("git commit -m 'export orders as CSV'", "[main 3f2a9c1] export orders as CSV")
          .user("Great, we're done with the export feature. Thanks!"))
    return [s1, s2, s3]


def test_a_feature_over_three_sessions_is_one_episode(vault, tmp_path):
    ingest(vault, tmp_path, *export_feature())
    out = mk(vault, "episodes", "build", check=True)
    assert "episodes:" in out.stdout
    eps = episodes(vault)
    [(eid, ep)] = [(k, m) for k, m in eps.items() if "export" in m["goal"].lower()]
    assert ep["goal"] == "The export feature"
    assert ep["sessions"] == [f"[[{tid('aaaa0001', '2026-03-10')}]]", f"[[{tid('aaaa0002', '2026-03-11')}]]",
                              f"[[{tid('aaaa0003', '2026-03-12')}]]"]
    assert ep["outcome"] == "done"
    assert ep["period"] == {"from": "2026-03-10T10:01:00Z", "to": ep["period"]["to"]}
    assert ep["period"]["to"].startswith("2026-03-12")
    assert len(ep["decisions"]) == 1 and ep["decisions"][0].startswith("[[dec-")
    assert any(lesson.startswith("Don't quote numbers") for lesson in ep["lessons"])
    assert "shop/export.py" in ep["artifacts"] and "commit 3f2a9c1" in ep["artifacts"]
    assert len(eps) == 1
    body = (vault / "workshop" / "episodes" / f"{eid}.md").read_text()
    assert f"[[{tid('aaaa0002', '2026-03-11')}#^t1]]" in body and "## Decisions" in body
    assert "Memkit-Action: episodes" in git(vault, "log", "-1", "--format=%B")
    listed = mkjson(vault, "episodes", "list")
    assert [e["id"] for e in listed] == [eid] and listed[0]["outcome"] == "done"


def test_rebuild_is_idempotent_and_leaves_edits_alone(vault, tmp_path):
    ingest(vault, tmp_path, *export_feature())
    mk(vault, "episodes", "build", check=True)
    head = git(vault, "rev-parse", "HEAD")
    files = {p.name: p.read_text() for p in (vault / "workshop").rglob("*.md")}
    again = mkjson(vault, "episodes", "build")
    assert again["episodes"] == [] and again["commit"] is None
    assert git(vault, "rev-parse", "HEAD") == head
    assert {p.name: p.read_text() for p in (vault / "workshop").rglob("*.md")} == files
    [path] = (vault / "workshop" / "episodes").glob("*.md")
    path.write_text(path.read_text().replace("## What happened", "## What happened (my notes: shipped Friday)"))
    edited = path.read_text()
    out = mk(vault, "episodes", "build", check=True)
    assert path.read_text() == edited and "left as it is" in out.stdout


def test_two_efforts_in_one_session_are_two_episodes(vault, tmp_path):
    log = (Log("bbbb0001", "2026-04-02").user("Let's work on the login timeout bug")
           .edit("shop/auth.py").bash("pytest -q tests/test_auth.py", "3 passed")
           .user("Done with the login timeout bug. Now let's start on the README badges")
           .call("Write", {"file_path": "/home/dev/shop/README.md", "content": "badges"})
           .user("never mind, forget it"))
    ingest(vault, tmp_path, log)
    mk(vault, "episodes", "build", check=True)
    eps = sorted(episodes(vault).values(), key=lambda m: m["period"]["from"])
    assert [(e["goal"], e["outcome"]) for e in eps] == [("The login timeout bug", "done"),
                                                         ("The README badges", "abandoned")]
    assert eps[0]["artifacts"] == ["shop/auth.py"] and eps[1]["artifacts"] == ["README.md"]
    assert all(e["sessions"] == [f"[[{tid('bbbb0001', '2026-04-02')}]]"] for e in eps)


def test_unrelated_sessions_stay_apart_and_a_failure_is_failed(vault, tmp_path):
    a = Log("cccc0001", "2026-05-01").user("Speed up the search page").edit("shop/search.py").bash("pytest -q", "ok")
    b = (Log("cccc0002", "2026-05-02").user("Deploy the worker to staging")
         .bash("./deploy.sh staging", "error: connection refused", error=True))
    ingest(vault, tmp_path, a, b)
    mk(vault, "episodes", "build", check=True)
    got = {e["goal"]: e["outcome"] for e in episodes(vault).values()}
    assert got == {"Speed up the search page": "done", "Deploy the worker to staging": "failed"}


def migration_session(sid: str, day: str, name: str, before: list, after: list) -> Log:
    log = Log(sid, day).user(f"Add the {name} table")
    for step in before:
        step(log)
    (log.call("Write", {"file_path": f"/home/dev/shop/migrations/0{sid[-2:]}_{name}.py", "content": "op"})
        .bash("alembic upgrade head", "ok").bash(f"python -m pytest tests/test_{name}.py -q", "ok")
        .bash(f"git add migrations/0{sid[-2:]}_{name}.py", "").bash(f"git commit -m 'add {name}'", "[main abc1234] x"))
    for step in after:
        step(log)
    return log


def test_a_recurring_workflow_becomes_one_procedure_proposal(vault, tmp_path):
    logs = [migration_session("dddd0001", "2026-06-01", "invoices", [lambda g: g.edit("shop/models.py")], []),
            migration_session("dddd0002", "2026-06-03", "refunds", [lambda g: g.bash("ls shop")],
                              [lambda g: g.edit("docs/refunds.md")]),
            migration_session("dddd0003", "2026-06-05", "coupons", [],
                              [lambda g: g.bash("npm run build"), lambda g: g.edit("web/app.ts")]),
            migration_session("dddd0004", "2026-06-08", "vendors", [lambda g: g.edit("shop/vendors.js")],
                              [lambda g: g.bash("make docs")])]
    ingest(vault, tmp_path, *logs)
    out = mkjson(vault, "patterns")
    [proc] = [p for p in proposals(vault) if p["target"] == "procedure"]
    assert out["by_kind"]["procedure"] == [proc["id"]]
    assert proc["recurrence"] == 4 and proc["status"] == "candidate"
    assert proc["title"].startswith("Procedure: Write(migrations/*) → Bash(alembic upgrade) → Bash(pytest)")
    assert "Bash(git add)" in proc["statement"] and "Bash(git commit)" in proc["statement"]
    assert len([s for s in proc["sources"] if "#^t" in s]) == 4
    assert "Memkit-Action: patterns" in git(vault, "log", "-1", "--format=%B")
    assert mkjson(vault, "patterns")["written"] == []          # idempotent
    promoted = mk(vault, "promote", proc["id"], check=True)
    assert "library/procedures/" in promoted.stdout


RELEASE = ("alembic upgrade head", "python -m pytest -q", "git add shop/models.py", "git commit -m 'release'",
           "docker build -t shop .", "docker push shop")


def release_session(sid: str, day: str, then: tuple[str, str]) -> Log:
    """Six release steps every session shares (longer than the 90 characters a title keeps), then the
    two that tell one way of finishing from the other."""
    log = Log(sid, day).user("Ship the release")
    for command in RELEASE + then:
        log.bash(command)
    return log


def test_procedures_sharing_their_first_steps_are_one_proposal_each_with_a_stable_id(vault, tmp_path):
    kube, npm = ("kubectl apply -f deploy.yaml", "helm upgrade shop ./chart"), ("npm publish", "gh release create v1")
    logs = [release_session(f"kkkk000{k}", f"2026-06-0{k}", kube) for k in (1, 2, 3)]
    logs += [release_session(f"nnnn000{k}", f"2026-07-0{k}", npm) for k in (1, 2, 3)]
    ingest(vault, tmp_path, *logs)
    out = mkjson(vault, "patterns")
    procs = {p["id"]: p for p in proposals(vault) if p["target"] == "procedure"}
    shared = ("Bash(alembic upgrade) → Bash(pytest) → Bash(git add) → Bash(git commit) → Bash(docker build) "
              "→ Bash(docker push)")
    steps = [p["cues"][0]["lesson"].removeprefix("the usual steps: ") for p in procs.values()]
    assert sorted(steps) == sorted([shared, f"{shared} → Bash(kubectl apply) → Bash(helm upgrade)",
                                    f"{shared} → Bash(npm publish) → Bash(gh release)"])
    cut = "Procedure: Bash(alembic upgrade) → Bash(pytest) → Bash(git add) → Bash(git commit) → …"
    assert {p["title"] for p in procs.values()} == {cut}   # one title, three proposals
    assert sorted(out["by_kind"]["procedure"]) == sorted(procs)
    assert sorted(out["written"]) == sorted(f"workshop/proposals/{pid}.md" for pid in procs)   # each written once
    again = mkjson(vault, "patterns")
    assert again["written"] == [] and again["by_kind"]["procedure"] == out["by_kind"]["procedure"]
    assert git(vault, "status", "--porcelain") == ""


def test_a_procedure_proposal_made_under_its_cut_title_keeps_its_id(vault, tmp_path):
    """A vault from before whole-sequence ids: the proposal a person may have edited or decided stays
    the one proposal for its sequence."""
    from memkit.library import promote

    logs = [release_session(f"kkkk000{k}", f"2026-06-0{k}", ("kubectl apply -f d.yaml", "helm upgrade shop"))
            for k in (1, 2, 3)]
    ingest(vault, tmp_path, *logs)
    mk(vault, "patterns", check=True)
    [path] = [p for p in (vault / "workshop" / "proposals").glob("*.md") if notes.read(p).meta["target"] == "procedure"]
    note = notes.read(path)
    assert note.meta["title"].endswith(" → …")
    earlier = promote.proposal_id("procedure", note.meta["title"])
    assert earlier != note.id
    meta = {**note.meta, "id": earlier, "status": "rejected"}
    body = note.body.replace(note.id, earlier)
    (path.parent / f"{earlier}.md").write_text(notes.render(notes.Note(notes.stamp(meta, body), body)))
    path.unlink()
    git(vault, "add", "-A", "workshop")
    git(vault, "commit", "-qm", "a proposal as an earlier memkit named it, rejected")
    out = mkjson(vault, "patterns")
    assert out["by_kind"]["procedure"] == [earlier] and out["written"] == []
    assert [p.stem for p in (vault / "workshop" / "proposals").glob("prop-procedure-*")] == [earlier]


def test_tried_finds_the_negative_result_and_its_session(vault, tmp_path):
    log = (Log("eeee0001", "2026-03-12").user("The payment client keeps timing out under load")
           .edit("shop/payments.py").bash("pytest -q", "ok")
           .user("We tried a circuit breaker around the payment client, but it failed because it "
                 "interacted badly with the connection pool. Let's use retries with backoff instead.")
           .edit("shop/payments.py"))
    ingest(vault, tmp_path, log)
    out = mk(vault, "tried", "circuit breaker", check=True)
    assert out.stdout.startswith("we tried a circuit breaker around the payment client in session 2026-03-12 (turn 6)")
    assert "connection pool" in out.stdout and "[[neg-" in out.stdout
    [hit] = [h for h in mkjson(vault, "tried", "circuit breaker") if h["kind"] == "negative_result"]
    assert hit["session"] == tid('eeee0001', '2026-03-12') and hit["turn"] == 6
    none = mk(vault, "tried", "blue-green deployment", check=True)
    assert none.returncode == 0 and none.stdout.strip() == "nothing recorded about 'blue-green deployment'"


def test_a_config_drift_cluster_is_one_pattern_note(vault, tmp_path):
    s1 = (Log("ffff0001", "2026-07-01").user("Checkout fails on staging but works locally")
          .bash("./deploy.sh staging", "500", error=True)
          .user("We tried redeploying, but it failed because the staging config was out of sync with prod."))
    s2 = (Log("ffff0002", "2026-07-08").user("The mailer crashes on staging")
          .bash("./run-mailer.sh", "KeyError: SMTP_HOST", error=True)
          .user("no, don't patch the code: the env vars are missing on staging, copy them from prod"))
    s3 = (Log("ffff0003", "2026-07-15").user("Feature flags behave differently in CI")
          .bash("pytest -q", "2 failed", error=True)
          .user("We tried pinning the flags in tests, but it didn't work because the CI settings drifted "
                "from the production settings."))
    ingest(vault, tmp_path, s1, s2, s3)
    mk(vault, "patterns", check=True)
    [note] = [p for p in proposals(vault) if p["target"] == "note"]
    assert note["title"] == "Environment configuration drifts out of sync" and note.get("pattern") is True
    assert note["recurrence"] == 3
    links = [s for s in note["sources"] if "#" not in s]
    assert len(links) == 3
    assert sum(s.startswith("[[neg-") for s in links) == 2 and sum(s.startswith("[[corr-") for s in links) == 1
    assert "config-drift" in note["statement"]


def test_a_pattern_note_stays_through_the_promotion_scan_and_a_second_run_writes_nothing(vault, tmp_path):
    said = ("no, don't patch the code: the env vars are missing on staging, copy them from prod",
            "stop, the {job} code is fine. staging settings drifted from production again, sync them",
            "don't touch {job}.py: the staging config is out of sync with prod, fix the config")
    logs = [Log(f"ffff001{k}", f"2026-07-0{k + 1}").user(f"The {job} crashes on staging")
            .bash(f"./run-{job}.sh", "KeyError: SMTP_HOST", error=True).user(said[k].format(job=job))
            for k, job in enumerate(("mailer", "billing", "search"))]
    ingest(vault, tmp_path, *logs)
    mk(vault, "patterns", check=True)
    [note] = [p for p in proposals(vault) if p["target"] == "note"]
    assert all(s.startswith("[[corr-") for s in note["sources"] if "#" not in s)   # all observations the scan reads
    mk(vault, "review", "--scan", check=True)
    assert note["id"] in [p["id"] for p in proposals(vault)]
    assert mkjson(vault, "patterns")["written"] == []


def test_preference_from_accepts_and_rejections_across_sessions(vault, tmp_path):
    logs = []
    for k, day in enumerate(("2026-08-01", "2026-08-02", "2026-08-03")):
        logs.append(Log(f"gggg000{k}", day).user(f"Set up the tooling, part {k}")
                    .bash("npm install -g prettier", "", rejected=True)
                    .bash("brew install prettier", "installed")
                    .bash(f"brew install jq{k}", "installed"))
    ingest(vault, tmp_path, *logs)
    out = mkjson(vault, "patterns")
    [pref] = [p for p in proposals(vault) if p["target"] == "preference"]
    assert out["by_kind"]["preference"] == [pref["id"]]
    assert pref["title"] == "Prefer brew install over npm install -g"


def test_discovery_referred_back_to_gains_confidence(vault, tmp_path):
    s1 = (Log("hhhh0001", "2026-09-01").user("Why is the nightly report empty?")
          .say("It turns out the reporting cronjob reads the replica database, which lags by six hours.")
          .user("right, that's it"))   # the agent's finding counts once the person confirms it
    s2 = Log("hhhh0002", "2026-09-05").user("The replica lag again: point the reporting cronjob at the primary")
    ingest(vault, tmp_path, s1, s2)
    [disc] = (vault / "workshop" / "observations" / "discovery").glob("*.md")
    before = float(notes.read(disc).meta["confidence"])
    mk(vault, "episodes", "build", check=True)
    after = notes.read(disc).meta
    assert float(after["confidence"]) > before and after["referenced_by"] == [f"[[{tid('hhhh0002', '2026-09-05')}]]"]
    assert not notes.read(disc).edited_by_person()


@pytest.mark.parametrize("corpus", [pytest.param("m-claude/Archives", marks=pytest.mark.slow), "spotter"])
def test_corpora_build_and_patterns_without_errors(vault, tmp_path, corpus):
    src = CORPORA / corpus
    if not src.is_dir():
        pytest.skip(f"{src} is absent")
    mk(vault, "ingest", str(src), check=True)
    built = mkjson(vault, "episodes", "build")
    assert built["episodes"], "the corpus should give at least one episode"
    for meta in episodes(vault).values():
        assert meta["outcome"] in ("done", "partial", "failed", "abandoned", "open") and meta["goal"]
        assert meta["sessions"]
    mk(vault, "patterns", check=True)
    again = mkjson(vault, "episodes", "build")
    assert again["episodes"] == []


def test_episodes_build_after_ingest_when_auto(vault, tmp_path):
    toml = vault / "memkit.toml"
    toml.write_text(toml.read_text().replace("[episodes]\nauto = false", "[episodes]\nauto = true"))
    git(vault, "commit", "-qam", "episodes auto")
    ingest(vault, tmp_path, *export_feature())
    assert [m["goal"] for m in episodes(vault).values()] == ["The export feature"]
    assert git(vault, "status", "--porcelain") == ""


def test_a_tried_line_about_an_episode_stays_one_short_line():
    from memkit.episodes import tried as tried_mod

    lessons = [f"never run the migration {n} without a dry run first, it broke staging twice" for n in range(12)]
    episode = {"type": "episode", "id": "ep-2026-03-12-migrate", "goal": "migrate the orders table " * 20,
               "outcome": "abandoned", "lessons": lessons, "sessions": [f"[[{tid('eeee0001', '2026-03-12')}]]"],
               "_path": "episodes/ep-2026-03-12-migrate.md"}
    line = tried_mod._answer(episode, 80.0, [])["line"]
    assert "\n" not in line and len(line) < 500 and line.endswith("— see [[ep-2026-03-12-migrate]]")
