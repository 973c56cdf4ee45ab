"""A lesson about the file or folder the corrected call changed ("compose.yaml is the shared
stack") names it as what it warns about: later changes to it recall the lesson, wherever it
said to go instead stays a way to comply, and a place it sends the agent to is no entity."""
from __future__ import annotations

import pytest

from memkit.activation import catalogue, compiler
from memkit.activation.clauses import spoken_of

CAT = catalogue.load(None)


@pytest.mark.parametrize("clause, name", [
    ("but compose.yaml is the shared stack, CI runs it as is.", "compose.yaml"),
    ("Review on !812: handbook/ is what new hires read on day one.", "handbook/"),
    ("the nightly job overwrites fixtures/vendors so edits vanish", "fixtures/vendors"),
    ("wait, did you just paste the token into config/local.ini?", "config/local.ini"),
])
def test_a_clause_about_the_file_itself(clause, name):
    assert spoken_of(clause, name)


@pytest.mark.parametrize("clause, name", [
    ("fix the docstring in geotiler/ and regenerate", "geotiler/"),
    ("put the override in compose.override.yaml", "compose.override.yaml"),
    ("so only docs/ gets the fix", "docs/"),                       # where the fix goes
    ("did you run the tests?", "tests/"),                           # not named at all
])
def test_a_place_to_go_is_not_the_subject(clause, name):
    assert not spoken_of(clause, name)


def test_the_shared_file_the_call_edited_is_an_entity_and_the_override_complies():
    cue = compiler.compile_lesson(
        CAT, "thanks! but compose.yaml is the shared stack, everyone's laptop runs it as is. Anything just for "
             "my machine goes in compose.override.yaml. Can you put compose.yaml back?",
        'Edit: /home/ana/code/shop/compose.yaml — ports: - "15432:5432"')
    assert "compose.yaml" in cue["entities"]          # survives "put it back": the lesson is about it
    assert "compose.override.yaml" in cue["complies"]


def test_a_named_folder_the_call_did_not_touch_stays_what_it_was():
    lesson = "handbook/ is what new hires read on day one, keep jargon out of it"
    cue = compiler.compile_lesson(CAT, lesson, "Write: /home/ana/wiki/notes/todo.md — jargon everywhere")
    assert "handbook/" not in cue["entities"]
    cue = compiler.compile_lesson(CAT, lesson, "Write: /home/ana/wiki/handbook/setup.md — jargon everywhere")
    assert "handbook/" in cue["entities"]


def test_a_flag_asked_for_after_a_hyphenated_subcommand_keeps_the_subcommand():
    cue = compiler.compile_lesson(
        CAT, "everything we run goes to the test queue with --endpoint-profile qa, never the default one",
        "Bash: mqadm queue-jobs submit local-file jobs/nightly.jcl --wait")
    assert "mqadm queue-jobs submit" in cue["entities"]
    assert "--endpoint-profile" in cue["complies"]
