"""The secret corpus (tests/secret_corpus.py) in every place memkit writes: a prompt, a tool
call's input, a tool's output, a session's metadata (project, branch; the log's path too when
the secret is a token that names itself) and a fact value. Recall is measured on what reaches the files, `git log -p --all` and the index;
false positives on look-alikes that must come through unchanged.

Run `pytest tests/test_reliability_secret_corpus.py -q -s` to print the figures.
"""
from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import git, run_cli
from secret_corpus import LOOK_ALIKES, SHAPES

from memkit import redact
from memkit.redact import patterns

PLACES = ("prompt", "tool input", "tool output", "metadata", "fact value")
RECALL, FALSE_POSITIVES = 0.99, 0.02


def _pieces(secret: str, width: int = 10) -> set[str]:
    core = "\n".join(x for x in secret.split("\n") if not x.startswith("-----"))   # not the PEM armour
    width = min(width, len(core))
    return {core[i:i + width] for i in range(len(core) - width + 1)}


def _leaked(secret: str, text: str) -> bool:
    return any(p in text for p in _pieces(secret))


# ---- the gate, place by place (fast) --------------------------------------------------
def _as_written(place: str, text: str) -> str:
    """What the gate turns text into in one place, as memkit renders it there."""
    if place in ("prompt", "tool output"):
        return redact.redact(text)[0]
    if place == "tool input":
        return redact.redact(json.dumps({"command": text}, ensure_ascii=False, indent=1))[0]
    if place == "metadata":
        meta = {"project": text, "branch": text, "source": {"path": "~/logs/s.jsonl", "sha256": "9c1f"}}
        return json.dumps(redact.data(meta)[0], ensure_ascii=False)
    return redact.value(text, "note")[0]


def measure() -> dict[str, tuple[float, float]]:
    """Per place: (recall on SHAPES, false-positive rate on LOOK_ALIKES)."""
    out = {}
    for place in PLACES:
        caught = sum(not _leaked(secret, _as_written(place, text)) for _, secret, text in SHAPES)
        touched = sum("[REDACTED:" in _as_written(place, text) for text in LOOK_ALIKES)
        out[place] = (caught / len(SHAPES), touched / len(LOOK_ALIKES))
    return out


def test_the_corpus_is_large_enough():
    assert len(SHAPES) >= 150 and len({name for name, _, _ in SHAPES}) == len(SHAPES)
    assert len(LOOK_ALIKES) >= 50


def test_recall_and_false_positives_in_every_place():
    figures = measure()
    for place, (recall, fp) in figures.items():
        print(f"\n{place:12} recall {recall:.3f} on {len(SHAPES)} shapes, "
              f"false positives {fp:.3f} on {len(LOOK_ALIKES)} look-alikes")
    total = sum(r for r, _ in figures.values()) / len(figures)
    print(f"all places   recall {total:.3f} on {len(SHAPES) * len(PLACES)} cases")
    assert all(recall >= RECALL for recall, _ in figures.values()), figures
    assert all(fp <= FALSE_POSITIVES for _, fp in figures.values()), figures


@pytest.mark.parametrize(("name", "secret", "text"), SHAPES, ids=[s[0] for s in SHAPES])
def test_each_shape_is_redacted(name, secret, text):
    out, count = redact.redact(text)
    assert not _leaked(secret, out), out
    assert count >= 1 and redact.redact(out) == (out, 0)   # once redacted, nothing more to find


# ---- through the command line, into files, history and index ---------------------------
def _logs(tmp_path):
    """One session holding every shape as a prompt, a tool call and a tool result; one session
    per shape with it as project, branch and log path; the look-alikes as prompts."""
    rows = [{"type": "session", "session_id": "corpus-turns", "agent": "claude-code", "project": "corpus"}]
    for i, (_, _, text) in enumerate(SHAPES):
        rows += [{"role": "user", "content": text},
                 {"role": "assistant", "content": "running it", "tool_calls": [
                     {"id": f"c{i}", "name": "Bash", "input": {"command": text}}]},
                 {"role": "tool", "tool_call_id": f"c{i}", "content": text}]
    rows += [{"role": "user", "content": text} for text in LOOK_ALIKES]
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "turns.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    for i, (_, secret, text) in enumerate(SHAPES):
        env = {"sessionId": f"meta-{i:03d}", "cwd": f"/w/{i}", "gitBranch": text, "version": "2.1.39",
               "type": "user", "uuid": "u1", "timestamp": "2026-06-01T10:00:00.000Z",
               "message": {"role": "user", "content": "hello"}}
        named = "/" not in secret and "\n" not in secret and len(secret) < 200 and patterns.spans(f"{secret}.jsonl")
        name = f"{secret}.jsonl" if named else f"meta-{i:03d}.jsonl"   # a token that names itself: in the path
        (logs / name).write_text(json.dumps(env) + "\n")
        (logs / f"project-{i:03d}.jsonl").write_text(
            json.dumps({"type": "session", "session_id": f"proj-{i:03d}", "project": text}) + "\n"
            + json.dumps({"role": "user", "content": "hello"}) + "\n")
    facts = tmp_path / "facts.json"   # YAML reads JSON: every value exactly as given
    facts.write_text(json.dumps({f"corpus.k{i:03d}": text for i, (_, _, text) in enumerate(SHAPES)}))
    return logs, facts


def _index_text(vault) -> str:
    db = vault / ".memkit" / "index.sqlite"
    con = sqlite3.connect(db)
    try:
        rows = [str(v) for table in ("files", "turns", "cues", "problems")
                for row in con.execute(f"SELECT * FROM {table}") for v in row]
    finally:
        con.close()
    raw = b"".join(p.read_bytes() for p in db.parent.glob("index.sqlite*"))
    return "\n".join(rows) + raw.decode("utf-8", "replace")


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_no_shape_reaches_files_history_or_index_from_any_place(vault, tmp_path):
    logs, facts = _logs(tmp_path)
    run_cli("--vault", str(vault), "ingest", str(logs), check=True)
    run_cli("--vault", str(vault), "fact", "import", str(facts), check=True)
    run_cli("--vault", str(vault), "reindex", check=True)
    files = "".join(p.read_text(errors="replace") for p in vault.rglob("*")
                    if p.is_file() and not {".git", ".memkit"} & set(p.relative_to(vault).parts))
    history = git(vault, "log", "-p", "--all") + git(vault, "log", "--all", "--format=%B")
    index = _index_text(vault)
    leaks = {where: [name for name, secret, _ in SHAPES if _leaked(secret, text)]
             for where, text in (("files", files), ("history", history), ("index", index))}
    print(f"\nthrough the CLI: {len(SHAPES)} shapes x {len(PLACES)} places; leaked: "
          + ", ".join(f"{k} {len(v)}" for k, v in leaks.items()))
    assert leaks == {"files": [], "history": [], "index": []}
    trace = next(p for p in (vault / "traces").rglob("*.md") if "corpus-turns" in p.read_text())
    altered = [t for t in LOOK_ALIKES if t not in trace.read_text()]
    assert len(altered) <= FALSE_POSITIVES * len(LOOK_ALIKES), altered
    doctor = run_cli("--vault", str(vault), "doctor")
    assert "possible secret" not in doctor.stdout, doctor.stdout
