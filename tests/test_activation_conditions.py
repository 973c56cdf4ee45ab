"""A rule said with its condition ("whenever you touch api/, regenerate the spec") is due when the
act the condition describes comes: the cue fires before an action that touches what the condition
names, or before an act of the kind it describes, and stays silent elsewhere."""
from __future__ import annotations

from memkit.activation import acts, catalogue, compiler, match
from memkit.activation.clauses import clauses

CAT = catalogue.load(None)


def _fires(lesson: str, tool: str, data: dict) -> bool:
    cue = compiler.compile_lesson(CAT, lesson, "", kind="preference")
    row = match.row_of(cue, path="workshop/x.md", project="", reviewed=False, names="")
    act = acts.from_command(data["command"]) if tool == "Bash" else acts.from_call(tool, data)
    return match.judge(match.Cue(row), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


def _edit(path: str) -> tuple[str, dict]:
    return "Edit", {"file_path": path, "old_string": "x = 1", "new_string": "x = 2"}


def test_a_condition_before_a_rule_is_its_own_clause():
    assert clauses("when you change anything in proto/, bump the version in buf.yaml") == [
        ("when", "when you change anything in proto/"), ("prescribe", "bump the version in buf.yaml")]
    # split at its comma by the sentence reader first, the condition still opens the rule after it
    assert clauses("each time you edit the terraform under infra/prod, run terraform plan first")[0] == (
        "when", "each time you edit the terraform under infra/prod")
    assert clauses("every time a new string goes into Localizable.strings, add the de and fr keys")[0][0] == "when"


def test_no_condition_where_nothing_is_done_or_no_rule_follows():
    for text in ("if you want, add a test for it",            # a wish, no act
                 "when you ran the migration, it locked the table",   # a story in the past
                 "if the build fails, do not retry it",       # a state, not someone's act
                 "when you're done, that's it",               # no rule after it
                 'when you say "Now, I will run it." it looks like a tool call, but nothing runs'):   # speech
        assert all(p != "when" for p, _ in clauses(text)), text


def test_touching_the_folder_a_condition_names_is_the_rules_moment():
    lesson = "whenever you touch anything under api/, regenerate the openapi spec (make openapi) and commit it too"
    assert _fires(lesson, *_edit("/home/me/app/api/routes/users.py"))
    assert not _fires(lesson, *_edit("/home/me/app/web/src/App.tsx"))
    lesson = "when you change anything in proto/, bump the version in buf.yaml"
    assert _fires(lesson, *_edit("/srv/svc/proto/user.proto"))
    assert not _fires(lesson, *_edit("/srv/svc/buf.yaml"))   # what the rule asks for
    assert not _fires(lesson, *_edit("/srv/svc/cmd/main.go"))


def test_a_condition_that_names_its_place_is_due_there_alone():
    lesson = "each time you edit the terraform under infra/prod, run terraform plan first and paste it"
    assert _fires(lesson, *_edit("/r/ops/infra/prod/main.tf"))
    assert not _fires(lesson, *_edit("/r/ops/infra/staging/main.tf"))


def test_a_condition_that_names_a_kind_of_act_is_due_before_any_act_of_it():
    cue = compiler.compile_lesson(CAT, "whenever you write a migration, make it reversible", "", kind="preference")
    assert "schema-migration:create" in cue.get("before", [])
    # the same rule without its condition names no moment
    cue = compiler.compile_lesson(CAT, "make it reversible", "", kind="preference")
    assert "schema-migration:create" not in cue.get("before", [])


def _asked(lesson: str, request: str) -> bool:
    cue = compiler.compile_lesson(CAT, lesson, "", kind="preference")
    row = match.row_of(cue, path="workshop/x.md", project="", reviewed=False, names="")
    asked = acts.from_prose(request)
    return match.judge(match.Cue(row), match.Probe(asked, CAT.classify(asked), CAT, kind="prompt"), CAT) > 0


def test_a_request_for_the_act_a_condition_describes_meets_the_rule():
    lesson = "whenever you write a migration, make it reversible"
    assert _asked(lesson, "write the migration that adds a status column to orders")
    assert not _asked(lesson, "fix the typo in the readme")
    lesson = "when you change anything in proto/, bump the version in buf.yaml"
    assert _asked(lesson, "add a field to the user message in proto/user.proto")
    assert not _asked(lesson, "update the readme")
    # the rule's own forbidden kind is narrower (an unpinned version): the moment is what a request meets
    lesson = "if you add a dependency, pin it to an exact version"
    assert _asked(lesson, "install the stripe sdk")
    assert not _asked(lesson, "rename the user model")
