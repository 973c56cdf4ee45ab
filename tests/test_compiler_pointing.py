"""Lessons that point instead of naming: "don't touch that file" after a refused edit is about the
file the edit changed; "not rush to commit" and "run the specs before you push" put a step before
a moment; "…, not specific to my machine" names no tool. And when several lessons fire, one met
through the action's own mistake comes before one met only because the action is a commit."""
from __future__ import annotations

import pytest

from memkit.activation import acts, catalogue, compiler, match
from memkit.activation.clauses import clauses

CAT = catalogue.load(None)
EDIT = "Edit: /home/ana/code/shop/src/billing/rates.py — RATE = 0.2"


def _fires(cue: dict, tool: str, payload: dict) -> bool:
    act = acts.from_call(tool, payload)
    return match.judge(match.Cue(match.row_of(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


@pytest.mark.parametrize("lesson, entity", [
    ("don't touch that file", "billing/rates.py"),
    ("leave this file alone, it's generated", "billing/rates.py"),
    ("I'd rather you didn't touch it", "billing/rates.py"),
    ("never edit this module by hand", "billing/rates.py"),
    ("DO NOT TOUCH OUR IMPLEMENTATION. Tell me what you need and we find a way", "billing/rates.py"),
    ("no, don't modify the implementation, only the tests", "billing/rates.py"),
    ("hands off the production code", "billing/rates.py"),
    ("keep your hands off that file", "billing/rates.py"),
    ("I told you not to touch that file", "billing/rates.py"),
    ("you shouldn't have changed that file", "billing/rates.py"),
    ("don't make changes to this file", "billing/rates.py"),
    ("no changes to that file!", "billing/rates.py"),
    ("leave that alone", "billing/rates.py"),
    ("do not edit this", "billing/rates.py"),
])
def test_what_a_refused_edit_changed_is_what_the_lesson_points_at(lesson, entity):
    assert entity in compiler.compile_lesson(CAT, lesson, EDIT + " (rejected)")["entities"]


@pytest.mark.parametrize("lesson, trigger", [
    ("don't touch that file", EDIT),                                   # the edit went through: "that" is unknown
    ("don't touch that file", "Bash: rm -rf build/ (rejected)"),       # no file edited
    ("don't change the tests", EDIT + " (rejected)"),                  # names what it means
    ("leave the rest alone", EDIT + " (rejected)"),
    ("DO NOT TOUCH OUR IMPLEMENTATION for exploratory probing of databases", EDIT + " (rejected)"),   # a purpose
    ("don't touch that file to add debug prints", EDIT + " (rejected)"),
    ("don't modify it that way, use a context manager", EDIT + " (rejected)"),        # a manner
    ("stop changing the class name, it's used in 40 places", EDIT + " (rejected)"),   # a detail
    ("don't change the code style, match the file", EDIT + " (rejected)"),
    ("don't change the code in the migration, write a new migration", EDIT + " (rejected)"),
    ("don't change that value, use the config", EDIT + " (rejected)"),
])
def test_no_pointing_without_a_refused_edit_or_a_pointing_word(lesson, trigger):
    cue = compiler.compile_lesson(CAT, lesson, trigger)
    assert not any(e.endswith(("rates.py", "billing/")) for e in cue["entities"])


def test_a_later_change_to_the_pointed_file_recalls_it_and_its_tests_stay_free():
    cue = compiler.compile_lesson(CAT, "no, don't modify the implementation, only the tests",
                                  "Edit: /Users/pa/dev/books/books/apple/library.py — query = '' (rejected)")
    add_print = {"old_string": "rows = cur.fetchall()\n", "new_string": "rows = cur.fetchall()\nprint(rows)\n"}
    assert _fires(cue, "Edit", {"file_path": "/Users/pa/dev/books/books/apple/library.py", **add_print})
    assert not _fires(cue, "Edit", {"file_path": "/Users/pa/dev/books/books/apple/library_test.py", **add_print})
    assert not _fires(cue, "Edit", {"file_path": "/Users/pa/dev/books/specs/library_spec.py", **add_print})
    assert not _fires(cue, "Bash", {"command": "sqlite3 ~/Library/books.sqlite 'select count(*) from ZBOOK'"})


@pytest.mark.parametrize("lesson, moment", [
    ("run the specs before you push", "git:push"),
    ("always run coverage before committing", "git:commit"),
    ("lint before you commit", "git:commit"),
    ("you should have addressed also the warning and not rush to commit still broken stuff", "git:commit"),
    ("stop jumping to push before I reviewed it", "git:push"),
    ("check the diff before you commit it", "git:commit"),
])
def test_a_step_put_before_a_moment_fires_before_that_moment(lesson, moment):
    cue = compiler.compile_lesson(CAT, lesson, "Bash: ls")
    assert moment in cue.get("before", [])
    assert _fires(cue, "Bash", {"command": "git commit -m 'Fix parser'" if moment == "git:commit" else "git push"})
    assert not _fires(cue, "Bash", {"command": "git status"})


@pytest.mark.parametrize("lesson, trigger, word", [
    ("you should have addressed the warning and not rush to commit still broken stuff", "Bash: git commit -m x", "rush"),
    ("make sure it's portable and not specific to my machine and user!", "Bash: cp a b", "specific"),
    ("we need to safely perform the rename, not complicate it", "Bash: ls", "complicate"),
    ("the default is used there when not provided by the user", "Bash: ls", "provided"),
])
def test_a_word_the_not_goes_with_is_no_tool_it_replaces(lesson, trigger, word):
    assert word not in compiler.compile_lesson(CAT, lesson, trigger)["entities"]


@pytest.mark.parametrize("lesson, trigger, tool", [
    ("use click, not argparse", "Bash: python cli.py", "argparse"),
    ("we use pnpm here, not npm for installs", "Bash: npm install", "npm"),
    ("use ripgrep, not grep.", "Bash: grep -r foo .", "grep"),
    ("use rsync, not scp to copy the backups", "Bash: ls", "scp"),
    ("use uv, not pip to install anything", "Bash: ls", "pip"),
])
def test_the_tool_a_way_replaces_is_still_named(lesson, trigger, tool):
    assert tool in compiler.compile_lesson(CAT, lesson, trigger)["entities"]


def test_one_co_author_asked_for_forbids_several():
    cue = compiler.compile_lesson(CAT, "Use single attribution: only the first Co-Authored-By shows in GitHub's UI",
                                  "Bash: git log -3")
    two = "git commit -m 'Docs\n\nCo-Authored-By: Gemini 2.5 Pro <noreply@google.com>\n" \
          "Co-Authored-By: Gemini 2.5 Flash <noreply@google.com>'"
    assert _fires(cue, "Bash", {"command": two})
    assert not _fires(cue, "Bash", {"command": "git commit -m 'Docs\n\nCo-Authored-By: Gemini 2.5 Pro <noreply@google.com>'"})


@pytest.mark.parametrize("lesson", [
    "let's fix that first before we commit it",
    "tidy the list, then show me before we commit them",
    "ask me before committing to an approach",
    "we need to hurry to commit the hotfix before the demo",
    "there's no need to rush to commit this",
])
def test_a_before_that_orders_the_steps_at_hand_is_no_standing_moment(lesson):
    assert "git:commit" not in compiler.compile_lesson(CAT, lesson, "Bash: ls").get("before", [])


def test_pushing_back_is_no_push():
    cue = compiler.compile_lesson(CAT, "before pushing back on my review comments, read them carefully", "Bash: ls")
    assert "git:push" not in cue.get("before", [])


def test_asking_for_several_co_authors_forbids_nothing():
    cue = compiler.compile_lesson(CAT, "we paired on this, credit multiple co-authors in the commit", "Bash: ls")
    assert "git:several-coauthors" not in cue["forbids"]


def test_a_lesson_met_through_a_specific_kind_ranks_before_a_before_every_commit_rule():
    every = compiler.compile_lesson(CAT, "always run coverage before committing", "Bash: ls")
    staging = compiler.compile_lesson(CAT, "never stage everything with git add -A, name the files",
                                      "Bash: git add -A && git commit -m wip (rejected)")
    act = acts.from_call("Bash", {"command": "git add -A && git commit -m 'Refactor filters'"})
    probe = match.Probe(act, CAT.classify(act), CAT)
    cues = []
    for note_id, cue in (("corr-a-every-commit", every), ("corr-b-staging", staging)):
        c = match.Cue(match.row_of(cue, note_id=note_id))
        c.tier = match.judge(c, probe, CAT)
        c.score = match.score(c, probe) * (2.0 if note_id.startswith("corr-a") else 1.0)   # the broad one scores higher
        cues.append(c)
    assert all(c.tier == match.CONCRETE for c in cues)
    assert [c.note_id for c in match.rank(cues, 3, CAT)] == ["corr-b-staging", "corr-a-every-commit"]
    assert [c.note_id for c in match.rank(cues, 1, CAT)] == ["corr-b-staging"]


@pytest.mark.parametrize("clause, polarity", [
    ("But what was that part with the mocker?!", "forbid"),
    ("what is this print doing here?", "forbid"),
    ("what are all these sleeps doing in there?", "forbid"),
    ("what's this print doing here?", "forbid"),
    ("what was that part about the cache?", "neutral"),          # asks to be told
    ("what was that part with the auth flow again?", "neutral"),
    ("what is the worker doing in the loop?", "neutral"),
    ("does the docstring on line 14 add anything the code doesn't say already?", "forbid"),
    ("why do we need a retry wrapper around the client?", "forbid"),
    ("do we really need the second cache here?", "forbid"),
    ("do we need to restart the worker after this, or does it reload?", "prescribe"),   # asks, no complaint
])
def test_a_complaint_asked_as_a_question_says_no(clause, polarity):
    assert clauses(clause)[0][0] == polarity


def test_a_challenge_to_what_the_act_added_forbids_its_kind():
    cue = compiler.compile_lesson(CAT, "does docstring on line 14 add anything the code doesn't say already?",
                                  "Edit: /home/ana/shop/app/models.py — def total(self):")
    assert "style:docstring" in cue["forbids"]


@pytest.mark.parametrize("lesson, rule, reason", [
    ("don't remove `legacy_id`, the nightly export still reads it", "don't remove `legacy_id`",
     "the nightly export still reads it"),
    ("don't run the migration, it locks the orders table", "don't run the migration", "it locks the orders table"),
])
def test_a_reason_after_a_comma_is_no_second_rule(lesson, rule, reason):
    assert clauses(lesson) == [("forbid", rule), ("neutral", reason)]


def test_what_a_reason_names_is_not_forbidden():
    cue = compiler.compile_lesson(CAT, "don't remove `legacy_id`, the nightly export still reads it",
                                  "Edit: /home/ana/shop/app/models.py — pass")
    assert not cue["forbids"]                     # "nightly" names no cron job it forbids
    assert cue["kept"] == ["legacy_id"]


def test_a_bare_no_before_a_comma_is_not_split_off():
    assert clauses("no, this isn't finished until the full suite is green")[0][0] == "forbid"
