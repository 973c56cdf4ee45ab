"""The Gemini CLI console reader: made-up console copies in tmp_path, normalised sessions out.

The copies below are written for these tests in the shape Gemini CLI prints (start banner,
`> ` prompts and boxed prompts, `✦` text, tool boxes, `ℹ`/`✕` notices, `$` shell mode). The
test over the real copies in ../shared/corpora skips when that folder is absent.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_cli

from memkit.layers import Flag, Role
from memkit.storage import notes
from memkit.traces import ingest
from memkit.traces.readers import aider, codex, console, gemini_console, generic

CORPORA = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora"
LOGO = " ███   █████████  ██████\n░░░███ ███░░░░░███░░███\n"
BANNER = (f"gemini\n\n{LOGO}\n\nTips for getting started:\n1. Ask questions, edit files, or run commands.\n"
          "2. Be specific for the best results.\n3. /help for more information.\n\n\n")


def box(lines: list[str], indent: str = " ", width: int = 70) -> str:
    body = [f"{indent}│ {ln.ljust(width)} │" for ln in lines]
    return "\n".join([f"{indent}╭{'─' * (width + 2)}╮", *body, f"{indent}╰{'─' * (width + 2)}╯"]) + "\n"


COPY = (BANNER
        + "> tidy the parser module and run its tests \\\n  quickly please\n\n"
        + "✦ I'll read the parser first.\n\n  Then I will run the tests:\n  > this quoted line is my own note\n"
        + box(["✔  ReadFile src/parser.py", "", "✔  Shell pytest -q tests/test_parser.py (Run the parser tests.)", "",
               "   3 passed in 0.2s", "   > not a prompt either"])
        + "✦ The tests pass. I will now rewrite the tokenizer.\n"
        + box(["-  Edit src/parser.py: def tokenize(... => def tokenize(..."])
        + "\n> keep the tokenizer, only rename the helpers\n\n"
        + box(["✔  Edit src/parser.py: def _h(... => def _helper(...", "",
               "   12  - def _h(x):", "   12  + def _helper(x):"])
        + box(["-  Shell rm -rf build (Remove the build folder.)"])
        + "\nℹ Request cancelled.\n \n"
        + "> wait, never delete the build folder, it holds the signed artefacts\n\n"
        + "ℹ ⚡ Slow response times detected. Switching models.\n"
        + "✕ [API Error: quota exceeded]\n\n"
        + "> /about\n\n" + box(["About Gemini CLI", "CLI Version  0.1.9"], indent="")
        + "$ ls build\n\nℹ app.zip\n\n"
        + box(["x  write_file {\"content\":\"x\",\"file_path\":\"notes.md\"}", "", "   The user aborted a request."])
        + box(["> the notes file lives in docs/notes.md, not at the top", "  of the repository"], indent="")
        + "\n✦ Understood.\n\n"
        + "> /quit\n\n" + box(["Agent powering down. Goodbye!"], indent="")
        + "\n" + BANNER
        + "> run the linter \\\n  ```\n  ╭──────────╮\n  │ pasted   │\n  ╰──────────╯\n  ```\n\n"
        + box(["✔  FindFiles '**/*.py'", "", "   Found 3 matching file(s)",
               "✔  GoogleSearch Searching the web for: \"ruff rules\""])
        + "✦ Done.\n\n"
        + "~/work/parser (main*)        no sandbox (see /docs)        gemini-2.5-pro (98% context left)\n")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    path = tmp_path / "gemini-day.md"
    path.write_text(COPY, encoding="utf-8")
    return path


def typed(session) -> list[str]:
    return [t.text for t in session.turns if t.typed]


def test_detect_accepts_gemini_copies_and_the_other_readers_reject_them(copy, tmp_path):
    head = copy.read_text(encoding="utf-8")[:8192]
    assert gemini_console.detect(copy, head)
    for other in (console, codex, aider, generic):
        assert not other.detect(copy, head), other.NAME
    claude = tmp_path / "claude-copy.md"
    claude.write_text("╭────╮\n│ ✻ Welcome to Claude Code! │\n╰────╯\n\n> fix it\n\n⏺ Done.\n", encoding="utf-8")
    assert not gemini_console.detect(claude, claude.read_text(encoding="utf-8"))
    assert ingest.detect(copy) == "gemini_console"
    assert (gemini_console.NAME, gemini_console.AGENT) == ("gemini_console", "gemini-cli")


def test_sessions_start_at_each_banner_and_typed_prompts_are_only_the_persons(copy):
    one, two = gemini_console.read(copy)
    assert (one.session_id, two.session_id) == ("gemini-gemini-day-1", "gemini-gemini-day-2")
    assert typed(one) == [
        "tidy the parser module and run its tests\nquickly please",
        "keep the tokenizer, only rename the helpers",
        "wait, never delete the build folder, it holds the signed artefacts",
        "the notes file lives in docs/notes.md, not at the top\nof the repository",
    ]
    assert typed(two) == ["run the linter\n```\n╭──────────╮\n│ pasted   │\n╰──────────╯\n```"]
    commands = [t.text for t in one.turns if t.role is Role.USER and Flag.COMMAND in t.flags]
    assert commands == ["/about", "ls build", "/quit"]
    agent = [t.text for t in one.turns if t.role is Role.ASSISTANT and t.text]
    assert agent[0] == "I'll read the parser first.\n\nThen I will run the tests:\n> this quoted line is my own note"
    assert (two.cwd, two.project, one.cwd) == ("~/work/parser", "parser", "")


def test_tool_names_become_the_tool_api_names_with_their_inputs(copy):
    one, two = gemini_console.read(copy)
    calls = [c for s in (one, two) for t in s.turns for c in t.tool_calls]
    assert [c.name for c in calls] == ["read_file", "run_shell_command", "replace", "replace", "run_shell_command",
                                       "write_file", "glob", "google_web_search"]
    assert calls[0].input == {"file_path": "src/parser.py"}
    assert calls[1].input == {"command": "pytest -q tests/test_parser.py", "description": "Run the parser tests."}
    assert calls[3].input == {"file_path": "src/parser.py", "old_string": "def _h(", "new_string": "def _helper("}
    assert calls[5].input == {"content": "x", "file_path": "notes.md"}
    assert calls[6].input == {"pattern": "**/*.py"} and calls[7].input == {"query": "ruff rules"}
    shell = next(t for t in one.turns if t.tool_name == "run_shell_command")
    assert shell.text == "3 passed in 0.2s\n> not a prompt either"


def test_declined_and_aborted_calls_are_rejected_and_a_cancelled_request_an_interrupt(copy):
    one, _ = gemini_console.read(copy)
    results = [(t.tool_name, {f.value for f in t.flags}) for t in one.turns if t.role is Role.TOOL]
    assert results == [("run_shell_command", set()), ("replace", {"rejected"}), ("replace", set()),
                       ("run_shell_command", {"rejected"}), ("write_file", {"rejected"})]
    interrupts = [t for t in one.turns if Flag.INTERRUPT in t.flags]
    assert [(t.role, t.text) for t in interrupts] == [(Role.USER, "Request cancelled.")]
    notices = [t.text for t in one.turns if t.role is Role.SYSTEM]
    assert notices == ["⚡ Slow response times detected. Switching models.", "[API Error: quota exceeded]", "app.zip"]
    calls = {c.id: c.name for t in one.turns for c in t.tool_calls}
    assert all(calls[t.tool_call_id] == t.tool_name for t in one.turns if t.role is Role.TOOL)
    assert [t.n for t in one.turns] == list(range(1, len(one.turns) + 1))


def test_odd_text_gives_no_session_and_never_raises(tmp_path):
    for name, data in (("empty.md", b""), ("noise.md", b"\xff\xfe\n> \n\xe2\x95\xad\xe2\x94\x80\n"),
                       ("open-box.md", " ╭──╮\n │ ✔  Shell ls\n".encode())):
        path = tmp_path / name
        path.write_bytes(data)
        sessions = gemini_console.read(path)
        assert all(not any(t.typed for t in s.turns) for s in sessions)


def test_ingest_writes_gemini_traces_and_extracts_the_correction_after_a_declined_call(vault, copy):
    out = json.loads(run_cli("--vault", str(vault), "ingest", str(copy), "--json", check=True).stdout)
    assert [f["format"] for f in out["files"]] == ["gemini_console"]
    traces = sorted((vault / "traces").rglob("*.md"))
    assert [notes.read(p).meta["agent"] for p in traces] == ["gemini-cli", "gemini-cli"]
    assert all("-gemini-" in p.name for p in traces)
    corrections = {notes.read(p).meta["lesson"]: notes.read(p).meta
                   for p in (vault / "workshop" / "observations" / "correction").glob("*.md")}
    declined = corrections["keep the tokenizer, only rename the helpers"]
    assert declined["trigger"].startswith("replace: src/parser.py") and declined["trigger"].endswith("(rejected)")
    forced = run_cli("--vault", str(vault), "ingest", str(copy), "--format", "gemini-console", "--json", check=True)
    assert {f["status"] for f in json.loads(forced.stdout)["files"]} == {"unchanged"}


def test_a_file_no_reader_knows_names_the_console_copies_in_its_error(vault, tmp_path):
    odd = tmp_path / "notes.md"
    odd.write_text("just some notes\n", encoding="utf-8")
    def files():
        return sorted(p.relative_to(vault) for p in vault.rglob("*") if not {".git", ".memkit"} & set(p.parts))

    before = files()
    result = run_cli("--vault", str(vault), "ingest", str(odd))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "not a log format memkit reads" in result.stderr and "Gemini CLI console copy" in result.stderr
    assert files() == before


# ---- the real copies ---------------------------------------------------------------------
def simple_prompt_count(path: Path) -> int:
    """Lines starting "> " outside any box, plus boxes at the left margin whose text opens with
    "> " (how newer Gemini CLI versions draw a prompt); slash commands left out."""
    count, box_col, first = 0, None, False
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if box_col is not None:
            if line[box_col:box_col + 1] == "╰":
                box_col = None
            elif first and line.strip("│ "):
                first = False
                m = re.match(r"^│\s+> (.*)", line)
                count += bool(box_col == 0 and m and not m.group(1).startswith("/"))
            continue
        if line.startswith(("╭", " ╭")):
            box_col, first = line.index("╭"), True
        elif line.startswith("> ") and not line.startswith("> /"):
            count += 1
    return count


@pytest.mark.parametrize("day", [f"day-0{n}" for n in range(11, 17)])
def test_real_gemini_copies_give_every_typed_prompt(day):
    path = CORPORA / "bookminder-console" / f"{day}.md"
    if not path.exists():
        pytest.skip("../shared/corpora is not available")
    head = path.read_bytes()[:8192].decode("utf-8", errors="replace")
    assert gemini_console.detect(path, head) and not console.detect(path, head)
    sessions = gemini_console.read(path)
    assert sum(len(typed(s)) for s in sessions) == simple_prompt_count(path)
    for s in sessions:
        calls = {c.id: c.name for t in s.turns for c in t.tool_calls}
        assert all(calls.get(t.tool_call_id) == t.tool_name for t in s.turns if t.role is Role.TOOL)
