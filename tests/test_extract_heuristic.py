"""The heuristic extractor on the activation dev set, on small scenarios, and on re-runs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DEVSET, run_cli, write_generic
from memkit.extract import heuristic
from memkit.storage import notes


def observations(vault: Path, kind: str = "*") -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / "observations").glob(f"{kind}/*.md"))]


@pytest.mark.skipif(not (DEVSET / "sessions").is_dir(), reason="../shared/eval absent")
def test_dev_set_every_lesson_yields_its_correction_and_distractors_none(vault):
    run_cli("--vault", str(vault), "ingest", str(DEVSET / "sessions"), check=True)
    manifest = json.loads((DEVSET / "manifest.json").read_text())
    corrections = observations(vault, "correction")
    by_session: dict[str, list[notes.Note]] = {}
    for c in corrections:
        trace = notes.read(next((vault / "traces").rglob(c.meta["session"].strip("[]") + ".md")))
        by_session.setdefault(trace.meta["session_id"], []).append(c)
    for s in manifest["sessions"]:
        sid = s["file"].removesuffix(".jsonl")
        found = by_session.get(sid, [])
        if s["role"] == "distractor":
            assert found == [], f"distractor {sid} yielded {[f.meta['lesson'] for f in found]}"
            continue
        assert len(found) == 1, f"lesson session {s['id']} yielded {len(found)} corrections"
        meta = found[0].meta
        assert " ".join(s["correction"].split())[:60] in " ".join(meta["lesson"].split())
        assert meta["trigger"] and meta["trigger"] != "the agent's previous step"
        assert meta["source"].startswith("[[") and "#^t" in meta["source"]
        assert 0 < meta["confidence"] <= 1 and 0 < meta["importance"] <= 1


def _ingest(vault, tmp_path, name, messages, **session):
    log = write_generic(tmp_path / f"{name}.jsonl", messages, {"session_id": name, "agent": "generic", **session})
    return json.loads(run_cli("--vault", str(vault), "ingest", str(log), "--json", check=True).stdout)


def test_rejected_call_then_direction_is_a_correction_with_its_trigger(vault, tmp_path):
    _ingest(vault, tmp_path, "rej", [
        {"role": "user", "content": "commit the settings module"},
        {"role": "assistant", "content": "Staging everything.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "git add -A && git commit -m settings"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
        {"role": "user", "content": "only stage the files you touched, there is scratch stuff in the tree"},
    ])
    (corr,) = observations(vault, "correction")
    assert corr.meta["trigger"] == "Bash: git add -A && git commit -m settings (rejected)"
    assert corr.meta["lesson"] == "only stage the files you touched, there is scratch stuff in the tree"
    assert "git:stage-all" in corr.meta["action_types"]
    assert corr.meta["status"] == "candidate" and corr.meta["extractor"] == f"heuristic@{heuristic.VERSION}"
    assert "[[" in corr.body and "#^t4]]" in corr.body


def test_a_correction_of_a_long_plan_takes_its_kinds_from_the_plans_opening_and_its_last_sentence(vault, tmp_path):
    steps = [f"Step {n}: tidy module {n} and check its output by hand." for n in range(60)]
    steps[30] = "Step 30: run `docker system prune -af` to free disk space."
    plan = ("I'll force-push the rebased branch to origin so the review shows the new history. "
            f"After that: {' '.join(steps)} Last, I will drop the staging database with `dropdb shop_staging`.")
    assert len(plan) > 2 * heuristic.LESSON_LIMIT
    _ingest(vault, tmp_path, "plan", [
        {"role": "user", "content": "tidy up the branch before review"},
        {"role": "assistant", "content": plan},
        {"role": "user", "content": "no, stop. never rewrite published history, make a new commit instead"},
    ])
    (corr,) = observations(vault, "correction")
    kinds = corr.meta["action_types"]
    assert any(k.startswith("git:") for k in kinds)                            # what the plan opens with
    assert any(k.startswith("db:") for k in kinds), kinds                     # and the step it ends with
    assert not any(k.startswith(("docker:", "containers:")) for k in kinds)   # a step deep inside it


def test_near_miss_small_talk_and_questions_are_not_observations(vault, tmp_path):
    _ingest(vault, tmp_path, "calm", [
        {"role": "user", "content": "rename the helper to parse_price"},
        {"role": "assistant", "content": "Renamed.", "tool_calls": [
            {"id": "c1", "name": "Edit", "input": {"file_path": "a.py", "old_string": "p(", "new_string": "parse_price("}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": "no, that's fine as is. thanks!"},
        {"role": "user", "content": "what does the merge method do when both carts have the same sku?"},
        {"role": "user", "content": "2"},
    ])
    assert observations(vault) == []


def test_preferences_decisions_facts_and_negative_results(vault, tmp_path):
    _ingest(vault, tmp_path, "mixed", [
        {"role": "user", "content": "I only want one version of node installed, preferably from brew."},
        {"role": "assistant", "content": "Options:\n1. circuit breaker\n2. retries with backoff\n3. a queue"},
        {"role": "user", "content": "go with 2"},
        {"role": "user", "content": "we tried a circuit breaker last year, it failed because it tripped on every deploy"},
        {"role": "user", "content": "set the retry limit to 3"},
    ])
    kinds = {n.meta["kind"]: n.meta for n in observations(vault)}
    assert kinds["preference"]["lesson"].startswith("I only want one version of node")
    assert kinds["preference"]["lifecycle"] == "self"
    assert kinds["decision"]["chosen"] == "retries with backoff"
    assert kinds["decision"]["alternatives"] == ["circuit breaker", "a queue"]
    assert kinds["negative_result"]["approach"] == "a circuit breaker last year"
    assert kinds["negative_result"]["reason"].startswith("it tripped on every deploy")
    assert (kinds["fact"]["key"], kinds["fact"]["value"]) == ("retry_limit", "3")


def test_rerun_writes_nothing_and_rejected_candidates_stay_rejected(vault, tmp_path):
    messages = [
        {"role": "user", "content": "deploy it"},
        {"role": "assistant", "content": "Force pushing.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "git push --force origin main"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
        {"role": "user", "content": "never force push to main, open a PR instead"},
    ]
    _ingest(vault, tmp_path, "fp", messages)
    (corr,) = observations(vault, "correction")
    again = json.loads(run_cli("--vault", str(vault), "extract", "--all", "--json", check=True).stdout)
    assert again["written"] == []
    corr.meta["status"] = "rejected"
    corr.path.write_text(notes.render(corr))
    snapshot = corr.path.read_bytes()
    forced = json.loads(run_cli("--vault", str(vault), "extract", "--all", "--json", check=True).stdout)
    assert forced["written"] == [] and corr.path.read_bytes() == snapshot


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@pytest.mark.skipif(not (DEVSET / "sessions").is_dir(), reason="../shared/eval absent")
def test_extraction_over_real_corpora_has_no_errors(vault):
    from conftest import CORPORA

    if not (CORPORA / "m-claude").is_dir():
        pytest.skip("../shared/corpora absent")
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(CORPORA / "m-claude" / "Archives"),
                             str(CORPORA / "spotter"), "--json", check=True).stdout)
    assert out["errors"] == []
    lessons = " ".join(n.meta.get("lesson", "") for n in observations(vault))
    assert "Documents folder" in lessons          # 8914a511: the correction after a rejected call


def test_a_short_id_taken_by_another_sessions_candidate_gets_a_longer_one(vault, tmp_path):
    """Two sessions, the same first words and the same four hex digits: both candidates are
    kept (the second under a longer id), neither file is overwritten."""
    example = Path(__file__).resolve().parent.parent / "examples" / "sessions" / "2026-03-04-ledger-commit.jsonl"
    scratch = tmp_path / "scratch"
    run_cli("init", str(scratch), check=True)
    run_cli("--vault", str(scratch), "ingest", str(example), check=True)
    [made] = sorted(scratch.glob("workshop/observations/correction/*.md"))[:1]
    run_cli("--vault", str(vault), "ingest", "--no-extract", str(example), check=True)
    planted = vault / made.relative_to(scratch)   # another session's candidate already holds the id
    planted.parent.mkdir(parents=True, exist_ok=True)
    text = made.read_text(encoding="utf-8")
    session = notes.parse(text).meta["session"]
    planted.write_text(text.replace(session, "[[2025-01-01-claude-0therse5]]"), encoding="utf-8")
    before = planted.read_bytes()
    run_cli("--vault", str(vault), "extract", "--all", check=True)
    assert planted.read_bytes() == before
    stem = made.stem.rsplit("-", 1)[0]
    longer = [p for p in planted.parent.glob(f"{stem}-*.md") if p != planted]
    assert len(longer) == 1 and len(longer[0].stem.rsplit("-", 1)[1]) == 8
    assert notes.read(longer[0]).meta["session"] == session


def _many_sessions(folder: Path, n: int) -> Path:
    folder.mkdir()
    for k in range(n):
        write_generic(folder / f"s{k:02d}.jsonl", [
            {"role": "user", "content": f"commit the settings module {k}", "timestamp": f"2026-05-{k % 28 + 1:02d}T10:00:00Z"},
            {"role": "assistant", "content": "Staging everything.", "tool_calls": [
                {"id": "c1", "name": "Bash", "input": {"command": f"git add -A && git commit -m s{k}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
            # the same correction in every session: same first words, so ids differ only by digest
            {"role": "user", "content": "only stage the files you touched, there is scratch stuff in the tree"},
            {"role": "user", "content": "we always use pnpm, never npm, in this repo"},
        ], {"session_id": f"many-{k:02d}", "agent": "generic", "project": "ledger"})
    return folder


def _index_rows(root: Path) -> dict[str, list]:
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(root / ".memkit" / "index.sqlite")) as con:
        return {"files": con.execute("SELECT path, meta FROM files WHERE path NOT LIKE '%proposals%' "
                                     "ORDER BY path").fetchall(),
                "turns": con.execute("SELECT path, turn, said, prose, calls, output FROM turns "
                                     "ORDER BY path, turn").fetchall(),
                "cues": sorted(con.execute("SELECT path, lesson, kinds FROM cues WHERE path NOT LIKE "
                                           "'%proposals%'").fetchall())}


def test_extraction_on_every_core_writes_what_one_core_writes(tmp_path):
    """Past PARALLEL_FROM logs and traces, forked workers read and extract: same traces and
    candidates, byte for byte, and the journal holds no line of theirs once the run is over."""
    from memkit import pipeline
    from memkit.traces import ingest
    from memkit.extract import pool
    from memkit.storage.vault import Vault

    logs = _many_sessions(tmp_path / "logs", max(pool.PARALLEL_FROM, ingest.PARALLEL_FROM) + 6)
    made, indexed = {}, {}
    saved = pool.PARALLEL_FROM, ingest.PARALLEL_FROM
    for name, thresholds in (("parallel", saved), ("serial", (10**9, 10**9))):
        root = tmp_path / name
        run_cli("init", str(root), check=True)
        pool.PARALLEL_FROM, ingest.PARALLEL_FROM = thresholds   # reading and extracting on one core
        try:
            result = pipeline.ingest(Vault(root), [logs])
        finally:
            pool.PARALLEL_FROM, ingest.PARALLEL_FROM = saved
        assert result["commit"] and not result["errors"]
        assert not (root / ".memkit" / "journal").exists()
        made[name] = {p.relative_to(root).as_posix(): p.read_bytes() for top in ("workshop", "traces")
                      for p in (root / top).rglob("*.md") if "proposals" not in p.parts}
        indexed[name] = _index_rows(root)
    assert made["parallel"] == made["serial"]
    # the workers index the traces they mark as they go: the index holds what one process writes
    assert indexed["parallel"] == indexed["serial"]
    assert all('"heuristic@' in meta for path, meta in indexed["parallel"]["files"] if path.startswith("traces/"))
    # the same correction in every session is one observation that lists every session, none lost
    [correction] = [r for r in made["parallel"] if "/correction/" in r]
    meta = notes.parse(made["parallel"][correction].decode()).meta
    assert len(meta["sessions"]) == len(meta["sources"]) == pool.PARALLEL_FROM + 6


def test_the_index_an_ingest_leaves_is_the_one_a_rebuild_makes(tmp_path):
    """Extraction stores each trace's rows as it reads the trace and, once the trace is marked,
    its files row again (time, size, inode, frontmatter): the same rows `reindex` builds from the
    files, so no later refresh finds a trace changed."""
    import sqlite3
    from contextlib import closing

    from memkit.extract import pool

    root = tmp_path / "v"
    run_cli("init", str(root), check=True)
    run_cli("--vault", str(root), "ingest", str(_many_sessions(tmp_path / "logs", pool.PARALLEL_FROM + 6)), check=True)

    def rows() -> dict[str, list]:
        with closing(sqlite3.connect(root / ".memkit" / "index.sqlite")) as con:
            return {"files": con.execute("SELECT * FROM files ORDER BY path").fetchall(),
                    "turns": con.execute("SELECT path, turn, role, title, said, prose, calls, output FROM turns "
                                         "ORDER BY path, turn").fetchall()}

    ingested = rows()
    assert sum(r[0].startswith("traces/") for r in ingested["files"]) == pool.PARALLEL_FROM + 6
    run_cli("--vault", str(root), "reindex", check=True)
    assert rows() == ingested


def test_two_machines_extract_byte_identical_candidates(tmp_path):
    """Candidates are shared through git: the same trace must give the same files whatever the
    process's hash seed (set iteration once chose the 'when …' phrase of a correction)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    write_generic(logs / "uv.jsonl", [   # a lesson of two action types: which one names it?
        {"role": "user", "content": "add requests to the project"},
        {"role": "assistant", "content": "Installing.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "pip install requests"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
        {"role": "user", "content": "actually, don't pip install anything, we use uv"},
    ], {"session_id": "uv-1", "agent": "generic", "project": "ledger"})
    made = []
    for seed in ("1", "2", "3", "4", "5", "6"):
        root = tmp_path / f"v{seed}"
        run_cli("init", str(root), check=True)
        run_cli("--vault", str(root), "ingest", str(logs), env={"PYTHONHASHSEED": seed}, check=True)
        made.append({p.relative_to(root).as_posix(): p.read_bytes() for p in (root / "workshop").rglob("*.md")
                     if "proposals" not in p.parts})
    assert all(m == made[0] for m in made) and made[0]
