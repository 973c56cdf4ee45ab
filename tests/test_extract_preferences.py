"""Standing wishes and tastes (preferences), corrections that state a general rule (durable),
and the near misses: a one-off steer stays operational, a remark about the future is no rule,
an explanation request or a lead-in to pasted output after a refusal is no redirect."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_generic

from memkit.storage import notes

EDIT = [{"role": "user", "content": "tidy the export module"},
        {"role": "assistant", "content": "I rewrote the exporter and added comments to every line.",
         "tool_calls": [{"id": "e1", "name": "Edit", "input": {"file_path": "src/export.py", "old_string": "a",
                                                               "new_string": "b  # set b"}}]},
        {"role": "tool", "tool_call_id": "e1", "content": "ok"}]
REFUSED = [{"role": "user", "content": "clean the build folder"},
           {"role": "assistant", "content": "Removing it.", "tool_calls": [
               {"id": "b1", "name": "Bash", "input": {"command": "rm -rf build"}}]},
           {"role": "tool", "tool_call_id": "b1", "content": "rejected", "rejected": True}]


def ingest(vault: Path, tmp_path: Path, messages: list[dict], name: str = "p") -> None:
    log = write_generic(tmp_path / f"{name}.jsonl", messages, {"session_id": name, "agent": "generic"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)


def found(vault: Path, kind: str) -> list[notes.Note]:
    return [notes.read(p) for p in sorted((vault / "workshop" / "observations" / kind).glob("*.md"))]


def alone(text: str) -> list[dict]:
    """The person's message opens the session: nothing the agent did or said to correct."""
    return [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted."}]


@pytest.mark.parametrize("text, lifecycle", [
    ("Next time, run the formatter before you show me a diff.", "knowledge"),
    ("Next time I ask for a summary, keep it under ten lines.", "knowledge"),
    ("we always squash feature branches before merging", "knowledge"),
    ("I hate it when a commit mixes renames and logic changes.", "self"),
    ("this wall of emoji in the docs is getting on my nerves", "self"),
    ("use tabs in the makefiles because make needs them", "knowledge"),
    ("our convention is one test module per source module", "knowledge"),
])
def test_a_standing_wish_or_taste_is_a_preference(vault, tmp_path, text, lifecycle):
    ingest(vault, tmp_path, alone(text))
    [pref] = found(vault, "preference")
    assert pref.meta["lesson"] == text
    assert pref.meta["lifecycle"] == lifecycle


@pytest.mark.parametrize("text", [
    "So we'll learn from this for the next time.",            # a remark, not an instruction
    "we might use YAML in the future",                         # a musing about the project
    "We keep having this discussion.",                         # frustration, not a rule
    "Whenever you're ready, show me the plan",                 # no standing wish
])
def test_near_misses_are_no_preference(vault, tmp_path, text):
    ingest(vault, tmp_path, alone(text))
    assert found(vault, "preference") == []


DONE = [{"role": "user", "content": "add a CSV export to the reports page"},
        {"role": "assistant", "content": "Added the export and opened the PR.", "tool_calls": [
            {"id": "w1", "name": "Write", "input": {"file_path": "src/reports/export.py", "content": "def export(): ..."}}]},
        {"role": "tool", "tool_call_id": "w1", "content": "ok"}]


@pytest.mark.parametrize("messages, lesson", [
    # a rule after the colon of "for next time:", under approval of the work it follows
    (DONE + [{"role": "user", "content": "nice, merged. for next time: every endpoint in the api gets a rate "
                                         "limit test, because the gateway only throttles what is tested."}],
     "for next time: every endpoint in the api gets a rate limit test, because the gateway only throttles what is tested."),
    # a rule given before the task it comes with
    (alone("before you start: every migration needs a down step, the release tool rolls back with it. now, "
           "add the invoices table."),
     "before you start: every migration needs a down step, the release tool rolls back with it."),
    # "for next time:" opening a message after the work: the rule that follows, not the first sentence
    (DONE + [{"role": "user", "content": "for next time: the export ran with verbose logging all night. 40 GB of "
                                         "logs. verbose only ever through the --trace flag, never in settings.toml."}],
     "for next time: the export ran with verbose logging all night. 40 GB of logs. verbose only ever through the "
     "--trace flag, never in settings.toml."),
    (alone("for next time: the staging database stayed up all weekend. Stop it when a test run is done."),
     "for next time: the staging database stayed up all weekend. Stop it when a test run is done."),
    # "remember this for all …": the message says what "this" is
    ([{"role": "user", "content": "how do I write a date in the report header?"},
      {"role": "assistant", "content": "Write it as 03/04/2026."},
      {"role": "user", "content": "no, dates for me are day.month.year, 4.3.2026. Please remember this for all "
                                  "dates you give me."}], None),
])
def test_a_rule_said_with_its_task_or_after_the_work_is_a_preference(vault, tmp_path, messages, lesson):
    ingest(vault, tmp_path, messages)
    [pref] = found(vault, "preference") or [n for n in found(vault, "correction") if n.meta.get("lifecycle") != "operational"]
    assert pref.meta["lesson"] == lesson if lesson else "day.month.year" in pref.meta["lesson"]


# a rule handed over with the task under a lead-in: the sentence that carries it is the lesson
UNDER_A_LEAD_IN = [
    ("add the rate limiter to the login route. heads up: anything touching auth goes through Priya's review first",
     "heads up: anything touching auth goes through Priya's review first"),
    ("before you touch anything: the staging DB is shared with QA, so no migrations there without asking",
     "before you touch anything: the staging DB is shared with QA, so no migrations there without asking"),
    ("can you bump the node version in the dockerfile? fyi we pin exact versions everywhere, no caret ranges",
     "fyi we pin exact versions everywhere, no caret ranges"),
    ("port the parser to rust. one rule - no unsafe blocks, the auditors flag every one",
     "one rule - no unsafe blocks, the auditors flag every one"),
]
# a rule for the project, not the task: where or when it holds, and what it requires
FOR_THE_PROJECT = [
    ("Seeds are idempotent in this repo, nobody deletes rows from a seed. add the plans table seed",
     "Seeds are idempotent in this repo, nobody deletes rows from a seed."),
    ("whenever you change a proto, run buf generate and commit the output with it. now rename the field",
     "whenever you change a proto, run buf generate and commit the output with it."),
    ("in general keep commit messages under 60 characters, the changelog tool truncates them",
     "in general keep commit messages under 60 characters, the changelog tool truncates them"),
    ("Feature flags are read-only here. turn on the beta banner in the admin for me",
     "Feature flags are read-only here."),
]


@pytest.mark.parametrize("text, lesson", UNDER_A_LEAD_IN + FOR_THE_PROJECT)
def test_a_rule_handed_over_with_the_task_is_a_preference(vault, tmp_path, text, lesson):
    ingest(vault, tmp_path, alone(text))
    [pref] = found(vault, "preference")
    assert pref.meta["lesson"] == lesson


@pytest.mark.parametrize("text", [
    "for this PR nobody needs to review the docs, keep the changelog out of it",
    "don't modify anything yet, just read the session log and wait",
    "the bug is somewhere in here, not in the parser",
    "rename the field in the proto and regenerate",
])
def test_a_rule_for_this_once_or_a_task_is_no_preference(vault, tmp_path, text):
    ingest(vault, tmp_path, alone(text))
    assert found(vault, "preference") == []


@pytest.mark.parametrize("text", [
    "add the rate limiter to the login route. heads up: I'm out tomorrow, so push what you have tonight",
    "fyi the staging DB was restarted this morning, rerun the migrations check when it is back",
    "remember the report we did last week? make the same for March",
])
def test_a_lead_in_without_a_rule_is_no_preference(vault, tmp_path, text):
    ingest(vault, tmp_path, alone(text))
    assert found(vault, "preference") == []


def test_a_task_that_spells_out_each_row_is_no_preference(vault, tmp_path):
    ingest(vault, tmp_path, alone("add a status column to the orders table, each row needs a default of 'new'."))
    assert found(vault, "preference") == []


@pytest.mark.parametrize("text", [
    "this breaks our <code_style> rule on comments, remove them",
    "those comments violate the style guide, drop them",
    "the comments restate the code and it bothers me, remove them",
    "drop the comments, it's more important to keep the diff small",
])
def test_a_correction_that_states_or_cites_a_general_rule_is_durable(vault, tmp_path, text):
    ingest(vault, tmp_path, EDIT + [{"role": "user", "content": text}])
    [corr] = found(vault, "correction")
    assert corr.meta["lifecycle"] in ("knowledge", "self")


@pytest.mark.parametrize("text", [
    "remove the comment on the second line",
    "no, append the suffix when printing the violations, not before each one",
    "no, it must be something in the exporter's header, check that first",
])
def test_a_correction_that_steers_the_task_stays_one_off(vault, tmp_path, text):
    ingest(vault, tmp_path, EDIT + [{"role": "user", "content": text}])
    [corr] = found(vault, "correction")
    assert corr.meta["lifecycle"] == "operational"


@pytest.mark.parametrize("text", [
    "explain to me what the build folder holds",               # a request to be told, nothing else
    "I ran the cleanup by hand on the other machine:\n```\n$ make clean\nremoved 12 files\n```",
])
def test_after_a_refusal_an_explanation_request_or_a_paste_lead_in_is_no_correction(vault, tmp_path, text):
    ingest(vault, tmp_path, REFUSED + [{"role": "user", "content": text}])
    assert found(vault, "correction") == []


def test_after_a_refusal_an_explanation_request_with_a_direction_is_a_correction(vault, tmp_path):
    ingest(vault, tmp_path, REFUSED + [{"role": "user", "content":
                                        "explain what is in there first. Then move only the logs to archive/"}])
    assert len(found(vault, "correction")) == 1


def test_asking_whether_an_option_exists_is_no_challenge(vault, tmp_path):
    ingest(vault, tmp_path, EDIT + [{"role": "user", "content": "isn't there a flag for that in the exporter?"}])
    assert found(vault, "correction") == []
