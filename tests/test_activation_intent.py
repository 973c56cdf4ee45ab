"""Requests in other words: a request that names none of a lesson's words, nor the catalogue's
patterns for its kind, still reaches the lesson when it speaks of the rare things that kind of
action is about; a question about the same matter, or other work, does not."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_generic
from memkit.activation import catalogue, intent

LESSONS = [
    ("purge", ("Bash", {"command": "curl -X POST https://api.cloudflare.com/client/v4/zones/7f3/purge_cache "
                                   "-d '{\"purge_everything\":true}'"}),
     "no, not the whole zone. only the URLs that changed get purged, a full purge sends every request to the "
     "origin and it falls over"),
    ("nuke", ("Bash", {"command": "bundle exec fastlane match nuke distribution"}),
     "no, never run nuke here: it revokes every distribution certificate of the team, the build in review dies "
     "with it"),
]


@pytest.fixture(scope="module")
def taught(tmp_path_factory):
    root = tmp_path_factory.mktemp("intent")
    vault = root / "v"
    run_cli("init", str(vault), check=True)
    logs = []
    for i, (name, (tool, inp), lesson) in enumerate(LESSONS):
        day = f"2026-06-{i + 1:02d}T09:00"
        msgs = [{"role": "user", "content": "go ahead", "timestamp": f"{day}:00Z"},
                {"role": "assistant", "content": "on it", "timestamp": f"{day}:10Z",
                 "tool_calls": [{"id": "c0", "name": tool, "input": inp}]},
                {"role": "tool", "tool_call_id": "c0", "content": "done"},
                {"role": "user", "content": lesson, "timestamp": f"{day}:40Z"}]
        logs.append(str(write_generic(root / f"{name}.jsonl", msgs,
                                      {"session_id": f"intent-{name}", "project": "shop", "cwd": "/p/shop"})))
    run_cli("--vault", str(vault), "ingest", *logs, check=True)
    return vault


def _context(vault, prompt: str) -> str:
    payload = {"hook_event_name": "UserPromptSubmit", "prompt": prompt, "cwd": "/p/shop"}
    out = run_cli("--vault", str(vault), "context", "--hook", input=json.dumps(payload), check=True).stdout
    return json.loads(out)["hookSpecificOutput"]["additionalContext"] if out else ""


@pytest.mark.parametrize("prompt,lesson", [
    ("the new stylesheet is out, flush the edge cache completely so everybody gets it", "not the whole zone"),
    ("signing is broken again, revoke all our certificates and let fastlane start over", "never run nuke"),
])
def test_a_request_in_other_words_reaches_the_lesson_about_that_kind_of_action(taught, prompt, lesson):
    assert lesson in _context(taught, prompt)


@pytest.mark.parametrize("prompt", [
    "how long does the edge cache keep a page before it flushes it?",   # asks to be told, does nothing
    "which certificates does fastlane keep for the team?",
    "rename the footer component to SiteFooter",
    "thanks, that's it for today",
])
def test_questions_and_other_work_stay_silent(taught, prompt):
    assert _context(taught, prompt) == ""


def test_the_terms_of_a_kind_weigh_by_their_rarity_across_the_catalogue():
    cat = catalogue.load(None)
    weighted = intent.weights(cat, ["cdn:purge-all"])["cdn:purge-all"]
    assert weighted and all(w > 0 for w in weighted.values()) and len(weighted) <= intent.MAX_TERMS
    kid, strength, terms = intent.about({"cdn:purge-all": weighted}, "flush the edge cache completely")
    assert kid == "cdn:purge-all" and strength >= intent.THRESHOLD and "flush" in terms
    assert intent.about({"cdn:purge-all": weighted}, "write the release notes")[1] == 0
    assert intent.stems("revoke the prod certs") == intent.stems("revoking production certificates")
    assert intent.asks_only("which level does it use by default?")
    assert not intent.asks_only("can you darken that teal a bit?")


def test_why_a_request_fired_names_its_own_words(taught):
    prompt = "signing is broken again, revoke all our certificates and let fastlane start over"
    out = run_cli("--vault", str(taught), "context", prompt, "--json", check=True).stdout
    whys = [w for c in json.loads(out)["cues"] for w in c["why"]]
    assert any("speaks of" in w and "certificates" in w for w in whys), whys


def test_a_files_extension_is_no_word_of_the_request():
    # "library.py" names a file; its ".py" says nothing of what is asked (it read as "python")
    assert intent.request_keys("tidy library.py") == intent.request_keys("tidy library")
    assert "\u2248python" in intent.request_keys("port the script to python")
    weighted = {"k": {"python": 3.0, "librar": 3.0}}
    assert intent.about(weighted, "split library.py in two")[1] == 0
    assert intent.about(weighted, "move the python library")[1] == 6.0


@pytest.mark.parametrize("prompt,explains", [
    ("before touching library.py, walk me through how you'd split the path resolution out", True),
    ("talk me through the cache flush you have in mind", True),
    ("walk me through the purge and then run it", False),   # asks for the work too
    ("before you deploy, run the tests", False),
])
def test_a_request_to_be_walked_through_a_plan_only_asks_to_be_told(prompt, explains):
    from memkit.activation import acts, match

    cat = catalogue.load(None)
    act = acts.from_prose(prompt)
    assert match.Probe(act, cat.classify(act), cat, "shop", "prompt").explains is explains


def _spoken_of(note_id: str, terms: dict, project: str = "shop"):
    from memkit.activation import match

    row = list(match.row_of({"forbids": [], "entities": []}, note_id=note_id, project=project))
    row[-1] = json.dumps({"cue": {"forbids": [], "entities": []}, "intent": {"x:" + note_id: terms}})
    return match.Cue(tuple(row))


def test_of_two_lessons_a_request_only_speaks_of_the_one_it_speaks_of_more_strongly_comes_first():
    from memkit.activation import acts, match

    cat = catalogue.load(None)
    act = acts.from_prose("flush the edge cache for the stylesheet")
    probe = match.Probe(act, cat.classify(act), cat, "shop", "prompt")
    weak = _spoken_of("corr-a-weak", {"flush": 3.0, "edg": 3.0})
    strong = _spoken_of("corr-b-strong", {"flush": 3.0, "edg": 3.0, "cach": 3.0, "styles": 3.0})
    for cue in (weak, strong):
        cue.tier = match.judge(cue, probe, cat)
        cue.score = match.score(cue, probe)
    assert weak.tier == strong.tier == match.TOPIC and weak.score >= strong.score   # older first on score alone
    assert [c.note_id for c in match.rank([weak, strong], 2, cat)] == ["corr-b-strong", "corr-a-weak"]
    assert [c.note_id for c in match.rank([weak, strong], 1, cat)] == ["corr-b-strong"]


@pytest.mark.parametrize("source, left", [
    (r"(?i)\b(clean|clear)\s+(?!\s+(the\s+)?page\b)cache\b", "(?i)\\b(clean|clear)\\s+ cache\\b"),
    ("(?<=\\bcan\\syou\\s)(purge|flush)", " (purge|flush)"),
    ("(?=[(])kept words", " kept words"),              # a parenthesis in a class opens nothing
    ("(?![)] page)real words", " real words"),
    ("no lookaround (here)", "no lookaround (here)"),
    ("(?!never closed", ""),
])
def test_a_kinds_description_leaves_out_what_its_lookarounds_hold(source, left):
    assert intent._unlooked(source) == left
