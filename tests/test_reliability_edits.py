"""Human edits are sacred: property-based round trips of person-edited notes through memkit.

Hypothesis writes notes a person might produce (unknown keys in any order, YAML comments,
CRLF or LF, bodies with `---` lines and unicode) and then runs memkit's operations on them:
re-ingest of a grown log, re-extraction, review accept and fact set.
"""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import crashkit
from conftest import run_cli
from memkit import pipeline
from memkit.facts import store as facts
from memkit.storage import notes
from memkit.library import review
from memkit.storage import vault as vault_mod

KNOWN = {"type", "id", "key", "value", "status", "kind", "memkit-sha", "extracted", "updated", "history",
         "session", "source", "created", "trust", "turns", "agent", "reviewed"}
keys = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True).filter(lambda k: k not in KNOWN)
text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
values = st.one_of(text, st.integers(-10**6, 10**6), st.lists(text, max_size=3), st.booleans())
body_lines = st.lists(st.one_of(st.just("---"), st.just("--- "), st.just("key: value"), text), max_size=6)


def _no_secret(extra: dict) -> bool:
    """Values the redaction gate leaves as they are: every note memkit writes goes through it, so a
    person's `pwd: '0000'` is written redacted (`test_a_person_s_secret_is_redacted_when_memkit_writes_the_note`)."""
    from memkit import redact

    return redact.data(extra)[0] == extra


@st.composite
def edits(draw):
    extra = draw(st.dictionaries(keys, values, min_size=1, max_size=5).filter(_no_secret))
    return {"extra": list(extra.items()), "positions": [draw(st.integers(0, 50)) for _ in extra],
            "comment": draw(st.one_of(st.none(), text.map(lambda t: t.replace("\n", " ")))),
            "crlf": draw(st.booleans()), "body": draw(body_lines)}


def person_edit(path: Path, e: dict) -> tuple[list[str], str]:
    """Edit a note as a person would, in the text; returns the unknown keys in file order and the body."""
    note = notes.read(path)
    lines = note.raw_meta.replace("\r\n", "\n").rstrip("\n").split("\n")
    tops = [i for i, x in enumerate(lines) if x and not x.startswith((" ", "-", "#"))] + [len(lines)]
    for (key, value), pos in zip(e["extra"], e["positions"]):
        at = tops[pos % len(tops)]
        lines[at:at] = yaml.safe_dump({key: value}, allow_unicode=True, width=10**6).rstrip("\n").split("\n")
        tops = [i for i, x in enumerate(lines) if x and not x.startswith((" ", "-", "#"))] + [len(lines)]
    if e["comment"] is not None:
        lines.insert(0, "# " + e["comment"])
    body = note.body.replace("\r\n", "\n") + "\n" + "\n".join(e["body"]) + "\nedited by a person\n"
    nl = "\r\n" if e["crlf"] else "\n"
    path.write_bytes(("---\n" + "\n".join(lines) + "\n---\n" + body).replace("\n", nl).encode())
    order = [k for k in notes.read(path).meta if k in dict(e["extra"])]
    return order, notes.read(path).body


def assert_kept(path: Path, order: list[str], body: str, e: dict) -> None:
    data = path.read_bytes().decode()
    note = notes.parse(data, path)
    assert [k for k in note.meta if k in dict(e["extra"])] == order
    for k, v in e["extra"]:
        assert note.meta[k] == v
    assert note.body == body
    assert data.count("\nmemkit-sha:") + data.startswith("memkit-sha:") <= 1
    assert not note.body.startswith("---\ntype:") and not note.body.startswith("---\r\ntype:")


def _log(path: Path, turns: int) -> Path:
    return crashkit.session_log(path, 7, random.Random(7), turns=turns)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trace_edit=edits(), cand_edit=edits())
def test_person_edits_survive_reingest_reextraction_and_review(trace_edit, cand_edit):
    with tempfile.TemporaryDirectory() as tmp:
        v, _ = vault_mod.init(Path(tmp) / "v")
        log = _log(Path(tmp) / "s.jsonl", 2)
        pipeline.ingest(v, [log], commit=False)
        trace = next((v.root / "traces").rglob("*.md"))
        cand = sorted((v.root / "workshop" / "observations").rglob("*.md"))[0]
        t_order, t_body = person_edit(trace, trace_edit)
        c_order, c_body = person_edit(cand, cand_edit)
        t_bytes, c_bytes = trace.read_bytes(), cand.read_bytes()

        result = pipeline.ingest(v, [_log(log, 4)], commit=False)   # the log grew
        assert trace.read_bytes() == t_bytes
        assert result["files"][0]["status"] == "edited"
        pipeline.extract(v, all_=True)
        assert cand.read_bytes() == c_bytes and trace.read_bytes() == t_bytes

        review.accept(v, [cand.stem])   # a person's decision: keys, order and body survive the move
        assert_kept(v.root / "observations" / cand.relative_to(v.root / "workshop" / "observations"),
                    c_order, c_body, cand_edit)


def test_a_person_s_secret_is_redacted_when_memkit_writes_the_note():
    # the redaction gate comes before a person's edit: a secret they typed into a note is not carried
    # into the library (and its commit) as typed; every other key and the body are
    with tempfile.TemporaryDirectory() as tmp:
        v, _ = vault_mod.init(Path(tmp) / "v")
        pipeline.ingest(v, [_log(Path(tmp) / "s.jsonl", 2)], commit=False)
        cand = sorted((v.root / "workshop" / "observations").rglob("*.md"))[0]
        person_edit(cand, {"extra": [("pwd", "0000"), ("owner", "ana")], "positions": [0, 1], "comment": None,
                           "crlf": False, "body": []})
        review.accept(v, [cand.stem])
        note = notes.read(v.root / "observations" / cand.relative_to(v.root / "workshop" / "observations"))
        assert note.meta["pwd"].startswith("[REDACTED") and note.meta["owner"] == "ana"
        assert "edited by a person" in note.body


@settings(max_examples=8, deadline=None)
@given(e=edits(), new_value=text.filter(lambda t: t.strip()))
def test_fact_set_keeps_a_person_edited_fact_file(e, new_value):
    with tempfile.TemporaryDirectory() as tmp:
        v, _ = vault_mod.init(Path(tmp) / "v")
        facts.set_(v, "deploy.window", "friday")
        path = next((v.root / "facts").glob("*.md"))
        order, _ = person_edit(path, e)
        facts.set_(v, "deploy.window", new_value, on_conflict="update")
        note = notes.read(path)
        assert [k for k in note.meta if k in dict(e["extra"])] == order
        assert note.meta["value"] == new_value.strip() or note.meta["value"] == new_value
        assert "edited by a person" in note.body
        assert path.read_bytes().count(b"\n---") == 1 + sum(x.startswith("---") for x in e["body"])


def test_reingest_says_in_one_line_that_an_edited_trace_was_left_alone(vault, tmp_path):
    log = _log(tmp_path / "s.jsonl", 2)
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    trace = next((vault / "traces").rglob("*.md"))
    trace.write_text(trace.read_text() + "\nmy own note\n")
    before = trace.read_bytes()
    out = run_cli("--vault", str(vault), "ingest", str(_log(log, 3)), check=True).stdout
    assert trace.read_bytes() == before
    lines = [x for x in out.splitlines() if "edited by hand" in x or "left as it is" in x]
    assert len([x for x in out.splitlines() if "left as it is" in x]) == 1, out
    assert json.dumps(lines)


def test_a_note_whose_frontmatter_a_person_broke_is_named_not_called_missing(vault, tmp_path):
    from conftest import write_generic

    log = write_generic(tmp_path / "b.jsonl", [{"role": "user", "content": "ship the invoice export"},
                                               {"role": "assistant", "content": "Shipped."},
                                               {"role": "user", "content": "no, never ship on a friday, ask first"}])
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [note] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    text = note.read_text(encoding="utf-8")
    note.write_text(text.replace("\nlesson:", "\nmy_tags: [unclosed, list\nlesson:", 1), encoding="utf-8")
    for verb in ("show", "accept", "why"):
        out = run_cli("--vault", str(vault), verb, note.stem)
        assert out.returncode != 0 and "not found" not in out.stderr, verb
        assert out.stderr.count("\n") == 1 and "cannot be read" in out.stderr and "frontmatter" in out.stderr, verb
    assert note.read_text(encoding="utf-8").count("my_tags: [unclosed") == 1   # the person's text is left as it is
