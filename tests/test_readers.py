"""Log readers (codex, aider, generic, console): real fixture files in, normalised sessions out.

Fixtures live in tests/fixtures/logs/ (written for memkit from the format notes);
robustness cases are built from them in tmp_path. Tests over the real console
copies in ../shared/corpora skip when that folder is absent.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memkit.ingest import codex, generic
from memkit.ingest.model import Session, Turn
from memkit.layers import Flag, Role

FIXTURES = Path(__file__).parent / "fixtures" / "logs"
CORPORA = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora"
CLAUDE_LINE = ('{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/x","sessionId":"abc",'
               '"version":"2.1.7","type":"user","message":{"role":"user","content":"hi"},"uuid":"u1",'
               '"timestamp":"2026-01-16T01:53:46.042Z"}')
CODEX_CURRENT = FIXTURES / "codex-rollout-2026-02-10T10-00-00-0199a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b.jsonl"
CODEX_LEGACY = FIXTURES / "codex-legacy-rollout-2025-09-22T12-04-00-5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl"
CODEX_CONVERSATION = FIXTURES / "codex-conversation-only.jsonl"
AIDER = FIXTURES / "project-x" / ".aider.chat.history.md"
CONSOLE = FIXTURES / "console-day.md"
OWN = {
    codex: [CODEX_CURRENT, CODEX_LEGACY, CODEX_CONVERSATION],
    generic: [FIXTURES / "generic.jsonl", FIXTURES / "generic-headerless.jsonl"],
}
READERS = list(OWN)


def head(path: Path) -> str:
    with open(path, "rb") as f:
        return f.read(8192).decode("utf-8", errors="replace")


def only(sessions: list[Session]) -> Session:
    assert len(sessions) == 1
    return sessions[0]


def counts(session: Session) -> tuple[int, int, int]:
    """(typed prompts, interrupts, rejections)."""
    turns = session.turns
    return (sum(t.typed for t in turns), sum(Flag.INTERRUPT in t.flags and t.role is Role.USER for t in turns),
            sum(Flag.REJECTED in t.flags for t in turns))


def shape(turns: list[Turn]) -> list[tuple[str, set[str]]]:
    return [(t.role.value, {f.value for f in t.flags}) for t in turns]


def assert_paired(session: Session) -> None:
    """Every tool turn answers a call made earlier by an assistant turn, with that tool's name."""
    calls = {}
    for t in session.turns:
        for c in t.tool_calls:
            assert t.role is Role.ASSISTANT
            calls[c.id] = c.name
        if t.role is Role.TOOL:
            assert calls.get(t.tool_call_id) == t.tool_name, t
    assert [t.n for t in session.turns] == list(range(1, len(session.turns) + 1))


# ---------------------------------------------------------------- detection, all readers

@pytest.mark.parametrize("reader", READERS, ids=lambda m: m.NAME)
def test_detect_accepts_own_fixtures_and_rejects_the_others(reader, tmp_path):
    claude = tmp_path / "3f2a.jsonl"
    claude.write_text(CLAUDE_LINE + "\n")
    for mod, paths in OWN.items():
        for path in paths:
            assert reader.detect(path, head(path)) is (mod is reader), (reader.NAME, path.name)
    assert reader.detect(claude, head(claude)) is False


def test_module_contract():
    assert [(m.NAME, m.AGENT) for m in READERS] == [("codex", "codex"), ("generic", "generic")]


@pytest.mark.parametrize("reader", READERS, ids=lambda m: m.NAME)
def test_empty_and_unrecognisable_files_give_no_session(reader, tmp_path):
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    noise = tmp_path / "noise.log"
    noise.write_bytes(b"just some words\n\xff\xfe\n[1, 2]\n")
    assert reader.read(empty) == []
    assert reader.read(noise) == []
    assert reader.detect(empty, "") is False


@pytest.mark.parametrize("reader", READERS, ids=lambda m: m.NAME)
def test_same_file_gives_the_same_sessions(reader):
    for path in OWN[reader]:
        assert reader.read(path) == reader.read(path)


# ---------------------------------------------------------------- generic

def test_generic_one_turn_per_line_with_header():
    s = only(generic.read(FIXTURES / "generic.jsonl"))
    assert (s.session_id, s.agent, s.project, s.cwd) == ("gen-7f3a", "my-agent", "shop", "/home/ana/src/shop")
    assert shape(s.turns) == [
        ("system", {"meta"}), ("user", set()), ("assistant", set()), ("tool", {"error"}),
        ("assistant", set()), ("tool", {"rejected"}), ("user", set()), ("assistant", set()),
        ("user", {"interrupt"}), ("user", set()), ("assistant", set())]
    assert counts(s) == (3, 1, 1)
    assert s.skipped_lines == 2                      # a prose line and a JSON list
    assert s.turns[1].name == "ana"
    assert s.turns[2].tool_calls[0].input == {"command": "pytest -q"}
    assert s.turns[4].text == "The failures are in the cart.\nI will delete the failing tests."
    assert s.turns[4].tool_calls[0].input == "rm tests/test_cart.py"
    assert (s.turns[3].tool_name, s.turns[3].tool_call_id) == ("shell", "t1")  # looked up by id
    assert (s.started, s.ended) == ("2026-02-01T09:00:00Z", "2026-02-01T09:01:10Z")
    assert_paired(s)


def test_generic_without_header_uses_the_file_stem():
    s = only(generic.read(FIXTURES / "generic-headerless.jsonl"))
    assert (s.session_id, s.agent, s.project, s.cwd) == ("generic-headerless", "generic", "", "")
    assert s.turns[0].ts == "2026-01-01T10:00:00.000Z"    # epoch seconds become ISO UTC
    assert s.turns[1].ts is None


def test_generic_bad_bytes_and_truncated_last_line(tmp_path):
    path = tmp_path / "g.jsonl"
    shutil.copy(FIXTURES / "generic.jsonl", path)
    with open(path, "ab") as f:
        f.write(b'{"role":"user","content":"caf\xe9 \xff ok"}\n{"role":"assistant","content":"cut sh')
    s = only(generic.read(path))
    assert s.turns[-1].text == "caf\ufffd \ufffd ok" and s.turns[-1].typed
    assert s.skipped_lines == 3


def test_generic_detects_a_first_line_longer_than_the_head(tmp_path):
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps({"role": "user", "content": "x" * 20000}) + "\n")
    assert generic.detect(path, head(path))
    assert not codex.detect(path, head(path))


# ---------------------------------------------------------------- codex

def test_codex_current_format():
    s = only(codex.read(CODEX_CURRENT))
    assert (s.session_id, s.agent) == ("0199a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b", "codex")
    assert (s.cwd, s.project) == ("/home/ana/src/deploykit", "deploykit")
    assert s.started == "2026-02-10T10:00:00.000Z" and s.ended == "2026-02-10T10:00:31.000Z"
    assert s.skipped_lines == 1                      # the torn response_item line
    assert shape(s.turns) == [
        ("system", {"meta"}), ("system", {"meta"}), ("system", {"meta"}),   # developer, AGENTS.md, env
        ("user", set()),
        ("assistant", set()), ("tool", set()),
        ("assistant", set()), ("tool", {"error"}),
        ("assistant", set()), ("tool", set()),
        ("assistant", set()), ("tool", {"rejected"}),
        ("assistant", set()),
        ("user", set()), ("assistant", set()), ("user", {"interrupt"}),
        ("user", set()), ("system", {"compact-summary", "meta"}), ("assistant", set())]
    assert counts(s) == (3, 1, 1)
    prompts = [t.text for t in s.turns if t.typed]   # each prompt once: event_msg wins over its copy
    assert prompts == ["Add a --dry-run flag to scripts/deploy.sh",
                       "no, keep the build dir; use git clean -n to preview instead",
                       "Also document the flag in README.md"]
    assert_paired(s)


def test_codex_tool_calls_reasoning_and_outputs():
    turns = only(codex.read(CODEX_CURRENT)).turns
    first = turns[4]
    assert first.thinking == "**Inspecting the deploy script**"
    assert first.text == "I'll look at the script first."
    assert first.tool_calls[0].input == {"cmd": "sed -n 1,40p scripts/deploy.sh", "workdir": "/home/ana/src/deploykit"}
    assert turns[5].text.endswith("rsync -a build/ prod:/srv/app\n")
    assert "syntax error" in turns[7].text                 # "Exit code: 2" -> error
    patch = turns[8].tool_calls[0]
    assert (patch.name, patch.input.startswith("*** Begin Patch")) == ("apply_patch", True)
    assert turns[9].text == "Success. Updated the following files:\nM scripts/deploy.sh\n"
    assert turns[11].text == "exec command rejected by user"
    assert turns[14].tool_calls[0].input == '{"cmd": "git clean -n", '   # unparseable: the raw string


def test_codex_legacy_format():
    s = only(codex.read(CODEX_LEGACY))
    assert s.session_id == "5973b6c0-94b8-487b-a530-2aeb6098ae0e"
    assert (s.cwd, s.project) == ("/home/ana/metrics", "metrics")    # from <environment_context>
    assert s.started == "2025-09-22T12:04:00.512Z"
    assert shape(s.turns) == [
        ("system", {"meta"}), ("system", {"meta"}), ("user", set()),
        ("assistant", set()), ("tool", set()), ("assistant", set()), ("tool", {"error"}),
        ("assistant", set())]
    assert s.turns[0].text == "Prefer pytest over unittest."
    assert s.turns[3].thinking == "**Reading the script**"
    assert s.turns[3].tool_calls[0].input == {"command": ["bash", "-lc", "cat metrics_check.sh"]}
    assert s.turns[6].text == "0\n"                              # exit_code 1 in the metadata
    assert counts(s) == (1, 0, 0)
    assert_paired(s)


def test_codex_conversation_only_export_falls_back_to_response_items():
    s = only(codex.read(CODEX_CONVERSATION))
    assert s.session_id == "codex-conversation-only"            # no uuid in the name
    assert [t.text for t in s.turns if t.typed] == ["List the cron jobs on this box", "thanks"]
    assert s.cwd == "/srv/tools"
    assert_paired(s)


def test_codex_bad_bytes_truncated_line_and_id_from_filename(tmp_path):
    path = tmp_path / "rollout-2026-03-01T08-00-00-0199ffff-0000-7000-8000-000000000001.jsonl"
    lines = CODEX_CONVERSATION.read_bytes()
    lines += b'{"timestamp":"2026-02-10T10:05:00Z","type":"event_msg","payload":{"type":"user_message",'
    lines += b'"message":"na\xefve \xff"}}\n{"timestamp":"2026-02-10T10:06:00Z","type":"respo'
    path.write_bytes(lines)
    s = only(codex.read(path))
    assert s.session_id == "0199ffff-0000-7000-8000-000000000001"
    assert s.skipped_lines == 1
    # once event_msg prompts exist they are the typed ones; the response_item copies stay as meta
    assert [t.text for t in s.turns if t.typed] == ["na\ufffdve \ufffd"]
    assert [t.text for t in s.turns if t.role is Role.SYSTEM][1:] == ["List the cron jobs on this box", "thanks"]


def test_codex_detects_a_session_meta_longer_than_the_head(tmp_path):
    path = tmp_path / "rollout.jsonl"
    meta = {"timestamp": "2026-02-10T10:00:00Z", "type": "session_meta",
            "payload": {"id": "x", "cwd": "/w", "base_instructions": {"text": "y" * 20000}}}
    path.write_text(json.dumps(meta) + "\n")
    assert codex.detect(path, head(path))
    assert not generic.detect(path, head(path))
    assert codex.read(path) == []                    # a session that has not started yet
