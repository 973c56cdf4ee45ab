"""memkit.yamlfast reads the frontmatter memkit writes exactly as PyYAML would, or declines."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from memkit.storage import notes, yamlfast

EXAMPLE_VAULT = Path(__file__).resolve().parent.parent / "vault"
TRICKY = ["yes", "No", "on", "OFF", "null", "~", "", "0", "007", "0x1f", "1_000", "1:30", "-3", "+4", "3.14",
          ".5", "1e3", "1.0e+3", ".inf", ".NaN", "2025-10-18T08:39:17Z", "2025-10-18", "a: b", "a #b", "#x",
          "- x", "it's", "'quoted'", '"dq"', "[[link]]", "[]", "{}", "x:", "=", "<<", "&a", "*a", "!t", "%p", "@x",
          "`x`", "|", ">", "a\tb", "a\nb", " lead", "trail ", "ü nicode", "a\\b", "?", ",", "  ", "-", "---",
          "a\rb", "a\x85# c", "a\u2028b", "\ufeffx", "a\x00b", "a\x1bb", "'a\rb'"]
SCALARS = st.one_of(st.sampled_from(TRICKY), st.text(max_size=30), st.integers(), st.booleans(), st.none(),
                    st.floats(allow_nan=False, allow_infinity=False))
KEYS = st.one_of(st.sampled_from(["type", "id", "memkit-sha", "action_types", "yes", "null", "on", "x1", "a_b"]),
                 st.from_regex(r"[a-z][a-z0-9_-]{0,12}", fullmatch=True))
METAS = st.dictionaries(KEYS, st.one_of(SCALARS, st.lists(SCALARS, max_size=4)), max_size=8)


def both(raw: str):
    fast = yamlfast.load(raw, notes._RESOLVERS)
    return fast, yaml.load(raw, Loader=notes._Loader)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@settings(max_examples=600, deadline=None)
@given(METAS)
def test_what_memkit_writes_reads_back_as_yaml_reads_it(meta):
    raw = notes.dump_meta(meta)
    fast, slow = both(raw)
    if fast is not None:
        assert fast == slow and [type(v) for v in fast.values()] == [type(v) for v in slow.values()]


LINES = st.lists(st.one_of(
    st.builds(lambda k, v: f"{k}: {v}", KEYS, st.sampled_from(TRICKY)),
    st.builds(lambda k: f"{k}:", KEYS),
    st.builds(lambda i, v: f"{i}- {v}", st.sampled_from(["", "  ", "    "]), st.sampled_from(TRICKY)),
    st.sampled_from(["", "# comment", "  nested: 1", "  sub: yes", "  path: ~/x y", "    deeper: 1", "  - z",
                     "  q: 'a''b'", "  k:", "  k: a: b", "key: |", "  block", "k: 'a'  # c", "k: \"a\\tb\"",
                     "k:v", "k: [a, b]", "- ", "...", "k: 'multi", "  line'"])), max_size=8)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@settings(max_examples=800, deadline=None)
@given(LINES)
def test_hand_written_frontmatter_is_read_as_yaml_or_declined(lines):
    raw = "\n".join(lines)
    try:
        slow = yaml.load(raw, Loader=notes._Loader)
    except yaml.YAMLError:
        slow = yaml.YAMLError
    fast = yamlfast.load(raw, notes._RESOLVERS)
    if fast is not None:
        assert slow is not yaml.YAMLError and fast == slow, raw
        assert [type(v) for v in fast.values()] == [type(v) for v in slow.values()], raw


def test_every_note_of_the_example_vault_reads_the_same():
    seen = fast_count = 0
    for path in EXAMPLE_VAULT.rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---"):
            continue
        raw = text.split("\n---", 1)[0][4:]
        fast, slow = both(raw)
        seen += 1
        if fast is not None:
            fast_count += 1
            assert fast == slow, path
    assert seen >= 10 and fast_count >= seen * 0.5, (seen, fast_count)   # the fast path is the common one


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@settings(max_examples=800, deadline=None)
@given(METAS)
def test_the_fast_writer_reads_back_identically_with_both_readers(meta):
    raw = yamlfast.dump(meta, notes._RESOLVERS)
    if raw is None:
        return
    slow = yaml.load(raw, Loader=notes._Loader)
    assert slow == meta and [type(v) for v in slow.values()] == [type(v) for v in meta.values()], raw
    assert yamlfast.load(raw, notes._RESOLVERS) == meta


def test_the_fast_writer_takes_what_memkit_writes():
    meta = {"type": "observation", "id": "corr-x-02c3", "confidence": 0.9, "importance": 0.85,
            "created": "2025-10-18T08:39:17.482Z", "session": "[[2025-10-18-claude-f43503d8]]",
            "trigger": "Edit: /src/client.py — resp = requests.get(url) (rejected)", "lesson": "it's: fine # ok",
            "action_types": ["http:no-timeout"], "extracted": [], "source": {"path": "~/x.jsonl", "bytes": 10},
            "flag": True, "none": None, "memkit-sha": "ee37c105865231d7"}
    raw = yamlfast.dump(meta, notes._RESOLVERS)
    assert raw is not None and yaml.load(raw, Loader=notes._Loader) == meta
    assert yamlfast.dump({"multi": "a\nb"}, notes._RESOLVERS) is None
    assert yamlfast.dump({"deep": {"a": {"b": 1}}}, notes._RESOLVERS) is None


def _pyyaml(meta) -> str:
    return yaml.dump(meta, Dumper=notes._Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=100000)


NESTED = st.dictionaries(KEYS, st.one_of(SCALARS, st.lists(SCALARS, max_size=3),
                                         st.dictionaries(KEYS, st.one_of(SCALARS, st.lists(SCALARS, max_size=3),
                                                                         st.dictionaries(KEYS, SCALARS, max_size=2)),
                                                         max_size=4)), max_size=6)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
@settings(max_examples=1500, deadline=None)
@given(NESTED)
def test_the_nested_writer_writes_pyyamls_own_bytes_or_declines(meta):
    raw = yamlfast.dump_nested(meta, notes._DUMP_RESOLVERS)
    if raw is not None:
        assert raw == _pyyaml(meta)
        assert yaml.load(raw, Loader=notes._Loader) == meta
    assert notes.dump_meta(meta) in (_pyyaml(meta), yamlfast.dump(meta, notes._DUMP_RESOLVERS))


def test_a_candidates_cue_is_written_without_pyyaml_and_unsure_values_go_to_it():
    meta = {"type": "observation", "id": "corr-x-02c3", "confidence": 0.8, "created": "2026-05-11T18:26:30.995Z",
            "session": "[[2026-05-11-generic-eb9a6aa1]]", "lesson": "it's: always pass timeout= # ok",
            "action_types": ["http:no-timeout"],
            "cue": {"forbids": ["http:no-timeout"], "example": "/src/client.py resp = requests.get(url)",
                    "entities": [], "prescribes": ["always pass timeout="], "scope": {"project": "scheduler"},
                    "standing": False, "compiled": "heuristic@5", "of": "03731ff7", "none": None, "empty": {}},
            "tags": ["memkit/observation/correction"], "memkit-sha": "0c8984795a8f3db8"}
    assert yamlfast.dump(meta, notes._DUMP_RESOLVERS) is None   # the flat writer declines a cue
    raw = yamlfast.dump_nested(meta, notes._DUMP_RESOLVERS)
    assert raw == _pyyaml(meta) and "cue:\n  forbids:\n  - http:no-timeout\n" in raw and "  scope:\n    project: scheduler\n" in raw
    for sure in ("", "-", "---", "--- x", "-x", "--no-verify", "-5", "[[link]]", "#tag", "it's", "a: b"):
        odd = {**meta, "cue": {**meta["cue"], "example": sure}}
        assert yamlfast.dump_nested(odd, notes._DUMP_RESOLVERS) == _pyyaml(odd), sure
    for unsure in ("...", "?x", ":x", "😀 party", "a\u200bb", "tab\there", "x" * 5000, "trail "):
        odd = {**meta, "cue": {**meta["cue"], "example": unsure}}
        assert yamlfast.dump_nested(odd, notes._DUMP_RESOLVERS) is None, unsure
        assert notes.dump_meta(odd) == _pyyaml(odd)   # PyYAML writes it, as before
    assert yamlfast.dump_nested({"c": {"d": {"e": {"f": 1}}}}, notes._DUMP_RESOLVERS) is None   # deeper: PyYAML
    assert yamlfast.dump_nested({"cues": [{"lesson": "x"}]}, notes._DUMP_RESOLVERS) is None     # a list of mappings
