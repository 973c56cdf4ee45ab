"""Ingest: real corpora, idempotence, growth, bad input, secrets, and the index as a cache."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import CORPORA, git, run_cli, write_generic
from memkit.storage import notes
from memkit.traces import render as traces

M_CLAUDE = CORPORA / "m-claude" / "Archives"
SPOTTER = CORPORA / "spotter"

# (typed prompts, interrupts, rejected tool calls) per file, checked by reading the logs.
# They agree with ../shared/corpora/SOURCES.md for every main session. For the sub-agent
# files (agent-*.jsonl) SOURCES.md counts 1 typed prompt, but that "user" message is the
# parent agent's prompt to its sub-agent, not something a person typed: memkit marks it
# as a sidechain turn, so 0 here is right.
EXPECTED = {
    "0eda269a": (3, 1, 0), "18240050": (6, 0, 0), "1ff3b1f4": (1, 0, 0), "2599cb3e": (2, 2, 0),
    "343e3472": (7, 2, 0), "3771a5c5": (2, 0, 0), "3af9b1a7": (9, 0, 0), "43391f62": (9, 0, 0),
    "57bb5674": (3, 1, 1), "621cc355": (4, 0, 0), "7fcdbdcd": (3, 0, 0), "8914a511": (6, 2, 1),
    "8d471a2e": (5, 0, 0), "91b751c5": (1, 0, 0), "95f81cf4": (5, 1, 1), "9be1d737": (2, 0, 0),
    "b8d44276": (4, 0, 0), "c10f5964": (6, 1, 1), "c71cc98f": (3, 0, 0), "c76e5be5": (23, 2, 0),
    "d8126fa6": (13, 1, 1), "de0891f0": (3, 0, 0), "e0ce82fa": (1, 0, 0), "ed0d7abd": (4, 0, 0),
    "f551142a": (20, 2, 0), "ff33b5b0": (2, 0, 0), "ff59cfd2": (14, 0, 0),
    "agent-a00ad96": (0, 0, 0), "agent-ac46b1a": (0, 0, 0),
    "258c7280": (2, 1, 1), "agent-a881341": (0, 0, 0), "agent-acompact-fffbd0": (0, 0, 0),
    "short": (1, 1, 2), "subagent": (1, 1, 0), "tool_heavy": (2, 2, 0),
}
needs_corpora = pytest.mark.skipif(not M_CLAUDE.is_dir() or not SPOTTER.is_dir(), reason="../shared/corpora absent")


def trace_files(vault: Path) -> list[Path]:
    return sorted(p for p in (vault / "traces").rglob("*.md") if "raw" not in p.parts)


def counts(path: Path) -> tuple[int, int, int]:
    turns = traces.parse_turns(notes.read(path).body)
    typed = sum(t.typed for t in turns)
    interrupts = sum(1 for t in turns if t.role.value == "user" and "interrupt" in t.flags)
    rejected = sum(1 for t in turns if "rejected" in t.flags)
    return typed, interrupts, rejected


@pytest.fixture(scope="module")
def corpus_vault(tmp_path_factory):
    if not M_CLAUDE.is_dir() or not SPOTTER.is_dir():
        pytest.skip("../shared/corpora absent")
    root = tmp_path_factory.mktemp("corpus") / "v"
    run_cli("init", str(root), check=True)
    first = run_cli("--vault", str(root), "ingest", "--no-extract", str(M_CLAUDE), str(SPOTTER), "--json", check=True)
    return root, json.loads(first.stdout)


@needs_corpora
def test_every_corpus_session_ingests_with_the_right_counts(corpus_vault):
    root, result = corpus_vault
    assert result["errors"] == []
    by_source = {}
    for path in trace_files(root):
        src = Path(notes.read(path).meta["log_path"]).stem
        key = src if src.startswith("agent-") or not src[:8].isalnum() or src in ("short", "subagent", "tool_heavy") \
            else src[:8]
        by_source[key] = counts(path)
    assert by_source == EXPECTED


@needs_corpora
def test_second_ingest_changes_nothing_and_commits_nothing(corpus_vault):
    root, _ = corpus_vault
    before = git(root, "rev-parse", "HEAD")
    snapshot = {p: p.read_bytes() for p in trace_files(root)}
    again = json.loads(run_cli("--vault", str(root), "ingest", "--no-extract", str(M_CLAUDE), str(SPOTTER), "--json",
                               check=True).stdout)
    assert {f["status"] for f in again["files"]} == {"unchanged"}
    assert git(root, "rev-parse", "HEAD") == before
    assert {p: p.read_bytes() for p in trace_files(root)} == snapshot


@needs_corpora
def test_search_finds_the_yubikey_session_with_a_turn(corpus_vault):
    root, _ = corpus_vault
    hits = json.loads(run_cli("--vault", str(root), "search", "yubikey", "--json", check=True).stdout)
    assert hits and hits[0]["type"] == "trace" and isinstance(hits[0]["turn"], int)
    sessions = {notes.read(root / h["path"]).meta["session_id"] for h in hits}
    assert "621cc355-460a-48af-8722-af105fc5d65e" in sessions
    shown = run_cli("--vault", str(root), "show", f"{hits[0]['id']}#^t{hits[0]['turn']}", check=True).stdout
    assert "yubikey" in shown.lower()


@needs_corpora
def test_user_turns_never_hold_injected_text(corpus_vault):
    root, _ = corpus_vault
    for path in trace_files(root):
        for t in traces.parse_turns(notes.read(path).body):
            if t.typed:
                assert not t.text.lstrip().startswith(("<system-reminder>", "<command-name>", "<local-command",
                                                       "This session is being continued", "Caveat:")), path


def test_growth_updates_the_trace_and_truncated_lines_are_tolerated(vault, tmp_path):
    log = write_generic(tmp_path / "s.jsonl", [
        {"role": "user", "content": "add a health check endpoint", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "Done.", "timestamp": "2026-05-01T10:01:00Z"},
    ], {"session_id": "grow-1", "agent": "generic", "project": "svc", "cwd": "/srv/svc"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    with log.open("a") as f:
        f.write(json.dumps({"role": "user", "content": "now add a readiness probe too",
                            "timestamp": "2026-05-01T10:05:00Z"}) + "\n")
        f.write('{"role": "assistant", "content": "trunc')
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(log), "--json", check=True).stdout)
    assert out["files"][0]["status"] == "updated" and out["files"][0]["skipped_lines"] == 1
    (path,) = trace_files(vault)
    turns = traces.parse_turns(notes.read(path).body)
    assert [t.text for t in turns] == ["add a health check endpoint", "Done.", "now add a readiness probe too"]
    assert notes.read(path).meta["turns"] == 3
    assert "2 trace" not in git(vault, "log", "--oneline")


def test_a_shorter_copy_of_a_session_leaves_its_trace_whole(vault, tmp_path):
    said = [{"role": "user", "content": f"step {n}: rename the {n}th column"} for n in range(1, 5)]
    log = write_generic(tmp_path / "s.jsonl", said, {"session_id": "cut-1", "agent": "generic"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    write_generic(log, said[:2], {"session_id": "cut-1", "agent": "generic"})   # a copy cut short
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(log), "--json", check=True).stdout)
    assert out["files"][0]["status"] == "shorter" and "fewer turns" in out["files"][0]["message"]
    (path,) = trace_files(vault)
    assert notes.read(path).meta["turns"] == 4
    assert "step 4" in path.read_text(encoding="utf-8")


def test_two_logs_a_format_names_alike_are_two_traces(vault, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_generic(tmp_path / "a" / "session.jsonl", [{"role": "user", "content": "never deploy on fridays"}])
    b = write_generic(tmp_path / "b" / "session.jsonl", [{"role": "user", "content": "use pnpm, not npm"}])
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(a), str(b), "--json", check=True).stdout)
    assert [f["status"] for f in out["files"]] == ["written", "written"]
    texts = sorted(p.read_text(encoding="utf-8") for p in trace_files(vault))
    assert len(texts) == 2 and "fridays" in texts[0] + texts[1] and "pnpm" in texts[0] + texts[1]
    again = json.loads(run_cli("--vault", str(vault), "ingest", str(b), str(a), "--json", check=True).stdout)
    assert [f["status"] for f in again["files"]] == ["unchanged", "unchanged"] and len(trace_files(vault)) == 2


def test_a_searched_folder_takes_console_copies_and_leaves_other_notes(vault, tmp_path):
    logs = tmp_path / "copies"
    logs.mkdir()
    (logs / "day-001.md").write_text("> add a health check endpoint\n\n⏺ Added `/health`.\n\n"
                                     "> no, call it /healthz like the other services\n\n⏺ Renamed.\n", encoding="utf-8")
    (logs / "notes.md").write_text("# Notes\n\n> a quote in a note is no prompt\n", encoding="utf-8")
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(logs), "--json", check=True).stdout)
    assert [Path(f["path"]).name for f in out["files"]] == ["day-001.md"]
    assert out["files"][0]["status"] == "written" and "healthz" in trace_files(vault)[0].read_text(encoding="utf-8")


def test_a_session_a_log_names_is_one_trace_wherever_its_copies_lie(vault, tmp_path):
    said = [{"role": "user", "content": "rename the invoices table"}, {"role": "assistant", "content": "Renamed."}]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_generic(tmp_path / "a" / "s.jsonl", said, {"session_id": "real-id-1", "agent": "generic"})
    run_cli("--vault", str(vault), "ingest", str(a), check=True)
    (path,) = trace_files(vault)
    path.write_text(path.read_text(encoding="utf-8").replace("invoices", "[removed by me]"), encoding="utf-8")
    b = write_generic(tmp_path / "b" / "s.jsonl", said, {"session_id": "real-id-1", "agent": "generic"})
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(b), "--json", check=True).stdout)
    assert out["files"][0]["status"] == "edited" and trace_files(vault) == [path]   # not a second copy
    assert "[removed by me]" in path.read_text(encoding="utf-8")


def test_two_copies_of_one_session_as_long_as_each_other_do_not_take_turns(vault, tmp_path):
    first = [{"role": "user", "content": "add the export button"}]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_generic(tmp_path / "a" / "s.jsonl", first + [{"role": "assistant", "content": "Added the export button."}],
                      {"session_id": "real-id-2", "agent": "generic"})
    b = write_generic(tmp_path / "b" / "s.jsonl", first + [{"role": "assistant", "content": "Added the exp"}],
                      {"session_id": "real-id-2", "agent": "generic"})   # copied while the answer was written
    statuses = [json.loads(run_cli("--vault", str(vault), "ingest", str(a), str(b), "--json", check=True).stdout)
                ["files"] for _ in range(2)]
    assert [[f["status"] for f in run] for run in statuses] == [["written", "unchanged"], ["unchanged", "unchanged"]]
    assert "Added the export button." in trace_files(vault)[0].read_text(encoding="utf-8")


def test_invalid_utf8_is_kept_readable(vault, tmp_path):
    log = tmp_path / "bad.jsonl"
    log.write_bytes(b'{"type":"session","session_id":"utf-1"}\n{"role":"user","content":"caf\xe9 \xff menu"}\n')
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    (path,) = trace_files(vault)
    assert "caf\ufffd \ufffd menu" in path.read_text(encoding="utf-8")


def test_hostile_session_id_cannot_escape_the_vault(vault, tmp_path):
    log = write_generic(tmp_path / "evil.jsonl", [{"role": "user", "content": "hello there"}],
                        {"session_id": "../../../../tmp/evil", "agent": "generic"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    (path,) = trace_files(vault)
    assert path.resolve().is_relative_to(vault.resolve() / "traces")
    assert notes.read(path).meta["session_id"] == "../../../../tmp/evil"
    assert not (tmp_path.parent / "evil.md").exists()


def test_garbage_file_is_one_clear_error_and_leaves_the_vault_alone(vault, tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 40)
    head = git(vault, "rev-parse", "HEAD")
    proc = run_cli("--vault", str(vault), "ingest", str(junk))
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "junk.bin" in proc.stderr and "Traceback" not in proc.stderr
    assert git(vault, "status", "--porcelain") == "" and git(vault, "rev-parse", "HEAD") == head
    missing = run_cli("--vault", str(vault), "ingest", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 1 and "no such file" in missing.stderr


SECRETS = [
    "sk-ant-api03-" + "Xy7" * 30 + "AA",
    "ghp_" + "a1B2c3D4e5" * 3 + "zzzzzz",
    "AKIAIOSFODNN7EXAMPLQ",
    "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
]


def test_secrets_never_reach_the_vault_or_its_history(vault, tmp_path):
    log = write_generic(tmp_path / "sec.jsonl", [
        {"role": "user", "content": f"use this key {SECRETS[0]} for the test"},
        {"role": "assistant", "content": "ok", "tool_calls": [
            {"id": "c1", "name": "Bash", "input": {"command": f"export GITHUB_TOKEN={SECRETS[1]}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": f"AWS_ACCESS_KEY_ID={SECRETS[2]}\nSLACK={SECRETS[3]}\n"
                                                           "db: postgres://app:hunter2secret@db.internal/app"},
    ], {"session_id": "sec-1", "agent": "generic"})
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(log), "--json", check=True).stdout)
    assert out["files"][0]["redactions"] >= 5
    history = git(vault, "log", "-p", "--all")
    files = "".join(p.read_text(errors="replace") for p in vault.rglob("*") if p.is_file() and ".git" not in p.parts)
    for secret in SECRETS + ["hunter2secret"]:
        assert secret not in history and secret not in files
    assert "REDACTED" in files


def test_reindex_from_scratch_gives_identical_search_results(vault):
    examples = Path(__file__).resolve().parent.parent / "examples" / "sessions"
    run_cli("--vault", str(vault), "ingest", str(examples), check=True)
    queries = ["column", "git add", "circuit breaker", "settings module"]
    before = [run_cli("--vault", str(vault), "search", q, "--json", check=True).stdout for q in queries]
    shutil.rmtree(vault / ".memkit")
    run_cli("--vault", str(vault), "reindex", check=True)
    after = [run_cli("--vault", str(vault), "search", q, "--json", check=True).stdout for q in queries]
    assert before == after and any(json.loads(b) for b in before)


def test_no_vault_is_one_line_error(tmp_path):
    proc = run_cli("status", cwd=tmp_path)
    assert proc.returncode == 1 and "no memkit vault" in proc.stderr and proc.stderr.count("\n") == 1


def test_unknown_id_suggests(vault):
    examples = Path(__file__).resolve().parent.parent / "examples" / "sessions"
    run_cli("--vault", str(vault), "ingest", "--no-extract", str(examples), check=True)
    proc = run_cli("--vault", str(vault), "show", "2026-03-02-claude-b7c1e0a")
    assert proc.returncode == 1 and "did you mean 2026-03-02-claude-b7c1e0aa" in proc.stderr


def test_raw_copy_is_kept_without_secrets(vault, tmp_path):
    toml = vault / "memkit.toml"
    toml.write_text(toml.read_text().replace("keep_raw = false", "keep_raw = true"))
    log = write_generic(tmp_path / "raw.jsonl", [{"role": "user", "content": f"token {SECRETS[1]} please"}],
                        {"session_id": "raw-1"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    (raw,) = (vault / "traces" / "raw").glob("*.jsonl")
    assert "please" in raw.read_text() and SECRETS[1] not in raw.read_text()
    assert SECRETS[1] not in git(vault, "log", "-p", "--all")


def test_a_line_longer_than_the_limit_is_skipped_without_being_held(tmp_path):
    import io

    from memkit.traces.readers.lines import iter_lines

    data = b'{"a": 1}\n' + b"x" * 5000 + b"\n" + b'{"b": 2}\n' + b"y" * 3000
    assert list(iter_lines(io.BytesIO(data), limit=1000)) == [b'{"a": 1}\n', None, b'{"b": 2}\n', None]


def test_init_with_the_vault_option_creates_that_vault_not_one_here(tmp_path):
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    out = run_cli("--vault", str(there), "init", cwd=here, check=True)
    assert (there / "memkit.toml").is_file() and not (here / "memkit.toml").exists()
    assert str(there) in out.stdout
    run_cli("init", cwd=here, check=True)   # no PATH and no --vault: here
    assert (here / "memkit.toml").is_file()


def _aider(folder: Path, started: str, said: str) -> Path:
    folder.mkdir(parents=True)
    log = folder / ".aider.chat.history.md"
    log.write_text(f"\n# aider chat started at {started}\n\n#### {said}  \n\nOk.\n")
    return log


def test_trace_ids_do_not_depend_on_ingest_order_nor_collide_for_sessions_named_alike(tmp_path):
    """An aider log's session id is its start time, a generic log's may be `session-1`: their first
    characters are the same for every session of a day, so ids come from a digest of the whole id."""
    logs = [_aider(tmp_path / "a", "2026-04-09 09:00:00", "refactor the parser"),
            _aider(tmp_path / "b", "2026-04-09 15:30:00", "write docs for the cli"),
            write_generic(tmp_path / "g1.jsonl", [{"role": "user", "content": "one"}], {"session_id": "gen-session-1"}),
            write_generic(tmp_path / "g2.jsonl", [{"role": "user", "content": "two"}], {"session_id": "gen-session-2"})]
    ids = []
    for name, order in (("v1", logs), ("v2", logs[::-1])):
        vault = tmp_path / name
        run_cli("init", str(vault), check=True)
        for log in order:
            run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True)
        ids.append(sorted(p.stem for p in (vault / "traces").rglob("*.md")))
    assert ids[0] == ids[1] and len(ids[0]) == 4
    assert all(len(i.rsplit("-", 1)[1]) == 8 for i in ids[0])   # the short id each time: no collision


def test_a_trace_named_the_earlier_way_is_kept_by_a_later_ingest(vault, tmp_path):
    log = _aider(tmp_path / "a", "2026-04-09 09:00:00", "refactor the parser")
    run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True)
    [path] = (vault / "traces").rglob("*.md")
    note = notes.read(path)
    from memkit.traces.model import Session

    old = traces.trace_id(Session(session_id=note.meta["session_id"], agent="aider", started=note.meta["started"]),
                          legacy=True)
    assert old != path.stem and old.endswith("-aider202")   # what memkit called it before
    note.meta["id"] = old
    (path.parent / f"{old}.md").write_text(notes.render(notes.Note(notes.stamp(note.meta, note.body), note.body)))
    path.unlink()
    git(vault, "add", "-A")
    git(vault, "commit", "-qm", "a vault of the earlier naming")
    out = run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True).stdout
    assert "1 unchanged" in out and [p.stem for p in (vault / "traces").rglob("*.md")] == [old]


def test_a_live_trace_given_a_property_of_ones_own_still_gets_the_sessions_later_turns(vault, tmp_path):
    said = [{"role": "user", "content": "publish the package"}, {"role": "assistant", "content": "Publishing."}]
    log = write_generic(tmp_path / "live.jsonl", said, {"session_id": "live-1"})
    run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True)
    [path] = (vault / "traces").rglob("*.md")
    path.write_text(path.read_text().replace("\ntags:\n", "\nrating: 5\ntags:\n", 1))   # a property in Obsidian
    later = said + [{"role": "user", "content": "no, never publish from a laptop; push a tag and let CI publish"}]
    write_generic(log, later, {"session_id": "live-1"})
    out = run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True).stdout
    note = notes.read(path)
    assert "1 updated" in out and note.meta["turns"] == 3 and note.meta["rating"] == 5
    assert "never publish from a laptop" in note.body
    path.write_text(path.read_text().replace("publish the package", "publish the package (my note)", 1))
    write_generic(log, later + [{"role": "assistant", "content": "Understood."}], {"session_id": "live-1"})
    out = run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True).stdout
    assert "left alone (edited by hand)" in out and "(my note)" in path.read_text()   # its text: theirs


def test_a_log_that_lost_an_earlier_record_leaves_the_trace_and_its_anchors_as_they_are(vault, tmp_path):
    said = [{"role": "user", "content": "speed up the test suite"},
            {"role": "assistant", "content": "Deleting the slow ones.",
             "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "rm -rf tests/integration"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "rejected", "rejected": True},
            {"role": "user", "content": "no, never delete tests to make the suite faster; mark them slow instead"},
            {"role": "assistant", "content": "Sorry, marking them."}]
    log = write_generic(tmp_path / "s.jsonl", said, {"session_id": "lost-1"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [trace] = (vault / "traces").rglob("*.md")
    before, candidates = trace.read_text(), sorted((vault / "workshop").rglob("*.md"))
    write_generic(log, said[1:] + [{"role": "user", "content": "thanks, now run the suite"}], {"session_id": "lost-1"})
    out = run_cli("--vault", str(vault), "ingest", str(log), check=True).stdout
    assert "1 whose turns differ from their trace's (kept)" in out and "keeps its turns and their numbers" in out
    assert trace.read_text() == before and sorted((vault / "workshop").rglob("*.md")) == candidates
    # the same turns redacted more (a trace an older redactor let a token through): rewritten, redacted
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" * 2   # in most turns: each of them differs
    note, body = notes.read(trace), notes.read(trace).body
    for k in (0, 1, 3, 4):
        body = body.replace(said[k]["content"], f"{said[k]['content']} (token {token})")
        said[k] = {**said[k], "content": f"{said[k]['content']} (token {token})"}
    meta = {**note.meta, "memkit-sha": notes.content_hash(note.meta, body)}   # as memkit once wrote it
    trace.write_text(f"---\n{notes.dump_meta(meta)}---\n{body}")
    write_generic(log, said, {"session_id": "lost-1"})
    assert "1 updated" in run_cli("--vault", str(vault), "ingest", str(log), check=True).stdout
    assert token not in trace.read_text()


def test_a_turn_a_better_reader_finds_before_the_others_does_not_freeze_the_trace(vault, tmp_path):
    """A log read again by a reader that now finds its first prompt (one a byte-order mark hid) holds
    every turn of the trace and one more before them: the trace is rewritten, the session goes on."""
    said = [{"role": "user", "content": "publish the package"}, {"role": "assistant", "content": "Publishing."},
            {"role": "user", "content": "no, never publish from a laptop"}, {"role": "assistant", "content": "Ok."}]
    log = write_generic(tmp_path / "r.jsonl", said[1:], {"session_id": "reader-1"})
    run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True)
    write_generic(log, said + [{"role": "user", "content": "and tag it v2"}], {"session_id": "reader-1"})
    out = run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True).stdout
    [trace] = (vault / "traces").rglob("*.md")
    assert "1 updated" in out and notes.read(trace).meta["turns"] == 5
