"""The vault as Obsidian reads it: one type per property across every note kind, tags on
every note, and no link that leads nowhere — checked on a vault built from real sessions,
loaded with PyYAML and with obsidiantools (an independent parser of Obsidian vaults)."""
from __future__ import annotations

import datetime
import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml
from conftest import CORPORA, REPO, run_cli

from memkit.storage import notes

EXAMPLES = REPO / "examples" / "sessions"
NAMES = ("m-claude", "spotter", "bookminder-console")
LINK = re.compile(r"^\[\[[^\[\]]+\]\]$")


def kind(value) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "checkbox"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "timestamp"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return "link" if LINK.match(str(value)) else "text"


def frontmatter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    return yaml.safe_load(text[4:text.index("\n---", 3)]) if text.startswith("---\n") else {}


def types_by_property(root: Path) -> dict[str, dict[str, set[str]]]:
    """property -> kind of value -> the note types that hold it so."""
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in root.rglob("*.md"):
        if ".memkit" in path.parts or ".git" in path.parts:
            continue
        meta = frontmatter(path)
        for key, value in meta.items():
            found[key][kind(value)].add(str(meta.get("type")))
    return found


@pytest.fixture(scope="module")
def real_vault(tmp_path_factory):
    corpora = [CORPORA / n for n in NAMES if (CORPORA / n).is_dir()]
    if not corpora:
        pytest.skip("the shared corpora are not here")
    root = tmp_path_factory.mktemp("obsidian") / "vault"
    run_cli("init", str(root), check=True)
    run_cli("--vault", str(root), "ingest", *map(str, corpora), str(EXAMPLES), check=True)
    run_cli("--vault", str(root), "fact", "set", "backup_frequency", "every 3 days", check=True)
    run_cli("--vault", str(root), "fact", "set", "backup_frequency", "every 5 days", check=False)   # a conflict
    run_cli("--vault", str(root), "episodes", "build", check=True)
    queue = run_cli("--vault", str(root), "review", "--list", "--json", check=True).stdout
    first = re.search(r'"id": "(prop-[^"]+)"', queue)
    if first:
        run_cli("--vault", str(root), "accept", first.group(1), check=True)
    return root


def test_every_property_has_one_type_in_every_note_kind(real_vault):
    found = types_by_property(real_vault)
    mixed = {k: {t: sorted(v) for t, v in kinds.items()} for k, kinds in found.items()
             if len(set(kinds) - {"empty"}) > 1}
    assert mixed == {}
    assert set(found["created"]) <= {"text"} and "text" in found["started"]
    assert set(found["started"]) <= {"text", "empty"}   # a console copy says no date: its trace starts undated
    assert set(found["session"]) == {"link"} and set(found["session_id"]) == {"text"}
    assert "mapping" not in found["source"] and {"list"} == set(found["tags"])


def test_every_note_is_tagged_and_a_library_note_has_its_title_as_alias(real_vault):
    for path in real_vault.rglob("*.md"):
        if ".memkit" in path.parts or ".git" in path.parts:
            continue
        meta = frontmatter(path)
        if meta.get("type"):
            assert [t for t in meta["tags"] if t.startswith(f"memkit/{meta['type']}")], path
    library = list((real_vault / "library").rglob("*.md"))
    for path in library:
        meta = frontmatter(path)
        assert meta["aliases"] == [notes.title_of(notes.read(path))]


@pytest.mark.slow
def test_obsidiantools_finds_no_unresolved_link(real_vault):
    otools = pytest.importorskip("obsidiantools.api")
    vault = otools.Vault(real_vault).connect()
    assert vault.nonexistent_notes == []
    assert len(vault.md_file_index) >= 40
    fm = vault.front_matter_index
    trace = next(k for k, v in fm.items() if v.get("type") == "trace")
    assert isinstance(fm[trace]["started"], str) and fm[trace]["tags"] == ["memkit/trace"]


def test_a_link_in_a_message_stays_text_and_shows_as_said(vault, tmp_path):
    from conftest import write_generic

    said = "the route goes via [[REDACTED_IP]] and `[[ -d build ]]` checks the folder"
    log = write_generic(tmp_path / "s.jsonl", [
        {"role": "user", "content": said},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "Bash",
                                                             "input": {"command": "[[ -d build ]] && ls"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "hop 1 [[REDACTED_IP]]"}],
        {"session_id": "links-1", "agent": "generic", "project": "p"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [trace] = list((vault / "traces").rglob("*.md"))
    assert "[[" not in trace.read_text(encoding="utf-8")
    tid = trace.stem
    assert said in run_cli("--vault", str(vault), "show", f"{tid}#^t1", check=True).stdout
    assert "[[ -d build ]] && ls" in run_cli("--vault", str(vault), "show", f"{tid}#^t2", check=True).stdout
    assert "hop 1 [[REDACTED_IP]]" in run_cli("--vault", str(vault), "show", f"{tid}#^t3", check=True).stdout


def test_a_trace_in_the_earlier_layout_still_reads_and_moves_to_the_new_one(vault):
    log = sorted(EXAMPLES.glob("*.jsonl"))[1]
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [path] = list((vault / "traces").rglob("*.md"))
    note = notes.read(path)
    old = {("session" if k == "session_id" else k): v for k, v in note.meta.items() if not k.startswith("log_")}
    old["source"] = {"path": note.meta["log_path"], "sha256": note.meta["log_sha256"], "bytes": note.meta["log_bytes"]}
    path.write_text(notes.render(notes.Note(notes.stamp(old, note.body), note.body)), encoding="utf-8")
    shown = run_cli("--vault", str(vault), "show", old["session"], check=True).stdout   # found by session id
    assert f"session: {old['session']}" in shown
    again = run_cli("--vault", str(vault), "ingest", str(log), "--json", check=True).stdout
    assert '"updated"' in again and '"candidates": []' in again
    meta = notes.read(path).meta
    assert meta["session_id"] == old["session"] and "session" not in meta and "source" not in meta
    assert meta["log_sha256"] == old["source"]["sha256"] and meta["extracted"]
