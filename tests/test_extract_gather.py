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


def test_one_run_writes_a_repeat_never_and_its_first_saying_once(vault, tmp_path):
    """Gathering decides before anything is written: the repeats of one ingest leave no file
    (the journal of the run's writes never names them) and the first saying is written once."""
    from memkit import extract, pipeline
    from memkit.storage import vault as vault_mod

    v = vault_mod.Vault(vault)
    logs = [log(tmp_path, name, session(name)) for name in ("s1", "s2", "s3")]
    traces = pipeline.ingest(v, logs, extract=False, commit=False)["traces"]
    with v.lock():   # the journal names every file the run writes until the lock is let go
        result = extract.run(v, traces)
        journal = (vault / ".memkit" / "journal").read_text().splitlines()
    [only] = corrections(vault)
    rel = only.path.relative_to(vault).as_posix()
    assert [line.split("\t", 1)[1] for line in journal if "/correction/" in line] == [rel]
    assert len(only.meta["sessions"]) == 3 and len(result["gathered"]) == 2


def test_a_rerun_over_traces_a_killed_run_did_not_mark_changes_no_first_saying(vault, tmp_path):
    """A run killed after writing its first sayings (repeats folded in) but before marking its
    traces: the next run finds the repeats again; a first saying listing every source of a
    repeat already is left byte for byte, and the repeat is not written."""
    logs = [log(tmp_path, name, session(name)) for name in ("s1", "s2")]
    run_cli("--vault", str(vault), "ingest", *map(str, logs), check=True)
    [only] = corrections(vault)
    snapshot = only.path.read_bytes()
    for trace in (vault / "traces").rglob("*.md"):   # as the killed run left them: not marked
        note = notes.read(trace)
        note.meta.pop("extracted", None)
        trace.write_text(notes.render(note), encoding="utf-8")
    out = run_cli("--vault", str(vault), "extract", "--all", check=True).stdout
    assert only.path.read_bytes() == snapshot
    assert len(corrections(vault)) == 1, out


def test_what_gathering_reads_of_a_candidate_before_it_is_written_is_what_its_file_holds(tmp_path):
    """Gathering works on records built in memory before any candidate is written: for each
    candidate written without repeats, the record `gather.record` reads back from its file."""
    from memkit import extract, pipeline
    from memkit.extract import batch, gather
    from memkit.storage import vault as vault_mod

    vault, _ = vault_mod.init(tmp_path / "v")
    lessons = [LESSON, "no, never run the seed script against the shared database, it wipes the fixtures",
               "don't use --no-verify to get past the hooks; fix what they report"]
    logs = [log(tmp_path, f"s{n}", session(f"s{n}", lesson)) for n, lesson in enumerate(lessons)]
    traces = pipeline.ingest(vault, logs, extract=False, commit=False)["traces"]
    mod = extract.extractor("heuristic")
    job = extract.Job(vault, mod, f"{mod.NAME}@{mod.VERSION}", extract._existing(vault), {}, False)
    found = [batch.find(job, rel)["found"] for rel in traces]
    pipeline.extract(vault, all_=True)
    compared = 0
    for f in found:
        for c, record in zip(f.candidates, f.records):
            if record is None:
                continue
            cid = extract.candidate_id(f.ctx, c)
            rel = f"workshop/observations/{c.kind}/{cid}.md"
            on_disk = gather.record(vault, rel)
            assert gather.named(record, rel, cid) == (on_disk[0], (), *on_disk[2:])
            compared += 1
    assert compared >= 3


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


def test_a_console_copy_pasted_again_after_a_resume_is_no_recurrence(vault, tmp_path):
    """A console copy holds the whole history again after each resume: its correction is said in every
    part, undated, all from one log. It is gathered into one observation listing each part, but that
    is one occasion, so no convention is proposed from it."""
    part = ["╭──────────────────────────────╮", "│ ✻ Welcome to Claude Code!    │",
            "│   cwd: /home/dev/billing      │", "╰──────────────────────────────╯", "",
            "> add the invoices table", "", "⏺ Bash(alembic upgrade head)", "  ⎿  Interrupted by user", "",
            f"> {LESSON}", ""]
    copy = tmp_path / "console.md"
    copy.write_text("\n".join(part + part + ["> and now the export", ""]) + "\n", encoding="utf-8")
    run_cli("--vault", str(vault), "ingest", str(copy), check=True)
    [only] = corrections(vault)
    assert len(only.meta["sessions"]) == 2
    assert not list((vault / "workshop" / "proposals").glob("prop-convention-*.md"))


def test_a_message_cut_short_and_sent_again_in_full_is_one_correction_in_the_full_words(vault, tmp_path):
    cut = "no, never run the migrations against the shared database, use a lo"
    messages = session("s1", cut) + [{"role": "assistant", "content": "Understood."},
                                     {"role": "user", "content": LESSON + " from the fixtures folder"}]
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s1", messages)), check=True)
    [only] = corrections(vault)
    assert only.meta["lesson"] == LESSON + " from the fixtures folder"
    # two lessons that only open alike stay two
    other = session("s2", "no, never run the migrations against the shared database, ask Dana first") + [
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": "no, never run the migrations against the shared staging database either"}]
    run_cli("--vault", str(vault), "ingest", str(log(tmp_path, "s2", other)), check=True)
    assert len(corrections(vault)) == 3
