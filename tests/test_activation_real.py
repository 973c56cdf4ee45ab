"""The real-corrections activation sets (tests/activation_sets/real/ and real-2/, other later actions
for corrections of the same logs) are well-formed and true to their corpus.

Every probe is a hook payload of the right shape, every lesson has its fire and silent probes,
and, when the shared corpora are present, every lesson names a prompt a person typed, every
expected phrase is that person's own words and the no-shared-words flags are what the words say.
Nothing here runs memkit: bench/activation_real.py measures.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SET = REPO / "tests" / "activation_sets" / "real"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_activation_real", REPO / "bench" / "activation_real.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_activation_real", mod)
    spec.loader.exec_module(mod)
    return mod


BENCH = _bench()
NAMES = [n for n in ("real", "real-2") if (SET.parent / n / "probes.jsonl").is_file()]
ALL = {n: BENCH.load_probes(SET.parent / n / "probes.jsonl") for n in NAMES}
PROBES = [p for n in NAMES for p in ALL[n]]
CORPORA = BENCH.shared_dir(None) / "corpora"
RUN_PY = CORPORA.parent / "eval" / "activation-dev" / "run.py"
needs_corpus = pytest.mark.skipif(not CORPORA.is_dir(), reason=f"shared corpora not found at {CORPORA}")
EVENTS = {"pre_tool": "PreToolUse", "prompt": "UserPromptSubmit"}


def of(name: str, lesson: dict) -> list[dict]:
    return [p for p in ALL[name] if p["lesson"] == lesson]


def test_both_sets_are_here():
    assert NAMES == ["real", "real-2"]


@pytest.mark.parametrize("name", NAMES)
def test_the_set_has_its_files(name):
    assert (SET.parent / name / "README.md").is_file()
    assert not list((SET.parent / name).glob("*.py")), "a .py file would make bench/activation_sets.py build it"
    assert len(ALL[name]) == len({p["id"] for p in ALL[name]}), "probe ids must be unique"


@pytest.mark.parametrize("probe", PROBES, ids=[p["id"] for p in PROBES])
def test_probe_is_a_hook_payload(probe):
    assert set(probe) == {"id", "kind", "expect", "payload", "lesson", "expect_any", "no_shared_words",
                          "shared_words", "domain", "note"}
    payload = probe["payload"]
    assert payload["hook_event_name"] == EVENTS[probe["kind"]]
    assert {"session_id", "transcript_path", "cwd", "permission_mode"} <= set(payload)
    assert not Path(payload["transcript_path"]).exists(), "memkit must not lean on the transcript"
    if probe["kind"] == "prompt":
        assert isinstance(payload["prompt"], str) and payload["prompt"].strip()
    else:
        assert isinstance(payload["tool_name"], str) and isinstance(payload["tool_input"], dict)
    if probe["expect"] == "fire":
        assert probe["lesson"] and 1 <= len(probe["expect_any"]) <= 3
        assert all(isinstance(ph, str) and ph.strip() for ph in probe["expect_any"])
    else:
        assert probe["expect"] == "silent" and probe["expect_any"] == []
    if probe["lesson"] is not None:
        assert set(probe["lesson"]) == {"file", "starts"} and len(probe["lesson"]["starts"].split()) >= 3
    assert isinstance(probe["no_shared_words"], bool) and isinstance(probe["shared_words"], list)
    assert probe["note"].strip() and probe["domain"].strip()


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_has_two_fire_probes_and_one_or_two_silent_ones(name):
    lessons = BENCH.lessons(ALL[name])
    assert len(lessons) >= 25
    for lesson in lessons:
        fire = [p for p in of(name, lesson) if p["expect"] == "fire"]
        silent = [p for p in of(name, lesson) if p["expect"] == "silent"]
        assert len(fire) == 2 and any(p["no_shared_words"] for p in fire), lesson
        assert 1 <= len(silent) <= 2, lesson
        assert len({p["domain"] for p in of(name, lesson)}) == 1, lesson
    assert sum(p["expect"] == "silent" and p["lesson"] is None for p in ALL[name]) >= 10


@pytest.mark.parametrize("name", NAMES)
def test_lessons_are_spread_over_the_corpora(name):
    files = Counter(l["file"] for l in BENCH.lessons(ALL[name]))
    assert len(files) >= 10 and max(files.values()) <= 5
    assert len({f.split("/")[0] for f in files}) >= 2


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_file_is_in_the_corpus_list(name):
    listed = {str(p.relative_to("/c")) for p in BENCH.corpus_files(Path("/c"), SET / "corpus.txt")}
    assert {l["file"] for l in BENCH.lessons(ALL[name])} <= listed
    assert len(listed) == len(BENCH.corpus_files(Path("/c"), SET / "corpus.txt")), "a file listed twice"


def test_content_words_fold_case_stopwords_and_endings():
    assert BENCH.content_words("Don't commit the Specs; committing specs is it") == {"commit", "spec"}
    assert BENCH.content_words("writes, writing") == BENCH.content_words("write") == {"writ"}
    assert BENCH.content_words("drop_column 88 chars") == {"drop_column", "char"}


@needs_corpus
def test_the_listed_corpus_files_exist():
    missing = [str(f) for f in BENCH.corpus_files(CORPORA, SET / "corpus.txt") if not f.is_file()]
    assert not missing


@pytest.fixture(scope="module")
def corrections() -> dict:
    cache: dict = {}
    return {(l["file"], l["starts"]): BENCH.find_correction(CORPORA, l, cache) for l in BENCH.lessons(PROBES)}


@needs_corpus
@pytest.mark.parametrize("name", NAMES)
def test_expected_phrases_are_the_persons_own_words(corrections, name):
    for lesson in BENCH.lessons(ALL[name]):
        text = corrections[lesson["file"], lesson["starts"]]
        assert text is not None, f"no typed prompt in {lesson['file']} starts with {lesson['starts']!r}"
        for probe in of(name, lesson):
            for phrase in probe["expect_any"]:
                assert BENCH.norm(phrase) in BENCH.norm(text), f"{probe['id']}: {phrase!r}"


@needs_corpus
def test_no_shared_words_flags_match_the_words(corrections):
    for probe in PROBES:
        if probe["lesson"] is None:
            continue
        shared = BENCH.shared_words(probe, corrections[probe["lesson"]["file"], probe["lesson"]["starts"]])
        assert probe["shared_words"] == shared, probe["id"]
        assert probe["no_shared_words"] == (len(shared) <= 1), probe["id"]


HOOK_OUTPUTS = [
    (0, "", None), (0, "{}", None), (0, "not json", None), (3, "", None), (None, "", "timeout"),
    (0, "[1]", None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "ctx"}}), None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "x"}}), None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}), None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "nope"}}), None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": 3}}), None),
    (0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "  "}}), None),
    (0, json.dumps({"hookSpecificOutput": "x"}), None), (0, json.dumps({"decision": "block"}), None),
    (0, json.dumps({"continue": False}), None),
]


@pytest.mark.skipif(not RUN_PY.is_file(), reason=f"{RUN_PY} not found")
def test_results_are_classified_as_the_shared_harness_classifies_them():
    spec = importlib.util.spec_from_file_location("shared_activation_run", RUN_PY)
    shared = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shared)
    for rc, out, err in HOOK_OUTPUTS:
        assert BENCH.classify(rc, out, err, "PreToolUse") == shared.classify(rc, out, err, "PreToolUse"), out
