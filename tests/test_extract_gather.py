"""The same lesson given again — later in a session, in another session, in a replayed copy —
is one observation whose sources grow; reviewed or hand-edited notes are never changed; the
promotion scan still sees the recurrence."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_generic

from memkit.storage import notes

LESSON = "no, never run the migrations against the shared database, use a local copy"


def session(name: str, lesson: str = LESSON) -> list[dict]:
    return [
        {"role": "user", "content": f"add the invoices table ({name})"},
        {"role": "assistant", "content": "Applying the migration.", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": "alembic upgrade head"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "done"},
        {"role": "user", "content": lesson},
    ]


def log(tmp_path: Path, name: str, messages: list[dict]) -> Path:
    return write_generic(tmp_path / f"{name}.jsonl", messages, {"session_id": name, "agent": "generic",
                                                               "project": "billing"})


def corrections(vault: Path, layer: str = "workshop") -> list[notes.Note]:
    base = vault / layer / "observations" if layer == "workshop" else vault / "observations"
    return [notes.read(p) for p in sorted(base.glob("correction/*.md"))]


def trace_ids(vault: Path) -> dict[str, str]:
    out = {}
    for p in (vault / "traces").rglob("*.md"):
        meta = notes.read(p).meta
        out[meta.get("session_id") or meta["session"]] = meta["id"]
    return out


def test_a_lesson_given_in_two_sessions_is_one_observation_listing_both(vault, tmp_path):
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s1", session("s1"))), check=True)
    [first] = corrections(vault)
    before = first.meta["importance"]
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s2", session("s2"))), "--json",
                             check=True).stdout)
    [only] = corrections(vault)
    ids = trace_ids(vault)
    assert only.path == first.path
    assert only.meta["sessions"] == [f"[[{ids['s1']}]]", f"[[{ids['s2']}]]"]
    assert only.meta["sources"] == [f"[[{ids['s1']}#^t4]]", f"[[{ids['s2']}#^t4]]"]
    assert only.meta["importance"] > before
    assert not only.edited_by_person()           # memkit's own write, stamped as such
    assert f"[[{ids['s2']}#^t4]]" in only.body
    assert out["commit"]


def test_the_gathered_correction_still_becomes_a_convention_proposal(vault, tmp_path):
    for name in ("s1", "s2"):
        run_cli("--vault", str(vault), "ingest", str(log(tmp_path, name, session(name))), check=True)
    [prop] = [notes.read(p) for p in (vault / "workshop" / "proposals").glob("prop-convention-*.md")]
    ids = trace_ids(vault)
    assert prop.meta["recurrence"] == 2
    assert prop.meta["basis"] == "correction seen in 2 sessions"
    assert f"[[{ids['s1']}#^t4]]" in prop.meta["sources"] and f"[[{ids['s2']}#^t4]]" in prop.meta["sources"]


def test_one_ingest_of_a_replayed_history_yields_each_observation_once(vault, tmp_path):
    replay = tmp_path / "replay"
    replay.mkdir()
    log(replay, "first", session("first"))
    log(replay, "resumed", session("first"))        # the same history copied again
    run_cli("--vault", str(vault), "ingest", str(replay), check=True)
    [only] = corrections(vault)
    assert len(only.meta["sessions"]) == 2


def test_a_hand_edited_candidate_is_left_alone_and_the_repeat_kept_apart(vault, tmp_path):
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s1", session("s1"))), check=True)
    [first] = corrections(vault)
    first.meta["lesson"] = "never migrate the shared database; use a local copy (edited)"
    first.path.write_text(notes.render(first), encoding="utf-8")
    edited = first.path.read_bytes()
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s2", session("s2"))), check=True)
    assert first.path.read_bytes() == edited
    assert len(corrections(vault)) == 2


def test_an_accepted_observation_is_never_updated_by_a_repeat(vault, tmp_path):
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s1", session("s1"))), check=True)
    [first] = corrections(vault)
    run_cli("--vault", str(vault), "accept", first.meta["id"], check=True)
    [accepted] = corrections(vault, "observations")
    snapshot = accepted.path.read_bytes()
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s2", session("s2"))), check=True)
    assert accepted.path.read_bytes() == snapshot
    [fresh] = corrections(vault)
    assert "sessions" not in fresh.meta


def test_different_lessons_are_not_gathered(vault, tmp_path):
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s1", session("s1"))), check=True)
    other = "no, never run the seed script against the shared database, it wipes the fixtures"
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s2", session("s2", other))), check=True)
    assert sorted(c.meta["lesson"] for c in corrections(vault)) == sorted([LESSON, other])


def test_a_repeat_a_person_edited_after_the_worker_read_it_is_not_folded(tmp_path):
    """The extraction workers hand gathering what they read of each candidate; once the file has
    changed since (a person's edit), gathering reads it again and leaves the edited note alone."""
    from memkit.extract import gather
    from memkit.storage.vault import Vault

    first, other = tmp_path / "v1", tmp_path / "v2"
    for root, name in ((first, "s1"), (other, "s2")):
        run_cli("init", str(root), check=True)
        run_cli("--vault", str(root), "ingest", str(log(tmp_path, name, session(name))), check=True)
    [repeat] = corrections(other)
    rel = repeat.path.relative_to(other).as_posix()
    (first / rel).write_bytes(repeat.path.read_bytes())   # the second saying, as a worker wrote it
    vault = Vault(first)
    seen = gather.record(vault, rel)
    edited = (first / rel).read_text() + "\nA person's note on this one.\n"
    (first / rel).write_text(edited)
    out = {"written": [rel]}
    with vault.lock():
        gather.across(vault, [rel], out, {rel: seen})
    assert (first / rel).read_text() == edited and out["written"] == [rel]
    assert [len(n.meta.get("sessions") or []) for n in corrections(first)] == [0, 0]


def test_what_the_writer_keeps_of_each_candidate_is_what_gathering_would_read_from_disk(tmp_path):
    """The extractor hands gathering its own record of every candidate it wrote (no file is read
    back): the same tuple `gather.record` reads from the file, stamp included."""
    from memkit import extract, pipeline
    from memkit.extract import gather
    from memkit.storage import vault as vault_mod

    vault, _ = vault_mod.init(tmp_path / "v")
    lessons = [LESSON, "no, never run the seed script against the shared database, it wipes the fixtures",
               "don't use --no-verify to get past the hooks; fix what they report"]
    logs = [log(tmp_path, f"s{n}", session(f"s{n}", lesson)) for n, lesson in enumerate(lessons)]
    traces = pipeline.ingest(vault, logs, extract=False, commit=False)["traces"]
    mod = extract.extractor("heuristic")
    job = extract.Job(vault, mod, f"{mod.NAME}@{mod.VERSION}", extract._existing(vault), {}, False)
    out = {"written": [], "deleted": [], "counts": {}, "errors": [], "traces": 0}
    with vault.lock():
        for rel in traces:
            job.one(rel, out)
    made = out["made"]
    assert set(made) == {r for r in out["written"] if r.startswith("workshop/observations/")} and len(made) >= 3
    for rel, record in made.items():
        assert record == gather.record(vault, rel)


def test_the_first_saying_is_found_among_keys_of_a_like_length_as_among_all():
    """Near keys are looked for only among keys whose lengths allow the ratio: the same first
    saying as a search over every key of the kind, on keys built to sit around the threshold."""
    import random

    from memkit.extract import gather
    from memkit.similar import fuzz

    rng = random.Random(5)
    words = "never run the migrations against shared database use a local copy always pass timeout".split()
    bases = [" ".join(rng.choice(words) for _ in range(rng.randint(3, 14))) for _ in range(12)]

    def variant() -> str:
        text = list(rng.choice(bases))
        for _ in range(rng.randint(0, 6)):   # a few characters more or fewer: near, or just not
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.5 and at < len(text):
                del text[at]
            else:
                text.insert(at, rng.choice("abcdefgh "))
        return rng.choice(["correction", "preference"]) + ":" + "".join(text)

    def reference(items, k, session):
        for key, rel, where in items:
            near = (key.split(":", 1)[0] == k.split(":", 1)[0] and min(len(key), len(k)) >= 24
                    and fuzz.ratio(key, k) >= gather.SAME)
            if where != session and (key == k or near):
                return key, rel, where
        return None

    anchors, compared = gather._Anchors(), 0
    for n in range(1500):
        k, session = variant(), f"s{rng.randrange(40)}"
        expected = reference(anchors.items, k, session)
        assert anchors.first(k, session) == expected, k
        compared += expected is not None and expected[0] != k
        if expected is None or rng.random() < 0.3:
            anchors.append(k, f"r{n}", session)
    assert compared > 50   # near, not only equal, keys were found
