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

from memkit.traces.readers import aider, codex, console, generic
from memkit.traces.model import Session, Turn
from memkit.layers import Flag, Role

FIXTURES = Path(__file__).parent / "fixtures" / "logs"
CORPORA = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora"
CLAUDE_LINE = ('{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/x","sessionId":"abc",'
               '"version":"2.1.7","type":"user","message":{"role":"user","content":"hi"},"uuid":"u1",'
               '"timestamp":"2026-01-16T01:53:46.042Z"}')
CODEX_CURRENT = FIXTURES / "codex-rollout-2026-02-10T10-00-00-0199a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b.jsonl"
CODEX_LEGACY = FIXTURES / ("codex-legacy-rollout-2025-09-22T12-04-00-"
                           "5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl")
CODEX_CONVERSATION = FIXTURES / "codex-conversation-only.jsonl"
AIDER = FIXTURES / "project-x" / ".aider.chat.history.md"
CONSOLE = FIXTURES / "console-day.md"
OWN = {
    codex: [CODEX_CURRENT, CODEX_LEGACY, CODEX_CONVERSATION],
    aider: [AIDER],
    generic: [FIXTURES / "generic.jsonl", FIXTURES / "generic-headerless.jsonl"],
    console: [CONSOLE],
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
    return (sum(t.typed for t in turns),
            sum(Flag.INTERRUPT in t.flags and t.role is Role.USER for t in turns),
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
    assert [(m.NAME, m.AGENT) for m in READERS] == [
        ("codex", "codex"), ("aider", "aider"), ("generic", "generic"), ("console", "claude-code")]


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
    assert first.tool_calls[0].input == {"cmd": "sed -n 1,40p scripts/deploy.sh",
                                         "workdir": "/home/ana/src/deploykit"}
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
    copies = [t.text for t in s.turns if t.role is Role.SYSTEM][1:]
    assert copies == ["List the cron jobs on this box", "thanks"]


def test_codex_detects_a_session_meta_longer_than_the_head(tmp_path):
    path = tmp_path / "rollout.jsonl"
    meta = {"timestamp": "2026-02-10T10:00:00Z", "type": "session_meta",
            "payload": {"id": "x", "cwd": "/w", "base_instructions": {"text": "y" * 20000}}}
    path.write_text(json.dumps(meta) + "\n")
    assert codex.detect(path, head(path))
    assert not generic.detect(path, head(path))
    assert codex.read(path) == []                    # a session that has not started yet


# ---------------------------------------------------------------- aider

def test_aider_splits_sessions_on_the_header():
    sessions = aider.read(AIDER)
    assert [s.session_id for s in sessions] == [
        "aider-20250922-120400", "aider-20250922-145500", "aider-20250922-145500-2"]
    assert [s.started for s in sessions] == [
        "2025-09-22T12:04:00", "2025-09-22T14:55:00", "2025-09-22T14:55:00"]
    assert {(s.agent, s.project, s.cwd) for s in sessions} == {("aider", "project-x", "")}
    first = sessions[0]
    assert first.turns[0].ts == "2025-09-22T12:04:00" and all(t.ts is None for t in first.turns[1:])


def test_aider_turn_roles_and_flags():
    s = aider.read(AIDER)[0]
    assert shape(s.turns) == [
        ("system", set()),                                   # banner
        ("user", {"command"}), ("system", set()),            # /ask
        ("user", {"command"}), ("system", set()),            # /model …
        ("user", set()), ("assistant", set()), ("system", set()), ("user", {"interrupt"}),
        ("user", set()), ("assistant", set()), ("tool", set()), ("tool", {"rejected"}), ("system", set()),
        ("user", {"command"}), ("system", set()),            # /add
        ("user", set()), ("user", {"interrupt"}), ("assistant", set()),
        ("user", set()), ("assistant", set()), ("tool", set()), ("system", set())]
    assert counts(s) == (4, 2, 1)
    assert [t.text for t in s.turns if t.typed] == [
        "We need a health check for the service:\n    - ping /healthz\n    - report the latency",
        "Write check.sh that pings $URL and prints the latency",     # /code X and its echo: one prompt
        "Let's use python instead of bash",
        "Actually, never mind. Keep bash, but make the output verbose."]
    assert not any(line.endswith(" ") for t in s.turns for line in t.text.split("\n"))
    assert_paired(s)


def test_aider_output_lines_and_quotes_in_the_reply():
    turns = aider.read(AIDER)[0].turns
    assert turns[6].text.endswith("```bash\n> this quoted line stays in the reply\n```")
    assert turns[13].text.splitlines()[-4:] == [
        "Commit e14ab36 feat: add check.sh health check script",
        "export URL=http://localhost:8080", "./check.sh",          # aider's unprefixed continuation
        "Run shell commands? (Y)es/(N)o/(D)on't ask again [Yes]: n"]
    assert turns[18].text.endswith("<<<<<<< SE") and turns[18].tool_calls == ()   # a torn edit block


def test_aider_edit_blocks_become_edit_calls():
    sessions = aider.read(AIDER)
    turns = sessions[0].turns
    create, makefile = turns[10].tool_calls
    assert create.id == "edit-1" and create.name == "Edit"
    assert create.input == {
        "file_path": "check.sh", "old_string": "",
        "new_string": "#!/bin/sh\ncurl -s -o /dev/null -w '%{time_total}\\n' \"$URL/healthz\""}
    assert makefile.input == {
        "file_path": "Makefile", "old_string": "check:", "new_string": "check:\n\t./check.sh"}
    assert "<<<<<<< SEARCH" in turns[10].text                   # the reply keeps its text
    assert (turns[11].tool_call_id, turns[11].text) == ("edit-1", "Applied edit to check.sh")
    assert (turns[12].tool_call_id, turns[12].flags) == ("edit-2", frozenset({Flag.REJECTED}))
    assert turns[20].tool_calls[0].id == "edit-3" and turns[21].tool_call_id == "edit-3"
    failed = sessions[1].turns
    assert shape(failed) == [("system", set()), ("user", set()), ("assistant", set()), ("tool", {"error"}),
                             ("system", set())]
    assert failed[3].text == "# 1 SEARCH/REPLACE block failed to match!"


def test_aider_bad_bytes_and_a_torn_last_line(tmp_path):
    path = tmp_path / ".aider.chat.history.md"
    path.write_bytes(AIDER.read_bytes() + b"#### caf\xe9 \xff  \n> Tokens: 1k sen")
    last = aider.read(path)[-1]
    assert [t.text for t in last.turns[-2:]] == ["caf\ufffd \ufffd", "Tokens: 1k sen"]
    assert last.turns[-2].typed and last.skipped_lines == 0


def test_aider_detects_by_name_or_header(tmp_path):
    renamed = tmp_path / "chat-log.md"
    renamed.write_bytes(AIDER.read_bytes())
    assert aider.detect(renamed, head(renamed))
    named = tmp_path / ".aider.chat.history.md"
    named.write_text("")
    assert aider.detect(named, "") and aider.read(named) == []


# ---------------------------------------------------------------- console

def test_console_sessions_from_banners():
    sessions = console.read(CONSOLE)
    assert [(s.session_id, s.agent, s.cwd, s.project) for s in sessions] == [
        ("console-console-day-1", "claude-code", "/Users/ana/Developer/Shelfie", "Shelfie"),
        ("console-console-day-2", "claude-code", "/Users/ana/Developer/Other", "Other")]
    assert all(t.ts is None for s in sessions for t in s.turns)
    assert [counts(s) for s in sessions] == [(5, 2, 2), (3, 1, 1)]
    for s in sessions:
        assert_paired(s)


def test_console_turns():
    s = console.read(CONSOLE)[0]
    assert shape(s.turns) == [
        ("user", set()), ("assistant", set()), ("tool", set()),              # Read
        ("assistant", set()), ("tool", set()),                               # text + Bash
        ("assistant", set()), ("tool", {"rejected"}), ("user", set()),       # No (tell Claude …)
        ("assistant", set()), ("tool", set()), ("user", {"interrupt"}),      # Call(…) interrupted
        ("user", {"command"}), ("system", {"command"}),                       # /compact
        ("system", {"compact-summary", "meta"}),                             # pasted compaction summary
        ("user", set()), ("system", {"meta"}),                               # @notes.md attachment
        ("assistant", set()), ("tool", {"rejected"}),                        # thinking, text, refused edit
        ("assistant", set()), ("tool", set()),                               # multi-line Bash
        ("assistant", set()), ("tool", {"error"}), ("system", {"hook"}),
        ("assistant", set()), ("tool", set()),                               # Update Todos
        ("user", {"command"}), ("system", {"command"}),                       # ! git status
        ("user", {"command"}), ("assistant", set()),                         # /expert-council is running…
        ("user", set()), ("user", {"interrupt"}),                            # two ⎿ lines, one interrupt
        ("user", set()), ("assistant", set())]                               # a path is not a command
    assert s.turns[0].text == "Let's set up the project skeleton\nwith a src layout please"
    assert s.turns[4].text == "(No content)"                                  # non-breaking spaces
    assert s.turns[16].thinking == "The user wants a gap analysis of notes.md against the plan."
    assert "> the export must be Markdown" in s.turns[16].text             # quoted, not a prompt
    assert "> even after a blank line" in s.turns[16].text                 # inside a column-0 fence
    assert s.turns[17].text.startswith("User rejected update to src/shelfie/cli.py\n  1   import click")


def test_console_tool_calls():
    s = console.read(CONSOLE)[0]
    calls = [c for t in s.turns for c in t.tool_calls]
    assert [(c.id, c.name, c.input) for c in calls] == [
        ("c1", "Read", {"file_path": "PLAN.md"}),
        ("c2", "Bash", {"command": "mkdir -p src/shelfie tests"}),
        ("c3", "Bash", {"command": "rm -rf tests"}),
        ("c4", "Call", {"raw": "Create empty modules"}),
        ("c5", "Update", {"file_path": "src/shelfie/cli.py"}),
        ("c6", "Bash", {"command": 'python3 -c "\nimport sys\nprint(sys.version)\n"'}),
        ("c7", "Bash", {"command": "false"}),
        ("c8", "TodoWrite", {"raw": ""})]
    assert s.turns[19].text == "3.13.5"                                      # "Waiting…" dropped


def test_console_plans_compaction_and_a_bare_interrupt():
    s = console.read(CONSOLE)[1]
    assert shape(s.turns) == [
        ("user", {"command"}), ("system", {"command"}), ("user", set()), ("assistant", set()),
        ("user", {"interrupt"}),                                             # "Interrupted by user" alone
        ("assistant", set()), ("tool", {"rejected"}), ("user", set()),       # a refused plan
        ("assistant", set()), ("tool", set()),                               # an approved plan
        ("assistant", set()), ("tool", set()),
        ("system", {"meta"}), ("system", {"compact-summary", "meta"}), ("user", set())]
    assert [c.name for t in s.turns for c in t.tool_calls] == ["ExitPlanMode", "ExitPlanMode", "Write"]
    assert s.turns[10].tool_calls[0].input == {"file_path": "notes/todo.md"}


def test_console_without_banner_and_with_bad_bytes(tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_bytes(b"> fix the caf\xe9 \xff bug\n\n\xe2\x8f\xba Done.\n")
    s = only(console.read(path))
    assert (s.session_id, s.project, s.cwd) == ("console-pasted-1", "", "")
    assert s.turns[0].text == "fix the caf\ufffd \ufffd bug" and s.turns[0].typed
    assert s.turns[1].text == "Done."


# The console copies of BookMinder (../shared/corpora/bookminder-console). SOURCES.md
# counted lines starting "> " as prompts and every "Interrupted by user" / "No (tell
# Claude what to do differently)" occurrence. Per day, SOURCES vs this reader
# (prompts / interrupts / rejections):
#
#   day  SOURCES        memkit        where they differ
#   002   39 /  1 /   8   36 / 1 /   8  3 slash commands; one "No (tell…" is file text shown by
#                                        Read, one "User rejected write to requirements.txt"
#   003   35 /  0 /   6   28 / 0 /   6  5 slash commands, 2 compaction summaries
#   004  109 /  1 /  21  102 / 1 /  28  4 slash commands, 3 summaries; +7 "User rejected update/write"
#   005   47 /  0 /  10   43 / 0 /  10  3 slash commands, 1 summary
#   017   33 /  8 /   0   27 / 4 /   6  6 slash commands; interrupts printed twice; 3 rejected
#                                        edits and 3 refused plans ("User rejected Claude's plan")
#   018  158 / 22 /  13  135 /11 /  37  23 slash commands; interrupts printed twice; one "No (tell…"
#                                        is a Task sub-agent progress line; +25 "User rejected …"
#   019   92 /  7 /   2   78 / 4 /  14  14 slash commands; 3 doubled interrupts + 1; +12 "User rejected"
#   020  717 / 51 /  66  630 /25 / 111  37 slash commands, 5 summaries, 45 ">" lines quoting Gemini
#                                        inside one assistant reply; 25 doubled interrupts, one nested
#                                        in a Task; +45 "User rejected …"
#   021  135 / 20 /  14  120 / 8 /  24  14 slash commands, 1 summary; 7 interrupts + 1 "Error:
#                                        Interrupted" pair; the rest are quotes (rg output, a diff,
#                                        a prompt, a list); 2 "No (tell…" inside a Gemini CLI box
#
# Why ours are right: a slash command is not something typed as a prompt (Flag.COMMAND), and
# "> This session is being continued from a previous conversation…" is Claude Code pasting its
# compaction summary (Flag.COMPACT_SUMMARY). Claude Code 1.0.x prints each interrupt as two
# consecutive "⎿ Interrupted by user" lines (the tool result and the interrupt message, as the
# JSONL transcript records both), so one pair is one interrupt. Rejected edits show as "⎿ User
# rejected update to X" and refused plans as "User rejected Claude's plan:", not only as
# "No (tell Claude…)". Both counts include the day-020 banners that re-print earlier history after
# /compact (sessions 2 and 4, 3 and 5 repeat), and neither counts the 19 "! cmd" shell lines.
# The rejection counts also hold the edits a person declined by typing instead: an edit whose only
# result is "(No changes)" followed at once by a prompt (SOURCES counts none of them).
BOOKMINDER = {
    "day-002": (36, 1, 8), "day-003": (28, 0, 6), "day-004": (102, 1, 39), "day-005": (43, 0, 11),
    "day-017": (27, 4, 8), "day-018": (135, 11, 51), "day-019": (78, 4, 42), "day-020": (630, 25, 196),
    "day-021": (120, 8, 55),
}


@pytest.mark.parametrize("day", sorted(BOOKMINDER))
def test_console_counts_on_the_real_bookminder_copies(day):
    path = CORPORA / "bookminder-console" / f"{day}.md"
    if not path.exists():
        pytest.skip("../shared/corpora is not available")
    assert console.detect(path, head(path))
    sessions = console.read(path)
    totals = [sum(c) for c in zip(*(counts(s) for s in sessions))]
    assert tuple(totals) == BOOKMINDER[day]
    for s in sessions:
        assert_paired(s)


@pytest.mark.parametrize("path", [*OWN[codex], *OWN[aider], *OWN[generic], *OWN[console],
                                  Path(__file__).resolve().parents[1] / "examples" / "sessions" /
                                  "2026-03-04-ledger-commit.jsonl"], ids=lambda p: p.name)
def test_a_byte_order_mark_at_the_start_changes_nothing_read(path, tmp_path):
    from memkit.traces import ingest

    marked = tmp_path / path.parent.name / path.name   # the folder names an aider log's project
    marked.parent.mkdir()
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    name = ingest.detect(path)
    assert ingest.detect(marked) == name
    plain, bom = ingest.reader(name).read(path), ingest.reader(name).read(marked)
    assert [(s.session_id, s.agent, s.project, len(s.turns), s.skipped_lines) for s in bom] == \
        [(s.session_id, s.agent, s.project, len(s.turns), s.skipped_lines) for s in plain]
    assert [t.text for s in bom for t in s.turns] == [t.text for s in plain for t in s.turns]
