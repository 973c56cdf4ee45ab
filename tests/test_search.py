"""Search: hits are turns, fields rank, the query syntax is safe, and the index keeps up with
edits made outside memkit without walking a large vault on the way."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit import search
from memkit.storage import changes, index
from memkit.storage.vault import Vault


def _session(logs: Path, name: str, messages: list[dict], project: str = "shop") -> Path:
    logs.mkdir(exist_ok=True)
    return write_generic(logs / f"{name}.jsonl", messages, {"session_id": name, "project": project})


def _ingest(vault: Path, logs: Path) -> None:
    run_cli("--vault", str(vault), "ingest", str(logs), "--no-commit", "--no-extract", check=True)


def _sid(vault: Path, hit: dict) -> str:
    """The agent's session id of the trace a hit is in."""
    from memkit.storage import notes

    return notes.read(vault / hit["path"]).meta["session_id"]


def _hits(vault: Path, *args: str) -> list[dict]:
    return json.loads(run_cli("--vault", str(vault), "search", *args, "--json", check=True).stdout)


@pytest.fixture
def shop(vault, tmp_path):
    logs = tmp_path / "logs"
    _session(logs, "alpha", [
        {"role": "user", "content": "the invoice totals are wrong after the tax change"},
        {"role": "assistant", "content": "I will read the billing module first.",
         "tool_calls": [{"id": "c1", "name": "Read", "input": {"file_path": "billing/tax.py"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "def tax(total): return total * 1.2"},
        {"role": "assistant", "content": "The rounding of the invoice tax happens before the discount."},
        {"role": "user", "content": "round the invoice tax after the discount, per line"},
    ])
    _session(logs, "beta", [
        {"role": "user", "content": "set up the nightly backup of the database"},
        {"role": "assistant", "content": "Adding a cron entry.",
         "tool_calls": [{"id": "c2", "name": "Bash", "input": {"command": "crontab -l"}}]},
        {"role": "tool", "tool_call_id": "c2", "content": "0 3 * * * backup.sh  # invoice archive rotation"},
    ])
    _ingest(vault, logs)
    return vault


def test_a_word_deep_in_a_long_tool_output_is_found(vault, tmp_path):
    listing = "\n".join(f"- book {n}: Hrobari politiky volume {n}" for n in range(400)) + "\n- Flyover Country\n"
    _session(tmp_path / "logs", "shelf", [
        {"role": "user", "content": "list every book on the shelf"},
        {"role": "assistant", "content": "Listing.", "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "ls"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": listing}])
    _ingest(vault, tmp_path / "logs")
    assert len(listing) > 10_000
    [hit] = _hits(vault, '"Flyover Country"')
    assert hit["turn"] == 3 and hit["role"] == "tool"


def test_each_section_of_a_long_note_is_a_hit_of_its_own_that_show_opens(vault):
    filler = " ".join(["The on-call person reads this before acting."] * 30)
    (vault / "library" / "notes" / "runbook.md").write_text(
        "---\ntype: note\nid: runbook\ntitle: Payments runbook\nstatus: active\n---\n# Payments runbook\n\n"
        f"{filler}\n\n## Refunds\n\nRefund a charge from the admin console, never from the database.\n\n"
        "## Chargebacks\n\nA chargeback arrives by webhook. Refund requests during a chargeback are refused.\n\n"
        f"## Outages\n\n{filler}\n")
    hits = _hits(vault, "refund")
    assert sorted(h["section"] for h in hits) == ["Chargebacks", "Refunds"]
    assert {h["title"] for h in hits} == {"Payments runbook — Refunds", "Payments runbook — Chargebacks"}
    text = run_cli("--vault", str(vault), "search", "refund", check=True).stdout
    assert "runbook#Refunds  [note]" in text and "runbook#Chargebacks  [note]" in text
    shown = run_cli("--vault", str(vault), "show", "runbook#Chargebacks", check=True).stdout
    assert shown.startswith("runbook#Chargebacks\n") and "arrives by webhook" in shown and "admin console" not in shown
    assert run_cli("--vault", str(vault), "show", "[[runbook#Chargebacks]]", check=True).stdout == shown
    missing = run_cli("--vault", str(vault), "show", "runbook#Taxes")
    assert missing.returncode != 0 and "no section 'Taxes' (it has: Refunds, Chargebacks, Outages)" in missing.stderr


def test_a_note_of_megabytes_is_searched_in_a_moment_to_its_last_line(vault):
    import time

    log = ("ERROR request timeout after 30s on worker. " * 6 + "\n") * 12_000 + "the zebrafish line at the end\n"
    (vault / "library" / "notes" / "build-log.md").write_text(
        "---\ntype: note\nid: build-log\nstatus: active\ntitle: build log\n---\n" + log)
    assert len(log) > 3_000_000
    _hits(vault, "timeout")   # the index learns the note
    started = time.perf_counter()
    assert _hits(vault, "timeout")[0]["id"] == "build-log"
    assert [h["id"] for h in _hits(vault, "zebrafish")] == ["build-log"]
    assert [h["id"] for h in _hits(vault, "timeout")] == ["build-log"]   # one hit for the note, not one per row
    assert time.perf_counter() - started < 5   # minutes before: a row's snippet cost more than its length


def test_hits_are_turns_and_by_note_groups_them(shop):
    hits = _hits(shop, "invoice tax")
    assert set(hits[0]) >= {"id", "type", "kind", "title", "path", "turn", "score", "snippet", "role"}
    alpha = [h for h in hits if h["type"] == "trace" and _sid(shop, h) == "alpha"]
    turns = [h["turn"] for h in hits if h["path"] == hits[0]["path"]]
    assert len(turns) >= 3 and len(set(turns)) == len(turns)   # several turns of one trace, each once
    assert hits[0]["turn"] in (1, 4, 5) and hits[0]["role"] in ("user", "assistant")
    assert alpha == [] or all(h["type"] == "trace" for h in alpha)
    notes = _hits(shop, "invoice tax", "--by", "note")
    assert [h["path"] for h in notes] == list(dict.fromkeys(h["path"] for h in hits))
    assert notes[0]["turn"] == hits[0]["turn"] and "**" in notes[0]["snippet"]


def test_the_persons_words_outrank_the_same_word_in_tool_output(shop):
    """'invoice' is said by the person in alpha and printed by a tool in beta: alpha's turn leads,
    and beta's tool turn comes after every turn of alpha that says it."""
    hits = _hits(shop, "invoice", "--limit", "20")
    order = [(Path(h["path"]).stem.rsplit("-", 1)[-1], h["turn"], h["role"]) for h in hits]
    beta = next(k for k, (_p, _t, role) in enumerate(order) if role == "tool")
    assert order[0][2] == "user" and all(role != "tool" for _p, _t, role in order[:beta])
    assert beta == len(order) - 1


def test_the_session_about_the_query_outranks_a_stray_mention(vault, tmp_path):
    logs = tmp_path / "logs"
    _session(logs, "stray", [{"role": "user", "content": "rename the helper; unrelated: kafka"}])
    _session(logs, "about", [
        {"role": "user", "content": "the kafka consumer lags behind"},
        {"role": "assistant", "content": "The consumer group rebalances too often."},
        {"role": "user", "content": "raise the kafka session timeout then"},
    ])
    _ingest(vault, logs)
    notes = _hits(vault, "kafka consumer timeout", "--by", "note")
    assert [_sid(vault, n) for n in notes[:2]] == ["about", "stray"]


@pytest.mark.parametrize("query", ['"unclosed', "NEAR(a b", "tax*", "-invoice", "a:b", "AND OR NOT",
                                   "()", "^", "'; DROP TABLE files; --", "\u0000", "💥 invoice"])
def test_any_text_searches(shop, query):
    proc = run_cli("--vault", str(shop), "search", "--json", "--", query)   # "--": a query may start with a dash
    assert proc.returncode == 0 and proc.stderr == ""
    assert isinstance(json.loads(proc.stdout), list)


@pytest.mark.parametrize("query", ["-invoice", "-rf invoice", "--invoice"])
def test_a_query_that_starts_with_a_dash_needs_no_double_dash(shop, query):
    proc = run_cli("--vault", str(shop), "search", query, "--json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert isinstance(json.loads(proc.stdout), list)


def test_quoted_words_must_stand_together_and_question_words_are_left_out(shop):
    assert _hits(shop, '"tax change"')[0]["turn"] == 1
    assert all("tax change" in search.marked(h["snippet"]).lower() or h["turn"] == 1
               for h in _hits(shop, '"tax change"'))
    assert _hits(shop, '"change tax"') == []
    asked = _hits(shop, "when did we set up the nightly backup?")
    assert _sid(shop, asked[0]) == "beta" and asked[0]["turn"] == 1


def test_the_command_line_fast_path_prints_what_click_prints(shop):
    """`memkit search` skips click; the same search through click prints the same bytes."""
    from click.testing import CliRunner

    from memkit.cli import cli

    for args in (["invoice tax", "--json"], ["invoice", "--by", "note", "--limit", "3"], ["nothing-like-it"]):
        fast = run_cli("--vault", str(shop), "search", *args, check=True)
        slow = CliRunner().invoke(cli, ["--vault", str(shop), "search", *args])
        assert slow.exit_code == 0 and fast.stdout == slow.stdout


def test_search_imports_nothing_a_hook_does_not(shop):
    code = ("import sys, json\nfrom memkit import entry\n"
            f"sys.argv = ['memkit', '--vault', {str(shop)!r}, 'search', 'invoice', '--json']\n"
            "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    mods = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    assert json.loads(proc.stdout)[0]["path"].startswith("traces/")
    assert not [m for m in mods if m.split(".")[0] in ("click", "yaml", "git", "multiprocessing", "dataclasses")]
    assert not [m for m in mods if m.startswith("memkit.") and m.split(".")[1] in ("cli", "activation", "extract")]


def test_a_search_that_finds_no_note_changed_imports_no_re_pathlib_json_sqlite3_or_threading(shop):
    """Their imports were a fifth of a search process (contextlib and math a few per cent more).
    -S: the interpreter's own modules only (an editable install's finder imports pathlib at
    start-up), memkit from this checkout."""
    run_cli("--vault", str(shop), "search", "invoice", check=True)   # the index is fresh
    code = ("import sys\nfrom memkit import entry\n"
            f"sys.argv = ['memkit', '--vault', {str(shop)!r}, 'search', 'invoice', '--json']\n"
            "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))\n")
    root = str(Path(__file__).resolve().parent.parent)
    proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60,
                          check=False, cwd=root)
    mods = set(proc.stderr.rsplit("MODULES ", 1)[1].split())
    assert json.loads(proc.stdout)[0]["path"].startswith("traces/")
    assert not mods & {"re", "enum", "pathlib", "json", "threading", "_socket", "sqlite3", "datetime",
                        "memkit.storage.vault", "contextlib", "math"}


# ---- staleness: a vault too large to walk on every search -------------------------------------------
@pytest.fixture
def large(shop, monkeypatch):
    """The shop vault treated as large: no walk of every note before a search."""
    monkeypatch.setattr(changes, "SYNC_WALK", 0)
    index.refresh(Vault(shop), walk=True)
    return shop


def _note(vault: Path, rel: str, word: str) -> Path:
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntype: note\nid: {path.stem}\nstatus: active\n---\n# A note\n\nIt says {word}.\n")
    return path


def test_a_note_added_replaced_or_removed_by_hand_is_seen_at_once(large):
    v = Vault(large)
    path = _note(large, "library/notes/by-hand.md", "zanzibar")
    assert [h["id"] for h in _hits(large, "zanzibar")] == ["by-hand"]
    tmp = path.with_name(".by-hand.md.swp")   # an editor's save: a new file renamed over the note
    tmp.write_text(path.read_text().replace("zanzibar", "quokka"))
    os.replace(tmp, path)
    assert _hits(large, "zanzibar") == [] and [h["id"] for h in _hits(large, "quokka")] == ["by-hand"]
    path.unlink()
    assert _hits(large, "quokka") == []
    fresh = _note(large, "library/newfolder/deeper.md", "okapi")   # in a folder made after the last walk
    assert [h["id"] for h in _hits(large, "okapi")] == [fresh.stem]
    with index.connect(v.index_path) as con:
        assert con.execute("SELECT count(*) FROM files WHERE path LIKE 'library/newfolder/%'").fetchone()[0] == 1


def test_a_search_says_its_index_may_be_stale_only_when_the_last_walk_is_older_than_a_few_seconds(large):
    v = Vault(large)
    quiet = run_cli("--vault", str(large), "search", "invoice", "--json", check=True)   # walked just now
    assert quiet.stderr == "" and json.loads(quiet.stdout)
    with index.connect(v.index_path) as con:   # the last walk of every note, a minute ago
        con.execute("UPDATE meta SET value = ? WHERE key = 'walked'", (repr(time.time() - 60),))
    stale = run_cli("--vault", str(large), "search", "invoice", "--json", check=True)
    assert re.match(r"memkit: notes edited in place in the last 6\d s may be missing", stale.stderr)
    assert json.loads(stale.stdout) == json.loads(quiet.stdout)   # answered all the same


def test_an_edit_in_place_is_found_by_the_walk_in_the_background(large, monkeypatch):
    path = _note(large, "library/notes/in-place.md", "wombat")
    assert [h["id"] for h in _hits(large, "wombat")] == ["in-place"]
    monkeypatch.setattr(changes, "STALE", 0.0)
    with open(path, "r+", encoding="utf-8") as f:   # rewritten in place: no folder changes
        text = f.read().replace("wombat", "numbat")
        f.seek(0)
        f.write(text)
        f.truncate()
    first = run_cli("--vault", str(large), "search", "numbat", "--json", check=True)
    assert json.loads(first.stdout) == []   # answered from the index as it was, and said so
    assert "edited in place" in first.stderr and "catching up in the background" in first.stderr
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if [h["id"] for h in _hits(large, "numbat")] == ["in-place"]:
            break
        time.sleep(0.2)
    assert [h["id"] for h in _hits(large, "numbat")] == ["in-place"]
    assert _hits(large, "wombat") == []


def test_the_walk_in_the_background_runs_memkits_own_code_whatever_folder_it_starts_in(large, tmp_path, monkeypatch):
    fake = tmp_path / "project" / "memkit" / "storage"   # a project with a folder of that name
    fake.mkdir(parents=True)
    (fake.parent / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "walker.py").write_text(f"open({str(tmp_path / 'wrong-code-ran')!r}, 'w').close()\n")
    monkeypatch.chdir(tmp_path / "project")
    path = _note(large, "library/notes/spawned.md", "tapir")
    with open(path, "r+", encoding="utf-8") as f:   # in place: only a walk of every note sees it
        text = f.read().replace("tapir", "okapi")
        f.seek(0)
        f.write(text)
        f.truncate()
    changes.walk_in_background(Vault(large))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (tmp_path / "wrong-code-ran").exists():
        with index.connect(Vault(large).index_path) as con:
            if con.execute("SELECT count(*) FROM turns WHERE turns MATCH 'okapi'").fetchone()[0]:
                break
        time.sleep(0.2)
    assert not (tmp_path / "wrong-code-ran").exists()
    with index.connect(Vault(large).index_path) as con:
        assert con.execute("SELECT count(*) FROM turns WHERE turns MATCH 'okapi'").fetchone()[0] == 1


def test_a_walk_still_running_in_another_vault_does_not_hold_this_ones_back(large, tmp_path, _made_vault):
    import shutil

    other = tmp_path / "other"
    shutil.copytree(_made_vault, other, symlinks=True)
    changes.walk_in_background(Vault(other))   # just started: it cannot have finished yet
    path = _note(large, "library/notes/second.md", "tapir")
    with open(path, "r+", encoding="utf-8") as f:   # in place: only a walk of every note sees it
        text = f.read().replace("tapir", "okapi")
        f.seek(0)
        f.write(text)
        f.truncate()
    changes.walk_in_background(Vault(large))
    deadline = time.monotonic() + 30
    found = 0
    while time.monotonic() < deadline and not found:
        with index.connect(Vault(large).index_path) as con:
            found = con.execute("SELECT count(*) FROM turns WHERE turns MATCH 'okapi'").fetchone()[0]
        time.sleep(0.2)
    assert found == 1


def test_a_small_vault_sees_an_edit_in_place_at_once(shop):
    path = _note(shop, "library/notes/small.md", "axolotl")
    assert [h["id"] for h in _hits(shop, "axolotl")] == ["small"]
    with open(path, "r+", encoding="utf-8") as f:
        text = f.read().replace("axolotl", "pangolin")
        f.seek(0)
        f.write(text)
        f.truncate()
    proc = run_cli("--vault", str(shop), "search", "pangolin", "--json", check=True)
    assert [h["id"] for h in json.loads(proc.stdout)] == ["small"] and proc.stderr == ""


def test_a_folder_removed_by_hand_takes_its_notes_out_of_search(large):
    import shutil

    _note(large, "library/scratch/one.md", "capybara")
    _note(large, "library/scratch/deeper/two.md", "capybara")
    assert len(_hits(large, "capybara")) == 2
    shutil.rmtree(large / "library" / "scratch")
    assert _hits(large, "capybara") == []
    with index.connect(Vault(large).index_path) as con:
        assert con.execute("SELECT count(*) FROM folders WHERE path LIKE 'library/scratch%'").fetchone()[0] == 0


def test_the_hits_json_is_what_json_dumps_writes():
    """search.hits_json skips importing json; its bytes must stay json.dumps' own."""
    odd = ["", "plain", 'a "quoted" \\ back\\slash', "tab\tnew\nline\x01\x1f", "é ü 中文 😀 \u2028", "\x02hit\x03"]
    hits = [search.Hit(f"id-{k}", "trace" if k % 2 else "fact", None if k % 3 else "correction", text,
                       f"traces/2026/01/{k}.md", k if k % 2 else None, score, text, "user" if k % 2 else None)
            for k, (text, score) in enumerate(zip(odd, [1.0, 0.1 + 0.2, 1e-7, 123456789.125, 0.0, 2.5]))]
    hits.append(search.Hit("b", b"bytes", 7, 1.5, "p", True, float("inf"), "s", None))
    for some in ([], hits[:1], hits):
        assert search.hits_json(some) == json.dumps([h.as_dict() for h in some], indent=2, ensure_ascii=False,
                                                    default=str)


def test_the_query_splits_words_and_phrases_as_the_regular_expressions_did():
    """query.words_of and the phrase split replace `\\w+` and `"([^"]*)"` (no `re` in a search)."""
    import random

    from memkit.search import query

    word, phrase = re.compile(r"\w+"), re.compile(r'"([^"]*)"')
    letters = 'ab_Z9 "\'-.\tİßé中😀٣²½\u0307\u200b\n,'
    rnd = random.Random(19)
    for _ in range(5000):
        text = "".join(rnd.choice(letters) for _ in range(rnd.randint(0, 16)))
        assert query.words_of(text) == word.findall(text)
        assert query._phrases(text) == (phrase.findall(text), phrase.sub(" ", text))
    assert query.terms('the "Tax  Change" in İstanbul') == ["tax change", "i̇stanbul"]


def test_the_memkit_executable_imports_nothing_before_memkit():
    """bin/memkit (setuptools script-files) replaces pip's generated console script, whose first line
    imports re: a fifth of a search process. It imports memkit.entry and nothing else."""
    import ast
    import tomllib

    from conftest import REPO

    tree = ast.parse((REPO / "bin" / "memkit").read_text(encoding="utf-8"))
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [(n.module, [a.name for a in n.names]) for n in imports if isinstance(n, ast.ImportFrom)] == \
        [("memkit.entry", ["run"])] and len(imports) == 1
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["script-files"] == ["bin/memkit"]
    assert "memkit" not in project["project"].get("scripts", {})   # two writers of bin/memkit would clash


@pytest.mark.parametrize("since", ["2026-13-45", "2026-02-30", "yesterday"])
def test_a_date_no_calendar_has_is_refused_in_one_line(vault, since):
    out = run_cli("--vault", str(vault), "search", "anything", "--since", since)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--since" in out.stderr and out.stdout == ""


def test_a_kind_memkit_never_writes_is_refused_and_every_kind_it_writes_is_taken(vault):
    from memkit.layers import Kind

    out = run_cli("--vault", str(vault), "search", "anything", "--kind", "corrections")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--kind" in out.stderr
    for kind in Kind:
        assert run_cli("--vault", str(vault), "search", "anything", "--kind", str(kind)).returncode == 0, kind
